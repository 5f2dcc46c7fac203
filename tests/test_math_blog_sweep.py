"""Faults a formula sweep of math-heavy blogs exposed (Hugo PaperMod notes on control and
reinforcement learning, Jekyll and Hexo derivations, Chinese and English), in small
sites and pages written here."""

from __future__ import annotations

from pathlib import Path

from test_import_hugo_sites import imported_site, prose

from lanting.build import build
from lanting.build.options import BuildOptions


def test_wiki_like_brackets_beside_formulas_of_a_hugo_page(tmp_path: Path) -> None:
    """Goldmark has no `[[Note]]` links: the old page showed `[[Euler methods]]` as
    written. After a `$h$` on its line it was left for Lanting, which read a link to
    `Euler methods.md` and failed the build; and a `$$` block's line `y = M[[k]]` (no
    `$` on it) had its brackets escaped, which failed the formula."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'baseURL = "https://example.org/"\ntitle = "控制笔记"\n',
        "content/posts/ode.md": "---\ntitle: 数值积分\ndate: 2024-03-01\n---\n\n"
                                "步长 $h$ 越小越准，更高阶的见 [[Euler methods]]。\n\n"
                                "$$\ny = M[[k]]\n$$\n\n行内 $N[[j]]$ 也是公式。\n"})
    assert [w.message for w in imported.report.warnings] == [
        "`[[Euler methods]]` names no page of the site (the old page showed it as "
        "written): kept as text"]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    page = prose(out, "posts/ode/index.html")
    assert "[[Euler methods]]" in page.text()
    assert not page.find_all("a")
    formulas = [m.text() for m in page.find_all("math")]
    assert formulas == ["h", "y=M[[k]]", "N[[j]]"]

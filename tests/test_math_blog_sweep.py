"""Faults a formula sweep of math-heavy blogs exposed (Hugo PaperMod notes on control and
reinforcement learning, Jekyll and Hexo derivations, Chinese and English), in small
sites and pages written here."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from test_import_hugo_sites import imported_site, prose

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.errors import LantingError
from lanting.model.problem import Problem

MakeSite = Callable[..., Path]
Post = Callable[..., str]


def problems_of(site: Path) -> list[Problem]:
    """Every problem a build finds (errors and warnings)."""
    try:
        result = build(site, BuildOptions(write=False))
    except LantingError as error:
        return error.problems
    return list(result.warnings)


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


def test_an_errors_caret_is_at_the_formula_that_has_it(make_site: MakeSite,
                                                        post: Post) -> None:
    """Two formulas with the same text on a line, the first begun on the line above:
    the second's caret pointed at the first's end (`a_^^b` of the continued one). A
    formula's text written before it in prose took the caret from it too."""
    site = make_site({"content/posts/a.md": post("A", body=(
        "由 $y +\na_^^b$ 得 $a_^^b$。\n\n"
        "把 c_^^d 写成 $c_^^d$ 就错了。\n"))})
    found = sorted((p.line, p.column) for p in problems_of(site))
    assert found == [(6, 3), (6, 13), (8, 15)]

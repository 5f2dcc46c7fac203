"""Relative links to a section's folder (`[AI](ai)` on a home page, a card's
`link="ai"`), which Hugo published as the section's list at `/ai/`."""

from __future__ import annotations

from pathlib import Path

from test_import_hugo_sites import imported_site
from test_import_hugoblox_home import notices

from lanting.build import build
from lanting.build.options import BuildOptions

_POST = "---\ntitle: {title}\ndate: 2024-03-0{day}\n---\n\n正文。\n"


def test_a_relative_link_to_a_section_leads_to_its_list(tmp_path: Path) -> None:
    """A home page's `[人工智能](ai)` and a card's `link="ai"`, where `content/ai/` is a
    section: they were read as links to `ai/_index.md` and dropped, with a warning that
    the old link led nowhere (Hugo published the list at `/ai/`). They lead to the page
    listing the section's posts now; the main section's, `posts`, to the blog."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "笔记"\nlanguageCode = "zh-cn"\n',
        "content/_index.md": "---\ntitle: 首页\n---\n\n见[人工智能](ai)与[文章](posts/)。\n\n"
                             '{{< cards >}}\n{{< card link="ai" title="机器学习" >}}\n'
                             "{{< /cards >}}\n",
        "content/ai/_index.md": "---\ntitle: 人工智能\n---\n",
        "content/ai/gd.md": _POST.format(title="梯度下降", day=1),
        "content/posts/a.md": _POST.format(title="甲", day=2),
        "content/posts/b.md": _POST.format(title="乙", day=3),
        "content/posts/c.md": _POST.format(title="丙", day=4),
    })
    assert imported.report.warnings == []
    home = (tmp_path / "new/content/_index.md").read_text(encoding="utf-8")
    assert "[人工智能](/categories/ai/)" in home
    assert "[文章](/blog/)" in home
    assert "[机器学习](/categories/ai/)" in home
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []


def test_a_link_to_a_section_without_a_new_list_says_so(tmp_path: Path) -> None:
    """A link to a section whose pages became pages (no new page lists them) keeps its
    text, and the warning says what the link was, with its line; a bundle's folder
    (`ai/gd`, its `index.md`) is still a link to that page."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "笔记"\nlanguageCode = "zh-cn"\n',
        "content/_index.md": "---\ntitle: 首页\n---\n\n[文档](docs)、[下降](ai/gd)。\n",
        "content/ai/gd/index.md": _POST.format(title="梯度下降", day=1),
        "content/docs/_index.md": "---\ntitle: 文档\n---\n",
        "content/docs/install.md": "---\ntitle: 安装\n---\n\n装。\n",
    })
    said = [(p, line, m) for p, line, m in notices(imported) if "_index.md" in p]
    assert said == [("content/_index.md", 5, "a link to `/docs/`, the list of a section, "
                     "which the new site has no page for: its text kept without the link")]
    home = (tmp_path / "new/content/_index.md").read_text(encoding="utf-8")
    assert "文档、[下降](posts/gd.md)" in home

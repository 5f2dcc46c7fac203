"""Hexo sites on the Shoka theme (own minimal text, shaped like real Shoka blogs): its
friends' sites are a YAML list, written in the page (`{% links %}`) or kept in a file
under `source/` (`{% linksfile path %}`)."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from test_import_hexo_sites import hexo_site

from lanting.build import build
from lanting.build.options import BuildOptions

SITES = """- site: 某人的博客
  owner: 某人
  url: https://a.example/
  desc: 编译器与
    系统
  image: https://a.example/a.png
  color: "#e9546b"
- site: 另一个站
  url: https://b.example/
"""


def test_shoka_links_and_linksfile_become_lists_of_links(tmp_path: Path) -> None:
    """`{% linksfile _data/friends.yml %}` and `{% links %}…{% endlinks %}` were left in
    comments ("no Lanting equivalent"): the friends page showed none of its sites."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: shoka\n",
        "source/_posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n\n"
                              "推荐：\n\n{% links %}\n- site: 第三个站\n"
                              "  url: https://c.example/\n  desc: 分布式\n{% endlinks %}\n",
        "source/friends/index.md": "---\ntitle: 友链\n---\n\n欢迎交换链接。\n\n"
                                   "{% linksfile _data/friends.yml %}\n",
        "source/_data/friends.yml": SITES})
    assert [w.message for w in imported.report.warnings] == []
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    page = parse_html((out / "friends/index.html").read_text(encoding="utf-8")).one("main")
    items = page.find_all("li")
    assert [li.text() for li in items] == ["某人的博客 — 编译器与 系统", "另一个站"]
    assert [li.one("a").get("href") for li in items] == ["https://a.example/",
                                                         "https://b.example/"]
    assert "欢迎交换链接" in page.text()
    post = parse_html((out / "posts/a/index.html").read_text(encoding="utf-8")).one("main")
    [item] = post.find_all("li")
    assert item.text() == "第三个站 — 分布式"
    assert item.one("a").get("href") == "https://c.example/"


def test_shoka_linksfile_without_its_file_is_reported(tmp_path: Path) -> None:
    """A `{% linksfile %}` whose file is not in the source stays in a comment, with a
    warning naming the file."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: shoka\n",
        "source/friends/index.md": "---\ntitle: 友链\n---\n\n文字。\n\n"
                                   "{% linksfile _data/gone.yml %}\n"})
    [warning] = imported.report.warnings
    assert "_data/gone.yml" in warning.message and "friends/index.md" in str(warning)

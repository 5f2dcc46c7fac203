"""Faults real Hugo blogs exposed (a sweep of public Stack, LoveIt, DoIt and FixIt
sites of Chinese engineers), in small sites written here."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from test_import_hugo_sites import built_cleanly, prose


def test_a_post_starting_with_two_byte_order_marks_keeps_its_front_matter(
        tmp_path: Path) -> None:
    """Posts carried over from Hexo through two editors begin with two BOMs, which Hugo
    skips: the second hid the front matter, so the post lost its date and `slug`, its
    front matter showed as text, and a link to its old URL broke the build."""
    out = built_cleanly(tmp_path, {
        "config.yaml": "title: 素履\nlanguageCode: zh-cn\ntheme: hugo-theme-stack\n"
                       "permalinks:\n  posts: /posts/:slug/\n",
        "content/posts/浪客.md": "\ufeff\ufeff---\ntitle: 浪客\ndate: 2018-06-01 09:33:25\n"
                                "slug: 673523131\n---\n影评。\n",
        "content/posts/随想.md": "---\ntitle: 随想\ndate: 2019-07-01\nslug: 1\n---\n\n"
                                "见[那篇](/posts/673523131/)。\n"})
    page = parse_html((out / "posts/673523131/index.html").read_text(encoding="utf-8"))
    assert "2018" in page.one("time").text()
    assert prose(out, "posts/673523131/index.html").text().strip() == "影评。"
    assert prose(out, "posts/1/index.html").one("a")["href"] == "/posts/673523131/"

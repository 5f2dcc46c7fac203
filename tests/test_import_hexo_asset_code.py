"""Hexo posts shaped like those of real systems blogs a sweep imported (own minimal
text, modelled on their layout): asset images and template syntax in code."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from sitebits import png
from test_import_hexo_sites import hexo_site, post_text

from lanting.build import build
from lanting.build.options import BuildOptions


def test_an_asset_img_is_not_reported_missing(tmp_path: Path) -> None:
    """`{% asset_img a.png %}` with the picture in the post's asset folder: it became a
    figure, and then its placeholder was taken for a relative image naming no file, a
    warning "image `` not found" on every asset image of the blog."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\npost_asset_folder: true\n",
        "source/_posts/skip.md": "---\ntitle: 跳表\ndate: 2019-02-26\n---\n"
                                 "示意：\n\n{% asset_img a.png %}\n",
        "source/_posts/skip/a.png": png(8, 8)})
    assert [w.message for w in imported.report.warnings] == []
    assert "![](a.png)" in post_text(imported, "skip")


def test_a_mistyped_asset_name_is_named_in_the_warning(tmp_path: Path) -> None:
    """`{% asset_img 003.ppng %}` (an extension mistyped): the warning said "`` is not in
    the post's asset folder", naming nothing."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\npost_asset_folder: true\n",
        "source/_posts/boot.md": "---\ntitle: 启动\ndate: 2019-03-01\n---\n"
                                 "{% asset_img 003.ppng %}\n",
        "source/_posts/boot/003.png": png(8, 8)})
    [warning] = imported.report.warnings
    assert "`003.ppng` is not in the post's asset folder" in warning.message


def test_template_syntax_in_indented_code_is_code(tmp_path: Path) -> None:
    """`docker inspect --format {{.State.Pid}}` in an indented code block: Hexo's tag
    renderer escaped every `{` inside `<code>`, so the page showed it as written; the
    import took it for a Nunjucks value and hid it in a comment, which the code block
    then showed as text."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/ns.md": "---\ntitle: 命名空间\ndate: 2021-05-01\n---\n"
                               "两步：\n\n"
                               "    $ PID=$(docker inspect --format {{.State.Pid}} c1)\n"
                               "\t$ echo {% raw_tag %} $PID\n\n"
                               "完。\n"})
    assert [w.message for w in imported.report.warnings] == []
    text = post_text(imported, "ns")
    assert "    $ PID=$(docker inspect --format {{.State.Pid}} c1)\n" in text
    assert "\t$ echo {% raw_tag %} $PID\n" in text
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    page = imported.dest / "public" / "posts" / "ns" / "index.html"
    code = parse_html(page.read_text(encoding="utf-8")).one("pre", "highlight").text()
    assert "--format {{.State.Pid}} c1" in code and "{% raw_tag %}" in code


def test_an_html_post_is_reported_left_out(tmp_path: Path) -> None:
    """An `.html` file with front matter under `_posts/` (a robotics post's interactive
    simulator, `hide: true`, which another post links to) was a post to Hexo; the import
    left it out without a word."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/ctl.md": "---\ntitle: 阻抗控制\ndate: 2025-01-01\n---\n正文。\n",
        "source/_posts/demo/sim.html": "---\nhide: true\n---\n<div id=\"sim\"></div>\n"})
    [warning] = imported.report.warnings
    assert warning.message.startswith("left out: an HTML post")
    assert warning.path == "source/_posts/demo/sim.html"

"""Hexo tags inside the post's own HTML blocks, shaped like those of a real Butterfly
blog a sweep imported (own minimal text): Hexo rendered the tags to HTML before the
Markdown, so a button in a centred `<div>` was a link; converted to Markdown, it was shown
as written, for CommonMark reads no Markdown inside an HTML block."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from test_import_hexo_sites import hexo_site, post_text

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer.html_block_spans import html_block_spans

POST = """---
title: 资源下载
date: 2024-03-02
---
<div align="center">
{% btn 'https://example.org/model.zip',下载权重,far fa-hand-point-right,outline blue %}
{% link 项目主页, https://example.org/project, https://example.org/logo.png %}
</div>

<table><tr><td>{% post_link second 上一篇 %}</td></tr></table>

<p>
  {% img https://example.org/curve.png 300 200 训练曲线 %}
</p>

正文的一段
<span>{% btn https://example.org/paper.pdf,论文 %}</span>

{% btn https://example.org/code,代码 %}
"""


def test_tags_inside_html_blocks_are_html(tmp_path: Path) -> None:
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/first.md": POST,
        "source/_posts/second.md": "---\ntitle: 第二篇\ndate: 2024-03-01\n---\n正文。\n"})
    post = post_text(imported, "first")
    assert '<a href="https://example.org/model.zip">下载权重</a>' in post
    assert '<a href="https://example.org/project">项目主页</a>' in post
    assert '<td><a href="second.md">上一篇</a></td>' in post
    # (a paragraph's line, not an HTML block: Markdown is read there)
    assert "<span>[论文](https://example.org/paper.pdf)</span>" in post
    assert "\n[代码](https://example.org/code)\n" in post
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    main = parse_html((imported.dest / "public" / "posts" / "first" / "index.html")
                      .read_text(encoding="utf-8")).one("main")
    links = {e.text(): e["href"] for e in main.iter() if e.tag == "a" and e.text()}
    assert links["下载权重"] == "https://example.org/model.zip"
    assert links["上一篇"] == "/posts/second/"
    assert links["论文"] == "https://example.org/paper.pdf"
    assert [e["src"] for e in main.iter() if e.tag == "img"] == [
        "https://example.org/curve.png"]
    assert "](" not in main.text() and "width=" not in main.text()


def test_html_block_spans_follow_commonmark() -> None:
    """Kinds 6 and 7 run to a blank line; a lone inline tag does not interrupt a
    paragraph; `<pre>` runs to its closing tag, blank lines and all."""
    text = "a\n<span>\nb\n\n<div>\nc\n\nd\n<pre>\n\ne\n</pre>\nf\n"
    spans = [text[start:end] for start, end in html_block_spans(text)]
    assert spans == ["<div>\nc", "<pre>\n\ne\n</pre>"]

"""What each of Hexo's Markdown renderers made of a line end inside a paragraph, shaped
like real blogs a sweep imported (own minimal text): a Chinese ML blog on Keep rendered
by markdown-it-plus, NexT blogs on kramed. All but pandoc default to `breaks: true`."""

from __future__ import annotations

from pathlib import Path

import pytest
from sitebits import write_files
from test_import_hexo_sites import NOW, post_text

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site

POST = "---\ntitle: P\ndate: 2021-01-01\n---\n其中 $\\mu$ 是均值。\n多元高斯分布的密度为：\n"


@pytest.mark.parametrize(("package", "settings", "broken"), [
    ('"hexo-renderer-markdown-it-plus": "^1.0.6"', "", True),
    ('"hexo-renderer-markdown-it-plus": "^1.0.6"', "markdown_it_plus:\n  breaks:\n", True),
    ('"hexo-renderer-markdown-it-plus": "^1.0.6"',
     "markdown_it_plus:\n  breaks: false\n", False),
    ('"hexo-renderer-markdown-it": "^7.0.0"', "", True),
    ('"hexo-renderer-markdown-it": "^7.0.0"', "markdown:\n  render:\n    breaks: false\n",
     False),
    ('"hexo-renderer-markdown-it": "^3.4.1"', "", False),
    ('"hexo-renderer-multi-markdown-it": "^4.0.0"', "", True),
    ('"hexo-renderer-kramed": "^0.1.4"', "", True),
    ('"hexo-renderer-kramed": "^0.1.4"', "kramed:\n  breaks: false\n", False),
    ('"hexo-renderer-pandoc": "^0.4.0"', "", False),
])
def test_each_renderers_line_breaks(tmp_path: Path, package: str, settings: str,
                                    broken: bool) -> None:
    """markdown-it-plus (`breaks` unless `markdown_it_plus: {breaks: false}`),
    hexo-renderer-markdown-it from version 4, multi-markdown-it and kramed made a line
    end a `<br>` by default; only marked's was read, and the lines of these blogs'
    posts were joined into one."""
    source = tmp_path / "old"
    write_files(source, {
        "package.json": f'{{"dependencies": {{"hexo": "^7", {package}}}}}',
        "_config.yml": f"title: T\nlanguage: zh-CN\n{settings}",
        "source/_posts/p.md": POST})
    imported = import_site(source, tmp_path / "new", "hexo", False, NOW)
    post = post_text(imported, "p")
    assert ("是均值。\\\n多元" if broken else "是均值。\n多元") in post
    assert any("breaks: true" in e.message for e in imported.report.entries) == broken


def test_a_list_in_a_note_gets_no_break_before_its_items(tmp_path: Path) -> None:
    """Under `breaks: true`, the items of a list inside a NexT or Keep note (a callout,
    each line behind `> `) each ended in a `\\`: a stray backslash on the page, as the
    next line starts an item, not a continuation. Prose lines in the note keep theirs."""
    source = tmp_path / "old"
    write_files(source, {
        "package.json": '{"dependencies": {"hexo": "^7", "hexo-renderer-marked": "^6"}}',
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/p.md": "---\ntitle: P\ndate: 2021-01-01\n---\n{% note primary %}\n"
                              "**性质**\n其一\n\n1. 对称，中心为 $\\mu$\n2. 宽窄由 $\\sigma$ 决定\n"
                              "{% endnote %}\n"})
    imported = import_site(source, tmp_path / "new", "hexo", False, NOW)
    post = post_text(imported, "p")
    assert "> **性质**\\\n> 其一\n>\n> 1. 对称，中心为 $\\mu$\n> 2. 宽窄由" in post


def test_a_script_with_blank_lines_gets_no_breaks(tmp_path: Path) -> None:
    """A post's `<script>` (a course blog's image slider) runs to `</script>` across
    blank lines, as CommonMark reads it: under `breaks: true` the lines after its
    first blank line were read as a paragraph's and ended with `\\`, which broke the
    script. A comment spanning blank lines is the same."""
    source = tmp_path / "old"
    script = ("<script>\n(function() {\n    const a = 1;\n\n    const b = 2;\n"
              "    init(a,\n         b);\n})();\n</script>\n")
    write_files(source, {
        "package.json": '{"dependencies": {"hexo": "^7", "hexo-renderer-marked": "^6"}}',
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/p.md": "---\ntitle: P\ndate: 2021-01-01\n---\n" + script
                              + "\n<!-- 草稿\n\n第一行\n第二行 -->\n\n正文一\n正文二\n"})
    imported = import_site(source, tmp_path / "new", "hexo", False, NOW)
    post = post_text(imported, "p")
    assert script in post and "第一行\n第二行 -->" in post
    assert "正文一\\\n正文二" in post


@pytest.mark.parametrize(("package", "style"), [
    ('"hexo-renderer-markdown-it-plus": "^1.0.4"', "uslug"),
    ('"hexo-renderer-multi-markdown-it": "^4.0.0"', "uslug"),
    ('"hexo-renderer-marked": "^6.0.0"', "hexo")])
def test_links_to_headings_keep_their_renderer_s_ids(tmp_path: Path, package: str,
                                                     style: str) -> None:
    """markdown-it-plus and multi-markdown-it gave headings markdown-it-toc-and-anchor's
    ids (uslug's: `## （推荐）Xorg 启动` is `#推荐xorg-启动`), which a robotics blog's
    links name; the import gave the site hexo-util's ids, and every such link failed
    the build as naming no heading."""
    source = tmp_path / "old"
    link = "#推荐xorg-启动" if style == "uslug" else "#（推荐）Xorg-启动"
    write_files(source, {
        "package.json": f'{{"dependencies": {{"hexo": "^7", {package}}}}}',
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/p.md": "---\ntitle: P\ndate: 2021-01-01\n---\n"
                              f"见[下文]({link})。\n\n## （推荐）Xorg 启动\n\n正文。\n"})
    imported = import_site(source, tmp_path / "new", "hexo", False, NOW)
    assert f'heading_ids = "{style}"' in (imported.dest / "lanting.toml").read_text(
        encoding="utf-8")
    assert f"[下文]({link})" in post_text(imported, "p")
    result = build(imported.dest, BuildOptions())  # (a link to no heading fails it)
    assert [str(w) for w in result.warnings] == []


PROOF = """---
title: 等价类
date: 2026-03-25
---
两个等价类要么相等，要么不交。

<aside>
**证明**：设 $a \\sim b$，则 $[a] = [b]$。

- 对任意 $x \\in [a]$，有 $x \\in [b]$。
</aside>

<div class="tip">
💡 这里的 **等号** 表示等价类相等。
</div>
"""


@pytest.mark.parametrize(("package", "read"), [
    ('"hexo-renderer-pandoc": "^0.4.0"', True),
    ('"hexo-renderer-marked": "^6.0.0"', False),
])
def test_pandoc_reads_markdown_inside_html_blocks(tmp_path: Path, package: str,
                                                  read: bool) -> None:
    """A Notion export's `<aside>` holding a proof, Markdown on the tag's next line:
    Pandoc read it (its `markdown_in_html_blocks`), CommonMark reads it only after a
    blank line, and the page showed `**证明**` and the stars of each such box. marked
    read no Markdown there either, so its sites keep the HTML block as it was."""
    source = tmp_path / "old"
    write_files(source, {"package.json": '{"dependencies": {"hexo": "^7.0.0", '
                                         f"{package}}}}}",
                         "_config.yml": "title: T\nlanguage: zh-CN\n",
                         "source/_posts/proof.md": PROOF})
    imported = import_site(source, tmp_path / "new", "hexo", False, NOW)
    post = post_text(imported, "proof")
    assert ("<aside>\n\n**证明**" in post) is read
    assert ('<div class="tip">\n\n💡' in post) is read
    if read:
        result = build(imported.dest, BuildOptions())
        assert [str(w) for w in result.warnings] == []
        html = (imported.dest / "public" / "posts" / "proof" / "index.html").read_text(
            encoding="utf-8")
        assert "<strong>证明</strong>" in html and "<strong>等号</strong>" in html

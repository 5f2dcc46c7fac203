"""The Eleventy importer on HTML written in a post's Markdown: a `<pre>` that opens on
the line after a `<p>` (inside that paragraph's HTML block) and holds blank lines."""

from __future__ import annotations

from pathlib import Path

from importbits import NOW, page
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site

_SASS = ("<p>The mixin:</p>\n"
         '<pre><code class="language-sass">@mixin tint($base) {\n'
         "    color: $base;\n\n"
         "    &amp;:hover {\n        color: lighten($base, 10%);\n    }\n}\n"
         "</code></pre>\n\nIt costs $5, or $6.\n")


def test_a_pre_after_a_paragraph_holding_a_blank_line_is_kept_whole(tmp_path: Path) -> None:
    """markdown-it ended the `<p>`'s HTML block at the `<pre>`'s blank line and read the
    rest as Markdown (the browser showed it inside the `<pre>` it left open): a site
    without math had its `$base) … $` read as a formula, a failed build. The `<pre>`
    is now kept whole, its dollars as written; those of the text after it escaped."""
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": 'module.exports = () => ({ dir: { input: "src" } });\n',
        "src/posts/a.md": "---\ntitle: Sass tints\ndate: 2015-02-12\ntags: post\n"
                          "---\n\n" + _SASS})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    text = (imported.dest / "content" / "posts" / "a.md").read_text(encoding="utf-8")
    assert "\n\n<pre><code class=\"language-sass\">@mixin tint($base) {\n" in text
    assert "It costs \\$5, or \\$6." in text
    build(tmp_path / "new", BuildOptions())
    code = page(tmp_path / "new" / "public", "/posts/a/").find("pre")
    assert code is not None and "color: $base; &:hover {" in code.text()

"""What Hexo's Markdown renderers read otherwise than Lanting's Markdown, undone in a
post's body before its tags are converted: a TeX plugin of markdown-it reading a formula
across blank lines, kramed's bold and display blocks and its HTML blocks, Pandoc's lone
tags and environments, and the Markdown escapes marked and the others read inside math."""

from __future__ import annotations

from lanting.importer.body_math import (
    escaped_delimiters,
    shelve_tex_math,
    unescape_marked_math,
)
from lanting.importer.hexo_math import kramed_display_blocks, pandoc_environment_displays
from lanting.importer.html_block_spans import pandoc_tag_lines
from lanting.importer.kramdown_html import ended_html_blocks, span_tag_over_display
from lanting.importer.liquid import Context
from lanting.importer.mkdocs_strong import lenient_strong
from lanting.importer.shelf import Shelf


def renderer_math(text: str, ctx: Context, shelf: Shelf, *, marked: bool, kramed: bool,
                  pandoc: bool, tex_plugin: bool) -> str:
    """`text` as Lanting's Markdown reads what the site's renderer read: `marked`
    (hexo-renderer-marked), `kramed`, `pandoc` (hexo-renderer-pandoc), `tex_plugin`
    (markdown-it with a TeX plugin, `hexo_math.markdown_it_tex`). Code is shelved."""
    if tex_plugin:  # (a formula was TeX to the plugin, blank lines and all)
        text = shelve_tex_math(text, shelf)
    if kramed:
        text = lenient_strong(text, ctx, "kramed")
        text, count = kramed_display_blocks(text)
        ctx.convert("display formulas under a line of text (kramed's)", count)
        # (kramed, marked 0.3, ended `<div>…</div>` at its closing tag, as kramdown)
        text, count = ended_html_blocks(text)
        ctx.convert("blank lines after HTML blocks (kramed read Markdown after them)",
                    count)
    if pandoc:  # (Pandoc's paragraph held a lone `<img>` line)
        text, count = span_tag_over_display(text)
        ctx.convert("blank lines between a lone `<img>` and a display formula", count)
        text, count = pandoc_tag_lines(text)
        ctx.convert("Markdown on the line after a `<div>` (Pandoc reads it)", count)
        text, count = pandoc_environment_displays(text)
        ctx.convert("blank lines in a display of one environment (Pandoc read it)", count)
    # marked read escapes in `$…$` too: undone below in all math, these included
    text, count = escaped_delimiters(text, None if marked else shelf)
    text = shelf.restore(text, "M")
    ctx.convert("escaped math delimiters \\\\( \\\\[ as $ and $$", count)
    if marked:
        text, count = unescape_marked_math(text)
        ctx.convert("Markdown escapes undone in math (hexo-renderer-marked)", count)
    return text

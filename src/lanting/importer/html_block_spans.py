"""Where a body's HTML blocks are, as CommonMark (and marked, markdown-it: Hexo's
renderers) reads them, and Markdown made for a place inside one written as HTML.

A theme's tag converted to Markdown (`{% btn %}` a link `[下载](url)`) inside an HTML
block (`<div align="center">` on the line above, no blank line between) was shown as
written: CommonMark reads no Markdown in an HTML block, which runs to the next blank line.
Hexo rendered the tag to HTML before the Markdown, so the old page showed a link.
"""

from __future__ import annotations

import html
import re

from markdown_it.common.html_blocks import block_names
from markdown_it.common.html_re import HTML_OPEN_CLOSE_TAG_STR

from lanting.importer.shelf import Shelf, protect_code

_RAW_START = re.compile(r"^ {0,3}<(script|pre|style|textarea)(?:[\s>]|$)", re.IGNORECASE)
"""CommonMark's HTML block of kind 1: it runs to the line closing its element."""
_COMMENT_START = re.compile(r"^ {0,3}<!--")
_BLOCK_START = re.compile(rf"^ {{0,3}}</?(?:{'|'.join(block_names)})(?:[\s/>]|$)",
                          re.IGNORECASE)
"""Kind 6: a block-level element's tag; it runs to a blank line."""
_LONE_TAG = re.compile(rf"^ {{0,3}}(?:{HTML_OPEN_CLOSE_TAG_STR})\s*$")
"""Kind 7: a line of one whole tag (it cannot interrupt a paragraph)."""

_TAG_LINE = re.compile(r"^([ \t]{0,3}(?:<(?:div|figcaption|section|aside|center|article|"
                       r"header|footer|blockquote|details)\b[^>]*>"
                       r"|<summary\b[^>]*>.*</summary\s*>))[ \t]*\n(?=[ \t]{0,3}[^\s<])",
                       re.MULTILINE | re.IGNORECASE)
"""A `<div>` line (or `<figcaption>`, `<section>`, `<aside>`, `<details>`, a whole
`<summary>`…) with Markdown on the next."""

_LINK = re.compile(r"(!?)\[([^\]\n]*)\]\(<?([^()\s<>]*)>?(?:\s+\"([^\"\n]*)\")?\)")
_STRONG = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")


def html_block_spans(text: str) -> list[tuple[int, int]]:
    """The (start, end) offsets in `text` of each HTML block (CommonMark's kinds 1, 2, 6
    and 7)."""
    spans: list[tuple[int, int]] = []
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    n, paragraph = 0, False
    while n < len(lines):
        line = lines[n]
        end = _block_end(lines, n, paragraph)
        if end is None:
            paragraph = bool(line.strip()) and not line.lstrip().startswith(("#", "```"))
            n += 1
            continue
        spans.append((offsets[n], offsets[end + 1] - 1))
        n, paragraph = end + 1, False
    return spans


def raw_block_spans(text: str) -> list[tuple[int, int]]:
    """The spans of `html_block_spans` of CommonMark's kind 1 (`<style>`, `<script>`,
    `<pre>`, `<textarea>`): raw text to the line closing the element, never Markdown."""
    return [(start, end) for start, end in html_block_spans(text)
            if _RAW_START.match(text[start:end])]


CLOSED_COMMENT = ("HTML comments never closed closed at the page's end (what they hid "
                  "stays hidden; the links written after them show)")


def closed_comment(text: str) -> tuple[str, bool]:
    """`text` with an HTML comment a line opens and nothing closes (`<!--` over notes
    put away at the end of a page) closed at its end, and whether it was: what it hid
    stays hidden, as on the old site, and what an importer writes after the text (a
    reading order's previous and next links) is shown, not hidden with it."""
    masked = protect_code(text, Shelf())  # (a `<!--` in code opens nothing)
    spans = html_block_spans(masked)
    last = masked[spans[-1][0]:] if spans else ""
    if _COMMENT_START.match(last) is not None and "-->" not in last:
        return text.rstrip("\n") + "\n-->\n", True
    return text, False


def _block_end(lines: list[str], n: int, paragraph: bool) -> int | None:
    """The last line of the HTML block that line `n` starts, or None if it starts none."""
    line = lines[n]
    raw = _RAW_START.match(line)
    if raw or _COMMENT_START.match(line):
        close = f"</{raw.group(1)}>" if raw else "-->"
        return next((k for k in range(n, len(lines))
                     if close in lines[k].lower()[(len(raw.group(0)) if raw and k == n
                                                   else 0):]), len(lines) - 1)
    if _BLOCK_START.match(line) or (not paragraph and _LONE_TAG.match(line)):
        return next((k - 1 for k in range(n + 1, len(lines)) if not lines[k].strip()),
                    len(lines) - 1)
    return None


def pandoc_tag_lines(text: str) -> tuple[str, int]:
    """A blank line after each `<div>` line (`_TAG_LINE`) with Markdown on the next:
    Pandoc reads Markdown inside HTML blocks, CommonMark only after a blank line
    (`![](x.png)` in a `<div style="float:right">`, a figure's `Source: [paper](…)`
    caption, an FAQ's answer under its `<summary>`, a proof's `**证明**` in a Notion
    export's `<aside>`, showed as text). Returns (text, how many)."""
    return _TAG_LINE.subn("\\1\n\n", text)


_BREAK_LINE = re.compile(r"^([ \t]{0,3}<br\s*/?>)[ \t]*\n(?=[ \t]{0,3}[^\s<])",
                         re.MULTILINE | re.IGNORECASE)


def break_lines(text: str) -> tuple[str, int]:
    """A `<br>` alone on a line joined to the Markdown on the next (`<br>⏎The tree
    creates **regions**:`): Pandoc reads the tag in the paragraph, a line break, where
    CommonMark starts an HTML block showing the Markdown as written. Returns (text, how
    many)."""
    return _BREAK_LINE.subn("\\1", text)


def pandoc_html_spans(text: str) -> list[tuple[int, int]]:
    """The HTML blocks of `text` once `pandoc_tag_lines` has parted each `<div>` line
    from the Markdown on the next: such a block is that line alone."""
    cut = {m.start(): m.end() - 1 for m in _TAG_LINE.finditer(text)}
    return [(start, min(end, cut.get(start, end))) for start, end in html_block_spans(text)]


def inside(spans: list[tuple[int, int]], at: int) -> bool:
    return any(start <= at < end for start, end in spans)


def markdown_as_html(made: str) -> str:
    """`made`, a tag's inline Markdown (links, images, bold), written as HTML: inside an
    HTML block it is shown as it is. A block the tag made (a figure between blank lines,
    which end the HTML block) is left as it is."""
    if "\n" in made:
        return made

    def link(match: re.Match[str]) -> str:
        bang, text, url, title = match.groups()
        titled = f' title="{html.escape(title)}"' if title else ""
        if bang:
            return f'<img src="{html.escape(url)}" alt="{html.escape(text)}"{titled}>'
        return f'<a href="{html.escape(url)}"{titled}>{text}</a>'

    return _STRONG.sub(r"<strong>\1</strong>", _LINK.sub(link, made))

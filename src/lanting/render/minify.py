"""HTML minification of what `lanting build` writes (`[build] minify`, on by default).

`lanting serve` never minifies: what a writer inspects there is what the templates wrote.
minify-html keeps `<pre>` and MathML intact; closing tags and the `<html>`/`<head>` tags
are kept so that simple HTML tools (and people) can still read the output. The result is
deterministic: the same page always gives the same bytes.

What the templates write is minified; a page's Markdown body is not run through it
again. The Markdown renderer writes no indentation and one newline between blocks, and
minifying its tags (most of a post's: highlighted code, MathML) cost a large part of a
cold build for about 1% of the compressed page. The body is cut out of the page, the
rest minified around a placeholder, and the body put back as it was.
"""

from __future__ import annotations

import re

import minify_html

OPTIONS = {
    "keep_closing_tags": True,
    "keep_html_and_head_opening_tags": True,
    # The theme's inline scripts and styles are written minified, and JSON-LD is emitted
    # without spaces: minifying them again costs time for a few bytes.
    "minify_css": False,
    "minify_js": False,
}


FOREIGN = frozenset(
    "math mi mn mo ms mtext mspace mrow mfrac msqrt mroot mstyle merror mpadded mphantom "
    "msub msup msubsup munder mover munderover mmultiscripts mprescripts none mtable mtr "
    "mtd mlabeledtr maction menclose semantics annotation annotation-xml "
    "svg g path rect circle ellipse line polyline polygon use stop defs symbol "
    "lineargradient radialgradient clippath mask pattern tspan".split())
"""MathML and SVG elements, whose `/>` closes them (HTML elements ignore it)."""
_TAG = re.compile(r"<([a-zA-Z][\w:-]*)((?:\s[^<>]*?)?)\s*$")


def _open_and_close(html: str) -> str:
    """`<mspace width="1em"/>` -> `<mspace width="1em"></mspace>` for MathML and SVG.

    In MathML and SVG `/>` closes an element, but minify-html 0.18 reads `<mspace/>` as
    an opening tag and drops the closing tags after it, which scrambles the formula.
    Scripts are left alone. Searching for `/>` keeps this cheap on large sites."""
    end = html.find("/>")
    if end < 0:
        return html
    scripts = _script_ranges(html)
    pieces: list[str] = []
    done = 0
    while end >= 0:
        start = html.rfind("<", done, end)
        tag = _TAG.match(html, start, end) if start >= 0 else None
        if tag and tag.group(1).lower() in FOREIGN and not _inside(scripts, start):
            name = tag.group(1)
            pieces += [html[done:start], f"<{name}{tag.group(2)}></{name}>"]
            done = end + 2
        end = html.find("/>", end + 2)
    pieces.append(html[done:])
    return "".join(pieces)


def _script_ranges(html: str) -> list[tuple[int, int]]:
    """(start, end) of every <script> element."""
    ranges = []
    start = html.find("<script")
    while start >= 0:
        end = html.find("</script", start)
        end = len(html) if end < 0 else end
        ranges.append((start, end))
        start = html.find("<script", end)
    return ranges


def _inside(ranges: list[tuple[int, int]], position: int) -> bool:
    return any(start < position < end for start, end in ranges)


BODY = "<lanting-body></lanting-body>"
"""Stands for the page's Markdown body while the rest is minified (minify-html keeps an
unknown element as written)."""


def minify(text: str, body: str | None = None) -> str:
    """`text` minified; `body`, if it is part of it, left as it is (trimmed of the
    newlines at its ends)."""
    start = _find(text, body) if body else -1
    if body is None or start < 0:
        return _minify(text)
    shell = _minify(text[:start] + BODY + text[start + len(body):])
    if shell.count(BODY) != 1:  # the page held the placeholder itself
        return _minify(text)
    return shell.replace(BODY, body.strip("\n"))


def _find(text: str, part: str) -> int:
    """`text.find(part)`, for a long `part`: its first characters are looked for, then
    the rest compared (searching for the whole of a page's body took a third of the time
    of minifying the rest of the page)."""
    head = part[:64]
    start = text.find(head)
    while start >= 0 and not text.startswith(part, start):
        start = text.find(head, start + 1)
    return start


def _minify(text: str) -> str:
    return minify_html.minify(_open_and_close(text), **OPTIONS)

"""HTML minification of what `lanting build` writes (`[build] minify`, on by default).

`lanting serve` never minifies: what a writer inspects there is what the templates wrote.
minify-html keeps `<pre>` and MathML intact; closing tags and the `<html>`/`<head>` tags
are kept so that simple HTML tools (and people) can still read the output. The result is
deterministic: the same page always gives the same bytes.
"""

from __future__ import annotations

import re
from dataclasses import replace

import minify_html

from lanting.pages import OutputFile

OPTIONS = {
    "keep_closing_tags": True,
    "keep_html_and_head_opening_tags": True,
    "minify_css": True,
    "minify_js": True,
}


_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                   "source", "track", "wbr"})
_RAW_TEXT = re.compile(r"<(script|style|pre|textarea)\b.*?</\1\s*>", re.S | re.I)
_SELF_CLOSING = re.compile(r"<([a-zA-Z][\w:-]*)((?:\s[^<>]*?)?)\s*/>")


def _open_and_close(html: str) -> str:
    """`<mspace width="1em"/>` -> `<mspace width="1em"></mspace>` outside raw text.

    In MathML and SVG `/>` closes an element, but minify-html 0.18 reads `<mspace/>` as
    an opening tag and drops the closing tags after it, which scrambles the formula."""

    def expand(part: str) -> str:
        return _SELF_CLOSING.sub(
            lambda m: m.group(0) if m.group(1).lower() in _VOID
            else f"<{m.group(1)}{m.group(2)}></{m.group(1)}>", part)

    pieces, position = [], 0
    for match in _RAW_TEXT.finditer(html):
        pieces += [expand(html[position:match.start()]), match.group(0)]
        position = match.end()
    pieces.append(expand(html[position:]))
    return "".join(pieces)


def minify(text: str) -> str:
    return minify_html.minify(_open_and_close(text), **OPTIONS)


def minify_pages(files: list[OutputFile]) -> list[OutputFile]:
    """Every generated HTML file minified; other files, and files kept from the previous
    build (`data=None`, minified then), as they are."""
    return [replace(f, data=minify(f.data.decode("utf-8")).encode("utf-8"))
            if f.data is not None and f.path.endswith(".html") else f for f in files]

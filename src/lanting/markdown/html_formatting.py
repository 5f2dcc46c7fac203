"""Raw HTML's formatting elements left open at the end of a rendered text, closed there.

A browser carries a formatting element it never saw closed (`<small>`, `<b>`, `<font>`)
on past the block that held it: each block after it opens it again (HTML's "reconstruct
the active formatting elements"), up to the end of the page. A `<small>` line that a
talk's slide (or a post) never closes made every slide after it, and the page's footer,
small. Closed at the end of the text it was written in, it stops there, as the author
saw it in the deck or editor that showed the text alone.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

FORMATTING = frozenset({"a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small",
                        "strike", "strong", "tt", "u"})
"""HTML's formatting elements: the ones a browser opens again after the block they were in."""

_TAG = re.compile(r"<(/?)(a|b|big|code|em|font|i|nobr|s|small|strike|strong|tt|u)(?=[\s/>])",
                  re.IGNORECASE)


class _OpenElements(HTMLParser):
    """The formatting elements still open, in order (an end tag closes the last of its
    name and those opened after it, as a browser's adoption of it does)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in FORMATTING:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.open:
            del self.open[len(self.open) - 1 - self.open[::-1].index(tag):]


def close_formatting(html: str, source: str | None = None) -> str:
    """`html` with end tags after it for the formatting elements it leaves open. Only
    raw HTML leaves one open: a `source` (the Markdown) naming no such tag is done
    without reading `html` (a post's MathML and highlighted code are long)."""
    if source is not None and not _TAG.search(source):
        return html
    counts: dict[str, int] = {}
    for match in _TAG.finditer(html):
        name = match.group(2).lower()
        counts[name] = counts.get(name, 0) + (-1 if match.group(1) else 1)
    if not any(n > 0 for n in counts.values()):  # (Markdown's own are always closed)
        return html
    parser = _OpenElements()
    parser.feed(html)
    parser.close()
    return html + "".join(f"</{name}>" for name in reversed(parser.open))

"""A Hugo Blox publication page whose text is its abstract: the front matter's
`abstract` left empty and the text folded under a `{{< spoiler text="Abstract" >}}`
(or `toggle`, `details`), as labs' scripts wrote their pages. Hugo Blox showed it
below the (empty) abstract; Lanting's entry keeps it as its `abstract`."""

from __future__ import annotations

import re
from typing import Any

from lanting.importer import body as B

_FOLDED = re.compile(
    r"\A\s*\{\{[<%]\s*(spoiler|toggle|details)\s+(?:text|summary|title)\s*=\s*"
    r"(\"[^\"\n]*\"|'[^'\n]*')\s*[>%]\}\}(.*?)\{\{[<%]\s*/\1\s*[>%]\}\}\s*\Z",
    re.DOTALL | re.IGNORECASE)
"""A body that is one folded block and nothing else: its name, label and text."""

_OWN_MARKUP = re.compile(r"\{\{[<%]|<[a-zA-Z/!]|^\s*(?:#|!\[|\||```|~~~)", re.MULTILINE)
"""What an abstract's plain paragraphs hold none of: a shortcode, HTML, a heading, an
image, a table, a fence."""


def folded_abstract(body: str) -> str | None:
    """The text of a body that is one block folded under "Abstract", as one
    paragraph of plain text; None for any other body (its text stays the page's, left
    out as before) or one holding more than paragraphs."""
    found = _FOLDED.match(body)
    if found is None or found.group(2)[1:-1].strip().lower() != "abstract":
        return None
    text = found.group(3).strip()
    if not text or _OWN_MARKUP.search(text):
        return None
    return B.plain_inline(text)


def page_abstract(data: dict[str, Any], body: str) -> tuple[str | None, bool]:
    """A publication page's abstract: the front matter's (its Markdown as the text
    Hugo Blox showed) or, that left empty, its text folded under "Abstract"; and
    whether it was that text."""
    if data.get("abstract"):
        return B.plain_inline(str(data["abstract"])), False
    folded = folded_abstract(body)
    return folded, folded is not None

"""reveal-md's decks in a folder of notes (`notes_talks`).

reveal-md makes a reveal.js deck of a Markdown file whose header may set the deck's look
(`theme`, `revealOptions`) and the regular expressions reveal.js cuts it at
(`separator: <!--s-->`, `verticalSeparator: <!--v-->`, `notesSeparator`). Such a file
was a page of a folder of notes, its slides one long text. A note whose header has a
setting only reveal-md has is a deck, a talk (its header kept: the talk reads it), and
its own separators are made the lines Lanting cuts at (`---`, a `--` between blank
lines, `Note:`), as reveal.js cut the deck: kept, they cut nothing in the talk.
"""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from lanting.content.revealmd import SIGNS, cuts_as_lanting
from lanting.importer.shelf import Shelf, protect_code

_HEAD = re.compile(rf"^(?:{'|'.join(sorted(SIGNS))})[ \t]*:", re.MULTILINE)
_LINES = {"separator": "\n\n---\n\n", "verticalSeparator": "\n\n--\n\n",
          "notesSeparator": "\n\nNote:\n"}
"""Each separator and the line a Lanting talk cuts at for it."""


def is_reveal_md_head(head: str) -> bool:
    """Whether the front matter `head` (its text) is reveal-md's."""
    return _HEAD.search(head) is not None


def reveal_md_cuts(front: dict[str, Any], body: str) -> tuple[dict[str, Any], str, int]:
    """`front` without the separators that cut otherwise than Lanting does, and `body`
    with the places they cut (outside code) made Lanting's lines; how many. A pattern
    Python cannot read, or that cuts nothing, stays (the talk warns of it)."""
    count = 0
    for key, line in _LINES.items():
        pattern = front.get(key)
        if not isinstance(pattern, str) or cuts_as_lanting(key, pattern):
            continue
        try:
            regex = re.compile(pattern, re.MULTILINE)  # (reveal.js's flags: `mg`)
        except re.error:
            continue
        shelf = Shelf()
        text, found = regex.subn(line, protect_code(body, shelf))
        if found:
            body, count = shelf.restore(text), count + found
            front = {k: v for k, v in front.items() if k != key}
    return front, body, count


_SECTION = re.compile(r"""<section\b(?:[^>"']|"[^"]*"|'[^']*')*>""", re.IGNORECASE)
"""A `<section>` tag, its attributes' values holding `>` too (`"^\\n<<= x =>>"`)."""
_ATTRIBUTES = {"data-separator": "separator", "data-separator-vertical": "verticalSeparator",
               "data-separator-notes": "notesSeparator"}


def page_separators(html: str, name: str) -> dict[str, Any]:
    """The separators (as reveal-md's header names them) that the `<section
    data-markdown>` of the page `html` loading the deck file `name` sets, reveal.js's
    Markdown plugin reading them as regular expressions (its `\\n` a newline)."""
    for section in _SECTION.finditer(html):
        tag = section.group()
        if "data-markdown" not in tag or name not in tag:
            continue
        return {key: unescape(found.group(2)) for attribute, key in _ATTRIBUTES.items()
                if (found := re.search(rf"""\b{attribute}\s*=\s*(["'])(.*?)\1""", tag,
                                       re.DOTALL)) is not None}
    return {}

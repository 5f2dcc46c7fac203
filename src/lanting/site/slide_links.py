"""Links to a slide in reveal.js's form, `#/3`, `#/2/5` or `#/methods`, in a talk of
Lanting's own form (`site.talks`).

reveal.js names a slide in the URL's hash by its place, `#/h/v` (the `h`th slide across,
counted from 0, and the `v`th of its vertical stack), or by the slide's id (`<!-- .slide:
id="methods" -->`, or Pandoc's heading `## Methods {#methods}`). Lanting's deck numbers
its slides one after another (`slides/#7`), vertical ones too, so such a link in a
slide or its notes (`[Back](#/methods)`, `Note: [Reset](#/2/5)`) named no anchor of the
page. It leads to the slide in the deck: the same page in the deck, the deck from the
talk's article.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from lanting.site.marp import outside_code

_HEADING_ID = re.compile(r"^#{1,6}[ \t].*\{[^{}]*#([\w:.-]+)[^{}]*\}[ \t]*$", re.MULTILINE)
_LINK = re.compile(r"""(\]\(\s*<?|\bhref\s*=\s*["']?)#/([^\s)"'>]*)""")


def slide_targets(slides: Sequence[tuple[bool, tuple[str, ...], str]]) -> dict[str, int]:
    """Each name reveal.js gives a slide (`3`, `3/0`, `2/5`, its ids) → its number in
    Lanting's deck. `slides` are the slides shown, in order: (whether it opens with a
    vertical break, its `.slide:` ids, its text)."""
    targets: dict[str, int] = {}
    across, down = -1, 0
    for number, (vertical, ids, text) in enumerate(slides, start=1):
        across, down = (across, down + 1) if vertical and across >= 0 else (across + 1, 0)
        targets.setdefault(f"{across}/{down}", number)
        if down == 0:
            targets.setdefault(str(across), number)
        for name in (*ids, *_HEADING_ID.findall(text)):
            targets.setdefault(name, number)
    return targets


def link_slides(text: str, targets: dict[str, int], deck_url: str) -> str:
    """`text` with its links to a slide in reveal.js's form leading to that slide of
    the deck at `deck_url`; a link naming no slide stays (the build reports it), and so
    does one in a code block."""
    if "#/" not in text:
        return text

    def one(match: re.Match[str]) -> str:
        name = match.group(2).strip("/")
        number = targets.get(name)
        return match.group() if number is None else f"{match.group(1)}{deck_url}#{number}"

    return outside_code(text, 1, lambda chunk, _line: _LINK.sub(one, chunk))

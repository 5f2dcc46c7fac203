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

from lanting.markdown.anchors import pandoc_slug
from lanting.site.slide_code import outside_code
from lanting.site.talk_slides import split_slides

_HEADING_ID = re.compile(r"^#{1,6}[ \t].*\{[^{}]*#([\w:.-]+)[^{}]*\}[ \t]*$", re.MULTILINE)
_HEADING = re.compile(r"^#{1,6}[ \t]+(.*?)[ \t]*(?:\{[^{}]*\})?[ \t]*$", re.MULTILINE)
_SLIDE_ID = re.compile(r"""<!--\s*\.slide:[^>]*?\bid\s*=\s*["']?([\w:.-]+)""")
_LINK = re.compile(r"""(\]\(\s*<?|\bhref\s*=\s*["']?)#/([^\s)"'>]*)""")
_NUMBER = re.compile(r"""(\]\(\s*<?|\bhref\s*=\s*["']?)#(\d+)(?=[\s)"'>])""")


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
        if heading := _HEADING.search(text):  # (Pandoc's section id, `## Methods`)
            targets.setdefault(pandoc_id(heading.group(1)), number)
    return targets


def pandoc_id(heading: str) -> str:
    """The id Pandoc gives a heading (its section's, so reveal.js's `#/methods`): the
    id of its text (`markdown.anchors`' Pandoc style: from its first letter, a Chinese
    or accented one too), formatting and links left out."""
    text = re.sub(r"<[^>]+>|[*_`~]{1,3}(?=\S)|(?<=\S)[*_`~]{1,3}", "", heading)
    return pandoc_slug(re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text))


def slide_of(body: str, name: str) -> int | None:
    """The number in Lanting's deck of the slide of a talk's `body` (Lanting's form) that
    reveal.js named `#/<name>`, by its id or its place (`#/3/1`: the importers keep a
    deck's vertical stacks as `--` breaks, so places count as reveal.js counted them);
    None for no slide."""
    if not name:
        return None
    slides = [(s.vertical, tuple(_SLIDE_ID.findall(s.text)), s.text)
              for s in split_slides(body)]
    return slide_targets(slides).get(name)


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


def link_numbers(text: str, deck_url: str = "", count: int = 0) -> str:
    """`text` of a talk of `count` slides with its links to a slide by number, `#3`
    (Lanting's deck's hash, Marp's), leading to that slide of the deck at `deck_url`:
    in the talk's article the slides' anchors are `#slide-3`, and the link named
    nothing there. A number no slide has stays (the build reports it), and so does a
    link in code."""
    if not count or "#" not in text:
        return text

    def one(match: re.Match[str]) -> str:
        number = int(match.group(2))
        return f"{match.group(1)}{deck_url}#{number}" if 1 <= number <= count \
            else match.group()

    return outside_code(text, 1, lambda chunk, _line: _NUMBER.sub(one, chunk))

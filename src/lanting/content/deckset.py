"""Deckset's commands: which there are, and whether a talk's body is a Deckset deck.

Deckset (a macOS presentation app) reads a Markdown file of slides parted by lines
`---`. Its settings for the whole deck are lines `key: value` at the very top of the file,
with no blank line between them (`theme: Next, 1`, `footer: …`, `slidenumbers: true`);
a slide's own are lines `[.key: value]` (`[.background-color: #000]`, `[.column]`,
`[.hide-footer]`). Lanting's deck has a look of its own, so most of them (the theme, its
fonts and colours of text kinds, transitions) change nothing a reader would miss: they
are accepted and ignored. Those a talk shows are applied by `site.deckset`; the others
are a warning there.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from lanting.content.pandoc_title import block_date

SHOWN = frozenset({"footer", "background-color", "text", "slide-dividers", "code-language",
                   "column", "hide-footer"})
"""Commands a Lanting talk applies (`text`: its colour)."""

IGNORED = frozenset({
    "theme", "autoscale", "slidenumbers", "slidecount", "slide-transition", "build-lists",
    "presenter-notes", "fit-header", "footnote-separator", "text-emphasis", "text-strong",
    "header", "header-emphasis", "header-strong", "link", "footer-style", "list", "quote",
    "quote-author", "table", "table-separator", "code", "formula", "footnote",
    "slide-number-style", "image-corner-radius",
})
"""Commands that change only the look or the pace (slides built up one list item at a
time, `build-lists`), which Lanting's deck sets itself."""

KNOWN = SHOWN | IGNORED | frozenset({"code-highlight", "background-image", "header-image"})
"""Every command Deckset reads (the last ones a warning: Lanting cannot draw them)."""

_DISTINCT = frozenset({"theme", "footer", "slidenumbers", "slidecount", "autoscale",
                       "build-lists", "slide-transition", "presenter-notes",
                       "slide-dividers", "fit-header", "code-language", "footer-style",
                       "background-color"})
"""Commands only a Deckset deck opens with: a head of others alone (`quote: …`) is not
taken for Deckset's."""
_HEAD_LINE = re.compile(r"^([a-z][a-z-]*):[ \t]*(.*?)\s*$")
COMMAND = re.compile(r"^\s{0,3}\[\.([a-z][a-z-]*)(?::[ \t]*(.*?))?\]\s*$")
"""A slide's command on a line of its own: `[.background-color: #fff]`, `[.column]`."""
_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")


@dataclass(frozen=True, slots=True)
class Head:
    values: dict[str, tuple[str, int]]
    """Command -> (value, file line)."""
    lines: int = 0
    """How many of the body's first lines are the head (blank ones before it too)."""


def deckset_head(body: str, line: int = 1) -> Head:
    """The deck-wide commands at the top of a talk's body: lines `key: value` of keys
    Deckset reads, one after the other (a blank line ends them), after any blank lines;
    none when a line of the block is not such a line."""
    lines = body.split("\n")
    first = next((i for i, text in enumerate(lines) if text.strip()), len(lines))
    values: dict[str, tuple[str, int]] = {}
    end = first
    for end in range(first, len(lines) + 1):
        if end == len(lines) or not lines[end].strip():
            break
        match = _HEAD_LINE.match(lines[end])
        if match is None or match.group(1) not in KNOWN - {"column", "hide-footer"}:
            if end == first or not values:
                return Head({})
            break  # (the deck's first slide right under its commands: `# Title`)
        values[match.group(1)] = (match.group(2), line + end)
    return Head(values, end) if values.keys() & _DISTINCT else Head({})


def is_deckset(body: str) -> bool:
    """Whether a talk's body is written for Deckset: it opens with Deckset's commands
    (`theme: Next, 1`), or a line of a slide is one of its commands (`[.column]`)
    outside fenced code."""
    if deckset_head(body).values:
        return True
    if "[." not in body:
        return False
    fence = ""
    for text in body.split("\n"):
        opened = _FENCE.match(text)
        if fence:
            fence = "" if opened and opened.group(1)[0] == fence[0] \
                and text.strip() == opened.group(1) else fence
        elif opened:
            fence = opened.group(1)
        elif (match := COMMAND.match(text)) and match.group(1) in KNOWN:
            return True
    return False


_HEADING = re.compile(r"^\s{0,3}#{1,6}(?:\s*\[fit\])?\s+(.*?)\s*#*\s*$", re.IGNORECASE)


def deckset_title(body: str) -> str:
    """A deck's title: the first heading of its first slide, `[fit]` left out ("" for
    none)."""
    start = deckset_head(body).lines
    for text in body.split("\n")[start:]:
        if text.strip() == "---":
            break
        if (match := _HEADING.match(text)) and match.group(1):
            return match.group(1)
    return ""


_DATE = re.compile(r"\b(?:\d{1,2}[- ][A-Za-z]{3,9}\.?[- ]\d{4}|\d{4}-\d{1,2}-\d{1,2}"
                   r"|[A-Za-z]{3,9}\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4})\b")


def footer_date(body: str) -> dt.datetime | None:
    """The date the deck's `footer:` gives (`Erlang Factory / 26-MAR-2015`), if it gives
    one whole: Deckset has no date of a talk, but a speaker's footer often names the
    event and its day."""
    return _first_date(deckset_head(body).values.get("footer", ("", 0))[0])


def title_slide_date(body: str) -> tuple[dt.datetime | None, int]:
    """The date the deck's first slide shows whole (`### 14 March 2019`, `_Some Conf,
    March 14, 2019_`), the day of the talk its title slide names, with its line in the
    body (from 1); (None, the first slide's first line) when it shows none."""
    lines = body.split("\n")
    start = deckset_head(body).lines
    first = next((i for i in range(start, len(lines)) if lines[i].strip()), start)
    for i in range(first, len(lines)):
        if lines[i].strip() == "---":
            break
        if (day := _first_date(re.sub(r"[*_]", " ", lines[i]))) is not None:  # (`_…_`)
            return day, i + 1
    return None, first + 1


def _first_date(text: str) -> dt.datetime | None:
    for found in _DATE.finditer(text):
        if (day := block_date(found.group().replace("-", " ")
                              if not found.group()[:4].isdigit() else found.group())):
            return day
    return None

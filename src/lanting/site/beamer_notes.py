"""beamer's speaker notes in a deck written for Pandoc (`site.reveal`).

A deck Pandoc makes into beamer slides (`pandoc -t beamer`, a lecture's PDF and its
handout with `-V beamer-notes=true`) writes each slide's notes as beamer's command:

    \\note{

    Start with the question the last lecture left open.

    }

Pandoc passes the raw TeX to beamer, which prints the notes on pages of their own; read
as Markdown, the `\\note{` and `}` lines and the notes between them were text on the
slide. Here each such note, its braces balanced, is the slide's speaker notes (read as
Markdown), as after `Note:`. Its lines stay lines, so that messages keep pointing into
the talk file.
"""

from __future__ import annotations

import re
import textwrap

_NOTE = re.compile(r"^[ \t]*\\note(?:<[^>\n]*>)?(?:\[([^\]\n]*)\])?[ \t]*\{", re.MULTILINE)
"""`\\note{`, `\\note[item]{`, `\\note<2>{` at a line's start."""
_ITEM = re.compile(r"^\\item(?:\[[^\]\n]*\])?[ \t]*", re.MULTILINE)
_LIST = re.compile(r"\\begin\{(?:itemize|enumerate|description)\}")


def take_notes(chunk: str, at: int, notes: list[tuple[str, int]]) -> str:
    """`chunk` (from file line `at`) without its beamer notes, which go to `notes` with
    the file line of their text; a note whose braces do not close stays as written."""
    out, start = [], 0
    for match in _NOTE.finditer(chunk):
        if match.start() < start:
            continue  # (inside a note taken already)
        end = _closing(chunk, match.end())
        if end is None:
            continue
        body = chunk[match.end():end]
        lead = len(body) - len(body.lstrip())
        notes.append((_items(textwrap.dedent(body.strip("\n")).strip(), match.group(1)),
                      at + chunk.count("\n", 0, match.end() + lead)))
        out += [chunk[start:match.start()], "\n" * chunk.count("\n", match.start(), end + 1)]
        start = end + 1
    return "".join(out) + chunk[start:] if out else chunk


def item_lines(text: str) -> set[int]:
    """The lines (from 0) of `text` inside a note that are items `_items` reads
    (`\\item` with no list of the note's own around it)."""
    lines: set[int] = set()
    for match in _NOTE.finditer(text):
        end = _closing(text, match.end())
        if end is not None and not _LIST.search(text, match.end(), end):
            first = text.count("\n", 0, match.end())
            lines |= {first + n for n, line in enumerate(
                text[match.end():end].split("\n")) if _ITEM.match(line.lstrip())}
    return lines


def _items(note: str, option: str | None) -> str:
    """A note's `\\item` lines as Markdown's list items, as beamer lists them:
    `\\note[itemize]{\\item A \\item B}` (or a deck's macro that put the list around
    them), `\\note[enumerate]{…}` numbered, `\\note[item]{A}` one item. Items inside
    an `itemize` of the note's own are its list's (`site.beamer_latex`)."""
    if option == "item":
        return "- " + note
    if _LIST.search(note) or not _ITEM.search(note):
        return note
    return _ITEM.sub("1. " if option == "enumerate" else "- ", note)


def _closing(text: str, at: int) -> int | None:
    """The index of the `}` closing the brace opened just before `at`, or None."""
    depth = 1
    i = at
    while i < len(text):
        char = text[i]
        if char == "\\":
            i += 2  # (an escaped `\{` or `\}` is text)
            continue
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return None

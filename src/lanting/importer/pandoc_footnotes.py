"""Footnotes a Markdown writer without them left as links: Pandoc's `gfm` and
`commonmark` writers (a post converted from HTML or R Markdown to `.md`) write a note's
mark as `[¹](#fn1)` and the notes as a numbered list after a rule, each ending in
`[↩](#fnref1)`. No `#fn1` was on the page (Quarto published them dead, and Lanting's
build failed on each): they are Markdown footnotes again, `[^1]` and `[^1]: …`."""

from __future__ import annotations

import re

_SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
_MARK = re.compile(r"\[(?:[⁰¹²³⁴⁵⁶⁷⁸⁹]+|<sup>\d+</sup>|\^\d+\^|\d+)\]\(#fn(\d+)\)")
_NOTES = re.compile(
    r"^[ \t]*(?:-{3,}|\*{3,}|_{3,})[ \t]*\n(?:[ \t]*\n)*"
    r"((?:\d+\.[ \t]+.*\n(?:(?:[ \t]*\n)*[ \t]{2,}\S.*\n)*(?:[ \t]*\n)*)+)\Z", re.MULTILINE)
"""The rule and the numbered list of notes ending the text."""
_ITEM = re.compile(r"^(\d+)\.[ \t]+", re.MULTILINE)


def pandoc_footnotes(text: str) -> tuple[str, int]:
    """`text` with the notes of a writer without footnotes as footnotes, when each mark
    has its note (a list item ending in its `[↩](#fnrefN)`). Returns (text, how many)."""
    marks = {m.group(1) for m in _MARK.finditer(text)}
    notes = _NOTES.search(text if text.endswith("\n") else text + "\n")
    if not marks or notes is None:
        return text, 0
    items = _ITEM.split(notes.group(1))[1:]
    bodies = {number: body.rstrip() for number, body in zip(items[::2], items[1::2],
                                                             strict=True)}
    back = {n: re.search(rf"\[↩︎?\]\(#fnref{n}\)[ \t]*$", b) for n, b in bodies.items()}
    if not marks <= set(bodies) or not all(back.values()):
        return text, 0
    made = "\n\n".join(f"[^{n}]: {b[:found.start()].rstrip()}" for n, b in bodies.items()
                       if (found := back[n]) is not None)
    body = _MARK.sub(lambda m: f"[^{m.group(1)}]", text[:notes.start()])
    return body.rstrip("\n") + "\n\n" + made + "\n", len(bodies)

"""Bold text as kramdown (Jekyll's Markdown) read it, in CommonMark's form.

kramdown's emphasis parser pairs `**` in order within a paragraph, a heading or a
table's cell: one opens unless a space follows it, and closes an open bold unless a
space is before it, whatever stands outside. `the dataset**:** IMDB` was bold on the
old site; CommonMark, and so Lanting, lets no `**` open between a letter and a
punctuation mark, and showed both pairs of stars. Such a pair is written as CommonMark
pairs it (`<strong>:</strong>`); the stars kramdown paired with nothing, and showed as
written (`## ** Overview**`, `2**16`, `p**r * q`), are escaped.
"""

from __future__ import annotations

import re

from lanting.importer.html_block_spans import inside
from lanting.importer.liquid import Context
from lanting.importer.mkdocs_strong import pair_stars

_STARS = re.compile(r"(?<![*\\])\*\*(?!\*)")
"""Two stars, no more (`***` is bold italic, left as it is), not escaped."""
_OWN_BLOCK = re.compile(r" {0,3}(?:[#|]|[-*+] |\d+[.)] )")
"""A line that starts a block of its own (a heading, a table's row, a list item): no
bold runs into it from the line before."""
_QUOTE = re.compile(r" {0,3}>")
_CELL = re.compile(r"(?<!\\)\|")


def kramdown_strong(text: str, ctx: Context, html_blocks: list[tuple[int, int]]) -> str:
    """`text` (its code and math put aside) with kramdown's bold written as CommonMark's;
    the HTML blocks (`html_blocks`: their offsets in `text`) hold no Markdown and are
    left alone."""
    out: list[str] = []
    unit: list[str] = []
    total, at = 0, 0

    def flush() -> None:
        nonlocal total
        if unit:
            made, count = _unit("\n".join(unit))
            out.append(made)
            total += count
            unit.clear()

    quoted = False  # (the line before was a quote's: its paragraph may go on)
    for line in text.split("\n"):
        start, at = at, at + len(line) + 1  # (its offset in `text`)
        quote = _QUOTE.match(line)
        if not line.strip() or inside(html_blocks, start) or _OWN_BLOCK.match(line) \
                or quote and (not quoted or not line.strip(" >")):
            flush()
        quoted = bool(quote)
        if not line.strip() or inside(html_blocks, start):
            out.append(line)
        elif line.lstrip().startswith("|"):  # (a table's row: each cell alone)
            cells = [_unit(cell) for cell in _CELL.split(line)]
            out.append("|".join(cell for cell, _count in cells))
            total += sum(count for _cell, count in cells)
        elif line.lstrip().startswith("#"):
            made, count = _unit(line)
            out.append(made)
            total += count
        else:
            unit.append(line)
    flush()
    ctx.convert("bold text kramdown read and CommonMark would not (`x**:**`)", total)
    return "\n".join(out)


def _unit(text: str) -> tuple[str, int]:
    """A paragraph's (or a cell's) text with its bold rewritten, and how many spans."""
    if "**" not in text or "***" in text:
        return text, 0
    kept, escaped, open_ = [], [], False
    for match in _STARS.finditer(text):
        at = match.start()
        if open_ and at > 0 and not text[at - 1].isspace() \
                or not open_ and not (text[at + 2:at + 3] or " ").isspace():
            kept.append(at)
            open_ = not open_
        else:
            escaped.append(at)
    if open_:  # (an opening `**` the paragraph never closed: text)
        escaped.append(kept.pop())
    for at in sorted(escaped, reverse=True):
        text = text[:at] + "\\*\\*" + text[at + 2:]
    kept = [at + 2 * sum(1 for e in escaped if e < at) for at in kept]
    return pair_stars(text, kept) if kept else (text, 0)

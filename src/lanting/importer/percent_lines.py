"""Lines starting with `%`: MyST's comments to Lanting, which hides them, but text to
every other old site's renderer (marked, markdown-it, Pandoc, Goldmark, kramdown).
A shell session in a Hadoop post, `运行` and on the next line `% hadoop URLCat …`,
lost its command on the new page; the import writes such a `%` as `\\%`, which shows
it. Code, math (`$$` blocks, `\\[ … \\]`, environments, where `%` starts a TeX comment)
and HTML blocks and tables (passed on as written) are left alone, but for a table's
row that starts with `%`."""

from __future__ import annotations

import re

from lanting.importer.linebreaks import blocks_left_alone
from lanting.importer.shelf import Shelf, protect_code

_PERCENT_LINE = re.compile(r"^([ \t]{0,3}(?:>[ \t]?)*)%(?=[ \t]|$)")
"""A line MyST reads as a comment: `%`, then a space or nothing (in a quote too)."""
_MATH_OPENS = re.compile(r"^[ \t>]*(?:\\\[|\\begin\{)")
_MATH_CLOSES = re.compile(r"(?:\\\]|\\end\{[^}]*\})[ \t]*$")


def shown_percent_lines(text: str) -> tuple[str, int]:
    """`text` with each `%` that begins a line of prose written `\\%`; returns (text,
    how many)."""
    if "%" not in text:
        return text, 0
    shelf = Shelf()
    lines = protect_code(text, shelf).split("\n")
    alone = blocks_left_alone(lines)
    count = 0
    math = environment = False
    for i, line in enumerate(lines):
        if line.count("$$") % 2:
            math = not math
            continue
        if not math and _MATH_OPENS.match(line):
            environment = not _MATH_CLOSES.search(line)
            continue
        if environment:
            environment = not _MATH_CLOSES.search(line)
            continue
        found = _PERCENT_LINE.match(line)
        # (a table's row is left alone, but one that starts with `%`, `% | 取模`, a
        # table of shell operators: Lanting ended the table there, its rows lost)
        if math or found is None or (i in alone and ("|" not in line
                                                     or line.lstrip().startswith("<"))):
            continue
        lines[i] = f"{line[:found.end(1)]}\\{line[found.end(1):]}"
        count += 1
    return shelf.restore("\n".join(lines)), count

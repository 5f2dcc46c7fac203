"""Formulas in Markdown tables, which a `|` inside would cut: `\\vert` for it in a row's
`$…$` and `$$…$$` (`table_math`, and `shelved_table_math` for formulas put aside), and
Goldmark's way with a `$…$` across a cell's border (`cell_border_dollars`), and
Python-Markdown's code spans, read whole before the cells (`shelved_code_bars`). Shared by
the importers of sites whose renderers read a formula before or after the table's cells."""

from __future__ import annotations

import re

from lanting.importer.body_math import INLINE_MATH
from lanting.importer.shelf import Shelf, markers

_CELL_DISPLAY_MATH = re.compile(r"(?<!\\)\$\$((?:\\.|[^$\n\\])+?)\$\$")
"""`$$…$$` inside one line (a table cell's formula, written with two dollars); a
backslash takes the character after it (as `INLINE_MATH`: no exponential time)."""


_BORDER = re.compile(r"(?<!\\)\|")
"""A cell border in what two dollars hold: a formula whose dollars have a space inside
them (`$0.03 | $`), or whose closing one has a digit after it (`$5|$10`), is none to
markdown-it's math plugins (nor to arithmatex or Pandoc): those are two cells' prices,
not one formula to keep whole."""


def table_math(text: str, whole: bool = False, delimited: bool = False
               ) -> tuple[str, int]:
    """In GFM table rows, `|` inside math would end the cell: `\\vert` instead (in
    `$…$` and in a cell's `$$…$$`). `whole`: the old site read a cell's formula whole,
    before its `|`s (Pandoc does), so `\\|` in it was a norm's ‖, `\\Vert`; else it was
    an escaped `|`, which the formula got bare. `delimited`: the old site's math was
    markdown-it's, whose dollars have no space inside them (`_BORDER`); MathJax in the
    browser read `$ p(x | y) $` whole, where the renderer kept the row's cell whole."""
    count = 0

    def row(line: str) -> str:
        nonlocal count
        if not line.lstrip().startswith("|"):
            return line

        def math(m: re.Match[str]) -> str:
            nonlocal count
            inner = m.group(1)
            if delimited and _BORDER.search(inner) and (
                    inner != inner.strip() or line[m.end():m.end() + 1].isdigit()):
                return m.group()  # (two cells' dollars, `| $0.03 | $0.06 |`: no formula)
            new = formula_bars(inner, whole)
            count += new != inner
            dollars = "$$" if m.group().startswith("$$") else "$"
            return f"{dollars}{new}{dollars}"

        return INLINE_MATH.sub(math, _CELL_DISPLAY_MATH.sub(math, line))

    return "\n".join(row(line) for line in text.split("\n")), count


_TABLE_DELIMITER = re.compile(r"^[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)+(?:[ \t]*:?-+:?[ \t]*)?$"
                              r"|^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)+\|?[ \t]*$")
"""A GFM table's delimiter row (`|---|:---:|`, `---|---`)."""


def cell_border_dollars(text: str) -> tuple[str, int]:
    """`$…$` across a table's cell border (`| ${var} | 与$var相同 |`, shell variables in
    a table): Goldmark parts a row into its cells before it reads the text in them, so
    those dollars were no formula on a Hugo page, and its `|` a border, not `\\vert`:
    escaped, `\\$`. (A `\\|` in a formula was no border: it stays, for `table_math`.)"""
    lines = text.split("\n")
    count = 0

    def escape(match: re.Match[str]) -> str:
        nonlocal count
        if not re.search(r"(?<!\\)\|", match.group(1)):
            return match.group()
        count += 1
        return "\\$" + match.group(1) + "\\$"

    table = False
    for i, line in enumerate(lines):
        if not line.strip():
            table = False
        elif i and "|" in lines[i - 1] and _TABLE_DELIMITER.match(line):
            table = True
            lines[i - 1] = INLINE_MATH.sub(escape, lines[i - 1])
        elif table:
            lines[i] = INLINE_MATH.sub(escape, line)
    return "\n".join(lines), count


def formula_bars(formula: str, whole: bool) -> str:
    """A table cell's formula with its `|` as `\\vert` (see `table_math`)."""
    if not whole:
        return re.sub(r"\\?\|", r"\\vert ", formula)
    norms = re.sub(r"(?<!\\)((?:\\\\)*)\\\|", r"\1\\Vert ", formula)
    return re.sub(r"\|", r"\\vert ", norms)


def shelved_table_math(text: str, shelf: Shelf) -> int:
    """`table_math` for the formulas put aside on `shelf` (a shortcode's, `{{< katex
    >}}|x|{{< /katex >}}`, which Hugo read whole, before the table's `|`s) that sit in
    a table's rows: how many were changed."""
    count = 0
    for line in text.split("\n"):
        if line.lstrip().startswith("|"):
            for n in markers(line, "M"):
                old = shelf.items["M"][n]
                shelf.items["M"][n] = formula_bars(old, whole=True)
                count += shelf.items["M"][n] != old
    return count


def shelved_code_bars(text: str, shelf: Shelf) -> int:
    """In a table's rows (those starting with `|`), a `|` in a code span put aside on
    `shelf` escaped (`\\|`): Python-Markdown's tables read a code span before their `|`s
    (`` `map(|x| x * x)` `` one cell), GFM's cut it there, leaving `Vec<i32>` a tag in
    the text. How many spans were changed."""
    count = 0
    for line in text.split("\n"):
        if line.lstrip().startswith("|"):
            for n in markers(line, "C"):
                old = shelf.items["C"][n]
                if old.startswith("`") and "\n" not in old:
                    shelf.items["C"][n] = re.sub(r"(?<!\\)\|", r"\\|", old)
                    count += shelf.items["C"][n] != old
    return count

"""Pandoc's grid tables (`+---+---+` borders, `+===+` under the header) as pipe tables,
which Lanting reads: a cell's lines joined into one paragraph, the alignment from the
colons of the header's (or first) border. A table whose cells hold more than one
paragraph (a blank line, a list, a code block) or span columns or rows has no pipe
form: it is kept as written in a code block (so its borders line up as in the source)
and reported at its line.

Columns are found by display width, as Pandoc finds them: a Chinese character is two
columns wide, so a table of Chinese text lines up in an editor and here."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

_BORDER = re.compile(r"^\+(?:[-=:]+\+)+$")
_TABLE = re.compile(r"^[ \t]{0,3}\+[-=:]+\+.*\n(?:[ \t]{0,3}[+|].*(?:\n|$))+", re.MULTILINE)
_NOT_ONE_PARAGRAPH = re.compile(r"^(?:[-*+][ \t]|\d+[.)][ \t]|```|~~~|>|#)")
"""A cell's line that starts a list, a code block, a quote or a heading."""


def _width(c: str) -> int:
    return 2 if unicodedata.east_asian_width(c) in ("W", "F") else 1


def _by_columns(line: str) -> list[tuple[int, str]]:
    """Each character of `line` with the display column it starts at."""
    out, column = [], 0
    for c in line:
        out.append((column, c))
        column += _width(c)
    return out


def _cells(line: str, bounds: list[int]) -> list[str] | None:
    """The text between the column bounds; None when a bound is no `|` (a span)."""
    chars = dict(_by_columns(line))
    if any(chars.get(b) not in ("|", "+") for b in bounds):
        return None
    placed = _by_columns(line)
    return ["".join(c for at, c in placed if start < at < end)
            for start, end in zip(bounds, bounds[1:], strict=False)]


_INLINE_MATH = re.compile(r"(?<![\\$])\$[^$\n]+\$")


def pipes_escaped(cell: str) -> str:
    """`|` escaped for a pipe table: in a formula as `\\vert` (and `\\|` as `\\Vert`),
    since a pipe table's `\\|` reaches the formula as a bare `|`."""
    cell = _INLINE_MATH.sub(lambda m: m.group().replace("\\|", "\\Vert ")
                            .replace("|", "\\vert "), cell) if "$" in cell else cell
    return re.sub(r"(?<!\\)\|", r"\\|", cell)


def _align(border: str, bounds: list[int]) -> list[str]:
    chars = dict(_by_columns(border))
    out = []
    for start, end in zip(bounds, bounds[1:], strict=False):
        left, right = chars.get(start + 1) == ":", chars.get(end - 1) == ":"
        out.append(":---:" if left and right else ":---" if left else "---:" if right
                   else "---")
    return out


def pipe_table(table: str) -> str | None:
    """The grid table as a pipe table, or None when it has no pipe form."""
    lines = [line.strip() for line in table.strip("\n").split("\n")]
    if not _BORDER.match(lines[0]) or not _BORDER.match(lines[-1]):
        return None
    bounds = [at for at, c in _by_columns(lines[0]) if c == "+"]
    rows: list[list[list[str]]] = [[]]
    header_at = header_line = None
    for number, line in enumerate(lines[1:], 1):
        if _BORDER.match(line):
            if [at for at, c in _by_columns(line) if c == "+"] != bounds:
                return None  # (a cell spanning columns)
            if "=" in line:
                header_at, header_line = len(rows), number
            rows.append([])
            continue
        cells = _cells(line, bounds)
        if cells is None or not line.endswith("|"):
            return None
        rows[-1].append(cells)
    rows = rows[:-1]
    texts: list[list[str]] = []
    for row in rows:
        texts.append([])
        for column in range(len(bounds) - 1):
            parts = [r[column].strip() for r in row]
            while parts and not parts[-1]:
                parts.pop()
            while parts and not parts[0]:
                parts.pop(0)
            if "" in parts or any(_NOT_ONE_PARAGRAPH.match(p) for p in parts):
                return None
            texts[-1].append(pipes_escaped(" ".join(parts)))
    if header_at not in (None, 1) or not rows:
        return None
    header = texts.pop(0) if header_at == 1 else [""] * (len(bounds) - 1)
    align = _align(lines[header_line or 0], bounds)
    out = ["| " + " | ".join(header) + " |", "|" + "|".join(align) + "|"]
    out += ["| " + " | ".join(row) + " |" for row in texts]
    return "\n".join(out) + "\n"


def grid_tables(text: str, report: Callable[[str, str], None],
                converted: Callable[[str], None], keep: Callable[[str], str]) -> str:
    """Each grid table in `text` as a pipe table; one without a pipe form is a `text`
    code block, put aside by `keep` (no later step may read its cells), and `report`ed
    (with its first line, which finds its line number)."""

    def one(match: re.Match[str]) -> str:
        found = match.group().rstrip("\n")
        end = match.group()[len(found):]
        indent = found[:len(found) - len(found.lstrip(" \t"))]
        table = pipe_table(found)
        if table is None:
            report(found.split("\n")[0], "a grid table whose cells hold more than one "
                   "paragraph (or span columns or rows): kept as written, in a code block; "
                   "make each cell one paragraph (a pipe table), or write the table in HTML")
            return keep(f"{indent}```text\n{found}\n{indent}```") + end
        converted("grid tables as pipe tables")
        return "\n".join(indent + line for line in table.rstrip("\n").split("\n")) + end
    return _TABLE.sub(one, text) if "+-" in text else text

"""Pandoc's list-table filter (`pandoc-ext/list-table`, which Quarto projects load with
`filters: [list-table]`): a table written as a list of rows, each a list of cells,

    ::: {.list-table header-rows=1 aligns="c,l"}
    * - Goal
      - Description
    * - **✓**
      - Students will be able to …
    :::

becomes a pipe table when each cell is one paragraph (its lines joined). Without the
filter Lanting showed a nested list."""

from __future__ import annotations

import re

from lanting.importer.grid_tables import pipes_escaped

_ITEM = re.compile(r"^([ \t]*)[*+-](?:[ \t]+(.*))?$")
_ALIGN = {"l": ":--", "c": ":-:", "r": "--:", "d": "---"}


def _rows(text: str) -> list[list[list[str]]] | None:
    """The rows of a nested list, each a list of cells (each its lines); None when it is
    no list of lists of one-paragraph cells."""
    lines = [line.rstrip() for line in text.strip("\n").split("\n")]
    first = _ITEM.match(lines[0])
    if first is None:
        return None
    row_indent = len(first.group(1))
    rows: list[list[list[str]]] = []
    cell_indent: int | None = None
    for line in lines:
        if not line.strip():
            if rows and rows[-1] and rows[-1][-1] and rows[-1][-1][-1] != "":
                rows[-1][-1].append("")  # (a blank line: the cell may end, or hold two)
            continue
        item = _ITEM.match(line)
        indent = len(line) - len(line.lstrip())
        if item and indent == row_indent:
            rows.append([])
            rest = item.group(2) or ""
            inner = _ITEM.match(rest)
            if inner:  # `* - first cell`
                cell_indent = indent + (len(line) - indent - len(rest)) + len(inner.group(1))
                rows[-1].append([inner.group(2) or ""])
            elif rest.strip():
                return None
            continue
        if not rows:
            return None
        if item and indent > row_indent and (cell_indent is None or indent == cell_indent):
            cell_indent = indent
            rows[-1].append([item.group(2) or ""])
        elif rows[-1] and indent > (cell_indent or row_indent):
            if rows[-1][-1] and rows[-1][-1][-1] == "":
                return None  # (a second paragraph in a cell: no pipe form)
            rows[-1][-1].append(line.strip())
        else:
            return None
    return rows


def list_table(attributes: str, body: str) -> str | None:
    """The pipe table of a `.list-table` div's body; None when it has no pipe form
    (a cell of two paragraphs, rows of different lengths, spans)."""
    rows = _rows(body)
    if not rows or re.search(r"\b(?:col|row)span\b|\{\s*\.?(?:col|row)span", body):
        return None
    cells = [[pipes_escaped(" ".join(part for part in cell if part)) for cell in row]
             for row in rows]
    width = max(len(row) for row in cells)
    if any(len(row) != width for row in cells):
        return None
    found = re.search(r"header-rows=[\"']?(\d+)", attributes)
    header_rows = int(found.group(1)) if found else 1
    if header_rows > 1:
        return None
    header = cells.pop(0) if header_rows == 1 else [""] * width
    aligns = re.search(r"aligns=[\"']([^\"']*)[\"']", attributes)
    marks = [_ALIGN.get(a.strip(), "---") for a in aligns.group(1).split(",")] \
        if aligns else []
    marks = (marks + ["---"] * width)[:width]
    out = ["| " + " | ".join(header) + " |", "|" + "|".join(marks) + "|"]
    out += ["| " + " | ".join(row) + " |" for row in cells]
    return "\n".join(out) + "\n"

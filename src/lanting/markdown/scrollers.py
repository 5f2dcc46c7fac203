"""Plugin: tables, which scroll sideways when they are wider than the column, can take
keyboard focus (`tabindex="0"`), so a reader without a mouse can scroll them too. Code
blocks and display math get the same attribute from their own renderers.

A table whose header cells are all empty has no header row: GFM needs one, so a table
without a header (kramdown's, or one written so on purpose) is written with an empty
one, which would show as a thin empty row.

A `|` inside a formula in a table row (`| $|x|$ |`) ends the cell there, as GFM says,
and `\\|` (a norm) becomes `|` before the formula is read: the row loses a cell or the
formula its meaning, silently. Each such row is a warning at its line. So is a row with
more cells than the header (`| 1 | 2 | 3 |` under `| a | b |`, or a `|` in a code span,
which ends the cell too): GFM drops the extra cells."""

from __future__ import annotations

import re
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_block.table import escapedSplit
from markdown_it.rules_core import StateCore

from lanting.markdown.mathsyntax import dollar_formula
from lanting.model.problem import Problem

_DOLLAR = re.compile(r"(?<!\\)\$+")
_CODE_SPAN = re.compile(r"(`+).*?\1")
_LOOSE_PIPE = re.compile(r"(?<!\\\\)\|")
"""A `|` that ends the cell or reaches the formula as `|`; not one after `\\\\`, which
the table reads as an escaped `|` (dropping one backslash), so the formula gets `\\|`,
the norm its writer meant (as markdown-it's tables read it for VuePress too)."""
_ROW_PREFIX = re.compile(r"^(?:[ \t]*>)*[ \t]*")
"""What stands before a table row nested in a block quote or a list item."""
_ALIGN = r"[ \t]*:?-+:?[ \t]*"
_DELIMITER_ROW = re.compile(rf"^(?:[ \t]*>)*[ \t]*\|?(?:{_ALIGN}\|)*{_ALIGN}\|?[ \t]*$")
"""`|---|:--:|`: the second line of a GFM table (a MyST `{list-table}` has none)."""
EXTRA_CELLS_HINT = ("add a column to the header row (and its `---` line), or write a `|` "
                    "that is text as `\\|` (in code too)")
PIPE_HINT = ("in a table, write `\\vert` for | and `\\Vert` for ‖ inside a formula "
             "(`\\lvert x \\rvert`, `\\lVert x \\rVert`)")


def _pipe_in_formula(line: str) -> bool:
    """Whether a formula of this table row (dollars paired in order, code spans left
    out; two single dollars the `$` rule takes for money or prose, `| $/1M tokens |
    $ 2.50 |`, are none) holds a `|`."""
    if "$" not in line:
        return False
    line = _CODE_SPAN.sub("", line)
    runs = list(_DOLLAR.finditer(line))
    return any(_LOOSE_PIPE.search(line[a.end():b.end()])
               for a, b in zip(runs[::2], runs[1::2], strict=False)
               if not (a.group() == b.group() == "$"
                       and not dollar_formula(line, a.start(), b.start())))


def row_cells(line: str) -> list[str]:
    """The cells of a table row, as markdown-it's table rule splits it."""
    cells = escapedSplit(_ROW_PREFIX.sub("", line).strip())
    if cells and cells[0] == "":
        cells.pop(0)
    if cells and cells[-1] == "":
        cells.pop()
    return [cell.strip() for cell in cells]


def _check_table(state: StateCore, first: int, last: int) -> None:
    env: Any = state.env
    ctx = env.get("lanting")
    if ctx is None:
        return
    lines = state.src.split("\n")[first:last]
    gfm = len(lines) > 1 and _DELIMITER_ROW.match(lines[1]) is not None
    columns = len(row_cells(lines[1])) if gfm else 0

    def warn(offset: int, message: str, hint: str) -> None:
        env.setdefault("problems", []).append(Problem(
            message, ctx.path, ctx.body_line + first + offset, hint=hint, severity="warning"))

    for offset, line in enumerate(lines):
        if _pipe_in_formula(line):
            warn(offset, "a `|` inside a formula ends the table cell there (and `\\|` is "
                 "read as `|`)", PIPE_HINT)
        elif gfm and offset >= 2 and "|" in line:
            cells = row_cells(line)
            if lost := [cell for cell in cells[columns:] if cell]:
                warn(offset, f"a table row has {len(cells)} cells, its header {columns}: "
                     f"`{' | '.join(lost)}` is not shown", EXTRA_CELLS_HINT)


def _focusable_tables(state: StateCore) -> None:
    tokens = state.tokens
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.type == "table_open":
            token.attrSet("tabindex", "0")
            if token.map is not None:
                _check_table(state, *token.map)
        elif token.type == "thead_open":
            end = next(j for j in range(i, len(tokens)) if tokens[j].type == "thead_close")
            if all(t.content.strip() == "" for t in tokens[i:end] if t.type == "inline"):
                del tokens[i:end + 1]
                continue
        i += 1


def scrollers_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("focusable_tables", _focusable_tables)

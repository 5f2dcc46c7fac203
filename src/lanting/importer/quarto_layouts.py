"""Quarto's layout divs (`::: {layout-ncol=2}`, `layout-nrow=2`, `layout="[[1,1],[1]]"`)
as Lanting's columns: a `:::: {.columns}` for each row, a `::: {.column width="50%"}`
for each cell. Quarto makes a cell of each block in the div (a paragraph, a list, a
div), a heading going with the block after it; a paragraph of images alone is a cell
for each image. Read by `quarto_divs`."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable

from lanting.importer.quarto_div_syntax import Div, option

_HEADING = re.compile(r"^#{1,6}[ \t]")
_LIST = re.compile(r"^(?:[-*+]|\d+[.)])[ \t]")
_IMAGE = r"!\[[^\]\n]*\]\([^)\n]*\)(?:\{[^}\n]*\})?"
_IMAGES = re.compile(rf"^[ \t]*{_IMAGE}(?:[ \t]+{_IMAGE})*[ \t]*$")
_ONE_IMAGE = re.compile(_IMAGE)


def cells(nodes: list[str | Div], render: Callable[[list[str | Div]], str]) -> list[str]:
    """The div's content as Quarto's cells, each its Markdown."""
    blocks: list[list[str]] = [[]]
    for node in nodes:
        if isinstance(node, Div):
            blocks += [[render([node]).strip("\n")], []]
        elif node.strip():
            blocks[-1].append(node)
        else:
            blocks.append([])
    out: list[str] = []
    heading = ""
    for lines in (b for b in blocks if b):
        if _HEADING.match(lines[0]):
            heading, lines = lines[0], lines[1:]
            if not lines:
                continue
        listed = bool(out) and any(_LIST.match(line) for line in out[-1].split("\n"))
        if listed and not heading and (lines[0][:1] in (" ", "\t") or _LIST.match(lines[0])):
            out[-1] += "\n\n" + "\n".join(lines)  # (a list's items apart: one list)
            continue
        if all(_IMAGES.match(line) for line in lines):
            images = [m.group() for line in lines for m in _ONE_IMAGE.finditer(line)]
            out += [f"{heading}\n\n{images[0]}" if heading else images[0], *images[1:]]
        else:
            out.append("\n".join(([heading, ""] if heading else []) + lines))
        heading = ""
    if heading:
        out.append(heading)
    return out


def rows(attributes: str, count: int) -> list[list[float]] | None:
    """Each row's cells' widths in percent (a spacer's negative), for `count` cells;
    None for a layout not read."""
    ncol, nrow, layout = (option(attributes, k) for k in ("layout-ncol", "layout-nrow",
                                                              "layout"))
    if layout:
        try:
            parsed = json.loads(layout)
        except ValueError:
            return None
        if not isinstance(parsed, list):
            return None
        shape = parsed if all(isinstance(r, list) for r in parsed) else [parsed]
        if not shape or not all(isinstance(r, list) and r and all(
                isinstance(w, int | float) and w for w in r) for r in shape):
            return None
        if not any(w > 0 for row in shape for w in row):
            return None
        return [[100 * w / sum(abs(v) for v in row) for w in row] for row in shape]
    columns = int(ncol) if ncol.isdigit() else math.ceil(count / int(nrow)) \
        if nrow.isdigit() and int(nrow) else 0
    if columns < 1:
        return None
    return [[100 / columns] * columns for _ in range(math.ceil(count / columns))]


def columns(div: Div, render: Callable[[list[str | Div]], str], fence: int) -> str | None:
    """The div as rows of columns, `fence` the length of a column's fence (its row's one
    longer); None if its layout is not read."""
    found = cells(div.children, render)
    shape = rows(div.attributes, len(found))
    if shape is None:
        return None
    out: list[str] = []
    left = list(found)
    while left:
        for row in shape:
            parts: list[str] = []
            for width in row:
                if width > 0 and not left:
                    break  # (the last row's cells keep their widths, the rest is empty)
                text = "" if width < 0 else left.pop(0)
                parts.append(f'{":" * fence} {{.column width="{_percent(abs(width))}"}}\n'
                             f"{text}\n{':' * fence}")
            out.append(f"{':' * (fence + 1)} {{.columns}}\n" + "\n".join(parts)
                       + f"\n{':' * (fence + 1)}")
            if not left:
                break
    return "\n\n".join(out)


def _percent(width: float) -> str:
    return f"{width:.2f}".rstrip("0").rstrip(".") + "%"

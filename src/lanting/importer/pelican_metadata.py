"""Pelican's metadata: the `Key: value` lines heading a Markdown file (Python-Markdown's
meta extension), and a notebook's — in `x.ipynb-meta` (pelican-ipynb) or `x.nbdata`
(pelican-jupyter) beside it, or in its first cell (`IPYNB_MARKUP_USE_FIRST_CELL`), with
`Subcells: [start, end]` choosing the cells shown."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.quarto_notebook import cell_text
from lanting.importer.report import Report

META_LINE = re.compile(r"^[ ]{0,3}([A-Za-z0-9_-]+):\s*(.*)$")
_MORE_LINE = re.compile(r"^[ ]{4,}(.*)$")


def read_header(text: str) -> tuple[dict[str, str], str, int]:
    """Python-Markdown's metadata lines at the top of `text` (`Key: value`, a line
    indented four spaces continuing the value; they end at the first blank line or a
    line of neither kind): (values by lower-case key, the text after them, how many
    lines they took)."""
    lines = text.split("\n")
    found: dict[str, str] = {}
    key = ""
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            break
        match = META_LINE.match(line)
        more = _MORE_LINE.match(line)
        if match:
            key = match.group(1).lower()
            found[key] = (found[key] + "\n" if key in found else "") + match.group(2).strip()
        elif more and key:
            found[key] += "\n" + more.group(1).strip()
        else:
            break
        i += 1
    return found, "\n".join(lines[i:]), i


def split_list(value: str) -> list[str]:
    """`Tags: a, b` (`a; b` when a semicolon is in it), as Pelican splits them."""
    parts = value.replace("\n", ",").split(";" if ";" in value else ",")
    return [p.strip() for p in parts if p.strip()]


SIDECARS = (".ipynb-meta", ".nbdata")
"""A notebook's metadata beside it: pelican-ipynb's `x.ipynb-meta`, pelican-jupyter's
`x.nbdata` (both `Key: value` lines)."""


def sidecar(notebook: Path) -> Path | None:
    return next((notebook.with_suffix(s) for s in SIDECARS
                 if notebook.with_suffix(s).is_file()), None)


def first_cell_header(notebook: dict[str, Any]) -> dict[str, str]:
    """pelican-jupyter's metadata in a notebook's first cell: `- Title: x` lines (a
    Markdown list, blank lines between), `# x` the title."""
    cells = notebook.get("cells") or [{}]
    text = cell_text(cells[0]) if isinstance(cells[0], dict) else ""
    text = re.sub(r"^#+\s+", "title: ", text, flags=re.MULTILINE)
    text = re.sub(r"^\s*[*+-]\s+", "", text, flags=re.MULTILINE)
    header, _rest, _count = read_header("\n".join(x for x in text.split("\n") if x.strip()))
    return header


def notebook_header(path: Path, notebook: dict[str, Any], report: Report) -> dict[str, str]:
    """A notebook's metadata; its cells cut to those Pelican showed (the first one
    when it held the metadata; `Subcells:`)."""
    beside = sidecar(path)
    if beside is not None:
        header, _rest, _count = read_header(read_text(beside))
        start = 0
    else:  # (`IPYNB_MARKUP_USE_FIRST_CELL`: the first cell's lines, taken out)
        header, start = first_cell_header(notebook), 1
    stop = None
    if "subcells" in header:  # (`Subcells: [1, -2]`: the cells Pelican showed)
        try:
            first, end = ast.literal_eval(header["subcells"])
            start, stop = int(first or 0), None if end is None else int(end)
        except (ValueError, SyntaxError, TypeError):
            report.warn(path, None, f"`Subcells: {header['subcells']}` is no pair of "
                        "numbers: every cell shown")
    notebook["cells"] = notebook["cells"][start:stop]
    return header

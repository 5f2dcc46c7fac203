"""A Jupyter Book page's title: its first heading, taken out of its text (a Markdown
file's, or a notebook's first Markdown cell's), when nothing but targets and comments come
before it."""

from __future__ import annotations

from typing import Any

from lanting.importer.jupyterbook_refs import heading_title
from lanting.importer.quarto_notebook import cell_text, markdown_cells


def first_heading(text: str) -> tuple[str, str] | None:
    """(the text of the first heading, when nothing but targets and comments come before
    it, the text without it)."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        stripped = line.strip()
        if not stripped or stripped.startswith("%") or (stripped.startswith("(")
                                                        and stripped.endswith(")=")):
            continue
        found = heading_title(line)
        if found is None or not line.lstrip().startswith("# "):
            return None
        return found, "\n".join(lines[:i] + lines[i + 1:])
    return None


def notebook_title(notebook: dict[str, Any]) -> str | None:
    """A notebook's title, its first Markdown cell's first heading (taken out)."""
    for cell in markdown_cells(notebook):
        found = first_heading(cell_text(cell))
        if found is not None:
            cell["source"] = found[1]
            return found[0]
        if cell_text(cell).strip():
            return None
    return None

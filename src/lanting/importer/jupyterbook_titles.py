"""A Jupyter Book page's title: its first heading, taken out of its text (a Markdown
file's, or a notebook's first Markdown cell's), when nothing but targets and comments come
before it; and how many sections come after it (`sections_after_title`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.jupyterbook_refs import heading_title
from lanting.importer.quarto_notebook import cell_text, markdown_cells
from lanting.importer.section_numbering import top_sections
from lanting.importer.text import split_front_matter


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


def sections_after_title(path: Path) -> int:
    """How many top sections a Markdown file or notebook has under its title, which a
    numbered chapter's sub-files are numbered after (0 for another kind of file, whose
    sub-files are numbered from 1, as before)."""
    suffix = path.suffix.lower()
    try:
        if suffix == ".md":
            text = split_front_matter(read_text(path))[2]
        elif suffix == ".ipynb":
            text = "\n\n".join(cell_text(c) for c in markdown_cells(json.loads(read_text(path))))
        else:
            return 0
    except (OSError, ValueError):
        return 0
    found = first_heading(text)
    return top_sections(found[1] if found is not None else text)

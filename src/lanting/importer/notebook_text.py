"""The text of a page a link's `#fragment` names a heading of: a Jupyter notebook's
Markdown cells (its headings are written there, not in the JSON's lines), an Org file
as the Markdown Pandoc makes of it (its `* headings`, and the `:ID:` each keeps as its
id), else the file's text."""

from __future__ import annotations

import json
from pathlib import Path

from lanting.importer.markups import as_markdown


def page_text(path: Path) -> str:
    """The Markdown of `path`: a notebook's Markdown cells one after another, a blank line
    between them; an Org file converted (as it is without Pandoc); any other file's text
    (a notebook that is no JSON, too)."""
    text = path.read_text(encoding="utf-8", errors="replace").replace("\r\n", "\n")
    if path.suffix.lower() == ".org":
        try:
            return as_markdown(path, text).text
        except OSError:  # (no Pandoc: the import said so where it read the page)
            return text
    if path.suffix.lower() != ".ipynb":
        return text
    try:
        notebook = json.loads(text)
    except ValueError:
        return text
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    parts = []
    for cell in cells if isinstance(cells, list) else []:
        if isinstance(cell, dict) and cell.get("cell_type") == "markdown":
            source = cell.get("source", "")
            parts.append("".join(source) if isinstance(source, list) else str(source))
    return "\n\n".join(parts)

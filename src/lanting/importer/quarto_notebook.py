"""A Quarto post written as a notebook (`posts/x/index.ipynb`): a Lanting notebook post,
`content/posts/<slug>.ipynb`. Quarto's front matter is the first cell (raw or Markdown,
a `---` block), as Lanting's is; Lanting shows the stored outputs as Quarto did (neither
runs the notebook). A notebook post has no bundle, so the files its Markdown cells use
(`images/x.png`) go to `static/` at their old paths and the links become absolute.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.report import Report
from lanting.importer.site import NewSite
from lanting.importer.text import load_mapping, split_front_matter


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def notebook_post(report: Report, path: Path) -> tuple[dict[str, Any], str,
                                                        dict[str, Any]] | None:
    """(front matter, its text, the notebook without the front-matter cell)."""
    try:
        notebook = json.loads(read_text(path))
    except ValueError as bad:
        report.warn(path, None, f"not a notebook ({bad}): left out")
        return None
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    if not isinstance(cells, list):
        report.warn(path, None, "a notebook without cells: left out")
        return None
    data: dict[str, Any] = {}
    head = ""
    if cells and isinstance(cells[0], dict) and cells[0].get("cell_type") in ("raw",
                                                                             "markdown"):
        fmt, found, rest, _first = split_front_matter(_source(cells[0]).lstrip())
        if fmt == "yaml":
            data, error = load_mapping("yaml", found)
            if error:
                report.warn(path, None, f"front matter not read ({error})")
            head = found
            cells = cells[1:]
            if rest.strip():
                cells.insert(0, {"cell_type": "markdown", "metadata": {}, "source": rest})
    return data, head, {**notebook, "cells": cells}


def markdown_cells(notebook: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for c in notebook.get("cells", []) if isinstance(c, dict)
            and c.get("cell_type") == "markdown"]


def cell_text(cell: dict[str, Any]) -> str:
    return _source(cell)


def static_file(source: Path, site: NewSite, path: Path, url: str) -> str | None:
    """A file a notebook post uses, at its old path in `static/` (a notebook post has no
    bundle): its absolute URL."""
    if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//|^#", url) or not url:
        return None
    rel = url.split("#", 1)[0].split("?", 1)[0]
    # (`/images/x.png`: Quarto's path from the project's root)
    file = source / rel.lstrip("/") if rel.startswith("/") else path.parent / rel
    if not file.is_file() or not file.resolve().is_relative_to(source.resolve()):
        return None
    rel = file.resolve().relative_to(source.resolve()).as_posix()
    site.static[rel] = file
    site.report.convert("files of notebook posts (static/)")
    return "/" + rel


"""A notebook made into slides by RISE or `jupyter nbconvert --to slides`: each cell's
`metadata.slideshow.slide_type` says where it goes — `slide` starts a slide (and
`subslide` one under it), `fragment` and `-` go on with the slide, `notes` are its
speaker notes, `skip` is left out. Read as a notebook page, a lecture's deck was one
long page of its cells, its notes among them. Here its cells are put in the order a
talk reads them (a line `---` before each slide's first cell, its notes after a line
`Note:` at its end), for `quarto_notebook_deck.notebook_markdown` to make the talk's
Markdown of.
"""

from __future__ import annotations

from typing import Any

_STARTS = frozenset({"slide", "subslide"})


def slide_type(cell: Any) -> str:
    """The cell's `slideshow.slide_type` (`-`: none)."""
    meta = cell.get("metadata") if isinstance(cell, dict) else None
    show = meta.get("slideshow") if isinstance(meta, dict) else None
    kind = show.get("slide_type") if isinstance(show, dict) else None
    return kind if isinstance(kind, str) else "-"


def is_slideshow(notebook: dict[str, Any]) -> bool:
    """Whether the notebook was made into slides: a cell of it starts one."""
    return any(slide_type(cell) in _STARTS for cell in notebook.get("cells", []))


def slideshow_cells(notebook: dict[str, Any]) -> dict[str, Any]:
    """The notebook with its cells in a talk's order: `---` between slides, each
    slide's notes last after `Note:`, skipped cells left out."""
    slides: list[tuple[list[Any], list[Any]]] = [([], [])]
    for cell in notebook.get("cells", []):
        kind = slide_type(cell)
        if kind == "skip":
            continue
        if kind in _STARTS and (slides[-1][0] or slides[-1][1]):
            slides.append(([], []))
        slides[-1][1 if kind == "notes" else 0].append(cell)
    cells: list[Any] = []
    for n, (shown, notes) in enumerate(slides):
        if n:
            cells.append(_raw("---"))
        cells += shown
        if notes:
            cells += [_raw("Note:"), *notes]
    return {**notebook, "cells": cells}


def _raw(text: str) -> dict[str, Any]:
    return {"cell_type": "raw", "metadata": {}, "source": text}

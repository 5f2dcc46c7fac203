"""A Quarto post written as a notebook (`posts/x/index.ipynb`): a Lanting notebook post,
`content/posts/<slug>.ipynb`. Quarto's front matter is the first raw or Markdown cell
(a `---` block, code cells before it too), Lanting's the first cell; Lanting shows the
stored outputs as Quarto did (neither runs the notebook). A notebook post has no bundle,
so the files its Markdown cells use (`images/x.png`) go to `static/` at their old paths
and the links become absolute.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from lanting.content.notebook_reader import NotebookReader
from lanting.errors import LantingError
from lanting.importer.common import read_text
from lanting.importer.other_case import beside_in_other_case
from lanting.importer.quarto_nbdev import (
    HIDDEN,
    SHOWN_EXPORTS,
    directives,
    is_nbdev,
    nbdev_front,
)
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
    if isinstance(notebook, dict) and notebook.get("nbformat") in (1, 2, 3):
        notebook = _upgraded(report, path)  # (its cells in `worksheets`: nbformat 3's)
        if notebook is None:
            return None
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    if not isinstance(cells, list):
        report.warn(path, None, "a notebook without cells: left out")
        return None
    data: dict[str, Any] = {}
    head = ""
    # (the first raw or Markdown cell that opens with a `---` block, code cells before it
    # too: Quarto reads the YAML blocks of the whole notebook, as Pandoc reads them, and
    # a deck that imports its libraries first put its front matter in the second cell)
    for at, cell in enumerate(cells):
        if not isinstance(cell, dict) or cell.get("cell_type") not in ("raw", "markdown"):
            continue
        fmt, found, rest, _first = split_front_matter(_source(cell).lstrip())
        if fmt == "yaml":
            data, error = load_mapping("yaml", found)
            if error:
                report.warn(path, None, f"front matter not read ({error})")
            head = found
            cells = cells[:at] + ([{"cell_type": "markdown", "metadata": {},
                                    "source": rest}] if rest.strip() else []) + cells[at + 1:]
        break
    if not data and is_nbdev(path):  # (its first cell's `# Title`, `> description`)
        data, head, cells = nbdev_front(cells)
    return data, head, {**notebook, "cells": cells}


def _upgraded(report: Report, path: Path) -> dict[str, Any] | None:
    """An old notebook (nbformat 1–3, as Jupyter wrote them before 2015) as the build
    reads it, converted to nbformat 4: it was left out as a notebook without cells."""
    try:
        return NotebookReader(path).load(read_text(path))
    except LantingError as error:
        report.warn(path, None, f"{error.problems[0].message}: left out")
        return None


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
    # (`Datasets/embeded.png` for `Embeded.png`: the writer's computer ignored case)
    file = beside_in_other_case(source.resolve(), file.resolve()) or file
    if not file.is_file() or not file.resolve().is_relative_to(source.resolve()):
        return None
    rel = file.resolve().relative_to(source.resolve()).as_posix()
    site.static[rel] = file
    site.report.convert("files of notebook posts (static/)")
    return "/" + rel



_OPTION = re.compile(r"^[ \t]*#\|[ \t]?(.*)$")
_SHOWN = re.compile(r"^[ \t]*#\|[ \t]*(?:filename|code-fold|code-summary)[ \t]*:")
"""The options of how a cell's code is shown (its title, its fold), which Lanting's
notebook reader obeys as Quarto did (`content.cell_options`): kept in the code."""
_ANNOTATION = re.compile(r"[ \t]*(#|//|--|%)[ \t]*<(\d{1,2})>[ \t]*$", re.MULTILINE)
"""Quarto's code annotation marker ending a line, `x = f(y)  # <1>`."""
_CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"


def code_annotations(code: str) -> tuple[str, int]:
    """Quarto's code annotations (`# <1>` ending a line, explained by the numbered list
    after the cell): Quarto hid each marker behind a circled number; Lanting showed
    `# <1>` in the code. Each becomes a comment of that circled number, `# ①` (the list
    stays the list). Returns the code and how many were changed."""
    def one(match: re.Match[str]) -> str:
        number = int(match.group(2))
        mark = _CIRCLED[number - 1] if 0 < number <= len(_CIRCLED) else f"({number})"
        return f"  {match.group(1)} {mark}"

    return _ANNOTATION.subn(one, code) if "<" in code else (code, 0)
_FIGURE_TYPES = {"image/png": "png", "image/jpeg": "jpg", "image/gif": "gif",
                 "image/webp": "webp", "image/svg+xml": "svg"}
"""The images Lanting shows of an output, in the order it prefers them."""


def cell_options(report: Report, path: Path, notebook: dict[str, Any]) -> dict[str, Any]:
    """The notebook as Quarto showed it: each code cell's `#|` option lines (which Quarto
    never shows) taken out and obeyed. `include: false` leaves the cell out, `echo:
    false` its code (its outputs stay), `output: false` its outputs; a `label: fig-x`
    cell's image output is a Markdown cell `![caption](attachment:…){#fig-x}` after it, a
    numbered figure that `@fig-x` refers to (a real course's chapters referred to their
    plots so, and the build failed on every reference); with `output: asis` what the
    code printed is a Markdown cell."""
    cells: list[Any] = []
    exported = 0
    for number, cell in enumerate(notebook.get("cells", []), start=1):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            cells.append(cell)
            continue
        text, marks = code_annotations(_source(cell))
        if marks:
            report.convert("code annotations (`# <1>`) as circled numbers", marks)
            cell = {**cell, "source": text}
        lines = text.split("\n")
        head = 0
        while head < len(lines) and _OPTION.match(lines[head]):
            head += 1
        if not head:
            cells.append(cell)
            continue
        flags, written = directives(lines[:head])
        options, error = load_mapping("yaml", "\n".join(
            _OPTION.sub(r"\1", line) for line in written))
        if error:
            report.warn(path, None, f"cell {number}: its `#|` options not read ({error})")
        report.convert("Quarto's cell options (`#|` lines) obeyed")
        if flags:
            report.convert("nbdev's directives (`#| export`, `#| hide`) obeyed")
            exported += bool(flags & SHOWN_EXPORTS)
        if options.get("include") is False or flags & HIDDEN:
            continue
        stored = cell.get("outputs")
        outputs = list(stored) if isinstance(stored, list) and options.get("output") \
            is not False else []
        # (the title and fold kept for the reader: taken out, the file name over a
        # post's code and its fold were lost)
        shown = [line for line in lines[:head] if _SHOWN.match(line)]
        code = "" if options.get("echo") is False else "\n".join(
            [*shown, *lines[head:]]).strip("\n")
        label = str(options.get("label") or "")
        figure = _figure(label, options, outputs) if label.startswith("fig-") else None
        if figure is not None:
            outputs.remove(figure[1])
        asis = [o for o in outputs if options.get("output") == "asis"
                and isinstance(o, dict) and o.get("output_type") == "stream"]
        cells.append({**cell, "source": code,
                      "outputs": [o for o in outputs if not any(o is a for a in asis)]})
        if asis:  # (what the code printed is Markdown: `output: asis`)
            cells.append({"cell_type": "markdown", "metadata": {}, "source": "".join(
                _source({"source": o.get("text", "")}) for o in asis)})
        if figure is not None:
            cells.append(figure[0])
    if exported:
        report.note(path, None, f"{exported} cell(s) nbdev exported (`#| export`): their "
                    "code is shown; nbdev's docs showed the signature and docstring of what "
                    "they define (`show_doc`, which runs the code)")
    return {**notebook, "cells": cells}


def _figure(label: str, options: dict[str, Any], outputs: list[Any]) -> tuple[
        dict[str, Any], Any] | None:
    """(the Markdown cell of a labelled figure, the image output it shows) for the
    cell's one image output."""
    images = []
    for output in outputs:
        data = output.get("data") if isinstance(output, dict) else None
        mime = next((m for m in _FIGURE_TYPES if m in data), None) \
            if isinstance(data, dict) else None
        if mime is not None:
            images.append((output, mime))
    if len(images) != 1:
        return None
    output, mime = images[0]
    name = f"{label}.{_FIGURE_TYPES[mime]}"
    caption = options.get("fig-cap")
    caption = " ".join(caption.split()) if isinstance(caption, str) else ""
    # (the caption as the title, where its formulas show; `figure divs` write it so)
    alt = re.sub(r"\$([^$]*)\$", r"\1", caption).replace("]", "\\]")
    title = ' "' + caption.replace('"', "\u201d") + '"' if caption else ""
    return {"cell_type": "markdown", "metadata": {},
            "source": f"![{alt}](attachment:{name}{title}){{#{label}}}\n",
            "attachments": {name: {mime: output["data"][mime]}}}, output

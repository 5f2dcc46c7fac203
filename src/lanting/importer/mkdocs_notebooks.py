"""The notebooks mkdocs-jupyter made pages of: `.ipynb` files, and `.py` files read as
jupytext reads them, both matched by the plugin's `include` and not its `ignore` globs
(default `*.py`, `*.ipynb`, matched from the right as `PurePath.match` does). A script
is in the percent format (`# %%` cells, `# %% [markdown]` with commented lines) when it
has a `# %%` line, else in the light format (blocks between blank lines; a block of
comments alone is Markdown; `# +` … `# -` a cell with blank lines in it). mknotebooks,
the other plugin, made pages of every `.ipynb` file."""

from __future__ import annotations

import re
from fnmatch import fnmatch
from pathlib import Path, PurePosixPath
from typing import Any

from lanting.importer.mkdocs_settings import plugin

_DEFAULT_INCLUDE = ("*.py", "*.ipynb")
_MARKER = re.compile(r"^#\s?%%(?!%)(.*)$")
_HEADER = re.compile(r"\A(?:#!.*\n)?# ---\n((?:#.*\n)*?)# ---\n")
_KERNEL = re.compile(r"^#\s+kernelspec:\n((?:#\s{4,}.*\n)+)", re.MULTILINE)
_MAGIC = re.compile(r"^# ([%!]\S)")


def notebook_plugin(config: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """The plugin that made pages of the site's notebooks, and its options as
    mkdocs-jupyter's (`include`, `execute`); None when neither is used."""
    jupyter = plugin(config, "mkdocs-jupyter")
    if jupyter is not None:
        return "mkdocs-jupyter", jupyter
    mknotebooks = plugin(config, "mknotebooks")
    if mknotebooks is not None:
        return "mknotebooks", {"include": ["*.ipynb"], "execute": mknotebooks.get("execute")}
    return None


def notebook_files(docs: Path, files: list[Path], options: dict[str, Any]) -> list[Path]:
    """The files of `docs` mkdocs-jupyter turned into pages, by its `include` and
    `ignore` options."""
    include = [str(p) for p in options.get("include") or _DEFAULT_INCLUDE]
    ignore = [str(p) for p in options.get("ignore") or []]
    found = []
    for path in files:
        if path.suffix.lower() not in (".py", ".ipynb"):
            continue
        rel = PurePosixPath(path.relative_to(docs).as_posix())
        if any(rel.match(p) for p in include) and not any(rel.match(p) for p in ignore):
            found.append(path)
    return found


def executed(docs: Path, path: Path, options: dict[str, Any]) -> bool:
    """Whether mkdocs-jupyter ran the notebook: `execute: true`, and no glob of
    `execute_ignore` names it (a course's `**/*_students.ipynb`, the exercises handed
    out blank, which the old site showed without outputs too)."""
    if not options.get("execute"):
        return False
    rel = path.relative_to(docs).as_posix()
    ignore = options.get("execute_ignore") or []
    return not any(fnmatch(rel, str(p)) or fnmatch(rel, str(p).removeprefix("**/"))
                   for p in (ignore if isinstance(ignore, list) else [ignore]))


def script_notebook(text: str) -> dict[str, Any]:
    """A notebook (nbformat 4) from a script in jupytext's percent or light format.
    Markdown cells lose their comment marks; code cells their commented magics
    (`# %matplotlib inline`), as jupytext reads them."""
    text = text.replace("\r\n", "\n")
    metadata: dict[str, Any] = {"language_info": {"name": "python"}}
    header = _HEADER.match(text)
    if header is not None:
        kernel = _KERNEL.search(header.group(1))
        if kernel is not None:
            metadata["kernelspec"] = dict(
                (key.strip(), value.strip()) for key, _, value in
                (line.lstrip("#").partition(":") for line in kernel.group(1).splitlines()))
        text = text[header.end():]
    percent = any(_MARKER.match(line) for line in text.split("\n"))
    cells = _percent_cells(text) if percent else _light_cells(text)
    return {"nbformat": 4, "nbformat_minor": 5, "metadata": metadata,
            "cells": [c for c in (_cell(kind, lines) for kind, lines in cells) if c]}


def _cell(kind: str, lines: list[str]) -> dict[str, Any] | None:
    while lines and not lines[-1].strip():
        lines.pop()
    while lines and not lines[0].strip():
        lines.pop(0)
    if not lines:
        return None
    if kind in ("markdown", "raw"):
        return {"cell_type": kind, "metadata": {},
                "source": "\n".join(re.sub(r"^# ?", "", line) for line in lines)}
    return {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
            "source": "\n".join(_MAGIC.sub(r"\1", line) for line in lines)}


def _percent_cells(text: str) -> list[tuple[str, list[str]]]:
    cells: list[tuple[str, list[str]]] = [("code", [])]
    for line in text.split("\n"):
        marker = _MARKER.match(line)
        if marker is None:
            cells[-1][1].append(line)
            continue
        options = marker.group(1)
        kind = "markdown" if re.search(r"\[(?:markdown|md)\]", options) else \
            "raw" if "[raw]" in options else "code"
        cells.append((kind, []))
    return cells


_LIGHT_OPEN = re.compile(r"^# \+(.*)$")


def _light_cells(text: str) -> list[tuple[str, list[str]]]:
    cells: list[tuple[str, list[str]]] = []
    lines = text.split("\n")
    block: list[str] = []

    def close() -> None:
        if any(line.strip() for line in block):
            comments = all(line.startswith("#") for line in block if line.strip())
            cells.append(("markdown" if comments else "code", list(block)))
        block.clear()

    i = 0
    while i < len(lines):
        line = lines[i]
        opened = _LIGHT_OPEN.match(line)
        if opened is not None:  # (`# +` … `# -`: one cell, blank lines and all)
            close()
            end = next((j for j in range(i + 1, len(lines)) if lines[j].rstrip() == "# -"),
                       len(lines))
            kind = "markdown" if "[markdown]" in opened.group(1) else "code"
            cells.append((kind, lines[i + 1:end]))
            i = end + 1
            continue
        if not line.strip():
            ahead = next((ln for ln in lines[i + 1:] if ln.strip()), "")
            # (a blank line inside a function or a bracket: the code goes on indented)
            if not ahead[:1].isspace() and ahead[:1] not in (")", "]", "}"):
                close()
                i += 1
                continue
        block.append(line)
        i += 1
    close()
    return cells

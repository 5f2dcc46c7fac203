"""A notebook kept as Jupytext's Markdown (`talk.md` with a `jupyter: jupytext:`
header), read into its cells as Jupyter reads it back.

Jupytext pairs a notebook with a Markdown file: a code cell is a fenced block of the
kernel's language (its metadata after the language, ```` ```python
slideshow={"slide_type": "fragment"} ````), a Markdown cell with metadata lies between
`<!-- #region {…} -->` and `<!-- #endregion -->` (`#md` too), a raw cell between
`<!-- #raw -->` and `<!-- #endraw -->`, and any other text is a Markdown cell, two blank
lines ending one. A RISE deck kept so (each region's `slideshow` metadata) was a page of
a folder of notes, its slides one text with their region comments; as cells it is the
talk a notebook deck is (`notebook_slides`).
"""

from __future__ import annotations

import json
import re
from typing import Any

from lanting.importer.text import load_mapping, split_front_matter

_OPEN = re.compile(r"^<!--\s*#(region|md|raw)\b(.*?)-->\s*$")
_CLOSE = re.compile(r"^<!--\s*#end(region|md|raw)\s*-->\s*$")
_FENCE = re.compile(r"^(`{3,})\s*([\w+-]+)?(.*)$")
_PAIR = re.compile(r"""([\w.-]+)=(\{.*?\}(?=\s+[\w.-]+=|\s*$)|"[^"]*"|\S+)""")


def jupytext_notebook(text: str) -> dict[str, Any] | None:
    """The notebook a Jupytext Markdown file holds (its cells, its header's kernel as
    its metadata); None when `text` is not one."""
    _fmt, head, body, _first = split_front_matter(text)
    data = load_mapping("yaml", head)[0] if head else {}
    jupyter = data.get("jupyter") if isinstance(data, dict) else None
    if not isinstance(jupyter, dict) or "jupytext" not in jupyter:
        return None
    kernel = jupyter.get("kernelspec")
    language = str(kernel.get("language", "python")) if isinstance(kernel, dict) else "python"
    return {"cells": _cells(body.split("\n"), language),
            "metadata": {"kernelspec": kernel if isinstance(kernel, dict) else {},
                         "language_info": {"name": language}}}


def _cells(lines: list[str], language: str) -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = []
    text: list[str] = []

    def markdown() -> None:
        for part in re.split(r"\n[ \t]*\n[ \t]*\n", "\n".join(text)):
            if part.strip():
                cells.append(_cell("markdown", part.strip("\n"), {}))
        text.clear()

    i = 0
    while i < len(lines):
        line = lines[i]
        opened, fence = _OPEN.match(line), _FENCE.match(line)
        if opened is not None:
            end = next((j for j in range(i + 1, len(lines)) if _CLOSE.match(lines[j])),
                       len(lines))
            markdown()
            kind = "raw" if opened.group(1) == "raw" else "markdown"
            cells.append(_cell(kind, "\n".join(lines[i + 1:end]).strip("\n"),
                               _metadata(opened.group(2))))
            i = end + 1
            continue
        if fence is not None and (fence.group(2) or "").lower() == language.lower():
            end = next((j for j in range(i + 1, len(lines))
                        if lines[j].strip() == fence.group(1)), len(lines))
            markdown()
            cells.append(_cell("code", "\n".join(lines[i + 1:end]),
                               _metadata(fence.group(3))))
            i = end + 1
            continue
        text.append(line)
        i += 1
    markdown()
    return cells


def _cell(kind: str, source: str, metadata: dict[str, Any]) -> dict[str, Any]:
    cell: dict[str, Any] = {"cell_type": kind, "metadata": metadata, "source": source}
    if kind == "code":
        cell |= {"outputs": [], "execution_count": None}
    return cell


def _metadata(text: str) -> dict[str, Any]:
    """A cell's metadata as Jupytext writes it: a JSON object (its format 1.1), or
    `key=value` pairs of JSON values (`slideshow={"slide_type": "slide"}`)."""
    text = text.strip()
    if text.startswith("{"):
        try:
            found = json.loads(text)
        except json.JSONDecodeError:
            return {}
        return found if isinstance(found, dict) else {}
    metadata: dict[str, Any] = {}
    for key, value in _PAIR.findall(text):
        try:
            metadata[key] = json.loads(value)
        except json.JSONDecodeError:
            metadata[key] = value
    return metadata

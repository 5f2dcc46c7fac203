"""Quarto notebooks whose front matter is not the first cell, and notebooks rendered as
slides (`format: revealjs`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from htmltree import parse_html
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site


def _cell(kind: str, source: str, *outputs: dict[str, Any]) -> dict[str, Any]:
    cell: dict[str, Any] = {"cell_type": kind, "metadata": {}, "source": source}
    if kind == "code":
        cell.update(execution_count=1, outputs=list(outputs))
    return cell


def _notebook(*cells: dict[str, Any]) -> str:
    return json.dumps({"cells": list(cells), "metadata": {"kernelspec": {
        "name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5})


def test_front_matter_after_a_leading_code_cell_is_read(tmp_path: Path) -> None:
    """Quarto reads the YAML blocks of the whole notebook: a notebook that imports its
    libraries first keeps its front matter in the second cell. Only the first cell was
    looked at, so the title, date and format were lost (the file's time was the date)
    and the front matter showed as a raw cell."""
    source = tmp_path / "site"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/fits/index.ipynb": _notebook(
            _cell("code", "import numpy as np"),
            _cell("raw", "---\ntitle: Least squares fits\ndate: 2024-03-01\n---"),
            _cell("markdown", "The normal equations $A^\\top A x = A^\\top b$.")),
    })
    done = import_site(source, tmp_path / "new")
    assert [w.message for w in done.report.warnings] == []
    notebook = json.loads((done.dest / "content/posts/fits.ipynb").read_text(
        encoding="utf-8"))
    front = "".join(notebook["cells"][0]["source"])
    assert "title: Least squares fits" in front and "date: 2024-03-01" in front
    assert ["---" in "".join(c["source"]) for c in notebook["cells"][1:]] == [False, False]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    page = parse_html((result.output / "posts/fits/index.html").read_text(encoding="utf-8"))
    assert page.one("h1").text() == "Least squares fits"

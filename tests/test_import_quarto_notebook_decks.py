"""Quarto notebooks whose front matter is not the first cell, and notebooks rendered as
slides (`format: revealjs`)."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

from htmltree import parse_html
from sitebits import png, write_files

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


def test_a_notebook_deck_is_a_talk(tmp_path: Path) -> None:
    """A lecture written as a notebook with `format: revealjs` became a notebook post:
    one long page, its `::: {.notes}` a warning and shown as text. It is a talk cut as a
    `.qmd` deck is: the code and its stored outputs on their slide (a plot an image of
    the site), the notes the slide's."""
    plot = base64.b64encode(png(8, 6)).decode()
    source = tmp_path / "site"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "slides/ridge/index.ipynb": _notebook(
            _cell("code", "#| echo: false\nimport numpy as np"),
            _cell("raw", "---\ntitle: Ridge regression\ndate: 2024-04-02\n"
                         "format: revealjs\n---"),
            _cell("markdown", "## The penalty\n\n$\\lambda \\|w\\|^2$\n\n"
                              "::: {.notes}\nStress the bias.\n:::"),
            _cell("code", "print(round(0.125, 2))",
                  {"output_type": "stream", "name": "stdout", "text": ["0.12\n"]}),
            _cell("markdown", "## The path"),
            _cell("code", "plot_path()", {"output_type": "display_data", "metadata": {},
                                          "data": {"image/png": plot,
                                                   "text/plain": "<Figure>"}})),
    })
    done = import_site(source, tmp_path / "new")
    assert [w.message for w in done.report.warnings] == []
    assert not (done.dest / "content/posts").exists()
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    deck = parse_html((result.output / "talks/ridge/slides/index.html").read_text(
        encoding="utf-8"))
    frames = deck.find_all("section", class_="slide-frame")
    assert [(f.find_all("h1") + f.find_all("h2"))[0].text() for f in frames] == [
        "Ridge regression", "The penalty", "The path"]
    assert frames[1].find("math") is not None
    assert [c.text() for c in frames[1].find_all("code")] == ["print(round(0.125, 2))",
                                                              "0.12"]
    assert frames[1].one("aside", class_="slide-notes").text() == "Stress the bias."
    assert "import numpy" not in deck.text()
    image = frames[2].one("img")["src"]
    assert (result.output / image.lstrip("/")).read_bytes() == png(8, 6)

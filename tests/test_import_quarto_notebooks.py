"""The Quarto importer on a site written only in notebooks (a course's chapters, notes
and articles as `.ipynb`, front matter in the first Markdown cell): listing pages that
are notebooks, and the `#|` options and code annotations of their cells."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from htmltree import parse_html
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site


def _notebook(first: str, *more: str) -> str:
    """A notebook whose first Markdown cell holds the front matter, as Quarto reads it."""
    return json.dumps({"cells": [{"cell_type": "markdown", "metadata": {}, "source": s}
                                 for s in (first, *more)],
                       "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def test_listing_pages_written_as_notebooks(tmp_path: Path) -> None:
    """A site written only in notebooks: `notes/index.ipynb` lists `*.ipynb` beside it,
    `teaching/index.ipynb` lists each course's `*/index.ipynb`. The import read no
    notebook's front matter before deciding what the listings were, so every note was a
    page and the listing pages were pages too. The notes are posts now, the first
    listing's text the blog page's; a course's chapters, which no listing names, stay
    pages."""
    source = tmp_path / "site"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "notes/index.ipynb": _notebook("---\ntitle: Notes\nlisting:\n  contents:\n"
                                       "    - '*.ipynb'\n---\n\nWorking notes, newest first.\n"),
        "notes/mle.ipynb": _notebook("---\ntitle: Maximum likelihood\ndate: '2024-08-22'\n"
                                     "---\n", "The estimate $\\hat\\theta$ maximises it.\n"),
        "teaching/index.ipynb": _notebook("---\ntitle: Courses\nlisting:\n  contents:\n"
                                         "    - '*/index.ipynb'\n---\n"),
        "teaching/la/index.ipynb": _notebook("---\ntitle: Linear algebra\ndate: '2024-01-01'"
                                            "\n---\n", "Start with [the SVD](svd.ipynb).\n"),
        "teaching/la/svd.ipynb": _notebook("---\ntitle: The SVD\n---\n",
                                          "$A = U \\Sigma V^\\top$\n"),
    })
    done = import_site(source, tmp_path / "new")
    written = sorted(p.relative_to(done.dest / "content").as_posix()
                     for p in (done.dest / "content").rglob("*.*"))
    assert written == ["pages/svd.ipynb", "posts/_index.md", "posts/la.ipynb",
                       "posts/mle.ipynb"]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    blog = parse_html((result.output / "blog/index.html").read_text(encoding="utf-8"))
    assert blog.one("h1").text() == "Notes"
    assert "Working notes" in blog.one("div", class_="blog-intro").text()
    assert {a["href"] for a in blog.find_all("a")} >= {"/posts/mle/", "/posts/la/"}
    post = parse_html((result.output / "posts/la/index.html").read_text(encoding="utf-8"))
    assert post.one("div", class_="prose").one("a")["href"] == "/svd/"


PNG_B64 = base64.b64encode(png(8, 6)).decode()


def _code(options: str, code: str, *outputs: dict[str, Any]) -> dict[str, Any]:
    return {"cell_type": "code", "metadata": {}, "execution_count": 1,
            "source": options + code, "outputs": list(outputs)}


def _printed(text: str) -> dict[str, Any]:
    return {"output_type": "stream", "name": "stdout", "text": text}


def _plot() -> dict[str, Any]:
    return {"output_type": "display_data", "metadata": {},
            "data": {"image/png": PNG_B64, "text/plain": "<Figure>"}}


def test_a_notebooks_cell_options_are_obeyed(tmp_path: Path) -> None:
    """Quarto reads a notebook cell's `#|` lines and never shows them: a course's
    hidden solutions (`echo: false`, `include: false`) were shown, every `#|` line was in
    the code, and `@fig-x` named a plot (`label: fig-x`) Lanting had no label for, so the
    build failed. A link from a notebook to a listing page leads to the blog; one to no
    file is in the report."""
    source = tmp_path / "site"
    notebook = json.dumps({"cells": [
        {"cell_type": "markdown", "metadata": {}, "source": "---\ntitle: SVD\n"
         "date: '2024-05-06'\n---\n\nThe spectrum (@fig-spectrum) decays; see [all notes]"
         "(index.ipynb) and [the old one](gone.ipynb).\n"},
        _code("#| include: false\n", "import secret_setup\n", _printed("SETUP-RAN\n")),
        _code("#| label: fig-spectrum\n#| fig-cap: 'The singular values, $\\sigma_i$'\n",
              "plot_spectrum()\n", _printed("k = 10\n"), _plot()),
        _code("#| echo: false\n", "hidden_solution()\n", _printed("answer: 42\n")),
        _code("#| output: false\n", "shown_code()\n", _printed("NOISE\n")),
        _code("#| echo: false\n#| output: asis\n", "print('**bold** text')\n",
              _printed("**bold** text\n")),
    ], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "notes/index.ipynb": _notebook("---\ntitle: Notes\nlisting:\n  contents: '*.ipynb'\n"
                                       "---\n"),
        "notes/svd.ipynb": notebook,
        "about.qmd": "---\ntitle: About\n---\n\nMe.\n",
    })
    done = import_site(source, tmp_path / "new")
    assert [w.message for w in done.report.warnings] == [
        "link `gone.ipynb` leads to no document or file of the project (it was broken on "
        "the old site too): its text kept without the link"]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    prose = parse_html((result.output / "posts/svd/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    text = prose.text()
    assert "#|" not in text and "secret_setup" not in text and "SETUP-RAN" not in text
    assert "hidden_solution" not in text and "answer: 42" in text
    assert "shown_code()" in text and "NOISE" not in text
    assert prose.one("strong").text() == "bold"
    [figure] = prose.find_all("figure")
    assert figure["id"] == "fig-spectrum" and figure.find("math") is not None
    assert (result.output / unquote(figure.one("img")["src"]).lstrip("/")).is_file()
    links = {a.text(): a["href"] for a in prose.find_all("a")}
    assert links["all notes"] == "/blog/" and "the old one" not in links
    assert "and the old one." in " ".join(text.split())


def test_images_of_a_notebooks_html_outputs_are_found(tmp_path: Path) -> None:
    """`Image(url="./data/split.png")` prints `<img src="./data/split.png">`, which
    Quarto published as written, from the notebook's folder; Lanting's page is a folder
    deeper and the build failed on each such image. The file the output names in other
    capitals (`data/Wrapper.png` for `wrapper.png`: the writer's computer ignored case)
    is found too."""
    source = tmp_path / "course"
    shown = {"output_type": "execute_result", "execution_count": 1, "metadata": {},
             "data": {"text/html": ['<img src="./data/split.png" width="400"/>'],
                      "text/plain": ["<IPython.core.display.Image object>"]}}
    cased = {**shown, "data": {"text/html": '<img src="./data/wrapper.png"/>'}}
    write_files(source, {
        "_quarto.yml": "project:\n  type: book\nbook:\n  chapters:\n    - index.qmd\n"
                       "    - cv.ipynb\n",
        "index.qmd": "# Preface {.unnumbered}\n\nHello.\n",
        "cv.ipynb": json.dumps({"cells": [
            {"cell_type": "markdown", "metadata": {}, "source": "# Cross-validation\n"},
            _code("#| echo: false\n", "Image(url='./data/split.png')\n", shown),
            _code("", "Image(url='./data/wrapper.png')\n", cased)],
            "metadata": {}, "nbformat": 4, "nbformat_minor": 5}),
        "data/split.png": png(4, 4),
        "data/Wrapper.png": png(4, 4),
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    prose = parse_html((result.output / "cv/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    sources = [img["src"] for img in prose.find_all("img")]
    assert sources == ["/data/split.png", "/data/Wrapper.png"]
    assert all((result.output / s.lstrip("/")).is_file() for s in sources)


def test_a_notebook_cells_title_and_fold_reach_the_page(tmp_path: Path) -> None:
    """`#| filename: fit.py` titles a notebook cell's code and `#| code-fold: true` folds
    it, in Quarto and in Lanting's notebook reader; the import took every `#|` line out,
    so a notebook post lost both. They are kept for the reader."""
    source = tmp_path / "site"
    notebook = json.dumps({"cells": [
        {"cell_type": "markdown", "metadata": {}, "source": "---\ntitle: Fit\n"
         "date: '2024-05-07'\n---\n\nThe fit.\n"},
        _code("#| filename: fit.py\n#| code-fold: true\n#| code-summary: The fit\n"
              "#| echo: true\n", "model.fit(x, y)\n", _printed("done\n")),
    ], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/fit/index.ipynb": notebook,
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    prose = parse_html((result.output / "posts/fit/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    [fold] = prose.find_all("details")
    assert fold.one("summary").text() == "The fit"
    assert fold.one("div", class_="code-title").text() == "fit.py"
    assert "model.fit" in fold.text() and "#|" not in prose.text() and "done" in prose.text()


def test_code_annotations_are_circled_numbers(tmp_path: Path) -> None:
    """Quarto's code annotations (`U, s, Vh = svd(X)  # <1>`, explained by the numbered
    list after the cell) showed their markers, `# <1>`, in a course's code: Quarto shows
    a circled number there. In a notebook and in a document's code alike."""
    source = tmp_path / "site"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "notes/index.ipynb": _notebook("---\ntitle: Notes\nlisting:\n  contents: '*.ipynb'\n"
                                       "---\n"),
        "notes/svd.ipynb": json.dumps({"cells": [
            {"cell_type": "markdown", "metadata": {}, "source": "---\ntitle: SVD\n"
             "date: '2024-05-12'\n---\n"},
            _code("", "U, s, Vh = svd(X)  # <1>\nk = 10 # <2>\n"),
            {"cell_type": "markdown", "metadata": {}, "source": "1. The thin SVD.\n"
             "2. The rank kept.\n"}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}),
        "notes/plain.qmd": "---\ntitle: Plain\ndate: 2024-05-13\n---\n\n```r\n"
                           "fit <- lm(y ~ x) # <1>\n```\n\n1. A linear model.\n",
    })
    done = import_site(source, tmp_path / "new")
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    svd = parse_html((result.output / "posts/svd/index.html").read_text(encoding="utf-8"))
    code = " ".join(pre.text() for pre in svd.find_all("pre"))
    assert "<1>" not in code and "# ①" in code and "# ②" in code
    plain = parse_html((result.output / "plain/index.html").read_text(encoding="utf-8"))
    [pre] = plain.find_all("pre")
    assert pre.text().startswith("fit <- lm(y ~ x)") and pre.text().strip().endswith("# ①")


def test_an_nbdev_projects_notebooks(tmp_path: Path) -> None:
    """nbdev's notebooks (`nbs/`): nbdev processed them before Quarto rendered them.
    Their directives (`#| export`, `#| hide`: no `key: value`) made every cell's `#|`
    options unreadable, a warning each, and hidden cells were shown; the first cell's
    `# Title` / `> description` was no front matter; the page `core.html` that
    `#| default_exp core` names was unknown, so the index's link to it was dropped."""
    source = tmp_path / "nbs"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\nwebsite:\n  title: snips\n",
        "nbdev.yml": "project:\n  output-dir: _docs\n",
        "index.ipynb": _notebook("# snips\n\n> Small helpers.\n",
                                 "See [the core module](core.html)."),
        "00_core.ipynb": json.dumps({"cells": [
            {"cell_type": "markdown", "metadata": {},
             "source": "# core\n\n> Helpers for strings.\n\n- skip_exec: true\n"},
            _code("#| default_exp core\n", ""),
            _code("#| hide\n", "from nbdev.showdoc import *\n"),
            _code("#| export\n", "def shout(s): return s.upper()\n"),
            _code("#|exporti\n", "def _quiet(s): return s.lower()\n"),
            _code("#| eval: false\n", "shout('hi')\n", _printed("HI\n")),
        ], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}),
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    pages = {p.parent.name: parse_html(p.read_text(encoding="utf-8"))
             for p in result.output.rglob("index.html")}
    core = next(doc for doc in pages.values() if doc.one("h1").text() == "core")
    codes = [c.text() for c in core.one("div", class_="prose").find_all("code")]
    assert codes == ["def shout(s): return s.upper()", "shout('hi')", "HI"]
    assert "Helpers for strings." in (core.one("meta", name="description")["content"])
    home = result.output / "index.html"
    links = [a["href"] for a in parse_html(home.read_text(encoding="utf-8")).one(
        "div", class_="prose").find_all("a")]
    assert links and links[0].rstrip("/").endswith("core")

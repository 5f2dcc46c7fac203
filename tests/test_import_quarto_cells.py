"""The Quarto importer on what a cell shows beside its code: its file name as the
code's title, and a notebook cell's outputs embedded in another document."""

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


def _titles(page: Path) -> list[str]:
    prose = parse_html(page.read_text(encoding="utf-8")).one("div", class_="prose")
    return [t.text() for t in prose.find_all("div", class_="code-title")]


def test_a_cells_filename_is_its_codes_title(tmp_path: Path) -> None:
    """`#| filename: fit.R` titles the cell's code in Quarto's HTML. A freeze writes it
    on the cell's div (`::: {.cell filename='fit.R'}`), which went with the div; a cell
    with no freeze kept the option as a hidden `#|` line. Either way the title was
    lost; now both are the code's title."""
    source = tmp_path / "blog"
    frozen = ("::: {.cell filename='fit.R'}\n\n```{.r .cell-code}\nfit <- lm(y ~ x)\n```\n"
              ":::\n\nThen the settings:\n\n::: {.cell}\n\n```{.r .cell-code}\n1 + 1\n```\n"
              ":::\n")
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/ols/index.qmd": "---\ntitle: OLS\ndate: 2024-02-03\n---\n\nold\n",
        "_freeze/posts/ols/index/execute-results/html.json":
            json.dumps({"hash": "x", "result": {"markdown": frozen}}),
        "posts/setup/index.qmd": (
            "---\ntitle: Setup\ndate: 2024-02-04\n---\n\n"
            "```{yaml}\n#| filename: \"_quarto.yml (a part)\"\nexecute:\n  freeze: auto\n"
            "```\n"),
    })
    done = import_site(source, tmp_path / "new")
    assert [w.message.split(" (")[0] for w in done.report.warnings] == [
        "1 code cell(s) with no frozen results"]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert _titles(result.output / "posts/ols/index.html") == ["fit.R"]
    assert _titles(result.output / "posts/setup/index.html") == ["_quarto.yml (a part)"]
    text = (done.dest / "content/posts/setup.md").read_text(encoding="utf-8")
    assert "#|" not in text


def test_a_figure_divs_image_over_two_lines_is_its_figure(tmp_path: Path) -> None:
    """`![](x.png⏎){width=60%}`, `{width=50%⏎fig-align="center"}` and `{width=40%⏎}`
    in a `::: {#fig-x}`
    (an image going on to the next line, as Pandoc reads it): the figure div's image
    was looked for line by line, so the figure was a bare anchor, unnumbered, with a
    warning. Both are numbered figures with their captions."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/loss/curve.png": png(40, 30),
        "posts/loss/index.qmd": (
            "---\ntitle: Loss\ndate: 2024-02-05\n---\n\n"
            "::: {#fig-train}\n![](curve.png\n){width=60%}\n\nTraining loss by epoch.\n:::\n\n"
            "::: {#fig-valid}\n![Validation](curve.png){width=50%\nfig-align=\"center\"}\n\n"
            "Validation loss by epoch.\n:::\n\n"
            "::: {#fig-test}\n![](curve.png){width=40%\n}\n\nTest loss.\n:::\n\n"
            "Compare @fig-train with @fig-valid and @fig-test.\n"),
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    prose = parse_html((result.output / "posts/loss/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    assert [f["id"] for f in prose.find_all("figure")] == ["fig-train", "fig-valid",
                                                         "fig-test"]
    captions = [c.text() for c in prose.find_all("figcaption")]
    assert "Training loss by epoch." in captions[0] and "Validation loss" in captions[1]
    assert "{" not in prose.text()


def _notebook(*cells: dict[str, object]) -> str:
    return json.dumps({"cells": list(cells), "metadata": {"kernelspec": {
        "name": "python3", "language": "python"}}, "nbformat": 4, "nbformat_minor": 5})


def test_an_embedded_notebook_cell_shows_its_outputs(tmp_path: Path) -> None:
    """`{{< embed runs.ipynb#fig-acc >}}` (a post showing a plot its notebook made): it
    was left in a comment with a warning, and the build failed on `@fig-acc`. The
    cell's stored image is a numbered figure with its `fig-cap`; a table cell's HTML is
    the table, with an anchor `@tbl-x` links to; `echo=true` shows the code first."""
    source = tmp_path / "blog"
    image = base64.b64encode(png(30, 20)).decode()
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/runs/runs.ipynb": _notebook(
            {"cell_type": "code", "metadata": {}, "execution_count": 1,
             "source": ["#| label: fig-acc\n", "#| fig-cap: Accuracy by step\n",
                        "plt.plot(acc)"],
             "outputs": [{"output_type": "display_data", "metadata": {},
                          "data": {"image/png": image, "text/plain": ["<Figure>"]}}]},
            {"cell_type": "code", "metadata": {}, "execution_count": 2,
             "source": ["#| label: tbl-best\n", "#| tbl-cap: Best runs\n", "best.head()"],
             "outputs": [{"output_type": "execute_result", "execution_count": 2,
                          "metadata": {}, "data": {
                              "text/html": ["<table>\n", "<tr><td>run-7</td></tr>\n",
                                            "</table>"],
                              "text/plain": ["run-7"]}}]}),
        "posts/runs/index.qmd": (
            "---\ntitle: Runs\ndate: 2024-02-06\n---\n\n"
            "{{< embed runs.ipynb#fig-acc >}}\n\n"
            "{{< embed runs.ipynb#tbl-best echo=true >}}\n\n"
            "As @fig-acc and @tbl-best show, run 7 wins.\n"),
    })
    done = import_site(source, tmp_path / "new")
    assert [w for w in done.report.warnings if "embed" in w.message] == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert [w for w in result.warnings if "runs/index" in str(w.path)] == []
    prose = parse_html((result.output / "posts/runs/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    figure = prose.one("figure", id="fig-acc")
    assert "Accuracy by step" in figure.one("figcaption").text()
    assert (result.output / figure.one("img")["src"].lstrip("/")).is_file()
    assert prose.one("td").text() == "run-7"
    assert "best.head()" in prose.one("code").text()
    links = [a.get("href") for a in prose.find_all("a")]
    assert "#fig-acc" in links and "#tbl-best" in links
    assert "embed" not in prose.text()


_BIB = "@article{{{key},\n  title = {{{title}}},\n  author = {{Lee, Ana}},\n  year = {{2021}}\n}}\n"


def test_several_bibliographies_and_their_lists(tmp_path: Path) -> None:
    """multibib's bibliographies (`bibliography: {main: …, software: …}`, or the older
    filter's `bibliography_main:` keys) were one name Lanting did not find, so every
    citation failed; `::: {#refs_main}` was a div Lanting has no form for. The files are
    read, the first list's place is the page's list, the other's a warning. The
    project's `.bib` named from a post too (`../../refs.bib`) is read once: each entry
    was a warning of its own, "in an earlier .bib too"."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\nbibliography: refs.bib\n",
        "refs.bib": _BIB.format(key="lee2021", title="Sparse probes"),
        "posts/probes/main.bib": _BIB.format(key="kim2020", title="Linear probes"),
        "posts/probes/tools.bib": _BIB.format(key="torch", title="A tensor library"),
        "posts/probes/index.qmd": (
            "---\ntitle: Probes\ndate: 2024-02-07\nbibliography:\n  main: main.bib\n"
            "  software: tools.bib\n---\n\nProbes [@kim2020], built with [@torch].\n\n"
            "## References\n\n::: {#refs_main}\n:::\n\n## Software\n\n"
            "::: {#refs_software}\n:::\n\n## Afterword\n\nThanks.\n"),
        "posts/older/index.qmd": (
            "---\ntitle: Older\ndate: 2023-02-07\nbibliography_main: ../probes/main.bib\n"
            "bibliography_extra: ../../refs.bib\n---\n\nSee [@kim2020] and [@lee2021].\n"),
        "posts/plain/index.qmd": "---\ntitle: Plain\ndate: 2023-03-07\n---\n\n[@lee2021]\n",
    })
    done = import_site(source, tmp_path / "new")
    assert [(w.path, w.message.split(":")[0]) for w in done.report.warnings] == [
        ("posts/probes/index.qmd", "`#refs_software`")]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    prose = parse_html((result.output / "posts/probes/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    text = prose.text()
    assert "Linear probes" in text and "A tensor library" in text
    assert text.index("Linear probes") < text.index("Software") < text.index("Thanks.")


def test_a_labelled_diagram_is_what_its_references_link_to(tmp_path: Path) -> None:
    """A `{mermaid}` cell labelled as a figure (`%%| label: fig-flow`, with `fig-cap`)
    was Quarto's numbered figure; its label was lost with the `%%|` lines, and the build
    failed on `@fig-flow`; then it was an anchor, the reference reading its caption's
    words. It is a numbered figure (its caption above it with `fig-cap-location: top`),
    and the reference reads "Figure 1"."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/stop/index.qmd": (
            "---\ntitle: Stopping\ndate: 2024-02-08\n---\n\nThe rule is in @fig-flow.\n\n"
            "```{mermaid}\n%%| label: fig-flow\n%%| fig-cap: Stopping after $k$ looks\n"
            "%%| fig-cap-location: top\nflowchart TD\n  A[Look] --> B{Stop?}\n```\n"),
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    prose = parse_html((result.output / "posts/stop/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    figure = prose.one("figure", id="fig-flow")
    assert figure.one("figcaption").text().startswith("Figure 1 Stopping after")
    assert prose.one("a", class_="figref").text() == "Figure 1"
    text = figure.text()
    assert "%%|" not in text and text.index("Stopping after") < text.index("flowchart")


def test_figures_whose_captions_refer_to_each_other(tmp_path: Path) -> None:
    """A figure of code (`::: {#fig-tree}` around a fence) and an image figure, each
    caption naming the other (a book's pair of figures side by side): the references
    made the image's caption a broken image, and the build failed on both. Both are
    numbered figures, and each caption's reference reads the other's number."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/site/nav.png": png(30, 40),
        "posts/site/index.qmd": (
            "---\ntitle: Site\ndate: 2024-02-09\n---\n\n"
            "The folders of @fig-tree make the menu of @fig-menu.\n\n"
            "::: {#fig-tree}\n```\nposts/\n  first.qmd\n```\n\n"
            "The folders that make the menu of @fig-menu\n:::\n\n"
            "![The menu made from @fig-tree](nav.png){#fig-menu fig-alt=\"A menu\"}\n"),
    })
    done = import_site(source, tmp_path / "new")
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    prose = parse_html((result.output / "posts/site/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    figure = prose.one("figure", id="fig-menu")
    assert figure.one("figcaption").text() == "Figure 2 The menu made from Figure 1"
    tree = prose.one("figure", id="fig-tree")
    assert tree.one("figcaption").text() == "Figure 1 The folders that make the menu of " \
        "Figure 2" and "first.qmd" in tree.one("pre").text()
    hrefs = [a.get("href") for a in prose.find_all("a")]
    assert "#fig-tree" in hrefs and "#fig-menu" in hrefs


def test_a_subfigures_label_is_what_its_references_link_to(tmp_path: Path) -> None:
    """A figure div of labelled images (subfigures, `![Loss](loss.png){#fig-loss}` in
    `::: {#fig-runs}`): the first image carried the div's label and the others followed,
    their own labels dropped, so the build failed on `@fig-acc`; then they were anchors,
    the reference reading the alt text. The div is the figure, each image a subfigure,
    and `@fig-acc` reads "Figure 1(b)", as in Quarto."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/runs/loss.png": png(30, 20),
        "posts/runs/acc.png": png(30, 20),
        "posts/runs/index.qmd": (
            "---\ntitle: Runs\ndate: 2024-02-10\n---\n\n"
            "::: {#fig-runs}\n\n![Loss](loss.png){#fig-loss}\n\n![Accuracy](acc.png){#fig-acc}"
            "\n\nTwo views of one run.\n:::\n\n@fig-runs shows it; @fig-acc rises.\n"),
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    prose = parse_html((result.output / "posts/runs/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    figure = prose.one("figure", id="fig-runs")
    assert [f["id"] for f in figure.find_all("figure", class_="subfigure")] == [
        "fig-loss", "fig-acc"]
    links = {a.get("href"): a.text() for a in prose.find_all("a") if a.get("href")}
    assert links == {"#fig-runs": "Figure 1", "#fig-acc": "Figure 1(b)"}


def test_a_figure_divs_linked_image_is_a_numbered_figure(tmp_path: Path) -> None:
    """A figure div holding an image that is a link (`[![Poster](poster.png)](url)`, a
    talk's poster leading to its slides) was an anchor with a warning that it held no
    image, and `@fig-poster` read as its caption's words. It is a numbered figure, the
    link kept around its image."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/talk/poster.png": png(40, 30),
        "posts/talk/index.qmd": (
            "---\ntitle: Talk\ndate: 2024-02-14\n---\n\nThe poster is @fig-poster.\n\n"
            "::: {#fig-poster}\n[![Poster](poster.png)](https://slides.example.org/a)\n\n"
            "The poster of the talk.\n:::\n"),
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    prose = parse_html((result.output / "posts/talk/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    figure = prose.one("figure", id="fig-poster")
    assert figure.one("a")["href"] == "https://slides.example.org/a"
    assert figure.one("figcaption").text() == "Figure 1 The poster of the talk."
    assert prose.one("a", class_="figref").text() == "Figure 1"


def test_a_figure_of_code_is_a_numbered_figure(tmp_path: Path) -> None:
    """A figure div around a code block (a listing shown as a figure) was an anchor,
    with a warning that it held no image ("a video?"), and `@fig-rule` read as its
    caption's words while Quarto said "Figure 1". It is a numbered figure, no warning."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/rules/index.qmd": (
            "---\ntitle: Rules\ndate: 2024-02-15\n---\n\nBy @fig-rule.\n\n"
            "::: {#fig-rule}\n```text\nstop when k > 3\n```\n\nThe stopping rule.\n:::\n"),
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    prose = parse_html((result.output / "posts/rules/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    figure = prose.one("figure", id="fig-rule")
    assert figure.one("figcaption").text() == "Figure 1 The stopping rule."
    assert prose.one("a", class_="figref").text() == "Figure 1"



def test_a_figure_div_of_tabbed_plots_keeps_its_tabs(tmp_path: Path) -> None:
    """A figure div holding a `.panel-tabset` of plots (an economics report's): its
    tabs' names and marks became the caption of the first plot. The figure keeps the
    tabs, its last paragraph the caption."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/gdp/a.png": png(30, 20),
        "posts/gdp/b.png": png(30, 20),
        "posts/gdp/index.qmd": (
            "---\ntitle: GDP\ndate: 2024-02-16\n---\n\nSee @fig-gdp.\n\n:::: {#fig-gdp}\n\n"
            "::: {.panel-tabset}\n\n### Levels\n\n![](a.png)\n\n### Growth\n\n![](b.png)\n\n"
            ":::\n\nOutput by quarter.\n\n::::\n"),
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    prose = parse_html((result.output / "posts/gdp/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    figure = prose.one("figure", id="fig-gdp")
    assert [t.text() for t in figure.find_all("label", class_="tab-label")] == [
        "Levels", "Growth"]
    assert figure.one("figcaption").text() == "Figure 1 Output by quarter."


def test_an_embedded_cell_of_an_executed_document_comes_from_its_freeze(
        tmp_path: Path) -> None:
    """`{{< embed notebooks/fit.qmd#fig-resid >}}` (a manuscript's figure made by its
    notebook in `.qmd`): left in a comment, and the build failed on `@fig-resid`. The
    cell comes from the document's freeze, its code left out, its image copied: a
    numbered figure with its caption (knitr's, labelled on its image, too; its code
    with `echo=true`). One the freeze has not is left, with a warning."""
    source = tmp_path / "paper"
    frozen = ("---\ntitle: Fit\n---\n\n::: {#fig-resid .cell execution_count=2}\n\n"
              "``` {.python .cell-code}\nplt.scatter(x, r)\n```\n\n"
              "::: {.cell-output .cell-output-display}\n"
              "![Residuals against the fitted values](fit_files/figure-html/fig-resid-"
              "output-1.png){#fig-resid}\n:::\n:::\n\n::: {.cell}\n\n```{.r .cell-code}\n"
              "hist(r)\n```\n\n::: {.cell-output-display}\n![Spread of the residuals]"
              "(fit_files/figure-html/fig-spread-1.png){#fig-spread width=672}\n:::\n:::\n")
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "notebooks/fit.qmd": "---\ntitle: Fit\n---\n\n```{python}\n#| label: fig-resid\n"
                             "plt.scatter(x, r)\n```\n",
        "_freeze/notebooks/fit/execute-results/html.json":
            json.dumps({"hash": "x", "result": {"markdown": frozen}}),
        "_freeze/notebooks/fit/figure-html/fig-resid-output-1.png": png(30, 20),
        "_freeze/notebooks/fit/figure-html/fig-spread-1.png": png(30, 20),
        "index.qmd": ("---\ntitle: Paper\n---\n\n"
                      "{{< embed notebooks/fit.qmd#fig-resid >}}\n\n"
                      "As @fig-resid shows, the fit is fine.\n\n"
                      "{{< embed notebooks/fit.qmd#fig-spread echo=true >}}\n\n"
                      "{{< embed notebooks/fit.qmd#fig-gone >}}\n"),
    })
    done = import_site(source, tmp_path / "new")
    assert [w.message.split(":")[0] for w in done.report.warnings
            if w.path == "index.qmd"] == ["not converted, left in a comment"]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    [page] = [p for p in result.output.rglob("index.html")
              if "As " in p.read_text(encoding="utf-8")]
    prose = parse_html(page.read_text(encoding="utf-8")).one("div", class_="prose")
    figure = prose.one("figure", id="fig-resid")
    assert "Residuals against" in figure.one("figcaption").text()
    assert (result.output / figure.one("img")["src"].lstrip("/")).is_file()
    assert "plt.scatter" not in prose.text() and "hist(r)" in prose.one("code").text()
    assert "Spread of the residuals" in prose.one("figure", id="fig-spread").text()
    assert "#fig-resid" in [a.get("href") for a in prose.find_all("a")]


def test_folded_code_is_a_collapsible_block(tmp_path: Path) -> None:
    """`code-fold: true` hid a cell's code behind "Code" (a freeze writes it on the
    fence, `{.r .cell-code code-fold="true" code-summary="…"}`; a document sets it for
    all its cells under `format: html:`); Lanting showed the code open. It is a
    collapsible block with Quarto's summary; `code-fold: show` starts open; a plain code
    block and a diagram are not folded."""
    source = tmp_path / "blog"
    frozen = ("::: {.cell}\n\n```{.r .cell-code  code-fold=\"true\" code-summary=\"The "
              "model\"}\nfit <- lm(y ~ x)\n```\n:::\n\nAnd plain:\n\n```r\n1 + 1\n```\n")
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/ols/index.qmd": "---\ntitle: OLS\ndate: 2024-02-11\n---\n\nold\n",
        "_freeze/posts/ols/index/execute-results/html.json":
            json.dumps({"hash": "x", "result": {"markdown": frozen}}),
        "posts/sim/index.qmd": (
            "---\ntitle: Sim\ndate: 2024-02-12\nformat:\n  html:\n    code-fold: show\n---\n\n"
            "```{python}\nimport numpy as np\n```\n\n```{mermaid}\nflowchart LR\n  A --> B\n"
            "```\n"),
    })
    done = import_site(source, tmp_path / "new")
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert [w for w in result.warnings if "fold" in w.message] == []

    def prose(url: str) -> Any:
        return parse_html((result.output / url).read_text(encoding="utf-8")).one(
            "div", class_="prose")

    ols = prose("posts/ols/index.html")
    [fold] = ols.find_all("details")
    assert fold.one("summary").text() == "The model" and "lm(y ~ x)" in fold.text()
    assert "open" not in fold.attrs and "1 + 1" not in fold.text()
    [fold] = prose("posts/sim/index.html").find_all("details")
    assert "open" in fold.attrs and "import numpy" in fold.text()
    assert fold.one("summary").text() == "Code"


def test_a_list_items_cell_is_folded_inside_the_item(tmp_path: Path) -> None:
    """`#| code-fold: true` on a cell inside a numbered step (a tutorial's cells under
    its list items): the option line was dropped and the code shown open. It is a
    collapsible block in the item, the list going on after it."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/steps/index.qmd": (
            "---\ntitle: Steps\ndate: 2024-02-13\n---\n\n"
            "1. Load the table:\n\n    ```{python}\n    #| code-fold: true\n"
            "    #| code-summary: Loading\n    rows = read('runs.csv')\n    ```\n\n"
            "2. Plot it.\n"),
    })
    done = import_site(source, tmp_path / "new")
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    prose = parse_html((result.output / "posts/steps/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    [first, second] = prose.one("ol").find_all("li")
    [fold] = first.find_all("details")
    assert fold.one("summary").text() == "Loading" and "read('runs.csv')" in fold.text()
    assert "code-fold" not in prose.text() and "Plot it." in second.text()


def test_include_code_files_fills_an_empty_fence(tmp_path: Path) -> None:
    """quarto-ext's include-code-files (in the project's `filters`) fills a fence
    `{.python include="train.py" start-line=2 end-line=3 dedent=4}` with those lines of
    the file: the block was empty, and the file not copied."""
    source = tmp_path / "blog"
    post = ("---\ntitle: Training\ndate: 2024-05-06\n---\n\n"
            '```{.python include="train.py" start-line=2 end-line=3 dedent=4}\n```\n')
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\nfilters:\n  - include-code-files\n",
        "posts/train/index.qmd": post,
        "posts/train/train.py": "def train():\n    model.fit(x)\n    return model\n",
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    text = (done.dest / "content/posts/train.md").read_text(encoding="utf-8")
    assert "```python\nmodel.fit(x)\nreturn model\n```" in text
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    code = parse_html((result.output / "posts/train/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose").one("pre").text()
    assert code.split() == ["model.fit(x)", "return", "model"]

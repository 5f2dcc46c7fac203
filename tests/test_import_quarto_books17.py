"""Quarto books, course notes and Jupyter Book / MkDocs / Sphinx sites of a seventeenth
round of real repositories: the shapes they had that earlier rounds had not met. Small
projects written here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from htmltree import parse_html
from sitebits import png, write_files
from test_import_quarto_files import built_prose

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site
from lanting.importer.detect import detect

BOOK = ("project:\n  type: book\nbook:\n  title: A Book\n  chapters:\n    - index.qmd\n"
        "    - methods.qmd\n    - intro.qmd\n    - results.qmd\n")


def test_a_figure_label_two_chapters_give_is_an_error_naming_both(
        tmp_path: Path, run_cli: Any) -> None:
    """A book gave `#fig-loss` in two chapters (a chapter copied to start another):
    Quarto numbers labels across a book, and `@fig-loss` in a third chapter led to
    one of them. The import linked it to the first it read, silently. It is an error
    now, at the second place, naming the first (in the book's order, not the files'),
    and `lanting import` fails; a label shown in a code block of Markdown in each
    chapter (a course on Quarto), in a code span or a comment is none."""
    source = tmp_path / "book"
    example = ("```markdown\n![A plot](p.png){#fig-loss}\n```\n\n`{#fig-loss}` and "
               "<!-- {#fig-x} -->\n")
    write_files(source, {
        "_quarto.yml": BOOK,
        "index.qmd": "# Preface {.unnumbered}\n\nHello.\n",
        "methods.qmd": ("# Methods\n\nText.\n\n![Loss curve](a.png){#fig-loss}\n\nAs "
                        "@fig-loss shows.\n\n" + example + "\n<!-- {#fig-x} -->\n"),
        "intro.qmd": ("# Intro {#sec-intro}\n\n```{python}\n#| label: fig-loss\n#| fig-cap: "
                      "Another loss\nplot()\n```\n\n" + example),
        "results.qmd": "# Results\n\nCompare @fig-loss.\n\n# Intro again {#sec-intro}\n",
        "a.png": png(4, 3)})
    done = import_site(source, tmp_path / "new")
    assert [(e.path, e.line, e.message.split(": a reference")[0])
            for e in done.report.errors] == [
        ("intro.qmd", 4, "label `fig-loss` is given in two chapters of the book, here and "
         "at methods.qmd:5"),
        ("results.qmd", 5, "label `sec-intro` is given in two chapters of the book, here "
         "and at intro.qmd:1")]
    results = (done.dest / "content/pages/results.md").read_text(encoding="utf-8")
    assert "Compare [Loss curve](methods.md#fig-loss)." in results  # (the book's first)
    code, out, _err = run_cli("import", source, tmp_path / "again")
    assert code == 1
    assert "intro.qmd:4: error: label `fig-loss`" in out
    assert out.splitlines()[-1].endswith(", 2 errors (to fix in the old site)")


def test_the_same_label_in_two_documents_of_a_website_is_no_error(tmp_path: Path) -> None:
    """A website's documents resolve their labels each on its own (two posts of a blog
    each with an `{#eq-loss}`): no error."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "a.qmd": "---\ntitle: A\n---\n\n$$x$$ {#eq-loss}\n\nSee @eq-loss.\n",
        "b.qmd": "---\ntitle: B\n---\n\n$$y$$ {#eq-loss}\n\nSee @eq-loss.\n"})
    assert import_site(source, tmp_path / "new").report.errors == []


def test_a_course_book_in_a_folder_of_its_repository(tmp_path: Path) -> None:
    """A course's textbook kept its Quarto project in `book/`, beside the repository's
    README and `pyproject.toml`; each chapter opened with `{{< include _macros.tex >}}`
    (no YAML block), then a div of more macros and the `# Title {#sec-x}`. The
    repository was read as a folder of notes (one page, the README); the include was
    taken for JSON front matter (a warning each) and lost, its macros with it. The book
    is read from `book/` now, each chapter's include in it."""
    source = tmp_path / "repo"
    write_files(source, {
        "README.md": "# The course's book\n\nRun `quarto render book`.\n",
        "pyproject.toml": "[project]\nname = \"book\"\n",
        "book/_quarto.yml": BOOK.replace("methods", "mdps").replace("intro.qmd", "bandits.qmd"
                                                                   ).replace(
            "    - results.qmd\n", ""),
        "book/_macros.tex": "$$\n\\newcommand{\\E}{\\mathbb{E}}\n$$\n",
        "book/index.qmd": "# Preface {.unnumbered}\n\nHello.\n",
        "book/mdps.qmd": ("{{< include _macros.tex >}}\n\n::: {.hidden}\n$$\n\\newcommand"
                          "{\\V}{V}\n$$\n:::\n\n# MDPs {#sec-mdps}\n\nThe value is $\\E[r]$."
                          "\n\n::: {#def-mdp}\n#### MDP\n\nA tuple.\n:::\n"),
        "book/bandits.qmd": ("{{< include _macros.tex >}}\n\n# Bandits {#sec-bandits}\n\nIn "
                             "@sec-mdps, $\\E[x]$, an MDP (@def-mdp).\n(Here, $\\theta = "
                             "\\begin{pmatrix} x & z \\end{pmatrix}^\\top$).\n")})
    prose = built_prose(source, tmp_path, "bandits/index.html")
    assert prose.text().startswith("In Chapter 1, 𝔼[x], an MDP (Definition 1.1).")
    assert [(a.text(), a["href"]) for a in prose.find_all("a")] == [
        ("Chapter 1", "/mdps/"), ("Definition 1.1", "/mdps/#def-mdp")]
    assert len(prose.find_all("math")) == 2 and "\\" not in prose.text()
    mdps = parse_html((tmp_path / "out/mdps/index.html").read_text(encoding="utf-8"))
    assert mdps.one("h1").text() == "1 MDPs"
    assert "Definition 1.1 (MDP)" in mdps.one("div", class_="prose").text()


def test_index_entries_remarks_and_references_in_a_cell_caption(tmp_path: Path) -> None:
    """The textbook marked its index for the PDF in the text (`MAB\\index{multi-armed
    bandit}`), which Quarto's HTML left out and Lanting showed as TeX; labelled a remark
    (`::: {#rem-kl}`, Quarto 1.4's "Remark 1") and referred to it, `@rem-kl`, left raw
    with the remark a bare anchor; and a cell's table caption referred to an example,
    `#| tbl-cap: … @exm-tidy.`, left raw on the page with no warning."""
    source = tmp_path / "book"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "mdps.qmd": ("---\ntitle: MDPs\n---\n\nThe bandit (MAB\\index{multi-armed bandit}"
                     ") problem\\index{bandit!$k$-armed}.\n\n::: {#exm-tidy}\n#### Tidying\n\n"
                     "A room.\n:::\n\n```{python}\n#| label: tbl-tidy\n#| tbl-cap: The MDP of "
                     "@exm-tidy.\n#| eval: false\nmdp = MDP()\n```\n\n::: {#rem-kl}\n#### "
                     "Asymmetry\n\nNote.\n:::\n\nSee @rem-kl.\n")})
    done = import_site(source, tmp_path / "new")
    assert [w.message for w in done.report.warnings] == [
        "1 code cell(s) with no frozen results (no _freeze/ for this file): shown as "
        "code, without their outputs (Quarto ran them; Lanting runs no code)"]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert [w.message.split(" ")[0] for w in result.warnings] == ["`{python}`"]
    prose = parse_html((result.output / "mdps/index.html").read_text(encoding="utf-8")
                       ).one("div", class_="prose")
    text = prose.text()
    assert "The bandit (MAB) problem." in text and "index" not in text
    assert "The MDP of Example 1." in text and "@" not in text
    assert "Remark 1 (Asymmetry)" in text and "See Remark 1." in text
    assert [a["href"] for a in prose.find_all("a") if a.get("href")] == [
        "#exm-tidy", "#rem-kl"]


def test_the_default_profile_s_settings_and_its_conditional_content(tmp_path: Path) -> None:
    """A course's `_quarto.yml` held only `profile: default: web`; its `project:` (a
    website, the lectures to render) and `website:` were in `_quarto-web.yml`, its
    slides' in `_quarto-slides.yml`. Lanting read `_quarto.yml` alone: no title, every
    `.qmd` rendered (a `-save` copy too). And the notes kept the slides' shorter text
    beside their own, `::: {.content-visible when-profile="slides"}` and `::: {.content-
    hidden when-profile="slides"}`: both were left out, the notes' own text lost. A
    step of the slides, `::: {.fragment .fade-in}`, was "a div Lanting has no form
    for"."""
    source = tmp_path / "course"
    write_files(source, {
        "_quarto.yml": "profile:\n  default: web\n",
        "_quarto-web.yml": ("project:\n  type: website\n  render:\n    - index.qmd\n    - "
                            "kmeans.qmd\nwebsite:\n  title: Tools for Data Science\n"),
        "_quarto-slides.yml": "project:\n  type: default\nformat: revealjs\n",
        "index.qmd": "---\ntitle: Syllabus\n---\n\nWelcome.\n",
        "kmeans.qmd": ("---\ntitle: k-means\n---\n\n::: {.content-visible when-profile="
                       "\"slides\"}\nFor the slides.\n:::\n\n::: {.content-hidden when-profile="
                       "\"slides\"}\nThe notes' own text.\n:::\n\n::: {.fragment .fade-in}"
                       "\nStep.\n:::\n\n::: {.content-visible "
                       "unless-profile=\"web\"}\nNot in the notes.\n:::\n"),
        "kmeans-save.qmd": "---\ntitle: An old copy\n---\n\nOld.\n"})
    done = import_site(source, tmp_path / "new")
    assert "Tools for Data Science" in (done.dest / "lanting.toml").read_text(encoding="utf-8")
    assert not (done.dest / "content/pages/kmeans-save.md").exists()
    text = (done.dest / "content/pages/kmeans.md").read_text(encoding="utf-8")
    assert "The notes' own text." in text and "Step." in text
    assert done.report.warnings == []  # (reveal.js's `.fade-in` does nothing on the web)
    assert "slides." not in text and "Not in the notes" not in text
    assert [(e.path, e.message.split(":")[0]) for e in done.report.entries
            if "profile" in e.message and "another format" not in e.message] == [
        ("_quarto-web.yml", "the profile `web` Quarto rendered by default")]


def test_a_labelled_figure_in_a_column_beside_its_reference(tmp_path: Path) -> None:
    """A lecture listed a model's parts in one column and showed its diagram in the
    other, `![DLRM](d.png){.lightbox width=80% #fig-dlrm}`, referring to it, `(@fig-dlrm)`.
    Lanting made no figure of an image inside a div (a column), and the build failed
    on the reference. A labelled image is a numbered figure there, as in a list."""
    source = tmp_path / "course"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "recsys.qmd": ("---\ntitle: RecSys\n---\n\n:::: {.columns}\n::: {.column width=\"50%\"}"
                       "\nComponents (@fig-dlrm):\n:::\n::: {.column width=\"50%\"}\n\n![DLRM]"
                       "(d.png){.lightbox width=80% #fig-dlrm}\n\n![A sketch](s.png)\n\n:::\n"
                       "::::\n"),
        "d.png": png(4, 3), "s.png": png(4, 3)})
    prose = built_prose(source, tmp_path, "recsys/index.html")
    assert [(f["id"], f.one("figcaption").text()) for f in prose.find_all("figure")] == [
        ("fig-dlrm", "Figure 1 DLRM")]
    assert [(a.text(), a["href"]) for a in prose.find_all("a")] == [("Figure 1", "#fig-dlrm")]
    assert len(prose.find_all("img")) == 2


def test_a_line_break_tag_alone_on_a_line_over_markdown(tmp_path: Path) -> None:
    """A lecture put `<br>` alone on a line under a code block, its sentence on the
    next, `The decision tree creates **rectangular regions**:`. Pandoc read a line
    break in a paragraph; CommonMark an HTML block, the bold shown as written (a build
    warning each, 5 in the lecture). It is one paragraph now."""
    source = tmp_path / "course"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "trees.qmd": ("---\ntitle: Trees\n---\n\n```\n(5, 18, 70K)\n```\n<br>\nThe tree "
                      "creates **rectangular regions**:\n\n<br/>\n\nEnd.\n")})
    prose = built_prose(source, tmp_path, "trees/index.html")
    assert [s.text() for s in prose.find_all("strong")] == ["rectangular regions"]
    assert "**" not in prose.text() and len(prose.find_all("br")) == 2


def test_image_paths_without_an_extension_take_the_html_default(tmp_path: Path) -> None:
    """A lecture book named its diagrams without an extension, `![](../_assets/nn/
    autoencoder)`, each saved as `.svg` for the web and `.png` beside it, and set `format:
    html: default-image-extension: svg`, which Pandoc adds. Lanting looked for the bare
    name: a warning each at the import, a build error each (28 in the book)."""
    source = tmp_path / "book"
    write_files(source, {
        "_quarto.yml": (BOOK.replace("    - results.qmd\n", "") + "format:\n  html:\n"
                        "    default-image-extension: svg\n  pdf:\n    "
                        "default-image-extension: png\n"),
        "index.qmd": "# Preface {.unnumbered}\n\nHello.\n",
        "methods.qmd": ("# Methods\n\n![An autoencoder.](_assets/autoencoder){#fig-ae}\n\n"
                        "See @fig-ae and ![](_assets/logo \"The logo\").\n"),
        "intro.qmd": "# Intro\n\n![](https://example.org/badge)\n",
        "_assets/autoencoder.svg": "<svg xmlns='http://www.w3.org/2000/svg' width='4' "
                                   "height='3'/>",
        "_assets/autoencoder.png": png(4, 3),
        "_assets/logo.svg": "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='3'/>"})
    prose = built_prose(source, tmp_path, "methods/index.html")
    assert [i["src"].rsplit("/", 1)[-1] for i in prose.find_all("img")] == [
        "autoencoder.svg", "logo.svg"]
    assert [f.one("figcaption").text() for f in prose.find_all("figure")] == [
        "Figure 1.1 An autoencoder."]


def test_references_to_a_cell_s_subfigures_and_listings_of_other_chapters(
        tmp_path: Path) -> None:
    """A lecture book's cell drew four plots as subfigures (`#| label: fig-pca`, `#|
    fig-subcap:` a list), and its text named them, `mode 2 (@fig-pca-2)`, as another
    chapter did a plot of that cell (`@fig-pca-1`) and a listing (`#| lst-label:
    lst-toy`): Quarto read "Figure 1.1(b)", "Listing 1.1". Without the cells' outputs
    the subfigures were references to nothing (`?@fig-pca-2`, a warning each), and the
    listing's was left raw on the page, with no warning."""
    source = tmp_path / "book"
    cell = ("```{python}\n#| label: fig-pca\n#| fig-cap: \"Modes of the PCA.\"\n#| "
            "fig-subcap:\n#|   - \"First.\"\n#|   - \"Second.\"\n#| layout-ncol: 2\nplot()\n"
            "```\n\n```{python}\n#| lst-label: lst-toy\n#| lst-cap: Code for the toy "
            "example\n#| eval: false\nx = 1\n```\n")
    write_files(source, {
        "_quarto.yml": BOOK.replace("    - results.qmd\n", ""),
        "index.qmd": "# Preface {.unnumbered}\n\nHello.\n",
        "methods.qmd": "# Methods\n\n" + cell + "\nMode 2 (@fig-pca-2) and @fig-pca.\n",
        "intro.qmd": "# Intro\n\nAs in @fig-pca-1, with @lst-toy.\n"})
    done = import_site(source, tmp_path / "new")
    assert [w.message.split(" ")[1] for w in done.report.warnings] == ["code"]  # (unrun)
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    methods = parse_html((result.output / "methods/index.html").read_text(encoding="utf-8")
                         ).one("div", class_="prose")
    assert "Mode 2 (Figure 1.1(b)) and Figure 1.1." in methods.text()
    intro = parse_html((result.output / "intro/index.html").read_text(encoding="utf-8")
                       ).one("div", class_="prose")
    assert intro.text() == "As in Modes of the PCA.(a), with Code for the toy example."
    assert [a["href"] for a in intro.find_all("a")] == ["/methods/#fig-pca",
                                                        "/methods/#lst-toy"]


def _notebook(*cells: tuple[str, str]) -> str:
    return json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        {"cell_type": kind, "metadata": {}, "source": text,
         **({"outputs": [], "execution_count": None} if kind == "code" else {})}
        for kind, text in cells]})


def test_notebooks_mkdocs_jupyter_did_not_run_are_no_warning(tmp_path: Path) -> None:
    """An ML boot camp's MkDocs site ran its tutorials (`mkdocs-jupyter: execute: true`)
    but not the students' blank copies (`execute_ignore: ["**/*_students.ipynb"]`),
    which it showed without outputs. The import warned of each students' copy too, "ran
    it … but it has no saved outputs" (5 of 11 warnings untrue)."""
    source = tmp_path / "camp"
    write_files(source, {
        "mkdocs.yml": ("site_name: ML boot camp\nplugins:\n  - mkdocs-jupyter:\n      "
                       "execute: True\n      execute_ignore:\n        - \"**/*_students"
                       ".ipynb\"\n"),
        "docs/index.md": "# Home\n\nHello.\n",
        "docs/tutorials/regression.ipynb": _notebook(("markdown", "# Regression"),
                                                     ("code", "fit()")),
        "docs/tutorials/regression_students.ipynb": _notebook(
            ("markdown", "# Regression (students)"), ("code", "# your code")),
        "docs/top_students.ipynb": _notebook(("markdown", "# Top"), ("code", "x = 1"))})
    done = import_site(source, tmp_path / "new")
    assert [(w.path, w.message.split(" (")[0]) for w in done.report.warnings] == [
        ("docs/tutorials/regression.ipynb", "mkdocs-jupyter ran it")]


def test_a_quarto_folder_of_a_vault_or_of_a_site_is_no_project(tmp_path: Path) -> None:
    """The one first-level folder holding `_quarto.yml` is the project only where the
    root is no site, book or vault of its own: an Obsidian vault's talk in `talk/`, a
    Jekyll site's or a bookdown book's stays a part of it."""
    vault = tmp_path / "vault"
    write_files(vault, {".obsidian/app.json": "{}", "Note.md": "# Note\n\nText.\n",
                        "talk/_quarto.yml": "project:\n  type: default\n",
                        "talk/index.qmd": "---\ntitle: Talk\nformat: revealjs\n---\n\n## A\n"})
    assert detect(vault) == "notes"
    site = tmp_path / "site"
    write_files(site, {"_config.yml": "title: Blog\n", "_posts/2024-01-01-a.md": "---\n"
                       "title: A\n---\n\nText.\n", "book/_quarto.yml": "project:\n  type: book\n"})
    assert detect(site) == "jekyll"
    bookdown = tmp_path / "bookdown"
    write_files(bookdown, {"_bookdown.yml": "book_filename: notes\n", "index.Rmd": "---\n"
                           "title: Notes\n---\n\n# Hi\n", "slides/_quarto.yml": "project:\n"
                           "  type: default\n"})
    assert detect(bookdown) == "bookdown"
    repo = tmp_path / "repo"
    write_files(repo, {"README.md": "# Repo\n", "book/_quarto.yml": "project:\n  type: book\n",
                       "book/index.qmd": "# Hi\n"})
    assert detect(repo) == "quarto"

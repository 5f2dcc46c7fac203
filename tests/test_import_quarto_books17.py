"""Quarto books, course notes and Jupyter Book / MkDocs / Sphinx sites of a seventeenth
round of real repositories: the shapes they had that earlier rounds had not met. Small
projects written here."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sitebits import png, write_files

from lanting.importer import import_site

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

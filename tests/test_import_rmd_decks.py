"""R Markdown decks lying in a plain folder (`notes_talks.py`, `notes_decks.py`,
`rmd_columns.py`), as knitr and Pandoc made them: which files are decks, their bold and
their columns."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from importbits import NOW
from sitebits import png, write_files

from lanting.build import BuildOptions, build
from lanting.importer import import_site
from lanting.importer.mkdocs_strong import lenient_strong


def _imported(tmp_path: Path, files: dict[str, str | bytes]) -> Path:
    write_files(tmp_path / "old", files)
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    return tmp_path / "new"


def test_the_first_output_format_says_whether_a_file_is_a_deck(tmp_path: Path) -> None:
    """`rmarkdown::render()` and RStudio's Knit button make the first format `output`
    lists: a course's handout listing `html_document` first and `ioslides_presentation`
    third was published as a page, and was imported as a talk (its `##` sections cut
    into slides)."""
    new = _imported(tmp_path, {
        "formulas.Rmd": "---\ntitle: Formulas\noutput:\n  html_document:\n    toc: yes\n"
                        "  pdf_document: default\n  ioslides_presentation:\n"
                        "    widescreen: yes\n---\n\n## Means\n\ntext\n",
        "week1.Rmd": "---\ntitle: Sampling\ndate: 2026-02-09\noutput:\n"
                     "  slidy_presentation:\n    incremental: no\n  html_document: default\n"
                     "---\n\n## Designs\n\ntext\n",
        "week2.Rmd": "---\ntitle: Tests\ndate: 2026-02-16\noutput: [beamer_presentation, "
                     "html_document]\n---\n\n## Power\n\ntext\n",
    })
    talks = sorted(p.name for p in (new / "content" / "talks").glob("*.md"))
    assert talks == ["week1.md", "week2.md"]
    assert (new / "static" / "formulas.Rmd").is_file()  # (a document: a file, as before)


_DECK = """---
title: Estimation
date: 2026-03-02
output:
  beamer_presentation:
    includes:
      in_header: columns.tex
---

## Two answers

**Note: ** a label, bold in Pandoc; `a **b` code and $a ** b$ stay.

- We **plan** it by **pre-registering specific
  analyses** before the data come in.

Note: the data have a typo, kept.

:::::: {.cols data-latex=""}
::: {.col data-latex="{0.48\\textwidth}"}
**Inquiry**: the question
:::

::: {.col data-latex="{0.04\\textwidth}"}
\\
<!-- an empty column, a gap -->
:::

::: {.col data-latex="{0.48\\textwidth}"}
**Answer**: the estimate
:::
::::::
"""


def test_a_pandoc_decks_bold_and_cookbook_columns(tmp_path: Path) -> None:
    """A lecture deck made with R Markdown for beamer: `**Note: **` was bold in Pandoc,
    two stars in CommonMark (a warning for each); the R Markdown Cookbook's `.cols` and
    `.col` divs (their LaTeX in `data-latex`) were plain blocks one under the other, with
    a warning each, and one's `{0.48\\textwidth}` broke its div; a line `Note: …` cut
    the slide's notes off it (Pandoc's notes are a `::: notes` div). Now the bold is
    bold (a bold over a line break stays so), the line is text, and the columns stand
    side by side as wide as their LaTeX says."""
    new = _imported(tmp_path, {"decks/estimation.Rmd": _DECK,
                               "decks/columns.tex": "\\newenvironment{cols}[1][]{}{}\n"})
    talk = (new / "content" / "talks" / "estimation.md").read_text(encoding="utf-8")
    assert "**Note:**  a label" in talk and "`a **b`" in talk and "$a ** b$" in talk
    assert "**pre-registering specific\n  analyses** before" in talk
    assert ':::::: {.columns}\n::: {.column width="48%"}\n' in talk
    assert '::: {.column width="4%"}' in talk and "data-latex" not in talk
    result = build(new, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    deck = parse_html((new / "public/talks/estimation/slides/index.html").read_bytes())
    row = deck.one("div", class_="columns")
    columns = row.find_all("div", class_="column")
    assert [c["style"] for c in columns] == ["flex-basis:48%", "flex-basis:4%",
                                             "flex-basis:48%"]
    assert columns[2].one("strong").text() == "Answer"
    assert [s.text() for s in deck.find_all("strong")][:2] == ["Note:", "plan"]
    assert "Note: the data have a typo" in deck.one("section", class_="slide-frame").text()


_RPRES = """<link href="https://fonts.example.org/css?family=Lora" rel="stylesheet">

Sampling designs
========================================================
author: A. Lecturer
date: March 3, 2016
autosize: true

Strata
========================================================
incremental: true

- equal allocation
- optimal allocation

Two halves
========================================================
left: 60%

```r
x <- 1:10
```
***
![the plot](sampling-figure/plot-1.png)

A quote
========================================================
title: false

> Sampling is the art.
"""


def test_an_r_presentation_is_a_talk(tmp_path: Path) -> None:
    """RStudio's R Presentations (`.Rpres`, slides opened by a title over a line of
    `=`, settings under it) were no notes at all: the deck was copied as a file and the
    `.md` knitr made of it beside it was a page, its slides one heading after another.
    The knitted `.md` (its plots written in) is the talk now, the first slide's title,
    `author` and `date` its header; `***` starts a slide's second column, `left: 60%`
    sizes it, and `title: false` leaves the title out."""
    knitr = _RPRES.replace("![the plot](sampling-figure/plot-1.png)", "```{r}\nplot(x)\n```")
    new = _imported(tmp_path, {
        "pitch/sampling.Rpres": knitr,
        "pitch/sampling.md": _RPRES,
        "pitch/sampling-figure/plot-1.png": png(8, 8),
        "other/lecture.Rpres": knitr.replace("Sampling designs", "Lecture two"),
    })
    talks = new / "content" / "talks"
    assert sorted(p.name for p in talks.glob("*.md")) == ["lecture.md", "sampling.md"]
    assert not (new / "content" / "pages").exists() or not list(
        (new / "content" / "pages").rglob("sampling*"))
    talk = (talks / "sampling.md").read_text(encoding="utf-8")
    assert talk.startswith("---\ntitle: Sampling designs\ndate: 2016-03-03\n")
    assert "author: A. Lecturer" in talk and "autosize" not in talk
    assert "<link" not in talk and "incremental" not in talk and "====" not in talk
    assert ':::: {.columns}\n::: {.column width="60%"}\n```r' in talk
    assert '::: {.column width="40%"}\n![the plot](' in talk
    assert "\n---\n\n> Sampling is the art." in talk and "A quote" not in talk
    result = build(new, BuildOptions())  # (not knitted: its cell shows its code)
    assert [(w.path.name, "`{r}`" in w.message) for w in result.warnings] == [
        ("lecture.md", True)]
    deck = parse_html((new / "public/talks/sampling/slides/index.html").read_bytes())
    boxes = [f.one(class_="slide") for f in deck.find_all("section", class_="slide-frame")]
    assert [b.one("h2").text() for b in boxes[1:3]] == ["Strata", "Two halves"]
    assert boxes[2].one("div", class_="columns").one("img")["src"].endswith(".png")


class _Counted:
    def convert(self, what: str, count: int = 1) -> None:
        self.count = count


def test_pandocs_bold_in_a_paragraph_with_bold_italics() -> None:
    """Read a paragraph at a time (Pandoc pairs stars over line breaks), one holding a
    `***bold italic***`, which the pairing leaves alone, lost the fix of its other
    lines; such a paragraph is read line by line, as before."""
    ctx = _Counted()
    text = "***Warning*** first\n**Note: ** then\n\n**over\ntwo** lines"
    made = lenient_strong(text, ctx, "Pandoc")  # type: ignore[arg-type]
    assert made == "***Warning*** first\n**Note:**  then\n\n**over\ntwo** lines"
    assert ctx.count == 1


def test_a_xaringan_decks_knitr_children_go_into_its_talks_folder(tmp_path: Path) -> None:
    """A lecture kept in parts (```` ```{r child='part1.Rmd'} ````): the parts were
    copied to `static/`, away from the talk, which failed on each ("knitr's child
    document `part1.Rmd` is not there"). Now they are in its folder, their images and
    links leading where the deck's do."""
    new = _imported(tmp_path, {
        "README.md": "# Course\n",
        "week1/slides.Rmd": "---\ntitle: Week one\ndate: 2025-09-01\noutput:\n"
                            "  xaringan::moon_reader: default\n---\n\n# Plan\n\n---\n\n"
                            "```{r, child = 'parts/part1.Rmd'}\n```\n",
        "week1/parts/part1.Rmd": "# Part one\n\n![a chart](../img/chart.png)\n\n---\n\n"
                                 "```{r child=\"part2.Rmd\"}\n```\n",
        "week1/parts/part2.Rmd": "# Part two\n\n[the course](../../README.md)\n",
        "week1/img/chart.png": png(40, 30),
    })
    bundle = new / "content" / "talks" / "slides"
    assert sorted(p.relative_to(bundle).as_posix() for p in bundle.rglob("*")
                  if p.is_file()) == ["index.md", "parts/part1.Rmd", "parts/part2.Rmd"]
    assert "![a chart](/week1/img/chart.png)" in (bundle / "parts/part1.Rmd").read_text()
    assert "[the course](../../../_index.md)" in (bundle / "parts/part2.Rmd").read_text()
    assert not list((new / "static").rglob("*.Rmd"))
    result = build(new, BuildOptions())
    assert [p.message for p in result.warnings] == []
    deck = parse_html((new / "public/talks/slides/slides/index.html").read_bytes())
    slides = [s.one("h1").text() for s in deck.find_all(class_="slide")]
    assert slides == ["Week one", "Plan", "Part one", "Part two"]  # (its title slide's)


def test_a_decks_rendered_page_is_left_out_and_links_lead_to_its_talk(
        tmp_path: Path) -> None:
    """xaringan rendered `index.Rmd` to `index.html`, committed beside it: copied to
    `static/`, it was the old deck at the home page's URL, and the build failed ("URL /
    is claimed by 2 sources"). A link to a deck's page leads to its talk."""
    deck = "---\ntitle: {0}\ndate: 2024-05-02\noutput:\n  xaringan::moon_reader: default\n" \
           "---\n\n# {0}\n"
    new = _imported(tmp_path, {
        "index.Rmd": deck.format("Interview study"),
        "index.html": "<html><body>the old deck</body></html>\n",
        "week2/lecture.Rmd": deck.format("Lecture two"),
        "week2/lecture.html": "<html><body>the old deck</body></html>\n",
        "week2/notes.md": "# Notes\n\nSee [the slides](lecture.html) and "
                          "[a page](other.html).\n",
        "week2/other.html": "<html><body>kept</body></html>\n",
    })
    static = sorted(p.relative_to(new / "static").as_posix()
                    for p in (new / "static").rglob("*.html"))
    assert static == ["week2/other.html"]
    notes = (new / "content/pages/notes.md").read_text()
    assert "[the slides](../talks/lecture.md)" in notes
    result = build(new, BuildOptions())
    assert [p.message for p in result.warnings] == []


def test_a_xaringan_decks_bold_as_remarks_marked_reads_it(tmp_path: Path) -> None:
    """remark.js (xaringan's) reads Markdown with marked 0.3, whose `**` closes after a
    space (`**Vector data ** —2D`): CommonMark showed the stars, with a warning each."""
    new = _imported(tmp_path, {
        "deck.Rmd": "---\ntitle: Tensors\ndate: 2021-01-05\noutput:\n"
                    "  xaringan::moon_reader: default\n---\n\n# Data\n\n"
                    "**Vector data ** —2D tensors  \n**Images** —4D, $a ** b$\n\n"
                    "```r\nx ** 2 **\n```\n",
    })
    talk = (new / "content/talks/deck.md").read_text()
    assert "**Vector data**  —2D tensors" in talk  # (the space outside the stars)
    assert "$a ** b$" in talk and "x ** 2 **" in talk  # (formulas and code as written)
    result = build(new, BuildOptions())
    assert [p.message for p in result.warnings] == []

"""The Quarto importer on a course book shaped like MIT's 6.390 notes: chapters with no
front matter titled by their first `#` heading, `@sec-x` references across chapters,
TikZ pictures the imagify filter drew, pandoc-crossref's `{#fig:x}` labels, and inline
formulas that go on over a line break."""

from __future__ import annotations

from pathlib import Path

import pytest
from htmltree import parse_html
from importbits import report_of
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site

QUARTO = """\
project:
  type: book
book:
  title: "Intro to ML"
  chapters:
    - index.qmd
    - regression.qmd
    - clustering.qmd
filters:
  - imagify
"""
REGRESSION = """\
# Regression {#sec-regression}

We minimise the loss of @sec-loss, as in @sec-clustering.

## The loss {#sec-loss}

A metric $d: \\mathcal X \\times \\mathcal X
  \\rightarrow \\mathbb{R}^+$, for all $x \\in \\mathcal X$: $$\\sum_{j=1}^k x_j^2$$ holds.

![The fitted line.](figures/line.png){#fig:line width="40%"}

See Fig. [1.1](#fig:line){reference-type="ref" reference="fig:line"}.
"""
CLUSTERING = """\
# Clustering {#sec-clustering}

Recall @sec-loss of @sec-regression, and @fig:line there.

:::{.imagify}
\\begin{tikzpicture}[x=0.7cm]
  \\foreach \\p in {0,1} {
    \\edef\\x{\\p - 0.5}
    \\node at (\\x, 0.5) {$\\p$};
  }
  \\coordinate (x1) at (0.5, 0);
  \\draw[->] (x1) -- ++(0,-1);
\\end{tikzpicture}
:::

\\begin{tikzpicture}
  \\draw (0,0) -- (1,1);
\\end{tikzpicture}

The end.
"""


def test_a_course_book(tmp_path: Path) -> None:
    write_files(tmp_path / "book", {
        "_quarto.yml": QUARTO, "index.qmd": "# Preface\n\nWelcome.\n",
        "regression.qmd": REGRESSION, "clustering.qmd": CLUSTERING,
        "figures/line.png": png(4, 3)})
    imported = import_site(tmp_path / "book", tmp_path / "site")
    report = report_of(imported)
    result = build(tmp_path / "site", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    out = tmp_path / "site" / "public"

    def page(url: str) -> object:
        return parse_html((out / url / "index.html").read_text(encoding="utf-8"))

    regression, clustering = page("regression"), page("clustering")
    # (a chapter with no front matter: its first `#` heading is its title, not "regression")
    # (a book's chapters numbered, as Quarto numbered them)
    assert regression.one("h1").text() == "2 Regression"
    assert [h.text() for h in regression.one("div", class_="prose").find_all("h1")] == []
    prose = regression.one("div", class_="prose")
    links = {a.text(): a["href"] for a in prose.find_all("a")}
    # (another chapter: a link to it, reading its number as Quarto's did)
    assert links["Chapter 3"] == "/clustering/"
    assert prose.find("a", href="#sec-loss") is not None  # (this page's: Lanting's)
    # (a formula over a line break kept the later ones in step: all three are formulas)
    assert len(prose.find_all("math")) == 3 and "\\mathcal" not in prose.text()
    assert prose.one("figure")["id"] == "fig:line"
    assert prose.find("a", href="#fig:line") is not None
    prose = clustering.one("div", class_="prose")
    links = {a.text(): a["href"] for a in prose.find_all("a")}
    assert links == {"Section 2.1": "/regression/#sec-loss", "Chapter 2": "/regression/",
                     "The fitted line.": "/regression/#fig:line"}
    # (imagify's picture: its TeX as code, with a warning; a bare one, which Pandoc's
    # HTML dropped, left out)
    (code,) = prose.find_all("code")
    assert "\\begin{tikzpicture}[x=0.7cm]" in code.text()
    assert "TeX picture the imagify filter drew" in report
    assert "\\draw (0,0) -- (1,1);" not in prose.text()
    assert prose.find_all("p")[-1].text() == "The end."


def test_a_formula_over_a_line_break_keeps_the_others_in_step() -> None:
    """`$d: \\mathcal X\\n  \\rightarrow \\mathbb{R}^+$` (Pandoc reads `$…$` over a line
    break): read as no formula, it put every later `$` out of step, so a `$$`'s closing
    began a "formula" of 3,000 characters and the real formula's `^k … ^n` became a
    superscript, its images unmapped (13 build errors on a chapter)."""
    from lanting.importer.sub_sup import FORMULA

    text = "A metric $d: X\n  Y^+$, for all $x$: $$a^k + b^n$$ holds.\n\n$y$ but not $\n\nz$."
    assert FORMULA.findall(text) == ["$d: X\n  Y^+$", "$x$", "$$a^k + b^n$$", "$y$"]


def test_bare_aligned_with_a_matrix_and_text_after_a_label(tmp_path: Path) -> None:
    """A bare `\\begin{aligned}` holding a `bmatrix` (a transformers chapter's masked
    attention) was left as TeX: the matrix, read as a display of its own, hid the
    `aligned` from the rule that puts it in `$$`. And `$${#eq-x} to obtain …`, the
    paragraph going on after a labelled formula's closing (Pandoc's display math is
    inline), left the formula as TeX."""
    write_files(tmp_path / "book", {
        "_quarto.yml": "project:\n  type: book\nbook:\n  title: B\n  chapters:\n"
                       "    - index.qmd\n    - attention.qmd\n",
        "index.qmd": "# Preface\n",
        "attention.qmd": "# Attention\n\nMasked:\n\n\\begin{aligned}\nA = \\left(\n"
                         "\\begin{bmatrix}\nq_1 & q_2\n\\end{bmatrix}\n+ M \\right)"
                         "\\end{aligned}\n\nThe gradient\n\n$$\\nabla J = 2X\n"
                         "$${#eq-grad} to obtain the update, as in @eq-grad.\n"})
    import_site(tmp_path / "book", tmp_path / "site")
    result = build(tmp_path / "site", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    prose = parse_html((tmp_path / "site" / "public" / "attention" / "index.html")
                       .read_text(encoding="utf-8")).one("div", class_="prose")
    first, second = prose.find_all("div", class_="math-display")
    assert first.find_all("mtable") and "\\begin" not in prose.text()
    assert second.one("mtd", id="eq-grad") is not None
    assert prose.find_all("p")[-1].text().startswith("to obtain the update, as in")


def test_a_link_to_a_label_of_another_chapter_leads_there(tmp_path: Path) -> None:
    """`[The first steps](#sec-first-steps)`, a link written as an anchor to a label of
    another chapter (a book ported from bookdown links so): Quarto's book sends it to
    that chapter; the import left it as an anchor of the page, and the build failed on
    each one (48 in one book). One of the page's own labels stays an anchor."""
    write_files(tmp_path / "book", {
        "_quarto.yml": "project:\n  type: book\nbook:\n  title: B\n  chapters:\n"
                       "    - index.qmd\n    - first.qmd\n    - later.qmd\n",
        "index.qmd": "# Preface\n",
        "first.qmd": "# The first steps {#sec-first-steps}\n\n## Objects {#sec-objects}\n\n"
                     "Text.\n",
        "later.qmd": "# Later {#sec-later}\n\n## Loops {#sec-loops}\n\nAs in [The first "
                     "steps](#sec-first-steps), with [objects](#sec-objects); see "
                     "[loops](#sec-loops).\n"})
    import_site(tmp_path / "book", tmp_path / "site")
    result = build(tmp_path / "site", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    prose = parse_html((tmp_path / "site" / "public" / "later" / "index.html")
                       .read_text(encoding="utf-8")).one("div", class_="prose")
    assert {a.text(): a["href"] for a in prose.find_all("a")} == {
        "The first steps": "/first/", "objects": "/first/#sec-objects",
        "loops": "#sec-loops"}


def test_a_reference_to_the_chapters_own_title_is_a_link_to_it(tmp_path: Path) -> None:
    """`@sec-markdown` in the chapter titled `# Markdown {#sec-markdown}` (a book's
    chapter recalls itself so): the heading became the page's title, its label gone, and
    the build failed on each such reference. It links to the chapter, as a reference
    from another chapter does; `[this chapter](#sec-markdown)` too."""
    write_files(tmp_path / "book", {
        "_quarto.yml": "project:\n  type: book\nbook:\n  title: B\n  chapters:\n"
                       "    - index.qmd\n    - markdown.qmd\n",
        "index.qmd": "# Preface\n",
        "markdown.qmd": "---\nbibliography: refs.bib\n---\n\n# Markdown {#sec-markdown}\n\n"
                        "## Lists {#sec-lists}\n\nThis is @sec-markdown, see [this "
                        "chapter](#sec-markdown) and @sec-lists.\n",
        "refs.bib": "",
    })
    import_site(tmp_path / "book", tmp_path / "site")
    result = build(tmp_path / "site", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    prose = parse_html((tmp_path / "site" / "public" / "markdown" / "index.html")
                       .read_text(encoding="utf-8")).one("div", class_="prose")
    assert {a.text(): a["href"] for a in prose.find_all("a")} == {
        "Chapter 2": "/markdown/", "this chapter": "/markdown/",
        "Section 2.1": "#sec-lists"}  # (the book's chapter 2: the preface is chapter 1)


def test_a_reference_to_no_section_is_shown_as_quarto_showed_it(tmp_path: Path) -> None:
    """`@sec-tables` in a draft chapter, naming a section no chapter has yet: Quarto
    showed `?@sec-tables` and went on; Lanting's build failed on it. It is shown so, in
    bold, with a warning; a reference to a section that is there still links."""
    write_files(tmp_path / "book", {
        "_quarto.yml": "project:\n  type: book\nbook:\n  title: B\n  chapters:\n"
                       "    - index.qmd\n    - draft.qmd\n",
        "index.qmd": "# Preface\n",
        "draft.qmd": "# Draft {#sec-draft}\n\n## Lists {#sec-lists}\n\n"
                     "Tables come in @sec-tables; lists are in @sec-lists.\n",
    })
    imported = import_site(tmp_path / "book", tmp_path / "site")
    assert [w.message.split(":")[0] for w in imported.report.warnings] == [
        "`@sec-tables` refers to no section of the project"]
    result = build(tmp_path / "site", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    prose = parse_html((tmp_path / "site" / "public" / "draft" / "index.html")
                       .read_text(encoding="utf-8")).one("div", class_="prose")
    assert prose.one("strong").text() == "?@sec-tables"
    assert prose.find("a", href="#sec-lists") is not None


def test_a_chapter_titled_by_a_heading_with_classes_only(tmp_path: Path) -> None:
    """`# Preface {.unnumbered}`, a book's front matter titled by a heading with a class
    and no label: the attributes were read only when they held a label, so the title was
    "Preface {.unnumbered}". Braces not shaped as attributes stay the title's text."""
    write_files(tmp_path / "book", {
        "_quarto.yml": "project:\n  type: book\nbook:\n  title: B\n  chapters:\n"
                       "    - index.qmd\n    - notes.qmd\n    - sets.qmd\n",
        "index.qmd": "# Preface {.unnumbered}\n\nWelcome.\n",
        "notes.qmd": "# Notes {- .appendix}\n\nText.\n",
        "sets.qmd": "# The set {x}\n\nText.\n",
    })
    import_site(tmp_path / "book", tmp_path / "site")
    result = build(tmp_path / "site", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    out = tmp_path / "site" / "public"

    def title(url: str) -> str:
        page = parse_html((out / url / "index.html").read_text(encoding="utf-8"))
        return page.one("h1").text()

    # (`{-}` and `.unnumbered` chapters are not numbered, nor counted)
    assert [title("notes"), title("sets")] == ["Notes", "1 The set {x}"]
    home = (tmp_path / "site" / "content" / "_index.md").read_text(encoding="utf-8")
    assert "title: Preface\n" in home


def test_a_figure_of_another_chapter_with_a_note_and_a_link_in_its_caption(
        tmp_path: Path) -> None:
    """`@fig-loss` naming a figure of another chapter whose caption holds a footnote and
    a link (`![Loss[^1] per [epoch](u)](x.png){#fig-loss}`): its caption, read as far as
    the first `]`, was not found, so the link read "Figure". It reads the caption's
    words, the footnote left out and the link its text (a link holds no link)."""
    write_files(tmp_path / "book", {
        "_quarto.yml": "project:\n  type: book\nbook:\n  title: B\n  chapters:\n"
                       "    - index.qmd\n    - training.qmd\n    - results.qmd\n",
        "index.qmd": "# Preface\n",
        "training.qmd": "# Training\n\n![Loss[^n] per [epoch](https://example.org/e) "
                        "of the run](loss.png){#fig-loss width=60%}\n\n"
                        "[^n]: Smoothed over ten steps.\n",
        "results.qmd": "# Results\n\nAs @fig-loss shows, it converges.\n",
        "loss.png": png(4, 3),
    })
    import_site(tmp_path / "book", tmp_path / "site")
    result = build(tmp_path / "site", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    prose = parse_html((tmp_path / "site" / "public" / "results" / "index.html")
                       .read_text(encoding="utf-8")).one("div", class_="prose")
    assert {a.text(): a["href"] for a in prose.find_all("a")} == {
        "Loss per epoch of the run": "/training/#fig-loss"}


PUBLISHED = """\
<main>
<div class="cell">
<div class="sourceCode" id="cb1"><pre class="downlit sourceCode r code-with-copy"><code \
class="sourceCode R"><span>knitr<span class="fu">::</span><a href="https://example.org/kable">\
kable</a>(counts)</span></code></pre></div>
<div class="cell-output-display">
<table class="table"><thead><tr><th>n</th></tr></thead>
<tbody><tr><td>12</td></tr></tbody></table>
</div>
</div>
<p>Between.</p>
<div class="cell">
<div class="sourceCode cell-code" id="cb2"><pre class="sourceCode r"><code class="sourceCode r"\
>y <span class="ot">&lt;-</span> <span class="fu">fit</span>(x)</code></pre></div>
<div class="cell-output cell-output-stdout"><pre><code>[1] 0.25</code></pre></div>
<div class="sourceCode cell-code" id="cb3"><pre class="sourceCode r"><code class="sourceCode r"\
><span class="fu">plot</span>(y)</code></pre></div>
<div class="cell-output-display"><div id="fig-fit" class="quarto-figure"><figure>
<p><img src="fitting_files/figure-html/fig-fit-1.png" class="img-fluid" width="672"></p>
<figcaption>Figure&nbsp;1: The fit</figcaption></figure></div></div>
</div>
<p>The slope was 0.25 in this run.</p>
<div class="cell"><div class="cell-output-display"><div><pre class="mermaid mermaid-js">\
flowchart LR
  A --&gt; B
</pre></div></div></div>
</main>
"""
FITTING = """\
# Fitting

```{r}
#| include: false
library(stats)
```

```{r}
#| label: tbl-counts
#| tbl-cap: Counts per group
knitr::kable(counts)
```

Between.

```{r}
#| label: fig-fit
#| fig-cap: The fit
y <- fit(x)
plot(y)
```

The slope was `r coef(y)` in this run. See @fig-fit and @tbl-counts.

```{mermaid}
flowchart LR
  A --> B
```
"""


def test_a_book_without_a_freeze_takes_its_outputs_from_its_published_pages(
        tmp_path: Path) -> None:
    """A book that keeps no freeze but commits its rendered site (`output-dir: docs`):
    its cells' outputs were lost, shown as code with a warning (a real book: 500 cells).
    They are read from the published page: printed output, a labelled figure (its
    image from `docs/x_files/`), a table; a cell knitr cut in two, output between, is
    the two pieces; an inline value the page shows; code whose functions link to their
    help (`code-link`: no `cell-code` class) is the cell's code. A page older than its
    source (its code not the source's) pairs nothing."""
    files = {
        "_quarto.yml": "project:\n  type: book\n  output-dir: docs\nbook:\n  title: B\n"
                       "  chapters:\n    - index.qmd\n    - fitting.qmd\n    - old.qmd\n",
        "index.qmd": "# Preface\n", "fitting.qmd": FITTING,
        "docs/fitting.html": PUBLISHED,
        "docs/fitting_files/figure-html/fig-fit-1.png": png(4, 3),
        "old.qmd": "# Old\n\n```{r}\nz <- other(x)\n```\n",
        "docs/old.html": PUBLISHED.split("<p>Between.</p>")[0],
    }
    write_files(tmp_path / "book", files)
    imported = import_site(tmp_path / "book", tmp_path / "site")
    report = report_of(imported)
    assert report.count("no frozen results") == 1  # (the old page's only)
    result = build(tmp_path / "site", BuildOptions())
    assert [str(w) for w in result.warnings if "old.md" not in str(w)] == []
    prose = parse_html((tmp_path / "site" / "public" / "fitting" / "index.html")
                       .read_text(encoding="utf-8")).one("div", class_="prose")
    codes = [c.text().strip() for c in prose.find_all("code")]
    assert codes == ["knitr::kable(counts)", "y <- fit(x)", "[1] 0.25", "plot(y)"]
    assert prose.one("td").text() == "12"
    figure = prose.one("figure")
    assert figure["id"] == "fig-fit" and "The fit" in figure.text()
    assert figure.one("img")["src"].endswith(".png")
    assert "The slope was 0.25 in this run." in prose.text()
    links = {a.attrs.get("href") for a in prose.find_all("a")}
    assert {"#fig-fit", "#tbl-counts"} <= links
    assert prose.text().count("A --> B") == 1  # (the diagram's source once, not drawn twice)


def test_bold_closed_after_a_space_as_pandoc_reads_it(tmp_path: Path) -> None:
    """Pandoc's `**` closes after a space (`**Fit:**Then`, `**the range of **$X$`, a
    notes book's way): Quarto showed them bold, Lanting's stars as written, with a
    warning. The space moves outside the stars; `**` with spaces on both sides stays
    two stars, as in Pandoc, and so does one in a formula."""
    write_files(tmp_path / "book", {
        "_quarto.yml": "project:\n  type: book\nbook:\n  title: B\n  chapters:\n"
                       "    - index.qmd\n    - notes.qmd\n",
        "index.qmd": "# Preface\n",
        "notes.qmd": "# Notes\n\n- **Interpretability:**Fewer variables.\n"
                     "- The **first split across the range of **$X$ is kept.\n"
                     "- **Read the data. **\n\nPowers: $a^{**}$ and 2 ** 3 ** 2.\n",
    })
    import_site(tmp_path / "book", tmp_path / "site")
    result = build(tmp_path / "site", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    prose = parse_html((tmp_path / "site" / "public" / "notes" / "index.html")
                       .read_text(encoding="utf-8")).one("div", class_="prose")
    assert [s.text().strip() for s in prose.find_all("strong")] == [
        "Interpretability:", "first split across the range of", "Read the data."]
    assert "2 ** 3 ** 2" in prose.text() and prose.find("math") is not None


def test_a_reference_to_no_figure_or_equation_is_shown_as_quarto_showed_it(
        tmp_path: Path) -> None:
    """`@eq-w-reg` and `@fig-splits` naming nothing of the project (a label renamed
    in one place only): Quarto showed `?@eq-w-reg`; the build failed on each. Shown
    so, in bold, with a warning, as a dangling `@sec-x` is; a figure made by a cell
    (`#| label: fig-loss`) and an equation of the page stay."""
    write_files(tmp_path / "book", {
        "_quarto.yml": "project:\n  type: book\nbook:\n  title: B\n  chapters:\n"
                       "    - index.qmd\n    - boost.qmd\n",
        "index.qmd": "# Preface\n",
        "boost.qmd": "# Boosting\n\n$$\nw = -\\frac{G}{H}\n$$ {#eq-w}\n\n"
                     "```{python}\n#| label: fig-loss\n#| fig-cap: Loss\nplot(loss)\n```\n\n"
                     "By @eq-w, not @eq-w-reg; see @fig-loss, not @fig-splits.\n",
    })
    imported = import_site(tmp_path / "book", tmp_path / "site")
    assert sorted(w.message.split(":")[0] for w in imported.report.warnings
                  if "refers to no" in w.message) == [
        "`@eq-w-reg` refers to no equation of the project",
        "`@fig-splits` refers to no figure of the project"]
    result = build(tmp_path / "site", BuildOptions())
    assert [str(w) for w in result.warnings if "boost" in str(w)
            and "cell Quarto runs" not in str(w)] == []
    prose = parse_html((tmp_path / "site" / "public" / "boost" / "index.html")
                       .read_text(encoding="utf-8")).one("div", class_="prose")
    assert [s.text() for s in prose.find_all("strong")
            if s.text().startswith("?")] == ["?@eq-w-reg", "?@fig-splits"]


def test_a_reference_to_a_figure_a_cell_of_another_chapter_made(tmp_path: Path) -> None:
    """`@fig-loss` naming the figure a cell of another chapter made (`#| label:
    fig-loss`, its `fig-cap`; or knitr's `{r fig-acc, fig.cap="…"}`): only labels
    written as `{#fig-x}` were known across chapters, so the reference stayed, and the
    build failed on it. It links to the figure there, reading its caption."""
    write_files(tmp_path / "book", {
        "_quarto.yml": "project:\n  type: book\nbook:\n  title: B\n  chapters:\n"
                       "    - index.qmd\n    - train.qmd\n    - results.qmd\n",
        "index.qmd": "# Preface\n",
        "train.qmd": "# Training\n\n```{python}\n#| label: fig-loss\n#| fig-cap: \"Training "
                     "loss\"\nplot(loss)\n```\n\n```{r fig-acc, fig.cap=\"Accuracy\"}\n"
                     "plot(acc)\n```\n",
        "results.qmd": "# Results\n\nAs @fig-loss and @fig-acc show.\n",
    })
    import_site(tmp_path / "book", tmp_path / "site")
    result = build(tmp_path / "site", BuildOptions())
    assert [str(w) for w in result.warnings if "results" in str(w)] == []
    prose = parse_html((tmp_path / "site" / "public" / "results" / "index.html")
                       .read_text(encoding="utf-8")).one("div", class_="prose")
    assert {a.text(): a["href"] for a in prose.find_all("a")} == {
        "Training loss": "/train/#fig-loss", "Accuracy": "/train/#fig-acc"}


def test_a_book_renders_its_chapters_only(tmp_path: Path) -> None:
    """A deep-learning course book keeps its old bookdown sources in `old/` and a draft
    chapter beside the ones its `chapters:` list: Quarto renders a book's chapters
    (and appendices, a part's own file, the index) alone, but the import made a page
    of every document, 49 where the book had 19, warning on each old one's code."""
    write_files(tmp_path / "book", {
        "_quarto.yml": (
            "project:\n  type: book\nbook:\n  title: B\n  chapters:\n"
            "    - index.qmd\n    - part: Basics\n      chapters:\n"
            "      - basics/trees.qmd\n    - part: deep.qmd\n      chapters:\n"
            "      - href: cnn.qmd\n        text: Convolutions\n"
            "  appendices:\n    - ./data.qmd\n"),
        "index.qmd": "# Preface\n",
        "basics/trees.qmd": "# Trees\n",
        "deep.qmd": "# Deep learning\n",
        "cnn.qmd": "# Convolutions\n",
        "data.qmd": "# Data sets\n",
        "draft-gnn.qmd": "# Graph networks (draft)\n",
        "old/book/01-intro.Rmd": "# Old intro\n\n```{r}\nx <- 1\n```\n",
    })
    done = import_site(tmp_path / "book", tmp_path / "site")
    pages = sorted(p.relative_to(done.dest / "content").as_posix()
                   for p in (done.dest / "content").rglob("*.md"))
    assert pages == ["_index.md", "pages/basics.md", "pages/cnn.md", "pages/data.md",
                     "pages/deep.md"]
    assert not done.report.warnings


def test_a_books_chapters_are_numbered_as_quarto_numbered_them(tmp_path: Path) -> None:
    # (a book's sections are numbered by default, its chapters 1, 2 … through its
    # parts, its appendices A, B …; a preface `{.unnumbered}` neither numbered nor
    # counted; `number-sections: false` turns it off)
    source = tmp_path / "book"
    config = ("project:\n  type: book\nbook:\n  title: B\n  chapters:\n    - index.qmd\n"
              "    - part: Basics\n      chapters:\n        - intro.qmd\n        - more.qmd\n"
              "    - references.qmd\n  appendices:\n    - extra.qmd\n")
    write_files(source, {
        "_quarto.yml": config,
        "index.qmd": "# Preface {.unnumbered}\n\nHello.\n",
        "intro.qmd": "# Introduction {#sec-intro}\n\n## Setup\n\nText.\n",
        "more.qmd": "# More\n\n## Detail\n\nText.\n",
        "references.qmd": "# References {.unnumbered}\n\nRefs.\n",
        "extra.qmd": "# Extra\n\n## Table\n\nText.\n"})
    done = import_site(source, tmp_path / "new")
    out = build(done.dest, BuildOptions(output=tmp_path / "out")).output

    def titles(slug: str) -> list[str]:
        page = parse_html((out / slug / "index.html").read_text(encoding="utf-8"))
        return [h.text().strip() for h in page.iter() if h.tag in ("h1", "h2")
                and h.get("id") != "toc-title"]

    assert titles("intro") == ["1 Introduction", "1.1 Setup"]
    assert titles("more") == ["2 More", "2.1 Detail"]
    assert titles("references") == ["References"]
    assert titles("extra") == ["A Extra", "A.1 Table"]
    write_files(source, {"_quarto.yml": config + "format:\n  html:\n    number-sections: false\n"})
    done = import_site(source, tmp_path / "new2")
    out = build(done.dest, BuildOptions(output=tmp_path / "out2")).output
    assert titles("intro") == ["Introduction", "Setup"]


def test_references_across_a_numbered_book_read_its_numbers(tmp_path: Path) -> None:
    """Quarto's `@sec-x` to another chapter's section read "Section 2.2.1", to a chapter
    "Chapter 1" (`[-@sec-x]` the number alone); the import wrote the heading's title,
    and the bracketed forms kept their brackets around the link ("[[Adam](…)]"). They read
    the numbers the built pages show now; an unnumbered preface counts for nothing, nor
    do a callout's title and a tabset's tab names."""
    write_files(tmp_path / "book", {
        "_quarto.yml": "project:\n  type: book\nbook:\n  title: B\n  chapters:\n"
                       "    - index.qmd\n    - intro.qmd\n    - methods.qmd\n",
        "index.qmd": "# Preface {.unnumbered}\n\nSee @sec-intro and @sec-adam, "
                     "[-@sec-adam].\n",
        "intro.qmd": "# Introduction {#sec-intro}\n\n## Why {#sec-why}\n\n```python\n"
                     "# a comment, not a heading\n```\n\nText.\n",
        "methods.qmd": "# Methods {#sec-methods}\n\n::: {.callout-tip}\n## A tip\n\nT.\n:::"
                       "\n\n::: {.panel-tabset}\n## R\n\nr\n\n## Python\n\np\n:::\n\n"
                       "## Setup\n\n## Optimizers {#sec-opt}\n\n"
                       "### Adam {#sec-adam}\n\nBack to @sec-why, [Section -@sec-why] and "
                       "[@sec-intro].\n\n## Notes {.unnumbered #sec-notes}\n"})
    import_site(tmp_path / "book", tmp_path / "site")
    out = tmp_path / "site" / "public"
    result = build(tmp_path / "site", BuildOptions(output=out, cache=False, jobs=1))
    assert [str(w) for w in result.warnings] == []

    def links(url: str) -> list[tuple[str, str]]:
        prose = parse_html((out / url / "index.html").read_text(encoding="utf-8")).one(
            "div", class_="prose")
        return [(a.text(), a["href"]) for a in prose.find_all("a")]

    assert links("") == [("Chapter 1", "/intro/"), ("Section 2.2.1", "/methods/#sec-adam"),
                         ("2.2.1", "/methods/#sec-adam")]
    assert links("methods") == [("Section 1.1", "/intro/#sec-why"),
                                ("1.1", "/intro/#sec-why"), ("Chapter 1", "/intro/")]
    methods = parse_html((out / "methods" / "index.html").read_text(encoding="utf-8"))
    assert [h.text() for h in methods.iter() if h.tag in ("h2", "h3")] == [
        "2.1 Setup", "2.2 Optimizers", "2.2.1 Adam", "Notes"]
    prose = methods.one("div", class_="prose").text()
    assert "Section 1.1" in prose and "[" not in prose


@pytest.mark.parametrize(("language", "chapter", "section"), [
    ("en", "Appendix B", "Section B.1"), ("zh-CN", "附录 B", "第 B.1 节"),
    ("zh-TW", "附錄 B", "第 B.1 節")])
def test_references_to_an_appendix_and_in_chinese(language: str, chapter: str,
                                                 section: str) -> None:
    """An appendix is lettered: Quarto's reference to it reads "Appendix B"; a Chinese
    book's read 第 … 节 (節 in Traditional characters)."""
    from lanting.importer.quarto_xrefs import book_labels

    path = Path("/book/b.qmd")
    labels = book_labels([(path, "::: {.callout-note}\n## Tip\n:::\n\n## S {#sec-s}\n")],
                         {"sec-b": (path, "Data")}, language, {path.resolve(): "B"})
    assert (labels["sec-b"].words, labels["sec-s"].words) == (chapter, section)

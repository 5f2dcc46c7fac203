"""The bookdown importer: an R Markdown book (`_bookdown.yml`, chapters `.Rmd` at the
root) read as a Quarto book, its own cross-references rewritten."""

from __future__ import annotations

import re
from pathlib import Path

from htmltree import parse_html
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site
from lanting.importer.bookdown_refs import pandoc_id
from lanting.importer.detect import detect

BOOK = {
    "_bookdown.yml": (
        'book_filename: "notes"\noutput_dir: "docs"\n'
        'rmd_files: ["index.Rmd", "01-regression.Rmd", "02-kernels.Rmd"]\n'),
    "index.Rmd": (
        "---\ntitle: \"Lecture Notes on Learning\"\nsite: bookdown::bookdown_site\n"
        "output: bookdown::gitbook\n---\n\n# Preface {-}\n\n"
        "Start with [the least squares chapter](#least-squares), then the exercises "
        "of Chapter \\@ref(kernels).\n"),
    "01-regression.Rmd": (
        "# (PART) Foundations {-}\n\n# Least Squares {#least-squares}\n\n"
        "The estimate solves\n\n\\begin{equation}\n"
        "\\hat\\beta = (X^\\top X)^{-1} X^\\top y (\\#eq:ols)\n\\end{equation}\n\n"
        "and (\\@ref(eq:ols)) needs $X^\\top X$ invertible; Section \\@ref(the-ridge-penalty) "
        "relaxes it, and Figure \\@ref(fig:residuals) shows the residuals.\n\n"
        "```{r residuals, fig.cap=\"Residuals against fitted values\"}\n"
        "plot(fitted(fit), resid(fit))\n```\n\n"
        "## The Ridge Penalty\n\nAdd $\\lambda \\lVert\\beta\\rVert^2$.\n\n"
        "![(\\#fig:path) Ridge paths as the penalty grows](paths.png)\n\n"
        "Figure \\@ref(fig:path) draws them; \\@ref(tab:missing) is not written yet.\n"),
    "02-kernels.Rmd": (
        "# Kernel Methods {#kernels}\n\nRidge (Chapter \\@ref(least-squares), "
        "Equation \\@ref(eq:ols)) in a feature space.\n\n"
        "```{definition, label=\"psd\", name=\"Positive kernel\"}\n"
        "$k$ is positive when every Gram matrix is *positive semi-definite*.\n```\n\n"
        "```{theorem mercer, name=\"Mercer\"}\nA positive kernel is an inner product.\n"
        "```\n\n```{proof}\nBuild the feature map from Definition \\@ref(def:psd).\n```"
        "\n\n```{block2, type=\"rmdtip\"}\nTry the Gaussian kernel first.\n```\n\n"
        "By Theorem \\@ref(thm:mercer), ridge works in the feature space.\n\n"
        "(ref:gram-cap) The Gram matrix of $k(x, y)$ on \"toy\"\ndata.\n\n"
        "```{r fig-gram, echo=FALSE, fig.cap=\"(ref:gram-cap)\"}\nimage(K)\n```\n\n"
        "Figure \\@ref(fig:fig-gram) draws it.\n"),
    "paths.png": png(8, 8),
    "docs/least-squares.md": "# Least Squares\n\nThe rendered copy.\n",
    "drafts/old.Rmd": "# Old draft\n\nNot in the book.\n",
}


def test_a_bookdown_book_is_read_as_a_book_with_its_references(tmp_path: Path) -> None:
    """A book of lecture notes in bookdown: read as a folder of notes, `_bookdown.yml`
    went unread, the rendered copy in `docs/` was imported beside the chapters and
    `(\\#eq:ols)` was a tag. Its chapters are `rmd_files`', `index.Rmd` the home page;
    `(\\#eq:x)` is a `\\label` and `\\@ref(eq:x)` its number; `\\@ref(fig:x)` refers to
    the chunk's or image's figure; `\\@ref(id)` of a section is a link reading its
    heading (Pandoc's id when none is given), to another chapter's page too, as is a
    `(#id)` link; an unknown label is `??` with a warning."""
    source = tmp_path / "book"
    write_files(source, BOOK)
    assert detect(source) == "bookdown"
    done = import_site(source, tmp_path / "new")
    pages = sorted(p.relative_to(done.dest / "content").as_posix()
                   for p in (done.dest / "content").rglob("*.md"))
    assert pages == ["_index.md", "pages/01-regression.md", "pages/02-kernels.md"]
    warned = [(str(w.path), w.line, w.message) for w in done.report.warnings
              if "refers to no" in w.message or "names no" in w.message]
    assert warned == [("01-regression.Rmd", 23, "`\\@ref(tab:missing)` names no section, "
                       "figure, table or equation Lanting knows: shown as bookdown showed "
                       "it, `??`")]
    chapter = (done.dest / "content/pages/01-regression.md").read_text(encoding="utf-8")
    assert "title: Least Squares" in chapter and "aliases: [\"/least-squares.html\"]" in chapter
    assert "(PART)" not in chapter
    # (bookdown's number of it, counted in its chapter: `\\tag{1.1}`)
    assert "(X^\\top X)^{-1} X^\\top y \\tag{1.1}\\label{eq:ols}" in chapter
    assert "and ([-@eq:ols]) needs" in chapter
    # (gitbook numbers the chapters, the parts' headings not counted: its number)
    assert 'chapter: "1"' in chapter
    assert "Section [1.1](#the-ridge-penalty) relaxes" in chapter
    # (the chunk ran in no freeze: a figure of its code, the reference its number)
    assert "Figure [-@fig-residuals] shows" in chapter
    assert "::: {#fig-residuals}\n```{r" in chapter
    assert "```\n\nResiduals against fitted values\n:::" in chapter
    assert "Figure [-@fig-path] draws them; **??** is not" in chapter
    assert "![Ridge paths as the penalty grows](/paths.png){#fig-path}" in chapter
    home = (done.dest / "content/_index.md").read_text(encoding="utf-8")
    assert "[the least squares chapter](pages/01-regression.md)" in home
    assert "Chapter [2](pages/02-kernels.md)" in home


def test_pandoc_ids_of_headings() -> None:
    """The ids Pandoc gives headings without one, which `\\@ref(id)` names."""
    assert pandoc_id("The Ridge Penalty") == "the-ridge-penalty"
    assert pandoc_id("2.1 Why *bias*, not variance?") == "why-bias-not-variance"
    assert pandoc_id("核方法 Kernels") == "核方法-kernels"


def test_a_built_bookdown_chapter_numbers_its_equation(tmp_path: Path) -> None:
    """The chapter builds: the equation is numbered in its chapter, `(1.1)`, and its
    references read the number, another chapter's too, as bookdown's did."""
    source = tmp_path / "book"
    write_files(source, {k: v for k, v in BOOK.items() if k != "01-regression.Rmd"} | {
        "01-regression.Rmd": BOOK["01-regression.Rmd"].split("Section")[0] + "fine.\n"})
    done = import_site(source, tmp_path / "new")
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    prose = parse_html((result.output / "01-regression/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    [ref] = prose.find_all("a", class_="eqref")
    assert ref["href"] == "#eq:ols" and ref.text() == "1.1"
    other = parse_html((result.output / "02-kernels/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    assert [(a.get("href"), a.text()) for a in other.find_all("a")][:2] == [
        ("/01-regression/", "1"), ("/01-regression/#eq:ols", "1.1")]


def test_bookdown_theorem_and_block_chunks_are_numbered_boxes(tmp_path: Path) -> None:
    """bookdown's theorem engines (```` ```{theorem mercer, name="Mercer"} ````,
    `definition`, `proof`) and custom blocks (`{block2, type="rmdtip"}`) hold
    Markdown: each was a code cell that did not run, shown as code. They are numbered
    theorems (`\\@ref(thm:mercer)` their number), a proof and a callout."""
    source = tmp_path / "book"
    write_files(source, BOOK)
    done = import_site(source, tmp_path / "new")
    chapter = (done.dest / "content/pages/02-kernels.md").read_text(encoding="utf-8")
    assert "```{" not in chapter
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    prose = parse_html((result.output / "02-kernels/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    text = prose.text()
    # (numbered in their chapter, as bookdown numbered them)
    assert "Definition 2.1 (Positive kernel)" in text and "Theorem 2.1 (Mercer)" in text
    assert "By Theorem 2.1, ridge works" in text and "from Definition 2.1." in text
    assert prose.one("div", class_="callout-tip").text().endswith(
        "Try the Gaussian kernel first.")
    assert prose.one("div", class_="proof") is not None
    first = parse_html((result.output / "01-regression/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    # (`\\@ref(fig:x)`: its number, the unrun chunk's figure numbered as bookdown's)
    assert "Figure 1.1 shows the residuals" in first.text()
    assert "Figure 1.2 draws them" in first.text()


def test_text_references_and_a_chunk_labelled_fig_(tmp_path: Path) -> None:
    """A statistics book captions its chunks with text references, `(ref:x) Words`
    and `fig.cap="(ref:x)"` (its words hold a formula and quotes), and labels them
    `fig-…` already, so `\\@ref(fig:fig-gram)` names them: the reference was `??`
    with a warning and the definition shown as text. The words are the chunk's
    caption, and the reference leads to it."""
    source = tmp_path / "book"
    write_files(source, BOOK)
    done = import_site(source, tmp_path / "new")
    assert not [w for w in done.report.warnings if "fig-gram" in w.message]
    chapter = (done.dest / "content/pages/02-kernels.md").read_text(encoding="utf-8")
    assert "(ref:" not in chapter
    assert '::: {#fig-gram}\nThe Gram matrix of $k(x, y)$ on "toy" data.\n:::' in chapter
    assert "Figure [-@fig-gram] draws" in chapter


def test_equations_are_numbered_as_bookdown_numbered_them(tmp_path: Path) -> None:
    """bookdown's MathJax numbers only the rows labelled `(\\\\#eq:x)`: an `align` of
    three steps with its last labelled showed one number, an unlabelled `equation`
    none. Lanting numbered every row, as amsmath does: the page read (1)–(4) where
    the book read (1). A code block showing the syntax stays as written."""
    write_files(tmp_path / "book", {
        "_bookdown.yml": 'rmd_files: ["index.Rmd", "01-mediation.Rmd"]\n',
        "index.Rmd": "---\ntitle: Causal notes\n---\n\n# Preface {-}\n",
        "01-mediation.Rmd": (
            "# Mediation\n\n\\begin{align}\n  W &= f_W(U_W) \\\\\n"
            "  A &= f_A(W, U_A) \\\\\n  Y &= f_Y(W, A, \\begin{cases} 1 & z \\\\ 0 & "
            "\\text{else} \\end{cases}) (\\#eq:npsem)\n\\end{align}\n\n"
            "\\begin{equation}\n  \\psi = E[Y_1 - Y_0]\n\\end{equation}\n\n"
            "The system (\\@ref(eq:npsem)) defines it; write\n\n```latex\n"
            "\\begin{equation}\nf (\\#eq:binom)\n\\end{equation}\n```\n"),
    })
    done = import_site(tmp_path / "book", tmp_path / "site")
    text = (done.dest / "content/pages/01-mediation.md").read_text(encoding="utf-8")
    assert "\\begin{equation}\nf (\\#eq:binom)\n\\end{equation}" in text
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    page = (result.output / "01-mediation/index.html").read_text(encoding="utf-8")
    prose = parse_html(page).one("div", class_="prose")
    assert re.findall(r"<mtext>\(([\d.]+)\)</mtext>", page) == ["1.1"]
    assert prose.one("a", class_="eqref").text() == "1.1"


def test_an_equation_in_a_raw_tex_block_is_numbered_and_referred_to(
        tmp_path: Path) -> None:
    """An equation RStudio's visual editor wrote as a raw TeX block (```` ```{=tex} ````)
    showed in the book (Pandoc hands it to MathJax); the import left it out, and each
    `\\@ref(eq:x)` of its label failed the build."""
    write_files(tmp_path / "book", {
        "_bookdown.yml": 'rmd_files: ["index.Rmd", "01-trend.Rmd"]\n',
        "index.Rmd": "---\ntitle: Trends\n---\n\n# Preface {-}\n",
        "01-trend.Rmd": (
            "# Trend\n\nA line:\n\n```{=tex}\n\\begin{equation}\nx_t = a + b t  \n"
            "(\\#eq:trend)\n\\end{equation}\n```\nSo \\@ref(eq:trend) is linear.\n"),
    })
    done = import_site(tmp_path / "book", tmp_path / "site")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    page = (result.output / "01-trend/index.html").read_text(encoding="utf-8")
    assert re.findall(r"<mtext>\((\d+)\)</mtext>", page) == ["1"]
    assert parse_html(page).one("a", class_="eqref").text() == "1"


RENDERED = (
    '<html><body><div class="book"><section class="normal" id="section-">'
    '<div id="sample-size" class="section level1"><h1>Sample Size</h1>\n'
    "<p>We drew 48 students from four schools.</p>\n"
    '<div class="sourceCode" id="cb1"><pre class="sourceCode r"><code class="sourceCode r">'
    '<span id="cb1-1"><a href="#cb1-1"></a>scores <span class="ot">&lt;-</span> '
    "rnorm(48)</span>\n<span id=\"cb1-2\"><a href=\"#cb1-2\"></a>mean(scores)</span>"
    "</code></pre></div>\n<pre><code>## [1] 0.0312</code></pre>\n"
    '<div class="figure" style="text-align: center"><span style="display:block;" '
    'id="fig:spread"></span>\n<img src="study_files/figure-html/spread-1.png" '
    'alt="Spread of the scores" width="672" />\n<p class="caption">Figure 1.1: Spread '
    "of the scores</p>\n</div>\n<p>The spread is wide.</p>\n"
    '<p><img src="study_files/figure-html/by-school-1.png" width="672" /></p>\n'
    "</div></section></div></body></html>\n")


def test_a_chapter_keeps_the_outputs_of_its_rendered_page(tmp_path: Path) -> None:
    """bookdown keeps its outputs only in the book it rendered (`output_dir`), one page
    a chapter named by its id: a hidden plot chunk's figure, the printed mean and the
    inline `` `r n` `` were lost, each chunk a warning. A chunk's figures are found by
    the file knitr named after its label, its printed output after its code, the inline
    value by the words around it."""
    source = tmp_path / "book"
    write_files(source, {
        "_bookdown.yml": 'book_filename: "study"\noutput_dir: "docs"\n'
                         'rmd_files: ["index.Rmd", "01-sample.Rmd"]\n',
        "index.Rmd": "---\ntitle: A Small Study\n---\n\n# Preface {-}\n",
        "01-sample.Rmd": (
            "# Sample Size {#sample-size}\n\nWe drew `r n` students from four schools.\n\n"
            "```{r spread, fig.cap=\"Spread of the scores\"}\n"
            "scores <- rnorm(48)\nmean(scores)\n```\n\nThe spread is wide.\n\n"
            "```{r by-school, echo=FALSE}\nboxplot(scores ~ school)\n```\n\n"
            "See Figure \\@ref(fig:spread).\n"),
        "docs/sample-size.html": RENDERED,
        "docs/study_files/figure-html/spread-1.png": png(8, 8),
        "docs/study_files/figure-html/by-school-1.png": png(8, 8),
    })
    done = import_site(source, tmp_path / "new")
    assert not [w for w in done.report.warnings if "cell" in w.message], \
        done.report.warnings
    chapter = (done.dest / "content/pages/01-sample.md").read_text(encoding="utf-8")
    assert "We drew 48 students" in chapter
    assert "```\n## [1] 0.0312\n```" in chapter
    assert re.search(r"!\[Spread of the scores\]\([^)]*spread-1\.png\)\{#fig-spread\}",
                     chapter), chapter
    assert re.search(r"!\[\]\([^)]*by-school-1\.png\)", chapter), chapter
    assert "boxplot" not in chapter


def test_output_collapsed_into_the_code_and_code_the_page_does_not_show(
        tmp_path: Path) -> None:
    """A bs4_book with `collapse = TRUE` prints each output inside its code's block
    (`#> [1] 5`): that output is the chunk's. A chunk whose code the page shows
    otherwise (edited since the book was rendered) gets none, with a warning."""
    source = tmp_path / "book"
    write_files(source, {
        "_bookdown.yml": 'output_dir: "_book"\nrmd_files: ["index.Rmd", "01-basics.Rmd"]\n',
        "index.Rmd": "---\ntitle: R Basics\n---\n\n# Preface {-}\n",
        "01-basics.Rmd": (
            "# Basics {#basics}\n\nAdd two numbers:\n\n```{r}\n## a sum\n2 + 3\n```\n\n"
            "Then divide:\n\n```{r}\n10 / 4\n```\n"),
        "_book/basics.html": (
            "<main><h1>Basics</h1><p>Add two numbers:</p>\n"
            '<div class="sourceCode" id="cb1"><pre class="downlit sourceCode r">\n'
            '<code class="sourceCode R"><span class="co">## a sum</span>\n'
            '<span class="fl">2</span> <span class="op">+</span> <span class="fl">3</span>'
            '\n<span class="co">#&gt; [1] 5</span></code></pre></div>\n'
            "<p>Then divide:</p>\n"
            '<div class="sourceCode" id="cb2"><pre class="downlit sourceCode r">\n'
            '<code class="sourceCode R">10 / 2\n<span class="co">#&gt; [1] 5</span>'
            "</code></pre></div>\n</main>\n"),
    })
    done = import_site(source, tmp_path / "new")
    chapter = (done.dest / "content/pages/01-basics.md").read_text(encoding="utf-8")
    assert "```r\n## a sum\n2 + 3\n```\n\n```\n#> [1] 5\n```" in chapter
    assert "```r\n10 / 4\n```\n" in chapter and chapter.count("#> [1] 5") == 1
    assert [w.message for w in done.report.warnings if "chunk" in w.message] == [
        "1 code chunk(s) whose code its page of the rendered book (basics.html) does not "
        "show as written (the page is older): shown without their outputs"]


def test_inline_values_beside_formulas_other_code_and_html(tmp_path: Path) -> None:
    """A statistics book writes its estimates inline, between formulas and other
    inline code (`` `r b0` $\\times$ `r b1` ``) and in centred HTML: the words around
    each held the next code's, which the page does not show, its `$\\times$` the page
    writes `\\(\\times\\)`, and `<center>` is no word of the page's text; each value was
    left as code, with a warning."""
    source = tmp_path / "book"
    write_files(source, {
        "_bookdown.yml": 'output_dir: "docs"\nrmd_files: ["index.Rmd", "01-counts.Rmd"]\n',
        "index.Rmd": "---\ntitle: Counts\n---\n\n# Preface {-}\n",
        "01-counts.Rmd": (
            "# Counts {#counts}\n\n```{r}\nb0 <- exp(coef(m)[1])\nb1 <- exp(coef(m)[2])\n```"
            "\n\nThe model predicts `r b0` $\\times$ `r b1` cases one step away.\n\n"
            "<center> $\\hat y$ = `r b0` per clinic </center>\n"),
        "docs/counts.html": (
            '<div class="section"><h1>Counts</h1>\n<div class="sourceCode"><pre '
            'class="sourceCode r"><code>b0 &lt;- exp(coef(m)[1])\nb1 &lt;- exp(coef(m)[2])'
            "</code></pre></div>\n<p>The model predicts 2.771 <span class=\"math inline\">"
            "\\(\\times\\)</span> 0.979 cases one step away.</p>\n<center>"
            '<span class="math inline">\\(\\hat y\\)</span> = 2.771 per clinic</center>\n'
            "</div>\n"),
    })
    done = import_site(source, tmp_path / "new")
    chapter = (done.dest / "content/pages/01-counts.md").read_text(encoding="utf-8")
    assert "The model predicts 2.771 $\\times$ 0.979 cases" in chapter
    assert "<center> $\\hat y$ = 2.771 per clinic </center>" in chapter
    assert not [w for w in done.report.warnings if "inline R" in w.message]


def test_a_figure_by_its_anchor_and_one_the_page_lacks(tmp_path: Path) -> None:
    """A hidden chunk showing a drawing (`knitr::include_graphics("images/x.svg")`)
    has no figure knitr named: bookdown's anchor of its label, `<span id="fig:x">`,
    finds it. A captioned chunk whose figure the page lacks is its caption, numbered:
    once its page paired other chunks it was left out, and `\\@ref(fig:x)` of it
    failed the build."""
    source = tmp_path / "book"
    write_files(source, {
        "_bookdown.yml": 'output_dir: "docs"\nrmd_files: ["index.Rmd", "01-glm.Rmd"]\n',
        "index.Rmd": "---\ntitle: GLMs\n---\n\n# Preface {-}\n",
        "01-glm.Rmd": (
            "# Poisson models {#poisson}\n\nFigures \\@ref(fig:terms) and "
            "\\@ref(fig:later) show it.\n\n```{r}\nm <- glm(y ~ x, family = poisson)\n```\n\n"
            "```{r terms, echo=FALSE, fig.cap=\"The model's terms\"}\n"
            "knitr::include_graphics(\"images/terms.svg\")\n```\n\n"
            "```{r later, echo=FALSE, fig.cap=\"Counts by distance\"}\nplot(m)\n```\n"),
        "images/terms.svg": '<svg xmlns="http://www.w3.org/2000/svg"/>',
        "docs/poisson.html": (
            '<div class="section"><h1>Poisson models</h1>\n<p>Figures '
            '<a href="#fig:terms">1.1</a> and ?? show it.</p>\n<div class="sourceCode">'
            '<pre class="sourceCode r"><code>m &lt;- glm(y ~ x, family = poisson)</code>'
            '</pre></div>\n<div class="figure"><span style="display:block;" id="fig:terms">'
            '</span>\n<img src="images/terms.svg" alt="The model&#39;s terms" />\n'
            '<p class="caption">Figure 1.1: The model&#39;s terms</p>\n</div>\n</div>\n'),
        "docs/images/terms.svg": '<svg xmlns="http://www.w3.org/2000/svg"/>',
    })
    done = import_site(source, tmp_path / "new")
    chapter = (done.dest / "content/pages/01-glm.md").read_text(encoding="utf-8")
    assert re.search(r"!\[The model's terms\]\([^)]*terms\.svg\)\{#fig-terms\}", chapter)
    assert "::: {#fig-later}\nCounts by distance\n:::" in chapter
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    prose = parse_html((result.output / "01-glm/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    assert prose.text().startswith("Figures 1.1 and 1.2 show it.")  # (as the book's)

"""The Quarto, bookdown, distill, Jupyter Book and Sphinx importers and shapes a
fourteenth round of real projects had. Small projects written here."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from sitebits import png, write_files
from test_import_quarto_files import built_prose

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site
from lanting.importer.figure_labels import own_label


def test_a_compact_numeric_quarto_date(tmp_path: Path) -> None:
    """`date: 20220830` is a number to YAML; Quarto's date parsing (dayjs) reads its
    digits as the year, month and day. The import warned and took the file's time."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/a/index.qmd": "---\ntitle: A\ndate: 20220830\n---\n\nText.\n",
        "posts/b/index.qmd": "---\ntitle: B\ndate: 20221399\n---\n\nText.\n"})
    done = import_site(source, tmp_path / "new")
    text = (done.dest / "content/posts/a.md").read_text(encoding="utf-8")
    assert "date: 2022-08-30\n" in text
    # (no such day: not read, the file's time)
    assert [(w.path, w.line) for w in done.report.warnings] == [
        ("posts/b/index.qmd", 3), ("posts/b/index.qmd", 3)]


def test_a_render_day_date_is_the_day_its_published_page_shows(tmp_path: Path) -> None:
    """`date: today` (or `last-modified`) is the day Quarto rendered the document; a
    fresh clone's file time is the day of the clone, every such post dated alike. The
    page the project published (`output-dir: docs`) shows the day, `dcterms.date`."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n  output-dir: docs\n",
        "posts/a/index.qmd": "---\ntitle: A\ndate: today\n---\n\nText.\n",
        "posts/b.qmd": "---\ntitle: B\ndate: last-modified\n---\n\nText.\n",
        "posts/c.qmd": "---\ntitle: C\ndate: today\n---\n\nText.\n",
        "docs/posts/a/index.html": (
            '<html><head><meta name="dcterms.date" content="2024-12-15">\n</head></html>'),
        "docs/posts/b.html": (
            "<html><head><meta name='dcterms.date' content='2023-01-31'></head></html>")})
    done = import_site(source, tmp_path / "new")
    posts = done.dest / "content/posts"
    assert "date: 2024-12-15\n" in (posts / "a.md").read_text(encoding="utf-8")
    assert "date: 2023-01-31\n" in (posts / "b.md").read_text(encoding="utf-8")
    notes = sorted((n.path, n.message) for n in done.report.entries if "fixed" in n.message)
    assert notes == [
        ("posts/a/index.qmd", "`date: today`: the day its published page shows, fixed"),
        ("posts/b.qmd", "`date: last-modified`: the day its published page shows, fixed"),
        ("posts/c.qmd", "`date: today`: the file's modification time, fixed")]


def test_bookdown_theorems_and_figures_are_numbered_in_their_chapter(
        tmp_path: Path) -> None:
    """bookdown numbers a chapter's theorems and figures in it, "Theorem 2.1",
    "Figure 2.1", and `Theorem \\@ref(thm:x)` reads that number; each page counted its
    own from 1, and the reference read "1"."""
    book = tmp_path / "book"
    write_files(book, {
        "_bookdown.yml": 'rmd_files: ["index.Rmd", "01-a.Rmd", "02-b.Rmd"]\n',
        "index.Rmd": "---\ntitle: B\nsite: bookdown::bookdown_site\n---\n\n# Preface {-}\n",
        "01-a.Rmd": "# Lines\n\nText.\n",
        "02-b.Rmd": ("# Planes\n\n```{theorem, plane}\nA plane is $z = ax + by$.\n```\n\n"
                     "```{lemma}\nAlso.\n```\n\n"
                     "By Theorem \\@ref(thm:plane) and Figure \\@ref(fig:tilt).\n\n"
                     "![(\\#fig:tilt) A tilted plane.](tilt.png)\n"),
        "tilt.png": png(8, 8)})
    prose = built_prose(book, tmp_path, "02-b/index.html")
    text = prose.text()
    assert "Theorem 2.1 " in text and "Lemma 2.1" in text
    assert "By Theorem 2.1 and Figure 2.1." in " ".join(text.split())
    assert prose.one("span", "figure-label").text() == "Figure 2.1"


def test_a_math_environment_inside_a_paragraph(tmp_path: Path) -> None:
    """Pandoc reads `\\begin{eqnarray*}` after words on a line, or on a paragraph's line
    indented four spaces, as raw TeX its HTML writer hands to MathJax, which shows it
    as a display; Lanting reads a bare environment only at the margin, so it was TeX
    left on the page, its label a reference to nothing (the build failed) and `^{'}`
    … `^{'}` in it a superscript. An indented one after a blank line is code, as in
    Pandoc."""
    book = tmp_path / "book"
    write_files(book, {
        "_bookdown.yml": 'rmd_files: ["index.Rmd", "01-a.Rmd"]\n',
        "index.Rmd": "---\ntitle: B\nsite: bookdown::bookdown_site\n---\n\n# Preface {-}\n",
        "01-a.Rmd": (
            "# Processes\n\nFrom $X_1$: \\begin{eqnarray*}\n    X_1 & = & a_0 + U_1\n"
            "\\end{eqnarray*}\n\nThe model:\n    \\begin{equation}\n    (\\#eq:star)\n"
            "    y=(a+b)^{'}x+(b-a)^{'}x\n    \\end{equation}\nSo (\\@ref(eq:star)) holds.\n\n"
            "\\begin{equation*}\n  v = 1\n\\end{equation*} For $t = 1$, and so on.\n\n"
            "    \\begin{equation}\n    code\n    \\end{equation}\n")})
    prose = built_prose(book, tmp_path, "01-a/index.html")
    assert len(prose.find_all("div", "math-display")) == 3
    assert prose.one("a", "eqref").text() == "1.1"
    assert "<sup>" not in str(prose) and "\\begin{eqnarray" not in prose.text()
    assert "code" in prose.one("pre").text()


def test_a_cell_not_run_is_code_with_no_output_missing(tmp_path: Path) -> None:
    """A chunk knitr did not run (`{r eval=F}`, `#| eval: false`) showed its code and
    no output: a distill blog's posts of setup commands warned, at the import, of
    cells "without their outputs" and, at the build, of cells Quarto runs."""
    site = tmp_path / "blog"
    write_files(site, {
        "_site.yml": ("name: b\ntitle: B\noutput_dir: docs\n"
                      "output: distill::distill_article\n"),
        "index.Rmd": "---\ntitle: B\nsite: distill::distill_website\nlisting: posts\n---\n",
        "_posts/2021-03-01-setup/setup.Rmd": (
            "---\ntitle: Setup\ndate: 2021-03-01\noutput: distill::distill_article\n---\n\n"
            "Install it:\n\n```{r eval=F}\ninstall.packages(\"x\")\n```\n\n"
            "```{r}\n#| eval: false\nlibrary(x)\n```\n")})
    prose = built_prose(site, tmp_path, "posts/2021-03-01-setup/index.html")
    assert [pre.text() for pre in prose.find_all("pre")] == [
        'install.packages("x")', "library(x)"]


def test_a_figure_caption_repeating_quartos_number(tmp_path: Path) -> None:
    """A numbered figure whose caption begins with the very label Quarto gives it
    (`Figure 2: A plot.` on the page's second figure, which Quarto showed as "Figure 2:
    Figure 2: A plot.") loses it, as Lanting numbers the figure too; a label of another
    number (the author's own count, which the text may name) stays."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/p/index.qmd": (
            "---\ntitle: P\ndate: 2024-01-01\n---\n\n![**Figure 1.** Loss.](a.png){#fig-loss}"
            "\n\n```{r}\n#| label: fig-plot\n#| fig-cap: \"Figure 2: A plot.\"\nplot(1)\n```"
            "\n\n![Figure 5: Other.](a.png){#fig-other}\n\nSee @fig-loss.\n"),
        "posts/p/a.png": png(8, 8)})
    done = import_site(source, tmp_path / "new")
    text = (done.dest / "content/posts/p/index.md").read_text(encoding="utf-8")
    assert "![Loss.](a.png){#fig-loss}" in text
    assert "\n\nA plot.\n:::" in text
    assert "![Figure 5: Other.](a.png){#fig-other}" in text
    assert sorted(n.message for n in done.report.entries if "own label" in n.message) == [
        "the caption's own label `**Figure 1.**` dropped: Quarto numbered the figure too, "
        "and so does Lanting", "the caption's own label `Figure 2:` dropped: Quarto "
        "numbered the figure too, and so does Lanting"]


def test_a_myst_figure_caption_repeating_sphinxs_number(tmp_path: Path) -> None:
    """A Jupyter Book `{figure}` whose caption begins with the number Sphinx gave it
    (`Figure 2.1:` on chapter 2's first figure, numfig under a numbered toc) read
    "Fig. 2.1 Figure 2.1: …" in the book and "Figure 2.1 Figure 2.1: …" here: the
    label goes, with a notice; another number (the author's count) stays."""
    book = tmp_path / "book"
    write_files(book, {
        "_config.yml": "title: Book\n",
        "_toc.yml": ("format: jb-book\nroot: intro\ndefaults:\n  numbered: true\n"
                     "chapters:\n  - file: a\n  - file: b\n"),
        "intro.md": "# Intro\n\nHello.\n",
        "a.md": "# A\n\nText.\n",
        "b.md": ("# B\n\n```{figure} a.png\n:name: fig-loss\n:width: 50%\n\n"
                 "**Figure 2.1:** The loss.\n```\n\n:::{figure} a.png\nFigure 7. Other.\n:::\n"),
        "a.png": png(8, 8)})
    done = import_site(book, tmp_path / "new")
    text = (done.dest / "content/pages/b.md").read_text(encoding="utf-8")
    assert ":width: 50%\n\nThe loss.\n```" in text
    assert "Figure 7. Other." in text
    assert [n.message for n in done.report.entries if "own label" in n.message] == [
        "the caption's own label `**Figure 2.1:**` dropped: Sphinx numbered the figure "
        "too, and so does Lanting"]
    built = build(done.dest, BuildOptions(output=tmp_path / "out"))
    page = parse_html((built.output / "b/index.html").read_text(encoding="utf-8"))
    assert page.find_all("figcaption")[0].text().split() == [
        "Figure", "2.1", "The", "loss."]


def test_a_bold_label_of_a_dotted_number_is_read_whole() -> None:
    """`**Figure 2.1:** The loss.` was read as the label `Figure 2.`, leaving
    `**1:** The loss.` (every importer's captions)."""
    assert own_label("**Figure 2.1:** The loss.") == ("The loss.", "**Figure 2.1:**")
    assert own_label("**Fig. 3-2.** Top: a.") == ("Top: a.", "**Fig. 3-2.**")


def test_a_figure_cell_inside_a_callout(tmp_path: Path) -> None:
    """A cell making a labelled figure inside a callout became a figure div whose `:::`
    were as long as the callout's: the callout ended at the figure's closing, and its
    own `:::` closed nothing (a build warning, shown as text)."""
    source = tmp_path / "site"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "n.qmd": ("---\ntitle: N\n---\n\n:::: callout-tip\nTip.\n\n```{r}\n#| label: fig-x\n"
                  "#| fig-cap: \"Cap\"\nplot(1)\n```\n::::\n\nAfter.\n")})
    done = import_site(source, tmp_path / "new")
    built = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert [p.message for p in built.warnings if ":::" in p.message] == []
    prose = parse_html((built.output / "n/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    callout = prose.one("div", class_="callout-tip")
    assert callout.one("figure").one("span", "figure-label").text() == "Figure 1"
    assert "After." not in callout.text() and ":::" not in prose.text()

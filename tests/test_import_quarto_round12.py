"""The Quarto, bookdown, distill and Jupyter Book importers and shapes a twelfth round
of real projects had. Small projects written here."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from sitebits import write_files
from test_import_quarto_files import built_prose

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site

_PROJECT = {"_quarto.yml": "project:\n  type: website\n"}


def test_doubled_backslash_parentheses_are_math_where_mathjax_ran(
        tmp_path: Path) -> None:
    """`\\\\(\\mu\\\\)` is an escaped backslash and a parenthesis to Pandoc: it wrote
    `\\(\\mu\\)` into the page, and MathJax, loaded for the page's other math, typeset
    it (escapes inside read: `\\\\{` is a brace). Lanting showed the TeX, with a build
    warning. A page without other math had no MathJax: its text stays as written."""
    source = tmp_path / "site"
    write_files(source, {**_PROJECT, "stats.qmd": (
        "---\ntitle: Stats\n---\n\nThe mean \\\\(\\mu\\\\) of $X$, over "
        "\\\\(\\\\{1, 2\\\\}\\\\).\n\n"
        "\\\\[\nx^2 + y^2\n\\\\]\n\nStep \\(1\\) first.\n"),
        "plain.qmd": "---\ntitle: Plain\n---\n\nTyped \\\\(x\\\\) here.\n"})
    prose = built_prose(source, tmp_path, "stats/index.html")
    assert len(prose.find_all("math")) == 4
    assert "\\" not in prose.text()
    assert "Step (1) first." in prose.text()
    plain = built_prose(source, tmp_path / "again", "plain/index.html")
    assert plain.find("math") is None
    assert "Typed \\(x\\) here." in plain.text()


def test_doubled_backslash_parentheses_in_r_markdown_are_math(tmp_path: Path) -> None:
    """Every R Markdown page loads MathJax (a bookdown chapter with no `$` math too)."""
    book = tmp_path / "book"
    write_files(book, {
        "_bookdown.yml": 'rmd_files: ["index.Rmd", "01-a.Rmd"]\n',
        "index.Rmd": "---\ntitle: B\nsite: bookdown::bookdown_site\n---\n\n# Preface {-}\n",
        "01-a.Rmd": "# Means {#means}\n\nThe mean \\\\(\\bar x\\\\) is.\n"})
    prose = built_prose(book, tmp_path, "01-a/index.html")
    assert prose.find("math") is not None


_BOOK = {
    "_bookdown.yml": 'rmd_files: ["index.Rmd", "01-fit.Rmd", "02-test.Rmd", "03-data.Rmd"]\n',
    "index.Rmd": "---\ntitle: B\nsite: bookdown::bookdown_site\n---\n\n# Preface {-}\n\nHi.\n",
    "01-fit.Rmd": "# (PART) Basics {-}\n\n# Fitting {#fit}\n\nText.\n\n## Loss\n\nMore.\n",
    "02-test.Rmd": "# Testing\n\nAs in Chapter \\@ref(fit), Section \\@ref(loss).\n",
    "03-data.Rmd": "# (APPENDIX) Appendix {-}\n\n# Data {#data}\n\nRows.\n"}


def test_a_bookdown_book_is_numbered_as_its_format_numbered_it(tmp_path: Path) -> None:
    """bookdown's formats number the chapters (a part's heading not counted, the
    appendices A, B …) and their sections, and `\\@ref(x)` reads the number; a book
    whose `_output.yml` says `number_sections: false` is numbered nowhere, its
    references reading the headings."""
    book = tmp_path / "book"
    write_files(book, _BOOK)
    prose = built_prose(book, tmp_path, "02-test/index.html")
    assert prose.one("p").text() == "As in Chapter 1, Section 1.1."
    page = (tmp_path / "out/03-data/index.html").read_text(encoding="utf-8")
    assert '<span class=section-number>A</span> Data' in page
    plain = tmp_path / "plain"
    write_files(plain, {**_BOOK, "_output.yml": (
        "bookdown::gitbook:\n  number_sections: false\nbookdown::pdf_book:\n"
        "  number_sections: true\n")})
    prose = built_prose(plain, tmp_path / "p", "02-test/index.html")
    assert prose.one("p").text() == "As in Chapter Fitting, Section Loss."
    page = (tmp_path / "p/out/01-fit/index.html").read_text(encoding="utf-8")
    assert "section-number" not in page


def test_a_bookdown_chapter_after_a_setup_chunk_is_titled_by_its_heading(
        tmp_path: Path) -> None:
    """A chapter's file starting with a setup chunk (`include=FALSE`) before its `#`
    heading: bookdown's page starts at the heading, which titles it. The page was
    titled by its file's name, `3Models`, the heading left in its text."""
    book = tmp_path / "book"
    write_files(book, {
        "_bookdown.yml": 'rmd_files: ["index.Rmd", "3Models.Rmd"]\n',
        "index.Rmd": "---\ntitle: B\nsite: bookdown::bookdown_site\n---\n\n# Preface {-}\n",
        "3Models.Rmd": ("```{r setup, include=FALSE}\nlibrary(stats)\n```\n\n"
                        "# Simple models {#models}\n\nText.\n")})
    prose = built_prose(book, tmp_path, "3models/index.html")
    page = (tmp_path / "out/3models/index.html").read_text(encoding="utf-8")
    assert "<span class=section-number>1</span> Simple models</h1>" in page
    assert prose.find("h1") is None and prose.one("p").text() == "Text."


def test_a_jupyter_book_link_to_no_file_keeps_its_text(tmp_path: Path) -> None:
    """A relative link to a file the book does not hold (never committed, a folder with
    no page, a file outside the book) led nowhere on the old site either: it was left as
    written, and the build failed on each. Its text is kept, with a warning at its line;
    one from the root is left for the build to report."""
    book = tmp_path / "book"
    write_files(book, {
        "_config.yml": "title: JB\n", "_toc.yml": "format: jb-book\nroot: intro\n"
        "chapters:\n- file: part/page\n",
        "outside.md": "# Outside\n",
        "intro.md": "# Intro\n\nRead [the page](part/page.md).\n",
        "part/page.md": ("# Page\n\nSee [the data](data/x.csv), [notes](gone.ipynb) and "
                         "[the folder](./) or {download}`the table <table.csv>`.\n"
                         "Back [home](../intro.md).\n")})
    done = import_site(book, tmp_path / "new")
    assert [(w.path, w.line) for w in done.report.warnings] == [("part/page.md", 3)] * 4
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    page = (tmp_path / "out/page/index.html").read_text(encoding="utf-8")
    prose = parse_html(page).one("div", class_="prose")
    assert prose.find_all("p")[0].text() == (
        "See the data, notes and the folder or the table. Back home.")
    assert [(a["href"], a.text()) for a in prose.find_all("p")[0].find_all("a")] == [
        ("/", "home")]


def test_a_mystmd_page_label_in_front_matter_names_the_page(tmp_path: Path) -> None:
    """mystmd's `label: chap:fit` in a page's front matter names the page: `[](#…)` and
    `[Chapter 2](#chap:fit)` from other pages link to it. The key was left out, and the
    build failed on each link (a paleomagnetism book: 270 of them). And a key twice in
    one `.bib`, which its reader kept once, failed the build: the first is kept."""
    book = tmp_path / "book"
    write_files(book, {
        "myst.yml": ("version: 1\nproject:\n  title: Book\n  toc:\n    - file: index.md\n"
                     "    - file: fit.md\n"),
        "refs.bib": ("@book{ann2001,\n  author = {Ann Lee},\n  title = {One},\n"
                     "  year = {2001}\n}\n\n@book{ann2001,\n  author = {Ann Lee},\n"
                     "  title = {One again},\n  year = {2001}\n}\n"),
        "index.md": "# Home\n\nRead [Chapter 2](#chap:fit) and {cite}`ann2001`.\n",
        "fit.md": "---\ntitle: Fitting\nlabel: chap:fit\n---\n\nText.\n"})
    done = import_site(book, tmp_path / "new")
    assert [(w.path, w.line) for w in done.report.warnings] == [("refs.bib", 7)]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    home = parse_html((tmp_path / "out/index.html").read_text(encoding="utf-8"))
    link = home.one("div", class_="prose").find_all("a")[0]
    assert (link["href"], link.text()) == ("/fit/", "Chapter 2")


def test_mystmd_number_placeholders_in_reference_texts(tmp_path: Path) -> None:
    """`[Equation %s](#eq:x)`: mystmd shows the number of what the label names where
    `%s` is, as `{numref}` does. On the label's page it is that `{numref}` (Lanting
    numbers it); to another page's `$$ … $$ (eq:x)`, a label Lanting did not know, the
    link leads there reading the page's title. Each was a link reading `%s`, or a
    broken one failing the build."""
    book = tmp_path / "book"
    write_files(book, {
        "myst.yml": ("version: 1\nproject:\n  title: Book\n  toc:\n    - file: index.md\n"
                     "    - file: laws.md\n"),
        "index.md": "# Home\n\nBy [Equation %s](#eq:ohm), current flows.\n",
        "laws.md": ("# Laws\n\n$$\nV = IR\n$$ (eq:ohm)\n\n$$\nP = VI\n$$ (eq:power)\n\n"
                    "See [Equation %s](#eq:power).\n")})
    done = import_site(book, tmp_path / "new")
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    home = parse_html((tmp_path / "out/index.html").read_text(encoding="utf-8"))
    link = home.one("div", class_="prose").find_all("a")[0]
    assert (link["href"], link.text()) == ("/laws/#eq:ohm", "Equation (Laws)")
    laws = parse_html((tmp_path / "out/laws/index.html").read_text(encoding="utf-8"))
    assert "See Equation 2." in [p.text() for p in laws.one("div", class_="prose").find_all("p")]


def test_an_unnumbered_parts_heading_is_no_chapter(tmp_path: Path) -> None:
    """`# (PART\\*) Basics {-}`, an unnumbered part (its star escaped, as bookdown's guide
    writes it), is a part's heading like `(PART)`: it titled the page, and counted."""
    book = tmp_path / "book"
    write_files(book, {**_BOOK, "01-fit.Rmd": _BOOK["01-fit.Rmd"].replace(
        "(PART)", "(PART\\*)")})
    built_prose(book, tmp_path, "01-fit/index.html")
    page = (tmp_path / "out/01-fit/index.html").read_text(encoding="utf-8")
    assert "<span class=section-number>1</span> Fitting</h1>" in page


def test_a_freezes_fence_whose_summary_holds_backticks_is_code(tmp_path: Path) -> None:
    """A freeze's ```` ```{.r .cell-code code-fold="true" code-summary="Source of
    `f()`"} ````: Pandoc reads backticks in a quoted attribute; CommonMark ends an info
    string at one, so the fence was no fence: its code was read as Markdown (`x[[i]]`
    warned of as a wiki link and escaped) and the page showed it as a paragraph."""
    source = tmp_path / "blog"
    frozen = ("---\\ntitle: F\\n---\\n\\n```{.r .cell-code  code-fold=\\\"true\\\" "
              "code-summary=\\\"Source of `f()`\\\"}\\nf <- function(x) x[[1]]\\n```\\n")
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/f/index.qmd": "---\ntitle: F\ndate: 2023-12-30\n---\n\nold\n",
        "_freeze/posts/f/index/execute-results/html.json":
            '{"hash": "x", "result": {"markdown": "' + frozen + '"}}'})
    prose = built_prose(source, tmp_path, "posts/f/index.html")
    assert prose.one("details").one("pre").text().strip() == "f <- function(x) x[[1]]"


def test_an_escaped_shortcode_shows_as_written(tmp_path: Path) -> None:
    """`{{{< include cv.qmd >}}}` is Quarto's escape: the page shows `{{< include cv.qmd
    >}}` (a post on Quarto showing its shortcodes in code). The include was run, failed
    on the missing file with a warning, and the code lost the line."""
    source = tmp_path / "site"
    write_files(source, {**_PROJECT, "notes.qmd": (
        "---\ntitle: Notes\n---\n\n```markdown\n{{{< include cv.qmd >}}}\n```\n\n"
        "Write `{{{< var name >}}}` or {{{< meta title >}}} in the text.\n")})
    prose = built_prose(source, tmp_path, "notes/index.html")
    assert prose.one("pre").text().strip() == "{{< include cv.qmd >}}"
    assert prose.find_all("p")[0].text() == (
        "Write {{< var name >}} or {{< meta title >}} in the text.")
    assert [c.text() for c in prose.find_all("p")[0].find_all("code")] == [
        "{{< var name >}}", "{{< meta title >}}"]
    # (a freeze holds the text after Quarto read the escapes and ran the includes)
    frozen = "---\\ntitle: F\\n---\\n\\n```{markdown}\\n{{< include cv.qmd >}}\\n```\\n"
    write_files(source, {
        "posts/f/index.qmd": "---\ntitle: F\ndate: 2023-12-30\n---\n\nold\n",
        "_freeze/posts/f/index/execute-results/html.json":
            '{"hash": "x", "result": {"markdown": "' + frozen + '"}}'})
    prose = built_prose(source, tmp_path / "frozen", "posts/f/index.html")
    assert prose.one("pre").text().strip() == "{{< include cv.qmd >}}"


def test_a_link_to_a_listings_feed_is_the_new_sites_feed(tmp_path: Path) -> None:
    """`[RSS feed](blog.xml)`: the feed Quarto wrote of the listing page `blog.qmd`
    (`feed: true`), never a file of the project. Its text was kept without the link,
    with a warning; it leads to Lanting's feed now."""
    source = tmp_path / "site"
    write_files(source, {**_PROJECT,
                         "blog.qmd": ("---\ntitle: Blog\nlisting:\n  contents: posts\n"
                                      "  feed: true\n---\n\nSubscribe to the "
                                      "[RSS feed](blog.xml).\n"),
                         "about.qmd": "---\ntitle: About\n---\n\nThe [feed](blog.xml).\n",
                         "posts/a/index.qmd": "---\ntitle: A\ndate: 2024-01-02\n---\n\nHi.\n"})
    prose = built_prose(source, tmp_path, "about/index.html")
    assert prose.one("a")["href"] == "/atom.xml"

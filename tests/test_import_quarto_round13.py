"""The Quarto, bookdown, distill, Jupyter Book and Sphinx importers and shapes a
thirteenth round of real projects had. Small projects written here."""

from __future__ import annotations

import tomllib
from pathlib import Path

from sitebits import write_files
from test_import_quarto_files import built_prose

from lanting.importer import import_site
from lanting.importer.detect import detect
from lanting.importer.sphinx import sphinx_folder

_HEAD = (
    "<script type=\"text/x-mathjax-config\">\nMathJax.Hub.Config({\n  TeX: {\n"
    "    Macros: {\n      bx: \"\\\\boldsymbol{x}\",\n      E: \"\\\\mathbb{E}\"\n"
    "    }\n  }\n});\n</script>\n")


def test_macros_of_an_r_markdown_formats_in_header_file(tmp_path: Path) -> None:
    """A bookdown book's `_output.yml` gives its HTML format `includes: in_header:` a
    file of MathJax setup defining its macros (`\\bx`); the importer read Quarto's
    `include-in-header` only, and each formula using one failed the build. A PDF
    format's preamble is not the HTML pages'."""
    book = tmp_path / "book"
    write_files(book, {
        "_bookdown.yml": 'rmd_files: ["index.Rmd", "01-ols.Rmd"]\n',
        "_output.yml": ("bookdown::gitbook:\n  includes:\n    in_header: assets/head.html\n"
                        "bookdown::pdf_book:\n  includes:\n    in_header: preamble.tex\n"),
        "assets/head.html": _HEAD,
        "preamble.tex": "\\newcommand{\\bx}{\\mathbf{x}}\n\\newcommand{\\Tc}{\\mathcal{T}}\n",
        "index.Rmd": "---\ntitle: B\nsite: bookdown::bookdown_site\n---\n\n# Preface {-}\n",
        "01-ols.Rmd": "# OLS {#ols}\n\nThe mean $\\E[\\bx]$ of the rows.\n"})
    prose = built_prose(book, tmp_path, "01-ols/index.html")
    formula = prose.one("math")
    assert formula.find("mi", mathvariant="double-struck") is not None or "𝔼" in formula.text()
    new = (tmp_path / "new/content/pages/01-ols.md").read_text(encoding="utf-8")
    assert "\\boldsymbol{x}" in new and "\\mathbf{x}" not in new


def test_macros_of_a_distill_sites_in_header_file(tmp_path: Path) -> None:
    """distill's `_site.yml` `output: distill::distill_article: includes:` too."""
    site = tmp_path / "blog"
    write_files(site, {
        "_site.yml": ("name: b\ntitle: B\noutput_dir: docs\noutput:\n"
                      "  distill::distill_article:\n    includes:\n"
                      "      in_header: head.html\n"),
        "head.html": _HEAD,
        "index.Rmd": "---\ntitle: B\nsite: distill::distill_website\nlisting: posts\n---\n",
        "_posts/2024-01-02-mean/mean.Rmd": (
            "---\ntitle: Mean\ndate: 2024-01-02\noutput: distill::distill_article\n---\n\n"
            "The mean $\\E[\\bx]$.\n")})
    prose = built_prose(site, tmp_path, "posts/2024-01-02-mean/index.html")
    assert prose.find("math") is not None


_EQUATIONS = {
    "_bookdown.yml": 'rmd_files: ["index.Rmd", "01-a.Rmd", "02-b.Rmd", "03-c.Rmd"]\n',
    "index.Rmd": "---\ntitle: B\nsite: bookdown::bookdown_site\n---\n\n# Preface {-}\n",
    "01-a.Rmd": ("# Means {#means}\n\n\\begin{equation}\n\\bar x = n^{-1} \\sum x_i "
                 "(\\#eq:mean)\n\\end{equation}\n"),
    "02-b.Rmd": ("# Variances\n\n\\begin{equation}\ns^2 = 1 (\\#eq:var)\n\\end{equation}\n\n"
                 "\\begin{align}\na &= 1 \\\\\nb &= 2 (\\#eq:b)\n\\end{align}\n\n"
                 "As (\\@ref(eq:b)) and (\\@ref(eq:mean)) say.\n"),
    "03-c.Rmd": ("# (APPENDIX) Appendix {-}\n\n# Proofs\n\n\\begin{equation}\np = 1 "
                 "(\\#eq:p)\n\\end{equation}\n"),
}


def test_bookdown_equations_are_numbered_in_their_chapters(tmp_path: Path) -> None:
    """bookdown numbers a labelled equation in its chapter, `(2.2)` (the appendix's
    `(A.1)`), and `\\@ref(eq:x)` reads that number, another chapter's too; Lanting
    counted from 1 on every page, and a reference to another chapter's equation read
    that chapter's title."""
    book = tmp_path / "book"
    write_files(book, _EQUATIONS)
    prose = built_prose(book, tmp_path, "02-b/index.html")
    tags = [t.text() for t in prose.find_all("mtext") if t.text().startswith("(")]
    assert tags == ["(2.1)", "(2.2)"]
    assert "As (2.2) and (1.1) say." in prose.text()
    appendix = built_prose(book, tmp_path / "a", "03-c/index.html")
    assert "(A.1)" in [t.text() for t in appendix.find_all("mtext")]


def test_an_unnumbered_bookdown_book_numbers_equations_through_the_book(
        tmp_path: Path) -> None:
    """`number_sections: false`: bookdown numbers the equations through the book."""
    book = tmp_path / "book"
    write_files(book, {**_EQUATIONS, "_output.yml": (
        "bookdown::gitbook:\n  number_sections: false\n")})
    prose = built_prose(book, tmp_path, "02-b/index.html")
    tags = [t.text() for t in prose.find_all("mtext") if t.text().startswith("(")]
    assert tags == ["(2)", "(3)"]
    assert "As (3) and (1) say." in prose.text()


def test_index_rmd_is_the_first_chapter_and_code_spans_hold_no_label(
        tmp_path: Path) -> None:
    """bookdown merges `index.Rmd` first (a book without `rmd_files`): its numbered
    `# About` is chapter 1, where the importer, reading the files by name, made it the
    last; and a code span showing the syntax, `` `(\\#eq:label)` ``, is shown as
    written and numbers nothing."""
    book = tmp_path / "book"
    write_files(book, {
        "_bookdown.yml": 'output_dir: "docs"\n',
        "index.Rmd": "---\ntitle: B\nsite: bookdown::bookdown_site\n---\n\n# About\n\nHi.\n",
        "0100-eq.Rmd": ("# Equations\n\nLabel one with `(\\#eq:label)`.\n\n"
                        "\\begin{equation}\ny = x (\\#eq:line)\n\\end{equation}\n")})
    prose = built_prose(book, tmp_path, "0100-eq/index.html")
    assert "Label one with (\\#eq:label)." in prose.text()
    tags = [t.text() for t in prose.find_all("mtext") if t.text().startswith("(")]
    assert tags == ["(2.1)"]
    page = (tmp_path / "out/0100-eq/index.html").read_text(encoding="utf-8")
    assert "<span class=section-number>2</span> Equations" in page


def test_a_navbar_entry_of_a_listing_page_reads_its_title(tmp_path: Path) -> None:
    """Quarto's navbar shows a document's title for an entry without `text`: the
    listing page `writing.qmd`, titled "Writing", read "Writing"; Lanting's menu read
    "Blog" (its own entry of the blog page, the navbar's dropped as leading there
    too). The blog's entry takes the navbar's name; a listing of talks too."""
    source = tmp_path / "site"
    write_files(source, {
        "_quarto.yml": ("project:\n  type: website\nwebsite:\n  title: W\n  navbar:\n"
                        "    left:\n      - href: writing.qmd\n      - href: talks.qmd\n"
                        "      - about.qmd\n"),
        "writing.qmd": "---\ntitle: Writing\nlisting:\n  contents: posts\n---\n",
        "talks.qmd": ("---\ntitle: Speaking\nlisting:\n  contents: talks\n---\n"),
        "talks/t1/index.qmd": ("---\ntitle: A talk\ndate: 2024-03-01\nformat: revealjs\n"
                               "---\n\n## One\n\nHi.\n"),
        "about.qmd": "---\ntitle: About me\n---\n\nMe.\n",
        "posts/p1/index.qmd": "---\ntitle: P\ndate: 2024-01-02\n---\n\nText.\n"})
    done = import_site(source, tmp_path / "new")
    config = tomllib.loads((done.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert [(e["name"], e["url"]) for e in config["menu"]] == [
        ("Writing", "/blog/"), ("Speaking", "/talks/"), ("About me", "/about/")]
    assert not [n for n in done.report.entries if "leads there too" in n.message]


def test_a_mystmd_section_number_placeholder_on_an_unnumbered_page(tmp_path: Path) -> None:
    """`[Section %s](#sec-method)` to a heading of its own page, whose sections have no
    number (mystmd showed `Section ??`): it was `{numref}`, which read the heading with
    a build warning. It is a link reading the heading; a figure's stays `{numref}`."""
    book = tmp_path / "book"
    write_files(book, {
        "myst.yml": ("version: 1\nproject:\n  title: Book\n  toc:\n    - file: index.md\n"
                     "    - file: intro.md\n"),
        "index.md": "# Home\n\nHi.\n",
        "intro.md": ("# Intro\n\nAs [Section %s](#sec-method) says, see [Fig. %s](#fig-a)."
                     "\n\n(sec-method)=\n## Method\n\nText.\n\n:::{figure} a.svg\n:label: fig-a\n"
                     "A plot.\n:::\n"),
        "a.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"></svg>\n'})
    prose = built_prose(book, tmp_path, "intro/index.html")
    links = [(a.get("href"), a.text()) for a in prose.find_all("a")]
    assert ("#sec-method", "Section Method") in links
    assert ("#fig-a", "Fig. 1") in links


def test_a_sphinx_chapters_toctree_among_its_sections_is_numbered_there(
        tmp_path: Path) -> None:
    """Sphinx numbers the documents of a chapter's toctree after the sections before it
    (its section Intro 1.1, the documents 1.2 and 1.3), and the sections after it after
    them (Summary 1.4); Lanting numbered the documents from 1.1 and the chapter's
    sections by themselves, so 1.1 and 1.2 were each shown twice."""
    write_files(tmp_path / "old", {
        "conf.py": "project = 'Notes'\n",
        "index.rst": "Notes\n=====\n\n.. toctree::\n   :numbered:\n\n   ch1\n",
        "ch1.rst": ("Chapter One\n===========\n\nIntro\n-----\n\nText.\n\n.. toctree::\n\n"
                    "   ch1/a\n   ch1/b\n\nSummary\n-------\n\nEnd.\n\nDetails\n~~~~~~~\n\n"
                    "More.\n"),
        "ch1/a.rst": "Part A\n======\n\nFirst\n-----\n\nA.\n",
        "ch1/b.rst": "Part B\n======\n\nB.\n"})
    prose = built_prose(tmp_path / "old", tmp_path, "ch1/index.html")
    assert [h.text() for h in prose.iter() if h.tag in ("h2", "h3")] == [
        "1.1 Intro", "1.4 Summary", "1.4.1 Details"]
    page = (tmp_path / "out/a/index.html").read_text(encoding="utf-8")
    assert "<span class=section-number>1.2</span> Part A" in page
    assert '<span class="section-number">1.2.1</span> First' in page
    page = (tmp_path / "out/b/index.html").read_text(encoding="utf-8")
    assert "<span class=section-number>1.3</span> Part B" in page


def test_a_bookdown_link_to_an_html_anchor_of_another_chapter(tmp_path: Path) -> None:
    """bookdown led a `[text](#x)` to whichever chapter's page holds an element of that
    id, `<a id="restart"></a>` too: the importer knew headings only, and the build failed
    on the link (no anchor on its own page)."""
    book = tmp_path / "book"
    write_files(book, {
        "_bookdown.yml": 'rmd_files: ["index.Rmd", "01-a.Rmd", "02-b.Rmd"]\n',
        "index.Rmd": "---\ntitle: B\nsite: bookdown::bookdown_site\n---\n\n# Preface {-}\n",
        "01-a.Rmd": "# Setup\n\nSee [restarting](#restart) and `<a id=\"code\">`.\n",
        "02-b.Rmd": "# Editors\n\nText.\n\n<a id=\"restart\"></a>\nRestart it.\n"})
    prose = built_prose(book, tmp_path, "01-a/index.html")
    assert ("/02-b/#restart", "restarting") in [(a.get("href"), a.text())
                                               for a in prose.find_all("a")]


def test_a_bookdown_theorem_whose_label_starts_with_its_kind(tmp_path: Path) -> None:
    """`::: {.theorem #thm-line}` (a label written as Quarto's) is Quarto's `thm-thm-line`
    (the kind's prefix added, as for any label); `\\@ref(thm:thm-line)` read `thm-line`,
    a label of nothing, and the build failed on it."""
    book = tmp_path / "book"
    write_files(book, {
        "_bookdown.yml": 'rmd_files: ["index.Rmd", "01-a.Rmd"]\n',
        "index.Rmd": "---\ntitle: B\nsite: bookdown::bookdown_site\n---\n\n# Preface {-}\n",
        "01-a.Rmd": ("# Lines\n\n::: {.theorem #thm-line}\nA line is $y = ax + b$.\n:::\n\n"
                     "See Theorem \\@ref(thm:thm-line).\n")})
    prose = built_prose(book, tmp_path, "01-a/index.html")
    assert "See Theorem 1.1." in prose.text()  # (numbered in its chapter, as bookdown did)


def test_a_sphinx_project_in_a_folders_source(tmp_path: Path) -> None:
    """A tutorial keeps its Sphinx project in `sphinx/source/` beside its slides: it was
    read as a folder of notes, its `.rst` files copied as they were. The one first-level
    folder holding `conf.py` and a root document (or its `source/`) is the project; not
    in a generator's site, whose settings are at the root."""
    source = tmp_path / "tutorial"
    write_files(source, {
        "README.md": "# Tutorial\n",
        "sphinx/Makefile": "html:\n\tsphinx-build source build\n",
        "sphinx/source/conf.py": "project = 'Tutorial'\n",
        "sphinx/source/index.rst": "Tutorial\n========\n\n.. toctree::\n\n   math\n",
        "sphinx/source/math.rst": "Math\n====\n\nEuler: :math:`e^{i\\pi} = -1`.\n"})
    assert detect(source) == "sphinx"
    prose = built_prose(source, tmp_path, "math/index.html")
    assert prose.find("math") is not None
    write_files(source, {"_config.yml": "title: A Jekyll site\n"})
    assert sphinx_folder(source) is None


def test_a_myst_directive_written_with_a_space_after_its_fence(tmp_path: Path) -> None:
    """```` ``` {figure} figures/upload.* ```` is a directive to MyST (its info string
    trimmed): the importer's patterns wanted no space, so the figure's `image.*`
    (Sphinx's: the file in the first format an HTML page shows) was left as written,
    a missing image to the build."""
    book = tmp_path / "book"
    write_files(book, {
        "myst.yml": ("version: 1\nproject:\n  title: Book\n  toc:\n    - file: index.md\n"
                     "    - file: lessons/upload.md\n"),
        "index.md": "# Home\n\nHi.\n",
        "lessons/upload.md": ("# Upload\n\n``` {figure} figures/upload.*\n:name: fig-up\n\n"
                              "Uploading a file.\n```\n"),
        "lessons/figures/upload.svg": (
            '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"></svg>\n')})
    prose = built_prose(book, tmp_path, "upload/index.html")
    assert prose.one("img")["src"].endswith("upload.svg")


def test_a_literalinclude_of_the_books_own_file(tmp_path: Path) -> None:
    """A workshop book shows parts of its own `myst.yml` with `{literalinclude}
    ../../myst.yml` (`:start-after:`, `:end-at:`, `:lineno-match:`, a `:label:` links
    name): Lanting read the path from the new page's folder, a file the new site has
    not, and the build failed on each. It is the code block the book showed."""
    book = tmp_path / "book"
    write_files(book, {
        "myst.yml": ("version: 1\nproject:\n  title: Book\n  toc:\n    - file: index.md\n"
                     "    - file: content/lessons/toc.md\nsite:\n  template: book-theme\n"),
        "index.md": "# Home\n\nHi.\n",
        "content/lessons/toc.md": (
            "# The contents\n\nSee [the ToC](#code_toc).\n\n:::{literalinclude} ../../myst.yml\n"
            ":start-after: title\n:end-at: - file: index.md\n:lineno-match:\n"
            ":caption: The table of contents\n:label: code_toc\n:::\n")})
    prose = built_prose(book, tmp_path, "toc/index.html")
    code = prose.one("pre").text()
    assert "toc:" in code and "- file: index.md" in code
    assert "title: Book" not in code and "content/lessons" not in code
    assert ("#code_toc", "the ToC") in [(a.get("href"), a.text()) for a in prose.find_all("a")]


def test_an_iframes_name_is_an_anchor(tmp_path: Path) -> None:
    """mystmd's `{iframe}` with a `:name:` (a video a lesson links to, `[](#vid_3)`): its
    name was lost with the iframe, and the build failed on the link."""
    book = tmp_path / "book"
    write_files(book, {
        "myst.yml": ("version: 1\nproject:\n  title: Book\n  toc:\n    - file: index.md\n"
                     "    - file: setup.md\n"),
        "index.md": "# Home\n\nHi.\n",
        "setup.md": ("# Setup\n\nCommit it, see [the video](#vid_3).\n\n"
                     "```{iframe} https://www.youtube.com/embed/MIJUMsTEfzY\n:name: vid_3\n\n"
                     "Working in the browser.\n```\n")})
    prose = built_prose(book, tmp_path, "setup/index.html")
    assert prose.find(id="vid_3") is not None
    assert ("#vid_3", "the video") in [(a.get("href"), a.text()) for a in prose.find_all("a")]


def test_a_bare_aligned_with_a_label_after_its_end(tmp_path: Path) -> None:
    """A bare `\\begin{aligned}` … `\\end{aligned} {#eq-pois}` (Pandoc's raw TeX, shown
    as display math): the label kept the pattern from ending at its own `\\end`, so the
    `$$` block ran to a later environment's end, over the text between, and the build
    failed on the label inside the formula. It ends at its own end, the label its."""
    source = tmp_path / "site"
    write_files(source, {**{"_quarto.yml": "project:\n  type: website\n"}, "ch.qmd": (
        "---\ntitle: Ch\n---\n\nThe joint pdf is\n\n\\begin{aligned}\np &= 1\\\\\n"
        "q &= 2\n\\end{aligned} {#eq-pois}\n\nwhich @eq-pois shows. Then\n\n"
        "\\begin{aligned}\nr &= 3\n\\end{aligned}\n")})
    prose = built_prose(source, tmp_path, "ch/index.html")
    assert "which (1) shows. Then" in prose.text()
    assert len(prose.find_all("math")) == 2

"""The Quarto, bookdown and distill importers and shapes an eleventh round of real
projects had: a personal site's raw HTML lists, a philosopher's papers converted to
Quarto by Pandoc. Small projects written here."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from sitebits import png, write_files
from test_import_quarto_files import built_prose

from lanting.importer import detect, import_site

_PROJECT = {"_quarto.yml": "project:\n  type: website\n"}


def test_a_raw_html_block_with_blank_lines_stays_html(tmp_path: Path) -> None:
    """A `{=html}` block is raw to Pandoc whatever lines it holds; in Markdown a line of
    spaces ended its HTML, and the indented lines after it were code: the ids of the
    entries below were lost, and the build failed on the links to them."""
    source = tmp_path / "site"
    write_files(source, {**_PROJECT, "teaching.qmd": (
        "---\ntitle: Teaching\n---\n\n[Calculus](#calc)\n\n```{=html}\n"
        '<section class="courses">\n  <div class="list">\n'
        '    <article id="intro"><h4>Intro</h4>\n      \n    </article>\n'
        '        <article id="calc"><h4>Calculus</h4>\n'
        '        <p class="meta">Year 1</p>\n        </article>\n  </div>\n</section>\n'
        "```\n")})
    prose = built_prose(source, tmp_path, "teaching/index.html")
    assert prose.one("article", id="calc").one("h4").text() == "Calculus"
    assert prose.find("pre") is None


def test_escaped_parentheses_are_parentheses_to_quarto(tmp_path: Path) -> None:
    """Quarto's reader has no `\\(x\\)` math: `\\(1\\)` is how Pandoc writes a `(1)`
    starting a line (a paper converted to Quarto numbered its examples so), and the page
    showed `(1)`. Lanting read a formula: an italic 1, and `\\(#\\)` failed the build.
    A document whose reader has `tex_math_single_backslash` keeps its formulas."""
    source = tmp_path / "site"
    write_files(source, {**_PROJECT, "paper.qmd": (
        "---\ntitle: Paper\n---\n\n\\(1\\) If *p*, *p* and $q$.\n\n"
        "\\(#\\)\n:   *Cr*(*x*) = *x*\n\nIn the plane \\(R^2\\) it holds.\n"),
        "notes.qmd": ("---\ntitle: Notes\nfrom: markdown+tex_math_single_backslash\n---\n\n"
                      "Let \\(x^2\\) be.\n")})
    prose = built_prose(source, tmp_path, "paper/index.html")
    assert prose.find("math") is not None  # ($q$ is a formula)
    assert [p.text() for p in prose.find_all("p")][0].startswith("(1) If p, p and")
    assert prose.one("dt").text() == "(#)"
    assert "In the plane (R^2) it holds." in prose.text()
    notes = parse_html((tmp_path / "out/notes/index.html").read_text(encoding="utf-8"))
    assert notes.one("div", class_="prose").find("math") is not None


def test_a_bibliography_named_by_the_authors_absolute_path_is_found(
        tmp_path: Path) -> None:
    """`bibliography: /Users/ann/Documents/essays/refs.bib`: Quarto found the project's
    own `refs.bib` there, on the author's machine. The file was not found (a warning for
    each post), and the build failed on every citation."""
    source = tmp_path / "essays"
    write_files(source, {
        **_PROJECT,
        "refs.bib": "@book{lewis86,\n  author = {Lewis, David},\n"
                    "  title = {On the Plurality of Worlds},\n  year = {1986}\n}\n",
        "posts/worlds/index.qmd": (
            "---\ntitle: Worlds\ndate: 2024-03-01\nbibliography:\n"
            "  - /Users/ann/Documents/essays/refs.bib\n---\n\nAs @lewis86 argued.\n")})
    prose = built_prose(source, tmp_path, "posts/worlds/index.html")
    assert "Lewis" in prose.text()
    assert "@lewis86" not in prose.text()


def test_macros_defined_in_header_includes_are_the_books(tmp_path: Path) -> None:
    """`header-includes: - \\def\\btheta{\\boldsymbol \\theta}` in a bookdown book's
    `index.Rmd` (raw TeX for its PDF): Pandoc's `latex_macros` expanded them in every
    chapter's formulas of the HTML book too. Lanting never read them, and each `$\\btheta$`
    failed the build (a Bayesian statistics book: 411 errors). A Quarto document's
    `\\newcommand` there is read alike."""
    book = tmp_path / "book"
    write_files(book, {
        "_bookdown.yml": 'rmd_files: ["index.Rmd", "01-prior.Rmd"]\n',
        "index.Rmd": ("---\ntitle: Bayes\nsite: bookdown::bookdown_site\nheader-includes:\n"
                      "- \\usepackage{setspace}\n- \\def\\btheta{\\boldsymbol \\theta}\n"
                      "- \\def\\pr#1#2{p(#1|#2)}\n---\n\n# Preface {-}\n\nNotes.\n"),
        "01-prior.Rmd": "# Priors {#priors}\n\nThe posterior $\\pr{\\btheta}{y}$.\n"})
    prose = built_prose(book, tmp_path, "01-prior/index.html")
    assert prose.one("math").find("mi") is not None
    site = tmp_path / "site"
    write_files(site, {**_PROJECT, "notes.qmd": (
        "---\ntitle: Notes\nheader-includes: |\n  \\newcommand{\\E}{\\mathbb{E}}\n---\n\n"
        "Take $\\E X$.\n")})
    prose = built_prose(site, tmp_path / "q", "notes/index.html")
    assert prose.one("math").find("mi") is not None


def test_a_link_whose_path_has_spaces_is_a_link(tmp_path: Path) -> None:
    """Pandoc reads a link's path up to its `)`, spaces and all (`[Author](/people/Ann
    Lee.html)` led to `Ann%20Lee.html`); in CommonMark the first space ends it, and the
    whole was text, with a warning each (a philosophy notebook: 269 of them)."""
    source = tmp_path / "notes"
    write_files(source, {
        **_PROJECT,
        "people/Ann Lee.qmd": "---\ntitle: Ann Lee\n---\n\nA logician.\n",
        "people/Bo Ek.qmd": "---\ntitle: Bo Ek\n---\n\nA linguist.\n",
        "works/On Truth.qmd": "---\ntitle: On Truth\n---\n\nAn essay.\n",
        "works/On Sense.qmd": "---\ntitle: On Sense\n---\n\nAn essay.\n",
        "lectures/one.qmd": (
            "---\ntitle: Lecture one\n---\n\n[Author](/people/Ann Lee.html) "
            '[Next](../works/On Truth.qmd "the essay")\n')})
    prose = built_prose(source, tmp_path, "lectures/index.html")
    links = {a.text(): a.attrs["href"] for a in prose.find_all("a")}
    assert links == {"Author": "/ann-lee/", "Next": "/on-truth/"}


def test_a_link_to_a_document_in_other_capitals_leads_to_it(tmp_path: Path) -> None:
    """`[Author](/people/Ann Lee.html)` for `people/ann lee.qmd` (notes whose files are
    named in lower case, their links by title), `img/board.png` for `img/Board.PNG`: the
    writer's computer, which ignores case, showed the page and the image; the link was
    kept and the build failed on it."""
    source = tmp_path / "notes"
    write_files(source, {
        **_PROJECT,
        "people/ann lee.qmd": "---\ntitle: Ann Lee\n---\n\nA logician.\n",
        "people/bo ek.qmd": "---\ntitle: Bo Ek\n---\n\nA linguist.\n",
        "lectures/img/Board.PNG": png(20, 10),
        "lectures/one.qmd": (
            "---\ntitle: Lecture one\n---\n\n[Author](/people/Ann Lee.html) and "
            "[her colleague](../people/Bo%20Ek.qmd)\n\n![The board](img/board.png)\n")})
    prose = built_prose(source, tmp_path, "lectures/index.html")
    links = {a.text(): a.attrs["href"] for a in prose.find_all("a")}
    assert links == {"Author": "/ann-lee/", "her colleague": "/bo-ek/"}
    assert prose.one("img").attrs["src"].endswith("Board.PNG")


def test_a_distill_blog_with_knit_leftovers_is_a_distill_blog(tmp_path: Path) -> None:
    """A distill blog whose posts' folders keep knitr's leftovers (`post.knit 2.md`,
    front matter first, no date in the name: a sync tool's copies) was taken for a Hexo
    `source/` folder, and every post and page, HTML to Hexo, was left out. `_site.yml`
    with a `distill::` output says what it is."""
    write_files(tmp_path / "blog", {
        "_site.yml": 'name: "blog"\ntitle: "Blog"\noutput: distill::distill_article\n',
        "index.Rmd": '---\ntitle: "Posts"\nsite: distill::distill_website\nlisting: posts\n'
                     "---\n",
        "_posts/2023-07-10-barplots/barplots.Rmd": (
            '---\ntitle: "Bar plots"\ndate: 2023-07-10\n---\n\nBars.\n'),
        "_posts/2023-07-10-barplots/barplots.knit 2.md": (
            '---\ntitle: "Bar plots"\n---\n\nBars.\n')})
    assert detect(tmp_path / "blog") == "distill"


def test_notes_a_writer_without_footnotes_left_as_links_are_footnotes(
        tmp_path: Path) -> None:
    """A post converted to `.md` by Pandoc's `gfm` writer marks its notes `[¹](#fn1)`
    and lists them after a rule, each ending in `[↩](#fnref1)`: no `#fn1` was on the
    page (Quarto published the links dead) and the build failed on each."""
    source = tmp_path / "blog"
    write_files(source, {**_PROJECT, "posts/knn/index.md": (
        "---\ntitle: Neighbours\ndate: 2024-01-02\n---\n\n"
        "We tune *k* by cross-validation[¹](#fn1), then refit[²](#fn2).\n\n"
        "------------------------------------------------------------------------\n\n"
        "1.  Ten folds, repeated\n    three times.[↩](#fnref1)\n\n"
        "2.  On all the data.[↩](#fnref2)\n")})
    prose = built_prose(source, tmp_path, "posts/knn/index.html")
    notes = prose.one("section", class_="footnotes").find_all("li")
    assert [li.attrs["id"] for li in notes] == ["fn1", "fn2"]
    assert " ".join(notes[0].text().split()) == "Ten folds, repeated three times. ↩︎"
    assert prose.find_all("hr") == [prose.one("hr", class_="footnotes-sep")]


def test_a_div_whose_attribute_holds_braces_opens_a_div(tmp_path: Path) -> None:
    """The R Markdown Cookbook's columns, `::: {.col data-latex="{0.5\\textwidth}"}`
    inside `:::: {style="display: flex;"}`: the attributes were read to the first `}`,
    so the opening was none, its `:::` closed the outer div, and the outer `::::` was
    left as text, with a build warning for each."""
    source = tmp_path / "site"
    write_files(source, {**_PROJECT, "cols.qmd": (
        '---\ntitle: Cols\n---\n\n:::: {style="display: flex;"}\n\n'
        '::: {.col data-latex="{0.5\\textwidth}"}\nLeft\n:::\n\n'
        '::: {.col data-latex="{0.5\\textwidth}"}\nRight\n:::\n\n::::\n\nAfter.\n')})
    done = import_site(source, tmp_path / "new")
    text = (done.dest / "content/pages/cols.md").read_text(encoding="utf-8")
    assert ":::" not in text
    assert text.split("---\n", 2)[2].split() == ["Left", "Right", "After."]

"""The Quarto importer on shapes of statistics blogs and course sites: listing pages
an archive links to by their `.html` names, formulas in `\\[ … \\]`, pipe tables with
`|` in formulas, list tables, `_variables.yml`, figure cells, raw LaTeX for the PDF."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from htmltree import Element, parse_html
from sitebits import png, write_files
from test_import_quarto_files import built_prose

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site


def test_a_link_to_a_listing_pages_html_leads_to_the_blog(tmp_path: Path) -> None:
    """An archive page (a listing with text: the blog page's now) linked to each
    series' listing page by its output name, `priors.html`: the import left the links
    as written, and the build failed on each one."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "archive.qmd": "---\ntitle: Posts\nlisting:\n  contents: posts/**/*.qmd\n---\n\n"
                       "## Series\n\nThe [series on priors](priors.html) and "
                       "[its first post](posts/priors/flat.qmd).\n",
        "priors.qmd": "---\ntitle: 'Series: priors'\nlisting:\n  contents: posts/priors\n"
                      "---\n",
        "posts/priors/flat.qmd": "---\ntitle: Flat priors\ndate: 2024-02-03\n---\n\n"
                                 "Back to [the series](../../priors.html).\n",
    })
    done = import_site(source, tmp_path / "new")
    assert [w for w in done.report.warnings if "priors.html" in w.message] == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    blog = parse_html((result.output / "blog/index.html").read_text(encoding="utf-8"))
    assert [a["href"] for a in blog.one("div", class_="blog-intro").find_all("a")] == [
        "/blog/", "/posts/flat/"]
    post = parse_html((result.output / "posts/flat/index.html").read_text(encoding="utf-8"))
    assert post.one("div", class_="prose").one("a")["href"] == "/blog/"


def test_an_aligned_block_inside_brackets_is_one_formula(tmp_path: Path) -> None:
    """`\\[` on the line above a bare `\\begin{aligned}` (and `\\]` below it) is one
    display formula, as MathJax showed it; the import put the `aligned` block in `$$`
    lines of its own too, inside the brackets, and the build failed on a stray `$`. One
    inside `\\begin{equation}` is that formula's too."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/ett/index.qmd": (
            "---\ntitle: Effect on the treated\ndate: 2024-03-04\n---\n\n"
            "For the treated:\n\\[\n\\begin{aligned}\nETT &= E[Y_1 - Y_0 \\mid X=1] \\\\\n"
            "&= E[Y_1 \\mid X=1] - E[Y_0 \\mid X=1]\n\\end{aligned}\n\\]\nand then\n\n"
            "\\begin{equation}\n\\begin{aligned}\na &= b\n\\end{aligned}\n"
            "\\end{equation}\n\nand a bare one:\n\n\\begin{cases}\n1 & x>0\\\\\n"
            "0 & x\\le 0\n\\end{cases}\n"),
    })
    prose = built_prose(source, tmp_path, "posts/ett/index.html")
    assert len(prose.find_all("math")) == 3
    assert "$" not in prose.text()


def test_a_bar_in_a_table_cells_formula_is_no_cell_break(tmp_path: Path) -> None:
    """Pandoc reads a pipe table cell's `$…$` whole, so `$\\sum_i |x_i|$` and `$\\|x\\|$`
    were one cell each on the Quarto site; Lanting ended the cell at the first `|`, and a
    course's table of norms fell apart ("TeX left in the page")."""
    source = tmp_path / "site"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/norms.qmd": "---\ntitle: Norms\ndate: 2024-05-07\n---\n\n"
                           "| Norm | Definition |\n|---|---|\n"
                           "| $\\ell_1$ | $\\sum_i |x_i|$ |\n| $\\ell_2$ | $\\|x\\|_2$ |\n",
    })
    prose = built_prose(source, tmp_path, "posts/norms/index.html")
    rows = prose.one("table").find_all("tr")
    assert [len(r.find_all("td")) for r in rows[1:]] == [2, 2]
    assert "‖" in rows[2].find_all("td")[1].text()


def test_mermaid_cells_are_drawn_as_quarto_drew_them(tmp_path: Path) -> None:
    """Quarto draws a ```` ```{mermaid} ```` cell itself; the import kept it as a
    Mermaid block but set no script, so every diagram showed as its code, with a
    warning per page."""
    source = tmp_path / "site"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/flow.qmd": "---\ntitle: Flow\ndate: 2024-05-08\n---\n\n```{mermaid}\n"
                          "flowchart LR\n  A[data] --> B[model]\n```\n",
    })
    done = import_site(source, tmp_path / "new")
    config = tomllib.loads((done.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["markdown"]["mermaid"].startswith("https://")
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    page = (result.output / "posts/flow/index.html").read_text(encoding="utf-8")
    assert 'class="mermaid"' in page


def test_the_refs_div_places_the_reference_list(tmp_path: Path) -> None:
    """`::: {#refs}` is where Pandoc puts the reference list (a talk's references
    before its appendix); the import warned of a div it had no form for and the list
    went to the page's end. It is `{{< references >}}`, Lanting's marker for it."""
    source = tmp_path / "site"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/talk/index.qmd": "---\ntitle: Talk\ndate: 2024-05-09\nbibliography: "
                                "refs.bib\n---\n\nAs shown [@song2019].\n\n## References\n\n"
                                "::: {#refs}\n:::\n\n## Appendix\n\nMore.\n",
        "posts/talk/refs.bib": "@article{song2019,\n  title = {Generative Modeling by "
                               "Estimating Gradients},\n  author = {Song, Yang and Ermon, "
                               "Stefano},\n  journal = {NeurIPS},\n  year = {2019}\n}\n",
    })
    prose = built_prose(source, tmp_path, "posts/talk/index.html")
    order = [e.tag if e.tag != "h2" else e.text() for e in prose.children
             if isinstance(e, Element) and e.tag in ("h2", "section")]
    assert order == ["References", "section", "Appendix"]


def test_a_bib_beside_a_page_is_the_sites(tmp_path: Path) -> None:
    """A researcher's site: `code/index.qmd`, a page (no listing holds it), with
    `bibliography: code.bib` beside it. Taken for the page's own, the file went into a
    bundle a page does not have: dropped, and the build failed ("no file
    content/pages/code.bib"). Its entries join `content/references.bib`."""
    source = tmp_path / "site"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "code/index.qmd": "---\ntitle: Software\nbibliography: code.bib\n---\n\n"
                          "I co-wrote the package of @li2021.\n",
        "code/code.bib": "@article{li2021,\n  title = {Sparse Estimators},\n  author = "
                         "{Li, Wei},\n  journal = {JSS},\n  year = {2021}\n}\n",
    })
    prose = built_prose(source, tmp_path, "code/index.html")
    assert prose.one("a", href="#ref-li2021").text() == "2021"
    assert "Sparse Estimators" in prose.text()  # (the reference list)
    bib = (tmp_path / "new" / "content" / "references.bib").read_text(encoding="utf-8")
    assert "@article{li2021," in bib


def test_cells_run_in_the_browser_are_code_with_a_warning(tmp_path: Path) -> None:
    """quarto-webr's `{webr-r}` (a statistician's post: change the numbers, press Run)
    and quarto-pyodide's `{pyodide-python}`: the import left the fence as written and
    the build warned of an unknown MyST directive, its `#|` options shown as code.
    They are R and Python code blocks, with a warning that they do not run."""
    source = tmp_path / "site"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/risk/index.qmd": "---\ntitle: Risk\ndate: 2024-06-01\nfilters:\n  - webr\n"
                                "---\n\nTry it:\n\n```{webr-r}\n#| message: false\n"
                                "p <- 0.05\n1 - (1 - p)^10\n```\n\n"
                                "```{pyodide-python}\nimport math\nmath.comb(10, 2)\n```\n",
    })
    done = import_site(source, tmp_path / "new")
    assert [w.message.split(":")[0] for w in done.report.warnings] == [
        "`{webr-r}`", "`{pyodide-python}`"]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    prose = parse_html((result.output / "posts/risk/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    r, python = prose.find_all("code")
    assert (r["class"], python["class"]) == ("language-r", "language-python")
    assert r.text().startswith("p <- 0.05") and "#|" not in r.text()


def test_a_figure_cells_code_stays_code_before_the_figure(tmp_path: Path) -> None:
    """A freeze writes a labelled plot cell as `::: {#fig-x .cell}` holding the echoed
    code, the image and the caption: the code was taken for part of the caption and
    ended up in the figure's title, the fence's backticks shown in the text. The code
    comes before the figure, as Quarto showed it."""
    source = tmp_path / "site"
    frozen = ("---\ntitle: Scores\n---\n\n::: {#fig-scores .cell execution_count=2}\n"
              "``` {.python .cell-code}\nplt.imshow(pdf)\nplt.show()\n```\n\n"
              "::: {.cell-output .cell-output-display}\n"
              "![Density](index_files/figure-html/fig-scores-output-1.png){#fig-scores-1}\n"
              ":::\n\nThe density of a 2D Gaussian\n:::\n\nSee @fig-scores.\n")
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/scores/index.qmd": "---\ntitle: Scores\ndate: 2024-05-10\n---\n\nold\n",
        "_freeze/posts/scores/index/execute-results/html.json": json.dumps(
            {"hash": "x", "result": {"markdown": frozen}}),
        "_freeze/posts/scores/index/figure-html/fig-scores-output-1.png": png(8, 6),
    })
    prose = built_prose(source, tmp_path, "posts/scores/index.html")
    assert "plt.imshow(pdf)" in prose.one("pre").text()
    figure = prose.one("figure")
    assert figure["id"] == "fig-scores"
    assert figure.one("figcaption").text().endswith("The density of a 2D Gaussian")
    assert "```" not in prose.text() and "plt" not in figure.text()


def test_a_page_beside_folders_of_documents_is_named_by_its_file(tmp_path: Path) -> None:
    """`content/CV.qmd`, the only file in `content/` but beside `content/talks/…`, was
    taken for a post alone in its folder and named by the folder: the CV became the
    page `content`. A folder holding more documents below it is no bundle."""
    source = tmp_path / "site"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "content/CV.qmd": "---\ntitle: CV\n---\n\nMy CV.\n",
        "content/talks/index.qmd": "---\ntitle: Talks\n---\n\nSome talks.\n",
        "posts/tokenizers/post.qmd": "---\ntitle: T\ndate: 2023-01-18\n---\n\nText.\n",
    })
    done = import_site(source, tmp_path / "new")
    written = sorted(p.relative_to(done.dest / "content").as_posix()
                     for p in (done.dest / "content").rglob("*.md"))
    assert written == ["pages/cv.md", "pages/talks.md", "posts/tokenizers.md"]


def test_raw_latex_for_the_pdf_is_left_out(tmp_path: Path) -> None:
    """`\\begin{center}\\rule{0.5\\linewidth}{0.5pt}\\end{center}` and `\\newpage` between
    sections (a post written for the PDF too): Pandoc gives raw LaTeX to LaTeX output
    only, so the Quarto site showed nothing there; Lanting showed the TeX ("TeX left in
    the page"). They are left out, with a notice; formulas stay."""
    source = tmp_path / "site"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/jl.qmd": "---\ntitle: JL\ndate: 2024-05-11\n---\n\nThe bound $t = O(\\log n)$."
                        "\n\n\\begin{center}\\rule{0.5\\linewidth}{0.5pt}\\end{center}\n"
                        "\n### The lemma\n\n\\newpage\n\n\\begin{equation}\n"
                        "\\begin{aligned} a &= b \\end{aligned}\n\\end{equation}\n",
    })
    done = import_site(source, tmp_path / "first")
    assert sum("raw LaTeX for the PDF" in n.message for n in done.report.entries) == 2
    prose = built_prose(source, tmp_path, "posts/jl/index.html")
    assert "\\" not in prose.text() and len(prose.find_all("math")) == 2


def test_var_and_meta_shortcodes_are_filled_in(tmp_path: Path) -> None:
    """A course site names itself through `_variables.yml` (`{{< var course.short >}}`)
    and a report through its own metadata (`{{< meta rr_title >}}`), in titles too: the
    import left each in a comment ("the value is not known here") and the titles kept the
    shortcodes. Known values are written in; one made by inline R code is a warning."""
    source = tmp_path / "site"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "_variables.yml": "course:\n  short: STA 101\n  term: Spring 2026\n",
        "reports/r1.qmd": "---\ntitle: '{{< var course.short >}} Report {{< meta rr_num >}}: "
                          "{{< meta rr_title >}}'\nrr_num: '01'\nrr_title: Bias and variance\n"
                          "---\n\nDue in {{< var course.term >}}; see {{< meta rr_title >}}.\n",
        "notes/n1.qmd": "---\ntopic: \"`r read_topic(1)`\"\n"
                        "title: '{{< var course.short >}} - {{< meta topic >}}'\n---\n\nText.\n",
    })
    done = import_site(source, tmp_path / "new")
    assert [(w.path, w.line, w.message) for w in done.report.warnings] == [
        ("notes/n1.qmd", 3, "`title` holds a shortcode whose value is not known here: "
         "write it in")]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    page = parse_html((result.output / "reports/index.html").read_text(encoding="utf-8"))
    assert page.one("h1").text() == "STA 101 Report 01: Bias and variance"
    assert page.one("div", class_="prose").text().strip() == (
        "Due in Spring 2026; see Bias and variance.")


def test_list_tables_become_pipe_tables(tmp_path: Path) -> None:
    """A course site's tables are pandoc-ext's `.list-table` divs (a list of rows, each a
    list of cells), which the import unwrapped with a warning: each showed as a nested
    list. One whose cells are one paragraph each is a pipe table, aligned as `aligns`
    says; one with a two-paragraph cell stays a list, with a warning."""
    source = tmp_path / "site"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "goals.qmd": "---\ntitle: Goals\n---\n\n"
                     "::: {.list-table aligns=\"c,l\" header-rows=1}\n\n"
                     "  * - Covered\n    - Goal\n"
                     "  * - **✓**\n    - Fit models with $\\|\\beta\\|_1$ penalties,\n"
                     "      and read them.\n  * -\n    - Ethics\n:::\n\n"
                     "::: {.list-table}\n* - Week\n  - Topic\n* - 1\n  - Risk.\n\n"
                     "    Bias and variance.\n:::\n",
    })
    done = import_site(source, tmp_path / "first")
    assert [w.message.split(":")[0] for w in done.report.warnings] == [
        "a `.list-table` whose cells hold more than one paragraph (or span columns or rows)"]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    prose = parse_html((result.output / "goals/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    table = prose.one("table")
    assert [th.text() for th in table.find_all("th")] == ["Covered", "Goal"]
    rows = table.find_all("tr")[1:]
    assert [len(r.find_all("td")) for r in rows] == [2, 2]
    assert rows[0].find("math") is not None and "and read them." in rows[0].text()
    assert len(prose.find_all("table")) == 1 and prose.find("ul") is not None


def test_a_div_named_by_any_bare_word(tmp_path: Path) -> None:
    """`::: #count-tbl` around a table (an exam meant a label): Pandoc reads any bare
    word after the colons as a class, so Quarto showed the table in a div; the import
    took the line for text, and both fences showed ("`:::` closes no block"). The div
    is unwrapped like any other of a class Lanting has no form for."""
    source = tmp_path / "site"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "exam.qmd": "---\ntitle: Exam\n---\n\nCounts:\n\n::: #count-tbl\n\n"
                    "| Word | Spam |\n|:--:|--:|\n| Deal | 80 |\n\n:::\n\nAfter.\n",
    })
    done = import_site(source, tmp_path / "new")
    assert [w.message for w in done.report.warnings] == [
        "`::: #count-tbl`: a div Lanting has no form for; its content is kept without it"]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    prose = parse_html((result.output / "exam/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    assert prose.one("table").find_all("td")[0].text() == "Deal"
    assert ":::" not in prose.text()


def test_an_image_whose_alt_and_attributes_go_over_lines(tmp_path: Path) -> None:
    """`![The dynamics of the⏎pendulum.](Inverted Wheel.png){#fig:pendulum width="70%"}`
    and attributes going on to the next line (`{#fig:flow⏎width="105%"}`), in a project
    write-up Pandoc read: the file name with spaces was not found over the line break,
    the attributes stayed as text (`{#fig:pendulum …}` shown) and the image was lost."""
    source = tmp_path / "site"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "robot/dynamics.qmd": "---\ntitle: Dynamics\n---\n\n![The dynamics of the\npendulum.]"
                              "(Inverted Wheel.png){#fig:pendulum width=\"70%\"}\n\n"
                              "![Control flow](flow.png){#fig:flow\nwidth=\"105%\"}\n",
        "robot/Inverted Wheel.png": png(8, 6),
        "robot/flow.png": png(8, 6),
    })
    prose = built_prose(source, tmp_path, "robot/index.html")
    assert "{#" not in prose.text() and "width=" not in prose.text()
    assert len(prose.find_all("img")) == 2

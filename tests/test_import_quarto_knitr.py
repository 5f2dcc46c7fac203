"""The Quarto importer on shapes of R (knitr) blogs and notes: cells with no freeze,
whose outputs Lanting cannot show, and what refers to them."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site


def test_a_labelled_cell_without_a_freeze_is_its_caption(tmp_path: Path) -> None:
    """An R post whose project keeps no `_freeze/` (Quarto ran it on each render):
    `@fig-x` and `@tbl-x` of its labelled cells (`#| label:`, or knitr's chunk label
    in the header) referred to no figure, and the build failed on each one. The cell
    shows its code without the `#|` lines, as Quarto did: a figure's a numbered figure
    of its code and caption, which `@fig-x` reads the number of, a table's its caption
    with the label's anchor, which `@tbl-x` links to; the import says outputs are
    missing."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/shrinkage/index.qmd": (
            "---\ntitle: Shrinkage\ndate: 2024-03-05\n---\n\n"
            "```{r}\n#| label: fig-paths\n#| fig-cap: \"Coefficient paths as $\\lambda$ "
            "grows\"\n#| echo: true\nmatplot(fit$lambda, t(fit$beta), type = \"l\")\n"
            "```\n\n"
            "```{r tbl-errors, tab.cap=\"Held-out error by fold\"}\nknitr::kable(errs)\n"
            "```\n\n"
            "```{r}\n#| label: setup\nlibrary(glmnet)\n```\n\n"
            "As @fig-paths shows, and [@tbl-errors] lists, the paths shrink.\n"),
    })
    done = import_site(source, tmp_path / "new")
    [missing] = [w.message for w in done.report.warnings]
    assert missing.startswith("3 code cell(s) with no frozen results")
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert [w.message.split(":")[0] for w in result.warnings] == [
        "`{r}` is a cell Quarto runs"]
    page = parse_html((result.output / "posts/shrinkage/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    assert "#|" not in page.text() and "matplot" in page.text()
    assert {"fig-paths", "tbl-errors"} <= page.ids()
    assert page.one("figcaption").text().startswith("Figure 1 Coefficient paths as")
    assert "matplot" in page.one("figure").text()
    captions = [p.text() for p in page.find_all("p") if p.find("strong")]
    assert captions == ["Table: Held-out error by fold"]
    refs = [(a["href"], a.text()) for a in page.find_all("a") if a.get("href")]
    assert refs == [("#fig-paths", "Figure 1"), ("#tbl-errors", "Held-out error by fold")]
    assert "@" not in page.text()


def test_an_aside_is_margin_text_in_the_text(tmp_path: Path) -> None:
    """Quarto's `::: aside` (a margin note, as a CV page's contact list and each post's
    side remark were written) and a site's `.no-print` div were divs Lanting has no
    form for, one warning each time; they are layouts, unwrapped with one warning."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "cv.qmd": "---\ntitle: CV\n---\n\n:::: {.no-print}\n::: aside\nContact me.\n"
                  ":::\n::::\n\n## Work\n\nThings.\n\n::: aside\nSince 2019.\n:::\n\n"
                  "::: {.aside}\nRemote.\n:::\n",
    })
    done = import_site(source, tmp_path / "new")
    messages = sorted(w.message for w in done.report.warnings)
    assert len(messages) == 2, messages
    assert "no aside layout; the margin's text is now in the text" in messages[0]
    assert "no no-print layout" in messages[1]
    [page] = (done.dest / "content").rglob("cv*.md")
    text = page.read_text(encoding="utf-8")
    assert ":::" not in text and "Contact me." in text and "Remote." in text


def test_a_bare_default_fence_is_plain_text(tmp_path: Path) -> None:
    """```` ``` default ```` (Quarto's plain text, a book quoting R's help pages) was
    an unknown code language, one build warning each."""
    source = tmp_path / "book"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "help.qmd": "---\ntitle: Help\n---\n\n``` default\nUsage\n    sample(x, size)\n```\n",
    })
    done = import_site(source, tmp_path / "new")
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    [page] = result.output.rglob("help/index.html")
    prose = parse_html(page.read_text(encoding="utf-8")).one("div", class_="prose")
    assert prose.one("pre").raw_text() == "Usage\n    sample(x, size)"


def test_callouts_labelled_for_cross_references_are_numbered(tmp_path: Path) -> None:
    """Quarto 1.4 numbers a callout labelled `#tip-x` (`#nte-`, `#wrn-`, `#imp-`,
    `#cau-`) per kind, "Tip 1: Its title", and `@tip-x` reads "Tip 1": the references
    were left as raw `@tip-x` text. A callout with another id keeps its title."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/priors/index.qmd": (
            "---\ntitle: Priors\ndate: 2024-05-01\n---\n\n"
            "::: {#tip-scale .callout-tip}\n## Scale the predictors\n\nDivide by two sd.\n"
            ":::\n\n::: {#wrn-flat .callout-warning}\nFlat priors mislead.\n:::\n\n"
            "::: {#tip-check .callout-tip title=\"Check the prior\"}\nSimulate.\n:::\n\n"
            "::: {#why .callout-note}\nPlain.\n:::\n\n"
            "Use @tip-scale and @tip-check, heeding @wrn-flat.\n"),
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    page = parse_html((result.output / "posts/priors/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    assert [t.text() for t in page.find_all(class_="callout-title")] == [
        "Tip 1: Scale the predictors", "Warning 1", "Tip 2: Check the prior", "Note"]
    assert [(a["href"], a.text()) for a in page.find_all("a")] == [
        ("#tip-scale", "Tip 1"), ("#tip-check", "Tip 2"), ("#wrn-flat", "Warning 1")]
    assert "@" not in page.text()


def test_front_matter_after_a_blank_line_is_read(tmp_path: Path) -> None:
    """A document beginning with a blank line, then `---` (a course's slides did):
    Pandoc reads the block as its metadata; the import showed it as text under the file
    name, and each `{{< meta params.images >}}` of it was unfilled, a warning each."""
    source = tmp_path / "course"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "lectures/kernels.qmd": "\n\n---\ntitle: \"Kernels\"\nparams:\n  images: "
                                "\"/assets/kernels/\"\n---\n\nSee "
                                "[the grid]({{< meta params.images >}}grid.png).\n",
        "assets/kernels/grid.png": b"\x89PNG\r\n\x1a\n",
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    [page] = (done.dest / "content" / "pages").glob("*.md")
    text = page.read_text(encoding="utf-8")
    assert text.startswith("---\ntitle: Kernels\n") and "params" not in text
    assert "{{<" not in text and "grid.png" in text


def test_observable_cells_are_javascript_with_one_warning(tmp_path: Path) -> None:
    """`{ojs}` cells (Quarto's Observable JS, run in the reader's browser: no freeze
    holds their output) were counted as cells missing their frozen results, and each
    was an unknown code language when built. They are JavaScript code, with one warning
    a document saying they do not run here."""
    source = tmp_path / "talk"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/circuits/index.qmd": "---\ntitle: Circuits\ndate: 2024-02-02\n---\n\n"
                                    "```{ojs}\n//| echo: false\nviewof depth = "
                                    "Inputs.range([1, 20])\n```\n\n```{ojs}\nplot(depth)\n"
                                    "```\n",
    })
    done = import_site(source, tmp_path / "new")
    assert [w.message for w in done.report.warnings] == [
        "`{ojs}`: 2 interactive cell(s) (run in the reader's browser, by Observable JS or "
        "a Quarto extension): shown as code, which does not run here"]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    page = parse_html((result.output / "posts/circuits/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    codes = page.find_all("code")
    assert [c["class"] for c in codes] == ["language-javascript"] * 2
    assert "//|" not in page.text()


def test_markdown_in_a_figcaption_is_read(tmp_path: Path) -> None:
    """`<figure>` with `<img>` and a `<figcaption>` whose line is Markdown (a talk's
    `Source: [the paper](…)`): Pandoc reads Markdown inside HTML blocks, so it was a
    link; Lanting showed the brackets, with a warning."""
    source = tmp_path / "talks"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "tree.png": png(20, 10),
        "trees.qmd": "---\ntitle: Trees\n---\n\n<figure>\n<img src=\"tree.png\" width=\"50%\"/>"
                     "\n<figcaption>\nSource: [the paper](https://example.org/paper)\n"
                     "</figcaption>\n</figure>\n",
    })
    done = import_site(source, tmp_path / "new")
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    [page] = result.output.rglob("trees/index.html")
    caption = parse_html(page.read_text(encoding="utf-8")).one("figcaption")
    assert caption.one("a")["href"] == "https://example.org/paper"
    assert caption.text() == "Source: the paper"


def test_a_reference_without_a_title_is_titled_by_its_url(tmp_path: Path) -> None:
    """A reference manager's export holds a bare link, `@misc{noauthor_x, url = {…}}`
    (a course's lecture video): Pandoc cited it by its URL; Lanting's build failed on
    the whole `.bib` ("has no title"). Its URL is its title now, with a warning."""
    source = tmp_path / "course"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\nbibliography: refs.bib\n",
        "refs.bib": "@misc{noauthor_video,\n  url = {https://example.org/talks/deep_nets%201},"
                    "\n}\n\n@book{bishop_prml_2006,\n  title = {Pattern Recognition},\n"
                    "  author = {Bishop, Christopher},\n  year = {2006},\n}\n",
        "lecture.qmd": "---\ntitle: Lecture\n---\n\nWatch [@noauthor_video], read "
                       "[@bishop_prml_2006].\n",
    })
    done = import_site(source, tmp_path / "new")
    assert [w.message for w in done.report.warnings] == [
        "`noauthor_video` has no title: its URL is the title"]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    [page] = result.output.rglob("lecture/index.html")
    text = parse_html(page.read_text(encoding="utf-8")).one("div", class_="prose").text()
    assert "https://example.org/talks/deep_nets%201" in text and "Pattern Recognition" in text


def test_a_link_to_hash_zero_keeps_its_text(tmp_path: Path) -> None:
    """`[https://doi.org/…](#0)`, as RStudio's visual editor leaves a pasted reference
    (an R blog's survival post): Pandoc's ids never start with a digit, so the link led
    nowhere; the build failed ("no anchor `#0`"). Its text is kept, with a warning; an
    id of the page written so (`{#2}`) is still linked."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/cure/index.qmd": "---\ntitle: Cure models\ndate: 2024-03-01\n---\n\n"
                                "- Klein (2012). [https://doi.org/10.1007/x](#0)\n\n"
                                "## Second {#2}\n\nBack to [the second](#2).\n",
    })
    done = import_site(source, tmp_path / "new")
    assert [w.message.split(":")[0] for w in done.report.warnings] == [
        "link to `#0` names no place of the page (RStudio's visual editor leaves such links)"]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    page = parse_html((result.output / "posts/cure/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    assert "https://doi.org/10.1007/x" in page.text()
    assert [a["href"] for a in page.find_all("a") if a.get("href", "").startswith("#")
            and not a.get("class")] == ["#2"]


def test_raw_inline_html_is_html(tmp_path: Path) -> None:
    """Pandoc's raw inline, `` `<img src=…>`{=html} `` (an R blog's gif under its
    opening paragraph): Lanting showed the tag as code, warning of the attribute; a
    `{=latex}` one, which Quarto's HTML left out, was shown too."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/git/index.qmd": "---\ntitle: Git\ndate: 2021-08-08\n---\n\n"
                               '`<img src="https://example.org/a.gif" width="100%"/>`{=html}\n'
                               "Figure from somewhere.`\\newpage`{=latex} And `x`{.r} stays.\n",
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    page = parse_html((result.output / "posts/git/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    assert page.one("img")["src"] == "https://example.org/a.gif"
    assert [c.text() for c in page.find_all("code")] == ["x"]
    assert "newpage" not in page.text() and "{=" not in page.text()


def test_a_cell_indented_under_a_list_item_is_unwrapped(tmp_path: Path) -> None:
    """A freeze's R cell in a bullet point (knitr indents its `::: {.cell}` wrappers
    with the item): only divs at the margin were read, so the wrappers were shown as
    text, and the last `:::` closed no block. They go, as at the margin; a div of
    another kind inside the item stays."""
    source = tmp_path / "blog"
    frozen = ("- Third, an error I like:\\n\\n    ::: {.cell}\\n    \\n    ```{.r .cell-code}\\n"
              "    identity[]\\n    ```\\n    \\n    ::: {.cell-output .cell-output-error}\\n"
              "    ```\\n    Error: not subsettable\\n    ```\\n    :::\\n    :::\\n\\n"
              "    It stayed my bio.\\n")
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/bio/index.qmd": "---\ntitle: Bio\ndate: 2021-09-26\n---\n\nold\n",
        "_freeze/posts/bio/index/execute-results/html.json":
            '{"hash": "x", "result": {"markdown": "' + frozen + '"}}',
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    text = (done.dest / "content/posts/bio.md").read_text(encoding="utf-8")
    assert ":::" not in text and "    identity[]" in text
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    item = parse_html((result.output / "posts/bio/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose").one("li")
    assert [c.text() for c in item.find_all("code")] == ["identity[]",
                                                          "Error: not subsettable"]
    assert item.find_all("p")[-1].text() == "It stayed my bio."


def test_a_word_of_a_quoted_attribute_is_no_class(tmp_path: Path) -> None:
    """`::: {.cell filename='[within .Renviron]'}` (a cell showing a file's lines): the
    `.Renviron` inside the quoted value was read as a class, so the cell was a div
    Lanting has no form for, with a warning, instead of a wrapper taken out."""
    source = tmp_path / "blog"
    frozen = ("::: {.cell filename='[within .Renviron]'}\\n\\n```{.bash .cell-code}\\n"
              "GITHUB_PAT=xxx\\n```\\n:::\\n")
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/pat/index.qmd": "---\ntitle: PAT\ndate: 2021-08-08\n---\n\nold\n",
        "_freeze/posts/pat/index/execute-results/html.json":
            '{"hash": "x", "result": {"markdown": "' + frozen + '"}}',
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    text = (done.dest / "content/posts/pat.md").read_text(encoding="utf-8")
    assert ":::" not in text and "GITHUB_PAT=xxx" in text


def test_output_file_names_the_old_page(tmp_path: Path) -> None:
    """`output-file: glossary.html` (Quarto published `terms.qmd` there): a link to
    `glossary.html` led nowhere and was dropped, and the key was reported as one
    Lanting has no place for. The document's old URL is the one it names."""
    source = tmp_path / "site"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "terms.qmd": "---\ntitle: Terms\noutput-file: glossary.html\n---\n\nWords.\n",
        "about.qmd": "---\ntitle: About\n---\n\nSee [the glossary](glossary.html).\n",
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    assert not [e for e in done.report.entries if "output-file" in e.message]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    [about] = result.output.rglob("about/index.html")
    link = parse_html(about.read_text(encoding="utf-8")).one("div", class_="prose").one("a")
    assert link["href"].rstrip("/").endswith("terms")


def test_macros_hidden_in_content_hidden_stay_defined(tmp_path: Path) -> None:
    """A course's lectures define their macros in a hidden block, `::: {.content-hidden}`
    around `$$ {{< include _macros.tex >}} $$`: MathJax read the hidden formula and
    knew `\\vect` for the whole page; the import left the block out, and every formula
    using a macro failed the build (213 errors on one site)."""
    source = tmp_path / "course"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "assets/_macros.tex": "\\newcommand{\\vect}[1]{\\mathbf{#1}}\n",
        "lecture.qmd": "---\ntitle: Lecture\n---\n\n::: {.content-hidden}\n$$\n"
                       "{{< include /assets/_macros.tex >}}\n$$\n:::\n\n"
                       "::: {.content-hidden}\nA draft note.\n:::\n\n"
                       "The input $\\vect{x}$ is a vector.\n",
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    [page] = result.output.rglob("lecture/index.html")
    prose = parse_html(page.read_text(encoding="utf-8")).one("div", class_="prose")
    assert "draft note" not in prose.text() and "newcommand" not in prose.text()
    assert prose.find("math") is not None and "\\vect" not in prose.text()


def test_an_image_whose_closing_parenthesis_is_on_the_next_line(tmp_path: Path) -> None:
    """`![Search](/assets/lens.png⏎)` (a lecture's image, its `)` on the next line, as
    CommonMark and Pandoc allow): the import did not read it as an image, so the file
    was not copied, and the build failed on it."""
    source = tmp_path / "course"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "assets/lens.png": png(30, 20),
        "intro.qmd": "---\ntitle: Intro\n---\n\n![Search](/assets/lens.png\n)\n",
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    [page] = result.output.rglob("intro/index.html")
    image = parse_html(page.read_text(encoding="utf-8")).one("div", class_="prose").one("img")
    assert image["src"].endswith("lens.png")


def test_a_hidden_labelled_cell_without_a_freeze_is_its_caption(tmp_path: Path) -> None:
    """A figure cell with `echo: false` in a page Quarto runs each time (`freeze:
    false`): the import left the cell out, so `@fig-x` referred to nothing and the build
    failed. It is a numbered figure of its caption, as a shown cell is of its code."""
    source = tmp_path / "course"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "softmax.qmd": "---\ntitle: Softmax\nexecute:\n  freeze: false\n---\n\n"
                       "@fig-probs shows the softmax.\n\n```{python}\n#| echo: false\n"
                       "#| label: fig-probs\n#| fig-cap: \"Logits to probabilities\"\n"
                       "plt.show()\n```\n\n```{python}\n#| include: false\nimport numpy\n```\n",
    })
    done = import_site(source, tmp_path / "new")
    assert [w.message.split(" (")[0] for w in done.report.warnings] == [
        "1 code cell(s) with no frozen results"]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    [page] = result.output.rglob("softmax/index.html")
    prose = parse_html(page.read_text(encoding="utf-8")).one("div", class_="prose")
    assert [a["href"] for a in prose.find_all("a") if a.get("href")] == ["#fig-probs"]
    assert prose.one("figcaption").text() == "Figure 1 Logits to probabilities"
    assert prose.text().startswith("Figure 1 shows the softmax.")
    assert "plt.show" not in prose.text() and "numpy" not in prose.text()


def test_content_hidden_unless_html_is_shown(tmp_path: Path) -> None:
    """`::: {.content-hidden unless-format="html"}` (a lecture's plot cell, hidden in
    the PDF only): Quarto's HTML showed it; the import left it out, and `@fig-x` of the
    cell referred to nothing. `.content-visible unless-format="html"` stays out."""
    source = tmp_path / "course"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "graphs.qmd": "---\ntitle: Graphs\n---\n\n@fig-graph shows it.\n\n"
                      "::: {.content-hidden unless-format=\"html\"}\nThe graph, drawn:\n\n"
                      "```{python}\n#| label: fig-graph\n#| fig-cap: \"The graph\"\n"
                      "make_dot(f)\n```\n:::\n\n"
                      "::: {.content-visible unless-format=\"html\"}\nPrinted only.\n:::\n",
    })
    done = import_site(source, tmp_path / "new")
    assert [w.message.split(" (")[0] for w in done.report.warnings] == [
        "1 code cell(s) with no frozen results"]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert [w.message.split(":")[0] for w in result.warnings] == [
        "`{python}` is a cell Quarto runs"]
    [page] = result.output.rglob("graphs/index.html")
    text = parse_html(page.read_text(encoding="utf-8")).one("div", class_="prose").text()
    assert "The graph, drawn:" in text and "make_dot(f)" in text
    assert "Printed only." not in text


def test_inline_r_naming_a_value_a_cell_set_is_filled_in(tmp_path: Path) -> None:
    """An R post sets its picture's path and alt text in a hidden cell and writes them
    with knitr's inline code in an `<img>`'s attributes (no freeze): the `` `r x` `` was
    left as written, the image broken without a warning. A value the cells set once to
    a literal is filled in; other inline R (a call) is one warning for the document,
    and inline R in a code block is code."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/reading/index.qmd": (
            "---\ntitle: Reading\ndate: 2023-10-03\nfreeze: false\n---\n\n"
            "```{r}\n#| echo: false\npic <- \"flow.png\"\n"
            "pic_alt <- 'Flow chart of the \\'study\\''  # the alt text\n"
            "n_weeks = 12L\ncounter <- 1\ncounter <- counter + 1\n```\n\n"
            '<figure><img src="`r pic`" alt="`r pic_alt`"/></figure>\n\n'
            "Read for `r n_weeks` weeks, `r counter` times, on `r Sys.Date()`.\n\n"
            "```md\nWrite `r pic` to show it.\n```\n"),
        "posts/reading/flow.png": png(8, 8),
    })
    done = import_site(source, tmp_path / "new")
    [warned] = [w.message for w in done.report.warnings]
    assert warned.startswith("2 inline R expression(s) (`` `r counter` `` the first)")
    text = (done.dest / "content/posts/reading/index.md").read_text(encoding="utf-8")
    assert '<img src="flow.png" alt="Flow chart of the \'study\'"/>' in text
    assert "for 12 weeks, `r counter` times" in text and "Write `r pic` to" in text
    page = parse_html((build(done.dest, BuildOptions(output=tmp_path / "out")).output
                       / "posts/reading/index.html").read_text(encoding="utf-8"))
    assert page.one("div", class_="prose").one("img")["src"].endswith("flow.png")


def test_markdown_under_a_summary_is_read(tmp_path: Path) -> None:
    """An FAQ page of `<details>`, each `<summary>` line followed by its answer in
    Markdown: Pandoc reads Markdown inside HTML blocks, so the answer's code, emphasis
    and link were shown so; Lanting showed them as written, with a warning."""
    source = tmp_path / "site"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "faq.qmd": "---\ntitle: FAQ\n---\n\n<details>\n<summary>Which editor?</summary>\n"
                   "`vim`, mostly *[with plugins](https://example.org/vim)*.\n</details>\n\n"
                   "<details>\nMarkdown **right under** the tag.\n</details>\n",
    })
    done = import_site(source, tmp_path / "new")
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    [page] = result.output.rglob("faq/index.html")
    first, second = parse_html(page.read_text(encoding="utf-8")).find_all("details")
    assert first.one("summary").text() == "Which editor?"
    assert first.one("code").text() == "vim"
    assert first.one("em").one("a")["href"] == "https://example.org/vim"
    assert second.one("strong").text() == "right under"


def test_inline_r_in_a_formula_is_boxed_code_with_a_warning_at_its_line(
        tmp_path: Path) -> None:
    """A knitr note writes computed values into its formulas (`$$\\hat\\sigma = `r s`$$`)
    and keeps no freeze: the backticks went into the TeX, drawn as quotes around the
    letters of the code (`‘rs‘`), a wrong formula with no word of it. A name a cell set
    to a literal is filled in there too; other inline R is its code in a box, each with
    a warning at its line; R's `df$col` in inline code outside math opens no formula."""
    source = tmp_path / "notes"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/estimate.qmd": (
            "---\ntitle: Estimate\ndate: 2022-05-01\n---\n\n"
            "```{r}\n#| include: false\nreps <- 200\nsigma_hat <- sd(draws)\n```\n\n"
            "We drew `r reps` samples of `r nrow(df$a)` rows and `r df$b` more.\n\n"
            "$$\n\\hat\\sigma = `r sigma_hat` \\quad B = `r reps`\n$$\n\n"
            "So $\\hat\\theta_{1} = `r round(fit$coef[1], 2)`$ here.\n"),
    })
    done = import_site(source, tmp_path / "new")
    warned = [(w.line, w.message) for w in done.report.warnings
              if "inside a formula" in w.message]
    assert warned == [
        (15, "inline R `` `r sigma_hat` `` inside a formula: knitr put its value here, "
             "Lanting runs no R: shown as its code in a box (write the value in)"),
        (18, "inline R `` `r round(fit$coef[1], 2)` `` inside a formula: knitr put its "
             "value here, Lanting runs no R: shown as its code in a box (write the value "
             "in)")]
    text = (done.dest / "content/posts/estimate.md").read_text(encoding="utf-8")
    assert "\\hat\\sigma = \\boxed{\\texttt{sigma\\_hat}} \\quad B = 200\n" in text
    assert "= \\boxed{\\texttt{round(fit\\$coef[1], 2)}}$ here" in text
    assert "We drew 200 samples of `r nrow(df$a)` rows and `r df$b` more." in text
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    prose = parse_html((result.output / "posts/estimate/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    assert [m.text() for m in prose.find_all("menclose")] == ["sigma_hat",
                                                         "round(fit$coef[1], 2)"]
    assert "‘" not in prose.text()


def test_inline_r_in_an_html_block_is_code_with_a_warning_at_its_line(
        tmp_path: Path) -> None:
    """A regression note centres its estimate in HTML (`<center> $\\beta_0$ = `r b0`
    </center>`) and keeps no freeze: Pandoc read Markdown there and knitr put the
    value; CommonMark reads none in an HTML block, and the page showed the backticks.
    It is a warning at its line and shown as code; a known value is filled in, and
    the Markdown on the line after a `<div>` line is no HTML block's."""
    source = tmp_path / "notes"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "fit.qmd": (
            "---\ntitle: Fit\n---\n\n```{r}\nfit <- lm(y ~ x)\nb0 <- coef(fit)[1]\n"
            "n <- 30\n```\n\nThe intercept:\n\n<center> $\\beta_0$ = `r b0`, n = `r n` "
            "</center>\n\n<div class=\"note\">\nThe slope is `r coef(fit)[2]`.\n</div>\n"),
    })
    done = import_site(source, tmp_path / "new")
    warned = [(w.line, w.message) for w in done.report.warnings
              if "inside an HTML block" in w.message]
    assert warned == [(13, "inline R `` `r b0` `` inside an HTML block (Pandoc read "
                           "Markdown there, Lanting does not): knitr put its value here, "
                           "Lanting runs no R: shown as its code (write the value in)")]
    text = (done.dest / "content/pages/fit.md").read_text(encoding="utf-8")
    assert "<center> $\\beta_0$ = <code>b0</code>, n = 30 </center>" in text
    assert "The slope is `r coef(fit)[2]`." in text


def test_a_figure_of_a_cell_that_did_not_run_is_numbered(tmp_path: Path) -> None:
    """A note refers to its plots by number (`Figure [-@fig-resid]`) and keeps no
    freeze: each cell's figure was an anchor, and the reference read its caption
    ("Figure Residuals against fitted values"). The cell is a figure of its code (of
    its caption alone when its code was hidden), numbered as Quarto numbered the plot,
    and the reference reads the number."""
    source = tmp_path / "notes"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "fit.qmd": (
            "---\ntitle: Fit\n---\n\nFigure [-@fig-resid] and Figure [-@fig-qq] check "
            "the model.\n\n```{r}\n#| label: fig-resid\n#| fig-cap: Residuals against "
            "fitted values\nplot(fit, which = 1)\n```\n\n```{r}\n#| label: fig-qq\n"
            "#| echo: false\n#| fig-cap: Normal quantiles\nplot(fit, which = 2)\n```\n"),
    })
    done = import_site(source, tmp_path / "new")
    text = (done.dest / "content/pages/fit.md").read_text(encoding="utf-8")
    assert "Figure [-@fig-resid] and Figure [-@fig-qq] check" in text
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    prose = parse_html((result.output / "fit/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    assert prose.text().startswith("Figure 1 and Figure 2 check the model.")
    assert [f.one("figcaption").text() for f in prose.find_all("figure")] == [
        "Figure 1 Residuals against fitted values", "Figure 2 Normal quantiles"]
    assert "plot(fit, which = 1)" in prose.find_all("figure")[0].text()


def test_inline_r_over_two_lines(tmp_path: Path) -> None:
    """knitr's inline code crosses a paragraph's line end (`` `r round(mean(x),⏎2)` ``:
    knitr's pattern and Pandoc's code span both do). It was left as code without a
    word; one naming a value the cells set is that value, any other a warning, and
    inside a formula its code in a box on one line."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/means/index.qmd": (
            "---\ntitle: Means\ndate: 2024-03-01\n---\n\n```{r}\n#| include: false\n"
            "n <- 48\n```\n\nWe drew `r n\n` students; their mean was `r round(mean(x),\n"
            "2)` points, or $\\bar x = `r round(\nmean(x))`$.\n"),
    })
    done = import_site(source, tmp_path / "new")
    text = (done.dest / "content/posts/means.md").read_text(encoding="utf-8")
    assert "We drew 48 students" in text
    assert "\\boxed{\\texttt{round( mean(x))}}" in text
    assert [w.message.split(":")[0] for w in done.report.warnings] == [
        "inline R `` `r round(\nmean(x))` `` inside a formula",
        "1 inline R expression(s) (`` `r round(mean(x),\n2)` `` the first)"]


def test_a_download_button_is_a_link_to_its_file(tmp_path: Path) -> None:
    """The quarto-downloadthis extension's `{{< downloadthis data/lab.pdf label="…" >}}`
    drew a button downloading the file; it was left in a comment with a warning. It is a
    link to the file, copied. Another shortcode with an `id=` is no tweet (it was taken
    for one: `{{< quiz id=7 >}}` became a link to a post on X)."""
    source = tmp_path / "course"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "labs.qmd": (
            "---\ntitle: Labs\n---\n\n{{< downloadthis data/lab1.pdf dname=LAB1 "
            'label="Download the lab" type=light >}}\n\n{{< quiz id=7 >}}\n'),
        "data/lab1.pdf": "%PDF-1.4\n",
    })
    done = import_site(source, tmp_path / "new")
    text = (done.dest / "content/pages/labs.md").read_text(encoding="utf-8")
    assert "[Download the lab](/data/lab1.pdf)" in text
    assert "x.com" not in text
    assert [w.message.split(":")[0] for w in done.report.warnings] == [
        "not converted, left in a comment"]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert (result.output / "data/lab1.pdf").is_file()

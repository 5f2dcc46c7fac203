"""MyST Markdown (Jupyter Book, MyST-NB): directives, roles and targets read onto Lanting's
blocks, on the parsed pages of tests/sites/myst (a lecture-notes chapter in the shape of a
Jupyter Book one) and on single documents for the warnings and errors."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from citebits import references
from htmltree import Element, parse_html
from sitebits import read
from test_recorded_dependencies import _incremental_equals_clean, _write

from lanting.build import build
from lanting.build.options import BuildOptions, BuildResult
from lanting.errors import LantingError
from lanting.markdown.render import render_markdown
from lanting.model.markdown import RenderContext

SITE = Path(__file__).parent / "sites" / "myst"
CHAPTER = SITE / "content/posts/mdp/index.md"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, BuildResult]:
    site = tmp_path_factory.mktemp("myst") / "site"
    shutil.copytree(SITE, site)
    result = build(site, BuildOptions(output=site / "public", cache=False, jobs=1))
    return site / "public", result


def _prose(built: tuple[Path, BuildResult]) -> Element:
    return read(built[0], "posts/mdp/index.html").one(class_="prose")


def _line_of(text: str, path: Path = CHAPTER) -> int:
    """The 1-based line of the chapter where `text` starts a line."""
    lines = path.read_text(encoding="utf-8").split("\n")
    return next(n for n, line in enumerate(lines, 1) if line.startswith(text))


def _render(text: str, **context: object) -> tuple[Element, list[str]]:
    context.setdefault("lang", "en")
    rendered = render_markdown(text, RenderContext(Path("p.md"), "p.md",
                                                   **context))  # type: ignore[arg-type]
    problems = [f"{p.line}: {p.severity}: {p.message}" for p in rendered.problems]
    return parse_html(rendered.html), problems


def test_the_chapter_builds_with_only_the_warnings_for_what_lanting_cannot_do(
        built: tuple[Path, BuildResult]) -> None:
    found = sorted((w.line, w.message.split(":")[0]) for w in built[1].warnings)
    assert found == [
        (2, "`jupytext` is not a Lanting key"),
        (6, "`kernelspec` is not a Lanting key"),
        (_line_of("```{code-cell}"), "`{code-cell}` is a cell MyST-NB runs"),
    ]


def test_admonitions_are_callouts(built: tuple[Path, BuildResult]) -> None:
    prose = _prose(built)
    note = next(n for n in prose.find_all(class_="callout-note")
                if n.one(class_="callout-title").text() == "Note")
    assert note.find("math") is not None, "the body is Markdown, its formulas converted"
    folded = next(n for n in prose.find_all(class_="callout-tip")
                  if n.one(class_="callout-title").text() == "Why a contraction?")
    assert folded.tag == "details", "`:class: dropdown` folds it"


def test_targets_give_headings_their_ids_and_refs_their_text(
        built: tuple[Path, BuildResult]) -> None:
    prose = _prose(built)
    assert [h["id"] for h in prose.find_all("h2")] == [
        "sec-mdp-intro", "sec-bellman", "value-iteration"]
    links = {a.text(): a["href"] for a in prose.find_all("a", class_="secref")}
    assert links == {"The Bellman equation": "#sec-bellman",
                     "the introduction": "#sec-mdp-intro", "Theorem 1": "#thm-contraction"}
    assert "(sec-" not in prose.text()


def test_math_directive_and_labelled_dollars_are_numbered_and_referenced(
        built: tuple[Path, BuildResult]) -> None:
    prose = _prose(built)
    displays = prose.find_all("div", class_="math-display")
    assert [d.one("mtd", id=True)["id"] for d in displays] == ["eq-bellman", "eq-optimal"]
    refs = [(a.text(), a["href"]) for a in prose.find_all("a", class_="eqref")]
    assert refs == [("(1)", "#eq-bellman"), ("(2)", "#eq-optimal"), ("(1)", "#eq-bellman"),
                    ("(1)", "#eq-bellman"), ("(2)", "#eq-optimal")], "{eq}, then [](#…)"
    assert "{math}" not in prose.text() and "γ<1" in prose.text().replace(" ", "")


def test_figure_has_its_name_width_caption_and_legend(built: tuple[Path, BuildResult]) -> None:
    prose = _prose(built)
    figure = prose.one("figure", class_="figure")
    assert figure["id"] == "fig-grid" and "align-center" in figure.classes
    image = figure.one("img")
    assert (image["width"], image["alt"]) == ("360", "A three by four grid world")
    caption = figure.one("figcaption")
    assert caption.one(class_="figure-label").text() == "Figure 1"
    assert caption.text().startswith("Figure 1 A grid world with")
    assert caption.one("math") is not None and caption.one("strong").text() == "states", \
        "the caption is Markdown"
    assert caption.one(class_="figure-legend").text().startswith("Each cell is a state")
    numref = prose.one("a", class_="figref")
    assert (numref.text(), numref["href"]) == ("Figure 1", "#fig-grid")
    empty = [a for a in prose.find_all("a") if a.get("href") == "#fig-grid"
             and "figref" not in a.classes]
    assert [a.text() for a in empty] == ["Figure 1"], "`[](#fig-grid)` gets its text"


def test_theorems_are_numbered_callouts_and_proofs_end_with_a_mark(
        built: tuple[Path, BuildResult]) -> None:
    prose = _prose(built)
    theorem = prose.one(class_="callout-important")
    assert theorem.one(class_="callout-title").text() == "Theorem 1 (Banach fixed point)"
    anchor = theorem.parent.elements()[theorem.parent.elements().index(theorem) - 1]
    assert anchor["id"] == "thm-contraction", "its label, just before it"
    proof = prose.one("div", class_="proof")
    assert proof.one(class_="proof-title").text() == "Proof"
    link = proof.one("a", href="#thm-contraction")
    assert link.text() == "Theorem 1"
    html, _ = _render(":::{prf:lemma}\n:label: lem-a\nx\n:::\n\nBy [](#lem-a).\n")
    assert html.one("a", href="#lem-a").text() == "Lemma 1", "`[](#label)` alike"


def test_an_exercise_is_numbered_and_its_solution_named_after_it(
        built: tuple[Path, BuildResult]) -> None:
    prose = _prose(built)
    titles = [t.text() for t in prose.find_all(class_="callout-title")]
    assert "Exercise 1 (Discounting)" in titles
    solution = next(t for t in prose.find_all("details")
                    if t.one(class_="callout-title").text() == "Solution to Exercise 1")
    assert "callout-tip" in solution.classes


def test_code_block_options_and_code_cells(built: tuple[Path, BuildResult]) -> None:
    blocks = _prose(built).find_all("div", class_="code-block")
    listing, cell = blocks
    assert listing.one(class_="code-title").text() == "value_iteration.py"
    numbers = [s["data-ln"] for s in listing.find_all("span", class_="ln")]
    assert numbers == ["10", "11", "12", "13", "14"]
    assert [line.text().strip()[:2] for line in listing.find_all("span", class_="hl")] == ["V "]
    assert cell.one("code")["class"] == "language-python"  # (`ipython3`)


def test_tabs_margin_epigraph_and_inline_roles(built: tuple[Path, BuildResult]) -> None:
    prose = _prose(built)
    tabs = prose.one(class_="tabs")
    assert [label.text() for label in tabs.find_all("label")] == ["NumPy", "PyTorch"]
    aside = prose.one("aside", class_="margin-note")
    assert aside.one("a")["href"] == "/posts/bandits/", "`{doc}` is a checked relative link"
    epigraph = prose.one("blockquote", class_="epigraph")
    assert epigraph.one("p", class_="attribution").text() == "-- an old proverb"
    assert [k.text() for k in prose.find_all("kbd")] == ["Ctrl", "Enter"]
    assert prose.one("sub").text() == "2"
    assert prose.one("abbr")["title"] == "Markov decision process"


def test_a_list_table_is_a_table(built: tuple[Path, BuildResult]) -> None:
    table = _prose(built).one("table")
    assert table.one("caption").text() == "Iterations to converge on the grid world"
    assert [th.text() for th in table.one("thead").find_all("th")][1:] == ["Iterations"]
    assert table.one("thead").find("math") is not None
    rows = [[td.text() for td in tr.find_all("td")] for tr in table.one("tbody").find_all("tr")]
    assert rows == [["0.9", "43"], ["0.99", "about 450"]]
    assert table.find("p") is None, "a cell of one paragraph is its text"


def test_a_list_table_of_something_else_is_a_warning() -> None:
    html, problems = _render(":::{list-table}\nJust text.\n:::\n")
    assert html.find("table") is None and html.one("p").text() == "Just text."
    assert problems == ["1: warning: `{list-table}` needs a list of rows, each a list of "
                        "cells"]


def test_a_table_directive_captions_and_names_its_table() -> None:
    html, problems = _render("See {ref}`tab-a`.\n\n:::{table} Returns of PPO\n"
                             ":name: tab-a\n:align: center\n\n| a | b |\n| - | - |\n"
                             "| 1 | 2 |\n:::\n")
    assert problems == []
    assert html.one("table").one("caption").text() == "Returns of PPO"
    assert html.one("a")["href"] == "#tab-a" and "tab-a" in html.ids()
    assert html.one("a").text() == "Returns of PPO"  # (the caption)
    html, problems = _render(":::{table} Caption\nJust text.\n:::\n")
    assert html.find("table") is None and html.one("p").text() == "Just text."
    assert problems == ["1: warning: `{table}` holds no Markdown table: its body is shown "
                        "as written"]


def test_comments_and_cell_breaks_are_not_shown(built: tuple[Path, BuildResult]) -> None:
    text = _prose(built).text()
    assert "TODO" not in text and "+++" not in text and '"tags"' not in text


def test_cite_roles_are_citations_listed_where_the_bibliography_stands(
        built: tuple[Path, BuildResult]) -> None:
    prose = _prose(built)
    assert prose.one(class_="cite-text").text().startswith("Puterman")
    clusters = [[a["data-cite"] for a in c.find_all("a", class_="cite-link")]
                for c in prose.find_all("span", class_="cite")
                if c.parent is not None and "cite-text" not in c.parent.classes]
    assert clusters == [["bellman1957"], ["bellman1957", "puterman1994"]]
    children = [c for c in prose.elements() if c.tag in ("section", "p")]
    assert children[-2].tag == "section" and "references" in children[-2].classes
    assert children[-1].text() == "That is all for this lecture."


def test_the_bandits_chapter_links_back(built: tuple[Path, BuildResult]) -> None:
    page = read(built[0], "posts/bandits/index.html").one(class_="prose")
    assert page.one("h2")["id"] == "sec-bandits"
    assert page.one("a", href="/posts/mdp/") is not None


# --- single documents ----------------------------------------------------------------------

def test_a_missing_ref_and_doc_are_reported_by_check_with_their_lines(
        tmp_path: Path, run_cli: object) -> None:
    site = tmp_path / "site"
    shutil.copytree(SITE, site)
    post = site / "content/posts/mdp/index.md"
    text = post.read_text(encoding="utf-8")
    post.write_text(text + "\nSee {ref}`sec-nowhere`.\n\nAnd {doc}`../gone`.\n",
                    encoding="utf-8")
    code, out, err = run_cli("check", site)  # type: ignore[operator]
    lines = len(text.split("\n"))
    assert code == 1
    assert f"content/posts/mdp/index.md:{lines + 1}: error: {{ref}}`sec-nowhere` refers " \
           "to no label on this page" in err + out
    assert f"content/posts/mdp/index.md:{lines + 3}: error: broken link `../gone.md`" \
        in err + out


def test_a_cited_key_that_appears_later_renders_the_page_again(tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(SITE, site)
    bandits = site / "content/posts/bandits.md"
    _write(bandits, bandits.read_text(encoding="utf-8") + "\nSee {cite:t}`lai1985`.\n")
    with pytest.raises(LantingError, match="unknown citation key `lai1985`"):
        _incremental_equals_clean(site, tmp_path)
    bib = site / "content/references.bib"
    _write(bib, bib.read_text(encoding="utf-8") + "\n@article{lai1985, title = {Bandits}, "
           "author = {Lai, Tze and Robbins, Herbert}, year = {1985}}\n")
    _incremental_equals_clean(site, tmp_path)
    page = read(site / "public", "posts/bandits/index.html").one(class_="prose")
    assert page.one(class_="cite-text").text().startswith("Lai and Robbins")


def test_fence_info_strings_that_are_not_directives_stay_code() -> None:
    html, problems = _render("```{.python}\nx = 1\n```\n\n```{python}\ny = 2\n```\n")
    assert [c.one("code")["class"] for c in html.find_all("div", class_="code-block")] == [
        "language-python", "language-python"]
    assert problems == ["5: warning: `{python}` is a cell Quarto runs: Lanting shows its "
                        "code, not its output (this page's first)"]


def test_what_lanting_does_not_do_is_a_warning_at_its_line() -> None:
    text = ("Intro.\n\n```{toctree}\nchapter1\n```\n\n:::{glue:figure} fig\n:::\n\n"
            "```{raw} latex\n\\newpage\n```\n\n```{mystery} arg\nSome *text*.\n```\n\n"
            "A {foo}`bar` role,\nand {glue:}`acc`.\n\n```{tableofcontents}\n```\n")
    html, problems = _render(text)
    assert [p.split(": ")[0] + ": " + p.split(": ", 2)[2][:22] for p in problems] == [
        "3: `{toctree}` lists a Ju", "7: `{glue:figure}` pastes",
        "10: `{raw} latex` is for a", "14: unknown MyST directive",
        "21: `{tableofcontents}` is", "18: unknown MyST role `{fo",
        "19: `{glue:}` pastes an ou"]
    assert html.one(class_="directive-mystery").one("em").text() == "text"
    assert "\\newpage" not in html.text() and "chapter1" not in html.text()
    assert [c.text() for c in html.find_all("code")] == ["bar", "acc"]


def test_literalinclude_and_youtube_are_lanting_shortcodes(tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(SITE, site)
    _write(site / "content/posts/src/vi.py", "import numpy as np\n\n\ndef vi():\n    pass\n")
    bandits = site / "content/posts/bandits.md"
    _write(bandits, bandits.read_text(encoding="utf-8") + (
        "\n```{literalinclude} src/vi.py\n:lines: 4-5\n:emphasize-lines: 1\n"
        ":caption: Value iteration\n```\n\n```{youtube} dQw4w9WgXcQ\n```\n"
        "\n```{literalinclude} src/vi.py\n:pyobject: vi\n```\n"))
    result = build(site, BuildOptions(output=site / "public", cache=False, jobs=1))
    page = read(site / "public", "posts/bandits/index.html").one(class_="prose")
    first = page.find_all("div", class_="code-block")[0]
    assert first.one(class_="code-title").text() == "Value iteration"
    assert first.one("span", class_="hl").text() == "def vi():"
    assert first.find("span", class_="ln") is None, "no numbers unless :linenos:"
    video = page.one("figure", class_="video-youtube").one("a")
    assert video["href"] == "https://www.youtube.com/watch?v=dQw4w9WgXcQ"
    warnings = [w.message for w in result.warnings if w.path and w.path.name == "bandits.md"]
    assert warnings == ["`{literalinclude}` options :pyobject: are not read: the whole file "
                        "(or its `:lines:`) is shown"]


def test_directive_options_in_a_yaml_block_and_admonition_arguments() -> None:
    html, problems = _render(
        "```{code-block}\n---\ncaption: run.sh\nemphasize-lines: [1]\n---\necho hi\n```\n\n"
        ":::{warning} Mind the gap\nBody.\n:::\n\n"
        "```{code-cell} python\n:tags: [remove-input]\nhidden = 1\n```\n\n"
        "```{code-block} ipython3\nshown = 1\n```\n\n"
        "```{note}\n---\nclass: [broken\n---\nx\n```\n")
    block, ipython = html.find_all("div", class_="code-block")
    assert ipython.one("code")["class"] == "language-python"
    assert block.one(class_="code-title").text() == "run.sh"
    assert block.one("span", class_="hl").text() == "echo hi"
    assert html.one(class_="callout-warning").one(class_="callout-title").text() == \
        "Mind the gap"
    assert "hidden" not in html.text(), "a cell MyST-NB hides stays hidden"
    assert [p.split(": ", 2)[2][:40] for p in problems] == [
        "the options of `{note}` are not YAML: wh"]


def test_a_labelled_math_block_holding_a_starred_environment_is_numbered() -> None:
    """An ML course book's update rules: `:label: eq-gd` over `\\begin{align*}` (and
    `equation*`). Sphinx numbers a labelled `{math}` whatever its TeX, and `{eq}` links
    to it; Lanting failed the build ("labels a formula without a number"), and every
    `{eq}` to it too. The starred rows are numbered once, as Sphinx showed them."""
    html, problems = _render(
        "```{math}\n:label: eq-gd\n\\begin{align*}\n\\theta_0 &= \\theta_0 - \\alpha g_0 "
        "\\\\\n\\theta_1 &= \\theta_1 - \\alpha g_1\n\\end{align*}\n```\n\n"
        "```{math}\n:label: eq-swap\n:nowrap:\n\\begin{equation*}\n\\theta = \\theta'\n"
        "\\end{equation*}\n```\n\n```{math}\n\\begin{align*} a &= b \\end{align*}\n```\n\n"
        "By {eq}`eq-gd` and {eq}`eq-swap`.\n")
    assert problems == []
    assert [a.text() for a in html.find_all("a", class_="eqref")] == ["(1)", "(2)"]
    gd, swap, plain = html.find_all("div", class_="math-display")
    assert len(gd.find_all("mtr")) >= 2 and "(1)" in gd.text() and "(2)" in swap.text()
    assert "(" not in plain.text()  # (unlabelled, it stays unnumbered)


def test_a_mermaid_directive_is_a_diagram_not_a_cell() -> None:
    """```` ```{mermaid} ```` is MyST's (and sphinxcontrib-mermaid's) diagram: the build
    warned "`{mermaid}` is a cell Quarto runs" on a Jupyter Book page. Without a Mermaid
    setting it is the diagram's code, with the one warning that says how to draw it."""
    html, problems = _render("```{mermaid}\nflowchart LR\n  A --> B\n```\n")
    assert "A --&gt; B" in str(html) or "A --> B" in html.text()
    assert [p.split(": ", 2)[2] for p in problems] == [
        "Mermaid diagrams shown as their code (this page's first)"]


def test_a_comment_of_two_lines_is_no_broken_text() -> None:
    """`% Should these be MIP/MILP …` then `% Maybe explain …` (an optimisation course's
    notes to itself, after a heading): the second line, asked about by the
    setext-heading rule looking past the first, was warned of as hidden text under
    a line of prose. Under text the warning stays: that line is lost."""
    html, problems = _render("## Programs\n\n% note one\n% note two\n\nText.\n")
    assert problems == [] and "note" not in html.text()
    _html, problems = _render("Costs fell by 30\n% after the change\n")
    assert [p.split(": ", 2)[1] for p in problems] == ["warning"]


def test_index_entries_are_left_out_with_one_warning() -> None:
    """Sphinx's `{index} single: solver; HiGHS` (an optimisation book has ~270): each
    was an unknown directive, its entries shown as text with a warning. They are
    entries of an index page Lanting does not make: left out, one warning a page."""
    html, problems = _render("```{index} single: solver; HiGHS\n```\n\nText.\n\n"
                             ":::{index} Gantt charts\n:::\n")
    assert html.text().strip() == "Text."
    assert [p.split(": ", 2)[2] for p in problems] == [
        "`{index}` entries are left out: Lanting makes no index page (this page's first)"]


def test_figure_md_takes_its_image_from_the_body() -> None:
    """myst-parser's `{figure-md} label` (a Bayesian-statistics course's test page, a
    JVM note's `<img>` figure): its image is the body's first block, Markdown or an HTML
    `<img>` line, the next paragraph the caption; Lanting had no such directive and
    showed the raw tag and the caption as text, with no figure for the label."""
    html, problems = _render(
        ":::{figure-md} fig-heap\n:align: center\n\n"
        "<img src=\"heap.png\" alt=\"the heap\" style=\"width: 60%\">\n\n"
        "The heap, $O(\\log n)$ per push.\n\nOld objects move up.\n:::\n\n"
        "```{figure-md} fig-stack\n![the stack](stack.png)\n\nThe *stack*.\n```\n\n"
        "See {numref}`fig-stack`.\n\n:::{figure-md} fig-none\nNo image here.\n:::\n")
    heap, stack = html.find_all("figure")
    assert (heap["id"], heap["class"], heap.one("img")["alt"]) == (
        "fig-heap", "figure align-center", "the heap")
    assert heap.one("img")["style"] == "width: 60%"
    assert heap.one("figcaption").find("math") is not None
    assert heap.one("div", class_="figure-legend").text().strip() == "Old objects move up."
    assert (stack["id"], stack.one("figcaption").text()) == ("fig-stack",
                                                             "Figure 2 The stack.")
    assert html.one("a", href="#fig-stack").text() == "Figure 2"
    assert "No image here." in html.text()
    assert problems == ["19: warning: `{figure-md}` opens with no image: its content is "
                        "shown as written, without a figure"]


def test_a_figure_where_none_is_made_keeps_its_caption_as_a_paragraph() -> None:
    html, _ = _render("- item\n\n  ```{figure} a.png\n  Caption *here*.\n\n  Legend.\n  ```\n")
    item = html.one("li")
    assert item.find("figure") is None
    assert [p.text() for p in item.find_all("p")] == ["item", "", "Caption here.", "Legend."]


def test_a_theorem_named_with_name_is_a_target() -> None:
    """`:name:` is MyST's spelling of `:label:` (mystmd reads both), and the Jupyter
    Book import writes it: a `{prf:definition}` named so had no anchor, and each
    `{prf:ref}` to it failed the build."""
    html, problems = _render("```{prf:definition}\n:name: defBound\nA threshold.\n```\n\n"
                             "See {prf:ref}`defBound`.\n")
    assert problems == []
    assert html.one("a", href="#defBound").text() == "Definition 1"
    assert html.find(id="defBound") is not None


def test_theorems_in_a_chinese_post_count_each_kind_on_its_own() -> None:
    html, problems = _render(
        ":::{prf:definition} 马尔可夫性\n:label: def-markov\n下一状态只依赖当前状态。\n:::\n\n"
        ":::{prf:lemma}\n引理。\n:::\n\n:::{prf:definition}\n:nonumber:\n再一个。\n:::\n\n"
        ":::{prf:definition}\n第二个。\n:::\n\n见 {prf:ref}`def-markov`。\n", lang="zh-CN")
    assert [t.text() for t in html.find_all(class_="callout-title")] == [
        "定义 1（马尔可夫性）", "引理 1", "定义", "定义 2"]
    assert html.one("a", href="#def-markov").text() == "定义 1"
    assert problems == []


def test_equation_labels_with_underscores_and_numref_templates() -> None:
    html, problems = _render(
        "```{math}\n:label: my_label\nw_{t+1} = r s(w_t)\n```\n\n"
        "{eq}`my_label`, {numref}`my_label`, {numref}`Eq. %s <my_label>`,\n"
        "{numref}`Equation {number} <my_label>` and [](#my_label).\n")
    assert problems == []
    assert [a.text() for a in html.find_all("a", class_="eqref")] == [
        "(1)", "(1)", "Eq. 1", "Equation 1", "(1)"]
    assert {a["href"] for a in html.find_all("a")} == {"#my-label"}
    assert html.one("mtd", id="my-label") is not None


def test_a_math_block_with_rows_is_shown_as_sphinx_shows_it() -> None:
    """A `{math}` block of rows, `L &= … \\\\ &= …` (a Jupyter Book's derivation):
    Sphinx's MathJax output wraps an equation with `\\\\` in `split`, and equations
    apart by a blank line one under the other; Lanting failed it ("Found `&`"). An
    environment of its own is kept, and `:nowrap:` keeps the block as written."""
    html, problems = _render(
        "```{math}\n:label: eq-loss\nL &= \\sum_i (y_i - \\hat y_i)^2 \\\\\n"
        "  &= \\|y - \\hat y\\|^2\n```\n\n"
        "```{math}\na = b\n\nc = d \\\\ e = f\n```\n\n"
        "```{math}\n\\begin{aligned} x &= 1 \\\\ y &= 2 \\end{aligned}\n```\n\n"
        "```{math}\n:nowrap:\n\\begin{aligned} u &= 1 \\end{aligned}\n```\n\n"
        "See {eq}`eq-loss`.\n")
    assert problems == []
    first, second, third, fourth = html.find_all("div", class_="math-display")
    inner = first.find_all("mtable")[-1]  # (a numbered formula is a table of one row)
    assert len(inner.find_all("mtr")) == 2 and first.one("mtd", id="eq-loss") is not None
    outer, inner = second.find_all("mtable")  # (the parts; the second's split)
    assert [r.text().replace(" ", "") for r in outer.children if isinstance(r, Element)
            ] == ["a=b", "c=de=f"] and len(inner.find_all("mtr")) == 2
    assert len(third.find_all("mtr")) == 2 and len(fourth.find_all("mtr")) == 1
    assert html.one("a", class_="eqref").text() == "(1)"


def test_a_glossary_and_terms_that_link_to_it() -> None:
    """`{glossary}` (Sphinx's: term lines, synonyms one under another, each definition
    indented under them) was an unknown directive, its text run together in one
    paragraph; `{term}`text <Target>`` showed the `<Target>`. A glossary is a list of
    terms with ids, and `{term}` links to the page's term whatever its case; one of no
    glossary here stays an emphasised term. `{div} classes` is a `<div>` of them."""
    html, problems = _render(
        "````{div} w3-pale-green\n```{glossary}\n[MyST Markdown](https://example.org/myst)\n"
        "MyST\n    专为 {term}`Sphinx` 设计，是 {term}`CommonMark 的扩展 <CommonMark>`。\n\n"
        "    第二段 **加粗**。\n\nSphinx\n    文档工具，见 {term}`myst`。\n```\n````\n\n"
        "See {term}`MyST Markdown` and {term}`Python`.\n")
    assert problems == []
    glossary = html.one("div", class_="w3-pale-green").one("dl", class_="glossary")
    terms = glossary.find_all("dt")
    assert [(t["id"], t.text()) for t in terms] == [
        ("term-myst-markdown", "MyST Markdown"), ("term-myst", "MyST"),
        ("term-sphinx", "Sphinx")]
    assert terms[0].one("a")["href"] == "https://example.org/myst"
    first, second = glossary.find_all("dd")
    assert len(first.find_all("p")) == 2 and first.one("strong").text() == "加粗"
    links = {a.text(): a["href"] for a in html.find_all("a", class_="term")}
    assert links == {"Sphinx": "#term-sphinx", "myst": "#term-myst",
                     "MyST Markdown": "#term-myst-markdown"}
    assert [e.text() for e in html.find_all("em", class_="term")] == [
        "CommonMark 的扩展", "Python"]


def test_eval_rst_is_shown_as_its_source() -> None:
    """`{eval-rst}` (reStructuredText inside MyST) was an unknown directive whose body
    was read as Markdown: its field lists and underlines became paragraphs and
    headings. It is an `rst` code block, with a warning saying so."""
    html, problems = _render("```{eval-rst}\n标题\n====\n\n:Date: 2001-08-16\n```\n")
    assert problems == ["1: warning: `{eval-rst}` holds reStructuredText, which Lanting "
                        "does not read: shown as its source, in a code block"]
    assert not html.find_all("h1") and "2001-08-16" in html.one("code").text()


def test_eq_role_finds_a_dollar_label_as_written() -> None:
    # (a notebook book's path-like labels: `{eq}` once read them as `{math}` keeps its)
    html, problems = _render(
        "$$\ny = Wx\n$$ (eq:layers/dense-forward)\n\n$$\nz = y_1\n$$ (eq_sum)\n\n"
        "By {eq}`eq:layers/dense-forward` and {eq}`eq_sum`.\n")
    assert problems == []
    assert [(a.text(), a["href"]) for a in html.find_all("a", class_="eqref")] == [
        ("(1)", "#eq:layers/dense-forward"), ("(2)", "#eq_sum")]


def test_every_empty_link_to_a_label_gets_its_text() -> None:
    html, _ = _render("# Alpha\n\n## Beta\n\nSee [](#alpha), [](#beta) and [](#alpha).\n")
    assert [a.text() for a in html.find_all("a")] == ["Alpha", "Beta", "Alpha"]


def test_misshapen_directives_are_named_as_written() -> None:
    _, problems = _render(":::{tab-item} A\nstray\n:::\n\n::::{tab-set}\ntext first\n"
                          ":::{tab-item} B\nb\n:::\n::::\n\n```{math}\n```\n\n"
                          "```{raw}\n<b>x</b>\n```\n\n```{literalinclude}\n```\n")
    assert sorted(problems, key=lambda p: int(p.split(":")[0])) == [
        "1: error: `{tab-item}` outside a `{tab-set}` block",
        "5: error: `{tab-set}` has content before its first `{tab-item}`",
        "12: warning: `{math}` holds no formula: left out",
        "15: warning: `{raw}` needs its format: left out",
        "19: warning: `{literalinclude}` needs the file's path"]


def test_a_bibliography_with_options_says_what_the_list_shows() -> None:
    _, problems = _render("Text.\n\n```{bibliography} refs.bib\n:all:\n:style: plain\n```\n")
    assert problems == ["3: warning: `{bibliography}` :all:, :style:, refs.bib not read: the "
                        "list shows the entries this page cites, in the site's citation style"]


def test_a_solution_to_no_exercise_is_a_warning() -> None:
    html, problems = _render("```{solution} ex-none\nIt is 42.\n```\n")
    assert problems == ["1: warning: `{solution} ex-none` names no exercise labelled "
                        "before it on this page"]
    assert html.one(class_="callout-title").text() == "Solution to ex-none"


def test_refs_to_other_labels_and_unknown_ones() -> None:
    html, problems = _render(
        "(para-x)=\nA paragraph.\n\nSee {ref}`text <para-x>`, {numref}`Fig. %s <fig-a>`\n"
        "and {ref}`missing`; {ref}`fig-a`, {ref}`fig-b`.\n\n"
        "```{figure} a.png\n:name: fig-a\nCaption.\n```\n\n"
        "```{figure} b.png\n:name: fig-b\nWith $x$.\n```\n")
    assert html.one("span", id="para-x") is not None
    assert [a.text() for a in html.find_all("a")] == ["text", "Fig. 1", "Caption.",
                                                     "Figure 2"]
    assert problems == ["5: error: {ref}`missing` refers to no label on this page"]


def test_cite_roles_without_a_bibliography_are_errors_as_the_shortcode_is() -> None:
    _, problems = _render("As {cite}`ho2020` shows.\n")
    assert problems == ["1: error: unknown citation key `ho2020`"]
    refs = references("@misc{ho2020, title = {D}, author = {Ho, J}, year = 2020}", {})
    html, problems = _render("As {cite:t}`ho2020` shows.\n", references=refs)
    assert problems == [] and html.one(class_="cite-text").text().startswith("Ho")


def test_footnote_citations_are_citations_listed_at_the_footbibliography() -> None:
    refs = references("@misc{ho2020, title = {D}, author = {Ho, J}, year = 2020}\n"
                      "@misc{lin2021, title = {F}, author = {Lin, T}, year = 2021}", {})
    html, problems = _render("As {footcite:t}`ho2020` shows {footcite:p}`lin2021`.\n\n"
                             "```{footbibliography}\n```\n", references=refs)
    assert problems == []
    assert html.one(class_="cite-text").text().startswith("Ho")
    assert [a["href"] for a in html.find_all("a", class_="cite-link")] == [
        "#ref-ho2020", "#ref-lin2021"]
    assert [li["id"] for li in html.one("section", class_="references").find_all("li")] == [
        "ref-ho2020", "ref-lin2021"]


def test_a_quoted_name_option_is_read_as_yaml() -> None:
    html, problems = _render("```{figure} a.png\n:name: \"fig-split\"\n\nThree folds.\n```\n\n"
                             "See {numref}`fig-split`.\n")
    assert problems == []
    assert html.one("figure")["id"] == "fig-split"
    assert html.one("a", href="#fig-split").text() == "Figure 1"


def test_python_domain_roles_are_the_code_sphinx_shows() -> None:
    # (a course book's `{py:func}` links into scikit-learn's docs through intersphinx)
    html, problems = _render("Use {py:func}`sklearn.metrics.f1_score`, {class}`~sklearn.svm."
                             "SVC`, {py:meth}`fit <sklearn.svm.SVC.fit>` and {foo}`x`.\n")
    assert [c.text() for c in html.find_all("code")] == [
        "sklearn.metrics.f1_score()", "SVC", "fit", "x"]
    assert problems == ["1: warning: unknown MyST role `{foo}`: its text is shown as code"]


def test_commonmark_paragraphs_that_look_like_myst_stay_paragraphs() -> None:
    html, problems = _render("+++\n\n(not a target) = 3\n\n%50 off\n\n```{note} a`b\n")
    assert [p.text() for p in html.find_all("p")] == ["+++", "(not a target) = 3", "%50 off",
                                                     "```{note} a`b"]
    assert problems == ["1: warning: `+++` is MyST-NB's cell break: Lanting shows it as text"]


def test_a_comment_line_under_text_is_hidden_with_a_warning() -> None:
    """MyST hides a `%` line even in the middle of a paragraph: hard-wrapped prose ("by
    30" / "% after the change") lost a line without a word."""
    doc, problems = _render("Utilization improved by 30\n% after the change.\n\n"
                            "% a comment on its own\n\nText.\n")
    assert "after the change" not in doc.text() and "a comment" not in doc.text()
    assert len(problems) == 1 and "`%`" in problems[0]


@pytest.mark.parametrize("kind", ["note", "tip", "important", "warning", "caution"])
def test_quarto_callouts_without_their_dot_are_callouts(kind: str) -> None:
    """`::: {callout-warning}` (Quarto's callout without its class's dot, in a real Quarto
    blog) read as an unknown MyST directive: a warning and a plain div."""
    html, problems = _render(f"::: {{callout-{kind}}}\nDon't run `sudo pip`.\n:::\n")
    assert problems == []
    assert html.one("div", class_=f"callout-{kind}").find("code") is not None


def test_sphinx_roles_of_literal_text_and_of_the_interface() -> None:
    # (Sphinx's standard roles, which reStructuredText posts imported as MyST use)
    context = RenderContext(path=CHAPTER, rel="posts/a.md", body_line=1, base_path="/")
    rendered = render_markdown("Edit {file}`/etc/hosts`, run {command}`ls -l`, press "
                               "{guilabel}`OK` in {menuselection}`File --> Save`, a "
                               "{dfn}`term`.\n", context)
    assert not rendered.problems
    doc = parse_html(rendered.html)
    assert [c.text() for c in doc.find_all("code")] == ["/etc/hosts", "ls -l"]
    assert [b.text() for b in doc.find_all("strong")] == ["OK", "File \u2023 Save"]
    assert doc.one("dfn").text() == "term"


def test_a_table_cell_of_plus_signs_is_no_cell_break() -> None:
    """A table rating methods with `+` to `++++` (course notes in MkDocs) got a warning
    of MyST-NB's cell break for each `+++` cell: only a paragraph of its own is one."""
    html, problems = _render("| method | noise |\n| --- | --- |\n| FM | +++ |\n| AM | + |\n")
    assert [td.text() for td in html.find_all("td")] == ["FM", "+++", "AM", "+"]
    assert problems == []

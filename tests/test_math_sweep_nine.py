"""Faults a ninth formula sweep of math-heavy blogs and books found (a Jupyter Book's
control-symbol macros, a MyST label over a starred environment, …): pages and small
sites written here."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

from htmltree import parse_html
from importbits import page
from sitebits import write_files
from test_math_syntax import render

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site


def test_a_book_macro_named_by_a_digit_is_a_control_symbol(tmp_path: Path) -> None:
    """A probability book's MathJax macros `"0": "\\mathbf{0}"` and `"1": …` (the zero
    and ones vectors, written `\\0` and `\\1`): the import carried them into lanting.toml,
    whose check refused a name not of letters, and nothing built. MathJax defines such
    control symbols; so does Lanting now."""
    write_files(tmp_path / "old", {
        "_config.yml": ("title: Notes\nparse:\n  myst_enable_extensions: [dollarmath]\n"
                        "sphinx:\n  config:\n    mathjax3_config:\n      tex:\n"
                        "        macros:\n          \"0\": \"\\\\mathbf{0}\"\n"
                        "          \"R\": \"\\\\mathbb{R}\"\n"),
        "_toc.yml": "format: jb-book\nroot: intro\n",
        "intro.md": "# Vectors\n\nThe zero vector $\\0 \\in \\R^n$ and $\\0x = \\0$.\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new")
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    shown = [m.text() for m in page(result.output, "/").find_all("math")]
    assert shown == ["𝟎∈ℝn", "𝟎x=𝟎"]


def test_a_dollar_label_numbers_a_starred_environment() -> None:
    """`$$\\begin{align*} … \\end{align*}$$ (eq:nb)` (MyST's dollarmath label, in a book's
    derivation of naive Bayes): Sphinx numbers a labelled display whatever its TeX, and
    `{eq}` links to it; Lanting failed the build ("labels a formula without a number")
    and every reference to it too. The rows are numbered once, as a labelled `{math}`."""
    rendered = render("$$\n\\begin{align*}\np &= q \\\\\nr &= s\n\\end{align*}\n$$ (eq:nb)\n\n"
                      "$$\n\\begin{equation*}\nt = u\n\\end{equation*}\n$$ (eq:t)\n\n"
                      "By @eq:nb and @eq:t.\n")
    assert rendered.problems == ()
    doc = parse_html(rendered.html)
    rows, single = doc.find_all("div", class_="math-display")
    assert len(rows.find_all("mtr")) >= 2 and rows.text().endswith("(1)")
    assert single.text().endswith("(2)")
    assert [a.text() for a in doc.find_all("a", class_="eqref")] == ["(1)", "(2)"]


def test_an_environment_opening_a_list_item_runs_over_its_lazy_lines() -> None:
    """A table of urn models written as MyST's list-table, each formula cell
    `   - \\begin{eqnarray*}` with its rows indented a column less than the cell's text:
    MyST's amsmath (and MathJax, reading the item's text) took the environment whole;
    Lanting left it as TeX with a warning. A blank line, or a line starting a block of
    its own, still ends the item."""
    rendered = render("* - 模型\n   - \\begin{eqnarray*}\n    P(A) &=& \\frac{1}{2} \\\\\n"
                      "    P(B) &=& \\frac{1}{3}\n    \\end{eqnarray*}\n   - 描述\n\n"
                      "1. \\begin{align*}\nx &= y\n\\end{align*}\n\n"
                      "- \\begin{align*}\n  a &= b\n- \\end{align*}\n")
    doc = parse_html(rendered.html)
    first, second = doc.find_all("div", class_="math-display")
    assert len(first.find_all("mtr")) == 2 and "P(B)" in first.text().replace(" ", "")
    assert second.text().replace(" ", "") == "x=y"
    assert [p.message.split(":")[0] for p in rendered.problems] == ["TeX left in the page"]


def test_mathjax_framebox_makebox_and_overunderset() -> None:
    """MathJax 4's `\\framebox[3em][l]{text}` (LaTeX's framed text box, next to
    `\\fbox`), `\\makebox{text}` and `\\overunderset{over}{under}{base}` (a relation
    with a label above and below it): math-core knew none of them and the build failed.
    A framed box of the text, the text, and the base with both scripts (the width and
    position of a box dropped)."""
    rendered = render("$$\n\\framebox{新值} = \\framebox[3em][l]{old} + \\makebox[2cm]{50% off}"
                      "\n$$\n\n$$\nA \\overunderset{f}{\\sim}{\\longrightarrow} B\n$$\n")
    assert rendered.problems == ()
    boxes, scripts = parse_html(rendered.html).find_all("math")
    assert [b.text() for b in boxes.find_all("menclose")] == ["新值", "old"]
    assert boxes.find_all("mtext")[-1].text() == "50% off"
    over = scripts.one("mover")
    under, label = over.elements()
    assert under.tag == "munder" and label.text() == "f"
    assert under.elements()[1].text() == "∼"


def test_array_package_column_specs_write_their_cells() -> None:
    """The array package's column spec, which MathJax 3.2 reads: `{r@{\\;=\\;}l}` (a
    column of `=` between two, every row aligned at it), `!{\\to}` the same with the
    usual gap, `>{\\displaystyle}l<{,}` (each cell of a column set in display style and
    ended by a comma). math-core refused the spec and the build failed. The inserted
    column's cells stand in every row up to its last cell; a rule and a row's spacing
    stay with their row."""
    rendered = render(
        "$$\n\\begin{array}{r@{\\;=\\;}l!{\\to}c}\nf(x) & x^2 & y \\\\[2pt]\n\\hline\n"
        "g(x) \\\\\n\\end{array}\n$$\n\n$$\n\\left\\{\\begin{array}{>{\\displaystyle}l<{,}"
        "@{\\quad}l}\n\\sum_{i} x_i & x > 0 \\\\\n0 & \\text{否则}\n\\end{array}\\right.\n$$\n")
    assert rendered.problems == ()
    table, cases = parse_html(rendered.html).find_all("math")
    first, second = table.find_all("mtr")
    assert [c.text().replace(" ", "") for c in first.find_all("mtd")] == \
        ["f(x)", "=", "x2", "→", "y"]
    assert [c.text().replace(" ", "") for c in second.find_all("mtd")] == ["g(x)"]
    assert "border-top" in (second.find_all("mtd")[0].get("style") or "")
    rows = cases.find_all("mtr")
    assert rows[0].find("munder") is not None  # (the sum in display style)
    assert [c.text().replace(" ", "") for c in rows[1].find_all("mtd")] == ["0,", "否则"]


def test_markdown_after_an_object_element_on_a_mkdocs_site(tmp_path: Path) -> None:
    """A textbook's chapters on MkDocs, each opening with the scanned chapter as
    `<object data="….pdf">…</object>` and its `# 第四章` on the next line: Python-Markdown
    counts `<object>` (and `<video>`, `<iframe>`) among its block elements and reads
    Markdown again after the closing tag; CommonMark's HTML block ran on to the blank
    line, and the heading showed as its `#` text, with a build warning on every
    chapter."""
    write_files(tmp_path / "old", {
        "mkdocs.yml": "site_name: 概率\nmarkdown_extensions:\n  - pymdownx.arithmatex\n",
        "docs/index.md": "# 概率\n",
        "docs/ch4.md": ('<object data="/ch4.pdf" type="application/pdf" width="700px">\n'
                        '    <embed src="/ch4.pdf">\n</object>\n# 第四章 参数估计\n\n'
                        "设 $X_1, \\cdots, X_n$ 为样本。\n\n<video src=\"/a.mp4\"></video>\n"
                        "## 4.1 矩估计\n")})
    imported = import_site(tmp_path / "old", tmp_path / "new")
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    prose = page(result.output, "/ch4/").one("div", class_="prose")
    assert [h.text() for h in prose.find_all("h2")] == ["4.1 矩估计"]
    assert "#" not in prose.text()


def test_a_root_index_nudged_with_leftroot_and_uproot() -> None:
    """amsmath's `\\sqrt[\\leftroot{-1}\\uproot{2}\\beta]{k}` (a root whose index is moved
    to sit better; MathJax reads both commands): unknown to math-core, the build failed.
    The index stays where the root puts it."""
    rendered = render("$\\sqrt[\\leftroot{-1}\\uproot{2}\\beta]{k} = \\sqrt[\\uproot{3} n]{x}$\n")
    assert rendered.problems == ()
    assert [r.elements()[1].text() for r in parse_html(rendered.html).find_all("mroot")] \
        == ["β", "n"]


def test_definecolor_holds_for_the_rest_of_the_page() -> None:
    """`\\definecolor{priv}{RGB}{200,30,30}` in a formula of definitions beside the
    `\\newcommand`s that use it, then `\\priv{a}` and `\\color{pub}` in later formulas
    (a post on key exchange colouring private and public values; MathJax's color
    extension loads by itself): math-core knew no `\\definecolor`, and every formula
    failed the build. The colours are their values on the whole page."""
    rendered = render("$$\n\\definecolor{priv}{RGB}{200,30,30}\\definecolor{pub}{rgb}{0,0,1}\n"
                      "\\definecolor{mute}{gray}{0.5}\n\\newcommand{\\priv}[1]{\\textcolor{priv}{#1}}\n"
                      "$$\n\nAlice 选 $\\priv{a}$，公开 $\\color{pub}{g^a}$ 与 "
                      "$\\fcolorbox{mute}{pub}{p}$。\n")
    assert rendered.problems == ()
    styles = [m.get("style") or "" for m in parse_html(rendered.html).find_all("mrow")
              if m.get("style")]
    assert styles[0] == "color:#C81E1E;" and styles[1] == "color:#0000FF;"
    assert "background-color:#0000FF" in styles[2] and "solid #808080" in styles[2]


def test_a_link_to_a_notes_title_heading_goes_to_the_top(tmp_path: Path) -> None:
    """A folder of notes whose note opens with `# 多智能体仓库 —— 入门` and a table of
    contents linking to it (`#多智能体仓库--入门`, GitHub's id of the heading): the
    heading became the page's title, shown above the text, and the build failed on the
    link ("no anchor"). It goes to the page's top; a heading of the text with those
    words keeps its links."""
    write_files(tmp_path / "old", {
        "rl/warehouse.md": ("# 多智能体仓库 —— 入门\n\n## 目录\n\n- [多智能体仓库 —— 入门]"
                            "(#多智能体仓库--入门)\n  - [简介](#简介)\n\n## 简介\n\n"
                            "奖励 $r_t$。\n"),
        "rl/again.md": "# 策略\n\n见 [策略](#策略)。\n\n## 策略\n\n正文。\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new")
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    hrefs = [unquote(a.get("href") or "") for a in page(result.output, "/warehouse/").one(
        "div", class_="prose").find_all("a")]
    assert hrefs[:2] == ["#top", "#简介"]
    again = page(result.output, "/again/").one("div", class_="prose")
    assert [unquote(a.get("href") or "") for a in again.find_all("a")][0] == "#策略"

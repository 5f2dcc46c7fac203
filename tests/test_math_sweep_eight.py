"""Faults an eighth formula sweep of math-heavy blogs found (a command shown as written in
text, mathtools' `\\Aboxed`, formula images with an `id` the page links to, notes whose
editor escaped parentheses): pages and small sites written here."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from importbits import NOW, jekyll_site, page
from sitebits import write_files
from test_math_syntax import render

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site


def test_a_command_before_escaped_braces_in_text_is_shown_as_written() -> None:
    """`\\text{\\sqrt\\{x\\}}` (a table of LaTeX syntax: what to type, then what it
    draws): MathJax's text shows `\\sqrt{x}`, dropping only the backslash of `\\{`;
    math-core refused a math command in text and the build failed. A math command in
    text without escaped braces is still an error with its hint."""
    rendered = render("| 写法 | 效果 |\n|---|---|\n| $\\text{\\sqrt\\{x\\}}$ | $\\sqrt{x}$ |\n"
                      "| $\\mbox{\\\\frac\\{a\\}\\{b\\}}$ | $\\frac{a}{b}$ |\n")
    assert rendered.problems == ()
    shown = [m.text() for m in parse_html(rendered.html).find_all("math")]
    assert shown[0] == "\\sqrt{x}"
    assert shown[2] == "\\frac{a}{b}"
    wrong = render("若 $\\text{取 \\alpha 为}$ 则\n")
    assert [p.severity for p in wrong.problems] == ["error"]


def test_aboxed_frames_both_sides_of_an_aligned_row() -> None:
    """mathtools' `\\Aboxed{f(x) &= x^2}` (a derivation framing its result; MathJax's
    mathtools has it) was an unknown command. One box holds the whole row; phantoms
    keep each column's width, so the rows stay aligned at the `=`."""
    rendered = render("$$\n\\begin{align}\n\\Aboxed{L(\\theta) &= 2p} \\\\\n"
                      "q &= r\n\\end{align}\n$$\n")
    assert rendered.problems == ()
    math = parse_html(rendered.html).one("math")
    box = math.one("menclose")
    assert box.get("notation") == "box"
    assert box.text().replace(" ", "") == "L(θ)=2p"
    first_row = math.find_all("mtr")[0]
    assert [len(cell.find_all("mphantom")) for cell in first_row.find_all("mtd")[1:3]] \
        == [1, 1]
    assert math.text().endswith("q=r(2)")


def test_a_formula_image_keeps_the_id_the_page_links_to() -> None:
    """`<img class=displaymath id="eq-c" src="https://www.zhihu.com/equation?tex=…">`
    with `[(4)](#eq-c)` further on (notes pasted from Zhihu): the image became a
    formula and its `id` was lost, so the link was broken. A page whose only formulas
    are such images showed them as TeX: nothing had said the page has math."""
    rendered = render('推导如下：\n\n<img class=displaymath id="eq-c" style="margin:0" '
                      'src="https://www.zhihu.com/equation?tex=a%3Db,\\tag{4}\\\\">\n\n'
                      "由 [(4)](#eq-c) 可知。\n")
    assert rendered.problems == ()
    doc = parse_html(rendered.html)
    display = doc.one("div", class_="math-display")
    assert display.get("id") == "eq-c"
    assert display.one("math").text().replace(" ", "").endswith("(4)")
    assert doc.find("code", class_="math-error") is None
    inline = render('则有\n<img class=displaymath id="eq-t" src="https://www.zhihu.com/equation?'
                    'tex=t%3D1,\\tag{1}">\n其中 [(1)](#eq-t) 成立。\n')
    assert inline.problems == ()
    assert parse_html(inline.html).one("span", class_="math-inline").get("id") == "eq-t"


def test_escaped_parentheses_in_notes_are_parentheses(tmp_path: Path) -> None:
    """A book of notes whose editor saved parentheses escaped (`tanh\\(x\\)`, as GitBook's
    and HTML-to-Markdown converters write them), shown as `(` by GitBook, Obsidian,
    Typora and GitHub: Lanting read each `\\(…\\)` pair as a formula, and the build
    failed on `\\(单步\\多步\\)` and the like. `$…$` formulas stay formulas, and so does
    a pair holding a command or spaced inside, `\\( \\lambda \\)` (notes pasted from a
    chatbot's answer, meant as math)."""
    write_files(tmp_path / "old", {
        "book.json": '{"title": "笔记", "plugins": ["katex"]}\n',
        "SUMMARY.md": "# 目录\n\n* [激活函数](act.md)\n",
        "act.md": ("# 激活函数\n\nMish=x \\* tanh\\(ln\\(1+e^x\\)\\)，"
                   "时序差分\\(单步\\多步\\)。\n\n其中 $\\sigma(x)$ 为 sigmoid，"
                   "系数 \\( \\lambda \\) 与步数 \\( n \\)。\n")})
    imported = import_site(tmp_path / "old", tmp_path / "new", "notes", False, NOW)
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    prose = page(result.output, "/act/").one("div", class_="prose")
    first, second = prose.find_all("p")[:2]
    assert first.text() == "Mish=x * tanh(ln(1+e^x))，时序差分(单步\\多步)。"
    assert first.find("math") is None
    assert [m.text() for m in second.find_all("math")] == ["σ(x)", "λ", "n"]


def test_limits_after_a_script_mark_are_the_operators() -> None:
    """`\\sum_\\limits{j}^\\limits{m}` (a note written in Typora, whose MathJax takes the
    `\\limits` as the operator's): math-core refused `\\limits` after `_` and the build
    failed. The limits go under and over the operator, as MathJax sets them."""
    rendered = render("$$\nx' = \\frac{x}{\\sqrt{\\sum_\\limits{j}^\\limits{m} x_j^2}}\n$$\n\n"
                      "$$\n\\min\\, f + \\sum\\limits_{i=1}^\\limits{n} \\lambda_i h_i\n$$\n")
    assert rendered.problems == ()
    first, second = parse_html(rendered.html).find_all("math")
    assert [u.find_all("mi")[-1].text() for u in first.find_all("munderover")] == ["m"]
    assert second.one("munderover").text().replace(" ", "") == "∑i=1n"


def test_empheq_and_numcases_number_each_row_beside_one_brace() -> None:
    """MathJax's empheq numbers each row of `\\begin{empheq}[left=…]{align}` and its
    cases extension each row of `numcases`; Lanting numbered the group once, so every
    later equation's number, and a reference to a row's label, was off from the old
    site's. Each row keeps its number; the brace (and `right=`'s) stands in a cell
    spanning the rows, centred on them."""
    rendered = render(
        "$$\n\\begin{empheq}[left=L\\Rightarrow, right=\\empheqrbrace]{align}\n"
        "x &= 1 \\\\\ny &= 2 \\label{eq:y}\n\\end{empheq}\n$$\n\n"
        "$$\n\\begin{numcases}{f(x)=\\label{eq:f}}\n1, & $x$ 为正 \\\\\n0, & x \\le 0\n"
        "\\end{numcases}\n$$\n\n$$\nz = 0 \\tag{*}\n$$\n\n$$\n\\begin{equation}\nw = 1\n"
        "\\end{equation}\n$$\n\n见 \\eqref{eq:y}、\\eqref{eq:f}。\n")
    assert rendered.problems == ()
    doc = parse_html(rendered.html)
    system, cases, _, after = doc.find_all("math")
    assert [c.get("rowspan") for c in system.find_all("mtd") if c.get("rowspan")] == ["2", "2"]
    first, second = system.find_all("mtable")[0].children[:2]
    assert [m.text() for m in first.find_all("mtext")][-1] == "(1)"
    assert [m.text() for m in second.find_all("mtext")][-1] == "(2)"
    spans = [c for c in cases.find_all("mtd") if c.get("rowspan")]
    assert len(spans) == 1 and spans[0].text().startswith("f(x)={")
    assert [m.text() for m in cases.find_all("mtext") if m.text().startswith("(")] \
        == ["(3)", "(4)"]
    assert after.text().replace(" ", "").endswith("(5)")
    assert [a.text() for a in doc.find_all("a", class_="eqref")] == ["(2)", "(3)"]


def test_tag_forms_set_the_numbers_after_them() -> None:
    """mathtools' `\\newtagform{brackets}{[}{]}` and `\\usetagform{brackets}` (MathJax's
    mathtools reads them; a derivation numbering its equations in brackets) were
    unknown commands. Numbers after a `\\usetagform`, on the whole page, are set in
    its form, `\\tag`s too; `\\usetagform{default}` goes back to parentheses."""
    rendered = render("$$\\newtagform{brackets}{[}{]}\\usetagform{brackets}$$\n\n"
                      "$$\n\\begin{equation}\nE = mc^2\n\\end{equation}\n$$\n\n"
                      "$$\na = b \\tag{A}\n$$\n\n$$\n\\usetagform{default}\n"
                      "\\begin{align}\nx &= 1\n\\end{align}\n$$\n")
    assert rendered.problems == ()
    numbers = [m.find_all("mtext")[-1].text() for m in
               parse_html(rendered.html).find_all("math")]
    assert numbers == ["[1]", "[A]", "(2)"]


def test_a_stray_dollar_after_a_closing_pair_is_text() -> None:
    """`$$e = e + g\\theta_j$$$` (a typo in a book of notes: a third `$`): MathJax ends the
    formula at the first `$$` and shows the `$` after it; Lanting read the line as one
    display of `e + g\\theta_j$` and the build failed on "Unexpected $"."""
    rendered = render("ii) for j = 2 to $$l_w$$, 计算：  \n$$e = e + g\\theta_j$$$  \n"
                      "$$\\theta_j = \\theta_j + g x$$\n")
    assert rendered.problems == ()
    doc = parse_html(rendered.html)
    assert [m.text() for m in doc.find_all("math")][1] == "e=e+gθj"
    assert doc.one("p").text().endswith("e=e+gθj$")


def test_a_kramdown_formula_over_lines_stays_one_formula(tmp_path: Path) -> None:
    """kramdown's inline `$$…$$.` over several lines of a list item (a matrix product,
    its `=` on a line of its own): written as `$…$` with its lines, the `=` line was a
    setext heading's underline to CommonMark, the item's text a heading and the formula
    TeX. The formula is on one line now."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 复分析\nmarkdown: kramdown\n",
        "_posts/2024-01-02-mobius.md": (
            "---\ntitle: 默比乌斯变换\n---\n\n- 矩阵相乘, 则可得到\n  - $$\n"
            "      \\begin{bmatrix}\n        a & b \\\\\n        c & d\n      \\end{bmatrix}\n"
            "      =\n      \\begin{bmatrix}\n        e \\\\\n        f\n"
            "      \\end{bmatrix}\n    $$.\n")})
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    item = page(result.output, "/posts/mobius/").one("div", class_="prose")
    assert item.find("h1") is None
    assert item.one("math").text().replace(" ", "") == "[abcd]=[ef]"


def test_a_length_in_pixels_is_a_length() -> None:
    """`P = {T_p \\above{1px} T_p+F_p}` (a precision-recall post's fraction; MathJax and
    KaTeX take `px`): math-core refused the unit and the build failed. A length in
    pixels where a length goes is one in points, as MathJax reads it."""
    rendered = render("$$P= {T_p \\above{1px} T_p+F_p}$$\n\n$a\\kern 3px b \\hspace{2px} c$\n")
    assert rendered.problems == ()
    doc = parse_html(rendered.html)
    assert doc.one("mfrac").get("linethickness")
    assert len(doc.find_all("mspace")) == 2


def test_a_gitbook_books_bold_with_a_space_inside_is_bold(tmp_path: Path) -> None:
    """A GitBook book (`book.json`; GitBook read Markdown with kramed, marked 0.3) bolds
    `**Th1: **函数可微` as kramed did; read as notes, CommonMark showed the two stars
    with a warning on every theorem of the book. Code keeps its `**`."""
    write_files(tmp_path / "old", {
        "book.json": '{"title": "分析"}\n',
        "SUMMARY.md": "# 目录\n\n* [导数](d.md)\n",
        "d.md": "# 导数\n\n**Th1: **函数在 $x_0$ 处可微。\n\n```python\ny = x ** 2\n```\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", "notes", False, NOW)
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    prose = page(result.output, "/d/").one("div", class_="prose")
    assert prose.one("strong").text() == "Th1:"
    assert "x ** 2" in prose.one("pre").text()

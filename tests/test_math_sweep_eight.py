"""Faults an eighth formula sweep of math-heavy blogs found (a command shown as written in
text, mathtools' `\\Aboxed`, formula images with an `id` the page links to): pages
written here."""

from __future__ import annotations

from htmltree import parse_html
from test_math_syntax import render


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

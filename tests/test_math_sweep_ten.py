"""Math leftovers of the tenth sweep (a backslash typed in text, an environment a page
defines, …): small pages written here."""

from __future__ import annotations

from htmltree import parse_html
from test_math_syntax import render


def test_a_double_backslash_in_text_shows_a_backslash() -> None:
    """`$\\sigma^{n}\\text{\\\\}int(\\sigma^n)$`, a post showing how a command is typed:
    MathJax's text drops the first backslash of `\\\\` and shows the second; math-core
    refused it ("not valid in text mode") and the build failed. `\\\\{` after it is a
    backslash then a brace, as MathJax shows it."""
    rendered = render("Type $\\sigma^{n}\\text{\\\\}int(\\sigma^n)$ and "
                      "$\\text{a\\\\\\\\b \\\\\\{c\\} \\\\sum}$.\n")
    assert rendered.problems == ()
    first, second = parse_html(rendered.html).find_all("math")
    assert first.text() == "σn\\int(σn)"
    assert second.text() == "a\\\\b \\{c} \\sum"


def test_an_environment_a_page_defines_holds_for_the_page() -> None:
    """`\\newenvironment{name}[n][default]{begin}{end}` (MathJax's newcommand extension)
    in one display, used in it and in the next: math-core knows no `\\newenvironment`
    ("Unknown command") and the build failed. Each use is expanded as MathJax expands
    it, with its arguments; a `\\renewenvironment` holds from its formula on, and one
    after a `%` defines nothing."""
    rendered = render(
        "$$\\newenvironment{br}{[}{]}\\begin{br}x\\end{br}$$\n\n"
        "$$\n\\newenvironment{cm}[1][c]{\\left(\\begin{array}{#1}}{\\end{array}\\right)}\n"
        "%\\renewenvironment{br}{<}{>}\n"
        "\\begin{cm}a\\\\b\\end{cm} \\begin{cm}[l]\\begin{br}y\\end{br}&z\\end{cm}\n$$\n\n"
        "Then $\\renewenvironment{br}{\\{}{\\}}\\begin{br}\\begin{br}t\\end{br}\\end{br}$.\n")
    assert rendered.problems == ()
    first, second, third = parse_html(rendered.html).find_all("math")
    assert first.text() == "[x]"
    assert second.text() == "(ab)([y]z)"
    assert len(second.find_all("mtable")) == 2
    assert third.text() == "{{t}}"


def test_a_formula_right_after_a_digit_is_math_but_money_stays_text() -> None:
    """`the 2$x$ term` (a coefficient written against its variable): Pandoc and
    markdown-it's dollarmath both read a formula there, but Lanting's money rule (a
    digit before the opening `$`) left it as text with its dollars. A letter then
    symbols with no space is a formula; money after a number still is not."""
    doc = parse_html(render("The 2$x$ term and 3$x^2+y$ grow; 5$/月 或 10$/年 and "
                            "5$ each or 10$ are prices.\n").html)
    shown = [span.one("math").text() for span in doc.find_all("span", class_="math-inline")]
    assert shown == ["x", "x2+y"]
    assert "5$/月 或 10$/年 and 5$ each or 10$ are prices." in doc.text()

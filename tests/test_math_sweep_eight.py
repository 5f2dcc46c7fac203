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

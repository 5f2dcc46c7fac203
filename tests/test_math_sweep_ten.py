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

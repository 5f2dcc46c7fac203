"""TikZ pictures (`markdown/tikz.py`): shown as their code, with a warning, in
whichever form a page holds them."""

from __future__ import annotations

from dataclasses import replace

import pytest
from htmltree import parse_html
from test_math_syntax import CONTEXT

from lanting.markdown.render import render_markdown
from lanting.model.markdown import MarkdownOptions


def _render(text: str) -> tuple[str, list[tuple[int | None, str]]]:
    rendered = render_markdown(text, replace(CONTEXT, equation_numbers="ams"),
                               MarkdownOptions())
    return rendered.html, [(p.line, p.message) for p in rendered.problems]


@pytest.mark.parametrize(("written", "line"), [
    ("```tikz\n\\begin{document}\n\\begin{tikzpicture}\n\\draw (0,0) circle (1cm);\n"
     "\\end{tikzpicture}\n\\end{document}\n```\n", 3),
    ("$$\n\\begin{tikzpicture}\n\\draw (0,0) circle (1cm);\n\\end{tikzpicture}\n$$\n", 3),
    ("\\begin{tikzpicture}\n\\draw (0,0) circle (1cm);\n\\end{tikzpicture}\n", 3),
    ('<div class="tikzjax">\n<script type="text/tikz">\n  \\begin{tikzpicture}\n'
     "  \\draw (0,0) circle (1cm);\n  \\end{tikzpicture}\n</script>\n</div>\n", 4),
])
def test_a_tikz_picture_is_shown_as_its_code_with_a_warning(written: str, line: int) -> None:
    """A TikZ picture: Obsidian's TikZJax fence, a display formula of one (a build
    error: unknown environment), a bare one (TeX left in the page) or TikZJax's
    `<script type="text/tikz">` (shipped silently, drawn by nothing). Each is its code
    now, with one warning at its line saying to make an image of it."""
    html, problems = _render(f"A circle:\n\n{written}\nAfter $x$.\n")
    tree = parse_html(html)
    code = tree.one("code", class_="language-tikz")
    assert "\\draw (0,0) circle (1cm);" in code.text()
    assert "<script" not in html and "math-error" not in html
    assert problems == [(line, "TikZ diagrams shown as their code (this page's first)")]
    assert len(tree.find_all("math")) == 1


def test_a_pages_tikz_pictures_make_one_warning() -> None:
    """One warning a page (its first picture's line): one fix for all of them."""
    html, problems = _render("$$\n\\begin{tikzpicture}\\end{tikzpicture}\n$$\n\n"
                             "```tikz\n\\draw (0,0);\n```\n")
    assert len(parse_html(html).find_all("code", class_="language-tikz")) == 2
    assert [line for line, _ in problems] == [1]


def test_a_tikzcd_formula_still_says_to_redraw_it() -> None:
    """`\\begin{tikzcd}` in a formula keeps its own error (redraw it with `CD`)."""
    _, problems = _render("$$\n\\begin{tikzcd} A \\arrow[r] & B \\end{tikzcd}\n$$\n")
    assert [m for _, m in problems] == ['math: Unknown environment "tikzcd".']

"""Faults a fourth formula sweep of math-heavy blogs (Jekyll, Hexo, Hugo and note folders
of ML, optimisation and physics derivations) found, and leftovers of the third: small
sites and pages written here."""

from __future__ import annotations

import re

import pytest
from htmltree import parse_html
from test_math_blog_sweep import shown
from test_math_syntax import render

from lanting.markdown.mathtext import mathml_text


@pytest.mark.parametrize(("text", "rows"), [
    ("$$\n\\sum_{i=1 \\\\ j \\neq i} w_{ij}\n$$\n", ["i=1", "j≠i"]),
    ("$$\\max_{\\theta \\\\ \\phi} J$$\n", ["θ", "ϕ"]),
    ("令 $\\min\\limits_{a \\\\ b} f$ 最小\n", ["a", "b"]),
    ("$\\underset{x \\\\ y}{\\arg\\max}\\, g$\n", ["x", "y"]),
    ("$$\n\\begin{aligned}\nL &= \\sum_{s \\\\ a} q \\\\\n&= 0\n\\end{aligned}\n$$\n",
     ["s", "a"]),
])
def test_rows_in_a_script_are_stacked(text: str, rows: list[str]) -> None:
    """`\\sum_{i=1 \\\\ j \\neq i}` (a script's rows written without `\\substack`): a
    display failed the build ("`\\\\` may only appear at the top level of a table"), in
    `aligned` too, and an inline formula ran the rows together. They are stacked, as
    `\\substack` stacks them."""
    rendered = render(text)
    assert rendered.problems == ()
    table = parse_html(rendered.html).find_all("mtable")[-1]
    assert [row.text() for row in table.find_all("mtr")] == rows


def test_a_displays_own_row_break_still_breaks_beside_a_scripts_rows() -> None:
    """A display's own `\\\\` (outside any environment) makes it two lines, also when a
    script of it has rows of its own."""
    rendered = render("$$\na_{i \\\\ j} = 1 \\\\ b = 2\n$$\n")
    assert rendered.problems == ()
    rows = [row.text() for row in parse_html(rendered.html).find_all("mtr")]
    assert rows[-1] == "b=2" and "i" in rows and "j" in rows


@pytest.mark.parametrize(("tex", "text"), [
    ("\\mathbfit{x}^\\top \\mathbfit{W}", "𝒙^⊤ 𝑾"), ("\\mathbfit{\\alpha}", "𝜶"),
    ("\\mathbfup{v}", "𝐯"), ("\\mathup{d}x", "dx"), ("\\mathsfup{T}", "𝖳"),
    ("\\mathbfscr{L}", "𝓛"), ("\\mathbffrak{g}", "𝖌"), ("\\mathbfsfup{A1}", "𝗔𝟭"),
    ("\\mathbfsfit{z}", "𝙯"), ("\\mathbfscr{\\alpha}", "α"),
])
def test_mathjax_alphabets_of_unicode_math(tex: str, text: str) -> None:
    """MathJax's `\\mathbfit{x}` (a bold italic vector, as unicode-math writes one) and its
    kin were "Unknown command": they are the letters of that alphabet."""
    assert shown(tex) == text


def test_newextarrow_defines_an_arrow_for_the_page() -> None:
    """MathJax's extpfeil `\\Newextarrow{\\xfoo}{5,10}{0x21C0}` defines an arrow that
    takes text over and under it; each use failed the build ("Unknown command"), and
    so did the definition. One of a character math-core stretches is that arrow; any
    other is the character with the text over and under it; redefining an arrow
    math-core has is no loop."""
    rendered = render(
        "定义 $\\Newextarrow{\\xup}{5,10}{0x21C0}\\Newextarrow\\xsq{0,0}{10239}$，"
        "$\\Newextarrow{\\xmapsto}{2,7}{0x21A6}$\n\n"
        "则 $a \\xup[k]{t} b$，$c \\xsq{s} d$，$e \\xmapsto{f} g$。\n")
    assert rendered.problems == ()
    texts = [mathml_text(m) for m in re.findall(r"<math.*?</math>", rendered.html, re.S)]
    assert texts[2:] == ["a ⇀_k^t b", "c⟿^s d", "e ↦^f g"]

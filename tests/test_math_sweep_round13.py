"""Faults a thirteenth formula sweep of math-heavy blogs and notes found: small pages
and sites written here."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from htmltree import parse_html
from test_math_syntax import CONTEXT

from lanting.markdown.mathtext import mathml_text
from lanting.markdown.render import render_markdown
from lanting.model.markdown import MarkdownOptions


def _render(text: str, equation_numbers: str = "ams") -> tuple[str, tuple[str, ...]]:
    context = replace(CONTEXT, equation_numbers=equation_numbers)
    rendered = render_markdown(text, context, MarkdownOptions())
    return rendered.html, tuple(p.message for p in rendered.problems)


@pytest.mark.parametrize(("written", "script"), [
    ("45$^{\\circ}$N", "°"), ("30$^\\circ$C", "°"), ("10$^{-3}$ m", "⁻³"), ("H$_2$O", "₂")])
def test_a_script_glued_to_a_number_is_a_formula(written: str, script: str) -> None:
    """`45$^{\\circ}$N` (a Quarto post's latitude): Pandoc reads a formula there, Lanting
    took the `$` after a digit for money, paired the next `$` with a later one and
    showed the TeX. A formula that is a script is no price."""
    html, problems = _render(f"The buoy at {written} and the 2nd at {written}, 5$ and 6$.\n")
    assert problems == ()
    formulas = _MATH.findall(html)
    assert [mathml_text(f) for f in formulas] == [script, script]
    assert "$" not in _MATH.sub("", html).replace("5$ and 6$", "")


_MATH = re.compile(r"<math>.*?</math>", re.DOTALL)


def test_money_after_a_number_stays_money() -> None:
    """`5$ and $6`: still no formula."""
    html, problems = _render("It cost 5$ and $6 more, 7$^{\\text{th}}$.\n")
    assert problems == ()
    assert len(parse_html(html).find_all("math")) == 1


def test_a_degree_reads_as_a_degree_in_plain_text() -> None:
    """A summary or a title reads `30^{\\circ}` as `30°`, not `30^∘`."""
    html, _ = _render("$30^{\\circ}$\n")
    assert [mathml_text(f) for f in _MATH.findall(html)] == ["30°"]


def test_a_tag_keeps_its_small_capitals() -> None:
    """`\\tag{\\textsc{a}}` (a theorem's name as a tag): the tag was drawn as plain
    text, `(a)`; it keeps text mode's small capitals, as in a formula. A reference
    to it reads the tag's text."""
    html, problems = _render("$$\ny = 2 \\tag{\\textsc{a}}\\label{q}\n$$\n\n"
                             "$$\nz \\tag{\\emph{b}}\n$$\n\nBy \\eqref{q}.\n")
    assert problems == ()
    tree = parse_html(html)
    tags = tree.find_all("mtext")
    assert [t.text() for t in tags] == ["(a)", "(b)"]
    assert "small-caps" in (tags[0].one("span").get("style") or "")
    assert tags[1].one("em").text() == "b"
    assert tree.one("a", class_="eqref").find_all("span") == []


@pytest.mark.parametrize("inner", ["pmatrix", "matrix", "array}{cc", "cases"])
def test_a_tag_in_a_matrix_in_an_align_numbers_its_row(inner: str) -> None:
    """`a &= \\begin{pmatrix} 1 & 2 \\tag{5} \\end{pmatrix} \\\\` in an `align`: MathJax
    numbers the row with it (a matrix keeps no numbers), math-core refused it there and
    the formula failed the build. A `\\label` there labels the row."""
    env = inner.split("}")[0]
    html, problems = _render(
        f"$$\n\\begin{{align}}\na &= \\begin{{{inner}}} 1 & 2 \\tag{{5}} \\end{{{env}}} \\\\\n"
        f"b &= \\left\\{{\\begin{{{inner}}} c \\label{{q}} \\end{{{env}}}\\right. \\\\\n"
        "d &= e\n\\end{align}\n$$\n\nBy \\eqref{q}.\n")
    assert problems == ()
    tree = parse_html(html)
    assert [t.text() for t in tree.find_all("mtext")] == ["(5)", "(1)", "(2)"]
    assert tree.one("a", class_="eqref").text() == "(1)"


def test_a_tag_nested_in_matrices_of_an_align_row() -> None:
    """Matrices in matrices: the tag leaves the outermost, with its braces whole."""
    html, problems = _render(
        "\\begin{align}\na &= \\begin{pmatrix} \\begin{matrix} 1 \\tag{\\textsc{b}} "
        "\\end{matrix} & 2 \\end{pmatrix} \\\\\nd &= e \\tag{7}\n\\end{align}\n")
    assert problems == ()
    assert [t.text() for t in parse_html(html).find_all("mtext")] == ["(b)", "(7)"]


def test_a_brace_escaped_as_for_markdown_is_explained() -> None:
    """`$$ … \\mathbf{1}\\\\{p=i\\\\}. $$` (a kramdown post: its writer escaped the braces
    as for Markdown, but kramdown passes a `$$` display to MathJax as written): TeX's row
    break inside a group fails; the hint says what was meant, `\\{`."""
    rendered = render_markdown("$$\nY\\,\\mathbf{1}\\\\{p=i\\\\}.\n$$\n", CONTEXT,
                               MarkdownOptions())
    (problem,) = rendered.problems
    assert problem.hint is not None and "write `\\{`" in problem.hint


@pytest.mark.parametrize("written", ["\\not\\!\\Pi", "\\not{\\!\\!\\Pi}", "\\not\\, \\Pi"])
def test_feynman_slash_with_a_kern(written: str) -> None:
    """`$(\\not\\!\\Pi - m)S$` (a physics note's Dirac operator): the negative space only
    moves MathJax's slash over the letter; math-core wanted the letter right after
    `\\not` and the build failed. It is the slashed letter, `Π̸`."""
    html, problems = _render(f"The equation ${written} - m$ holds, $a \\not= b$.\n")
    assert problems == ()
    assert [mathml_text(f) for f in _MATH.findall(html)] == ["Π̸−m", "a ≠ b"]

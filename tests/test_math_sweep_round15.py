"""Faults a fifteenth formula sweep of math-heavy blogs and notes found: small pages
and sites written here."""

from __future__ import annotations

import pytest
from test_math_blog_sweep import shown
from test_math_syntax import render


@pytest.mark.parametrize(("tex", "text"), [
    ("\\ce{Fe(CN)_{\\frac62}}", "Fe(CN)_{6/2}"),
    ("\\ce{[\\{(x2)3\\}2]^3+}", "[{(x₂)₃}₂]³⁺"),
    ("\\ce{[{(x2)3}2]^3+}", "[(x₂)₃₂]³⁺"),
    ("\\ce{$cis${-}CH3CH-CHCH3}", "cis−CH₃CH−CHCH₃"),
    ("\\ce{1/2 H2O}", "1/2H₂O"), ("\\ce{0.5 H2O}", "0.5H₂O"),
    ("\\ce{A\\bond{~}B\\bond{...}C}", "A┄B⋅⋅⋅C"),
    ("\\ce{A\\bond{~-}B\\bond{#}C}", "A−^┄ B ≡ C"),
    ("\\ce{Fe^{II}Fe^{III}2O4}", "Fe^{II}Fe₂^{III}O₄"),
])
def test_mhchem_scripts_braces_bonds_and_coefficients(tex: str, text: str) -> None:
    """A page of LaTeX notes on chemistry, written for MathJax's mhchem: a count as a
    script holding a command (`_{\\frac62}`), braces escaped or bare, `$cis${-}`, a
    coefficient apart from its formula (`1/2 H2O`, `0.5 H2O`, shown `0⋅5`) and
    `\\bond{…}` each failed the build (8 errors on its two pages)."""
    assert shown(tex) == text


def test_an_unknown_bond_is_an_error_naming_it() -> None:
    (problem,) = render("$\\ce{A\\bond{?}B}$\n").problems
    assert "`\\bond` draws the bonds" in problem.message and "not `?`" in problem.message
    assert (problem.line, problem.column) == (1, 2)


@pytest.mark.parametrize(("tex", "color"), [
    ("\\textcolor[rgb]{0.5,0.8,0.7}{E=mc^2}", "#80CCB3"),
    ("\\textcolor[RGB]{202,12,22}{E=mc^2}", "#CA0C16"),
])
def test_textcolor_with_a_colour_model(tex: str, color: str) -> None:
    """xcolor's `\\textcolor[rgb]{0.5,0.8,0.7}{…}` (MathJax's color extension reads the
    model): math-core refused the `[`, and the formula failed the build."""
    rendered = render(f"${tex}$\n")
    assert rendered.problems == ()
    assert f"color:{color}" in rendered.html


@pytest.mark.parametrize("tex", ["\\not", "{\\not}", "\\not{}"])
def test_not_alone_is_its_slash(tex: str) -> None:
    """`$\\not$` in a table of logic symbols: MathJax draws the slash, math-core wanted a
    relation after it and the build failed."""
    assert shown(tex) == "/"
    assert shown("\\not p") == "p̸"


def test_a_command_shown_in_one_cell_and_drawn_in_the_next_is_meant() -> None:
    """A table of symbols, `| \\times | $\\times$ |`: the command written in one cell is
    what to type for the formula in the next, on purpose; each row was a "TeX left in
    the page" warning (24 on a site's two pages of them). A command with no formula
    beside it still is one."""
    rendered = render("| Input | Display |\n| --- | --- |\n| \\times | $\\times$ |\n"
                      "| \\leq | $\\geq$ |\n")
    assert [(p.line, p.message) for p in rendered.problems] == [
        (4, "TeX left in the page: `\\leq`")]

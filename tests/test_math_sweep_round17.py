"""Faults a seventeenth formula sweep found: mhchem as Chinese chemistry notes and the
sites copying its manual write it. Small pages written here, modelled on the shapes of
the sites (a VitePress site of LaTeX notes with a page on chemistry, an Obsidian garden's
note on mhchem, a VitePress site's style page)."""

from __future__ import annotations

from pathlib import Path

import pytest
from importbits import NOW, page
from sitebits import write_files
from test_math_blog_sweep import shown
from test_math_syntax import render, tree

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site


@pytest.mark.parametrize(("tex", "text"), [
    ("\\ce{C + 2H2SO4(浓) ->[\\Delta] CO2 ^ + 2SO2 ^ + 2H2O}",
     "C+2H₂SO₄(浓) →^Δ CO₂↑+2SO₂↑+2H₂O"),
    ("\\ce{3Cu + 8HNO3(稀) = 3Cu(NO3)2 + 2NO ^ + 4H2O}",
     "3Cu+8HNO₃(稀) = 3Cu(NO₃)₂+2NO↑+4H₂O"),
    ("\\ce{2NaCl (熔融) ->[通电] 2Na + Cl2 ^}", "2NaCl(熔融) →^{通电} 2Na+Cl₂↑"),
    ("\\ce{C12H22O11(蔗糖)}", "C₁₂H₂₂O₁₁(蔗糖)"),
])
def test_a_concentration_written_in_chinese_beside_its_acid(tex: str, text: str) -> None:
    """Chinese chemistry notes write a concentrated or dilute acid as `H2SO4(浓)`,
    `HNO3(稀)` (a molten salt `(熔融)`, a sugar named `(蔗糖)`) inside `\\ce`: mhchem
    copies the characters, and the build failed ("`\\ce` reads common formulae; not
    `浓)`") on every such equation. They are the formula's text."""
    assert shown(tex) == text
    math = tree(f"${tex}$\n").one("math")
    assert any(len(t.text()) > 0 and not t.text().isascii() for t in math.find_all("mtext"))


def test_an_arrow_over_a_concentrated_acid_shows_its_formula() -> None:
    """`->[浓H2SO4][170^\\circ C]` (ethanol dehydrated): the text over the arrow was set
    as the words `浓H2SO4`, its counts on the line; mhchem reads it as a formula."""
    math = tree("$\\ce{C2H5OH ->[浓H2SO4][170^\\circ C] C2H4 ^ + H2O}$\n").one("math")
    (arrow,) = [m for m in math.find_all("munderover") if "浓" in m.text()]
    assert "浓H₂SO₄" in shown("\\ce{A ->[浓H2SO4] B}")
    assert [s.text() for s in arrow.find_all("msub")] == ["H2", "O4"]


@pytest.mark.parametrize(("tex", "text"), [
    ("\\ce{[Pt(\\eta^2-C2H4)Cl3]-}", "[Pt(η²-C₂H₄)Cl₃]⁻"),
    ("\\ce{[Fe(\\eta^5-C5H5)2]}", "[Fe(η⁵-C₅H₅)₂]"), ("\\ce{\\mu-O}", "μ-O"),
    ("\\ce{α-Fe2O3}", "α-Fe₂O₃"), ("\\ce{\\gamma-Al2O3}", "γ-Al₂O₃"),
    ("\\ce{1s^2-N}", "1s²-N"), ("\\ce{n-Bu}", "n-Bu"),
])
def test_a_hyphen_after_a_greek_letter_or_an_orbital(tex: str, text: str) -> None:
    """mhchem's manual writes Zeise's salt `\\ce{[Pt(\\eta^2-C2H4)Cl3]-}` (round 16's
    leftover): the `2-` after η was drawn as a charge, η²⁻, and the ligand's `-` lost.
    After a lowercase Greek letter, a lone letter or an orbital, with its script, mhchem
    reads a hyphen: no bond, no charge."""
    assert shown(tex) == text
    math = tree(f"${tex}$\n").one("math")
    assert "-" in [t.text() for t in math.find_all("mtext")]


def test_a_complex_charge_after_a_ligand_stays_a_charge() -> None:
    """The charge at the end, `…Cl3]-`, and a Greek letter's with nothing after it,
    `\\eta^2-`, stay charges."""
    math = tree("$\\ce{[Pt(\\eta^2-C2H4)Cl3]-}$\n").one("math")
    last = math.find_all("msup")[-1]
    assert last.elements()[1].text() == "−"
    assert shown("\\ce{\\eta^2- + SO4^2-}") == "η²⁻+SO₄²⁻"


@pytest.mark.parametrize(("tex", "text"), [
    ("\\ce{{Lactic acid} + O2}", "Lactic acid+O₂"), ("\\ce{{and so on}}", "and so on"),
    ("\\ce{{(-)}_{436}{-}[Co(en)3]Br3}", "(-)₄₃₆-[Co(en)₃]Br₃"),
])
def test_braced_words_keep_their_spaces(tex: str, text: str) -> None:
    """mhchem's braces escape words, `{Gluconic acid}`: the words were run together
    (`LacticAcid`), and nothing said so; `{(+)}_589` failed the build. They are text,
    spaces kept; a braced formula (`[{(x2)3}2]`) is still a formula."""
    assert shown(tex) == text


@pytest.mark.parametrize(("tex", "text"), [
    ("\\ce{Y_$n$^$m$}", "Y_n^m"), ("\\ce{Fe(CN)_{$\\frac{6}{2}$}}", "Fe(CN)_{6/2}"),
    ("\\ce{X_\\mathit{ab}^\\mathit{c}}", "X_{𝑎𝑏}^𝑐"), ("\\ce{ZnS(\\ca$c$)}", "ZnS( ∼ c)"),
    ("\\ce{\\ca Cu}", "∼ Cu"), ("\\ce{NO2^*}", "NO₂^∗"), ("\\ce{Na, K; Rb}", "Na, K;Rb"),
    ("\\ce{A v B (v) -> C ^ D (^)}", "A↓B↓ → C↑D↑"),
])
def test_the_manual_s_scripts_of_math_circa_and_signs(tex: str, text: str) -> None:
    """What sites copying mhchem's manual write (an Obsidian note on mhchem, a Markdown
    cheat sheet, whose `$…$` inside a formula turned into `\\mathit{…}`): a script of
    math, `X_$i$` or `X_\\mathit{i}`, `\\ca` (circa), an excited state `NO^*`, a list
    with `;`, a bracketed gas or precipitate `(^)`: each failed the build."""
    assert shown(tex) == text


def test_defects_in_kroger_vink_notation() -> None:
    """Kröger–Vink's defects (mhchem's manual: `Li^x_{Li,1-2x}`, `O''_{i,x}`,
    `M^{..}_i`): a neutral `x` is ×, a positive `.` a bullet, a negative `'` a prime;
    the site and fraction after the comma, the site upright. Each failed the build."""
    math = tree("$\\ce{Zr^x_{Zr}V^{..}_{O}O''_{i}Li_{Li,1-x}}$\n").one("math")
    assert [s.elements()[2].text() for s in math.find_all("msubsup")] == ["×", "∙∙", "′′"]
    assert [s.elements()[1].text() for s in math.find_all("msubsup")] == ["Zr", "O", "i"]
    (site,) = math.find_all("msub")
    assert site.elements()[1].text().replace(" ", "") == "Li,1−x"
    assert [mi.text() for mi in site.elements()[1].find_all("mi")] == ["Li", "x"]  # (Li upright)


@pytest.mark.parametrize(("tex", "text"), [
    ("\\pu{3.0E8 m//s}", "3.0×10⁸m/s"), ("\\pu{1.6e-19 C}", "1.6⋅10⁻¹⁹C"),
    ("\\pu{9.81 \\pm 0.02 m//s2}", "9.81±0.02m/s²"), ("\\pu{6.5 l//100 km}", "6.5l/100km"),
])
def test_units_with_an_uncertainty_or_a_number_under_the_fraction(tex: str, text: str
                                                                   ) -> None:
    """mhchem's `\\pu`: a capital `E` is `×10^` (a small `e`, `⋅10^`); it was `⋅` for
    both. An uncertainty after the number, `9.81 \\pm 0.02 m`, and a number under a
    fraction, `l//100 km` (both in its manual), failed the build."""
    assert shown(tex) == text


def test_a_unit_fraction_with_a_number_under_it_is_one_fraction() -> None:
    math = tree("$\\pu{6.5 l//100 km}$\n").one("math")
    (fraction,) = math.find_all("mfrac")
    assert fraction.elements()[1].text().replace(" ", "") == "100km"


def test_what_mhchem_does_not_read_is_still_an_error() -> None:
    (problem,) = render("$\\ce{A ->[x] @@ B}$\n").problems
    assert "`\\ce` reads common formulae" in problem.message


def test_a_vitepress_site_of_chemistry_notes_builds_clean(tmp_path: Path) -> None:
    """A VitePress site of LaTeX notes (`markdown: { math: true }`) with a page on
    chemistry in Chinese: acids with their concentration, a complex with a hapticity,
    a braced name. Imported and built: no warning, every formula drawn, no TeX left."""
    source = tmp_path / "notes"
    write_files(source, {
        "docs/.vitepress/config.mts": "export default {\n  title: '笔记',\n"
                                      "  markdown: { math: true },\n}\n",
        "docs/index.md": "# 笔记\n\n见 [化学](./chem.md)。\n",
        "docs/chem.md": "# 化学公式\n\n实验室制氯气："
                        "$\\ce{MnO2 + 4HCl(浓) ->[\\Delta] MnCl2 + Cl2 ^ + 2H2O}$。\n\n"
                        "$$\n\\ce{Cu + 2H2SO4(浓) ->[\\Delta] CuSO4 + SO2 ^ + 2H2O}\n$$\n\n"
                        "蔡斯盐 $\\ce{K[Pt(\\eta^2-C2H4)Cl3]}$，"
                        "以及 $\\ce{{Citric acid} + 3NaOH}$。\n"})
    dest = tmp_path / "site"
    import_site(source, dest, None, False, NOW)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    body = page(dest / "public", "/chem/").one("main")
    formulas = body.find_all("math")
    assert len(formulas) == 4 and "\\ce" not in body.text()
    texts = [m.text() for m in formulas]
    assert "(浓)" in texts[0] and "η2-C2H4" in texts[2]
    assert "Citric acid" in texts[3]


SUBEQUATIONS = """\
$$
\\begin{equation} E = mc^2 \\label{eq:energy} \\end{equation}
$$

$$
\\begin{subequations}\\label{eq:maxwell}
\\begin{align}
\\nabla \\cdot E &= \\rho \\\\
\\nabla \\cdot B &= 0 \\label{eq:gauss-b} \\\\
\\nabla \\times E &= -\\partial_t B \\nonumber \\\\
\\nabla \\times B &= J
\\end{align}
\\end{subequations}
$$

\\begin{subequations}
\\begin{gather}
p = m v \\label{eq:momentum} \\\\
F = \\dot p
\\end{gather}
\\end{subequations}

$$
\\begin{equation} W = F s \\label{eq:work} \\end{equation}
$$

See \\eqref{eq:maxwell}, \\eqref{eq:gauss-b}, \\eqref{eq:momentum} and \\eqref{eq:work}; \
in a formula $\\eqref{eq:momentum}$.
"""


def test_subequations_share_one_number_lettered() -> None:
    """amsmath's `subequations` (a Pandoc or Quarto post written for its PDF; round 16's
    leftover): the build failed ("Unknown environment"), and a bare one outside `$$`
    was TeX left in the page. The rows it numbers share one number of the page's,
    lettered, (2a), (2b) …, as LaTeX prints them; a `\\nonumber` row has none; the next
    equation goes on from the group's number, (4), not from its rows'."""
    doc = tree(SUBEQUATIONS)
    numbers = [t.text() for div in doc.find_all("div", class_="math-display")
               for t in div.find_all("mtext") if t.text().startswith("(")]
    assert numbers == ["(1)", "(2a)", "(2b)", "(2c)", "(3a)", "(3b)", "(4)"]


def test_a_group_s_label_and_its_rows_labels() -> None:
    """`\\label` after `\\begin{subequations}` is the group's number, (2), leading to its
    first row; a row's label its lettered number, in the prose and in a formula."""
    doc = tree(SUBEQUATIONS)
    refs = {a["href"]: a.text() for a in doc.find_all("a")}
    assert refs == {"#eq:maxwell": "(2)", "#eq:gauss-b": "(2b)", "#eq:momentum": "(3a)",
                    "#eq:work": "(4)"}
    ids = [td.get("id") for td in doc.find_all("mtd") if td.get("id")]
    assert ids == ["eq:energy", "eq:maxwell", "eq:gauss-b", "eq:momentum", "eq:work"]


def test_a_group_labelled_beside_its_first_row() -> None:
    """amsmath's own pattern: `\\begin{subequations}\\label{eq:sys}`, then a label on
    each row. The group's is (1), the first row's (1a), both leading to that row, in the
    prose and in a formula."""
    doc = tree("$$\n\\begin{subequations}\\label{eq:sys}\n\\begin{align}\n"
               "u &= 1 \\label{eq:u} \\\\\nv &= 2 \\label{eq:v}\n\\end{align}\n"
               "\\end{subequations}\n$$\n\n$$\nw = \\eqref{eq:sys} + \\eqref{eq:u} "
               "\\tag{9}\n$$\n\nSee \\eqref{eq:sys}, \\eqref{eq:u}, \\eqref{eq:v}.\n")
    links = [(a["href"], a.text()) for a in doc.find_all("a")]
    assert links == [("#eq:sys", "(1)"), ("#eq:u", "(1a)")] * 2 + [("#eq:v", "(1b)")]
    first = doc.find_all("mtr")[0]
    assert first.get("id") == "eq:sys" and first.find("mtd", id="eq:u") is not None
    assert "LantingGroupRef" not in doc.text()


def test_a_group_around_several_environments_is_an_error_at_its_line() -> None:
    (problem,) = render("$$\n\\begin{subequations}\n\\begin{equation} p \\end{equation}"
                        "\n\\begin{equation} q \\end{equation}\n\\end{subequations}\n"
                        "$$\n").problems
    assert "one environment" in problem.message and problem.line == 2


def test_an_asciimath_block_is_named_in_its_error() -> None:
    """markdown-it-math's `$$$` … `$$$` block holds AsciiMath (round 16's leftover): it
    failed with `Unexpected "$"` and the hint for any formula. The error, at its line,
    says what the block is and how to write it."""
    (problem,) = render("Sum:\n\n$$$\nsum_(i=1)^n i^2\n$$$\n").problems
    assert problem.line == 3 and "AsciiMath" in (problem.hint or "")
    (typo,) = render("$$$M_X(t) = E[e^{tX}]$$\n").problems  # (a typo: no such hint)
    assert "AsciiMath" not in (typo.hint or "")

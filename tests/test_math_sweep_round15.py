"""Faults a fifteenth formula sweep of math-heavy blogs and notes found: small pages
and sites written here."""

from __future__ import annotations

from pathlib import Path

import pytest
from importbits import NOW, page, redirect_target
from sitebits import write_files
from test_math_blog_sweep import shown
from test_math_syntax import render

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site


@pytest.mark.parametrize(("tex", "text"), [
    ("\\ce{Fe(CN)_{\\frac62}}", "Fe(CN)_{6/2}"),
    ("\\ce{[\\{(x2)3\\}2]^3+}", "[{(x₂)₃}₂]³⁺"),
    ("\\ce{[{(x2)3}2]^3+}", "[(x₂)₃₂]³⁺"),
    ("\\ce{$cis${-}CH3CH-CHCH3}", "cis-CH₃CH−CHCH₃"),
    ("\\ce{1/2 H2O}", "1/2H₂O"), ("\\ce{0.5 H2O}", "0.5H₂O"),
    ("\\ce{A\\bond{~}B\\bond{...}C}", "A┄B⋅⋅⋅C"),
    ("\\ce{A\\bond{~-}B\\bond{#}C}", "A−^┄ B ≡ C"),
    ("\\ce{Fe^{II}Fe^{III}2O4}", "Fe^{II}Fe₂^{III}O₄"),
    ("\\ce{^234_90Th -> ^0_-1\\beta{} + ^234_91Pa}", "₉₀²³⁴Th → _{−1}⁰β+₉₁²³⁴Pa"),
    ("\\ce{^0_-1n-}", "_{−1}⁰n⁻"),
])
def test_mhchem_scripts_braces_bonds_and_coefficients(tex: str, text: str) -> None:
    """A page of LaTeX notes on chemistry, written for MathJax's mhchem: a count as a
    script holding a command (`_{\\frac62}`), braces escaped or bare, `$cis${-}`, a
    coefficient apart from its formula (`1/2 H2O`, `0.5 H2O`, shown `0⋅5`) and
    `\\bond{…}` each failed the build (8 errors on its two pages); a Hugo post on KaTeX's
    mhchem wrote a beta particle's numbers before `\\beta{}`, and mhchem's manual a
    neutron's before `n`: both failed too."""
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


def test_a_hakyll_site_with_its_own_clean_route_and_pandoc_macros(tmp_path: Path) -> None:
    """A Hakyll site of physics and statistics notes: its route, `composeRoutes
    dropExtensions $` then, on the line below, `gsubRoute "/index$" (const
    "/index.html")`, with `dropExtensions = customRoute $ FilePath.dropExtensions .
    toFilePath` in another module, was read as no route (a qualified name, the plural
    function, the next line's step lost): every page lost its old URL and each link to
    one was an error. Its `\\newcommand{\\E}[1]{…}` lines (Pandoc's `latex_macros`)
    were taken apart as bracketed spans, `\\newcommand{\\E}1[#1]}`, and so was
    `\\sqrt[k]{|a_k|}` inside `\\( \\)`: every `\\E{X}` and root failed the build."""
    write_files(tmp_path / "old", {
        "site.hs": """import Hakyll
import Routes

main = hakyll $ do
  match "notes/**" $ do
    route $
      composeRoutes dropExtensions $
        gsubRoute "/index$" (const "/index.html")
    compile $ pandocCompilerWith (mathReaderWith defaultHakyllReaderOptions)
      defaultHakyllWriterOptions

mathReaderWith options = options
  { readerExtensions = readerExtensions options <> extensionsFromList
      [ Ext_tex_math_single_backslash, Ext_latex_macros ] }
""",
        "Routes.hs": """module Routes (dropExtensions) where
import Hakyll
import System.FilePath qualified as FilePath

dropExtensions :: Routes
dropExtensions = customRoute $ FilePath.dropExtensions . toFilePath
""",
        "notes/stats.markdown": "---\ntitle: Stats\n---\n\n"
                                "\\newcommand{\\E}[1]{\\mathrm{E}[#1]}\n\n"
                                "\\[ \\E{X} = \\sum x P(X = x) \\]\n\n"
                                "See [series](/notes/series/).\n",
        "notes/series/index.markdown": "---\ntitle: Series\n---\n\n"
                                       "If \\(\\sqrt[k]{|a_k|}\\) converges. "
                                       "[Stats](/notes/stats).\n",
    })
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    stats = page(result.output, redirect_target(result.output, "/notes/stats"))
    assert [a.get("href") for a in stats.find_all("a") if a.text() == "series"] \
        == [redirect_target(result.output, "/notes/series/")]
    assert stats.find_all("math")[-1].text().startswith("E[X]")


def test_a_folder_of_notes_whose_formulas_were_written_escaped(tmp_path: Path) -> None:
    """A folder of notes on optimisation and RL, no generator: its formulas were written
    for a Markdown that read escapes inside math first (`\\\\{x | Ax = b\\\\}`, rows ended
    `\\\\\\\\`, `\\{\\pi}` for a group, `v_{\\*}`), as its writer saw them. To TeX those
    are row breaks before braces: every one failed the build (21 on the folder). A page
    with such a formula has its math's escapes undone; a page without keeps its TeX."""
    write_files(tmp_path / "old", {
        "README.md": "# Notes\n",
        "doc/convex.md": "# Convex sets\n\n$$\nC = \\\\{ x | Ax = b \\\\} \\\\\\\\\n"
                         "D = \\\\{ x | x \\geq 0 \\\\}\n$$\n\n"
                         "Value $v_{\\*}(s) = \\mathbb{E} _ \\{\\pi}[G_t]$.\n\n"
                         "```\nkeep \\\\{ this \\\\}\n```\n",
        "doc/plain.md": "# Plain\n\n$$\n\\begin{cases} a \\\\ b \\end{cases}\n$$\n",
    })
    imported = import_site(tmp_path / "old", tmp_path / "new", "notes", False, NOW)
    convex = next((imported.dest / "content").rglob("convex.md")).read_text(encoding="utf-8")
    assert "C = \\{ x | Ax = b \\} \\\\\nD = \\{ x | x \\geq 0 \\}" in convex
    assert "$v_{*}(s) = \\mathbb{E} _ {\\pi}[G_t]$" in convex
    assert "keep \\\\{ this \\\\}" in convex  # (code is as written)
    plain = next((imported.dest / "content").rglob("plain.md")).read_text(encoding="utf-8")
    assert "\\begin{cases} a \\\\ b \\end{cases}" in plain
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


@pytest.mark.parametrize(("tex", "text"), [
    ("\\mathop{max}_ \\limits{\\pi}v_{\\pi}(s)", "max_π v_π(s)"),
    ("\\operatorname{argmax}_\\limits{a} q", "argmax_a q"),
])
def test_limits_after_the_script_of_a_made_operator(tex: str, text: str) -> None:
    """`\\mathop{max}_ \\limits{\\pi}` (`\\limits` after the `_`, which MathJax takes for
    the operator's): it was moved after a command's name only, and math-core refused
    it after `\\mathop{…}`'s script mark (4 errors on a page of RL notes)."""
    assert shown(tex) == text


def test_a_quarto_display_inside_a_paragraph(tmp_path: Path) -> None:
    """A Quarto book of statistics notes: `located at the position $$⏎\\frac{19}{2}⏎$$
    The median is then …: $$⏎…⏎$$ Thus, …` (Pandoc reads a display anywhere in a
    paragraph, pairing the `$$` in order). Lanting paired the closing `$$` with the next
    display's opening one and showed prose as TeX: a warning or an error for each (37
    warnings and 3 errors on the book's pages)."""
    write_files(tmp_path / "old", {
        "_quarto.yml": "project:\n  type: book\nbook:\n  title: Stats\n"
                       "  chapters:\n    - index.qmd\n    - median.qmd\n",
        "index.qmd": "# Preface\n\nNotes.\n",
        "median.qmd": "# Median\n\nThe median is at position $$\n\\frac{19}{2} = 9.5\n"
                      "$$ The median is the mean of two values: $$\n\\frac{40 + 44}{2} = 42\n"
                      "$$ Thus it is 42.\n\n- In a list: $$\n  a = b\n  $$ and on.\n",
    })
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []
    median = next(p for p in result.output.rglob("index.html") if "median" in str(p))
    html = median.read_text(encoding="utf-8")
    assert html.count('class="math-display"') == 3 and "$$" not in html
    assert "Thus it is 42." in html and "and on." in html


@pytest.mark.parametrize("source", ["$$ a \\\\ b $$\n", "$$\na = 1 \\\\\nb = 2\n$$\n",
                                    "\\[ a \\\\ b \\]\n"])
def test_a_row_break_in_a_display_with_no_environment(source: str) -> None:
    """`$$ a \\\\ b $$`: KaTeX, MathJax 2 and 4 show two lines (MathJax 3 one, breaking
    none): two centred rows, as the writer meant."""
    rendered = render(source)
    assert rendered.problems == ()
    assert rendered.html.count("<mtr") == 2


def test_a_figure_div_ending_with_a_subfigure() -> None:
    """`::: {#fig-v layout-ncol=1 fig-cap="…"}` of two labelled images (a Quarto book's
    random variables): the last one, ending the div, was taken for its caption, so
    `@fig-rv2` named no figure and the build failed. A lone labelled image is a
    subfigure, never the caption."""
    rendered = render("See @fig-a and @fig-b.\n\n::: {#fig-v layout-ncol=1}\n"
                      "![A.](a.png){#fig-a}\n\n![B.](b.png){#fig-b}\n:::\n")
    assert rendered.problems == ()
    assert rendered.html.count('class="subfigure"') == 2


@pytest.mark.parametrize(("tex", "text"), [
    ("\\pu{9.81 m.s^-2}", "9.81m⋅s⁻²"), ("\\pu{123 kJ / mol}", "123kJ/mol"),
    ("\\pu{5 m^{2}}", "5m²"), ("\\pu{8.314 J mol-1 K-1}", "8.314Jmol⁻¹K⁻¹"),
])
def test_mhchem_units_with_dots_powers_and_spaces(tex: str, text: str) -> None:
    """`\\pu{9.81 m.s^-2}` (a product written with a dot, a power with `^`) and `\\pu{123
    kJ / mol}` (spaces around the slash) failed the build; units apart, `J mol-1`, ran
    together with no space."""
    assert shown(tex) == text
    if "J mol-1" in tex:
        assert render(f"${tex}$\n").html.count("<mspace width") == 3  # (after the number too)

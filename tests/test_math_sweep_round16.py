"""Faults a sixteenth formula sweep of math-heavy posts and course notes found: small
pages written here, modelled on the shapes of the sites."""

from __future__ import annotations

from pathlib import Path

import pytest
from htmltree import parse_html as tree_of
from importbits import NOW, alfolio_import, jekyll_site, redirect_target
from importbits import page as built_page
from sitebits import write_files
from test_math_blog_sweep import shown
from test_math_syntax import render, tree

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site


@pytest.mark.parametrize(("tex", "text"), [
    ("\\pu{25 ^\\circ C}", "25°C"), ("\\pu{37 ^{\\circ}C}", "37°C"),
    ("\\pu{-10 ^oC}", "−10°C"), ("\\pu{90 ^\\circ}", "90°"),
    ("\\pu{2.3e-3 mol L-1}", "2.3⋅10⁻³molL⁻¹"), ("\\pu{1.5 x 10^4 Pa}", "1.5×10⁴Pa"),
    ("\\pu{6.02 \\times 10^{23} mol-1}", "6.02×10²³mol⁻¹"), ("\\pu{10^-9 m}", "10⁻⁹m"),
    ("\\pu{-1,6E-19 C}", "−1, 6×10⁻¹⁹C"), ("\\pu{+- 0.5 K}", "±0.5K"),
    ("\\pu{5 \\mu m}", "5μm"), ("\\pu{12 %}", "12%"), ("\\pu{0.05 M}", "0.05M"),
    ("\\pu{kJ mol-1}", "kJmol⁻¹"), ("\\pu{8.314 J // mol K}", "8.314J/molK"),
])
def test_mhchem_units_as_course_notes_write_them(tex: str, text: str) -> None:
    """A Jupyter Book course on environmental chemistry (MathJax's mhchem) writes its
    temperatures `\\pu{25 ^\\circ C}` and its constants `\\pu{2.3e-3 mol L-1}`: each
    failed the build ("`\\pu` reads units like `kJ*mol-1`"), dozens a chapter. mhchem
    reads a degree as a script or a character, a power of ten after `e`, `x10^` or
    `\\times 10^`, a sign, a decimal comma, TeX in a unit, and `//` as a fraction."""
    assert shown(tex) == text


def test_a_fraction_of_units_is_drawn_as_one() -> None:
    """`\\pu{J // mol K}` is mhchem's fraction of units (`/` its slash): it was a slash."""
    math = tree("$\\pu{8.314 J // mol K}$\n").one("math")
    (fraction,) = math.find_all("mfrac")
    assert [m.text() for m in fraction.find_all("mi")] == ["J", "mol", "K"]


def test_a_unit_mhchem_does_not_read_is_an_error_naming_it() -> None:
    (problem,) = render("$\\pu{3 m@s}$\n").problems
    assert "not `@s`" in problem.message and "\\mathrm" in (problem.hint or "")


@pytest.mark.parametrize(("arrow", "small", "side"), [
    ("<=>>", "↽", "munder"), ("<<=>", "⇀", "mover"),
])
def test_an_equilibrium_lying_to_one_side(arrow: str, small: str, side: str) -> None:
    """mhchem's `<=>>` (the equilibrium lies to the right: a long harpoon to the right
    over a short one to the left) and `<<=>` were drawn as `<=>`, ⇌: what the writer
    said about the equilibrium was lost. The short harpoon is drawn smaller, under (or
    over) the long one; the texts stay over and under the arrow."""
    math = tree(f"$\\ce{{A {arrow}[x][y] B}}$\n").one("math")
    (short,) = [mrow for mrow in math.find_all("mrow", scriptlevel="1")
                if mrow.text() == small]
    assert short.parent is not None and short.parent.tag == side
    assert short.parent.elements().index(short) == 1  # (the script, not the base)
    long = {"↽": "⇀", "⇀": "↽"}[small]
    assert long in short.parent.elements()[0].text()
    assert "⇌" not in math.text() and "x" in math.text() and "y" in math.text()


@pytest.mark.parametrize("source", [
    "The loss $$L = a \\\\ + b$$ falls, then.\n", "The loss $L = a \\\\ + b$ falls, then.\n",
    "The loss $L = a \\newline + b$ falls, then.\n",
])
def test_a_line_break_in_an_inline_formula_breaks_the_line(source: str) -> None:
    """kramdown's `$$…$$` inside a sentence with a `\\\\` in it (a derivation carried on
    to the next line): KaTeX breaks the paragraph's line there, as MathJax 4 does;
    math-core ran the two parts together, `L=a+b`, and nothing said so. Each part is a
    formula of its own, on its own line."""
    p = tree(source).one("p")
    spans = p.find_all("span", class_="math-inline")
    assert [span.one("math").text() for span in spans] == ["L=a", "+b"]
    assert p.elements()[1].tag == "br"  # (between the two formulas)
    assert p.text() == "The loss L=a +b falls, then."


def test_an_inline_break_beside_a_matrix_and_before_punctuation() -> None:
    """The rows of a matrix stay its own; the comma glued to the formula stays glued to
    its last line."""
    p = tree("So $x = 1 \\\\ y = \\begin{pmatrix}1\\\\2\\end{pmatrix}$, then.\n").one("p")
    first, last = p.find_all("span", class_="math-inline")
    assert first.text() == "x=1" and "nobr" in last.classes
    assert last.text().endswith(",") and len(last.find_all("mtr")) == 2


def test_a_newline_in_a_display_breaks_it_too() -> None:
    """`$$a \\newline b$$` (KaTeX's other spelling of the break) lost its break too."""
    assert len(tree("$$a \\newline b$$\n").one("math").find_all("mtr")) == 2


def test_one_ce_holding_the_rows_and_columns_of_an_align() -> None:
    """The chemistry course writes a table of reactions as one `\\ce{…}` spanning an
    `align*`, `&` and `\\\\` inside it (mhchem hands them to the environment), an
    equilibrium constant in a third column as `\\frac{[H+][F-]}{[HF]}` and arrows typed,
    `⇌`, minus signs too, `Cl−`: each display failed the build ("`\\ce` reads common
    formulae; not `&<=>`"). The rows and columns are the `align*`'s, the fraction's
    parts formulae."""
    doc = tree("$$\n\\begin{align*}\n\\ce{\nHF (aq) &<=> H+ (aq) + F− (aq) && "
               "$K_a$ = \\frac{[H+][F-]}{[HF]} \\\\\nAgCl (s) &⇌ Ag+ (aq) + Cl− (aq)\n}\n"
               "\\end{align*}\n$$\n")
    rows = doc.one("math").find_all("mtr")
    cells = [cell.text().replace(" ", "") for cell in rows[0].find_all("mtd") if cell.text()]
    assert len(rows) == 2 and cells[0] == "HF(aq)" and cells[1].startswith("⇌H")
    fraction = rows[0].one("mfrac")
    assert "H+" in fraction.text().replace(" ", "")
    assert {mi.get("mathvariant") for mi in fraction.find_all("mi")} == {"normal"}  # (upright)
    assert "Cl−(aq)" in rows[1].text().replace(" ", "")


@pytest.mark.parametrize(("tex", "text"), [
    ("\\ce{[CO2 (g)]}", "[CO₂(g)]"), ("\\ce{Pb^2+ (aq) + 2 Cl− (aq)}", "Pb²⁺(aq)+2Cl⁻(aq)"),
    ("\\pu{100 \\%}", "100%"), ("\\ce{n/2 H2O}", "n/2H₂O"), ("\\ce{Fe^n+}", "Fe^{n+}"),
    ("\\ce{CO3^2-_{(aq)}}", "CO₃²⁻_{(aq)}"),
])
def test_concentrations_typed_minus_signs_and_percent(tex: str, text: str) -> None:
    """A concentration bracketed inside `\\ce`, a minus typed as `−` (U+2212), which
    mhchem reads as `-`, and `\\pu{100 \\%}` failed the build; so did a coefficient
    and a charge of a letter, `n/2 H2O` and `Fe^n+`, and a state as a subscript,
    `CO3^2-_{(aq)}` (mhchem's manual has them)."""
    assert shown(tex) == text


@pytest.mark.parametrize(("tex", "text"), [
    ("\\ce{CO2 + C ->T[above][below] 2 CO}", "CO₂+C →_{below}^{above} 2CO"),
    ("\\ce{A ->C[H2O] B}", "A →^{H₂O} B"), ("\\ce{A ->M[x^2][\\alpha] B}", "A →_α^{x²} B"),
    ("\\ce{Zn^2+ <=>[+ 2OH-][+ 2H+] Zn(OH)2}", "Zn²⁺ ⇌_{+2H⁺}^{+2OH⁻} Zn(OH)₂"),
    ("\\ce{A ->[Pt catalyst] B}", "A →^{Pt catalyst} B"),
])
def test_an_arrow_saying_how_its_texts_are_read(tex: str, text: str) -> None:
    """mhchem's `->T[…][…]` (the texts are text), `->C[…]` (formulae) and `->M[…]`
    (math), from its manual's table of arrows that chemistry notes copy: each failed
    the build ("not `>T[above][below]`"). An arrow's texts of formulae with spaces,
    `<=>[+ 2OH-]` (hydroxide added), were set as words, `+ 2OH-`; words stay words."""
    assert shown(tex) == text


def test_a_kramdown_post_breaking_an_inline_formula(tmp_path: Path) -> None:
    """A Jekyll post of kramdown's math, `$$…$$` inside sentences, one of them carried
    to a second line with `\\\\` (its old MathJax page, with KaTeX's auto-render,
    broke the line there): imported and built, the break is a `<br>` between two
    formulas, with no warning; the display beside it is one formula of two rows."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nmarkdown: kramdown\n",
        "_posts/2020-05-01-kkt.md": "---\ntitle: KKT\n---\n\n"
                                    "The Lagrangian $$L(x, \\lambda) = f(x) \\\\ + "
                                    "\\lambda g(x)$$ is stationary at $$x^*$$.\n\n"
                                    "$$\n\\nabla f = 0 \\\\\ng \\le 0\n$$\n"})
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []
    post = built_page(result.output, redirect_target(result.output, "/2020/05/01/kkt.html"))
    p = next(p for p in post.find_all("p") if "Lagrangian" in p.text())
    assert [span.text() for span in p.find_all("span", class_="math-inline")] == [
        "L(x,λ)=f(x)", "+λg(x)", "x∗."]
    assert len(p.find_all("br")) == 1
    assert len(post.one("div", class_="math-display").find_all("mtr")) == 2


def test_an_aligned_derivation_right_under_its_sentence_is_a_display() -> None:
    """A docsify book of ML derivations (marked and MathJax): a sentence, then on the
    next line, no blank line between, `$$\\begin{aligned}` … `\\end{aligned}$$`. MathJax,
    KaTeX and Pandoc show a display; Lanting read kramdown's span math, and set the rows
    inline in the sentence's line, small, with no word (9 derivations on two of its
    chapters). One environment so delimited is a display; a formula closed mid-line
    stays inline."""
    doc = tree("Par l'étape 1 :\n$$\\begin{aligned}\na &= b \\\\\n&= c\n\\end{aligned}$$\n"
               "Ensuite, $$x$$ et\n$$\\begin{aligned}\nd &= e\n\\end{aligned}$$ encore.\n")
    first, last = doc.find_all("p")
    assert first.text() == "Par l'étape 1 :" and not first.find_all("math")
    display = doc.one("div", class_="math-display")
    assert len(display.find_all("mtr")) == 2
    assert len(last.find_all("span", class_="math-inline")) == 2  # (closed mid-line)


def test_scripts_set_beside_a_symbol_that_is_no_operator() -> None:
    """A docsify site of calculus notes (MathJax) writes a punctured neighbourhood
    `\\sideset{}{^\\circ_{-}}U(a;\\delta)`: MathJax sets any symbol so, math-core only a
    large operator ("Expected a large operator"), and the build failed. They are the
    symbol's scripts; an operator's `\\sideset` is left as it was."""
    assert shown("\\sideset{}{^\\circ_{-}}U(a;\\delta)") == "U_−°(a;δ)"
    assert shown("\\sideset{_1}{}{X}") == "₁X"
    operator = tree("$\\sideset{_a^b}{_c^d}\\sum_{i}$\n").one("math")
    assert operator.find("mmultiscripts") is not None and operator.text() == "∑cdabi"


def test_brackets_escaped_for_markdown_inside_a_formula() -> None:
    """The same notes escape brackets for marked inside `$$`, `f\\[a + \\theta h\\]`
    (marked undid the escape before MathJax saw the formula): "Unknown command `\\[`",
    the build failed. TeX has no `\\[` inside math: it is the bracket. A row break with
    its space, `\\\\[2pt]`, stays one."""
    assert shown("f\\[a + \\theta h\\](b - a)") == "f[a+θh](b−a)"
    assert len(tree("$$\na \\\\[2pt]\nb\n$$\n").one("math").find_all("mtr")) == 2


def test_distill_math_elements_of_an_alfolio_post(tmp_path: Path) -> None:
    """A Kalman filter post in al-folio's distill layout writes Distill's math element,
    `<d-math>X_t</d-math>` in its sentences and `<d-math block>` around an `aligned`
    derivation (KaTeX typeset them): they reached the page as TeX, with a "TeX left in
    the page" warning each. They are formulas now, inline and display."""
    post = ("---\nlayout: distill\ntitle: Kalman\ndescription: x\n---\n\n"
            "The state <d-math>X_{t+1} = AX_t + W_t</d-math> evolves, with "
            "<d-math>W_t \\sim \\mathcal{N}(0, Q)</d-math>.\n\n"
            "<d-math block>\n\\begin{aligned}\n\\hat X_{t+1} &= A \\hat X_t \\\\\n"
            "P_{t+1} &= A P_t A^\\top + Q\n\\end{aligned}\n</d-math>\n")
    imported = alfolio_import(tmp_path, {"_posts/2023-04-01-kalman.md": post},
                              "title: Lab\nfirst_name: A\nlast_name: B\nlang: en\n",
                              "---\nlayout: about\ntitle: about\npermalink: /\n---\n\nHi.\n")
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []
    html = next(p for p in result.output.rglob("index.html") if "kalman" in str(p))
    doc = built_page(result.output, "/" + str(html.parent.relative_to(result.output)) + "/")
    assert "d-math" not in html.read_text(encoding="utf-8")
    assert [m.text() for m in doc.find_all("span", class_="math-inline")] == [
        "Xt+1=AXt+Wt", "Wt∼𝒩︀(0,Q)."]  # (the full stop glued to it)
    assert len(doc.one("div", class_="math-display").find_all("mtr")) == 2


def test_a_label_in_an_inline_formula_is_left_out_with_a_warning() -> None:
    """A Jekyll post's list of what MathJax can do, `* Label equations: $$ \\sigma(x) =
    \\frac{1}{1+\\exp(-x)} \\label{sigmoid} $$` (kramdown's inline math, which MathJax 2
    drew, numbering nothing): math-core refused the `\\label` and the build failed on a
    formula the site showed. The formula is drawn, the label left out, a warning at its
    line says so; a reference to it is still an error."""
    rendered = render("Intro.\n\n* Label: $$ \\sigma(x) = \\frac{1}{1+e^{-x}} "
                      "\\label{sigmoid} $$\n")
    [problem] = rendered.problems
    assert (problem.severity, problem.line) == ("warning", 3)
    assert "`\\label{sigmoid}`" in problem.message and "left out" in problem.message
    assert tree_of(rendered.html).one("li").one("math").text().startswith("σ(x)=")
    referenced = render("$a \\label{x}$ and \\eqref{x}.\n").problems
    assert [p.severity for p in referenced] == ["warning", "error"]


def test_an_mkdocs_page_of_typst_math_is_named(tmp_path: Path) -> None:
    """An MkDocs site of course summaries draws one page's formulas from Typst with a
    hook of its own (`math: typst` in its front matter): read as TeX, four failed the
    build and the rest, `$abs(f)^p$`, were drawn as other formulas without a word (the
    report only named `math` among the keys left out). The import warns at that key."""
    write_files(tmp_path / "old", {
        "mkdocs.yml": "site_name: Notes\nmarkdown_extensions:\n  - pymdownx.arithmatex:\n"
                      "      generic: true\n",
        "docs/index.md": "# Notes\n\n$x^2$\n",
        "docs/analysis.md": "---\nmath: typst\n---\n\n# Analysis\n\n$abs(f)^p$\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", "mkdocs", False, NOW)
    [warning] = [w for w in imported.report.warnings if w.path == "docs/analysis.md"]
    assert warning.line == 2 and "`math: typst`" in warning.message
    assert not [w for w in imported.report.warnings if w.path == "docs/index.md"]

"""Faults a seventh formula sweep of math-heavy blogs found (plain TeX's boxes and
numbered rows, amsmath's `xalignat`, empheq, mathtools' `multlined`, which MathJax
reads and math-core lacks; a heading's control character in a title): pages and small
sites written here."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from importbits import jekyll_site, page
from test_math_syntax import render

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.markdown.tex_multirow import split_top


def test_raise_and_lower_move_their_box() -> None:
    """`\\raise 2pt \\hbox{…}`, `\\lower{3pt}{…}`, `\\raise.5ex\\hbox{$…$}`: MathJax reads
    plain TeX's boxes moved up or down (old notes set a small index so); each was an
    unknown command and failed the build."""
    rendered = render("指标 $a\\raise 2pt \\hbox{b} c \\lower{3pt}{d}"
                      " \\raise.5ex\\hbox{$\\scriptstyle 1$} e$ 如上\n")
    assert rendered.problems == ()
    moved = parse_html(rendered.html).find_all("mpadded")
    assert [m.get("voffset") for m in moved] == ["2pt", "-3pt", "0.5ex"]
    assert [m.text() for m in moved] == ["b", "d", "1"]


def test_xalignat_rows_are_numbered_pairs() -> None:
    """amsmath's `xalignat{2}` (two equations side by side on each row, each row
    numbered; MathJax has it, KaTeX not) was an unknown environment."""
    rendered = render("$$\n\\begin{xalignat}{2}\nu &= v & p &= q \\\\\nr &= s & t &= w\n"
                      "\\end{xalignat}\n$$\n\n$$\n\\begin{xxalignat}{2}\na &= b & c &= d\n"
                      "\\end{xxalignat}\n$$\n")
    assert rendered.problems == ()
    first, second = parse_html(rendered.html).find_all("math")
    assert first.text().replace(" ", "") == "u=vp=q(1)r=st=w(2)"
    assert second.text().replace(" ", "") == "a=bc=d"


def test_empheq_puts_one_delimiter_before_its_rows() -> None:
    """empheq's `\\begin{empheq}[left=\\empheqlbrace]{align}` (a system of equations
    with one brace before its rows, as MathJax's empheq draws it) was an unknown
    environment. The rows stand aligned after the brace, each numbered (as MathJax
    numbers them), its `\\label` a reference; `alignat=2` and `box=\\fbox` are read
    too."""
    rendered = render("$$\n\\begin{empheq}[left={\\Phi=\\empheqlbrace}]{alignat=2}\n"
                      "\\nabla\\cdot E &= \\rho \\label{eq:field} \\\\\n"
                      "\\nabla\\cdot B &= 0\n\\end{empheq}\n$$\n\n"
                      "$$\n\\begin{empheq}[box=\\fbox]{align*}\nm &= n\n\\end{empheq}\n$$\n\n"
                      "见 \\eqref{eq:field}。\n")
    assert rendered.problems == ()
    doc = parse_html(rendered.html)
    system, boxed = doc.find_all("math")
    assert [mo.text() for mo in system.find_all("mo")][:2] == ["=", "{"]
    assert system.text().replace(" ", "").replace("\u2063", "").endswith("B=0(2)")
    assert boxed.one("menclose").get("notation") == "box"
    assert doc.one("a", class_="eqref").text() == "(1)"


def test_multlined_lines_are_rows() -> None:
    """mathtools' `multlined` (a long sum broken over lines inside a numbered equation;
    MathJax has it, KaTeX not) was an unknown environment: its lines are rows, the
    first at the left, the rest indented; `[t]` and a width are dropped."""
    rendered = render("$$\n\\begin{equation}\n\\begin{multlined}[t][8cm]\n"
                      "\\mathcal{L} = \\ell_0(\\theta) + \\ell_1(\\theta) \\\\\n"
                      "+ \\lambda \\lVert \\theta \\rVert^2 \\\\\n\\end{multlined}\n"
                      "\\end{equation}\n$$\n")
    assert rendered.problems == ()
    rows = parse_html(rendered.html).one("math").find_all("mtr")
    assert len(rows) == 3  # (the equation's row, its two lines)
    assert rows[0].text().replace(" ", "").endswith("(1)")
    assert rows[2].one("mspace").get("width") == "2em"


def test_eqalignno_rows_carry_their_tags() -> None:
    """Plain TeX's `\\eqalignno{… & (1) \\cr …}` (rows numbered in a third column, as
    old lecture notes wrote them for MathJax) was an unknown command; each row's tag
    is its number at the right."""
    rendered = render("$$\n\\eqalignno{f(x) &= x^2 & (1.1) \\cr g(x) &= 2x & (1.2) \\cr}\n$$\n"
                      "\n行内 $\\eqalignno{a &= b & (\\ast)}$ 亦可\n")
    assert rendered.problems == ()
    display, inline = parse_html(rendered.html).find_all("math")
    assert display.text().replace(" ", "") == "f(x)=x2(1.1)g(x)=2x(1.2)"
    assert inline.text().replace(" ", "") == "a=b(∗)"


def test_rows_split_outside_braces_and_inner_environments() -> None:
    assert split_top("a \\\\ {b \\\\ c} \\cr \\begin{cases} d \\\\ e \\end{cases}",
                     frozenset({"\\\\", "\\cr"})) == [
        "a ", " {b \\\\ c} ", " \\begin{cases} d \\\\ e \\end{cases}"]


def _texts(markdown: str) -> list[str]:
    rendered = render(markdown)
    assert rendered.problems == ()
    return [m.text().replace(" ", "").replace("\u2063", "").replace("\u2061", "")
            for m in parse_html(rendered.html).find_all("math")]


def test_mathtools_commands_mathjax_reads_are_drawn() -> None:
    """mathtools' `lgathered`, `spreadlines`, `dcases*`, `\\splitfrac`, `\\adjustlimits`,
    `\\smashoperator`, `\\MoveEqLeft` (MathJax's mathtools extension has them, KaTeX
    not): each was an unknown command or environment and failed the build."""
    texts = _texts(
        "$$\n\\begin{spreadlines}{0.5em}\n\\begin{lgathered} u \\\\ vw \\end{lgathered}\n"
        "\\end{spreadlines}\n$$\n\n"
        "$$\n\\begin{dcases*} 1 & 若 $x>0$ \\\\ 0 & 其他 \\end{dcases*}\n$$\n\n"
        "$$\n\\splitfrac{a+b}{c+d} + \\adjustlimits\\lim_{n} \\sup_{k} x"
        " + \\smashoperator[r]{\\sum_{i=1}^{n}} y_i\n$$\n\n"
        "$$\n\\begin{align*}\n\\MoveEqLeft[3] p(x, y) \\\\\n&= p(x) p(y)\n\\end{align*}\n$$\n")
    assert texts == ["uvw", "{1若x>00其他", "a+bc+d+limnsupkx+∑i=1nyi", "p(x,y)=p(x)p(y)"]


def test_intertext_is_a_row_of_text_between_the_equations() -> None:
    """amsmath's `\\intertext{…}` (prose between the rows of one `align`, MathJax draws
    it) was an unknown command; it is an unnumbered row of its text."""
    assert _texts("$$\n\\begin{align}\na &= b \\\\\n\\intertext{因此}\nc &= d\n"
                  "\\end{align}\n$$\n") == ["a=b(1)因此c=d(2)"]


def test_numcases_is_a_numbered_piecewise_definition() -> None:
    """The cases package's `numcases` (MathJax's cases extension; a piecewise
    definition, each row numbered) was an unknown environment: the left side and a
    brace before its rows, a condition with a `$` as text, its label a link."""
    rendered = render("$$\n\\begin{numcases}{f(x)=}\n1, & $x>0$ \\label{eq:step} \\\\\n"
                      "0, & x \\le 0\n\\end{numcases}\n$$\n\n见式 \\eqref{eq:step}。\n")
    assert rendered.problems == ()
    doc = parse_html(rendered.html)
    assert doc.one("math").text().replace(" ", "").replace("\u2063", "").endswith(
        "1,x>0(1)0,x≤0(2)")
    assert doc.one("a", class_="eqref").text() == "(1)"


def test_a_control_character_in_a_heading_title_is_dropped(tmp_path: Path) -> None:
    """A GitHub Pages site titles a page without front matter by its first heading;
    one heading held a backspace pasted before its text (`## \\b参考文章`), invisible on
    the old site. The title went into the menu of `lanting.toml` with it, and the build
    refused the settings; the character is dropped."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 笔记\n",
        "index.md": "---\nlayout: home\n---\n\n首页\n",
        "ml/evaluation.md": "## \b参考文章\n\n* 交叉验证与 $k$ 折\n",
    })
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert "\b" not in (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert page(out, "/evaluation/").one("h1").text() == "参考文章"


def test_a_macro_name_defined_without_its_backslash() -> None:
    """`\\newcommand{tr}{…}` (the name in braces without its backslash, as a blog on
    optimisers wrote it before using `\\tr`): MathJax takes the name so; Lanting
    failed the formula with "Expected the name of a command", and every later `\\tr`
    of the page with it."""
    assert _texts("$$\n\\newcommand{tr}{\\mathop{\\text{tr}}}\\tr(AB) = \\tr(BA)\n$$\n\n"
                  "于是 $\\DeclareMathOperator{sgn}{sgn}\\sgn(x)$ 与 $\\tr(C)$\n") == [
        "tr(AB)=tr(BA)", "sgn(x)", "tr(C)"]


def test_mhchem_lists_of_formulae() -> None:
    """`\\ce{Si,Ge,InGaAs}` and `\\ce{GaAs/InP}` (materials listed in notes on
    semiconductors; mhchem sets each formula with the comma or slash between them):
    Lanting's mhchem refused the comma and the slash, and the build failed."""
    assert _texts("如 $\\ce{Si,Ge,InGaAs}$ 与 $\\ce{GaAs/InP}$ 及 $\\ce{1/2O2 + H2 -> H2O}$\n") \
        == ["Si,Ge,InGaAs", "GaAs/InP", "12O2+H2→H2O"]


def test_an_environment_closed_before_a_hard_line_break() -> None:
    """`\\end{equation}\\` with prose on the next line (posts converted from HTML wrote
    the line break after each display as Markdown's hard break): MathJax ends the
    formula at its `\\end`. The display ran on into the prose, and the next `$…$`
    failed the build with "Unexpected `$`"; a one-line one stayed TeX."""
    texts = _texts("展开 $x$：\n\\begin{equation}\\begin{aligned}u =&\\, v \\\\\n=&\\, w\n"
                   "\\end{aligned}\\end{equation}\\\n作为损失的 $l$ 是光滑的。\n\n"
                   "又有\n\\begin{equation}p = q\\end{equation}\\\n其中 $q$ 已知。\n")
    assert texts == ["x", "u=v=w(1)", "l", "p=q(2)", "q"]


def test_an_aligned_beside_a_ruled_array_converts() -> None:
    """An `aligned` without rules in a formula that also holds an array's `\\hline`:
    the rule that turns ruled `aligned` rows into an array gave the unruled one back
    as it was, found it again, and the build hung."""
    assert _texts("$$\n\\begin{aligned} a &= b \\end{aligned} \\quad\n"
                  "\\begin{array}{c} x \\\\ \\hline y \\end{array}\n$$\n") == ["a=bxy"]


def test_a_rule_after_a_control_space_is_drawn() -> None:
    """`a & b \\\\\\` then `\\hline\\` (each line ending in a hard break's backslash, as
    pages converted from HTML write an array): MathJax draws the rule under the row;
    math-core refused an `\\hline` after the control space and failed the build."""
    rendered = render("$$\n\\begin{array}{c|c}\na & b \\\\\\\n\\hline\\\nc & d\n"
                      "\\end{array}\n$$\n")
    assert rendered.problems == ()
    second = parse_html(rendered.html).find_all("mtr")[1]
    assert all("border-top" in (cell.get("style") or "") for cell in second.find_all("mtd"))


def test_pixels_in_a_length_are_points() -> None:
    """`\\hspace{5px}` (a tokenization notebook's set builder): MathJax reads a pixel as
    a point wherever a length goes; math-core wanted a TeX unit and failed the build.
    `px` that is words, `\\text{16px}`, stays."""
    rendered = render("$$I \\subseteq \\{ i \\hspace{5px} | \\kern3px i \\le n \\}"
                      "\\text{ at 16px}$$\n")
    assert rendered.problems == ()
    math = parse_html(rendered.html).one("math")
    # (math-core writes a point as a tenth of an em, as MathJax reads it)
    assert [s.get("width") for s in math.find_all("mspace")][:2] == ["0.5rem", "0.3rem"]
    assert "16px" in math.text()


def test_a_length_in_px_is_a_length() -> None:
    """`\\hspace{4px}` and `\\kern2px` (an OS course's notes; KaTeX and MathJax read
    pdfTeX's `px`, a big point): math-core has no `px`, and the build failed ("Expected
    length with units"). Where no length goes, `2px` is a product, as it was. (A pixel
    is a point, as MathJax reads it: KaTeX's big point differs by a third of a percent.)"""
    rendered = render("页号 $P = (int) \\hspace{4px} A / L$，$a\\kern2px b$，"
                      "$(px^2)' = 2px$\n")
    assert rendered.problems == ()
    page = parse_html(rendered.html)
    assert [s.get("width") for s in page.find_all("mspace")] == ["0.4rem", "0.2rem"]
    assert "2px" not in rendered.html and "<mn>2</mn><mi>p</mi>" in rendered.html

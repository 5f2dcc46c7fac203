"""`mathml_text`: a formula's MathML as readable Unicode, for summaries, the feed,
OpenGraph descriptions, heading ids and the search index."""

from __future__ import annotations

from pathlib import Path

import pytest

from lanting.markdown.math_formula import to_mathml
from lanting.markdown.mathtext import mathml_text


@pytest.mark.parametrize(("latex", "text"), [
    (r"\pi_\theta(a\mid s)", "π_θ(a ∣ s)"),
    (r"\sum_{t=0}^T \gamma^t r_t", "∑_{t=0}^T γ^t r_t"),
    (r"\frac{a+b}{2}", "(a+b)/2"),
    (r"\frac{\partial L}{\partial w}", "∂L/∂w"),
    (r"\frac{(a)+(b)}{2}", "((a)+(b))/2"),
    (r"O(n^2 d)", "O(n²d)"),
    (r"x_{t+1}", "x_{t+1}"),
    (r"a_1,\dots,a_n", "a₁, …, a_n"),
    (r"\hat{g}", "ĝ"),
    (r"\tilde{x}_t", "x̃_t"),
    (r"\overline{AB}", "A̅B̅"),
    (r"\sqrt{x^2+1}", "√(x²+1)"),
    (r"\sqrt[3]{x}", "∛x"),
    (r"\nabla_\theta J(\theta)", "∇_θ J(θ)"),
    (r"\sin x + \log(x)", "sin x+log(x)"),
    (r"\mathcal{L}_{\text{CE}}", "ℒ_{CE}"),
    (r"\mathbb{E}_{x\sim p}[\log p(x)]", "𝔼_{x∼p}[log p(x)]"),
    (r"\begin{pmatrix}1&2\\3&4\end{pmatrix}", "(1 2; 3 4)"),
    (r"\lim_{n\to\infty} a_n", "lim_{n→∞} a_n"),
    (r"\|x\|_2", "‖x‖₂"),
    (r"x^{\prime}", "x′"),
])
def test_formulas_read_as_unicode(latex: str, text: str) -> None:
    assert mathml_text(to_mathml(latex, False)) == text


def test_equation_numbers_are_left_out() -> None:
    mathml = to_mathml(r"\begin{equation}E = mc^2\end{equation}", True)
    assert "(1)" in mathml and mathml_text(mathml) == "E = mc²"


def test_text_is_unescaped_and_never_markup() -> None:
    assert mathml_text(to_mathml(r"a < b \text{ & } c", False)) == "a < b & c"


def test_it_is_memoized() -> None:
    formulas = [to_mathml(rf"\sum_{{i=1}}^{{{n}}} \frac{{x_i^2}}{{\sigma_{n}}}", True)
                for n in range(200)]
    mathml_text.cache_clear()
    for _ in range(10):
        for mathml in formulas:
            mathml_text(mathml)
    assert mathml_text.cache_info().hits == 9 * len(formulas)


@pytest.mark.parametrize(("mathml", "text"), [
    # Spaces between elements are layout; inside a leaf they are its text.
    ("<math>\n  <mi>x</mi>\n  <mtext> if </mtext>\n  <mi>y</mi>\n</math>", "x if y"),
    ('<math><mrow><mi mathvariant="normal">x</mi> <mi>y</mi></mrow></math>', "xy"),
    # Entities are text; an operator's entity is still the operator.
    ("<math><mi>a</mi><mo>&lt;</mo><mi>b</mi></math>", "a < b"),
    ("<math><mi>f</mi><mo>&#x2061;</mo><mi>x</mi></math>", "f x"),
    # A leaf holding an element, an empty leaf, an empty element.
    ("<math><mtext>a<mi>b</mi></mtext><mi></mi><mspace width=\"1em\"/><mi>c</mi></math>",
     "ab c"),
    # Unclosed elements close with the element around them; a stray closing tag is ignored.
    ("<math><msub><mi>x</mi><mrow><mi>t</mi></msub><mo>+</mo><mi>b</math>", "x_t+b"),
    ("<math><mi>a</mi></mrow><mo>+</mo></mi><mi>b</mi></math>", "a+b"),
    ("<math><mfrac><mi>a</mi><mi>b</mi>", "a/b"),
    # A table's rows, and a cell's text outside any element.
    ("<math><mtable><mtr><mtd><mi>a</mi></mtd>c<mtd><mi>b</mi></mtd></mtr>"
     "<mtr><mtd><mn>1</mn></mtd></mtr></mtable></math>", "a c b; 1"),
])
def test_any_markup_reads_as_it_nests(mathml: str, text: str) -> None:
    """Hand-written and broken MathML (pasted into a post as HTML) reads as its elements
    nest: what the parse of each shape gives."""
    assert mathml_text(mathml) == text


def test_plain_tex_font_switches_in_text_are_its_text_commands() -> None:
    """`\\text{run {\\bf on one GPU}}` (KaTeX shows it bold) was "not valid in text mode",
    failing a real Jupyter Book's build: `{\\bf x}` is `\\textbf{x}`, and a bare switch
    sets the rest of its text."""
    from htmltree import parse_html

    from lanting.markdown.render import render_markdown
    from lanting.model.markdown import MarkdownOptions, RenderContext

    context = RenderContext(path=Path("/site/content/posts/a.md"), rel="posts/a.md",
                            body_line=1, base_path="/")
    rendered = render_markdown("$$\\text{run {\\bf on one GPU} and \\it the rest}$$\n",
                               context, MarkdownOptions())
    assert not rendered.problems
    math = parse_html(rendered.html).one("math")
    assert [b.text() for b in math.find_all("b")] == ["on one GPU"]
    assert [i.text() for i in math.find_all("i")] == ["the rest"]


@pytest.mark.parametrize(("tex", "shown"), [
    (r"\Theta(\text{#subproblems} \times \text{time per subproblem})", "#subproblems"),
    (r"\text{50% of the GPUs}", "50% of the GPUs"),
    (r"\text{x^2 or a\^{}b}", "x\u02c62 or a\u02c6b"),
    (r"\text{a_b & c}", "a_b & c"),
    (r"\newcommand{\T}[1]{\text{#1 steps}} \T{10}", "10 steps"),
    (r"a \quad \text{by &#40;4&#41;}", "by &#40;4&#41;"),
])
def test_characters_tex_reserves_show_as_written_in_text(tex: str, shown: str) -> None:
    """MathJax shows `\\text{#subproblems}` and `\\text{50% of}` as written; math-core
    read `#` as a parameter ("Invalid parameter number"), `%` as a comment, `^` as
    "not valid in text mode", and `\\^{}` as the accent on the next letter, failing a
    real MkDocs notes site's build. A macro's `#1` is still its parameter."""
    from htmltree import parse_html

    from lanting.markdown.render import render_markdown
    from lanting.model.markdown import MarkdownOptions, RenderContext

    context = RenderContext(path=Path("/site/content/posts/a.md"), rel="posts/a.md",
                            body_line=1, base_path="/")
    rendered = render_markdown(f"$${tex}$$\n", context, MarkdownOptions())
    assert not rendered.problems
    texts = [t.text() for t in parse_html(rendered.html).one("math").find_all("mtext")]
    assert shown in texts


@pytest.mark.parametrize(("plain", "amsmath"), [
    (r"\pmatrix{\hat t_1 \\ \vdots}", r"\begin{pmatrix}\hat t_1 \\ \vdots\end{pmatrix}"),
    (r"\matrix{a & b \cr c & d}", r"\begin{matrix}a & b \\ c & d\end{matrix}"),
    (r"f = \cases{1 & x>0 \cr 0 & x \le 0}",
     r"f = \begin{cases}1 & x>0 \\ 0 & x \le 0\end{cases}"),
    (r"\eqalign{L &= -\log p \cr &= \frac12 x^2}",
     r"\begin{aligned}L &= -\log p \\ &= \frac12 x^2\end{aligned}"),
    (r"\eqalign{& \min_x f(x) \\ & s.t. \eqalign{& g(x) \le 0 \\ & h(x) = 0}}",
     r"\begin{aligned}& \min_x f(x) \\ & s.t. \begin{aligned}& g(x) \le 0 \\ & h(x) = 0"
     r"\end{aligned}\end{aligned}"),
    (r"{1 \over \root \of {2\pi\sigma}}", r"{1 \over \sqrt{2\pi\sigma}}"),
    (r"\root 3 \of x + \root n+1 \of {y_i}", r"\sqrt[3]{x} + \sqrt[n+1]{y_i}"),
])
def test_plain_tex_matrices_are_their_environments(plain: str, amsmath: str) -> None:
    """`\\pmatrix{…}` (plain TeX's, which MathJax reads: a real Quarto post's observed
    effects) was "Unknown command", failing the build; so were `\\eqalign{…}` and
    `\\root n \\of x`, in every derivation of a Jekyll ML blog."""
    assert to_mathml(plain, True) == to_mathml(amsmath, True)


def test_an_lvert_no_rvert_closes_is_a_bar() -> None:
    """`p(z \\lvert x)`, a Jekyll ML blog's conditional (MathJax draws a bar): each
    `\\lvert` opened a fence nothing closed, and a display with 17 of them was refused
    as too slow to convert ("leaves 18 brackets unclosed"), failing the build."""
    terms = " + ".join(rf"\log p(z_{{{i}}} \lvert x)" for i in range(17))
    assert to_mathml(terms, True).count(">|</mo>") == 17
    assert to_mathml(r"p(z \lvert x)", False) == to_mathml(r"p(z \vert x)", False)
    # (a pair is a pair still: an absolute value's fences)
    assert 'form="prefix">|' in to_mathml(r"\lvert x \rvert", False)

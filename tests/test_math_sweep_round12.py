"""Faults a twelfth formula sweep of math-heavy blogs and notes found: small pages and
sites written here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from htmltree import parse_html
from importbits import jekyll_site
from test_import_hexo_sites import hexo_site
from test_import_hugo_sites import imported_site
from test_math_syntax import CONTEXT

from lanting.build import build
from lanting.build.options import BuildOptions, BuildResult
from lanting.errors import LantingError
from lanting.importer.rst_markdown import read_rst
from lanting.markdown.render import render_markdown
from lanting.model.markdown import MarkdownOptions


def _render(text: str, equation_numbers: str = "ams") -> tuple[str, tuple[str, ...]]:
    context = replace(CONTEXT, equation_numbers=equation_numbers)
    rendered = render_markdown(text, context, MarkdownOptions())
    return rendered.html, tuple(p.message for p in rendered.problems)


@pytest.mark.parametrize("rows", ["array}{l", "aligned", "cases", "matrix"])
def test_a_tag_in_rows_inside_an_equation_numbers_it(rows: str) -> None:
    """`\\begin{equation}\\begin{array}{l} a \\tag{3} \\end{array}\\end{equation}` (a
    Typora note's piecewise definition): MathJax tags the equation with it, math-core
    refused a tag inside the rows and the formula failed the build. The tag and a label
    beside it are the equation's."""
    env = rows.split("}")[0]
    html, problems = _render(f"\\begin{{equation}}\\left\\{{\\begin{{{rows}}} a \\\\ b "
                             f"\\tag{{3}}\\label{{q}} \\end{{{env}}}\\right.\\end{{equation}}"
                             "\n\nBy \\eqref{q}.\n")
    assert problems == ()
    tree = parse_html(html)
    assert [t.text() for t in tree.find_all("mtext")] == ["(3)"]
    assert tree.one("a", class_="eqref").text() == "(3)"


def test_a_label_in_rows_inside_an_equation_numbers_it() -> None:
    """A `\\label` alone inside the rows of an `equation` labels its number."""
    html, problems = _render("\\begin{equation}\\begin{array}{l} a \\\\ b\\label{q} "
                             "\\end{array}\\end{equation}\n\nBy \\eqref{q}.\n")
    assert problems == ()
    assert parse_html(html).one("a", class_="eqref").text() == "(1)"


def test_mathop_of_one_token_takes_limits() -> None:
    """`\\mathop a \\limits_{i=1}^{n}`, `a \\mathop = \\limits_{i}` (a cheat sheet's): TeX's
    argument without braces is one token; math-core took `\\limits` after `\\mathop a`
    for a misplaced one and the formula failed the build."""
    html, problems = _render("$$\n\\mathop a \\limits _{i=1}^{34} x\n$$\n\n"
                             "$$\na \\mathop = \\limits _{i=1}^{n} b\n$$\n")
    assert problems == ()
    assert len(parse_html(html).find_all("munderover")) == 2


@pytest.mark.parametrize("tag", ["\\textbf{\\textsc{Lsc}}", "\\textsc{Lsc}"])
def test_a_tag_of_nested_commands_is_drawn(tag: str) -> None:
    """`\\tag{\\textbf{\\textsc{Lsc}}}`: a tag's braces were read one level deep, the tag
    went to math-core as written, and the formula failed the build. Its text is drawn,
    in a display and in kramdown's inline `$$…$$` alike."""
    html, problems = _render(f"$$\nx \\tag{{{tag}}}\\label{{e}}\n$$\n\nSee \\eqref{{e}}, "
                             f"and $$y \\tag{{{tag}}}$$ inline.\n")
    assert problems == ()
    tree = parse_html(html)
    assert tree.one("a", class_="eqref").text() == "(Lsc)"
    assert "Lsc" in tree.find_all("span", class_="math-inline")[0].text()


def test_every_display_numbered_when_the_site_says_all() -> None:
    """`[markdown] equation_numbers = "all"` (MathJax's `tags: 'all'`): a plain `$$x$$`
    and an `aligned` display get a number each; a starred environment, `\\notag` and a
    formula of only definitions do not; an `align` numbers its rows as before."""
    text = ("$$\nx = 1\n$$\n\n$$\n\\begin{aligned} a &= b \\\\ c &= d \\end{aligned}\n$$\n\n"
            "$$\n\\begin{align*} e &= f \\end{align*}\n$$\n\n$$\ng \\notag\n$$\n\n"
            "$$\n\\newcommand{\\R}{\\mathbb{R}}\n$$\n\n"
            "\\begin{align}\nh &= i \\\\\nj &= k\n\\end{align}\n\nInline $y$ too.\n")
    html, problems = _render(text, "all")
    assert problems == ()
    numbers = [t.text() for t in parse_html(html).find_all("mtext")]
    assert numbers == ["(1)", "(2)", "(3)", "(4)"]
    assert [t.text() for t in parse_html(_render(text)[0]).find_all("mtext")] == [
        "(1)", "(2)"]


MATHJAX3 = """<script>
  MathJax = {
    tex: {
      inlineMath: [['$', '$']],
      tags: 'all'
    }
  };
</script>
<script src="https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-chtml.js"></script>
"""
MATHJAX2 = """<script type="text/x-mathjax-config">
MathJax.Hub.Config({
  // TeX: { equationNumbers: { autoNumber: "AMS" } },
  TeX: { equationNumbers: { autoNumber: "all" } }
});
</script>
"""


@pytest.mark.parametrize("setup", [MATHJAX3, MATHJAX2])
def test_a_jekyll_site_numbering_every_display(tmp_path: Path, setup: str) -> None:
    """A Jekyll site whose MathJax numbers every display (`tags: 'all'`, MathJax 2's
    `autoNumber: "all"`): its `$$x$$` showed a number on the old site and none in
    Lanting, and the `\\eqref` to its `\\label` read (1) for the wrong formula. The
    import writes `equation_numbers = "all"`."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nmarkdown: kramdown\n",
        "_includes/mathjax.html": setup,
        "_posts/2024-03-01-loss.md": "---\ntitle: Loss\n---\n\nThe loss\n\n"
        "$$\nL = \\sum_i \\ell_i\n$$\n\nand its gradient\n\n$$\n\\nabla L = 0\n$$\n"})
    config = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert 'equation_numbers = "all"' in config
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []
    page = parse_html((result.output / "posts/loss/index.html").read_text(encoding="utf-8"))
    assert [t.text() for t in page.find_all("mtext")] == ["(1)", "(2)"]


def test_a_commented_numbering_is_not_the_sites(tmp_path: Path) -> None:
    """A setup with `tags: 'all'` commented out, or `tags: 'ams'`, numbers as before."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\n",
        "_includes/head.html": MATHJAX3.replace("tags: 'all'", "// tags: 'all'"),
        "_layouts/post.html": "<script>MathJax = {tex: {tags: 'ams'}};</script>\n",
        "_posts/2024-03-01-loss.md": "---\ntitle: Loss\n---\n\n$$\nx\n$$\n"})
    assert "equation_numbers" not in (imported.dest / "lanting.toml").read_text(
        encoding="utf-8")


def test_an_unknown_numbering_is_a_config_error(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """`equation_numbers` takes MathJax's `ams` or `all`: another value is an error at
    its line, with a hint."""
    site = make_site({"lanting.toml": 'title = "T"\n[markdown]\nequation_numbers = "al"\n'})
    with pytest.raises(LantingError) as info:
        build_site(site)
    problem = info.value.problems[0]
    assert (problem.line, problem.message) == (
        3, "markdown.equation_numbers: expected `ams` or `all`, not `al`")
    assert "all" in str(problem.hint)


def test_tex_beside_the_formula_it_draws_is_shown_on_purpose() -> None:
    """A cheat sheet's `$\\alpha$: \\alpha` (the symbol, then what to type for it): the
    TeX after the formula drawing it was "TeX left in the page", 99 warnings on a Typora
    folder of such tables. TeX a formula of its line holds is the writer's; TeX no
    formula beside it holds (`\\beta`) is still reported."""
    _, problems = _render("$\\alpha$:\t\\alpha\n\n$\\frac{a}{b}$ 写作 \\frac{a}{b}\n\n"
                          "$\\gamma$: \\beta\n")
    assert problems == ("TeX left in the page: `\\beta`",)


def test_chinese_in_a_script_of_a_spaced_formula_is_math() -> None:
    """`$ v_{质} = dy/dt $` (a physics note's velocity of a particle, labelled in Chinese
    in its subscript): a spaced formula holding Chinese was read as prose unless it had
    a command, and was shown as TeX with no warning. Chinese in a script's braces is a
    label, as `\\text`'s is; Chinese prose between dollars stays text."""
    html, problems = _render("速度 $ v_{质} = dy/dt $，拍频 $ f_{拍} = |f_2 - f_1| $。\n\n"
                             "价格 $ 5 元 $ 和 $ 涨到 $。\n")
    assert problems == ()
    tree = parse_html(html)
    assert len(tree.find_all("math")) == 2
    assert "$ 5 元 $" in tree.find_all("p")[1].text()


@pytest.mark.parametrize("kind", ["hugo", "hexo"])
def test_a_hugo_or_hexo_site_numbering_every_display(tmp_path: Path, kind: str) -> None:
    """The same setup in a Hugo partial or a Hexo theme's layout."""
    post = "---\ntitle: Loss\ndate: 2024-03-01\n---\n\n$$\nL = 0\n$$\n"
    if kind == "hugo":
        imported = imported_site(tmp_path, {
            "config.toml": 'title = "Notes"\nlanguageCode = "en"\n',
            "layouts/partials/math.html": MATHJAX3, "content/post/loss.md": post})
    else:
        imported = hexo_site(tmp_path, {
            "_config.yml": "title: Notes\ntheme: plain\n",
            "themes/plain/layout/_partial/mathjax.ejs": MATHJAX2,
            "source/_posts/loss.md": post})
    config = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert 'equation_numbers = "all"' in config


def test_a_display_holding_an_algorithm_is_drawn_as_one() -> None:
    """Sphinx's `.. math:: :nowrap:` around `\\begin{algorithm}` (RL notes whose imgmath
    ran LaTeX with the algorithmic package), imported as MyST's `{math}`, and a `$$`
    display of one: no MathJax or KaTeX draws an algorithm, and math-core failed the
    build ("Unknown environment"). It is an algorithm, numbered, its label referable."""
    html, problems = _render(
        "```{math}\n:nowrap:\n\n\\begin{algorithm}[H]\n\\caption{SAC}\n\\label{alg1}\n"
        "\\begin{algorithmic}[1]\n\\STATE Observe $s$\n\\end{algorithmic}\n"
        "\\end{algorithm}\n```\n\nSee \\ref{alg1}.\n\n$$\n\\begin{algorithm}\n"
        "\\caption{B}\n\\begin{algorithmic}\n\\STATE $x \\gets 1$\n\\end{algorithmic}\n"
        "\\end{algorithm}\n$$\n")
    assert problems == ()
    tree = parse_html(html)
    assert [f.one("figcaption").text() for f in tree.find_all("figure")] == [
        "算法 1 SAC", "算法 2 B"]
    assert tree.one("a", class_="eqref").get("href") == "#alg1"


def test_a_display_in_an_algorithm_line_is_its_formula() -> None:
    """`\\STATE Compute the targets:` then `\\begin{align*} … \\end{align*}` (a display
    under a statement, as LaTeX sets it): each of its commands was "not known in an
    algorithm", 60 warnings on the RL notes' SAC page. It is the line's formula, its rows
    `aligned`."""
    html, problems = _render(
        "\\begin{algorithm}\n\\caption{SAC}\n\\begin{algorithmic}\n"
        "\\STATE Compute targets:\n\\begin{align*}\n y &= r + \\gamma \\tilde{a}\n"
        "\\end{align*}\n\\STATE Done\n\\end{algorithmic}\n\\end{algorithm}\n")
    assert problems == ()
    lines = parse_html(html).find_all("li")
    assert len(lines) == 2 and lines[0].one("mtable") is not None


def test_a_bar_in_a_formula_of_an_rst_table_is_vert() -> None:
    """`:math:`P(s' | s, a)`` in a `list-table` (Sphinx notes on RL): docutils read the
    formula whole, the writer escaped its bar, `\\|`, which Lanting warns of (it reads as
    `|` in a table, but is a norm's ‖ in TeX). It is written `\\vert`."""
    body = read_rst(".. list-table::\n   :header-rows: 1\n\n   * - Symbol\n     - Meaning\n"
                    "   * - :math:`P(s' | s, a)`\n     - transition\n",
                    Path("/site/a.rst")).body
    assert "\\vert" in body and "\\|" not in body
    _, problems = _render(body)
    assert problems == ()


def test_chinese_in_a_command_s_parentheses_is_math() -> None:
    """`$ \\mathbb{P}(测试阳性 | 无疾病) $` (a Jekyll blog whose MathJax reads `$`): a
    spaced formula with Chinese and a command but no script, `=` or relation was read
    as prose and shown as TeX. Chinese only inside its brackets is the argument of the
    formula; Chinese outside them with a command (`$ 涨到 \\alpha $`) stays prose."""
    html, problems = _render("若 $ \\mathbb{P}(测试阳性 | 无疾病) $ 很小。\n\n"
                             "价格 $ 涨到 \\alpha $ 了。\n")
    assert problems == ("TeX left in the page: `\\alpha`",)
    assert len(parse_html(html).find_all("math")) == 1


def test_an_equation_of_word_names_with_a_command_is_math() -> None:
    """`$ DAR = SAR \\times PAR $` (a ratio defined by others, a Jekyll blog's): its
    names read as two English words in a row, prose, and it was shown as TeX. An
    equation holding a command is a formula; `$ and then $` stays prose."""
    html, problems = _render("so $ DAR = SAR \\times PAR $ here, $ and then $ not.\n")
    assert problems == ()
    assert len(parse_html(html).find_all("math")) == 1

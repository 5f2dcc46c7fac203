"""Faults an eleventh formula sweep of math-heavy blogs and notes found: small pages
written here."""

from __future__ import annotations

from htmltree import parse_html
from test_math_syntax import CONTEXT

from lanting.importer.kramdown_math import kramdown_math
from lanting.importer.shelf import Shelf
from lanting.markdown.render import render_markdown
from lanting.model.markdown import MarkdownOptions


def _render(text: str) -> tuple[str, tuple[str, ...]]:
    rendered = render_markdown(text, CONTEXT, MarkdownOptions())
    return rendered.html, tuple(p.message for p in rendered.problems)


def test_a_tag_with_a_prime_or_brackets_is_drawn() -> None:
    """`\\tag{27'}` (a variant of equation 27) and `\\tag{[a]}`: math-core refuses a `'`,
    `[` and `]` in a tag's text, and the formula failed the build; MathJax draws them.
    The tag is set as written, and a reference to it shows it."""
    html, problems = _render("$$x = 1 \\tag{27'}\\label{e}$$\n\n"
                             "$$y = 2 \\tag{[a]}$$\n\nBy \\eqref{e}.\n")
    assert problems == ()
    tree = parse_html(html)
    assert [t.text() for t in tree.find_all("mtext")] == ["(27')", "([a])"]
    assert tree.one("a", class_="eqref").text() == "(27')"


def test_a_stray_double_dollar_pairs_nothing_across_paragraphs() -> None:
    """kramdown reads inline `$$…$$` inside its paragraph: a stray `$$` (a typo,
    `$$x_m$$)$$.`) is text, and the display after the blank line is a display. The
    importer paired each `$$` with the next one across paragraphs, and the rest of the
    post became one line of formulas and text."""
    shelf = Shelf()
    text = ("Set $$X=(x_m$$)$$. Of $$A$$ is the mean:\n\n$$\ny = 2\n$$\n\n"
            "and $$T$$ here.\n\n## Next\n")
    out, _, _ = kramdown_math(text, shelf)
    assert shelf.restore(out) == ("Set $X=(x_m$)$. Of$A\\$\\$ is the mean:\n\n"
                                  "$$\ny = 2\n$$\n\nand $T$ here.\n\n## Next\n")


def test_an_xcolor_expression_is_the_colour_it_mixes() -> None:
    """`\\color{red!80}` (80 % red, the rest white) and `red!30!blue` failed the build
    ("Unknown color"): MathJax hands them to the browser, which draws black. They are
    the colours xcolor mixes; a name that is no colour is still an error."""
    html, problems = _render("$\\color{red!80}\\bullet$ $\\textcolor{red!30!blue}{x}$ "
                             "$\\colorbox{yellow!20}{z}$\n")
    assert problems == ()
    styles = [row.attrs.get("style", "") for row in parse_html(html).find_all("mrow")]
    assert [s.split(";")[0] for s in styles] == ["color:#FF3333", "color:#4C00B2",
                                                 "background-color:#FFFFCC"]
    assert _render("$\\color{nocolor!20}w$\n")[1] != ()


def test_a_double_rule_in_an_array_is_drawn() -> None:
    """`\\hline\\hline` under a table's header (a post's Pascal's triangle): math-core
    takes one rule between two rows and the formula failed the build; one is drawn,
    as MathJax draws it."""
    html, problems = _render("$$\n\\begin{array}{|c|c|}\n\\hline\na & b \\\\\n\\hline\n"
                             "\\hline\nc & d \\\\\n\\hline\n\\end{array}\n$$\n")
    assert problems == ()
    assert len(parse_html(html).find_all("mtr")) == 3


def test_an_escaped_dollar_opens_a_formula_where_mathjax_reads_dollars() -> None:
    """kramdown makes `\\$` a `$`, and a site's MathJax reading `$…$` opened a formula
    with it (`2. \\$W(t)\\sim N(0,t)$`, a list item the writer escaped): it was kept as a
    dollar sign, and each `$` after it in the paragraph paired with the wrong one. A
    `\\$` with no `$` to close it in the paragraph stays a dollar sign."""
    shelf = Shelf()
    text = ("1. $W(0)=0$ surely\n2. \\$W(t)\\sim N(0,t)$\n    - so $\\Delta W$ for $s$\n\n"
            "It costs \\$5.\n")
    out, _, _ = kramdown_math(text, shelf, dollar_math=True)
    assert shelf.restore(out) == text.replace("\\$W(t)", "$W(t)")


def test_a_tag_holding_a_command_or_a_group_is_drawn() -> None:
    """`\\tag{1\\text{a}}` and `\\tag{{a}}`: math-core refuses a command or a group in a
    tag's text, and the formula failed the build; the tag's text is set as text mode
    sets it (as KaTeX draws it), and a reference shows it."""
    html, problems = _render("$$x \\tag{1\\text{a}}\\label{u}$$\n\n$$y \\tag{{b}}$$\n\n"
                             "See \\eqref{u}.\n")
    assert problems == ()
    tree = parse_html(html)
    assert [t.text() for t in tree.find_all("mtext")] == ["(1a)", "(b)"]
    assert tree.one("a", class_="eqref").text() == "(1a)"

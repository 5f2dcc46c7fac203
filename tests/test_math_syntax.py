"""Where math is in Markdown (`markdown/mathsyntax.py`, `math_display.py`): the delimiters
real posts use, checked on the parsed HTML. Issue 28's cases: kramdown's inline `$$…$$`, Typora's
`$ x $`, formulas that start a block ending in a digit (mdit-py-plugins read
`src[pos-1]` at position 0), `\\(…\\)`, `\\[…\\]`, bare `\\begin{equation}` blocks; money
and code never become math."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from htmltree import Element, parse_html

from lanting.markdown.math_given_macros import check_macro
from lanting.markdown.math_page import trimmed
from lanting.markdown.render import render_markdown
from lanting.model.markdown import MarkdownOptions, RenderContext, RenderedMarkdown

CONTEXT = RenderContext(path=Path("/site/content/posts/a.md"), rel="posts/a.md",
                        body_line=1, base_path="/")


def render(text: str) -> RenderedMarkdown:
    return render_markdown(text, CONTEXT, MarkdownOptions())


def tree(text: str) -> Element:
    result = render(text)
    assert result.problems == (), result.problems
    return parse_html(result.html)


def inline_formulas(doc: Element) -> list[Element]:
    return [span.one("math") for span in doc.find_all("span", class_="math-inline")]


def test_double_dollars_inside_a_sentence_are_inline_math() -> None:
    doc = tree("The loss $$L(\\theta)$$ falls as $$t \\to \\infty$$, see below.\n")
    p = doc.one("p")
    assert [m.get("display") for m in inline_formulas(p)] == [None, None]
    assert doc.find("div", class_="math-display") is None
    assert p.text().startswith("The loss L(θ) falls as t→∞,")


@pytest.mark.parametrize("text", [
    "$$\nx^2\n$$\n", "$$x^2$$\n", "Before\n$$\nx^2\n$$\nafter\n", "- item\n\n  $$\n  x^2\n  $$\n",
])
def test_double_dollars_on_lines_of_their_own_are_display_math(text: str) -> None:
    doc = tree(text)
    block = doc.one("div", class_="math-display")
    assert block.one("math").get("display") == "block"
    assert all(block not in p.iter() for p in doc.find_all("p"))  # never a div inside a p



ALIGNED = "$$\\begin{aligned}\na &= b \\\\\nc &= d\n\\end{aligned}$$ (eq:sum)\n"


@pytest.mark.parametrize("before", ["", "A paragraph.\n\n", "# Title\n\nText.\n\n- a list\n\n"])
def test_a_display_formula_opening_on_its_first_line_is_display_wherever_it_stands(
        before: str) -> None:
    """`$$\\begin{aligned}` … `\\end{aligned}$$`: display math at the top of a post and
    after any paragraph alike (it turned inline after the first paragraph of a post, and
    an error with `\\tag`: markdown-it's setext-heading rule leaves its parent type set)."""
    doc = tree(before + ALIGNED + "\nAfter, see @eq:sum.\n")
    block = doc.one("div", class_="math-display")
    assert block.one("math").get("display") == "block"
    assert [c.get("id") for c in block.find_all("mtd") if c.get("id")] == ["eq:sum"]
    assert inline_formulas(doc) == []

@pytest.mark.parametrize(("text", "count"), [
    ("Let $ x $ be real.", 1), ("设 $ \\alpha $ 为学习率。", 1), ("$ a + b $ and $c$", 2),
    ("$ \\text{loss} = 0 $", 1),
    # one space, by a formula starting with a command (a real Hexo post's NOR gates)
    ("使用 $\\overline{A} \\cdot \\overline{B} = \\overline{A+B} $ 即可", 1),
    ("$ \\beta$ 与 $\\gamma $", 2),
    # Chinese in a spaced formula with a command and a script (a real TeXt-theme blog's)
    ("$ Y = (-1)^{s} \\times 2^{e} \\times m，其中m = 1.M23 $", 1),
    # one space, in an equation of short symbols (a real Chirpy post's backpropagation)
    ("$ q = x+y$  -> $\\frac{\\partial q}{\\partial x} = 1$", 2), ("设 $ f = q z$。", 1),
    ("if $a < b $.", 1),
    # a digit first, and a command: no money (a real Chirpy post's Coulomb potential)
    ("of $1/\\vert \\vb{x} - \\vb{y}\\vert $ and $1/\\vert \\vb{r}\\vert$ is", 2),
    # one space, in a list of complexities with a superscript (a real Hexo NP post's)
    ("- 多项式级：$O(1), O(log(n)), O(n^k) $\n- 非多项式级：$O(a^n), O(n!)$", 2),
    ("bounded by $ (1+x)^{n}$ here", 1),
    # one space, by a braced subscript, then a set's entity braces and its formula (a
    # real Hexo post's instances, drawn by MathJax)
    ("3. **Current** $I_{cur} = $ &lbrace; $a_i | i \\in \\mathbb{Z}$ &rbrace;", 2),
    # one space, by one symbol (a physics blog exported from WordPress, which MathJax
    # drew): its formula is that symbol, and the next `$ ` opens the next formula
    ("for a given concentration $ u$ at a\npoint $ \\mathbf{r}$, the flux", 2),
    ("from some height $ z'$ up, with $ x_i$ and $ x1$", 3),
])
def test_spaced_dollars_are_math_where_unambiguous(text: str, count: int) -> None:
    assert len(inline_formulas(tree(text + "\n"))) == count


@pytest.mark.parametrize("text", [
    "$5 and $10", "价格从 $5 涨到 $10", "costs $5, not $10.", "\\$20 and \\$30",
    "from $ 5 to $ 10", "US$5 vs US$10", "pay $ now and then $ later", "a $x$5 b",
    "收入 $ 增长到 $ 了", "use ${HOME} and $ PATH", "cost $\\$5 and $ more",
    "从 $ \\text{A} 到 $ 为止", "pay $ x = 5 now$", "$ total = $10",
])
def test_money_and_prose_stay_text(text: str) -> None:
    result = render(text + "\n")
    doc = parse_html(result.html)
    assert doc.find("math") is None and result.problems == ()
    assert "$" in doc.one("p").text()


@pytest.mark.parametrize("text", [
    "I paid $ for it, and $ more.", "it was $ for me, or $ for them", "was $ at most; by $ now",
])
def test_prose_between_spaced_dollars_with_short_words_stays_text(text: str) -> None:
    """`I paid $ for it, and $ more.`: two words in a row, one of them short or after a
    comma, were not read as prose (only two words of three letters or more were), so the
    sentence between the dollars became a formula."""
    result = render(text + "\n")
    assert parse_html(result.html).find("math") is None and result.problems == ()


@pytest.mark.parametrize(("text", "letters"), [
    ("设 $ X 和 z$ 是两个随机变量。", ["X", "和", "z"]),
    ("其中 $ p(x) 与 q(x) $ 都是分布", ["p", "x", "与", "q", "x"]),
    ("对于 $a、b $，有", ["a", "、", "b"]),
])
def test_symbols_joined_by_a_chinese_conjunction_are_one_formula(
        text: str, letters: list[str]) -> None:
    """`设 $ X 和 z$ 是…` (a notes post: a stray space inside, the conjunction inside
    the dollars): MathJax typeset it as one formula; Lanting showed it as TeX, since
    Chinese in a spaced formula counted as prose unless a command made it math."""
    (formula,) = inline_formulas(tree(text + "\n"))
    assert [el.text() for el in formula.iter()
            if el.tag in ("mi", "mo") and el.text() not in "()"] == letters


@pytest.mark.parametrize(("text", "relation"), [
    ("(i) 单调性，如果 $ A \\subset B 则 \\mu\\left(A\\right) \\le \\mu\\left(B\\right) $", "⊂"),
    ("如果 $ x \\uparrow \\infty 则 \\{ X \\le x \\} \\uparrow \\Omega $，而", "↑"),
])
def test_a_spaced_formula_with_chinese_and_a_relation_is_math(text: str,
                                                               relation: str) -> None:
    """`$ A \\subset B 则 \\mu(A) \\le \\mu(B) $` (a translated probability textbook's
    conditions, the 则 inside the formula; MathJax read it as math) was left as TeX with
    a warning: a spaced formula with Chinese in it counted as math only with a script
    or `=`. A relation's command makes it one too; money and prose stay text (above)."""
    (formula,) = inline_formulas(tree(text + "\n"))
    assert formula.find_all("mo")[0].text() == relation and "则" in formula.text()


@pytest.mark.parametrize("text", ["然后，让这 $n $位大臣排成一排", "第$ i$个数", "设$k $为常数"])
def test_a_symbol_with_a_stray_space_in_chinese_is_math(text: str) -> None:
    """`让这 $n $位大臣` (a Luogu statement copied into an OI blog, which KaTeX read
    as math) was shown as `$n $`, with no warning."""
    [formula] = inline_formulas(tree(text + "\n"))
    assert formula.text() in ("n", "i", "k")


@pytest.mark.parametrize("text", [
    "- $\\alpha$ - 动量参数，缺省取值 0.9\n",
    "$\\alpha$ 是 0.9\n",
    "| p | v |\n|---|---|\n| $\\alpha$ | 0.9 |\n",
    "## $\\alpha$ 取 0.9\n",
    "1. $\\beta_1$ 缺省 0.9\n2. $\\beta_2$ 缺省 0.999\n",
])
def test_a_formula_at_the_start_of_a_block_ending_in_a_digit(text: str) -> None:
    doc = tree(text)
    assert doc.find("math") is not None
    assert "$" not in doc.text()


def test_backslash_parenthesis_and_brackets() -> None:
    doc = tree("Inline \\(a+b\\) here.\n\n\\[\nc = d\n\\]\n\n\\[ e = f \\]\n")
    assert len(inline_formulas(doc.one("p"))) == 1
    assert len(doc.find_all("div", class_="math-display")) == 2
    assert "\\" not in doc.text()


@pytest.mark.parametrize(("opening", "display"), [
    ("\\[[0,0,1,0],[0,0,0,1]] 是两个独热向量", "\\[\nc = d\n\\]"),
    ("$$x 的值", "$$\nc = d\n$$")])
def test_an_opener_with_text_is_math_only_if_it_closes_in_its_paragraph(
        opening: str, display: str) -> None:
    """`\\[[0,0,1,0]]` (a bracket escaped for Markdown) starting a paragraph opened a
    display formula that took every line up to a `\\]` a hundred lines further down:
    MathJax reads a formula within one paragraph, and so does Lanting when the opening
    line holds more than the opener. (The `$$` left as text is warned of.)"""
    rendered = render(f"{opening}\n第二行。\n\n中间的段落。\n\n{display}\n")
    assert [p.message for p in rendered.problems] == (
        ["`$$` shown as written: it opens no formula"] if opening.startswith("$") else [])
    doc = parse_html(rendered.html)
    assert [p.text() for p in doc.find_all("p")][1] == "中间的段落。"
    assert len(doc.find_all("div", class_="math-display")) == 1
    assert opening.lstrip("\\$")[:4] in doc.find_all("p")[0].text()


def test_dollars_opening_under_a_line_of_text_and_closing_alone_are_display() -> None:
    """A Stack post's `先对等式两边取模得到` with `$$\\begin{gathered}` on the next line
    and `$$` alone after the formula, then `移项` and another such formula: the first was
    read inline, and its closing `$$` opened a display formula taking the next one's
    opener, an error ("Unexpected $") that failed the build."""
    doc = tree("先取模得到\n$$\\begin{gathered}\n0 \\equiv r \\\\\n\\end{gathered}\n$$\n"
               "移项\n$$\\begin{gather}\n-k \\equiv r\n\\end{gather}\n$$\n乘 $i$\n")
    assert len(doc.find_all("div", class_="math-display")) == 2
    assert [p.text() for p in doc.find_all("p")][:2] == ["先取模得到", "移项"]
    assert len(inline_formulas(doc)) == 1


@pytest.mark.parametrize("text", ["文字 $$a\n$$\n后文\n", "文字\n$$a\nb$$ 后文\n"])
def test_dollars_closing_in_the_paragraph_stay_inline(text: str) -> None:
    """A lone `$$` closing what the line above opened mid-sentence, and `$$a` closing in
    a line of text, are inline formulas in the paragraph (no display block opens)."""
    doc = tree(text)
    assert doc.find("div", class_="math-display") is None
    assert len(inline_formulas(doc.one("p"))) == 1


def test_an_environment_inside_dollars_a_list_item_opened_is_their_formula() -> None:
    """A Quartz garden's list item going on, unindented, with `$$`, `\\begin{align*}…`,
    `$$`: the environment broke the item's paragraph in two, leaving `$$` on each side
    as text, and the closing one paired with the next `$m$`: an error on every formula
    after it. The `$$` at the margin is a display formula below the list, as
    remark-math (Quartz's) reads it, like a code fence there."""
    doc = tree("1. 加性耦合把 $z$ 分成两份：\n$$\n"
               "\\begin{align*} x_1 &= z_1 \\\\ x_2 &= z_2 + m(z_1) \\end{align*}\n$$\n"
               " 其中 $m$ 是网络。\n")
    assert "$" not in doc.text() and "\\" not in doc.text()
    assert len(doc.find_all("math")) == 3
    [display] = doc.find_all("div", class_="math-display")
    assert display.one("math").find("mtable") is not None  # the align* rows


@pytest.mark.parametrize("closer", ["$$ 称为拉普拉斯方程。", "\t\t$$称为拉普拉斯方程。"])
def test_a_closer_followed_by_text_closes_the_display(closer: str) -> None:
    """`$$` alone, the formula, then `$$ is called …` (as Obsidian shows it): the formula
    ran on to the next display's `$$`, its TeX and the text between an error."""
    doc = tree(f"方程\n$$\n\\nabla^2 f = 0\n{closer}也写作：\n$$\n\\Delta f = 0\n$$\n")
    assert len(doc.find_all("div", class_="math-display")) == 2
    assert [p.text() for p in doc.find_all("p")] == ["方程", "称为拉普拉斯方程。也写作："]


@pytest.mark.parametrize("text", [
    "采用正弦编码：\n$$\nPE_{2i} = \\sin(p) $$$$\nPE_{2i+1} = \\cos(p)\n$$\n- 说明\n",
    "- 多头：\n  $$\n  \\text{MultiHead} = W^O\n  $$$$\\text{where}\\ h_i = x$$\n",
])
def test_one_displays_closing_run_into_the_next_ones_opening_is_two_formulas(
        text: str) -> None:
    """`… $$$$ …` (notes written in Obsidian or Typora, three times in two vaults):
    MathJax closes the first formula at the first `$$` and opens the next; one formula
    holding `$$` was an error, and its TeX stayed in the page."""
    doc = tree(text)
    displays = doc.find_all("div", class_="math-display")
    assert len(displays) == 2
    assert all("$" not in d.text() for d in displays)
    assert "PE" not in "".join(p.text() for p in doc.find_all("p"))


def test_formulas_run_together_report_a_problem_at_their_own_line() -> None:
    result = render("$$\na = 1 $$$$\n\\frac{1}\n$$\n")
    assert [p.line for p in result.problems] == [3]  # (`\frac{1}`, the second's)


def test_two_formulas_alike_on_a_line_each_name_their_own_column() -> None:
    """`$p^__t$` twice on a line: the same error at the first one's column, twice."""
    result = render("供给 $p^__t$ 与预期 $p^__t$ 有关，而 $q^__t$ 也是\n")
    columns = [p.column for p in result.problems]
    line = "供给 $p^__t$ 与预期 $p^__t$ 有关，而 $q^__t$ 也是"
    scripts = [i for i in range(len(line)) if line.startswith("^__", i)]
    assert columns == [i + 2 for i in scripts]  # (1-based, at the `_` after the `^`)


def test_a_bare_opener_may_hold_blank_lines() -> None:
    doc = tree("$$\n\\begin{aligned}\na &= b\n\nc &= d\n\\end{aligned}\n$$\n")
    assert len(doc.find_all("div", class_="math-display")) == 1


@pytest.mark.parametrize("env", ["equation", "align", "gather", "multline", "equation*",
                                 "align*"])
def test_bare_environments_are_display_math(env: str) -> None:
    doc = tree(f"Text.\n\n\\begin{{{env}}}\na &= b \\\\\nc &= d\n\\end{{{env}}}\n\nMore.\n"
               .replace("&", "" if env.startswith(("gather", "multline", "equation")) else "&"))
    block = doc.one("div", class_="math-display")
    assert block.one("math") is not None and "\\" not in doc.text()
    numbered = not env.endswith("*")
    assert ("(1)" in block.text()) is numbered


@pytest.mark.parametrize("env", ["cases", "aligned", "gathered", "array"])
def test_a_bare_environment_a_formula_is_made_of_is_display_math(env: str) -> None:
    """`\\begin{cases}` alone in its paragraph (a kramdown ML post's piecewise penalty):
    MathJax typeset any environment it found in the text, and the page showed the TeX
    under a warning. Unnumbered, as inside `$$`."""
    spec = "{ll}" if env == "array" else ""
    doc = tree(f"Text.\n\n\\begin{{{env}}}{spec} a & x > 0 \\\\ b & x \\le 0 "
               f"\\end{{{env}}}\n\nMore.\n".replace("&", "" if env == "gathered" else "&"))
    block = doc.one("div", class_="math-display")
    assert block.one("math") is not None and "\\" not in doc.text()
    assert "(1)" not in block.text()


@pytest.mark.parametrize("env", ["equation*", "align"])
def test_an_environment_at_the_margin_under_a_list_item_is_display(env: str) -> None:
    """An ML course's algorithm box (Jupyter Book): `* Inputs: $X$ of m samples`, then
    `\\begin{equation*}` … at the margin. MyST's amsmath reads it as display math, as
    Lanting reads a `$$` there; it stayed the item's lazy text, its TeX left as written."""
    doc = tree(f"* Inputs: $X$ of $m$ samples\n\\begin{{{env}}}\nX = \\begin{{pmatrix}} "
               f"a \\\\ b \\end{{pmatrix}}\n\\end{{{env}}}\n* Outputs\n")
    assert "begin" not in doc.text() and doc.find_all("li")[0].find("math") is not None
    assert doc.one("div", class_="math-display").find("mtable") is not None
    assert [li.text() for li in doc.find_all("li")][-1] == "Outputs"


@pytest.mark.parametrize(("env", "columns"), [("align*", 7), ("aligned", 7),
                                             ("gather*", 7)])
def test_a_rule_between_aligned_rows_is_drawn(env: str, columns: int) -> None:
    """`\\hline` in `align*` (a numerical-computing book's broadcasting table, `A &:& 2,
    & & 3 \\\\ B &:& & & 3 \\\\ \\hline C …`): MathJax draws the rule; math-core takes
    one only in an array and failed the build. The rows are an array of those columns."""
    doc = tree(f"$$\n\\begin{{{env}}}\nA &:& 2, & & 2, & & 3 \\\\\nB &:& & & & & 3 "
               f"\\\\\n\\hline\nC &:& 2, & & 2, & & 3\n\\end{{{env}}}\n$$\n")
    rows = doc.one("div", class_="math-display").find_all("mtr")
    assert len(rows) == 3 and len(rows[0].find_all("mtd")) == columns
    assert "border-top" in rows[2].find_all("mtd")[0].get("style", "")


def test_tex_quotes_inside_a_formula_open_no_code_span() -> None:
    """`$o_i = \\text{``yes" or ``no"}$`: TeX's opening quotes pair inside the formula, so
    no code span runs past its `$` (the formula comes first, as remark-math and MathJax
    read it); the page showed `<code>` in raw TeX. A code span past the `$` still wins."""
    doc = tree('Let $o_i = \\text{``yes" or ``no"}$, and `$x` costs $5`.\n')
    assert len(inline_formulas(doc)) == 1 and "text{" not in doc.text()
    assert [c.text() for c in doc.find_all("code")] == ["$x"]


def test_a_formula_right_after_a_digit_is_math_when_it_starts_with_a_command() -> None:
    """`zero after 5$\\tau$` (five time constants) was left as TeX, with a warning; money
    after a number (`5$/月 或 10$/年`) stays text."""
    doc = tree("after 5$\\tau$, and 5$/月 或 10$/年.\n")
    assert len(inline_formulas(doc)) == 1 and "5$/月 或 10$/年" in doc.text()


def test_a_formula_after_a_circled_number_is_math() -> None:
    """`①$L(s)$` (a Chinese note numbering its cases) was left as TeX: Python counts
    ① as a digit, and money's `5$` rule took it. Money's digits are ASCII."""
    doc = tree("> ①$L(s) = \\Vert s \\Vert_1$，稀疏；②$f(x)$。价格 5$ 或 10$。\n")
    assert len(inline_formulas(doc)) == 2 and "5$ 或 10$" in doc.text()


def test_code_never_becomes_math() -> None:
    doc = tree("Run `echo $HOME $PATH` and `$x$`.\n\n```\n$$x$$ and \\(y\\)\n```\n\n"
               "    $$ indented $$\n")
    assert doc.find("math") is None
    assert [c.text() for c in doc.find_all("code")][:2] == ["echo $HOME $PATH", "$x$"]


def test_a_math_fence_is_a_display_formula() -> None:
    """```` ```math ````, GitHub's, GitLab's and remark-math's display math (notes written
    to be read on GitHub, quoted or not): it showed its TeX as an unknown language's
    code, with a warning. `latex` stays code: it shows TeX."""
    doc = tree("旋转公式：\n\n> ```math\n> \\mathbf{v'} = \\cos\\theta\\,\\mathbf{v}\n> ```\n\n"
               "```math\n\\begin{aligned}\na &= b \\\\\n  &= c\n\\end{aligned}\n```\n\n"
               "```latex\n\\frac{a}{b}\n```\n")
    displays = doc.find_all("div", class_="math-display")
    assert len(displays) == 2
    assert doc.one("blockquote").find("div", class_="math-display") is not None
    assert displays[1].find("mtable") is not None
    assert doc.find("pre").text().strip() == "\\frac{a}{b}"


def test_a_math_fence_s_error_is_at_its_own_line() -> None:
    result = render("Text.\n\n```math\n\\frac{1}\n```\n")
    assert [p.line for p in result.problems] == [4]


def test_tag_label_and_eqref_link_to_the_number_at_the_right_edge() -> None:
    doc = tree("$$ a = b \\tag{2.1} \\label{eq:ab} $$\n\n"
               "\\begin{equation}\nc = d \\label{eq:cd}\n\\end{equation}\n\n"
               "See \\eqref{eq:ab}, \\ref{eq:cd}, @eq:cd and $\\eqref{eq:ab}$.\n")
    blocks = doc.find_all("div", class_="math-display")
    assert all("numbered" in b.classes for b in blocks)
    # the number is the last cell of its row, right-aligned, and carries the label's id
    cells = [b.find_all("mtd")[-1] for b in blocks]
    assert [c.text() for c in cells] == ["(2.1)", "(1)"]
    assert [c.get("id") for c in cells] == ["eq:ab", "eq:cd"]
    assert all("text-align: right" in (c.get("style") or "") for c in cells)
    links = [(a.get("href"), a.text()) for a in doc.find_all("a")]
    assert links == [("#eq:ab", "(2.1)"), ("#eq:cd", "1"), ("#eq:cd", "(1)"),
                     ("#eq:ab", "(2.1)")]


@pytest.mark.parametrize("env", ["equation", "equation*", "multline"])
def test_a_tag_after_an_equation_environment_numbers_it(env: str) -> None:
    """`\\begin{equation}…\\end{equation} \\tag{1.1}` inside `$$` (how an Obsidian note on
    iLQR numbered each step of its derivation; MathJax tags the display with it): a
    build error per formula, math-core taking no `\\tag` after the environment."""
    doc = tree(f"$$\n\\begin{{{env}}}\n\\begin{{aligned}}\nx_{{k+1}} &= f(x_k, u_k) \\\\\n"
               f"&\\approx A x_k + B u_k\n\\end{{aligned}}\n\\end{{{env}}}\n\\tag{{1.1}}\n$$\n\n"
               "由式 (1.1) 可得。\n")
    block = doc.one("div", class_="math-display")
    assert block.find_all("mtd")[-1].text() == "(1.1)"


def test_a_tag_after_an_equation_inside_a_brace_numbers_it() -> None:
    """`\\left\\{ \\begin{equation}…\\end{equation} \\tag{2.10} \\right.` (the same note's
    definitions, braced): the tag right after the environment, not at the display's
    end."""
    doc = tree("$$\n\\left\\{\n\\begin{equation}\n\\begin{aligned}\ns_k &= V_x \\\\\n"
               "S_k &= V_{xx}\n\\end{aligned}\n\\end{equation}\n\\tag{2.10}\n\\right.\n$$\n")
    block = doc.one("div", class_="math-display")
    assert "(2.10)" in block.text() and "{" in block.text()


@pytest.mark.parametrize("after", ["\\label{eq:em}\\tag{3}", "\\tag{3} \\label{eq:em}"])
def test_a_label_and_tag_after_an_align_number_the_display(after: str) -> None:
    """`\\end{align}\\label{eq:em}\\tag{3}` (a post's EM derivation numbers each step so;
    MathJax labels and tags the display): the label after the environment failed the
    build ("may only appear in a numbered equation"). The rows are one `aligned`,
    numbered 3 once, and a reference links to that number."""
    doc = tree(f"$$\n\\begin{{align}}\n\\log p &= Q + H \\\\\n&= R\n\\end{{align}}{after}\n$$\n\n"
               "由 ($\\ref{eq:em}$) 可得。\n")
    block = doc.one("div", class_="math-display")
    number = block.find_all("mtd")[-1]
    assert (number.text(), number.get("id")) == ("(3)", "eq:em")
    assert len(block.find_all("mtable")) == 2  # the equation's row, holding the rows
    assert [(a.get("href"), a.text()) for a in doc.find_all("a")] == [("#eq:em", "3")]


def test_labels_math_core_refuses_number_and_link_as_in_mathjax() -> None:
    """`\\label{eq:loss_fn}`, a Chinese label and pandoc-crossref's `{#eq:pg_loss}`
    (an RLHF book's posts): math-core takes only some ASCII in a label, and each such
    formula failed the build ("Expected non-special ASCII characters"); MathJax takes
    any text. Each is numbered, and references find it by its own name."""
    doc = tree("$$ L = a \\label{eq:loss_fn} $$\n\n"
               "\\begin{equation}\nc = d \\label{式:损失}\n\\end{equation}\n\n"
               "$$\nJ = e\n$$ {#eq:pg_loss}\n\n"
               "See \\eqref{eq:loss_fn}, \\ref{式:损失}, @eq:pg_loss and "
               "$\\eqref{eq:loss_fn}$.\n")
    blocks = doc.find_all("div", class_="math-display")
    cells = [b.find_all("mtd")[-1] for b in blocks]
    assert [c.text() for c in cells] == ["(1)", "(2)", "(3)"]
    assert [c.get("id") for c in cells] == ["eq:loss_fn", "式:损失", "eq:pg_loss"]
    links = [(a.get("href"), a.text()) for a in doc.find_all("a")]
    assert links == [("#eq:loss_fn", "(1)"), ("#式:损失", "2"), ("#eq:pg_loss", "(3)"),
                     ("#eq:loss_fn", "(1)")]


def test_a_label_naming_tex_is_numbered_and_linked() -> None:
    """`\\label{eq:CQL(\\mathcal{R})}` (an RL book names a variant of its objective so):
    MathJax takes the label's text as written; the group inside it kept the label from
    being read as one, and the build failed on it ("Expected non-special ASCII")."""
    doc = tree("\\begin{equation}\\label{eq:CQL(\\mathcal{R})}\nQ = 1\n\\end{equation}\n\n"
               "由 $\\eqref{eq:CQL(\\mathcal{R})}$ 得到。\n")
    [block] = doc.find_all("div", class_="math-display")
    assert block.find_all("mtd")[-1].text() == "(1)"
    assert [(a.get("href"), a.text()) for a in doc.find_all("a")] == [
        ("#eq:CQL(\\mathcal{R})", "(1)")]


def test_a_reference_in_math_inside_text_links_to_its_formula() -> None:
    """`\\text{由 Eq. ($\\ref{eq:score}$)}` at the end of a line of an `align` (a
    flow-matching course's notes cite the step each line takes): the `\\ref` in the
    text's own math was taken out of the text once more, `$\\(\\eqref{…}\\)$`, and
    math-core failed the build ("Unknown command \\(")."""
    doc = tree("$$ s = \\nabla \\log p \\label{eq:score} $$\n\n"
               "\\begin{align}\nu &= a + b s \\text{ 由 Eq. ($\\ref{eq:score}$)} \\\\\n"
               "&= c \\quad \\text{by $\\eqref{eq:score}$ and \\eqref{eq:score}}\n"
               "\\end{align}\n")
    links = [(a.get("href"), a.text()) for a in doc.find_all("a")]
    assert links == [("#eq:score", "1"), ("#eq:score", "(1)"), ("#eq:score", "(1)")]
    assert "由 Eq. (" in doc.text()


def test_a_display_formula_closing_with_text_after_it_does_not_run_on() -> None:
    """`$$` alone, the formula, then `$$ then there will be` (a Pandoc blog's proof):
    the formula closes at that `$$`, as MathJax and Pandoc read it. Taken for a display
    block it ran on to the next lone `$$`, and every formula after it was out of step
    (an error in one of them and their TeX shown as text)."""
    doc = tree("4.  Let\n\n    $$\n    B = \\{b \\mid b > 0\\}\n    $$ then there will be\n"
               "    $D \\subseteq B$.\n\n    Proof: as $x > 0$,\n\n    $$\n    x^2 > 0\n"
               "    $$\n")
    item = doc.one("li")
    assert "then there will be" in item.text() and "$" not in item.text()
    assert len(item.find_all("math")) == 4
    displays = item.find_all("div", class_="math-display")
    assert [d.one("math").text().replace(" ", "")[:2] for d in displays] == ["B=", "x2"]


def test_an_unknown_reference_is_an_error_not_question_marks() -> None:
    result = render("$$ a \\label{eq:a} $$\n\nSee \\eqref{eq:b} and $\\eqref{eq:c}$.\n")
    messages = [p.message for p in result.problems]
    assert len(messages) == 2 and all("refers to no" in m for m in messages), messages
    assert "??" not in result.html


def test_a_ref_in_prose_to_no_label_says_how_to_show_the_command() -> None:
    """A post about writing LaTeX mentions `\\ref{sec:related}`: the hint said only how to
    label a formula."""
    result = render("引用章节时写 \\ref{sec:related}。\n")
    [problem] = result.problems
    assert problem.hint is not None and problem.hint.endswith(
        "to show `\\ref{sec:related}` as it is, put it in backticks")
    assert render("引用章节时写 `\\ref{sec:related}`。\n").problems == ()


def test_page_level_newcommand_applies_to_later_formulas() -> None:
    doc = tree("$$\\newcommand{\\RR}{\\mathbb{R}}$$\n\nLet $x \\in \\RR^n$.\n")
    assert "ℝ" in doc.one("p").text() and "\\" not in doc.text()


def test_a_definition_in_a_tex_comment_defines_nothing() -> None:
    """`%\\renewcommand{\\log}{\\log_2}` beside a page's macros (commented out, as TeX
    and MathJax read the `%`): taken as a definition, every `\\log` of the page expanded
    to itself and failed the build ("Too many expansions"). `\\%` is a percent sign, and
    a definition after it counts."""
    doc = tree("$$\n\\newcommand{\\E}{\\mathbb{E}}\n%\\renewcommand{\\log}{\\log_2}\n"
               "x % \\newcommand{\\foo}{y}\n$$\n\n"
               "Then $\\log x + \\E y$, and $50\\% \\newcommand{\\pc}{p}\\pc$.\n")
    first, second = inline_formulas(doc)
    assert [m.text() for m in first.find_all("mi")] == ["log", "x", "𝔼", "y"]
    assert not first.find_all("msub")
    assert second.find_all("mi")[-1].text() == "p"
    problems = render("$$ x % \\newcommand{\\foo}{y}\n$$\n\n$\\foo$\n").problems
    assert [p.message for p in problems] == ['math: Unknown command "\\foo".']


def test_macros_that_open_what_another_closes_expand_as_text() -> None:
    """`\\newcommand{\\lv}{\\left[\\begin{matrix}}` with `\\rv` closing it (a real
    Hexo blog on MathJax, which expands macros as text): math-core takes a macro as a
    group, so every use failed with "Unmatched closing token". Such macros are expanded
    by Lanting, arguments too, inside other macros too, and a control word at a body's
    end keeps its space."""
    doc = tree("$$\n\\newcommand{\\lv}{\\left[\\begin{matrix}}\n"
               "\\newcommand{\\rv}{\\end{matrix}\\right]}\n"
               "\\newcommand{\\col}[2]{\\lv #1 \\\\ #2 \\rv}\n"
               "\\def\\dotend{\\cdot}\n$$\n\n"
               "向量 $x = \\lv a & b \\rv$，列 $\\col{1}{2}$，$\\dotend y$。\n")
    p = doc.one("p")
    assert p.text().startswith("向量 x=[ab]，列 [12]，⋅y")
    assert [len(m.find_all("mtr")) for m in p.find_all("math")] == [1, 2, 0]
    assert "\\" not in doc.text()


def test_a_pages_macro_replaces_the_physics_packages_command_of_its_name() -> None:
    """`\\newcommand{\\va}{\\mathbf{a}}` and `\\newcommand{\\tr}{\\operatorname{Tr}}`
    (a real trace-estimation post on MathJax): Lanting rewrote `\\va` and `\\tr` as
    the physics package's before the page's macros applied, so `$\\va$` failed (`\\va`
    needs an argument) and `\\tr` showed "tr". The page's own definition wins, as in
    MathJax."""
    doc = tree("$$\n\\newcommand{\\va}{\\mathbf{a}}\n"
               "\\newcommand{\\tr}{\\operatorname{Tr}}\n$$\n\n"
               "A vector $\\va$ and $\\tr(A)$, and $\\vb{x}$ as physics has it.\n")
    first, second, third = doc.one("p").find_all("math")
    assert first.one("mi").text() == "𝐚"
    assert second.text().startswith("Tr")
    assert third.one("mi").text() == "𝐱"
    assert "\\" not in doc.text()


def test_a_macro_as_a_scripts_argument_is_taken_whole() -> None:
    """`\\tr` defined as `^\\mathsf{T}` (a NexT blog's MathJax macros) and written
    `\\v_i^\\tr`: expanded as text it made `^^`, a double superscript, and the build
    failed; MathJax takes a macro in a script whole, a script of a script."""
    doc = tree("$$\n\\newcommand{\\tr}{^\\mathsf{T}}\n$$\n\nThe product $v_i^\\tr v_j$.\n")
    [formula] = doc.one("p").find_all("math")
    assert formula.find_all("msup") and "\U0001d5b3" in formula.text()  # (𝖳)


def test_a_macro_with_an_optional_first_argument() -> None:
    """`\\newcommand{\\Abs}[2][]{…}` (LaTeX's and MathJax's optional first argument,
    in a NexT blog's MathJax setup; 23 formulas failed there): the definition was not
    read, so every `\\Abs{x}` was an unknown command. The default fills the first
    argument when no `[…]` follows the name."""
    result = render("$$\\newcommand{\\Abs}[2][]{\\left\\lvert #2 \\right\\rvert_{\\text{#1}}}\n"
                    "\\newcommand{\\norm}[2][2]{\\|#2\\|_{#1}}$$\n\n"
                    "Both $\\Abs{x}$ and $\\Abs[F]{A}$; $\\norm{v} \\le \\norm[1] {v}$, "
                    "$\\norm x$.\n")
    assert result.problems == ()
    first, second, third, fourth = parse_html(result.html).one("p").find_all("math")
    assert first.text() == "|x|"
    assert second.one("msub").text() == "|A|F"
    assert [s.one("mn").text() for s in third.find_all("msub")] == ["2", "1"]
    assert fourth.one("msub").text() == "‖2" and "x" in fourth.text()


def test_a_configured_macro_with_an_optional_first_argument() -> None:
    """`[markdown] math_macros` says it as what follows the name in `\\newcommand`;
    the config check accepts it, and a bad body is still refused."""
    macros = (("Abs", "[2][]{\\left\\lvert #2 \\right\\rvert_{\\text{#1}}}"),)
    check_macro("Abs", macros[0][1], macros)
    with pytest.raises(ValueError):
        check_macro("Bad", "[2][]{\\frac{#2}", (("Bad", "[2][]{\\frac{#2}"),))
    context = RenderContext(path=CONTEXT.path, rel=CONTEXT.rel, macros=macros)
    rendered = render_markdown("$\\Abs{x} + \\Abs[F]{A}$\n", context, MarkdownOptions())
    assert rendered.problems == ()
    assert parse_html(rendered.html).one("math").text().replace(" ", "") == "|x|+|A|F"


def test_configured_macros_that_open_what_another_closes() -> None:
    """`bmat = "\\left[\\begin{array}"` and `emat = "\\end{array}\\right]"` in
    `math_macros` (a wiki's MathJax setup): each was checked alone and refused; they
    are expanded as text, as a page's own `\\newcommand`s of the kind are."""
    macros = (("bmat", "\\left[\\begin{array}"), ("emat", "\\end{array}\\right]"))
    for name, expansion in macros:
        check_macro(name, expansion, macros)
    context = RenderContext(path=CONTEXT.path, rel=CONTEXT.rel, macros=macros)
    rendered = render_markdown("$$\\bmat{cc} 1 & 2 \\\\ 3 & 4 \\emat$$\n", context,
                               MarkdownOptions())
    assert rendered.problems == ()
    assert len(parse_html(rendered.html).find_all("mtr")) == 2


def test_a_configured_macro_that_tags_the_display() -> None:
    """`qed = "\\tag*{$\\square$}"` (an ML blog's end of proof, from its MathJax setup):
    the config check refused it, so each `\\qed` failed the build as unknown; and a tag's
    formula showed as TeX (`\\square`). It is expanded as text, before Lanting moves the
    tag where math-core takes one, and the tag's formula is its characters."""
    macros = (("qed", "\\tag*{$\\square$}"), ("E", "\\mathbb{E}"))
    for name, expansion in macros:
        check_macro(name, expansion, macros)
    context = RenderContext(path=CONTEXT.path, rel=CONTEXT.rel, macros=macros)
    rendered = render_markdown("$$\n\\E[x] = 0 \\qed\n$$\n\n$$y \\tag{$\\ast$ 2}$$\n",
                               context, MarkdownOptions())
    assert rendered.problems == ()
    first, second = parse_html(rendered.html).find_all("math")
    assert [t.text() for t in first.find_all("mtext")] == ["□"]
    assert [t.text() for t in second.find_all("mtext")] == ["(∗ 2)"]


def test_buildrel_and_xspace_as_mathjax_reads_them() -> None:
    """`$X_i \\buildrel \\text{iid} \\over \\sim P$` (plain TeX, which MathJax has) and
    `\\newcommand{\\MSE}{\\text{MSE\\xspace}}` (the xspace package's, in a statistics
    course's macros) failed the build as unknown commands: the text is set over `\\sim`,
    and `\\xspace` adds nothing to a formula."""
    doc = tree("$$\\newcommand{\\MSE}{\\text{MSE\\xspace}}$$\n\n"
               "Draws $X_i \\buildrel \\text{iid} \\over \\sim P$, "
               "$y \\buildrel{\\text{d}}\\over{=} z$ and the $\\MSE$.\n")
    first, second, third = doc.one("p").find_all("math")
    assert first.one("mover").text() == "∼iid"
    assert second.one("mover").text() == "=d"
    assert third.text() == "MSE"


def test_math_in_text_through_a_macros_argument() -> None:
    """`\\newcommand{\\under}[2]{\\underbrace{#1}_{\\text{#2}}}` used as `\\under{x}{for
    $i$}` (a real Quarto blog's economics posts, 13 build errors): math-core expanded
    the macro itself, so the `$i$` reached its `\\text` after Lanting moved math out
    of text ("Math mode within text mode"). A macro that puts an argument in text is
    expanded by Lanting first."""
    doc = tree("$$\n\\newcommand{\\under}[2]{\\underbrace{#1}_{\\text{#2}}}\n$$\n\n"
               "每人 $\\under{x_i}{consumption for $i$}$ 与 $\\under{y}{plain}$。\n")
    p = doc.one("p")
    first, second = p.find_all("math")
    assert "consumption for" in first.text() and "i" in first.text()
    assert "plain" in second.text() and "\\" not in doc.text()


def test_math_in_text_through_a_configured_macros_argument() -> None:
    """The same macro from `[markdown] math_macros` (or front matter `macros:`)."""
    context = RenderContext(path=CONTEXT.path, rel=CONTEXT.rel,
                            macros=(("under", "\\underbrace{#1}_{\\text{#2}}"),))
    rendered = render_markdown("$$\\under{x_i}{consumption for $i$}$$\n", context,
                               MarkdownOptions())
    assert rendered.problems == ()
    assert "consumption for" in parse_html(rendered.html).one("math").text()


def test_a_site_macro_named_as_a_physics_command_wins() -> None:
    """A course book's MathJax macros `va: "\\vect{a}"`, `vb: "\\vect{b}"` (MathJax
    takes a site's macro over the physics package's `\\va{…}`): Lanting rewrote `\\va`
    as the physics vector before the macro was read, and refused the site's config
    ("needs 1 argument in braces"). A page's `\\newcommand{\\vb}` wins likewise; with
    no macro of that name, `\\va{x}` is still the physics package's."""
    context = RenderContext(path=CONTEXT.path, rel=CONTEXT.rel, macros=(
        ("vect", "\\boldsymbol{#1}"), ("va", "\\vect{a}")))
    rendered = render_markdown("$\\va + 1$, $\\newcommand{\\vb}{\\mathbf{q}} \\vb$\n",
                               context, MarkdownOptions())
    assert rendered.problems == ()
    assert [m.text() for m in parse_html(rendered.html).find_all("math")] == [
        "\U0001d482+1", "\U0001d42a"]
    assert tree("$\\va{x}$\n").one("math").text() != "\U0001d482"
    check_macro("va", "\\vect{a}", (("vect", "\\boldsymbol{#1}"), ("va", "\\vect{a}")))


def test_a_macros_argument_right_after_a_command_name_stays_apart() -> None:
    """A math blog's KaTeX macro `norm: "\\left\\lVert#1\\right\\rVert"` (TeX ends
    the name `\\lVert` at the `#`): `\\norm` is the physics package's name, so Lanting
    expands the site's macro as text, and `\\norm{x}` became `\\lVertx`, an unknown
    command; the configured macro was refused ("does not convert")."""
    body = "\\left\\lVert#1\\right\\rVert"
    check_macro("norm", body, (("norm", body),))
    context = RenderContext(path=CONTEXT.path, rel=CONTEXT.rel, macros=(("norm", body),))
    rendered = render_markdown("$\\norm{x}$ and $\\norm{2y}$\n", context, MarkdownOptions())
    assert rendered.problems == ()
    assert [m.text() for m in parse_html(rendered.html).find_all("math")] == [
        "‖x‖", "‖2y‖"]


def test_a_fault_in_an_inline_footnote_names_its_line() -> None:
    """`^[…]` with a formula that does not convert (a real Quarto blog's `\\xymatrix` in
    a note) was reported at the page's first line: the footnote plugin moves the note's
    text to the end of the page with no line. It is reported at the note's mark."""
    rendered = render("First.\n\nSecond.\n\nThird,\nas shown^[$$\\xymatrix{A}$$] here.\n")
    [problem] = rendered.problems
    assert problem.line == 6 and "xymatrix" in problem.message


def test_punctuation_after_a_display_formulas_closing_dollars() -> None:
    """`$$` … `$$.` (a real Quarto talk's matrices, as Pandoc and MathJax read it): the
    closing `$$.` was no closing line, so the formula ran on to the next `$$` and every
    formula after it was out of step (48 errors on one page). The mark goes inside."""
    doc = tree("Swap:\n\n$$\nx = 1\n$$.\n\nMore $a$ here.\n\n$$\ny = 2\n$$\n")
    first, second = doc.find_all("div", class_="math-display")
    assert (first.text(), second.text()) == ("x=1.", "y=2")
    assert [p.text() for p in doc.find_all("p")] == ["Swap:", "More a here."]


def test_a_macro_that_expands_without_end_is_an_error() -> None:
    rendered = render("$$\\def\\a{\\left(\\a}$$\n\nThen $\\a$.\n")
    [problem] = rendered.problems
    assert "`\\a` expands without end" in problem.message


def test_a_backslash_before_a_line_break_is_a_control_space() -> None:
    """`x<0\\\\\\` then a line break (a row break and a third `\\`), and `a \\ \\` then one:
    TeX's control space, which KaTeX and MathJax read; math-core refused it (a real Hexo
    site on KaTeX failed the build)."""
    doc = tree("$$\n\\begin{cases}0 & x<0\\\\\\\n1 & x \\ge 0\\end{cases}\n$$\n\n"
               "$$\na \\ \\\nb\n$$\n")
    assert len(doc.find_all("math")) == 2 and len(doc.find_all("mtr")) == 2


def test_a_star_escaped_for_markdown_is_a_star() -> None:
    """`K^\\*` (a star escaped so that Markdown leaves it alone, in a real Jekyll site's
    complementarity problems) failed the build as an unknown command `\\*`; `\\\\*`
    (a row break, then a star) stays a row break."""
    rendered = render("$$\nx\\in K,\\quad F(x)\\in K^\\*\n$$\n\n"
                      "$$\n\\begin{aligned} a \\\\* b \\end{aligned}\n$$\n")
    assert rendered.problems == ()
    doc = parse_html(rendered.html)
    assert doc.find_all("math")[0].find_all("msup")[0].text() == "K∗"
    assert len(doc.find_all("math")[1].find_all("mtr")) == 2


def test_a_minus_escaped_for_markdown_is_a_minus() -> None:
    """`\\-` starting a line of a display (so that Markdown does not read a list item,
    in a real HackMD-written Hugo post) failed the build as an unknown command."""
    rendered = render("$$\n\\Bigg( \\mathbf{I}\n\\-\nA \\Bigg)\n$$\n")
    assert rendered.problems == ()
    assert "−" in parse_html(rendered.html).one("math").text()


@pytest.mark.parametrize(("text", "hint_start"), [
    ("$$\n\\begin{aligned}\na &= b \\tag{1} \\\\\nc &= d \\tag{2}\n\\end{aligned}\n$$\n",
     "rows of `aligned`"),
    # (an inline `\\tag` is its number set after it: `test_math_sweep_six`)
    ("Inline $a \\label{a}$ here.\n", "`\\tag` and `\\label` belong to a display formula"),
    # (a Quarto course book's `$$ \begin{equation}\label{q} … $${#eq-q}`)
    ("$$\n\\begin{equation}\\label{q}\nQ = 1\n\\end{equation}\n$$ {#eq-q}\n",
     "the formula has two labels"),
])
def test_a_misplaced_tag_is_explained_where_it_is(text: str, hint_start: str) -> None:
    """Inside `$$`, telling the writer to use `$$` was no help: the `aligned` rows are
    what refuse the tag."""
    [problem] = render(text).problems
    assert problem.hint is not None and problem.hint.startswith(hint_start)


def test_quarto_and_pandoc_crossref_labels() -> None:
    """Quarto's `$$ … $$ {#eq-x}` / `@eq-x` and `![…](…){#fig-x}` / `@fig-x` (and
    pandoc-crossref's `{#eq:x}`) were shown as raw text, the formula demoted to inline."""
    doc = tree("$$\na = b\n$$ {#eq-quarto}\n\n$$ c = d $$ {#eq:pandoc}\n\n"
               "See @eq-quarto, @eq:pandoc and @fig-arch.\n\n"
               '![arch](arch.png "架构"){#fig-arch}\n')
    assert [d["class"] for d in doc.find_all("div") if "math-display" in d.classes] == [
        "math-display numbered"] * 2
    assert {"eq-quarto", "eq:pandoc", "fig-arch"} <= doc.ids()
    refs = [(a["href"], a.text()) for a in doc.find_all("a") if a["href"].startswith("#")]
    assert refs == [("#eq-quarto", "(1)"), ("#eq:pandoc", "(2)"), ("#fig-arch", "图 1")]
    assert "{#" not in doc.text() and "@" not in doc.text()


def test_a_labelled_align_display_is_numbered_once() -> None:
    """`$$\\begin{align} … \\end{align}$$ {#eq-x}` (a Quarto post's system of two
    update rules): Quarto numbers the display once; each row had a number, the label on
    the first, and the next equation was "(3)"; with a row's `\\nonumber`, the label
    was on that row, and the build failed. An `align` labelling its own rows keeps
    them."""
    doc = tree("$$\n\\begin{align}\nm &= \\beta m + g \\\\\nw &= w - m\n\\end{align}\n"
               "$$ {#eq-update}\n\n$$\nv = 0\n$$ {#eq-init}\n\n"
               "$$\n\\begin{gather}\na = 1 \\\\\nb = 2\n\\end{gather}\n$$ (eq:pair)\n\n"
               "See @eq-update, @eq-init and @eq:pair.\n\n"
               "$$\n\\begin{align}\nx &= 1 \\nonumber \\\\\ny &= 2\n\\end{align}\n"
               "$$ {#eq-own}\n\n"
               "\\begin{align}\np &= 1 \\label{eq:p} \\\\\nq &= 2\n\\end{align}\n\n"
               "By @eq-own and \\eqref{eq:p}.\n")
    refs = [(a["href"], a.text()) for a in doc.find_all("a") if a["href"].startswith("#")]
    assert refs == [("#eq-update", "(1)"), ("#eq-init", "(2)"), ("#eq:pair", "(3)"),
                    ("#eq-own", "(4)"), ("#eq:p", "(5)")]
    numbered = [d for d in doc.find_all("div") if "math-display" in d.classes]
    assert [re.findall(r"\(\d\)", d.text()) for d in numbered] == [
        ["(1)"], ["(2)"], ["(3)"], ["(4)"], ["(5)", "(6)"]]


def test_a_label_beside_the_tag_after_an_equation_labels_it() -> None:
    """`\\end{equation}\\tag{3}\\label{eq:seq}` (a physics blog's numbered step, as
    MathJax took it): the tag was moved into the equation, the label left outside, and
    the build failed ("\\label … may only appear in a numbered equation")."""
    doc = tree("$$\n\\begin{equation}\np(x_1, x_2) = p(x_1) p(x_2).\n\\end{equation}\n"
               "\\tag{3}\n\\label{eq:seq}\n$$\n\nBy \\eqref{eq:seq}.\n")
    assert [(a["href"], a.text()) for a in doc.find_all("a")] == [("#eq:seq", "(3)")]
    assert doc.one("mtd", id="eq:seq").text() == "(3)"


def test_a_formula_in_a_figure_caption_renders() -> None:
    """A caption is the image's title, an attribute: its `$…$` was shown as raw TeX."""
    rendered = render('![曲线](loss.png "损失 $\\mathcal{L}$ 曲线")\n\n'
                      '![坏](bad.png "错 $\\frac{a$")\n')
    caption = parse_html(rendered.html).find_all("figcaption")[0]
    assert caption.find("math") is not None and "$" not in caption.text()
    [problem] = rendered.problems
    assert problem.line == 3 and "closing" in problem.message
    # (the caret under the formula's end, in the title: `{a` is not closed)
    assert problem.excerpt.split("\n")[1].index("^") == 26


@pytest.mark.parametrize("env", ["aligned", "cases", "rcases"])
def test_one_tag_inside_rows_numbers_the_display(env: str) -> None:
    """MathJax tags the whole display with a `\\tag` written inside `aligned` or `cases`
    (imported posts have them); math-core refused it and the build failed."""
    doc = tree(f"$$\nf = \\begin{{{env}}} a & b \\tag{{2.1}} \\\\ c & d \\end{{{env}}}\n$$\n")
    assert "(2.1)" in doc.text()


@pytest.mark.parametrize("formula", [
    "\\label{eq:sum}\nS = a_1 + a_2 + ... = \\\\\n= \\sum_k a_k.\\tag{3}",
    "\\left\\{\\begin{align*}\nT_0 = 1, \\\\\nT_{n+1} = 2xT_n - T_{n-1}.\n"
    "\\end{align*}\\right.\\label{eq:sum}\\tag{3}",
])
def test_a_label_beside_rows_labels_the_display(formula: str) -> None:
    """A Quarto blog's (MathJax) series and recurrence: `$$\\label{eq:2} F = … = \\\\
    = …\\tag{2}$$`, whose rows go in `gathered`, and a `\\label` after
    `\\end{align*}\\right.`: MathJax labels and numbers the whole display; the label, left
    inside the rows or outside any numbered environment, failed the build."""
    doc = tree(f"$$\n{formula}\n$$\n\nBy \\eqref{{eq:sum}}.\n")
    assert doc.one("mtd", id="eq:sum").text() == "(3)"
    assert doc.one("a", class_="eqref").text() == "(3)"
    assert len(doc.one("div", class_="math-display").find_all("mtr")) >= 2


@pytest.mark.parametrize(("formula", "shown"), [
    ("a = b \\tag 4\\\\", "(4)"),  # (a row break after it)
    ("a = b \\tag*5 \\\\ c = d", "5"),
    ("f = \\begin{aligned} a &= b \\tag 6 \\end{aligned}", "(6)"),
])
def test_a_tag_without_braces_numbers_the_display(formula: str, shown: str) -> None:
    """`\\tag 4`, its argument one token without braces as TeX (and MathJax and KaTeX)
    reads it, before a line break or inside rows: only `\\tag{4}` was moved where
    math-core takes it, so the build failed."""
    doc = tree(f"$$\n{formula}\n$$\n")
    assert shown in doc.text()


def test_a_line_break_outside_environments_breaks_the_line() -> None:
    """`$$ a \\\\ b $$` is two lines in KaTeX (the renderer of the Hexo and Jekyll sites such
    posts come from); math-core dropped the `\\\\` and ran them together, silently."""
    doc = tree("$$\nx_t = a \\\\\ny_t = b\n$$\n")
    assert len(doc.find_all("mtr")) == 2


@pytest.mark.parametrize("formula", [
    "\\gamma = \\frac{a}{b} \\times 100 \\\\%",
    "x = 1 \\tag{2} % the second",
    "y = 3 % a comment ending the display",
])
def test_a_comment_ending_the_display_keeps_the_wrapping_environment(formula: str) -> None:
    """`\\times 100 \\\\%` (a row break, then `%`, a comment to the line's end, as a
    NexT post on hexo-renderer-pandoc wrote it for MathJax): the environment wrapped
    round the display (`gathered` for its break, `equation` for its tag) was closed on
    that line, inside the comment, and the build failed on `\\begin` never ended."""
    doc = tree(f"$$\n{formula}\n$$\n")
    assert doc.find_all("math") and "Expected" not in doc.text()


def test_angle_brackets_written_as_delimiters() -> None:
    """`\\left< x \\right>` (TeX's old spelling, which MathJax and KaTeX read) failed the
    build: math-core knows only `\\langle` and `\\rangle`."""
    doc = tree("$\\left< x, y \\right>$ and $\\bigl< a \\bigr>$ but $a < b > c$\n")
    text = doc.text()
    assert text.count("⟨") == 2 and text.count("⟩") == 2 and "<" in text



def test_a_sized_delimiter_in_braces() -> None:
    """`\\Big{[} … \\Big{]}` (an RLHF paper's notes): `\\Big` takes one argument in TeX,
    and a brace group of one delimiter is that delimiter, as LaTeX and MathJax read it;
    math-core wanted the delimiter right after the command and failed the build."""
    doc = tree("$\\mathbb{E}\\Big{[}\\log\\pi(s)\\Big{]}$ and $\\bigl{\\{} x \\bigr{\\}}$ "
               "and $\\big{<} a \\big{|}$\n")
    assert "Expected" not in doc.text() and len(doc.find_all("math")) == 3
    text = doc.text()
    assert "[" in text and "]" in text and "{" in text and "}" in text and "⟨" in text
    assert "|" in text


def test_angle_brackets_as_delimiters_right_before_a_letter() -> None:
    """`\\left<x,Ax\\right>` (no space after `<`, as MathJax reads it) became
    `\\left\\langlex`, an unknown command that failed the page."""
    doc = tree("$q(x)=\\left<x,Ax\\right>-\\left<x,b\\right>$\n")
    text = doc.text()
    assert text.count("⟨") == 2 and text.count("⟩") == 2 and "x" in text


def test_a_summary_reads_the_numbers_of_equation_and_figure_references() -> None:
    """A summary left a hole where `@eq-x`, `\\ref{x}` or `@fig-x` stood ("如图 与式
    所示"): it reads their numbers, as the page does."""
    rendered = render("如图 @fig-arch 与式 @eq-a 所示，\\ref{eq-a}。\n\n$$\na=b\n$$ {#eq-a}\n\n"
                      '![arch](arch.png "架构"){#fig-arch}\n')
    assert rendered.problems == ()
    assert rendered.excerpt == "如图 图 1 与式 (1) 所示，1。"
    refs = [a.text() for a in parse_html(rendered.html).find_all("a")]
    assert refs == ["图 1", "(1)", "1"]


@pytest.mark.parametrize(("tex", "under", "name"), [
    ("\\mathop{\\arg\\max}_{\\theta} J", True, "arg max"),
    ("\\mathop{\\mathrm{argmax}}_{\\theta} J", True, "argmax"),
    ("\\mathop{\\rm arg\\,max}\\limits_\\theta J", True, "arg max"),
    ("\\mathop{\\arg\\min}\\nolimits_\\theta J", False, "arg min"),
    # a long Chinese ML blog (0809zheng.github.io): a name in `\\text`, MathJax's `\\Bbb`,
    # a graph network's aggregation `\\mathop{\\square}\\limits` (all failed the build)
    ("\\mathop{\\text{mean}}_{i_k} A", True, "mean"),
    ("\\mathop{\\Bbb{E}}_{x \\sim p} f", True, "𝔼"),
    ("\\mathop{\\square}\\limits_{j \\in N(i)} h_j", True, "□"),
    # a style between the operator and its `\\limits` (an analysis blog's
    # `\\max\\displaystyle\\limits_{1 \\leq i \\leq k}`, which MathJax took)
    ("M = \\max\\displaystyle\\limits_{1 \\leq i \\leq k} a_i", True, "max"),
])
def test_mathop_puts_its_limits_below_in_a_display(tex: str, under: bool, name: str) -> None:
    """TeX's `\\mathop` takes its limits below in a display unless `\\nolimits`; they
    were put beside it (`\\mathop{\\arg\\max}_\\theta`, in many an ML post), and
    `\\arg\\max` lost the thin space between its two operators ("argmax")."""
    math = tree(f"$$\n{tex}\n$$\n").one("math")
    op = math.find("munder" if under else "msub")
    assert op is not None, math
    assert op.text().startswith(name)


@pytest.mark.parametrize(("tex", "stacked"), [
    ("S_t \\mathop{\\rightarrow}\\limits^{A_t} R_{t+1}", ("mover",)),
    ("x \\mathop{\\longrightarrow}\\limits_{n \\to \\infty}^{p} y", ("munder", "mover")),
    ("a \\mathop{\\sim}\\nolimits^{i.i.d.} b", ("msup",)),
    # no braces: TeX's argument is the one token (a functional-analysis note's)
    ("f_n\\mathop\\longrightarrow\\limits^{L^2} f", ("mover",)),
])
def test_mathop_of_a_symbol_sets_its_scripts_as_limits(tex: str,
                                                       stacked: tuple[str, ...]) -> None:
    """`S_t \\mathop{\\rightarrow}\\limits^{A_t} R_{t+1}` (a trajectory's step labelled
    with its action, in a reinforcement-learning note) was a build error: math-core
    takes `\\limits` after an operator only. The label goes over the arrow, as in TeX;
    `\\nolimits` leaves it beside."""
    math = tree(f"设轨迹 ${tex}$。\n").one("math")
    arrow = math.find(stacked[0])
    assert arrow is not None, math
    assert [e.tag for e in arrow.elements()][:1] == [stacked[1] if len(stacked) > 1
                                                      else "mo"]


@pytest.mark.parametrize(("tex", "rows"), [
    ("\\left[\\begin{array}\\\\x_1\\\\y_1\\end{array}\\right]", [["x1"], ["y1"]]),
    ("\\left[\\begin{array}{}0&-1\\\\1&0\\end{array}\\right]", [["0", "−1"], ["1", "0"]]),
])
def test_an_array_without_column_letters_is_centred_columns(tex: str,
                                                            rows: list[list[str]]) -> None:
    """`\\begin{array}\\\\x\\\\y\\end{array}` (a column vector in notes on 统计学习方法) and
    `\\begin{array}{}`: MathJax takes the next token for the column spec and keeps its
    `l`, `c`, `r` letters, none here; math-core refused the formula (16 build errors)."""
    table = tree(f"向量 ${tex}$。\n").one("mtable")
    assert [[cell.text() for cell in row.find_all("mtd")]
            for row in table.find_all("mtr")] == rows


def test_plain_tex_math_italic_makes_a_capital_greek_letter_italic() -> None:
    """`U\\mit\\Sigma V^\\mathrm{T}` (plain TeX's math italic, which MathJax has; an SVD
    note's italic Σ) was an unknown command, a build error each time (27 on one site)."""
    math = tree("分解 $A = U\\mit\\Sigma V^\\mathrm{T}$，$\\mit x$。\n").find_all("math")
    assert [m.text() for m in math] == ["A=U𝛴VT", "x"]
    assert math[0].one("msup").elements()[0].text() == "V"


def test_mathop_around_an_operator_with_its_own_limits_converts() -> None:
    """`\\mathop{\\arg\\min\\limits_{R, t}}` (a vision course's note: the limits written
    inside the group, after the second word) was "could not extract text"; MathJax sets
    `arg min` with `R, t` under `min`."""
    rendered = render("$$\n\\mathop{\\arg\\min\\limits_{R, \\mathbf{t}}} \\sum_i e_i\n$$\n")
    assert rendered.problems == ()
    math = parse_html(rendered.html).one("math")
    under = math.find("munder")
    assert under is not None and under.text().startswith("min")
    assert "arg" in math.text()


def test_a_size_switch_in_math_inside_text_sizes_that_math() -> None:
    """`\\text{… $\\tiny \\{v_1\\}$,}` (an algorithms note's case of a recurrence): the
    switch was taken for text's, left to math-core, which refused it in the math pulled
    out of the text ("not valid in math mode"). MathJax sets the set small."""
    rendered = render("$$\nd = \\text{in the set $\\tiny \\{v_1, v_2\\}$, else}\n$$\n")
    assert rendered.problems == ()
    math = parse_html(rendered.html).one("math")
    small = math.one("mstyle")
    assert "0.5" in small["style"] and small.text() == "{v1,v2}"
    assert [t.text().strip() for t in math.find_all("mtext")] == ["in the set", ", else"]


def test_an_array_with_an_empty_column_spec_centres_its_columns() -> None:
    """`\\begin{array}` with `{}` on the next line (Strassen's seven products in an
    algorithms note exported from Typora): KaTeX and MathJax centre the columns, math-core
    refused the empty spec ("expected column specification")."""
    rendered = render("$$\n\\begin{array}\n{}P_1 = A(F-H) &P_5 = (A+D)(E+H) \\\\\n"
                      "P_4 = D(G-E)\n\\end{array}\n$$\n")
    assert rendered.problems == ()
    rows = parse_html(rendered.html).one("math").find_all("mtr")
    assert [len(r.find_all("mtd")) for r in rows] == [2, 1]


def test_a_short_radicand_gets_the_height_of_a_letter_with_an_ascender() -> None:
    """`O(n\\sqrt{n})`: Chromium sized the surd to the x-height of `n`, its bar cut into
    the letter and the sign sank below the line (it read like "O(nπ)"). Under TeX's
    smallest surd a radicand is as tall as `b`; a zero-width strut makes it so. The
    formula's text is unchanged."""
    rendered = render("复杂度 $O(n\\sqrt{n})$ 与 $\\sqrt[3]{x}$。\n")
    doc = parse_html(rendered.html)
    sqrt, root = doc.one("msqrt"), doc.one("mroot")
    strut = sqrt.children[0]
    assert isinstance(strut, Element) and (strut.tag, strut["height"]) == ("mspace", "0.7em")
    row = root.children[0]
    assert isinstance(row, Element) and row.tag == "mrow"
    assert isinstance(row.children[0], Element) and row.children[0].tag == "mspace"
    assert rendered.excerpt == "复杂度 O(n√n) 与 ∛x。"


@pytest.mark.parametrize(("tex", "text"), [
    ("\\require{cancel} \\cancel{a} + b", "a+b"),
    ("\\mathds{1}\\{x>0\\}", "𝟙{x>0}"),
    ("\\mathbbm{1}_A", "𝟙A"),
    # KaTeX's colons, in notes written for Quartz and Obsidian (dodolalorc/quartz-blogs)
    ("(x\\ordinarycolon y)", "(x:y)"), ("a \\vcentcolon= b", "a:=b"),
    # plain TeX's delimiter pieces, a norm in deep-learning notes (taksau.github.io)
    ("\\Arrowvert x \\Arrowvert_{2}", "‖x‖2"),
    ("\\left\\arrowvert y \\right\\arrowvert", "|y|"),
    # MathJax's script switch, a Fourier transform's `\\scr{F}` (0809zheng.github.io)
    ("z = \\scr{F}(x)", "z=\u2131\ufe01(x)"), ("{\\scr F}^{-1}", "\u2131\ufe00−1"),
    # a confusion matrix's corner: a backslash MathJax showed as written in the text
    ("\\text{真实情况\\预测结果}", "真实情况\\预测结果"),
    # a multiple integral written as one operator (the same blog's probability notes)
    ("\\mathop{\\int \\cdots \\int}_{D} f", "∫⋯∫Df"),
    # LaTeX's `\ensuremath`, in a paper's title a physics blog's references.bib holds
    ("\\ensuremath{\\sigma}\\text{-model}", "σ-model"),
])
def test_mathjax_and_paper_commands_render(tex: str, text: str) -> None:
    """MathJax's `\\require{cancel}` (in posts written for MathJax) and the indicator
    function's `\\mathds{1}` / `\\mathbbm{1}` (dsfont, bbm: copied from papers) failed
    the build as unknown commands."""
    rendered = render(f"${tex}$\n")
    assert rendered.problems == ()
    assert tree(f"${tex}$\n").one("math").text() == text


@pytest.mark.parametrize(("tex", "hint_has"), [
    ("\\KL(p\\|q)", "math_macros"),
    ("A \\xor B", "\\oplus"),
    ("\\xymatrix{A \\ar[r] & B}", "\\begin{CD}"),
    ("\\begin{tikzcd} A \\arrow[r] & B \\end{tikzcd}", "\\begin{CD}"),
])
def test_an_unknown_command_says_what_it_likely_is(tex: str, hint_has: str) -> None:
    """A macro the old site's MathJax defined (`\\KL`) was "a command KaTeX has but
    math-core lacks, or a typo" (as `\\bbox` was, which Lanting now draws); so were
    `\\or` and `\\and` (a real Hexo post's CNF), which TeX spells `\\lor` and `\\land`
    (now read as those, as Typora's texvc did: `test_typora_texvc_names_render`).
    xy-pic's `\\xymatrix` (a real Quarto blog's diagrams, drawn by MathJax's xyjax) and
    `tikzcd` say to redraw them with `CD` or as an image."""
    (problem,) = render(f"${tex}$\n").problems
    assert hint_has in (problem.hint or "")


@pytest.mark.parametrize(("tex", "text"), [
    ("\\ce{H2O}", "H₂O"),
    ("\\ce{SO4^2- + Ba^2+ -> BaSO4 v}", "SO₄²⁻+Ba²⁺ → BaSO₄↓"),
    ("\\ce{NO3-}", "NO₃⁻"), ("\\ce{[AgCl2]-}", "[AgCl₂]⁻"), ("\\ce{Ca(OH)2}", "Ca(OH)₂"),
    ("\\ce{[Hg^{II}I4]^2-}", "[Hg^{II}I₄]²⁻"), ("\\ce{Hg^2+ ->[I-] HgI2}", "Hg²⁺ →^{I⁻} HgI₂"),
    ("\\ce{A <=> B}", "A ⇌ B"), ("\\ce{Zn + 2HCl -> ZnCl2 + H2 ^}", "Zn+2HCl → ZnCl₂+H₂↑"),
    ("\\ce{$A$ ->[\\ce{+H2O}] $B$}", "A →^{+H₂O} B"),
    ("\\pu{123 kJ*mol-1}", "123kJ⋅mol⁻¹"),
])
def test_mhchem_formulae_and_units(tex: str, text: str) -> None:
    """`\\ce{…}` and `\\pu{…}` (mhchem, which MathJax loads by itself) failed the build as
    unknown commands on chemistry blogs."""
    from lanting.markdown.mathtext import mathml_text

    rendered = render(f"${tex}$\n")
    assert rendered.problems == ()
    assert mathml_text(rendered.html[rendered.html.index("<math"):]) == text


def test_an_mhchem_formula_lanting_cannot_read_is_an_error() -> None:
    (problem,) = render("$\\ce{Fe@x}$\n").problems
    assert "`@x`" in problem.message and "\\mathrm" in (problem.hint or "")


@pytest.mark.parametrize(("tex", "text"), [
    ("\\operatorname{RMSLE(y(t), \\hat y(t))}", "RMSLE(y(t), ŷ(t))"),
    ("\\operatorname{top_k}(x)", "top_k(x)"),
    ("\\operatorname*{arg\\,max}_x f", "arg\u2009max_x f"),  # (a plain name stays one)
    # (operator names nested in one another, as formulas converted from a PDF write
    # them: MathJax sets the one name; math-core could not read the nest)
    ("\\underset{a}{\\operatorname*{\\operatorname*{\\operatorname*{argmax}}}}Q",
     "argmax_a Q"),
    ("\\operatorname{\\operatorname{\\operatorname{Var}}}(X)", "Var(X)"),
])
def test_an_operator_name_with_math_in_it(tex: str, text: str) -> None:
    """`\\operatorname{RMSLE(y(t), \\hat y(t))}` (a real MkDocs site's) is upright text with
    math in MathJax; math-core failed on it ("could not extract text")."""
    from lanting.markdown.mathtext import mathml_text

    rendered = render(f"$${tex}$$\n")
    assert rendered.problems == ()
    assert mathml_text(rendered.html[rendered.html.index("<math"):]) == text


def test_a_cd_label_may_hold_a_command_with_the_arrows_letter() -> None:
    """`@V\\Vert VV` ended the label at the `V` of `\\Vert`; an arrow Lanting cannot read
    was "Found `&`…", which named nothing of it."""
    from lanting.markdown.mathtext import mathml_text

    rendered = render("$$\\begin{CD} A @>\\alpha>> B \\\\ @V\\Vert VV @. \\\\ C @. D\\end{CD}$$\n")
    assert rendered.problems == ()
    assert "‖↓" in mathml_text(rendered.html[rendered.html.index("<math"):])
    (problem,) = render("$$\\begin{CD} A @>a\\>> B \\end{CD}$$\n").problems
    assert "an arrow of the `CD` diagram" in problem.message


@pytest.mark.parametrize(("tex", "text"), [
    ("\\qty(\\frac{a}{b})", "(a/b)"), ("\\qty[x+1]", "[x+1]"), ("\\qty{a}", "{a}"),
    ("\\qty|x|", "|x|"), ("\\abs{x}", "|x|"), ("\\abs*{x}", "|x|"), ("\\norm{\\vb{v}}", "‖𝐯‖"),
    ("\\order{n^2}", "𝒪(n²)"), ("\\vb{E}", "𝐄"), ("\\vb*{\\sigma}", "𝝈"),
    ("\\grad f \\vdot \\vb{A} \\cross \\vb{B}", "∇f⋅𝐀×𝐁"), ("\\laplacian u", "∇²u"),
    ("\\int f \\dd{x}", "∫fdx"), ("\\dd[3]{r}", "d³r"), ("\\dv{f}{x}", "df/dx"),
    ("\\dv[2]{f}{t}", "d²f/dt²"), ("\\dv{x}", "d/dx"), ("\\pdv{f}{x}", "∂f/∂x"),
    ("\\pdv{f}{x}{y}", "∂²f/∂x∂y"), ("\\pdv[2]{u}{x}", "∂²u/∂x²"), ("\\dv*{y}{x}", "dy/dx"),
    ("\\expval{H}", "⟨H⟩"), ("\\expval{H}{\\psi}", "⟨ψ|H|ψ⟩"), ("\\mel{n}{H}{m}", "⟨n|H|m⟩"),
    ("\\comm{A}{B}", "[A, B]"), ("\\mqty(a & b \\\\ c & d)", "(a b; c d)"),
    ("\\eval{x^2}_0^1", "x²|₀¹"), ("\\abs{\\qty(x)}", "|(x)|"),
])
def test_the_physics_package(tex: str, text: str) -> None:
    """`\\qty`, `\\abs`, `\\dv`, `\\pdv`, `\\vb`, `\\dd`, … (MathJax's `[tex]/physics`, which
    physics and signals notes load): a real MkDocs site of course notes failed with 820
    errors, most of them these commands unknown to math-core."""
    from lanting.markdown.mathtext import mathml_text

    rendered = render(f"${tex}$\n")
    assert rendered.problems == ()
    shown = mathml_text(rendered.html[rendered.html.index("<math"):])
    assert shown.replace("\u2061", "") == text


@pytest.mark.parametrize(("tex", "text"), [
    ("\\ev{H}", "⟨H⟩"), ("\\ev{H}{\\psi}", "⟨ψ|H|ψ⟩"), ("\\matrixel{n}{H}{m}", "⟨n|H|m⟩"),
    ("\\derivative{f}{x}", "df/dx"), ("\\quantity(x)", "(x)"), ("\\commutator{A}{B}", "[A, B]"),
    ("\\mdet{a & b \\\\ c & d}", "|a b; c d|"),
])
def test_the_physics_packages_other_names(tex: str, text: str) -> None:
    """`\\ev{\\hat{\\mathsf{T}}\\qty[…]}` (a real Chirpy blog's Green's functions, 42
    formulas): the package's short and long names for a command are the same command;
    only `\\expval` was read, and `\\ev` was "Unknown command"."""
    from lanting.markdown.mathtext import mathml_text

    rendered = render(f"${tex}$\n")
    assert rendered.problems == ()
    shown = mathml_text(rendered.html[rendered.html.index("<math"):])
    assert shown.replace("\u2061", "") == text


@pytest.mark.parametrize(("tex", "text"), [
    ("\\frac{\\part L}{\\part w}", "∂L/∂w"), ("\\part_t u", "∂_t u"),
    ("z \\in \\C, q \\in \\Q", "z∈ℂ,q∈ℚ"), ("(A \\or B) \\and C", "(A∨B)∧C"),
    ("\\ang ABC", "∠ABC"), ("5\\euro", "5€"),
    # a row break before a letter is no alias: `\\C` is a break, then C
    ("\\begin{aligned} \\part a \\\\C \\end{aligned}", "∂a;C"),
])
def test_typora_texvc_names_render(tex: str, text: str) -> None:
    """Typora drew formulas with MathJax 2 and its `mediawiki-texvc` extension, so notes
    written there say `\\part` for ∂ (and `\\C`, `\\and`, `\\or`, `\\ang`): a real
    deep-learning course's notes (MathsCode/DeepLearning) failed the build on every
    `\\frac{\\part J}{\\part w}` as an unknown command."""
    from lanting.markdown.mathtext import mathml_text

    rendered = render(f"$${tex}$$\n")
    assert rendered.problems == ()
    shown = mathml_text(rendered.html[rendered.html.index("<math"):])
    assert shown.replace("\u2061", "").replace(" ", "") == text.replace(" ", "")


@pytest.mark.parametrize(("spec", "columns"), [("**lr**", 2), ("*{3}{c}", 3),
                                               ("l*{2}{c}|r", 4)])
def test_stars_in_an_array_column_spec(spec: str, columns: int) -> None:
    """`\\begin{array}{**lr**}` (ReLU written as a much-copied Chinese tutorial has it,
    in Typora notes; MathJax 2 ignored the stars) and `*{3}{c}` (LaTeX's repeated
    columns) failed the build ("Expected column specification")."""
    row = " & ".join("x" * (i + 1) for i in range(columns))
    doc = tree(f"$$\nf = \\left\\{{ \\begin{{array}}{{{spec}}} {row} \\\\ {row} "
               "\\end{array} \\right.\n$$\n")
    assert [len(r.find_all("mtd")) for r in doc.find_all("mtr")] == [columns, columns]


@pytest.mark.parametrize(("spec", "aligns"), [
    ("@{}ll@{}", ["left", "left"]), ("r@{\\,}l", ["right", "left"]),
    ("@{} c | r @{ }", [None, "right"])])
def test_an_empty_at_in_an_array_column_spec_is_dropped(spec: str,
                                                        aligns: list[str | None]) -> None:
    """`\\begin{array}{@{}ll@{}}` (a piecewise function as a much-copied answer writes
    it, in a Jekyll post on matrix transposes; MathJax 3 reads `@{}`: no space at that
    edge) failed the build with "Expected non-special ASCII characters". The columns
    keep their alignment."""
    doc = tree(f"$$\nf = \\left\\{{ \\begin{{array}}{{{spec}}} 1, & x > 0 \\\\ 0, & x \\le 0 "
               "\\end{array} \\right.\n$$\n")
    rows = doc.find_all("mtr")
    assert [len(r.find_all("mtd")) for r in rows] == [2, 2]
    styles = [cell.get("style") or "" for cell in rows[0].find_all("mtd")]
    assert [next((a for a in ("left", "right") if f"text-align: {a}" in style), None)
            for style in styles] == aligns


def test_an_at_holding_text_in_an_array_column_spec_is_a_column_of_it() -> None:
    """(MathJax 3.2 sets what `@{…}` holds in a column of its own, in every row.)"""
    doc = tree("$\\begin{array}{c@{=}c} a & b \\end{array}$\n")
    assert [c.text() for c in doc.find_all("mtd")] == ["a", "=", "b"]


@pytest.mark.parametrize(("opening", "aligns"), [
    ("\\begin{array} \\\\", [None, None]), ("\\begin{array}l", ["left", None]),
    ("\\begin{array}[t]{rl}", ["right", "left"]), ("\\begin{array} [ c ] {cl}", [None, "left"])])
def test_an_array_spec_of_one_token_or_with_a_position(opening: str,
                                                       aligns: list[str | None]) -> None:
    """`\\begin{array} \\\\` (a probability notes post on MathJax 2, which took the one
    token as the spec and centred the columns) and `\\begin{array}[t]{rl}` (a position,
    which MathJax reads) failed the build with "Expected non-special ASCII characters"."""
    result = render(f"$$\n{opening}\nx &= a \\\\\ny &= b\n\\end{{array}}\n$$\n")
    assert result.problems == ()
    rows = parse_html(result.html).find_all("mtr")
    assert [len(r.find_all("mtd")) for r in rows] == [2, 2]
    styles = [cell.get("style") or "" for cell in rows[0].find_all("mtd")]
    assert [next((a for a in ("left", "right") if f"text-align: {a}" in style), None)
            for style in styles] == aligns


def test_a_physics_command_without_its_arguments_is_an_error() -> None:
    (problem,) = render("$\\dv$\n").problems
    assert "`\\dv`" in problem.message and "physics" in problem.message


@pytest.mark.parametrize(("tex", "text"), [
    ("\\mathop{\\mathbb E} g", "𝔼 g"), ("\\mathop{\\mathbb{E}}_{x\\sim p} g", "𝔼_{x∼p} g"),
    ("f\\/(x)", "f(x)"), ("20\\celsius", "20°C"), ("5\\ohm", "5Ω"),
])
def test_what_mathjax_reads_and_math_core_refused(tex: str, text: str) -> None:
    """`\\mathop{\\mathbb E}` (an expectation) was "could not extract text"; `\\/` (an
    italic correction) and gensymb's `\\celsius` were unknown commands."""
    from lanting.markdown.mathtext import mathml_text

    rendered = render(f"${tex}$\n")
    assert rendered.problems == ()
    shown = mathml_text(rendered.html[rendered.html.index("<math"):])
    assert shown.replace("\u2061", "") == text


@pytest.mark.parametrize("definition", [
    "\\DeclareMathOperator\\expect{\\mathbb{E}}",
    "\\DeclareMathOperator\\expect{\\operatorname{\\mathbb{E}}}",
    "\\newcommand\\expect{\\mathop{\\mathbb E}}",
])
def test_a_page_macro_is_rewritten_like_a_formula(definition: str) -> None:
    """A page's macro went to math-core as written, so what Lanting rewrites in formulas
    (`\\mathbb` in an operator, `\\left<`, the physics package) failed in every formula
    using it."""
    rendered = render(f"$$\n{definition}\n\\newcommand\\pair[1]{{\\left<#1\\right>}}\n$$\n\n"
                      "$\\expect \\pair{X, \\abs{Q}}$\n")
    assert rendered.problems == ()
    assert "𝔼" in rendered.html and "⟨" in rendered.html


def test_an_empty_display_formula_does_not_pair_with_the_next() -> None:
    """`$$`, a blank line, `$$` (a derivation a real Hexo post never wrote): the first
    `$$` stayed text, the second opened a formula that ran to the following formula's
    `$$`, the prose between became math, and that formula's TeX was left in the page."""
    doc = tree("由此推导：\n\n$$\n\n$$\n\n另一个组合子：\n\n$$\nZ = \\lambda f. f\n$$\n\n完。\n")
    assert [p.text() for p in doc.find_all("p")] == ["由此推导：", "另一个组合子：", "完。"]
    (block,) = doc.find_all("div", class_="math-display")
    assert "λ" in block.one("math").text()


@pytest.mark.parametrize(("tex", "text"), [
    ("\\unicode{x1D7D9}(y_i \\ne c)", "𝟙(y_i ≠ c)"), ("\\unicode{8721} a", "∑a"),
    ("\\unicode[.8,0][Garamond]{0x263A}", "☺"),
])
def test_mathjax_unicode_is_the_character(tex: str, text: str) -> None:
    """`\\unicode{x1D7D9}` (MathJax's, the indicator 𝟙 of a real NexT blog's SVM post)
    failed the build: "Unknown command"."""
    from lanting.markdown.mathtext import mathml_text

    rendered = render(f"${tex}$\n")
    assert rendered.problems == ()
    assert mathml_text(rendered.html[rendered.html.index("<math"):]) == text


@pytest.mark.parametrize(("tex", "text"), [
    ("x_iw_\\color{green}{c}-x_i", "x_i w_c−x_i"), ("x^\\color{red} 2", "x²"),
    ("w_\\color{blue}\\alpha", "w_α"),
])
def test_a_colour_switch_as_a_script_colours_the_script(tex: str, text: str) -> None:
    """`w_\\color{green}{c}` (a real NexT blog's gradient, written for MathJax 2, whose
    `\\color` took its math as an argument) failed the build: "Switch-like commands
    cannot be used as arguments"."""
    from lanting.markdown.mathtext import mathml_text

    rendered = render(f"${tex}$\n")
    assert rendered.problems == ()
    mathml = rendered.html[rendered.html.index("<math"):]
    assert mathml_text(mathml) == text and "color:" in mathml


@pytest.mark.parametrize(("tex", "colour"), [
    ("\\color{crimson} G", "#DC143C"), ("\\textcolor{DodgerBlue}{x}", "#1E90FF"),
    ("{\\color{Teal} a} + b", "#008080"), ("\\color{red} x", "#FF0000"),
])
def test_a_css_colour_name_colours_the_formula(tex: str, colour: str) -> None:
    """`\\color{crimson}`, `\\textcolor{DodgerBlue}` (a real Chirpy blog's Feynman
    diagrams' terms): MathJax hands a colour name it has no table entry for to the
    browser, so any CSS colour name works; math-core knows xcolor's and dvipsnames' only,
    and the build failed with "Unknown color"."""
    rendered = render(f"${tex}$\n")
    assert rendered.problems == ()
    assert f"color:{colour}" in rendered.html


@pytest.mark.parametrize(("tex", "colour", "tag"), [
    ("X {\\color{#008B45FF}\\perp} Y", "#008B45", "mo"),
    ("\\textcolor{#008B45FF}{x}", "#008B45", "mi"),
    ("{\\color{#0B4F} z}", "#00BB44", "mi"),
    ("\\colorbox{#FFFF0080}{y}", "#FFFF0080", "mtext"),  # CSS draws the box: kept whole
])
def test_a_hex_colour_with_an_opacity_colours_the_formula(tex: str, colour: str,
                                                          tag: str) -> None:
    """`{\\color{#008B45FF}\\vert Y}` (an econometrics blog's conditional bars, in eight
    hex digits as R and design tools write them; KaTeX takes 4 and 8 digits, as CSS
    does): `#0` read as a macro parameter failed the build ("Invalid parameter
    number"). The colour applies to its term, opaque (math-core's colours have no
    opacity); a box's colour is CSS's and keeps it."""
    rendered = render(f"${tex}$\n")
    assert rendered.problems == ()
    coloured = next(m for m in parse_html(rendered.html).find_all("mrow")
                    if colour in (m.get("style") or ""))
    assert coloured.find_all(tag)


def test_an_unknown_colour_name_is_still_an_error() -> None:
    (problem,) = render("$\\color{nosuchcolour} x$\n").problems
    assert "nosuchcolour" in problem.message


def test_cancelto_strikes_its_term_and_shows_the_value() -> None:
    """`\\cancelto{0}{\\psi}` (the cancel package MathJax autoloads; a real Chirpy blog's
    Wick contractions) was "Unknown command": the term struck through, the value it goes
    to at its upper right."""
    from lanting.markdown.mathtext import mathml_text

    rendered = render("$$a + \\cancelto{0}{\\psi_1} = a$$\n")
    assert rendered.problems == ()
    mathml = rendered.html[rendered.html.index("<math"):]
    assert "updiagonalstrike" in mathml and mathml_text(mathml) == "a+ψ₁⁰ = a"


def test_a_formula_with_a_command_and_a_space_before_its_closing_dollar_is_math() -> None:
    """`$y_i \\in \\lbrace -1, 1 \\rbrace $` (a real NexT post; MathJax and KaTeX's
    auto-render read it): only a formula starting with a command could have a space
    before its closing `$`, so this one stayed text, and its `$` paired with the next
    formula's, which failed the build ("Unexpected `$`")."""
    doc = tree("考虑到 $y_i \\in \\lbrace -1, 1 \\rbrace $，所以 $1 / y_i = y_i$。\n")
    assert len(inline_formulas(doc.one("p"))) == 2
    assert "$" not in doc.one("p").text()


def test_a_formula_starting_with_a_digit_in_raw_html() -> None:
    """`<summary>Fourier transform of $1/|\\vb{r}|$</summary>` (a real Chirpy post): a `$`
    before a digit opens no formula in raw HTML (`$5`), so it stayed TeX; with a command
    in it, it is a formula. Money there stays money."""
    rendered = render("<details>\n<summary>Fourier transform of $1/|\\vb{r}|$ </summary>\n\n"
                      "正文。\n</details>\n\n<table><tr><td>$5 and $10</td></tr></table>\n")
    assert rendered.problems == ()
    doc = parse_html(rendered.html)
    assert doc.one("summary").find("math") is not None and "$" not in doc.one("summary").text()
    assert doc.one("td").text() == "$5 and $10"


def test_a_formula_in_raw_html_is_read_as_in_markdown_text() -> None:
    """`<summary>为什么不用哈希函数$f(x)=x$呢</summary>` and `<td>$1$</td>` (a real Fluid
    blog; MathJax typeset both): the formula glued to Chinese (letters to `\\w`), and the
    one of a digit alone, stayed TeX in raw HTML, though Markdown text reads both."""
    rendered = render("<details>\n<summary>为什么不用哈希函数$f(x)=x$呢</summary>\n\n"
                      "正文。\n</details>\n\n<table><tr><td>$1$</td><td>价格 $5 和 $10 以及"
                      " $y$</td></tr></table>\n")
    assert rendered.problems == ()
    doc = parse_html(rendered.html)
    assert "$" not in doc.one("summary").text() and doc.one("summary").find("math")
    first, second = doc.find_all("td")
    assert first.find("math") is not None and "$" not in first.text()
    assert second.text().startswith("价格 $5 和 $10 以及") and len(second.find_all("math")) == 1


def test_a_formula_in_raw_html_is_read_with_its_character_references() -> None:
    """Pandoc's HTML (a blogdown post) writes `r>0` as `<span class="math inline">
    \\(r&gt;0\\)</span>`: the browser gave MathJax `r>0`; Lanting converted `r&gt;0`,
    which failed, and showed the TeX as written."""
    rendered = render('<p>Since <span class="math inline">\\(r&gt;0\\)</span> and '
                      '<span class="math display">\\[-1&lt; x&lt;1\\]</span></p>\n')
    assert rendered.problems == ()
    doc = parse_html(rendered.html)
    operators = [mo.text() for mo in doc.one("p").find_all("mo")]
    assert operators == [">", "−", "<", "<"]
    assert "&" not in doc.one("p").text()


def test_a_less_than_sign_in_a_formula_in_raw_html() -> None:
    """`<p style="…">方差为 $\\beta_1 < \\beta_T$。</p>` (a Jekyll blog justifying its
    Chinese paragraphs): a `<` before a space opens no tag to the browser, so MathJax saw
    the formula; Lanting took `< \\beta_T$。</p>` for a tag and left the TeX with a
    warning. A `<` before a letter is a tag, as the browser reads it."""
    doc = tree('<p style="text-align:justify;">方差满足 $\\beta_1 < \\dots < \\beta_T$，'
               "且 $x > 0$。</p>\n\n<center>$f = \\begin{cases} 1, & p < q \\\\ 0, & p > q"
               " \\end{cases}$</center>\n\n<div>粗体 <b>$y$</b> 在此</div>\n")
    first, second, cases, bold = inline_formulas(doc)
    assert [mo.text() for mo in first.find_all("mo")].count("<") == 2
    assert len(cases.find_all("mtr")) == 2
    assert doc.one("b").find("math") is not None
    assert "$" not in doc.text() and "\\beta" not in doc.text()


def test_a_dollar_pair_in_code_above_a_display_formula() -> None:
    """`` the first `$$` is missing: `` right above a `$$` line (a real Chirpy post about
    kramdown's math): the `$$` in the code span was counted as a formula opened in the
    paragraph, so the `$$` line closed it, and the formula's closing `$$` opened one
    that ran to the next `$$` of the page, the prose between shown as TeX."""
    rendered = render("Before the first `$$` is missing:\n$$\nx^2\n$$\n\nAfter.\n\n"
                      "The second `$$` is here.\n")
    assert rendered.problems == ()
    doc = parse_html(rendered.html)
    assert len(doc.find_all("div", class_="math-display")) == 1
    assert [p.text() for p in doc.find_all("p")][1:] == ["After.", "The second $$ is here."]


def test_a_double_sum_in_mathop() -> None:
    """`\\mathop{\\sum\\sum}\\limits_{j \\neq i}` (a real Chirpy post's Hopfield energy) was
    "Could not extract text from the given macro": the sums, the limits under them."""
    from lanting.markdown.mathtext import mathml_text

    rendered = render("$$E = -\\frac{1}{2} \\mathop{\\sum\\sum}\\limits_{j \\neq i} w_{ij}$$\n")
    assert rendered.problems == ()
    mathml = rendered.html[rendered.html.index("<math"):]
    assert mathml_text(mathml) == "E = −1/2∑∑_{j ≠ i} w_{ij}"


@pytest.mark.parametrize(("text", "formulas"), [
    ("当 $\\ \\mu_k\\ $ 退化时", 1), ("so $\\gamma \\to r_{nk}\\ $ which is K-means.", 1),
    ("$$\nx = 1\\ \n$$", 1), ("$$\nv = a \\\\ = b \\ \n$$\n", 1),
    ("> $$\n> a \\\\ b \\ \n> $$\n", 1),
    ("$x \\ $ and more\n", 1), ("当 $x\\ $ 退化\n", 1)])
def test_a_control_space_ending_a_formula_is_kept(text: str, formulas: int) -> None:
    """`$r_{nk}\\ $`, or an Obsidian note's row ending in `\\ ` (a control space written
    before the closing `$`, as MathJax and KaTeX read it): stripping the formula's
    spaces left a lone `\\`, which escaped what followed, and the page failed; `\\\\ `
    (a line break, then a space) stays stripped. `$x\\ $` is a formula, as MathJax reads
    it: the space before its closing `$` is TeX's, not the writer's spacing."""
    rendered = render(text)
    assert not rendered.problems and "math-error" not in rendered.html
    maths = tree(text).find_all("math")
    assert len(maths) == formulas and all("\\" not in m.text() for m in maths)
    assert trimmed("x\\\\ ") == "x\\\\" and trimmed(" y\\ ") == "y\\ "


def test_a_dollar_formula_in_escaped_parentheses() -> None:
    """`\\($x$\\)为输入` (an Obsidian vault's ResNet note): Obsidian and Typora have no
    `\\(` delimiter, so they show a formula in parentheses; Lanting read `\\(…\\)` as
    a formula holding `$x$` and failed the build ("Unexpected $"). A `$` outside braces
    is no TeX, so the parentheses are text; `\\(\\text{if $x>0$}\\)` stays one formula."""
    doc = tree("其中，\\($x$\\)为输入，\\(\\text{if $x>0$}\\) 与 \\(\\$5\\)。\n")
    assert [m.text() for m in doc.find_all("math")][:1] == ["x"]
    assert len(doc.find_all("math")) == 3 and "(x)为输入" in doc.text()


@pytest.mark.parametrize("text", [
    "Use the bound:\n\\[Hint: put $n = m(1+\\epsilon)$ with $m \\gg 1$.\\]\n",
    "\\[Hint: put $n = m(1+\\epsilon)$\nwith $m \\gg 1$.\\]\n"])
def test_escaped_brackets_around_a_sentence_with_inline_math(text: str) -> None:
    """`\\[Hint: let $x = …$ where $D \\gg 1$.\\]` (a Bayesian-statistics course's
    notebook, Jupyter Book): Markdown's escaped brackets around a sentence, which MyST
    shows as `[Hint: …]`; Lanting read `\\[…\\]` as one display formula and failed the
    build on its first `$`. A `$` outside braces is no TeX, so the brackets are text and
    the `$…$` inside are the formulas; `\\[\\text{if $x$}\\]` stays one display."""
    doc = tree(text)
    assert [m.text() for m in inline_formulas(doc)] == ["n=m(1+ϵ)", "m≫1"]
    assert "[Hint: put" in doc.text() and not doc.find_all("div", class_="math-display")
    display = tree("\\[\\text{if $x>0$}\\]\n")
    assert len(display.find_all("math")) == 1 and "[" not in display.text()


@pytest.mark.parametrize("text", ["- $L_2 \\ Regularization: $\n",
                                  "正则项 $\\|w\\|_2^2 $ 越小越好\n"])
def test_a_formula_spaced_on_one_side_holding_a_control_symbol_is_math(text: str) -> None:
    """`$L_2 \\ Regularization: $` (a deep-learning course's Typora notes, which draw
    `$ x $` as math): a space inside on one side made it math only when it held a
    command, and `\\ ` (TeX's control space) is none, so its TeX was left in the page."""
    assert len(tree(text).find_all("math")) == 1


@pytest.mark.parametrize("text", [
    "- shown:\n$$\n% the outer array\nx = 1\n$$\n\nAfter.\n",
    "1. Step one:\n$$\nx = 1\n$$\n\nAfter.\n"])
def test_a_formula_right_under_a_list_item_at_the_margin_is_display_math(text: str) -> None:
    """`- 显示：` and on the next lines, at the left margin, `$$`, a `% comment`, the
    formula, `$$` (a docsify tutorial's page): its lines, less indented than the item,
    ended the list item, so the `$$` stayed text in it and its `%` line was read as a
    hidden MyST comment, leaving the formula's TeX in the page. The formula is a block of
    its own below the list, as a fenced code block there would be."""
    doc = tree(text)
    assert doc.one("div", class_="math-display").one("math").get("display") == "block"
    assert "$" not in doc.text() and doc.one("li").text().strip().endswith(":")


def test_a_formula_closing_with_the_sentence_going_on_is_no_block() -> None:
    """`试求矩阵` / `$$` / the matrix / `$$的奇异值分解。` (the sentence goes on after the
    closing `$$`, as KaTeX's auto-render read it): taken for a display block that never
    closed, it ran on, past blank lines, to the next page's `$$` and swallowed the text
    between; every formula after it was out of step."""
    text = ("求矩阵\n$$\nA = \\left[\\begin{array}{ll}\n1 & 2 \\\\\n0 & 1\n\\end{array}"
            "\\right]\n$$的分解。\n\n**解答：** 见下。\n\n$$\nB = A^T\n$$\n")
    doc = tree(text)  # (KaTeX showed the `$$` formula as a display inside the paragraph)
    assert [p.text() for p in doc.find_all("p")] == ["求矩阵", "的分解。", "解答： 见下。"]
    assert len(doc.find_all("div", class_="math-display")) == 2


def test_an_environment_inside_a_formula_a_lone_dollar_opened_stays_in_it() -> None:
    """`即解集为：` / `$` / `x=` / `\\begin{bmatrix}` … `\\end{bmatrix}` / `+ c_1 v` / `$`
    (a linear-algebra note: one inline formula over several lines, as KaTeX and MathJax
    read it): the `\\begin{bmatrix}` line was taken for a display block interrupting the
    paragraph, and `+ c_1 v` for a list item; the `$` stayed text."""
    doc = tree("即解集为：\n$\nx=\n\\begin{bmatrix}\n-2 \\\\ 0\n\\end{bmatrix}\n"
               "+\nc_1 v\n$\n\nA second $y$ and\n\\begin{equation}\nz = 1\n\\end{equation}\n")
    assert doc.find("ul") is None and "$" not in doc.text()
    first = doc.find_all("p")[0]
    assert len(first.find_all("math")) == 1 and "bmatrix" not in first.text()
    # (with its `$` closed above, an environment still breaks the paragraph)
    assert len(doc.find_all("div", class_="math-display")) == 1


def test_a_lone_double_dollar_ending_a_paragraph_opens_no_formula_past_it() -> None:
    """`并设：` … and a formula after a blank line closed by `$$` right under it (an
    optimisation course's page: its opening `$$` was written at the end of the line of
    text above): that closing `$$`, a lone one right under a line of text, opened a
    formula running through the blank line and the prose to the next formula's `$$`, and
    every formula after it was out of step (21 errors). KaTeX and MathJax found no formula
    across the paragraph's end: the `$$` stays text (with a warning at each, the formula
    between them being text too), the formulas after it render."""
    text = ("并设：$$\n\nB = B + a u u^T\n$$\n\n其中 $u$ 待定，有：\n\n$$\nB s = y\n$$\n\n"
            "注意 $a$ 是标量。\n\nAn empty one:\n$$\n\n$$\n\nafter $b$.\n")
    rendered = render(text)
    assert [(p.line, p.message) for p in rendered.problems] == [
        (1, "`$$` shown as written: it opens no formula"),
        (4, "`$$` shown as written: it opens no formula")]
    doc = parse_html(rendered.html)
    assert len(doc.find_all("div", class_="math-display")) == 1
    assert [len(p.find_all("math")) for p in doc.find_all("p")
            if "其中" in p.text() or "注意" in p.text() or "after" in p.text()] == [1, 1, 1]


def test_a_lone_double_dollar_before_a_formula_on_its_line_opens_nothing() -> None:
    """A probability note's `$$` alone (a display whose lines were split by blank
    lines), a blank line, then `$$P[|X-\\mu| \\geq k\\sigma] \\leq \\frac{1}{k^2}$$`: the
    lone `$$` took the formula's opening `$$` for its closer and read `$$P…` as TeX
    ("Unexpected $"), failing the build. It opens nothing (a warning); the formula on its
    line is one, as Python-Markdown, KaTeX and MathJax read it."""
    rendered = render("证明如下\n\n$$\n\n$$P[X \\geq c] \\leq \\frac{1}{c}$$\n\n完。\n")
    assert [(p.line, p.message) for p in rendered.problems] == [
        (3, "`$$` shown as written: it opens no formula")]
    doc = parse_html(rendered.html)
    (block,) = doc.find_all("div", class_="math-display")
    assert "≥" in block.one("math").text()


def test_a_macro_naming_a_command_that_takes_an_argument_is_checked_with_one() -> None:
    """`bs = "\\boldsymbol"` (a MathJax setup's short name, used as `\\bs{x}`) was
    checked alone, `\\bs`, which lacks `\\boldsymbol`'s argument: refused as "does not
    convert", in `[markdown] math_macros` and by the importers."""
    from lanting.markdown.math_formula import macro_use, to_mathml

    assert macro_use("bs", "\\boldsymbol") == "\\bs{x}"
    assert macro_use("RR", "\\mathbb{R}") == "\\RR"
    to_mathml(macro_use("bs", "\\boldsymbol"), display=False, macros=(("bs", "\\boldsymbol"),))


@pytest.mark.parametrize("text", [
    "1. 分类\n   - $\n部件\\begin{cases}\n  内存\\begin{cases}\n    Static RAM \\\\\n"
    "    Dynamic RAM\n  \\end{cases} \\\\\n  外存\n\\end{cases}\n$\n### 下一节\n",
    "Tree: $ \\begin{cases} Main Memory \\\\ Flash Memory \\end{cases} $ here.\n"])
def test_a_spaced_formula_holding_an_environment_is_math(text: str) -> None:
    """`$` alone on a list item's line, a `\\begin{cases}` tree over lines labelled in
    Chinese and English, `$` (a Hexo post's memory hierarchy, which markdown-it-katex
    drew): the spaces inside and the Chinese (no `^_=`) or the English words of its rows
    read as prose, so its TeX was left in the page."""
    doc = tree(text)
    assert len(doc.find_all("math")) == 1
    assert "\\begin" not in doc.text() and "$" not in doc.text()


def test_a_macro_that_defines_macros_defines_them_at_each_use() -> None:
    """A transformer post's first formula defines `\\ndef`, whose body is
    `\\newcommand{#1}{\\name{#2}}`, then uses it, `\\ndef{\\seq}{seq}`, to define the
    names its tables use (a real PaperMod blog on MathJax, where a definition holds for
    the rest of the page): every later `\\seq` was an unknown command."""
    text = ("$$\n\\newcommand{\\name}[1]{\\mathsf{#1}}\n"
            "\\newcommand{\\ndef}[2]{\\newcommand{#1}{\\name{#2}}}\n"
            "\\ndef{\\seq}{seq} \\ndef{\\feat}{feat}\n$$\n\n"
            "| 符号 | 形状 |\n| --- | --- |\n"
            "| $X$ | $\\mathbb{R}^{\\seq \\times \\feat}$ |\n")
    assert render(text).problems == ()
    cell = tree(text).find_all("td")[1]
    assert cell.text() == "ℝ𝗌𝖾𝗊×𝖿𝖾𝖺𝗍"


def test_an_operator_made_of_math_is_that_math() -> None:
    """`\\mathop{\\mathcal{C}\\ell}(1, 3)` (a Clifford algebra, in a math blog on
    MathJax) and `\\mathop{\\underset{\\seq}{\\mathrm{softmax}}}` (a transformer post's
    named-axis operator): MathJax makes any math an operator; math-core takes only text
    for one, and each failed the build ("could not extract text from the given
    macro"). Such an operator is its math, as a group; names of text still are
    operators (`\\mathop{\\rm arg\\,max}`)."""
    text = ("代数 $\\mathop{\\mathcal{C}\\ell}(1, 3)$ 与 "
            "$\\mathop{\\underset{i}{\\mathrm{softmax}}}(x)$，"
            "$\\mathop{\\rm arg\\,max}\\limits_\\theta f$。\n")
    assert render(text).problems == ()
    first, second, third = tree(text).one("p").find_all("math")
    assert first.text().startswith("𝒞") and "ℓ" in first.text()
    assert second.one("munder") is not None
    assert "arg max" in [mi.text() for mi in third.find_all("mi")]


@pytest.mark.parametrize(("formula", "texts"), [
    # an RL post's step note: KaTeX colours it; math-core refused a colour in text
    ("\\nabla J = \\mathbb{E}[x] \\quad \\text{\\color{red}{(move the gradient inside)}}",
     [("(move the gradient inside)", "#FF0000")]),
    ("\\text{a \\textcolor{blue}{b} c}", [("a ", None), ("b", "#0000FF"), (" c", None)]),
    ("\\text{a {\\color{crimson} b} c}", [("a ", None), (" b", "#DC143C"), (" c", None)]),
    ("\\text{see \\color{#228B22} green}", [("see ", None), (" green", "#228B22")]),
])
def test_a_colour_inside_text_colours_the_text(
        formula: str, texts: list[tuple[str, str | None]]) -> None:
    rendered = render(f"$$\n{formula}\n$$\n")
    assert rendered.problems == ()
    found = []
    for mtext in parse_html(rendered.html).find_all("mtext"):
        colour, parent = None, mtext.parent
        while parent is not None and colour is None:
            if "color:" in (parent.get("style") or ""):
                colour = str(parent.get("style")).split("color:")[1].rstrip(";")
            parent = parent.parent
        found.append((mtext.raw_text().replace("\xa0", " "), colour))
    assert found == texts


def test_a_macro_right_after_a_command_name_stays_apart() -> None:
    """A math notes page's `\\gdef\\nonunitsof#1{#1\\setminus\\unitsof{#1}}` used as
    `x\\in\\nonunitsof M`: expanded as text, `\\in` met the expansion's `M` and made
    `\\inM`, an unknown command (eight build errors on one page)."""
    text = ("$$\n\\gdef\\unitsof#1{#1^{\\times}}\n"
            "\\gdef\\nonunitsof#1{#1\\setminus\\unitsof{#1}}\n$$\n\n"
            "A non-unit $x\\in\\nonunitsof M$.\n")
    rendered = render_markdown(text, CONTEXT, MarkdownOptions())
    assert rendered.problems == ()
    assert "∈" in parse_html(rendered.html).find_all("math")[-1].text()


def test_formulas_in_raw_html_as_mathjax_reads_them() -> None:
    """Formulas a post wraps in `<p>` (MathJax scans the whole page): a `$$ … $$` whose
    `\\text` holds `$n$`, a bare `align` (MathJax's `processEnvironments`) and a `$…$`
    holding a `bmatrix` over two lines were each left as TeX with a warning."""
    doc = tree("<p>\n$$\n\\begin{align}\nE[\\text{visits after $n$ steps}] &= Q^0 + Q^1\n"
               "\\end{align}\n$$\n</p>\n\n"
               "<p>\n\\begin{align*}\nP &= \\frac{n!}{k!}\\\\\n&= 1\n\\end{align*}\n</p>\n\n"
               "<p>\n$N = \\begin{bmatrix} 1 & 0 \\\\\n  0 & 1 \\end{bmatrix}$\n</p>\n")
    first, second = doc.find_all("div", class_="math-display")
    texts = [t.text().strip() for t in first.find_all("mtext")]
    assert texts[:2] == ["visits after", "steps"]  # `$n$` is math inside the text
    assert first.find_all("mtd")[-1].text() == "(1)"
    assert len(second.find_all("mtr")) == 2 and "numbered" not in second.classes
    (matrix,) = inline_formulas(doc)
    assert len(matrix.find_all("mtr")) == 2
    assert "\\begin" not in doc.text() and "$" not in doc.text()


def test_mathjax_bbox_and_enclose_draw_their_boxes() -> None:
    """`\\bbox[#cde, 3px, border:1px solid blue]{…}` (a much-copied Chinese MathJax
    tutorial's "加框") and `\\enclose{circle}{1}` (a proof's numbered steps): MathJax 3
    loads both by itself; math-core has neither, and each failed the build ("Unknown
    command"). A box is a styled `mrow`, an enclosure a `menclose` with the strokes the
    theme draws; MathJax's `\\style` keeps its content, as KaTeX's `\\htmlStyle` does."""
    doc = tree("$$\\bbox[#cde, 3px, border:1px solid blue]{y = x^2}$$\n\n"
               "Steps $\\enclose{circle}{1}$, $\\enclose{updiagonalstrike,horizontalstrike}"
               "[mathcolor=red]{x}$, $\\bbox[yellow]{\\enclose{box}{a}}$, "
               "$\\style{color:red}{z}$ and $\\enclose{radical}{2}$.\n")
    box = doc.one("div", class_="math-display").one("math").children[0]
    assert (box.tag, box.get("style")) == ("mrow",
                                           "background-color:#cde;padding:3px;"
                                           "border:1px solid blue")
    assert box.one("msup").text() == "x2"
    circle, strikes, boxed, styled, root = inline_formulas(doc)
    assert circle.one("menclose").get("notation") == "circle"
    assert circle.one("menclose").text() == "1"
    enclosure = strikes.one("menclose")
    assert enclosure.get("notation") == "updiagonalstrike horizontalstrike"
    assert enclosure.get("style") == "color:red"
    assert [m.get("class") for m in enclosure.children[1:]] == [
        "menclose-updiagonalstrike", "menclose-horizontalstrike"]
    assert boxed.one("mrow", attrs={"style": "background-color:yellow"}).one(
        "menclose").get("notation") == "box"
    assert styled.text() == "z" and root.find_all("msqrt")


@pytest.mark.parametrize("tex", ["\\enclose{oval}{x}", "\\enclose{circle}",
                                 "\\bbox[url(x)]{y}"])
def test_a_bad_enclose_or_bbox_is_an_error(tex: str) -> None:
    (problem,) = render(f"${tex}$\n").problems
    assert problem.message.startswith("math:")


@pytest.mark.parametrize(("tex", "negated", "spaced"), [
    ("a \\centernot\\implies b", "⟹\u0338", True), ("A \\centernot\\iff B", "⟺\u0338", True),
    ("x \\centernot\\in y", "∉", False), ("p \\centernot{\\mid} q", "∤", False),
    ("a \\centernot= b", "≠", False)])
def test_centernot_negates_the_symbol_it_stands_on(tex: str, negated: str,
                                                    spaced: bool) -> None:
    """`\\centernot\\implies` (the centernot package, which MathJax autoloads; a logic
    post's "does not imply") was "Unknown command". It is the symbol with the slash
    centred on it, as `\\not` draws it (a spaced arrow stays spaced)."""
    (formula,) = inline_formulas(tree(f"${tex}$\n"))
    (relation,) = formula.find_all("mo")
    assert relation.text() == negated
    assert len(formula.find_all("mspace")) == (2 if spaced else 0)


@pytest.mark.parametrize(("tex", "letter"), [("\\upmu \\mathrm{g}", "μ"), ("\\Updelta x", "Δ"),
                                             ("\\uppi", "π"), ("\\upvarepsilon", "ε")])
def test_upgreek_letters_are_upright(tex: str, letter: str) -> None:
    """`$\\upmu \\mathrm{g}$` and `$\\Updelta$` (an econometrics blog's units and
    differences; its MathJax setup loads upgreek, which MathJax also autoloads) were
    "Unknown command". Each is its letter, upright."""
    (formula,) = inline_formulas(tree(f"${tex}$\n"))
    first = formula.find_all("mi")[0]
    assert (first.text(), first.get("mathvariant")) == (letter, "normal")


def test_a_numbered_multline_is_styled_as_numbered() -> None:
    """`\\begin{multline}` is numbered, in a narrower cell than `equation`'s: its
    display missed the `numbered` class, so its number was not muted as the others
    were. An `aligned` inside `$$` has no number, and no class."""
    doc = tree("$$\n\\begin{multline}\na + b \\\\\n+ c \\label{eq:m}\n\\end{multline}\n$$\n\n"
               "$$\n\\begin{aligned} x &= 1 \\\\ y &= 2 \\end{aligned}\n$$\n\nSee \\eqref{eq:m}.\n")
    multline, aligned = doc.find_all("div", class_="math-display")
    assert "numbered" in multline.classes and "numbered" not in aligned.classes
    assert multline.find_all("mtd")[-1].text() == "(1)"


def test_a_label_inside_split_in_an_equation_numbers_the_equation() -> None:
    """`\\label` written inside `split` inside `equation`, as amsmath's manual and a
    Jupyter Book on machine learning write it: MathJax labelled the equation; the
    formula failed the build ("may only appear in a numbered equation environment")."""
    rendered = render("$$\n\\begin{equation}\n\\begin{split}\na &= b \\\\\n  &= c\n"
                      "\\label{eq:bins}\n\\end{split}\n\\end{equation}\n$$\n\n"
                      "By \\eqref{eq:bins}.\n")
    assert rendered.problems == ()
    assert re.search(r'href="#eq:bins"[^>]*>\(1\)<', rendered.html)


def test_an_unknown_colour_names_the_one_meant() -> None:
    """`\\color{auqa}` (a typo; MathJax handed it to the browser, which drew the text in
    its own colour) failed the build with "see the Math page" as its only hint; the
    hint names the colour meant, when one is close."""
    from lanting.markdown.render import render_markdown

    rendered = render_markdown("A $\\color{auqa}{x}$ and $\\color{zzqx}{y}$.\n", CONTEXT)
    hints = [p.hint for p in rendered.problems]
    assert len(hints) == 2 and all(h and "`#RRGGBB`" in h for h in hints)
    assert "did you mean `aqua`?" in str(hints[0]) and "did you mean" not in str(hints[1])

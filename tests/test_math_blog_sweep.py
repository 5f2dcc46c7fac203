"""Faults a formula sweep of math-heavy blogs exposed (Hugo PaperMod notes on control and
reinforcement learning, Jekyll and Hexo derivations, Chinese and English), in small
sites and pages written here."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote

import pytest
from importbits import jekyll_site as imported_jekyll_site
from sitebits import write_files
from test_import_hexo_sites import hexo_site
from test_import_hugo_sites import imported_site, prose
from test_math_syntax import inline_formulas, render, tree

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.errors import LantingError
from lanting.importer import import_site
from lanting.markdown.mathtext import mathml_text
from lanting.model.problem import Problem

MakeSite = Callable[..., Path]
Post = Callable[..., str]


def problems_of(site: Path) -> list[Problem]:
    """Every problem a build finds (errors and warnings)."""
    try:
        result = build(site, BuildOptions(write=False))
    except LantingError as error:
        return error.problems
    return list(result.warnings)


def test_wiki_like_brackets_beside_formulas_of_a_hugo_page(tmp_path: Path) -> None:
    """Goldmark has no `[[Note]]` links: the old page showed `[[Euler methods]]` as
    written. After a `$h$` on its line it was left for Lanting, which read a link to
    `Euler methods.md` and failed the build; and a `$$` block's line `y = M[[k]]` (no
    `$` on it) had its brackets escaped, which failed the formula."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'baseURL = "https://example.org/"\ntitle = "控制笔记"\n',
        "content/posts/ode.md": "---\ntitle: 数值积分\ndate: 2024-03-01\n---\n\n"
                                "步长 $h$ 越小越准，更高阶的见 [[Euler methods]]。\n\n"
                                "$$\ny = M[[k]]\n$$\n\n行内 $N[[j]]$ 也是公式。\n"})
    assert [w.message for w in imported.report.warnings] == [
        "`[[Euler methods]]` names no page of the site (the old page showed it as "
        "written): kept as text"]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    page = prose(out, "posts/ode/index.html")
    assert "[[Euler methods]]" in page.text()
    assert not page.find_all("a")
    formulas = [m.text() for m in page.find_all("math")]
    assert formulas == ["h", "y=M[[k]]", "N[[j]]"]


def test_an_errors_caret_is_at_the_formula_that_has_it(make_site: MakeSite,
                                                        post: Post) -> None:
    """Two formulas with the same text on a line, the first begun on the line above:
    the second's caret pointed at the first's end (`a_^^b` of the continued one). A
    formula's text written before it in prose took the caret from it too."""
    site = make_site({"content/posts/a.md": post("A", body=(
        "由 $y +\na_^^b$ 得 $a_^^b$。\n\n"
        "把 c_^^d 写成 $c_^^d$ 就错了。\n"))})
    found = sorted((p.line, p.column) for p in problems_of(site))
    assert found == [(6, 3), (6, 13), (8, 15)]


def shown(tex: str) -> str:
    """What a reader sees of `$tex$` (the formula must convert)."""
    rendered = render(f"${tex}$\n")
    assert rendered.problems == ()
    return mathml_text(rendered.html[rendered.html.index("<math"):])


@pytest.mark.parametrize(("tex", "text"), [
    ("\\mqty(\\imat{2})", "(1 0; 0 1)"),
    ("\\begin{bmatrix}\\identitymatrix{3}\\end{bmatrix}", "[1 0 0; 0 1 0; 0 0 1]"),
    ("\\mqty[\\zmat{2}{3}]", "[0 0 0; 0 0 0]"), ("\\mqty(\\xmat{c}{1}{2})", "(c c)"),
    ("\\mqty(\\xmat*{a}{2}{2})", "(a₁₁ a₁₂; a₂₁ a₂₂)"),
    ("\\mqty(\\xmat*{b}{3}{1})", "(b₁; b₂; b₃)"),
    ("\\mqty(\\pmat{y})", "(0 −i; i 0)"), ("\\mqty(\\dmat[0]{a,b})", "(a 0; 0 b)"),
    ("\\mqty(\\admat{a,b_{1,2}})", "(a; b_{1,2})"),
])
def test_the_physics_packages_generated_matrices(tex: str, text: str) -> None:
    """A blog's page of MathJax extensions wrote `\\begin{pmatrix}\\imat{2}
    \\end{pmatrix}` (physics' identity matrix, which MathJax's `[tex]/physics` writes
    out): "Unknown command", and the build failed. Its generated matrices are the rows
    they stand for."""
    assert shown(tex).replace("\u2061", "") == text


@pytest.mark.parametrize("tex", ["\\imat{n}", "\\imat{500}", "\\pmat{4}", "\\dmat",
                                 "\\xmat{a}{2}"])
def test_a_generated_matrix_without_its_size_is_an_error(tex: str) -> None:
    (problem,) = render(f"${tex}$\n").problems
    assert problem.message.startswith("math:")


@pytest.mark.parametrize(("tex", "text"), [
    ("\\toggle{x_1}{x_2}\\endtoggle + 1", "x₁+1"), ("\\mathtip{\\alpha}{learning rate}", "α"),
    ("\\texttip{\\beta}{momentum}", "β"),
    ("\\toggle{a}{\\toggle{b}{c}\\endtoggle}\\endtoggle", "a"),
])
def test_mathjax_actions_show_what_mathjax_showed_first(tex: str, text: str) -> None:
    """`\\toggle{math1}{math2}\\endtoggle` (MathJax's `action` extension, on the same
    page) was "Unknown command"; a static page shows its first item, and a tooltip's
    formula without the tip."""
    assert shown(tex) == text


@pytest.mark.parametrize(("tex", "arrow"), [("p \\not\\implies q", "⟹\u0338"),
                                            ("p \\not{\\iff} q", "⟺\u0338"),
                                            ("p \\not\\impliedby q", "⟸\u0338")])
def test_not_before_a_spaced_arrow_negates_the_arrow(tex: str, arrow: str) -> None:
    """`\\centernot\\implies \\qquad \\not\\implies` compared the two: MathJax draws
    both, math-core refused `\\not\\implies` ("Expected a relation after \\not"), its
    `\\implies` being spaced. It is the negated arrow, spaced."""
    rendered = render(f"${tex}$\n")
    assert rendered.problems == ()
    assert arrow in rendered.html and rendered.html.count("<mspace") == 2


RL_PARAGRAPH = ("一步到终点，$V(B) = -1$；同理 $Q(B, \\mathrm{right}) = -1\\$，因为动作相同；"
                "而 $Q(B, \\mathrm{left}) = -3$。\n\n门票 \\$5，共 $n_1$ 张。\n")


@pytest.mark.parametrize("kind", ["hugo", "jekyll"])
def test_an_escaped_dollar_closes_the_formula_it_is_in(tmp_path: Path, kind: str) -> None:
    """An RL blog (Hugo, MathJax, no `passthrough`) typed `$Q(…) = -1\\$, because`:
    Goldmark made the `\\$` a `$` and MathJax closed the formula there, as kramdown's
    `\\$` for a Chirpy post. Lanting kept the `\\$` a dollar sign: the formula showed
    as TeX (Hugo) or ran on through the prose to the next formula's `$` (Jekyll). A
    `\\$` opens no formula: `\\$5` stays a dollar sign."""
    if kind == "hugo":
        imported = imported_site(tmp_path, {
            "hugo.toml": 'baseURL = "https://example.org/"\ntitle = "强化学习问答"\n',
            "content/posts/q-v.md": "---\ntitle: Q 与 V\ndate: 2024-03-01\nmath: true\n---\n\n"
                                    + RL_PARAGRAPH})
    else:
        imported = imported_jekyll_site(tmp_path, {
            "_config.yml": "title: 强化学习问答\ntheme: jekyll-theme-chirpy\nlang: zh-CN\n",
            "_posts/2024-03-01-q-v.md": "---\ntitle: Q 与 V\nmath: true\n---\n\n"
                                        + RL_PARAGRAPH})
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    page = prose(out, "posts/q-v/index.html")
    assert [m.text() for m in page.find_all("math")] == [
        "V(B)=−1", "Q(B,right)=−1", "Q(B,left)=−3", "n1"]
    assert "门票 $5" in page.text() and "\\" not in page.text()


def test_a_copy_of_mathjax_served_by_the_site_defines_no_macros(tmp_path: Path) -> None:
    """A minimal-mistakes blog serves MathJax 2 from `assets/js/MathJax/` (its
    `extensions/TeX/*.js` define MathJax's own commands in `macros:{…}`): 415 of them
    were imported as the site's macros, two of them (`\\begin`, `\\end`) with a warning
    each. Only the site's own setup is read."""
    library = ("/*\n *  /MathJax/extensions/TeX/AMSmath.js\n *\n"
               " *  Copyright (c) 2009-2018 The MathJax Consortium\n */\n\n"
               "MathJax.Extension[\"TeX/AMSmath\"]={macros:{begin:\"\\\\begin{\","
               "eqref:[\"HandleRef\",true]}};\n")
    imported = imported_jekyll_site(tmp_path, {
        "_config.yml": "title: 笔记\nlang: zh-CN\n",
        "_layouts/single.html": "<script type=\"text/x-mathjax-config\">\nMathJax.Hub.Config"
        "({TeX: {Macros: {RR: '{\\\\mathbb R}'}}, tex2jax: {inlineMath: [['$','$']]}});\n"
        "</script>\n{{ content }}\n",
        "assets/js/MathJax/extensions/TeX/AMSmath.js": library,
        "assets/js/MathJax/unpacked/extensions/TeX/AMSmath.js":
            "/* -*- Mode: Javascript -*- */\n/*" + " *\n" * 900 + " *  Copyright (c) 2009-2018"
            " The MathJax Consortium\n */\n" + library.split("*/", 1)[1],
        "_posts/2019-04-03-real.md": "---\ntitle: 实数\n---\n\n$x \\in \\RR$\n"})
    assert not any("MathJax macro" in w.message for w in imported.report.warnings)
    config = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert "RR" in config and "eqref" not in config and "begin" not in config
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert "ℝ" in prose(out, "posts/real/index.html").text()


@pytest.mark.parametrize(("text", "symbols"), [
    ("从 $ p(x)$进行采样，", ["p(x)"]), ("过程 $W(t) $ 默认为标准过程", ["W(t)"]),
    ("设 $ X$ 的维度为 $ K$ ：", ["X", "K"]), ("记 $ f(x, y)$，", ["f(x,y)"]),
    ("假设 $ p(z) ～ \\mathcal{N}(z|0, I) $，", ["p(z)～𝒩\ufe00(z|0,I)"]),
])
def test_a_symbol_with_a_stray_space_a_space_from_chinese_is_math(
        text: str, symbols: list[str]) -> None:
    """A Hugo diffusion blog (MathJax reading `$…$`) wrote `从 $ p(x)$进行` and `设 $ X$
    的维度`: a symbol applied to its argument, or one a space from the Chinese text,
    with a stray space inside; a formula holding a full-width `～` typed for `\\sim`.
    MathJax drew them; Lanting showed `$ p(x)$` as written."""
    assert [f.text() for f in inline_formulas(tree(text + "\n"))] == symbols


@pytest.mark.parametrize("text", ["价格 $ 5 或 $ 6 元", "记作 $ 5(x)$ 元",
                                  "变量 $ HOME 和 $ PATH"])
def test_money_and_shell_variables_beside_chinese_stay_text(text: str) -> None:
    assert inline_formulas(tree(text + "\n")) == []


def test_a_reference_to_a_label_without_a_number_is_warned_about(make_site: MakeSite,
                                                                  post: Post) -> None:
    """A derivation labelled a `\\nonumber` line of its `align` (`\\label{eq:kl}
    \\nonumber`) and referred to it in the text and in a later formula: both showed
    `(??)` (MathJax showed `(???)`), and nothing said why."""
    site = make_site({"content/posts/a.md": post("A", body=(
        "由 \\eqref{eq:kl} 与 \\eqref{eq:elbo} 可得：\n\n"
        "$$\n\\begin{align}\n\\log p(x) &= \\mathcal{L} + D \\label{eq:elbo} \\\\\n"
        "D &\\ge 0 \\label{eq:kl} \\nonumber\n\\end{align}\n$$\n\n"
        "$$\n\\log p(x) \\ge \\mathcal{L}\n\\quad \\text{by } \\eqref{eq:kl}\n$$\n"))})
    found = sorted((p.line, p.severity, p.message) for p in problems_of(site))
    message = "a reference to `eq:kl` shows `(??)`: its label is on a line without a number"
    assert found == [(5, "warning", message), (16, "warning", message)]


def test_a_macro_defined_again_holds_from_there_on() -> None:
    """Notes that define `\\R` as the reals, then `\\renewcommand{\\R}{\\mathbb{Q}}` for a
    section on the rationals: MathJax reads the formulas in order, so the first
    section's `\\R` is ℝ; every `\\R` of the page showed ℚ (math-core takes one set of
    macros for a page), and so did `\\Rn`, a macro using it."""
    doc = tree("$\\newcommand{\\R}{\\mathbb{R}}\\newcommand{\\Rn}{\\R^n}$ 先看 $x \\in \\Rn$、"
               "$\\R$。\n\n$\\renewcommand{\\R}{\\mathbb{Q}}$ 再看 $\\Rn$、$\\R$。\n\n"
               "$\\def\\v{\\mathbf{v}}$ 重复定义 $\\def\\v{\\mathbf{v}}$ 不变：$\\v$。\n")
    shown = [f.text() for f in inline_formulas(doc) if f.text()]
    assert shown == ["x∈ℝn", "ℝ", "ℚn", "ℚ", "𝐯"]


def test_bracketed_equation_references() -> None:
    """A Quarto post wrote `见 @eq-elbo 与 [-@eq-kl]` (Pandoc's number alone): the import
    kept it, and the page showed `[-(2)]`, its brackets and minus around the number.
    `[@eq-x]` is `@eq-x`; `[-@eq-x]` the number without parentheses."""
    doc = tree("见 [@eq:elbo] 与 [-@eq:kl]。\n\n$$\n\\log p \\ge L\n$$ (eq:elbo)\n\n"
               "$$\nD \\ge 0\n$$ (eq:kl)\n")
    links = doc.find_all("a", class_="eqref")
    assert [(a.get("href"), a.text()) for a in links] == [("#eq:elbo", "(1)"), ("#eq:kl", "2")]
    assert "[" not in doc.one("p").text()
    (problem,) = render("见 [-@eq:none]。\n").problems
    assert "`[-@eq:none]` refers to no numbered equation" in problem.message


def test_kramdown_display_math_alone_in_a_quotes_paragraph(tmp_path: Path) -> None:
    """An EM-algorithm post quoted a textbook's steps, each formula `$$…\\tag{1}$$` a
    paragraph of the quote between `>` lines: kramdown made it display math, and the
    import inline math (a quote's `>` line was not taken for the end of a paragraph),
    whose `\\tag` failed the build."""
    imported = imported_jekyll_site(tmp_path, {
        "_config.yml": "title: 笔记\nlang: zh-CN\n",
        "_posts/2018-08-09-em.md": "---\ntitle: EM 算法\n---\n\n> E 步：计算\n>\n"
                                   "> $$Q(\\theta) = \\sum_Z P(Z) \\log P(Y, Z) \\tag{1}$$\n"
                                   "> \n> M 步：求 $$\\theta$$ 使之最大。\n\n"
                                   "正文中 $$x_1$$ 是行内公式。\n"})
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    page = prose(out, "posts/em/index.html")
    (display,) = page.find_all("div", class_="math-display")
    assert "(1)" in display.text()
    assert [f.text() for f in inline_formulas(page)] == ["θ", "x1"]


def test_a_wiki_link_to_a_heading_the_page_does_not_have_is_text(tmp_path: Path) -> None:
    """A Hexo study note (written in Obsidian) pointed at a later item as
    `[[#条款 52：写了 new 也要写 delete]]`, its heading written without the colon. Hexo
    showed it as written; Lanting read a link to a heading id the page lacks and failed
    the build. It is text, with a warning; one naming a heading that is there stays a
    link to it."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: 笔记\nlanguage: zh-CN\n",
        "source/_posts/cpp.md": "---\ntitle: 条款笔记\ndate: 2024-02-07\n---\n\n"
                                "见（[[#条款 52：写了 new 也要写 delete]]）与 [[#条款 51]]。\n\n"
                                "## 条款 51\n\n内容。\n\n"
                                "## 条款 52 写了 new 也要写 delete\n\n内容。\n"})
    assert [w.message for w in imported.report.warnings] == [
        "`[[#条款 52：写了 new 也要写 delete]]` names no heading of the page (the old page "
        "showed it as written): kept as text"]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    page = prose(out, "posts/cpp/index.html")
    assert "[[#条款 52：写了 new 也要写 delete]]" in page.text()
    [link] = [a for a in page.find_all("a") if "51" in unquote(a.get("href") or "")]
    assert link.text() == "条款 51"


def test_a_quarto_drafts_empty_heading_is_no_title(tmp_path: Path) -> None:
    """An economist's Quarto blog keeps offcuts as drafts with no title and a first line
    `#` followed by spaces: taken for the title, the blank failed the build ("a post
    needs a `title`"). The file's name titles it, as for any document without one."""
    write_files(tmp_path / "old", {
        "_quarto.yml": "project:\n  type: website\nwebsite:\n  title: 笔记\n",
        "posts/2024-05-01-offcuts.qmd": "---\ndraft: true\ndate: 2024-05-01\n---\n\n"
                                        "#          \n\n弹性 $\\varepsilon$ 较低。\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", "quarto")
    post = (imported.dest / "content/posts/2024-05-01-offcuts.md").read_text(encoding="utf-8")
    assert 'title: "2024-05-01-offcuts"' in post
    build(imported.dest, BuildOptions(output=tmp_path / "out", drafts=True))


@pytest.mark.parametrize(("delimiters", "rows"), [
    # a TOML literal string: the delimiter is `\\(`, the formula passed through as written
    ("inline = [['\\\\(', '\\\\)']]\nblock = [['\\\\[', '\\\\]'], ['$$', '$$']]\n", 3),
    # Hugo's own `\(`: `\\(x\\)` was no passthrough element, its escapes read by Goldmark
    ("inline = [['\\(', '\\)']]\nblock = [['\\[', '\\]'], ['$$', '$$']]\n", 2),
])
def test_escaped_delimiters_beside_goldmark_passthrough_are_math(
        tmp_path: Path, delimiters: str, rows: int) -> None:
    """A Hugo notes blog with Goldmark's passthrough on still wrote `\\\\(p_1\\\\)` and
    `\\\\[ … \\\\]` (its delimiters spelt `'\\\\('` in TOML, or posts from before it
    turned passthrough on): the importer only read them as math without passthrough,
    so Lanting showed `\\(p_1\\)` as text. The `\\\\\\\\` of a display is two row
    breaks as written (passed through), one once Goldmark read its escapes."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'baseURL = "https://example.org/"\ntitle = "概率笔记"\n'
                     "[markup.goldmark.extensions.passthrough]\nenable = true\n"
                     "[markup.goldmark.extensions.passthrough.delimiters]\n" + delimiters,
        "content/posts/bayes.md": "---\ntitle: 贝叶斯\ndate: 2024-05-01\nmath: true\n---\n\n"
                                  "先验 \\\\(p_1\\\\) 与后验 $p_2$。\n\n"
                                  "\\\\[\n\\begin{aligned} a &= 1 \\\\\\\\ b &= 2 \\end{aligned}"
                                  "\n\\\\]\n\n`\\\\(code\\\\)` 保留。\n"})
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    page = prose(out, "posts/bayes/index.html")
    assert [m.text() for m in page.find_all("math")][:2] == ["p1", "p2"]
    display = page.one("div", class_="math-display")
    assert len(display.find_all("mtr")) == rows
    assert page.one("code").text() == "\\\\(code\\\\)"
    assert "\\(" not in page.text().replace("\\\\(code", "")


@pytest.mark.parametrize("passthrough", [False, True])
def test_a_hugo_display_split_by_a_blank_line_is_one_formula(
        tmp_path: Path, passthrough: bool) -> None:
    """`$$\\begin{aligned}` … a blank line … `\\end{aligned}$$` (a Hugo RL blog's
    derivation, a blank line between its steps): Lanting's Markdown ends a `$$` opened
    beside TeX at its paragraph's end, so both halves showed as TeX with a warning.
    The `$$` of a sentence and the prose after it stay text."""
    config = 'baseURL = "https://example.org/"\ntitle = "强化学习"\n' + (
        "[markup.goldmark.extensions.passthrough]\nenable = true\n" if passthrough else "")
    imported = imported_site(tmp_path, {
        "hugo.toml": config,
        "content/posts/pg.md": "---\ntitle: 策略梯度\ndate: 2024-06-01\nmath: true\n---\n\n"
                               "推导：\n\n$$\\begin{aligned}\nJ &= \\mathbb{E}[R] \\\\\n\n"
                               "&= \\sum_t r_t\n\\end{aligned}$$\n\n$$ a = b\n\nc = d $$\n\n"
                               "记号 $$ 见下文，$x$ 为状态。\n\n另一段 $$ 结束。\n"})
    assert imported.report.warnings == []
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    page = prose(result.output, "posts/pg/index.html")
    first, second = page.find_all("div", class_="math-display")
    assert len(first.find_all("mtr")) == 2 and "∑" in first.text()
    assert "a=b" in second.text() and "c=d" in second.text()
    assert "记号 $$ 见下文" in page.text() and "另一段 $$ 结束" in page.text()
    assert [p.message for p in result.warnings if "$$" in p.message] == [
        "`$$` shown as written: it opens no formula"] * 2

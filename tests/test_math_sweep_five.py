"""Faults a fifth formula sweep of math-heavy blogs (Jekyll, Hugo, Hexo and note folders
of ML, probability and physics derivations) found, and leftovers of the fourth: small
pages written here."""

from __future__ import annotations

from pathlib import Path

import pytest
from htmltree import parse_html
from importbits import NOW
from sitebits import write_files
from test_import_hugo_sites import imported_site as hugo_site
from test_import_hugo_sites import prose
from test_math_sweep_leftovers import shown_text
from test_math_syntax import CONTEXT, render

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site
from lanting.markdown.math_given_macros import check_macro
from lanting.markdown.render import render_markdown
from lanting.model.markdown import MarkdownOptions, RenderContext

PAIRED = "$$\n\\DeclarePairedDelimiter\\abs{\\lvert}{\\rvert}\n" \
         "\\DeclarePairedDelimiterX{\\given}[2]{\\{}{\\}}{#1 \\;\\delimsize\\vert\\; #2}\n$$\n\n"


@pytest.mark.parametrize(("text", "shown"), [
    ("令 $\\abs{x} \\le \\abs*{\\frac{a}{b}}$\n", "|x| ≤ |a/b|"),
    ("取 $\\abs[\\big]{y}$\n", "|y|"),
    ("集合 $\\given{x}{x>0} = \\given*{t}{\\frac{t}{2}>0}$\n", "{x | x > 0} = {t | t/2 > 0}"),
])
def test_paired_delimiters_a_page_declares(text: str, shown: str) -> None:
    """mathtools' `\\DeclarePairedDelimiter` in a post (MathJax with mathtools reads
    it) failed the build ("Unknown command"), and its starred and sized uses
    (`\\abs*{x}`, `\\abs[\\big]{x}`) showed the star or the size as written."""
    rendered = render(PAIRED + text)
    assert rendered.problems == ()
    assert shown_text(rendered.html)[-1] == shown


def test_a_setups_paired_delimiters_starred_and_sized() -> None:
    """The macros an importer writes for a MathJax setup's `pairedDelimiters`
    (`\\mathopen{\\lceil}#1\\mathclose{\\rceil}`): `\\ceil*{x}` showed `⌈*⌉x`, a
    starred use grows its delimiters (`\\left…\\right`) and a sized one takes the size."""
    macros = (("ceil", "\\mathopen{\\lceil}#1\\mathclose{\\rceil}"),
              ("norm", "\\mathopen{\\lVert}#1\\mathclose{\\rVert}_{#2}"))
    for name, expansion in macros:
        check_macro(name, expansion, macros)
    context = RenderContext(path=CONTEXT.path, rel=CONTEXT.rel, macros=macros)
    rendered = render_markdown("$\\ceil*{\\frac{a}{b}} + \\ceil[\\Big]{y} + \\norm*{v}{2}$\n",
                               context, MarkdownOptions())
    assert rendered.problems == ()
    assert shown_text(rendered.html) == ["⌈a/b⌉+⌈y⌉+‖v‖₂"]
    assert rendered.html.count("<mrow><mo>⌈</mo>") == 1  # (grown: `\left\lceil`)
    assert 'minsize="1.623em"' in rendered.html  # (`\Big`)


def test_a_sites_macros_built_on_commands_lanting_rewrites() -> None:
    """A book's MathJax macros built on `\\pmb` and `\\mbox` (`bSigma: \\pmb{\\Sigma}`,
    `BS: \\bSigma^1_1`, a descriptive set theory book's pointclasses): Lanting rewrites
    both in a formula, but a macro's body went to the converter as written, so each
    macro failed its check, was left out, and 234 formulas failed the build."""
    macros = (("bSigma", "\\pmb{\\Sigma}"), ("BS", "\\bSigma^1_1"),
              ("Conc", "\\mbox{}^\\frown"))
    for name, expansion in macros:
        check_macro(name, expansion, macros)
    context = RenderContext(path=CONTEXT.path, rel=CONTEXT.rel, macros=macros)
    rendered = render_markdown("$A \\in \\BS$ and $s \\Conc t$\n", context,
                               MarkdownOptions())
    assert rendered.problems == ()
    assert "<mi>𝚺</mi>" in rendered.html and "<mo>⌢</mo>" in rendered.html  # (bold Σ)


def test_a_passed_through_dollar_display_inside_a_sentence(tmp_path: Path) -> None:
    """Goldmark's `passthrough` with `$$` as a block delimiter ends the paragraph at
    `$$k$$` in a sentence and sets the formula between the halves (its own tests say
    so: `Block $$x$$ equation`), and MathJax showed a display; Lanting showed inline
    math. It is a display on lines of its own; on its own lines, in code or in a
    table it stays as written."""
    imported = hugo_site(tmp_path, {
        "hugo.toml": 'baseURL = "https://example.org/"\ntitle = "笔记"\n'
                     "[markup.goldmark.extensions.passthrough]\nenable = true\n"
                     "[markup.goldmark.extensions.passthrough.delimiters]\n"
                     "block = [['\\[', '\\]'], ['$$', '$$']]\n"
                     "inline = [['\\(', '\\)']]\n",
        "content/posts/svd.md": "---\ntitle: 奇异值\ndate: 2024-03-01\n---\n\n"
                                "保留 $$ r $$ 个奇异值，写作 `$$r$$`。\n\n"
                                "- 误差为 $$\\sigma_{r+1}$$, 最小\n\n"
                                "$$\nA = U \\Sigma V^T\n$$\n\n"
                                "| 秩 | 误差 |\n|---|---|\n| $$r$$ | 0 |\n"})
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    page = prose(out, "posts/svd/index.html")
    assert len(page.find_all("div", class_="math-display")) == 3
    assert page.one("code").text() == "$$r$$"
    assert "个奇异值" in page.text() and "最小" in page.text()
    assert len(page.one("table").find_all("math")) == 1


ALGORITHM2E = r"""梯度下降如下。

\begin{algorithm}[H]
\SetAlgoLined
\DontPrintSemicolon
\SetKwFunction{Step}{Step}
\SetKwProg{Fn}{Function}{:}{end}
\KwIn{步长 $\eta$，数据 $D$}
\KwOut{参数 $w$}
$w \gets 0$\;
\While{未收敛}{
  \ForEach{$x \in D$}{
    \eIf{$\ell(x) > 0$}{
      \Step{$w$}\; \tcp{更新}
    }{
      跳过\;
    }
  }
  \lIf{$t > T$}{停止\;}
}
\KwRet{$w$}\;
\Fn{\Step{$v$}}{ $v \gets v - \eta g$\; }
\caption{随机梯度下降}
\label{alg:sgd}
\end{algorithm}

见算法 \ref{alg:sgd}。
"""


def test_an_algorithm2e_block_is_drawn() -> None:
    """An algorithm written with algorithm2e (`\\KwIn`, `\\While{c}{…}`, `\\eIf`,
    statements ended by `\\;`): Lanting drew the caption over no lines, every line of
    the algorithm lost without a warning. Its lines are read, indented by their
    blocks, with `end` under each (as `\\SetAlgoLined` draws it)."""
    rendered = render(ALGORITHM2E)
    assert rendered.problems == ()
    figure = parse_html(rendered.html).one("figure", class_="algorithm")
    lines = [" ".join(item.text().split()) for item in figure.find_all("li")]
    depths = [item.get("style") for item in figure.find_all("li")]
    assert lines == ["Input: 步长 η，数据 D", "Output: 参数 w", "w←0",
                     "while 未收敛 do", "foreach x∈D do", "if ℓ(x)>0 then",
                     "Step(w)", "▷ 更新", "else", "跳过", "end", "end",
                     "if t>T then 停止", "end", "return w", "Function Step(v) :",
                     "v←v−ηg", "end"]
    assert depths[6] == "--depth:3" and depths[12] == "--depth:1"
    assert figure.get("id") == "alg:sgd" and "随机梯度下降" in figure.text()


def test_an_unknown_algorithm2e_command_is_named() -> None:
    """A command algorithm2e's reading does not know is a warning at its line, shown
    as written (not lost)."""
    rendered = render("\\begin{algorithm}\n\\KwIn{$x$}\n\\Frob{$x$}\\;\n\\end{algorithm}\n")
    assert [p.message.split(" in ")[0] for p in rendered.problems] == ["`\\Frob`"]
    assert rendered.problems[0].line == 3
    assert "\\Frob" in rendered.html


SCHOLAR_BLOG = {
    "_config.yml": "title: Notes\nmarkdown: kramdown\nplugins:\n  - jekyll-scholar\n"
                   "collections:\n  essays:\n    output: true\n    permalink: /:collection/:title\n"
                   "  proofs:\n    output: true\n",
    "_bibliography/references.bib": "@article{doe2020bound,\n  title = {A Sharp Bound},\n"
                                    "  author = {Doe, Jane},\n  year = {2020}\n}\n",
    "_essays/concentration.md": "---\ntitle: Concentration\ndate: 2024-02-01\n---\n\n"
                                "Hoeffding's bound {% cite doe2020bound %} gives "
                                "$P(|X| > t) \\le 2e^{-2t^2}$.\n",
    "_proofs/union.md": "---\ntitle: Union bound\ndate: 2024-03-01\n---\n\nSum them.\n",
}


def test_a_scholar_blog_in_collections_is_a_blog(tmp_path: Path) -> None:
    """A Jekyll blog citing papers with jekyll-scholar (`_bibliography/references.bib`)
    whose posts live in published collections (`_essays/`, no `_posts/`) was taken for
    an academic homepage: every collection was left out, the blog lost. It is a Jekyll
    blog: the collections' dated documents are posts, and `{% cite %}` finds its keys in
    `_bibliography/` (it was "in no .bib file of the site")."""
    source = tmp_path / "old"
    write_files(source, SCHOLAR_BLOG)
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    posts = sorted(p.stem for p in (imported.dest / "content" / "posts").rglob("*.md"))
    assert posts == ["concentration", "union"]
    text = next((imported.dest / "content" / "posts").rglob("concentration.md"))
    assert "[@doe2020bound]" in text.read_text(encoding="utf-8")
    assert "doe2020bound" in (imported.dest / "content" / "references.bib").read_text(
        encoding="utf-8")
    build(imported.dest, BuildOptions(output=tmp_path / "out"))

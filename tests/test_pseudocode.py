"""Algorithms in LaTeX's pseudocode (`markdown/pseudocode.py`): a bare
`\\begin{algorithm}` block or a fence of language `pseudocode`, as pseudocode.js drew
them on Hexo, Jekyll and Quarto sites. They were TeX left on the page, with a warning
that suggested dollar signs."""

from __future__ import annotations

from pathlib import Path

from citebits import references
from htmltree import Element, parse_html

from lanting.markdown.render import render_markdown
from lanting.model.markdown import MarkdownOptions, RenderContext, RenderedMarkdown

CONTEXT = RenderContext(path=Path("/site/content/posts/a.md"), rel="posts/a.md",
                        body_line=5, base_path="/")

NEXT_FIT = r"""策略如下：

\begin{algorithm}
\caption{Next-Fit 部署}
\label{alg:nf}
\begin{algorithmic}[1]
\REQUIRE 路线族 $T^f$
\FOR{$i = 1$ \TO $n$}
  \IF{$x_i > 0$} \STATE $y \gets$ \CALL{Place}{$i, y$} \COMMENT{放下}
  \ELSE
    \STATE 跳过
  \ENDIF
\ENDFOR
\RETURN $y$
\end{algorithmic}
\end{algorithm}
"""


def render(text: str, lang: str = "zh-CN") -> RenderedMarkdown:
    context = RenderContext(path=CONTEXT.path, rel=CONTEXT.rel, body_line=5,
                            base_path="/", lang=lang)
    return render_markdown(text, context, MarkdownOptions())


def lines(figure: Element) -> list[tuple[str, str]]:
    return [(li["style"], li.text()) for li in figure.find_all("li")]


def test_a_bare_algorithm_is_a_numbered_figure_of_indented_lines() -> None:
    rendered = render(NEXT_FIT)
    assert rendered.problems == ()
    figure = parse_html(rendered.html).one("figure", class_="algorithm")
    assert figure["id"] == "alg:nf" and "numbered" in figure.classes
    assert figure.one("figcaption").text() == "算法 1 Next-Fit 部署"
    shown = lines(figure)
    assert [style for style, _ in shown] == [
        "--depth:0", "--depth:0", "--depth:1", "--depth:2", "--depth:1", "--depth:2",
        "--depth:1", "--depth:0", "--depth:0"]
    assert [text.split()[0] for _, text in shown] == [
        "Require:", "for", "if", "y←", "else", "跳过", "end", "end", "return"]
    assert shown[1][1].endswith("do") and shown[2][1].endswith("then")
    # formulas are formulas; a called procedure is in small capitals; a comment is marked
    assert len(figure.find_all("math")) == 7
    assert figure.one("span", class_="smallcaps").text() == "Place"
    assert figure.one("span", class_="alg-comment").text() == "▷ 放下"
    assert "\\" not in figure.text()


def test_a_pseudocode_fence_in_algpseudocode_spelling_is_an_algorithm() -> None:
    text = ("```pseudocode\n\\begin{algorithm}\n\\caption{Quicksort}\n"
            "\\begin{algorithmic}\n\\Procedure{Quicksort}{$A, p, r$}\n"
            "  \\While{$p < r$}\n    \\State $q \\gets p$\n  \\EndWhile\n"
            "\\EndProcedure\n\\end{algorithmic}\n\\end{algorithm}\n```\n")
    rendered = render(NEXT_FIT + "\n" + text, lang="en")
    figures = parse_html(rendered.html).find_all("figure", class_="algorithm")
    assert [f.one("figcaption").text() for f in figures] == [
        "Algorithm 1 Next-Fit 部署", "Algorithm 2 Quicksort"]
    assert "numbered" not in figures[1].classes  # (no `[1]`: no line numbers)
    assert [text for _, text in lines(figures[1])] == [
        "procedure Quicksort(A,p,r)", "while p<r do", "q←p", "end while", "end procedure"]
    assert parse_html(rendered.html).find("pre") is None


def test_an_unknown_command_is_a_warning_at_its_line() -> None:
    rendered = render("\\begin{algorithm}\n\\begin{algorithmic}\n\\STATE $a$\n"
                      "\\STATE \\Frobnicate $b$\n\\end{algorithmic}\n\\end{algorithm}\n")
    (problem,) = rendered.problems
    assert problem.severity == "warning" and problem.line == 5 + 3
    assert "`\\Frobnicate` in an algorithm" in problem.message


def test_an_algorithm_in_a_quote_and_an_unclosed_one() -> None:
    quoted = render("> \\begin{algorithmic}\n> \\STATE $x \\gets 0$\n> \\end{algorithmic}\n")
    assert parse_html(quoted.html).one("blockquote").find("figure") is not None
    unclosed = render("\\begin{algorithm}\n\\STATE $x$\n")
    assert parse_html(unclosed.html).find("figure") is None
    assert any("TeX left" in p.message for p in unclosed.problems)


def test_ref_to_an_algorithm_s_label_is_its_number() -> None:
    """`如算法 \\ref{alg:nf} 所示` was an error: "refers to no numbered equation"."""
    rendered = render(NEXT_FIT.replace(r"\label{alg:nf}", "") + "\n"
                      + NEXT_FIT.replace("Next-Fit", "First-Fit").replace("nf}", "ff}")
                      + "\n如算法 \\ref{alg:ff} 所示。\n")
    assert rendered.problems == ()
    link = parse_html(rendered.html).one("a", class_="eqref")
    assert (link["href"], link.text()) == ("#alg:ff", "2")


QUARTO = r"""The loop is @alg-resample; see also [@alg-resample].

```pseudocode
#| label: alg-resample
#| html-line-number: true
#| html-comment-delimiter: "//"
#| html-no-end: true
\begin{algorithm}
\caption{Resampling}
\begin{algorithmic}
\For{$b = 1$ \To $B$}
  \State fit $f$ on resample $b$ \Comment{in parallel}
\EndFor
\end{algorithmic}
\end{algorithm}
```

And @alg-missing.
"""


def test_quarto_pseudocode_options_and_references() -> None:
    """quarto-pseudocode's `#| label`, `html-line-number`, `html-no-end` and
    `html-comment-delimiter`, and Quarto's `@alg-x`: the options were lines of the
    algorithm (its label lost), the reference a citation of an unknown key."""
    rendered = render(QUARTO, lang="en")
    doc = parse_html(rendered.html)
    figure = doc.one("figure", class_="algorithm")
    assert figure["id"] == "alg-resample" and "numbered" in figure.classes
    assert [text for _, text in lines(figure)] == [
        "for b=1 to B do", "fit f on resample b // in parallel"]
    links = doc.find_all("a", class_="algref")
    assert [(a["href"], a.text()) for a in links] == [("#alg-resample", "Algorithm 1")] * 2
    (problem,) = rendered.problems
    assert "`@alg-missing` refers to no algorithm" in problem.message
    assert problem.line == 5 + 17


def test_a_bracketed_algorithm_reference_is_no_citation_in_a_site_with_papers() -> None:
    """`[@alg-x]` in a site with a bibliography was a citation of an unknown key (an
    error); it is a reference to the algorithm, as `[@fig-x]` is to a figure."""
    context = RenderContext(path=CONTEXT.path, rel=CONTEXT.rel, body_line=5, base_path="/",
                            lang="en", references=references(
                                "@article{ho2020, title = {D}, year = 2020, author = {Ho, J}}"))
    rendered = render_markdown(QUARTO.replace("And @alg-missing.\n", ""), context,
                               MarkdownOptions())
    assert rendered.problems == ()
    assert len(parse_html(rendered.html).find_all("a", class_="algref")) == 2


def test_state_return_is_one_line_and_repeat_until_nests() -> None:
    r"""`\State \Return $x$` is one line in algpseudocode (it was an empty line, then the
    return); `\Repeat` … `\Until{…}` holds its lines; `\Statex` is not numbered."""
    text = ("\\begin{algorithm}\n\\begin{algorithmic}[1]\n\\Repeat\n  \\State $t \\gets t+1$\n"
            "\\Until{converged}\n\\Function{Sample}{$T$}\n  \\If{$T = 0$}\n"
            "    \\State \\Return $x_0$\n  \\ElsIf{$T < 0$}\n    \\Statex \\emph{skip}\n"
            "  \\EndIf\n\\EndFunction\n\\end{algorithmic}\n\\end{algorithm}\n")
    rendered = render(text, lang="en")
    assert rendered.problems == ()
    figure = parse_html(rendered.html).one("figure", class_="algorithm")
    assert [(style[-1], text) for style, text in lines(figure)] == [
        ("0", "repeat"), ("1", "t←t+1"), ("0", "until converged"),
        ("0", "function Sample(T)"), ("1", "if T=0 then"), ("2", "return x0"),
        ("1", "else if T<0 then"), ("2", "skip"), ("1", "end if"), ("0", "end function")]
    assert "unnumbered" in figure.find_all("li")[7].classes


def test_ref_to_an_unknown_algorithm_says_algorithm() -> None:
    r"""`\ref{alg:y}` naming no algorithm said "no numbered equation"."""
    (problem,) = render("See \\ref{alg:y}.\n").problems
    assert "`\\ref{alg:y}` refers to no algorithm on this page" in problem.message
    assert problem.hint is not None and "\\label{alg:y}" in problem.hint

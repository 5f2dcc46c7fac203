"""Every command and environment of KaTeX's list of supported functions, in formulas as
posts write them: each becomes MathML with no TeX left in the page's text.

The corpus, `fixtures/math/katex_corpus.txt`, is our own: one or more formulas for each
entry of KaTeX's "Supported Functions" page (https://katex.org/docs/supported.html,
source https://github.com/KaTeX/KaTeX/blob/main/docs/supported.md) and of the
environments and commands its test suite exercises (test/katex-spec.ts), plus what
MathJax accepts and KaTeX does not (`multline`, `eqnarray`, `\\mbox`, `\\label` and
`\\eqref`, raw `&` and `_` inside `\\text`). Each entry is `% name | inline|display |
kind` then the formula, entries separated by `%%%`; kind is empty (KaTeX renders it),
`non-katex` (MathJax does), `invalid` (KaTeX rejects it, MathJax renders it) or `unsafe`
(the HTML commands KaTeX renders only when trusted)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from htmltree import parse_html

from lanting.markdown.render import render_markdown
from lanting.model.markdown import MarkdownOptions, RenderContext, RenderedMarkdown

CORPUS = Path(__file__).parent / "fixtures" / "math" / "katex_corpus.txt"
CONTEXT = RenderContext(path=Path("/site/content/posts/a.md"), rel="posts/a.md",
                        body_line=1, base_path="/")


@dataclass(frozen=True)
class Entry:
    name: str
    display: bool
    kind: str
    latex: str


def _entries() -> list[Entry]:
    out = []
    for chunk in CORPUS.read_text(encoding="utf-8").split("\n%%%\n"):
        head, _, latex = chunk.strip("\n").partition("\n")
        fields = [f.strip() for f in head.lstrip("% ").split("|")]
        out.append(Entry(fields[0], fields[1] == "display",
                         fields[2] if len(fields) > 2 else "", latex.strip()))
    return out


ENTRIES = _entries()

REFUSED = {
    r"\futurelet": "TeX macro programming",
    r"\@ifstar \@ifnextchar": "TeX macro programming",
    r"\eqref (forward/unknown reference)": "refers to no",
    r"\href (javascript: URL)": "is not allowed in a page",
    r"\includegraphics": "is not supported in math",
}
"""Entries that are errors, and what the error says: macro programming beyond
`\\def`/`\\newcommand` (documented in docs/content/pages/math.md), a reference to no
label, unsafe input."""

_TEX_LEFT = re.compile(r"\\[A-Za-z]{2,}|\$")
_MATH = re.compile(r"<math\b.*?</math>", re.S)


def page(entry: Entry) -> str:
    if entry.display:
        return f"Before.\n\n$$\n{entry.latex}\n$$\n\nAfter.\n"
    return f"Before {'$' + entry.latex + '$'} after.\n"


def render(entry: Entry) -> RenderedMarkdown:
    return render_markdown(page(entry), CONTEXT, MarkdownOptions())


def test_the_corpus_is_large_and_covers_both_modes() -> None:
    assert len(ENTRIES) >= 300
    assert sum(e.display for e in ENTRIES) >= 100 and sum(not e.display for e in ENTRIES) >= 300
    assert len({e.name for e in ENTRIES}) == len(ENTRIES)  # names identify entries


@pytest.mark.parametrize("entry", [e for e in ENTRIES if e.name not in REFUSED],
                         ids=lambda e: e.name)
def test_each_formula_becomes_mathml_with_no_tex_left(entry: Entry) -> None:
    result = render(entry)
    assert result.problems == (), [p.message for p in result.problems]
    doc = parse_html(result.html)
    formulas = doc.find_all("math")
    assert formulas, result.html
    assert all("math-error" not in e.classes for e in doc.iter())
    assert "math-core-error" not in result.html
    text = parse_html(_MATH.sub("", result.html)).text()  # the page's text, not math's
    assert not _TEX_LEFT.search(text), text  # no command, no dollar left as text
    wrapper = "div" if entry.display else "span"
    for formula in formulas:
        assert formula.get("display") == ("block" if entry.display else None)
    assert doc.find(wrapper, class_="math-display" if entry.display else "math-inline")


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_refused_entries_are_errors_that_say_why(name: str) -> None:
    [entry] = [e for e in ENTRIES if e.name == name]
    result = render(entry)
    assert result.problems and all(p.severity == "error" for p in result.problems)
    problem = result.problems[0]
    assert REFUSED[name] in problem.message and problem.hint
    assert problem.line == (4 if entry.display else 1)
    doc = parse_html(result.html)
    assert doc.find("code", class_="math-error") is not None  # shown as its source


def test_the_whole_corpus_on_one_page_builds_without_errors() -> None:
    """As one long post: numbering, labels and macros must not clash across entries."""
    entries = [e for e in ENTRIES if e.name not in REFUSED and "newcommand" not in e.name
               and "def" not in e.latex and "label" not in e.latex]
    result = render_markdown("\n".join(page(e) for e in entries), CONTEXT, MarkdownOptions())
    assert result.problems == ()
    assert len(parse_html(result.html).find_all("math")) >= len(entries)

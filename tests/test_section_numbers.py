"""Numbered sections (`markdown/section_numbers.py`): a page's headings numbered when its
front matter asks, in its text and its table of contents, ids and links unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest
from htmltree import parse_html
from sitebits import read, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.markdown.render import render_markdown
from lanting.model.markdown import RenderContext

TEXT = ("Intro.\n\n## Motivation {#why}\n\nSee [why](#why).\n\n### Detail\n\n#### Deeper\n\n"
        "## Derivation\n\n### Step one\n\n## Unnumbered {.unnumbered}\n\n## Also {-}\n\n"
        "## Last\n")


def _headings(**numbering: object) -> list[tuple[str, str, str]]:
    context = RenderContext(Path("p.md"), "p.md", lang="en", **numbering)  # type: ignore[arg-type]
    rendered = render_markdown(TEXT, context)
    html = parse_html(rendered.html)
    shown = [(h["id"], h.text()) for h in html.iter() if h.tag in ("h2", "h3", "h4")]
    assert [(h.id, h.text) for h in rendered.headings] == [
        (anchor, text.split(" ", 1)[1] if numbering and text[0].isdigit() else text)
        for anchor, text in shown]
    return [(anchor, text, h.number) for (anchor, text), h in zip(shown, rendered.headings,
                                                                  strict=True)]


def test_off_unless_asked() -> None:
    assert all(number == "" for _, _, number in _headings())
    assert _headings()[0] == ("why", "Motivation", "")


@pytest.mark.parametrize(("numbering", "first"), [
    ({"number_sections": True}, ""), ({"chapter": "3"}, "3."),
    ({"number_sections": True, "chapter": "0"}, "0."), ({"chapter": "2.3"}, "2.3.")])
def test_numbers_by_level_unnumbered_left_out(numbering: dict[str, object],
                                              first: str) -> None:
    found = _headings(**numbering)
    assert [number for _, _, number in found] == [
        f"{first}1", f"{first}1.1", f"{first}1.1.1", f"{first}2", f"{first}2.1", "", "",
        f"{first}3"]
    # (the ids are the headings' own: links to them keep working)
    assert [anchor for anchor, _, _ in found][:3] == ["why", "detail", "deeper"]
    assert found[0][1] == f"{first}1 Motivation"


def test_a_chapter_page_and_its_table_of_contents(tmp_path: Path) -> None:
    site = tmp_path / "site"
    write_files(site, {
        "lanting.toml": 'title = "Book"\nlanguage = "en"\n',
        "content/posts/ch3.md": "---\ntitle: Policy gradients\ndate: 2024-05-01\n"
                                "chapter: 3\n---\n\n" + TEXT})
    build(site, BuildOptions(output=site / "public", cache=False, jobs=1))
    page = read(site / "public", "posts/ch3/index.html")
    assert page.one("h1", "post-title").text() == "3 Policy gradients"
    toc = page.one("nav", "toc")
    assert [li.text() for li in toc.find_all("li")][:3] == [
        "3.1 Motivation", "3.1.1 Detail", "3.2 Derivation"]
    assert page.one("h2", attrs={"id": "why"}).one("span", "section-number").text() == "3.1"


REFERENCES = ("See @sec-b, [-@sec-b], [@sec-u], {numref}`sec-b`, {numref}`Sec. %s <sec-b>` "
              "and {ref}`sec-b`.\n\n## A {#sec-a}\n\n### B {#sec-b}\n\n## U {#sec-u .unnumbered}\n")


def _references(**context: object) -> tuple[list[str], tuple[str, ...]]:
    rendered = render_markdown(REFERENCES, RenderContext(Path("p.md"), "p.md", body_line=3,
                                                         **context))  # type: ignore[arg-type]
    first = parse_html(rendered.html).find("p")
    assert first is not None
    links = first.find_all("a")
    assert [a["href"] for a in links] == ["#sec-b", "#sec-b", "#sec-u", "#sec-b", "#sec-b",
                                          "#sec-b"]
    return [a.text() for a in links], tuple(p.message for p in rendered.problems)


@pytest.mark.parametrize(("context", "texts"), [
    ({"lang": "en", "number_sections": True},
     ["Section 1.1", "1.1", "U", "Section 1.1", "Sec. 1.1", "B"]),
    ({"lang": "zh-CN", "chapter": "3"},
     ["第 3.1.1 节", "3.1.1", "U", "第 3.1.1 节", "Sec. 3.1.1", "B"]),
    ({"lang": "zh-TW", "number_sections": True},
     ["第 1.1 節", "1.1", "U", "第 1.1 節", "Sec. 1.1", "B"])])
def test_references_to_numbered_sections_read_their_numbers(context: dict[str, object],
                                                            texts: list[str]) -> None:
    """Quarto's `@sec-x` on a numbered page reads "Section 2.1" (`[-@sec-x]` the number),
    and Sphinx's `{numref}` to a numbered section too; `{ref}` reads the title, and so does
    a reference to a heading marked unnumbered."""
    assert _references(**context) == (texts, ())


def test_references_read_titles_where_sections_have_no_numbers() -> None:
    texts, problems = _references(lang="en")
    assert texts == ["B", "B", "U", "B", "B", "B"]
    # a {numref} asking for the number of a section that has none says so, at its line
    assert problems == ("`{numref}` to `sec-b`, a section with no number: its title is "
                        "shown",)


def test_bracketed_references_with_words_before_them() -> None:
    """Pandoc's `[Section -@sec-x]` (words, then the number alone) was shown as written,
    brackets and all, with no warning, and `[see @sec-x]` kept its brackets around the
    link; figures' too. The brackets are a citation's: not shown."""
    text = ("See [Section -@sec-why], [see @sec-why], [Figure -@fig-x] and [a link @sec-why]"
            "(https://example.org).\n\n## Why {#sec-why}\n\n![A plot](x.png){#fig-x}\n")
    rendered = render_markdown(text, RenderContext(Path("p.md"), "p.md", lang="en",
                                                   number_sections=True))
    assert rendered.problems == ()
    first = parse_html(rendered.html).find("p")
    assert first is not None
    assert first.text() == ("See Section 1, see Section 1, Figure 1 and a link @sec-why.")
    assert [(a.text(), a["href"]) for a in first.find_all("a")] == [
        ("1", "#sec-why"), ("Section 1", "#sec-why"), ("1", "#fig-x"),
        ("a link @sec-why", "https://example.org")]


def test_a_heading_written_with_its_number_shows_it() -> None:
    """`{number="1.4"}` (Pandoc's attribute, as the Sphinx importer writes the numbers
    Sphinx gave sections after a toctree): that number is shown and references read
    it; the headings without one are counted as before, and the id stays."""
    context = RenderContext(Path("p.md"), "p.md", lang="en", chapter="1")
    rendered = render_markdown("## Intro\n\n## Summary {#sec-sum number=\"1.4\"}\n\n"
                               "### Details {number=\"1.4.1\"}\n\n## Next\n\nSee @sec-sum.\n",
                               context)
    assert [(h.id, h.number) for h in rendered.headings] == [
        ("intro", "1.1"), ("sec-sum", "1.4"), ("details", "1.4.1"), ("next", "1.3")]
    assert "Section 1.4" in parse_html(rendered.html).text()


FIGURES = ("See @fig-loss, [-@fig-loss] and {prf:ref}`thm-bound`.\n\n"
           "![The loss.](loss.png){#fig-loss}\n\n"
           "::: {#fig-pair}\n![A](a.png){#fig-a}\n\n![B](b.png){#fig-b}\n\nTwo runs.\n:::\n\n"
           ":::{prf:theorem} Bound\n:label: thm-bound\n\nIt holds.\n:::\n\n"
           ":::{prf:lemma}\nAlso.\n:::\n")


@pytest.mark.parametrize(("chapter", "first"), [
    ("3", "3."), ("A", "A."), ("2.3", ""), (None, "")])
def test_a_chapters_figures_and_theorems_are_numbered_in_it(chapter: str | None,
                                                             first: str) -> None:
    """A book's chapter numbers its figures and theorems in the chapter, "Figure 3.1",
    "Theorem 3.1", as Quarto's, bookdown's and Sphinx's numbered books do; a part of a
    chapter that is a page of its own (`2.3`, whose chapter counted on over its other
    pages) and a page of no chapter count their own from 1."""
    rendered = render_markdown(FIGURES, RenderContext(Path("p.md"), "p.md", lang="en",
                                                      chapter=chapter))
    html = parse_html(rendered.html)
    first_p = html.find("p")
    assert first_p is not None
    assert [a.text() for a in first_p.find_all("a")] == [
        f"Figure {first}1", f"{first}1", f"Theorem {first}1"]
    assert [s.text() for s in html.find_all("span", "figure-label")][:2] == [
        f"Figure {first}1", f"Figure {first}2"]
    assert f"Lemma {first}1" in html.text()

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

"""Quarto presentations (`format: revealjs`) → Lanting talks.

The fixture `tests/fixtures/import/quarto-talks/` is laid out as academic Quarto sites
keep their talks: a `talks.qmd` listing, each talk a folder with its deck
(`talks/2026-acl/index.qmd`, or `slides.qmd`), figures beside it. Before, a deck became
a page: its slides one long text, its speaker notes part of it, a warning per div."""

from __future__ import annotations

from pathlib import Path

import pytest
from importbits import imported_site, messages, page, redirect_target

from lanting.importer import Imported
from lanting.importer.quarto_slides import presentation_format, slide_level


@pytest.fixture(scope="module")
def talks(tmp_path_factory: pytest.TempPathFactory) -> tuple[Imported, Path]:
    return imported_site(tmp_path_factory, "quarto-talks")


def test_decks_are_talks_and_the_talks_listing_is_the_talks_page(
        talks: tuple[Imported, Path]) -> None:
    imported, out = talks
    assert sorted(p.name for p in (imported.dest / "content/talks").iterdir()) == [
        "2025-mlsys.md", "2026-acl.md"]
    assert not (imported.dest / "content/pages").exists()
    assert redirect_target(out, "/talks.html") == "/talks/"
    listing = page(out, "/talks/")
    assert [e.find("a").text() for e in listing.find_all("article", class_="talk-entry")] \
        == ["HiChunk: Hierarchical Chunking for RAG", "Pipeline bubbles"]
    menu = [a.text() for a in page(out, "/").one("nav", class_="site-nav").find_all("a")]
    assert "Talks" in menu
    assert messages(imported, "talks/2026-acl/index.qmd") == [
        "`author` kept in `params` (Lanting's pages show the site's author)",
        "a slide's background image is not shown: Lanting's deck has none outside Marp "
        "decks; put the image in the slide"]


def test_slides_are_cut_at_headings_with_a_title_slide_and_notes(
        talks: tuple[Imported, Path]) -> None:
    _, out = talks
    frames = page(out, "/talks/2026-acl/slides/").find_all("section", class_="slide-frame")
    headings = [f.find_all("h1") + f.find_all("h2") for f in frames]
    assert [h[0].text() if h else "" for h in headings] == [
        "HiChunk: Hierarchical Chunking for RAG", "Motivation", "Method", "Code", "Results",
        "Recall", ""]
    assert [p.text() for p in frames[0].find_all("p")] == [
        "ACL 2026 · Oral", "Zhiyuan Lin, Yuhan Chen", "Example University"]
    assert frames[1].one("aside", class_="slide-notes").text() == (
        "Pause here and ask who has tuned chunk sizes.")
    assert ". . ." not in frames[1].text()
    # A line "Note: …" of a slide is its text, not the start of Lanting's notes.
    assert frames[2].find("aside", class_="slide-notes") is None
    assert "Note: the boundary scorer" in frames[2].text()
    assert len(frames[2].find_all(class_="column")) == 2
    assert frames[2].one("img")["src"] == "/talks/2026-acl/figures/overview.svg"
    # In code, `##` and `::: {.notes}` are code.
    assert "## not a slide heading" in frames[3].one("code").text()
    assert [li.text() for li in frames[5].find_all("li")] == ["Recall +5.2 points",
                                                             "Latency unchanged"]
    assert frames[6].text().strip() == "Thank you!"


def test_slide_level_one_cuts_at_sections_only(talks: tuple[Imported, Path]) -> None:
    """`slide-level: 1` (in the format's options; an extension's `clean-revealjs`): a
    `##` heading is inside its slide."""
    _, out = talks
    frames = page(out, "/talks/2025-mlsys/slides/").find_all("section", class_="slide-frame")
    assert [f.find_all("h1")[0].text() for f in frames] == ["Pipeline bubbles", "Bubbles",
                                                            "Fixes"]
    assert frames[1].one("h2").text() == "Where they come from"
    # (the old URL showed the slides: it leads to the deck, not the article)
    assert redirect_target(out, "/talks/2025-mlsys/slides.html") == "/talks/2025-mlsys/slides/"


@pytest.mark.parametrize(("data", "expected"), [
    ({"format": "revealjs"}, "revealjs"),
    ({"format": {"revealjs": {"theme": "dark"}}}, "revealjs"),
    ({"format": {"clean-revealjs": {}}}, "revealjs"),
    ({"format": "beamer"}, "beamer"),
    ({"format": {"html": "default", "revealjs": {}}}, ""),  # (an HTML page first)
    ({"format": "html"}, ""),
    ({}, ""),
])
def test_which_documents_are_presentations(data: dict[str, object], expected: str) -> None:
    assert presentation_format(data) == expected


def test_slide_level_is_read_from_the_format_or_the_document() -> None:
    assert slide_level({"format": {"revealjs": {"slide-level": 3}}}) == 3
    assert slide_level({"format": "revealjs", "slide-level": 1}) == 1
    assert slide_level({"format": "revealjs"}) == 2

"""Quarto presentations (`format: revealjs`) → Lanting talks.

The fixture `tests/fixtures/import/quarto-talks/` is laid out as academic Quarto sites
keep their talks: a `talks.qmd` listing, each talk a folder with its deck
(`talks/2026-acl/index.qmd`, or `slides.qmd`), figures beside it. Before, a deck became
a page: its slides one long text, its speaker notes part of it, a warning per div."""

from __future__ import annotations

from pathlib import Path

import pytest
from importbits import NOW, imported_site, messages, page, redirect_target
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site
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
        "`author` kept in `params` (Lanting's pages show the site's author)"]


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
    # (the heading's `background-image`, its slide's background, the figure brought along)
    background = frames[5].one(class_="slide-bg").one("img")
    assert background["src"] == "/talks/2026-acl/figures/overview.svg"
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


ONE_TALK = """---
title: "Simulating mixed designs"
date: 2026-05-04
format:
  revealjs:
    theme: dark
---

# Abstract

```{r, include = FALSE}
library(faux)
set.seed(8)
```

```{r setup_plot, echo=FALSE}
plot(1:3)
```

## Why simulate?

<div style="float:right;width:35%;">
![](images/power.svg)
</div>

:::: columns
::: {.column width="50%"}
Power before data.
:::
::: column
Pre-registration.
:::
::::

```{r}
sim_design(within = 2)
```
"""


def test_a_project_of_one_talk_at_its_root(tmp_path: Path) -> None:
    """A talk kept as a Quarto project of its own (`_quarto.yml`, the deck `index.qmd`
    at `/`): the deck became the home page's text, its slides one long text and its
    notes lost. It is a talk named after the project's folder, and `/` (Lanting's home
    now) gets no redirect, which failed the build. In the deck, as Pandoc reads it: a
    cell's `{r, include = FALSE}` header hides it, `::: columns` (a bare word) is the
    class `columns` (it was written `{columns}`, which the build read as a MyST
    directive), and Markdown right under a `<div>` line is Markdown."""
    source = tmp_path / "sim-2026"
    write_files(source, {"_quarto.yml": 'project:\n  title: "sim-2026"\n',
                         "index.qmd": ONE_TALK,
                         "images/power.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    talk = imported.dest / "content/talks/sim-2026.md"
    assert [p.name for p in (imported.dest / "content/talks").iterdir()] == ["sim-2026.md"]
    text = talk.read_text(encoding="utf-8")
    assert "library(faux)" not in text and "plot(1:3)" not in text
    assert "sim_design" in text
    assert "{columns}" not in text and "{.columns}" in text
    assert "redirects" not in (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings if "{r}" not in w.message] == []
    out = imported.dest / "public"
    frames = page(out, "/talks/sim-2026/slides/").find_all("section", class_="slide-frame")
    why = next(f for f in frames if "Why simulate?" in f.text())
    assert why.one("img")["src"].endswith("power.svg") and "![" not in why.text()
    assert len(why.find_all(class_="column")) == 2


def test_a_decks_render_output_beside_it_holds_no_documents(tmp_path: Path) -> None:
    """A repository of decks rendered without a project keeps each render beside its
    deck: `numpy/index.html` and `numpy/index_files/libs/…`, where reveal.js's plugins
    keep their READMEs. Each README was imported as a page of the site (the second one
    renamed, with a warning that its slug was taken); a document named `x_files.md` with
    no `x.qmd` beside it is one."""
    deck = "---\ntitle: Arrays\ndate: 2025-03-01\nformat: revealjs\n---\n\n## Shapes\n\ntext\n"
    readme = "# reveal.js chalkboard\n\nA plugin.\n"
    imported = import_site(*_write(tmp_path, {
        "numpy/index.qmd": deck,
        "numpy/index.html": "<html></html>\n",
        "numpy/index_files/libs/revealjs/plugin/chalkboard/README.md": readme,
        "pandas/index.qmd": deck.replace("Arrays", "Frames"),
        "pandas/index.html": "<html></html>\n",
        "pandas/index_files/libs/revealjs/plugin/chalkboard/README.md": readme,
        "notes/index_files.md": "# A page named so\n\ntext\n",
        "talk.qmd": deck.replace("Arrays", "Top"),
    }), None, False, NOW)
    assert sorted(p.name for p in (imported.dest / "content/talks").iterdir()) == [
        "numpy.md", "pandas.md", "talk.md"]
    pages = [p.read_text(encoding="utf-8") for p in (imported.dest / "content").rglob("*.md")
             if "talks" not in p.parts]
    assert len(pages) == 1 and "text" in pages[0]
    assert not [m for m in messages(imported, "pandas/index_files/libs/revealjs/plugin/"
                                              "chalkboard/README.md")]


def _write(tmp_path: Path, files: dict[str, str]) -> tuple[Path, Path]:
    write_files(tmp_path / "old", files)
    return tmp_path / "old", tmp_path / "new"

"""An Obsidian vault of literature notes in the shape the Citations plugin and Zotero
templates make them (`Literature/@citekey.md`): Dataview's inline fields for the paper's
authors, year and status (`Authors:: …`, `[rating:: 4]`, `(venue:: NeurIPS)`), the
Admonition plugin's ```` ```ad-abstract ```` fences, and a note embedding a section of
the literature note, an image in it. Lanting's Markdown leaves a `key:: value` line out
(a Logseq property): the fields were lost without a word."""

from __future__ import annotations

from pathlib import Path

from htmltree import Element
from importbits import NOW, page, report_of
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site

# (made up, in the shape of a Citations-plugin literature note)
_NOTE = """---
title: "Attention Is All You Need"
tags: [paper]
---

Authors:: Ashish Vaswani, Noam Shazeer
**Year**:: 2017
- Date read:: 2021-03-02

```ad-abstract
title: Abstract
Sequence transduction without recurrence.
```

```ad-note
collapse: closed
Attention costs $O(n^2 d)$.
```

## Key idea

Rating [rating:: 4] at (venue:: NeurIPS); in code `a:: b` stays, (xs :: [Int]) too.

![[fig1.png|200]]
"""
_ZETTEL = """# Attention mechanism

![[@vaswani2017attention#Key idea]]
"""


def _vault(tmp_path: Path, plugins: str | None) -> tuple[Imported, Element]:
    files: dict[str, str | bytes] = {
        ".obsidian/app.json": "{}", "Literature/@vaswani2017attention.md": _NOTE,
        "Zettel/Attention mechanism.md": _ZETTEL, "attachments/fig1.png": png(4, 4)}
    if plugins is not None:
        files[".obsidian/community-plugins.json"] = plugins
    write_files(tmp_path / "old", files)
    imported = import_site(tmp_path / "old", tmp_path / "new", "notes", False, NOW)
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == [] or plugins is not None
    return imported, page(tmp_path / "new/public", "/vaswani2017attention/").one(
        "div", class_="prose")


def test_dataviews_inline_fields_are_shown_as_dataview_showed_them(tmp_path: Path) -> None:
    imported, prose = _vault(tmp_path, '["dataview", "obsidian-admonition"]')
    # (five in the note, two in its section that another note embeds)
    assert "Dataview's inline fields (`Authors:: …`, `[rating:: 4]`) as Dataview showed " \
        "them ×7" in report_of(imported)
    first = prose.find_all("p")[0]
    assert [s.text() for s in first.find_all("strong")] == ["Authors", "Year"]
    assert "Authors: Ashish Vaswani, Noam Shazeer" in first.text()
    assert prose.one("li").text() == "Date read: 2021-03-02"
    rating = next(p for p in prose.find_all("p") if p.text().startswith("Rating"))
    assert rating.text() == "Rating rating: 4 at NeurIPS; in code a:: b stays, (xs :: [Int]) too."


def test_the_admonition_plugins_fences_are_callouts(tmp_path: Path) -> None:
    imported, prose = _vault(tmp_path, None)  # (no plugin list in git: its syntax is read)
    assert "Obsidian Admonition fences (```ad-note) as admonitions ×2" in report_of(imported)
    assert prose.find_all("pre") == []
    boxes = prose.find_all(class_="callout")
    assert [b.one(class_="callout-title").text() for b in boxes] == ["Abstract", "Note"]
    assert boxes[1].tag == "details" and "open" not in boxes[1].attrs
    assert boxes[1].find_all("math")


def test_without_the_plugins_their_syntax_is_shown_as_written(tmp_path: Path) -> None:
    imported, prose = _vault(tmp_path, '["obsidian-git"]')
    report = report_of(imported)
    assert "as admonitions" not in report and "as Dataview showed" not in report
    assert prose.find_all("p")[0].text().startswith("Authors:: Ashish Vaswani")
    assert [p.one("code")["class"] for p in prose.find_all("pre")] == [
        "language-ad-abstract", "language-ad-note"]


def test_an_embedded_section_shows_its_images_and_fields(tmp_path: Path) -> None:
    _vault(tmp_path, '["dataview"]')
    prose = page(tmp_path / "new/public", "/attention-mechanism/").one("div", class_="prose")
    assert prose.one("img")["src"].endswith("fig1.png")
    assert prose.one("img")["width"] == "200"
    assert "Rating rating: 4 at NeurIPS" in prose.text()


def test_a_vaults_index_note_in_capitals_is_the_home_page(tmp_path: Path) -> None:
    """`Index.md` at the vault's top (a map of content, as vaults name it) is its folder
    note, as `index.md` is, but only the lower-case name made it the home page: it was a
    page named after the repository's folder (`/old/`), the home page Lanting's empty
    one, and the site titled with the folder's name, not the note's heading."""
    write_files(tmp_path / "old", {".obsidian/app.json": "{}",
                                   "Index.md": "# Research notes\n\n"
                                               "Start with [[Reading list]].\n",
                                   "Reading list.md": "Papers to read.\n"})
    import_site(tmp_path / "old", tmp_path / "new", "notes", False, NOW)
    config = (tmp_path / "new/lanting.toml").read_text(encoding="utf-8")
    assert 'title = "Research notes"' in config  # (it was the folder's name)
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    out = tmp_path / "new/public"
    home = page(out, "/")
    assert home.one("a", href="/reading-list/").text() == "Reading list"
    assert not (out / "old").exists()

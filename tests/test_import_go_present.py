"""Decks written for Go's `present` tool (`importer/go_present.py`): a folder of `.slide`
files, the code they show beside them. Each deck is a talk: its header the title slide,
`* Title` its slides, `.code` the file's lines, `: ` lines the speaker notes."""

from __future__ import annotations

from pathlib import Path

from importbits import NOW
from sitebits import png, write_files

from lanting.build import BuildOptions, build
from lanting.importer import import_site
from lanting.importer.go_present import read_present

_DECK = """Counting Things Concurrently
A short tour
9 Mar 2021
Tags: go, concurrency

Ada Example
Lab of Examples
ada@example.org

* Why count at all

Counting is *easy* until _it_is_not_.

- one worker
- many workers, see [[https://example.org/notes][the notes]]

: Ask who has used channels before.

* The code

.code counter.go /START OMIT/,/END OMIT/ HLsend

.image gopher.png 200 _

* Layout

    src/
        counter.go
"""

_CODE = """package main

// START OMIT
func count(ch chan int) {
	ch <- 1 // HLsend
	close(ch)
}
// END OMIT
"""


def _imported(tmp_path: Path) -> Path:
    write_files(tmp_path / "old", {
        "counting/counting.slide": _DECK,
        "counting/counter.go": _CODE,
        "counting/gopher.png": png(8, 8),
        "README.md": "# Talks\n\nRun `present` here.\n",
    })
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    return tmp_path / "new"


def test_a_present_deck_is_a_talk_with_its_code_and_notes(tmp_path: Path) -> None:
    new = _imported(tmp_path)
    talks = list((new / "content" / "talks").glob("*.md"))
    assert len(talks) == 1
    talk = talks[0].read_text(encoding="utf-8")
    assert "title: Counting Things Concurrently" in talk
    assert "subtitle: A short tour" in talk and "author: Ada Example" in talk
    assert "date: 2021-03-09" in talk
    assert "Counting is **easy** until *it is not*." in talk
    assert "[the notes](https://example.org/notes)" in talk
    assert "```go{2}\nfunc count(ch chan int) {\n\tch <- 1\n\tclose(ch)\n}\n```" in talk
    assert "OMIT" not in talk and "HLsend" not in talk
    assert "Note:\nAsk who has used channels before." in talk
    assert "```\nsrc/\n    counter.go\n```" in talk
    assert not list((new / "static").rglob("*.slide"))
    build(new, BuildOptions())
    deck = next((new / "public" / "talks").glob("*/slides/index.html")).read_text(
        encoding="utf-8")
    assert deck.count("class=slide-frame") == 4  # (the title slide, then the three)
    assert "slide-lead" in deck and "Ada Example" in deck
    assert "gopher.png" in deck and "height=200" in deck  # (`.image x.png 200 _`)


def test_a_markdown_present_deck_and_its_addresses() -> None:
    files = {"a.go": "one\ntwo // HL\nthree\n} //End\nfour\n"}
    deck = read_present(
        "# Title in Markdown\n\n## First\n\nSome _Markdown_ text.\n\n"
        ".code a.go /two/,/^} //End/\n\n.play missing.go\n\n.iframe https://x.org 300 400\n",
        files.get)
    assert deck.front == {"title": "Title in Markdown"}
    assert "Some _Markdown_ text." in deck.body  # (Markdown stays Markdown)
    assert "```go\ntwo\nthree\n} //End\n```" in deck.body
    assert [line for line, _message in deck.warnings] == [9, 11]


def test_present_addresses_with_offsets_and_an_open_end() -> None:
    """`/start cut/+1,/end cut/-1` (the lines between the marks) and `/re/,` (to the
    end) are sam's addresses, as present reads them; they showed the whole file."""
    source = "package p\n// start cut\nfunc A() {}\n// end cut\nfunc B() {}\n"
    deck = read_present("Title\n\n* One\n\n.code a.go /start cut/+1,/end cut/-1\n\n"
                        ".code a.go /func A/,\n", {"a.go": source}.get)
    assert "```go\nfunc A() {}\n```" in deck.body
    assert "```go\nfunc A() {}\n// end cut\nfunc B() {}\n```" in deck.body
    assert deck.warnings == []


def test_a_deck_beside_its_folders_readme_keeps_its_name(tmp_path: Path) -> None:
    """`pragmatic/pragmatic.slide` beside `pragmatic/README.md` (a repository of talks,
    a folder each): the README is the folder's page, the deck the talk `pragmatic`
    (it was `pragmatic-pragmatic`, told apart from a page it shares no URL with)."""
    write_files(tmp_path / "old", {
        "pragmatic/pragmatic.slide": "Pragmatic Go\n2 Feb 2022\n\n* One\n\nText.\n",
        "pragmatic/README.md": "# Pragmatic Go\n\nRun `present` here.\n",
        "other/pragmatic.slide": "Pragmatic, again\n3 Feb 2022\n\n* One\n\nText.\n",
    })
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    talks = sorted(p.name for p in (tmp_path / "new" / "content" / "talks").glob("*.md"))
    assert talks == ["other-pragmatic.md", "pragmatic-pragmatic.md"]  # (two decks: apart)
    write_files(tmp_path / "old2", {
        "pragmatic/pragmatic.slide": "Pragmatic Go\n2 Feb 2022\n\n* One\n\nText.\n",
        "pragmatic/README.md": "# Pragmatic Go\n\nRun `present` here.\n",
    })
    import_site(tmp_path / "old2", tmp_path / "new2", None, False, NOW)
    assert (tmp_path / "new2" / "content" / "talks" / "pragmatic.md").is_file()

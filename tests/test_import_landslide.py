"""Landslide decks in a folder of talks (`importer/landslide.py`): `slides.md` named by
a `presentation.cfg` of `[landslide]`, or known by its own macros (`.notes:`, `.fx:`,
`# Presenter Notes`). Each was a page showing the macros and notes as text and its
code opening with `!python`; each is a talk."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from importbits import NOW
from sitebits import write_files

from lanting.build import BuildOptions, build
from lanting.importer import import_site

_WORKSHOP = """# Curating trees in a git store
<br><br>

B. Author and C. Author
Evolution meeting, June 2014

.notes: Press 2 to see this note

.fx: titleslide


# presenter notes
Thank the organisers.
---

# The store

.fx: imageslide whiteheading

- studies as JSON files
- the whole store is a repository

---

# Reading one

    !python
    import json
    study = json.load(open("s1.json"))

.qr: 300|https://example.org/store

Presenter Notes
===============

Point at the file name.
"""

_PLAIN = """# Second talk

Just slides.

---

# More

Text.
"""


def test_landslide_decks_are_talks(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {
        "store/slides.md": _WORKSHOP,
        "plain/presentation.cfg": "[landslide]\ntheme = light\nsource = talk.md\n",
        "plain/talk.md": _PLAIN,
    })
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    new = tmp_path / "new"
    assert (new / "content/talks/talk.md").is_file()
    result = build(new, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    html = parse_html((new / "public/talks/slides/slides/index.html").read_bytes())
    title, store, reading = html.find_all("section", class_="slide-frame")
    text = html.one("main").text() if html.find_all("main") else html.text()
    for raw in (".notes:", ".fx:", ".qr:", "!python", "resenter"):
        assert raw not in text
    notes = title.one("aside", class_="slide-notes").text()
    assert "Press 2 to see this note" in notes and "Thank the organisers." in notes
    assert [li.text() for li in store.find_all("li")] == [
        "studies as JSON files", "the whole store is a repository"]
    assert reading.one("pre").text().startswith("import json")
    assert reading.one("a")["href"] == "https://example.org/store"
    assert reading.one("aside", class_="slide-notes").text() == "Point at the file name."
    plain = parse_html((new / "public/talks/talk/slides/index.html").read_bytes())
    assert len(plain.find_all("section", class_="slide-frame")) == 2

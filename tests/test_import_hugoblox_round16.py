"""Hugo Blox publication pages as labs' scripts wrote them (round 16): the abstract
folded in the text, no authors, a folder for each year; a section's own text."""
from __future__ import annotations

from pathlib import Path

from test_import_hugoblox import POST, blox, built, messages

from lanting.importer.hugoblox_abstracts import folded_abstract

PAPER = """---
title: "Scheduling with inexact sizes"
authors:
  - ""
date: 2004-01-01
publication: ""
abstract: ""
featured: false
---

{{< spoiler text="Abstract" >}}

Shortest-remaining-time scheduling gives the smallest mean response time, and its
cost to $n$ large jobs is small.

{{< /spoiler >}}
"""


def test_a_publication_s_abstract_folded_in_its_text(tmp_path: Path) -> None:
    """A lab's publication pages left `abstract: ""` and folded the abstract in the
    text, under a spoiler named "Abstract"; `authors: [""]` named nobody. The text was
    left out ("Lanting makes the publication's page"), the abstracts lost, and the
    entry had `author = {}`, a warning at every build. The folded text is the
    entry's abstract now, and the empty author is no field."""
    imported = blox(tmp_path, {"content/publication/srpt/index.md": PAPER})
    assert not any("text left out" in m for _, m in messages(imported))
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "author" not in bib
    assert "its cost to $n$ large jobs is small." in bib
    out = built(imported, tmp_path)
    html = (out / "publications" / "srpt" / "index.html").read_text(encoding="utf-8")
    assert "Shortest-remaining-time scheduling" in html


def test_only_a_body_that_is_the_abstract_alone_is_taken() -> None:
    """Another fold (`text="Details"`), text beside the fold, or a fold holding more
    than paragraphs (a figure) stays the page's text, left out as before."""
    fold = '{{< spoiler text="%s" >}}\n%s\n{{< /spoiler >}}\n'
    assert folded_abstract(fold % ("Abstract", "We show *this*.")) == "We show this."
    assert folded_abstract(fold % ("Details", "We show this.")) is None
    assert folded_abstract("Intro.\n\n" + fold % ("Abstract", "We show this.")) is None
    assert folded_abstract(fold % ("Abstract", "![fig](a.png)")) is None


NESTED = """---
title: "Rearchitecting the network"
authors: ["Ada Byron"]
date: 2024-01-01
publication: "CCR"
---
"""

EVENT = """---
title: Survivability workshop
date: 2024-03-01
---

Read the [summary paper](/publication/2024/Byron-CCR24/).
"""


def test_a_publication_in_a_folder_of_its_year(tmp_path: Path) -> None:
    """A lab kept its papers by year, `content/publication/2024/Byron-CCR24/`, which
    Hugo published at `/publication/2024/byron-ccr24/`. Its old URL was taken to be
    `/publication/byron-ccr24/` (the redirect there, none at the real one), and a
    talk's link to it, in the folder's capitals, broke the build. The redirect is
    at the old URL and the link leads to the entry's page."""
    imported = blox(tmp_path, {"content/publication/2024/Byron-CCR24/index.md": NESTED,
                               "content/event/survive/index.md": EVENT})
    static = imported.dest / "static" / "publication"
    assert (static / "2024" / "byron-ccr24" / "index.html").is_file()
    assert not (static / "byron-ccr24").exists()
    talk = next((imported.dest / "content" / "talks").rglob("*.md")).read_text("utf-8")
    assert "(/publications/Byron-CCR24/)" in talk
    built(imported, tmp_path)


def test_a_section_s_own_text_is_a_page(tmp_path: Path) -> None:
    """A lab's `research/_index.md` (its research areas, no page under it) and
    `join/_index.md` (over one page of a position) were lost without a word, and the
    menu's entries for them with them: Hugo Blox's reader read only its own sections'
    `_index.md`. Each is a page at its URL now, as on any Hugo site."""
    research = "---\ntitle: Research Areas\n---\n\nWe model enzymes with QM/MM.\n"
    join = "---\ntitle: Join the Lab\n---\n\n### PhD positions\n\nWrite to us.\n"
    position = "---\ntitle: Postdoc position\n---\n\nFilled.\n"
    imported = blox(tmp_path, {"content/research/_index.md": research,
                               "content/join/_index.md": join,
                               "content/join/postdoc.md": position,
                               "content/post/hello/index.md": POST})
    pages = imported.dest / "content" / "pages"
    assert "We model enzymes with QM/MM." in (pages / "research.md").read_text("utf-8")
    assert "Write to us." in (pages / "join.md").read_text("utf-8")
    out = built(imported, tmp_path)
    assert "Research Areas" in (out / "research" / "index.html").read_text("utf-8")

"""Academic homepages, round 14: faults found on real al-folio, academicpages,
lab-website-template and Hugo Blox sites (each fixture is written for the test, in the
shape of those sites)."""
from __future__ import annotations

from pathlib import Path

from importbits import alfolio_import, messages, page

from lanting.build import build
from lanting.build.options import BuildOptions

CONFIG = "title: Ruiz Lab\nfirst_name: Inés\nlast_name: Ruiz\nlang: en\n"
ABOUT = "---\nlayout: about\ntitle: about\npermalink: /\n---\n\nWe study tides.\n"
PAPERS = ("@article{ruiz2024tides,\n  title={Tidal Mixing in Shallow Bays},\n"
          "  author={Ruiz, In{\\'e}s and Kato, Ren},\n  journal={Ocean Letters},\n"
          "  year={2024}\n}\n")
PUBLICATIONS = """---
layout: page
permalink: /publications/
title: publications
description: Papers of the lab, newest first.
nav: true
---
<!-- _pages/publications.md -->

Our papers, newest first. An asterisk marks equal contribution; see also my
[Scholar profile](https://scholar.example.org/ruiz) for preprints.

<!-- Bibsearch Feature -->
{% include bib_search.liquid %}

<div class="publications">

{% bibliography %}

</div>
"""


def test_alfolio_publications_page_keeps_its_text_above_the_list(tmp_path: Path) -> None:
    """The text above `{% bibliography %}` was lost ("left out: Lanting makes
    /publications/"): it is the new list's text now, the theme's search box and the
    `<div>` around the list left out."""
    imported = alfolio_import(tmp_path, {"_pages/publications.md": PUBLICATIONS,
                                         "_bibliography/papers.bib": PAPERS}, CONFIG, ABOUT)
    assert messages(imported, "_pages/publications.md") == [
        "its text above the list is kept; Lanting makes /publications/ from "
        "content/publications.bib"]
    text = (tmp_path / "new/content/publications/_index.md").read_text(encoding="utf-8")
    assert "bib_search" not in text and "<div" not in text and "bibliography" not in text
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    listing = page(out, "/publications/")
    intro = listing.one(class_="publications-intro")
    assert intro.text().startswith("Our papers, newest first.")
    assert intro.one("a")["href"] == "https://scholar.example.org/ruiz"
    assert "Tidal Mixing in Shallow Bays" in listing.one("main").text()
    assert listing.one("title").text().startswith("Publications")  # (its title: the list's)


def test_alfolio_publications_page_of_lists_by_query_keeps_only_its_intro(
        tmp_path: Path) -> None:
    """Headings between lists `--query` picks belong to the lists, not to the intro: the
    text below the first list is reported, as before."""
    queried = ("---\nlayout: page\npermalink: /publications/\ntitle: papers\n---\n\n"
               "Selected work of the group.\n\n## Journal articles\n\n"
               "{% bibliography --query @article %}\n\n## Talks given at workshops and "
               "summer schools\n\nOver the years we gave many; the slides are linked "
               "where we still have them, and recordings where the hosts kept them.\n\n"
               "{% bibliography --query @misc %}\n")
    imported = alfolio_import(tmp_path, {"_pages/publications.md": queried,
                                         "_bibliography/papers.bib": PAPERS}, CONFIG, ABOUT)
    [warning] = [e for e in imported.report.warnings if e.path == "_pages/publications.md"]
    assert "the page's text below its first list is not kept" in warning.message
    text = (tmp_path / "new/content/publications/_index.md").read_text(encoding="utf-8")
    assert "Selected work of the group." in text and "Talks given" not in text
    build(imported.dest, BuildOptions(output=tmp_path / "out"))

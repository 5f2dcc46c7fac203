"""Faults of group sites on plain Jekyll with jekyll-scholar (HTML pages of their own
layouts, a `.bib` of the group's papers named after its lead), in small sites written
here."""

from __future__ import annotations

from pathlib import Path

from importbits import NOW, messages, page
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site

CONFIG = """\
title: Kite Group
lang: en
plugins:
  - jekyll-scholar
scholar:
  style: apa
  sort_by: year
  order: descending
"""
BIB = """\
@inproceedings{ward2024gusts,
  title = {Kites in gusty wind},
  author = {Ward, Lena and Okoye, Sam},
  booktitle = {Workshop on Flying Things},
  year = {2024}
}

@article{ward2019lines,
  title = {Tension along a kite line},
  author = {Ward, Lena},
  journal = {Journal of Strings},
  year = {2019}
}
"""
PUBLICATIONS = """\
---
layout: publications
title: Publications
permalink: /publications/
years: [2024, 2019]
---

{% for y in page.years %}
  <h3>{{y}}</h3>
  {% bibliography -f ward -q @*[year={{y}}]* %}
{% endfor %}
"""


def _site(tmp_path: Path, files: dict[str, str]) -> Path:
    source = tmp_path / "old"
    write_files(source, {"_config.yml": CONFIG, "_layouts/publications.html": "{{ content }}\n",
                         "index.md": "---\nlayout: default\n---\n\nWe fly kites.\n", **files})
    return source


def test_the_bib_the_publications_page_lists_is_the_papers(tmp_path: Path) -> None:
    """The group's papers are `_bibliography/ward.bib`, listed at /publications/ by
    `{% bibliography -f ward %}` (no al-folio `papers.bib`): they were imported as
    references other posts cite, and the page left out ("Lanting makes /publications/
    from content/publications.bib", a file never written), so the site had no list of
    papers. That file's entries are the publications."""
    source = _site(tmp_path, {"_bibliography/ward.bib": BIB,
                              "publications.md": PUBLICATIONS})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert imported.report.counts["publications"] == 2
    assert not (tmp_path / "new" / "content" / "references.bib").exists()
    bib = (tmp_path / "new" / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "ward2024gusts" in bib and "ward2019lines" in bib
    assert messages(imported, "publications.md") == [
        "left out: Lanting makes /publications/ from content/publications.bib"]
    out = build(tmp_path / "new", BuildOptions(output=tmp_path / "out")).output
    listing = page(out, "/publications/").text()
    assert "Kites in gusty wind" in listing and "Tension along a kite line" in listing

"""Academic homepages, round 21: faults found on real Hugo Blox, AcadHomepage and lab
sites (each fixture is written for the test, in the shape of those sites)."""
from __future__ import annotations

from pathlib import Path

from importbits import page
from test_import_hugoblox import blox, built, messages

RIS_RECORD = """TY  - JOUR
AU  - Lin, Mei
AU  - Xu, Bo
TI  - Reading long books with small models
T2  - Journal of Reading Machines
PY  - 2023/05/01
VL  - 12
IS  - 3
SP  - 101
EP  - 118
DO  - https://doi.org/10.1234/jrm.2023.7
AB  - We read long books
      with small models.
ER  -
"""
RIS_PAPER = """---
title: Reading long books with small models
authors: [admin, Bo Xu]
date: 2023-05-01
publication: "*Journal of Reading Machines*"
publication_types: ["2"]
---
"""


def test_a_cite_bib_holding_a_ris_record_is_read(tmp_path: Path) -> None:
    """A paper's `cite.bib` holding the publisher's RIS export (`TY  - JOUR`, `AU  - …`),
    as Hugo Blox labs paste it: the entry was made from the front matter with a
    warning, and the volume, issue, pages and DOI the record held were lost; a bare
    record (not inside `@article{…}`) was passed over without a word. Both are read."""
    imported = blox(tmp_path, {
        "content/publication/reading/index.md": RIS_PAPER,
        "content/publication/reading/cite.bib": RIS_RECORD,
        "content/publication/wrapped/index.md": RIS_PAPER.replace("Reading long", "Writing long"),
        "content/publication/wrapped/cite.bib":
            "@article{\n" + RIS_RECORD.replace("Reading long", "Writing long") + "}\n"})
    assert not [m for _, m in messages(imported) if "cite.bib" in m]
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "TY  -" not in bib and "month    = 5" in bib
    out = built(imported, tmp_path)
    papers = {a.one("h3").text(): a for a in page(out, "/publications/").find_all(
        "article", class_="pub")}
    assert sorted(papers) == ["Reading long books with small models",
                              "Writing long books with small models"]
    for paper in papers.values():
        assert paper.one("p", class_="pub-venue").text() == \
            "Journal of Reading Machines, 12(3):101–118, 2023"
        assert "Mei Lin, Bo Xu" in paper.text()
        doi = [a["href"] for a in paper.find_all("a") if "doi.org" in a.get("href", "")]
        assert doi == ["https://doi.org/10.1234/jrm.2023.7"]
        assert "We read long books with small models." in paper.one(
            "details", class_="pub-abstract").text()


def test_a_cite_bib_of_neither_format_is_warned_about(tmp_path: Path) -> None:
    """A `cite.bib` holding text neither BibTeX nor RIS reads (a citation pasted as
    prose) was passed over without a word; it is warned about at its line, and the
    entry made from the front matter."""
    imported = blox(tmp_path, {
        "content/publication/reading/index.md": RIS_PAPER,
        "content/publication/reading/cite.bib":
            "Lin M, Xu B. Reading long books with small models. J Read Mach. 2023.\n"})
    warned = [m for _, m in messages(imported) if "cite.bib holds no entry" in m]
    assert len(warned) == 1
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "journal  = {Journal of Reading Machines}" in bib

"""Academic homepages, round 13: faults found on real lab-website-template, Type-on-Strap
and Hugo Blox sites (each fixture is written for the test, in the shape of those sites)."""
from __future__ import annotations

from pathlib import Path

from importbits import NOW, page
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site


def blox_import(tmp_path: Path, files: dict[str, str | bytes]) -> Imported:
    """A Hugo Blox site of `files`, with a config and its admin author, imported."""
    source = tmp_path / "old"
    write_files(source, {"config/_default/hugo.yaml": "title: Tarn Lab\nlanguageCode: en-us\n",
                         "content/authors/admin/_index.md": "---\ntitle: Oda Tarn\n"
                                                           "superuser: true\n---\nBio.\n",
                         **files})
    return import_site(source, tmp_path / "new", "hugo-blox", False, NOW)


def test_a_widget_page_of_a_branch_is_one_page_of_its_widgets(tmp_path: Path) -> None:
    """`content/research/_index.md` says `type: widget_page`, its widgets the other
    files of the folder (as a leaf bundle's `index.md` does): each widget became a page
    (a draft, `headless`) of its own, one with a date a post, and the page was lost."""
    imported = blox_import(tmp_path, {
        "content/research/_index.md": "---\ntitle: Research\ntype: widget_page\n---\n",
        "content/research/aims.md": "---\nwidget: blank\nheadless: true\nweight: 10\n"
                                    "title: Aims\n---\nWe follow glaciers as they thin.\n",
        "content/research/funds.md": "+++\nwidget = \"blank\"\nheadless = true\n"
                                     "weight = 20\ntitle = \"Funding\"\n"
                                     "date = 2023-01-01\n+++\nA polar grant.\n",
        "content/post/a/index.md": "---\ntitle: A\ndate: 2024-01-01\n---\n\nA.\n"})
    assert imported.report.warnings == []
    pages = sorted(p.name for p in (imported.dest / "content").rglob("*.md"))
    assert pages == ["_index.md", "a.md", "research.md"]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    main = page(out, "/research/").one("main")
    assert [h.text().strip() for h in main.find_all("h2")] == ["Aims", "Funding"]
    assert "We follow glaciers" in main.text() and "A polar grant." in main.text()

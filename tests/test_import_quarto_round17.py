"""Quarto homepages' faults found on real sites (round 17): a listing's contents
named from its own folder with a leading slash."""

from __future__ import annotations

from pathlib import Path

from sitebits import write_files

from lanting.importer import import_site


def test_listing_contents_with_a_leading_slash_are_the_listing_s(tmp_path: Path) -> None:
    """`publications/publications.qmd` listed `/2024/glucose_2024.qmd`: Quarto reads a
    leading slash from the listing's folder (its globs' root), so the list showed
    `publications/2024/glucose_2024.qmd`. Lanting read it from the project's root,
    found nothing there, and the papers were pages nothing listed. They are the
    listing's documents, posts, now."""
    source = tmp_path / "old"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "publications/publications.qmd": "---\ntitle: Publications\nlisting:\n  contents:\n"
                                         "   - /2024/glucose_2024.qmd\n"
                                         "   - /2023/sleep_2023.qmd\n  sort: false\n---\n",
        "publications/2024/glucose_2024.qmd": "---\ntitle: A glucose model\n"
                                              "date: 2024/08/22\n---\n\nWe model glucose.\n",
        "publications/2023/sleep_2023.qmd": "---\ntitle: Sleep and diet\ndate: 2023-05-01\n"
                                            "---\n\nWe study sleep.\n"})
    imported = import_site(source, tmp_path / "new")
    assert imported.report.counts["posts"] == 2
    assert not (imported.dest / "content" / "pages").exists() or not any(
        (imported.dest / "content" / "pages").iterdir())

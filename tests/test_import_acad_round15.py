"""Academic homepages, round 15: faults found on real al-folio sites and a lab's (each
fixture is written for the test, in the shape of those sites)."""
from __future__ import annotations

from pathlib import Path

from importbits import alfolio_import, messages, page

from lanting.build import build
from lanting.build.options import BuildOptions

CONFIG = "title: Ruiz Lab\nfirst_name: Inés\nlast_name: Ruiz\nlang: en\n"
ABOUT = "---\nlayout: about\ntitle: about\npermalink: /\n---\n\nWe study tides.\n"
PAPERS = ("@article{ruiz2024tides,\n  title={Tidal Mixing in Shallow Bays},\n"
          "  author={Ruiz, In{\\'e}s and Kato, Ren and Olsen, Per},\n"
          "  journal={Ocean Letters},\n  year={2024}\n}\n")


def test_a_coauthor_without_a_url_is_left_out(tmp_path: Path) -> None:
    """al-folio's `coauthors.yml` may give a coauthor no `url` (its layout then shows
    the name unlinked); Lanting's file wants a link for each, and the build failed on
    it. Such a person is left out of the file (the name shows unlinked, as before),
    with a notice; the others keep their links and the file its comments."""
    imported = alfolio_import(tmp_path, {
        "_bibliography/papers.bib": PAPERS,
        "_data/coauthors.yml": "# who we link\n\"kato\":\n  - firstname: [\"Ren\", \"R.\"]\n"
                               "    url: https://kato.example.org/\n\n\"olsen\":\n"
                               "  - firstname: [\"Per\", \"P.\"]\n"}, CONFIG, ABOUT)
    written = (imported.dest / "content" / "coauthors.yml").read_text(encoding="utf-8")
    assert "# who we link" in written and "kato" in written and "olsen" not in written
    assert any("`olsen`" in m for m in messages(imported, "_data/coauthors.yml"))
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    entry = page(out, "/publications/").one("main")
    assert [a.text() for a in entry.find_all("a") if "kato.example" in (a.get("href") or "")]
    assert "Olsen" in entry.text()


"""al-folio faults found on real homepages and lab sites (round 17): jekyll-scholar's
`.bib` files kept in another folder than `_bibliography/`."""
from __future__ import annotations

from pathlib import Path

from importbits import alfolio_import

from lanting.importer import Imported

CONFIG = ("title: Materials Group\nlang: en\nplugins: ['jekyll/scholar']\n"
          "scholar:\n  last_name: Byron\n  first_name: [Ada]\n  source: /cv/\n"
          "  bibliography: ref.bib\n")
ABOUT = "---\nlayout: about\ntitle: about\npermalink: /\n---\n\nWe study crystals.\n"
PUBLICATIONS = ("---\ntitle: Publications\npermalink: /publications/\n---\n\n"
                "### Preprints\n{% bibliography --query @unpublished %}\n\n"
                "### Articles\n{% bibliography --query @article %}\n")
REFS = ("@article{defects,\n  title = {Point defects},\n  author = {Byron, Ada},\n"
        "  journal = {J. Cryst.},\n  year = {2024}\n}\n\n"
        "@unpublished{phases,\n  title = {Phase maps},\n  author = {Byron, Ada},\n"
        "  year = {2025}\n}\n")


def alfolio(tmp_path: Path, files: dict[str, str | bytes], config: str = CONFIG) -> Imported:
    """An al-folio site of `files` (with this file's config and about page) imported."""
    return alfolio_import(tmp_path, files, config, ABOUT)


def test_scholar_source_folder_holds_the_papers(tmp_path: Path) -> None:
    """jekyll-scholar read its `.bib` files from `scholar: source:` (`/cv/`: the
    site's `cv/`, as it joins the setting to the site's root); Lanting read only
    `_bibliography/`, found no papers, and left out the page listing them: the site
    had no publications."""
    imported = alfolio(tmp_path, {"_pages/publications.md": PUBLICATIONS,
                                  "cv/ref.bib": REFS})
    bib = (imported.dest / "content" / "publications.bib").read_text("utf-8")
    assert "@article{defects," in bib
    assert "@unpublished{phases," in bib
    assert imported.report.counts["publications"] == 2


def test_scholar_source_folder_default_is_bibliography(tmp_path: Path) -> None:
    """Without `source:`, the papers are `_bibliography/`'s, as before."""
    config = CONFIG.replace("  source: /cv/\n", "")
    imported = alfolio(tmp_path, {"_pages/publications.md": PUBLICATIONS,
                                  "_bibliography/ref.bib": REFS}, config)
    assert imported.report.counts["publications"] == 2


"""The owner on their publication list when the papers abbreviate their name,
invisible characters pasted into a .bib, and NASA ADS's journal macros (faults of real
academicpages and al-folio homepages)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path, PurePosixPath

import pytest
from htmltree import parse_html

from lanting.build.options import BuildResult
from lanting.content.bibliography import parse_bibliography
from lanting.model.content import Kind, Source

Make = Callable[..., Path]
Build = Callable[..., BuildResult]

CONFIG = """title = "Ines Faria"
base_url = "https://ines.example.org/"
[profile]
name = "{name}"
"""
BIB = """@article{flow2019,
  title = {River Stage and Bank Storage},
  author = {Faria, I. M. and Okoro, C.},
  journal = {Water Letters},
  year = 2019,
}
@article{tides2017,
  title = {Tidal Pulses in Aquifers},
  author = {\ufeffFaria, I and Okoro, C},
  journal = {\ufeffGroundwater Notes},
  year = 2017,
  url = {\ufeffhttps://example.org/tides},
}
@article{other2016,
  title = {Not Hers},
  author = {Faria, J. and Okoro, C.},
  journal = {Water Letters},
  year = 2016,
}
"""


def owner_marks(site: Path) -> list[list[str]]:
    page = parse_html((site / "public/publications/index.html").read_bytes())
    return [[s.text() for s in pub.find_all("strong", class_="pub-me")]
            for pub in page.find_all("article", class_="pub")]


@pytest.mark.parametrize("name", ["Ines Maria Faria", "Ines Faria"])
def test_the_owner_abbreviated_by_initials_is_highlighted(
        make_site: Make, build_site: Build, name: str) -> None:
    """An academicpages owner, `Ines Maria Faria`, whose papers list `Faria, I. M.` or
    `Faria, I`: no author was set in bold on their own list. Their initials match; a
    co-author of another first name (`Faria, J.`) does not."""
    site = make_site({"lanting.toml": CONFIG.format(name=name),
                      "content/publications.bib": BIB})
    build_site(site)
    marks = owner_marks(site)
    assert marks[1] == ["I Faria"] and marks[2] == []
    assert marks[0] == (["I. M. Faria"] if name == "Ines Maria Faria" else [])


def test_byte_order_marks_pasted_into_fields_are_dropped(
        make_site: Make, build_site: Build) -> None:
    """`author = {\\ufeffFaria, I}` and `url = {\\ufeffhttps://…}`, copied from a
    publisher's page: the URL became a relative link that led nowhere, the venue and the
    BibTeX kept the invisible character. They read as written without it."""
    site = make_site({"lanting.toml": CONFIG.format(name="Ines Faria"),
                      "content/publications.bib": BIB})
    build_site(site)
    html = (site / "public/publications/index.html").read_text(encoding="utf-8")
    assert "\ufeff" not in html
    page = parse_html(html)
    assert page.find("a", href="https://example.org/tides") is not None


def test_nasa_ads_journal_macros_are_the_journals() -> None:
    """An astronomer's al-folio `papers.bib`, exported from NASA ADS, names journals by
    the AAS macros: `journal = {\\apj}` showed `\\apj` as the venue, with a warning for
    each of 28 entries. They are the journals' abbreviations, as the AAS defines them."""
    text = "".join(f"@article{{p{i}, title = {{Gas}}, author = {{Lee, A.}}, year = 2020, "
                   f"journal = {{{macro}}}}}\n"
                   for i, macro in enumerate((r"\apj", r"\apjl", r"{\mnras}", r"\aap")))
    parsed = parse_bibliography(Source(Path("/s/content/publications.bib"),
                                       PurePosixPath("publications.bib"), Kind.BIBLIOGRAPHY,
                                       text))
    assert [p.venue for p in parsed.publications] == ["ApJ", "ApJL", "MNRAS", "A&A"]
    assert parsed.warnings == ()


LAB = """title = "Reef Lab"
base_url = "https://reef.example.org/"
[publications]
highlight_names = ["Chloe Mickels", "Ana B. Ruiz"]
"""
LAB_BIB = """@article{dusk2024,
  title = {Coral Colour at Dusk},
  author = {Chloe A. Mickels and Ana Ruiz and Ana C. Ruiz and Chloe Mickels-Berg},
  journal = {Reef Letters},
  year = 2024,
}
"""


def test_authors_with_middle_initials_match_names_without(
        make_site: Make, build_site: Build) -> None:
    """A lab's members are named `Chloe Mickels` (`highlight_names`), its citation
    script writes authors as ORCID and Crossref give them, `Chloe A. Mickels`: no
    member was highlighted. An author's middle initials may be left out to match; a
    name given with initials (`Ana B. Ruiz`) still needs them, so `Ana C. Ruiz` is
    another person, and so is `Ana Ruiz`."""
    site = make_site({"lanting.toml": LAB, "content/publications.bib": LAB_BIB})
    build_site(site)
    assert owner_marks(site) == [["Chloe A. Mickels"]]

"""Golden site `tests/sites/alfolio/`: an al-folio `_bibliography/papers.bib` copied as it
is — every field al-folio's `bib.liquid` reads — with al-folio's `coauthors.yml`.

The pages are asserted on parsed HTML: each field shows where a reader expects it, the
site-only fields stay out of the BibTeX box, and unknown fields stay in it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from htmltree import Element, parse_html

from lanting.build import build
from lanting.build.options import BuildOptions, BuildResult

SITE = Path(__file__).parent / "sites" / "alfolio"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> BuildResult:
    site = Path(shutil.copytree(SITE, tmp_path_factory.mktemp("alfolio") / "site",
                                ignore=shutil.ignore_patterns(".lanting", "public")))
    return build(site, BuildOptions(output=site / "public", cache=False))


def page(built: BuildResult, rel: str) -> Element:
    return parse_html((built.output / rel).read_bytes())


def entry(built: BuildResult, key: str) -> Element:
    return page(built, "publications/index.html").one("article", id=key)


def buttons(article: Element) -> dict[str, str]:
    return {a.text(): a["href"]
            for a in article.one(class_="pub-actions").find_all("a", class_="pub-button")}


def test_the_site_builds_without_a_warning(built: BuildResult) -> None:
    assert built.warnings == ()


def test_abbr_is_a_venue_chip_coloured_as_configured(built: BuildResult) -> None:
    icml = entry(built, "example2023scaling").one("abbr", class_="pub-abbr")
    assert icml.text() == "ICML" and icml["style"] == "--venue: #2b6cb0"
    assert icml.one("a")["href"] == "https://icml.cc/"  # the venue's configured page
    physrev = entry(built, "PhysRev.52.777").one("abbr", class_="pub-abbr")
    assert physrev["style"] == "--venue: teal" and physrev.find("a") is None
    ajp = entry(built, "example1952meaning").one("abbr", class_="pub-abbr")
    assert ajp.text() == "AJP" and ajp.get("style") is None  # not configured: plain chip
    assert "has-color" not in ajp.classes


def test_preview_is_a_thumbnail_from_static(built: BuildResult) -> None:
    img = entry(built, "example1958fluctuations").one("img", class_="pub-preview")
    assert img["src"] == "/fluctuations.png"
    assert (built.output / "fluctuations.png").is_file()


def test_every_link_field_is_a_button(built: BuildResult) -> None:
    assert buttons(entry(built, "example2023scaling")) == {
        "arXiv": "https://arxiv.org/abs/2301.00001",
        "HTML": "https://proceedings.example.org/v202/example23a.html",
        "Code": "https://github.com/ada-example/scaling",
        "Slides": "https://ada.example.org/scaling/slides.pdf",
        "Video": "https://video.example.org/watch?v=scaling",
        "Poster": "/scaling-poster.pdf",  # a bare file name: static/scaling-poster.pdf
        "Blog": "https://ada.example.org/blog/scaling/",
        "Website": "https://ada.example.org/scaling/"}
    physrev = buttons(entry(built, "PhysRev.52.777"))
    assert physrev["PDF"] == "/example_pdf.pdf" and physrev["Supp"] == "/supplement.pdf"
    assert physrev["DOI"] == "https://doi.org/10.1103/PhysRev.52.777"
    for name in ("example_pdf.pdf", "supplement.pdf", "scaling-poster.pdf"):
        assert (built.output / name).is_file(), name


def test_award_and_additional_info_are_rendered_markdown(built: BuildResult) -> None:
    article = entry(built, "example2023scaling")
    award = article.one("details", class_="pub-award")
    assert award.one("summary").text() == "Oral"  # award_name
    panel = award.one(class_="pub-panel")
    assert panel.one("strong").text() == "oral"
    assert panel.one("a")["href"] == "https://icml.cc/" and "**" not in panel.text()
    info = article.one("span", class_="pub-info")
    assert info.one("em").text() == "An earlier version"
    assert info.one("a")["href"] == "https://example.org/ws"


def test_author_marks_limit_and_coauthor_links(built: BuildResult) -> None:
    authors = entry(built, "PhysRev.52.777").one("span", class_="pub-authors")
    assert authors.one("strong", class_="pub-me").text() == "A. Example"
    marks = [(s.text(), s.get("title")) for s in authors.find_all("sup", class_="pub-mark")]
    assert marks == [("*", "Equal contribution"), ("†", "Corresponding author")]
    links = {a.text(): a["href"] for a in authors.find_all("a", class_="pub-coauthor")}
    assert links == {"B. Podolsky": "https://en.example.org/wiki/Boris_Podolsky",
                     "N. Rosen": "https://en.example.org/wiki/Nathan_Rosen"}
    more = authors.one("details", class_="more-authors")  # max_authors = 3, no JS needed
    assert more.one("summary").text() == "and 4 more"
    assert more.one(class_="more-authors-list").text() == (
        "N. Bohr, M. Born, P. A. M. Dirac, E. Fermi")
    scaling = entry(built, "example2023scaling").one("span", class_="pub-authors")
    # `∗Chen` (U+2217 before the family name) and `Jörg‡` are marks, not parts of names;
    # "Müller" finds al-folio's key `muller` (accents removed).
    assert "∗" not in scaling.text() and "Yuhan Chen" in scaling.text()
    assert scaling.one("a", class_="pub-coauthor")["href"] == "https://mueller.example.org/"


def test_bibtex_box_keeps_unknown_fields_and_drops_site_ones(built: BuildResult) -> None:
    article = entry(built, "PhysRev.52.777")
    bibtex = article.one("details", class_="pub-bibtex").one("code").text()
    for kept in ("numpages = {4}", "issue = {10}", "doi = {10.1103/PhysRev.52.777}",
                 "publisher = {Physical Publishing Society,}"):  # @string expanded
        assert kept in bibtex, kept
    for dropped in ("abbr", "altmetric", "dimensions", "google_scholar_id", "inspirehep_id",
                    "selected", "pdf =", "supp", "html =", "abstract"):
        assert dropped not in bibtex, dropped
    assert "Example, A. and Podolsky, B. and" in bibtex  # marks left out of the BibTeX


def test_bibtex_show_false_hides_the_box(built: BuildResult) -> None:
    assert entry(built, "example2023scaling").find("details", class_="pub-bibtex") is None
    own = page(built, "publications/example2023scaling/index.html")
    assert own.find("h2", id="bibtex-title") is None
    assert page(built, "publications/PhysRev.52.777/index.html").one("h2", id="bibtex-title")


def test_badges_link_to_their_services(built: BuildResult) -> None:
    metrics = entry(built, "PhysRev.52.777").one("p", class_="pub-metrics")
    assert {a.text(): a["href"] for a in metrics.find_all("a")} == {
        "Altmetric": "https://www.altmetric.com/details/248277",
        "Dimensions": "https://badge.dimensions.ai/details/doi/10.1103/PhysRev.52.777",
        "Google Scholar": "https://scholar.google.com/citations?view_op=view_citation"
                          "&user=qc6CJjYAAAAJ&citation_for_view=qc6CJjYAAAAJ:qyhmnyLat1gC",
        "INSPIRE": "https://inspirehep.net/literature/3255"}
    assert entry(built, "example1905movement").find("p", class_="pub-metrics") is None


def test_selected_entries_are_on_the_home_page(built: BuildResult) -> None:
    home = page(built, "index.html").one("section", class_="selected-publications")
    titles = [h.one("a")["href"] for h in home.find_all("h3", class_="pub-title")]
    assert titles == ["/publications/example2023scaling/", "/publications/PhysRev.52.777/"]

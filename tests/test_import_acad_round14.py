"""Academic homepages, round 14: faults found on real al-folio, academicpages,
lab-website-template and Hugo Blox sites (each fixture is written for the test, in the
shape of those sites)."""
from __future__ import annotations

from pathlib import Path

from importbits import NOW, alfolio_import, messages, page
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site

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
    assert "Bibsearch" not in text
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


def _lab(tmp_path: Path, files: dict[str, str]) -> Path:
    """A lab-website-template site of `files` (its `list.html`, its resources kept as a
    collection of pages)."""
    source = tmp_path / "old"
    write_files(source, {
        "_config.yaml": "title: Brook Lab\nlang: en\ncollections:\n  resources:\n"
                        "    output: true\n",
        "Gemfile": 'gem "jekyll"\n', "_includes/list.html": "x\n",
        "_resources/gauge.md": "---\ntitle: Gauge Tools\ntags: [software]\n---\n"
                               "<!-- excerpt start -->\nScripts that read river gauges.\n"
                               "<!-- excerpt end -->\n\nMore about them.\n",
        "_resources/silt.md": "---\ntitle: Silt Atlas\ndescription: Maps of silt.\n---\n"
                              "The atlas.\n",
        **files})
    return source


RESOURCES = ("---\ntitle: Resources\n---\n\n# Lab resources\n\nWhat we share.\n\n"
             "{% include list.html data=\"resources\" component=\"resource-excerpt\" %}\n")


def test_a_root_resources_folder_of_a_jekyll_site_is_read(tmp_path: Path) -> None:
    """A lab site's `resources/index.md` (its page of tools and data sets) was skipped,
    unreported, as if it were Hugo's generated `resources/`; so were the files beside it."""
    source = _lab(tmp_path, {"resources/index.md": RESOURCES,
                             "resources/manual.pdf": "%PDF-1.4\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    text = (imported.dest / "content/pages/resources.md").read_text(encoding="utf-8")
    assert "What we share." in text
    assert (imported.dest / "static/resources/manual.pdf").is_file()


def test_a_list_of_a_collection_is_a_list_of_its_pages(tmp_path: Path) -> None:
    """`list.html data="resources"` names a collection, not a data file (the template
    falls back to `site[data]`): it was left in a comment with a warning, the page
    listing nothing. Each document is its linked title and excerpt (or description),
    filtered as the template did."""
    source = _lab(tmp_path, {
        "tools/index.md": RESOURCES,
        "_posts/2024-03-01-course.md": "---\ntitle: A course\n---\nSee:\n\n{% include "
                                       "list.html data=\"resources\" filters=\"title: Silt\" "
                                       "component=\"resource-excerpt\" %}\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert imported.report.warnings == []
    text = (imported.dest / "content/pages/tools.md").read_text(encoding="utf-8")
    assert "- [Gauge Tools](gauge.md) — Scripts that read river gauges.\n" \
        "- [Silt Atlas](silt.md) — Maps of silt.\n" in text
    post = (imported.dest / "content/posts/course.md").read_text(encoding="utf-8")
    assert "Silt Atlas" in post and "Gauge Tools" not in post
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert [a["href"] for a in page(out, "/tools/").one("main").find_all("a")
            if a.text() in ("Gauge Tools", "Silt Atlas")] == ["/gauge/", "/silt/"]


def test_a_link_to_a_file_from_the_root_without_a_fragment(tmp_path: Path) -> None:
    """`[x](/_resources/silt.md)` (jekyll-relative-links, from the site's root) with no
    `#fragment` stopped the import with an internal error."""
    source = _lab(tmp_path, {"about.md": "---\ntitle: About\n---\nSee the "
                                         "[atlas](/_resources/silt.md).\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    text = (imported.dest / "content/pages/about.md").read_text(encoding="utf-8")
    assert "[atlas](silt.md)" in text


def test_an_academicpages_lab_s_people_collection_is_its_people(tmp_path: Path) -> None:
    """An academicpages lab fork keeps its people in `_people/`, each titled with the
    name, its `excerpt` the role line the archive showed under it, listed by `order`:
    the collection was left out ("Lanting has no place for it") and so was the page
    listing it, the people lost."""
    person = "---\ntitle: \"{}\"\nexcerpt: \"{}\"\ncollection: people\norder: {}\n---\n\n{}\n"
    source = tmp_path / "old"
    write_files(source, {
        "_config.yml": "title: Fen Lab\nlang: en\ncollections:\n  people:\n    output: true\n"
                       "    permalink: /:collection/:path/\n",
        "_people/Ada-Moss.md": person.format("Ada Moss", "Graduate student", 3,
                                             "Ada counts reeds."),
        "_people/Bo-Reed.md": person.format("Bo Reed", "Lab director", 1, "Bo leads us."),
        "_people/Cy-Fern.md": person.format("Cy Fern", "Postdoctoral fellow", 2,
                                            "Cy maps fens."),
        "_pages/people.html": "---\nlayout: archive\ntitle: People\npermalink: /people/\n"
                              "---\n\n{% assign pe = site.people | sort: 'order' %}\n"
                              "{% for post in pe %}\n  {% include archive-single.html %}\n"
                              "{% endfor %}\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert not [w for w in imported.report.warnings if w.path == "_people"]
    people = imported.dest / "content/people"
    front = {p.stem: p.read_text(encoding="utf-8") for p in people.glob("*.md")}
    assert "summary: Lab director\n" in front["bo-reed"]
    assert "Cy maps fens." in front["cy-fern"]
    weights = {stem: int(text.split("weight: ")[1].split()[0]) for stem, text in front.items()}
    assert sorted(weights, key=weights.__getitem__) == ["bo-reed", "cy-fern", "ada-moss"]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert "Bo Reed" in page(out, "/people/").one("main").text()


def test_an_image_title_with_escaped_quotes_keeps_its_path(tmp_path: Path) -> None:
    """`![Tree](/images/tree.png "The tree of \\"run 1\\"")`: the title's escaped quotes
    ended it early, so the whole was taken for a path with a space and put in angle
    brackets, a missing image that stopped the build."""
    source = tmp_path / "old"
    write_files(source, {
        "_config.yml": "title: Fen Lab\nlang: en\n",
        "images/tree.png": png(8, 8),
        "_posts/2024-05-01-trees.md": "---\ntitle: Trees\n---\n\nThe trees.\n\n"
                                      "![Tree](/images/tree.png \"The tree of \\\"run 1\\\"\")\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    text = (imported.dest / "content/posts/trees/index.md").read_text(encoding="utf-8")
    assert "![Tree](tree.png \"The tree of \\\"run 1\\\"\")" in text  # (beside it)
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    figure = page(out, "/posts/trees/").one("main").one("figure")
    assert figure.one("img")["src"] == "/posts/trees/tree.png"
    assert figure.one("figcaption").text().endswith('The tree of "run 1"')


def _blox(tmp_path: Path, files: dict[str, str | bytes]) -> Path:
    """A Hugo Blox research group site of `files`, with a config and its admin author."""
    source = tmp_path / "old"
    write_files(source, {"config/_default/hugo.yaml": "title: Reed Lab\nlanguageCode: en-us\n",
                         "content/authors/admin/_index.md": "---\ntitle: Ida Reed\n"
                                                           "superuser: true\n---\nBio.\n",
                         **files})
    return source


def test_a_contact_block_s_own_address_and_hours(tmp_path: Path) -> None:
    """The research group starter's `contact/index.md` gives its block the address,
    directions and hours in its `content`, not in the site's params: the page was left
    out as "a page with no text", the way to the lab lost."""
    source = _blox(tmp_path, {"content/contact/index.md": (
        "---\ntitle: Contact\ntype: landing\nsections:\n  - block: contact\n    content:\n"
        "      title: Contact\n      text:\n      email: lab@reed.example.org\n"
        "      address:\n        street: 4 Marsh Lane\n        city: Fenby\n"
        "        postcode: '12345'\n        country: Utopia\n"
        "      directions: Take the stairs to floor 2\n"
        "      office_hours:\n        - 9:00 to 17:00 on weekdays\n---\n")})
    imported = import_site(source, tmp_path / "new", "hugo-blox", False, NOW)
    text = (imported.dest / "content/pages/contact.md").read_text(encoding="utf-8")
    assert "- <lab@reed.example.org>\n- Address: 4 Marsh Lane, Fenby, 12345, Utopia\n" \
        "- Directions: Take the stairs to floor 2\n- Office hours: 9:00 to 17:00 on " \
        "weekdays" in text


def test_a_block_title_of_several_lines_is_its_heading_and_a_figure(tmp_path: Path) -> None:
    """A block title of a name, then `<br><br>{{< figure >}}` (the logo under it): the
    whole was the section's heading, the shortcode left in it, which stopped the build."""
    source = _blox(tmp_path, {
        "assets/media/logo.png": png(12, 6),
        "content/_index.md": (
            "---\ntitle:\ntype: landing\nsections:\n  - block: markdown\n    content:\n"
            "      title: |\n        Reed Lab - Wetlands and Water\n"
            "        <br><br>{{< figure src=\"logo.png\" alt=\"The lab's logo\" >}}\n"
            "      text: We study marshes.\n---\n")})
    imported = import_site(source, tmp_path / "new", "hugo-blox", False, NOW)
    text = (imported.dest / "content/_index.md").read_text(encoding="utf-8")
    assert "## Reed Lab - Wetlands and Water {#section-markdown}\n\n" \
        "![The lab's logo](/media/logo.png)\n\nWe study marshes." in text
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_another_page_listing_a_bib_gives_the_publications_page_no_text(
        tmp_path: Path) -> None:
    """A page at /experience/ listing the owner's talks (`{% bibliography -f talks %}`)
    above a list of courses: its text was taken for the publications page's, its title
    that page's title (before, left out whole). Only the page at /publications/ gives
    that text; this one is a page at its URL, its list left out as a listing's is."""
    experience = ("---\nlayout: page\npermalink: /experience/\ntitle: experience\n---\n\n"
                  "# Talks\n\n{% bibliography -f talks %}\n\n# Teaching\n\n"
                  "* Tides and currents, an undergraduate course of the autumn term\n"
                  "* Estuaries, a graduate seminar of the spring term, with field trips\n")
    imported = alfolio_import(tmp_path, {"_pages/experience.md": experience,
                                         "_bibliography/papers.bib": PAPERS}, CONFIG, ABOUT)
    assert not (tmp_path / "new/content/publications/_index.md").exists()
    [warning] = [e for e in imported.report.warnings if e.path == "_pages/experience.md"]
    assert "`{% bibliography %}` lists left out" in warning.message
    text = (tmp_path / "new/content/pages/experience.md").read_text(encoding="utf-8")
    assert "* Estuaries, a graduate seminar" in text and "bibliography" not in text
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert "Tides and currents" in page(out, "/experience/").one("main").text()

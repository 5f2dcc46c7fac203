"""The lab-website template's includes that draw items (`card.html`, `portrait.html`,
`citation.html`, and `list.html` of a data file's cards), which real lab sites put on
their projects, research and contact pages, in small sites written here."""

from __future__ import annotations

from pathlib import Path

from importbits import NOW, messages, page
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site

CONFIG = "title: Moss Lab\nlang: en\ncollections:\n  members:\n    output: true\n"
TYPES = "pi:\n  icon: fa-solid fa-leaf\n  description: Lab Lead\n"
PROJECTS = """\
- title: Moss Atlas
  subtitle: a map of mosses
  group: featured
  image: images/atlas.png
  link: https://atlas.example.org
  description: Every moss we have _found_.
  repo: mosslab/atlas
- title: Spore Counter
  link: tools
  description: Counts spores in a photo.
- title: Old Notes
  description: What we wrote before.
"""
CITATIONS = """\
- id: doi:10.5555/moss.1
  title: Mosses after rain
  authors:
  - Ida Moss
  - Ren Oak
  publisher: Journal of Bryology
  date: '2022-09-14'
  link: https://doi.org/10.5555/moss.1
  description: Rain wakes them.
"""
PROJECTS_PAGE = """\
---
title: Projects
---

# Projects

Tools and data sets of the lab, free for anyone to use.

{% include tags.html tags="data, software" %}

## Featured

{% include list.html component="card" data="projects" filter="group == 'featured'" %}

## More

{% include list.html component="card" data="projects" filters="group: " %}
"""
CONTACT = """\
---
title: Contact
---

Write to our lead:

{% include portrait.html lookup="ida-moss" %}

Our best-known paper:

{% include citation.html lookup="Mosses after rain" style="rich" %}

{% include card.html title="Field guide" link="https://guide.example.org" subtitle="PDF" %}
"""


def test_cards_portraits_citations_and_lists_of_cards(tmp_path: Path) -> None:
    """Each include was left in an HTML comment with a warning, so the projects page
    listed nothing and the contact page lost its lead and its paper. Each card is an
    item of a list (its title linking where the card did, its subtitle, description and
    repository after it); a list of a data file keeps the items its filter kept (a Ruby
    expression or an older `key: pattern`); a portrait links to the member's page with
    their role's name; a citation is the paper's title, authors, venue and date. The
    tags that filtered the page's list (`tags.html`) go, as its search box did."""
    source = tmp_path / "old"
    write_files(source, {
        "_config.yaml": CONFIG, "Gemfile": 'gem "jekyll"\n', "_data/types.yaml": TYPES,
        "_data/projects.yaml": PROJECTS, "_data/citations.yaml": CITATIONS,
        "_members/ida-moss.md": "---\nname: Ida Moss\nrole: pi\n---\n\nIda leads.\n",
        "projects/index.md": PROJECTS_PAGE, "contact/index.md": CONTACT,
        "tools/index.md": "---\ntitle: Tools\n---\n\nCount them.\n",
        **{f"_includes/{n}.html": "<div>{{ include }}</div>\n"
           for n in ("list", "card", "portrait", "citation", "tags")}})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert messages(imported, "projects/index.md") == []
    assert messages(imported, "contact/index.md") == []
    pages = tmp_path / "new" / "content" / "pages"
    projects = (pages / "projects.md").read_text(encoding="utf-8")
    featured, more = projects.split("## More")
    assert "- [Moss Atlas](https://atlas.example.org) — a map of mosses: Every moss we " \
        "have _found_. · [GitHub](https://github.com/mosslab/atlas)" in featured
    assert "Spore Counter" not in featured and "Moss Atlas" not in more
    assert "- [Spore Counter](tools.md) — Counts spores in a photo." in more
    assert "- **Old Notes** — What we wrote before." in more
    out = build(tmp_path / "new", BuildOptions(output=tmp_path / "out")).output
    contact = page(out, "/contact/")
    assert contact.find("a", href="/people/ida-moss/").text() == "Ida Moss"
    text = contact.text()
    assert "Ida Moss — Lab Lead" in text
    assert contact.find("a", href="https://doi.org/10.5555/moss.1").text() == \
        "Mosses after rain"
    for shown in ("Ida Moss, Ren Oak", "Journal of Bryology · 14 Sep 2022",
                  "Rain wakes them.", "Field guide — PDF"):
        assert shown in text
    assert contact.find("a", href="https://guide.example.org") is not None


def test_papers_the_citation_script_found_without_authors_or_title(tmp_path: Path) -> None:
    """The citation script writes what ORCID gives: a paper without `authors`, or with
    nothing but its `id`. One such entry made the whole list unread (no publication
    imported) and every "Publications" link the lab template's lists became was
    broken, failing the build. A paper without authors is an entry; one without a
    title is left out, with a warning."""
    papers = CITATIONS + ("- id: eid:2-s2.0-1234\n  title: Moss in orbit\n  publisher: "
                          "Space Botany 2021\n  date: '2021-05-31'\n"
                          "- id: doi:10.5555/moss.0\n  plugin: orcid.py\n")
    research = ('---\ntitle: Research\n---\n\nOur papers.\n\n'
                '{% include list.html data="citations" component="citation" %}\n')
    source = tmp_path / "old"
    write_files(source, {
        "_config.yaml": CONFIG, "Gemfile": 'gem "jekyll"\n', "_data/citations.yaml": papers,
        "research/index.md": research, "_includes/list.html": "{{ include }}\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert messages(imported, "_data/citations.yaml") == [
        "1 of its papers left out: they have no title (the citation script found none)"]
    bib = (tmp_path / "new" / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "Mosses after rain" in bib and "Moss in orbit" in bib
    out = build(tmp_path / "new", BuildOptions(output=tmp_path / "out")).output
    assert "Moss in orbit" in page(out, "/publications/").text()


PUBS_PAGE = """\
---
title: Publications
---

# Publications

For every paper, see our [Scholar profile](https://scholar.example.org/moss).

{% include search-box.html %}

{% include list.html data="citations" component="citation" style="rich" %}
"""


def test_a_publications_page_listing_the_citations(tmp_path: Path) -> None:
    """`publications/index.md`, at /publications/, listed the citation script's papers
    (`list.html data="citations"`): it kept its URL, so the papers were left out ("the
    site's own page keeps /publications/") and the page linked to itself, the papers
    lost. The papers are Lanting's list at /publications/; the page, its text kept,
    moves to /publications-page/, its link leading to the list."""
    source = tmp_path / "old"
    write_files(source, {
        "_config.yaml": CONFIG, "Gemfile": 'gem "jekyll"\n', "_data/citations.yaml": CITATIONS,
        "publications/index.md": PUBS_PAGE,
        **{f"_includes/{n}.html": "{{ include }}\n" for n in ("list", "search-box")}})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert messages(imported, "_data/citations.yaml") == []
    assert messages(imported, "publications/index.md") == [
        "its URL /publications/ is Lanting's list of the site's publications: the page is "
        "/publications-page/", "old URL `/publications/index.html` left out: Lanting's "
        "own /publications/ answers there"]
    out = build(tmp_path / "new", BuildOptions(output=tmp_path / "out")).output
    assert "Mosses after rain" in page(out, "/publications/").text()
    moved = page(out, "/publications-page/")
    assert "Scholar profile" in moved.text()
    assert moved.find("a", href="/publications/") is not None


def test_a_lookup_that_finds_nothing_says_so(tmp_path: Path) -> None:
    """`citation.html lookup="Mosses After Rain"` (a capital the title lacks: Liquid's
    `contains` is exact) showed an empty card on the old site; the import left it in a
    comment saying "`citation.html` is an include of the theme or site", though it reads
    that include. The warning says the lookup found no paper (or member)."""
    page_text = ('---\ntitle: Contact\n---\n\n{% include citation.html lookup="Mosses '
                 'After Rain" %}\n\n{% include portrait.html lookup="ida" %}\n')
    source = tmp_path / "old"
    write_files(source, {
        "_config.yaml": CONFIG, "Gemfile": 'gem "jekyll"\n', "_data/citations.yaml": CITATIONS,
        "contact.md": page_text,
        **{f"_includes/{n}.html": "{{ include }}\n" for n in ("list", "portrait", "citation")}})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    found = messages(imported, "contact.md")
    assert len(found) == 2 and all("the old site's card showed nothing" in m for m in found)
    assert "no paper of _data/citations.yaml" in found[0]
    assert "no people collection's file name" in found[1]

"""Academic homepages, round 19: faults found on real al-folio, academicpages and lab
sites (each fixture is written for the test, in the shape of those sites)."""
from __future__ import annotations

from pathlib import Path

from importbits import alfolio_import, messages, page
from sitebits import png

from lanting.build import build
from lanting.build.options import BuildOptions

CONFIG = "title: Motion Lab\nfirst_name: Ada\nlast_name: Ode\nlang: en\nbaseurl: /lab\n"
ABOUT = "---\nlayout: about\ntitle: about\npermalink: /\n---\n\nWe build robots.\n"


def test_a_string_through_two_prepends_is_one_path(tmp_path: Path) -> None:
    """`{{ 'arm.jpg' | prepend: '/assets/img/robots/' | prepend: site.baseurl }}`: read
    as one string ending at the last quote (`arm.jpg' | prepend: '/assets/img/robots/`)
    before `prepend: site.baseurl`, the image was that text, and the build failed."""
    research = ("---\nlayout: page\ntitle: Research\npermalink: /research/\n---\n\n"
                "Our arm:\n\n<img src=\"{{ 'arm.jpg' | prepend: '/assets/img/robots/' | "
                "prepend: site.baseurl }}\" alt=\"the arm\">\n")
    imported = alfolio_import(tmp_path, {"_pages/research.md": research,
                                         "assets/img/robots/arm.jpg": png(4, 4)},
                              CONFIG, ABOUT)
    text = (imported.dest / "content" / "pages" / "research.md").read_text(encoding="utf-8")
    assert "/assets/img/robots/arm.jpg" in text and "prepend" not in text
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert page(out, "/research/").one("img").get("src", "").endswith("arm.jpg")


PEOPLE = """---
layout: default
permalink: /people/
title: People
---

<div class="row">
{% for person in site.data.members %}
  <img src="{{ person.image | prepend: '/assets/img/' | prepend: site.baseurl }}"
       alt="photo of {{person.name}}">
  <div class="name">{{person.name}}</div>
  <div class="position">{{person.position}}</div>
{% endfor %}
</div>
"""


def test_a_members_photo_folder_put_before_it_by_a_filter(tmp_path: Path) -> None:
    """A lab's people page drawing each member's photo with `{{ person.image | prepend:
    '/assets/img/' }}` (`image: people/ode.jpg` in `_data/members.yml`): the folder was
    only read from a path written before the value, so every photo was "not found"."""
    members = ("- name: Ada Ode\n  position: Professor\n  image: people/ode.jpg\n"
               "- name: Ren Kato\n  position: PhD student\n  image: people/kato.png\n")
    imported = alfolio_import(tmp_path, {"_pages/people.md": PEOPLE,
                                         "_data/members.yml": members,
                                         "assets/img/people/ode.jpg": png(4, 4),
                                         "assets/img/people/kato.png": png(4, 4)},
                              CONFIG, ABOUT)
    assert not [m for m in messages(imported, "_pages/people.md") if "not found" in m]
    people = sorted((imported.dest / "content" / "people").glob("*.md"))
    assert len(people) == 2
    assert all("cover:" in p.read_text(encoding="utf-8") for p in people)


def test_collections_under_collections_dir(tmp_path: Path) -> None:
    """`collections_dir: collections` (Jekyll reads every collection, `_posts/` too,
    from that folder): `collections/_publications/` was not looked at (10 papers lost on
    a real site, its Publications menu entry with them), and the posts of
    `collections/_posts/` had `collections` for a category and old URLs under it."""
    config = ("title: Ada Ode\nname: Ada Ode\ninclude: [_pages]\n"
              "collections_dir: collections\ncollections:\n  publications:\n"
              "    output: true\n    permalink: /publications/:name\n")
    pub = ("---\ntitle: \"Sparse Codes\"\nauthors: Ada Ode and Ren Kato\n"
           "publication: 8th Conference on Codes\nyear: 2024\n---\nWe study codes.\n")
    post = "---\ntitle: Notes\n---\n\nA post.\n"
    imported = alfolio_import(tmp_path, {"collections/_publications/ode-codes.md": pub,
                                         "collections/_posts/2023-01-09-notes.md": post},
                              config, ABOUT)
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "Sparse Codes" in bib and "Ren Kato" in bib
    # (`publication:`, the venue its own layout showed: a conference's, by its name)
    assert "booktitle = {8th Conference on Codes}" in bib
    [written] = (imported.dest / "content" / "posts").glob("*notes*")
    text = written.read_text(encoding="utf-8")
    assert "collections" not in text
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert "Sparse Codes" in page(out, "/publications/").one("main").text()


def test_a_page_listing_talks_through_its_own_include(tmp_path: Path) -> None:
    """`_pages/talks.md` at /talks/ made of `{% include talks.liquid %}`, the site's own
    include looping over `site.talks`: the page was kept, its include left in a comment,
    and moved to /talks-page/ for Lanting's list of the talks. It is the list now."""
    config = CONFIG + "collections:\n  talks:\n    output: true\n"
    include = ("<table>\n{% assign talks = site.talks | reverse %}\n"
               "{% for item in talks %}<tr><td>{{ item.title }}</td></tr>{% endfor %}\n"
               "</table>\n")
    imported = alfolio_import(tmp_path, {
        "_pages/talks.md": "---\nlayout: page\ntitle: Invited Talks\npermalink: /talks/\n"
                           "---\n\n{% include talks.liquid %}\n",
        "_includes/talks.liquid": include,
        "_talks/seminar.md": "---\ntitle: Robots that Fall Well\ndate: 2024-03-01\n---\n"
                             "A seminar.\n"}, config, ABOUT)
    assert messages(imported, "_pages/talks.md") == [
        "left out: the list of `_talks/` at /talks/, which Lanting makes"]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert "Robots that Fall Well" in page(out, "/talks/").one("main").text()
    assert not (out / "talks-page").exists()


def test_a_collection_of_its_own_on_an_alfolio_site(tmp_path: Path) -> None:
    """An academic site's own published collection (`_poetry/`, `_crystallography/`:
    dated documents at `/poetry/:name/`): al-folio's and academicpages' importer left
    every other collection out, with a warning, and links to its documents failed the
    build. Its documents are posts of a series (pages when undated), at their old URLs,
    as on any Jekyll site."""
    config = CONFIG + "collections:\n  poetry:\n    output: true\n    permalink: /poetry/:name/\n"
    poem = "---\ntitle: Tides\ndate: 2021-05-01\n---\n\nThe sea comes in.\n"
    about = ABOUT.replace("We build robots.", "We build robots. A [poem](/lab/poetry/tides/).")
    imported = alfolio_import(tmp_path, {"_poetry/tides.md": poem}, config, about)
    assert messages(imported, "_poetry") == [
        "collection `_poetry/` (1 documents, published by Jekyll): 1 dated ones are posts "
        "of the series “poetry”, at their old URLs"]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert "The sea comes in." in page(out, "/posts/tides/").text()
    assert [a.get("href") for a in page(out, "/").find_all("a") if a.text() == "poem"] == [
        "/posts/tides/"]


JUMP = """---
layout: default
title: Publications
permalink: /publications/
years: [2024, 2023]
---

Also on [Google Scholar](https://scholar.google.com/citations?user=x).

<div class="container">
Jump to:
{% for y in page.years %}
<a href="#{{y}}">{{y}}</a>
{% endfor %}
<a href="#older">Older</a>
</div>

<div class="bib_section">
  {% for y in page.years %}
    <h3 class="year" id="{{y}}">{{y}}</h3>
    {% bibliography -f papers -q @*[year={{y}}] %}
  {% endfor %}
  <h3 class="year" id="older">Older</h3>
  {% bibliography -f papers -q @*[year<=2022] %}
</div>
"""


def test_jump_links_to_the_years_of_the_publications_page(tmp_path: Path) -> None:
    """al-folio's publications page of a lab: “Jump to:” a link to each year of its
    `years:` (a loop over `page.years`) above its lists by year. The loop was left in a
    comment, with three warnings; now it is written out, each link to the year's
    heading of Lanting's list (`#pubs-2024`), and a link to a list Lanting has not
    (`#older`) its text."""
    papers = ("@article{ode2024,\n  title={Falling Well},\n  author={Ode, Ada},\n"
              "  journal={Robotics Letters},\n  year={2024}\n}\n"
              "@article{ode2023,\n  title={Standing Up},\n  author={Ode, Ada},\n"
              "  journal={Robotics Letters},\n  year={2023}\n}\n")
    imported = alfolio_import(tmp_path, {"_pages/publications.md": JUMP,
                                         "_bibliography/papers.bib": papers}, CONFIG, ABOUT)
    assert not imported.report.warnings
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    main = page(out, "/publications/").one("main")
    links = {a.text(): a.get("href") for a in main.find_all("a")}
    assert links["2024"] == "#pubs-2024" and links["2023"] == "#pubs-2023"
    assert "Older" in main.text() and "Older" not in links

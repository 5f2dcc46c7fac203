"""al-folio faults found on real homepages and lab sites (round 17): jekyll-scholar's
`.bib` files kept in another folder than `_bibliography/`; the lab-website template's
page of `_data/publist.yml` with text of its own."""
from __future__ import annotations

import re
from pathlib import Path

from importbits import alfolio_import, messages
from sitebits import png

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


PUBLIST = """\
- title: Binocular control of stepping
  authors: K Lee, JS Moss, & WS Gray
  link:
    url: https://journal.example/1
    display: Sci. Rep. 11 (2021)
  highlight: 1
- title: Teaching neuroscience online
  authors: T Vries, K Lee, et al.
  link:
    url: https://journal.example/2
    display: Trends Cogn. Sci. (2021)
  highlight: 0
"""
LAB_PUBLICATIONS = """---
title: Lab - Publications
layout: gridlay
permalink: /publications/
---

## Highlights

(For a full list see [below](#full-list) or [Google Scholar](https://scholar.example/lab))

{% for publi in site.data.publist %}
{% if publi.highlight == 1 %}
<pubtit>{{ publi.title }}</pubtit>
{% endif %}
{% endfor %}

## Full list

{% for publi in site.data.publist %}
  {{ publi.title }} <br /><em>{{ publi.authors }}</em>
{% endfor %}
"""


def test_lab_page_looping_over_publist_makes_way_for_the_list(tmp_path: Path) -> None:
    """The lab-website template's page at /publications/ showed `_data/publist.yml` in
    two loops, under headings and a line of its own; Lanting kept the page there,
    its loops left out, and left out the data's papers: the site had none. The page
    is the list of those papers: they are the publications, the page moves aside."""
    config = "title: Vision Lab\nlang: en\n"
    imported = alfolio(tmp_path, {"_data/publist.yml": PUBLIST,
                                  "_pages/publications.md": LAB_PUBLICATIONS}, config)
    assert imported.report.counts["publications"] == 2
    bib = (imported.dest / "content" / "publications.bib").read_text("utf-8")
    assert "Binocular control of stepping" in bib
    assert any("the page is /publications-page/" in m
               for m in messages(imported, "_pages/publications.md"))


def test_publist_authors_parted_at_an_ampersand_and_et_al(tmp_path: Path) -> None:
    """`K Lee, JS Moss, & WS Gray` (APA's ampersand) made an author `& WS Gray`; `et
    al.` an author of that name. The ampersand parts names as `and` does, and `et al.`
    is BibTeX's `others`."""
    config = "title: Vision Lab\nlang: en\n"
    imported = alfolio(tmp_path, {"_data/publist.yml": PUBLIST,
                                  "_pages/publications.md": LAB_PUBLICATIONS}, config)
    bib = (imported.dest / "content" / "publications.bib").read_text("utf-8")
    assert "{K Lee and JS Moss and WS Gray}" in bib
    assert "{T Vries and K Lee and others}" in bib


TALKS_CONFIG = ("title: Chain Lab\nlang: en\ncollections:\n  talks:\n    output: true\n"
                "    permalink: /:collection/:title/\n")
SORTED_TALK = """---
layout: page
title: "Scaling at a cost"
description: "Security assumptions of layer 2 designs."
talk_date: "Jun. 2025 — Gothenburg (Sweden)"
sort_date: 2025-06-17
category: talk
---

Talk given at a research stay.
"""
UNDATED_TALK = "---\nlayout: page\ntitle: Rollups\ncategory: talk\n---\n\nA survey.\n"


def test_talks_without_a_date_are_kept(tmp_path: Path) -> None:
    """An al-folio site's own `_talks/` collection dated its talks in `sort_date`
    (its page sorted them by it) and showed `talk_date`, text; Jekyll gave them the
    build's date. Lanting left out every one, "a talk without a date". A talk is
    dated by a key of its front matter holding a date now, else by the file's
    modification time, with a warning; `description`, shown under the title, is its
    summary."""
    imported = alfolio(tmp_path, {"_talks/chalmers.md": SORTED_TALK,
                                  "_talks/rollups.md": UNDATED_TALK}, TALKS_CONFIG)
    assert imported.report.counts["talks"] == 2
    talks = imported.dest / "content" / "talks"
    text = (talks / "chalmers.md").read_text("utf-8")
    assert "date: 2025-06-17" in text
    assert "summary: Security assumptions of layer 2 designs." in text
    assert (talks / "rollups.md").is_file()
    assert any("modification time" in m for m in messages(imported, "_talks/rollups.md"))


TEAM = """\
- name: Simon Hart
  photo: hart.png
  info: Professor
  thesis_lab: csyb
  thesis_title: Cold mixtures
  thesis_year: 2004
  thesis_link: https://theses.example/1
- name: Ana Das
  photo: das.png
  info: PhD student
"""
RESEARCH = """---
title: "CsYb: quantum mixtures"
layout: textlay
permalink: /csyb
---

# CsYb: quantum mixtures

In the CsYb experiment we trap and cool atoms of two species to quantum degeneracy and
study how they interact, and we assemble them into magnetic molecules.

### Lab papers
{% assign lab_papers = site.data.publist | where:"lab", "csyb" %}
{% for publi in lab_papers %}
  {{ publi.title }} <br /><em>{{ publi.authors }}</em>
{% endfor %}

#### PhD theses
{% assign combined_members = site.data.team_members | concat: site.data.alumni %}
{% assign lab_theses = combined_members | where:"thesis_lab", "csyb" %}
{% for publi in lab_theses %}
  {{ publi.name }}: [_{{ publi.thesis_title }}_]({{ publi.thesis_link }})
{% endfor %}
"""
TEAM_PAGE = """---
title: Team
permalink: /team/
---

## Group members
{% for member in site.data.team_members %}
<img src="{{ site.url }}{{ site.baseurl }}/images/teampic/{{ member.photo }}">
{{ member.name }} <i>{{ member.info }}</i>
{% endfor %}
"""


def test_a_research_page_listing_its_theses_is_no_people_page(tmp_path: Path) -> None:
    """A lab's page of one of its experiments, text and all, listed the PhD theses of
    its members: a list assigned from `site.data.team_members`, looped over for each
    one's `name` and `thesis_title`. It was taken for a page of the lab's people: the
    page left out, its text with it, and every member added once more (`simon-hart-2`)
    for each such page. Only a loop showing a member's photo or role line shows
    people; the page is kept."""
    imported = alfolio(tmp_path, {"_data/team_members.yml": TEAM,
                                  "_pages/csyb.md": RESEARCH, "_pages/team.md": TEAM_PAGE,
                                  "images/teampic/hart.png": png(4, 4),
                                  "images/teampic/das.png": png(4, 4)},
                       "title: Cold Atoms\nlang: en\n")
    assert imported.report.counts["people"] == 2
    people = sorted(p.name for p in (imported.dest / "content" / "people").iterdir())
    assert people == ["ana-das.md", "simon-hart.md"]
    pages = imported.dest / "content" / "pages"
    assert "trap and cool atoms" in (pages / "csyb.md").read_text("utf-8")


def test_a_publist_image_is_the_one_under_images_pubpic(tmp_path: Path) -> None:
    """A paper's `image: coherence.png`, which the template's loop showed from
    `/images/pubpic/`, was left as written (a missing file at build) when another
    folder held a picture of that name too: it is the one under `images/pubpic/`."""
    publist = ("- title: Rotational coherence\n  authors: A Das, S Hart\n  image: "
               "coherence.png\n  link:\n    url: https://j.example/3\n    display: "
               "Nature (2024)\n")
    imported = alfolio(tmp_path, {"_data/publist.yml": publist,
                                  "images/pubpic/coherence.png": png(4, 4),
                                  "images/rbcspic/coherence.png": png(4, 4)},
                       "title: Cold Atoms\nlang: en\n")
    bib = (imported.dest / "content" / "publications.bib").read_text("utf-8")
    assert re.search(r"preview += {/images/pubpic/coherence.png}", bib)

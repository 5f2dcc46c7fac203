"""al-folio faults found on real homepages and lab sites (round 16): a news item's
relative links, a lab's people on a page of `layout: profiles`, a second page of some
papers; academicpages' home listing every publication."""
from __future__ import annotations

from pathlib import Path

from importbits import NOW, alfolio_import, messages, page
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site

CONFIG = ("title: Signal Lab\nfirst_name: Ada\nlast_name: Byron\nlang: en\n"
          "collections:\n  news:\n    output: true\n    permalink: /news/:path/\n"
          "  projects:\n    output: true\n    permalink: /research/:path/\n")
ABOUT = "---\nlayout: about\ntitle: about\npermalink: /\nnews: true\n---\n\nWe study signals.\n"


def alfolio(tmp_path: Path, files: dict[str, str | bytes],
            config: str = CONFIG) -> Imported:
    """An al-folio site of `files` (with this file's config and about page) imported."""
    return alfolio_import(tmp_path, files, config, ABOUT)


def test_news_item_relative_links_read_from_its_old_url(tmp_path: Path) -> None:
    """A news item with a page of its own (`inline: false`) was at /news/2020_12_09/
    (`permalink: /news/:path/`); its links `../../research/fibres/` and
    `../../assets/pdf/p.pdf` led, from there, to a project and a file. They were
    kept as written, and the build failed on each: the item's file had no old URL
    to read them from. They lead to the project's page and the file now."""
    news = ("---\nlayout: post\ntitle: New paper\ndate: 2020-12-09\ninline: false\n---\n\n"
            "See the [project](../../research/fibres/) and the "
            "[paper](../../assets/pdf/p.pdf).\n")
    project = "---\nlayout: page\ntitle: Fibres\nimportance: 1\n---\n\nFibres in 3D.\n"
    imported = alfolio(tmp_path, {"_news/2020_12_09.md": news,
                                  "_projects/fibres.md": project,
                                  "assets/pdf/p.pdf": b"%PDF-1.4\n"})
    assert messages(imported, "_news/2020_12_09.md") == []
    text = next((imported.dest / "content" / "posts").rglob("*.md")).read_text("utf-8")
    assert "../../" not in text
    out = tmp_path / "out"
    build(imported.dest, BuildOptions(output=out))
    links = [a.get("href") for a in page(out, "/posts/2020-12-09/").find_all("a")]
    assert "/projects/fibres/" in links
    assert "/assets/pdf/p.pdf" in links


def test_news_item_old_url_follows_the_collection_permalink(tmp_path: Path) -> None:
    """A site whose `news:` collection wrote `/updates/:path.html` kept its old URL
    there; Lanting took al-folio's `/news/:path/` for every site."""
    config = CONFIG.replace("/news/:path/", "/updates/:path.html")
    news = "---\ntitle: Award\ndate: 2021-01-08\ninline: false\n---\n\nWe won.\n"
    imported = alfolio(tmp_path, {"_news/award.md": news}, config)
    text = next((imported.dest / "content" / "posts").rglob("*.md")).read_text("utf-8")
    assert '"/updates/award.html"' in text


PROFILES = """---
layout: profiles
permalink: /people/
title: people
nav: true
profiles:
  - name: Ada Byron
    align: right
    image: ada.png
    content: about_ada.md
    more_info: >
      <p>Principal Investigator</p>
      <p>Department of Signals</p>
      <p><a href="mailto:ada@lab.edu">ada@lab.edu</a></p>
  - name: Ben Tran
    image: ben.png
    more_info: >
      <p><a href="mailto:ben@lab.edu">ben@lab.edu</a></p>
---
"""


def test_profiles_page_people(tmp_path: Path) -> None:
    """A lab's al-folio /people/ of `layout: profiles`: each of `profiles:` a portrait
    from `assets/img/`, its `more_info` lines and the text of its `content` file. The
    page was "left out: it has no text of its own", and the lab's people with it.
    They are content/people/ now: the name, the lines as the summary, the email a
    link, the portrait, the text their page's."""
    imported = alfolio(tmp_path, {
        "_pages/profiles.md": PROFILES,
        "_pages/about_ada.md": "Ada studies *signals* across continents.\n",
        "assets/img/ada.png": png(8, 8), "assets/img/ben.png": png(8, 8)})
    assert messages(imported, "_pages/profiles.md") == [
        "its 2 people are content/people/, listed at /people/; the page is left out"]
    ada = (imported.dest / "content" / "people" / "ada-byron.md").read_text("utf-8")
    assert "summary: Principal Investigator · Department of Signals" in ada
    assert "mailto:ada@lab.edu" in ada and "cover: /assets/img/ada.png" in ada
    assert "Ada studies *signals* across continents." in ada
    assert (imported.dest / "content" / "people" / "ben-tran.md").is_file()
    out = tmp_path / "out"
    build(imported.dest, BuildOptions(output=out))
    assert "Ada Byron" in page(out, "/people/").text()


def test_profiles_page_of_the_theme_s_example(tmp_path: Path) -> None:
    """al-folio's own example profiles (no `name`, `about_einstein.md`) are no one's."""
    example = ("---\nlayout: profiles\npermalink: /profiles/\ntitle: profiles\nprofiles:\n"
               "  - align: right\n    image: prof_pic.jpg\n    content: about_einstein.md\n"
               "---\n")
    imported = alfolio(tmp_path, {"_pages/profiles.md": example})
    assert messages(imported, "_pages/profiles.md") == [
        "profile 1 (the theme's example) has no `name`: left out",
        "left out: the theme's example profiles"]
    assert not (imported.dest / "content" / "people").exists()


PAPERS = """@inproceedings{kim2026rag,
  title = {Securing retrieval},
  author = {Kim, Youngseo and Byron, Ada},
  booktitle = {Proceedings of ASK},
  year = {2026},
  scope = {domestic},
  pubtype = {conference},
}

@inproceedings{lee2025ros,
  title = {Code for robots},
  author = {Lee, Jeni and Byron, Ada},
  booktitle = {Proceedings of ASK},
  year = {2025},
  scope = {domestic},
  pubtype = {conference},
}

@article{park2025graph,
  title = {Graphs at scale},
  author = {Park, Min and Byron, Ada},
  journal = {Journal of Korean Computing},
  year = {2025},
  scope = {domestic},
  pubtype = {journal},
}

@inproceedings{byron2024icml,
  title = {A theory of signals},
  author = {Byron, Ada},
  booktitle = {ICML},
  year = {2024},
  scope = {international},
  pubtype = {conference},
}
"""

DOMESTIC = """---
layout: page
permalink: /publications/domestic/
title: Publications
description: Domestic papers
---

<div class="publications">

<p>Domestic research outputs, conference papers first.</p>

<h3>Conference Papers</h3>
{% bibliography --group_by year --group_order descending --query QUERY %}

<h3>Journal Articles</h3>
{% bibliography --query @*[scope=domestic && pubtype=journal] %}

</div>
""".replace("QUERY", "@*[scope=domestic && pubtype=conference]")


def test_second_page_of_some_of_the_papers(tmp_path: Path) -> None:
    """A lab's /publications/domestic/ lists some of `papers.bib` again, by a query of
    its own fields with a space in it (`@*[scope=domestic && pubtype=conference]`),
    grouped by year. Its lists were left out ("Lanting lists content/publications.bib
    at /publications/"), the page kept with its headings over nothing: the query was
    read to its first space, and `&&` was no conjunction. Each list is written into
    the page, grouped as the tag said, each title linked to the paper's page."""
    config = CONFIG + "scholar:\n  bibliography: papers.bib\n  bibliography_group_tag: h4\n"
    imported = alfolio(tmp_path, {"_bibliography/papers.bib": PAPERS,
                                  "_pages/publications-domestic.md": DOMESTIC}, config)
    text = (imported.dest / "content" / "pages" / "domestic.md").read_text("utf-8")
    conference = text[text.index("Conference Papers"):text.index("Journal Articles")]
    assert conference.index("#### 2026") < conference.index("[Securing retrieval]"
                                                           "(/publications/kim2026rag/)")
    assert conference.index("#### 2025") < conference.index("[Code for robots]")
    assert "Graphs at scale" not in conference and "A theory of signals" not in text
    journals = text[text.index("Journal Articles"):]
    assert "[Graphs at scale](/publications/park2025graph/)" in journals
    assert "####" not in journals
    out = tmp_path / "out"
    build(imported.dest, BuildOptions(output=out))
    links = [a.get("href") for a in page(out, "/domestic/").find_all("a")]
    assert "/publications/lee2025ros/" in links


HOME_LISTING = """---
permalink: /
title: "About"
author_profile: true
---

I build physical neural networks.

## Selected publications
{% assign pubs = site.publications | sort: "date" | reverse %}

{% for post in pubs %}
  {% include archive-single.html type="list" show_read_more=false %}
{% endfor %}
"""


def paper(title: str, date: str) -> str:
    return (f"---\ntitle: \"{title}\"\ncollection: publications\ndate: {date}\n"
            f"venue: 'Nature'\ncitation: 'Ode, A. ({date[:4]}). {title}. Nature.'\n---\n")


def test_academicpages_home_listing_every_publication(tmp_path: Path) -> None:
    """An academicpages home page looped over `site.publications` (each
    `archive-single.html`) under "## Selected publications": it showed every paper.
    The loop went, and the heading stood over nothing: no entry was selected, and
    Lanting's home lists the selected. Every entry is selected now (the home lists
    them all), and the heading over the loop is the home list's own."""
    source = tmp_path / "old"
    write_files(source, {
        "_config.yml": "title: Ada Ode\nauthor:\n  name: Ada Ode\ninclude: [_pages]\n",
        "_pages/about.md": HOME_LISTING,
        "_publications/2024-01-01-optics.md": paper("Deep optics", "2024-01-01"),
        "_publications/2025-01-01-rnn.md": paper("Implicit RNNs", "2025-01-01")})
    imported = import_site(source, tmp_path / "new", "al-folio", False, NOW)
    bib = (imported.dest / "content" / "publications.bib").read_text("utf-8")
    assert bib.count("selected") == 2
    home = (imported.dest / "content" / "_index.md").read_text("utf-8")
    assert "Selected publications" not in home
    out = tmp_path / "out"
    build(imported.dest, BuildOptions(output=out))
    text = page(out, "/").text()
    assert "Deep optics" in text and "Implicit RNNs" in text

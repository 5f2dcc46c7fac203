"""Faults real lab and group sites exposed (a lab-website template on Jekyll with
`_config.yaml` and a `_members/` collection; an al-folio lab with a `_people/`
collection), in small sites written here."""

from __future__ import annotations

import re
from pathlib import Path

from importbits import NOW, messages, page
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site

LAB_CONFIG = """\
title: Tide Pool Lab
description: We study small things in shallow water.
collections:
  members:
    output: true
defaults:
  - scope: {type: members}
    values: {layout: member}
"""
TYPES = """\
principal-investigator:
  icon: fa-solid fa-microscope
  description: Principal Investigator
phd:
  icon: fa-solid fa-graduation-cap
  description: PhD Student
"""
LEAD = """\
---
name: Mira Okafor
image: images/mira.png
role: principal-investigator
affiliation: Coastal Institute
links:
  home-page: https://mira.example.org
  orcid: 0000-0002-1111-2222
  github: mira-ok
  email: mira@example.org
---

Mira studies how barnacles settle. Her office is at {{ page.affiliation }}.
"""
STUDENT = """\
---
name: Tomas Reyes
image: images/tomas.png
role: phd
links:
  github: treyes
---

Tomas models tide pools.
"""
TEAM = """\
---
title: Team
nav:
  order: 2
---

# {% include icon.html icon="fa-solid fa-users" %}Team

{% include section.html %}

{% include list.html data="members" component="portrait" filter="role == 'pi'" %}
{% include list.html data="members" component="portrait" filter="role != 'pi'" %}
"""
POST = "---\ntitle: A field day\n---\n\nWe counted snails at low tide.\n"


def lab_site(tmp_path: Path, files: dict[str, str | bytes]) -> Path:
    source = tmp_path / "old"
    write_files(source, {"_config.yaml": LAB_CONFIG, "Gemfile": 'gem "jekyll"\n',
                         "_layouts/default.html": "{{ content }}\n",
                         "_posts/2024-05-01-field-day.md": POST, **files})
    return source


def test_a_site_of_config_yaml_is_a_jekyll_site(tmp_path: Path) -> None:
    """Jekyll reads `_config.yaml` when there is no `_config.yml`, and the lab-website
    template ships it so: the site was no site Lanting could import ("looked for
    …"). It is read, its title carried over, the report naming the file."""
    source = lab_site(tmp_path, {})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert imported.report.kind == "jekyll"
    config = (tmp_path / "new" / "lanting.toml").read_text(encoding="utf-8")
    assert 'title = "Tide Pool Lab"' in config
    assert any("no `lang`" in m for m in messages(imported, "_config.yaml"))


def test_a_members_collection_is_the_people(tmp_path: Path) -> None:
    """`_members/` documents (a `name`, an `image`, a `role` key, a `links:` mapping)
    were pages at /members/<name>.html, and the team page's `list.html` includes were
    left in comments, so the new site had no people. Each is a person of
    content/people/, grouped by the role's description in `_data/types.yaml`, the lead
    first; links made web addresses; the photo found; the text kept with its
    `{{ page.affiliation }}` printed; the old URL kept; the team page led to /people/."""
    source = lab_site(tmp_path, {
        "_data/types.yaml": TYPES, "_members/mira-okafor.md": LEAD,
        "_members/tomas-reyes.md": STUDENT, "team/index.md": TEAM,
        "images/mira.png": png(40, 40), "images/tomas.png": png(40, 40)})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    people = tmp_path / "new" / "content" / "people"
    assert sorted(p.name for p in people.iterdir()) == ["mira-okafor.md", "tomas-reyes.md"]
    lead = (people / "mira-okafor.md").read_text(encoding="utf-8")
    assert "role: Principal Investigator" in lead and "weight: 1" in lead
    for url in ("https://mira.example.org", "https://orcid.org/0000-0002-1111-2222",
                "https://github.com/mira-ok", "mailto:mira@example.org"):
        assert url in lead
    assert "Her office is at Coastal Institute." in lead
    assert "/members/mira-okafor.html" in lead
    assert not [m for m in imported.report.warnings if "members" in m.message]
    assert any("content/people/" in m for m in messages(imported, "team/index.md"))
    out = build(tmp_path / "new", BuildOptions(output=tmp_path / "out")).output
    listing = page(out, "/people/").text()
    assert listing.index("Principal Investigator") < listing.index("PhD Student")
    assert listing.index("Mira Okafor") < listing.index("Tomas Reyes")
    assert (out / "team" / "index.html").is_file()  # (a redirect to /people/)


ALFOLIO_CONFIG = """\
title: Flight Lab
lang: en
collections:
  people:
    output: true
    permalink: /people/:path/
"""
PEOPLE_PAGE = """\
---
layout: page
title: People
permalink: /people/
nav: true
display_categories: [Graduate]
---
<div class="people">
{%- for category in page.display_categories %}
  <h2>{{ category }}</h2>
  {%- assign group = site.people | where: "category", category -%}
  {%- for person in group -%}
  <img src="{{ site.baseurl }}/assets/img/people/{{ person.image }}">
  <h4>{{ person.name }}</h4>
  {%- endfor %}
{%- endfor %}
</div>
"""


def test_an_alfolio_people_collection_with_alumni(tmp_path: Path) -> None:
    """al-folio lab forks keep `_people/<group>/<name>.md` (`category`, `image` in a
    folder the people page names, `interests`, `contact`, `current: false` for those
    who left): "collection left out: Lanting has no place for it". They are the
    people, the director first and the alumni last, the page that listed them left out
    (Lanting's own /people/ is at its URL)."""
    source = tmp_path / "old"
    write_files(source, {
        "_config.yml": ALFOLIO_CONFIG, "_pages/about.md": "---\nlayout: about\n"
        "permalink: /\n---\n\nWe fly small drones.\n", "_pages/people.md": PEOPLE_PAGE,
        "_people/faculty/ana.md": "---\nname: Ana Lind\ncategory: director\nimage: ana.png\n"
        "contact: ana@example.org\ncurrent: true\n---\n\nAna directs the lab.\n",
        "_people/grad/bo.md": "---\nname: Bo Chen\ncategory: Graduate\ninterests: "
        "Wind estimation\ncurrent: true\n---\n",
        "_people/grad/cy.md": "---\nname: Cy Park\ncategory: Graduate\nposition: Engineer"
        "\ncurrent: false\nyear: 2019\n---\n",
        "assets/img/people/ana.png": png(30, 30)})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert messages(imported, "_people") == []
    people = tmp_path / "new" / "content" / "people"
    ana = (people / "ana-lind.md").read_text(encoding="utf-8")
    assert "role: Director" in ana and "mailto:ana@example.org" in ana
    assert "cover:" in ana and "/people/faculty/ana/" in ana
    assert "summary: Wind estimation" in (people / "bo-chen.md").read_text(encoding="utf-8")
    cy = (people / "cy-park.md").read_text(encoding="utf-8")
    assert "role: Alumni" in cy and "weight: 3" in cy
    out = build(tmp_path / "new", BuildOptions(output=tmp_path / "out")).output
    listing = page(out, "/people/").text()
    assert listing.index("Ana Lind") < listing.index("Bo Chen") < listing.index("Cy Park")


def test_a_folder_index_at_a_url_lanting_makes_is_left_out(tmp_path: Path) -> None:
    """`blog/index.md`, the template's list of posts, served /blog/: it was imported as
    the page `blog`, and the build stopped ("URL /blog/ is claimed by 2 sources"). Its
    text is the blog page's (Lanting's list at /blog/)."""
    blog = ("---\ntitle: Blog\n---\n\n# Blog\n\nNotes from the field and the bench.\n\n"
            '{% include list.html data="posts" component="post-excerpt" %}\n')
    source = lab_site(tmp_path, {"blog/index.md": blog})
    import_site(source, tmp_path / "new", None, False, NOW)
    assert not (tmp_path / "new" / "content" / "pages" / "blog.md").exists()
    out = build(tmp_path / "new", BuildOptions(output=tmp_path / "out")).output
    assert "Notes from the field and the bench." in page(out, "/blog/").text()


def test_a_figure_include_of_an_image_key(tmp_path: Path) -> None:
    """The template's `{% include figure.html image="…" caption="…" %}` was left in a
    comment (its `image` key was not read as the picture): it is a figure."""
    about = ('---\ntitle: About\n---\n\n{% include figure.html image="images/pool.png" '
             'caption="Our study site" %}\n')
    source = lab_site(tmp_path, {"about.md": about, "images/pool.png": png(40, 30)})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert messages(imported, "about.md") == []
    out = build(tmp_path / "new", BuildOptions(output=tmp_path / "out")).output
    figure = page(out, "/about/").find("figure")
    assert figure is not None and "Our study site" in figure.text()


def test_kramdown_links_with_spaces_in_their_paths(tmp_path: Path) -> None:
    """A course page's `[slides](/assets/pdf/Week 1 intro.pdf)`: kramdown reads a
    path up to its `)` (parentheses in pairs too, `Notes (2-3).pdf`); Lanting showed each
    as text, under a warning. They are links to the files."""
    teach = ("---\ntitle: Teaching\npermalink: /teach/\n---\n\n- Slides: [week 1]"
             "(/assets/pdf/Week 1 intro.pdf), [week 2](/assets/pdf/Notes (2-3).pdf)\n")
    source = lab_site(tmp_path, {"teach.md": teach,
                                 "assets/pdf/Week 1 intro.pdf": "%PDF-1.4\n",
                                 "assets/pdf/Notes (2-3).pdf": "%PDF-1.4\n"})
    import_site(source, tmp_path / "new", None, False, NOW)
    result = build(tmp_path / "new", BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []
    links = [a.get("href") for a in page(result.output, "/teach/").find_all("a")]
    assert "/assets/pdf/Week%201%20intro.pdf" in links
    assert "/assets/pdf/Notes%20(2-3).pdf" in links


CITATIONS = """\
# written by the site's citation script
- id: doi:10.5555/tide.2023.7
  title: Barnacle settlement under shifting tides
  authors:
  - Mira Okafor
  - Tomas Reyes
  publisher: Journal of Shallow Water
  date: '2023-04-11'
  link: https://doi.org/10.5555/tide.2023.7
  description: We count larvae at **low** tide.
  image: images/barnacles.png
  buttons:
  - type: source
    link: https://github.com/tidepool/barnacles
  - type: slides
    text: Talk slides
    link: https://tidepool.example.org/slides.pdf
  group: featured
  plugin: sources.py
  file: sources.yaml
- id: arxiv:2401.01234
  title: Snails and the moon
  authors: [Tomas Reyes]
  publisher: arXiv
  date: '2024-01-03'
  link: https://arxiv.org/abs/2401.01234
"""
RESEARCH = """\
---
title: Research
---

# Research

We publish what we find in the pools.

{% include list.html data="citations" component="citation" style="rich" %}
"""


def test_the_citation_script_s_papers_are_the_publications(tmp_path: Path) -> None:
    """The lab template keeps its papers in `_data/citations.yaml`, written by its
    citation script (`id: doi:…`, `authors` a list, `publisher`, `date`, `buttons`),
    which its research page listed by `{% include list.html data="citations" %}`: no
    publication was imported, and the include stayed in a comment. They are the entries
    of publications.bib, the featured one selected, and the include links to the list."""
    source = lab_site(tmp_path, {"_data/citations.yaml": CITATIONS,
                                 "research/index.md": RESEARCH,
                                 "_includes/list.html": "{{ include.data }}\n",
                                 "images/barnacles.png": png(40, 30)})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    bib = re.sub(r" +=", " =", (tmp_path / "new" / "content" / "publications.bib")
                 .read_text(encoding="utf-8"))
    for field in ("author = {Mira Okafor and Tomas Reyes}",
                  "journal = {Journal of Shallow Water}", "year = {2023}",
                  "doi = {10.5555/tide.2023.7}", "selected = {true}",
                  "code = {https://github.com/tidepool/barnacles}",
                  "slides = {https://tidepool.example.org/slides.pdf}",
                  "preview = {/images/barnacles.png}", "arxiv = {2401.01234}"):
        assert field in bib
    assert "sources.py" not in bib
    assert messages(imported, "research/index.md") == []
    out = build(tmp_path / "new", BuildOptions(output=tmp_path / "out")).output
    research = page(out, "/research/")
    assert research.find("a", href="/publications/") is not None
    titles = page(out, "/publications/").text()
    assert "Barnacle settlement under shifting tides" in titles and "Snails and the moon" in titles


def test_the_template_s_buttons_sections_and_icons(tmp_path: Path) -> None:
    """The template's home and contact pages are `button.html` (a link; its `type`
    fills in the rest from `_data/types.yaml`), `section.html` (a full-width band) and
    `icon.html` (a font's icon) includes: each was left in a comment with a warning,
    59 on the template's own pages. Buttons are links; bands and icons go."""
    home = ('---\ntitle: Home\n---\n\n# {% include icon.html icon="fa-solid fa-water" %}'
            'Tide Pool Lab\n\n{% include button.html type="github" text="Our code" '
            'link="tidepool/site" %}\n\n{% include section.html dark=true %}\n\n'
            '{% include button.html link="research" text="See our papers" %}\n'
            '{% include button.html type="email" text="lab@example.org" '
            'link="lab@example.org" %}\n')
    types = TYPES + ("github:\n  text: GitHub\n  link: https://github.com/$VALUE\n"
                     "email:\n  text: Email\n  link: mailto:$VALUE\n")
    source = lab_site(tmp_path, {
        "index.md": home, "research/index.md": "---\ntitle: Research\n---\n\nPapers.\n",
        "_data/types.yaml": types, **{f"_includes/{n}.html": "<div>{{ include }}</div>\n"
                                      for n in ("list", "button", "section", "icon")}})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert messages(imported, "index.md") == [
        "its text is the home page's (Lanting makes the list of posts itself)"]
    text = (tmp_path / "new" / "content" / "_index.md").read_text(encoding="utf-8")
    assert "# Tide Pool Lab" in text
    assert "[Our code](https://github.com/tidepool/site)" in text
    assert "[See our papers](pages/research.md)" in text
    assert "[lab@example.org](mailto:lab@example.org)" in text
    build(tmp_path / "new", BuildOptions(output=tmp_path / "out"))


def test_jekyll_spaceship_s_mermaid_bang_fences(tmp_path: Path) -> None:
    """jekyll-spaceship draws a ```` ```mermaid! ```` block (its `!` asks for the
    drawing), as the lab template's own test page writes one: Lanting showed it as code
    of an unknown language `mermaid!`, with a warning. It is a Mermaid diagram."""
    page_text = ("---\ntitle: Flow\n---\n\n```mermaid!\ngraph LR\n  tide --> pool\n```\n")
    source = lab_site(tmp_path, {"flow.md": page_text})
    config = (source / "_config.yaml").read_text(encoding="utf-8")
    (source / "_config.yaml").write_text(config + "plugins:\n  - jekyll-spaceship\n",
                                         encoding="utf-8")
    import_site(source, tmp_path / "new", None, False, NOW)
    text = (tmp_path / "new" / "content" / "pages" / "flow.md").read_text(encoding="utf-8")
    assert "```mermaid\ngraph LR" in text
    result = build(tmp_path / "new", BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings if "mermaid" in w.message] == []

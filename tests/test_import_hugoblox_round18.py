"""Hugo Blox faults found on real homepages and lab sites (round 18): projects grouped in
folders, the `team-showcase` block's people, a Quarto project that only prerenders a Hugo
site's posts, links to the people's author pages, `figure library` beside the page."""
from __future__ import annotations

from pathlib import Path

from sitebits import png, write_files
from test_import_hugo_sites import built_cleanly, prose
from test_import_hugoblox import blox, built, config_of

from lanting.importer.detect import detect

GROUPED_PROJECT = """---
title: Smart Pen
summary: Handwriting read from a tablet.
---

We collect handwriting.
"""
GROUP_LIST = """---
title: Technologies for handwriting
view: 2
---
"""


def test_a_project_in_a_group_folder_keeps_its_old_url(tmp_path: Path) -> None:
    """A lab grouping its projects in folders (`content/project/handwriting/pen/`):
    Hugo published the project at `/project/handwriting/pen/` and the group's list at
    `/project/handwriting/`. The project's alias was `/project/pen/`, where the old
    site had nothing, and both old URLs led nowhere."""
    imported = blox(tmp_path, {
        "content/project/handwriting/_index.md": GROUP_LIST,
        "content/project/handwriting/pen/index.md": GROUPED_PROJECT,
        "content/project/tablet/index.md": "---\ntitle: Tablet\nslug: big-tablet\n---\n",
    })
    text = (imported.dest / "content" / "projects" / "pen.md").read_text("utf-8")
    assert 'aliases: ["/project/handwriting/pen/"]' in text
    assert config_of(imported)["redirects"]["/project/handwriting/"] == "/projects/"
    # (a `slug` named the last part of the old URL, as Hugo's)
    text = (imported.dest / "content" / "projects" / "big-tablet.md").read_text("utf-8")
    assert 'aliases: ["/project/big-tablet/"]' in text


def test_a_publication_in_a_year_folder_leads_its_list_to_the_new_one(
        tmp_path: Path) -> None:
    """`content/publication/2024/_index.md` made a list at `/publication/2024/`."""
    imported = blox(tmp_path, {
        "content/publication/2024/_index.md": "---\ntitle: '2024'\n---\n",
        "content/publication/2024/pen/index.md": "---\ntitle: A pen\nauthors: [admin]\n"
                                                 "date: 2024-01-01\n---\n",
    })
    redirects = config_of(imported)["redirects"]
    assert redirects["/publication/2024/"] == "/publications/"
    stub = imported.dest / "static" / "publication" / "2024" / "pen" / "index.html"
    assert "/publications/pen/" in stub.read_text("utf-8")


MEMBER = """---
title: {name}
role: {role}
superuser: false
user_groups:
  - {group}
social:
  - icon: envelope
    link: 'mailto:{user}@lab.example.edu'
---
{name} studies baseband chips.
"""
TEAM_PAGE = """---
title: People
type: landing
sections:
  - block: team-showcase
    content:
      title: Teams
      user_groups:
        - Faculties
        - Master Students
    design:
      show_role: true
---
"""


def test_the_team_showcase_block_shows_the_people(tmp_path: Path) -> None:
    """Hugo Blox's `team-showcase` block (its newer `people`) listed the authors of its
    `user_groups`, each group under its name: the lab had no people, and its /people/
    page was left out as a page with no text."""
    imported = blox(tmp_path, {
        "content/people/_index.md": TEAM_PAGE,
        "content/authors/wu/_index.md": MEMBER.format(
            name="Bing Wu", role="M.S.", group="Master Students", user="wu"),
        "content/authors/cao/_index.md": MEMBER.format(
            name="Shan Cao", role="Professor", group="Faculties", user="cao"),
    })
    people = imported.dest / "content" / "people"
    assert sorted(p.name for p in people.iterdir()) == ["bing-wu.md", "shan-cao.md"]
    text = (people / "bing-wu.md").read_text("utf-8")
    assert "role: Master Students" in text and "mailto:wu@lab.example.edu" in text
    assert "studies baseband chips" in text
    assert not (imported.dest / "content" / "pages" / "people.md").exists()


def test_a_quarto_project_of_type_default_beside_hugo_blox(tmp_path: Path) -> None:
    """A Hugo Blox lab prerenders some posts with Quarto (`project: type: default`, a
    `post-render` script writing the HTML its pages embed), and a workflow builds the
    site with Hugo. It was read as a Quarto project: the lab's publications, people
    and home page were lost, its Hugo pages read as Quarto's documents."""
    source = tmp_path / "old"
    write_files(source, {
        "_quarto.yml": "project:\n  type: default\n  post-render:\n"
                       "    - scripts/embed.py\nformat:\n  html:\n    code-fold: true\n",
        "go.mod": "module lab.example\n\nrequire github.com/HugoBlox/hugo-blox-builder/"
                  "modules/blox-bootstrap/v5 v5.9.8\n",
        "config/_default/hugo.yaml": "title: City Lab\n",
        "content/blog/post1/index.md": "---\ntitle: Post\ndate: 2024-01-01\n---\nHello.\n",
        "content/blog/post1/post.qmd": "---\ntitle: Post\n---\nHello.\n",
    })
    assert detect(source) == "hugo-blox"
    # (a Quarto website beside a Hugo configuration is still Quarto's)
    (source / "_quarto.yml").write_text("project:\n  type: website\n", "utf-8")
    assert detect(source) == "quarto"


LINKING_PROJECT = """---
title: AI for cities
type: landing
sections:
  - block: markdown
    content:
      text: "Led by [Shan Cao](../../author/cao/) with [Bing Wu](/author/wu/)."
---
"""


def test_links_to_a_member_s_author_page_lead_to_their_page(tmp_path: Path) -> None:
    """A lab's project pages link their members' author pages (`../../author/cao/`
    from `/project/ai4ci/`, `/author/wu/`; `permalinks: authors: /author/:slug/`),
    which Lanting does not make: the relative ones broke the build, the others kept
    their text. A member among the people has a page: the links lead there, and so
    does the old URL."""
    imported = blox(tmp_path, {
        "config/_default/config.yaml": "title: Lab\nbaseurl: https://example.org/\n"
                                       "permalinks:\n  authors: '/author/:slug/'\n",
        "content/people/_index.md": TEAM_PAGE,
        "content/authors/wu/_index.md": MEMBER.format(
            name="Bing Wu", role="M.S.", group="Master Students", user="wu"),
        "content/authors/cao/_index.md": MEMBER.format(
            name="Shan Cao", role="Professor", group="Faculties", user="cao"),
        "content/project/ai4ci/index.md": LINKING_PROJECT,
    })
    assert [e.message for e in imported.report.warnings] == []
    page = prose(built(imported, tmp_path), "ai4ci/index.html")
    assert [(a.text(), a.get("href")) for a in page.find_all("a")] == [
        ("Shan Cao", "/people/shan-cao/"), ("Bing Wu", "/people/bing-wu/")]
    text = (imported.dest / "content" / "people" / "shan-cao.md").read_text("utf-8")
    assert 'aliases: ["/author/cao/"]' in text


def test_a_library_figure_beside_its_page(tmp_path: Path) -> None:
    """`{{< figure library="true" src="schedule.png" >}}` with the image beside the
    page: Wowchemy 5's figure reads the page's folder first (`library` is ignored),
    and showed it; the importer looked in `assets/media/` only and left the figure in
    a comment."""
    imported = blox(tmp_path, {
        "content/project/nav/index.md": "---\ntitle: Navigation\n---\n\n"
                                        '{{< figure library="true" src="schedule.png" '
                                        'title="Schedule" >}}\n',
        "content/project/nav/schedule.png": png(8, 8),
    })
    assert [e.message for e in imported.report.warnings] == []
    text = (imported.dest / "content" / "projects" / "nav.md").read_text("utf-8")
    assert "schedule" in text and "<!--" not in text


def test_a_doi_written_as_a_link_s_address(tmp_path: Path) -> None:
    """A lab's list of papers (Hugo Apéro) links one by its DOI alone,
    `[Network geoforensics](10.1016/j.ecoinf.2021.101443)`: a path beside the page,
    which led nowhere, and failed the build. It leads to the DOI's page."""
    out = built_cleanly(tmp_path, {
        "config.toml": "title = 'Lab'\nbaseURL = 'https://example.org/'\n",
        "content/publications/index.md": "---\ntitle: Publications\n---\n\n"
                                         "Helderop E. 2021. [Network geoforensics]"
                                         "(10.1016/j.ecoinf.2021.101443). Ecol. Inf.\n",
    })
    [link] = prose(out, "publications/index.html").find_all("a")
    assert link["href"] == "https://doi.org/10.1016/j.ecoinf.2021.101443"

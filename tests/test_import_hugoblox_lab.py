"""Faults a real Hugo Blox lab site exposed (a page of its own at /projects/ beside its
project folders, a `cite.bib` holding another format's record), in small sites
written here."""

from __future__ import annotations

from pathlib import Path

from sitebits import png
from test_import_hugoblox import blox, built, config_of, messages

from lanting.importer.body_links import map_urls

PROJECT = "---\ntitle: Reading Machines\nsummary: Models that read long books.\n---\n\nText.\n"
GRANTS = """\
---
title: Projects
---

## Grants

| grant | funder | status |
|---|---|---|
| Long documents | A science foundation | running |
"""
EVENT = "---\ntitle: A talk on reading\ndate: 2024-03-01\n---\n\nWe read.\n"


def test_pages_at_the_urls_of_lanting_s_lists_move(tmp_path: Path) -> None:
    """The lab kept its grants in `content/projects/index.md` (a page at /projects/)
    and its talks' table in `content/talks/index.md`, beside `content/project/` and
    `content/event/`, which are Lanting's projects and talks: each page claimed the
    URL of Lanting's list and the build stopped ("URL /projects/ is claimed by 2
    sources"). Each page moves to `/<list>-page/`, with a warning."""
    imported = blox(tmp_path, {
        "content/project/reading/index.md": PROJECT, "content/projects/index.md": GRANTS,
        "content/event/reading-talk/index.md": EVENT,
        "content/talks/index.md": GRANTS.replace("Projects", "Talks")})
    assert ("content/projects/index.md", "its URL /projects/ is Lanting's list of the "
            "site's projects: the page is /projects-page/") in messages(imported)
    out = built(imported, tmp_path)
    assert "A science foundation" in (out / "projects-page" / "index.html").read_text(
        encoding="utf-8")
    assert "Reading Machines" in (out / "projects" / "index.html").read_text(encoding="utf-8")
    assert (out / "talks-page" / "index.html").is_file()


RIS = """\
@article{
  TY  - JOUR
  AU  - Lin, Mei
  TI  - Reading long books with small models
  PY  - 2023
  ER  -
}
"""
PAPER = """\
---
title: Reading long books with small models
authors: [Mei Lin]
date: 2023-05-01
publication: "*Journal of Reading Machines*"
publication_types: ["2"]
---
"""


def test_a_cite_bib_holding_another_format_s_record(tmp_path: Path) -> None:
    """A `cite.bib` holding a RIS record inside `@article{…}` (no key, no BibTeX field)
    was copied into publications.bib as an entry keyed `TY  - JOUR`, and the build
    stopped on it. The record is read; what it lacks (the journal) is the page's."""
    imported = blox(tmp_path, {"content/publication/reading/index.md": PAPER,
                               "content/publication/reading/cite.bib": RIS})
    assert not [m for _, m in messages(imported) if "cite.bib" in m]
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "TY  - JOUR" not in bib and "journal  = {Journal of Reading Machines}" in bib
    out = built(imported, tmp_path)
    assert "Reading long books with small models" in (
        out / "publications" / "index.html").read_text(encoding="utf-8")


def author(name: str, groups: str, more: str = "") -> str:
    return (f"---\ntitle: {name}\nsuperuser: false\nrole: {more or 'Researcher'}\n"
            f"organizations:\n  - name: Wave Institute\nuser_groups:\n{groups}"
            "social:\n  - icon: envelope\n    link: 'mailto:x@example.org'\n"
            "  - icon: github\n    link: https://github.com/x\n"
            "  - icon: cv\n    link: uploads/cv.pdf\n---\n\nWorks on waves.\n")


PEOPLE = """\
---
title: People
type: landing
sections:
  - block: people
    content:
      title: Lab Lead
      user_groups:
        - Principal Investigators
  - block: people
    content:
      title: Current Members
      user_groups:
        - Researchers
  - block: people
    content:
      title: Alumni
      user_groups:
        - Alumni
---
"""


def test_a_research_group_s_authors_are_its_people(tmp_path: Path) -> None:
    """A research group lists its authors (`content/authors/<user>/`, each with
    `user_groups`) in `people` blocks: none was imported (the menu's People entry left
    out, "the new site has no page there"). Each author of a group a block shows is a
    person under that block's title, in the blocks' order, with their role and
    organisation, avatar, web and mail links and text; the theme's example user, in a
    group no block shows, is not."""
    imported = blox(tmp_path, {
        "content/authors/mei/_index.md": author("Mei Lin", "  - Principal Investigators\n",
                                                "Professor"),
        "content/authors/mei/avatar.png": png(20, 20),
        "content/authors/bo/_index.md": author("Bo Chen", "  - Alumni\n"),
        "content/authors/bo/avatar.png": png(30, 30),
        "content/authors/cy/_index.md": author("Cy Park", "  - Researchers\n"),
        "content/authors/example_user/_index.md": author("Example User", "  - Example\n"),
        "content/people/_index.md": PEOPLE})
    people = imported.dest / "content" / "people"
    assert sorted(p.name for p in people.glob("*.md")) == ["bo-chen.md", "cy-park.md",
                                                           "mei-lin.md"]
    mei = (people / "mei-lin.md").read_text(encoding="utf-8")
    assert "role: Lab Lead" in mei and "summary: Professor · Wave Institute" in mei
    assert "mailto:x@example.org" in mei and "https://github.com/x" in mei
    assert "cv.pdf" not in mei and "Works on waves." in mei
    out = built(imported, tmp_path)
    listing = (out / "people" / "index.html").read_text(encoding="utf-8")
    assert listing.index("Mei Lin") < listing.index("Cy Park") < listing.index("Bo Chen")
    assert "Current Members" in listing


def test_a_homepage_s_author_with_user_groups_is_no_person(tmp_path: Path) -> None:
    """The starter gives a homepage's one author `user_groups: [Researchers]`, and no
    page of it shows people: no /people/ list is made for the owner alone."""
    imported = blox(tmp_path, {"content/authors/admin/_index.md": author(
        "Mei Lin", "  - Researchers\n", "Professor").replace("superuser: false",
                                                            "superuser: true")})
    assert not (imported.dest / "content" / "people").exists()


def test_a_link_to_a_bare_email_address(tmp_path: Path) -> None:
    """`[join@lab.org](join@lab.org)`, an address written as the link's target without
    `mailto:`: the old page linked to a file of that name, and the new site's build
    stopped on the broken link. It is a `mailto:` link."""
    text = "Mail [join@lab.org](join@lab.org) or see ![x](x.png) and [a](b@c)."
    assert map_urls(text, lambda url, image: None) == (
        "Mail [join@lab.org](mailto:join@lab.org) or see ![x](x.png) and [a](b@c).")


def test_mermaid_is_drawn_where_the_site_chose_diagrams(tmp_path: Path) -> None:
    """A group's site set `diagram = true` in its params, and its join-us page drew a
    ```` ```mermaid ```` flow as a diagram; imported, the flow showed as code, with a
    notice to set `[markdown] mermaid`. The site's choice (or a page's own
    `diagram: true`) sets it; a site that chose nothing keeps the notice."""
    fence = "\n\n```mermaid\ngraph LR; Apply-->Interview;\n```\n"
    page = "---\ntitle: Join us\n---\n\nSteps." + fence
    chose = blox(tmp_path / "a", {"config/_default/params.toml": "diagram = true\n",
                                  "content/join.md": page})
    assert config_of(chose)["markdown"]["mermaid"].startswith("https://")
    assert not [m for _p, m in messages(chose) if "mermaid" in m]
    html = (built(chose, tmp_path / "a") / "join" / "index.html").read_text(encoding="utf-8")
    assert '<pre class="mermaid">' in html
    own = blox(tmp_path / "b", {"content/join.md": page.replace("---\n\n",
                                                                "diagram: true\n---\n\n")})
    assert "mermaid" in config_of(own)["markdown"]
    neither = blox(tmp_path / "c", {"content/join.md": page})
    assert "mermaid" not in config_of(neither)["markdown"]
    assert [m for _p, m in messages(neither) if "[markdown] mermaid" in m]

"""Faults real lab sites of a Jekyll lab-website template exposed in their people
(an `_alumni/` collection beside `_members/`, an older template's `_data/roles.yaml`,
names in two scripts, the line under each portrait), in small sites written here."""

from __future__ import annotations

from pathlib import Path

from importbits import NOW, page
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site

CONFIG = """\
title: Reef Lab
lang: en
collections:
  members:
    output: true
  alumni:
    output: true
"""
ROLES = """\
pi:
  icon: fas fa-microscope
  text: Principal Investigator
phd:
  icon: fas fa-graduation-cap
  text: Doctoral Student
"""


def member(name: str, role: str, more: str = "") -> str:
    return f"---\nname: {name}\nrole: {role}\n{more}---\n\nWorks on reefs.\n"


def test_alumni_roles_descriptions_and_names_of_two_scripts(tmp_path: Path) -> None:
    """The old template kept those who left in an `_alumni/` collection (each still
    `role: phd`), its role names in `_data/roles.yaml` (`text:`), a name in two scripts
    as `Lin Yu<br/>林雨` and the portrait's line in `description:` (`PhD 2015-2020`);
    the newer one marks them `role: alum`. Alumni were listed under "Phd" among the
    students, names carried their `<br/>` into titles and slugs, and each description
    was lost. Alumni are one group, last, with their description (else the role they
    had); role names come from roles.yaml; names read as words."""
    source = tmp_path / "old"
    write_files(source, {
        "_config.yml": CONFIG, "Gemfile": 'gem "jekyll"\n', "_data/roles.yaml": ROLES,
        "_members/ana.md": member("Ana Ruiz", "pi"),
        "_members/lin.md": member("Lin Yu<br/>林雨", "phd", "description: PhD, since 2022\n"),
        "_alumni/kai.md": member("Kai Berg", "phd", "description: PhD 2015-2020\n"),
        "_alumni/mo.md": member("Mo Chen", "phd"),
        "_members/sol.md": member("Sol Park", "alum", "now: Engineer at a wave farm\n")})
    import_site(source, tmp_path / "new", None, False, NOW)
    people = tmp_path / "new" / "content" / "people"
    assert sorted(p.name for p in people.iterdir()) == [
        "ana-ruiz.md", "kai-berg.md", "lin-yu-林雨.md", "mo-chen.md", "sol-park.md"]
    lin = (people / "lin-yu-林雨.md").read_text(encoding="utf-8")
    assert "title: Lin Yu 林雨" in lin and "summary: PhD, since 2022" in lin
    assert "role: Doctoral Student" in lin
    kai = (people / "kai-berg.md").read_text(encoding="utf-8")
    assert "role: Alumni" in kai and "summary: PhD 2015-2020" in kai
    mo = (people / "mo-chen.md").read_text(encoding="utf-8")
    assert "role: Alumni" in mo and "summary: Doctoral Student" in mo
    sol = (people / "sol-park.md").read_text(encoding="utf-8")
    assert "role: Alumni" in sol and "summary: Engineer at a wave farm" in sol
    out = build(tmp_path / "new", BuildOptions(output=tmp_path / "out")).output
    listing = page(out, "/people/").text()
    assert listing.index("Ana Ruiz") < listing.index("Lin Yu") < listing.index("Alumni")
    assert listing.index("Alumni") < listing.index("Kai Berg")


CITATIONS = """\
- id: doi:10.5555/reef.2024.3
  title: Coral colour at dusk
  authors:
  - A Ruiz
  - Pat Quinn
  - Lin Yu
  publisher: Reef Letters
  date: '2024-02-01'
  link: https://doi.org/10.5555/reef.2024.3
"""


def test_the_lab_s_members_are_highlighted_in_its_papers(tmp_path: Path) -> None:
    """A lab's list of papers (`_data/citations.yaml`) is its members' work, and each
    member page named the spellings papers give them (`aliases: [A Ruiz]`): the new
    list highlighted no one, its author lists all alike. Members' names and those
    spellings are `highlight_names`; an author from outside the lab stays plain."""
    source = tmp_path / "old"
    write_files(source, {
        "_config.yml": CONFIG, "Gemfile": 'gem "jekyll"\n', "_data/citations.yaml": CITATIONS,
        "_members/ana.md": member("Ana Ruiz", "pi", "aliases:\n  - A Ruiz\n"),
        "_members/lin.md": member("Lin Yu", "phd")})
    import_site(source, tmp_path / "new", None, False, NOW)
    out = build(tmp_path / "new", BuildOptions(output=tmp_path / "out")).output
    listing = page(out, "/publications/")
    assert [s.text() for s in listing.find_all("strong", class_="pub-me")] == ["A Ruiz", "Lin Yu"]


PEOPLE = """\
---
title: People
---

# Current members

## Faculty

{% include list.html data="members" component="portrait" filters="role: pi" %}
{:.center}

## Doctoral students

{% include list.html data="members" component="portrait" filters="role: phd" %}

# Alumni

{% include list.html data="alumni" component="portrait" %}

Thanks to [Kai Berg](https://kai.example.org) for the first version of this page, and to
all who sent us their photos.
"""


def test_a_people_page_at_people_is_left_out(tmp_path: Path) -> None:
    """`people/index.md`, at /people/: its headings naming the groups (and a line of
    thanks) counted as text of its own, so it was kept as a page at /people/ — the URL
    of Lanting's list — and the build stopped ("URL /people/ is claimed by 2 sources");
    left out with little text, its redirect from /people/index.html to /people/ stopped
    it too. Headings are not the page's own text; at /people/ a page with text of its
    own is left out too, with a warning that the text is not kept."""
    source = tmp_path / "old"
    files: dict[str, str | bytes] = {
        "_config.yml": CONFIG, "Gemfile": 'gem "jekyll"\n', "_data/roles.yaml": ROLES,
        "_members/ana.md": member("Ana Ruiz", "pi"), "_alumni/kai.md": member("Kai Berg", "phd")}
    for n, (text, kept) in enumerate(((PEOPLE.split("Thanks")[0], False), (PEOPLE, True))):
        write_files(source, {**files, "people/index.md": text})
        new = tmp_path / f"new{n}"
        imported = import_site(source, new, None, False, NOW)
        warned = [w.message for w in imported.report.warnings if w.path == "people/index.md"]
        assert bool(warned) == kept and all("not kept" in w for w in warned)
        assert not (new / "content" / "pages" / "people.md").exists()
        out = build(new, BuildOptions(output=tmp_path / f"out{n}")).output
        assert "Kai Berg" in page(out, "/people/").text()


def test_a_group_key_beside_a_described_role(tmp_path: Path) -> None:
    """The newer template marks each member `group: active` (or `alum`, or another
    lab's section) beside `role: phd`, which `_data/types.yaml` names: every current
    member was grouped "Active", their roles lost. The role the types name is the
    group; `group: alum` makes an alumnus, whose role and `years_worked` are their
    summary."""
    types = "pi:\n  description: Lab Lead\nphd:\n  description: Doctoral Student\n" \
            "intern:\n  description: Intern\n"
    source = tmp_path / "old"
    write_files(source, {
        "_config.yml": CONFIG, "Gemfile": 'gem "jekyll"\n', "_data/types.yaml": types,
        "_members/ana.md": member("Ana Ruiz", "pi", "group: active\n"),
        "_members/lin.md": member("Lin Yu", "phd", "group: active\n"),
        "_members/kai.md": member("Kai Berg", "intern", "group: alum\nyears_worked: 2016\n")})
    import_site(source, tmp_path / "new", None, False, NOW)
    people = tmp_path / "new" / "content" / "people"
    assert "role: Lab Lead" in (people / "ana-ruiz.md").read_text(encoding="utf-8")
    assert "role: Doctoral Student" in (people / "lin-yu.md").read_text(encoding="utf-8")
    kai = (people / "kai-berg.md").read_text(encoding="utf-8")
    assert "role: Alumni" in kai and "summary: Intern · 2016" in kai

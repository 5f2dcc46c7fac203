"""Faults of group sites on plain Jekyll with jekyll-scholar (HTML pages of their own
layouts, a `.bib` of the group's papers named after its lead), in small sites written
here."""

from __future__ import annotations

from pathlib import Path

from importbits import NOW, messages, page
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site

CONFIG = """\
title: Kite Group
lang: en
plugins:
  - jekyll-scholar
scholar:
  style: apa
  sort_by: year
  order: descending
"""
BIB = """\
@inproceedings{ward2024gusts,
  title = {Kites in gusty wind},
  author = {Ward, Lena and Okoye, Sam},
  booktitle = {Workshop on Flying Things},
  year = {2024}
}

@article{ward2019lines,
  title = {Tension along a kite line},
  author = {Ward, Lena},
  journal = {Journal of Strings},
  year = {2019}
}
"""
PUBLICATIONS = """\
---
layout: publications
title: Publications
permalink: /publications/
years: [2024, 2019]
---

{% for y in page.years %}
  <h3>{{y}}</h3>
  {% bibliography -f ward -q @*[year={{y}}]* %}
{% endfor %}
"""


def _site(tmp_path: Path, files: dict[str, str]) -> Path:
    source = tmp_path / "old"
    write_files(source, {"_config.yml": CONFIG, "_layouts/publications.html": "{{ content }}\n",
                         "index.md": "---\nlayout: default\n---\n\nWe fly kites.\n", **files})
    return source


def test_the_bib_the_publications_page_lists_is_the_papers(tmp_path: Path) -> None:
    """The group's papers are `_bibliography/ward.bib`, listed at /publications/ by
    `{% bibliography -f ward %}` (no al-folio `papers.bib`): they were imported as
    references other posts cite, and the page left out ("Lanting makes /publications/
    from content/publications.bib", a file never written), so the site had no list of
    papers. That file's entries are the publications."""
    source = _site(tmp_path, {"_bibliography/ward.bib": BIB,
                              "publications.md": PUBLICATIONS})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert imported.report.counts["publications"] == 2
    assert not (tmp_path / "new" / "content" / "references.bib").exists()
    bib = (tmp_path / "new" / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "ward2024gusts" in bib and "ward2019lines" in bib
    assert messages(imported, "publications.md") == [
        "left out: Lanting makes /publications/ from content/publications.bib"]
    out = build(tmp_path / "new", BuildOptions(output=tmp_path / "out")).output
    listing = page(out, "/publications/").text()
    assert "Kites in gusty wind" in listing and "Tension along a kite line" in listing


HOME = """\
---
layout: page
permalink: /
title:
---

<div class="intro">
  <table>
    <tr>
      <td><img src="{{ site.baseurl }}/assets/lena.png" width="100"></td>
      <td>
        <p>Lena Ward leads the {{ site.title }}.</p>

        <p>We study how kites hold still in *gusty* wind.</p>
      </td>
    </tr>
  </table>
</div>
"""
RESEARCH = """\
---
layout: page
title: Research
---

<h2>Lines and knots</h2>

    <p>
        Every line stretches; we measure by how much.
    </p>

<pre>
  keep    this
</pre>
"""


def test_pages_written_in_html_with_front_matter(tmp_path: Path) -> None:
    """A group site writes its pages in HTML under front matter (`index.html`,
    `research.html`), which the theme put in its layout: they were not imported ("copy
    their text into Markdown pages"), the home page's text lost without a word. Each is
    a page (the home page's text), its HTML kept as HTML: no indented line read as
    code, no blank line ending the HTML and leaving the rest Markdown (`*gusty*`), its
    Liquid values printed, a `<pre>` as written."""
    source = _site(tmp_path, {"index.html": HOME, "research.html": RESEARCH,
                              "assets/lena.png": "x"})
    (source / "index.md").unlink()
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert not [e for e in imported.report.entries if "HTML" in e.message]
    research = (tmp_path / "new" / "content" / "pages" / "research.md").read_text(
        encoding="utf-8")
    assert "\n\nEvery line stretches; we measure by how much.\n\n" in research
    out = build(tmp_path / "new", BuildOptions(output=tmp_path / "out")).output
    home = page(out, "/")
    assert "Lena Ward leads the Kite Group." in home.text()
    assert "*gusty*" in home.text() and home.find("em") is None
    shown = page(out, "/research/")  # (its old /research.html leads there)
    assert shown.find("code") is None and "Every line stretches" in shown.text()
    assert "\n  keep    this\n" in shown.one("pre").raw_text()


PEOPLE_DATA = """\
- name: Lena Ward
  title: pi
  picture: lena.png
- name: Sam Okoye
  title: phd
  picture: sam.png
- name: Ada Lind
  title: phd
  picture: ada.png
"""
PEOPLE = """\
---
layout: page
title: People
permalink: /people/
---

<h3>Lead</h3>
{% assign leads = site.data.people | where: "title", "pi" %}
{% include people.html people = leads %}

<h3>PhD Students</h3>
{% assign phds = site.data.people | where: "title", "phd" %}
{% include people.html people = phds %}
"""


def test_groups_of_people_a_where_filter_chose(tmp_path: Path) -> None:
    """The people page assigns each group with a filter, `site.data.people | where:
    "title", "phd"`: the filter was not read, so every group held every member, each
    person imported once per group (`sam-okoye-2`, a warning each). Each group is the
    members the filter chose, under its heading."""
    source = _site(tmp_path, {"_data/people.yml": PEOPLE_DATA, "people.html": PEOPLE,
                              "_includes/people.html": "{{ include.people }}\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert not [e for e in imported.report.entries if "slug" in e.message]
    people = tmp_path / "new" / "content" / "people"
    assert sorted(p.name for p in people.iterdir()) == [
        "ada-lind.md", "lena-ward.md", "sam-okoye.md"]
    assert "role: Lead" in (people / "lena-ward.md").read_text(encoding="utf-8")
    assert "role: PhD Students" in (people / "ada-lind.md").read_text(encoding="utf-8")


def test_a_cite_tag_broken_over_lines(tmp_path: Path) -> None:
    """`{% cite ward2019lines --file` with `ward %}` on the next line (a paragraph of an
    HTML page wrapped by an editor): the file's name was taken for a key ("`ward` is
    in no .bib file"), the citation left in a comment. It is the citation."""
    home = ("---\nlayout: page\npermalink: /\n---\n\n<p>Lines stretch {% cite "
            "ward2019lines --file\n  ward %}.</p>\n")
    source = _site(tmp_path, {"_bibliography/ward.bib": BIB, "publications.md": PUBLICATIONS,
                              "index.html": home})
    (source / "index.md").unlink()
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert messages(imported, "index.html") == [
        "its text is the home page's (Lanting makes the list of posts itself)"]
    text = (tmp_path / "new" / "content" / "_index.md").read_text(encoding="utf-8")
    assert "Lines stretch [@ward2019lines]." in text


def test_a_relative_link_of_the_home_page_to_a_page_left_out(tmp_path: Path) -> None:
    """The home page (`index.html`) links `<a href="bio/">`, a page whose text its
    layout held, left out of the import: a link from the home page was not read from
    its old URL, /, so it stayed as written and the build stopped ("broken link `bio/`
    in raw HTML"). It is read from /, and goes as any link to a page left out does."""
    home = ('---\nlayout: page\npermalink: /\n---\n<ul>\n<li><a href="bio/">Bio</a></li>\n'
            "</ul>\n")
    source = _site(tmp_path, {"index.html": home, "_layouts/bio.html": "{{ content }}\n",
                              "bio.md": "---\nlayout: bio\ntitle: Bio\npermalink: /bio/\n---\n"})
    (source / "index.md").unlink()
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert any("a page left out of the import" in m for m in messages(imported, "index.html"))
    build(tmp_path / "new", BuildOptions(output=tmp_path / "out"))


ALUMNI_DATA = """\
- name: Tom Reed
  title: phd
- name: Una Vale
  title: postdoc
"""


def test_people_under_an_alumni_heading_are_alumni(tmp_path: Path) -> None:
    """The people page's `<h2>Alumni</h2>` holds `<h3>PhD Students</h3>` and the others,
    each a loop over `site.data.alumni`: those who left were imported as "PhD
    Students", among the current students. They are the Alumni."""
    page_text = PEOPLE + """
<h2>Alumni</h2>

<h3>PhD Students</h3>
{% assign old_phds = site.data.alumni | where: "title", "phd" %}
{% include people.html people = old_phds %}

<h3>Postdocs</h3>
{% for p in site.data.former_postdocs %}<p>{{ p.name }}</p>{% endfor %}
"""
    source = _site(tmp_path, {"_data/people.yml": PEOPLE_DATA, "_data/alumni.yml": ALUMNI_DATA,
                              "_data/former_postdocs.yml": "- name: Eve Marsh\n  title: x\n",
                              "people.html": page_text,
                              "_includes/people.html": "{{ include.people }}\n"})
    import_site(source, tmp_path / "new", None, False, NOW)
    people = tmp_path / "new" / "content" / "people"
    assert "role: Alumni" in (people / "tom-reed.md").read_text(encoding="utf-8")
    assert "role: Alumni" in (people / "eve-marsh.md").read_text(encoding="utf-8")
    assert "role: PhD Students" in (people / "sam-okoye.md").read_text(encoding="utf-8")


def test_a_people_page_in_html_of_loops(tmp_path: Path) -> None:
    """`people.html` drawing its members with `{% for p in site.data.people %}` loops, and
    little text besides: taken for a listing Lanting makes and left out, its people
    lost. Read as a Markdown page is, its people are content/people/."""
    page_text = ("---\nlayout: page\ntitle: People\n---\n<h2>Everyone</h2>\n"
                 "{% for p in site.data.people %}\n  <p>{{ p.name }}</p>\n{% endfor %}\n")
    source = _site(tmp_path, {"_data/people.yml": PEOPLE_DATA, "people.html": page_text})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert imported.report.counts["people"] == 3


def test_photos_an_include_names_with_their_ending(tmp_path: Path) -> None:
    """The portraits are drawn by an include the page's include names, `person.html`:
    `src="{{ site.baseurl }}/assets/bios/{{ include.picture }}.jpg"`, the data giving
    `picture: lena` without the ending. "photo `lena` not found", every portrait lost.
    The folder and the ending are read from the includes too."""
    source = _site(tmp_path, {
        "_data/people.yml": PEOPLE_DATA.replace(".png", ""), "people.html": PEOPLE,
        "_includes/people.html": "{% for p in include.people %}{% include person.html "
                                 "picture=p.picture %}{% endfor %}\n",
        "_includes/person.html": '<img src="{{ site.baseurl }}/assets/bios/'
                                 '{{ include.picture }}.jpg">\n',
        **{f"assets/bios/{n}.jpg": "x" for n in ("lena", "sam", "ada")}})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert not [m for m in messages(imported, "people.html") if "photo" in m]
    lena = (tmp_path / "new" / "content" / "people" / "lena-ward.md").read_text(
        encoding="utf-8")
    assert "cover: /assets/bios/lena.jpg" in lena


def test_a_citation_in_a_paragraph_of_an_html_page(tmp_path: Path) -> None:
    """`<p>Lines stretch {% cite ward2019lines --file ward %}.</p>` in an HTML home page:
    the citation became `[@ward2019lines]` inside the HTML block, which Markdown does not
    read, so the page showed the brackets. A paragraph holding no block is a Markdown
    paragraph (its marks escaped): the citation is drawn."""
    home = ("---\nlayout: page\npermalink: /\n---\n<div>\n  <p>Lines_stretch {% cite "
            "ward2019lines --file ward %}.</p>\n</div>\n")
    source = _site(tmp_path, {"_bibliography/ward.bib": BIB, "publications.md": PUBLICATIONS,
                              "index.html": home})
    (source / "index.md").unlink()
    import_site(source, tmp_path / "new", None, False, NOW)
    out = build(tmp_path / "new", BuildOptions(output=tmp_path / "out")).output
    shown = page(out, "/").one("main")
    assert "[@" not in shown.text() and "Lines_stretch" in shown.text()
    assert any("ward2019lines" in (a.get("href") or "") for a in shown.find_all("a"))

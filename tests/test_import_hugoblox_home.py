"""The one-page home of Hugo Blox sites (Academic's `content/home/*.md` widgets, Wowchemy's
and Hugo Blox's landing `sections:`), imported and built: the blocks that held the
owner's own words become sections of the new home page, the menu's links to them and to
the theme's section lists lead where the new site shows the same."""

from __future__ import annotations

import datetime as dt
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from htmltree import Element
from importbits import redirect_target
from sitebits import png, read, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site
from lanting.importer.common import Options
from lanting.importer.hugoblox_authors import comma_list

NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))

AUTHOR = """\
---
title: Lin Qiao
role: PhD student
superuser: true
---
Lin works on sparse attention.
"""

PAPER = """\
---
title: Sparse Kernels for Long Context
authors: [admin]
date: "2024-05-01"
publication_types: ["1"]
publication: "*MLSys*"
---
"""

TALK = """\
---
title: Kernels at Scale
event: Systems Seminar
date: "2024-06-01"
---
"""

WIDGET_PAGE = "---\ntype: widget_page\nheadless: true\n---\n"

EXPERIENCE = """\
---
widget: experience
headless: true
active: true
weight: 30
title: Experience
experience:
  - title: Research Intern
    company: Kernel Lab
    company_url: https://kernels.example.org/
    location: Hangzhou
    date_start: "2023-07-01"
    date_end: ""
    description: Wrote fused attention kernels.
  - title: Teaching Assistant
    company: Compilers 101
    date_start: "2022-09-01"
    date_end: "2023-01-01"
---
"""

AWARDS = """\
---
widget: accomplishments
active: true
weight: 40
title: "Awa&shy;rds"
item:
  - title: Best Student Paper
    organization: MLSys
    organization_url: https://mlsys.example.org/
    certificate_url: https://cert.example.org/1
    date_start: "2024-05-01"
    date_end: ""
---
"""

SKILLS = """\
+++
widget = "featurette"
active = true
weight = 20
title = "Skills"
[[feature]]
  name = "CUDA"
  description = "90%"
[[feature]]
  name = "Rust"
+++
"""

LECTURES = """\
---
widget: pages
active: true
weight: 70
title: Lectures
content:
  page_type: none
---
A tutorial at the [Systems Summer School](https://school.example.org/), 2023.
"""

HIDDEN = """\
---
widget: blank
active: false
weight: 5
title: Draft Notes
---
Not shown on the old home.
"""

TAGS = "---\nwidget: tag_cloud\nactive: true\nweight: 90\ntitle: Topics\n---\n"

MENUS = """\
main:
  - name: Home
    url: /
    identifier: home
  - name: Experience
    url: "#experience"
    parent: home
  - name: Lectures
    url: "#lectures"
  - name: Publications
    url: publication
  - name: Events
    url: "/event/"
"""


def blox(tmp_path: Path, files: dict[str, str | bytes]) -> Imported:
    source = tmp_path / "old"
    write_files(source, {"config/_default/config.yaml": "title: Lin\nbaseurl: "
                         "https://example.org/\nlanguageCode: en-us\n",
                         "content/authors/admin/_index.md": AUTHOR, **files})
    return import_site(source, tmp_path / "new", "hugo-blox", False, NOW)


def built_home(imported: Imported, tmp_path: Path) -> Element:
    out = tmp_path / "out"
    build(imported.dest, BuildOptions(output=out))
    return read(out, "index.html")


def config_of(imported: Imported) -> dict[str, Any]:
    return tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))


def notices(imported: Imported) -> list[tuple[str, int | None, str]]:
    return [(e.path, e.line, e.message) for e in imported.report.entries]


def headings(doc: Element) -> list[tuple[str | None, str]]:
    return [(h.get("id"), h.text().strip()) for h in doc.find("main").find_all("h2")]


def test_the_widgets_of_the_old_home_are_sections_of_the_new_one(tmp_path: Path) -> None:
    """Academic's `content/home/*.md` widgets were resources of a headless bundle: every
    job, prize, skill and text of them was dropped without a word in the report."""
    imported = blox(tmp_path, {
        "content/home/index.md": WIDGET_PAGE,
        "content/home/experience.md": EXPERIENCE, "content/home/awards.md": AWARDS,
        "content/home/skills.md": SKILLS, "content/home/lectures.md": LECTURES,
        "content/home/notes.md": HIDDEN, "content/home/tags.md": TAGS,
    })
    home = built_home(imported, tmp_path)
    sections = [h for h in headings(home) if h[0] in ("skills", "experience", "awards",
                                                      "lectures")]
    assert sections == [("skills", "Skills"), ("experience", "Experience"),
                        ("awards", "Awards"), ("lectures", "Lectures")]  # by weight
    main = home.find("main")
    jobs = [li.text() for li in main.find(id="experience").parent.find_all("li")]
    assert any("Research Intern" in j and "Kernel Lab" in j and "Jul 2023–present" in j
               and "Wrote fused attention kernels." in j for j in jobs)
    assert any("Teaching Assistant" in j and "Sep 2022–Jan 2023" in j for j in jobs)
    hrefs = [a["href"] for a in main.find_all("a")]
    assert {"https://kernels.example.org/", "https://mlsys.example.org/",
            "https://cert.example.org/1", "https://school.example.org/"} <= set(hrefs)
    text = main.text()
    assert "CUDA: 90%" in text and "Rust" in text
    assert "Not shown on the old home." not in text  # (`active: false`)
    assert not (imported.dest / "content" / "posts").exists()
    assert ("content/home/tags.md", 2, "block `tag_cloud` of the old home left out: "
            "Lanting has no such block (copy what it showed into the home page's text)") \
        in notices(imported)


def test_academic_widgets_without_a_bundle_are_not_posts(tmp_path: Path) -> None:
    """Academic 2's `content/home/` had no `index.md`: each widget was read as a post,
    and one titled " " failed the build."""
    imported = blox(tmp_path, {
        "content/home/slogan.md": '+++\nwidget = "custom"\nactive = true\n'
                                  'date = 2016-04-20T00:00:00\ntitle = " "\n+++\n'
                                  "*Stay curious.*\n",
        "content/post/hello.md": "---\ntitle: Hello\ndate: 2021-01-01\n---\nHi.\n",
    })
    posts = imported.dest / "content" / "posts"
    assert sorted(p.name for p in posts.iterdir()) == ["hello.md"]
    assert "Stay curious." in built_home(imported, tmp_path).find("main").text()


def test_landing_sections_keep_their_text_and_links_to_lists(tmp_path: Path) -> None:
    """Wowchemy 5.7's `sections:`: one notice for the whole landing page, and the
    experience and text of its blocks were lost."""
    landing = """\
    ---
    title: ''
    type: landing
    sections:
      - block: about.biography
        id: about
        content:
          username: admin
      - block: experience
        id: work
        content:
          title: 工作经历
          items:
            - title: 研究实习生
              company: 某实验室
              date_start: '2023-03-01'
              date_end: ''
      - block: collection
        content:
          title: Recent Publications
          text: See [all of them](./publication/).
          filters:
            folders: [publication]
      - block: markdown
        id: service
        content:
          title: Service
          text: Reviewer for *MLSys*.
      - block: hero
        demo: true
        content:
          text: Only on the theme's demo.
    ---
    Never shown: the theme drew the blocks alone.
    """
    imported = blox(tmp_path, {"content/_index.md": landing,
                               "content/publication/sparse/index.md": PAPER,
                               "config/_default/config.yaml": "title: Lin\nbaseurl: "
                               "https://example.org/\nlanguageCode: zh-cn\n"})
    home = built_home(imported, tmp_path)
    main = home.find("main")
    assert ("work", "工作经历") in headings(home)
    assert ("section-collection", "Recent Publications") in headings(home)
    text = (imported.dest / "content" / "_index.md").read_text(encoding="utf-8")
    assert "- **研究实习生**，某实验室，2023年3月–至今" in text
    assert "Reviewer for MLSys." in " ".join(main.text().split())
    assert [a["href"] for a in main.find_all("a") if a.text() == "all of them"] \
        == ["/publications/"]
    assert "Only on the theme's demo." not in main.text()
    assert "Never shown" not in main.text()
    assert any(path == "content/_index.md" and line == 5 and "`about.biography`" in message
               for path, line, message in notices(imported))
    assert ("content/_index.md", 34, "the landing page's text after its front matter left "
            "out: the old home page did not show it") in notices(imported)


def test_a_link_to_the_publications_list_with_its_own_text(tmp_path: Path) -> None:
    """A researcher's `publication/_index.md` (the list's title and a line about Google
    Scholar) made `./publication/` in a block's text look like the list of a section
    the new site has no page for: the link lost its target, with a warning."""
    landing = ("---\ntype: landing\nsections:\n  - block: collection\n    content:\n"
               "      title: Featured Publications\n"
               "      text: The [full list](./publication/) has all venues.\n"
               "      filters:\n        folders: [publication]\n---\n")
    imported = blox(tmp_path, {
        "content/_index.md": landing, "content/publication/sparse/index.md": PAPER,
        "content/publication/_index.md": "---\ntitle: Publications\nview: citation\n---\n"
                                         "Also on Google Scholar.\n"})
    assert not any("/publication/" in m for _p, _l, m in notices(imported))
    main = built_home(imported, tmp_path).find("main")
    assert [a["href"] for a in main.find_all("a") if a.text() == "full list"] \
        == ["/publications/"]


def test_the_text_above_the_theme_s_lists(tmp_path: Path) -> None:
    """`post/_index.md` and `publication/_index.md` with a line of text above their
    lists were left out without a word: the blog's text is the blog page's (as on any
    Hugo site), the publications' a warning (Lanting's list shows none)."""
    post = "---\ntitle: Notes\ndate: 2024-05-01\n---\nA note.\n"
    imported = blox(tmp_path, {
        "content/post/notes/index.md": post, "content/publication/sparse/index.md": PAPER,
        "content/post/_index.md": "---\ntitle: Blog\n---\nShort notes on kernels.\n",
        "content/publication/_index.md": "---\ntitle: Publications\n---\n\n"
                                         "Also on Google Scholar.\n"})
    assert ("content/publication/_index.md", 5, "the text of the list page of "
            "`publication/` is not imported: Lanting's lists show no text") \
        in notices(imported)
    out = tmp_path / "out"
    build(imported.dest, BuildOptions(output=out))
    assert "Short notes on kernels." in read(out, "blog/index.html").find("main").text()


@pytest.mark.parametrize(("count", "shown"), [("12", 7), ("0", 7), ("6", 6), (None, 5)])
def test_the_home_shows_as_many_featured_papers_as_the_old_one(
        tmp_path: Path, count: str | None, shown: int) -> None:
    """A researcher's home listed `count: 12` featured papers (a `collection` block of
    `publication` with `featured_only`): the new home showed five of them, Lanting's
    default. It shows as many as the old one did, of the featured ones there are."""
    papers = {f"content/publication/p{i}/index.md": PAPER.replace(
        "Sparse Kernels", f"Sparse Kernels {i}").replace("---\n", "---\nfeatured: true\n",
                                                         1).replace("2024-05", f"2024-0{i}")
        for i in range(1, 8)}
    block = ("---\ntype: landing\nsections:\n  - block: collection\n    content:\n"
             "      title: Featured Publications\n"
             + (f"      count: {count}\n" if count else "")
             + "      filters:\n        folders: [publication]\n"
               "        featured_only: true\n---\n")
    imported = blox(tmp_path, {"content/_index.md": block, **papers})
    selected = config_of(imported).get("publications", {}).get("selected_on_home")
    assert selected == (shown if shown != 5 else None)
    home = built_home(imported, tmp_path)
    assert len(home.find("main").find_all("article", class_="pub")) == shown


def test_menu_entries_to_the_theme_s_lists_lead_to_lanting_s(tmp_path: Path) -> None:
    """`url: publication` and `/event/` were left out of the menu ("no page there"); the
    entries under Home (`parent: home`, the home's blocks) joined the top level, then were
    left out ("one level"): they are Home's drop-down, as on the old site."""
    imported = blox(tmp_path, {
        "config/_default/menus.yaml": MENUS,
        "content/home/index.md": WIDGET_PAGE, "content/home/lectures.md": LECTURES,
        "content/home/experience.md": EXPERIENCE,
        "content/publication/sparse/index.md": PAPER, "content/event/kernels/index.md": TALK,
    })
    assert [(e["name"], e["url"]) for e in config_of(imported)["menu"]] == [
        ("Home", "/"), ("Lectures", "/#lectures"), ("Publications", "/publications/"),
        ("Events", "/talks/")]
    assert config_of(imported)["menu"][0]["children"] == [
        {"name": "Experience", "url": "/#experience"}]
    home = built_home(imported, tmp_path)
    assert home.one("summary").text() == "Home"


def test_authors_in_bold_and_cite_bib_lists_with_commas(tmp_path: Path) -> None:
    """`authors: ["**Lin Qiao**", …]` (the owner in bold, as the old page showed it)
    went into publications.bib with its stars; a cite.bib `author = {Lin Qiao, Wei Chen,
    et al.}` was one person to BibTeX, shown as "et al. Lin Qiao, Wei Chen"."""
    bold = PAPER.replace("authors: [admin]", 'authors: ["**L. Qiao**", "Wei Chen"]')
    listed = PAPER.replace("authors: [admin]", "authors: [Lin Qiao, Wei Chen, Rui Ma]") \
        .replace("Sparse Kernels", "Dense Kernels")
    imported = blox(tmp_path, {
        "content/publication/bold/index.md": bold,
        "content/publication/listed/index.md": listed,
        "content/publication/listed/cite.bib": "@inproceedings{qiao2024dense,\n"
        "  title = {Dense Kernels for Long Context},\n"
        "  author = {Lin Qiao, Wei Chen, et al.},\n  year = {2024}\n}\n",
        "content/publication/proper/index.md": PAPER.replace("Sparse", "Proper"),
        "content/publication/proper/cite.bib": "@article{berg2024,\n"
        "  title = {Proper Kernels for Long Context},\n"
        "  author = {van der Berg, Jan Willem},\n  note = {},\n  year = {2024}\n}\n",
    })
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "{L. Qiao and Wei Chen}" in bib and "**" not in bib
    assert "{Lin Qiao and Wei Chen and others}" in bib
    assert "{van der Berg, Jan Willem}" in bib and "note" not in bib  # (`note = {}`)
    assert ("content/publication/proper/cite.bib", 1, "empty fields left out: `note`") \
        in notices(imported)
    assert config_of(imported)["publications"]["highlight_names"] == ["L. Qiao"]
    assert [(e.path, e.line) for e in imported.report.warnings if "commas" in e.message] \
        == [("content/publication/listed/cite.bib", 1)]
    out = tmp_path / "out"
    build(imported.dest, BuildOptions(output=out))
    page = read(out, "publications/qiao2024dense/index.html").find("main").text()
    assert "Lin Qiao" in page and "et al. Lin Qiao" not in page


@pytest.mark.parametrize(("author", "listed", "names"), [
    ("Kan Huang, Kai Zhang, Ming Liu", 3, ["Kan Huang", "Kai Zhang", "Ming Liu"]),
    ("马洁锋，杜俊，等", 3, ["马洁锋", "杜俊", "others"]),
    ("Qiao, Lin and Chen, Wei", 2, None),
    ("Doe, Jane", 1, None),
    ("van der Berg, Jan Willem", 1, None),
    ("Lin Qiao, Wei Chen", 2, ["Lin Qiao", "Wei Chen"]),
])
def test_which_cite_bib_authors_are_lists_with_commas(author: str, listed: int,
                                                      names: list[str] | None) -> None:
    assert comma_list(author, listed) == names


ACADEMIC_2 = """\
baseurl = "https://example.org/"
title = "Lin Qiao"
theme = "academic"
[params]
  name = "Lin Qiao"
  role = "MPhil student"
  organizations = [ { name = "Lake University", url = "" } ]
  avatar = "me.png"
  email = "lin@example.org"
  [[params.social]]
    icon = "github"
    icon_pack = "fa"
    link = "//github.com/linqiao"
[[menu.main]]
  name = "Home"
  url = "#about"
  weight = 1
[[menu.main]]
  name = "Publications"
  url = "#publications_selected"
  weight = 2
"""

ABOUT_2 = """\
+++
widget = "about"
active = true
weight = 5
[interests]
  interests = ["Sparse attention", "Compilers"]
[[education.courses]]
  course = "BEng"
  institution = "Lake University"
  year = 2020
+++
Lin writes kernels.
"""


def test_academic_2_is_detected_and_its_profile_read(tmp_path: Path) -> None:
    """A site of Academic 2 (`theme = "academic"`, no `content/authors/`) was imported as
    plain Hugo: every widget a post, the profile lost, publications posts too."""
    source = tmp_path / "old"
    write_files(source, {
        "config.toml": ACADEMIC_2, "static/img/me.png": b"\x89PNG\r\n\x1a\n",
        "content/home/about.md": ABOUT_2,
        "content/home/publications_selected.md": '+++\nwidget = "publications_selected"\n'
                                                 'active = true\nweight = 10\n+++\n',
        "content/publication/sparse.md": '+++\ntitle = "Sparse Kernels"\n'
        'date = 2019-01-01\nauthors = ["Lin Qiao"]\npublication_types = ["1"]\n'
        'publication = "MLSys"\nselected = true\n+++\n',
    })
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert imported.report.kind == "hugo-blox"
    profile = config_of(imported)["profile"]
    assert profile["position"] == "MPhil student"
    assert profile["affiliation"] == "Lake University"
    assert profile["interests"] == ["Sparse attention", "Compilers"]
    assert profile["email"] == "lin@example.org" and profile["photo"] == "/img/me.png"
    assert profile["links"] == [{"kind": "github", "url": "https://github.com/linqiao"}]
    assert [e["url"] for e in config_of(imported)["menu"]] == ["/", "/publications/"]
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "selected" in bib
    assert not (imported.dest / "content" / "posts").exists()
    main = built_home(imported, tmp_path).find("main").text()
    assert "Lin writes kernels." in main and "BEng, Lake University, 2020" in main
    assert "Sparse Kernels" in main  # (selected)


OWNER = """\
---
title: Lin Qiao
superuser: true
education:
  - area: PhD in Computer Science
    institution: Lake University
    date_start: 2022-09-01
work:
  - position: Research Intern
    company_name: Kernel Lab
    company_url: https://kernels.example.org/
    date_start: 2024-06-01
    date_end: 2024-09-30
    summary: Fused attention kernels.
skills:
  - name: Languages
    items:
      - name: CUDA
        percent: 90
      - label: Rust
awards:
  - title: Best Student Paper
    awarder: MLSys
    date: '2024-05-01'
---
Lin works on sparse attention.
"""

EXPERIENCE_PAGE = """\
---
title: Experience
type: landing
sections:
  - block: resume-experience
    content:
      username: me
  - block: resume-skills
    content:
      username: me
  - block: resume-awards
    content:
      title: Prizes
      username: me
  - block: collection
    content:
      filters:
        folders: [blog]
  - block: collection
    content:
      filters:
        folders: [publications]
---
"""


def test_a_resume_landing_page_is_a_page_of_the_profile_s_lists(tmp_path: Path) -> None:
    """Hugo Blox's `content/experience.md` (`type: landing`, `resume-*` blocks showing
    the profile's `work`, `education`, `skills`, `awards`) was "a page of links" left
    out, and its menu entry with it; its two `collection` blocks were noted at one line."""
    imported = blox(tmp_path, {
        "content/authors/me/_index.md": OWNER, "content/experience.md": EXPERIENCE_PAGE,
        "config/_default/menus.yaml": "main:\n  - name: Experience\n    url: experience/\n",
    })
    page = (imported.dest / "content" / "pages" / "experience.md").read_text(encoding="utf-8")
    assert "- **Research Intern**, [Kernel Lab](https://kernels.example.org/), " \
           "Jun 2024–Sep 2024\n\n  Fused attention kernels." in page
    assert "- PhD in Computer Science, Lake University, 2022–present" in page
    assert "- **Languages**: CUDA, Rust" in page
    assert "- **Best Student Paper**, MLSys, May 2024" in page
    assert ("Experience", "/experience/") in [(e["name"], e["url"])
                                              for e in config_of(imported)["menu"]]
    lines = [e.line for e in imported.report.entries if "`collection`" in e.message]
    assert lines == [15, 19]
    out = tmp_path / "out"
    build(imported.dest, BuildOptions(output=out))
    doc = read(out, "experience/index.html").find("main")
    assert [h.text().strip() for h in doc.find_all("h2")] == [
        "Experience", "Education", "Skills", "Prizes"]


def test_newer_links_by_type_and_the_blog_over_a_course(tmp_path: Path) -> None:
    """Hugo Blox 0.x writes `links: [{type: preprint, url: …}]` and `hugoblox: {ids:
    {arxiv: …}}`: the buttons became "Link" after the venue and no arXiv field; and a
    course of twelve undated pages (`courses/`) outnumbered the blog, taking its URLs."""
    paper = """\
    ---
    title: Sparse Kernels for Long Context
    authors: [me]
    date: "2024-05-01"
    publication_types: [paper-conference]
    links:
      - type: preprint
        url: https://arxiv.org/abs/2410.11305
      - type: code
        url: https://github.com/lin/sparse
    hugoblox:
      ids:
        doi: 10.1000/xyz
    ---
    """
    course = {f"content/courses/kernels/lesson-{i}.md": f"---\ntitle: Lesson {i}\n---\nText.\n"
              for i in range(3)}
    imported = blox(tmp_path, {
        "content/publications/sparse/index.md": paper, **course,
        "content/blog/hello/index.md": "---\ntitle: Hello\ndate: 2025-01-01\n---\nHi.\n",
    })
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    fields = dict(re.findall(r"^  (\w+) += \{(.*)\},$", bib, re.MULTILINE))
    assert fields["arxiv"] == "2410.11305" and fields["doi"] == "10.1000/xyz"
    assert fields["code"] == "https://github.com/lin/sparse"
    assert "additional_info" not in fields
    assert config_of(imported)["permalinks"]["posts"] == "/blog/:slug/"
    assert [p.name for p in (imported.dest / "content" / "posts").iterdir()] == ["hello.md"]


def test_a_course_is_never_the_blog_and_a_hash_button_led_nowhere(tmp_path: Path) -> None:
    """A site whose blog is `blog_examples/` (no `blog/`): its course's undated pages
    still outnumbered it and became posts dated by the files' times; the theme's example
    publication's `url_dataset: '#'` became a "Dataset" link to the page itself."""
    course = {f"content/courses/kernels/lesson-{i}.md": f"---\ntitle: Lesson {i}\n---\nText.\n"
              for i in range(3)}
    example = PAPER.replace('publication: "*MLSys*"', 'publication: "*MLSys*"\n'
                            'url_dataset: "#"')
    imported = blox(tmp_path, {
        **course, "content/publication/example/index.md": example,
        "content/blog_examples/hello.md": "---\ntitle: Hello\ndate: 2025-01-01\n---\nHi.\n",
    })
    assert config_of(imported)["permalinks"]["posts"] == "/blog_examples/:slug/"
    assert [p.name for p in (imported.dest / "content" / "posts").iterdir()] == ["hello.md"]
    assert not any("no date" in e.message for e in imported.report.warnings)
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "Dataset" not in bib
    assert any(e.path == "content/publication/example/index.md" and e.line == 7
               and "`url_dataset`: `#`" in e.message and e.severity == "notice"
               for e in imported.report.entries)  # (a placeholder: nothing was lost)


DECK = """\
---
title: Kernels in Ten Slides
date: 2024-06-02
summary: The talk's deck.
slides:
  theme: black
---
# Kernels

---

## Why fuse

{{< fragment >}}Memory traffic dominates.{{< /fragment >}}

{{< speaker_note >}}
Mention the roofline plot.
{{< /speaker_note >}}

---

{{< slide background-color="#1e3a8a" >}}

## Thanks

Follow [@linqiao](https://x.com/linqiao).
"""


def test_slide_decks_are_talks_and_an_event_s_deck_is_its_slides(tmp_path: Path) -> None:
    """Hugo Blox decks (`content/slides/<deck>/index.md`) became posts, their
    `fragment`, `speaker_note` and `slide` shortcodes left in comments; an event's
    `slides: <deck>` was a warning ("`slides` left out") beside a talk of one slide."""
    imported = blox(tmp_path, {
        "content/slides/kernels/index.md": DECK,
        "content/slides/solo/index.md": DECK.replace("Kernels in Ten", "Solo"),
        "content/event/kernels/index.md": "---\ntitle: Kernels at Scale\nevent: Seminar\n"
                                          "date: 2024-06-01\nslides: kernels\n---\n"
                                          "The seminar's abstract.\n",
        "content/event/lost/index.md": "---\ntitle: Lost\ndate: 2024-01-01\n"
                                       "slides: nowhere\n---\n",
        "content/publication/sparse/index.md": PAPER,
    })
    talks = imported.dest / "content" / "talks"
    assert sorted(p.name for p in talks.iterdir()) == ["kernels.md", "lost.md", "solo.md"]
    talk = (talks / "kernels.md").read_text(encoding="utf-8")
    assert talk.index("The seminar's abstract.") < talk.index("# Kernels")
    assert "Memory traffic dominates." in talk and "{{" not in talk
    assert "\nNote:\n\nMention the roofline plot.\n" in talk
    assert "paper:" not in talk  # (`[@linqiao](…)` is a link, no citation)
    assert not (imported.dest / "content" / "posts").exists()
    assert [(e.path, e.line) for e in imported.report.warnings if "slides" in e.message
            and e.path != "content/event/lost/index.md"] == []
    assert any(e.path == "content/event/lost/index.md" and e.line == 4
               and "`slides: nowhere`" in e.message for e in imported.report.warnings)
    out = tmp_path / "out"
    build(imported.dest, BuildOptions(output=out))
    page = read(out, "talks/kernels/index.html")
    assert len([a for a in page.find_all("a") if a.get("href", "").startswith(
        "/talks/kernels/slides/#")]) == 4  # (the event's slide and the deck's three)
    # (a deck's old URL showed the slides: it leads to the deck; an event's, to the talk)
    assert redirect_target(out, "/slides/kernels/") == "/talks/kernels/slides/"
    assert redirect_target(out, "/slides/solo/") == "/talks/solo/slides/"
    assert redirect_target(out, "/event/kernels/") == "/talks/kernels/"


def test_a_markmap_fence_is_noted_and_built_without_a_warning(tmp_path: Path) -> None:
    """Hugo Blox draws ```` ```markmap ```` fences as mind maps: each was an "unknown code
    language" at build, and the import said nothing."""
    imported = blox(tmp_path, {"content/post/m/index.md": "---\ntitle: Map\ndate: "
                               "2020-01-01\n---\n\n```markmap\n# Plan\n## Read\n```\n"})
    assert [(e.path, e.line) for e in imported.report.entries
            if "Markmap" in e.message] == [("content/post/m/index.md", 6)]
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert not [w for w in result.warnings if "markmap" in w.message]


CONTENT_PER_LANGUAGE = {
    "config/_default/config.yaml": "title: Lin\nbaseurl: https://example.org/\n",
    "config/_default/languages.yaml": "en:\n  languageCode: en-us\n  contentDir: content/en\n"
                                      "  weight: 1\nzh:\n  languageCode: zh-Hans\n"
                                      "  contentDir: content/zh\n  weight: 2\n",
}
"""A site with a content folder per language (`contentDir: content/en`, `content/zh`)."""


def test_a_site_with_a_content_folder_per_language_keeps_profile_and_home(
        tmp_path: Path) -> None:
    """With `contentDir: content/en` and `content/zh`, the profile
    (`content/en/authors/admin/`) and the home's widgets (`content/en/home/`) were looked
    for in `content/` and lost: the new site had no profile and an empty home page."""
    source = tmp_path / "old"
    write_files(source, {
        **CONTENT_PER_LANGUAGE,
        "content/en/authors/admin/_index.md": AUTHOR.replace("role: PhD student",
                                                             "role: Postdoc"),
        "content/en/home/index.md": WIDGET_PAGE, "content/en/home/experience.md": EXPERIENCE,
        "content/zh/home/index.md": WIDGET_PAGE,
        "content/zh/home/experience.md": EXPERIENCE.replace("Experience", "经历"),
        "content/en/post/hello.md": "---\ntitle: Hello\ndate: 2021-01-01\n---\nHi.\n",
    })
    imported = import_site(source, tmp_path / "new", "hugo-blox", False, NOW)
    assert config_of(imported)["profile"]["position"] == "Postdoc"
    home = (imported.dest / "content" / "_index.md").read_text(encoding="utf-8")
    assert "Lin works on sparse attention." in home and "## Experience {#experience}" in home
    assert any(e.path == "content/zh/home" and "`zh` home" in e.message
               for e in imported.report.entries)
    assert "Research Intern" in built_home(imported, tmp_path).find("main").text()


def test_the_translations_of_papers_projects_and_talks_pair(tmp_path: Path) -> None:
    """`content/zh/publication/x/` (the Chinese page of a paper of `content/en/`) was a
    second entry, its key "taken"; Chinese projects and talks were other projects and
    talks (`x-2`), their old `/zh/…` URLs lost."""
    project = "---\ntitle: {}\nsummary: {}\ndate: 2023-01-01\n---\n"
    source = tmp_path / "old"
    write_files(source, {
        **CONTENT_PER_LANGUAGE,
        "content/en/authors/admin/_index.md": AUTHOR,
        "content/en/publication/sparse/index.md": PAPER,
        "content/zh/publication/sparse/index.md": PAPER.replace("Sparse Kernels", "稀疏核"),
        "content/en/project/kern/index.md": project.format("Kernels", "Fast ones."),
        "content/zh/project/kern/index.md": project.format("算子", "快的算子。"),
        "content/en/event/talk/index.md": TALK,
        "content/zh/event/talk/index.md": TALK.replace("Kernels at Scale", "大规模算子"),
    })
    imported = import_site(source, tmp_path / "new", "hugo-blox", False, NOW)
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert bib.count("@inproceedings") == 1 and "稀疏核" not in bib
    assert ("content/zh/publication/sparse/index.md", None,
            "left out: a translation of content/en/publication/sparse/index.md, whose "
            "entry is the paper's") in notices(imported)
    new = imported.dest / "content"
    assert sorted(p.name for p in (new / "projects").iterdir()) == ["kern.md", "kern.zh.md"]
    assert sorted(p.name for p in (new / "talks").iterdir()) == ["talk.md", "talk.zh.md"]
    assert not [e for e in imported.report.warnings if "no slides" not in e.message]
    out = tmp_path / "out"
    build(imported.dest, BuildOptions(output=out))
    assert "快的算子" in (out / "zh" / "projects" / "kern" / "index.html").read_text(
        encoding="utf-8")
    assert "/zh/projects/kern/" in (out / "zh" / "project" / "kern" / "index.html").read_text(
        encoding="utf-8")  # (the old Chinese URL)
    assert (out / "zh" / "talks" / "talk" / "index.html").is_file()


def test_obsidian_links_of_a_hugo_post_lead_to_pages_or_stay_text(tmp_path: Path) -> None:
    """Hugo showed `[[Water Rights]]` as written (Goldmark has no such links); Lanting
    read it as a link to `Water Rights.md` beside the post, which was not in the site:
    the build failed. One naming a page of the site now leads there."""
    source = tmp_path / "old"
    write_files(source, {
        "hugo.toml": 'title = "Lin"\nbaseURL = "https://example.org/"\nlanguageCode = "en"\n',
        "content/post/notes/index.md": "---\ntitle: Notes\ndate: 2024-01-01\n---\n"
        "See [[Water Rights]] and [[Kernels#Fusion|fused kernels]].\n\n"
        "Math stays: $A[[i]]$ and [[1, 2]].\n",
        "content/post/kernels.md": "---\ntitle: Kernels\ndate: 2024-01-02\n---\n"
                                   "## Fusion\n\nText.\n",
    })
    imported = import_site(source, tmp_path / "new", "hugo", False, NOW)
    post = (imported.dest / "content" / "posts" / "notes.md").read_text(encoding="utf-8")
    assert r"See \[\[Water Rights\]\] and [fused kernels](kernels.md#fusion)." in post
    assert "$A[[i]]$ and [[1, 2]]" in post
    assert [(e.path, e.line) for e in imported.report.warnings] == [
        ("content/post/notes/index.md", 5)]
    out = tmp_path / "out"
    build(imported.dest, BuildOptions(output=out))
    text = read(out, "post/notes/index.html").find("main").text()
    assert "[[Water Rights]]" in text


def test_hugo_blox_buttons_and_steps(tmp_path: Path) -> None:
    """Hugo Blox 0.x's `{{< button url=… text=… />}}` (its example talk has six) and a
    course's `{{% steps %}}` were left in comments with a warning each."""
    imported = blox(tmp_path, {"content/blog/b/index.md": "---\ntitle: B\ndate: 2025-01-01\n"
                               "---\n{{< button url=\"https://docs.example.org/\" text=\"Read "
                               "the docs\" icon=\"book-open\" size=\"md\" />}}\n\n"
                               "{{% steps %}}\n\n### Install\n\nRun it.\n\n{{% /steps %}}\n"})
    post = (imported.dest / "content" / "posts" / "b.md").read_text(encoding="utf-8")
    assert "[Read the docs](https://docs.example.org/)" in post
    assert "### Install\n\nRun it." in post and "{{" not in post
    assert not imported.report.warnings


def test_a_ref_to_a_section_list_leads_to_the_new_list(tmp_path: Path) -> None:
    """Academic's publications widget says "[filter them]({{< ref
    "/publication/_index.md" >}})": Hugo made that the list's URL; the importer found
    no page of that file and left the shortcode in a comment, with a warning."""
    imported = blox(tmp_path, {
        "content/home/index.md": WIDGET_PAGE,
        "content/home/publications.md": """\
            +++
            widget = "pages"
            headless = true
            active = true
            weight = 3
            title = "Papers"
            [content]
              page_type = "publication"
            +++
            See [all of them]({{< ref "/publication/_index.md" >}}) or
            [by year]({{< relref "publication" >}}).
            """,
        "content/publication/_index.md": "---\ntitle: Papers\n---\n",
        "content/publication/p/index.md": "---\ntitle: A Paper\nauthors: [admin]\n"
                                          "date: 2022-05-01\n---\n",
    })
    assert imported.report.warnings == []
    home = built_home(imported, tmp_path)
    links = {a.text(): a["href"] for a in home.find("main").find_all("a")}
    assert links["all of them"] == "/publications/"
    assert links["by year"] == "/publications/"


def test_a_widget_in_a_bundle_of_the_old_home_is_a_block(tmp_path: Path) -> None:
    """Academic's gallery widget is a bundle, `content/home/gallery/index.md` beside its
    album: read as a page, it became a `/gallery/` page the old site never had (hidden
    by `active = false`), and its `{{< gallery >}}` a warning."""
    imported = blox(tmp_path, {
        "content/home/index.md": WIDGET_PAGE,
        "content/home/gallery/index.md": "+++\nwidget = \"blank\"\nheadless = true\n"
                                         "active = false\ntitle = \"Gallery\"\n+++\n"
                                         "{{< gallery >}}\n",
        "content/home/gallery/gallery/lake.png": png(20, 10),
        "content/home/news/index.md": "+++\nwidget = \"blank\"\nheadless = true\n"
                                      "weight = 5\ntitle = \"News\"\n+++\n"
                                      "Our paper was accepted.\n",
    })
    assert imported.report.warnings == []
    assert not (imported.dest / "content" / "pages" / "gallery.md").exists()
    assert not (imported.dest / "content" / "pages" / "news.md").exists()
    home = built_home(imported, tmp_path)
    assert ("news", "News") in headings(home)
    assert "Gallery" not in home.find("main").text()
    assert "Our paper was accepted." in home.find("main").text()


def test_a_landing_page_listing_projects_is_lanting_s_projects_page(tmp_path: Path) -> None:
    """`content/projects.md`, a landing page whose one block lists the `project` folder,
    became a page at `/projects/`, where Lanting lists the projects: the build failed,
    "URL /projects/ is claimed by 2 sources"."""
    imported = blox(tmp_path, {
        "content/projects.md": """\
            ---
            title: Projects
            type: landing
            sections:
              - block: collection
                content:
                  title: Selected Projects
                  text: Things I built.
                  filters:
                    folders: [project]
            ---
            """,
        "content/project/kv/index.md": "---\ntitle: KV cache\nsummary: A cache.\n---\n",
    })
    assert not (imported.dest / "content" / "pages" / "projects.md").exists()
    assert [(e.path, e.line) for e in imported.report.warnings] == [("content/projects.md", 5)]
    out = tmp_path / "out"
    build(imported.dest, BuildOptions(output=out))
    assert "KV cache" in read(out, "projects/index.html").find("main").text()


def test_a_link_to_an_empty_list_keeps_its_text(tmp_path: Path) -> None:
    """The starter's publications widget says "[filtering publications](./publication/)";
    on a site with no publication the new site has no such list, and the link, kept,
    failed the build ("broken link")."""
    imported = blox(tmp_path, {
        "content/home/index.md": WIDGET_PAGE,
        "content/home/publications.md": "---\nwidget: pages\nheadless: true\nweight: 3\n"
                                        "title: Papers\ncontent:\n  page_type: publication\n"
                                        "---\nSee [all papers](./publication/).\n",
        "content/publication/_index.md": "---\ntitle: Papers\n---\n",
    })
    assert [(e.path, e.line) for e in imported.report.warnings] == [
        ("content/home/publications.md", 9)]
    home = built_home(imported, tmp_path)
    assert "See all papers." in home.find("main").text()
    assert all(a.text() != "all papers" for a in home.find("main").find_all("a"))


def test_a_project_s_deck_is_the_project_s_talk(tmp_path: Path) -> None:
    """Every starter's example project has `slides: example`, the deck its event also
    names: a warning, "link the talk by hand", though the deck became a talk."""
    imported = blox(tmp_path, {
        "content/slides/kernels/index.md": DECK,
        "content/slides/solo/index.md": DECK.replace("Kernels in Ten", "Solo"),
        "content/event/seminar/index.md": "---\ntitle: Kernels at Scale\nevent: Seminar\n"
                                          "date: 2024-06-01\nslides: kernels\n---\nAbstract.\n",
        "content/project/fused/index.md": "---\ntitle: Fused\nsummary: Kernels.\n"
                                          "slides: kernels\n---\n",
        "content/project/alone/index.md": "---\ntitle: Alone\nsummary: A deck.\n"
                                          "slides: solo\n---\n",
        "content/project/lost/index.md": "---\ntitle: Lost\nsummary: None.\n"
                                         "slides: nowhere\n---\n",
    })
    projects = imported.dest / "content" / "projects"
    assert "talk: talks/seminar.md" in (projects / "fused.md").read_text(encoding="utf-8")
    assert "talk: talks/solo.md" in (projects / "alone.md").read_text(encoding="utf-8")
    assert [(e.path, e.line) for e in imported.report.warnings] == [
        ("content/project/lost/index.md", 4)]
    out = tmp_path / "out"
    build(imported.dest, BuildOptions(output=out))
    hrefs = [a["href"] for a in read(out, "projects/fused/index.html").find_all("a")]
    assert "/talks/seminar/" in hrefs


POST_WITH_GALLERY = """\
---
title: A Trip
date: 2024-05-01
---
Photos:

{{< gallery >}}
"""


def test_a_gallery_shows_its_album_s_images(tmp_path: Path) -> None:
    """The starters' home has a Markdown block `{{< gallery album="demo" >}}`, whose
    images are in `assets/media/albums/demo/` (or a folder of the page's bundle): it
    was left in a comment, with a warning that "image `` was not found"."""
    imported = blox(tmp_path, {
        "content/_index.md": """\
            ---
            type: landing
            sections:
              - block: markdown
                content:
                  title: Gallery
                  text: |-
                    {{< gallery album="demo" >}}
            ---
            """,
        "assets/media/albums/demo/b-lake.png": png(20, 10),
        "assets/media/albums/demo/a-hill.png": png(10, 20),
        "assets/media/albums/demo/notes.txt": "not an image\n",
        "content/post/trip/index.md": POST_WITH_GALLERY,
        "content/post/trip/gallery/sea.png": png(12, 12),
    })
    assert imported.report.warnings == []
    home = built_home(imported, tmp_path)
    shown = [img["src"].rsplit("/", 1)[-1] for img in home.find("main").find_all("img")
             if "album" in img["src"] or "a-hill" in img["src"] or "b-lake" in img["src"]]
    assert shown == ["a-hill.png", "b-lake.png"]
    post = read(tmp_path / "out", "post/trip/index.html")
    assert [img["src"].rsplit("/", 1)[-1] for img in post.find("main").find_all("img")
            if "sea" in img["src"]] == ["sea.png"]

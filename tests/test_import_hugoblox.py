"""Hugo Blox (Wowchemy, "Academic") sites written inline, imported and built: what the
importer makes of each of the theme's own kinds of content (the CMS page, events,
publication links, projects, widget anchors)."""

from __future__ import annotations

import datetime as dt
import re
import tomllib
from pathlib import Path
from typing import Any

from sitebits import png, read, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site
from lanting.importer.common import Options

NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))

CONFIG = """\
title: Min
baseurl: https://example.org/
languageCode: en-us
"""

AUTHOR = """\
---
title: Jane Doe
role: PhD student
superuser: true
---
Jane studies things.
"""


def blox(tmp_path: Path, files: dict[str, str | bytes]) -> Imported:
    """A Hugo Blox site of `files` (with a config and an author unless given), imported."""
    source = tmp_path / "old"
    write_files(source, {"config/_default/config.yaml": CONFIG,
                         "content/authors/admin/_index.md": AUTHOR, **files})
    return import_site(source, tmp_path / "new", "hugo-blox", False, NOW)


def built(imported: Imported, tmp_path: Path) -> Path:
    out = tmp_path / "out"
    build(imported.dest, BuildOptions(output=out))
    return out


def config_of(imported: Imported) -> dict[str, Any]:
    return tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))


def messages(imported: Imported) -> list[tuple[str, str]]:
    return [(e.path, e.message) for e in imported.report.entries]


POST = """\
---
title: Hello
date: 2021-01-01
---
Hello world.
"""


def test_the_cms_page_is_left_out_and_the_posts_keep_their_urls(tmp_path: Path) -> None:
    """starter-academic's `content/admin/index.md` (`type: wowchemycms`) became a post,
    and the tie of one page each made `admin` the posts' section: every post moved to
    `/admin/:slug/`."""
    imported = blox(tmp_path, {
        "content/post/hello/index.md": POST,
        "content/admin/index.md": "---\n# Generate Wowchemy CMS\ntype: wowchemycms\n"
                                  "outputs:\n- wowchemycms_config\n- HTML\n---\n",
    })
    assert not (imported.dest / "content" / "posts" / "admin.md").exists()
    assert config_of(imported)["permalinks"]["posts"] == "/post/:slug/"
    assert any(path == "content/admin/index.md" and "content manager" in message
               for path, message in messages(imported))
    assert (built(imported, tmp_path) / "post" / "hello" / "index.html").is_file()


def test_a_tie_of_sections_goes_to_the_one_named_like_a_blog(tmp_path: Path) -> None:
    source = tmp_path / "old"
    write_files(source, {"hugo.toml": 'title = "Blog"\nlanguageCode = "en"\n',
                         "content/post/hello.md": POST,
                         "content/archive/old.md": POST.replace("Hello", "Old")})
    imported = import_site(source, tmp_path / "new", "hugo", False, NOW)
    assert config_of(imported)["permalinks"]["posts"] == "/post/:slug/"


PUBLICATION = """\
---
title: A Paper
authors: [admin]
date: "2022-05-01"
publication_types: ["paper-conference"]
publication: "*NeurIPS*"
---
"""

EVENT = """\
---
title: A Talk
event: Eusipco 2020
date: "2021-01-19T12:10:00Z"
---
"""


def test_links_to_blocks_of_the_old_home_page_lead_to_their_pages(tmp_path: Path) -> None:
    """A bio's `[papers](#publications)` and `[talks](/#talks)` led to blocks of Hugo
    Blox's one-page home; kept as written, they failed the build ("no anchor")."""
    imported = blox(tmp_path, {
        "content/authors/admin/_index.md": AUTHOR + "My [papers](#publications), "
        "[talks](/#talks) and [email](#contact).\n",
        "content/publication/p/index.md": PUBLICATION,
        "content/event/t/index.md": EVENT,
        "content/about.md": "---\ntitle: About\n---\n## Publications\n\n"
                            "[Above](#publications), [all](/#publications).\n",
    })
    home = (imported.dest / "content" / "_index.md").read_text(encoding="utf-8")
    assert "[papers](/publications/), [talks](/talks/) and [email](/)." in home
    about = (imported.dest / "content" / "pages" / "about.md").read_text(encoding="utf-8")
    assert "[Above](#publications), [all](/publications/)." in about
    assert [(e.path, e.line) for e in imported.report.warnings if "#contact" in e.message] \
        == [("content/authors/admin/_index.md", 7)]
    built(imported, tmp_path)


def test_projects_become_the_projects_collection(tmp_path: Path) -> None:
    """Hugo Blox projects became plain pages listed nowhere, without their tags, date,
    links and card image; one with only `external_link` was left out ("no text"); the
    menu's `#projects` opened the blog."""
    imported = blox(tmp_path, {
        "config/_default/menus.yaml": "main:\n  - name: Projects\n    url: '#projects'\n",
        "content/project/proj1/index.md": """\
            ---
            title: Benchopt
            summary: Reproducible optimization benchmarks.
            tags: [Optimization]
            date: "2019-12-08T00:00:00Z"
            external_link: ""
            url_code: "https://github.com/benchopt"
            url_pdf: "https://example.org/old.pdf"
            links:
              - name: Follow
                url: https://twitter.com/x
            image:
              caption: A caption
            ---
            My part was a deep learning benchmark.
            """,
        "content/project/proj1/featured.png": png(40, 30),
        "content/project/proj1/proj1.pdf": b"%PDF-1.4\n",
        "content/project/ext/index.md": "---\ntitle: External\ndate: 2016-04-27\n"
                                        "external_link: https://example.org/project\n---\n",
    })
    projects = imported.dest / "content" / "projects"
    proj1 = (projects / "proj1.md").read_text(encoding="utf-8")
    for line in ("tags: [Optimization]", "date: 2019-12-08", "- name: Code",
                 'url: "https://github.com/benchopt"', "- name: PDF",
                 'url: "/projects/proj1/proj1.pdf"', "- name: Follow", "cover: "):
        assert line in proj1
    assert "My part was a deep learning benchmark." in proj1
    ext = (projects / "ext.md").read_text(encoding="utf-8")
    assert "- name: Website" in ext and 'url: "https://example.org/project"' in ext
    assert config_of(imported)["menu"] == [{"name": "Projects", "url": "/projects/"}]
    assert any("`image`" in message for path, message in messages(imported)
               if path == "content/project/proj1/index.md")
    out = built(imported, tmp_path)
    cards = (out / "projects" / "index.html").read_text(encoding="utf-8")
    assert "Benchopt" in cards and "External" in cards
    assert (out / "project" / "proj1" / "index.html").is_file()  # the old URL answers
    assert (out / "projects" / "proj1" / "proj1.pdf").is_file()


def test_an_event_keeps_its_abstract_and_every_link(tmp_path: Path) -> None:
    """An event's `event_url`, `abstract` (beside a `summary`), `url_code`, `url_pdf`,
    `links` and a `url_slides` that is no PDF (Google Slides) were dropped without a
    word. (Its `date_end`, a time of the same day, is no end date of several days:
    `test_import_acad_round11.py`.)"""
    imported = blox(tmp_path, {"content/event/t1/index.md": """\
        ---
        title: Learnlets
        event: Eusipco 2020
        event_url: https://eusipco2020.org/
        summary: A short summary.
        abstract: "The long abstract of the talk."
        date: "2021-01-19T12:10:00Z"
        date_end: "2021-01-19T12:30:00Z"
        url_code: "https://github.com/x/y"
        url_pdf: "https://hal.example.org/paper.pdf"
        url_slides: "https://docs.google.com/presentation/d/abc/edit"
        url_video: "https://youtu.be/x"
        links:
          - name: Workshop material
            url: https://example.org/material
        ---
        """,
        "content/event/t2/index.md": EVENT.replace("date:", "url_slides: slides.pdf\ndate:"),
        "static/slides.pdf": b"%PDF-1.4\n",
    })
    talk = (imported.dest / "content" / "talks" / "t1.md").read_text(encoding="utf-8")
    assert "summary: A short summary." in talk and 'video: "https://youtu.be/x"' in talk
    for line in ("The long abstract of the talk.",
                 "- [Eusipco 2020](https://eusipco2020.org/)",
                 "- [PDF](https://hal.example.org/paper.pdf)",
                 "- [Code](https://github.com/x/y)",
                 "- [Slides](https://docs.google.com/presentation/d/abc/edit)",
                 "- [Workshop material](https://example.org/material)"):
        assert line in talk
    assert "end_date" not in talk
    t2 = (imported.dest / "content" / "talks" / "t2.md").read_text(encoding="utf-8")
    assert 'slides_pdf: "/slides.pdf"' in t2
    out = built(imported, tmp_path)
    assert "https://eusipco2020.org/" in (out / "talks" / "t1" / "index.html").read_text(
        encoding="utf-8")


def test_every_link_of_a_publication_keeps_a_button_or_its_name(tmp_path: Path) -> None:
    """The bundle's `paper1.pdf` (Hugo Blox's PDF button) was ignored; `url_dataset`,
    `url_source` and `url_preprint` were dropped; the first `links` entry became
    `project` whatever its name, the others were dropped."""
    imported = blox(tmp_path, {
        "content/publication/paper1/index.md": """\
            ---
            title: A Paper
            date: "2022-05-01"
            publication_types: ["paper-conference"]
            url_pdf: ''
            url_code: https://github.com/x/y
            url_dataset: 'https://zenodo.org/record/1'
            url_source: 'https://example.org/source'
            url_preprint: 'https://arxiv.org/abs/2301.01234'
            links:
              - name: Supplementary
                url: https://example.org/supp.pdf
              - name: Demo
                url: https://example.org/demo
            ---
            """,
        "content/publication/paper1/paper1.pdf": b"%PDF-1.4\n",
    })
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    for field in ("pdf             = {/publications/paper1/paper1.pdf}",
                  "arxiv           = {2301.01234}", "code            = {https://github.com/x/y}",
                  "supp            = {https://example.org/supp.pdf}",
                  "additional_info = {. [Dataset](https://zenodo.org/record/1) · "
                  "[Source Document](https://example.org/source) · "
                  "[Demo](https://example.org/demo)}"):
        assert field in bib
    assert "project" not in bib
    assert any("shown after the venue" in message for _, message in messages(imported))
    out = built(imported, tmp_path)
    page = (out / "publications" / "paper1" / "index.html").read_text(encoding="utf-8")
    assert "pub-button-supp" in page and ">Demo</a>" in page
    assert (out / "publications" / "paper1" / "paper1.pdf").is_file()


def test_a_link_with_two_addresses_pasted_in_stays_a_link(tmp_path: Path) -> None:
    """An ecologist's `url_dataset: 'https://repo.example.org/ http://hdl.example.net/1'`
    (two addresses pasted into one): written `[Dataset](… …)` after the venue, the space
    made it Markdown shown as written on the publications page."""
    imported = blox(tmp_path, {
        "content/publication/traits/index.md": """\
            ---
            title: Traits and growth
            date: "2026-01-01"
            publication_types: ["article-journal"]
            url_dataset: 'https://repo.example.org/ http://hdl.example.net/1'
            ---
            """})
    out = built(imported, tmp_path)
    page = read(out, "publications/index.html").find("main")
    assert "](" not in page.text()
    [link] = [a for a in page.find_all("a") if a.text() == "Dataset"]
    assert link["href"].startswith("https://repo.example.org/")


def test_a_paired_staticref_is_a_link_with_its_text(tmp_path: Path) -> None:
    """`{{< staticref >}}…{{< /staticref >}}` became the bare URL glued to the text, and
    the closing tag a leftover comment."""
    imported = blox(tmp_path, {
        "content/authors/admin/_index.md": AUTHOR + 'Download my {{< staticref '
        '"uploads/resume.pdf" "newtab" >}}résumé{{< /staticref >}}.\n',
        "static/uploads/resume.pdf": b"%PDF-1.4\n",
    })
    home = (imported.dest / "content" / "_index.md").read_text(encoding="utf-8")
    assert "Download my [résumé](/uploads/resume.pdf)." in home
    assert not imported.report.warnings
    built(imported, tmp_path)


def test_education_on_an_english_site_is_joined_with_english_commas(tmp_path: Path) -> None:
    imported = blox(tmp_path, {"content/authors/admin/_index.md": AUTHOR.replace(
        "superuser: true\n", "superuser: true\neducation:\n  courses:\n"
        "    - course: PhD in Artificial Intelligence\n      institution: Inria\n"
        "      year: 2022\n")})
    home = (imported.dest / "content" / "_index.md").read_text(encoding="utf-8")
    assert "## Education\n\n- PhD in Artificial Intelligence, Inria, 2022" in home


def test_a_publication_with_an_empty_date_is_dated_by_publish_date(tmp_path: Path) -> None:
    """Hugo's `.Date` falls back to `publishDate`: Hugo Blox listed the preprint in 2023;
    its entry had no year ("—")."""
    imported = blox(tmp_path, {"content/publication/pre/index.md": """\
        ---
        title: "A Preprint"
        date: ""
        publishDate: "2023-01-03T00:00:00Z"
        publication_types: ["3"]
        ---
        """})
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert re.search(r"year\s+= \{2023\}", bib)


def test_a_mermaid_fence_is_noted_with_the_setting_that_draws_it(tmp_path: Path) -> None:
    imported = blox(tmp_path, {"content/post/m/index.md": "---\ntitle: Diagram\n"
                               "date: 2020-01-01\n---\n\nText.\n\n```mermaid\n"
                               "graph TD; A-->B;\n```\n"})
    assert [(e.path, e.line) for e in imported.report.entries
            if "[markdown] mermaid" in e.message] == [("content/post/m/index.md", 8)]


def test_a_button_that_led_nowhere_is_warned_and_a_bare_domain_is_a_site(
        tmp_path: Path) -> None:
    """Real events link `event_url: mlclub.net` (a site, written without https://) and
    `url_pdf` to files the old site never had: kept as written, each failed the build
    with a broken link."""
    imported = blox(tmp_path, {"content/event/t/index.md": """\
        ---
        title: A Talk
        event: ML Club
        event_url: mlclub.net
        date: "2021-01-19"
        url_pdf: files/missing.pdf
        url_code: uploads/code.zip
        ---
        """, "static/uploads/code.zip": b"PK"})
    talk = (imported.dest / "content" / "talks" / "t.md").read_text(encoding="utf-8")
    assert "- [ML Club](https://mlclub.net)" in talk
    assert "- [Code](/uploads/code.zip)" in talk and "missing.pdf" not in talk
    assert [(e.path, e.line) for e in imported.report.warnings if "led nowhere" in e.message] \
        == [("content/event/t/index.md", 6)]
    built(imported, tmp_path)


def test_a_new_hugo_blox_site_of_publications_projects_and_a_cv_link(tmp_path: Path) -> None:
    """A real site on today's Hugo Blox: its `publications/<key>/` folders got a redirect
    page from their old URL to the new one, which is the same URL (the build failed: a
    static file where a page is); `url: static/uploads/resume.pdf` in the author's
    profile, and a link written `/projects/PDNE_Prj/` (Hugo published it lowercased),
    were broken links."""
    author = AUTHOR.replace("superuser: true\n", "superuser: true\nsocial:\n"
                            "  - icon: cv\n    url: static/uploads/resume.pdf\n")
    imported = blox(tmp_path, {
        "content/authors/admin/_index.md": author,
        "static/uploads/resume.pdf": b"%PDF-1.4\n",
        "content/publications/doe-2024/index.md": "---\ntitle: A paper\ndate: 2024-01-01\n"
                                                  "authors: [admin]\n---\n",
        "content/publications/doe-2024/cite.bib": "@article{doe-2024,\n  title = {A paper},\n"
                                                  "  author = {Doe, Jane},\n  year = {2024},\n}\n",
        "content/projects/PDNE_Prj/index.md": "---\ntitle: PDNE\ndate: 2024-02-01\n---\nP.\n",
        "content/projects/other/index.md": "---\ntitle: Other\ndate: 2024-03-01\n---\n"
                                           "See [PDNE](/projects/PDNE_Prj/).\n"})
    assert not (imported.dest / "static/publications/doe-2024/index.html").exists()
    assert any(link["url"] == "/uploads/resume.pdf"
               for link in config_of(imported)["profile"]["links"])
    out = built(imported, tmp_path)
    assert (out / "publications/doe-2024/index.html").is_file()


def test_a_stray_brace_in_an_abstract_does_not_break_the_bib_file(tmp_path: Path) -> None:
    """An abstract's typo, `Learnin} (CL)`, plain text in front matter, was written into
    publications.bib as it was: the `}` closed the field, and the build failed on a
    "malformed BibTeX entry"."""
    imported = blox(tmp_path, {"content/publication/p/index.md": PUBLICATION.replace(
        "title: A Paper\n", "title: A Paper\nabstract: Continual Learnin} (CL) is {hard}. "
        "A {set\n")})
    out = built(imported, tmp_path)
    page = read(out, "publications/p/index.html").text()
    assert "Continual Learnin} (CL) is {hard}. A {set" in page


def test_a_placeholder_button_is_a_notice_not_a_warning(tmp_path: Path) -> None:
    """The starters' example papers have `url_code: '#'`, `url_video: '#'`: each was a
    warning that the link "led nowhere", five to a paper the owner kept."""
    imported = blox(tmp_path, {"content/publication/p/index.md": PUBLICATION.replace(
        "title: A Paper\n", "title: A Paper\nurl_code: '#'\nurl_video: '#'\n"
        "url_slides: slides/missing.pdf\n")})
    assert [(e.line, e.message) for e in imported.report.warnings] == [
        (5, "`url_slides`: `slides/missing.pdf` is no file or page of the old site (its "
            "link led nowhere): left out")]
    assert [e.line for e in imported.report.entries
            if e.severity == "notice" and "placeholder" in e.message] == [3, 4]
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "code" not in bib and "video" not in bib
    built(imported, tmp_path)


def test_a_social_link_to_a_file_the_site_lacks_is_left_out(tmp_path: Path) -> None:
    """`social: [{icon: cv, link: CV_Zhu.pdf}]` with no such file in the repository (the
    old button led nowhere): the import kept it, and the build failed on the profile's
    link."""
    imported = blox(tmp_path, {
        "content/authors/admin/_index.md": AUTHOR.replace("superuser: true\n", """\
superuser: true
social:
  - icon: github
    link: https://github.com/jdoe
  - icon: cv
    icon_pack: ai
    link: CV_Doe.pdf
  - icon: cv
    link: uploads/resume.pdf
"""),
        "static/uploads/resume.pdf": b"%PDF-1.4\n"})
    assert [(e.path, e.line) for e in imported.report.warnings] == [
        ("content/authors/admin/_index.md", 10)]
    assert [link["url"] for link in config_of(imported)["profile"]["links"]] == [
        "https://github.com/jdoe", "/uploads/resume.pdf"]
    built(imported, tmp_path)


def test_an_audio_shortcode_is_a_player_of_the_bundle_s_file(tmp_path: Path) -> None:
    """Hugo Blox's `{{< audio src="ambient-piano.mp3" >}}` (in its course starter) was
    left in a comment with a warning, and the file beside the page was not copied."""
    imported = blox(tmp_path, {
        "content/post/course/index.md": POST + '\nListen:\n\n{{< audio src="piano.mp3" >}}\n',
        "content/post/course/piano.mp3": b"ID3\x03\x00",
    })
    assert imported.report.warnings == []
    out = built(imported, tmp_path)
    player = read(out, "post/course/index.html").one("audio")
    assert (out / "post" / "course" / player["src"]).is_file() or \
        (out / player["src"].lstrip("/")).is_file()


def test_a_site_named_without_its_scheme_in_a_bio_is_that_site(tmp_path: Path) -> None:
    """A bio's `<a href="ucf.edu">UCF</a>`: Hugo kept it, a path beside the page that
    led nowhere, and the new site's build failed on it ("broken link in raw HTML")."""
    imported = blox(tmp_path, {"content/authors/admin/_index.md": AUTHOR
                               + 'A student at <a href="ucf.edu">UCF</a> and '
                                 "[MIT](web.mit.edu/csail), [CV](uploads/cv.pdf).\n",
                               "static/uploads/cv.pdf": b"%PDF-1.4\n"})
    home = read(built(imported, tmp_path), "index.html").find("main")
    links = {a.text(): a["href"] for a in home.find_all("a")}
    assert links["UCF"] == "https://ucf.edu"
    assert links["MIT"] == "https://web.mit.edu/csail"
    assert not links["CV"].startswith("https://")
    assert sum("without `https://`" in e.message for e in imported.report.entries) == 2

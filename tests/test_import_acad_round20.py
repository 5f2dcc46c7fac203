"""Academic homepages, round 20: faults found on real AcadHomepage, al-folio and Hugo
Blox sites (each fixture is written for the test, in the shape of those sites)."""
from __future__ import annotations

from pathlib import Path

from importbits import NOW, alfolio_import, page
from sitebits import write_files
from test_import_hugoblox import blox, built, config_of, messages

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site

ACAD_CONFIG = "title: Ada Ode\nauthor:\n  name: Ada Ode\n"
"""AcadHomepage's `_config.yml`: no `lang` or `locale`."""
ACAD_ABOUT = ("---\npermalink: /\ntitle: ''\nauthor_profile: true\n---\n\n"
              "<span class='anchor' id='about-me'></span>\n"
              "{% include_relative includes/intro.md %}\n\n"
              "{% include_relative includes/pub.md %}\n")
PAPERS = "".join(f"- ``ICML 202{n}`` Fast voices, part {n}: sampling speech in few steps, "
                 "**Ada Ode**, Bo Xu\n" for n in range(4))
ACAD_README_ZH = ("# 学术主页模板\n\n这是一个为学者设计的个人主页模板，"
                  "支持谷歌学术引用数自动更新，修改配置文件即可使用。\n")


def test_an_acadhomepage_is_in_the_language_of_its_included_text(tmp_path: Path) -> None:
    """AcadHomepage's home page is nothing but `{% include_relative %}` tags, and the
    template's Chinese README (`docs/README-zh.md`) is published beside it: the language
    was guessed from those two texts as written, and an English homepage became
    `zh-CN` (its dates, its interface, its `lang`). The included files are read too."""
    intro = ("I am a researcher in speech synthesis. My work covers text-to-speech, "
             "audio language models and evaluation of generated speech.\n")
    source = tmp_path / "old"
    write_files(source, {"_config.yml": ACAD_CONFIG, "_pages/about.md": ACAD_ABOUT,
                         "_pages/includes/intro.md": intro * 3,
                         "_pages/includes/pub.md": "# Publications\n\n" + PAPERS,
                         "docs/README-zh.md": ACAD_README_ZH})
    imported = import_site(source, tmp_path / "new", "al-folio", False, NOW)
    config = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert 'language = "en"' in config
    assert "included" not in "".join(e.message for e in imported.report.entries)


def test_kramdown_s_two_backslashes_end_a_line(tmp_path: Path) -> None:
    """AcadHomepage's papers end the title's line with `\\\\` (kramdown's hard line
    break): Lanting read an escaped backslash, and showed `\\` between the title and the
    authors, run on one line. It is CommonMark's break now; one ending a paragraph, in
    an HTML block, in code or in a formula stays as it was."""
    pub = ("# Publications\n\n<div class='paper-box-text' markdown=\"1\">\n\n"
           "[Fast Voices](https://example.org/fast.pdf) \\\\\n**Ada Ode**, Bo Xu\n\n"
           "</div>\n\nA path: `C:\\\\` and $$a \\\\\nb$$ stay.\n\n<p>raw \\\\\nhtml</p>\n")
    source = tmp_path / "old"
    write_files(source, {"_config.yml": ACAD_CONFIG + "lang: en\n",
                         "_pages/about.md": ACAD_ABOUT,
                         "_pages/includes/intro.md": "I study speech.\n",
                         "_pages/includes/pub.md": pub})
    imported = import_site(source, tmp_path / "new", "al-folio", False, NOW)
    text = (imported.dest / "content" / "_index.md").read_text(encoding="utf-8")
    assert "(https://example.org/fast.pdf) \\\n**Ada Ode**" in text
    assert "`C:\\\\`" in text and "raw \\\\\nhtml" in text
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    main = page(tmp_path / "out", "/").one("main")
    title = main.one("a", href="https://example.org/fast.pdf")
    assert title.parent is not None and title.parent.find("br") is not None
    assert "\\\n" not in main.text() and "Fast Voices \\" not in main.text()


FACULTY_INDEX = """---
layout: default
---

## About Me

I am a professor of computer science. I work on probabilistic programming and
inference for models of language and vision.

## Selected Publications

{% bibliography --file selected.bib %}
"""
SELECTED_BIB = """@inproceedings{ode2019,
  title = {Compiled Inference for Programs},
  author = {Ode, Ada and Xu, Bo},
  booktitle = {AISTATS},
  year = {2019}
}
"""


def test_a_home_page_over_its_selected_papers_keeps_its_text(tmp_path: Path) -> None:
    """A jekyll-scholar faculty homepage: `index.md` (no `permalink`) is the owner's bio
    over `{% bibliography --file selected.bib %}`. Only a page with a `permalink` was
    kept for its own text: the home page was left out as a page of papers (“Lanting
    makes /publications/”), with the bio. It is the home page, its list written out."""
    source = tmp_path / "old"
    write_files(source, {"_config.yml": "title: Ada Ode\nlang: en\nplugins:\n"
                                        "  - jekyll-scholar\n",
                         "index.md": FACULTY_INDEX, "_bibliography/selected.bib": SELECTED_BIB})
    imported = import_site(source, tmp_path / "new", "al-folio", False, NOW)
    assert not imported.report.warnings
    text = (imported.dest / "content" / "_index.md").read_text(encoding="utf-8")
    assert "I am a professor of computer science." in text
    assert "**Compiled Inference for Programs**" in text and "{%" not in text
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert "Ada Ode, Bo Xu" in page(tmp_path / "out", "/").one("main").text()


EXAMPLE_PROJECT = """---
title: Example Project
summary: An example of using the in-built project page.
date: 2016-04-27T00:00:00Z
---

Lorem ipsum dolor sit amet, consectetur adipiscing elit.
"""
EXTERNAL_PROJECT = """---
title: External Project
summary: An example of linking directly to an external project website.
external_link: https://example.org
---
"""
LAB_PROJECT = """---
title: Wave Solvers
summary: Neural operators for wave equations.
---

Lorem ipsum, for now: the text comes later.
"""


def test_the_starter_s_example_projects_are_left_out(tmp_path: Path) -> None:
    """A lab kept the Hugo Blox starter's two example projects as they came (“Example
    Project”, its text Lorem ipsum; “External Project”, a link to example.org): they
    were two cards of placeholders on the new /projects/. They are left out, with a
    notice, as the starter's example event is; a project of the site's own whose text
    is still a placeholder is kept."""
    imported = blox(tmp_path, {"content/project/example/index.md": EXAMPLE_PROJECT,
                               "content/project/external-project/index.md": EXTERNAL_PROJECT,
                               "content/project/waves/index.md": LAB_PROJECT})
    projects = sorted(p.name for p in (imported.dest / "content" / "projects").glob("*.md"))
    assert projects == ["waves.md"]
    assert [m for p, m in messages(imported) if "example project" in m] == [
        "left out: the theme's example project (“Example Project”), never edited",
        "left out: the theme's example project (“External Project”), never edited"]


MENUS = """main:
  - name: Home
    url: '#about'
    weight: 10
  - name: Projects
    url: './projects/'
    weight: 20
  - name: Reading Group
    url: './reading/'
    weight: 30
"""


def test_a_menu_url_relative_to_the_root_is_kept(tmp_path: Path) -> None:
    """`url: './reading/'` in `menus.yaml`: Hugo's `relURL` joined it to the site's
    root (`/reading/`), but the import read `/./reading/`, found no page there, and
    left the lab's Reading Group and Projects entries out of the menu."""
    imported = blox(tmp_path, {"config/_default/menus.yaml": MENUS,
                               "content/project/waves/index.md": LAB_PROJECT,
                               "content/reading/index.md": "---\ntitle: Reading Group\n---\n\n"
                                                           "We read a paper a week.\n"})
    menu = [(e["name"], e["url"]) for e in config_of(imported)["menu"]]
    assert ("Projects", "/projects/") in menu and ("Reading Group", "/reading/") in menu
    assert not [m for _p, m in messages(imported) if "menu entry" in m]
    out = built(imported, tmp_path)
    assert "We read a paper a week." in page(out, "/reading/").one("main").text()


EXAMPLE_DECK = """---
title: Slides
summary: An introduction to using Wowchemy's Slides feature.
date: '2019-02-05T00:00:00Z'
---

# Create slides in Markdown with Wowchemy

---

## Controls

- Next: `Right Arrow` or `Space`
"""
SEMINARS = ("---\ntitle: Research Seminars\n---\n\n| Date | Speaker |\n|---|---|\n"
            "| 3 May | Bo Xu |\n")


def test_the_starter_s_example_deck_is_left_out(tmp_path: Path) -> None:
    """The starter's example deck (“Slides”, how to write slides with Wowchemy) was the
    site's one talk: Lanting's /talks/ listed it, and the lab's own page of its
    seminars, `content/talks/index.md`, moved to /talks-page/ for that list, out of
    the menu. The deck is left out, with a notice (and the example project's `slides:
    example` with it): the seminars keep /talks/ and the menu's entry."""
    imported = blox(tmp_path, {"content/slides/example/index.md": EXAMPLE_DECK,
                               "content/project/example/index.md": EXAMPLE_PROJECT.replace(
                                   "title:", "slides: example\ntitle:").replace(
                                   "Lorem ipsum", "Our lab's first project."),
                               "content/talks/index.md": SEMINARS,
                               "config/_default/menus.yaml": "main:\n  - name: Talks\n"
                                                             "    url: './talks/'\n"})
    assert not list((imported.dest / "content").glob("talks/*.md"))
    assert sorted(m for _p, m in messages(imported) if "example deck" in m) == [
        "`slides: example` left out: the theme's example deck, left out",
        "left out: the theme's example deck (“Slides”, how to write slides), never edited"]
    assert [(e["name"], e["url"]) for e in config_of(imported)["menu"]] == [
        ("Talks", "/talks/")]
    out = built(imported, tmp_path)
    assert "Bo Xu" in page(out, "/talks/").one("main").text()


ACAD_PAPER = """---
title: "Rotation-Equivariant Networks for Point Clouds"
collection: publications
permalink: /publication/rotation
date: 2020-11-01
venue: '{venue}'
---
Abstract. This paper revises networks for point clouds so that their features
rotate with the input.
"""


def test_an_academicpages_paper_at_a_conference_named_by_its_acronym(
        tmp_path: Path) -> None:
    """academicpages' papers without a `category`, their venue the conference's acronym
    (`venue: 'ECCV'`, `NeurIPS 2021`): the type was guessed from words like
    “Conference” or “Proceedings”, and a paper of ECCV became an article of a journal
    named `ECCV`. The body's `Abstract.` label, pasted with the text, was the
    abstract's first word under Lanting's own “Abstract”."""
    source = tmp_path / "old"
    write_files(source, {
        "_config.yml": "title: Ada Ode\nlang: en\nauthor:\n  name: Ada Ode\n",
        "_publications/rotation.md": ACAD_PAPER.replace("{venue}", "ECCV"),
        "_publications/later.md": ACAD_PAPER.replace("{venue}", "NeurIPS 2021").replace(
            "rotation", "later").replace("Rotation-Equivariant", "Later"),
        "_publications/journal.md": ACAD_PAPER.replace("{venue}", "Pattern Recognition")
        .replace("rotation", "journal").replace("Rotation-Equivariant", "Journal")})
    imported = import_site(source, tmp_path / "new", "al-folio", False, NOW)
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "@inproceedings{rotation," in bib and "booktitle = {ECCV}" in bib
    assert "@inproceedings{later," in bib and "booktitle = {NeurIPS 2021}" in bib
    assert "@article{journal," in bib and "journal  = {Pattern Recognition}" in bib
    assert "{Abstract." not in bib and "abstract  = {This paper revises" in bib


STRINGS_BIB = """@string{proc = "Proceedings of the "}
@string{icml = proc # "International Conference on Machine Learning"}
@inproceedings{ode2023,
  title = {Fast Voices},
  author = {Ode, Ada and M{\\"u}ller, J{\\"o}rg},
  booktitle = icml # " (ICML)",
  year = 2023,
  month = jul,
}
"""


def test_string_macros_joined_in_a_venue_are_expanded(tmp_path: Path) -> None:
    """A lab's `papers.bib` names its venues by `@string` macros joined with `#`
    (`booktitle = icml # " (ICML)"`, `icml` itself `proc # "…"`): the entries were
    written into content/publications.bib without the definitions, the joined names
    left as they were, and the page showed `icml (ICML)`'s letters run together."""
    imported = alfolio_import(tmp_path, {"_bibliography/papers.bib": STRINGS_BIB},
                              "title: Ada Ode\nfirst_name: Ada\nlast_name: Ode\nlang: en\n",
                              "---\nlayout: about\ntitle: about\npermalink: /\n---\n\nHi.\n")
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert ("booktitle = {Proceedings of the International Conference on Machine "
            "Learning (ICML)}") in bib
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    listed = page(tmp_path / "out", "/publications/").one("main").text()
    assert "Proceedings of the International Conference on Machine Learning (ICML)" in listed

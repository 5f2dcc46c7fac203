"""Academic homepages, round 11: faults found on real al-folio, academicpages and
Hugo Blox sites (each fixture is written for the test, in the shape of those sites)."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from citebits import references
from htmltree import parse_html
from importbits import NOW, alfolio_import, messages, page
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.config.i18n import format_dates
from lanting.errors import LantingError
from lanting.importer import import_site
from lanting.markdown.render import render_markdown
from lanting.model.markdown import RenderContext

CONFIG = "title: Ode Lab\nfirst_name: Kai\nlast_name: Ode\nlang: en\n"
ABOUT = "---\nlayout: about\ntitle: about\npermalink: /\n---\n\nWe study feedback.\n"
PAPERS = ("---\n---\n\n@article{ode2024seek,\n  title={Seeking Without Models},\n"
          "  author={Ode, Kai and Fern, Sol},\n  journal={Automatica},\n  year={2024}\n}\n\n"
          "@inproceedings{ode2022avg,\n  title={Averaging Brackets},\n  author={Ode, Kai},\n"
          "  booktitle={CDC},\n  year={2022}\n}\n")


def test_alfolio_project_lists_the_papers_its_nocite_names(tmp_path: Path) -> None:
    """An al-folio project page names its papers with jekyll-scholar's `{% nocite %}`
    and its layout lists them (`related_publications: true`): the tag was left in a
    comment with a warning, and the page listed no paper."""
    project = ("---\nlayout: page\ntitle: Extremum seeking\ndescription: x\n"
               "importance: 1\nrelated_publications: true\n---\n\nWe probe plants "
               "with small dithers.\n{% nocite ode2024seek ode2022avg %}\n")
    imported = alfolio_import(tmp_path, {"_bibliography/papers.bib": PAPERS,
                                         "_projects/seeking.md": project}, CONFIG, ABOUT)
    assert messages(imported, "_projects/seeking.md") == []
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    main = page(out, "/projects/seeking/").one("main")
    assert "small dithers." in main.text() and "nocite" not in main.text()
    listed = [li["id"] for li in main.find_all("li") if li.get("id", "").startswith("ref-")]
    assert sorted(listed) == ["ref-ode2022avg", "ref-ode2024seek"]


BIB = ("@article{fern2020, title = {Dither Design}, author = {Fern, Sol}, year = 2020}\n"
       "@article{moss2019, title = {Brackets}, author = {Moss, Ida}, year = 2019}\n")


def context() -> RenderContext:
    return RenderContext(path=Path("/s/content/projects/a.md"), rel="projects/a.md",
                         body_line=3, references=references(BIB), lang="en")


def test_nocite_lists_an_entry_without_a_label_in_the_text() -> None:
    out = render_markdown("We cite [@moss2019].\n\n{{< nocite fern2020 moss2019 >}}\n",
                          context())
    doc = parse_html(out.html)
    assert [a["href"] for a in doc.find_all("a", class_="cite-link")] == ["#ref-moss2019"]
    assert [li["id"] for li in doc.find_all("li") if li.get("id", "").startswith("ref-")] \
        == ["ref-fern2020", "ref-moss2019"]  # (author-year: by author)
    assert out.citations == ("moss2019", "fern2020") and out.problems == ()


def test_nocite_of_an_unknown_key_is_an_error_at_its_line() -> None:
    out = render_markdown("Text.\n\n{{< nocite fern2021 >}}\n", context())
    assert [(p.line, p.message, p.hint) for p in out.problems] == [
        (5, "unknown citation key `fern2021`", "did you mean `fern2020`?")]


def test_hugoblox_workshop_of_several_days_shows_them_all(tmp_path: Path) -> None:
    """A Hugo Blox event's `date_end` (a three-day workshop) was left out with a
    warning, and the talk showed its first day alone."""
    source = tmp_path / "old"
    write_files(source, {
        "config/_default/hugo.yaml": "title: Ode\nbaseURL: https://example.org/\n"
                                     "languageCode: en-us\n",
        "content/authors/admin/_index.md": "---\ntitle: Kai Ode\nsuperuser: true\n---\n",
        "content/event/school/index.md": (
            "---\ntitle: Summer school on control\nevent: Control Days\n"
            "location: Lyon\ndate: '2024-06-30T09:00:00Z'\n"
            "date_end: '2024-07-02T17:00:00Z'\n---\n\nThree days of lectures.\n"),
        "content/event/seminar/index.md": (
            "---\ntitle: Seminar\ndate: '2024-05-02T10:00:00Z'\n"
            "date_end: '2024-05-02T11:00:00Z'\n---\n\nOne hour.\n"),
    })
    imported = import_site(source, tmp_path / "new", "hugo-blox", False, NOW)
    assert [e.message for e in imported.report.warnings if "date_end" in e.message] == []
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    shown = page(out, "/talks/school/").one("p", class_="talk-meta").text()
    assert "Jun 30 – Jul 2, 2024" in shown
    assert "May 2, 2024" in page(out, "/talks/seminar/").one("p", class_="talk-meta").text()


def test_days_of_an_event_share_what_they_can() -> None:
    day = dt.date(2026, 6, 3)
    assert format_dates(day, dt.date(2026, 6, 5), "en") == "Jun 3–5, 2026"
    assert format_dates(day, dt.date(2027, 1, 2), "en") == "Jun 3, 2026 – Jan 2, 2027"
    assert format_dates(day, day, "en") == "Jun 3, 2026"
    assert format_dates(day, dt.date(2026, 6, 5), "zh-CN") == "2026年6月3–5日"
    assert format_dates(day, dt.date(2026, 7, 1), "zh-CN") == "2026年6月3日–7月1日"


def test_an_end_date_before_the_date_is_an_error(tmp_path: Path) -> None:
    site = tmp_path / "site"
    write_files(site, {"lanting.toml": 'title = "T"\n',
                       "content/talks/x.md": "---\ntitle: X\ndate: 2026-06-03\n"
                                             "end_date: 2026-06-01\n---\n# X\n"})
    with pytest.raises(LantingError) as caught:
        build(site, BuildOptions(output=tmp_path / "out"))
    [problem] = caught.value.problems
    assert (problem.line, problem.message) == (
        4, "end_date: 2026-06-01 is before `date` (2026-06-03)")


def test_alfolio_projects_and_news_written_as_dot_markdown(tmp_path: Path) -> None:
    """An al-folio fork kept its projects as `_projects/*.markdown` (Jekyll reads every
    `markdown_ext`): all were left out without a word, and the home page's links to
    them broke the build."""
    project = ("---\nlayout: page\ntitle: Constrained integrators\ndescription: x\n"
               "importance: 1\n---\n\nSplitting methods for molecules.\n")
    news = "---\nlayout: post\ndate: 2020-03-01\ninline: true\n---\nJoined the lab.\n"
    about = ABOUT.replace("We study feedback.",
                          "See [integrators](projects/integrators/).")
    imported = alfolio_import(tmp_path, {"_projects/integrators.markdown": project,
                                         "_news/joined.markdown": news}, CONFIG, about)
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert "Splitting methods" in page(out, "/projects/integrators/").one("main").text()
    assert "Joined the lab." in page(out, "/").text()


GROUP_MEMBER = ("---\ntitle: {name}\nrole: {role}\nsuperuser: false\n"
                "user_groups:\n- {group}\n---\n{name} builds robots.\n")


def test_academic_people_widget_of_a_widget_page_lists_the_group(tmp_path: Path) -> None:
    """A lab on Academic (before Hugo Blox's `sections:`) shows its members with a
    `widget: people` file in the folder of a `type: widget_page` page: only landing
    pages' `sections:` were read, so no author was a person, and the page was left out
    as one with no text, with a warning."""
    source = tmp_path / "old"
    write_files(source, {
        "config/_default/config.yaml": "title: Robot Lab\nbaseurl: https://example.org/\n"
                                       "languageCode: en-us\n",
        "content/authors/admin/_index.md": "---\ntitle: Ida Moss\nsuperuser: true\n"
                                           "user_groups:\n- Principal Investigator\n---\n",
        "content/authors/sol fern/_index.md": GROUP_MEMBER.format(
            name="Sol Fern", role="PhD student", group="Grad Students"),
        "content/people/index.md": "---\ntype: widget_page\n---\n",
        "content/people/people.md": ("---\nwidget: people\nheadless: true\nweight: 10\n"
                                     "title: Meet the team\ncontent:\n  user_groups:\n"
                                     "  - Principal Investigator\n  - Grad Students\n---\n"),
    })
    imported = import_site(source, tmp_path / "new", "hugo-blox", False, NOW)
    assert [e.message for e in imported.report.warnings] == []
    assert (imported.dest / "content" / "people" / "sol-fern.md").is_file()
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    listed = page(out, "/people/").one("main").text()
    assert "Sol Fern" in listed and "Ida Moss" in listed


def test_alfolio_post_spacing_sections_with_br_lines_keeps_headings(tmp_path: Path) -> None:
    """al-folio's example posts, kept by many forks, space their sections with lines of
    `<br />` right over the next `# Heading`: kramdown's GFM parser ended the paragraph
    at the heading; CommonMark's HTML block took the heading and the text under it in,
    shown as written, with a warning."""
    post = ("---\nlayout: post\ntitle: a post with embeds\ndate: 2020-09-28 11:12:00\n---\n"
            "A sample page.\n\n# First\nAn example of an embed :\n"
            "{% twitter https://twitter.com/example/status/1 %}\n<br />\n<br />\n"
            "# Second\nMore text under it.\n\n<div>\n<br>\n# kept raw\n</div>\n")
    imported = alfolio_import(tmp_path, {"_posts/2020-09-28-embeds.md": post}, CONFIG, ABOUT)
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [p.message for p in result.warnings if "embeds" in str(p.path)] == [
        "Markdown inside HTML shown as written: `# kept raw`"]  # (as kramdown showed it)
    main = page(result.output, "/posts/embeds/").one("main")
    assert [h.text() for h in main.find_all("h1") + main.find_all("h2")
            if h.text() in ("First", "Second")] == ["First", "Second"]
    assert "# Second" not in main.text() and "# kept raw" in main.text()


def test_empty_fields_of_cited_references_are_left_out(tmp_path: Path) -> None:
    """An academicpages fork's `_bibliography/` of other people's papers, exported by a
    reference manager with `month = {}`: the field went to `references.bib` as it was,
    and the build warned about each empty one (the site's own papers were cleaned)."""
    refs = ("@article{moss2021, title={Vowel Shifts}, author={Moss, Ida}, journal={Lang},"
            " year={2021}, month={}, doi={}}\n")
    post = ("---\nlayout: post\ntitle: Notes\ndate: 2022-01-02\n---\n"
            "As shown {% cite moss2021 %}.\n")
    imported = alfolio_import(tmp_path, {"_bibliography/papers.bib": PAPERS,
                                         "_bibliography/others.bib": refs,
                                         "_posts/2022-01-02-notes.md": post}, CONFIG, ABOUT)
    written = (imported.dest / "content" / "references.bib").read_text(encoding="utf-8")
    assert "moss2021" in written and "month" not in written and "doi" not in written
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [w.message for w in result.warnings if "references.bib" in str(w.path)] == []


def test_posts_in_a_folder_jekyll_does_not_read_stay_out(tmp_path: Path) -> None:
    """An al-folio fork set the theme's example posts aside in `_archive_backup/_posts/`,
    a folder Jekyll's reader leaves out (its name starts with `_` and `include:` does not
    name it): the report said so, yet every post was imported, and their missing
    example images stopped the build."""
    post = "---\nlayout: post\ntitle: {title}\ndate: 2024-01-27\n---\n{text}\n"
    imported = alfolio_import(tmp_path, {
        "_archive_backup/_posts/2024-01-27-images.md": post.format(
            title="a post with images", text="![x](/assets/img/missing.png)"),
        "_posts/2024-02-01-mine.md": post.format(title="Mine", text="My own post."),
        "research/_posts/2024-03-01-field.md": post.format(title="Field", text="Notes."),
    }, CONFIG, ABOUT)
    posts = sorted(p.name for p in (imported.dest / "content" / "posts").iterdir())
    assert posts == ["field.md", "mine.md"]
    assert "`_archive_backup/` (1 files) left out" in " ".join(
        e.message for e in imported.report.entries)
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_a_liquid_value_in_an_html_comment_stays_hidden(tmp_path: Path) -> None:
    """An al-folio news item keeps the theme's card markup in an HTML comment, with a
    `{{ post.thumbnail | relative_url }}` in it: Jekyll's output hid it; the importer
    warned that the value was not converted and wrapped it in a comment of its own."""
    news = ("---\nlayout: post\ndate: 2024-08-24 00:00:00-0000\ninline: true\n---\n\n"
            "Invited talk at a summit.\n\n<!-- <div class=\"col-sm-3\">\n"
            "  <img src=\"{{ post.thumbnail | relative_url }}\" alt=\"image\">\n</div> -->\n")
    imported = alfolio_import(tmp_path, {"_news/talk.md": news}, CONFIG, ABOUT)
    assert messages(imported, "_news/talk.md") == []
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    home = page(out, "/")
    assert "Invited talk at a summit." in home.text() and "thumbnail" not in home.text()


def test_an_about_page_in_another_language_keeps_the_home_profile(tmp_path: Path) -> None:
    """An al-folio fork made its about page again in Chinese and Japanese by hand
    (`layout: about` at /cn/ and /jp/): each one read was the profile, so the English
    site's position was the last one's, in Japanese."""
    about = ("---\nlayout: about\ntitle: about\npermalink: {url}\nsubtitle: {role}\n---\n\n"
             "{text}\n")
    imported = alfolio_import(tmp_path, {
        "_pages/about.md": about.format(url="/", role="Control researcher",
                                        text="We study feedback."),
        "_pages/cn/about_cn.md": about.format(url="/cn/", role="控制研究员",
                                              text="我们研究反馈。"),
    }, CONFIG + "include: [_pages]\n", ABOUT)
    config = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert 'position = "Control researcher"' in config
    assert [m for m in messages(imported, "_pages/cn/about_cn.md") if "subtitle" in m] == []
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert "我们研究反馈。" in page(out, "/cn/").text()


POLYGLOT = CONFIG.replace("lang: en\n", "") + (
    "include: [_pages]\nplugins:\n  - jekyll-scholar\n  - jekyll-polyglot\n"
    "languages: [\"en\", \"fr\"]\ndefault_lang: \"en\"\nlang_from_path: true\n")


def test_polyglot_pages_are_versions_in_their_languages(tmp_path: Path) -> None:
    """A multi-language al-folio (jekyll-polyglot) keeps each page in `_pages/en/` and
    `_pages/fr/`, of one permalink: they were taken for one page written twice, the
    English ones left out with a warning, and the French home and profile put at the
    root of an English site."""
    page_of = "---\nlayout: {layout}\ntitle: {title}\npermalink: {url}\n{more}---\n\n{text}\n"
    write_files(tmp_path / "old", {
        "_config.yml": POLYGLOT,
        "_pages/en/about.md": page_of.format(layout="about", title="about", url="/",
                                             more="subtitle: Phonetician\n",
                                             text="I study vowels."),
        "_pages/fr/about.md": page_of.format(layout="about", title="Biographie", url="/",
                                             more="subtitle: Phonéticien\n",
                                             text="J'étudie les voyelles."),
        "_pages/en/research.md": page_of.format(layout="page", title="Research",
                                                url="/research/", more="",
                                                text="Sibilants across languages."),
        "_pages/fr/research.md": page_of.format(layout="page", title="Recherche",
                                                url="/research/", more="",
                                                text="Les sibilantes entre les langues."),
    })
    imported = import_site(tmp_path / "old", tmp_path / "new", "al-folio", False, NOW)
    assert [e.message for e in imported.report.warnings
            if "did not show it" in e.message] == []
    config = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert 'position = "Phonetician"' in config and 'languages = ["en", "fr"]' in config
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert "I study vowels." in page(out, "/").text()
    assert "J'étudie les voyelles." in page(out, "/fr/").text()
    assert "Sibilants across languages." in page(out, "/research/").text()
    french = page(out, "/fr/research/")
    assert "Les sibilantes" in french.text()
    assert any(a.get("hreflang") == "en" for a in french.find_all("a")) or any(
        link.get("hreflang") == "en" for link in french.find_all("link"))


def test_academicpages_publication_abstract_of_its_front_matter(tmp_path: Path) -> None:
    """An academicpages fork gives each publication an `abstract:` its own list showed
    under a button: it was left out ("no place in publications.bib"), though an entry
    has an abstract."""
    publication = ("---\ntitle: \"Drift in Vowel Spaces\"\ncollection: publications\n"
                   "date: 2024-01-01\nvenue: 'Journal of Phonetics'\n"
                   "authors: <b>Ode A.</b>, Fern S.\n"
                   "abstract: \"We model drift over 1,200 speakers&apos; vowels.\"\n"
                   "excerpt: 'Drift.'\n---\n")
    source = tmp_path / "old"
    write_files(source, {"_config.yml": "title: Ada Ode\nauthor:\n  name: Ada Ode\n"
                                        "include: [_pages]\n",
                         "_publications/2024-drift.md": publication})
    imported = import_site(source, tmp_path / "new", "al-folio", False, NOW)
    assert not any("abstract" in m for m in messages(imported, "_publications/2024-drift.md"))
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "abstract = {We model drift over 1,200 speakers' vowels.}" in bib


def test_quarto_page_image_path_climbing_above_the_project(tmp_path: Path) -> None:
    """A Quarto lab site's `facilities/sim.qmd` shows `../../images/research/sim.png`,
    one `..` too many: the browser stopped at the site's root and found
    `/images/research/sim.png`; the importer looked outside the project, kept the path
    with a warning, and the build failed on the missing image."""
    source = tmp_path / "old"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\nwebsite:\n  title: Bike Lab\n",
        "index.qmd": "---\ntitle: Bike Lab\n---\n\nWe study cycling.\n",
        "facilities/sim.qmd": "---\ntitle: Simulator\n---\n\n"
                              "![The simulator](../../images/research/sim.png)\n",
        "images/research/sim.png": png(4, 3),
    })
    imported = import_site(source, tmp_path / "new", "quarto", False, NOW)
    assert [e.message for e in imported.report.warnings] == []
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    [image] = page(out, "/facilities/").one("main").find_all("img")
    assert image["src"].endswith("sim.png")


def test_hugoblox_starter_example_event_is_left_out(tmp_path: Path) -> None:
    """Labs on the Hugo Blox (Wowchemy) starter keep its example event, never edited
    (“Example Event”, 2030, its abstract Lorem ipsum): it became a talk of the lab's,
    listed first on /talks/."""
    source = tmp_path / "old"
    write_files(source, {
        "config/_default/hugo.yaml": "title: Lab\nbaseURL: https://example.org/\n"
                                     "languageCode: en-us\n",
        "content/authors/admin/_index.md": "---\ntitle: Kai Ode\nsuperuser: true\n---\n",
        "content/event/example/index.md": (
            "---\ntitle: Example Event\nevent: Starter Conference\n"
            "summary: An example event.\nabstract: 'Lorem ipsum dolor sit amet.'\n"
            "date: '2030-06-01T13:00:00Z'\n---\n"),
        "content/event/seminar/index.md": (
            "---\ntitle: Feedback seminar\ndate: '2024-05-02T10:00:00Z'\n---\n\nOne hour.\n"),
    })
    imported = import_site(source, tmp_path / "new", "hugo-blox", False, NOW)
    talks = sorted(p.name for p in (imported.dest / "content" / "talks").iterdir())
    assert talks == ["seminar.md"]
    assert "left out: the theme's example event" in " ".join(
        e.message for e in imported.report.entries if "example" in e.path)


def test_a_paper_commented_out_under_a_closing_div_stays_a_comment(tmp_path: Path) -> None:
    """An AcadHomepage fork comments a paper's box out right under the one before
    (`</div>` then `<!-- <div class='paper-box'>…`, a blank line inside): kramdown read
    a comment; CommonMark's HTML block of the `</div>` ended at that blank line, and the
    build warned that a comment was never closed."""
    box = ("<div class='paper-box'>\n<div class='paper-box-text' markdown=\"1\">\n\n"
           "[{title}](https://example.org/{n}) \\\\\n**Ada Ode**, Sol Fern.\n\n</div>\n"
           "</div>\n")
    about = ("---\nlayout: about\ntitle: about\npermalink: /\n---\n\n# Publications\n\n"
             + box.format(title="Kept Paper", n=1) + "<!-- "
             + box.format(title="Hidden Paper", n=2).rstrip("\n") + " -->\n\n"
             "**Preprints**\n- One preprint.\n")
    imported = alfolio_import(tmp_path, {}, CONFIG, about)
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [w.message for w in result.warnings if "_index" in str(w.path)] == []
    home = page(result.output, "/")
    assert "Kept Paper" in home.text() and "Hidden Paper" not in home.text()
    assert "Preprints" in home.text()


def test_equal_contribution_stars_in_superscripts_stay_stars(tmp_path: Path) -> None:
    """An AcadHomepage fork marks co-first authors `<sup>*</sup>`, its owner in bold
    (`**Ada Ode<sup>*</sup>**`): kramdown showed the stars; CommonMark paired them with
    the bold's, and the build warned that `**` opened no bold text, shown as written."""
    about = ("---\nlayout: about\ntitle: about\npermalink: /\n---\n\n# Publications\n\n"
             "- [Paper One](https://example.org/1), Sol Fern<sup>*</sup>, "
             "**Ada Ode<sup>*</sup>**, Kai Moss.\n"
             "- [Paper Two](https://example.org/2), **Ada Ode<sup>†,*</sup>**, Sol Fern.\n\n"
             "<div class=\"note\">Ida Moss<sup>*</sup> joined.</div>\n")
    imported = alfolio_import(tmp_path, {}, CONFIG, about)
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [w.message for w in result.warnings if "_index" in str(w.path)] == []
    home = page(result.output, "/")
    assert [s.text() for s in home.find_all("strong")][-2:] == ["Ada Ode*", "Ada Ode†,*"]
    assert "Ida Moss* joined." in home.text() and "&ast;" not in home.text()


def test_polyglot_news_in_language_folders_go_to_their_home(tmp_path: Path) -> None:
    """The multi-language al-folio keeps its news in `_news/en-us/` and `_news/fr-ca/`:
    only `_news/*.md` was read, so every item was lost without a word (and read, the
    French ones would have been the English home's too)."""
    config = POLYGLOT.replace('["en", "fr"]', '["en-us", "fr-ca"]').replace(
        'default_lang: "en"', 'default_lang: "en-us"')
    page_of = "---\nlayout: about\ntitle: about\npermalink: /\nnews: true\n---\n\n{text}\n"
    item = "---\nlayout: post\ndate: 2024-03-0{day}\ninline: true\n---\n\n{text}\n"
    write_files(tmp_path / "old", {
        "_config.yml": config,
        "_pages/en-us/about.md": page_of.format(text="I study vowels."),
        "_pages/fr-ca/about.md": page_of.format(text="J'étudie les voyelles."),
        "_news/en-us/announcement_1.md": item.format(day=1, text="Paper accepted."),
        "_news/fr-ca/announcement_1.md": item.format(day=1, text="Article accepté."),
    })
    imported = import_site(tmp_path / "old", tmp_path / "new", "al-folio", False, NOW)
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    english, french = page(out, "/").text(), page(out, "/fr-ca/").text()
    assert "Paper accepted." in english and "Article accepté." not in english
    assert "Article accepté." in french and "Paper accepted." not in french


def test_polyglot_posts_in_language_folders_are_translations(tmp_path: Path) -> None:
    """The multi-language al-folio keeps each post in `_posts/en-us/` and `_posts/pt-br/`
    under one file name: they were two posts of the default language, the second one's
    slug `x-2`, both on the English blog."""
    post = "---\nlayout: post\ntitle: {title}\ndate: 2024-01-02\n---\n\n{text}\n"
    write_files(tmp_path / "old", {
        "_config.yml": POLYGLOT.replace('["en", "fr"]', '["en-us", "pt-br"]').replace(
            'default_lang: "en"', 'default_lang: "en-us"'),
        "_pages/en-us/about.md": "---\nlayout: about\ntitle: about\npermalink: /\n---\n\nHi.\n",
        "_posts/en-us/2024-01-02-tables.md": post.format(title="Tables", text="Rows."),
        "_posts/pt-br/2024-01-02-tables.md": post.format(title="Tabelas", text="Linhas."),
    })
    imported = import_site(tmp_path / "old", tmp_path / "new", "al-folio", False, NOW)
    posts = sorted(p.name for p in (imported.dest / "content" / "posts").iterdir())
    assert posts == ["tables.md", "tables.pt-BR.md"]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert "Linhas." in page(out, "/pt-br/posts/tables/").text()
    assert "Linhas." not in page(out, "/posts/tables/").text()


def test_polyglot_projects_in_language_folders_are_translations(tmp_path: Path) -> None:
    """The multi-language al-folio's `_projects/en-us/` and `_projects/pt-br/`: each
    project was two projects of the default language, the second slugged `x-2`."""
    project = "---\nlayout: page\ntitle: {title}\ndescription: x\nimportance: 1\n---\n\n{text}\n"
    write_files(tmp_path / "old", {
        "_config.yml": POLYGLOT.replace('["en", "fr"]', '["en-us", "pt-br"]').replace(
            'default_lang: "en"', 'default_lang: "en-us"'),
        "_pages/en-us/about.md": "---\nlayout: about\ntitle: about\npermalink: /\n---\n\nHi.\n",
        "_projects/en-us/seeking.md": project.format(title="Seeking", text="Dithers."),
        "_projects/pt-br/seeking.md": project.format(title="Busca", text="Perturbações."),
    })
    imported = import_site(tmp_path / "old", tmp_path / "new", "al-folio", False, NOW)
    made = sorted(p.name for p in (imported.dest / "content" / "projects").iterdir())
    assert made == ["seeking.md", "seeking.pt-BR.md"]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert "Perturbações." in page(out, "/pt-br/projects/seeking/").text()

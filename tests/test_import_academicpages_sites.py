"""`lanting import` of academicpages homepages: faults real sites showed (each site is a
few files written here, shaped like the real ones)."""

from __future__ import annotations

from pathlib import Path

from importbits import NOW, messages, page
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site
from lanting.importer.academicpages_citations import citation_authors
from lanting.importer.alfolio_lists import settled_ifs
from lanting.importer.jekyll_reads import last_written

CONFIG = "title: Ada Ode\nauthor:\n  name: Ada Ode\ninclude: [_pages]\n"


def academicpages(tmp_path: Path, files: dict[str, str | bytes]) -> Imported:
    source = tmp_path / "old"
    write_files(source, {"_config.yml": CONFIG, **files})
    return import_site(source, tmp_path / "new", "al-folio", False, NOW)


def own_page(title: str, text: str, permalink: str) -> str:
    return f"---\nlayout: archive\ntitle: {title}\npermalink: {permalink}\n---\n\n{text}\n"


def test_page_copy_jekyll_overwrote_is_left_out(tmp_path: Path) -> None:
    """`_pages/cv (1).md`, a stale copy uploaded beside `cv.md`, with the same permalink:
    Jekyll writes its pages sorted by name, so `cv.md` (written last) was the old /cv/.
    The copy, read first, took /cv/ and the real page became /cv-2/."""
    imported = academicpages(tmp_path, {
        "_pages/cv (1).md": own_page("CV", "Old CV from 2019.", "/cv/"),
        "_pages/cv.md": own_page("CV", "Current CV.", "/cv/")})
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert "Current CV." in page(tmp_path / "out", "/cv/").one("main").text()
    assert not (tmp_path / "out" / "cv-2").exists()
    assert messages(imported, "_pages/cv (1).md") == [
        "left out: the old site did not show it (_pages/cv.md has its permalink `/cv/`, "
        "and Jekyll wrote that one last)"]


def test_last_written_keeps_pages_of_other_languages_and_urls() -> None:
    """Only pages of one URL and one language overwrite each other."""
    fronts = {Path("_pages/a.md"): {"permalink": "/a/"},
              Path("_pages/a (1).md"): {"permalink": "/a"},
              Path("_pages/zh/a.md"): {"permalink": "/a/", "lang": "zh"},
              Path("_pages/b.md"): {"permalink": "/b/"}}
    assert last_written(fronts) == {Path("_pages/a.md"): Path("_pages/a.md"),
                                    Path("_pages/a (1).md"): Path("_pages/a.md")}


def test_publication_title_with_kramdown_math_is_a_formula(tmp_path: Path) -> None:
    """academicpages' example `title: "… with math $$E=mc^2$$"` (kramdown's inline
    math, which MathJax drew in the title): written to publications.bib as it was,
    `$$` is an empty formula to BibTeX and the build failed."""
    pub = ("---\ntitle: \"Sparse codes, with math $$a^2+b^2$$\"\ncollection: publications\n"
           "category: manuscripts\ndate: 2024-02-17\nvenue: 'Journal of Codes'\n---\nText.\n")
    imported = academicpages(tmp_path, {"_publications/2024-02-17-codes.md": pub})
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "{Sparse codes, with math $a^2+b^2$}," in bib
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    title = page(tmp_path / "out", "/publications/").one("h3", class_="pub-title")
    assert title.find("math") is not None


EXAMPLE_PUB = ("---\ntitle: \"Paper Title Number {n}\"\ncollection: publications\n"
               "category: manuscripts\ndate: 2009-10-01\nvenue: 'Journal 1'\n"
               "citation: 'Your Name, You. (2009). &quot;Paper Title Number {n}.&quot; "
               "<i>Journal 1</i>. 1(1).'\n---\nThe theme's words.\n")
EXAMPLE_TALK = ("---\ntitle: \"Talk {n} on Relevant Topic in Your Field\"\ncollection: talks\n"
                "type: \"Talk\"\ndate: 2012-03-01\nvenue: \"Department of Tests\"\n---\nSlides.\n")


def test_example_publications_and_talks_are_left_out(tmp_path: Path) -> None:
    """A site that wrote its papers by hand on its own `_pages/publications.md` and kept
    the theme's example `_publications/` (by "Your Name, You", one retitled) and
    `_talks/`: the examples became entries and talks, and Lanting's generated
    /publications/ fought the site's own page there (the build failed)."""
    retitled = EXAMPLE_PUB.format(n=2).replace("Paper Title Number 2\"", "My talk\"")
    imported = academicpages(tmp_path, {
        "_pages/publications.md": own_page("Publications", "**Ode, A.** (2024). Codes.",
                                           "/publications/"),
        "_publications/2009-10-01-paper-title-number-1.md": EXAMPLE_PUB.format(n=1),
        "_publications/2010-10-01-paper-title-number-2.md": retitled,
        "_talks/2012-03-01-talk-1.md": EXAMPLE_TALK.format(n=1),
        "_talks/2013-03-01-poster.md": EXAMPLE_TALK.format(n=1).replace(
            "Talk 1 on Relevant Topic in Your Field", "A poster on codes")})
    assert messages(imported, "_publications") == [
        "left out: the theme's 2 example publications (by “Your Name, You”), never edited"]
    assert messages(imported, "_talks") == [
        "left out: the theme's 1 example talks (`Talk 1 on Relevant Topic in Your Field`, "
        "…), never edited"]
    assert not (imported.dest / "content" / "publications.bib").exists()
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert "Codes." in page(tmp_path / "out", "/publications/").one("main").text()
    assert [p.name for p in (imported.dest / "content" / "talks").iterdir()] == [
        "2013-03-01-poster.md"]


def test_own_publications_page_moves_for_the_collection(tmp_path: Path) -> None:
    """The site's own page at /publications/ (its text, no loop) and real
    `_publications/`: the collection was left out whole, its papers lost. They are
    listed at /publications/ now, and the page moves to a URL of its own."""
    pub = EXAMPLE_PUB.format(n=1).replace("Your Name, You.", "Ode, Ada.")
    imported = academicpages(tmp_path, {
        "_pages/publications.md": own_page("Publications", "My list.", "/publications/"),
        "_publications/2009-10-01-codes.md": pub})
    assert messages(imported, "_publications") == [
        "`_publications/` (1 files) listed at /publications/, where the site's own page "
        "_pages/publications.md was: that page moves (to show its text above the list, "
        "move it to content/publications/_index.md)"]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert "Paper Title Number 1" in page(out, "/publications/").one("main").text()
    assert "My list." in page(out, "/publications-page/").one("main").text()


LOOP = "{% for post in site.publications reversed %}\n  {% include archive-single.html %}\n" \
       "{% endfor %}"
INTRO = ("My papers on sparse codes, mostly written with the coding theory group, "
         "from the thesis onwards; see also [Scholar](https://scholar.google.com/).")


def test_publications_page_looping_over_the_collection_gives_its_text(
        tmp_path: Path) -> None:
    """academicpages' `_pages/publications.md` with a text of its own above its loop
    over `site.publications`: with no `permalink` (the page at /publications/ by its
    name), the loop was dropped and the page kept there, and every `_publications/`
    entry left out; with one, the page was left out and its text lost. Now the loop is
    Lanting's list, and the text above it the text above that list."""
    pub = EXAMPLE_PUB.format(n=1).replace("Your Name, You.", "Ode, Ada.")
    for n, permalink in enumerate(("", "permalink: /publications/\n")):
        imported = academicpages(tmp_path / str(n), {
            "_pages/publications.md": "---\nlayout: archive\ntitle: Publications\n"
            f"{permalink}author_profile: true\n---\n\n{INTRO}\n\n{{% include base_path %}}\n"
            f"\n## Journal papers\n\n{LOOP}\n",
            "_publications/2009-10-01-codes.md": pub})
        assert messages(imported, "_pages/publications.md") == [
            "its text above the list is kept; Lanting makes /publications/ of "
            "`_publications/`"]
        out = build(imported.dest, BuildOptions(output=tmp_path / str(n) / "out")).output
        main = page(out, "/publications/").one("main").text()
        assert "Paper Title Number 1" in main and "coding theory group" in main
        assert "Journal papers" not in main and "{%" not in main


def test_publications_page_text_shows_what_its_ifs_showed() -> None:
    """The text above the loop, as Jekyll showed it: `{% if site.author.x %}` by the
    setting; `{% if author.x %}` (academicpages' own line: `author` unset in a page's
    text, so never shown) and an unset setting not at all."""
    text = ("A.\n{% if author.googlescholar %}Never.{% endif %}\n"
            "{% if site.author.googlescholar %}Shown.{% endif %}\n"
            "{%- if site.author.orcid -%}Unset.{%- endif -%}\n")
    config = {"author": {"googlescholar": "https://scholar.google.com/x"}}
    assert settled_ifs(text, config) == "A.\n\nShown.\n\n"


def test_publication_abstract_with_kramdown_math_is_a_formula(tmp_path: Path) -> None:
    """The text of a publication (its abstract) with kramdown's inline `$$\\epsilon$$`:
    BibTeX read `$$` as an empty formula followed by text, and the build failed."""
    pub = ("---\ntitle: \"Bounds\"\ncollection: publications\ncategory: manuscripts\n"
           "date: 2024-02-17\nvenue: 'Journal of Codes'\n---\n"
           "We bound the error by $$\\epsilon^2$$ in all cases.\n")
    imported = academicpages(tmp_path, {"_publications/2024-02-17-bounds.md": pub})
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    panel = page(tmp_path / "out", "/publications/").one("details", class_="pub-abstract")
    assert panel.find("math") is not None
    assert "$" not in panel.text()


def test_publication_dollar_sign_stays_a_dollar_sign(tmp_path: Path) -> None:
    """A lone `$` in a publication's text is a dollar sign to kramdown; written to
    publications.bib as it was, BibTeX took `$2M and $$` for a formula."""
    pub = ("---\ntitle: \"Cheap models\"\ncollection: publications\ncategory: manuscripts\n"
           "date: 2024-02-17\nvenue: 'Journal of Codes'\n---\n"
           "Training cost $2M and bounds $$\\epsilon$$ hold.\n")
    imported = academicpages(tmp_path, {"_publications/2024-02-17-cheap.md": pub})
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "Training cost \\$2M and bounds $\\epsilon$ hold." in bib
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    panel = page(tmp_path / "out", "/publications/").one("details", class_="pub-abstract")
    assert panel.text().startswith("Abstract Training cost $2M and bounds")
    assert panel.find("math") is not None


def test_an_abstracts_formulas_stay_formulas_where_the_site_read_dollars(
        tmp_path: Path) -> None:
    """A physicist's academicpages fork draws `$D\\times D$` with KaTeX's auto-render
    (`{left: "$", right: "$"}` in an include); the publication's abstract escaped every
    `$`, and its page showed `$D×D$`. A site that read no `$` keeps them dollars."""
    publication = ("---\ntitle: \"Unitary circuits\"\ncollection: publications\n"
                   "date: 2019-03-27\nvenue: 'PRB'\n---\nWith bond dimension $D$, a "
                   "$D\\times D$ matrix; it costs $5.\n")
    katex = ('<script>renderMathInElement(document.body, {delimiters: ['
             '{left: "$$", right: "$$", display: true}, {left: "$", right: "$", '
             'display: false}]});</script>\n')
    imported = academicpages(tmp_path, {"_publications/2019-03-27-circuits.md": publication,
                                        "_includes/hemline.html": katex})
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    abstract = page(out, "/publications/").one("main")
    assert len(abstract.find_all("math")) == 2 and "$5" in abstract.text()
    plain = academicpages(tmp_path / "plain", {"_publications/2019-03-27-c.md": publication})
    bib = plain.files["content/publications.bib"]
    assert isinstance(bib, str) and "\\$D\\$" in bib


def test_an_old_al_folio_names_its_owner_name(tmp_path: Path) -> None:
    """al-folio before 2020 wrote `name: Ada Ode` (no `title`, no `first_name`): the new
    site's title was empty, and the build refused it."""
    source = tmp_path / "old"
    write_files(source, {"_config.yml": "name: Ada Ode\nurl: https://ada.github.io\n",
                         "_pages/about.md": "---\nlayout: about\npermalink: /\n---\n\nHi.\n"})
    imported = import_site(source, tmp_path / "new", "al-folio", False, NOW)
    assert 'title = "Ada Ode"' in str(imported.files["lanting.toml"])
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_a_site_with_no_title_anywhere_is_named_after_its_folder(tmp_path: Path) -> None:
    """No `title`, no owner's name: the title was empty (any importer leaving it so now
    gets the folder's name, with a warning)."""
    source = tmp_path / "my-homepage"
    write_files(source, {"_config.yml": "lang: en\n",
                         "_pages/about.md": "---\nlayout: about\npermalink: /\n---\n\nHi.\n"})
    imported = import_site(source, tmp_path / "new", "al-folio", False, NOW)
    assert 'title = "my-homepage"' in str(imported.files["lanting.toml"])
    assert any("no title" in m for m in messages(imported, "lanting.toml"))
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_a_citation_of_the_authors_alone_gives_the_authors(tmp_path: Path) -> None:
    """A fork keeps the venue and the year in fields of their own and writes the authors
    alone in `citation` (`<u>Ada Ode</u>*, Bo Xu*, Cy Lam†`): no year in parentheses, no
    quoted title, so no author was read (a warning each, and no authors on the page).
    The stars were taken for emphasis, and the co-first marks lost."""
    pub = ("---\ntitle: \"Caching keys in small runtimes\"\ncollection: publications\n"
           "category: manuscripts\ndate: 2026-01-15\n"
           "venue: 'Under review at <i>Journal of Runtimes</i>'\n"
           "citation: '<u>Ada Ode</u>*, Bo Xu*, Michael R. Lyu†'\n---\n")
    imported = academicpages(tmp_path, {"_publications/JR26.md": pub})
    assert messages(imported, "_publications/JR26.md") == []
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    byline = page(tmp_path / "out", "/publications/").one("span", class_="pub-authors")
    assert byline.text() == "Ada Ode*, Bo Xu*, Michael R. Lyu†"
    assert byline.one("strong").text() == "Ada Ode"


def test_a_link_to_the_old_sitemap_leads_to_lanting_s(tmp_path: Path) -> None:
    """academicpages' sitemap page links its `sitemap.xml` (a file of the old site):
    the link copied the old file back into the new site, where it claimed the URL of
    the sitemap Lanting makes, and the build failed."""
    sitemap = ('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps'
               '.org/schemas/sitemap/0.9">\n<url><loc>https://ada.github.io/</loc></url>\n'
               '</urlset>\n')
    imported = academicpages(tmp_path, {
        "sitemap.xml": sitemap,
        "_pages/sitemap.md": own_page("Sitemap", "For robots, an [XML version]"
                                      "({{ base_path }}/sitemap.xml).", "/sitemap/")})
    assert "static/sitemap.xml" not in imported.files
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    link = page(tmp_path / "out", "/sitemap/").one("main").one("a", href="/sitemap.xml")
    assert link.text() == "XML version"
    assert "ada.github.io" not in (tmp_path / "out" / "sitemap.xml").read_text("utf-8")


def test_a_commented_out_sample_is_no_entry_and_a_talk_is_dated_by_its_name(
        tmp_path: Path) -> None:
    """A fork comments a sample publication out whole (`<!-- ---` … `-->`): no front
    matter, so Jekyll copied the file and listed no paper, but the import made an entry
    of it (titled by the file's name, "no date or year"). A talk whose front matter has
    its date commented out was left out ("no date"): Jekyll dated it by its file's
    name, and the talks page listed it."""
    sample = ("<!-- ---\ntitle: \"A sample\"\ncollection: publications\n"
              "date: 2009-10-01\n---\nWords of the theme. -->\n")
    talk = ("---\ntitle: \"Seminar on small runtimes\"\n# venue: \"Somewhere\"\n"
            "# date: 2024-05-02\n---\n")
    imported = academicpages(tmp_path, {
        "_publications/2009-10-01-sample.md": sample,
        "_publications/2024-02-17-real.md": "---\ntitle: Real\ncollection: publications\n"
                                            "date: 2024-02-17\nvenue: 'J'\n---\n",
        "_talks/2024-05-02-seminar.md": talk})
    assert messages(imported, "_publications/2009-10-01-sample.md") == [
        "left out: no front matter, so Jekyll copied the file as it is and listed no "
        "entry for it"]
    bib = imported.files["content/publications.bib"]
    assert isinstance(bib, str) and "sample" not in bib and "{Real}" in bib
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    talks = page(tmp_path / "out", "/talks/").one("main")
    assert "Seminar on small runtimes" in talks.text()
    assert talks.find("time", datetime="2024-05-02") is not None


def test_a_config_with_tabs_before_a_colon_is_read(tmp_path: Path) -> None:
    """An academicpages `_config.yml` with `code<tab><tab> : ` under `analytics:`
    (Jekyll's YAML reader skips tabs there as it skips spaces): the whole file was
    refused, and the new site was named after its folder, with no owner."""
    source = tmp_path / "old"
    write_files(source, {
        "_config.yml": "title: Ada Ode's Homepage\nlang: en\nanalytics:\n  goatcounter:\n"
                       "    code\t\t : \nauthor:\n  name: Ada Ode\n",
        "_pages/about.md": "---\nlayout: archive\npermalink: /\n---\n\nHi.\n"})
    imported = import_site(source, tmp_path / "new", "al-folio", False, NOW)
    assert messages(imported, "_config.yml") == []
    assert 'title = "Ada Ode\'s Homepage"' in str(imported.files["lanting.toml"])


def test_a_menu_entry_to_a_heading_of_the_home_page(tmp_path: Path) -> None:
    """AcadHomepage's menu links the home page's headings (`url: "/#about-me"`): the
    entry became `/#about-me/`, an id no heading has."""
    imported = academicpages(tmp_path, {
        "_data/navigation.yml": "main:\n  - title: About Me\n    url: \"/#about-me\"\n"
                                "  - title: News\n    url: /#-news\n",
        "_pages/about.md": "---\npermalink: /\ntitle: ''\n---\n\n"
                           "<span class='anchor' id='about-me'></span>\n\nHi.\n\n"
                           "# 🔥 News\n\n- *2025.07*: a paper.\n"})
    menu = str(imported.files["lanting.toml"])
    assert 'url = "/#about-me"' in menu and 'url = "/#-news"' in menu
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    home = page(tmp_path / "out", "/")
    assert home.find(id="about-me") is not None and home.find("h1", id="-news") is not None


def test_files_of_include_relative_are_the_page_s_text(tmp_path: Path) -> None:
    """AcadHomepage keeps the whole home page in `_pages/includes/` (`{% include_relative
    includes/pub.md %}` in `about.md`, one file for the bio, one for the papers): the
    tags were left in comments, and the new home page was empty. The files' text is
    the page's, converted with it; a tag in an HTML comment stays hidden."""
    about = ("---\npermalink: /\ntitle: ''\n---\n\n{% include_relative includes/intro.md %}\n\n"
             "{% include_relative includes/pub.md %}\n\n"
             "<!-- {% include_relative includes/edu.md %} -->\n")
    pub = ("# 📝 Publications\n\n<div class='paper-box'><div class='paper-box-text' "
           "markdown=\"1\">\n\n**Sparse kernels for long audio**\n\n"
           "**Ada Ode**, Bo Xu. *ICML 2024*\n</div>\n</div>\n")
    imported = academicpages(tmp_path, {
        "_pages/about.md": about,
        "_pages/includes/intro.md": "I study speech. {% include_relative includes/more.md %}\n",
        "_pages/includes/more.md": "Ask me about $$\\alpha$$-divergences.\n",
        "_pages/includes/pub.md": pub,
        "_pages/includes/edu.md": "Never shown.\n"})
    assert not any("include_relative" in m for m in messages(imported, "_pages/about.md"))
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    main = page(tmp_path / "out", "/").one("main")
    assert "I study speech. Ask me about" in main.text()
    assert main.find("math") is not None
    assert main.one("h1", id="-publications") is not None
    assert [s.text() for s in main.find_all("strong")][:2] == [
        "Sparse kernels for long audio", "Ada Ode"]
    assert "Never shown." not in main.text()


def test_an_if_that_only_assigns_goes_whole(tmp_path: Path) -> None:
    """AcadHomepage's home page opens choosing where its citation counts are read
    (`{% if site.google_scholar_stats_use_cdn %}{% assign … %}{% else %}…{% endif %}`):
    the `if`, `else` and `endif` were left in comments one by one, with a warning
    each. The whole `if` goes, with one warning, as an `{% assign %}` does (one whose
    value is known is worked out, round 21: here the branch taken is unknown)."""
    about = ("---\npermalink: /\ntitle: ''\n---\n\n{% if site.stats_use_cdn %}\n"
             "{% assign base = \"https://cdn.example.org/\" %}\n{% else %}\n"
             "{% assign base = site.raw_root | append: \"/\" %}\n{% endif %}\n\n"
             "I study speech.\n")
    imported = academicpages(tmp_path, {"_pages/about.md": about})
    assert [m for m in messages(imported, "_pages/about.md") if "{%" in m] == [
        "`{% if site.stats_use_cdn %}…{% endif %}` removed (it only set variables for the "
        "theme)"]
    home = imported.files["content/_index.md"]
    assert isinstance(home, str) and "{%" not in home and "I study speech." in home


def test_an_owner_s_name_with_a_line_break_is_one_line(tmp_path: Path) -> None:
    """academicpages' sidebar printed `author: name:` as it was, and a researcher
    parted the name over two lines (`Ada Ode <br>(艾达)`): the tag went into the new
    site's author and profile name, shown as written in the footer."""
    source = tmp_path / "old"
    write_files(source, {
        "_config.yml": "title: Ada Ode\nlang: en\nauthor:\n  name: \"Ada Ode <br>(艾达)\"\n",
        "_pages/about.md": "---\nlayout: archive\npermalink: /\n---\n\nHi.\n"})
    imported = import_site(source, tmp_path / "new", "al-folio", False, NOW)
    config = str(imported.files["lanting.toml"])
    assert 'author = "Ada Ode (艾达)"' in config and "<br>" not in config


def test_the_name_a_citation_sets_in_bold_is_the_owner_s(tmp_path: Path) -> None:
    """An economist's citations set her name in bold as journals spell it (`Hu Y and
    <b>Ode A</b>. (2021). …`): the old page showed it bold, but `Ode A` is no spelling
    of the profile's `Ada Ode` to Lanting, and the new page set nobody in bold. A
    co-author marked once, beside the owner in every paper, is not taken."""
    def pub(n: int, authors: str) -> str:
        return (f"---\ntitle: \"Paper {n}\"\ncollection: publications\ncategory: manuscripts\n"
                f"date: 202{n}-01-01\nvenue: 'J'\ncitation: '{authors}. (202{n}). "
                f"&quot;Paper {n}.&quot; <i>J</i>. 1(1).'\n---\n")
    imported = academicpages(tmp_path, {
        "_publications/p1.md": pub(1, "Hu Y and <b>Ode A</b>"),
        "_publications/p2.md": pub(2, "<b>Ode A</b>, <b>Xu B</b> and Lam C"),
        "_publications/p3.md": pub(3, "<strong>Ode A</strong>")})
    config = str(imported.files["lanting.toml"])
    assert 'highlight_names = ["Ode A"]' in config
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    bold = [s.text() for s in page(tmp_path / "out", "/publications/").find_all(
        "strong", class_="pub-me")]
    assert bold == ["A Ode"] * 3


def test_citation_of_names_then_the_venue_after_a_full_stop(tmp_path: Path) -> None:
    """`citation: "Ida Moss, <b>Ada Ode</b> and Sol Fern. In Proceedings of the Fern
    Workshop (FW) 2021."` (no year in parentheses, no quoted title, as many forks write
    it): "the authors could not be read", every paper of the site without its authors.
    The names before the full stop after the last of them are the authors."""
    paper = ("---\ntitle: \"Ferns at dusk\"\ncollection: publications\ndate: 2021-05-01\n"
             "venue: 'FW 21'\ncitation: \"Ida Moss, <b>Ada Ode</b> and Sol Fern. In "
             "Proceedings of the Fern Workshop (FW) 2021.\"\n---\n")
    imported = academicpages(tmp_path, {"_publications/2021-ferns.md": paper})
    assert messages(imported, "_publications/2021-ferns.md") == []
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "author  = {Ida Moss and Ada Ode and Sol Fern}" in bib
    assert citation_authors("See the slides. More soon.", "Ferns at dusk") == []


def test_an_image_of_a_missing_markdown_file_is_its_text(tmp_path: Path) -> None:
    """A post's `![fern notes](./attachments/fern-notes.md)`, a note the site never
    published, shown as an image: the import said "its text kept without the link" but
    kept the image as written, and the build stopped on the broken link. The image is
    its text."""
    post = ("---\ntitle: Diary\n---\n\nWhat I read today:\n\n"
            "![fern notes](./attachments/fern-notes.md)\n")
    imported = academicpages(tmp_path, {"_posts/2020-01-02-diary.md": post})
    [warning] = messages(imported, "_posts/2020-01-02-diary.md")
    assert "its text kept without the link" in warning
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert "fern notes" in page(tmp_path / "out", "/posts/diary/").one("main").text()

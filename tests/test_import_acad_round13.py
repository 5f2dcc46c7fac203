"""Academic homepages, round 13: faults found on real lab-website-template, Type-on-Strap
and Hugo Blox sites (each fixture is written for the test, in the shape of those sites)."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from importbits import NOW, jekyll_site, page
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site


def blox_import(tmp_path: Path, files: dict[str, str | bytes]) -> Imported:
    """A Hugo Blox site of `files`, with a config and its admin author, imported."""
    source = tmp_path / "old"
    write_files(source, {"config/_default/hugo.yaml": "title: Tarn Lab\nlanguageCode: en-us\n",
                         "content/authors/admin/_index.md": "---\ntitle: Oda Tarn\n"
                                                           "superuser: true\n---\nBio.\n",
                         **files})
    return import_site(source, tmp_path / "new", "hugo-blox", False, NOW)


def test_a_widget_page_of_a_branch_is_one_page_of_its_widgets(tmp_path: Path) -> None:
    """`content/research/_index.md` says `type: widget_page`, its widgets the other
    files of the folder (as a leaf bundle's `index.md` does): each widget became a page
    (a draft, `headless`) of its own, one with a date a post, and the page was lost."""
    imported = blox_import(tmp_path, {
        "content/research/_index.md": "---\ntitle: Research\ntype: widget_page\n---\n",
        "content/research/aims.md": "---\nwidget: blank\nheadless: true\nweight: 10\n"
                                    "title: Aims\n---\nWe follow glaciers as they thin.\n",
        "content/research/funds.md": "+++\nwidget = \"blank\"\nheadless = true\n"
                                     "weight = 20\ntitle = \"Funding\"\n"
                                     "date = 2023-01-01\n+++\nA polar grant.\n",
        "content/post/a/index.md": "---\ntitle: A\ndate: 2024-01-01\n---\n\nA.\n"})
    assert imported.report.warnings == []
    pages = sorted(p.name for p in (imported.dest / "content").rglob("*.md"))
    assert pages == ["_index.md", "a.md", "research.md"]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    main = page(out, "/research/").one("main")
    assert [h.text().strip() for h in main.find_all("h2")] == ["Aims", "Funding"]
    assert "We follow glaciers" in main.text() and "A polar grant." in main.text()


BIBLIO = ("- key: tarn2021\n  title: Ice at the Margins\n  authors: Oda Tarn, Per Lund\n"
          "  year: 2021\n  link: https://example.org/ice\n"
          "- key: lund2019\n  title: Firn Density\n  authors: Per Lund\n")
POST = ("---\nlayout: post\ntitle: Thinning\n---\n\nGlaciers thin[^1], and firn "
        "packs[^2].\n\n[^1]: {% include citation.html key=\"tarn2021\" %}\n"
        "[^2]:\n    See: {% include citation.html key=\"lund2019\" %}\n")


@pytest.mark.parametrize("own", [
    "",  # (the theme's gem's include: the site has no copy)
    "{%- assign citation = site.data.biblio | where:\"key\", include.key | first -%}\n"
    "<span class=\"cit-authors\">{{ citation.authors }}</span>, <a href=\"{{ "
    "citation.link }}\"><em>{{ citation.title }}</em></a>{% if citation.year %} "
    "({{ citation.year }}){% endif %}\n"], ids=["theme", "site"])
def test_a_citation_include_prints_its_entry_of_the_data_file(tmp_path: Path,
                                                               own: str) -> None:
    """Type-on-Strap's `{% include citation.html key="…" %}` as a post's footnote prints
    the entry of `_data/biblio.yml` with that key: it was left in a comment with a
    warning, and the footnote was empty."""
    files = {"_config.yml": "title: Ice\nremote_theme: sylhare/Type-on-Strap\n",
             "_data/biblio.yml": BIBLIO, "_posts/2022-03-04-thinning.md": POST}
    imported = jekyll_site(tmp_path, {**files, **({"_includes/citation.html": own}
                                                  if own else {})})
    assert imported.report.warnings == []
    text = (imported.dest / "content" / "posts" / "thinning.md").read_text(encoding="utf-8")
    if own:
        assert "[^1]: Oda Tarn, Per Lund, [*Ice at the Margins*](https://example.org/ice)" \
            in text
        assert "[^2]:\n    See: Per Lund, *Firn Density*\n" in text  # (no link, no year)
    else:
        assert "[^1]: Oda Tarn, Per Lund, Ice at the Margins\n" in text
        assert "See: Per Lund, Firn Density\n" in text
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


CITED = """\
- id: doi:10.5555/tarn.ice
  title: Ice at the Margins
  authors: [Oda Tarn, Per Lund]
  publisher: Journal of Glacial Studies
  date: '2021-05-01'
- id: doi:10.1101/2024.02.03.578901
  title: Meltwater Microbes
  authors: [Oda Tarn]
  publisher: bioRxiv
  date: '2024-02-05'
- id: doi:10.5555/tarn.proc
  title: Drones over Firn
  authors: [Per Lund, Oda Tarn]
  publisher: Proceedings of the Polar Robotics Conference
  date: '2022-09-01'
- id: isbn:9780000000002
  title: A Field Guide to Crevasses
  authors: [Oda Tarn]
  publisher: Snowline Press
  date: '2020-01-01'
"""


def test_the_citation_script_s_papers_keep_their_kinds(tmp_path: Path) -> None:
    """The lab template's citation script writes the container's title as `publisher`
    (a journal's, a preprint server's, a proceedings'), no type: every paper became
    `@inproceedings`, the journal its `booktitle`, and `group_by = "type"` listed them
    all as conference papers (a bioRxiv paper, written `@article` in `journal =
    {bioRxiv}`, was a journal paper even then)."""
    source = tmp_path / "old"
    write_files(source, {"_config.yaml": "title: Tarn Lab\nlang: en\n",
                         "Gemfile": 'gem "jekyll"\n', "_includes/list.html": "x\n",
                         "_data/citations.yaml": CITED})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    bib = re.sub(r" +=", " =", (imported.dest / "content" / "publications.bib")
                 .read_text(encoding="utf-8"))
    kinds = re.findall(r"@(\w+)\{\w+,\n  title = \{([^}]*)\}", bib)
    assert kinds == [("article", "Ice at the Margins"), ("article", "Meltwater Microbes"),
                     ("inproceedings", "Drones over Firn"),
                     ("book", "A Field Guide to Crevasses")]
    for field in ("journal = {Journal of Glacial Studies}", "journal = {bioRxiv}",
                  "booktitle = {Proceedings of the Polar Robotics Conference}",
                  "publisher = {Snowline Press}", "isbn = {9780000000002}"):
        assert field in bib
    settings = imported.dest / "lanting.toml"
    assert "[publications]" not in settings.read_text(encoding="utf-8")
    settings.write_text(settings.read_text(encoding="utf-8")
                        + '\n[publications]\ngroup_by = "type"\n', encoding="utf-8")
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    listing = page(out, "/publications/")
    assert [h.text().strip() for h in listing.find_all("h2")] == [
        "Conference papers 1", "Journal articles 1", "Preprints 1", "Books 1"]


PROJECTS = """\
- title: Firn Cores
  subtitle: Drilling the upper glacier
  group: on-going
  link: https://cores.example.org/
  description: We drill shallow cores each spring.
- title: Melt Model
  group: finished
  description: A model of surface melt.
"""
CARD = ("<div class=\"card-wide\">\n  <img src=\"{{ include.image | relative_url }}\">\n"
        "  <a href=\"{{ include.link }}\">{{ include.title }}</a>\n"
        "  <p>{{ include.description | markdownify }}</p>\n</div>\n")


def test_a_card_of_the_site_s_own_lists_the_projects(tmp_path: Path) -> None:
    """A lab template fork draws its current projects with a card of its own
    (`component="card-horizontal"`, a picture beside the text): the list was left in a
    comment with a warning, the page listing none of them; the template's own `card`
    was read already."""
    page_text = ("---\ntitle: Projects\n---\n\n## Current\n\n{% include list.html "
                 "component=\"card-wide\" data=\"projects\" filter=\"group == 'on-going'\" "
                 "%}\n\n## Past\n\n{% include card-wide.html title=\"Melt Model\" "
                 "description=\"A model of surface melt.\" %}\n")
    source = tmp_path / "old"
    write_files(source, {"_config.yaml": "title: Tarn Lab\nlang: en\n",
                         "Gemfile": 'gem "jekyll"\n', "_includes/list.html": "x\n",
                         "_includes/card-wide.html": CARD, "_data/projects.yaml": PROJECTS,
                         "projects/index.md": page_text})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert imported.report.warnings == []
    text = (imported.dest / "content" / "pages" / "projects.md").read_text(encoding="utf-8")
    assert "## Current\n\n- [Firn Cores](https://cores.example.org/) — Drilling the upper " \
        "glacier: We drill shallow cores each spring.\n\n## Past\n\n- **Melt Model** — " \
        "A model of surface melt.\n" in text


def test_a_feature_with_its_text_as_a_parameter(tmp_path: Path) -> None:
    """The lab template's `feature.html` given its text as `text="…"` (a multi-line
    tag), not captured before it: each research theme was left in a comment with a
    warning, and the projects page lost them."""
    page_text = ("---\ntitle: Research\n---\n\n{%\n  include feature.html\n"
                 "  image=\"images/ice.png\"\n  title=\"Ice sheets\"\n  flip=true\n"
                 "  text=\"We model how *ice sheets* thin.\"\n%}\n")
    source = tmp_path / "old"
    write_files(source, {"_config.yaml": "title: Tarn Lab\nlang: en\n",
                         "Gemfile": 'gem "jekyll"\n', "_includes/list.html": "x\n",
                         "_includes/feature.html": "<div>{{ include.text }}</div>\n",
                         "images/ice.png": png(20, 10), "research/index.md": page_text})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert imported.report.warnings == []
    text = (imported.dest / "content" / "pages" / "research.md").read_text(encoding="utf-8")
    assert "![Ice sheets](/images/ice.png)\n\n**Ice sheets**\n\nWe model how *ice sheets* " \
        "thin.\n" in text
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_the_academic_theme_named_in_config_default_is_hugo_blox(tmp_path: Path) -> None:
    """An Academic 4 group site names its theme in `config/_default/config.toml`
    (`theme = "academic"`) and has no `content/authors/` (its one profile is in
    `content/author/`): only a root `config.toml` was read for the theme's name, so the
    site was imported as plain Hugo, every publication a post."""
    source = tmp_path / "old"
    write_files(source, {
        "config/_default/config.toml": 'title = "Tarn Lab"\nbaseurl = "https://x.org/"\n'
                                       '# the theme\ntheme = "academic"\n',
        "config/_default/params.toml": 'email = "lab@x.org"\n',
        "content/author/admin/_index.md": "---\ntitle: Oda Tarn\n---\n",
        "content/home/about.md": "+++\nwidget = \"about\"\nactive = true\n+++\n",
        "content/publication/firn/index.md": '+++\ntitle = "Firn Density"\n'
        'date = 2021-01-01\nauthors = ["Oda Tarn"]\npublication_types = ["2"]\n'
        'publication = "J. Glaciol."\n+++\n'})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert imported.report.kind == "hugo-blox"
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "Firn Density" in bib
    assert not (imported.dest / "content" / "posts").exists()


def test_a_contact_widget_page_shows_how_to_reach_the_lab(tmp_path: Path) -> None:
    """Academic's `contact` widget, alone on a `widget_page` (`content/contact/`), showed
    the email, phone, address, directions and office hours of the site's `params`: the
    page was left out as "a page with no text", its menu entry leading nowhere."""
    imported = blox_import(tmp_path, {
        "config/_default/params.toml": 'email = "lab@tarn.example"\nphone = "555 0100"\n'
        'address = {street = "Box 7", city = "Tromsø", region = "TF", postcode = "9019", '
        'country = "Norway"}\ndirections = "Room 2.14"\noffice_hours = ["Tue 10–12"]\n'
        'contact_links = [{icon = "comments", name = "Forum", link = "https://f.example"}]\n',
        "content/contact/index.md": "---\ntitle: Contact\ntype: widget_page\n---\n",
        "content/contact/contact.md": "+++\nwidget = \"contact\"\nheadless = true\n"
                                      "title = \"Reach us\"\n+++\nVisitors are welcome.\n"})
    assert imported.report.warnings == []
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    main = page(out, "/contact/").one("main")
    text = " ".join(main.text().split())
    for shown in ("Reach us", "Visitors are welcome.", "Phone: 555 0100",
                  "Address: Box 7, Tromsø, TF 9019, Norway", "Directions: Room 2.14",
                  "Office hours: Tue 10–12"):
        assert shown in text
    assert main.find("a", href="mailto:lab@tarn.example") is not None
    assert main.find("a", href="https://f.example").text() == "Forum"


def test_links_to_coauthors_term_pages_keep_their_text(tmp_path: Path) -> None:
    """A group's news posts linked each coauthor to Hugo's page of the `authors`
    taxonomy (`<a href="/authors/per-lund/">`), made for every name of a page's
    `authors` whether or not it has a profile: kept as written, each was a broken link
    (297 build errors on one site). The name stays, without the link, in a notice."""
    imported = blox_import(tmp_path, {
        "content/publication/firn/index.md": "---\ntitle: Firn Density\ndate: 2021-01-01\n"
        "authors: [Oda Tarn, Per Lund, Åsa Nyström]\npublication: J. Glaciol.\n---\n",
        "content/post/news/index.md": "---\ntitle: News\ndate: 2021-02-01\n---\n\n"
        "A paper by <a href=\"/authors/per-lund/\">Per Lund</a> and [Åsa Nyström]"
        "(/authors/%C3%A5sa-nystr%C3%B6m/).\n"})
    assert imported.report.warnings == []
    text = (imported.dest / "content" / "posts" / "news.md").read_text(encoding="utf-8")
    assert "/authors/" not in text and "Per Lund" in text and "Åsa Nyström" in text
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_a_widget_page_listing_only_projects_leads_to_the_projects(tmp_path: Path) -> None:
    """`content/research/index.md`, a `widget_page` whose one widget lists the projects
    (Academic 4's `portfolio`, its `page_type` under `[content]`): it was left out as
    "a page with no text", and its menu entry with it. Its URL, menu entry and links now
    lead to Lanting's list of the projects."""
    imported = blox_import(tmp_path, {
        "config/_default/menus.toml": '[[main]]\n  name = "Research"\n  url = "/research"\n'
                                      '  weight = 10\n',
        "content/research/index.md": "---\ntitle: Research\ntype: widget_page\n---\n",
        "content/research/research.md": '+++\nwidget = "portfolio"\nheadless = true\n'
        'title = "Research Projects"\n[content]\n  page_type = "project"\n+++\n',
        "content/project/firn/index.md": "---\ntitle: Firn\nsummary: Cores.\n---\n\nText.\n",
        "content/post/a/index.md": "---\ntitle: A\ndate: 2024-01-01\n---\n\n"
                                   "See [our research](/research/).\n"})
    assert imported.report.warnings == []
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert {"name": "Research", "url": "/projects/"} in config["menu"]
    assert config["redirects"] == {"/research/": "/projects/"}
    post = (imported.dest / "content" / "posts" / "a.md").read_text(encoding="utf-8")
    assert "[our research](/projects/)" in post
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_a_grid_of_captured_figures_is_a_gallery(tmp_path: Path) -> None:
    """The lab template's `grid.html` laid the captured figures out in a grid (a page of
    the team's pictures): the figures were kept one under the other, with a warning
    for each grid."""
    page_text = ("---\ntitle: Pictures\n---\n\n# Field day\n{% capture content %}\n"
                 "  {% include figure.html image=\"images/a.png\" width = \"100%\"%}\n"
                 "  {% include figure.html image=\"images/b.png\" %}\n{% endcapture %}\n\n"
                 "{%\n  include grid.html\n  content=content\n  style=\"square\"\n%}\n")
    source = tmp_path / "old"
    write_files(source, {"_config.yaml": "title: Tarn Lab\nlang: en\n",
                         "Gemfile": 'gem "jekyll"\n', "_includes/list.html": "x\n",
                         "_includes/grid.html": "<div class=\"grid\">{{ include.content }}"
                                                "</div>\n",
                         "images/a.png": png(20, 10), "images/b.png": png(20, 10),
                         "pictures/index.md": page_text})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert imported.report.warnings == []
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    items = page(out, "/pictures/").one("main").find_all("figure", class_="gallery-item")
    assert [f.find("img")["src"] for f in items] == ["/images/a.png", "/images/b.png"]


def test_the_lab_s_page_of_posts_gives_the_blog_page_its_text(tmp_path: Path) -> None:
    """The lab template's `blog/index.md` greets the reader above the list of posts
    (`{% include list.html data="posts" %}`): it was left out with a warning, "the
    page's own text is not kept". Its text is the blog page's now, above Lanting's list,
    without its heading (the blog page's own) or the list include."""
    blog = ("---\ntitle: Blog\nnav:\n  order: 5\n---\n\n# {% include icon.html "
            "icon=\"fa-solid fa-feather\" %}Blog\n\nNotes from the ice, every month.\n\n"
            "{% include section.html %}\n\n{% include search-box.html %}\n\n"
            "{% include list.html data=\"posts\" component=\"post-excerpt\" %}\n")
    source = tmp_path / "old"
    write_files(source, {"_config.yaml": "title: Tarn Lab\nlang: en\n",
                         "Gemfile": 'gem "jekyll"\n', "_includes/list.html": "x\n",
                         "_includes/section.html": "x\n", "_includes/icon.html": "x\n",
                         "_includes/search-box.html": "x\n", "blog/index.md": blog,
                         "_posts/2024-05-01-thaw.md": "---\ntitle: Thaw\n---\n\nIt melts.\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert imported.report.warnings == []
    text = (imported.dest / "content" / "posts" / "_index.md").read_text(encoding="utf-8")
    assert text.split("---\n")[-1].strip() == "Notes from the ice, every month."
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    main = page(out, "/blog/").one("main").text()
    assert "Notes from the ice, every month." in main and "Thaw" in main


def test_a_grid_of_a_list_of_papers_keeps_the_list_without_a_warning(tmp_path: Path) -> None:
    """A member's page lays their papers out in the template's grid (`{% capture %}` of
    a `list.html` of citations, then `grid.html`): the list (a link to the papers) was
    kept, but with a warning that the grid's look was lost; it is a list's layout."""
    member = ("---\nname: Oda Tarn\nrole: pi\n---\n\nOda leads.\n\n{% capture content %}\n\n"
              "{% include list.html data=\"citations\" component=\"citation\" "
              "filters=\"member: oda\" %}\n\n{% endcapture %}\n\n"
              "{% include grid.html content=content %}\n")
    source = tmp_path / "old"
    write_files(source, {"_config.yaml": "title: Tarn Lab\nlang: en\ncollections:\n"
                                         "  members:\n    output: true\n",
                         "Gemfile": 'gem "jekyll"\n', "_includes/list.html": "x\n",
                         "_includes/grid.html": "<div>{{ include.content }}</div>\n",
                         "_data/citations.yaml": CITED, "_members/oda.md": member})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert imported.report.warnings == []
    text = (imported.dest / "content" / "people" / "oda-tarn.md").read_text(encoding="utf-8")
    assert "[Publications](/publications/)" in text


def test_an_empty_grid_goes_without_a_warning(tmp_path: Path) -> None:
    """A team page ends with an empty grid (`{% capture content %}{% endcapture %}`,
    then `grid.html`), which showed nothing: it was reported as text kept "without the
    include's look", a warning for nothing."""
    team = ("---\ntitle: Team\n---\n\nJoin us.\n\n{% capture content %}\n\n"
            "{% endcapture %}\n\n{% include grid.html style=\"square\" content=content %}\n")
    source = tmp_path / "old"
    write_files(source, {"_config.yaml": "title: Tarn Lab\nlang: en\n",
                         "Gemfile": 'gem "jekyll"\n', "_includes/list.html": "x\n",
                         "_includes/grid.html": "<div>{{ include.content }}</div>\n",
                         "team/index.md": team})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert imported.report.warnings == []
    text = (imported.dest / "content" / "pages" / "team.md").read_text(encoding="utf-8")
    assert text.rstrip().endswith("Join us.")

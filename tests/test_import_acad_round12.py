"""Academic homepages, round 12: faults found on real al-folio, academicpages and
Hugo Blox sites (each fixture is written for the test, in the shape of those sites)."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from importbits import NOW, alfolio_import, jekyll_site, messages, page
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site


def blox_import(tmp_path: Path, files: dict[str, str | bytes]) -> Imported:
    """A Hugo Blox site of `files`, with a config and its admin author, imported."""
    source = tmp_path / "old"
    write_files(source, {"config/_default/hugo.yaml": "title: Vale Lab\nlanguageCode: en-us\n",
                         "content/authors/admin/_index.md": "---\ntitle: Ines Vale\n"
                                                           "superuser: true\n---\nBio.\n",
                         **files})
    return import_site(source, tmp_path / "new", "hugo-blox", False, NOW)


CONFIG = "title: Vale Lab\nfirst_name: Ines\nlast_name: Vale\nlang: en\n"
ABOUT = "---\nlayout: about\ntitle: about\npermalink: /\n---\n\nWe grow crystals.\n"
PAPERS = ("@article{vale2023melt,\n  title={Melting Fronts},\n  author={Vale, Ines},\n"
          "  journal={Phys. Rev. E},\n  year={2023}\n}\n")


def test_links_written_with_the_baseurl_lead_inside_the_new_site(tmp_path: Path) -> None:
    """A fork served under `baseurl: /lab` wrote its links with it
    (`[papers](/lab/publications/)`): a link to a page Lanting makes was kept as
    written, and led outside the new site (a broken link, failing the build)."""
    about = ABOUT.replace("We grow crystals.", "We grow crystals: see [our papers]"
                          "(/lab/publications/) and [home](/lab/).")
    publications = ("---\nlayout: page\npermalink: /publications/\ntitle: papers\n---\n\n"
                    "{% bibliography %}\n")
    imported = alfolio_import(tmp_path, {"_bibliography/papers.bib": PAPERS,
                                         "_pages/publications.md": publications},
                              CONFIG + "baseurl: /lab\n", about)
    home = (imported.dest / "content" / "_index.md").read_text(encoding="utf-8")
    assert "[our papers](/publications/)" in home and "[home](/)" in home
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    links = [a["href"] for a in page(out, "/").one("main").find_all("a")]
    assert "/publications/" in links


def test_a_cv_link_written_with_the_baseurl_finds_its_file(tmp_path: Path) -> None:
    """`cv_pdf: /lab/assets/pdf/cv.pdf` in `_data/socials.yml`, the file at
    `assets/pdf/cv.pdf`: the link was left out, "the file is not in the site"."""
    imported = alfolio_import(tmp_path, {"_data/socials.yml": "cv_pdf: /lab/assets/pdf/cv.pdf\n",
                                         "assets/pdf/cv.pdf": b"%PDF-1.4\n"},
                              CONFIG + "baseurl: /lab\n", ABOUT)
    assert messages(imported, "_data/socials.yml") == []
    settings = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert {"kind": "cv", "url": "/assets/pdf/cv.pdf", "name": "CV"} in \
        settings["profile"]["links"]


def test_projects_of_no_declared_collection_are_left_out(tmp_path: Path) -> None:
    """A fork commented `projects:` out of `collections:`, so Jekyll wrote none of
    `_projects/` (whose example images it then deleted): each became a project with
    broken images, failing the build."""
    config = CONFIG + ("collections:\n  news:\n    output: true\n"
                       "  # projects:\n  #   output: true\n")
    project = ("---\nlayout: page\ntitle: Lattice growth\ndescription: x\n---\n\n"
               '<img src="/assets/img/missing.jpg"/>\n')
    imported = alfolio_import(tmp_path, {"_projects/1_lattice.md": project}, config, ABOUT)
    assert messages(imported, "_projects") == [
        "`_projects/` (1 files) left out: `_config.yml` names no such collection, so "
        "Jekyll published none of them"]
    assert not (imported.dest / "content" / "projects").exists()
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_projects_of_a_declared_collection_are_kept(tmp_path: Path) -> None:
    config = CONFIG + "collections:\n  projects:\n    output: true\n"
    project = "---\nlayout: page\ntitle: Lattice growth\ndescription: x\n---\n\nSeeds.\n"
    imported = alfolio_import(tmp_path, {"_projects/1_lattice.md": project}, config, ABOUT)
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert "Seeds." in page(out, "/projects/lattice/").one("main").text()


ANNOTATED = ("@article{vale2024,\n  title={Facets},\n  author={Vale*, Ines and Roe*, Tam},\n"
             "  journal={J. Cryst. Growth},\n  year={2024},\n"
             "  annotation={* Equal contribution<br>† Corresponding author}\n}\n\n"
             "@article{roe2022,\n  title={Dendrites},\n  author={Roe, Tam and Vale, Ines},\n"
             "  journal={Phys. Rev. E},\n  year={2022},\n"
             "  annotation={Reviewer 2 was right about the baseline.}\n}\n")


def test_annotations_the_layout_showed_are_reported_not_published(tmp_path: Path) -> None:
    """al-folio shows `annotation` in a popover by the authors; the import kept it in
    the `.bib`, where Lanting shows nothing of it (biblatex's field of notes, where
    Zotero writes private ones), without a word. One that explains the author marks is
    a notice (Lanting explains `*` itself); other text a warning naming its entries."""
    imported = alfolio_import(tmp_path, {"_bibliography/papers.bib": ANNOTATED},
                              CONFIG, ABOUT)
    report = [(e.severity, e.message) for e in imported.report.entries
              if e.path == "_bibliography/papers.bib"]
    assert report == [
        ("notice", "`annotation` of 1 entries, which explained the author marks (`*`, "
                   "`†`) in a popover: not shown, as Lanting explains those marks itself"),
        ("warning", "`annotation` of 1 entries (`roe2022`), shown in a popover by the "
                    "authors: not shown, as Lanting publishes no `annotation` (often a "
                    "reference manager's private notes); move what readers should see to "
                    "`additional_info`")]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    listing = page(out, "/publications/").one("main").text()
    assert "Reviewer 2" not in listing and "Dendrites" in listing


def test_annotations_a_layout_never_showed_are_not_reported(tmp_path: Path) -> None:
    layout = "<div>{{ entry.title }} {{ entry.author }}</div>\n"
    imported = alfolio_import(tmp_path, {"_bibliography/papers.bib": ANNOTATED,
                                         "_layouts/bib.liquid": layout}, CONFIG, ABOUT)
    assert messages(imported, "_bibliography/papers.bib") == []


def test_hugoblox_figure_of_the_media_library_without_library_true(tmp_path: Path) -> None:
    """Hugo Blox's `figure` looks for `src` beside the page, then in `assets/media/`
    (`library="true"` only skips the first): a news post's figure whose picture a lab
    kept in the media library was left in a comment, "image not found"."""
    post = ("---\ntitle: A defence\ndate: 2025-06-17\n---\n\nThe jury met.\n\n"
            '{{< figure src="jury.png" title="The jury" >}}\n')
    imported = blox_import(tmp_path, {"content/post/defence/index.md": post,
                                      "assets/media/jury.png": png(4, 3)})
    assert [e.message for e in imported.report.entries
            if e.path == "content/post/defence/index.md"] == []
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    figure = page(out, "/post/defence/").one("figure")
    assert figure.one("img")["src"].endswith(".png") and "The jury" in figure.text()


def test_hugoblox_figure_title_is_its_caption_not_a_heading(tmp_path: Path) -> None:
    """Hugo Blox's `figure` reads `title` as its caption's old name: plain text. The
    import gave it Hugo's own reading, a heading in bold above the caption."""
    post = ("---\ntitle: A prize\ndate: 2025-10-17\n---\n\nAwarded.\n\n"
            '{{< figure src="prize.png" title="Holding the *prize*" >}}\n')
    imported = blox_import(tmp_path, {"content/post/prize/index.md": post,
                                      "content/post/prize/prize.png": png(4, 3)})
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    caption = page(out, "/post/prize/").one("figcaption")
    assert caption.find("strong") is None and caption.one("em").text() == "prize"


@pytest.mark.parametrize(("authors", "legend"), [
    ("Vale, Ines and Roe, Tam", None),
    ("Vale*, Ines and Roe*, Tam", "* Equal contribution"),
    ("Vale, Ines and Roe†, Tam", "† Corresponding author"),
    ("Vale*, Ines and Roe*†, Tam", "* Equal contribution † Corresponding author")])
def test_the_legend_explains_the_marks_the_list_uses(tmp_path: Path, authors: str,
                                                     legend: str | None) -> None:
    """The publications page explained `*` and `†` whenever it knew the owner, on a
    list (a physicist's forty papers) where no author bore either mark."""
    write_files(tmp_path / "site", {
        "lanting.toml": 'title = "Vale Lab"\nlanguage = "en"\n[profile]\nname = "Ines Vale"\n',
        "content/publications.bib": f"@article{{v1, title = {{Facets}}, author = {{{authors}}},"
                                    " journal = {J}, year = 2024}\n"})
    out = build(tmp_path / "site", BuildOptions(output=tmp_path / "out")).output
    found = page(out, "/publications/").find("span", class_="pub-legend")
    assert (found.text() if found is not None else None) == legend


def test_lab_template_float_clear_is_removed(tmp_path: Path) -> None:
    """The lab-website template's `{% include float.html clear=true %}` ends a float
    (a picture beside a job offer): it was left in a comment with a warning, though it
    shows nothing."""
    join = ("---\ntitle: Join\n---\n\n{% capture content %}\nA microscope.\n"
            "{% endcapture %}\n{% include float.html content=content %}\n\n"
            "##### Postdoc\n\nWrite to us.\n{% include float.html clear=true %}\n")
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Vale Lab\n", "_includes/list.html": "<div></div>\n",
        "_includes/float.html": "<div class=\"float\">{{ include.content }}</div>\n",
        "join/index.md": join})
    assert all("clear=true" not in m for m in messages(imported, "join/index.md"))
    text = (imported.dest / "content" / "pages" / "join.md").read_text(encoding="utf-8")
    assert "float.html" not in text and "Write to us." in text


@pytest.mark.parametrize(("settings", "author"), [
    ('[profile]\nname = "Dr. Ines Vale"\n', "Vale, I."),
    ('[profile]\nname = "Ines Vale"\n[publications]\n'
     'highlight_names = ["Tam Roe, Ph.D.", "Sol Fern, M.Sc."]\n', "Tam P. Roe"),
    ('[profile]\nname = "Ines Vale"\n[publications]\n'
     'highlight_names = ["Tam Roe, Ph.D.", "Sol Fern, M.Sc."]\n', "Fern, Sol")])
def test_names_with_titles_and_degrees_are_highlighted(tmp_path: Path, settings: str,
                                                       author: str) -> None:
    """A lab's members named as its member pages name them (`Tam Roe, Ph.D.`, the
    import's `highlight_names`), or a profile's `Dr. Ines Vale`: no author list writes
    the degree or the title, and no author of eighty papers was bold."""
    write_files(tmp_path / "site", {
        "lanting.toml": 'title = "Vale Lab"\nlanguage = "en"\n' + settings,
        "content/publications.bib": f"@article{{v1, title = {{Facets}}, author = {{{author}"
                                    " and Moss, Ida}, journal = {J}, year = 2024}\n"})
    out = build(tmp_path / "site", BuildOptions(output=tmp_path / "out")).output
    bold = [s.text() for s in page(out, "/publications/").find_all("strong", class_="pub-me")]
    assert len(bold) == 1 and "Moss" not in bold[0]


def test_an_alias_at_another_pages_index_html_is_left_out(tmp_path: Path) -> None:
    """A Quarto project's section page kept a removed page's URL as an alias
    (`aliases: [/metrics/index.html]`), and its sub-page `reference/metrics/index.qmd`
    became the page at /metrics/: the alias was kept, and the build stopped on two
    pages at one URL."""
    write_files(tmp_path / "old", {
        "_quarto.yml": "project:\n  type: website\nwebsite:\n  title: Vale Lab\n",
        "index.qmd": "---\ntitle: Home\n---\n\nWe grow crystals.\n",
        "reference/index.qmd": "---\ntitle: Reference\naliases:\n  - /metrics/index.html\n"
                               "---\n\nDefinitions.\n",
        "reference/metrics/index.qmd": "---\ntitle: Metrics\n---\n\nGrowth rates.\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert "Growth rates." in page(out, "/metrics/").one("main").text()
    assert any("`/metrics/index.html` left out" in m
               for m in messages(imported, "reference/index.qmd"))


CV_PAGE = ("---\nlayout: cv\npermalink: /cv/\ntitle: CV\ncv_format: rendercv\n---\n")
RENDERCV_DIALECT = """\
cv:
  name: Ines Vale
  label: Postdoctoral researcher
  image: ""
  summary: >
    I study how crystals
    grow from melts.
  sections:
    Education:
      - institution: Lakeside University
        area: Physics
        studyType: Ph.D.
        start_date: 2019
        end_date: 2024
"""


def test_alfolio_rendercv_cv_with_its_json_resume_names(tmp_path: Path) -> None:
    """The newer al-folio's CV page (`cv_format: rendercv`) showed `_data/cv.yml` in
    RenderCV's schema, with JSON Resume's `summary` and `studyType` in it; beside the
    theme's example `resume.json`, which the import read instead, leaving the CV out
    as "the theme's example"."""
    resume = '{"basics": {"name": "Albert Einstein", "email": "albert@einstein.de"}}\n'
    config = CONFIG + ("jekyll_get_json:\n  - data: resume\n"
                       "    json: assets/json/resume.json\n")
    imported = alfolio_import(tmp_path, {"_pages/cv.md": CV_PAGE,
                                         "_data/cv.yml": RENDERCV_DIALECT,
                                         "assets/json/resume.json": resume}, config, ABOUT)
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    main = page(out, "/cv/").one("main").text()
    assert "I study how crystals grow from melts." in main
    assert "Ph.D., Physics" in main and "Lakeside University" in main
    assert "Einstein" not in main


def test_alfolio_emoji_shortcodes_in_the_bib_as_jemoji_drew_them(tmp_path: Path) -> None:
    """al-folio runs jemoji, which drew `award_name = {:trophy: Best Paper}` on the
    publications page as 🏆; the new list showed `:trophy:` as written."""
    bib = ("@inproceedings{vale2025, title = {Facets}, author = {Vale, Ines},\n"
           "  booktitle = {ICCG}, year = 2025, award = {Chosen by the jury :tada:},\n"
           "  award_name = {:trophy: Best Paper}}\n")
    imported = alfolio_import(tmp_path, {"_bibliography/papers.bib": bib},
                              CONFIG + "plugins:\n  - jekyll-scholar\n  - jemoji\n", ABOUT)
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    award = page(out, "/publications/").one("details", class_="pub-award")
    assert award.one("summary").text() == "🏆 Best Paper"
    assert award.text().endswith("Chosen by the jury 🎉")


def test_hugoblox_lab_section_of_publications_is_the_list(tmp_path: Path) -> None:
    """A lab listed all its papers in a section of its own, `content/publication_all/`
    (its own layout; the menu's "Publications"), each page a publication's front
    matter: each became a post, 216 of them, and the publications page listed only the
    theme's `publication/` (the featured few), which the lab's list repeats."""
    paper = ('---\ntitle: "{title}"\npublication: "**J Cryst Growth**. 12(3):45-67."\n'
             "authors:\n- Vale I\n- Roe T\ndate: \"{year}-05-01\"\n---\n")
    imported = blox_import(tmp_path, {
        "content/publication/facets/index.md": paper.format(title="Facets of melts",
                                                            year=2024),
        "content/publication_all/ValeI2024.md": paper.format(title="Facets of Melts",
                                                             year=2024),
        "content/publication_all/ValeI2021.md": paper.format(title="Dendrites", year=2021),
        "content/post/news/index.md": "---\ntitle: News\ndate: 2025-01-01\n---\n\nHello.\n"})
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert bib.count("@") == 2 and "Dendrites" in bib
    assert not (imported.dest / "content" / "posts" / "valei2021.md").exists()
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    entries = page(out, "/publications/").find_all("article", class_="pub")
    assert len(entries) == 2 and "Dendrites" in entries[1].text()
    assert (out / "publication_all" / "ValeI2024" / "index.html").is_file() or \
        (out / "publication_all" / "valei2024" / "index.html").is_file()


def test_hugoblox_press_item_keeps_its_external_link(tmp_path: Path) -> None:
    """A lab's press items (`content/project-media/x/index.md`) are a summary and an
    `external_link`, where the old lists sent the reader: each became a post without
    the address ("front matter not needed")."""
    item = ('---\ntitle: Melts in the news\ndate: "2022-01-23"\nsummary: "An interview."\n'
            'external_link: "https://www.example.org/news/melts"\n---\n')
    imported = blox_import(tmp_path, {"content/project-media/melts/index.md": item})
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    links = [a["href"] for a in page(out, "/project-media/melts/").one("main").find_all("a")]
    assert "https://www.example.org/news/melts" in links


def test_hugoblox_publication_venue_with_a_doi_link(tmp_path: Path) -> None:
    """A lab's script wrote each paper's `publication` with the DOI as an HTML link
    (`**J Cryst Growth**. 12(3):45. <a href='https://doi.org/…' target='_blank'>…</a>`):
    the tag, its `_` stripped, became the venue's text, and no DOI button was made."""
    paper = ('---\ntitle: "Dendrites"\npublication: "**J Cryst Growth**. 12(3):45. '
             "<a href='https://doi.org/10.1000/jcg.45' target='_blank' "
             "rel='noopener noreferrer'>10.1000/jcg.45</a>\"\nauthors:\n- Vale I\n"
             'date: "2021-05-01"\n---\n')
    imported = blox_import(tmp_path, {"content/publication/dendrites/index.md": paper})
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "J Cryst Growth. 12(3):45." in bib and "<a" not in bib
    assert "10.1000/jcg.45" in bib
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    entry = page(out, "/publications/").one("article", class_="pub")
    assert "https://doi.org/10.1000/jcg.45" in [a["href"] for a in entry.find_all("a")]

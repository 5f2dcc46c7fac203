"""al-folio faults found on real homepages: a lab's people page, the CV's dates, old
image tags, galleries of indented HTML, `[[…]]` in prose."""
from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from importbits import NOW, alfolio_import, messages, page
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site

CONFIG = "title: Zhou Lab\nfirst_name: Min\nlast_name: Zhou\nlang: en\n"
ABOUT = "---\nlayout: about\ntitle: about\npermalink: /\n---\n\nWe build driving stacks.\n"


def alfolio(tmp_path: Path, files: dict[str, str | bytes]) -> Imported:
    """An al-folio site of `files` (with this file's config and about page) imported."""
    return alfolio_import(tmp_path, files, CONFIG, ABOUT)


TEAM_CONFIG = CONFIG + ("collections:\n  team:\n    output: true\n"
                        "    permalink: /team/:path/\n")
TEAM_PAGE = """---
layout: page
title: team
permalink: /team/
display_categories: [Faculty, Students]
---

<div class="team">
{% for category in page.display_categories %}
  <h2 class="category">{{ category }}</h2>
  {% assign members = site.team | where: "category", category %}
  {% for member in members %}
    {% include people.html %}
  {% endfor %}
{% endfor %}
</div>
"""


def test_alfolio_page_listing_a_collection_lanting_does_not_list(tmp_path: Path) -> None:
    """A lab's al-folio lists its `_team/` collection on /team/. The page was taken for
    a list Lanting makes (it makes lists of publications, talks, teaching, projects),
    and looking up that list's folder crashed the import with KeyError: 'team'. (Its
    members are people now, `test_import_lab_sites.py`, and the page leads to /people/.)"""
    member = "---\nname: Gao Xing\ncategory: Students\n---\n\nWorks on LiDAR.\n"
    imported = alfolio(tmp_path, {"_config.yml": TEAM_CONFIG, "_pages/team.md": TEAM_PAGE,
                                  "_team/gaoxing.md": member})
    assert messages(imported, "_pages/team.md") == [
        "left out: it listed the people of `_team/`, which are content/people/, listed at "
        "/people/"]
    assert (imported.dest / "content" / "people" / "gao-xing.md").is_file()
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert "We build driving stacks." in page(tmp_path / "out", "/").text()


CV_PAGE = "---\nlayout: cv\npermalink: /cv/\ntitle: cv\nnav: true\n---\n"
AWARDS_BY_YEAR = """- title: General Information
  type: map
  contents:
    - name: Full Name
      value: Min Zhou
- title: Awards
  type: time_table
  contents:
    - year: 2023
    - items:
        - Outstanding graduate
    - year: 2021
    - items:
        - Programming contest, second prize
        - Modelling contest, first prize
    - title: Scholarship without a year
"""


def test_alfolio_cv_year_alone_dates_the_items_under_it(tmp_path: Path) -> None:
    """A `time_table` written as `- year: 2023` then `- items: [...]` (two entries, which
    the theme showed as a year over its items): the year alone became an entry of no
    known kind and the build stopped; the items had no date. The year dates the items
    after it."""
    imported = alfolio(tmp_path, {"_pages/cv.md": CV_PAGE, "_data/cv.yml": AWARDS_BY_YEAR})
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    rows = [" ".join(li.text().split())
            for li in page(tmp_path / "out", "/cv/").one("main").find_all("li")]
    assert any("Outstanding graduate" in r and "2023" in r for r in rows), rows
    assert any("Modelling contest" in r and "2021" in r for r in rows), rows
    assert not any("Scholarship without a year" in r and "2021" in r for r in rows), rows


GALLERY = """---
layout: post
title: lidar samples
date: 2022-03-01 10:00:00
---

Two scans from the test track.

<div class="row mt-3">
    <div class="col-sm mt-3 mt-md-0">
        {% responsive_image path: assets/img/scan-a.png class: "img-fluid" title: "scan a" %}
    </div>
    <div class="col-sm mt-3 mt-md-0">
        {% include figure.html path="assets/img/scan-b.png" class="img-fluid rounded" %}
    </div>
</div>
<div class="caption">Left: the raw scan; right: after ground removal.</div>

Notes link to each other with [[wikilinks]] in our notes app, not here.
"""


def gallery(tmp_path: Path) -> Path:
    """The gallery post imported and built: its built page."""
    imported = alfolio(tmp_path, {"_posts/2022-03-01-lidar.md": GALLERY,
                                  "assets/img/scan-a.png": png(40, 30),
                                  "assets/img/scan-b.png": png(40, 30)})
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    return next((tmp_path / "out").rglob("lidar/index.html"))


def test_alfolio_responsive_image_tag_is_an_image(tmp_path: Path) -> None:
    """al-folio until 2022 showed images with jekyll-responsive-image's
    `{% responsive_image path: … class: "…" %}` (`key: value`, not `key=value`): it was
    left in a comment with a warning, the image gone from the page."""
    html = gallery(tmp_path).read_text(encoding="utf-8")
    assert "scan-a" in html and "scan-b" in html
    assert "responsive_image" not in html


def test_alfolio_gallery_html_after_an_image_is_not_code(tmp_path: Path) -> None:
    """The theme's gallery rows indent `</div>` under the image's line; the image became
    a block between blank lines, so the indented `</div>` after it was an indented code
    block: the page showed `</div>` as code, and the columns never closed."""
    prose = parse_html(gallery(tmp_path).read_text(encoding="utf-8")).one("div", "prose")
    assert "</div>" not in prose.text()
    assert not prose.find_all("pre")
    assert "Left: the raw scan" in prose.text()


def test_jekyll_double_brackets_in_prose_stay_text(tmp_path: Path) -> None:
    """kramdown shows `[[wikilinks]]` as written; Lanting read a link to `wikilinks.md`
    and the build stopped at a missing page. The text is kept as the old page showed."""
    assert "[[wikilinks]]" in gallery(tmp_path).read_text(encoding="utf-8")


def test_alfolio_news_item_hides_its_html_comment(tmp_path: Path) -> None:
    """A news item keeping its old wording in an HTML comment (which the theme's page
    hid): the comment was written into the home page's news line and shown as text."""
    news = ("---\nlayout: post\ndate: 2023-11-05 00:00:00+0800\ninline: true\n---\n"
            "<!-- Paper under review at TPAMI. -->\nPaper accepted at TPAMI.\n")
    imported = alfolio(tmp_path, {"_news/tpami.md": news})
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    text = page(tmp_path / "out", "/").one("main").text()
    assert "Paper accepted at TPAMI." in text
    assert "under review" not in text and "<!--" not in text


def test_alfolio_news_item_of_an_impossible_date_says_so(tmp_path: Path) -> None:
    """`date: 2023-2-95` (no such day, which Jekyll's YAML kept as text): the warning said
    the item had no date, at no line; it names the date and its line. `2023-2-29` was
    Jekyll's 1 March (Ruby rolls a day past its month's end into the next): so it is."""
    news = "---\nlayout: post\ndate: 2023-2-95 00:00:00+0800\ninline: true\n---\nCVPR.\n"
    imported = alfolio(tmp_path / "a", {"_news/cvpr.md": news})
    assert messages(imported, "_news/cvpr.md") == [
        "a news item whose date `2023-2-95 00:00:00+0800` is no calendar date: left out "
        "(hint: correct the date)"]
    assert [e.line for e in imported.report.entries if e.path == "_news/cvpr.md"] == [3]
    rolled = alfolio(tmp_path / "b", {"_news/cvpr.md": news.replace("2-95", "2-29")})
    assert messages(rolled, "_news/cvpr.md") == []
    assert '- date: "2023-03-01"\n    text: CVPR.' in (rolled.dest / "content/_index.md"
                                                     ).read_text(encoding="utf-8")


EXAMPLE_CV_YML = """- title: General Information
  type: map
  contents:
    - name: Full Name
      value: Albert Einstein
"""


def test_alfolio_cv_pdf_is_the_cv_when_the_data_is_the_example(tmp_path: Path) -> None:
    """A CV page whose `_data/cv.yml` is the theme's example and whose `cv_pdf` is the
    owner's own PDF: the page was left out, its menu entry with it, and the CV (the PDF
    the page's button offered) linked from nowhere. The page links to the PDF."""
    cv = "---\nlayout: cv\npermalink: /cv/\ntitle: cv\nnav: true\ncv_pdf: zhou_cv.pdf\n---\n"
    imported = alfolio(tmp_path, {"_pages/cv.md": cv, "_data/cv.yml": EXAMPLE_CV_YML,
                                  "assets/pdf/zhou_cv.pdf": b"%PDF-1.4\n"})
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    links = [a.get("href") for a in page(tmp_path / "out", "/cv/").one("main").find_all("a")]
    assert "/assets/pdf/zhou_cv.pdf" in links
    assert 'url = "/cv/"' in (imported.dest / "lanting.toml").read_text(encoding="utf-8")


def test_alfolio_example_cv_and_example_pdf_leave_the_page_out(tmp_path: Path) -> None:
    """The theme's example data and example PDF: no CV page, a notice saying why."""
    cv = "---\nlayout: cv\npermalink: /cv/\ntitle: cv\ncv_pdf: example_pdf.pdf\n---\n"
    imported = alfolio(tmp_path, {"_pages/cv.md": cv, "_data/cv.yml": EXAMPLE_CV_YML,
                                  "assets/pdf/example_pdf.pdf": b"%PDF-1.4\n"})
    assert not (imported.dest / "content/pages/cv.md").exists()
    assert messages(imported, "_pages/cv.md") == [
        "left out: the site has no CV of its own to show (no cv.yml or resume.json but "
        "the theme's example)"]


def test_jekyll_page_filled_from_data_by_its_layout_is_reported(tmp_path: Path) -> None:
    """A homepage theme whose publications page is only `layout: publications`, the
    layout looping over `_data/publications.yml` in an include: the page was left out
    with a notice that Lanting makes such lists; it does not, so a warning names the
    data file to copy from."""
    source = tmp_path / "old"
    write_files(source, {
        "_config.yml": "title: Xiaoming Wang\nlang: en\n",
        "index.md": "---\nlayout: default\n---\n\nI work on federated learning.\n",
        "publications.md": "---\nlayout: publications\ntitle: Publications\n---\n",
        "_layouts/default.html": "<html>{% include nav.html %}{{ content }}</html>\n",
        "_layouts/publications.html": "---\nlayout: default\n---\n{{ content }}\n"
                                      "{% include publications.md %}\n",
        "_includes/nav.html": "{% for l in site.data.navigation %}{{ l.url }}{% endfor %}\n",
        "_includes/publications.md": "{% for p in site.data.publications.main %}\n"
                                     "{{ p.title }}\n{% endfor %}\n",
        "_data/navigation.yml": "- url: /\n",
        "_data/publications.yml": "main:\n  - title: Fair aggregation\n"})
    imported = import_site(source, tmp_path / "new", "jekyll", False, NOW)
    assert messages(imported, "publications.md") == [
        "left out: it has no text of its own; its layout showed _data/publications.yml, "
        "which Lanting does not show: copy what you need into a page by hand"]


def test_alfolio_empty_bib_fields_are_left_out_at_import(tmp_path: Path) -> None:
    """`doi = {}` on every entry (a lab's papers.bib): al-folio showed no DOI button;
    the imported site's build warned once per entry. The import leaves them out, with
    one notice."""
    bib = ("@inproceedings{zhou2023lidar,\n  title = {Range View Detection},\n"
           "  author = {Zhou, Min},\n  booktitle = {NeurIPS},\n  year = {2023},\n"
           "  doi = {},\n  abstract = {},\n  selected = {true}\n}\n")
    imported = alfolio(tmp_path, {"_bibliography/papers.bib": bib})
    written = (imported.dest / "content/publications.bib").read_text(encoding="utf-8")
    assert "doi" not in written and "abstract" not in written and "NeurIPS" in written
    assert messages(imported, "_bibliography/papers.bib") == [
        "empty fields left out: `abstract` (1), `doi` (1)"]
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert not [w for w in result.warnings if "is empty" in str(w)]


def test_alfolio_markdown_page_at_an_html_url(tmp_path: Path) -> None:
    """A paper's page `_pages/ltc_paper.html.md` at `permalink: /ltc_paper.html`: it was
    imported, yet reported as "a page written in HTML … not imported" (the name holds
    `.html`), and its slug was `ltc-paperhtml`. It is the page `ltc-paper`, no warning;
    the old URL answers."""
    paper = ("---\nlayout: page\ntitle: Anisotropic LTCs\npermalink: /ltc_paper.html\n"
             "---\n\nWe fit LTCs to anisotropic GGX.\n")
    imported = alfolio(tmp_path, {"_pages/ltc_paper.html.md": paper})
    assert messages(imported, "_pages/ltc_paper.html.md") == []
    assert (imported.dest / "content/pages/ltc-paper.md").is_file()
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert "anisotropic GGX" in page(tmp_path / "out", "/ltc-paper/").one("main").text()
    assert (tmp_path / "out/ltc_paper.html").is_file()


def test_alfolio_example_projects_of_the_theme_are_left_out(tmp_path: Path) -> None:
    """Four of seven real homepages kept al-folio's example projects as the theme wrote
    them, often with the example images deleted: imported, they listed placeholder
    projects at /projects/ and broke the build on their images. They are left out with
    a notice; a project of the site's own (even on the example's text) is kept."""
    example = ("---\nlayout: page\ntitle: project 2\ndescription: a project with an image\n"
               "img: assets/img/3.jpg\nimportance: 2\n---\n\n" + EXAMPLE_TEXT)
    own = example.replace("title: project 2", "title: LiDAR range view")
    imported = alfolio(tmp_path, {"_projects/2_project.md": example,
                                  "_projects/3_project.md": own})
    assert messages(imported, "_projects") == [
        "left out: the theme's 1 example projects (`project 1`, …), never edited"]
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    listed = page(tmp_path / "out", "/projects/").one("main").text()
    assert "LiDAR range view" in listed and "project 2" not in listed


EXAMPLE_TEXT = ("Every project has a beautiful feature showcase page.\n"
                "Our own words go here.\n")


def test_alfolio_root_news_html_is_left_to_the_home_page(tmp_path: Path) -> None:
    """Older al-folio kept its news page as `news.html` at the root, the include alone:
    the report warned it was a page in HTML to copy by hand; it is the list of
    `_news/`, which the home page shows."""
    news_page = "---\nlayout: page\ntitle: news\npermalink: /news/\n---\n\n" \
                "{% include news.html %}\n"
    item = "---\nlayout: post\ndate: 2023-09-22\ninline: true\n---\nTwo NeurIPS papers.\n"
    imported = alfolio(tmp_path, {"news.html": news_page, "_news/neurips.md": item})
    assert messages(imported, "news.html") == [
        "left out: the list of `_news/`, which Lanting shows on the home page"]
    assert not any("news.html" in m for m in messages(imported, "_config.yml"))


def test_alfolio_entry_file_the_sites_layout_found_elsewhere(tmp_path: Path) -> None:
    """A site's own bib layout sent `.html` slides to `assets/html/` (al-folio's to
    `assets/pdf/`): the slides, in the site, were "missing" and left out."""
    bib = ("@article{guo2025anneal,\n  title = {Provable Annealing},\n"
           "  author = {Guo, Wei},\n  journal = {arXiv},\n  year = {2025},\n"
           "  slides = {anneal_talk/slides.html}\n}\n")
    imported = alfolio(tmp_path, {"_bibliography/papers.bib": bib,
                                  "assets/html/anneal_talk/slides.html": "<p>talk</p>\n"})
    written = (imported.dest / "content/publications.bib").read_text(encoding="utf-8")
    assert "/assets/html/anneal_talk/slides.html" in written
    assert not messages(imported, "_bibliography/papers.bib")
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    links = [a.get("href") for a in page(tmp_path / "out", "/publications/").find_all("a")]
    assert "/assets/html/anneal_talk/slides.html" in links


def test_jekyll_wikilinks_plugin_keeps_double_brackets_as_links(tmp_path: Path) -> None:
    """A site whose Gemfile has a wikilinks plugin made links of `[[…]]`: they are left
    for Lanting's own `[[…]]` links, not escaped into text."""
    imported = alfolio(tmp_path, {
        "Gemfile": 'source "https://rubygems.org"\ngem "jekyll-wikilinks"\n',
        "_posts/2022-03-01-lidar.md": GALLERY})
    written = next((imported.dest / "content/posts").rglob("*lidar*"))
    text = (written / "index.md" if written.is_dir() else written).read_text(
        encoding="utf-8")
    assert "[[wikilinks]]" in text and "\\[[wikilinks]]" not in text


def test_alfolio_hidden_dot_files_stay_out(tmp_path: Path) -> None:
    """`_pages/.talks.md`, `_news/.draft.md`, `_projects/.old.md`: files the owner hid
    by a leading dot, which Jekyll never reads. They were imported as pages (one in the
    menu), news and projects."""
    hidden = "---\nlayout: page\ntitle: old talks\npermalink: /talks/\nnav: true\n---\nOld.\n"
    news = "---\nlayout: post\ndate: 2024-01-02\ninline: true\n---\nA hidden note.\n"
    project = "---\nlayout: page\ntitle: old project\ndescription: x\n---\nOld project.\n"
    imported = alfolio(tmp_path, {"_pages/.talks.md": hidden, "_news/.draft.md": news,
                                  "_projects/.old.md": project})
    assert not (imported.dest / "content" / "pages" / "talks.md").exists()
    assert not (imported.dest / "content" / "projects").exists()
    toml = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert "old talks" not in toml
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert "A hidden note." not in page(tmp_path / "out", "/").one("main").text()


def test_alfolio_missing_figure_above_the_root_names_the_url_the_browser_asked(
        tmp_path: Path) -> None:
    """`{% include figure.liquid path="../assets/img/a.png" %}` (`relative_url` made it
    `/../assets/img/a.png`, which the browser asked for as `/assets/img/a.png`) with no
    such file: it was left as `/../assets/…`, and the build's message told the owner to
    put the image at `static/../assets/…`."""
    project = ("---\nlayout: page\ntitle: Routing\ndescription: x\n---\n"
               '{% include figure.liquid path="../assets/img/a.png" class="img-fluid" %}\n')
    imported = alfolio(tmp_path, {"_projects/routing.md": project})
    text = (imported.dest / "content" / "projects" / "routing.md").read_text(encoding="utf-8")
    assert "](/assets/img/a.png)" in text and "/../" not in text
    assert messages(imported, "_projects/routing.md") == [
        "image `/../assets/img/a.png` not found in the source site: written as "
        "`/assets/img/a.png`"]


def test_alfolio_distill_project_cites_from_its_own_bibliography(tmp_path: Path) -> None:
    """A project in the distill layout (`bibliography: routing.bib`) citing
    `<d-cite key="moe">`: only posts' bibliographies were read, so each citation was
    left as text with a warning; and a footnote kept the entry's LaTeX (`M{\\"u}ller`)."""
    project = ("---\nlayout: distill\ntitle: Routing\ndescription: x\n"
               "bibliography: routing.bib\n---\nExperts route tokens <d-cite key=\"moe\">"
               "</d-cite>.\n")
    bib = ("@article{moe, title={Sparse {Experts}}, author={M{\\\"u}ller, Jo and Ode, Kai},"
           " journal={JMLR}, year={2017}}\n")
    imported = alfolio(tmp_path, {"_projects/routing.md": project,
                                  "assets/bibliography/routing.bib": bib})
    assert messages(imported, "_projects/routing.md") == []
    text = (imported.dest / "content" / "projects" / "routing.md").read_text(encoding="utf-8")
    assert "tokens [^moe]." in text
    assert "[^moe]: Jo Müller, Kai Ode. *Sparse Experts*. JMLR. 2017." in text


def test_alfolio_a_key_used_twice_keeps_both_entries(tmp_path: Path) -> None:
    """A lab's `papers.bib` has a conference paper and its arXiv version under one
    Google Scholar key: jekyll-scholar showed both (bibtex-ruby renames the second key),
    and Lanting's build refused the duplicate key."""
    bib = ("---\n---\n\n@inproceedings{kar2023rl,\n  title={RL Control},\n  author={Kar, J},\n"
           "  booktitle={ACC},\n  year={2023},\n  selected={true}\n}\n\n"
           "@article{kar2023rl,\n  title={RL Control: Structured Designs},\n"
           "  author={Kar, J},\n  journal={arXiv preprint},\n  year={2023}\n}\n")
    imported = alfolio(tmp_path, {"_bibliography/papers.bib": bib})
    [warning] = [e for e in imported.report.warnings if "twice" in e.message]
    assert (warning.path, warning.line) == ("_bibliography/papers.bib", 12)
    assert "`kar2023rlb`" in warning.message and "line 4" in warning.message
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    titles = page(out, "/publications/").one("main").text()
    assert "RL Control: Structured Designs" in titles and "RL Control" in titles


PAPERS = ("@inproceedings{lee2024cache,\n  title={Paged Caches for Serving},\n"
          "  author={Lee, Wen and Zhou, Min},\n  booktitle={OSDI},\n  year={2024}\n}\n")


def test_alfolio_publications_page_without_its_bibliography_tag(tmp_path: Path) -> None:
    """A professor's /publications/ page whose `{% bibliography %}` loop was taken out,
    an empty `<div class="publications">` left (the theme filled it no more): the page
    was imported, and with Lanting's list of `papers.bib` two sources claimed
    /publications/, which stopped the build."""
    emptied = ("---\nlayout: page\npermalink: /publications/\ntitle: papers\n"
               "years: [2024, 2023]\nnav: true\n---\n\n<div class=\"publications\">\n\n\n"
               "</div>\n")
    imported = alfolio(tmp_path, {"_pages/publications.md": emptied,
                                  "_bibliography/papers.bib": PAPERS})
    assert messages(imported, "_pages/publications.md") == [
        "left out: Lanting makes /publications/ from content/publications.bib"]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert "Paged Caches for Serving" in page(out, "/publications/").one("main").text()


def test_alfolio_publications_page_with_text_of_its_own(tmp_path: Path) -> None:
    """The same page, written out by hand around no `{% bibliography %}`: it gives way
    to Lanting's list too, its text kept above that list."""
    written = ("---\nlayout: page\npermalink: /publications/\ntitle: papers\n---\n\n"
               "A list I keep by hand of the papers our group wrote, newest first, "
               "with the venues and the co-authors of each.\n")
    imported = alfolio(tmp_path, {"_pages/publications.md": written,
                                  "_bibliography/papers.bib": PAPERS})
    assert messages(imported, "_pages/publications.md") == [
        "its text above the list is kept; Lanting makes /publications/ from "
        "content/publications.bib"]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    listing = page(out, "/publications/")
    assert listing.one(class_="publications-intro").text().startswith("A list I keep")
    assert "Paged Caches for Serving" in listing.one("main").text()


def test_alfolio_description_with_html_links_becomes_markdown(tmp_path: Path) -> None:
    """A lab page's `description: Lab news at <a href="…">C3 Lab</a>.` (al-folio prints
    it as it is): the summary kept the HTML, which Lanting shows as text, and the build
    warned that front matter holds no HTML. Its links and bold are Markdown now."""
    people = ("---\nlayout: page\npermalink: /people/\ntitle: people\ndescription: Lab "
              "news at <a href=\"https://example.org/lab?a=1&b=2\"><b>C3 Lab</b></a>."
              "<br>Join us!\n---\n\nWe are six students.\n")
    imported = alfolio(tmp_path, {"_pages/people.md": people})
    text = (imported.dest / "content" / "pages" / "people.md").read_text(encoding="utf-8")
    assert 'summary: "Lab news at [**C3 Lab**](https://example.org/lab?a=1&b=2). Join us!"' \
        in text
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    meta = page(result.output, "/people/").one("meta", attrs={"name": "description"})
    assert meta.attrs["content"] == "Lab news at C3 Lab. Join us!"


def test_a_relative_link_that_led_nowhere_keeps_its_text(tmp_path: Path) -> None:
    """A Markdown cheat sheet copied into a post (al-folio's examples do so) links
    `../blob/master/LICENSE`, "a relative reference to a repository file": no file of
    the site, no page of the old one, and the new build failed on it. Its text stays,
    with a warning."""
    post = ("---\nlayout: post\ntitle: Syntax\ndate: 2024-01-02\n---\n\n"
            "[A relative reference to a repository file](../blob/master/LICENSE)\n")
    imported = alfolio(tmp_path, {"_posts/2024-01-02-syntax.md": post})
    assert [m.split(",")[0] for m in messages(imported, "_posts/2024-01-02-syntax.md")
            if m.startswith("a link")] == ["a link to `../blob/master/LICENSE`"]
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    main = page(tmp_path / "out", "/posts/syntax/").one("main")
    assert "A relative reference to a repository file" in main.text()
    assert main.find("a", href="../blob/master/LICENSE") is None


def test_a_country_code_for_the_site_s_language_is_its_language(tmp_path: Path) -> None:
    """`lang: cn` (al-folio's `_config.yml` offers `cn` as an example) is China's code,
    no language's: the Chinese site's interface was English ("Publications", "Blog")."""
    imported = alfolio_import(tmp_path, {}, CONFIG.replace("lang: en", "lang: cn"), ABOUT)
    assert 'language = "zh-CN"' in str(imported.files["lanting.toml"])
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert page(tmp_path / "out", "/").one("html")["lang"] == "zh-CN"


def test_a_site_named_without_its_scheme_is_that_site(tmp_path: Path) -> None:
    """A course page links its recordings `[录播](bilibili.com/video/BV1xx/)`: a path
    beside the page to Jekyll, which led nowhere, and the new build failed on it. It
    leads to the site, with a notice, as the Hugo importers have it."""
    course = ("---\nlayout: page\ntitle: 强化学习中的数学\npermalink: /notes/rl/\n---\n\n"
              "课程[录播](bilibili.com/video/BV1xx/?p=2)。\n")
    imported = alfolio(tmp_path, {"_pages/rl.md": course})
    assert any("a site named without `https://`" in m
               for m in messages(imported, "_pages/rl.md"))
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    main = page(tmp_path / "out", "/rl/").one("main")
    assert [a["href"] for a in main.find_all("a") if a.text() == "录播"] == [
        "https://bilibili.com/video/BV1xx/?p=2"]


def test_a_post_that_switched_mermaid_on_draws_its_diagrams(tmp_path: Path) -> None:
    """al-folio draws a post's ```mermaid blocks when its front matter says `mermaid:
    {enabled: true}`: the new site showed them as code, with a notice to set
    `[markdown] mermaid` by hand."""
    post = ("---\nlayout: post\ntitle: Flows\ndate: 2024-01-02\nmermaid:\n  enabled: true\n"
            "  zoomable: true\n---\n\n```mermaid\ngraph LR\n  data --> model\n```\n")
    imported = alfolio(tmp_path, {"_posts/2024-01-02-flows.md": post})
    assert 'mermaid = "https://' in str(imported.files["lanting.toml"])
    assert not any("Mermaid" in m for m in messages(imported, "_posts/2024-01-02-flows.md"))
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    main = page(tmp_path / "out", "/posts/flows/").one("main")
    assert main.find(class_="mermaid") is not None


EXAMPLE_BOOK = ("---\nlayout: book-review\ntitle: The Godfather\nauthor: Mario Puzo\n"
                "stars: 5\nstatus: Finished\n---\n\nLorem ipsum dolor sit amet.\n")
BOOKSHELF = ("---\nlayout: book-shelf\ntitle: bookshelf\npermalink: /books/\nnav: false\n"
             "collection: books\n---\n\n> A quotation about books.\n\n## Books I read\n")


def test_al_folio_s_example_book_and_its_shelf_are_left_out(tmp_path: Path) -> None:
    """al-folio 0.12 ships a bookshelf, `_books/the_godfather.md` ("Lorem ipsum…") and
    `_pages/books.md`, which forks keep unedited: the collection was a warning ("no
    place for it") and the shelf a page of the theme's words over an empty list."""
    imported = alfolio(tmp_path, {"_books/the_godfather.md": EXAMPLE_BOOK,
                                  "_pages/books.md": BOOKSHELF})
    assert not any(e.path.startswith(("_books", "_pages/books"))
                   for e in imported.report.warnings)
    assert not any(name.endswith("books.md") for name in imported.files)
    own = alfolio(tmp_path / "own", {
        "_books/the_godfather.md": EXAMPLE_BOOK,
        "_books/dune.md": EXAMPLE_BOOK.replace("The Godfather", "Dune"),
        "_pages/books.md": BOOKSHELF})
    assert any(e.path == "_books" and "(2 files) left out" in e.message
               for e in own.report.entries)


def test_the_address_under_the_photo_is_the_profile_s_location(tmp_path: Path) -> None:
    """al-folio's `profile.more_info` (`<p>南湖综合楼 7094</p><p>武汉</p>` under the photo)
    and academicpages' `author.location` were left out, a warning and a notice: the
    profile had no place for them. They are `[profile] location`, shown under it."""
    about = ("---\nlayout: about\ntitle: about\npermalink: /\nprofile:\n  align: right\n"
             "  more_info: >\n    <p>南湖综合楼 7094</p>\n    <p>武汉 &amp; 北京</p>\n---\n\nHi.\n")
    imported = alfolio_import(tmp_path, {}, CONFIG, about)
    assert not any("more_info" in m for m in messages(imported, "_pages/about.md"))
    assert 'location = "南湖综合楼 7094 · 武汉 & 北京"' in str(imported.files["lanting.toml"])
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    home = page(tmp_path / "out", "/")
    assert home.one("p", class_="profile-location").text() == "南湖综合楼 7094 · 武汉 & 北京"
    pages = alfolio_import(tmp_path / "ap", {}, CONFIG + "author:\n  name: Min Zhou\n"
                           "  location: \"Hangzhou, China\"\n", ABOUT)
    assert 'location = "Hangzhou, China"' in str(pages.files["lanting.toml"])


COAUTHORS = """\
"Moss":
  - firstname: ["Ida"]
    url: https://ida.example.org/

# Below: written by a script from the lab's list
Oak:
- firstname:
  - Ren
  url: https://ren.example.org/
Moss:
- firstname:
  - Ada
  url: https://ada.example.org/
"""


def test_coauthors_a_script_wrote_at_the_left_edge(tmp_path: Path) -> None:
    """A `coauthors.yml` whose later part a script wrote, each list at the left edge
    (`Oak:` then `- firstname:` with the names under it): that `- firstname:` line was
    taken for a surname, and a surname given twice was joined with its lists indented
    two ways, so content/coauthors.yml was no YAML and the build failed. Each surname
    keeps its people, a repeated one's lists joined and lined up."""
    imported = alfolio(tmp_path, {"_data/coauthors.yml": COAUTHORS})
    assert messages(imported, "_data/coauthors.yml") == [
        "`Moss` is there more than once (Jekyll kept the last): their lists are joined"]
    written = (imported.dest / "content" / "coauthors.yml").read_text(encoding="utf-8")
    assert "  - firstname:\n    - Ada\n    url: https://ada.example.org/" in written
    assert "Oak:\n- firstname:\n  - Ren" in written
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_team_members_named_by_their_page_title(tmp_path: Path) -> None:
    """The lab's real `_team/` pages name each member by the page's `title` (`title: Gao
    Xing`, `portrait: assets/people/gaoxing.jpg`, `description: <br>`), with no `name`:
    the collection was "left out: Lanting has no place for it", the team lost. They are
    the people: the title the name (not also the line under it), the portrait the photo,
    the empty `<br>` no summary."""
    member = ("---\nlayout: page\ntitle: Gao Xing\ndescription: <br>\norder: 2\n"
              "portrait: assets/people/gaoxing.png\ncategory: Students\n---\n")
    imported = alfolio(tmp_path, {"_config.yml": TEAM_CONFIG, "_pages/team.md": TEAM_PAGE,
                                  "_team/gaoxing.md": member,
                                  "assets/people/gaoxing.png": png(20, 20)})
    assert messages(imported, "_team") == []
    person = (imported.dest / "content" / "people" / "gao-xing.md").read_text(
        encoding="utf-8")
    assert "title: Gao Xing" in person and "role: Students" in person
    assert "cover:" in person and "summary" not in person
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert "Gao Xing" in page(tmp_path / "out", "/people/").text()

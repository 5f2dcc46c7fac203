"""Academic homepages, round 21: faults found on real Hugo Blox, AcadHomepage and lab
sites (each fixture is written for the test, in the shape of those sites)."""
from __future__ import annotations

from pathlib import Path

from importbits import alfolio_import, page
from test_import_hugoblox import blox, built, messages

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported
from lanting.importer.jekyll_assigns import page_variables
from lanting.importer.ris import ris_entry

RIS_RECORD = """TY  - JOUR
AU  - Lin, Mei
AU  - Xu, Bo
TI  - Reading long books with small models
T2  - Journal of Reading Machines
PY  - 2023/05/01
VL  - 12
IS  - 3
SP  - 101
EP  - 118
DO  - https://doi.org/10.1234/jrm.2023.7
AB  - We read long books
      with small models.
ER  -
"""
RIS_PAPER = """---
title: Reading long books with small models
authors: [admin, Bo Xu]
date: 2023-05-01
publication: "*Journal of Reading Machines*"
publication_types: ["2"]
---
"""


def test_a_cite_bib_holding_a_ris_record_is_read(tmp_path: Path) -> None:
    """A paper's `cite.bib` holding the publisher's RIS export (`TY  - JOUR`, `AU  - …`),
    as Hugo Blox labs paste it: the entry was made from the front matter with a
    warning, and the volume, issue, pages and DOI the record held were lost; a bare
    record (not inside `@article{…}`) was passed over without a word. Both are read."""
    imported = blox(tmp_path, {
        "content/publication/reading/index.md": RIS_PAPER,
        "content/publication/reading/cite.bib": RIS_RECORD,
        "content/publication/wrapped/index.md": RIS_PAPER.replace("Reading long", "Writing long"),
        "content/publication/wrapped/cite.bib":
            "@article{\n" + RIS_RECORD.replace("Reading long", "Writing long") + "}\n"})
    assert not [m for _, m in messages(imported) if "cite.bib" in m]
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "TY  -" not in bib and "month    = 5" in bib
    out = built(imported, tmp_path)
    papers = {a.one("h3").text(): a for a in page(out, "/publications/").find_all(
        "article", class_="pub")}
    assert sorted(papers) == ["Reading long books with small models",
                              "Writing long books with small models"]
    for paper in papers.values():
        assert paper.one("p", class_="pub-venue").text() == \
            "Journal of Reading Machines, 12(3):101–118, 2023"
        assert "Mei Lin, Bo Xu" in paper.text()
        doi = [a["href"] for a in paper.find_all("a") if "doi.org" in a.get("href", "")]
        assert doi == ["https://doi.org/10.1234/jrm.2023.7"]
        assert "We read long books with small models." in paper.one(
            "details", class_="pub-abstract").text()


def test_a_cite_bib_of_neither_format_is_warned_about(tmp_path: Path) -> None:
    """A `cite.bib` holding text neither BibTeX nor RIS reads (a citation pasted as
    prose) was passed over without a word; it is warned about at its line, and the
    entry made from the front matter."""
    imported = blox(tmp_path, {
        "content/publication/reading/index.md": RIS_PAPER,
        "content/publication/reading/cite.bib":
            "Lin M, Xu B. Reading long books with small models. J Read Mach. 2023.\n"})
    warned = [m for _, m in messages(imported) if "cite.bib holds no entry" in m]
    assert len(warned) == 1
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "journal  = {Journal of Reading Machines}" in bib


ACAD_CONFIG = ("title: Ada Ode\nlang: en\nrepository: adaode/adaode.github.io\n"
               "google_scholar_stats_use_cdn: true\nauthor:\n  name: Ada Ode\n")
BADGE_ABOUT = """---
permalink: /
title: ''
author_profile: true
---

{% if site.google_scholar_stats_use_cdn %}
{% assign gsDataBaseUrl = "https://cdn.jsdelivr.net/gh/" | append: site.repository | append: "@" %}
{% else %}
{% assign gsDataBaseUrl = "https://raw.githubusercontent.com/" | append: site.repository
  | append: "/" %}
{% endif %}
{% assign url = gsDataBaseUrl | append: "google-scholar-stats/gs_data_shieldsio.json" %}

I study speech. Cited <a href='https://scholar.google.com/citations?user=X'><img \
src="https://img.shields.io/endpoint?url={{ url | url_encode }}&logo=Google%20Scholar\
&label=citations"></a> times.
"""


def test_acadhomepage_s_citation_badge_keeps_its_address(tmp_path: Path) -> None:
    """Every AcadHomepage home page builds its Google Scholar badge's address from
    `_config.yml` (`{% if site.google_scholar_stats_use_cdn %}{% assign gsDataBaseUrl
    = … | append: site.repository %}…`, then `{{ url | url_encode }}` in the image).
    The tags were removed with two warnings and the output left in a comment: the
    badge's image was broken. The variables are worked out as Jekyll did; the image
    reads the counts the old site's action keeps writing."""
    imported = alfolio_import(tmp_path, {}, ACAD_CONFIG, BADGE_ABOUT)
    assert not imported.report.warnings
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    badge = page(tmp_path / "out", "/").one("main").one("img")
    assert badge["src"] == (
        "https://img.shields.io/endpoint?url=https%3A%2F%2Fcdn.jsdelivr.net%2Fgh%2Fadaode"
        "%2Fadaode.github.io%40google-scholar-stats%2Fgs_data_shieldsio.json"
        "&logo=Google%20Scholar&label=citations")
    raw = alfolio_import(tmp_path / "raw", {}, ACAD_CONFIG.replace("true", "false"),
                         BADGE_ABOUT)
    assert "https%3A%2F%2Fraw.githubusercontent.com%2Fadaode%2Fadaode.github.io%2F" \
        "google-scholar-stats" in raw.files["content/_index.md"]


def test_only_variables_assigned_whatever_happens_are_known() -> None:
    """A variable assigned in a loop, under a condition on the page, twice, or from a
    value nothing knows is not worked out (its output stays in a comment, reported);
    one under a condition on a setting takes the branch the setting chooses."""
    text = ('{% if page.show %}{% assign shown = "a" %}{% endif %}'
            '{% for p in site.posts %}{% assign looped = "c" %}{% endfor %}'
            '{% assign twice = "1" %}{% assign twice = "2" %}'
            '{% assign unknown = site.data.x | where: "a", "b" %}'
            '{% unless site.cdn %}{% assign base = "raw/" %}{% else %}'
            '{% assign base = "cdn/" %}{% endunless %}'
            '{% assign url = base | append: site.repository | append: "/x.json" %}')
    found = page_variables(text, {"cdn": False, "repository": "a/b"},
                           {"site.repository": "a/b"}.get)
    assert found == {"base": "raw/", "url": "raw/a/b/x.json"}


BOX = """<div class='paper-box'><div class='paper-box-image'><div><div class="badge">{badge}\
</div><img src='images/{image}' alt="sym" width="100%"></div></div>
<div class='paper-box-text' markdown="1">

{title} \\\\
{authors}

{links}
- {point}
</div>
</div>
"""
BOXES = ("# 📝 Publications\n\n## 🎙 Speech\n\n" + BOX.format(
    badge="ICML 2024", image="fast.png",
    title="[Fast Voices: Sampling Speech in Few Steps](https://arxiv.org/abs/2401.00001)",
    authors="**Ada Ode**\\*, Bo Xu\\*†, Cy Zed",
    links="[**Project**](https://fast.example.org/) <strong><span class='show_paper_citations' "
          "data='ABCDEFAAAAAJ:u5HHmVD_uO8C'></span></strong> \\| [![](https://img.shields.io/"
          "github/stars/adaode/fast?style=social&label=Code+Stars)](https://github.com/adaode/"
          "fast) [[知乎]](https://zhuanlan.zhihu.com/p/1)",
    point="Samples speech in **four** steps.") + "\n" + BOX.format(
    badge="NeurIPS 2022", image="slow.png",
    title="[**NeurIPS 2022** <span style=\"color:red\">Spotlight</span>] "
          "[Slow Voices](https://example.org/slow.pdf)",
    authors="Bo Xu, **Ada Ode** and Cy Zed", links="[[video]](https://youtu.be/abc)",
    point="A study of slow speech.") + "\n## Projects\n\n<!-- " + BOX.format(
        badge="CVPR 2016", image="old.png", title="[Old](https://x.org)",
        authors="**Yi Ren**", links="", point="Template's.") + " -->\n\n"
    "<div class='paper-box'><div class='paper-box-text' markdown=\"1\">\n\n"
    "**A Speech Toolkit**\n\n- Open source.\n</div>\n</div>\n\n"
    "- ``ICASSP 2021`` [Quiet Voices](https://example.org/quiet), **Ada Ode**, Bo Xu\n"
    "- [Loud Voices](https://example.org/loud), Bo Xu, **Ada Ode**, **INTERSPEECH 2020** "
    "<span style=\"color:red\">(Oral)</span> \\| [**Project**](https://loud.example.org/)\n"
    "- [Notes on voices](https://blog.example.org/notes), Bo Xu, a post\n\n"
    "# 🎖 Honors\n\n- 2023 A scholarship.\n")


def messages_at(imported: Imported) -> list[str]:
    return [e.message for e in imported.report.entries]


def test_acadhomepage_s_paper_boxes_are_publications(tmp_path: Path) -> None:
    """AcadHomepage shows each paper as a box (`<div class='paper-box'>`: a badge of
    the venue and year, a picture, the linked title, the authors with the owner in
    bold, links, a few points). They were kept as raw HTML: no /publications/, no
    paper pages, no BibTeX, each picture the column's full width. Each box with a
    linked title is an entry of publications.bib now, selected, so the home page lists
    them; a heading left empty goes, a box in a comment or without a linked title
    stays as it was, and so do papers written as lines of text (with a notice)."""
    imported = alfolio_import(tmp_path, {"_pages/includes/pub.md": BOXES,
                                         "images/fast.png": b"", "images/slow.png": b""},
                              ACAD_CONFIG + "  googlescholar: https://scholar.google.com/"
                              "citations?user=ABCDEFAAAAAJ\n",
                              "---\npermalink: /\ntitle: ''\n---\n\nI study speech.\n\n"
                              "{% include_relative includes/pub.md %}\n")
    assert not imported.report.warnings
    assert any("its 4 papers (boxes, and items of a list" in m for m in messages_at(imported))
    home = imported.files["content/_index.md"]
    assert isinstance(home, str)
    assert "Fast Voices" not in home and "Speech\n" not in home and "# 📝 Publications" in home
    assert "A Speech Toolkit" in home and "Quiet Voices" not in home and "Yi Ren" in home
    assert "- 2023 A scholarship." in home and "- [Notes on voices](" in home
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    papers = {a.one("h3").text(): a for a in page(tmp_path / "out", "/").one(
        "section", class_="selected-publications").find_all("article", class_="pub")}
    assert sorted(papers) == ["Fast Voices: Sampling Speech in Few Steps", "Loud Voices",
                              "Quiet Voices", "Slow Voices"]
    loud = papers["Loud Voices"]
    assert loud.one("p", class_="pub-venue").text().startswith("INTERSPEECH, 2020")
    assert "Oral" in loud.text() and "color:red" not in loud.text()
    assert {a.text(): a["href"] for a in loud.find_all("a", class_="pub-button")} == {
        "HTML": "https://example.org/loud", "Website": "https://loud.example.org/"}
    quiet = papers["Quiet Voices"]
    assert quiet.one("strong", class_="pub-me").text() == "Ada Ode"
    assert quiet.one("p", class_="pub-venue").text().startswith("ICASSP, 2021")
    fast, slow = papers["Fast Voices: Sampling Speech in Few Steps"], papers["Slow Voices"]
    assert [s.text() for s in fast.find_all("strong", class_="pub-me")] == ["Ada Ode"]
    assert [s.text() for s in fast.find_all("sup", class_="pub-mark")] == ["*", "*"]
    assert fast.one("p", class_="pub-venue").text().startswith("ICML, 2024")
    buttons = {a.text(): a["href"] for a in fast.find_all("a", class_="pub-button")}
    assert buttons == {"arXiv": "https://arxiv.org/abs/2401.00001",
                       "Code": "https://github.com/adaode/fast",
                       "Website": "https://fast.example.org/"}
    assert "citation_for_view=ABCDEFAAAAAJ:u5HHmVD_uO8C" in fast.one(
        "a", class_="pub-metric-scholar")["href"]
    assert fast.one("img", class_="pub-preview")["src"] == "/images/fast.png"
    assert fast.find("a", href="https://zhuanlan.zhihu.com/p/1").text() == "知乎"
    assert "Spotlight" in slow.text() and slow.one("p", class_="pub-venue").text() \
        .startswith("NeurIPS, 2022")
    assert {a.text(): a["href"] for a in slow.find_all("a", class_="pub-button")} == {
        "PDF": "https://example.org/slow.pdf", "Video": "https://youtu.be/abc"}
    listed = page(tmp_path / "out", "/publications/").find_all("article", class_="pub")
    assert len(listed) == 4


LINES = """# 📝 Publications
$^*$: corresponding author.

## Image Generation

- <span class="conference-tag">NeurIPS 2025</span> [Ray Tracing for All](https://arxiv.org/abs/2505.00703)<br>
**Ada Ode**\\*, Bo Xu\\*, Cy Zed.

- `ACL 2025` [Table Talk](https://arxiv.org/pdf/2502.11799) Bo Xu, **Ada Ode**$^*$, Cy Zed.
- `ICML 2024` [Long Tables](https://example.org/long.pdf)
**Ada Ode**, Bo Xu, et al. [![](https://img.shields.io/github/stars/ode/long?style=social)](https://github.com/ode/long)
- [A Paper With BibTeX](https://example.org/bib)
  <details><summary>[BibTeX]</summary><pre><code>@article{x, title={A}}</code></pre></details>
## Older

<!-- - `CVPR 2016` [Deep Old](https://example.org/old), **Yi Ren** -->
- `CVPR 2019` [Not So Old](https://example.org/notsoold), **Ada Ode**
- [**arXiv**] [Wide Rays](https://arxiv.org/abs/2401.00009), **Ada Ode**, Bo Xu.
"""


def test_acadhomepage_papers_as_items_with_the_names_under_the_title(tmp_path: Path) -> None:
    """Forks write the template's list items with the venue in a styled span
    (`<span class="conference-tag">NeurIPS 2025</span>`) or one backtick, and the names
    on the item's next line (after a `<br>`, or none): none of them was read. They
    are entries now, with their co-first (`\\*`) marks; a `$^*$` after a name (here the
    corresponding author's) is no part of it. (An item holding its BibTeX in a
    `<details>` block, left as written then, is an entry since round 22.)"""
    imported = alfolio_import(tmp_path, {"_pages/includes/pub.md": LINES}, ACAD_CONFIG,
                              "---\npermalink: /\ntitle: ''\n---\n\nI study rays.\n\n"
                              "{% include_relative includes/pub.md %}\n")
    home = imported.files["content/_index.md"]
    assert isinstance(home, str)
    assert "Ray Tracing" not in home and "Table Talk" not in home and "Long Tables" not in home
    assert "## Image Generation" not in home and "A Paper With BibTeX" not in home
    assert "## Older" not in home and "<!-- - `CVPR 2016` [Deep Old]" in home
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    papers = {a.one("h3").text(): a for a in page(tmp_path / "out", "/publications/")
              .find_all("article", class_="pub")}
    assert sorted(papers) == ["A Paper With BibTeX", "Long Tables", "Not So Old",
                              "Ray Tracing for All", "Table Talk", "Wide Rays"]
    assert papers["Wide Rays"].one("p", class_="pub-venue").text() == "arXiv"
    ray, table, long = papers["Ray Tracing for All"], papers["Table Talk"], papers["Long Tables"]
    assert [s.text() for s in ray.find_all("sup", class_="pub-mark")] == ["*", "*"]
    assert ray.one("p", class_="pub-venue").text().startswith("NeurIPS, 2025")
    assert table.one("span", class_="pub-authors").text() == "Bo Xu, Ada Ode, Cy Zed"
    assert table.one("strong", class_="pub-me").text() == "Ada Ode"
    assert not table.find_all("sup", class_="pub-mark")
    assert long.one("span", class_="pub-authors").text().startswith("Ada Ode, Bo Xu")
    assert {a.text(): a["href"] for a in long.find_all("a", class_="pub-button")} == {
        "PDF": "https://example.org/long.pdf", "Code": "https://github.com/ode/long"}


def test_a_conference_record_of_endnote_s_tags() -> None:
    """EndNote writes a conference paper's proceedings in `C3`, older exporters the
    authors in `A1` and the year in `Y1`; `ER  - ` ends the record with a space."""
    entry = ris_entry("TY  - CONF\nA1  - Rusu, Radu\nA1  - Cousins, Steve\n"
                      "T1  - Point clouds are here\nC3  - Proc. of ICRA\nY1  - 2011\n"
                      "SP  - 1\nEP  - 4\nER  - \n", "rusu")
    assert entry is not None and entry.kind == "inproceedings"
    assert {name: entry.value(name) for name in entry.fields} == {
        "title": "Point clouds are here", "author": "Rusu, Radu and Cousins, Steve",
        "booktitle": "Proc. of ICRA", "year": "2011", "pages": "1--4",
        "category": "conference"}

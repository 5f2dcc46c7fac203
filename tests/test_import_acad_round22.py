"""Academic homepages, round 22: faults found on real AcadHomepage forks, jemdoc pages
and lab sites (each fixture is written for the test, in the shape of those sites)."""
from __future__ import annotations

from pathlib import Path

import pytest
from importbits import NOW, alfolio_import, jekyll_site, page
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.errors import UsageError
from lanting.importer import import_site
from lanting.importer.acadhomepage import without_paper_boxes
from lanting.importer.acadhomepage_bibtex import bibtex_item_entry, item_lines
from lanting.importer.bibtex_js import bibtex_js_papers

ACAD_CONFIG = "title: Ada Ode\nlang: en\nauthor:\n  name: Ada Ode\n"
ITEM = """- [{title}]({url}) {venue_first}
  <div class="pub-links">
  <details class="bibtex-details">
    <summary class="bibtex-button">[BibTeX]</summary>
    <div class="bibtex-block">
      <pre><code>{bibtex}</code></pre>
  </div>
  </details>
  {links}
  </div>

  {venue}

  {authors}
"""
DETAILS_PUBS = ".<span id=\"publications\"></span>\n\n# 📝 Publications\n##  2025\n" + \
    ITEM.format(
        title="Grasping Cups Like People Do", url="https://ieeexplore.ieee.org/document/1001",
        venue_first="",
        bibtex="@ARTICLE{1001,\n   author={Guo, Ce and Ode, Ada and Xu, Bo and others},\n"
               "   journal={IEEE Transactions on Robotics}, \n   title={Grasping cups like "
               "people do},\n   year={2025},\n   volume={41},\n   number={},\n"
               "   pages={1861-1881},\n   doi={10.1109/TRO.2025.1001}\n   }",
        links='<a href="https://arxiv.org/pdf/2409.00206" class="pub-link">[PDF]</a>\n'
              '  <a href="https://cups.example.org" class="pub-link">[Web]\n  </a>',
        venue="*IEEE Transactions on Robotics (**T-RO**)*",
        authors="Ce Guo\\*, **<u>Ada Ode</u>**\\*, Bo Xu, Di Wu") + "\n" + \
    " " + ITEM.format(
        title="Seeing Through Rain With Radar", url="https://ieeexplore.ieee.org/document/1002",
        venue_first="",
        bibtex="@article{wu2024seeing,\n    title={Seeing through rain with radar},\n"
               "    author={Wu, Di and Ode, Ada},\n"
               "    journal={arXiv preprint arXiv:2406.16279},\n    year={2024}\n   }",
        links='<a href="https://ieeexplore.ieee.org/document/1002" class="pub-link">[PDF]</a>\n'
              '   <a href="https://github.com/wudi/rain">\n     <img src="https://img.shields.io/'
              'github/stars/wudi/rain?style=social&label=Code+Stars" alt="GitHub stars">\n'
              '   </a>',
        venue="*In Proc. of the IEEE Intl. Conf. on Robotics &amp; Automation **(ICRA 2024)***",
        authors="**<u>Ada Ode</u>** Di Wu.").replace("\n  ", "\n   ") + \
    "\n##  2021\n" + ITEM.format(
        title="Maps That Forget", url="https://example.org/forget.pdf",
        venue_first="",
        bibtex="@article{odemaps,\n      title={Maps That Forget},\n"
               "      author={Ode, Ada}\n    }",
        links='<a href="https://example.org/forget.pdf" class="pub-link">[PDF]</a>',
        venue="*Robotics: Science and Systems **(RSS 2021)** Pioneer Workshop*",
        authors="**<u>Ada Ode</u>**").replace("<pre><code>@", "<pre><code@") + \
    "\n<span id=\"honors\"></span>\n\n# 🎖 Honors\n\n- 2023 A prize.\n"


def test_items_holding_their_bibtex_in_details_are_publications(tmp_path: Path) -> None:
    """A roboticist's AcadHomepage writes each paper as an item holding its BibTeX in
    a `<details>` block, links as HTML (`[PDF]`, `[Web]`, a stars badge), the venue in
    italics with its abbreviation in bold, the names with the owner in `**<u>…</u>**`.
    The items were kept as written (the round before left them so, with a notice):
    no /publications/, no paper pages. Each is an entry now: the BibTeX's key, type,
    volume, pages and DOI, the page's title, names (the BibTeX's end in `others`),
    venue (a Google Scholar block calls an ICRA paper an arXiv preprint) and links."""
    imported = alfolio_import(tmp_path, {"_pages/includes/pub.md": DETAILS_PUBS},
                              ACAD_CONFIG, "---\npermalink: /\ntitle: ''\n---\n\nI study "
                              "robots.\n\n{% include_relative includes/pub.md %}\n")
    assert not imported.report.warnings
    home = imported.files["content/_index.md"]
    assert isinstance(home, str)
    assert "<details" not in home and "Grasping" not in home and "2025" not in home
    assert "# 📝 Publications" not in home and "- 2023 A prize." in home
    bib = imported.files["content/publications.bib"]
    assert isinstance(bib, str)
    assert "@article{1001," in bib and "doi" in bib and "number" not in bib
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    papers = {a.one("h3").text(): a for a in page(tmp_path / "out", "/publications/")
              .find_all("article", class_="pub")}
    assert sorted(papers) == ["Grasping Cups Like People Do", "Maps That Forget",
                              "Seeing Through Rain With Radar"]
    cups, rain, maps = (papers["Grasping Cups Like People Do"],
                        papers["Seeing Through Rain With Radar"], papers["Maps That Forget"])
    assert cups.one("span", class_="pub-authors").text() == "Ce Guo*, Ada Ode*, Bo Xu, Di Wu"
    assert cups.one("strong", class_="pub-me").text() == "Ada Ode"
    assert cups.one("abbr", class_="pub-abbr").text() == "T-RO"
    assert cups.one("p", class_="pub-venue").text() == \
        "IEEE Transactions on Robotics, 41:1861–1881, 2025"
    assert {a.text(): a["href"] for a in cups.find_all("a", class_="pub-button")} == {
        "arXiv": "https://arxiv.org/abs/2409.00206", "Website": "https://cups.example.org",
        "HTML": "https://ieeexplore.ieee.org/document/1001",
        "DOI": "https://doi.org/10.1109/TRO.2025.1001"}
    assert rain.one("span", class_="pub-authors").text() == "Ada Ode, Di Wu"
    assert rain.one("p", class_="pub-venue").text() == \
        "Proc. of the IEEE Intl. Conf. on Robotics & Automation, 2024"
    assert rain.one("abbr", class_="pub-abbr").text() == "ICRA"
    assert {a.text(): a["href"] for a in rain.find_all("a", class_="pub-button")} == {
        "PDF": "https://ieeexplore.ieee.org/document/1002",
        "Code": "https://github.com/wudi/rain"}
    assert maps.one("p", class_="pub-venue").text() == \
        "Robotics: Science and Systems Pioneer Workshop, 2021"
    assert {a.text(): a["href"] for a in maps.find_all("a", class_="pub-button")} == {
        "PDF": "https://example.org/forget.pdf"}
    selected = page(tmp_path / "out", "/").one("section", class_="selected-publications")
    assert len(selected.find_all("article", class_="pub")) == 3


def test_an_item_s_lines_and_a_details_block_without_bibtex() -> None:
    """An item runs over its indented lines and the blank ones between them, not over
    the blank lines after it nor the next item (whose marker may be indented by one
    space); a `<details>` holding an abstract, not BibTeX, makes no entry."""
    lines = ["- [A](x)", "  <div>", "", "  *V*", "", " - [B](y)", "  b", "", "text"]
    assert item_lines(lines, 0) == 4 and item_lines(lines, 5) == 2
    assert bibtex_item_entry("[A](https://x.org)\n<details><summary>Abstract</summary>"
                             "We study @home robots.</details>\n**Ada Ode**", set()) is None


def test_the_arxiv_pdf_of_an_arxiv_title_is_no_extra_link() -> None:
    """An item whose title links the paper on arXiv and whose `[PDF]` is arXiv's PDF of
    it showed that PDF again after the venue; it is the same paper's arXiv button."""
    found = bibtex_item_entry(
        "[Dense Maps](https://arxiv.org/abs/2509.06285)\n<details><summary>BibTeX</summary>"
        "<pre>@article{dense, title={Dense maps}, author={Ode, Ada}, year={2026}}</pre>"
        "</details>\n<a href=\"https://arxiv.org/pdf/2509.06285\">[PDF]</a>\n"
        "*International Journal of Maps (**IJM**)*\n**<u>Ada Ode</u>**", set())
    assert found is not None
    entry, bold = found
    assert bold == ["Ada Ode"] and entry.value("arxiv") == "2509.06285"
    assert "additional_info" not in entry.fields and entry.value("journal") == \
        "International Journal of Maps"


def test_every_year_heading_emptied_of_its_papers_goes() -> None:
    """A page of papers under a heading a year, 2019 to 2026: the headings left over
    nothing went only six at a time, and the last, before the next section's anchor
    (`<span id="educations"></span>`), stayed: an empty heading on the home page."""
    years = "".join(f"## {year}\n\n- ``CVPR {year}`` [Paper {year}](https://x.org/{year}), "
                    "**Ada Ode**\n\n" for year in range(2026, 2018, -1))
    text, count = without_paper_boxes(f"# Publications\n\n{years}<span id=\"edu\"></span>"
                                      "\n\n# Education\n\n- A degree.\n")
    assert count == 8
    assert "#" not in text.split("# Education")[0] and "<span id=\"edu\"></span>" in text


TEMPLATE = """<h1>Publications</h1>
<div id="bibtex_display">
    <div class="bibtex_template" style="display: none;">
        <ul><li>
            <span class="if title"><span class="title"></span></span>
            <div class="if author"><span class="author"></span></div>
            <span class="if journal"><em><span class="journal"></span></em>,</span>
            <span class="if !pdf">
                <a class="bibtexVar" href="pdf/+BIBTEXKEY+.pdf" extra="BIBTEXKEY">[pdf]</a>
            </span>
            {% for field in site.pub.extra_fields %}
                <span class="if {{ field }}"><a class="{{ field }}" extra="{{ field }}">
                [{{ field }}]</a></span>
            {% endfor %}
        </li></ul>
    </div>
</div>

<script src="/src/bibtex_js.js" type="text/javascript"></script>
<bibtex src="pub.bib"></bibtex>
"""
PUB_BIB = """@article{graphs_sigmod24,
  author  = {Ada Ode and Bo Xu},
  title   = {{Matching Graphs in Memory}},
  journal = {Proceedings of the ACM on Management of Data (SIGMOD)},
  volume  = {2},
  year    = {2024},
  code    = {https://github.com/ode/graphs},
}

@inproceedings{banks_isca24,
  author    = {Bo Xu and Ada Ode},
  title     = {{Talking Across Banks}},
  booktitle = {51st International Symposium on Computer Architecture (ISCA)},
  year      = {2024},
}
"""


def test_a_page_drawn_by_bibtex_js_is_the_list_of_publications(tmp_path: Path) -> None:
    """A homepage on a GitHub Pages theme lists its `.bib` with bibtex-js (`<bibtex
    src="pub.bib">` under a hidden template, each paper's PDF named by its key,
    `pdf/+BIBTEXKEY+.pdf`). The page was left out as "a listing page, which Lanting
    makes", and no list was made: every paper lost. The `.bib` is
    content/publications.bib now, the owner highlighted, a PDF the template names and
    the repository holds the paper's PDF button, and links to the old page lead to
    /publications/."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Ada Ode\nremote_theme: pages-themes/hacker@v0.2.0\n"
                       "pub:\n  extra_fields: [code, slides]\n",
        "_layouts/default.html": "{{ content }}", "index.md": "I study memory. See "
        "[my papers](/pub).\n", "pub/index.md": TEMPLATE, "pub/pub.bib": PUB_BIB,
        "pub/pdf/banks_isca24.pdf": b"%PDF-1.4\n"})
    # (the old page's link leads to Lanting's list, as a list the old theme made)
    assert [w.message for w in imported.report.warnings] == [
        "a link to `/pub`, a page left out of the import (a list the old theme made): it "
        "leads to /publications/, Lanting's list"]
    assert any("drawn by bibtex-js" in e.message for e in imported.report.entries)
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    out = tmp_path / "out"
    assert page(out, "/").one("main").find("a", href="/publications/").text() == "my papers"
    papers = {a.one("h3").text(): a for a in page(out, "/publications/")
              .find_all("article", class_="pub")}
    assert sorted(papers) == ["Matching Graphs in Memory", "Talking Across Banks"]
    graphs, banks = papers["Matching Graphs in Memory"], papers["Talking Across Banks"]
    assert [s.text() for s in graphs.find_all("strong", class_="pub-me")] == ["Ada Ode"]
    assert graphs.one("p", class_="pub-venue").text() == \
        "Proceedings of the ACM on Management of Data (SIGMOD), 2, 2024"
    assert {a.text(): a["href"] for a in graphs.find_all("a", class_="pub-button")} == {
        "Code": "https://github.com/ode/graphs"}
    assert {a.text(): a["href"] for a in banks.find_all("a", class_="pub-button")} == {
        "PDF": "/pub/pdf/banks_isca24.pdf"}
    assert (out / "pub" / "pdf" / "banks_isca24.pdf").is_file()


def test_a_bibtex_js_file_named_from_the_root(tmp_path: Path) -> None:
    """The `.bib` named from the site's root, through Liquid (`{{ "/" | relative_url
    }}assets/docs/mine.bib`), is read; a page naming a file the repository lacks, or one
    outside it, is no list of papers."""
    (tmp_path / "assets" / "docs").mkdir(parents=True)
    (tmp_path / "assets" / "docs" / "mine.bib").write_text(PUB_BIB, encoding="utf-8")
    page_path = tmp_path / "1-publications.md"
    found = bibtex_js_papers('<bibtex src="{{ "/" | relative_url }}assets/docs/mine.bib">'
                             "</bibtex>", page_path, tmp_path)
    assert found is not None and [e.key for e in found[1]] == ["graphs_sigmod24",
                                                               "banks_isca24"]
    assert bibtex_js_papers('<bibtex src="gone.bib"></bibtex>', page_path, tmp_path) is None
    assert bibtex_js_papers('<bibtex src="../x.bib"></bibtex>', page_path, tmp_path) is None


def test_a_bibtex_js_list_beside_the_site_s_own_bib_is_warned_about(tmp_path: Path) -> None:
    """An al-folio site whose papers are `_bibliography/papers.bib` and which kept an old
    bibtex-js page of another file: that file's papers are not the list, and the
    import says so at the file, where they were left out without a word."""
    imported = alfolio_import(tmp_path, {
        "_bibliography/papers.bib": "@article{own, title={Own}, author={Ode, Ada}, "
                                    "journal={J}, year={2020}}\n",
        "old/index.md": "---\ntitle: Old list\n---\n" + TEMPLATE, "old/pub.bib": PUB_BIB},
        ACAD_CONFIG + "scholar:\n  bibliography: papers\n",
        "---\npermalink: /\ntitle: ''\n---\n\nHello.\n")
    assert [(w.path, w.message.split(",")[0]) for w in imported.report.warnings] == [
        ("old/pub.bib", "its papers")]
    bib = imported.files["content/publications.bib"]
    assert isinstance(bib, str) and "@article{own," in bib and "banks" not in bib


def test_a_bibtex_js_file_loaded_by_an_include_its_pdfs_named_by_a_field(
        tmp_path: Path) -> None:
    """A linguist's site loads the `.bib` in `_includes/head.html` for pages that ask
    (`{% if page.usebibtex %}<bibtex src=…>`); the publications page holds only the
    template, whose PDF link is named by each entry's `note` (`assets/docs/+NOTE+`).
    The page was kept, showing nothing but its title, and its `+URL+` link warned
    about. The file's papers are the list; a `note` naming a PDF the repository holds
    is the paper's PDF, no note."""
    bib = PUB_BIB.replace("  year      = {2024},\n}", "  year      = {2024},\n"
                          "  note      = {banks.pdf},\n}")
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Ada Ode\n", "_layouts/default.html": "{{ content }}",
        "_includes/head.html": "{% if page.usebibtex %}\n<bibtex src=\"{{ \"/\" | "
                               "relative_url }}assets/docs/mine.bib\"></bibtex>\n{% endif %}\n",
        "index.md": "---\nlayout: default\n---\nHello.\n",
        "publications.md": "---\nlayout: default\ntitle: Publications\npermalink: "
                           "/publications/\nusebibtex: true\n---\n\n# {{ page.title }}\n\n"
                           "<div id=\"bibtex_display\"></div>\n<div class=\"bibtex_template\" "
                           "style=\"display: none;\"><span class=\"if note\"><a class=\""
                           "bibtexVar\" href=\"{{ '/' | relative_url }}assets/docs/+NOTE+\" "
                           "extra=\"note\">[PDF]</a></span><span class=\"if url\"><a href=\""
                           "+URL+\">[WEB]</a></span></div>\n",
        "assets/docs/mine.bib": bib, "assets/docs/banks.pdf": b"%PDF-1.4\n"})
    assert not imported.report.warnings
    bib_text = imported.files["content/publications.bib"]
    assert isinstance(bib_text, str) and "note" not in bib_text
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    papers = {a.one("h3").text(): a for a in page(tmp_path / "out", "/publications/")
              .find_all("article", class_="pub")}
    assert sorted(papers) == ["Matching Graphs in Memory", "Talking Across Banks"]
    assert {a.text(): a["href"] for a in papers["Talking Across Banks"].find_all(
        "a", class_="pub-button")} == {"PDF": "/assets/docs/banks.pdf"}


PAPERMOD_PUB = """---
title: "{title}"
date: 2023-11-30
venue: {venue}
authors:
  - name: Bo Xu
    home: https://boxu.example.org
  - name: <strong>Ada Ode</strong>
    home: "#"
  - name: Cy Zed
selected: true
arxiv: https://arxiv.org/abs/2311.00001
{more}---
"""


def test_papermod_academics_papers_are_publications(tmp_path: Path) -> None:
    """Hugo PaperMod-Academics keeps each paper as a page of `content/pubs/` whose front
    matter is the paper (`venue: CVPR 2024`, `authors` of `{name, home}`, the owner's
    name in `<strong>`, `arxiv`, `page`, `code`, `video`, `paper`, `cover.image`,
    `selected`). They were imported as pages, their venue, authors and links left out
    (a notice each), and the menu's Publications entry with them. They are entries of
    content/publications.bib now: the venue's year (not the preprint's date), a
    distinction written with it (`<b …>(spotlight)</b>`) the award, the cover the
    picture, the owner highlighted; the section's list page and the menu lead to
    /publications/."""
    source = tmp_path / "old"
    write_files(source, {
        "hugo.yaml": "baseURL: https://ode.example.org/\ntitle: Ada Ode\ntheme: PaperMod\n"
                     "params:\n  ShowOnlySelectedPubs: true\nmenu:\n  main:\n"
                     "    - name: Publications\n      url: /pubs/\n      weight: 1\n",
        "content/pubs/_index.md": "---\ntitle: Publications\nlayout: publications\n---\n",
        "content/pubs/01-dense.md": PAPERMOD_PUB.format(
            title="Dense Prediction With a Prior", venue="CVPR 2024",
            more="page: https://ode.example.org/dense\ncode: https://github.com/ode/dense\n"
                 "video: https://www.youtube.com/watch?v=abc\ncover:\n  image: "
                 "imgs/dense.png\n"),
        "content/pubs/02-video.md": PAPERMOD_PUB.format(
            title="Decoupled Video Questions",
            venue='BMVC 2022 <b style="color:blueviolet">(spotlight)</b>',
            more="paper: https://example.org/video.pdf\n"),
        "content/posts/hello.md": "---\ntitle: Hello\ndate: 2024-01-01\n---\nHi.\n",
        "static/imgs/dense.png": png(8, 8)})
    imported = import_site(source, tmp_path / "new", "hugo", False, NOW)
    assert not imported.report.warnings
    assert not [e for e in imported.report.entries if "content/pubs/0" in str(e.path)]
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    out = tmp_path / "out"
    assert page(out, "/pubs/").one("p").one("a")["href"] == "/publications/"
    assert page(out, "/").one("nav").find("a", href="/publications/").text() == "Publications"
    papers = {a.one("h3").text(): a for a in page(out, "/publications/")
              .find_all("article", class_="pub")}
    assert sorted(papers) == ["Decoupled Video Questions", "Dense Prediction With a Prior"]
    dense, video = papers["Dense Prediction With a Prior"], papers["Decoupled Video Questions"]
    assert dense.one("p", class_="pub-venue").text() == "CVPR, 2024"
    assert [s.text() for s in dense.find_all("strong", class_="pub-me")] == ["Ada Ode"]
    assert dense.one("span", class_="pub-authors").text() == "Bo Xu, Ada Ode, Cy Zed"
    assert {a.text(): a["href"] for a in dense.find_all("a", class_="pub-button")} == {
        "arXiv": "https://arxiv.org/abs/2311.00001", "Code": "https://github.com/ode/dense",
        "Video": "https://www.youtube.com/watch?v=abc",
        "Website": "https://ode.example.org/dense"}
    assert dense.one("img", class_="pub-preview")["src"] == "/imgs/dense.png"
    # (the co-authors' `home` pages: links of their names, the owner's `#` none)
    assert dense.one("span", class_="pub-authors").find("a", href="https://boxu.example.org"
                                                        ).text() == "Bo Xu"
    assert imported.files["content/coauthors.yml"] == \
        '"xu":\n  - firstname: ["Bo"]\n    url: "https://boxu.example.org"\n'
    assert video.one("p", class_="pub-venue").text().startswith("BMVC, 2022")
    assert "Spotlight" in video.text() and "blueviolet" not in video.text()
    assert {a.text(): a["href"] for a in video.find_all("a", class_="pub-button")} == {
        "arXiv": "https://arxiv.org/abs/2311.00001", "PDF": "https://example.org/video.pdf"}


JEMDOC_INDEX = """# jemdoc: menu{MENU}{index.html}
= Ada Ode

~~~
{}{img_left}{photo.jpg}{Ada Ode}{160}{200}
I study memory. [pubs.html Publications].
~~~
"""


def test_a_jemdoc_homepage_is_warned_about(tmp_path: Path) -> None:
    """A jemdoc homepage (`index.jemdoc`, `MENU`, the HTML jemdoc made) with a README was
    read as a folder of notes: its home page was lost with one notice ("left out:
    Lanting makes its own index.html"), its `.jemdoc` pages copied without a word. The
    import warns, at `index.jemdoc`, naming its pages and what to do; the HTML pages
    jemdoc made are kept. Without a README, the import stops with the same advice
    (it said only what it looked for)."""
    source = tmp_path / "old"
    write_files(source, {"README.md": "# My homepage\n\nBuilt with jemdoc.\n",
                         "MENU": "Ada Ode\n  Home [index.html]\n  Papers [pubs.html]\n",
                         "index.jemdoc": JEMDOC_INDEX, "pubs.jemdoc": "= Papers\n",
                         "index.html": "<html><head><meta name=\"generator\" content=\"jemdoc, "
                                       "see http://jemdoc.jaboc.net/\" /></head></html>\n",
                         "pubs.html": "<html><body>Papers</body></html>\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    warned = [(w.path, w.message) for w in imported.report.warnings]
    assert len(warned) == 1 and warned[0][0] == "index.jemdoc"
    assert "its 2 page(s) (`index.jemdoc`, `pubs.jemdoc`)" in warned[0][1]
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert (tmp_path / "out" / "pubs.html").is_file()
    (source / "README.md").unlink()
    with pytest.raises(UsageError, match="is a jemdoc site"):
        import_site(source, tmp_path / "new2", None, False, NOW)

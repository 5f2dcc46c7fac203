"""Faults real Jekyll sites exposed (a sweep of al-folio homepages of ML researchers
and of Chinese ML blogs), in small sites written here."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from importbits import NOW, alfolio_import, messages, page
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site

CONFIG = "title: Wen Lee\nfirst_name: Wen\nlast_name: Lee\nlang: en\n"
ABOUT = "---\nlayout: about\ntitle: about\npermalink: /\n---\n\nI study flow matching.\n"
PROJECT_PAGE = """---
layout: none
sitemap: false
---

<!doctype html>
<html lang="en">
<head><title>Steady Flows</title><link rel="stylesheet" href="assets/page.css"></head>
<body><h1>Steady Flows</h1><p>Code and videos of our paper.</p></body>
</html>
"""


def test_a_paper_page_in_html_of_its_own_is_copied(tmp_path: Path) -> None:
    """A paper's project page, `steady/index.html`, a whole HTML document under
    `layout: none` front matter (Jekyll wrote it as it is): it was left out with a
    warning ("copy its text into a Markdown page"), and the publication's website
    link to it broke. It is copied without its front matter, its styles beside it."""
    imported = alfolio_import(tmp_path, {"steady/index.html": PROJECT_PAGE,
                                         "steady/assets/page.css": "h1 { margin: 0 }\n"},
                              CONFIG, ABOUT)
    assert messages(imported, "_config.yml") == []
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    written = (out / "steady" / "index.html").read_text(encoding="utf-8")
    assert written.startswith("<!doctype html>") and "sitemap" not in written
    assert (out / "steady" / "assets" / "page.css").is_file()


def test_a_page_the_theme_renders_is_still_reported(tmp_path: Path) -> None:
    """Liquid in such a page (or a layout of the theme) means Jekyll filled it in: it is
    not what the old site served, so it stays a warning to copy by hand."""
    filled = PROJECT_PAGE.replace("Code and videos", "{{ site.title }}'s code")
    imported = alfolio_import(tmp_path, {"steady/index.html": filled}, CONFIG, ABOUT)
    [warning] = messages(imported, "_config.yml")
    assert "`steady/index.html`" in warning
    assert not (imported.dest / "static" / "steady" / "index.html").exists()


def test_a_tutorial_in_html_of_its_own_under_pages(tmp_path: Path) -> None:
    """academicpages' `_pages/guide.html`, a whole document under `layout: null` and
    `permalink: /guide/` (a tutorial written in HTML of its own): "not imported" with a
    warning; it is at /guide/ as Jekyll wrote it. One at a URL Lanting makes (/search/)
    stays a warning: two sources of one URL stop a build."""
    guide = PROJECT_PAGE.replace("layout: none\nsitemap: false", "layout: null\n"
                                 "title: 入门教程\npermalink: /guide/")
    search = guide.replace("/guide/", "/search/")  # (Lanting's own page: not taken)
    imported = alfolio_import(tmp_path, {"_pages/guide.html": guide,
                                         "_pages/search.html": search}, CONFIG, ABOUT)
    assert messages(imported, "_pages/guide.html") == []
    assert "not imported" in messages(imported, "_pages/search.html")[0]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    written = (out / "guide" / "index.html").read_text(encoding="utf-8")
    assert written.startswith("<!doctype html>") and "入门教程" not in written


def test_a_placeholder_anchor_link_is_not_taken_for_a_longer_id(tmp_path: Path) -> None:
    """A reinforcement-learning post's contents list links the chapters not written yet
    to `#sec:`; the written ones have `<span id="sec:notation"></span>`. `#sec:` was
    taken for an id of the page (the word boundary after `:`), and the build stopped at
    seven dead links. Each is its text, with a warning; the real one stays a link."""
    post = ("---\ntitle: 强化学习入门\n---\n\n- [符号定义](#sec:notation)\n"
            "- [值迭代方法](#sec:)\n\n<span id=\"sec:notation\"></span>\n## 符号定义\n\n"
            "状态 $s$, 动作 $a$.\n")
    imported = alfolio_import(tmp_path, {"_posts/2025-02-22-rl.md": post}, CONFIG, ABOUT)
    assert messages(imported, "_posts/2025-02-22-rl.md") == [
        "link `#sec:`: no heading or anchor of the page has that id (a dead link of the "
        "old site): its text kept, without the link"]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    text = (out / "posts" / "rl" / "index.html").read_text(encoding="utf-8")
    assert 'href="#sec:notation"' in text and "值迭代方法" in text


MERMAID_LAYOUT = """<html><body>{{ content }}
<script src="https://cdn.example.org/npm/mermaid@11/dist/mermaid.min.js"></script>
<script>mermaid.initialize({ startOnLoad: false });</script></body></html>
"""


def test_a_layout_that_loads_mermaid_draws_the_diagrams(tmp_path: Path) -> None:
    """A blog on medical image segmentation loads Mermaid in its own `_layouts/post.html`
    (no `mermaid: true` anywhere): its 74 diagrams were shown as code, a warning each."""
    post = ("---\nlayout: post\ntitle: U-Net\n---\n\n```mermaid\ngraph LR\n"
            "  A[编码器] --> B[解码器]\n```\n")
    source = tmp_path / "old"
    write_files(source, {"_config.yml": "title: 分割笔记\nlang: zh\n",
                         "_layouts/post.html": MERMAID_LAYOUT,
                         "_posts/2024-03-01-unet.md": post})
    imported = import_site(source, tmp_path / "new", "jekyll", False, NOW)
    config = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert "mermaid = " in config
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()


def test_a_layout_asking_each_post_draws_only_where_asked(tmp_path: Path) -> None:
    """The same script inside `{% if page.mermaid %}` drew only the posts that ask."""
    layout = MERMAID_LAYOUT.replace("<script src", "{% if page.mermaid %}<script src", 1)
    source = tmp_path / "old"
    write_files(source, {"_config.yml": "title: Notes\nlang: en\n",
                         "_layouts/post.html": layout.replace("</script>\n<script>",
                                                              "</script>{% endif %}\n<script>"),
                         "_posts/2024-03-01-a.md": "---\ntitle: A\n---\n\nText.\n"})
    imported = import_site(source, tmp_path / "new", "jekyll", False, NOW)
    assert "mermaid" not in (imported.dest / "lanting.toml").read_text(encoding="utf-8")


def test_text_captured_for_a_box_of_a_callout_type(tmp_path: Path) -> None:
    """A professor's bilingual post captures a tip and shows it with the site's own
    `{% include infobox.html title="…" type="tip" body=x %}`: the text was kept plain,
    with a warning, the box gone. A `type` that names a callout (tip, note, warning,
    info, …) makes it that callout, titled; another type stays plain text."""
    infobox = ("<div class=\"infobox infobox--{{ include.type }}\"><p>{{ include.title }}"
               "</p>{{ include.body | markdownify }}</div>\n")
    post = ("---\ntitle: 智能债\n---\n\n{% capture tip_zh %}\n- **保持简洁**：两种语言对照。\n"
            "{% endcapture %}\n{% include infobox.html title=\"小提示\" type=\"tip\" "
            "body=tip_zh %}\n\n{% capture odd %}\nPlain words.\n{% endcapture %}\n"
            "{% include infobox.html type=\"fancy\" body=odd %}\n")
    imported = alfolio_import(tmp_path, {"_includes/infobox.html": infobox,
                                         "_posts/2025-09-20-debt.md": post}, CONFIG, ABOUT)
    [warning] = messages(imported, "_posts/2025-09-20-debt.md")
    assert "`infobox.html` showed the text captured before it" in warning
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    doc = parse_html((out / "posts" / "debt" / "index.html").read_text(encoding="utf-8"))
    [callout] = [e for e in doc.find_all(class_="callout")]
    assert "callout-tip" in callout.classes and "小提示" in callout.text()
    assert "保持简洁" in callout.text() and "Plain words." not in callout.text()
    assert "Plain words." in doc.text()


MINIMAL_LIGHT_PAPERS = """main:

  - title: "Paged Caches: Serving Long Contexts"
    authors: Wen Lee, <strong>Min Zhou</strong>, and Kai Ode
    conference_short: OSDI
    conference: USENIX Symposium on Operating Systems Design and Implementation (OSDI) 2024
    pdf: https://arxiv.org/abs/2401.00001
    code: https://github.com/example/paged
    image: ./assets/img/paged.png
    media_report: https://news.example.org/paged

  - title: A Note on Routing
    authors: <strong>Min Zhou</strong>
    conference: arXiv preprint
    # pdf: https://arxiv.org/abs/2402.00002
"""
MINIMAL_LIGHT_LIST = """<h2 id="publications">Publications</h2>
{% for link in site.data.publications.main %}
<div class="title"><a href="{{ link.pdf }}">{{ link.title }}</a></div>
{% endfor %}
"""


def test_minimal_light_publications_of_its_data_file(tmp_path: Path) -> None:
    """A minimal-light homepage keeps its papers in `_data/publications.yml` and shows
    them with `{% include_relative _includes/publications.md %}` (a loop over that
    data): the import left the tag in a comment, with a warning, and the papers were
    gone. They are content/publications.bib (all selected, as the old home page listed
    them all; the owner, in bold there, highlighted). A tag inside an HTML comment
    (`<!-- {% include_relative … %} -->`) stays there: left in a comment of its own,
    it ended the first early and ` -->` showed on the page."""
    index = ("---\nlayout: homepage\n---\n\n## About Me\n\nI work on serving systems.\n\n"
             "{% include_relative _includes/publications.md %}\n\n"
             "<!-- {% include_relative _includes/services.md %} -->\n")
    source = tmp_path / "old"
    write_files(source, {"_config.yml": "title: Min Zhou\nlang: en\n"
                         "remote_theme: yaoyao-liu/minimal-light\n",
                         "index.md": index, "_data/publications.yml": MINIMAL_LIGHT_PAPERS,
                         "_includes/publications.md": MINIMAL_LIGHT_LIST,
                         "_includes/services.md": "## Services\n",
                         "assets/img/paged.png": png(8, 8)})
    imported = import_site(source, tmp_path / "new", "jekyll", False, NOW)
    assert [(e.severity, e.line) for e in imported.report.entries
            if e.path == "index.md" and "publications" in e.message] == [("notice", 9)]
    assert not imported.report.warnings
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "author          = {Wen Lee and Min Zhou and Kai Ode}" in bib
    assert "preview         = {/assets/img/paged.png}" in bib
    assert "abbr            = {OSDI}" in bib and "year            = {2024}" in bib
    config = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert 'highlight_names = ["Min Zhou"]' in config
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    home = page(out, "/")
    assert "Paged Caches: Serving Long Contexts" in home.text()
    assert "A Note on Routing" in home.text() and "-->" not in home.text()
    listed = page(out, "/publications/").one("main")
    assert [s.text() for s in listed.find_all("strong")][:1] == ["Min Zhou"]
    assert "Media report" in listed.text()


def test_minimal_light_data_beside_a_publications_page_of_its_own(tmp_path: Path) -> None:
    """A page of the owner's own text at /publications/ keeps that URL: the data's
    papers are left out, with a warning (two claims on one URL stop a build)."""
    own = ("---\nlayout: page\ntitle: Publications\npermalink: /publications/\n---\n\n"
           "My papers, written out by hand: Paged Caches (OSDI 2024), A Note on Routing.\n")
    source = tmp_path / "old"
    write_files(source, {"_config.yml": "title: Min Zhou\nlang: en\n", "index.md":
                         "---\nlayout: homepage\n---\n\nHello.\n", "publications.md": own,
                         "_data/publications.yml": MINIMAL_LIGHT_PAPERS})
    imported = import_site(source, tmp_path / "new", "jekyll", False, NOW)
    [warning] = [e.message for e in imported.report.warnings]
    assert "keeps /publications/" in warning
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_alfolio_teaching_page_of_the_courses_include(tmp_path: Path) -> None:
    """al-folio 0.14's /teaching/ page shows `_teachings/` with `{% include
    courses.liquid %}` (the include loops over the collection): the page was kept,
    the include left in a comment, and the courses left out because "the site's own
    page keeps /teaching/". The page gives way to Lanting's list of the courses."""
    teaching = ("---\nlayout: page\npermalink: /teaching/\ntitle: teaching\nnav: true\n"
                "calendar: true\n---\n\nMy courses, by term.\n\n"
                "{% include calendar.liquid calendar_id='lab@example.org' %}\n\n"
                "{% include courses.liquid %}\n")
    course = ("---\nlayout: course\ntitle: 机器学习系统\nterm: Fall\nyear: 2025\n"
              "description: Serving and training at scale.\n---\n\nWeekly readings.\n")
    imported = alfolio_import(tmp_path, {"_pages/teaching.md": teaching,
                                         "_teachings/mlsys.md": course}, CONFIG, ABOUT)
    assert messages(imported, "_pages/teaching.md") == [
        "left out: the list of `_teachings/` at /teaching/, which Lanting makes"]
    assert not [e for e in imported.report.warnings if e.path == "_teachings"]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert "机器学习系统" in page(out, "/teaching/").text()


def test_alfolio_1_reads_dollar_math_from_its_al_math_gem(tmp_path: Path) -> None:
    """al-folio 1.x keeps its theme in gems (no `_includes/` or `assets/js/` in the
    site); its `al_math` plugin's MathJax reads `$…$` as inline math. The import saw no
    setup, took `$ e^{i\\theta} $` for dollar signs, escaped them, and the build warned of
    TeX left in the page. `enable_math: false` turns it off."""
    config = CONFIG + "plugins:\n  - jekyll-scholar\n  - al_math\nenable_math: true\n"
    post = ("---\nlayout: post\ntitle: Euler\n---\n\nEuler's formula "
            "$ e^{i \\theta} = \\cos \\theta + i \\sin \\theta $ on the circle.\n")
    imported = alfolio_import(tmp_path, {"_config.yml": config,
                                         "_posts/2025-01-02-euler.md": post}, CONFIG, ABOUT)
    out = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert out.warnings == ()
    assert page(out.output, "/posts/euler/").one("article").find("math") is not None
    off = alfolio_import(tmp_path / "off", {"_config.yml": config.replace(
        "enable_math: true", "enable_math: false"), "_posts/2025-01-02-euler.md": post},
        CONFIG, ABOUT)
    text = (off.dest / "content" / "posts" / "euler.md").read_text(encoding="utf-8")
    assert "\\$ e^{i" in text


BIO_LAYOUT = """---
layout: base
---
<h2>Noor Haddad</h2>
<h3>Positions</h3>
<ul class="plain">
    <li><b>2019-now</b>: Professor of acoustics, <a href="https://uni.example.edu">Example
        University</a></li>
    <li><b>2012-2019</b>: Research engineer at a sonar company</li>
</ul>
<p>I also build
   violins.</p>
"""


def test_a_page_whose_text_is_its_own_layout_s(tmp_path: Path) -> None:
    """A group's `bio.md` was front matter alone (`layout: bio`); the biography was
    written in `_layouts/bio.html`, which has no place for a page's text. The page was
    left out as having no text of its own. The layout's text is its text, its HTML as
    an HTML page's; a layout that shows a page's `{{ content }}` is no page's text."""
    source = tmp_path / "old"
    write_files(source, {
        "_config.yml": "title: Sound Lab\nlang: en\n",
        "Gemfile": 'gem "jekyll"\n',
        "_layouts/base.html": "<html><body>{{ content }}\n<footer>Sound Lab, a group of "
                              "people who listen very carefully to things.</footer>"
                              "</body></html>\n",
        "_layouts/bio.html": BIO_LAYOUT,
        "bio.md": "---\nlayout: bio\ntitle: Bio\npermalink: /bio/\n---\n",
        "empty.md": "---\nlayout: base\ntitle: Empty\n---\n",
        "index.md": "---\nlayout: base\n---\nWe listen.\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    bio = (imported.dest / "content" / "pages" / "bio.md").read_text(encoding="utf-8")
    assert "Professor of acoustics" in bio and "I also build\nviolins." in bio
    assert not (imported.dest / "content" / "pages" / "empty.md").exists()
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    html = (out / "bio" / "index.html").read_text(encoding="utf-8")
    assert "<li><b>2012-2019</b>: Research engineer" in html
    assert "<p>I also build\nviolins.</p>" in html


HERO_HOME = """---
layout: base
---
{% assign intro = site.data.intro %}
<section class="intro">
<p class="lede">{{ intro.lede }}</p>
<dl><dt>Lead</dt><dd>{{ intro.lead.name }} <small>{{ intro.lead.role }}</small></dd></dl>
<a class="btn" href="{{ intro.call.href }}">{{ intro.call.label }}</a>
<p>Founded in {{ site.data.intro.founded }}.</p>
</section>
"""


def test_values_of_data_files_are_filled_in(tmp_path: Path) -> None:
    """A group's home page gave its data file a name (`{% assign hero = site.data.hero
    %}`) and printed its words through it (`{{ hero.pi.name }}`): each value was left in
    a comment with a warning, the `assign` removed with another, and a button's
    `href="{{ hero.cta.href }}"` became a comment in an attribute, a broken link that
    stopped the build. The values the data file gives are filled in, through a name or
    written in full."""
    source = tmp_path / "old"
    write_files(source, {
        "_config.yml": "title: Wave Lab\nlang: en\n",
        "Gemfile": 'gem "jekyll"\n',
        "_layouts/base.html": "<html><body>{{ content }}</body></html>\n",
        "_data/intro.yml": "lede: We study <em>waves</em> that break.\nlead:\n  name: Ines Oro\n"
                           "  role: Professor\ncall:\n  label: Our research\n"
                           "  href: /research/\nfounded: 2019\n",
        "research.md": "---\nlayout: base\ntitle: Research\npermalink: /research/\n---\n\n"
                       "Breaking waves.\n",
        "index.html": HERO_HOME})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert not [e for e in imported.report.entries if e.severity == "warning"]
    home = (imported.dest / "content" / "_index.md").read_text(encoding="utf-8")
    assert "We study <em>waves</em> that break." in home
    assert "Ines Oro <small>Professor</small>" in home and "Founded in 2019." in home
    assert "assign" not in home
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    html = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="/research/">Our research</a>' in html


def test_people_looped_over_through_a_name_are_people(tmp_path: Path) -> None:
    """A group's team page named its data file (`{% assign team = site.data.team %}`)
    and looped over `team.present`: the loop was left out with a warning, and no person
    was imported. The loop is read as one over `site.data.team.present`: its people
    are content/people/."""
    source = tmp_path / "old"
    write_files(source, {
        "_config.yml": "title: Wave Lab\nlang: en\n",
        "Gemfile": 'gem "jekyll"\n',
        "_layouts/base.html": "<html><body>{{ content }}</body></html>\n",
        "_data/team.yml": "present:\n  - name: Ines Oro\n    role: Professor\n"
                          "  - name: Tao Rell\n    role: PhD student\n",
        "team.md": "---\nlayout: base\ntitle: Team\npermalink: /team/\n---\n"
                   "{% assign team = site.data.team %}\n<h2>Present team</h2>\n"
                   "{% for m in team.present %}\n<article><h3>{{ m.name }}</h3>"
                   "<p>{{ m.role }}</p></article>\n{% endfor %}\n",
        "index.md": "---\nlayout: base\n---\nWe listen.\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    people = sorted(p.stem for p in (imported.dest / "content" / "people").glob("*.md"))
    assert people == ["ines-oro", "tao-rell"]


def test_a_tie_escaped_in_dollar_math_is_a_tie(tmp_path: Path) -> None:
    """An optimization post wrote `$(x^\\*,\\~s^\\*)$` for kramdown's GFM input, which
    unescaped `\\~` (MathJax got `~`, a space); the import undid `\\*` but not `\\~`, a text
    accent to TeX, and the build stopped: "Not valid in math mode"."""
    config = CONFIG + "plugins:\n  - al_math\nenable_math: true\n"
    post = ("---\nlayout: post\ntitle: Barrier\n---\n\nAt a solution point "
            "$(x^\\*,\\~s^\\*)$ the equations hold.\n")
    imported = alfolio_import(tmp_path, {"_config.yml": config,
                                         "_posts/2025-01-02-barrier.md": post}, CONFIG, ABOUT)
    text = (imported.dest / "content" / "posts" / "barrier.md").read_text(encoding="utf-8")
    assert "$(x^*,~s^*)$" in text
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


PAPERS_PAGE = """---
title: Papers
permalink: /papers/
---

<div class="paper" markdown="1">
<div class="topic">acoustics</div>
<span class="title">**Listening to Breaking Waves**</span> <br />
<span class="links">[preprint](https://arxiv.org/abs/2401.00003) -
[code](https://code.example.org/waves)</span>
</div>
"""


def test_markdown_after_an_html_line_in_a_markdown_div_is_read(tmp_path: Path) -> None:
    """A publication list wrote each paper as `<div class="paper" markdown="1">`, a
    one-line `<div>` first, then lines of `<span>`s holding Markdown: kramdown read the
    Markdown (the title in bold, the links); Lanting's HTML block ran from the `<div>` line
    on, and each paper's title and links showed as written, a warning each."""
    imported = alfolio_import(tmp_path, {"_pages/papers.md": PAPERS_PAGE}, CONFIG, ABOUT)
    out = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert out.warnings == ()
    paper = page(out.output, "/papers/").one("div", class_="paper")
    assert paper.one("strong").text() == "Listening to Breaking Waves"
    assert [a["href"] for a in paper.find_all("a")] == [
        "https://arxiv.org/abs/2401.00003", "https://code.example.org/waves"]

"""Faults real Jekyll sites exposed (a sweep of an English ML blog with figure `<div>`s,
a project's engineering blog, a course-notes site of collections, a systems blog kept
under `source: src`), in small sites written here."""

from __future__ import annotations

import datetime as dt
import re
import tomllib
from pathlib import Path

from htmltree import parse_html
from importbits import jekyll_site, redirect_target
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, detect, import_site
from lanting.importer.common import Options

NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))


def built(tmp_path: Path, imported: Imported) -> Path:
    return build(imported.dest, BuildOptions(output=tmp_path / "out")).output  # (errors raise)


def test_a_posts_summary_key_is_its_summary(tmp_path: Path) -> None:
    """An engineering blog on minima writes a `summary:` (its SEO text, checked by a
    script) in each of its 125 posts: the import left it out with a notice, each post
    losing the summary written for it."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Blog\nlang: en\n",
        "_posts/2025-09-05-anatomy.md": "---\nlayout: post\ntitle: Anatomy\nsummary: >-\n"
                                         "  How the engine schedules and caches.\n---\n\n"
                                         "Body.\n"})
    text = (imported.dest / "content/posts/anatomy.md").read_text(encoding="utf-8")
    assert 'summary: "How the engine schedules and caches."' in text \
        or "summary: How the engine schedules and caches." in text
    assert not any("`summary`" in e.message for e in imported.report.entries)
    page = (built(tmp_path, imported) / "posts/anatomy/index.html").read_text(encoding="utf-8")
    assert 'content="How the engine schedules and caches."' in page


def test_double_brackets_inside_a_figures_html_stay_brackets(tmp_path: Path) -> None:
    """An ML blog captions its figures in `<div class="thecap">` text, one saying the
    model is "inside the [[ ]] markdown environment". The import escaped the brackets as
    `\\[[`, which an HTML block does not read: the page showed the backslash."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Blog\nlang: en\n",
        "_posts/2015-05-21-rnn.md": "---\ntitle: RNN\n---\n\n"
                                     "In prose, [[ ]] stays too.\n\n"
                                     '<div class="imgcap">\n<div class="thecap">\n'
                                     "The neuron is inside the [[ ]] environment.\n"
                                     "</div>\n</div>\n"})
    page = (built(tmp_path, imported) / "posts/rnn/index.html").read_text(encoding="utf-8")
    root = parse_html(page)
    caption = root.one("div", class_="thecap")
    assert caption.text() == "The neuron is inside the [[ ]] environment."
    assert "In prose, [[ ]] stays too." in root.one("main").text()
    assert "\\[" not in root.one("main").text()


def test_the_site_under_source_of_config(tmp_path: Path) -> None:
    """A systems blog keeps `_config.yml` at the root and the site in `src/`
    (`source: src`). Read from the root, every post had the category `src` and an old
    URL under `/src/`, and its images, under `src/assets/`, were not at their URLs."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Blog\nlang: en\nsource: src\npermalink: /:title:output_ext\n",
        "README.md": "# The repository\n",
        "src/_posts/2020-05-06-docker-mounts.md": "---\ntitle: Docker mounts\n---\n\n"
                                                  "![Services](/assets/img/services.png)\n",
        "src/about.md": "---\ntitle: About\n---\n\nMe.\n",
        "src/assets/img/services.png": png(8, 8)})
    text = (imported.dest / "content/posts/docker-mounts/index.md").read_text(encoding="utf-8")
    assert "categories" not in text and 'aliases: ["/docker-mounts.html"]' in text
    assert (imported.dest / "content/pages/about.md").is_file()
    assert not list(imported.dest.glob("content/pages/readme*"))
    out = built(tmp_path, imported)
    page = parse_html((out / "posts/docker-mounts/index.html").read_text(encoding="utf-8"))
    assert page.one("main").find("img") is not None
    assert (out / "docker-mounts.html").is_file()


def test_collections_jekyll_published_are_posts_and_pages(tmp_path: Path) -> None:
    """A course-notes site keeps each course's lecture notes in a collection Jekyll
    published (`collections: {orf309: {output: true}}`), listed by `orf309/index.html`;
    a blog keeps its notes in `_notes/`, linked with `{% link %}`. Both were left out
    with a warning: the whole site's text was gone, and the link stopped the build."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\ncollections:\n  orf309:\n    output: true\n"
                       "  notes:\n    output: true\n  drafts_box:\n    output: false\n",
        "orf309/index.html": "---\ntitle: ORF 309\n---\n\n<table>\n"
                             "{% for lecture in site.orf309 %}<tr><td>{{ lecture.title }}"
                             "</td></tr>{% endfor %}\n</table>\n",
        "_orf309/20170206_lecture1.md": "---\ntitle: Introduction\nnumber: 1\n"
                                        "date: 2017-02-06\n---\n\nThe sample space "
                                        "$$\\Omega$$.\n",
        "_orf309/20170208_lecture2.md": "---\ntitle: Counting\ndate: 2017-02-08\n---\n\n"
                                        "Permutations.\n",
        "_notes/gdb.md": "---\ntitle: GDB\n---\n\nBreakpoints.\n",
        "_notes/bash.html": "---\ntitle: Bash\n---\n\n<p>Quoting.</p>\n",
        "_drafts_box/idea.md": "---\ntitle: Idea\n---\n\nLater.\n",
        "_posts/2022-09-07-sleep.md": "---\ntitle: Sleep\n---\n\nSee [my notes]"
                                      "({% link _notes/gdb.md %}).\n"})
    lecture = (imported.dest / "content/posts/20170206-lecture1.md").read_text(encoding="utf-8")
    assert "series: ORF 309" in lecture or 'series: "ORF 309"' in lecture
    assert 'aliases: ["/orf309/20170206_lecture1.html"]' in lecture
    note = (imported.dest / "content/pages/gdb.md").read_text(encoding="utf-8")
    assert 'aliases: ["/notes/gdb.html"]' in note
    reported = {(e.severity, e.path) for e in imported.report.entries
                if "collection" in e.message}
    assert ("warning", "_drafts_box") in reported
    assert any(e.severity == "warning" and e.path == "_notes/bash.html"
               for e in imported.report.entries)
    assert not any(path in ("_orf309", "_notes") and severity == "warning"
                   for severity, path in reported)
    out = built(tmp_path, imported)
    assert (out / "orf309/20170206_lecture1.html").is_file()
    assert (out / "notes/gdb.html").is_file()
    post = parse_html((out / "posts/sleep/index.html").read_text(encoding="utf-8"))
    assert post.one("main").find("a", href="/gdb/") is not None
    series = parse_html((out / "posts/20170206-lecture1/index.html").read_text(
        encoding="utf-8"))
    assert "Counting" in series.one("main").text()


def test_a_lab_sites_papers_by_year_in_its_data(tmp_path: Path) -> None:
    """A lab site lists its papers in `_data/publications.yml` by year (`- year: 2025` /
    `items:`, each with `authors`, `venue` and `links:` of a `label` and a `url`), shown
    by its `publications.md` loop. The page was left out as "a listing page, which
    Lanting makes", with a notice, and the papers with it: /publications/ was empty."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Lab\nlang: en\n",
        "_data/publications.yml": """\
            - year: 2025
              items:
                - title: "Caching Keys and Values by Layer"
                  authors: "Ann Lee, Bo Chen, and Cy Park"
                  venue: "In the Conference on Language Modeling 2025"
                  links:
                    - label: "Paper"
                      url: "https://arxiv.org/pdf/2406.00001"
                    - label: "Code"
                      url: "https://github.com/lab/kv"
                    - label: "Demo"
                      url: "https://lab.example/kv"
            - year: 2024
              items:
                - title: "Steering by Editing"
                  authors: "Bo Chen and Cy Park"
                  venue: "ICLR"
            """,
        "publications.md": "---\nlayout: page\ntitle: Publications\n---\n\n"
                           "{% for block in site.data.publications %}\n### {{ block.year }}\n"
                           "{% for it in block.items %}\n<div>{{ it.title }}</div>\n"
                           "{% endfor %}\n{% endfor %}\n"})
    bib = (imported.dest / "content/publications.bib").read_text(encoding="utf-8")
    assert bib.count("@inproceedings{") == 2
    fields = re.findall(r"^  (\w+) += \{(.*)\},$", bib, re.MULTILINE)
    assert ("pdf", "https://arxiv.org/pdf/2406.00001") in fields
    assert ("code", "https://github.com/lab/kv") in fields
    assert ("year", "2024") in fields and ("year", "2025") in fields
    assert "[Demo](https://lab.example/kv)" in bib and "selected" not in bib
    out = built(tmp_path, imported)
    listed = parse_html((out / "publications/index.html").read_text(encoding="utf-8"))
    assert "Steering by Editing" in listed.one("main").text()
    assert "Caching Keys and Values by Layer" in listed.one("main").text()


def test_a_lab_sites_people_in_its_data(tmp_path: Path) -> None:
    """A lab site draws its group page from `_data/people.yml` (the PI, by `{% assign
    pi = site.data.people.pi %}` under an `<h2>Faculty</h2>`; students and alumni by
    loops under `## Graduate students` and `## Alumni`). The loops were left out with a
    warning, the PI's Liquid left in comments, one inside an `<img src>`, which stopped
    the build; the people were gone. They are `content/people/` now, in their groups."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Lab\nlang: en\n",
        "_data/people.yml": """\
            pi:
              name: "Prof. Ada Hu"
              title: "Assistant Professor"
              photo: "assets/photos/ada.png"
              website: "https://ada.example/"
            students:
              - name: "Bo Chen"
                role: "PhD, Fall 2022-"
                interests: ["Retrieval", "Agents"]
                photo: "assets/photos/bo.jpg"
            alumni:
              - name: "Cy Park"
                role: "MS, now at a lab"
                website: "https://cy.example/"
            """,
        "assets/photos/ada.png": png(8, 8),
        "assets/photos/bo.jpg": png(8, 8),
        "group.md": """\
            ---
            layout: page
            title: Group
            ---

            {% assign pi = site.data.people.pi %}
            <div class="card">
              <h2>Faculty</h2>
              <img src="{{ site.baseurl }}/{{ pi.photo }}" alt="{{ pi.name }}">
              <a href="{{ pi.website }}">{{ pi.name }}</a>
            </div>

            ## Graduate students
            {% for p in site.data.people.students %}
            <div>{{ p.name }} {{ p.role }}</div>
            {% endfor %}

            ## Alumni
            {% for a in site.data.people.alumni %}
            <li>{{ a.name }}</li>
            {% endfor %}
            """})
    people = imported.dest / "content/people"
    assert sorted(p.name for p in people.iterdir()) == ["bo-chen.md", "cy-park.md",
                                                       "prof-ada-hu.md"]
    ada = (people / "prof-ada-hu.md").read_text(encoding="utf-8")
    assert "role: Faculty" in ada and "summary: Assistant Professor" in ada
    assert "https://ada.example/" in ada and "cover:" in ada
    assert "role: Graduate students" in (people / "bo-chen.md").read_text(encoding="utf-8")
    assert "role: Alumni" in (people / "cy-park.md").read_text(encoding="utf-8")
    assert not (imported.dest / "content/pages/group.md").exists()
    out = built(tmp_path, imported)
    listed = parse_html((out / "people/index.html").read_text(encoding="utf-8"))
    text = listed.one("main").text()
    assert text.index("Faculty") < text.index("Graduate students") < text.index("Alumni")
    assert "Retrieval, Agents" in text
    assert (out / "group.html").is_file()  # (the old page's URL leads to /people/)


def test_pages_under_the_pretty_permalink_style(tmp_path: Path) -> None:
    """Under `permalink: pretty` (or a pattern ending in `/`) Jekyll published a page
    `notes/gpu.md` at /notes/gpu/: the import took /notes/gpu.html for its old URL, so
    the address readers had stopped answering."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Lab\nlang: en\npermalink: pretty\n",
        "notes/gpu.md": "---\ntitle: GPU notes\n---\n\nWarps.\n",
        "_posts/2024-01-02-a.md": "---\ntitle: A\n---\n\nSee [the notes](/notes/gpu/).\n"})
    page = (imported.dest / "content/pages/gpu.md").read_text(encoding="utf-8")
    assert 'aliases: ["/notes/gpu/"]' in page
    out = built(tmp_path, imported)
    assert (out / "notes/gpu/index.html").is_file()
    post = parse_html((out / "2024/01/02/a/index.html").read_text(encoding="utf-8"))
    assert post.one("main").find("a", href="/gpu/") is not None


def test_images_named_by_filters_and_the_sites_own_address(tmp_path: Path) -> None:
    """A Chinese blog of CNN paper notes writes its figures as `![NiN]({{ "/NiN.png" |
    prepend: site.imgrepo }})`, `imgrepo` being the site's own address and image folder
    in `_config.yml`; another post names a figure by that address. The outputs were
    left in comments (the figures gone, a warning each), and an image at the site's
    own address stayed an external one, lost when the old site goes."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 笔记\nlang: zh-CN\nurl: \"https://ann.github.io\"\n"
                       "imgrepo: \"https://ann.github.io/static/img\"\n",
        "static/img/NiN.png": png(8, 8),
        "static/img/resnet.png": png(8, 8),
        "_posts/2019-03-06-NiN.md": "---\ntitle: NiN\n---\n\n"
                                    "![NiN]({{ \"/NiN.png\" | prepend: site.imgrepo }})\n",
        "_posts/2019-03-08-ResNet.md": "---\ntitle: ResNet\n---\n\n"
                                       "![残差](https://ann.github.io/static/img/resnet.png)\n"
                                       "\n[外链](https://ann.github.io/none.png)\n"})
    assert not any("Liquid" in e.message for e in imported.report.warnings)
    out = built(tmp_path, imported)
    for slug in ("nin", "resnet"):
        page = parse_html((out / f"posts/{slug}/index.html").read_text(encoding="utf-8"))
        image = page.one("main").find("img")
        assert image is not None and not image["src"].startswith("http"), slug
    page = parse_html((out / "posts/resnet/index.html").read_text(encoding="utf-8"))
    assert page.one("main").find("a", href="https://ann.github.io/none.png") is not None


def test_the_lab_website_templates_publist_and_team(tmp_path: Path) -> None:
    """A much-forked lab-website template keeps papers in `_data/publist.yml` (`authors`,
    `link: {url, display}` — the venue shown as the link —, `highlight: 1`, a
    `description`) and members in `_data/team_members.yml` (`name`, `photo` under
    `/images/teampic/`, `info`), shown by loops of `publications.md` and `team.md`
    under their headings (read as a Jekyll site: its `_pages/` is no al-folio marker).
    Both lists were left out."""
    write_files(tmp_path / "old", {
        "_config.yml": "title: Lab\nlang: en\ninclude: [_pages]\n",
        "_data/publist.yml": """\
            - title: Creating better superconductors by patterning
              image: sc.jpg
              description: We propose a way to engineer thin films.
              authors: A Allan, B Fischer
              link:
                url: https://scipost.example/3.010
                display: SciPost Phys. 3, 010 (2017)
              highlight: 1
            - title: Scattering interference revisited
              authors: C Sul, A Allan
              link:
                url: https://arxiv.org/abs/1707.03362
                display: arXiv:1707.03362 (2017)
              highlight: 0
            """,
        "_data/team_members.yml": """\
            - name: Dana Vries
              photo: dana.jpg
              info: PhD student, started 2019
              email: dana@lab.example
            """,
        "images/teampic/dana.jpg": png(8, 8),
        "images/pubpic/sc.jpg": png(8, 8),
        "_pages/team.md": "---\ntitle: Team\npermalink: /team/\n---\n\n## PhD Students\n"
                          "{% for member in site.data.team_members %}\n<img src=\"{{ site.url }}"
                          "{{ site.baseurl }}/images/teampic/{{ member.photo }}\">\n"
                          "<h4>{{ member.name }}</h4><i>{{ member.info }}</i>\n{% endfor %}\n",
        "_pages/publications.md": "---\ntitle: Publications\npermalink: /publications/\n"
                                  "---\n\n{% for publi in site.data.publist %}\n"
                                  "{{ publi.title }}\n{% endfor %}\n"})
    assert detect(tmp_path / "old") == "jekyll"
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    bib = (imported.dest / "content/publications.bib").read_text(encoding="utf-8")
    fields = re.findall(r"^  (\w+) += \{(.*)\},$", bib, re.MULTILINE)
    assert ("booktitle", "SciPost Phys. 3, 010 (2017)") in fields
    assert ("url", "https://scipost.example/3.010") in fields
    assert ("year", "2017") in fields and ("selected", "true") in fields
    assert ("abstract", "We propose a way to engineer thin films.") in fields
    assert bib.count("selected") == 1
    dana = (imported.dest / "content/people/dana-vries.md").read_text(encoding="utf-8")
    assert "role: PhD Students" in dana and "summary: PhD student, started 2019" in dana
    assert "mailto:dana@lab.example" in dana and "cover:" in dana
    out = built(tmp_path, imported)
    listed = parse_html((out / "publications/index.html").read_text(encoding="utf-8"))
    assert "Scattering interference revisited" in listed.one("main").text()
    people = parse_html((out / "people/index.html").read_text(encoding="utf-8"))
    assert people.one("main").find("img") is not None


def test_beautiful_jekylls_navbar_links_are_the_menu(tmp_path: Path) -> None:
    """A statistician's Beautiful Jekyll site names its menu in `navbar-links` (`Blog:
    "blog"`, `Causality: "causality"`, `About Me: "aboutme"`, a drop-down of papers).
    The import ignored it and put every one of its 13 pages in the menu, tutorials
    the old menu reached through the Causality page."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Home\nlang: en\nnavbar-links:\n  Blog: \"blog\"\n"
                       "  Papers:\n    - Thesis: \"https://example.org/thesis\"\n"
                       "  Causality: \"causality\"\n  About Me: \"aboutme\"\n"
                       "  Code: \"https://github.com/someone\"\n",
        "_posts/2024-01-02-a.md": "---\ntitle: A\n---\n\nText.\n",
        "blog.md": "---\nlayout: page\ntitle: Blog\n---\n\n{% for post in paginator.posts %}"
                   "{{ post.title }}{% endfor %}\n",
        "causality/index.md": "---\ntitle: Causality Home\n---\n\nSee [g-computation]"
                              "(gcomp.html).\n",
        "causality/gcomp.md": "---\ntitle: G-computation\n---\n\nStandardization.\n",
        "aboutme.md": "---\ntitle: About me\n---\n\nA statistician.\n"})
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["menu"] == [  # (the drop-down of papers: one, `[[menu.children]]`)
        {"name": "Blog", "url": "/blog/"},
        {"name": "Papers", "children": [{"name": "Thesis",
                                         "url": "https://example.org/thesis"}]},
        {"name": "Causality", "url": "/causality/"}, {"name": "About Me", "url": "/aboutme/"},
        {"name": "Code", "url": "https://github.com/someone"}]
    built(tmp_path, imported)


def test_a_so_simple_sites_navigation_data_is_the_menu(tmp_path: Path) -> None:
    """An ML blog on a So Simple-like theme lists its menu in `_data/navigation.yml`
    (`- title: Projects` / `url: /projects`, with an excerpt and a thumbnail each): the
    menu was the blog alone, or every page; it is that list now, in order."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Blog\nlang: en\n",
        "_data/navigation.yml": "- title: Blog\n  url: /blog\n  excerpt: Posts\n"
                                "- title: CV\n  url: /cv\n  image: nav/cv.png\n"
                                "- title: About\n  url: /about\n",
        "_posts/2024-01-02-a.md": "---\ntitle: A\n---\n\nText.\n",
        "cv.md": "---\ntitle: Curriculum vitae\npermalink: /cv/\n---\n\nJobs.\n",
        "about.md": "---\ntitle: About\npermalink: /about/\n---\n\nMe.\n",
        "notes.md": "---\ntitle: Notes\npermalink: /notes/\n---\n\nScraps.\n"})
    config = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    menu = re.findall(r'\[\[menu\]\]\nname = "(.*)"\nurl = "(.*)"', config)
    assert menu == [("Blog", "/blog/"), ("CV", "/cv/"), ("About", "/about/")]
    built(tmp_path, imported)


def test_a_mathjax_macro_of_a_command_lanting_has(tmp_path: Path) -> None:
    """The course-notes site's layout defines `coloneqq` for MathJax 2, which lacked it,
    with a command no renderer here knows (`\\vcenter` was one; its macros convert now):
    the macro does not convert, and the import warned that it was left out, though
    Lanting reads `\\coloneqq` itself. A notice says so now; a macro of a command
    Lanting does not know stays a warning."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "_layouts/post.html": "<script type=\"text/x-mathjax-config\">\nMathJax.Hub.Config({"
                              "\n  tex2jax: {inlineMath: [['$', '$']]},\n  TeX: {Macros: {\n"
                              "    coloneqq: [\"{\\\\mathrel{\\\\vcentre{:}}=}\"],\n"
                              "    strangeop: [\"{\\\\vcentre{x}}\"],\n"
                              "    independent: [\"{\\\\perp}\"]\n  }}\n});\n</script>\n"
                              "{{ content }}\n",
        "_posts/2017-02-06-lecture1.md": "---\ntitle: Lecture 1\nlayout: post\n---\n\n"
                                         "Let $X \\coloneqq Y$, $A \\independent B$.\n"})
    about = {(e.severity, "`\\coloneqq`" in e.message, "`\\strangeop`" in e.message)
             for e in imported.report.entries if "macro" in e.message}
    assert ("notice", True, False) in about and ("warning", False, True) in about
    assert not any(e.severity == "warning" and "coloneqq" in e.message
                   for e in imported.report.entries)
    out = built(tmp_path, imported)
    page = (out / "posts/lecture1/index.html").read_text(encoding="utf-8")
    assert "≔" in page and "\\coloneqq" not in parse_html(page).one("main").text()


def test_markdown_without_front_matter_is_a_page_when_github_pages_built_the_site(
        tmp_path: Path) -> None:
    """A course's lecture notes on GitHub Pages (`gem 'github-pages'`): the notes have no
    front matter, which GitHub Pages' jekyll-optional-front-matter does not ask for, and
    the index links them as `pages/lecture1_notes.html`. The import dropped all fifteen:
    their links became text, with a warning that the old links had led nowhere."""
    files: dict[str, str | bytes] = {
        "_config.yml": "title: Intro to ML\nexclude: [ReadMe.md, scratch]\n",
        "_layouts/page.html": "{{ content }}\n",
        "index.md": "---\nlayout: page\ntitle: Lectures\n---\n\n"
                    "- [Overview](pages/lecture1_notes.html)\n"
                    "- [Regression](pages/lecture2_notes.html)\n",
        "pages/lecture1_notes.md": "# Overview\n\nWhat we will learn: $f(x) = w^T x$.\n",
        "pages/lecture2_notes.md": "_Week 2_\n\n# Linear regression\n\nLeast squares.\n",
        "ReadMe.md": "# How to build\n",
        "LICENSE.md": "Public domain.\n",
        "scratch/todo.md": "# Todo\n",
    }
    imported = jekyll_site(tmp_path / "pages", {**files, "Gemfile": "gem 'github-pages'\n"})
    out = built(tmp_path / "pages", imported)
    pages = imported.dest / "content" / "pages"
    assert sorted(p.name for p in pages.iterdir()) == ["lecture1-notes.md",
                                                       "lecture2-notes.md"]
    first = (pages / "lecture1-notes.md").read_text(encoding="utf-8")
    assert "title: Overview" in first and "# Overview" not in first  # (the title, once)
    assert '"/pages/lecture1_notes.html"' in first
    # (a heading below a first line: the title, the heading kept where it was)
    second = (pages / "lecture2-notes.md").read_text(encoding="utf-8")
    assert "title: Linear regression" in second and "# Linear regression" in second
    home = parse_html((out / "index.html").read_text(encoding="utf-8"))
    links = [a.attrs.get("href") for a in home.find("main").find_all("a")]
    # (read from the home page's old URL, `/`, the links name the pages' old URLs: they
    # lead to the pages)
    assert links == ["/lecture1-notes/", "/lecture2-notes/"]
    for old, new in zip(("pages/lecture1_notes.html", "pages/lecture2_notes.html"), links,
                        strict=True):
        assert redirect_target(out, "/" + old) == new  # (the old URLs lead to the pages)
    # built by Jekyll itself, a Markdown file without front matter is copied as it is
    plain = jekyll_site(tmp_path / "jekyll", {**files, "Gemfile": "gem 'jekyll', '~> 4.3'\n"})
    assert not (plain.dest / "content" / "pages").exists()


def test_a_readme_is_its_folders_index_when_github_pages_built_the_site(
        tmp_path: Path) -> None:
    """jekyll-readme-index, on GitHub Pages whatever the settings: a repository of notes
    whose home page is its README (no index.md), and a folder's README its index. The
    import left every README out: the home page's text and /notes/ were lost."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Reading notes\n",
        "_layouts/default.html": "{{ content }}\n",
        "README.md": "# Reading notes\n\nWhat I read this year: [systems](notes/).\n",
        "notes/README.md": "# Systems papers\n\n- [Paged attention](paged.md)\n",
        "notes/paged.md": "# Paged attention\n\nBlocks of the KV cache.\n",
        "drafts/README.md": "# Drafts\n",
        "drafts/index.md": "---\ntitle: Drafts\n---\n\nNothing yet.\n",
    })
    out = built(tmp_path, imported)
    home = (imported.dest / "content" / "_index.md").read_text(encoding="utf-8")
    assert "What I read this year" in home
    notes = parse_html((out / "notes" / "index.html").read_text(encoding="utf-8"))
    assert notes.find("h1").text().strip() == "Systems papers"
    assert [a.attrs["href"] for a in notes.find("main").find_all("a")
            if "paged" in a.attrs.get("href", "")] == ["/paged/"]
    # (a README beside an index is no page: GitHub Pages showed the index)
    assert "Nothing yet" in (out / "drafts" / "index.html").read_text(encoding="utf-8")
    assert not (imported.dest / "content" / "pages" / "readme.md").exists()


def test_a_page_without_a_title_is_titled_by_its_first_heading(tmp_path: Path) -> None:
    """`syllabus.md` of front matter without a `title` (`layout: page` only), its
    heading the title GitHub Pages' jekyll-titles-from-headings gave it: the import
    titled it `syllabus`, the file's name, and the heading showed twice."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Intro to ML\n",
        "_layouts/page.html": "{{ content }}\n",
        "syllabus.md": "---\nlayout: page\n---\n\n# Syllabus and grading\n\nWeek 1: $k$-NN.\n",
        "notes.md": "---\nlayout: page\n---\n\nNo heading here.\n",
    })
    syllabus = (imported.dest / "content/pages/syllabus.md").read_text(encoding="utf-8")
    assert "title: Syllabus and grading" in syllabus and "# Syllabus" not in syllabus
    assert "title: notes" in (imported.dest / "content/pages/notes.md").read_text(
        encoding="utf-8")

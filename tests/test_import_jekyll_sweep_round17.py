"""Faults real Jekyll blogs exposed in the seventeenth sweep (English and Chinese blogs
of ML and systems engineers), in small sites written here."""

from __future__ import annotations

from pathlib import Path

from importbits import NOW, jekyll_site
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site
from lanting.importer.detect import detect


def test_a_doubled_pipe_before_a_filter_is_one(tmp_path: Path) -> None:
    """A Chinese blog of segmentation papers writes a figure `![x]({{ "/x.png" ||
    prepend: site.imgrepo }})`: Jekyll's Liquid, failing its strict parser, reads it
    with its lax one, which skips the empty filter, and the figure showed. The import
    left it in a comment with a warning, the figure lost."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 笔记\nlang: zh-CN\nurl: \"https://ann.github.io\"\n"
                       "imgrepo: \"https://ann.github.io/static/img\"\n",
        "static/img/aspp.png": png(8, 8),
        "_posts/2019-03-16-deeplab.md": "---\ntitle: DeepLab\n---\n\n"
                                        "![ASPP]({{ \"/aspp.png\" || prepend: site.imgrepo }})\n"})
    assert not imported.report.warnings, imported.report.entries
    post = (imported.dest / "content/posts/deeplab/index.md").read_text(encoding="utf-8")
    assert "{{" not in post and "aspp.png" in post, post
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_a_url_inside_an_iframes_srcdoc_is_left_alone(tmp_path: Path) -> None:
    """A data-science blog's post shows a folium map: a whole page in `<iframe
    srcdoc="…">`, escaped, over many lines. Its `&lt;script src=&quot;https://…&quot;`
    was read as a URL written without quotes: the import warned of a link leading
    nowhere and rewrote the map's page."""
    srcdoc = ('<div><iframe srcdoc="&lt;!DOCTYPE html&gt;\n&lt;head&gt;\n'
              '    &lt;script src=&quot;https://cdn.example.org/leaflet.js&quot;&gt;'
              '&lt;/script&gt;\n&lt;/head&gt;\n&lt;/html&gt;" style="border:none" '
              'allowfullscreen></iframe></div>\n')
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Data\nlang: en\n",
        "_posts/2024-04-03-maps.md": "---\ntitle: Maps\n---\n\nA map:\n\n" + srcdoc})
    assert not imported.report.warnings, imported.report.entries
    post = (imported.dest / "content/posts/maps.md").read_text(encoding="utf-8")
    assert srcdoc in post, post


def test_a_fragment_of_a_pages_old_url_is_checked(tmp_path: Path) -> None:
    """A minimal-mistakes blog links its about page's contact form as `{{ "/about/#Contact"
    | prepend: site.baseurl }}`, but the form's heading is raw HTML, with no id: the old
    link led to the page's top, and the build failed on the missing anchor. A fragment
    of a page's old URL is now read as one of a `post_url`: a heading named by its text
    gets its id, one naming nothing leads to the page, with a warning."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "about.md": "---\ntitle: About\npermalink: /about/\n---\n\n"
                    "<h2 class=\"archive__subtitle\">Contact</h2>\n\n## Write to me\n\nHi.\n",
        "_posts/2019-12-20-board.md": "---\ntitle: Board\n---\n\n"
                                      "<a href=\"{{ \"/about/#Contact\" | prepend: site.baseurl "
                                      "}}\">Reply</a>\n\n[Write](/about/#Write-To-Me)\n"})
    warned = [e.message for e in imported.report.warnings]
    assert len(warned) == 1 and "`#Contact`" in warned[0], imported.report.entries
    post = (imported.dest / "content/posts/board.md").read_text(encoding="utf-8")
    assert "#Contact" not in post and "about.md#write-to-me" in post, post
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_a_shown_documents_page_values_are_its_own(tmp_path: Path) -> None:
    """A course's calendar prints each week of `_modules/` in its layout; a week's text
    links its lecture as `[{{ page.lecture }}]({{ page.slides }})`. Jekyll rendered the
    week as its own page, `page` being the week; the import, writing the week into the
    calendar, left both values in comments with a warning each."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Course\nlang: en\nremote_theme: kevinlin1/just-the-class\n"
                       "collections:\n  modules:\n",
        "_layouts/module.html": "<div>\n<h2>{{ page.title }}</h2>\n{{ content }}\n</div>\n",
        "_modules/week-1.md": "---\ntitle: Week 1\nlecture: Parsing\n"
                              "slides: https://example.org/w1.pdf\n---\n\n"
                              "Lecture: [{{ page.lecture }}]({{ page.slides }})\n",
        "calendar.md": "---\ntitle: Calendar\n---\n\n{% for module in site.modules %}\n"
                       "{{ module }}\n{% endfor %}\n"})
    assert not imported.report.warnings, imported.report.entries
    calendar = (imported.dest / "content/pages/calendar.md").read_text(encoding="utf-8")
    assert "## Week 1" in calendar, calendar
    assert "[Parsing](https://example.org/w1.pdf)" in calendar, calendar


_DOCS_PAGE = """\
---
layout: default
title: Starting on a new machine
nav_order: 3
---

# Starting on a new machine
{: .no_toc }

## Table of contents
{: .no_toc .text-delta }

1. TOC
{:toc}

---

## Basics

Install a terminal.
"""
"""A page as just-the-docs' documentation writes one: its title, then its table of
contents under a label, both kept out of the table of contents."""


def test_just_the_docs_title_and_table_of_contents(tmp_path: Path) -> None:
    """A just-the-docs site of ML engineering notes begins each page with its title, as
    the theme's layout shows none, and its table of contents under a `## Table of
    contents` label. The title showed twice (Lanting shows it above the text), the label
    stayed over nothing, and each `{: .no_toc }` was a warning that a heading would now
    be in the table of contents (neither an `# h1` nor the label would be)."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Docs\nlang: en\nremote_theme: pmarsceill/just-the-docs\n",
        "new_machine.md": _DOCS_PAGE})
    assert not imported.report.warnings, imported.report.entries
    text = (imported.dest / "content/pages/new-machine.md").read_text(encoding="utf-8")
    body = text.split("---\n", 2)[2]
    assert "Starting on a new machine" not in body and "Table of contents" not in body, text
    assert "{:" not in body and "TOC" not in body and "## Basics" in body, text


def test_a_title_heading_stays_where_the_layout_showed_none(tmp_path: Path) -> None:
    """On a theme whose layout shows the title (minima), a page beginning with `# Title`
    showed it twice on the old site too: the heading stays. Its `{: .no_toc }` is
    removed without a warning (no table of contents lists an `# h1`)."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\ntheme: minima\n",
        "setup.md": "---\ntitle: Setup\n---\n\n# Setup\n{: .no_toc }\n\n## Basics\n\nHi.\n"})
    assert not imported.report.warnings, imported.report.entries
    text = (imported.dest / "content/pages/setup.md").read_text(encoding="utf-8")
    assert "# Setup" in text and "{:" not in text, text


def test_a_site_on_a_remote_jekyll_theme_is_read_as_jekyll(tmp_path: Path) -> None:
    """A site of ML engineering notes keeps only `_config.yml` (`remote_theme:
    pmarsceill/just-the-docs`) and its pages: no posts, layouts or Gemfile. It was read
    as a folder of notes (as a repository picking one of GitHub Pages' themes is), so its
    kramdown was not: every `{: .no_toc }` and `1. TOC {:toc}` was shown as text. A
    `remote_theme:` other than GitHub Pages' own is a Jekyll site."""
    write_files(tmp_path / "old", {
        "_config.yml": "remote_theme: pmarsceill/just-the-docs\nheading_anchors: true\n",
        "README.md": "# ML engineering docs\n\nTools I use.\n",
        "new_machine.md": _DOCS_PAGE})
    assert detect(tmp_path / "old") == "jekyll"
    write_files(tmp_path / "talks", {"_config.yml": "remote_theme: pages-themes/cayman\n",
                                     "README.md": "# Talks\n\nSlides.\n"})
    assert detect(tmp_path / "talks") == "notes"
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    text = (imported.dest / "content/pages/new-machine.md").read_text(encoding="utf-8")
    assert "{:" not in text and "TOC" not in text, text


def test_a_page_of_every_tag_at_tags_index_html_is_a_listing(tmp_path: Path) -> None:
    """A Chinese ML blog's `tags.html` lists every tag and its posts (loops over
    `site.tags`) at `permalink: /tags/index.html`. It was read as the page of a tag named
    `index`, and its loops left in comments, with 32 warnings. It is the list Lanting
    makes at /tags/: left out, with a notice."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Locke\nlang: zh-CN\n",
        "_posts/2019-10-22-dl.md": "---\ntitle: DL\ntags: [Deep Learning]\n---\n\n深度学习。\n",
        "tags.html": "---\ntitle: \"#Tags\"\npermalink: /tags/index.html\n---\n\n"
                     "{% for tag in site.tags %}\n"
                     "<span id=\"{{ tag[0] | slugify }}\">{{ tag[0] }}</span>\n<ul>\n"
                     "{% for post in tag[1] %}<li><a href=\"{{ post.url }}\">{{ post.title }}"
                     "</a></li>{% endfor %}\n</ul>\n{% endfor %}\n"})
    assert not imported.report.warnings, imported.report.entries
    assert not (imported.dest / "content/tags").exists()
    assert any("tags.html" in str(e.path) and "listing" in e.message
               for e in imported.report.entries), imported.report.entries


def test_a_cover_naming_a_folder_is_no_image(tmp_path: Path) -> None:
    """A blog's post template gives every post `image: '/assets/img/'`, its empty
    default: the old page's `<img>` named a folder and showed nothing. Each post warned
    of a cover not found; it is left out with a notice."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Locke\nlang: en\n",
        "assets/img/logo.png": png(8, 8),
        "_posts/2019-10-22-dl.md": "---\ntitle: DL\nimage: '/assets/img/'\n---\n\nDeep.\n",
        "_posts/2019-10-23-ml.md": "---\ntitle: ML\nimage: '/assets/nowhere.png'\n---\n\nML.\n"})
    warned = [e.message for e in imported.report.warnings]
    assert len(warned) == 1 and "nowhere.png" in warned[0], imported.report.entries
    assert any("a folder and no image" in e.message for e in imported.report.entries)


def test_a_feature_row_of_no_front_matter_list_showed_nothing(tmp_path: Path) -> None:
    """A minimal-mistakes page writes `{% include feature_row id="projects" %}` with no
    `projects:` in its front matter (the list is in `_data/`): the theme's include found
    none and showed nothing. It was left in a comment with a warning; it goes, with a
    notice."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Hao\nlang: en\nremote_theme: mmistakes/minimal-mistakes\n",
        "_data/projects.yml": "projects:\n  - title: Sim\n    excerpt: A simulator.\n",
        "projects.md": "---\ntitle: Projects\npermalink: /projects/\n---\n\n"
                       "Some projects:\n\n{% include feature_row id=\"projects\" %}\n"})
    assert not imported.report.warnings, imported.report.entries
    text = (imported.dest / "content/pages/projects.md").read_text(encoding="utf-8")
    assert "feature_row" not in text and "Some projects:" in text, text

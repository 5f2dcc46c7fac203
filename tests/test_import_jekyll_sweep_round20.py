"""Faults real Jekyll blogs exposed in the twentieth sweep (English and Chinese blogs
of ML and systems engineers), in small sites written here."""

from __future__ import annotations

from pathlib import Path

from importbits import jekyll_site, report_of
from sitebits import png

from lanting.importer.liquid_filters import filter_chain


def test_an_archive_copied_into_a_page_prints_its_defaults_and_excerpts(
        tmp_path: Path) -> None:
    """A page holds a minimal-mistakes archive copied from the built site:
    `class="entries-{{ page.entries_layout | default: 'list' }}"` (a key its front
    matter lacks) and `{{ "A note on SVMs." | markdownify | strip_html | truncate: 160
    }}` (an excerpt), each left in a comment with a warning. Jekyll printed `list` and
    the excerpt's text; so does the import now. A key a default of `_config.yml` sets
    stays unknown."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\ninclude: [_pages]\ndefaults:\n"
                       "  - scope: {path: ''}\n    values: {author_profile: true}\n",
        "_pages/ml.md":
            "---\ntitle: ML\npermalink: /ml/\n---\n\n<section>\n"
            "<div class=\"entries-{{ page.entries_layout | default: 'list' }}\">\n"
            "<p class=\"excerpt\">{{ \"A translation of one of Wei's notes -- on SVMs.\" "
            "| markdownify | strip_html | truncate: 40 }}</p>\n"
            "<p>{{ page.author_profile | default: 'no' }}</p>\n</div>\n</section>\n"})
    page = (imported.dest / "content/pages/ml.md").read_text(encoding="utf-8")
    assert '<div class="entries-list">' in page, page
    assert '<p class="excerpt">A translation of one of Wei’s notes –...</p>' in page, page
    assert "{{ page.author_profile | default: 'no' }}" in page, page
    warned = [w.message for w in imported.report.warnings if "unconverted" in w.message
              or "not converted" in w.message]
    assert len(warned) == 1 and "author_profile" in warned[0], report_of(imported)


def test_liquid_text_filters_print_what_liquid_printed() -> None:
    """Liquid's `truncate`, `truncatewords`, `strip_html` and `default`, and Jekyll's
    `markdownify` of plain text, over strings."""
    def unknown(term: str) -> str | None:
        return None

    assert filter_chain('"abcdefghij" | truncate: 6', unknown) == "abc..."
    assert filter_chain('"abcdef" | truncate: 6', unknown) == "abcdef"
    assert filter_chain('"abcdefghij" | truncate: 5, "!"', unknown) == "abcd!"
    assert filter_chain('"one two  three" | truncatewords: 2', unknown) == "one two..."
    assert filter_chain('"<b>a</b><!-- c --><script>x</script>b" | strip_html',
                        unknown) == "ab"
    assert filter_chain('"Wei\'s notes -- SVMs..." | markdownify', unknown) \
        == "<p>Wei’s notes – SVMs…</p>\n"
    assert filter_chain('"*a*" | markdownify', unknown) is None
    assert filter_chain('"" | default: "x"', unknown) == "x"
    assert filter_chain('page.x | default: "x"', unknown) is None
    assert filter_chain('page.x | default: "x"', unknown, lambda t: True) == "x"
    assert filter_chain('page.x | upcase', unknown, lambda t: True) is None


def test_a_sites_include_listing_a_tags_posts_links_the_tags_page(tmp_path: Path) -> None:
    """A hub page of topics lists each section's posts with the site's own include,
    `{% include post-list.html tag="Time Series" limit=8 %}` (a loop over `site.posts`
    keeping those whose tags contain `include.tag`): it was left in a comment, a
    warning each, the section listing nothing. Each is now a link to the term's page,
    which lists those posts on the new site; an include that loops over no posts is
    still left in a comment."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "_includes/post-list.html":
            "{%- assign tag = include.tag -%}\n<ul>\n{%- for post in site.posts -%}\n"
            "{%- if post.tags contains tag or post.categories contains include.category -%}"
            "\n<li>{{ post.title }}</li>\n{%- endif -%}\n{%- endfor -%}\n</ul>\n",
        "_includes/note.html": "<p>{{ include.tag }}</p>\n",
        "_posts/2024-01-02-arima.md": "---\ntitle: ARIMA\ntags: [Time Series]\n"
                                      "categories: [Statistics]\n---\n\nText.\n",
        "topics.md": "---\ntitle: Topics\npermalink: /topics/\n---\n\n## Forecasting\n\n"
                     "{% include post-list.html tag=\"Time Series\" limit=8 %}\n\n"
                     "## Statistics\n\n{% include post-list.html category='Statistics' %}\n\n"
                     "{% include note.html tag=\"x\" %}\n"})
    page = (imported.dest / "content/pages/topics.md").read_text(encoding="utf-8")
    assert "\n[Time Series](/tags/time-series/)\n" in page, page
    assert "\n[Statistics](/categories/statistics/)\n" in page, page
    warned = [w.message for w in imported.report.warnings]
    assert len(warned) == 1 and "note.html" in warned[0], report_of(imported)


def test_a_link_to_minimal_mistakes_title_goes_to_the_pages_top(tmp_path: Path) -> None:
    """An archive copied from a minimal-mistakes site links each section's "Back to Top"
    to `#page-title`, the id the theme gave the page's title: the link was taken for a
    dead one (a warning, its text kept without it). It leads to the page's top now."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "topics.md": "---\ntitle: Topics\npermalink: /topics/\n---\n\n## 2019\n\n"
                      "- [SVM](/svm/)\n\n[Back to Top](#page-title)\n",
        "svm.md": "---\ntitle: SVM\npermalink: /svm/\n---\n\nText.\n"})
    page = (imported.dest / "content/pages/topics.md").read_text(encoding="utf-8")
    assert "[Back to Top](#top)" in page, page
    assert not imported.report.warnings, report_of(imported)


def test_a_sites_include_showing_a_folders_pictures_is_a_gallery(tmp_path: Path) -> None:
    """A gallery page shows a folder's photos with the site's own include,
    `{% include image-gallery.html folder="/assets/album" %}` (a loop over
    `site.static_files` keeping the JPEGs whose path contains `include.folder`): it was
    left in a comment with a warning, the photos lost. It is Lanting's `::: gallery`
    of those pictures now, by name, of the extensions the
    include tested."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Photos\nlang: en\n",
        "_includes/image-gallery.html":
            "<div class=\"image-gallery\">\n{% for file in site.static_files %}\n"
            "{% if file.path contains include.folder %}\n"
            "{% if file.extname == '.jpg' or file.extname == '.JPG' %}\n"
            "{% assign name = file.path | split: '/' | last %}\n"
            "<a href=\"{{ file.path }}\"><img src=\"{{ file.path }}\" alt=\"{{ name }}\"></a>\n"
            "{% endif %}\n{% endif %}\n{% endfor %}\n</div>\n",
        "assets/album/b_2022.jpg": png(8, 8), "assets/album/a_2021.JPG": png(8, 8),
        "assets/album/plan.png": png(8, 8),
        "gallery.md": "---\ntitle: Gallery\npermalink: /gallery/\n---\n\nTrips.\n\n"
                      "{% include image-gallery.html folder=\"/assets/album\" %}\n"})
    page = (imported.dest / "content/pages/gallery.md").read_text(encoding="utf-8")
    assert "::: gallery\n![a_2021](/assets/album/a_2021.JPG)\n" \
        "![b_2022](/assets/album/b_2022.jpg)\n:::" in page, page
    assert not imported.report.warnings, report_of(imported)

"""The Eleventy importer on HTML written in a post's Markdown: a `<pre>` that opens on
the line after a `<p>` (inside that paragraph's HTML block) and holds blank lines."""

from __future__ import annotations

from pathlib import Path

from importbits import NOW, page
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site

_SASS = ("<p>The mixin:</p>\n"
         '<pre><code class="language-sass">@mixin tint($base) {\n'
         "    color: $base;\n\n"
         "    &amp;:hover {\n        color: lighten($base, 10%);\n    }\n}\n"
         "</code></pre>\n\nIt costs $5, or $6.\n")


def test_a_pre_after_a_paragraph_holding_a_blank_line_is_kept_whole(tmp_path: Path) -> None:
    """markdown-it ended the `<p>`'s HTML block at the `<pre>`'s blank line and read the
    rest as Markdown (the browser showed it inside the `<pre>` it left open): a site
    without math had its `$base) … $` read as a formula, a failed build. The `<pre>`
    is now kept whole, its dollars as written; those of the text after it escaped."""
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": 'module.exports = () => ({ dir: { input: "src" } });\n',
        "src/posts/a.md": "---\ntitle: Sass tints\ndate: 2015-02-12\ntags: post\n"
                          "---\n\n" + _SASS})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    text = (imported.dest / "content" / "posts" / "a.md").read_text(encoding="utf-8")
    assert "\n\n<pre><code class=\"language-sass\">@mixin tint($base) {\n" in text
    assert "It costs \\$5, or \\$6." in text
    build(tmp_path / "new", BuildOptions())
    code = page(tmp_path / "new" / "public", "/posts/a/").find("pre")
    assert code is not None and "color: $base; &:hover {" in code.text()


_IMG = ("Intro line.\n<img src=\"{% src 'a.jpg' %}\"\n  sizes=\"{% defaultSizes %}\"\n"
        "  alt=\"A photo\"\n  width=\"940\" height=\"620\">\nA line after.\nAnd one more.\n")


def test_an_image_tag_over_lines_with_shortcodes_it_cannot_run(tmp_path: Path) -> None:
    """A performance blog (markdown-it's `breaks: true`) writes its images as `<img`
    over several lines, its `src` and `srcset` made by shortcodes of its own code (a
    CDN's URLs): a `\\` was written at each line end inside the tag, and each shortcode
    left a comment inside its attribute, an image of no file that failed the build.
    The tag's line ends stay spaces, and the tag is one comment, as written."""
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": 'const md = require("markdown-it")({ html: true, breaks: true });\n'
                        "module.exports = (c) => { c.setLibrary('md', md);\n"
                        '  return { dir: { input: "src" } }; };\n',
        "src/posts/a.md": "---\ntitle: Web perf\ndate: 2019-11-01\ntags: post\n---\n\n"
                          + _IMG})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    text = (imported.dest / "content" / "posts" / "a.md").read_text(encoding="utf-8")
    assert "<!-- import: unconverted <img src=\"{% src 'a.jpg' %}\"\n  sizes=\"{% " \
        "defaultSizes %}\"\n  alt=\"A photo\"\n  width=\"940\" height=\"620\"> -->" in text
    assert "Intro line.\\\n" in text and "A line after.\\\nAnd one more." in text
    build(tmp_path / "new", BuildOptions())


def test_pages_tagged_nav_are_no_collection_of_posts(tmp_path: Path) -> None:
    """eleventy-base-blog's menu is `collections.nav`, the pages tagged `nav`: a dated
    about page in it was taken for a post of a collection the templates list."""
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": 'module.exports = () => ({ dir: { input: "src" } });\n',
        "src/_includes/layouts/base.njk": "{% for entry in collections.nav %}"
                                          "<a href=\"{{ entry.url }}\">{{ entry.data.navtitle }}"
                                          "</a>{% endfor %}{{ content | safe }}\n",
        "src/about/index.md": "---\nlayout: layouts/base.njk\ntitle: About me\n"
                              "tags: [nav]\ndate: 2019-01-02\n---\n\nHello.\n",
        "src/posts/a.md": "---\ntitle: A post\ndate: 2020-01-01\ntags: post\n---\n\nText.\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert (imported.dest / "content" / "pages" / "about.md").is_file()
    assert not (imported.dest / "content" / "posts" / "about").exists()

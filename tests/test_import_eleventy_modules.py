"""The Eleventy importer on sites that keep their parts in modules and templates: a
`.njk` post whose `templateEngineOverride` ends in `md` (Markdown run through Nunjucks
first), and `slug` filters a module exports and the configuration registers in a loop."""

from __future__ import annotations

import tomllib
from pathlib import Path

from importbits import NOW, page
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site
from lanting.importer.eleventy_settings import read_settings
from lanting.markdown.anchors import heading_slug, is_heading_style


def test_a_nunjucks_template_rendered_as_markdown_is_a_post(tmp_path: Path) -> None:
    """`templateEngineOverride: njk, md` made `posts/26.njk` a Markdown post: it was
    left out as one of the theme's templates, and links to it failed."""
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": 'module.exports = () => ({ dir: { input: "src" } });\n',
        "src/posts/posts.json": '{"tags": "posts", "permalink": "/{{ title | slug }}/"}\n',
        "src/posts/26.njk": "---\ntitle: Fluid Grids\ndate: 2021-03-28\n"
                            "templateEngineOverride: njk, md\n---\n\n## Grids\n\nText.\n",
        "src/posts/list.njk": "---\ntitle: All\n---\n{% for p in collections.posts %}"
                              "{{ p.data.title }}{% endfor %}\n",
        "src/posts/intro.md": "---\ntitle: Intro\ndate: 2021-01-01\n---\n"
                              "See [the grids](/fluid-grids/).\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    posts = imported.dest / "content" / "posts"
    assert sorted(p.name for p in posts.iterdir()) == ["fluid-grids.md", "intro.md"]
    text = (posts / "fluid-grids.md").read_text(encoding="utf-8")
    assert "date: 2021-03-28" in text and "## Grids\n\nText." in text
    assert "templateEngineOverride" not in imported.report.format(imported.dest, False)
    assert "](fluid-grids.md)" in (posts / "intro.md").read_text(encoding="utf-8")


def test_slug_filters_a_module_exports_in_a_loop(tmp_path: Path) -> None:
    """`Object.keys(filters).forEach((n) => c.addFilter(n, filters[n]))` registers each
    function `_11ty/filters.js` exports: its `slug` (the npm `slugify`, `strict`) made the
    old URLs, not Eleventy's."""
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": 'const filters = require("./src/_11ty/filters");\n'
                        "module.exports = function (c) {\n"
                        "  Object.keys(filters).forEach((name) => {\n"
                        "    c.addFilter(name, filters[name]);\n  });\n"
                        '  return { dir: { input: "src" } };\n};\n',
        "src/_11ty/filters.js": 'const slugify = require("slugify");\n'
                                "const slug = (str) => {\n"
                                "  return slugify(str, { lower: true, strict: true });\n"
                                "};\nconst year = () => 2024;\n"
                                "module.exports = { slug, year };\n"})
    settings = read_settings(source)
    slug = settings.slugs["slug"].function
    assert slug is not None and slug("Math Functions: calc, clamp") == \
        "math-functions-calc-clamp"
    assert settings.slugs["slugify"].style == "eleventy"


def test_slugify_with_its_own_remove_pattern_is_a_heading_id_style(tmp_path: Path) -> None:
    """`slugify(s, { lower: true, remove: /[:’'`,]/g, trim: true, locale: "en" })` (the
    Eleventy docs' own function) was a warning and Lanting's ids: it is the style
    `slugify /[:’'`,]/`, which keeps `?` and drops `:` as the old ids did."""
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": 'const slugify = require("slugify");\n'
                        'const anchor = require("markdown-it-anchor");\n'
                        "module.exports = function (c) {\n"
                        "  function markdownItSlugify(s) {\n"
                        "    return slugify(s, { lower: true, remove: /[:’'`,]/g, trim: true,"
                        ' locale: "en" });\n  }\n'
                        '  c.setLibrary("md", require("markdown-it")().use(anchor, '
                        "{ slugify: markdownItSlugify }));\n};\n",
        "posts/a.md": "---\ntitle: A\ndate: 2024-01-01\ntags: posts\n---\n"
                      "See [below](#c++-and-cuda-its-fast-really?).\n\n"
                      "## C++ & CUDA: it's fast, really?\n\nx\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["markdown"]["heading_ids"] == "slugify /[:’'`,]/"
    assert "markdown-it-anchor's `slugify` is the site's own" not in \
        imported.report.format(imported.dest, False)
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    heading = page(tmp_path / "new" / "public", "/posts/a/").find("h2")
    assert heading is not None and heading.attrs["id"] == "c++-and-cuda-its-fast-really?"


def test_a_remove_pattern_style_is_the_packages_slug_with_it() -> None:
    assert heading_slug("slugify /[*+~.()'\"!:@]/")("Why (not) C++?") == "why-not-c?"
    assert heading_slug("slugify-strict /[\"]/")("Why (not) C++?") == "why-not-c"
    assert is_heading_style("slugify") and not is_heading_style("slugify /[/")

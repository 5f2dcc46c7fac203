"""The Eleventy importer: a fixture shaped as an eleventy-base-blog fork (`dir.input`
`content`, a folder data file tagging the posts with a permalink, `_data/metadata.js`,
passthrough copies, markdown-it-katex) makes a site, read from its built pages; unit
tests of the settings reader and of the permalink patterns."""

from __future__ import annotations

import datetime as dt
import tomllib
from pathlib import Path

import pytest
from importbits import NOW, imported_site, page, redirect_target, report_of
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, detect, import_site
from lanting.importer.eleventy_settings import js_values, read_settings
from lanting.importer.eleventy_urls import default_url, file_slug, permalink_url

FIXTURES = Path(__file__).parent / "fixtures" / "import"


@pytest.fixture(scope="module")
def blog(tmp_path_factory: pytest.TempPathFactory) -> tuple[Imported, Path]:
    return imported_site(tmp_path_factory, "eleventy-blog")


def test_an_eleventy_blog_is_detected_not_read_as_notes(tmp_path: Path) -> None:
    assert detect(FIXTURES / "eleventy-blog") == "eleventy"
    write_files(tmp_path, {"package.json": '{"devDependencies": {"@11ty/eleventy": "^3"}}',
                           "posts/a.md": "# A\n"})
    assert detect(tmp_path) == "eleventy"
    # (a Jekyll site whose build tools name Eleventy too is Jekyll's)
    write_files(tmp_path, {"_config.yml": "title: T\n", "_posts/2024-01-01-a.md": "x\n"})
    assert detect(tmp_path) == "jekyll"


def test_metadata_becomes_lanting_toml(blog: tuple[Imported, Path]) -> None:
    imported, _out = blog
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert (config["title"], config["author"], config["base_url"], config["language"]) == (
        "推理笔记", "Wen Shu", "https://wen.example.net/", "zh-CN")
    assert config["menu"] == [{"name": "About", "url": "/about/"}]


def test_posts_keep_their_permalinks_and_render(blog: tuple[Imported, Path]) -> None:
    imported, out = blog
    assert (imported.report.counts["posts"], imported.report.counts["drafts"]) == (2, 1)
    # (a `---js` front matter: its declarations are the data)
    draft = (imported.dest / "content" / "posts" / "speculative.md").read_text(encoding="utf-8")
    assert "title: Speculative decoding, a draft\ndate: 2024-05-20T09:30:00" in draft
    for slug in ("attention-heads", "kv-cache"):
        assert redirect_target(out, f"/blog/{slug}/") == f"/posts/{slug}/"
    post = page(out, "/posts/attention-heads/")
    assert post.find("h1").text().strip() == "注意力头在看什么"
    assert len(post.find_all("math")) == 3  # (markdown-it-katex: `$` is TeX)
    assert "2024-03-05" in post.text()  # (the date in the file's name)
    image = post.find("img")  # (eleventy-img's shortcode, the image beside the post)
    assert image is not None and image.attrs["src"] == "/posts/attention-heads/heads.png"
    assert image.attrs["alt"] == "Two heads, one copying and one induction"
    links = {a.attrs.get("href") for a in post.find_all("a")}
    assert "/files/heads-slides.pdf" in links
    assert (out / "files" / "heads-slides.pdf").is_file() and (out / "favicon.ico").is_file()
    text = post.text()
    # (markdown-it-biblatex's `[@key]` and `[bibliography]`: cited, and listed)
    assert "[@" not in text and "[bibliography]" not in text
    assert "In-context Learning and Induction Heads" in text
    assert "{%" not in text and "Templates write {{ title }}" in text
    tags = {a.text().strip().lstrip("#") for a in post.find_all("a")
            if "/tags/" in a.attrs.get("href", "")}
    assert "posts" not in tags and "transformers" in tags
    other = page(out, "/posts/kv-cache/")
    assert "/posts/attention-heads/" in {a.attrs.get("href") for a in other.find_all("a")}
    # (eleventy-plugin-syntaxhighlight's ```` ```py/1 ````: the first line marked)
    marked = [s for s in other.find_all("span") if "hl" in s.attrs.get("class", "").split()]
    assert [s.text().strip() for s in marked] == ["cache = 2 * layers * d_model"]
    assert {a.attrs.get("href") for a in page(out, "/about/").find_all("a")} >= {
        "/posts/kv-cache/"}


def test_data_values_bundles_and_loops(blog: tuple[Imported, Path]) -> None:
    imported, out = blog
    about = page(out, "/about/")
    # (`{{ lab.email }}`: the value of `_data/lab.yaml`)
    assert "Write to wen@lab.example, or find me in room B-204." in about.text()
    assert "teal" not in about.text() and "{%" not in about.text()
    report = report_of(imported)
    assert "a page's own CSS and JavaScript (eleventy-plugin-bundle's `{% css %}`) left out" \
        in report
    # (a loop over the site's data: reported once, at its line, not on each round)
    assert report.count("content/about.md:14: warning: not converted") == 1
    # (the theme's 404 page, `permalink: 404.html`: Lanting makes its own)
    assert not (imported.dest / "content" / "pages" / "404.md").exists()
    # (eleventy-img reads a path from the project's root; one worked out from data is
    # reported, not guessed)
    kv = page(out, "/posts/kv-cache/")
    assert "The heads again" in {i.attrs.get("alt") for i in kv.find_all("img")}
    assert "content/blog/2024-04-10-kv-cache.md:13: warning: not converted" in report


def test_a_content_page_written_in_html_is_a_page(blog: tuple[Imported, Path]) -> None:
    imported, out = blog
    reading = page(out, "/reading-list/")
    # (its indented lines are HTML, not Markdown's code blocks showing the tags)
    items = [li.text() for li in reading.find_all("li")]
    assert "Nucleus sampling, and why the tail matters" in items
    assert "Typical decoding" in items
    assert "temperature = 0.7" in reading.find("pre").text()
    assert redirect_target(out, "/notes/reading-list/") == "/reading-list/"
    assert "1 HTML file(s) without front matter" in report_of(imported)


def test_unknown_shortcodes_and_theme_pages_are_reported(
        blog: tuple[Imported, Path]) -> None:
    imported, out = blog
    report = report_of(imported)
    assert "content/blog/2024-04-10-kv-cache.md:9: warning: not converted" in report
    assert "callout" not in page(out, "/posts/kv-cache/").text()
    assert "2 Nunjucks, Liquid or JavaScript templates" in report
    assert not (imported.dest / "content" / "pages" / "tags.md").exists()


def test_settings_are_read_without_running_the_config(tmp_path: Path) -> None:
    write_files(tmp_path, {
        ".eleventy.js": 'const mk = require("markdown-it-mathjax3");\n'
                        "module.exports = (c) => {\n"
                        '  c.addPassthroughCopy("src/img/");\n'
                        '  c.addCollection("notes", (a) => a.getFilteredByGlob("src/til/*.md"));\n'
                        '  return { pathPrefix: "/notes/", dir: { input: "src", data: "data" } };\n'
                        "};\n",
        "src/data/site.json": '{"title": "T", "url": "https://t.example/"}'})
    settings = read_settings(tmp_path)
    assert settings.input == (tmp_path / "src").resolve()
    assert settings.data == (tmp_path / "src" / "data").resolve()
    assert settings.math and settings.path_prefix == "/notes"
    assert settings.passthrough == [((tmp_path / "src" / "img").resolve(), "/img")]
    assert settings.collection_folders == ["til"] and settings.collections == ["notes"]
    assert settings.metadata["title"] == "T"


def test_a_glob_in_a_constant_and_a_passthrough_key_without_quotes(tmp_path: Path) -> None:
    """`getFilteredByGlob(POSTS)` with `const POSTS = "./src/blog/**/*.md"` (the posts
    were read as pages), and `addPassthroughCopy({ public: "/" })`, a key without quotes
    (its pictures were missing)."""
    write_files(tmp_path, {
        ".eleventy.js": 'const POSTS = "./src/blog/**/*.{md,markdown}";\n'
                        "module.exports = (c) => {\n"
                        '  c.addPassthroughCopy({ public: "/" });\n'
                        '  c.addCollection("posts", (a) => a.getFilteredByGlob(POSTS));\n'
                        '  return { dir: { input: "src" } };\n};\n'})
    settings = read_settings(tmp_path)
    assert settings.collection_folders == ["blog"]
    assert settings.passthrough == [((tmp_path / "public").resolve(), "/")]


def test_javascript_data_is_read_as_literals() -> None:
    assert js_values('export default { tags: ["posts"], "layout": "post.njk", '
                     "draft: true, date: '2023-01-23', "
                     "eleventyNavigation: { key: 'Home', order: 1 } }") == {
        "tags": ["posts"], "date": "2023-01-23", "layout": "post.njk", "draft": True,
        "eleventyNavigation": {"key": "Home", "order": 1}}


@pytest.mark.parametrize(("pattern", "rel", "data", "url"), [
    ("/blog/{{ page.fileSlug }}/", "blog/2024-01-02-x.md", {}, "/blog/x/"),
    ("posts/{{ title | slugify }}/", "posts/a.md", {"title": "Hello World"},
     "/posts/hello-world/"),
    ("{{ page.filePathStem }}.html", "notes/b.md", {}, "/notes/b.html"),
    ("/p/{{ page.fileSlug }}/", "p/y/index.md", {}, "/p/y/"),
    ("/blog/{{ title | slug }}/index.html", "_blog/z.md", {"title": "GPU data"},
     "/blog/gpu-data/"),
    ("/{{ page.date | date: '%Y' }}/x/", "a.md", {}, None),
    # (Eleventy's filters: @sindresorhus/slugify, the npm `slugify`; a title they leave
    # nothing of keeps its Chinese)
    ("/p/{{ title | slugify }}/", "a.md", {"title": "PyTorch & Déjà vu 入门"},
     "/p/pytorch-and-deja-vu/"),
    ("/p/{{ title | slug }}/", "a.md", {"title": "C++ & CUDA"}, "/p/c++-and-cuda/"),
    ("/p/{{ title | slugify }}/", "a.md", {"title": "注意力机制"}, "/p/注意力机制/"),
])
def test_permalink_patterns(pattern: str, rel: str, data: dict[str, str],
                            url: str | None) -> None:
    assert permalink_url(pattern, rel, data) == url


def test_default_urls_and_file_slugs() -> None:
    assert default_url("blog/x.md") == "/blog/x/"
    assert default_url("blog/x/index.md") == "/blog/x/"
    assert default_url("blog/possum/possum.md") == "/blog/possum/"  # (named as its folder)
    assert default_url("index.md") == "/"
    assert file_slug("blog/2020-01-01-first.md") == "first"
    assert file_slug("blog/2020-01-01-first/index.md") == "first"


@pytest.mark.parametrize(("info", "opening"), [
    ("js/2/4-5", '```js hl_lines="2 4-5"'),
    ("text/2-3", "```text hl_lines=2-3"),
    ("diff-js", "```diff-js"),
])
def test_syntaxhighlight_marked_lines_become_hl_lines(info: str, opening: str) -> None:
    from lanting.importer.eleventy_syntax import marked_lines_fence

    assert marked_lines_fence(info, "a\nb", "").split("\n")[0] == opening


def test_collections_the_listing_pages_read_and_dated_neighbours_are_posts(
        tmp_path: Path) -> None:
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": 'module.exports = () => ({ dir: { input: "src" } });\n',
        "src/index.njk": "{% for p in collections.post %}{{ p.data.title }}{% endfor %}\n",
        "src/notes/index.njk": "{% for n in collections.note | reverse %}{{ n.url }}"
                               "{% endfor %}\n",
        "src/notes/rope.md": "---\ntitle: RoPE\ndate: 2025-02-01\ntags: [note, rope]\n---\nx\n",
        "src/posts/posts.json": '{"layout": "post"}',
        "src/posts/dpo.md": "---\ntitle: DPO\ndate: 2024-04-01\ntags: [post]\n---\nx\n",
        "src/posts/scaling.md": "---\ntitle: Scaling\ndate: 2026-01-10\ntags: [llms]\n---\nx\n",
        "src/uses.md": "---\ntitle: Uses\ntags: [note]\n---\nx\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    posts = imported.dest / "content" / "posts"
    assert sorted(p.name for p in posts.iterdir()) == ["dpo.md", "rope.md", "scaling.md"]
    # (dated, beside the posts, but tagged off the home page's list: unlisted)
    assert "unlisted: true" in (posts / "scaling.md").read_text(encoding="utf-8")
    assert "tags: [rope]" in (posts / "rope.md").read_text(encoding="utf-8")
    assert (imported.dest / "content" / "pages" / "uses.md").is_file()  # (undated)


def test_the_old_themes_assets_leave_lantings_own_urls_alone(tmp_path: Path) -> None:
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": 'module.exports = (c) => { c.addPassthroughCopy("src/assets"); '
                        'return { dir: { input: "src" } }; };\n',
        "src/assets/search.js": "// the old theme's search\n",
        "src/assets/cover.jpg": b"\xff\xd8\xff\xe0",
        "src/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\ntags: posts\n---\nx\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    static = imported.dest / "static" / "assets"
    assert (static / "cover.jpg").is_file() and not (static / "search.js").exists()
    assert "`assets/search.js` is the URL of Lanting's own file" in report_of(imported)
    build(tmp_path / "new", BuildOptions())  # (no URL claimed twice)


def test_markdown_it_breaks_keep_their_line_ends(tmp_path: Path) -> None:
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": 'const md = require("markdown-it")({ html: true, breaks: true });\n'
                        'module.exports = (c) => { c.setLibrary("md", md); };\n',
        "posts/a.md": "---\ntitle: A\ndate: 2024-01-01\ntags: posts\n---\n"
                      "第一行\n第二行\n\n- one\n- two\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    text = (imported.dest / "content" / "posts" / "a.md").read_text(encoding="utf-8")
    assert "第一行\\\n第二行\n" in text and "- one\n- two" in text


def test_a_permalink_of_its_own_names_the_post(tmp_path: Path) -> None:
    source = tmp_path / "old"
    post = "---\ntitle: {}\ntags: [post]\npermalink: reflection/{}/\n---\nx\n"
    write_files(source, {
        ".eleventy.js": 'module.exports = () => ({ dir: { input: "src" } });\n',
        "src/reflection/2019-01-31-log/index.md": post.format("January", "january-2019"),
        "src/reflection/2019-02-28-log/index.md": post.format("February", "february-2019")})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    posts = imported.dest / "content" / "posts"
    assert sorted(p.name for p in posts.iterdir()) == ["february-2019.md", "january-2019.md"]
    assert "slug `log` is taken" not in report_of(imported)


def test_headings_keep_the_ids_markdown_it_anchor_gave_them(tmp_path: Path) -> None:
    """eleventy-base-blog gives markdown-it-anchor Eleventy's `slugify` filter: the old
    `#links` name its ids (`#pytorch-and-deja-vu`), which Lanting's own ids missed."""
    source = tmp_path / "old"
    write_files(source, {
        "eleventy.config.js": 'import markdownItAnchor from "markdown-it-anchor";\n'
                              'export default function (c) {\n  c.amendLibrary("md", '
                              '(md) => md.use(markdownItAnchor, {\n    level: [1, 2, 3],\n'
                              '    slugify: c.getFilter("slugify"),\n  }));\n}\n',
        "posts/a.md": "---\ntitle: A\ndate: 2024-01-01\ntags: posts\n---\n"
                      "See [below](#pytorch-and-deja-vu).\n\n## PyTorch & Déjà vu\n\nx\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["markdown"]["heading_ids"] == "eleventy"
    build(tmp_path / "new", BuildOptions())
    heading = page(tmp_path / "new" / "public", "/posts/a/").find("h2")
    assert heading is not None and heading.attrs["id"] == "pytorch-and-deja-vu"


def test_permalinks_and_ids_made_by_the_sites_own_slug_function(tmp_path: Path) -> None:
    """A site that redefines Eleventy's `slug` filter (the npm `slugify`, `strict`) and
    gives markdown-it-anchor its own function: the old URL (`/blog/c-and-cuda-a-tour/`,
    which Lanting's slugs missed) redirects to the post, and the function Lanting cannot
    make again is reported once, at the configuration file."""
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": 'const slugify = require("slugify");\n'
                        'const anchor = require("markdown-it-anchor");\n'
                        "module.exports = function (c) {\n"
                        '  c.addFilter("slug", (s) => slugify(s, { lower: true, '
                        "strict: true }));\n"
                        '  c.addFilter("slugify", (s) => s.split(" ").join("_"));\n'
                        "  c.amendLibrary(\"md\", (md) => md.use(anchor, {\n"
                        "    slugify: (s) => s.trim().toLowerCase(),\n  }));\n};\n",
        "blog/a.md": "---\ntitle: \"C++ & CUDA: a tour\"\ndate: 2024-01-01\ntags: posts\n"
                     "permalink: /blog/{{ title | slug }}/\n---\n\n## One\n\nx\n",
        "blog/b.md": "---\ntitle: PyTorch & Déjà vu\ndate: 2024-01-02\ntags: posts\n"
                     "permalink: /blog/{{ title | slugify }}/\n---\n\nx\n",
        "blog/c.md": "---\ntitle: Two words\ndate: 2024-01-03\ntags: posts\n"
                     "permalink: /blog/{{ title | slugify }}/\n---\n\nx\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    build(tmp_path / "new", BuildOptions())
    out = tmp_path / "new" / "public"
    target = redirect_target(out, "/blog/c-and-cuda-a-tour/")
    assert page(out, target).find("h1") is not None
    report = report_of(imported)
    assert report.count(".eleventy.js: warning: the `slugify` filter is the site's own") == 1
    assert ".eleventy.js: warning: markdown-it-anchor's `slugify` is the site's own" \
        in report


@pytest.mark.parametrize(("code", "style"), [
    ('const anchor = require("markdown-it-anchor");\nmd.use(anchor);', "markdown-it-anchor"),
    ('import a from "markdown-it-anchor";\nmd.use(a, { slugify: s => uslug(s) });', "uslug"),
    ('import { IdAttributePlugin } from "@11ty/eleventy";\nc.addPlugin(IdAttributePlugin);',
     "eleventy"),
    ('const slugify = require("@sindresorhus/slugify");\nconst a = require("markdown-it-'
     'anchor");\nmd.use(a, { slugify: s => slugify(s, {decamelize: false}) });', "eleventy"),
    ('const md = require("markdown-it")();', ""),
    ('import a from "markdown-it-anchor";\nmd.use(a, { slugify: (s) => s.trim() });', ""),
    ('import a from "markdown-it-anchor";\nmd.use(a, {\n  slugify(str) {\n    return str'
     '.toLowerCase();\n  }\n});', ""),
    # (the npm `slugify` package with the options Eleventy sites give it: a method, a
    # function of the config, a function of a module of its own)
    ('const slugify = require("slugify");\nconst a = require("markdown-it-anchor");\n'
     'md.use(a, {\n  slugify(s) {\n    return slugify(s, {\n      lower: true\n    })\n'
     '  }\n});', "slugify"),
    ('import slugify from "slugify";\nimport a from "markdown-it-anchor";\nfunction mine(s)'
     ' {\n  return slugify(s, { lower: true, strict: true });\n}\nmd.use(a, { slugify: '
     'mine });', "slugify-strict"),
    ('const raw = require("slugify");\nconst slug = (s) =>\n  raw(s, {\n    lower: true,\n'
     '    strict: true,\n  });\nconst a = require("markdown-it-anchor");\n'
     'md.use(a, { slugify: slug });', "slugify-strict"),
    ('const slugify = require("slugify");\nconst a = require("markdown-it-anchor");\n'
     'md.use(a, { slugify: s => slugify(s, { lower: true, remove: /[:,]/g }) });',
     "slugify /[:,]/"),
    ('const slugify = require("slugify");\nconst a = require("markdown-it-anchor");\n'
     'md.use(a, { slugify: slugify });', ""),
    ('const slugify = require("@sindresorhus/slugify");\nconst a = require("markdown-it-'
     'anchor");\nmd.use(a, { slugify: s => slugify(s) });', "sindresorhus"),
    # (Eleventy's `slug` filter is the npm package, lower case; a filter redefined is
    # the site's)
    ('const a = require("markdown-it-anchor");\nmd.use(a, { slugify: c.getFilter("slug") });',
     "slugify"),
    ('const slugify = require("slugify");\nconst a = require("markdown-it-anchor");\n'
     'c.addFilter("slugify", (s) => slugify(s, { lower: true, strict: true }));\n'
     'md.use(a, { slugify: c.getFilter("slugify") });', "slugify-strict"),
    ('import { IdAttributePlugin } from "@11ty/eleventy";\nc.addFilter("slugify", (s) => '
     's.trim());\nc.addPlugin(IdAttributePlugin);', ""),
])
def test_the_heading_id_style_of_the_markdown_library(code: str, style: str) -> None:
    """Which of Lanting's heading id styles the site's ids were made in, read from the
    configuration's code ("": none is the same)."""
    from lanting.importer.eleventy_slugs import heading_style

    assert heading_style(code)[0] == style


def test_a_data_file_of_papers_is_the_publications(tmp_path: Path) -> None:
    """`_data/publications.yaml`, which a page's Nunjucks loop showed: the loop was left
    in a comment with a warning, the papers lost; they are `content/publications.bib`."""
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": 'module.exports = () => ({ markdownTemplateEngine: "njk" });\n',
        "_data/publications.yaml": "- title: Bed topography from a neural network\n"
                                   "  authors: [Wen Shu, Ida Moss]\n  journal: The Cryosphere\n"
                                   "  year: 2020\n  pdf: https://papers.example.org/bed.pdf\n",
        "research.md": "---\ntitle: Research\n---\n\n{% for p in publications %}\n"
                       "- {{ p.title }}, {{ p.journal }}\n{% endfor %}\n\nMore soon.\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "@article{shu2020bed," in bib and "pdf     = {https://papers." in bib
    page_text = (imported.dest / "content" / "pages" / "research.md").read_text(
        encoding="utf-8")
    assert "{%" not in page_text and "More soon." in page_text
    assert "a loop over the old site's data" not in report_of(imported)


def test_nutshell_sections_and_links_to_headings(tmp_path: Path) -> None:
    """A post's own `#links` by markdown-it-anchor's ids: one written as GitHub would
    (`#part-1-probability` for `part-1:-probability`) goes to its heading, a dead one
    keeps its text alone (the build failed on both); Nutshell's `:x` sections, opened by
    `[:links]`, are headings with the ids the links name."""
    source = tmp_path / "old"
    write_files(source, {
        "eleventy.config.js": 'import anchor from "markdown-it-anchor";\n'
                              'export default (c) => c.amendLibrary("md", (md) => '
                              "md.use(anchor));\n",
        "_includes/post.njk": '<script src="/js/nutshell.js"></script>{{ content }}\n',
        "posts/a.md": "---\ntitle: A\ndate: 2024-01-01\ntags: posts\n---\n"
                      "[Part 1](#part-1-probability), [gone](#no-such-part), "
                      "[:the Monte Carlo method](#x-monte-carlo).\n\n"
                      "## Part 1: Probability\n\nx\n\n#### :x Monte Carlo\n\nDraw samples.\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    text = (imported.dest / "content" / "posts" / "a.md").read_text(encoding="utf-8")
    assert "[Part 1](#part-1:-probability), gone, [the Monte Carlo method](#x-monte-carlo)" \
        in text
    assert "#### Monte Carlo {#x-monte-carlo}" in text
    assert "link `#no-such-part`: no heading" in report_of(imported)
    build(tmp_path / "new", BuildOptions())
    post = page(tmp_path / "new" / "public", "/posts/a/")
    assert [h.attrs.get("id") for h in post.find_all("h2") + post.find_all("h4")
            if "Part" in h.text() or "Monte" in h.text()] == [
        "part-1:-probability", "x-monte-carlo"]


def test_a_relative_link_to_no_page_keeps_its_text(tmp_path: Path) -> None:
    """`./cupy-tutorial` (a post of another blog, cross-posted with its links) led
    nowhere from the post's folder URL on the old site either: it failed the build."""
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": "module.exports = () => ({});\n",
        "blog/blog.json": '{"tags": "post", "permalink": "/blog/{{ title | slug }}/"}',
        "blog/2023-12-12-gpu.md": "---\ntitle: GPU arrays\n---\nSee the [tutorial]"
                                  "(./cupy-tutorial) and [the other](../zarr-reads/).\n",
        "blog/2023-11-01-zarr.md": "---\ntitle: Zarr reads\n---\nx\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    text = (imported.dest / "content" / "posts" / "gpu-arrays.md").read_text(encoding="utf-8")
    assert "See the tutorial and [the other](zarr-reads.md)." in text
    assert "link `./cupy-tutorial` leads to no page" in report_of(imported)
    build(tmp_path / "new", BuildOptions())


def test_a_loop_over_a_collection_of_pages_is_one_honest_warning(tmp_path: Path) -> None:
    """A CV page loops over `collections.talks`, pages of `_talks/` published as anchors
    of it (`/talks-list/#{{ title | slugify }}`): the loop was left out as though Lanting
    listed them (it lists posts), each loop inside it warned of on its own, and each
    talk's anchor URL was taken for the page's own URL, a warning each."""
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": "module.exports = () => ({});\n",
        "_talks/_talks.json": '{"tags": "talks", "permalink": '
                              '"/talks-list/#{{ title | slugify }}"}',
        "_talks/2021-05-01-kv.md": "---\ntitle: KV caches\nvenue: Lab day\n---\n",
        "_talks/2022-06-01-moe.md": "---\ntitle: Mixtures of experts\n---\n",
        "talks-list.md": "---\ntitle: Talks\n---\n\nRecent:\n\n"
                         "{% for t in collections.talks reversed %}\n#### {{ t.data.title }}\n"
                         "{%- for site in t.data.websites -%} [{{ site[0] }}]({{ site[1] }})"
                         "{%- endfor -%}\n{% endfor %}\n\nAll welcome.\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    report = report_of(imported)
    assert report.count("a loop over `collections.talks`, whose 2 items are pages") == 1
    assert "a loop over the old site's data" not in report
    assert "left out: it is the new URL" not in report
    text = (imported.dest / "content" / "pages" / "talks-list.md").read_text(encoding="utf-8")
    assert "{%" not in text and "Recent:\n\nAll welcome." in text


def test_eleventy_computed_permalinks_and_titles(tmp_path: Path) -> None:
    """`eleventyComputed` (a folder's data file, or front matter) gave the notes their
    URLs and titles: they were "data Lanting has no place for", the URLs lost."""
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": "module.exports = () => ({});\n",
        "notes/notes.11tydata.js": 'module.exports = { tags: ["posts"], eleventyComputed: '
                                   '{ permalink: "/n/{{ page.fileSlug }}/" } };\n',
        "notes/2024-02-02-rope.md": "---\nseries: Positions\npart: RoPE\neleventyComputed:\n"
                                    "  title: \"{{ series }}: {{ part }}\"\n---\nx\n",
        "notes/2024-03-03-alibi.md": "---\ntitle: ALiBi\neleventyComputed:\n"
                                     "  title: \"{{ page.url | upper }}\"\n---\ny\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    posts = imported.dest / "content" / "posts"
    rope = (posts / "rope.md").read_text(encoding="utf-8")
    assert "title: 'Positions: RoPE'" in rope or 'title: "Positions: RoPE"' in rope
    assert '"/n/rope/"' in rope and '"/n/alibi/"' in (posts / "alibi.md").read_text(
        encoding="utf-8")
    assert "`eleventyComputed`" in report_of(imported)  # (the title worked out by code)


def test_pages_paginated_from_data(tmp_path: Path) -> None:
    """`pagination` made a page for each project of `_data/projects.json`: imported as
    one page of `{{ project.title }}` outputs at no known URL, under warnings for each;
    now left out with one warning naming the file. A list published once keeps its
    text; a paged list of a collection is the theme's."""
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": "module.exports = () => ({});\n",
        "_data/projects.json": '[{"slug": "kv", "title": "KV cache"}]',
        "project.md": "---\npagination:\n  data: projects\n  size: 1\n  alias: project\n"
                      "permalink: /projects/{{ project.slug }}/\n---\n# {{ project.title }}\n",
        "projects.md": "---\ntitle: Projects\npagination:\n  data: projects\n  size: 50\n"
                       "permalink: /all-projects/\n---\nWhat we build.\n\n"
                       "{% for p in pagination.items %}\n- {{ p.title }}\n{% endfor %}\n",
        "blog-pages.md": "---\npagination:\n  data: collections.posts\n  size: 10\n"
                         "permalink: /page/{{ pagination.pageNumber }}/\n---\nx\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    report = report_of(imported)
    assert "project.md: warning: a page made for each item of `_data/projects.json`" in report
    assert "`{{ project.title }}`" not in report and "`pagination`" not in report
    assert "a paged list of `collections.posts`" in report
    pages = sorted(p.name for p in (imported.dest / "content" / "pages").iterdir())
    assert pages == ["all-projects.md"]  # (its permalink names it)


def test_jekylls_post_url_and_pullquote_of_a_blog_moved_from_jekyll(tmp_path: Path) -> None:
    """A blog moved from Jekyll defines `post_url` and `pullquote` again in its config:
    both were left in comments, each link lost."""
    source = tmp_path / "old"
    write_files(source, {
        "eleventy.config.js": 'export default (c) => {\n  c.addLiquidTag("post_url", tag);\n'
                              '  c.addPairedShortcode("pullquote", (content) => `<aside>'
                              '${content}</aside>`);\n  c.addCollection("posts", (api) => '
                              'api.getFilteredByGlob(["_posts/*"]));\n};\n',
        "_posts/2023-11-12-git-words.md": "---\ntitle: Git words\n---\nDetached HEAD.\n",
        "_posts/2023-11-26-teaching-git.md": "---\ntitle: Teaching Git\n---\n"
                                             "As [said before]({% post_url 2023-11-12-git-words"
                                             " %}), words matter.\n\n{% pullquote \"presentation\""
                                             " %}Words matter.{% endpullquote %}\n\nMore.\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    text = (imported.dest / "content" / "posts" / "teaching-git.md").read_text(
        encoding="utf-8")
    assert "As [said before](git-words.md), words matter.\n\n> Words matter.\n\nMore." in text
    assert "left in a comment" not in report_of(imported)


def test_a_layouts_front_matter_gives_its_posts_their_permalink(tmp_path: Path) -> None:
    """The post layout's `---js` front matter computed every post's URL from its file
    (`${data.page.fileSlug}/`): the posts kept `/_posts/2013-05-06-x/`, Eleventy's
    default, as their old URL, and links to the real one failed."""
    source = tmp_path / "old"
    write_files(source, {
        "eleventy.config.js": 'export default (c) => { c.addCollection("posts", (api) => '
                              'api.getFilteredByGlob(["_posts/*"])); return { dir: { layouts: '
                              '"_layouts" } }; };\n',
        "_layouts/post.liquid": "---js\n{\n  layout: \"default\",\n  eleventyComputed: {\n"
                                "    permalink: (data) => data.published !== false ? "
                                "`${data.page.fileSlug}/` : false,\n  },\n}\n---\n"
                                "<article>{{ content }}</article>\n",
        "_layouts/default.liquid": "---\nog_type: website\n---\n{{ content }}\n",
        "_posts/2013-05-06-build-tools.md": "---\nlayout: post\ntitle: Build tools\n---\nx\n",
        "_posts/2014-01-02-javac.md": "---\nlayout: post\ntitle: javac\n---\n"
                                      "See [the tools](/build-tools).\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    posts = imported.dest / "content" / "posts"
    assert '"/build-tools/"' in (posts / "build-tools.md").read_text(encoding="utf-8")
    assert "[the tools](build-tools.md)" in (posts / "javac.md").read_text(encoding="utf-8")
    assert "`og_type`" not in report_of(imported)  # (the theme's data, not the post's)


def test_a_layouts_tags_make_its_pages_posts(tmp_path: Path) -> None:
    """`tags: posts` in the post layout's front matter (the posts' own name only their
    subjects): Eleventy's cascade adds the layout's tags to each page's, so each was in
    `collections.posts`; they were imported as pages."""
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": 'module.exports = (c) => ({ dir: { input: "site" } });\n',
        "site/_includes/layouts/post.njk": "---\nlayout: base\ntags: posts\n---\n"
                                           "<article>{{ content }}</article>\n",
        "site/posts/posts.11tydata.json": '{ "layout": "layouts/post.njk" }\n',
        "site/posts/2019-03-04-vim-folds.md": "---\ntitle: Vim folds\ntags:\n- Vim\n---\nx\n",
        "site/about.md": "---\ntitle: About\n---\nMe.\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    post = imported.dest / "content" / "posts" / "vim-folds.md"
    assert "tags: [Vim]" in post.read_text(encoding="utf-8")
    assert (imported.dest / "content" / "pages" / "about.md").is_file()


@pytest.mark.parametrize(("code", "pattern", "url"), [
    ('c.addFilter("slugDate", (d) => {\n  return DateTime.fromJSDate(d, { zone: "utc" }).\n'
     '    toFormat("y/MM");\n});', "/{{ page.date | slugDate }}/{{ page.fileSlug }}/index.html",
     "/2019/03/vim-folds/"),
    ('c.addFilter("ymd", function (dateObj) {\n  return DateTime.fromJSDate(dateObj)'
     ".toFormat('yyyy-LL-dd');\n});", "/blog/{{ page.date | ymd }}/", "/blog/2019-03-04/"),
    ("", '/p/{{ page.date | date: "%Y" }}/{{ page.fileSlug }}/', "/p/2019/vim-folds/"),
    ('c.addFilter("when", (d) => DateTime.fromJSDate(d).toFormat("cccc"));',
     "/{{ page.date | when }}/x/", None),
])
def test_a_date_in_a_permalink(code: str, pattern: str, url: str | None) -> None:
    """A permalink of the post's date through a date filter of the configuration that
    is one Luxon format, or Liquid's own `date`: the old URL (`/2019/03/vim-folds/`)
    was lost; a format of other tokens (weekdays) is not worked out."""
    from lanting.importer.eleventy_dates import date_filters

    when = dt.date(2019, 3, 4)
    assert permalink_url(pattern, "posts/2019-03-04-vim-folds.md", {}, when=when,
                         dates=date_filters(code)) == url


def test_a_layouts_dated_permalink_is_the_posts_old_url(tmp_path: Path) -> None:
    """The post layout's permalink of the date through the site's `slugDate`: the post's
    old URL, `/2019/03/vim-folds/`, redirects to it."""
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": 'const { DateTime } = require("luxon");\nmodule.exports = (c) => {\n'
                        '  c.addFilter("slugDate", (d) => DateTime.fromJSDate(d, { zone: '
                        '"utc" }).toFormat("y/MM"));\n};\n',
        "_includes/post.njk": "---\ntags: posts\npermalink: \"/{{ page.date | slugDate }}/"
                              "{{ page.fileSlug }}/index.html\"\n---\n{{ content }}\n",
        "posts/2019-03-04-vim-folds.md": "---\ntitle: Vim folds\nlayout: post.njk\n---\nx\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    post = (imported.dest / "content" / "posts" / "vim-folds.md").read_text(encoding="utf-8")
    assert '"/2019/03/vim-folds/"' in post


def test_old_tag_pages_redirect_to_lantings(tmp_path: Path) -> None:
    """A template paged over the collections made a page per tag at `/tag/{{ tag | slug
    }}/`; a post linking to one (`[the series](/tag/code-review)`) found nothing."""
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": "module.exports = (c) => ({});\n",
        "tag.njk": "---\npagination:\n  data: collections\n  size: 1\n  alias: label\n"
                   "permalink: /tag/{{ label | slug }}/\n---\n{{ label }}\n",
        "posts/2020-01-02-naming.md": "---\ntitle: Naming\ntags: [posts, Code review]\n---\n"
                                      "One of [the series](/tag/code-review).\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["redirects"]["/tag/code-review/"] == "/tags/code-review/"
    build(tmp_path / "new", BuildOptions())  # (a broken link would fail it)


def test_dated_templates_laid_out_as_posts_are_posts(tmp_path: Path) -> None:
    """A blog whose collections a theme package makes (not in the repository): its
    dated files with `layout: post.njk` were imported as pages."""
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": 'const theme = require("some-eleventy-theme");\n'
                        "module.exports = (c) => { theme(c); return { dir: { input: "
                        '"src" } }; };\n',
        "src/posts/2025/rust-tools.md": "---\nlayout: post.njk\ntitle: Rust tools\n"
                                        "date: 2025-12-01\ntags: [rust]\n---\nx\n",
        "src/about.md": "---\nlayout: page.njk\ntitle: About\ndate: 2024-01-01\n---\nMe.\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert (imported.dest / "content" / "posts" / "rust-tools.md").is_file()
    assert (imported.dest / "content" / "pages" / "about.md").is_file()


def test_paired_callout_shortcodes_are_callouts(tmp_path: Path) -> None:
    """`{% alert "warning", "Licence" %}…{% endalert %}`, a theme's paired shortcode, was
    left in two comments with warnings, its box lost."""
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": "module.exports = (c) => ({});\n",
        "posts/a.md": "---\ntitle: A\ndate: 2024-01-01\ntags: posts\n---\n\n"
                      '{% alert "warning", "Licence" %}\nCode is **MIT**.\n{% endalert %}\n\n'
                      "{% callout %}\nA plain note.\n{% endcallout %}\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    post = (imported.dest / "content" / "posts" / "a.md").read_text(encoding="utf-8")
    assert "> [!WARNING] Licence\n> Code is **MIT**." in post
    assert "> [!NOTE]\n> A plain note." in post
    assert "warning: not converted" not in report_of(imported)


def test_the_sites_own_template_shortcodes_are_run(tmp_path: Path) -> None:
    """`addShortcode("filename", (name) => `<div …>${name}</div>`)`: each use was left in
    a comment with a warning; a shortcode of other code still is."""
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": "module.exports = (c) => {\n"
                        '  c.addShortcode("filename", filename => {\n'
                        "    // a blank line after it keeps the Markdown\n"
                        '    return `<div class="code-name">${filename}</div>\\n\\n`;\n  });\n'
                        '  c.addShortcode("year", () => `${new Date().getFullYear()}`);\n};\n',
        "posts/a.md": "---\ntitle: A\ndate: 2024-01-01\ntags: posts\n---\n\n"
                      '{% filename "setup.py" %}\n```python\nx = 1\n```\n\n'
                      "Since {% year %}.\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    post = (imported.dest / "content" / "posts" / "a.md").read_text(encoding="utf-8")
    assert '<div class="code-name">setup.py</div>\n\n```python' in post
    assert "posts/a.md:12: warning: not converted" in report_of(imported)


def test_an_input_folder_no_configuration_names_is_src(tmp_path: Path) -> None:
    """A theme package set `dir.input` (its code is not in the repository): with the
    root as the input, every post's old URL began `/src/` and `/assets/…` images were
    not found."""
    write_files(tmp_path, {
        ".eleventy.js": 'const theme = require("a-theme");\nmodule.exports = (c) => '
                        "theme(c);\n",
        "src/_includes/base.njk": "{{ content }}\n", "README.md": "# Notes\n"})
    assert read_settings(tmp_path).input == (tmp_path / "src").resolve()
    write_files(tmp_path, {"_data/site.json": "{}"})
    assert read_settings(tmp_path).input == tmp_path.resolve()


def test_hugos_ref_of_a_blog_moved_from_hugo(tmp_path: Path) -> None:
    """`[the first part]({% ref "2023-07-12-vm-1.markdown" %})`, a shortcode a blog moved
    from Hugo defines again: left in a comment inside the link, which broke the build."""
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": 'module.exports = (c) => { c.addNunjucksShortcode("ref", f); };\n',
        "blog/2023-07-12-vm-1.markdown": "---\ntitle: VM 1\ntags: posts\n---\nx\n",
        "blog/2023-07-20-vm-2.md": "---\ntitle: VM 2\ntags: posts\n---\nAfter [the "
                                   'first part]({% ref "2023-07-12-vm-1.markdown" %}).\n'})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    post = (imported.dest / "content" / "posts" / "vm-2.md").read_text(encoding="utf-8")
    assert "After [the first part](vm-1.md)." in post


def test_the_markdown_library_of_a_module_a_module_requires(tmp_path: Path) -> None:
    """The config requires `./src/_11ty` (its `index.js`), which requires the Markdown
    library (markdown-it-anchor given the npm `slugify`, lower case): only the config's
    own modules were read, and the heading ids were Lanting's, with no word of it."""
    write_files(tmp_path, {
        ".eleventy.js": "const { libraries } = require('./src/_11ty')\n"
                        "module.exports = (c) => { c.setLibrary('md', libraries.md) }\n",
        "src/_11ty/index.js": "module.exports = { libraries: { md: require('./libraries/"
                              "markdown') } }\n",
        "src/_11ty/libraries/markdown.js": "const slugify = require('slugify')\n"
                                           "const anchor = require('markdown-it-anchor')\n"
                                           "module.exports = require('markdown-it')().use("
                                           "anchor, {\n  slugify (s) {\n    return slugify"
                                           "(s, { lower: true })\n  }\n})\n"})
    assert read_settings(tmp_path).heading_ids == "slugify"


def test_a_digital_gardens_wiki_links_lead_to_the_notes_pages(tmp_path: Path) -> None:
    """Obsidian's Digital Garden (an Eleventy template) publishes notes under permalinks
    of their own and links them as `[[Note\\|Shown]]`, which its `link` filter found
    by the note's name. The pages' files are named after the permalinks, so the build
    found no `Note.md`: 1,774 broken links failed a garden's build. They lead to the
    notes' pages now; one to a note not published (the old page showed its text, a
    dead link) is its text, with one warning for the site."""
    source = tmp_path / "garden"
    write_files(source, {
        "package.json": '{"dependencies": {"@11ty/eleventy": "^2.0.0"}}\n',
        ".eleventy.js": ("module.exports = function (c) {\n"
                         '  c.addFilter("link", (s) => s.replace(/\\[\\[(.*?\\|.*?)\\]\\]/g,'
                         " (m, p) => p));\n"
                         '  return { dir: { input: "src/site" } };\n};\n'),
        "src/site/notes/传递函数.md": ('---\n{"dg-publish":true,"permalink":'
                                   '"/控制/1.1 传递函数/"}\n---\n\n## 定义\n\n零初始条件下。\n'),
        "src/site/notes/根轨迹.md": ('---\n{"dg-publish":true,"permalink":"/控制/2 根轨迹/"}\n'
                                  "---\n\n由[[传递函数\\|传递函数]]与"
                                  "[[传递函数#定义\\|其定义]]，见[[拉氏变换\\|拉氏变换]]。\n"),
    })
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    pages = imported.dest / "content" / "pages"
    [note] = [p for p in pages.iterdir() if "根轨迹" in p.name]
    [target] = [p.name for p in pages.iterdir() if "传递函数" in p.name]
    text = note.read_text(encoding="utf-8")
    assert f"[传递函数]({target})" in text and f"[其定义]({target}#定义)" in text
    assert "见拉氏变换。" in text
    warnings = [e.message for e in imported.report.warnings]
    assert len(warnings) == 1 and "`拉氏变换`" in warnings[0]
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []

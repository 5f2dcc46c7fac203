"""`lanting import` of Zola sites: the fixture `tests/fixtures/import/zola/` (a blog
with KaTeX, a translation, sections, colocated images, the theme's and the site's own
shortcodes) imported and built, and the reader's parts on their own (Zola's slugs,
shortcode arguments, the site's Tera templates, fence options, detection)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from importbits import FIXTURES, NOW, imported_site, messages, page, redirect_target
from sitebits import write_files

from lanting.importer import Imported, detect, import_site
from lanting.importer.zola_config import hugo_shaped, zola_slug
from lanting.importer.zola_shortcodes import parse_args
from lanting.importer.zola_tera import OwnTemplates, tera_to_jinja

PNG = (FIXTURES / "zola" / "static" / "images" / "diagram.png").read_bytes()


@pytest.fixture(scope="module")
def zola(tmp_path_factory: pytest.TempPathFactory) -> tuple[Imported, Path]:
    return imported_site(tmp_path_factory, "zola")


def written(imported: Imported, rel: str) -> str:
    return (imported.dest / rel).read_text(encoding="utf-8")


def small_site(tmp_path: Path, files: dict[str, str | bytes]) -> Imported:
    source = tmp_path / "old"
    write_files(source, {"config.toml": 'base_url = "https://x.example.org"\n'
                                        'title = "T"\n', **files})
    return import_site(source, tmp_path / "new", None, False, NOW)


# --- the fixture site --------------------------------------------------------------------


def test_a_zola_site_is_not_taken_for_hugo(tmp_path: Path) -> None:
    """Zola's `config.toml` beside `content/` was read as Hugo's: its shortcodes were
    left raw, its posts at the root made pages."""
    assert detect(FIXTURES / "zola") == "zola"
    write_files(tmp_path, {"config.toml": 'baseURL = "https://x.org/"\n',
                           "content/posts/a.md": "---\ntitle: A\n---\n"})
    assert detect(tmp_path) == "hugo"


def test_settings(zola: tuple[Imported, Path]) -> None:
    imported, _out = zola
    config = tomllib.loads(written(imported, "lanting.toml"))
    assert config["title"] == "林的笔记"
    assert config["author"] == "Lin Qiao"
    assert config["base_url"] == "https://lin-notes.example.org/"
    assert config["description"] == "Notes on attention, caches and numerics"
    assert config["links"] == [{"name": "GitHub", "url": "https://github.com/example-lin"}]
    assert [m["url"] for m in config["menu"]] == ["/blog/", "/about/"]
    assert config["languages"] == {"zh": {"title": "林的笔记（中文）"}}
    assert config["markdown"]["emoji"] is False  # (`render_emoji` off, as Zola's default)
    assert config["permalinks"]["posts"] == "/blog/:slug/"
    assert "Hugo" not in written(imported, "lanting.toml")  # (its comments say Zola's)


def test_old_urls_keep_answering(zola: tuple[Imported, Path]) -> None:
    """The date of the file's name is the post's and leaves its URL; `slug` goes
    through Zola's slugify; `aliases` are from the root; `path` replaces the URL."""
    imported, out = zola
    head = written(imported, "content/posts/attention-scaling.md")
    assert "date: 2024-03-01" in head
    assert (out / "blog/attention-scaling/index.html").is_file()
    assert (out / "blog/kv-cache-costs/index.html").is_file()
    assert redirect_target(out, "/posts/attention-scaling/") == "/blog/attention-scaling/"
    assert redirect_target(out, "/old/attention.html") == "/blog/attention-scaling/"
    assert redirect_target(out, "/about-me/") == "/about/"
    assert redirect_target(out, "/notes/gpu-prices/") == "/blog/gpu-prices/"
    assert (out / "zh/blog/kv-cache/index.html").is_file()


def test_front_matter(zola: tuple[Imported, Path]) -> None:
    imported, _out = zola
    post = written(imported, "content/posts/kv-cache-costs/index.md")
    assert "updated: 2024-05-02" in post
    assert "tags: [serving]" in post
    scaling = written(imported, "content/posts/attention-scaling.md")
    assert "categories: [ML]" in scaling
    assert "summary: A variance argument, in two lines." in scaling
    assert "draft: true" in written(imported, "content/posts/sparse-draft.md")
    assert "categories: [notes]" in written(imported, "content/posts/gpu-prices/index.md")


def test_math_shortcodes_and_links(zola: tuple[Imported, Path]) -> None:
    imported, out = zola
    body = written(imported, "content/posts/attention-scaling.md")
    assert "here as $\\sigma^2 = d$." in body  # (`\\(…\\)`: Markdown ate one backslash)
    assert "_{i_j}" in body
    assert "> [!NOTE] Rule of thumb" in body
    assert '{{< video youtube="dQw4w9WgXcQ" >}}' in body
    assert "](kv-cache-costs/index.md#memory-cost)" in body
    assert "```rust linenos=true hl_lines=2" in body
    assert '`{{ youtube(id="…") }}`' in body  # the escape shows the shortcode
    html = page(out, "/blog/attention-scaling/")
    assert html.find_all("math")
    kv = written(imported, "content/posts/kv-cache-costs/index.md")
    assert '![Keys and values kept per layer](kv.png "Keys and values kept per layer")' in kv
    assert '<p class="theorem-name">Cache size</p>\n\nThe cache holds $2 L n d$' in kv
    assert "](../posts/attention-scaling.md#variance-of-the-logits)" in written(
        imported, "content/pages/about.md")


def test_dollars_of_a_page_without_katex(zola: tuple[Imported, Path]) -> None:
    imported, _out = zola
    assert "A card cost \\$1,200 in March and \\$900" in written(
        imported, "content/posts/gpu-prices/index.md")


def test_a_template_not_run_is_reported_at_its_line(zola: tuple[Imported, Path]) -> None:
    imported, _out = zola
    [message] = messages(imported, "content/blog/kv-cache/index.md")[1:]
    assert "`resized`" in message and "resize_image" in message
    entry = next(e for e in imported.report.entries if "`resized`" in e.message)
    assert entry.line == 24
    assert "<!-- import: unconverted {{ resized(" in written(
        imported, "content/posts/kv-cache-costs/index.md")


# --- the reader's parts --------------------------------------------------------------------


def test_zola_slug() -> None:
    assert zola_slug("KV Cache Costs") == "kv-cache-costs"
    assert zola_slug("Búsqueda_rápida!") == "busqueda-rapida"
    assert zola_slug("注意力") == "zhu-yi-li"
    assert zola_slug("A b", "safe") == "A-b"


def test_shortcode_arguments() -> None:
    assert parse_args('src="a.png", block=true, n=3, tags=["x", "y"]') == {
        "src": "a.png", "block": True, "n": 3, "tags": ["x", "y"]}
    assert parse_args("x=page.title") is None
    assert parse_args('a="x" b="y"') == {"a": "x", "b": "y"}  # (no comma: Zola reads both)


def test_config_shapes() -> None:
    config = hugo_shaped({"base_url": "https://a.org", "extra": {
        "main_menu": [{"name": "Posts", "url": "$BASE_URL/posts"}],
        "social": {"github": "https://github.com/a"}}, "ignored_content": ["*.drawio"]})
    assert config["menu"] == {"main": [{"name": "Posts", "url": "/posts"}]}
    assert config["params"]["socialicons"] == [{"name": "github",
                                                "url": "https://github.com/a"}]
    assert config["ignorefiles"] == ["(?s:.*\\.drawio)$"]


def test_site_templates_with_tera_defaults_and_markdown_arguments(tmp_path: Path) -> None:
    """Tera's `default(value=…)` and a caption through `markdown` (tabi's
    `force_text_direction`, a site's `centered_img`): Jinja refused the first, and
    the second took the place of the body."""
    (tmp_path / "dir.html").write_text('<div dir="{{ direction | default(value="ltr") }}">'
                                       "\n{{ body | markdown | safe }}\n</div>\n")
    (tmp_path / "pic.html").write_text('<img src="{{ src }}">\n'
                                       "{{ desc | markdown(inline=true) | safe }}\n")
    own = OwnTemplates({"dir": tmp_path / "dir.html", "pic": tmp_path / "pic.html"}, {})
    out, why = own.run("dir", {}, "Some *text*.", {})
    assert why == ""
    assert re.sub(r"\n{3,}", "\n\n", out.strip()) == \
        '<div dir="ltr">\n\nSome *text*.\n\n</div>'  # (the body stays Markdown)
    out, why = own.run("pic", {"src": "a.png", "desc": "A *b*"}, None, {})
    assert (out.strip(), why) == ('<img src="a.png">\nA <em>b</em>', "")


def test_a_theme_shortcode_of_data_and_macros(tmp_path: Path) -> None:
    """A theme's shortcode listing a data file beside the page as cards (serene's
    `collection`): it imports the theme's macros, calls them Tera's way
    (`m::card(…)`) and loads the file with `load_data` from the section's path. It
    was left in a comment, and the CV with it."""
    imported = small_site(tmp_path, {
        "config.toml": 'base_url = "https://x.example.org"\ntitle = "T"\ntheme = "calm"\n',
        "themes/calm/templates/shortcodes/collection.html":
            "{% import 'macros/cards.html' as cards -%}\n"
            '{% set data = load_data(path="content" ~ section.path ~ file, format="toml") %}\n'
            '<section class="cards">\n{% for item in data.collection %}'
            "{{ cards::card(item=item) }}{% endfor %}\n</section>\n",
        "themes/calm/templates/macros/cards.html":
            '{% macro card(item) %}<div class="card"><b>{{ item.title }}</b> '
            "{{ item.when }}</div>\n{% endmacro %}\n",
        "content/cv/_index.md": '+++\ntitle = "CV"\n+++\n\n# Work\n\n'
                                '{{ collection(file="jobs.toml") }}\n\n'
                                '{{ collection(file="../../../secret.toml") }}\n',
        "../secret.toml": "[[collection]]\ntitle = 'not the site'\n",
        "content/cv/jobs.toml": '[[collection]]\ntitle = "Compiler lab"\nwhen = "2024 –"\n\n'
                                '[[collection]]\ntitle = "Kernel team"\nwhen = "2021 – 2023"\n'})
    body = written(imported, "content/pages/cv.md")
    assert '<div class="card"><b>Compiler lab</b> 2024 –</div>' in body
    assert '<div class="card"><b>Kernel team</b> 2021 – 2023</div>' in body
    # (a file outside the site's folder is not read: that use stays in a comment)
    assert "not the site" not in body
    assert [m for m in messages(imported, "content/cv/_index.md") if "collection" in m] == [
        'not converted, left in a comment: `{{ collection(file="../../../secret.toml") }}` '
        "(`collection` is a shortcode of the theme or site: its template does what Lanting "
        "cannot run (load_data: no file content/cv/../../../secret.toml))"]


def test_tera_syntax_made_jinja() -> None:
    assert tera_to_jinja("{{ m::card(item=x) }}<style>p::part(x) {}</style>"
                         "{% set_global n = m::count( ) %}") == \
        "{{ m.card(item=x) }}<style>p::part(x) {}</style>{% set n = m.count( ) %}"


def test_image_shortcodes_whose_template_cannot_run(tmp_path: Path) -> None:
    """A site's image shortcode resizing its image (`resize_image`), or one of two
    images (tabi's `dual_theme_image`): the image as a figure, not a warning."""
    imported = small_site(tmp_path, {
        "templates/shortcodes/centered_img.html":
            '{% set i = resize_image(path=src, width=300) %}<img src="{{ i.url }}">',
        "content/blog/a/index.md": '+++\ntitle = "A"\ndate = 2024-01-02\n+++\n\n'
                                   '{{ centered_img(src="x.png", desc="The board") }}\n\n'
                                   '{{ dual_theme_image(light_src="x.png", dark_src="y.png")'
                                   " }}\n",
        "content/blog/a/x.png": PNG})
    assert imported.report.warnings == []
    body = written(imported, "content/posts/a/index.md")
    assert '![The board](x.png "The board")' in body
    assert body.count("(x.png") == 2


def test_fence_options_without_a_language(tmp_path: Path) -> None:
    imported = small_site(tmp_path, {
        "content/blog/a.md": '+++\ntitle = "A"\ndate = 2024-01-02\n+++\n\n'
                             "```name=.gitignore\n*.pyc\n```\n"})
    assert '```text title=.gitignore\n*.pyc\n```' in written(imported, "content/posts/a.md")


def test_links_by_zola_ids_and_to_lists(tmp_path: Path) -> None:
    """Zola's heading ids are ASCII (`#busqueda` for `Búsqueda`); a link to a list is to
    a section's `_index.md`, in a language too (`@/_index.es.md`)."""
    imported = small_site(tmp_path, {
        "content/blog/a.md": '+++\ntitle = "A"\ndate = 2024-01-02\n+++\n\n'
                             "## Búsqueda rápida\n\nSee [b](@/blog/b.md#busqueda-rapida), "
                             "[here](#busqueda-rapida), [home](@/_index.md) and "
                             "[posts](@/blog/_index.md).\n",
        "content/blog/b.md": '+++\ntitle = "B"\ndate = 2024-01-03\n+++\n\n'
                             "## Búsqueda rápida\n\nText.\n"})
    assert imported.report.warnings == []
    body = written(imported, "content/posts/a.md")
    assert "[b](b.md#búsqueda-rápida)" in body
    assert "[here](#búsqueda-rápida)" in body
    assert "[home](/)" in body and "[posts](/blog/)" in body


def test_youtube_by_its_address(tmp_path: Path) -> None:
    imported = small_site(tmp_path, {
        "content/blog/a.md": '+++\ntitle = "A"\ndate = 2024-01-02\n+++\n\n'
                             '{{ youtube(src="https://www.youtube-nocookie.com/embed/'
                             'dQw4w9WgXcQ") }}\n'})
    assert '{{< video youtube="dQw4w9WgXcQ" >}}' in written(imported, "content/posts/a.md")


def test_posts_at_the_root(tmp_path: Path) -> None:
    """A blog whose posts are at the top of `content/` (Even's, after-dark's): dated
    pages there are its posts, kept at their old URLs by redirects."""
    imported = small_site(tmp_path, {
        "content/_index.md": '+++\nsort_by = "date"\n+++\n',
        "content/monte-carlo.md": '+++\ntitle = "MC"\ndate = 2020-03-27\n+++\n\n'
                                  "An integral {% katex() %} \\int_a^b f {% end %}.\n\n"
                                  "{% katex(block=true) %}\n$$\nM = 1\n$$\n{% end %}\n",
        "content/ray.md": '+++\ntitle = "Ray"\ndate = 2021-01-02\n+++\n\nText.\n',
        "content/about.md": '+++\ntitle = "About"\n+++\n\nMe.\n'})
    body = written(imported, "content/posts/monte-carlo.md")
    assert "An integral $\\int_a^b f$." in body
    assert "\n\n$$\nM = 1\n$$\n" in body and body.count("$$") == 2  # (its own `$$`)
    assert 'aliases: ["/monte-carlo/"]' in body
    assert (imported.dest / "content/pages/about.md").is_file()
    assert "no `default_language`: the posts read as `en`" in imported.report.format(
        imported.dest, False)


def test_a_shortcode_left_is_reported_at_its_line(tmp_path: Path) -> None:
    """tabi's `admonition(text="… `[extra]` …")` whose template is not in the source:
    its code span was put aside, and the warning had no line."""
    imported = small_site(tmp_path, {
        "content/blog/a.md": '+++\ntitle = "A"\ndate = 2024-01-02\n+++\n\nText.\n\n'
                             '{{ widget(text="set it in `[extra]`") }}\n'})
    [warning] = imported.report.warnings
    assert warning.line == 8
    assert '<!-- import: unconverted {{ widget(text="set it in `[extra]`") }} -->' in \
        written(imported, "content/posts/a.md")


def test_a_mermaid_shortcode_draws_its_diagram(tmp_path: Path) -> None:
    """The theme's `mermaid` shortcode loaded Mermaid where it was used: the new site
    draws the diagrams (they were shown as their code, with a warning each)."""
    imported = small_site(tmp_path, {
        "content/blog/a.md": '+++\ntitle = "A"\ndate = 2024-01-02\n+++\n\n'
                             "{% mermaid() %}\ngraph LR\n  A --> B\n{% end %}\n"})
    assert "```mermaid\ngraph LR\n  A --> B\n```" in written(imported, "content/posts/a.md")
    config = tomllib.loads(written(imported, "lanting.toml"))
    assert config["markdown"]["mermaid"].startswith("https://")


def test_an_html_file_beside_a_page_is_its_file(tmp_path: Path) -> None:
    """Zola renders Markdown alone: a page's folder's `bom.html` (an interactive bill of
    materials) was a file published beside it, and the link to it was broken."""
    imported = small_site(tmp_path, {
        "content/projects/board/index.md": '+++\ntitle = "Board"\n+++\n\n'
                                           "The [BOM](bom.html).\n",
        "content/projects/board/bom.html": "<!doctype html><title>BOM</title>\n",
        "content/notes.html": "<p>not a page</p>\n"})
    assert imported.report.warnings == []
    assert "The [BOM](/projects/board/bom.html)." in written(
        imported, "content/pages/board.md")
    assert (imported.dest / "static/projects/board/bom.html").is_file()
    assert not (imported.dest / "content/pages/notes.md").exists()


def test_math_on_the_pages_a_template_loads_it_for(tmp_path: Path) -> None:
    """A site's template loading KaTeX under `{% if page.extra.latex %}`: a page
    without that switch showed `$` as a dollar sign (a shell's `"$1"` was read as the
    start of a formula)."""
    imported = small_site(tmp_path, {
        "templates/page.html": "{% if page.extra.latex %}<script src=\"katex.js\">"
                               "</script>{% endif %}\n",
        "content/blog/a.md": '+++\ntitle = "A"\ndate = 2024-01-02\n+++\n\n'
                             'Pay $5 and $6 today.\n',
        "content/blog/b.md": '+++\ntitle = "B"\ndate = 2024-01-03\n[extra]\nlatex = true'
                             '\n+++\n\nSo $x^2$ it is.\n'})
    assert "Pay \\$5 and \\$6 today." in written(imported, "content/posts/a.md")
    b = written(imported, "content/posts/b.md")
    assert "So $x^2$ it is." in b and "extra" not in imported.report.format(
        imported.dest, False)


def test_a_theorem_template_with_set_global_and_a_macro_preamble(tmp_path: Path) -> None:
    """A math notes site's `thm` template names its kind with Tera's `set_global`
    (Jinja refused it, and each theorem was reported 16 times, its comment read again
    as the shortcode), and its `math(preable=true)` holds the page's macros (read as
    an inline formula, every later `\\inM` was unknown)."""
    imported = small_site(tmp_path, {
        "templates/shortcodes/thm.html":
            '{% if type == "t" %}{% set_global type="Theorem" %}{% endif %}\n'
            '<div class="box">\n<h4>{{ type }}: {{ name }}</h4>\n'
            "{{ body | markdown() | safe }}\n</div>\n",
        "content/notes/a.md": '+++\ntitle = "A"\n[extra]\nkatex = true\n+++\n\n'
                              "{% math(preable=true) %}\n\\newcommand{\\inM}{\\in M}\n"
                              "{% end %}\n\n"
                              '{% thm(type="t", name="Division") %}\nFor $a \\inM$.\n'
                              "{% end %}\n"})
    assert imported.report.warnings == []
    body = written(imported, "content/pages/a.md")
    assert "$$\n\\newcommand{\\inM}{\\in M}\n$$" in body
    assert "<h4>Theorem: Division</h4>\n\nFor $a \\inM$." in body


def test_a_body_shortcode_left_is_reported_once(tmp_path: Path) -> None:
    imported = small_site(tmp_path, {
        "content/blog/a.md": '+++\ntitle = "A"\ndate = 2024-01-02\n+++\n\n'
                             '{% sidebar(kind="x") %}\nText.\n{% end %}\n'})
    assert len(imported.report.warnings) == 1


def test_tex_written_as_tex_keeps_its_row_breaks(tmp_path: Path) -> None:
    """Zola has no math: its Markdown read `\\\\` as `\\` before KaTeX saw it. A page
    written for that (`\\\\(x\\\\)`, `a\\_1`) gets its escapes undone; a page of TeX
    written as TeX (a CTF write-up's `x'\\\\y'` in a matrix, which the old page showed
    broken) keeps its row breaks: undone, `\\y` was an unknown command."""
    imported = small_site(tmp_path, {
        "config.toml": 'base_url = "https://x.org"\ntitle = "T"\n[extra]\nkatex = true\n',
        "content/blog/a.md": '+++\ntitle = "A"\ndate = 2024-01-02\n+++\n\n'
                             "$$\n\\begin{pmatrix}x'\\\\y'\\end{pmatrix}\n$$\n\n"
                             "Then $\\text{order\\_candidate}$.\n",
        "content/blog/b.md": '+++\ntitle = "B"\ndate = 2024-01-03\n+++\n\n'
                             "So \\\\(a\\_1 \\\\quad b\\\\).\n",
        # (a row break before a digit, an identity matrix's: `\0` is no TeX either)
        "content/blog/c.md": '+++\ntitle = "C"\ndate = 2024-01-04\n+++\n\n'
                             "$$I = \\begin{bmatrix}1&0\\\\0&1\\end{bmatrix}$$\n"})
    a = written(imported, "content/posts/a.md")
    assert "\\begin{pmatrix}x'\\\\y'\\end{pmatrix}" in a
    assert "\\begin{bmatrix}1&0\\\\0&1\\end{bmatrix}" in written(imported,
                                                                "content/posts/c.md")
    assert "So $a_1 \\quad b$." in written(imported, "content/posts/b.md")


def test_an_image_named_with_an_entity_in_raw_html(tmp_path: Path) -> None:
    """A site's image template escaped the file name, `<img src="s&amp;h.png">` (the
    file `s&h.png`): the image was not found, nor copied, and the build failed."""
    imported = small_site(tmp_path, {
        "templates/shortcodes/pic.html": '<img src="{{ src }}">',
        "content/blog/a/index.md": '+++\ntitle = "A"\ndate = 2024-01-02\n+++\n\n'
                                   '{{ pic(src="s&h.png") }}\n',
        "content/blog/a/s&h.png": PNG})
    assert imported.report.warnings == []
    assert (imported.dest / "content/posts/a/s&h.png").is_file()


def test_a_link_to_a_section_of_pages(tmp_path: Path) -> None:
    """`@/projects/_index.md`, a section whose pages have no date (pages now): it led to
    `/categories/projects/`, a category no post is in, and the build failed."""
    imported = small_site(tmp_path, {
        "content/blog/a.md": '+++\ntitle = "A"\ndate = 2024-01-02\n+++\n\n'
                             "See [projects](@/projects/_index.md) and "
                             "[notes](@/notes/_index.md).\n",
        "content/notes/n.md": '+++\ntitle = "N"\ndate = 2024-01-03\n+++\n\nA note.\n',
        "content/projects/_index.md": '+++\ntitle = "Projects"\n+++\n',
        "content/projects/p.md": '+++\ntitle = "P"\n+++\n\nA project.\n'})
    body = written(imported, "content/posts/a.md")
    assert "See projects and [notes](/categories/notes/)." in body
    [warning] = imported.report.warnings
    assert "`/projects/`" in warning.message


def test_components_of_a_zola_toml_site(tmp_path: Path) -> None:
    """Zola's newer settings file (`zola.toml`) and components (`{{<youtube … />}}`,
    `{{<box>}} … {{</box>}}` with `templates/components/box.html`): the site was read as
    a folder of notes, every component left in a comment as a Hugo shortcode."""
    source = tmp_path / "old"
    write_files(source, {
        "zola.toml": 'base_url = "https://x.example.org"\ntitle = "T"\n',
        "templates/components/box.html":
            '{% component box(kind="info", page) %}\n<div class="{{ kind }}">\n'
            "{{ body | markdown | safe }}\n</div>\n{% endcomponent box %}\n",
        "content/blog/a/index.md": '+++\ntitle = "A"\ndate = 2024-01-02\n+++\n\n'
                                   '{{<youtube id="dQw4w9WgXcQ" />}}\n\n'
                                   '{{<img src="x.png" alt="Ferris" page={page} />}}\n\n'
                                   "{{<box page={page}>}}\nSome *text*.\n{{</box>}}\n",
        "content/blog/a/x.png": PNG})
    assert detect(source) == "zola"
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert imported.report.warnings == []
    body = written(imported, "content/posts/a/index.md")
    assert '{{< video youtube="dQw4w9WgXcQ" >}}' in body
    assert "![Ferris](x.png)" in body
    assert '<div class="info">\n\nSome *text*.\n\n</div>' in body


def test_raw_blocks_and_body_components_in_percent_tags(tmp_path: Path) -> None:
    """A theme's demo writes `{% <katex block={true}> %} … {% </katex> %}` and keeps
    examples and a heading's `{#seo}` in `{% raw %}` … `{% endraw %}`: the tags were
    left in the page (117 warnings), the formulas shown as TeX, `#seo` led nowhere."""
    imported = small_site(tmp_path, {
        "content/blog/a.md": '+++\ntitle = "A"\ndate = 2024-01-02\n[extra]\nmath = true\n'
                             "+++\n\nSee [SEO](#seo).\n\n"
                             "{% <katex block={true}> %} \\int_0^1 x^2 dx {% </katex> %}\n\n"
                             "{% raw %}\n```rs\n{{<youtube id=\"x\" />}}\n```\n{% endraw %}\n\n"
                             "## SEO tags {% raw %}{#seo}{% endraw %}\n"})
    assert imported.report.warnings == []
    body = written(imported, "content/posts/a.md")
    assert "$$\n\\int_0^1 x^2 dx\n$$" in body
    assert '```rs\n{{<youtube id="x" />}}\n```' in body
    assert '<a id="seo"></a>\n## SEO tags' in body and "raw %" not in body


def test_video_and_audio_components_of_the_page_s_files(tmp_path: Path) -> None:
    """abridge's `{{<video sources={["a.mp4", "a.webm"]} />}}` (and `audio`): left in a
    comment with a warning, its files behind; now a player, its files beside the post."""
    imported = small_site(tmp_path, {
        "content/blog/a/index.md": '+++\ntitle = "A"\ndate = 2024-01-02\n+++\n\n'
                                   '{{<video sources={["a.mp4", "a.webm"]} page={page} />}}'
                                   '\n\n{{<audio sources={["a.ogg"]} />}}\n',
        "content/blog/a/a.mp4": b"\x00", "content/blog/a/a.webm": b"\x00",
        "content/blog/a/a.ogg": b"\x00"})
    assert imported.report.warnings == []
    body = written(imported, "content/posts/a/index.md")
    assert '<video controls><source src="a.mp4"><source src="a.webm"></video>' in body
    assert '<audio controls><source src="a.ogg"></audio>' in body
    assert (imported.dest / "content/posts/a/a.webm").is_file()


def test_a_template_asking_get_url_for_a_file(tmp_path: Path) -> None:
    """apollo's `character` places an image by `get_url(path=…)`, Zola's function: the
    template was not run (a warning each); it names the file from the site's root."""
    imported = small_site(tmp_path, {
        "templates/shortcodes/face.html":
            '<img src="{{ get_url(path="images/" ~ name ~ ".png") }}">{{ body }}',
        "static/images/owl.png": PNG,
        "content/blog/a.md": '+++\ntitle = "A"\ndate = 2024-01-02\n+++\n\n'
                             '{{ face(name="owl", body="Hoo.") }}\n'})
    assert imported.report.warnings == []
    assert '<img src="owl.png">Hoo.' in written(imported, "content/posts/a/index.md")


def test_a_section_drawn_as_a_list_of_posts(tmp_path: Path) -> None:
    """abridge's `blog/_index.md`, no text and `template = "index.html"` (the posts'
    list): a warning that a layout drew a page Lanting lacks; Lanting lists the posts."""
    imported = small_site(tmp_path, {
        "content/blog/_index.md": '+++\npaginate_by = 3\ntemplate = "index.html"\n+++\n',
        "content/a.md": '+++\ntitle = "A"\ndate = 2024-01-02\n+++\n\nText.\n'})
    assert imported.report.warnings == []

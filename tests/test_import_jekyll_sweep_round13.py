"""Faults real Jekyll blogs exposed in the thirteenth sweep (a Chirpy statistics blog,
Chinese Hux blog forks, a Japanese starter), in small sites written here."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from htmltree import parse_html
from importbits import jekyll_site
from sitebits import png

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported

NOW = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def built(tmp_path: Path, imported: Imported) -> Path:
    return build(imported.dest, BuildOptions(output=tmp_path / "out")).output  # (errors raise)


def test_an_image_path_from_the_sites_root_written_without_its_slash(tmp_path: Path) -> None:
    """A Chirpy blog's posts write `![plot](assets/img/<post>/plot.png)` and `<img
    src="assets/img/…">`, the folder at the site's root: no file beside the post nor
    under its URL has that path. The import kept the paths, and the build failed on each
    (11 errors on one blog): it is the site's own file, with a notice."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\ntheme: jekyll-theme-chirpy\n"
                       "defaults:\n  - scope:\n      path: ''\n      type: posts\n"
                       "    values:\n      permalink: /posts/:title/\n",
        "_posts/2025-01-19-beta-prior.md": "---\ntitle: Beta prior\n---\n\n"
                                           "![The prior](assets/img/beta/prior.png)\n\n"
                                           '<img src="assets/img/beta/posterior.png" '
                                           'alt="The posterior" style="width: 70%;">\n',
        "assets/img/beta/prior.png": png(40, 30),
        "assets/img/beta/posterior.png": png(40, 30, "#2a35a3"),
    })
    notes = [e.message for e in imported.report.entries if "from no folder" in e.message]
    assert len(notes) == 2, imported.report.entries
    out = built(tmp_path, imported)
    root = parse_html((out / "posts/beta-prior/index.html").read_text(encoding="utf-8"))
    sources = [img.get("src") or "" for img in root.one("main").find_all("img")]
    assert len(sources) == 2 and not any(s.startswith("assets/") for s in sources), sources


def test_posts_whose_names_differ_only_in_case_keep_one_old_url(tmp_path: Path) -> None:
    """`2020-01-01-attention.md` and `2020-02-01-Attention.md` under `/:title/` had the
    old URLs `/attention/` and `/Attention/`, one folder on macOS and Windows. The later
    one became `/attention-2/` with an alias `/Attention/`, a redirect page written over
    the earlier post's page there: one post keeps the URL (the one Jekyll wrote last,
    `test_import_jekyll_sweep_round14.py`), and the other's old URL is left out with a
    warning naming both files."""
    for first, second in (("attention", "Attention"), ("Attention", "attention")):
        root = tmp_path / first
        imported = jekyll_site(root, {
            "_config.yml": "title: Notes\nlang: en\npermalink: /:title/\n",
            f"_posts/2020-01-01-{first}.md": "---\ntitle: Earlier\n---\n\nOne.\n",
            f"_posts/2020-02-01-{second}.md": "---\ntitle: Later\n---\n\nTwo.\n"})
        other = (imported.dest / "content/posts/attention-2.md").read_text(encoding="utf-8")
        assert "aliases" not in other
        warned = [e for e in imported.report.entries if "only in case" in e.message]
        assert len(warned) == 1, imported.report.entries
        assert f"2020-01-01-{first}.md" in str(warned[0].path)
        assert f"2020-02-01-{second}.md" in warned[0].message
        result = build(imported.dest, BuildOptions(output=root / "out"))
        assert not [w for w in result.warnings if "case" in str(w)]
        assert "Two." in (root / f"out/{second}/index.html").read_text(encoding="utf-8")


def test_markdown_on_the_line_after_a_rule_is_read(tmp_path: Path) -> None:
    """A finance blog on Tale opens its sections with `<hr class="fade"/><br />` and the
    text on the next line: kramdown read the text as Markdown after the rule, which has
    no closing tag; CommonMark's HTML block ran on to the blank line, and the build
    warned that its `**bold**` showed as written."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Ledger\nlang: en\n",
        "_posts/2022-08-21-ratios.md": "---\ntitle: Ratios\n---\n\nFirst part.\n\n"
                                       '<hr class="fade"/><br />\n'
                                       "A detour: **compare like with like**.\n"})
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert not result.warnings, result.warnings
    main = parse_html((tmp_path / "out/posts/ratios/index.html").read_text(
        encoding="utf-8")).one("main")
    assert main.one("strong").text() == "compare like with like"


def test_a_chirpy_tab_without_a_title_is_named_by_its_file(tmp_path: Path) -> None:
    """A Chirpy starter's `_tabs/about.md` has no `title` and opens with the starter's
    note in a comment, `<!--- > Add Markdown … \\n# {: .prompt-tip } --->`: the heading
    inside the comment became the page's title and the menu's entry, `{: .prompt-tip }
    --->`. Chirpy named the tab by its file, "About"; a heading in a comment is none."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\ntheme: jekyll-theme-chirpy\n",
        "_tabs/about.md": "---\nicon: fas fa-info-circle\norder: 4\n---\n\n"
                          "<!--- > Write about yourself here.\n# {: .prompt-tip } --->\n\n"
                          "I study rare events.\n",
        "_tabs/reading.md": "---\nicon: fas fa-book\norder: 5\n---\n\n"
                            "# What I read this year\n\nBooks.\n",
        "_posts/2024-01-01-hello.md": "---\ntitle: Hello\n---\n\nHi.\n"})
    toml = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert 'name = "About"' in toml and "prompt-tip" not in toml
    # (the theme's own tab name, not the page's heading: Chirpy is built by Jekyll
    # itself, without GitHub Pages' jekyll-titles-from-headings)
    assert 'name = "Reading"' in toml
    page = next((imported.dest / "content").rglob("about*.md")).read_text(encoding="utf-8")
    assert "title: About" in page


def test_a_heading_inside_a_comment_titles_no_page() -> None:
    from lanting.importer.jekyll_github_pages import heading_title
    body = "<!--\n# Draft title\n-->\n\nText.\n\n## Method\n"
    assert heading_title(body)[0] == "Method"


def test_an_iframe_whose_srcdoc_runs_over_blank_lines_stays_one_tag(tmp_path: Path) -> None:
    """A data-science post embeds a profiling report as `<iframe srcdoc="…">`, the
    page's script and styles escaped in the attribute over thousands of lines, blank
    ones among them. kramdown read the tag whole; CommonMark's HTML block ended at the
    first blank line, and the rest became Markdown: jQuery's `$` formulas, `a[b](c)`
    links, the build failing on each (17 errors on one post)."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Data\nlang: en\n",
        "_posts/2018-08-07-report.md": "---\ntitle: Report\n---\n\nThe profile:\n\n"
                                       '<iframe width="100%" srcdoc="&lt;p&gt;Rows\n\n'
                                       "&lt;script&gt;var n = $(x) + $(y);\n\n"
                                       "f(a[b](c,d))&lt;/script&gt;\n"
                                       '" frameborder="0"></iframe>\n\n'
                                       "After it, **bold**.\n"})
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert not result.warnings, result.warnings
    page = (tmp_path / "out/posts/report/index.html").read_text(encoding="utf-8")
    main = parse_html(page).one("main")
    frame = main.one("iframe")
    assert "var n = $(x) + $(y);" in (frame.get("srcdoc") or "")
    assert main.one("strong").text() == "bold"


def test_an_image_path_in_other_capitals_than_its_folder(tmp_path: Path) -> None:
    """A notebook post's figures are linked from `…-ii-building_files/`, the folder
    nbconvert wrote being `…-II-building_files/`: found on the writer's Mac, which ignores
    case, the images were left as written and failed the build. The one file the path
    names in other capitals is the image, with a notice."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Data\nlang: en\n",
        "_posts/2018-07-09-model-ii.md": "---\ntitle: Model II\n---\n\n"
                                         "![png](/assets/img/model-ii_files/model-ii_18_0.png)\n",
        "assets/img/model-II_files/model-II_18_0.png": png(30, 20)})
    assert not [e for e in imported.report.entries if e.severity == "warning"], \
        imported.report.entries
    out = built(tmp_path, imported)
    main = parse_html((out / "posts/model-ii/index.html").read_text(encoding="utf-8")).one("main")
    assert len(main.find_all("img")) == 1


def test_a_table_quoted_in_backticks_is_a_table_with_its_liquid_read(tmp_path: Path) -> None:
    """A post on styling Jekyll quotes a table of images between two backticks, the
    first on the header row and the last after the images: the delimiter row makes the
    lines a table, each row read alone, but the import took them for one code span and
    kept the images' `{{site.baseurl}}`, which failed the build (3 errors)."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Styles\nlang: en\nbaseurl: ''\n",
        "_posts/2017-08-22-styling.md": "---\ntitle: Styling\n---\n\n"
                                        "`Content | Result\n:---:|:---:\n"
                                        "![a]({{site.baseurl}}/assets/img/a.png) | "
                                        "![b]({{site.baseurl}}/assets/img/b.png)`\n\n"
                                        "Inline `{{site.baseurl}}` stays code.\n",
        "assets/img/a.png": png(20, 20),
        "assets/img/b.png": png(20, 20, "#2a35a3")})
    out = built(tmp_path, imported)
    main = parse_html((out / "posts/styling/index.html").read_text(encoding="utf-8")).one("main")
    assert len(main.one("table").find_all("img")) == 2

"""Faults real Jekyll blogs exposed in the fourteenth sweep (Chirpy data-science and ML
blogs, Chinese theme forks), and the leftovers of the thirteenth, in small sites
written here."""

from __future__ import annotations

from pathlib import Path

from importbits import jekyll_site
from sitebits import png

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.markdown.math_formula import to_mathml


def test_the_post_jekyll_wrote_last_keeps_a_url_differing_in_case(tmp_path: Path) -> None:
    """Jekyll writes posts by date, then path, each over the one before: on macOS and
    Windows `/Attention/` and `/attention/` are one folder, and it showed the post
    written last. The import gave the URL to the one it read first."""
    for name, earlier, later in (
            # (a later date wins; on one date, the later path: `A` sorts before `a`)
            ("dates", "2020-01-01-attention.md", "2020-02-01-Attention.md"),
            ("paths", "2020-01-01-Attention.md", "2020-01-01-attention.md")):
        root = tmp_path / name
        imported = jekyll_site(root, {
            "_config.yml": "title: Notes\nlang: en\npermalink: /:title/\n",
            f"_posts/{earlier}": "---\ntitle: Written first\n---\n\nOne.\n",
            f"_posts/{later}": "---\ntitle: Written last\n---\n\nTwo.\n"})
        warned = [e for e in imported.report.warnings if "left out" in e.message]
        assert [e.path for e in warned] == [f"_posts/{earlier}"], imported.report.entries
        assert later in warned[0].message and "/attention-2/" in warned[0].message
        assert not [e for e in imported.report.entries if "is taken by" in e.message]
        out = build(imported.dest, BuildOptions(output=root / "out")).output
        url = later[11:-3]
        assert "Two." in (out / url / "index.html").read_text(encoding="utf-8")
        assert "One." in (out / "attention-2/index.html").read_text(encoding="utf-8")


def test_the_post_jekyll_wrote_last_keeps_a_shared_url(tmp_path: Path) -> None:
    """Two posts of one title in two folders (`_posts/ml/`, `_posts/notes/`) under
    `/:title/`: Jekyll wrote the later one over the other, and a link to `/softmax/`
    showed it. The import kept the earlier one there, and the link led to it."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\npermalink: /:title/\n",
        "_posts/ml/2021-03-01-softmax.md": "---\ntitle: Old notes\n---\n\nOld.\n",
        "_posts/notes/2022-05-01-softmax.md": "---\ntitle: New notes\n---\n\nNew.\n",
        "_posts/2023-01-01-index.md": "---\ntitle: Links\n---\n\nSee [it](/softmax/).\n"})
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert "New." in (out / "softmax/index.html").read_text(encoding="utf-8")
    links = (out / "index/index.html").read_text(encoding="utf-8")
    assert 'href="/softmax/"' in links, links


def test_a_block_comment_before_the_dollar_pair_of_a_setup(tmp_path: Path) -> None:
    """A copy of Chirpy's files (no theme gem) sets MathJax up in its own include, a
    `/* … */` comment between `inlineMath: [` and `['$','$']`: the import took the
    site's `$` for dollar signs (740 escaped on one blog), its formulas left as TeX."""
    setup = ("{% if page.math %}\n<script>\n  MathJax = {\n    tex: {\n"
             "      inlineMath: [   /* pairs that open and close a formula */\n"
             "        ['$','$'], ['\\\\(','\\\\)']\n      ],\n"
             "      displayMath: [ ['$$','$$'] ]\n    }\n  };\n</script>\n{% endif %}\n")
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "_includes/js-selector.html": setup,
        "_posts/2022-04-11-weights.md": "---\ntitle: Weights\nmath: true\n---\n\n"
                                        "Each output $y_i$ weighs $x_1,\\ldots,x_i$.\n"})
    text = (imported.dest / "content/posts/weights.md").read_text(encoding="utf-8")
    assert "\\$" not in text and "$y_i$" in text, text
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert "<math" in (out / "posts/weights/index.html").read_text(encoding="utf-8")


def test_links_in_other_capitals_than_their_file_or_page(tmp_path: Path) -> None:
    """A post linked `/files/Lecture Notes.pdf` as `/files/lecture notes.pdf` and the post
    `Kernels.md` (at `/blog/Kernels/`) as `/blog/kernels/`: the writer's Mac ignores
    case and showed both; the import left them as written, and the build failed on each
    (images in other capitals were already found)."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\npermalink: /blog/:title/\n",
        "files/Lecture Notes.pdf": "%PDF-1.4\n",
        "_posts/2021-01-01-Kernels.md": "---\ntitle: Kernels\n---\n\nText.\n",
        "_posts/2021-02-01-reading.md": "---\ntitle: Reading\n---\n\n"
                                        "The [notes](/files/lecture%20notes.pdf) and "
                                        "[kernels](/blog/kernels/).\n"})
    notes = [e.message for e in imported.report.entries if "other capitals" in e.message]
    assert len(notes) == 2, imported.report.entries
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    page = (out / "blog/reading/index.html").read_text(encoding="utf-8")
    assert 'href="/files/Lecture%20Notes.pdf"' in page or \
        "href=/files/Lecture%20Notes.pdf" in page, page
    assert (out / "files/Lecture Notes.pdf").is_file()


README = ("# Field notes\n\nBuilt by the [workflow](.github/workflows/site.yml) under the "
          "[licence](LICENSE); see also [the checks](.github/workflows/lint.yml).\n")
"""A README, the home page (jekyll-readme-index), linking files Jekyll did not publish:
a dot-folder's and one `exclude:` names."""


def repository_site(tmp_path: Path, config: str) -> tuple[str, list[str], Path]:
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\nexclude: [LICENSE, Gemfile]\n" + config,
        "Gemfile": "source \"https://rubygems.org\"\ngem \"github-pages\"\n",
        "LICENSE": "Permission is granted.\n",
        ".github/workflows/site.yml": "on: push\n",
        ".github/workflows/lint.yml": "on: pull_request\n",
        "README.md": README,
        "_posts/2021-01-01-a.md": "---\ntitle: A\n---\n\nHi.\n"})
    home = (imported.dest / "content/_index.md").read_text(encoding="utf-8")
    warned = [e.message for e in imported.report.warnings]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output  # (errors raise)
    return home, warned, out


def test_readme_links_to_unpublished_files_lead_to_the_repository(tmp_path: Path) -> None:
    """The README's links to `.github/workflows/site.yml` and `LICENSE` (excluded) led to
    the files on GitHub, nowhere on the old site: the build failed on the first. With
    the repository known (`repository:`, or a `<owner>.github.io` address) they lead to
    the files on GitHub."""
    for name, config, repository in (
            ("named", "repository: ann/field-notes\n", "ann/field-notes"),
            ("pages", "url: https://ann.github.io\nbaseurl: /field-notes\n",
             "ann/field-notes")):
        home, warned, _out = repository_site(tmp_path / name, config)
        blob = f"https://github.com/{repository}/blob/HEAD/"
        assert f"({blob}.github/workflows/site.yml)" in home, home
        assert f"({blob}LICENSE)" in home and f"({blob}.github/workflows/lint.yml)" in home
        assert not warned, warned


def test_readme_links_to_unpublished_files_warn_once(tmp_path: Path) -> None:
    """With no repository known (a custom domain), such links keep their text, with one
    warning for the site."""
    home, warned, _out = repository_site(tmp_path, "url: https://notes.example.org\n")
    assert "(.github" not in home and "(LICENSE)" not in home and "[licence]" not in home
    assert "licence" in home and "workflow" in home
    assert len([m for m in warned if "did not publish" in m]) == 1, warned


def test_markdown_under_two_lone_image_tags_is_read(tmp_path: Path) -> None:
    """Two `<img>` lines, then a link naming the code they show: kramdown read one
    paragraph, the link drawn; CommonMark read an HTML block to the blank line, and the
    link showed as written (one lone `<img>` line was already joined to its text)."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "_posts/2023-03-11-app.md": "---\ntitle: App\n---\n\n"
                                    '<img alt="menu" src="https://example.org/a.png">\n'
                                    '<img alt="dialog" src="https://example.org/b.png">\n'
                                    "[`app/delete.tsx`](https://example.org/delete.tsx)\n"})
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    page = (out / "posts/app/index.html").read_text(encoding="utf-8")
    assert "[`app" not in page and "delete.tsx</code></a>" in page, page


def test_a_stylesheet_of_no_file_in_an_html_post_loads_nothing(tmp_path: Path) -> None:
    """An R Markdown post published as HTML links `<link rel="stylesheet"
    href="custom.css">`, a file the repository lacks: the import warned that the link
    was gone but kept it, and the build failed on it. The tag stays without its `href`,
    loading nothing, as it loaded nothing on the old site."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "_posts/2015-02-23-inverse-cdf.html": "---\nlayout: post\ntitle: Inverse CDF\n---\n"
                                              '<link rel="stylesheet" href="custom.css">\n'
                                              "<p>Sample a uniform variable.</p>\n"})
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    page = next(out.rglob("inverse-cdf*/index.html")).read_text(encoding="utf-8")
    assert "custom.css" not in page and "Sample a uniform variable." in page


def test_a_page_of_loops_and_a_tag_cloud_script_is_a_listing(tmp_path: Path) -> None:
    """An H2O blog's `categories/index.md`: loops over `site.categories`, then the
    scripts of its tag cloud. The scripts' code counted as the page's own text: the
    page was kept as `categories-2` with empty lists, and the build failed on the cloud
    script it loads. It is a listing page, which Lanting makes."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "categories/index.md": "---\nlayout: page\npermalink: categories.html\n---\n\n"
                               "<div id='cloud'>\n{% for c in site.categories %}\n"
                               "<a href=\"#{{ c[0] }}\">{{ c[0] }}</a>\n{% endfor %}\n</div>\n\n"
                               '<script src="{{ site.baseurl }}/js/cloud.js"></script>\n'
                               "<script>\n$.fn.cloud.defaults = {size: {start: 1, end: 2, "
                               "unit: 'em'}, color: {start: '#eee', end: '#f33'}};\n"
                               "$(function () { $('#cloud a').cloud(); });\n</script>\n",
        "_posts/2021-01-01-a.md": "---\ntitle: A\ncategories: [notes]\n---\n\nHi.\n"})
    assert not (imported.dest / "content/pages/categories-2.md").exists()
    assert any("listing page" in e.message for e in imported.report.entries)
    build(imported.dest, BuildOptions(output=tmp_path / "out"))  # (errors raise)


def test_relative_links_in_other_capitals_or_without_html(tmp_path: Path) -> None:
    """A page of notes at `/notes/` links `kernel%20tricks.md` and `../files/lecture%20notes
    .pdf` (the files `Kernel Tricks.md`, `Lecture Notes.pdf`: the writer's Mac ignored
    case) and `Kernel%20Tricks` (GitHub Pages answers `/notes/Kernel Tricks.html`
    without its `.html`): the first two were left as text, the last kept, and the build
    failed on it."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "files/Lecture Notes.pdf": "%PDF-1.4\n",
        "notes/Kernel Tricks.md": "---\ntitle: Kernel tricks\n---\n\nFeature maps.\n",
        "notes/index.md": "---\ntitle: Notes\npermalink: /notes/\n---\n\n"
                          "See [tricks](kernel%20tricks.md), [slides](../files/lecture%20notes"
                          ".pdf) and [again](Kernel%20Tricks).\n"})
    text = (imported.dest / "content/pages/notes.md").read_text(encoding="utf-8")
    assert text.count("(kernel-tricks.md)") == 2, text
    assert "(/files/Lecture%20Notes.pdf)" in text, text
    assert not imported.report.warnings, imported.report.entries
    build(imported.dest, BuildOptions(output=tmp_path / "out"))  # (errors raise)


def test_a_letter_with_a_combining_arrow_typed_in_a_formula() -> None:
    """Chinese ML notes pasted from a page whose formulas were text write `$w⃗$` and
    `$∥w⃗∥_2<c$` (U+20D7 after the letter): MathJax drew the arrow on the letter,
    math-core refused the character and the build failed. It is `\\vec{w}`."""
    for tex in ("w\u20d7", "\u2225w\u20d7 \u2225_2<c", "y\u0302 = x\u0304"):
        mathml = to_mathml(tex, False)
        assert '<mover accent="true"><mi>w</mi>' in mathml or "<mi>y</mi>" in mathml, mathml
        assert "\u20d7" in mathml or "\u02c6" in mathml


def test_image_attributes_without_quotes_are_what_kramdown_ignored(tmp_path: Path) -> None:
    """`{:w=300, h=300 style="max-width: 80%"}` after each image of a Chirpy copy's post:
    kramdown reads a pair only with its value quoted, so the old page ignored `w` and
    `h`; the import kept them, and the build warned of each (`w=300,` not used)."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\ntheme: jekyll-theme-chirpy\n",
        "assets/img/task.png": png(4, 4),
        "_posts/2022-02-04-scheduler.md": "---\ntitle: Scheduler\n---\n\n"
                                          "![task](/assets/img/task.png){:w=300, h=300 "
                                          'style="max-width: 80%"}\n'})
    text = (imported.dest / "content/posts/scheduler/index.md").read_text(encoding="utf-8")
    assert "w=300" not in text and 'style="max-width: 80%"' in text, text
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert not [w for w in result.warnings if "not used" in str(w)], result.warnings

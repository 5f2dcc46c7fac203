"""The Pelican importer: a fixture shaped as a `pelican-quickstart` site with articles in
category folders, `pages/`, `images/`, a pelican-ipynb notebook with its
`.ipynb-meta`, a draft and a reStructuredText article, read from its built pages; the
settings reader and URL patterns on their own."""

from __future__ import annotations

import datetime as dt
import json
import tomllib
from pathlib import Path

import pytest
from importbits import NOW, imported_site, page, redirect_target, report_of
from sitebits import write_files

from lanting.build import BuildOptions, build
from lanting.importer import Imported, detect, import_site
from lanting.importer.pelican_bodies import codehilite_blocks
from lanting.importer.pelican_metadata import read_header
from lanting.importer.pelican_settings import fill_url, pelican_slug, read_settings
from lanting.importer.report import Report

FIXTURES = Path(__file__).parent / "fixtures" / "import"


@pytest.fixture(scope="module")
def blog(tmp_path_factory: pytest.TempPathFactory) -> tuple[Imported, Path]:
    return imported_site(tmp_path_factory, "pelican-blog")


def test_a_pelican_site_is_detected_not_read_as_notes() -> None:
    assert detect(FIXTURES / "pelican-blog") == "pelican"


def test_settings_become_lanting_toml(blog: tuple[Imported, Path]) -> None:
    imported, _out = blog
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    # (publishconf's SITEURL is the published one; pelicanconf's is empty)
    assert (config["title"], config["author"], config["base_url"], config["language"]) == (
        "Gradient Notes", "Wen Hua", "https://wenhua.example.org/", "en")
    assert config["description"] == "Optimization, sampling and the odd notebook"
    # (the quickstart's Pelican, Python.org and Jinja2 links are no links of hers)
    assert config["links"] == [
        {"name": "GitHub", "url": "https://github.com/wen-hua-example"},
        {"name": "Reading group", "url": "https://reading.example.org/"}]
    assert config["menu"] == [{"name": "Archives", "url": "/archive/"},
                              {"name": "About", "url": "/about/"}]


def test_articles_keep_their_old_urls_and_metadata(blog: tuple[Imported, Path]) -> None:
    imported, out = blog
    assert (imported.report.counts["posts"], imported.report.counts["drafts"],
            imported.report.counts["pages"]) == (6, 1, 1)
    for old, new in (("/2021/03/why-momentum-helps-on-ravines.html",
                      "/posts/why-momentum-helps-on-ravines/"),
                     ("/2021/05/nesterov-looking-ahead.html", "/posts/nesterov-looking-ahead/"),
                     ("/2020/11/line-search-backtracking.html",
                      "/posts/line-search-backtracking/"),
                     ("/2021/08/metropolis-in-ten-lines.html",
                      "/posts/metropolis-in-ten-lines/")):
        assert redirect_target(out, old) == new
    post = page(out, "/posts/why-momentum-helps-on-ravines/")
    text = post.text()
    # (the metadata lines are the post's front matter, not its first paragraph)
    assert "Title:" not in text and "Slug:" not in text
    assert post.find("h1").text().strip() == "Why momentum helps on ravines"
    terms = {a.attrs.get("href") for a in post.find_all("a")}
    assert {"/tags/sgd/", "/categories/optimization/"} <= terms
    # (`Category:` absent: the folder is the category; `12 May 2021` is a date)
    nesterov = (imported.dest / "content/posts/nesterov-looking-ahead.md").read_text("utf-8")
    assert "categories: [optimization]" in nesterov and "date: 2021-05-12" in nesterov
    # (YAML that is no YAML, `title: a :: b`, read as Python-Markdown read it)
    assert page(out, "/posts/line-search-backtracking/").find("h1").text().strip() == \
        "Line search :: backtracking"


def test_bodies_links_code_and_math(blog: tuple[Imported, Path]) -> None:
    _imported, out = blog
    post = page(out, "/posts/why-momentum-helps-on-ravines/")
    assert len(post.find_all("math")) == 4  # (render_math: `$…$` and `$$…$$` render)
    code = post.find("pre")
    assert code is not None and ":::python" not in code.text()
    assert "def step(x, v, grad" in code.text()
    assert any("language-python" in str(c.attrs.get("class", "")) for c in post.find_all("code"))
    links = {a.attrs.get("href") for a in post.find_all("a")}
    assert {"/posts/nesterov-looking-ahead/", "/downloads/momentum-slides.pdf",
            "/posts/line-search-backtracking/#armijo-condition"} <= links
    assert (out / "downloads" / "momentum-slides.pdf").is_file()
    image = post.find("img")
    assert image is not None
    assert image.attrs["src"] == "/posts/why-momentum-helps-on-ravines/ravine.png"
    nesterov = page(out, "/posts/nesterov-looking-ahead/")
    assert "#!python" not in nesterov.text() and nesterov.find("pre") is not None
    # (a link by reference, and one whose destination is on the next line, as
    # Python-Markdown read them)
    assert {"/posts/why-momentum-helps-on-ravines/", "/posts/line-search-backtracking/",
            "/posts/line-search-backtracking/#armijo-condition"} <= {
        a.attrs.get("href") for a in nesterov.find_all("a")}


def test_notebook_article_is_a_notebook_post(blog: tuple[Imported, Path]) -> None:
    imported, out = blog
    notebook = json.loads((imported.dest / "content/posts/metropolis-in-ten-lines.ipynb")
                          .read_text("utf-8"))
    assert "title: A Metropolis sampler in ten lines" in notebook["cells"][0]["source"]
    post = page(out, "/posts/metropolis-in-ten-lines/")
    assert len(post.find_all("math")) == 1 and "0.42" in post.text()
    assert "/posts/why-momentum-helps-on-ravines/" in {
        a.attrs.get("href") for a in post.find_all("a")}


def _notebook(*sources: list[str]) -> str:
    return json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        {"cell_type": "markdown", "metadata": {}, "source": source} for source in sources]})


def test_pelican_jupyter_notebooks_nbdata_and_first_cell(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {
        "pelicanconf.py": "SITENAME = 'x'\nMARKUP = ('md', 'ipynb')\n"
                          "IPYNB_MARKUP_USE_FIRST_CELL = True\n",
        # (pelican-jupyter: the metadata in `x.nbdata` beside the notebook …)
        "content/gibbs.ipynb": _notebook(["Two coordinates at a time."]),
        "content/gibbs.nbdata": "Title: Gibbs by hand\nDate: 2022-03-01\nTags: sampling\n",
        # (… or, with IPYNB_MARKUP_USE_FIRST_CELL, in its first cell, as a list whose
        # lines end with a newline each, which the plugin joined with another)
        "content/hmc.ipynb": _notebook(
            ["- Title: HMC in one cell\n", "- Date: 2022-04-02\n", "- Tags: sampling, hmc\n"],
            ["Leapfrog steps."], ["Tuning."], ["An appendix."]),
        "content/hmc2.ipynb": _notebook(["# Subcells only\n", "- Date: 2022-05-02\n",
                                         "- Subcells: [2, 3]\n"],
                                        ["Skipped."], ["Shown."], ["Cut."])})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    assert imported.report.counts["posts"] == 3
    posts = tmp_path / "new/content/posts"
    gibbs = (posts / "gibbs-by-hand.ipynb").read_text("utf-8")
    assert "title: Gibbs by hand" in gibbs and "Two coordinates" in gibbs
    hmc = json.loads((posts / "hmc-in-one-cell.ipynb").read_text("utf-8"))
    front = "".join(hmc["cells"][0]["source"])
    assert "tags: [sampling, hmc]" in front and "date: 2022-04-02" in front
    texts = ["".join(c["source"]).strip() for c in hmc["cells"][1:]]
    assert texts == ["Leapfrog steps.", "Tuning.", "An appendix."]
    short = json.loads((posts / "subcells-only.ipynb").read_text("utf-8"))
    assert ["".join(c["source"]).strip() for c in short["cells"][1:]] == ["Shown."]
    assert not (tmp_path / "new/static/gibbs.nbdata").exists()


def test_liquid_tags_of_the_data_science_blogs(blog: tuple[Imported, Path]) -> None:
    imported, out = blog
    # (ipynb.liquid's `{% notebook gibbs.ipynb cells[1:] %}`: the post is a notebook
    # post, its text around the cells, the title cell left out as the tag said)
    notebook = json.loads((imported.dest / "content/posts/"
                           "gibbs-sampling-one-coordinate-at-a-time.ipynb").read_text("utf-8"))
    sources = ["".join(c["source"]) for c in notebook["cells"]]
    assert not any("Gibbs sampling notebook" in s for s in sources)
    post = page(out, "/posts/gibbs-sampling-one-coordinate-at-a-time/")
    text = post.text()
    assert "{%" not in text and "mixing time 37" in text
    assert text.index("one coordinate from its") < text.index("mixing time 37") < \
        text.index("mixes slowly")
    assert len(post.find_all("math")) == 1
    image = post.find("img")  # (`{% img /images/chain.png 300 [Contours…] %}`)
    assert image is not None and image.attrs.get("alt") == "Contours of the target"
    assert image.attrs.get("width") == "300"
    assert "def gibbs_step(x, rho, rng):" in post.find("pre").text()  # (include_code)


def test_a_paragraph_opening_with_an_image_tag_is_markdown(
        blog: tuple[Imported, Path]) -> None:
    _imported, out = blog
    about = page(out, "/about/")
    assert "https://numerics.example.org/" in {a.attrs.get("href") for a in about.find_all("a")}
    assert "[numerics group]" not in about.text()


def test_drafts_static_files_and_rst(blog: tuple[Imported, Path]) -> None:
    imported, out = blog
    assert not (out / "posts" / "adam-unfinished").exists()
    assert (out / "images" / "avatar.png").is_file()  # (STATIC_PATHS at the same paths)
    report = report_of(imported)
    assert "setting `THEME_PATH` is code" in report


def test_restructuredtext_articles_are_read(blog: tuple[Imported, Path]) -> None:
    # (reStructuredText, which Pelican reads as it reads Markdown: docutils parses it,
    # and its tree is written as Lanting's Markdown)
    imported, out = blog
    assert redirect_target(out, "/2019/06/mirror-descent-talk.html") == \
        "/posts/mirror-descent-talk/"
    post = page(out, "/posts/mirror-descent-talk/")
    assert post.find("h1").text().strip() == "A talk on mirror descent"
    assert {"/tags/talks/", "/posts/why-momentum-helps-on-ravines/",
            "/posts/line-search-backtracking/#armijo-condition"} <= {
        a.attrs.get("href") for a in post.find_all("a")}
    assert {"the-update", "comparison"} <= {h.attrs.get("id") for h in post.find_all("h2")}
    assert len(post.find_all("math")) == 2 and "$5" in post.text()
    assert "mirror_step" in post.find("pre").text()
    assert "Ctrl+C" in [k.text() for k in post.find_all("kbd")] and "鏡像|mirror" in post.text()
    # (the target before the warning is an anchor its link leads to; the footnote a
    # footnote; the image copied; a row spanning the table's columns kept in HTML)
    assert "the-caveat" in post.ids()
    warning = post.find(class_="callout-warning")
    assert warning is not None and "step size must shrink" in warning.text()
    assert "Bregman, 1967." in post.text()
    assert post.find("img", alt="A chain of iterates") is not None
    assert post.find("td", colspan="2") is not None
    report = report_of(imported)
    assert "old-talk.rst:12: warning: role `:ruby:`" in report


def test_default_status_draft_and_no_math_plugin(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {
        "pelicanconf.py": "SITENAME = 'x'\nDEFAULT_METADATA = {'status': 'draft'}\n",
        "content/a.md": "Title: A\nDate: 2020-01-02\nStatus: published\n\n# A\n\n"
                        "It cost $5 and $6 at [the lab](www.lab.example.org).\n",
        "content/b.md": "Title: B\nDate: 2020-01-03\n\nNot yet.\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    assert (imported.report.counts["posts"], imported.report.counts["drafts"]) == (1, 1)
    body = (tmp_path / "new/content/posts/a.md").read_text("utf-8")
    assert "cost \\$5 and \\$6" in body and 'aliases: ["/a.html"]' in body
    # (the heading repeating the title is left out: the theme shows the title above it;
    # a site named without its scheme led nowhere, and now leads to it)
    assert "# A" not in body and "(https://www.lab.example.org)" in body


def test_a_theme_switch_for_mathjax_is_math(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {
        "pelicanconf.py": "SITENAME = 'x'\nENABLE_MATHJAX = True\n",
        "content/a.md": "Title: A\nDate: 2020-01-02\n\nThe rate $a_1*b_2*c$ holds.\n"})
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    assert "$a_1*b_2*c$" in (tmp_path / "new/content/posts/a.md").read_text("utf-8")


def test_render_math_formulas_spaced_or_over_lines_are_one_formula(tmp_path: Path) -> None:
    # (a physics blog exported from WordPress: render_math's `$` may be followed by a
    # space, and a formula may go on over a line starting `+`, which opened a list to
    # CommonMark and never to Python-Markdown)
    write_files(tmp_path / "old", {
        "pelicanconf.py": "SITENAME = 'x'\nPLUGINS = ['render_math']\n",
        "content/a.md": "Title: A\nDate: 2020-01-02\n\n"
                        "Fick's law says that for a concentration $ u$ at a\n"
                        "point $ \\mathbf{r}$, the flux, between $ \\lambda$ and $ \\lambda\n"
                        "+ d\\lambda$, is it.\n"})
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    body = (tmp_path / "new/content/posts/a.md").read_text("utf-8")
    assert "$\\lambda + d\\lambda$" in body and "$u$ at a" in body
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    post = page(tmp_path / "new/public", "/posts/a/")
    assert len(post.find_all("math")) == 4 and post.find_all("li") == []


def test_file_name_dates_and_extra_path_metadata(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {
        "pelicanconf.py": "SITENAME = 'x'\nPATH = 'src'\nSTATIC_PATHS = ['static']\n"
                          "ARTICLE_EXCLUDES = ['static']\n"
                          "EXTRA_PATH_METADATA = {'static/resume.html': {'path': 'resume.html'}}\n",
        "src/2017-08-30_hello.md": "Title: Hello\nModified: 2017-09-16 11:21\n\nHi.\n",
        "src/static/resume.html": "<p>CV</p>\n",
        "src/hello-zh.md": "Title: 你好\nDate: 2017-08-31\nSlug: hello\nLang: zh\n"
                           "Translation: true\n\n嗨。\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    # (Pelican's `FILENAME_METADATA`: the date leading the file's name)
    post = (tmp_path / "new/content/posts/hello.md").read_text("utf-8")
    assert "date: 2017-08-30" in post and "no `Date:`" not in report_of(imported)
    assert (tmp_path / "new/static/resume.html").is_file()
    # (a translation was at `ARTICLE_LANG_URL`, `{slug}-{lang}.html`; it is the
    # post's translation now)
    assert (tmp_path / "new/content/posts/hello.zh.md").is_file()
    config = tomllib.loads((tmp_path / "new/lanting.toml").read_text("utf-8"))
    assert (config["languages"], config["redirects"]) == (
        ["en", "zh"], {"/hello-zh.html": "/zh/posts/hello/"})


def test_versions_sharing_a_slug_are_translations(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {
        "pelicanconf.py": "SITENAME = 'x'\nDEFAULT_LANG = 'en'\n"
                          "ARTICLE_URL = 'posts/{slug}/'\n"
                          "ARTICLE_LANG_URL = 'posts/{slug}/{lang}/'\n",
        # (the original: in the default language, not marked as a translation)
        "content/ml/ppo.md": "Title: PPO, clipped\nDate: 2021-04-02\n\n"
                             "The ratio is clipped.\n",
        "content/ml/ppo-zh.md": "Title: PPO 的裁剪\nDate: 2021-04-03\nSlug: ppo-clipped\n"
                                "Lang: zh\n\n比值被裁剪。\n",
        # (no `Translation:` on either: the one in DEFAULT_LANG is the original)
        "content/ml/sgd-de.md": "Title: SGD\nDate: 2021-05-01\nSlug: sgd\nLang: de\n\n"
                                "Schritt für Schritt.\n",
        "content/ml/sgd.md": "Title: SGD\nDate: 2021-05-01\n\nStep by step.\n",
        # (alone in its language: Pelican listed it with the others, at its LANG URL)
        "content/ml/bonjour.md": "Title: Bonjour\nDate: 2021-06-01\nLang: fr\n\nSalut.\n",
        "content/ml/ppo-note.md": "Title: PPO note\nDate: 2021-04-05\n\nNote.\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    config = tomllib.loads((tmp_path / "new/lanting.toml").read_text("utf-8"))
    assert config["languages"] == ["en", "zh", "de"]
    posts = tmp_path / "new/content/posts"
    assert sorted(p.name for p in posts.iterdir()) == [
        "bonjour.md", "ppo-clipped.md", "ppo-clipped.zh.md", "ppo-note.md", "sgd.de.md",
        "sgd.md"]
    assert 'aliases: ["/posts/bonjour/fr/"]' in (posts / "bonjour.md").read_text("utf-8")
    assert imported.report.counts["posts"] == 6
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    out = tmp_path / "new/public"
    zh = page(out, "/zh/posts/ppo-clipped/")
    assert "比值被裁剪" in zh.text()
    assert redirect_target(out, "/posts/ppo-clipped/zh/") == "/zh/posts/ppo-clipped/"
    assert redirect_target(out, "/posts/sgd/de/") == "/de/posts/sgd/"
    # (each version names the other: Pelican linked its translations)
    english = page(out, "/posts/ppo-clipped/")
    assert {link.attrs["hreflang"] for link in english.find_all("link")
            if link.attrs.get("rel") == "alternate" and link.attrs.get("hreflang")} >= {"en", "zh"}


def test_a_page_saved_as_index_html_is_the_home_page(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {
        "pelicanconf.py": "SITENAME = 'x'\n",
        "content/pages/home.md": "Title: Welcome\nURL:\nsave_as: index.html\n"
                                 "Status: hidden\n\nI work on sampling.\n",
        "content/a.md": "Title: A\nDate: 2020-01-02\n\nText.\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    home = (tmp_path / "new/content/_index.md").read_text("utf-8")
    assert "I work on sampling." in home and "aliases" not in home
    assert not (tmp_path / "new/content/pages/home.md").exists()
    assert imported.report.counts["posts"] == 1


def test_settings_reader_reads_literals_only(tmp_path: Path) -> None:
    write_files(tmp_path, {
        "pelicanconf.py": "import os\nAUTHOR = 'A'\nSITEURL = ''\nPATH = 'src'\n"
                          "ARTICLE_PATHS = ['posts']\nPLUGINS = ['pelican.plugins.render_math']\n"
                          "SITEURL_ALT = os.environ['X']\nlower = 1\n",
        "publishconf.py": "from pelicanconf import *\nSITEURL = 'https://a.example.org/blog'\n"})
    settings = read_settings(tmp_path, Report(tmp_path, "pelican"))
    assert settings.text("AUTHOR") == "A" and settings.text("SITEURL") == \
        "https://a.example.org/blog"
    assert settings.content == (tmp_path / "src").resolve()
    assert settings.article_paths == ["posts"] and settings.page_paths == ["pages"]
    assert settings.static_paths == ["images"] and settings.math
    assert settings.code == ["SITEURL_ALT"] and "lower" not in settings.values


def test_url_patterns_and_slugs() -> None:
    when = dt.datetime(2021, 3, 4, 5, 6)
    values = {"slug": "x", "date": when, "category": "deep-learning", "lang": "en"}
    assert fill_url("{slug}.html", values) == "/x.html"
    assert fill_url("{date:%Y}/{date:%m}/{date:%d}/{slug}/", values) == "/2021/03/04/x/"
    assert fill_url("{category}/{slug}-{lang}.html", values) == "/deep-learning/x-en.html"
    assert fill_url("{author}/{slug}.html", values) is None
    assert pelican_slug("Dennard scaling and Moore's law") == "dennard-scaling-and-moores-law"
    assert pelican_slug("Café -- au  lait!") == "cafe-au-lait"
    # (Pelican's `unidecode`: a Chinese title's URL is in Latin letters)
    assert pelican_slug("iid 独立同分布") == "iid-du-li-tong-fen-bu"


def test_metadata_header_and_codehilite_lines() -> None:
    meta, body, lines = read_header("Title: A\nTAGS: a, b\nSummary: one\n    two\n\nText\n")
    assert meta == {"title": "A", "tags": "a, b", "summary": "one\ntwo"}
    assert (body, lines) == ("Text\n", 5)
    text, count = codehilite_blocks("x\n\n    :::bash\n    ls -l\n\n    pwd\n\nend")
    assert count == 1 and text == "x\n\n```bash\nls -l\n\npwd\n```\n\nend"

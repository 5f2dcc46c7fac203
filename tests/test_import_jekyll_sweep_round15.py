"""Faults real Jekyll sites exposed in the fifteenth sweep (course sites on just-the-docs
and just-the-class, Chinese and English blogs), in small sites written here."""

from __future__ import annotations

from pathlib import Path

from importbits import jekyll_site

from lanting.build import build
from lanting.build.options import BuildOptions

_COURSE = ("title: Intro to Programming\nlang: en\nbaseurl: '/spring'\n"
           "url: 'https://course.example.org'\nremote_theme: just-the-docs/just-the-docs\n"
           "permalink: pretty\n")


def test_just_the_docs_home_layout_is_a_page_of_its_own(tmp_path: Path) -> None:
    """just-the-docs' `home` layout is a plain page's, and a course site gives it to
    every page (`success.md`, `ref/keys.md`): the import took each for the home page's
    text, kept the last one read as the home and dropped the others."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": _COURSE,
        "index.md": "---\nlayout: home\ntitle: Home\n---\n\nWelcome to the course.\n",
        "success.md": "---\nlayout: home\ntitle: Succeed\nnav_order: 5\n---\n\n"
                      "# How to succeed\n\nPlan a weekly routine.\n",
        "ref/keys.md": "---\nlayout: home\ntitle: Keys\nparent: References\n---\n\n"
                       "# Keyboard symbols\n\nThe tilde is `~`.\n"})
    home = (imported.dest / "content/_index.md").read_text(encoding="utf-8")
    assert "Welcome to the course." in home and "weekly routine" not in home, home
    pages = imported.dest / "content/pages"
    assert "weekly routine" in (pages / "success.md").read_text(encoding="utf-8")
    assert "The tilde" in (pages / "keys.md").read_text(encoding="utf-8")


def test_a_minima_home_layout_elsewhere_still_lists_the_posts(tmp_path: Path) -> None:
    """The theme's own `home.html` looping over the posts: a page of `layout: home` is
    the list of posts, its text the home page's, as before."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "_layouts/home.html": "---\nlayout: default\n---\n{{ content }}\n"
                              "{% for post in site.posts %}{{ post.title }}{% endfor %}\n",
        "blog.md": "---\nlayout: home\ntitle: Blog\n---\n\nShort notes on compilers.\n",
        "_posts/2021-02-03-parsing.md": "---\ntitle: Parsing\n---\n\nTokens.\n"})
    home = (imported.dest / "content/_index.md").read_text(encoding="utf-8")
    assert "Short notes on compilers." in home, home
    assert not (imported.dest / "content/pages/blog.md").exists()


def test_a_link_through_the_baseurl_leads_to_the_page(tmp_path: Path) -> None:
    """`[keys]({{ site.baseurl }}/ref/keys/)` on a site under `baseurl: /spring`: the
    page's old URL is `/spring/ref/keys/`, the link lost `/spring` with its Liquid and
    was kept as `/ref/keys/`, which the build failed on (pages and posts alike)."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": _COURSE,
        "ref/keys.md": "---\ntitle: Keys\n---\n\n## Other symbols\n\nThe tilde.\n",
        "_posts/2022-04-05-week-one.md": "---\ntitle: Week one\n---\n\nLoops.\n",
        "faq.md": "---\ntitle: FAQ\n---\n\n"
                  "See [the tilde]({{ site.url }}{{ site.baseurl }}/ref/keys#other-symbols) "
                  "and [week one]({{ site.baseurl }}/2022/04/05/week-one/).\n"})
    faq = (imported.dest / "content/pages/faq.md").read_text(encoding="utf-8")
    assert "(keys.md#other-symbols)" in faq and "(../posts/week-one.md)" in faq, faq
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert "/spring/keys/#other-symbols" in (out / "faq/index.html").read_text(
        encoding="utf-8")

"""Stage 6: the check stage and `lanting check` (exit codes, grouping, --strict, --external)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from htmltree import parse_html

from lanting.build import build
from lanting.build.options import BuildOptions, BuildResult
from lanting.errors import LantingError
from lanting.model.problem import Problem
from lanting.output.external import ExternalLink, ask, check_external

TINY_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a730000"
    "001649444154789c635c6caac5c0c0c0c4c0c0c0c0c000000cbb0106e14f5107000000"
    "0049454e44ae426082")
"""A real 1x1 PNG (a bare signature is a damaged image, which the build warns about)."""

Run = Callable[..., tuple[int, str, str]]
MakeSite = Callable[..., Path]
Post = Callable[..., str]


def problems_of(site: Path, **options: object) -> list[Problem]:
    """Every problem `lanting check` finds (errors and warnings)."""
    try:
        result = build(site, BuildOptions(write=False, **options))  # type: ignore[arg-type]
    except LantingError as error:
        return error.problems
    return list(result.warnings)


def messages(site: Path, **options: object) -> list[tuple[str, int | None, int | None, str]]:
    return sorted((p.path.name if p.path else "", p.line, p.column, p.message)
                  for p in problems_of(site, **options))


# --- links -----------------------------------------------------------------------------


def test_an_image_of_a_page_is_an_error(make_site: MakeSite, post: Post) -> None:
    """`![图](b.md)`, `![图](/posts/b/)`: an image whose file is a page showed nothing,
    and no check said so (a note's embed of a drawing, copied as Markdown)."""
    site = make_site({
        "lanting.toml": 'title = "T"\n',
        "content/posts/a.md": post("A", body="![图](b.md)\n\n![根](/posts/b/)\n\n"
                                   "[页](b.md) <iframe src=\"/posts/b/\"></iframe>\n"),
        "content/posts/b.md": post("B", body="text\n"),
    })
    found = messages(site)
    assert [(m[1], m[3].split(":")[0]) for m in found] == [
        (5, "image `b.md` is a page, not an image file"),
        (7, "image `/posts/b/` is a page, not an image file")]


def test_good_links_of_every_kind_pass(make_site: MakeSite, post: Post) -> None:
    site = make_site({
        "lanting.toml": 'title = "T"\nbase_url = "https://x.org/sub/"\n',
        "content/posts/a.md": post("A", tags=["python"], body=(
            "## 第一节\n\n"
            "[self](#第一节) [top](#top) [b](b/index.md#part) [img](b/fig.png) [none](#!)\n"
            "[root](/sub/posts/b/#part) [root2](/posts/b/) [static](/files/x.pdf)\n"
            "[tag](/tags/python/) [feed](/atom.xml) [mail](mailto:a@b.org) [ext](https://e.org)\n"
            "[fn][^1] [main](/posts/b/#main)\n\n[^1]: note\n")),
        "content/posts/b/index.md": post("B", body="## Part\n"),
        "content/posts/b/fig.png": TINY_PNG,
        "static/files/x.pdf": b"%PDF",
    })
    assert problems_of(site) == []


def test_each_broken_link_has_line_column_and_hint(make_site: MakeSite, post: Post) -> None:
    site = make_site({
        "content/posts/a.md": post("A", body=(
            "x [a](gone.md) [b](b.md#nope)\n"
            "![c](nope.png) [d](/nope/) [e](#nowhere)\n")),
        "content/posts/b.md": post("B"),
    })
    found = problems_of(site)
    assert [(p.line, p.column) for p in sorted(found, key=lambda p: (p.line, p.column))] == [
        (5, 7), (5, 20), (6, 6), (6, 20), (6, 32)]
    assert all(p.severity == "error" and p.hint for p in found)


@pytest.mark.parametrize(("url", "hinted"), [
    ("mirrors.163.com", True), ("www.python.org/downloads/", True),
    ("notes.txt", False), ("results.png.html", False),
])
def test_a_host_name_without_its_scheme_is_named(make_site: MakeSite, post: Post,
                                                 url: str, hinted: bool) -> None:
    """`[163](mirrors.163.com)` is a relative path to the browser (a real blog's mirror
    list had eight): the hint said to link a source file; it names the fix."""
    site = make_site({"content/posts/a.md": post("A", body=f"[x]({url})\n")})
    [problem] = problems_of(site)
    assert (f"write `https://{url}`" in (problem.hint or "")) is hinted


def test_repeated_url_gets_the_column_of_each_use(make_site: MakeSite, post: Post) -> None:
    site = make_site({"content/posts/a.md": post("A", body="[x](g.md) and [y](g.md)\n")})
    assert [(p.line, p.column) for p in problems_of(site)] == [(5, 5), (5, 19)]


def test_reference_link_points_at_its_definition(make_site: MakeSite, post: Post) -> None:
    site = make_site({"content/posts/a.md": post("A", body="See [x][r].\n\n[r]: gone.md\n")})
    [problem] = problems_of(site)
    assert (problem.line, problem.column) == (7, 6)


def test_link_to_a_draft_is_an_error_unless_drafts_are_built(make_site: MakeSite,
                                                             post: Post) -> None:
    site = make_site({
        "content/posts/a.md": post("A", body="[next](d/index.md) ![i](d/i.png) [u](/posts/d/)\n"),
        "content/posts/d/index.md": post("D", draft=True),
        "content/posts/d/i.png": TINY_PNG,
    })
    found = problems_of(site)
    assert len(found) == 3 and all("draft" in p.message for p in found)
    assert problems_of(site, drafts=True) == []


def test_anchor_checked_against_generated_page_ids(make_site: MakeSite, post: Post) -> None:
    site = make_site({"content/posts/a.md": post("A", body="[y](/blog/#year-2026) "
                                                  "[z](/blog/#year-1999)\n")})
    [problem] = problems_of(site)
    assert "#year-1999" in problem.message and "/blog/" in problem.message


def test_a_text_fragment_is_no_anchor(make_site: MakeSite, post: Post) -> None:
    """`#:~:text=…` (a link copied from a browser's "copy link to highlight", in a
    Chinese Hexo blog's look back at a post) failed the build as "no anchor"; a browser
    scrolls to that text. The id before a directive is still checked."""
    site = make_site({"content/posts/a.md": post("A", body="## 回顾\n\n我首要的任务。\n"),
                      "content/posts/b.md": post("B", body=(
                          "[a](a.md#:~:text=我首要的任务) [b](a.md#回顾:~:text=任务) "
                          "[c](a.md#没有:~:text=任务)\n"))})
    [problem] = problems_of(site)
    assert "no anchor `#没有`" in problem.message


def test_an_anchor_differing_only_in_case_is_suggested(make_site: MakeSite, post: Post) -> None:
    """`#MADE` for a heading `### MADE` (id `made`) of another page: difflib saw nothing
    alike. (On its own page, a link naming a heading by its text leads to it:
    `test_notes_apps.py`'s Typora links.)"""
    site = make_site({"content/posts/a.md": post("A", body="### MADE\n\nMade.\n"),
                      "content/posts/b.md": post("B", body="See [it](a.md#MADE).\n"
                                                  "And [that](#nothing-like-it).\n")})
    first, second = problems_of(site)
    assert first.hint == "did you mean `made`?"
    assert second.hint is not None and "`## Why Multi-GPU?` is `#why-multi-gpu`" in second.hint


def test_the_hint_of_a_missing_anchor_follows_the_sites_heading_ids(make_site: MakeSite,
                                                                     post: Post) -> None:
    """A site imported from Hexo has Hexo's ids (case kept): the hint still said ids are
    lower case."""
    site = make_site({"lanting.toml": 'title = "T"\n[search]\nenabled = false\n'
                                      '[markdown]\nheading_ids = "hexo"\n',
                      "content/posts/a.md": post("A", body="See [that](#nothing-like-it).\n")})
    [problem] = problems_of(site)
    assert problem.hint is not None and "`## Why Multi-GPU?` is `#Why-Multi-GPU`" in problem.hint
    assert '`[markdown] heading_ids = "hexo"`' in problem.hint


def test_a_missing_image_at_a_site_path_is_a_missing_image(make_site: MakeSite,
                                                          post: Post) -> None:
    """It was reported as a "broken link" with a hint about page URLs."""
    site = make_site({"content/posts/a.md": post(
        "A", body="![a](/assets/img/gone.png)\n\n<img src=\"/images/gone.png\">\n"
                  "\n[a page](/nowhere/)\n")})
    messages = [p.message for p in problems_of(site)]
    assert messages[0].startswith("missing image `/assets/img/gone.png`: no file at this URL")
    assert messages[1].startswith("missing image `/images/gone.png`")
    assert messages[2].startswith("broken link `/nowhere/`")


def test_a_missing_image_with_a_namesake_beside_it_names_it(make_site: MakeSite,
                                                           post: Post) -> None:
    """A real Hexo blog converted its images to WebP with a script that missed three
    references (`docker_version.png`, the file `docker_version.webp`): the hint said to
    put the image beside the page, where it was."""
    site = make_site({"content/posts/docker/index.md": post(
        "D", body="![版本](docker_version.png)\n"),
        "content/posts/docker/docker_version.webp": TINY_PNG})
    (problem,) = problems_of(site)
    assert problem.message.startswith("missing image `docker_version.png`")
    assert problem.hint == "there is `docker_version.webp` beside it: write that name"


def test_a_missing_image_named_in_another_case_names_the_file(make_site: MakeSite,
                                                               post: Post) -> None:
    """A paper-review deck made on macOS wrote `Speedy_01.png` and `./pics/Car.jpg` (raw
    HTML) for the files `speedy_01.png` and `pics/car.jpg`, which its Mac opened: the
    hint said to put the image beside the page, where it was."""
    site = make_site({"content/talks/review/index.md": post(
        "R", body='![fig](Speedy_01.png)\n\n<img src="./pics/Car.jpg" width="50%">\n'),
        "content/talks/review/speedy_01.png": TINY_PNG,
        "content/talks/review/pics/car.jpg": TINY_PNG})
    hints = sorted(p.hint or "" for p in problems_of(site))
    assert hints == ["there is `content/talks/review/pics/car.jpg`: write `pics/car.jpg`",
                     "there is `content/talks/review/speedy_01.png`: write `speedy_01.png`"]


def test_raw_html_links_get_the_base_path(make_site: MakeSite, post: Post) -> None:
    """On a site served at /proj/ (a GitHub project page), Markdown's `/images/a.png` got
    the base path and raw HTML's `<img src="/images/a.png">` did not: it pointed outside
    the site, and the check passed it."""
    site = make_site({"content/posts/a.md": post(
        "A", body='![md](/images/a.png)\n\n<img src="/images/a.png" alt="raw">\n\n'
                  '<p>see <a href="/posts/a/">this</a> and <a href="//cdn.example.org/x">'
                  "that</a>, <a href='/posts/a/#top'>here</a></p>\n\n## Top\n"),
        "static/images/a.png": TINY_PNG,
        "lanting.toml": 'title = "T"\nbase_url = "https://x.github.io/proj/"\n'})
    result = build(site, BuildOptions(output=site / "out"))
    assert result.warnings == ()
    main = parse_html((site / "out/posts/a/index.html").read_bytes()).one("main")
    assert [e.get("src") for e in main.iter() if e.tag == "img"] == [
        "/proj/images/a.png", "/proj/images/a.png"]
    assert [e.get("href") for e in main.find_all("a")][:3] == [
        "/proj/posts/a/", "//cdn.example.org/x", "/proj/posts/a/#top"]


def test_raw_html_urls_are_read_without_the_spaces_around_them(make_site: MakeSite,
                                                               post: Post) -> None:
    """`<image src="/images/a.png "/>` (an illustrated ML blog's): browsers strip the
    spaces around an attribute's URL, and its line breaks anywhere, and show the image;
    the check called it missing and the build failed. A file beside the page is found the
    same way."""
    site = make_site({"content/posts/a/index.md": post(
        "A", body='<image src="/images/a.png "/>\n\n<img src=" b.png" alt="b">\n\n'
                  '<p><a href=" /posts/a/ ">here</a></p>\n\n<div>\n  <img src="/images/\n'
                  'a.png" alt="a path broken over two lines">\n</div>\n'),
        "content/posts/a/b.png": TINY_PNG,
        "static/images/a.png": TINY_PNG,
        "lanting.toml": 'title = "T"\nbase_url = "https://x.github.io/proj/"\n'})
    result = build(site, BuildOptions(output=site / "out"))
    assert result.warnings == ()
    main = parse_html((site / "out/posts/a/index.html").read_bytes()).one("main")
    assert [e.get("src") for e in main.iter() if e.tag in ("img", "image")] == [
        "/proj/images/a.png", "/proj/posts/a/b.png", "/proj/images/a.png"]
    assert [e.get("href") for e in main.find_all("a")][:1] == ["/proj/posts/a/"]


def test_a_link_placeholder_that_reaches_a_page_stops_the_build(make_site: MakeSite,
                                                                post: Post) -> None:
    """A CV's and a .bib field's links to source files shipped as `href="lanting-link:0"`
    with no word: any placeholder a page still holds is now an error naming the page
    (here a template override writes one, as a leak would)."""
    site = make_site({"content/posts/a.md": post("A"),
                      "templates/page.html": '{% extends "base.html" %}{% block content %}'
                                             '<a href="lanting-link:3">x</a>{% endblock %}',
                      "content/pages/about.md": "---\ntitle: About\n---\n\nMe.\n"})
    problems = problems_of(site)
    assert [p.message for p in problems if "did not resolve" in p.message] == [
        "/about/index.html: a link Lanting did not resolve (`href=lanting-link:3`)"]


def test_a_joplin_attachment_is_called_so(make_site: MakeSite, post: Post) -> None:
    """A note copied out of Joplin links its attachments as `:/<id>`: the error spoke of
    `no file content/posts/:/0f1e…` and said to put the image beside the page."""
    site = make_site({"content/posts/a.md": post(
        "A", body="![图](:/0f1e2d3c4b5a69788796a5b4c3d2e1f0)\n\n"
                  "[附件](:/a1b2c3d4e5f60718293a4b5c6d7e8f90)\n")})
    problems = problems_of(site)
    assert [p.line for p in problems] == [5, 7]
    assert all("attachment inside Joplin" in p.message and p.hint is not None
               and "_resources/" in p.hint for p in problems)


def test_link_to_unknown_taxonomy_names_the_known_ones(make_site: MakeSite, post: Post) -> None:
    site = make_site({"content/posts/a.md": post("A", categories=["系统"],
                                                 body="[c](/categories/算法/)\n")})
    [problem] = problems_of(site)
    assert "no category `算法`" in problem.message
    assert problem.hint and "系统" in problem.hint


def test_notebook_links_are_checked_at_their_cell_and_line(make_site: MakeSite) -> None:
    """A broken link in a notebook was reported against the file alone (its lines were
    those of the generated Markdown); it names the cell, the line in the cell, and is
    reported at the cell's line of the file."""
    notebook = """{
 "cells": [
  {"cell_type": "raw", "metadata": {},
   "source": "---\\ntitle: N\\ndate: 2026-01-02\\n---"},
  {"cell_type": "markdown", "metadata": {}, "source": ["# Intro\\n", "\\n", "[x](gone.md)"]},
  {"cell_type": "code", "metadata": {}, "execution_count": 1, "source": "print(1)",
   "outputs": [{"output_type": "stream", "name": "stdout", "text": "1\\n"}]},
  {
   "cell_type": "markdown", "metadata": {},
   "source": ["\\n", "Text.\\n", "\\n", "See [y](/nowhere/) and [z](#nope)."]
  }
 ],
 "metadata": {}, "nbformat": 4, "nbformat_minor": 4
}
"""
    site = make_site({"content/posts/n.ipynb": notebook})
    found = sorted((p.line, p.column, p.message.split(": ")[0], p.message.split("`")[1])
                   for p in problems_of(site) if p.path and p.path.name == "n.ipynb")
    assert found == [(5, None, "cell 2, line 3", "gone.md"),  # lines of the cells' `{`
                     (8, None, "cell 4, line 4", "#nope"), (8, None, "cell 4, line 4", "/nowhere/")]


# --- collisions, config, series, dates ---------------------------------------------------


def test_every_source_of_a_collision_is_listed(make_site: MakeSite, post: Post) -> None:
    site = make_site({
        "content/posts/a.md": post("A"),
        "static/posts/a/index.html": "<p>old</p>",
        "content/pages/archive.md": "---\ntitle: Archive\n---\nMine.\n",
    })
    found = sorted(problems_of(site), key=lambda p: p.message)
    assert len(found) == 2
    assert "content/pages/archive.md, a page Lanting generates" in found[0].message
    assert "content/posts/a.md, static/posts/a/index.html" in found[1].message


def test_urls_differing_only_in_case_are_a_warning_at_the_slug(
        make_site: MakeSite, post: Post, build_site: Callable[..., BuildResult]) -> None:
    """`/posts/KV-Cache/` and `/posts/kv-cache/`: a Linux host serves both, but built on
    macOS or Windows one page replaced the other in the output folder, without a word."""
    site = make_site({
        "content/posts/kv-cache.md": post("KV cache", "2026-01-02"),
        "content/posts/b.md": "---\ntitle: B\ndate: 2026-01-03\nslug: KV-Cache\n---\nB.\n",
    })
    [warning] = [w for w in build_site(site).warnings if "differing only in case" in w.message]
    assert "/posts/KV-Cache/" in warning.message and "/posts/kv-cache/" in warning.message
    assert warning.severity == "warning" and (warning.path.name, warning.line) == ("b.md", 4)


def test_aliases_of_one_page_differing_only_in_case_are_no_warning(
        make_site: MakeSite, post: Post, build_site: Callable[..., BuildResult]) -> None:
    """A Quartz note's `aliases: [ML, ml]`: the two redirect pages send the reader to one
    page, so one replacing the other on macOS loses nothing (ten warnings on a garden)."""
    site = make_site({
        "content/posts/ml.md": "---\ntitle: ML\ndate: 2026-01-02\n"
                               "aliases: [/ML.html, /ml.html]\n---\nML.\n"})
    result = build_site(site)
    assert [w.message for w in result.warnings if "differing only in case" in w.message] == []
    assert (result.output / "ml.html").is_file()


def test_redirects_to_one_place_differing_only_in_case_are_no_warning(
        make_site: MakeSite, post: Post, build_site: Callable[..., BuildResult]) -> None:
    """A blog's old tag pages `/tag/Python/` and `/tag/python/` (two posts spelled the
    tag two ways) both sent to `/tags/python/`: one redirect page replacing the other on
    macOS loses nothing. Two sent to different places still warn."""
    site = make_site({
        "lanting.toml": ('title = "T"\n[redirects]\n"/tag/Python/" = "/tags/python/"\n'
                         '"/tag/python/" = "/tags/python/"\n"/tag/Go/" = "/tags/go/"\n'
                         '"/tag/go/" = "/blog/"\n'),
        "content/posts/a.md": post("A", "2026-01-02", tags=["python", "go"])})
    warnings = [w.message for w in build_site(site).warnings
                if "differing only in case" in w.message]
    assert len(warnings) == 1 and "/tag/Go/" in warnings[0]


@pytest.mark.parametrize("slug", ["404.html", "sitemap.xml", "robots.txt", "atom.xml",
                                  "search", "search-index", "tags", "blog", "archive"])
def test_slug_colliding_with_a_generated_file_is_an_error_at_the_slug_line(
    make_site: MakeSite, post: Post, slug: str,
) -> None:
    """Issue 34: `slug: 404.html` made the writer fail with a bare OSError on a temp path."""
    site = make_site({
        "lanting.toml": 'title = "T"\n',  # search on: /search/ and /search-index/ are Lanting's
        "content/posts/a.md": post("A", tags=["x"]),
        "content/pages/p.md": f"---\ntitle: P\nslug: {slug}\n---\nMine.\n",
    })
    [problem] = problems_of(site)
    assert problem.severity == "error"
    assert (problem.path, problem.line) == (site / "content/pages/p.md", 3)
    assert f"/{slug}" in problem.message and "content/pages/p.md" in problem.message
    assert problem.hint == "give it a different `slug`"


def test_slug_longer_than_a_file_name_may_be_is_an_error_at_the_slug_line(
    make_site: MakeSite, post: Post,
) -> None:
    site = make_site({"content/posts/a.md": post("A", slug="长" * 86)})  # 258 bytes
    [problem] = problems_of(site)
    assert (problem.path, problem.line) == (site / "content/posts/a.md", 4)
    assert "258 bytes" in problem.message and "255" in problem.message


def test_tag_longer_than_a_file_name_may_be_is_an_error_at_the_tags_line(
    make_site: MakeSite, post: Post,
) -> None:
    site = make_site({"content/posts/a.md": post("A", tags=["ok", "x" * 300])})
    [problem] = problems_of(site)
    assert (problem.path, problem.line) == (site / "content/posts/a.md", 4)
    assert "300 bytes" in problem.message and "the tag" in problem.message


def test_static_file_where_a_generated_file_is_needs_a_folder_is_an_error(
    make_site: MakeSite, post: Post,
) -> None:
    site = make_site({
        "content/posts/a.md": post("A", tags=["x"]),
        "static/sitemap.xml/extra.xml": "<x/>",
        "static/tags": "a file where the tag pages go",
    })
    found = sorted(problems_of(site), key=lambda p: str(p.path))
    assert [(p.path, p.line) for p in found] == [
        (site / "static/sitemap.xml/extra.xml", None), (site / "static/tags", None)]
    assert "/sitemap.xml (a page Lanting generates) is a file" in found[0].message
    assert "/tags (static/tags) is a file" in found[1].message


def test_config_links_are_checked(make_site: MakeSite) -> None:
    site = make_site({"lanting.toml": (
        'title = "T"\n[[menu]]\nname = "A"\nurl = "/archive/"\n'
        '[[menu]]\nname = "B"\nurl = "/nope/"\n'
        '[[links]]\nname = "C"\nurl = "/links-nowhere/"\n[[links]]\nname = "D"\n'
        'url = "https://e.org"\n')})
    # (An unsafe scheme never gets this far: test_safety's config tests.)
    assert [(line, text.split(":")[0]) for _n, line, _c, text in messages(site)] == [
        (7, "menu.1.url"), (10, "links.0.url")]


def test_series_and_date_warnings(make_site: MakeSite, post: Post) -> None:
    site = make_site({
        "content/posts/a.md": post("A", series="verl 源码", series_order=1),
        "content/posts/b.md": post("B", series="verl 源码", series_order=2),
        "content/posts/c.md": post("C", series="verl 源吗", series_order=3),
        "content/posts/d.md": post("D", "2026-01-05", updated="2026-01-01"),
    })
    found = problems_of(site)
    assert {p.severity for p in found} == {"warning"}
    assert sorted(p.message.split(";")[0] for p in found) == [
        "`updated` is earlier than `date`", "series `verl 源吗` has only this post"]


def test_check_writes_nothing(make_site: MakeSite, post: Post, run_cli: Run) -> None:
    site = make_site({"content/posts/a.md": post("A")})
    code, out, err = run_cli("check", site)
    assert (code, err) == (0, "")
    assert out.startswith("check passed: no problems")
    assert not (site / "public").exists()


def test_check_groups_by_file_and_counts(make_site: MakeSite, post: Post, run_cli: Run,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    site = make_site({
        "content/posts/b.md": post("B", body="[x](gone.md)\n\n```klingon\nx\n```\n[y](g2.md)\n"),
        "content/posts/a.md": post("A", body="[x](gone.md)\n"),
    })
    monkeypatch.chdir(site)
    code, _out, err = run_cli("check", ".")
    lines = err.splitlines()
    assert code == 1
    assert [line.split(": ")[0] for line in lines[:-1]] == [
        "content/posts/a.md:5:5", "content/posts/b.md:5:5", "content/posts/b.md:7",
        "content/posts/b.md:10:5"]
    assert lines[-1] == "check failed: 3 errors, 1 warning"


def test_strict_check_fails_on_warnings(make_site: MakeSite, post: Post, run_cli: Run) -> None:
    site = make_site({"content/posts/a.md": post("A", body="```klingon\nx\n```\n")})
    assert run_cli("check", site)[0] == 0
    code, _out, err = run_cli("check", site, "--strict")
    assert code == 1 and "error: unknown code language" in err


def test_usage_errors_exit_2(run_cli: Run, tmp_path: Path) -> None:
    assert run_cli("check", "--bogus")[0] == 2
    assert run_cli("check", tmp_path / "missing")[0] == 2


def test_build_stops_on_check_errors_and_keeps_old_output(
    make_site: MakeSite, post: Post, build_site: Callable[..., BuildResult],
    snapshot: Callable[[Path], dict[str, bytes]],
) -> None:
    site = make_site({"content/posts/a.md": post("A")})
    build_site(site, site / "public")
    before = snapshot(site / "public")
    (site / "content/posts/a.md").write_text(post("A", body="![x](gone.png)\n"))
    with pytest.raises(LantingError):
        build_site(site, site / "public")
    assert snapshot(site / "public") == before


# --- external links (a local server only) -------------------------------------------------


class _Handler(BaseHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass

    def _answer(self) -> None:
        status = {"/ok": 200, "/gone": 404, "/busy": 503, "/nohead": 200}.get(self.path, 404)
        if self.path == "/nohead" and self.command == "HEAD":
            status = 405
        if self.path == "/moved":
            self.send_response(301)
            self.send_header("Location", "/ok")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send_response(status)
        self.send_header("Content-Length", "0")
        self.end_headers()
        self.server.seen.append((self.command, self.path))  # type: ignore[attr-defined]

    do_HEAD = do_GET = _answer  # noqa: N815


@pytest.fixture
def local_server() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    server.seen = []  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_ask_follows_redirects_and_falls_back_to_get(local_server: str) -> None:
    assert ask(local_server + "/ok").status == 200
    assert ask(local_server + "/moved").status == 200
    assert ask(local_server + "/nohead").status == 200
    assert ask(local_server + "/gone").status == 404


def test_external_problems_by_kind(local_server: str, tmp_path: Path) -> None:
    refused = "http://127.0.0.1:9/"  # the discard port: nothing listens there
    links = [ExternalLink(local_server + p, tmp_path / "a.md", 3, 4)
             for p in ("/ok", "/gone", "/busy", "/gone")] + [
        ExternalLink(refused, tmp_path / "a.md", 9)]
    found = check_external(links, timeout=5, workers=2)
    assert sorted((p.severity, p.message.rsplit(": ", 1)[-1]) for p in found) == [
        ("error", "HTTP 404"), ("error", "HTTP 404"), ("error", "connection refused"),
        ("warning", "HTTP 503")]


def test_external_is_off_by_default_and_on_with_the_flag(
    make_site: MakeSite, post: Post, run_cli: Run, local_server: str,
) -> None:
    site = make_site({"content/posts/a.md": post("A", body=f"[x]({local_server}/gone)\n")})
    assert run_cli("check", site)[0] == 0
    code, _out, err = run_cli("check", site, "--external")
    assert code == 1
    assert "a.md:5:5: error: external link" in err and "HTTP 404" in err


def test_image_paths_cannot_leave_content(make_site: MakeSite, post: Post) -> None:
    site = make_site({"content/posts/a.md": post("A", body="![x](../../../etc/passwd.png)\n"),
                      "etc/passwd.png": TINY_PNG})
    [problem] = problems_of(site)
    assert problem.message == ("missing image `../../../etc/passwd.png`: no file outside "
                               "content/")


def test_the_example_site_has_no_problems(run_cli: Run) -> None:
    example = Path(__file__).resolve().parents[1] / "example"
    code, out, err = run_cli("check", example)
    assert (code, err) == (0, "")
    assert out.startswith("check passed: no problems")


def test_check_sees_links_everywhere_a_page_shows_them(make_site: MakeSite, post: Post) -> None:
    """Issue 34: 24 of 53 planted problems went unreported — links in talk slides and
    notes, home-page news, `[profile]` photo and links, `[sharing] image`, BibTeX files,
    and raw HTML `href`/`src`. Each is reported at its file and line."""
    site = make_site({
        "lanting.toml": 'title = "T"\n[search]\nenabled = false\n[profile]\n'
                        'photo = "/images/me.jpg"\n[[profile.links]]\nkind = "cv"\n'
                        'url = "/cv.pdf"\n[sharing]\nimage = "/card.png"\n',
        "content/_index.md": "---\ntitle: Home\nnews:\n  - date: 2026-01-02\n"
                             "    text: See [the paper](posts/nope.md).\n---\nHi.\n",
        "content/talks/t.md": "---\ntitle: Talk\ndate: 2026-01-03\n---\n# One\n\n"
                              "[slides link](../posts/gone.md)\n\nNote: see [notes](missing.md)\n",
        "content/posts/a.md": post("A", "2026-01-02", body=(
            'Raw <img src="nope.png" alt="x"> and <a href="other.md">link</a>.\n\n'
            '<div><a href="/also-missing/">block</a></div>\n')),
        "content/publications.bib": "@inproceedings{lin2026,\n  title = {P},\n  year = {2026},\n"
                                    "  pdf = {papers/lin2026.pdf},\n}\n",
    })
    found = {(name, line, text.split("`")[1] if "`" in text else text)
             for name, line, _col, text in messages(site)}
    assert ("_index.md", 4, "posts/nope.md") in found  # the news item's line
    assert ("t.md", 7, "../posts/gone.md") in found
    assert ("t.md", 9, "missing.md") in found
    assert ("a.md", 5, "nope.png") in found and ("a.md", 5, "other.md") in found
    assert ("a.md", 7, "/also-missing/") in found
    assert ("publications.bib", 4, "lin2026") in found  # the `pdf` line
    assert ("lanting.toml", 5, "/images/me.jpg") in found
    assert ("lanting.toml", 8, "/cv.pdf") in found
    assert ("lanting.toml", 10, "/card.png") in found


def test_missing_publication_file_is_reported_at_its_field_line(make_site: MakeSite) -> None:
    """A BibTeX link to a file of the site that is missing was reported at the entry's
    first line; it is reported at the line of its field (`pdf`, `url`, `eprint`, …)."""
    site = make_site({"content/publications.bib": (
        "@inproceedings{lin2026,\n  title = {P},\n  year = {2026},\n"
        "  pdf = {papers/lin2026.pdf},\n  code = {/code/lin2026.zip},\n}\n\n"
        "@misc{wu2025,\n  title = {Q},\n  year = {2025},\n  url = {/papers/wu2025.pdf},\n"
        "  preview = {wu2025.png},\n}\n")})
    found = sorted((line, text.split("`")[3]) for name, line, _col, text in messages(site)
                   if name == "publications.bib")
    assert found == [(4, "pdf"), (5, "code"), (11, "pdf"), (12, "preview")]


def test_a_src_inside_another_attributes_value_is_no_link(make_site: MakeSite,
                                                         post: Post) -> None:
    """A notebook's map output (folium): `<iframe srcdoc="&lt;script
    src=&quot;https://…/leaflet.js&quot;&gt;…">`. The `src=` inside the `srcdoc` value
    was read as the iframe's own, an image `"https://…"></script>` at no URL: three
    build errors on an optimisation book's page. Only the tag's own attributes count;
    one after the `srcdoc` still does."""
    site = make_site({"content/posts/map.md": post("Map", "2026-01-02", body=(
        '<iframe srcdoc="&lt;script src=&quot;https://cdn.example.org/map.js&quot;&gt;'
        '&lt;/script&gt; &lt;img src=&quot;tiles.png&quot;&gt;" title="m"></iframe>\n\n'
        '<iframe title="x" srcdoc="&lt;p&gt;hi&lt;/p&gt;" src="gone.html"></iframe>\n'))})
    assert [text for _name, _line, _col, text in messages(site)] == [
        "broken file `gone.html` in raw HTML: no file at /posts/map/gone.html"]


def test_relative_raw_html_naming_a_file_of_the_site_is_resolved(
        make_site: MakeSite, post: Post) -> None:
    """Typora writes `<img src="note.assets/x.png" style="zoom:50%">` beside `note.md`,
    whose page is `/posts/note/`: raw HTML was published as written, so the image was
    at no URL and the build failed. A relative `src`/`href` naming a file (or a source)
    of content/ is resolved as a Markdown one; any other is still checked as written."""
    from htmltree import parse_html

    site = make_site({
        "content/posts/note.md": post("Note", "2026-01-02", body=(
            '<img src="note.assets/x.png" alt="x" style="zoom:50%;">\n\n'
            "See <a href='other.md'>the other</a> and <img src=gone.png>.\n")),
        "content/posts/note.assets/x.png": TINY_PNG,
        "content/posts/other.md": post("Other", "2026-01-03", body="Text.\n"),
    })
    found = [(name, line, text) for name, line, _col, text in messages(site)]
    assert found == [("note.md", 7, "broken image `gone.png` in raw HTML: no file at "
                      "/posts/note/gone.png")]
    (site / "content/posts/note.md").write_text(post("Note", "2026-01-02", body=(
        '<img src="note.assets/x.png" alt="x" style="zoom:50%;">\n\n'
        "See <a href='other.md'>the other</a>.\n")), encoding="utf-8")
    build(site, BuildOptions(output=site / "out"))
    page = parse_html((site / "out/posts/note/index.html").read_text(encoding="utf-8"))
    assert page.one("img", alt="x")["src"] == "/posts/note.assets/x.png"
    assert [a["href"] for a in page.one(class_="prose").find_all("a")] == ["/posts/other/"]


def test_a_missing_video_or_audio_is_called_so(make_site: MakeSite, post: Post) -> None:
    """`<video src="demo.mp4">` without the file was "broken image `demo.mp4`"."""
    site = make_site({"content/posts/note.md": post("Note", "2026-01-02", body=(
        '<video src="demo.mp4" controls></video>\n\n<audio src="/talk.mp3"></audio>\n'))})
    found = sorted(text.split(" `")[0] for _name, _line, _col, text in messages(site))
    assert found == ["broken video", "missing audio"]


def test_commented_out_html_and_script_text_are_not_checked(
        make_site: MakeSite, post: Post) -> None:
    """An image set aside in a comment (`<!-- <img src="old.png"> -->`) and a script's
    template string (`` `<img src="${url}">` ``) failed the build as broken links."""
    site = make_site({"content/posts/note.md": post("Note", "2026-01-02", body=(
        'Text.\n\n<!-- <img src="old.png"> -->\n\n<!--\n<a href="gone.html">x</a>\n-->\n\n'
        "<script>\nconst t = `<img src=\"${url}/a.png\">`;\n</script>\n\n"
        'Inline <!-- <a href="inline-gone.html">x</a> --> text.\n\n'
        '<script src="missing.js"></script>\n'))})
    found = [text.split(" in raw HTML")[0] for _name, _line, _col, text in messages(site)]
    assert found == ["broken script `missing.js`"]  # a script's own src is still checked


def test_a_path_written_with_backslashes_is_read_as_browsers_read_it(
        make_site: MakeSite, post: Post, build_site: Callable[..., BuildResult]) -> None:
    """`![图](chapter3\\page-10.jpg)` (written on Windows; the old site showed it, as a
    browser reads `\\` in a URL as `/`) was a missing image: the path is `chapter3/…`."""
    from sitebits import png

    site = make_site({
        "content/posts/n/index.md": post("N", body="![图](chapter3\\page-10.png) "
                                                   '<img src="chapter3\\page-10.png" alt="r"> '
                                                   "[原图](chapter3\\page-10.png)\n"),
        "content/posts/n/chapter3/page-10.png": png(30, 20),
    })
    page = parse_html((build_site(site).output / "posts/n/index.html").read_text())
    sources = [i["src"] for i in page.one("main").find_all("img")]
    assert sources == ["/posts/n/chapter3/page-10.png"] * 2
    assert any(a.get("href") == "/posts/n/chapter3/page-10.png"
               for a in page.one("main").find_all("a"))


def test_a_drop_down_s_links_are_checked_at_their_lines(make_site: MakeSite) -> None:
    site = make_site({"lanting.toml": (
        'title = "T"\n[[menu]]\nname = "Notes"\n'
        '[[menu.children]]\nname = "A"\nurl = "/archive/"\n'
        '[[menu.children]]\nname = "B"\nurl = "/nope/"\n')})
    assert [(line, text.split(":")[0]) for _n, line, _c, text in messages(site)] == [
        (9, "menu.0.children.1.url")]

"""`aliases:` — old URLs of a page answered by redirect pages (meta refresh + canonical),
in no sitemap, never silently in the place of another page."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from htmltree import parse_html

from lanting.build.options import BuildResult
from lanting.errors import LantingError
from lanting.model.names import alias_output, alias_path

Make = Callable[..., Path]
Build = Callable[..., BuildResult]


def redirect(path: Path) -> tuple[str, str, str]:
    """(meta refresh target, canonical URL, the link's href) of a redirect page."""
    doc = parse_html(path.read_text(encoding="utf-8"))
    [refresh] = [m for m in doc.find_all("meta") if m.get("http-equiv") == "refresh"]
    [canonical] = [x for x in doc.find_all("link") if x.get("rel") == "canonical"]
    assert doc.find("h1") is not None
    assert any(m.get("name") == "robots" and m["content"] == "noindex"
               for m in doc.find_all("meta"))
    return (refresh["content"].removeprefix("0; url="), canonical["href"],
            doc.one("a")["href"])

POST = """---
title: 张量并行
date: 2024-02-03T10:00:00+08:00
slug: tensor-parallel
aliases:
  - /tp/
  - /posts/5f3a9c1e.html
  - "/ml%20systems/2024/02/29/old.html"
  - /posts/2024/02/megatron-张量并行/
---
Body.
"""


def test_each_alias_is_a_redirect_page(make_site: Make, build_site: Build) -> None:
    site = make_site({"content/posts/tp.md": POST,
                      "content/pages/about.md": "---\ntitle: About\n---\n[old](/tp/)\n"})
    out = site / "public"
    result = build_site(site)
    assert not result.warnings
    for path in ("tp/index.html", "posts/5f3a9c1e.html",
                 "ml systems/2024/02/29/old.html",
                 "posts/2024/02/megatron-张量并行/index.html"):
        assert redirect(out / path) == ("/posts/tensor-parallel/",) * 3
    sitemap = (out / "sitemap.xml").read_text(encoding="utf-8")
    assert "/posts/tensor-parallel/" in sitemap
    assert "/tp/" not in sitemap and "5f3a9c1e" not in sitemap and "megatron" not in sitemap


def test_a_redirect_to_a_chinese_url_is_percent_encoded(make_site: Make,
                                                        build_site: Build) -> None:
    site = make_site({"lanting.toml": 'title = "T"\nbase_url = "https://example.org/"\n'
                                      '[search]\nenabled = false\n',
                      "content/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\nslug: 张量\n"
                                            "aliases: [/old/]\n---\nBody.\n"})
    build_site(site)
    assert redirect(site / "public/old/index.html") == (
        "/posts/%E5%BC%A0%E9%87%8F/", "https://example.org/posts/%E5%BC%A0%E9%87%8F/",
        "/posts/%E5%BC%A0%E9%87%8F/")


def test_an_alias_on_another_page_is_an_error_at_the_alias(make_site: Make,
                                                           build_site: Build) -> None:
    site = make_site({
        "content/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\naliases:\n  - /x/\n"
                              "  - /posts/b/\n---\nBody.\n",
        "content/posts/b.md": "---\ntitle: B\ndate: 2024-01-02\n---\nBody.\n"})
    with pytest.raises(LantingError) as info:
        build_site(site)
    [problem] = info.value.problems
    assert problem.path is not None and problem.path.name == "a.md" and problem.line == 6
    assert "aliases: `/posts/b/` is also the URL /posts/b/ of content/posts/b.md" \
        in problem.message


@pytest.mark.parametrize("other", ["/blog/", "/tags/"])
def test_an_alias_on_a_generated_page_is_an_error(make_site: Make, build_site: Build,
                                                  other: str) -> None:
    site = make_site({"content/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\ntags: [x]\n"
                                            f"aliases: [{other}]\n---\nBody.\n"})
    with pytest.raises(LantingError) as info:
        build_site(site)
    assert any("a page Lanting generates" in p.message and p.line == 5
               for p in info.value.problems)


def test_two_pages_with_one_alias_are_an_error(make_site: Make, build_site: Build) -> None:
    site = make_site({
        "content/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\naliases: [/old/]\n---\n",
        "content/posts/b.md": "---\ntitle: B\ndate: 2024-01-02\naliases: [/old/]\n---\n"})
    with pytest.raises(LantingError) as info:
        build_site(site)
    assert len(info.value.problems) == 2
    assert all("`/old/` is also the URL /old/" in p.message for p in info.value.problems)


def test_an_alias_on_a_static_file_is_an_error(make_site: Make, build_site: Build) -> None:
    site = make_site({"static/old.html": "<p>old</p>",
                      "content/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n"
                                            "aliases: [/old.html]\n---\n"})
    with pytest.raises(LantingError) as info:
        build_site(site)
    assert "static/old.html" in info.value.problems[0].message


def test_an_alias_of_the_own_url_is_a_warning(make_site: Make, build_site: Build) -> None:
    site = make_site({"content/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n"
                                            "aliases: [/posts/a/]\n---\n"})
    result = build_site(site)
    [warning] = result.warnings
    assert "own URL" in warning.message and warning.line == 4
    assert "http-equiv" not in (site / "public/posts/a/index.html").read_text()


@pytest.mark.parametrize(("alias", "why"), [
    ("old/", "start it with `/`"), ("https://old.example/x/", "not a full URL"),
    ("/a/../b/", "`..`"), ("/feed.xml", "end it with `/` or `.html`"),
    ("/a?b=1", "no `?`"), ("/__lanting/x/", "reserved")])
def test_a_bad_alias_is_a_front_matter_error(make_site: Make, build_site: Build,
                                             alias: str, why: str) -> None:
    site = make_site({"content/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n"
                                            f"aliases:\n  - \"{alias}\"\n---\n"})
    with pytest.raises(LantingError) as info:
        build_site(site)
    [problem] = info.value.problems
    assert problem.line == 5 and why in problem.message


def test_alias_paths() -> None:
    assert alias_path("/tp") == ("/tp/", "")
    assert alias_path("/ml%20systems/x.html") == ("/ml systems/x.html", "")
    assert alias_output("/tp/") == "tp/index.html"
    assert alias_output("/ml systems/x.html") == "ml systems/x.html"
    assert alias_output("/") == "index.html"


def test_aliases_of_a_translation_live_under_its_language(make_site: Make,
                                                          build_site: Build) -> None:
    site = make_site({
        "lanting.toml": 'title = "T"\nlanguages = ["zh-CN", "en"]\n[search]\nenabled = false\n',
        "content/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\naliases: [/old/]\n---\n",
        "content/posts/a.en.md": "---\ntitle: A\ndate: 2024-01-01\naliases: [/old/]\n---\n"})
    build_site(site)
    assert redirect(site / "public/old/index.html")[0] == "/posts/a/"
    assert redirect(site / "public/en/old/index.html")[0] == "/en/posts/a/"
    assert "/old/" not in (site / "public/sitemap.xml").read_text()


# --- `[redirects]` in lanting.toml: old paths of the site itself -------------------------

REDIRECTS = '''title = "T"
base_url = "https://ann.example.org/notes/"
languages = ["zh-CN", "en"]
[search]
enabled = false
[redirects]
"/archives/" = "/archive/"
"/archives/2024/09/" = "/archive/#archive-2024"
"/categories/tech/%E5%BC%BA%E5%8C%96%E5%AD%A6%E4%B9%A0/" = "/categories/强化学习/"
"/old.html" = "https://elsewhere.example.org/x/"
'''


def test_config_redirects_are_redirect_pages_in_no_sitemap(make_site: Make,
                                                           build_site: Build) -> None:
    site = make_site({"lanting.toml": REDIRECTS,
                      "content/posts/a.md": "---\ntitle: A\ndate: 2024-09-01\n"
                                            "categories: [强化学习]\n---\nBody.\n"})
    result = build_site(site)
    assert not result.warnings
    out = site / "public"
    assert redirect(out / "archives/index.html") == (
        "/notes/archive/", "https://ann.example.org/notes/archive/", "/notes/archive/")
    assert redirect(out / "archives/2024/09/index.html")[0] == "/notes/archive/#archive-2024"
    assert redirect(out / "categories/tech/强化学习/index.html")[0] == (
        "/notes/categories/%E5%BC%BA%E5%8C%96%E5%AD%A6%E4%B9%A0/")
    assert redirect(out / "old.html")[0] == "https://elsewhere.example.org/x/"
    assert (out / "categories/强化学习/index.html").is_file()  # the target exists
    assert not (out / "en/archives").exists()  # the site's paths, once: not per language
    sitemap = (out / "sitemap.xml").read_text(encoding="utf-8")
    assert "/notes/archive/" in sitemap
    assert "archives" not in sitemap and "old.html" not in sitemap and "tech" not in sitemap


@pytest.mark.parametrize(("entry", "why"), [
    ('"archives/" = "/archive/"', "start it with `/`"),
    ('"/a/../b/" = "/archive/"', "`..`"),
    ('"/feed.xml" = "/atom.xml"', "end it with `/` or `.html`"),
    ('"/x/" = "archive/"', "neither a path of the site nor a full URL"),
    ('"/x/" = "//cdn.example.org/"', "neither a path of the site nor a full URL"),
    ('"/x/" = "/x/#top"', "redirects to itself"),
    ('"/x/" = 3', "expected a string")])
def test_a_bad_config_redirect_is_an_error_at_its_line(make_site: Make, build_site: Build,
                                                       entry: str, why: str) -> None:
    site = make_site({"lanting.toml": f'title = "T"\n\n[redirects]\n"/ok/" = "/"\n{entry}\n'})
    with pytest.raises(LantingError) as info:
        build_site(site)
    [problem] = info.value.problems
    assert problem.path == site / "lanting.toml" and problem.line == 5
    assert why in problem.message


@pytest.mark.parametrize("old", ["/blog/", "/posts/a/", "/tp/"])
def test_a_config_redirect_over_a_page_is_an_error(make_site: Make, build_site: Build,
                                                   old: str) -> None:
    site = make_site({"lanting.toml": f'title = "T"\n[redirects]\n"{old}" = "/archive/"\n',
                      "content/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n"
                                            "aliases: [/tp/]\n---\nBody.\n"})
    with pytest.raises(LantingError) as info:
        build_site(site)
    problems = [p for p in info.value.problems if p.path == site / "lanting.toml"]
    if old == "/tp/":  # two redirects at one URL: the alias is blamed, naming this one
        problems = info.value.problems
        assert "[redirects]" in problems[0].message
        return
    [problem] = problems
    assert problem.line == 3 and f"redirects: `{old}` is also the URL {old}" in problem.message


def test_an_alias_under_a_user_folder(make_site: Make, build_site: Build) -> None:
    """A university home page served under `/~user/` keeps its old URLs there: the
    build refused to write `~lab/people/index.html` ("refusing to write outside the
    output folder"), taking the `~` for a home folder the writer never expands."""
    site = make_site({"content/pages/people.md": "---\ntitle: People\n"
                                                 "aliases: [/~lab/people/]\n---\nUs.\n"})
    out = site / "public"
    build_site(site)
    assert redirect(out / "~lab" / "people" / "index.html")[0] == "/people/"

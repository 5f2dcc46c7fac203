"""The bundled example site's languages, built once: the Chinese blog keeps exactly the
seed's 21 posts, the English versions live under /en/ with an English interface, and every
page's language alternates exist and point back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from htmltree import Element, parse_html

from lanting.build import build
from lanting.build.options import BuildOptions, BuildResult

EXAMPLE = Path(__file__).resolve().parents[1] / "example"
ORIGIN = "https://lin-zhiyuan.example.org/"
TRANSLATED = ("verl-intro", "distributed-training-intro", "llm-framework-map-2026")


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, BuildResult]:
    out = tmp_path_factory.mktemp("example") / "public"
    return out, build(EXAMPLE, BuildOptions(output=out))


@pytest.fixture(scope="module")
def pages(example: tuple[Path, BuildResult]) -> dict[str, bytes]:
    out = example[0]
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*.html")}


def entries(html: bytes) -> list[Element]:
    return parse_html(html).find_all("article", class_="post-entry")


def test_the_chinese_blog_keeps_the_seeds_21_posts(pages: dict[str, bytes]) -> None:
    posts = entries(pages["blog/index.html"])
    assert len(posts) == 21
    links = [p.one(class_="post-entry-title").one("a")["href"] for p in posts]
    assert all(href.startswith("/posts/") for href in links)
    assert len(set(links)) == 21
    text = parse_html(pages["blog/index.html"]).one("main").text()
    assert "21 篇文章" in text
    assert "What verl is" not in text and "A map of LLM frameworks" not in text


def test_the_english_blog_lists_the_english_versions(pages: dict[str, bytes]) -> None:
    links = sorted(p.one(class_="post-entry-title").one("a")["href"]
                   for p in entries(pages["en/blog/index.html"]))
    assert links == sorted(f"/en/posts/{slug}/" for slug in TRANSLATED)


def test_english_pages_have_an_english_interface(pages: dict[str, bytes]) -> None:
    for path in ("en/posts/verl-intro/index.html", "en/blog/index.html", "en/index.html",
                 "en/about/index.html", "en/search/index.html"):
        page = parse_html(pages[path])
        assert page.one("html")["lang"] == "en", path
        assert page.one("a", class_="skip-link").text() == "Skip to content"
        nav = page.one("nav", class_="site-nav")
        assert [a.text() for a in nav.find_all("a")] == [
            "Blog", "Publications", "CV", "Tags", "Categories", "Archive", "About"]
        assert nav.one("summary").text() == "Browse"  # the English menu's drop-down
        assert [a["href"] for a in nav.one("details").find_all("a")] == [
            "/en/tags/", "/en/categories/", "/en/archive/"]
        assert page.one("a", class_="site-title").text() == "Lin Zhiyuan · Research & Notes"
    post = parse_html(pages["en/posts/verl-intro/index.html"])
    assert post.one("p", class_="post-meta").one("time").text() == "Jan 8, 2026"


def hreflangs(html: bytes) -> dict[str, str]:
    return {e["hreflang"]: e["href"] for e in parse_html(html).find_all("link", rel="alternate")
            if e.get("hreflang")}


def test_every_alternate_exists_and_is_reciprocal(pages: dict[str, bytes]) -> None:
    with_alternates = 0
    for path, html in pages.items():
        links = hreflangs(html)
        if not links:
            continue
        with_alternates += 1
        assert set(links) == {"zh-CN", "en", "x-default"}, path
        assert links["x-default"] == links["zh-CN"]
        assert ORIGIN + path.removesuffix("index.html") in links.values(), path
        for href in links.values():
            target = href.removeprefix(ORIGIN) + "index.html"
            assert target in pages, f"{path}: {href} does not exist"
            assert hreflangs(pages[target]) == links, f"{path} <-> {target}"
    # 3 posts, home, about, blog, archive, search, tags: both languages each
    assert with_alternates >= 2 * 9
    for slug in TRANSLATED:
        assert hreflangs(pages[f"posts/{slug}/index.html"])["en"] == f"{ORIGIN}en/posts/{slug}/"


def test_untranslated_posts_have_no_alternates(pages: dict[str, bytes]) -> None:
    page = pages["posts/tensor-parallel/index.html"]
    assert hreflangs(page) == {}
    switch = parse_html(page).one("nav", class_="lang-switch").one("a")
    assert (switch["href"], switch.text()) == ("/en/", "English")


def test_one_search_index_covers_both_languages(example: tuple[Path, BuildResult]) -> None:
    out = example[0]
    meta = json.loads((out / "search-index/meta.json").read_text())
    # 21 posts, 3 English versions, the about page in both languages, the talk, the
    # page of each of the 4 publications, the CV and the math gallery in both languages,
    # and the 2 projects
    assert meta["pages"] == 21 + 3 + 2 + 1 + 4 * 2 + 2 + 2 + 2


def test_feeds_per_language(example: tuple[Path, BuildResult]) -> None:
    out = example[0]
    english = (out / "en/atom.xml").read_text()
    assert english.count("<entry>") == 3 and 'xml:lang="en"' in english
    assert "What verl is" not in (out / "atom.xml").read_text()


def test_every_link_of_the_english_pages_exists(example: tuple[Path, BuildResult],
                                                pages: dict[str, bytes]) -> None:
    """Pages of a language link inside it (`/en/blog/`), files of the site once at the
    root (`/images/avatar.svg`, `/assets/…`)."""
    from urllib.parse import unquote, urlsplit
    out = example[0]
    checked = 0
    for path, html in pages.items():
        if not path.startswith("en/"):
            continue
        for element in parse_html(html).iter():
            for attribute in ("href", "src"):
                url = element.get(attribute) or ""
                if not url.startswith("/") or url.startswith("//"):
                    continue
                target = out / unquote(urlsplit(url).path).lstrip("/")
                if target.is_dir():
                    target = target / "index.html"
                assert target.is_file(), f"{path}: {url}"
                checked += 1
    assert checked > 100

"""`unlisted: true` — a page rendered at its URL (and its old URLs) but shown by no
listing, feed, sitemap, search index, related-posts list or prev/next link, and marked
`noindex`. Built from tests/sites/unlisted and checked on the parsed output."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest
from htmltree import Element, parse_html

from lanting.build import build
from lanting.build.options import BuildOptions, BuildResult
from lanting.errors import LantingError

SITE = Path(__file__).parent / "sites" / "unlisted"
HIDDEN = "/posts/debug-checklist/"
PRIVATE = "/private/"
LISTED = ("/posts/ppo-clip/", "/posts/gae/")
ATOM = "{http://www.w3.org/2005/Atom}"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"

Make = Callable[..., Path]
Build = Callable[..., BuildResult]


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = Path(shutil.copytree(SITE, tmp_path_factory.mktemp("unlisted") / "site"))
    result = build(site, BuildOptions(output=site / "public", cache=False))
    assert [str(w) for w in result.warnings] == []
    return site / "public"


def page(out: Path, url: str) -> Element:
    return parse_html((out / url.lstrip("/") / "index.html").read_text(encoding="utf-8"))


def hrefs(element: Element | None) -> list[str]:
    return [a["href"] for a in element.find_all("a") if a.get("href")] if element else []


def robots(doc: Element) -> list[str]:
    return [m["content"] for m in doc.find_all("meta") if m.get("name") == "robots"]


def test_the_unlisted_post_answers_at_its_url_and_its_old_one(out: Path) -> None:
    doc = page(out, HIDDEN)
    assert doc.one("h1").text() == "RL 训练排查清单"
    assert robots(doc) == ["noindex"]
    old = page(out, "/blog/2024/rl-debug-checklist/")
    [refresh] = [m for m in old.find_all("meta") if m.get("http-equiv") == "refresh"]
    assert refresh["content"] == f"0; url={HIDDEN}"


def test_an_unlisted_page_answers_but_is_noindex(out: Path) -> None:
    assert page(out, PRIVATE).one("h1").text() == "组内资源"
    assert robots(page(out, PRIVATE)) == ["noindex"]
    assert all(robots(page(out, url)) == [] for url in (*LISTED, "/about/", "/"))


@pytest.mark.parametrize("url", ["/", "/blog/", "/archive/", "/tags/", "/tags/ppo/",
                                 "/tags/强化学习/", "/categories/", "/categories/笔记/"])
def test_no_listing_shows_it(out: Path, url: str) -> None:
    main = page(out, url).find("main")
    assert HIDDEN not in hrefs(main) and PRIVATE not in hrefs(main)
    assert "RL 训练排查清单" not in (main.text() if main else "")


def test_listings_count_only_the_listed_posts(out: Path) -> None:
    blog = page(out, "/blog/")
    years = [h.get("id") for h in blog.find_all("h2") if "year-heading" in h.classes]
    assert years == ["year-2025", "year-2024"]
    assert [a for a in hrefs(blog.find("main")) if a.startswith("/posts/")] == [
        "/posts/gae/", "/posts/ppo-clip/"]
    assert set(hrefs(page(out, "/tags/ppo/").find("main"))) >= set(LISTED)


def test_its_own_tags_and_categories_make_no_term_page(out: Path) -> None:
    assert not (out / "tags" / "组内").exists()
    assert not (out / "categories" / "内部").exists()
    assert "/tags/组内/" not in hrefs(page(out, "/tags/").find("main"))
    tags = page(out, HIDDEN).one("ul", class_="tag-list")
    # A tag no listed post has is shown, not linked (its page does not exist).
    assert [li.text() for li in tags.find_all("li")] == ["#强化学习", "#PPO", "#组内"]
    assert sorted(hrefs(tags)) == ["/tags/ppo/", "/tags/强化学习/"]


def test_not_in_the_feed(out: Path) -> None:
    feed = ET.parse(out / "atom.xml").getroot()
    links = [link.get("href") for entry in feed.iter(f"{ATOM}entry")
             for link in entry.iter(f"{ATOM}link")]
    assert links == [f"https://ann.example.org{u}" for u in LISTED[::-1]]


def test_not_in_the_sitemap(out: Path) -> None:
    urls = [loc.text for loc in ET.parse(out / "sitemap.xml").getroot().iter(f"{SITEMAP}loc")]
    assert "https://ann.example.org/posts/ppo-clip/" in urls
    assert "https://ann.example.org/about/" in urls
    assert not any(u and ("debug-checklist" in u or "/private/" in u) for u in urls)


def test_not_in_the_search_index(out: Path) -> None:
    rows = [row for path in (out / "search-index").glob("*/docs.json")
            for row in json.loads(path.read_text(encoding="utf-8"))["docs"]]
    urls = {row[0] for row in rows}
    assert {"posts/ppo-clip/", "posts/gae/", "about/"} <= urls
    assert not any("debug-checklist" in u or "private" in u for u in urls)
    texts = " ".join(p.read_text(encoding="utf-8")
                     for p in (out / "search-index" / "text").glob("*.json"))
    assert "蓝鲸校验" not in texts and "白鹭口令" not in texts
    meta = json.loads((out / "search-index" / "meta.json").read_text(encoding="utf-8"))
    assert "组内" not in meta["tags"]


@pytest.mark.parametrize("url", LISTED)
def test_no_related_list_nor_prev_next_links_it(out: Path, url: str) -> None:
    doc = page(out, url)
    related = doc.find("nav", class_="related-posts")
    assert related is not None and HIDDEN not in hrefs(related)
    nav = doc.one("nav", class_="post-nav")
    assert HIDDEN not in hrefs(nav)
    assert hrefs(nav) == [u for u in LISTED if u != url]  # each other's neighbour


def test_the_unlisted_post_has_no_prev_next_nor_related(out: Path) -> None:
    doc = page(out, HIDDEN)
    assert doc.find("nav", class_="post-nav") is None
    assert doc.find("nav", class_="related-posts") is None


def test_a_series_it_names_keeps_it(out: Path) -> None:
    """A series is chosen by hand: its page and boxes list the unlisted part."""
    assert hrefs(page(out, "/series/rl-调试/").find("main")).count(HIDDEN) == 1
    box = page(out, "/posts/ppo-clip/").one("aside", class_="series-box")
    assert HIDDEN in hrefs(box)


def test_a_link_written_to_it_still_resolves(out: Path) -> None:
    prose = page(out, "/posts/ppo-clip/").one("div", class_="prose")
    assert hrefs(prose) == [HIDDEN]


def test_no_other_page_links_to_it_except_by_hand(out: Path) -> None:
    """Everything but the series (by hand) and the posts' own text (by hand) leaves it
    out: every other element of every page."""
    for path in out.rglob("*.html"):
        doc = parse_html(path.read_text(encoding="utf-8"))
        if any(m.get("http-equiv") == "refresh" for m in doc.find_all("meta")):
            continue
        rel = "/" + path.relative_to(out).as_posix().removesuffix("index.html")
        if rel in (HIDDEN, PRIVATE) or rel.startswith("/series/"):
            continue
        kept = [e for e in doc.iter()
                if "prose" in e.classes or "series-box" in e.classes]
        by_hand = {id(a) for e in kept for a in e.find_all("a")}
        links = [a["href"] for a in doc.find_all("a")
                 if a.get("href") and id(a) not in by_hand]
        assert HIDDEN not in links and PRIVATE not in links, rel


# --- validation --------------------------------------------------------------------------


def test_unlisted_must_be_true_or_false(make_site: Make, build_site: Build) -> None:
    site = make_site({"content/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n"
                                            "unlisted: sometimes\n---\nBody.\n"})
    with pytest.raises(LantingError) as info:
        build_site(site)
    [problem] = info.value.problems
    assert (problem.path, problem.line) == (site / "content/posts/a.md", 4)
    assert problem.message.startswith("unlisted:")


@pytest.mark.parametrize("rel", ["content/_index.md", "content/talks/t.md"])
def test_only_posts_and_pages_can_be_unlisted(make_site: Make, build_site: Build,
                                              rel: str) -> None:
    site = make_site({rel: "---\ntitle: T\ndate: 2024-01-01\nunlisted: true\n---\nBody.\n"})
    with pytest.raises(LantingError) as info:
        build_site(site)
    [problem] = info.value.problems
    assert (problem.path, problem.line) == (site / rel, 4)
    assert "only posts and pages can be unlisted" in problem.message


def test_a_draft_that_is_unlisted_stays_out(make_site: Make, build_site: Build) -> None:
    site = make_site({"content/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n"
                                            "draft: true\nunlisted: true\n---\nBody.\n"})
    build_site(site)
    assert not (site / "public" / "posts" / "a").exists()
    build_site(site, drafts=True)
    assert robots(page(site / "public", "/posts/a/")) == ["noindex"]


def test_an_unlisted_translation_is_no_alternate_in_the_sitemap(make_site: Make,
                                                                 build_site: Build) -> None:
    site = make_site({
        "lanting.toml": 'title = "T"\nbase_url = "https://ann.example.org/"\n'
                        'languages = ["zh-CN", "en"]\n[search]\nenabled = false\n',
        "content/posts/a.md": "---\ntitle: 甲\ndate: 2024-01-01\n---\n正文。\n",
        "content/posts/a.en.md": "---\ntitle: A\ndate: 2024-01-01\nunlisted: true\n---\nText.\n",
        "content/posts/b.md": "---\ntitle: 乙\ndate: 2024-01-02\n---\n正文。\n",
        "content/posts/b.en.md": "---\ntitle: B\ndate: 2024-01-02\n---\nText.\n"})
    build_site(site)
    out = site / "public"
    root = ET.parse(out / "sitemap.xml").getroot()
    links = {loc.text: [x.get("href") for x in url.iter("{http://www.w3.org/1999/xhtml}link")]
             for url in root.iter(f"{SITEMAP}url") for loc in url.iter(f"{SITEMAP}loc")}
    assert "https://ann.example.org/en/posts/a/" not in links
    assert links["https://ann.example.org/posts/a/"] == []
    assert "https://ann.example.org/en/posts/b/" in links["https://ann.example.org/posts/b/"]
    # The page itself still names its translation (a reader may switch to it).
    switch = page(out, "/posts/a/").one("p", class_="translations")
    assert hrefs(switch) == ["/en/posts/a/"]
    assert robots(page(out, "/en/posts/a/")) == ["noindex"]
    assert "/en/posts/a/" not in hrefs(page(out, "/en/blog/").find("main"))

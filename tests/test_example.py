"""Golden checks on the bundled example site: the blog, the series, and the academic half
(publications, the HiChunk paper, its talk as article and deck, the profile home page)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest
from htmltree import Element, parse_html

from lanting.build import build
from lanting.build.options import BuildOptions, BuildResult
from lanting.site.talk_slides import split_slides

EXAMPLE = Path(__file__).resolve().parents[1] / "example"
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> BuildResult:
    out = tmp_path_factory.mktemp("example") / "public"
    return build(EXAMPLE, BuildOptions(output=out))


def page(result: BuildResult, url: str) -> Element:
    path = result.output / unquote(url).lstrip("/")
    return parse_html((path / "index.html" if path.is_dir() else path).read_bytes())


def test_builds_without_warnings(built: BuildResult) -> None:
    assert built.warnings == ()


def test_blog_index_keeps_21_posts_with_summaries(built: BuildResult) -> None:
    blog = page(built, "/blog/")
    entries = blog.one("main").find_all("article", class_="post-entry")
    assert len(entries) == 21
    assert all(e.one(class_="summary").text() for e in entries)
    hichunk = next(e for e in entries if "HiChunk" in e.text())
    summary = hichunk.one(class_="summary").text()
    assert summary.startswith("我在 ACL 2026 的 oral presentation 整理")


def test_both_series_list_their_parts_in_order(built: BuildResult) -> None:
    listing = page(built, "/series/")
    urls = [a["href"] for a in listing.find_all("a") if a["href"].startswith("/series/")
            and a["href"] != "/series/"]
    series = sorted({u for u in urls if u.count("/") == 3})
    assert len(series) == 2
    counts = []
    for url in series:
        doc = page(built, url)
        parts = doc.one("ol", class_="series-index").find_all("li", class_="post-entry")
        counts.append(len(parts))
        orders = []
        for part in parts:
            post = page(built, part.one("a")["href"])
            box = post.one("aside", class_="series-box")
            head = box.one(class_="series-box-head").text()
            orders.append(int(head.split("第 ")[1].split(" /")[0]))
            assert f"/ {len(parts)} 篇" in head
        assert orders == list(range(1, len(parts) + 1))
    assert sorted(counts) == [6, 10]


def test_publications_page(built: BuildResult) -> None:
    doc = page(built, "/publications/")
    years = [h.text().split()[0] for h in doc.find_all("h2", class_="year-heading")]
    assert years == ["2026", "2025", "2024"]
    entries = doc.find_all("article", class_="pub")
    assert len(entries) == 4
    first = entries[0]
    assert first["id"] == "hichunk2026"
    assert first.one("h3").text().startswith("HiChunk: Evaluating and Enhancing")
    assert first.one("strong", class_="pub-me").text() == "Zhiyuan Lin"
    assert first.one(class_="badge-pub").text() == "Oral"
    buttons = {a.text(): a["href"] for a in first.find_all("a", class_="pub-button")}
    assert list(buttons) == ["arXiv", "代码", "幻灯片", "视频"]
    assert buttons["视频"] == "https://www.bilibili.com/video/BV1Hc411y7Lm/"  # the talk's
    assert first.one("details", class_="pub-bibtex").one("pre").text().startswith(
        "@inproceedings{hichunk2026,")
    owners = {s.text() for s in doc.find_all("strong", class_="pub-me")}
    assert owners == {"Zhiyuan Lin", "林知远"}


def test_hichunk_publication_page(built: BuildResult) -> None:
    doc = page(built, "/publications/hichunk2026/")
    title = doc.one("meta", attrs={"name": "citation_title"})["content"]
    assert title == ("HiChunk: Evaluating and Enhancing Retrieval-Augmented Generation with "
                     "Hierarchical Chunking")
    assert doc.find("meta", attrs={"name": "citation_arxiv_id"})["content"] == "2509.11552"
    assert doc.one("script", attrs={"type": "application/ld+json"})
    assert doc.find("a", href="/talks/hichunk-acl2026/") is not None
    assert doc.find("a", href="/posts/hichunk-acl2026-oral/") is not None


def test_talk_article_has_every_slide_and_its_notes(built: BuildResult) -> None:
    source = (EXAMPLE / "content/talks/hichunk-acl2026.md").read_text(encoding="utf-8")
    body = source.split("\n---\n", 1)[1]  # after the front matter
    doc = page(built, "/talks/hichunk-acl2026/")
    slides = doc.find_all("li", class_="talk-slide")
    assert len(slides) >= 12
    assert len(slides) == len(split_slides(body))
    for slide in slides:
        assert CJK.search(slide.one(class_="slide").text()), "slides are in Chinese"
        notes = slide.one(class_="talk-notes").text().removeprefix("讲稿").strip()
        assert not CJK.search(notes) and len(notes) > 80, notes  # English speaker notes
    assert doc.find("a", href="/publications/hichunk2026/") is not None
    assert doc.find("a", href="/talks/hichunk-acl2026/slides/") is not None
    assert doc.find("math") is not None, "the Auto-Merge formula is rendered"


def test_deck(built: BuildResult) -> None:
    article = page(built, "/talks/hichunk-acl2026/")
    deck = page(built, "/talks/hichunk-acl2026/slides/")
    frames = deck.find_all("section", class_="slide-frame")
    assert [f["id"] for f in frames] == [str(i) for i in range(1, len(frames) + 1)]
    assert len(frames) == len(article.find_all("li", class_="talk-slide"))
    assert all(f.find("aside", class_="slide-notes") for f in frames)
    scripts = [s["src"] for s in deck.find_all("script", src=True)]
    assert any(src.startswith("/assets/deck.js?v=") for src in scripts)


def test_post_links_the_talk_and_cites_the_paper(built: BuildResult) -> None:
    doc = page(built, "/posts/hichunk-acl2026-oral/")
    assert doc.find("a", href="/talks/hichunk-acl2026/") is not None
    refs = doc.one("section", class_="references")
    assert refs.find("a", href="/publications/hichunk2026/") is not None


def test_home_page(built: BuildResult) -> None:
    doc = page(built, "/")
    assert doc.one("h1", class_="profile-name").text() == "林知远 Zhiyuan Lin"
    assert doc.one("img", class_="profile-photo")["src"] == "/images/avatar.svg"
    assert len(doc.one("ul", class_="news-list").find_all("li")) == 5
    selected = doc.one("section", class_="selected-publications").find_all("article")
    assert len(selected) == 2
    assert len(doc.one("section", class_="recent").find_all("article")) == 6
    menu = [a.text() for a in doc.one("nav", class_="site-nav").find_all("a")]
    assert "论文" in menu and "报告" in menu
    # News dates read like every other date of the site, the machine date in `datetime`.
    first = doc.one("ul", class_="news-list").find("time")
    assert first["datetime"] == "2026-04-09" and first.text() == "2026年4月9日"


def test_header_is_a_bar_with_a_menu_panel(built: BuildResult) -> None:
    """The navigation and the language switch sit in `#header-menu`, which the menu button
    (a link to it, so it opens as the `:target` without JavaScript) shows on a phone."""
    header = page(built, "/").one("header", class_="site-header")
    panel = header.one("div", id="header-menu")
    assert panel.find("nav", class_="site-nav") and panel.find("nav", class_="lang-switch")
    button = header.one("a", class_="menu-button")
    assert button["href"] == "#header-menu" and button["aria-label"] == "菜单"


def test_long_series_box_folds_the_parts_after_the_next(built: BuildResult) -> None:
    """In a 10-part series, part 3 lists parts 1-4 and folds 5-10 under a summary."""
    listing = page(built, "/series/")
    indexes = {a["href"] for a in listing.find_all("a")
               if a["href"].startswith("/series/") and a["href"].count("/") == 3}
    series = [[li.one("a")["href"] for li in page(built, url).one("ol", class_="series-index")
               .find_all("li", class_="post-entry")] for url in sorted(indexes)]
    [parts] = [s for s in series if len(s) == 10]
    box = page(built, parts[2]).one("aside", class_="series-box")
    shown = box.find("ol", class_="series-parts").find_all("li")
    assert len(shown) == 4 and shown[2].one("span")["aria-current"] == "page"
    more = box.one("details", class_="series-more")
    assert more.one("summary").text() == "+ 6 篇"
    folded = more.one("ol")
    assert folded["start"] == "5" and [li.one("a")["href"] for li in folded.find_all("li")] \
        == parts[4:]
    last = page(built, parts[-1]).one("aside", class_="series-box")
    assert last.find("details") is None and len(last.find_all("li")) == 10

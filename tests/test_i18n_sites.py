"""Interface strings in built sites: English counts agree with their number (the `plurals`
site and every English page of the example site), a Traditional Chinese site (`zh-tw`),
and 404 pages in the language of the URL they answer."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from htmltree import Element, parse_html

from lanting.build import build
from lanting.build.options import BuildOptions

SITES = Path(__file__).parent / "sites"
EXAMPLE = Path(__file__).resolve().parents[1] / "example"
COUNTED = r"posts?|talks?|parts?|instalments?|publications?|slides?|results?"
ONE_PLURAL = re.compile(r"(?<![\d.,])1 (posts|talks|parts|instalments|publications|slides"
                        r"|results)\b")
MANY_SINGULAR = re.compile(r"(?<![\d.,])(?:[02-9]|\d{2,}) (post|talk|part|instalment"
                           r"|publication|slide|result)\b(?!s)")


def built(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp(site.name) / "public"
    result = build(site, BuildOptions(output=out, cache=False))  # nothing left in tests/sites
    assert result.warnings == ()
    return out


def page(out: Path, path: str) -> Element:
    return parse_html((out / path).read_text(encoding="utf-8"))


def visible_text(doc: Element) -> str:
    """The text a reader sees, one piece per text node (so `<h1>Blog</h1><p>3 posts</p>`
    reads `Blog 3 posts`): the body without scripts and templates."""
    pieces: list[str] = []

    def walk(element: Element) -> None:
        for child in element.children:
            if isinstance(child, str):
                pieces.append(child)
            elif child.tag not in ("script", "template", "style"):
                walk(child)

    walk(doc.one("body"))
    return " ".join(" ".join(pieces).split())


# --- English counts ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def plurals(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built(SITES / "plurals", tmp_path_factory)


def test_blog_counts_posts_by_year_in_the_singular_and_plural(plurals: Path) -> None:
    main = page(plurals, "blog/index.html").one("main")
    assert main.one(class_="page-count").text() == "3 posts"
    years = main.find_all("h2", class_="year-heading")
    assert [h.text() for h in years] == ["2026 2 posts", "2025 1 post"]
    assert [h.one(class_="count").text() for h in years] == ["2 posts", "1 post"]


def test_tag_pages_say_one_post_and_two_posts(plurals: Path) -> None:
    assert page(plurals, "tags/reward-models/index.html").one("main").one(
        class_="page-count").text() == "1 post"
    assert page(plurals, "tags/rl/index.html").one("main").one(
        class_="page-count").text() == "3 posts"
    assert page(plurals, "tags/grpo/index.html").one("main").one(
        class_="page-count").text() == "1 post"


def test_reading_time_talks_and_publications_count_in_english(plurals: Path) -> None:
    short = page(plurals, "posts/grpo/index.html").one("main").one(class_="post-meta")
    long = page(plurals, "posts/ppo-in-depth/index.html").one("main").one(class_="post-meta")
    assert short.find_all("span")[-1].text() == "1 min read"
    assert long.find_all("span")[-1].text() == "5 min read"
    assert "1 talk" in visible_text(page(plurals, "talks/index.html").one("html"))
    assert "1 publication" in visible_text(page(plurals, "publications/index.html").one("html"))


def test_a_sites_plural_override_is_used(plurals: Path) -> None:
    """lanting.toml: `parts = { one = "{n} instalment", other = "{n} instalments" }`."""
    text = visible_text(page(plurals, "series/index.html").one("html"))
    assert "2 instalments" in text and "parts" not in text


def english_pages(out: Path, under: str = "") -> dict[str, str]:
    return {p.relative_to(out).as_posix(): visible_text(parse_html(p.read_text("utf-8")))
            for p in sorted((out / under).rglob("*.html"))}


def test_no_count_of_the_plurals_site_disagrees_with_its_number(plurals: Path) -> None:
    texts = english_pages(plurals)
    assert len(texts) > 15
    for path, text in texts.items():
        assert not ONE_PLURAL.search(text), (path, ONE_PLURAL.search(text))
        assert not MANY_SINGULAR.search(text), (path, MANY_SINGULAR.search(text))
    counts = {m.group() for text in texts.values()
              for m in re.finditer(rf"\b\d+ ({COUNTED})\b", text)}
    assert {"1 post", "2 posts", "3 posts", "1 talk", "1 publication"} <= counts


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("example") / "public"
    build(EXAMPLE, BuildOptions(output=out, cache=False))
    return out


def test_no_english_page_of_the_example_says_1_posts(example: Path) -> None:
    """Issue 31: the example's English pages said "1 posts" 11 times."""
    texts = english_pages(example, "en")
    assert len(texts) > 20
    found = {path: m.group() for path, text in texts.items()
             if (m := ONE_PLURAL.search(text) or MANY_SINGULAR.search(text))}
    assert found == {}
    ones = sum(len(re.findall(r"(?<![\d.,])1 post\b", text)) for text in texts.values())
    assert ones >= 11  # where "1 posts" was


# --- Traditional Chinese ----------------------------------------------------------------


@pytest.fixture(scope="module")
def taiwan(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built(SITES / "zh-tw", tmp_path_factory)


def test_a_zh_tw_site_speaks_traditional_chinese(taiwan: Path) -> None:
    doc = page(taiwan, "blog/index.html")
    assert doc.one("html")["lang"] == "zh-TW"
    assert doc.one("a", class_="skip-link").text() == "跳到主要內容"
    main = doc.one("main")
    assert main.one("h1").text() == "部落格"
    assert main.one(class_="page-count").text() == "2 篇文章"
    assert [t.text() for t in main.find_all("time")] == ["2026年2月20日", "2026年1月10日"]
    footer = doc.one("footer").text()
    assert "文章彙整" in footer and "訂閱" in footer
    assert "搜尋" in visible_text(doc)


def test_a_zh_tw_sites_language_switch_names_both_languages(taiwan: Path) -> None:
    zh = visible_text(page(taiwan, "posts/grpo/index.html"))
    en = visible_text(page(taiwan, "en/posts/grpo/index.html"))
    assert "English" in zh and "繁體中文" in en
    assert page(taiwan, "en/posts/grpo/index.html").one("html")["lang"] == "en"


def test_a_zh_tw_tag_page(taiwan: Path) -> None:
    doc = page(taiwan, "tags/強化學習/index.html")
    assert doc.one("main").one(class_="page-count").text() == "2 篇文章"
    assert "標籤" in visible_text(doc)


# --- 404 pages --------------------------------------------------------------------------


def test_each_language_has_its_own_404_page(taiwan: Path) -> None:
    root = page(taiwan, "404.html")
    assert root.one("html")["lang"] == "zh-TW"
    box = root.one(class_="not-found")
    assert box.one("h1").text() == "找不到頁面"
    assert box.find_all("a")[0]["href"] == "/"
    english = page(taiwan, "en/404.html")
    assert english.one("html")["lang"] == "en"
    box = english.one(class_="not-found")
    assert box.one("h1").text() == "Page not found"
    assert [a["href"] for a in box.find_all("a")] == ["/en/", "/en/archive/"]
    assert "template" not in {e.tag for e in english.one("main").find_all()}


def test_the_root_404_page_carries_the_other_languages_text(taiwan: Path) -> None:
    root = page(taiwan, "404.html")
    (template,) = root.find_all("template")
    assert (template["data-base"], template["data-lang"]) == ("/en/", "en")
    assert template["data-title"].startswith("Page not found · ")
    assert template.one("h1").text() == "Page not found"
    assert [a["href"] for a in template.find_all("a")] == ["/en/", "/en/archive/"]
    script = "".join(s.text() for s in root.one("main").find_all("script"))
    assert "data-base" in script and "location.pathname" in script


def test_a_single_language_site_has_one_404_page_and_no_script(plurals: Path) -> None:
    root = page(plurals, "404.html")
    assert root.one(class_="not-found").one("h1").text() == "Page not found"
    assert root.one("main").find_all("template") == []
    assert root.one("main").find_all("script") == []
    assert not (plurals / "en").exists()

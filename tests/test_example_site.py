"""Golden checks on the example site: build it and read the pages like a reader would.

The blog index is checked against the seed file that lists, in order, the year groups
and each post's summary.
"""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from htmltree import Element, parse_html

from lanting.build import build
from lanting.build.options import BuildOptions, BuildResult
from lanting.model.pages import Page

EXAMPLE = Path(__file__).parents[1] / "example"
SEED = Path(__file__).parent / "fixtures" / "seed" / "blog-index.txt"
"""The blog index of the site Lanting must be able to make (a copy of the shared seed)."""
ORIGIN = "https://lin-zhiyuan.example.org"
ATOM = "{http://www.w3.org/2005/Atom}"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")

SERIES = {  # name -> (parts, how part 1's title starts)
    "大模型分布式训练": (10, "分布式训练系列开篇"),
    "verl 源码解读": (6, "verl 是什么"),
}


def _copy_example(dest: Path) -> Path:
    """Build from a copy: the build may write a cache into the site folder."""

    def ignore(folder: str, names: list[str]) -> set[str]:
        if Path(folder) != EXAMPLE:
            return set()
        return {n for n in names if n == "public" or n.startswith(".lanting")}

    return Path(shutil.copytree(EXAMPLE, dest, ignore=ignore))


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> BuildResult:
    if not (EXAMPLE / "lanting.toml").is_file():
        pytest.skip(f"no example site at {EXAMPLE}")
    site = _copy_example(tmp_path_factory.mktemp("example") / "site")
    return build(site, BuildOptions(output=tmp_path_factory.mktemp("example-out") / "public"))


@pytest.fixture(scope="module")
def out(example: BuildResult) -> Path:
    return example.output


def page(out: Path, rel: str) -> Element:
    path = out / rel
    assert path.is_file(), f"{rel} was not written"
    return parse_html(path.read_bytes())


def main_of(doc: Element) -> Element:
    return doc.one("main")


@pytest.fixture(scope="module")
def posts(example: BuildResult) -> tuple[Page, ...]:
    """The posts of the site model (front-matter values; the HTML is checked against them)."""
    return example.site.posts


# --- the seed ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Seed:
    total: int
    years: list[tuple[int, list[str]]]
    """(year, summaries of its posts in order)."""


@pytest.fixture(scope="module")
def seed() -> Seed:
    lines = [line.strip() for line in SEED.read_text(encoding="utf-8").splitlines()]
    lines = [line for line in lines if line]
    assert lines[0] == "Blog"
    total = int(re.fullmatch(r"(\d+) posts", lines[1]).group(1))  # type: ignore[union-attr]
    years: list[tuple[int, list[str]]] = []
    for line in lines[2:]:
        if re.fullmatch(r"\d{4}", line):
            years.append((int(line), []))
        else:
            years[-1][1].append(line)
    assert sum(len(s) for _, s in years) == total
    return Seed(total, years)


# --- the blog index ---------------------------------------------------------------------


def test_example_builds_without_warnings(example: BuildResult) -> None:
    assert [w.format() for w in example.warnings] == []


def test_blog_index_heading_and_count(out: Path, seed: Seed) -> None:
    main = main_of(page(out, "blog/index.html"))
    assert main.one("h1").text() == "博客"
    assert seed.total == 21
    assert f"{seed.total} 篇文章" in main.text()
    count = [e for e in main.iter() if e.text() == f"{seed.total} 篇文章"]
    assert count, "the total is not an element of its own"


def test_blog_index_year_sections(out: Path, seed: Seed) -> None:
    sections = main_of(page(out, "blog/index.html")).find_all("section")
    assert [year for year, _ in seed.years] == [2026, 2025]
    assert len(sections) == len(seed.years)
    for section, (year, summaries) in zip(sections, seed.years, strict=True):
        heading = section.one("h2").text()
        assert re.fullmatch(rf"{year}\s*{len(summaries)} 篇", heading), heading
    assert [len(s) for _, s in seed.years] == [10, 11]


def test_blog_index_entries_follow_the_seed(out: Path, seed: Seed, posts: tuple[Page, ...]) -> None:
    sections = main_of(page(out, "blog/index.html")).find_all("section")
    assert len(sections) == len(seed.years)
    titles = {p.title for p in posts}
    dates: list[str] = []
    for section, (year, summaries) in zip(sections, seed.years, strict=True):
        articles = section.find_all("article")
        assert len(articles) == len(summaries), f"{year}: {len(articles)} articles"
        for position, (article, summary) in enumerate(zip(articles, summaries, strict=True)):
            where = f"{year} #{position + 1}"
            links = [a for a in article.find_all("a", href=True)
                     if a["href"].startswith("/posts/")]
            assert links, f"{where}: no title link"
            assert links[0].text() in titles, f"{where}: {links[0].text()!r}"
            time = article.one("time")
            assert DATE.match(time["datetime"]), where
            assert time["datetime"].startswith(f"{year}-"), where
            dates.append(time["datetime"])
            assert article.one(class_="summary").text() == summary, where
    assert dates == sorted(dates, reverse=True), "posts are not newest first"


# --- every post page ---------------------------------------------------------------------


def test_every_post_has_its_page(out: Path, posts: tuple[Page, ...]) -> None:
    assert len(posts) == 21
    blog = main_of(page(out, "blog/index.html"))
    listed = {a.text(): a["href"] for art in blog.find_all("article")
              for a in art.find_all("a", href=True) if a["href"].startswith("/posts/")}
    for post in posts:
        href = listed.get(post.title)
        assert href is not None, f"{post.rel} is not on the blog index"
        assert href == post.url
        slug = href.removeprefix("/posts/").strip("/")
        assert "/" not in slug and post.output == f"posts/{slug}/index.html"
        doc = page(out, f"posts/{slug}/index.html")
        main = main_of(doc)
        assert main.one("h1").text() == post.title
        assert post.date is not None
        assert post.date.strftime("%Y-%m-%d") in [t["datetime"] for t in main.find_all("time")]
        assert re.search(r"约 \d+ 分钟", main.text()), f"{post.rel}: no reading time"
        toc = main.one("nav", class_="toc")
        targets = [a["href"] for a in toc.find_all("a")]
        assert len(targets) >= 2, f"{post.rel}: TOC has {len(targets)} entries"
        ids = doc.ids()
        for target in targets:
            assert target.startswith("#") and target[1:] in ids, f"{post.rel}: {target}"


# --- the other pages ---------------------------------------------------------------------


def test_home_about_tags_archive_and_404(out: Path, posts: tuple[Page, ...]) -> None:
    assert page(out, "index.html").find("main") is not None
    assert main_of(page(out, "about/index.html")).one("h1").text() == "关于"

    tags = main_of(page(out, "tags/index.html"))
    tag_links = [a["href"] for a in tags.find_all("a", href=True)
                 if a["href"].startswith("/tags/") and a["href"] != "/tags/"]
    assert tag_links
    for href in tag_links:
        assert (out / href.lstrip("/") / "index.html").is_file(), href

    archive = main_of(page(out, "archive/index.html"))
    assert len(archive.find_all("time")) == len(posts) == 21

    not_found = page(out, "404.html")
    assert "页面不存在" in not_found.text()


def test_atom_feed(out: Path, example: BuildResult) -> None:
    feed = ET.parse(out / "atom.xml").getroot()
    assert feed.tag == f"{ATOM}feed"
    entries = feed.findall(f"{ATOM}entry")
    assert len(entries) == min(21, example.site.config.feed.limit)
    for entry in entries:
        assert (entry.findtext(f"{ATOM}title") or "").strip()
        link = entry.find(f"{ATOM}link")
        assert link is not None and link.get("href", "").startswith(f"{ORIGIN}/posts/")
        assert entry.findtext(f"{ATOM}id")
        assert re.match(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$",
                        entry.findtext(f"{ATOM}updated") or "")


def test_sitemap_and_robots(out: Path, posts: tuple[Page, ...]) -> None:
    urlset = ET.parse(out / "sitemap.xml").getroot()
    assert urlset.tag == f"{SITEMAP}urlset"
    locs = [loc.text or "" for loc in urlset.iter(f"{SITEMAP}loc")]
    assert all(loc.startswith(f"{ORIGIN}/") for loc in locs)
    assert sum(1 for loc in locs if "/posts/" in loc and "/en/" not in loc) == len(posts)
    assert len(locs) == len(set(locs))
    robots = (out / "robots.txt").read_text(encoding="utf-8")
    assert f"Sitemap: {ORIGIN}/sitemap.xml" in robots


def test_a_series_own_text_introduces_it(out: Path) -> None:
    """`content/series/大模型分布式训练.md`: the series' summary on the list of series,
    its text above its parts."""
    index = main_of(page(out, "series/index.html"))
    card = next(c for c in index.find_all("section", class_="series-card")
                if c.one("h2").text() == "大模型分布式训练")
    assert card.one("p", class_="summary").text().startswith("从单卡显存的上限讲起")
    main = main_of(page(out, "series/大模型分布式训练/index.html"))
    intro = main.one("div", class_="series-intro")
    assert intro.one("math") is not None
    assert intro.one("a")["href"] == "/posts/distributed-training-intro/"


def test_series_index_lists_both_series(out: Path) -> None:
    main = main_of(page(out, "series/index.html"))
    names = [a.text() for h2 in main.find_all("h2") for a in h2.find_all("a")]
    assert sorted(names) == sorted(SERIES)


@pytest.mark.parametrize("name", sorted(SERIES))
def test_series_page_lists_parts_in_order(out: Path, posts: tuple[Page, ...], name: str) -> None:
    parts, first = SERIES[name]
    index = main_of(page(out, "series/index.html"))
    link = next(a for a in index.find_all("a", href=True) if a.text() == name)
    main = main_of(page(out, link["href"].lstrip("/") + "index.html"))
    assert main.one("h1").text() == name
    titles = [a.text() for a in main.one("ol", class_="series-index").find_all("a", href=True)
              if a["href"].startswith("/posts/")]
    expected = [p.title for p in sorted(
        (p for p in posts if p.series == name),
        key=lambda p: p.series_order or 0)]
    assert len(titles) == parts
    assert titles == expected
    assert titles[0].startswith(first)


# --- determinism --------------------------------------------------------------------------


def test_paper_notes_cite_other_peoples_papers_in_gbt7714(out: Path) -> None:
    """`policy-gradient-to-ppo` cites content/references.bib in GB/T 7714 numeric: an
    English entry says "et al.", a Chinese one keeps its authors whole."""
    doc = page(out, "posts/policy-gradient-to-ppo/index.html")
    cites = doc.one("div", class_="prose").find_all("sup", class_="cite")
    assert len(cites) == 10
    listed = doc.one("section", class_="references")
    assert listed.one("h2").text() == "参考文献"
    items = {li["id"].removeprefix("ref-"): li.text() for li in listed.find_all("li")}
    assert len(items) == 11 and list(items)[:3] == [
        "williams1992simple", "zhou2016ml", "wang2022easyrl"]
    assert items["zheng2025gspo"] == (
        "[10] ZHENG C, LIU S, LI M, et al. Group Sequence Policy Optimization[EB/OL]. "
        "arXiv:2507.18071, 2025.")
    assert items["wang2022easyrl"] == (
        "[3] 王琦, 杨毅远, 江季. Easy RL：强化学习教程[M]. 北京: 人民邮电出版社, 2022.")
    for link in doc.one("div", class_="prose").find_all("a", class_="cite-link"):
        assert link["href"].removeprefix("#ref-") in items
    cite_this = doc.one("details", class_="cite-this")
    assert cite_this.one("p", class_="cite-this-formatted").text().endswith(
        "[EB/OL]. 林知远 · 研究与笔记, 2026. "
        "https://lin-zhiyuan.example.org/posts/policy-gradient-to-ppo/.")


def test_two_builds_are_byte_identical(
    example: BuildResult, tmp_path_factory: pytest.TempPathFactory,
    snapshot: Callable[[Path], dict[str, bytes]],
) -> None:
    site = _copy_example(tmp_path_factory.mktemp("again") / "site")
    again = build(site, BuildOptions(output=tmp_path_factory.mktemp("again-out") / "public"))
    first, second = snapshot(example.output), snapshot(again.output)
    assert sorted(first) == sorted(second)
    differing = [rel for rel in first if first[rel] != second[rel]]
    assert differing == []

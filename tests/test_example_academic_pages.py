"""The example site shows issue 33's pages: a CV, two projects, a Bilibili video, tabs, a
details block and a figure reference (on the parsed pages of a build of example/)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from htmltree import Element
from sitebits import read

from lanting.build import build
from lanting.build.options import BuildOptions, BuildResult

EXAMPLE = Path(__file__).resolve().parents[1] / "example"
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, BuildResult]:
    out = tmp_path_factory.mktemp("example-academic") / "public"
    return out, build(EXAMPLE, BuildOptions(output=out, cache=False))


def _page(built: tuple[Path, BuildResult], path: str) -> Element:
    return read(built[0], path + "index.html")


def test_menu_leads_to_projects_and_cv(built: tuple[Path, BuildResult]) -> None:
    assert built[1].warnings == ()
    nav = _page(built, "").one("nav", class_="site-nav")
    links = {a.text(): a["href"] for a in nav.find_all("a")}
    assert links["项目"] == "/projects/" and links["简历"] == "/cv/"


def test_cv_lists_the_file_and_the_site(built: tuple[Path, BuildResult]) -> None:
    cv = _page(built, "cv/")
    sections = [s["id"] for s in cv.find_all("section", class_="cv-section")]
    assert sections == ["education", "experience", "publications", "talks", "awards",
                        "teaching", "service", "skills"]
    assert len(cv.one("section", id="publications").find_all("li", class_="cv-pub")) == 2
    job = cv.one("section", id="experience").one("li", class_="cv-entry")
    assert job.find("a", href="/posts/qwen3-235b-sft-retrospective/") is not None


def test_two_projects_with_their_paper_talk_and_posts(built: tuple[Path, BuildResult]) -> None:
    cards = _page(built, "projects/").find_all("article", class_="project-card")
    assert [c.one("h2").text() for c in cards] == ["HiChunk", "RolloutBench"]
    rollout = _page(built, "projects/rolloutbench/").one("section", class_="project-related")
    assert [a["href"] for a in rollout.find_all("a")] == [
        "/publications/lin2025rlhfsys/", "/posts/verl-intro/",
        "/posts/verl-rollout-and-weight-sync/"]


def test_a_post_with_tabs_details_and_a_figure_reference(
        built: tuple[Path, BuildResult]) -> None:
    prose = _page(built, "posts/rl-for-diffusion-and-flow/").one(class_="prose")
    assert [label.text() for label in prose.one(class_="tabs").find_all("label")] == [
        "PyTorch", "伪代码"]
    assert prose.one("details").one("summary").text() == "为什么漂移项里多了一项？"
    ref = prose.one("a", class_="figref")
    assert (ref["href"], ref.text()) == ("#fig:routes", "图 1")
    assert prose.find("figure", id="fig:routes") is not None


def test_the_english_cv_has_english_headings(built: tuple[Path, BuildResult]) -> None:
    cv = _page(built, "en/cv/")
    titles = [s.one("h2").text() for s in cv.find_all("section", class_="cv-section")]
    # The talk is in Chinese only: the English CV lists none.
    assert titles[:4] == ["Education", "Experience", "Publications", "Awards"]
    # Its entries are cv.en.yaml's, the translation beside cv.yaml.
    assert cv.one("h1").text() == "Zhiyuan Lin"
    school = cv.one("section", id="education").find_all("li", class_="cv-entry")[0]
    assert school.one(class_="cv-title").text() == "Lanting University"
    assert school.one(class_="cv-date").text() == "Sep 2022 – present"
    assert not CJK.search(cv.one("main").text()), "no Chinese left on the English CV"
    nav = cv.one("nav", class_="site-nav")
    assert nav.find("a", href="/en/cv/") is not None


def _third_party(url: str) -> bool:
    return bool(urlsplit(url).netloc)


def test_the_talk_recording_is_a_bilibili_video_loaded_on_click(
        built: tuple[Path, BuildResult]) -> None:
    out = built[0]
    post = _page(built, "posts/hichunk-acl2026-oral/")
    figure = post.one("figure", class_="video-bilibili")
    link = figure.one("a", class_="video-load")
    assert link["href"] == "https://www.bilibili.com/video/BV1Hc411y7Lm/"
    assert urlsplit(link["data-embed"]).netloc == "player.bilibili.com"
    assert "bvid=BV1Hc411y7Lm" in link["data-embed"]
    assert link.one(class_="video-play").text() == "▶ 在哔哩哔哩播放"
    # The poster is the site's own file (with WebP variants), not Bilibili's thumbnail.
    poster = link.one("img", class_="video-poster")
    assert poster["src"] == "/posts/hichunk-acl2026-oral/recording.png"
    assert (out / poster["src"].lstrip("/")).is_file()
    sources = [s.split()[0] for s in link.one("source")["srcset"].split(", ")]
    assert sources and all((out / s.lstrip("/")).is_file() for s in sources)
    # Before the click the page asks no third party for anything: no frame, and every
    # src/srcset/poster/stylesheet/script is the site's own.
    assert post.find("iframe") is None and post.find("video") is None
    fetched = [e.get(a) or "" for e in post.iter() for a in ("src", "poster", "data")
               if e.get(a)]
    fetched += [u.split()[0] for e in post.iter() if e.get("srcset")
                for u in (e["srcset"]).split(", ")]
    fetched += [e["href"] for e in post.find_all("link")
                if set((e.get("rel") or "").split()) & {"stylesheet", "preload",
                                                         "modulepreload", "icon"}]
    assert fetched and not [u for u in fetched if _third_party(u)]
    # The talk names its recording, so the paper gets a video button too.
    talk = _page(built, "talks/hichunk-acl2026/")
    assert talk.find("a", href="https://www.bilibili.com/video/BV1Hc411y7Lm/") is not None

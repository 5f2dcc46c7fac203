"""Projects (issue 33): `content/projects/*.md` become cards on /projects/ (filtered by tag
without a script) and pages of their own linking their paper, talk and posts; on the
parsed pages of tests/sites/academic."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from htmltree import Element
from sitebits import read
from test_recorded_dependencies import _incremental_equals_clean, _write

from lanting.build import build
from lanting.build.options import BuildOptions, BuildResult
from lanting.errors import LantingError

SITE = Path(__file__).parent / "sites" / "academic"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, BuildResult]:
    out = tmp_path_factory.mktemp("projects") / "out"
    return out, build(SITE, BuildOptions(output=out, cache=False, jobs=1))


def _cards(out: Path) -> list[Element]:
    return read(out, "projects/index.html").find_all("article", class_="project-card")


def test_builds_without_a_warning(built: tuple[Path, BuildResult]) -> None:
    assert built[1].warnings == ()


def test_cards_in_weight_order_with_image_links_and_tags(
        built: tuple[Path, BuildResult]) -> None:
    hichunk, rollout = _cards(built[0])
    assert hichunk.one("h2").text() == "HiChunk" and rollout.one("h2").text() == "RolloutBench"
    assert hichunk.one("h2").one("a")["href"] == "/projects/hichunk/"
    image = hichunk.one("img")
    assert image["src"] == "/projects/hichunk/cover.png"
    assert (built[0] / "projects/hichunk/cover.png").is_file()
    assert rollout.find("img") is None
    links = [(a.text(), a["href"]) for a in hichunk.find_all("a", class_="project-link")]
    assert links == [("代码", "https://github.com/lin-zhiyuan/HiChunk"),
                     ("数据集", "https://huggingface.co/datasets/lin-zhiyuan/HiCBench"),
                     ("论文", "/publications/hichunk2026/"), ("报告", "/talks/hichunk-acl2026/")]
    assert hichunk["data-tags"] == "rag 评测"
    assert [a.text() for a in hichunk.one("ul", class_="project-tags").find_all("a")] == [
        "RAG", "评测"]


def test_filter_is_links_to_targets_and_css_rules(built: tuple[Path, BuildResult]) -> None:
    page = read(built[0], "projects/index.html")
    filters = [a["href"] for a in page.one("nav", class_="project-filters").find_all("a")]
    assert filters == ["#", "#tag-rag", "#tag-强化学习", "#tag-系统", "#tag-评测"]
    targets = [span["id"] for span in page.find_all("span", class_="project-target")]
    assert targets == [f.lstrip("#") for f in filters[1:]]
    css = "".join(style.text() for style in page.find_all("style"))
    for slug in ("rag", "强化学习", "系统", "评测"):
        assert re.search(rf'#tag-{slug}:target ~ \.project-grid \.project-card'
                         rf':not\(\[data-tags~="{slug}"\]\)\{{display:none\}}', css)
    assert page.find("script", src=True) is None or all(
        "project" not in s.get("src", "") for s in page.find_all("script"))


def test_project_page_links_its_paper_talk_and_posts(built: tuple[Path, BuildResult]) -> None:
    page = read(built[0], "projects/hichunk/index.html")
    assert page.one("h1").text() == "HiChunk"
    assert "按 token 预算自动合并" in page.one(class_="prose").text()
    related = page.one("section", class_="project-related")
    links = [(li.one(class_="project-related-kind").text(), li.one("a")["href"])
             for li in related.find_all("li")]
    assert links == [("论文", "/publications/hichunk2026/"), ("报告", "/talks/hichunk-acl2026/"),
                     ("文章", "/posts/hichunk-notes/")]
    tag = page.one("ul", class_="project-tags").find("a")
    assert tag["href"] == "/projects/#tag-rag"


@pytest.mark.parametrize(("edit", "expected"), [
    (("paper: hichunk2026", "paper: hichunk2025"),
     r"index.md:6: error: paper: unknown publication key `hichunk2025`.*hichunk2026"),
    (("talk: talks/hichunk-acl2026.md", "talk: talks/hichunk.md"),
     r"index.md:7: error: talk: `talks/hichunk.md` is no talk of the site"),
    (("posts: [posts/hichunk-notes.md]", "posts: [posts/hichunk-note.md]"),
     r"index.md:8: error: posts: `posts/hichunk-note.md` is no post.*hichunk-notes"),
    (("title: HiChunk\n", ""), r"index.md:1: error: a project needs a `title`"),
])
def test_references_to_nothing_are_errors_at_their_line(
        tmp_path: Path, edit: tuple[str, str], expected: str) -> None:
    site = tmp_path / "site"
    shutil.copytree(SITE, site)
    project = site / "content/projects/hichunk/index.md"
    project.write_text(project.read_text(encoding="utf-8").replace(*edit), encoding="utf-8")
    with pytest.raises(LantingError) as error:
        build(site, BuildOptions(output=tmp_path / "out", cache=False))
    text = "\n".join(p.format(site) for p in error.value.problems)
    assert re.search(expected, text), text


def test_a_linked_post_retitled_shows_on_the_project_page(tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(SITE, site)
    _incremental_equals_clean(site, tmp_path)
    post = site / "content/posts/hichunk-notes.md"
    _write(post, post.read_text(encoding="utf-8").replace("HiChunk 的实现笔记", "HiChunk 复现记录"))
    _incremental_equals_clean(site, tmp_path)
    related = read(site / "public", "projects/hichunk/index.html").one(
        "section", class_="project-related")
    assert "HiChunk 复现记录" in related.text()

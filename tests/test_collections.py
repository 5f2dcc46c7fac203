"""Teaching and people (issue 33): simple collections of tests/sites/academic — a course
list newest first and the group's members by role — each entry with a page of its own."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from sitebits import read

from lanting.build import build
from lanting.build.options import BuildOptions, BuildResult
from lanting.errors import LantingError

SITE = Path(__file__).parent / "sites" / "academic"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, BuildResult]:
    out = tmp_path_factory.mktemp("collections") / "out"
    return out, build(SITE, BuildOptions(output=out, cache=False, jobs=1))


def test_teaching_lists_courses_newest_first(built: tuple[Path, BuildResult]) -> None:
    assert built[1].warnings == ()
    courses = read(built[0], "teaching/index.html").find_all("li", class_="course")
    assert [(c.one("h2").text(), c.one(class_="entry-term").text(),
             c.one(class_="entry-role").text()) for c in courses] == [
        ("大模型系统（研究生讨论课）", "2025 春", "客座讲师（两讲）"),
        ("并行与分布式计算（本科生课程）", "2023 秋", "助教")]
    assert courses[1].one("a", class_="project-link")["href"] == "https://example.org/pdc/labs"
    assert courses[0].one("h2").one("a")["href"] == "/teaching/llm-systems/"
    page = read(built[0], "teaching/llm-systems/index.html")
    assert page.one("h1").text() == "大模型系统（研究生讨论课）"


def test_people_are_grouped_by_role_in_weight_order(built: tuple[Path, BuildResult]) -> None:
    groups = read(built[0], "people/index.html").find_all("section", class_="people-group")
    assert [(g.one("h2").text(), [p.one("h3").text() for p in g.find_all("li", class_="person")])
            for g in groups] == [("教师", ["刘杰"]), ("博士生", ["林知远", "陈雨涵"]),
                                 ("校友", ["王晓红"])]
    liu = groups[0].one("li", class_="person")
    assert liu.one(class_="person-summary").text() == "教授，课题组负责人。"
    assert liu.one("a", class_="project-link")["href"] == "https://example.org/~liujie"
    assert liu.one(class_="person-initial").text() == "刘", "no photo: the initial"
    assert read(built[0], "people/liu-jie/index.html").one("h1").text() == "刘杰"


def test_a_person_needs_a_name(tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(SITE, site)
    person = site / "content/people/liu-jie.md"
    person.write_text(person.read_text(encoding="utf-8").replace("title: 刘杰\n", ""),
                      encoding="utf-8")
    with pytest.raises(LantingError) as error:
        build(site, BuildOptions(output=tmp_path / "out", cache=False))
    assert [p.format(site) for p in error.value.problems] == [
        "content/people/liu-jie.md:1: error: a person (the name) needs a `title` "
        "(hint: add `title: …` to the front matter)"]

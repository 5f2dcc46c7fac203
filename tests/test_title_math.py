"""Formulas in a front-matter title (`title: "$O(n^2)$ 的注意力"`): MathML in the page's
heading and in listings, readable text wherever markup cannot go (`<title>`, feeds,
sharing cards, the search index) — never the raw TeX."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from sitebits import CONFIG, meta, read

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.errors import LantingError

POST = """---
title: '从 $O(n^2)$ 到 $\\mathcal{O}(n)$：线性注意力'
date: 2025-03-01
tags: [注意力]
---
正文。
"""

DOLLARS = """---
title: "从 $0 到 $1M 的预算"
date: 2025-02-01
---
正文。
"""


def _site(tmp_path: Path, posts: dict[str, str]) -> Path:
    site = tmp_path / "site"
    (site / "content" / "posts").mkdir(parents=True)
    (site / "lanting.toml").write_text(
        CONFIG.replace("example.org", "ann.example.cn") + 'language = "zh-CN"\n',
        encoding="utf-8")
    (site / "content" / "_index.md").write_text("---\ntitle: 首页\n---\n你好。\n",
                                                encoding="utf-8")
    for name, text in posts.items():
        (site / "content" / "posts" / name).write_text(text, encoding="utf-8")
    return site


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("title-math")
    site = _site(tmp, {"linear.md": POST, "budget.md": DOLLARS})
    result = build(site, BuildOptions(output=tmp / "out", cache=False, jobs=1, strict=True))
    assert result.warnings == ()
    return tmp / "out"


PLAIN = "从 O(n²) 到 𝒪(n)：线性注意力"


def test_the_heading_shows_the_formulas_as_mathml(out: Path) -> None:
    h1 = read(out, "posts/linear/index.html").one("h1", class_="post-title")
    assert len(h1.find_all("math")) == 2
    assert "$" not in h1.text() and "\\mathcal" not in h1.text()
    assert h1.text().startswith("从") and h1.text().endswith("：线性注意力")


def test_where_markup_cannot_go_the_title_is_readable_text(out: Path) -> None:
    page = read(out, "posts/linear/index.html")
    assert page.one("title").text() == f"{PLAIN} · Site"
    assert meta(page, "og:title") == [PLAIN]
    feed = ET.parse(out / "atom.xml").getroot()
    ns = {"a": "http://www.w3.org/2005/Atom"}
    titles = [e.findtext("a:title", namespaces=ns) for e in feed.findall("a:entry", ns)]
    assert PLAIN in titles


def test_listings_show_the_formulas_too(out: Path) -> None:
    entry = next(a for a in read(out, "blog/index.html").find_all("a")
                 if a.get("href") == "/posts/linear/")
    assert len(entry.find_all("math")) == 2


def test_the_search_index_has_the_readable_title(out: Path) -> None:
    rows = [row for shard in sorted((out / "search-index").glob("*/docs.json"))
            for row in json.loads(shard.read_text(encoding="utf-8"))["docs"]]
    assert PLAIN in [row[1] for row in rows]


def test_dollars_that_are_not_a_formula_stay_as_written(out: Path) -> None:
    page = read(out, "posts/budget/index.html")
    h1 = page.one("h1", class_="post-title")
    assert h1.text() == "从 $0 到 $1M 的预算" and h1.find("math") is None
    assert page.one("title").text() == "从 $0 到 $1M 的预算 · Site"


def test_a_formula_that_does_not_convert_is_an_error_at_the_title(tmp_path: Path) -> None:
    bad = POST.replace("$O(n^2)$", "$\\frac{1}$")
    site = _site(tmp_path, {"linear.md": bad})
    with pytest.raises(LantingError) as caught:
        build(site, BuildOptions(output=tmp_path / "out", cache=False, jobs=1))
    problem = caught.value.problems[0]
    assert problem.path == site / "content" / "posts" / "linear.md"
    assert problem.line == 2 and "math" in problem.message


def test_a_formula_only_in_the_title_gets_the_math_font(tmp_path: Path) -> None:
    post = POST.replace("正文。", "没有公式的正文。")
    site = _site(tmp_path, {"linear.md": post})
    build(site, BuildOptions(output=tmp_path / "out", cache=False, jobs=1))
    page = read(tmp_path / "out", "posts/linear/index.html")
    fonts = [link["href"] for link in page.find_all("link") if link.get("as") == "font"]
    assert any("math" in href for href in fonts), "the subset holds the title's 𝒪"

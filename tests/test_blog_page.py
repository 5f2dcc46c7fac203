"""The blog page's own text: `content/posts/_index.md` (Hugo's section `_index.md`) gives
the list page its title, description and the text above the list, in every language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sitebits import meta, read

from lanting.build import BuildOptions, build
from lanting.errors import LantingError

POSTS = {
    "content/posts/ppo.md": "---\ntitle: PPO 笔记\ndate: 2026-01-02\n---\n正文。\n",
    "content/posts/grpo.md": "---\ntitle: GRPO\ndate: 2025-03-04\n---\nBody.\n",
}


def test_the_blog_page_shows_its_title_description_and_text(make_site: Any,
                                                            build_site: Any) -> None:
    site = make_site({**POSTS, "content/posts/_index.md": (
        "---\ntitle: 笔记 Notes\nsummary: Long-form notes on $\\pi_\\theta$.\n---\n"
        "强化学习与**系统**的长文，公式 $E=mc^2$；从 [PPO](ppo.md) 读起。\n")})
    out = build_site(site).output
    page = read(out, "blog/index.html")
    assert page.one("h1").text() == "笔记 Notes"
    assert page.one("title").text() == "笔记 Notes · T"
    assert meta(page, "description") == ["Long-form notes on π_θ."]
    intro = page.one(class_="blog-intro")
    assert intro.one("strong").text() == "系统"
    assert intro.one("math") is not None  # a formula, not TeX
    assert intro.one("a")["href"] == "/posts/ppo/"
    # the list is still there, below the text
    entries = [a.text() for a in page.find_all("a") if a.get("href", "").startswith("/posts/")]
    assert "PPO 笔记" in entries and "GRPO" in entries
    assert not (out / "blog/index.html").read_text().count("_index")


def test_without_it_the_blog_page_is_its_list(make_site: Any, build_site: Any) -> None:
    out = build_site(make_site(POSTS)).output
    page = read(out, "blog/index.html")
    assert page.one("h1").text() == "博客"
    assert page.find_all(class_="blog-intro") == []


def test_it_is_not_a_post(make_site: Any, build_site: Any) -> None:
    """A Hugo `_index.md` has no date: it was "a post needs a `date`", failing the build;
    it is neither listed, nor a page of its own, nor in the feed."""
    site = make_site({**POSTS, "content/posts/_index.md": "---\ntitle: Posts\n---\n"})
    out = build_site(site).output
    assert not (out / "posts/_index").exists()
    assert "_index" not in (out / "atom.xml").read_text()
    assert read(out, "blog/index.html").one("h1").text() == "Posts"


def test_a_broken_link_in_its_text_is_an_error_at_its_line(make_site: Any) -> None:
    site = make_site({**POSTS, "content/posts/_index.md":
                      "---\ntitle: Notes\n---\nIntro.\n\nSee [gone](gone.md).\n"})
    with pytest.raises(LantingError) as raised:
        build(site, BuildOptions(output=site / "public"))
    [problem] = [p for p in raised.value.problems if "gone.md" in p.message]
    assert (problem.path.name, problem.line) == ("_index.md", 6)


def test_each_language_has_its_own(make_site: Any, build_site: Any) -> None:
    site = make_site({
        "lanting.toml": 'title = "林"\nlanguages = ["zh-CN", "en"]\n[search]\nenabled = false\n',
        **POSTS,
        "content/posts/rl.en.md": "---\ntitle: RL\ndate: 2026-02-02\n---\nText.\n",
        "content/posts/_index.md": "---\ntitle: 笔记\n---\n中文的介绍。\n",
        "content/posts/_index.en.md": "---\ntitle: Notes\n---\nThe English intro.\n",
    })
    out = build_site(site).output
    zh, en = read(out, "blog/index.html"), read(out, "en/blog/index.html")
    assert (zh.one("h1").text(), zh.one(class_="blog-intro").text().strip()) == (
        "笔记", "中文的介绍。")
    assert (en.one("h1").text(), en.one(class_="blog-intro").text().strip()) == (
        "Notes", "The English intro.")


def test_editing_it_rebuilds_the_blog_page_as_a_clean_build_would(
        make_site: Any, tmp_path: Path) -> None:
    intro = "---\ntitle: Notes\n---\nFirst intro.\n"
    site = make_site({**POSTS, "content/posts/_index.md": intro})
    out = tmp_path / "out"
    build(site, BuildOptions(output=out, jobs=1))
    path = site / "content/posts/_index.md"
    path.write_text(intro.replace("First", "Second"), encoding="utf-8")
    build(site, BuildOptions(output=out, jobs=1))
    assert read(out, "blog/index.html").one(class_="blog-intro").text().strip() == "Second intro."
    clean = tmp_path / "clean"
    build(site, BuildOptions(output=clean, jobs=1, cache=False))
    assert (out / "blog/index.html").read_bytes() == (clean / "blog/index.html").read_bytes()

"""A term's own text: `content/tags/<name>.md`, `content/categories/<name>.md` and
`content/series/<name>.md` (Hugo's term `_index.md`, Quartz's `tags/<tag>.md`) give that
term's page its title, description and the text above its list; a series' summary also
shows on the list of series."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sitebits import meta, read

from lanting.build import BuildOptions, build
from lanting.errors import LantingError

POSTS = {
    "content/posts/ppo.md": "---\ntitle: PPO 笔记\ndate: 2026-01-02\ntags: [RL, C++]\n"
                            "categories: [Notes]\nseries: 推理优化\n---\n正文。\n",
    "content/posts/grpo.md": "---\ntitle: GRPO\ndate: 2025-03-04\ntags: [rl]\n---\nBody.\n",
}


def test_a_tag_page_shows_its_title_description_and_text(make_site: Any,
                                                         build_site: Any) -> None:
    site = make_site({**POSTS, "content/tags/rl.md": (
        "---\ntitle: 强化学习\nsummary: Posts on $\\pi_\\theta$.\n---\n"
        "关于**强化学习**的文章，公式 $E=mc^2$；从 [PPO](../posts/ppo.md) 读起。\n")})
    out = build_site(site).output
    page = read(out, "tags/rl/index.html")
    assert page.one("h1").text() == "强化学习"
    assert page.one("title").text() == "强化学习 · 标签 · T"
    assert meta(page, "description") == ["Posts on π_θ."]
    intro = page.one(class_="term-intro")
    assert intro.one("strong").text() == "强化学习"
    assert intro.one("math") is not None  # a formula, not TeX
    assert intro.one("a")["href"] == "/posts/ppo/"
    # the list is still there, below the text: both posts (`RL` and `rl` are one tag)
    titles = [h.text() for h in page.find_all(class_="post-entry-title")]
    assert titles == ["PPO 笔记", "GRPO"]
    # it is the tag's page, not a page of its own besides it
    assert not (out / "tags/rl.md").exists() and not (out / "rl").exists()
    assert "强化学习" not in (out / "atom.xml").read_text()


def test_the_file_may_name_the_tag_or_its_slug(make_site: Any, build_site: Any) -> None:
    """`C++`'s page is `/tags/cpp/`: `tags/C++.md` and `tags/cpp.md` both give its text."""
    for name in ("C++", "cpp"):
        site = make_site({**POSTS, f"content/tags/{name}.md": "---\ntitle: C++ 笔记\n---\n"},
                         name=f"site-{name}")
        assert read(build_site(site).output, "tags/cpp/index.html").one("h1").text() \
            == "C++ 笔记"


def test_without_one_a_term_page_is_its_list(make_site: Any, build_site: Any) -> None:
    out = build_site(make_site(POSTS)).output
    page = read(out, "tags/rl/index.html")
    assert page.one("h1").text() == "#RL"
    assert page.find_all(class_="term-intro") == []


def test_a_series_text_is_on_its_page_and_in_the_list_of_series(make_site: Any,
                                                                build_site: Any) -> None:
    site = make_site({**POSTS, "content/series/推理优化.md":
                      "---\nsummary: 本系列讲 **KV cache** 与调度。\n---\n系列的导言。\n",
                      "content/categories/notes.md": "---\ntitle: 随笔\n---\n随手记。\n"})
    out = build_site(site).output
    series = read(out, "series/推理优化/index.html")
    assert series.one("h1").text() == "推理优化"  # no title: the series' name
    assert series.one(class_="series-intro").text().strip() == "系列的导言。"
    assert meta(series, "description") == ["本系列讲 KV cache 与调度。"]
    card = read(out, "series/index.html").one(class_="series-card")
    assert card.one(class_="summary").one("strong").text() == "KV cache"
    category = read(out, "categories/notes/index.html")
    assert (category.one("h1").text(), category.one(class_="term-intro").text().strip()) \
        == ("随笔", "随手记。")


def test_a_text_no_post_is_filed_under_is_a_warning_naming_the_file(
        make_site: Any, build_site: Any) -> None:
    """A misspelt file name must not pass silently; its page is still published (as
    Hugo publishes a term's `_index.md`)."""
    site = make_site({**POSTS, "content/tags/rll.md": "---\ntitle: RL?\n---\n"})
    result = build_site(site)
    [warning] = [w for w in result.warnings if w.path.name == "rll.md"]
    assert (warning.line, warning.severity) == (1, "warning")
    assert "no post has the tag `rll`" in warning.message
    assert "did you mean `rl`?" in warning.message
    assert read(result.output, "tags/rll/index.html").one("h1").text() == "RL?"


def test_hugos_folder_form_is_a_warning_that_says_where_the_text_goes(
        make_site: Any, build_site: Any) -> None:
    site = make_site({**POSTS, "content/tags/rl/_index.md": "---\ntitle: RL\n---\n"})
    [warning] = [w for w in build_site(site).warnings if w.path.name == "_index.md"]
    assert "content/tags/rl.md" in (warning.hint or "")


def test_the_list_of_tags_own_index_is_no_term(make_site: Any, build_site: Any) -> None:
    """Hugo's `content/tags/_index.md` (the list's text) made a tag named `_index`."""
    site = make_site({**POSTS, "content/tags/_index.md": "---\ntitle: Tags\n---\nAll.\n"})
    result = build_site(site)
    [warning] = [w for w in result.warnings if w.path.name == "_index.md"]
    assert "content/tags/<name>.md" in (warning.hint or "")
    assert not (result.output / "tags/index").exists()
    assert not (result.output / "tags/_index").exists()


def test_its_old_urls_lead_to_it(make_site: Any, build_site: Any) -> None:
    """`aliases` of a term's text (and of the blog page's) were accepted and claimed,
    but no redirect page was written."""
    site = make_site({**POSTS,
                      "content/tags/rl.md": "---\ntitle: RL\naliases: [/topics/rl/]\n---\n",
                      "content/posts/_index.md": "---\ntitle: B\naliases: [/articles/]\n---\n"})
    out = build_site(site).output
    assert "/tags/rl/" in (out / "topics/rl/index.html").read_text(encoding="utf-8")
    assert "/blog/" in (out / "articles/index.html").read_text(encoding="utf-8")


def test_a_broken_link_in_its_text_is_an_error_at_its_line(make_site: Any) -> None:
    site = make_site({**POSTS, "content/tags/rl.md":
                      "---\ntitle: RL\n---\nIntro.\n\nSee [gone](gone.md).\n"})
    with pytest.raises(LantingError) as raised:
        build(site, BuildOptions(output=site / "public"))
    [problem] = [p for p in raised.value.problems if "gone.md" in p.message]
    assert (problem.path.name, problem.line) == ("rl.md", 6)


def test_each_language_has_its_own(make_site: Any, build_site: Any) -> None:
    site = make_site({
        "lanting.toml": 'title = "林"\nlanguages = ["zh-CN", "en"]\n[search]\nenabled = false\n',
        **POSTS,
        "content/posts/rl.en.md": "---\ntitle: RL\ndate: 2026-02-02\ntags: [rl]\n---\nText.\n",
        "content/tags/rl.md": "---\ntitle: 强化学习\n---\n中文的介绍。\n",
        "content/tags/rl.en.md": "---\ntitle: Reinforcement learning\n---\nThe intro.\n",
    })
    result = build_site(site)
    zh, en = read(result.output, "tags/rl/index.html"), read(result.output, "en/tags/rl/index.html")
    assert (zh.one("h1").text(), zh.one(class_="term-intro").text().strip()) == (
        "强化学习", "中文的介绍。")
    assert (en.one("h1").text(), en.one(class_="term-intro").text().strip()) == (
        "Reinforcement learning", "The intro.")
    assert not [w for w in result.warnings if w.path.parent.name == "tags"]


def test_editing_it_rebuilds_the_pages_as_a_clean_build_would(make_site: Any,
                                                             tmp_path: Path) -> None:
    text = "---\ntitle: RL\nsummary: First.\n---\nFirst intro.\n"
    site = make_site({**POSTS, "content/series/推理优化.md": text})
    out = tmp_path / "out"
    build(site, BuildOptions(output=out, jobs=1))
    path = site / "content/series/推理优化.md"
    path.write_text(text.replace("First", "Second"), encoding="utf-8")
    build(site, BuildOptions(output=out, jobs=1))
    assert read(out, "series/推理优化/index.html").one(class_="series-intro").text().strip() \
        == "Second intro."
    clean = tmp_path / "clean"
    build(site, BuildOptions(output=clean, jobs=1, cache=False))
    for page in ("series/推理优化/index.html", "series/index.html"):
        assert (out / page).read_bytes() == (clean / page).read_bytes()

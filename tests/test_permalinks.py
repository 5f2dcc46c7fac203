"""`[permalinks] posts`: a site-wide pattern for the URLs of posts."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from sitebits import png

from lanting.build.options import BuildResult
from lanting.errors import LantingError

Make = Callable[..., Path]
Build = Callable[..., BuildResult]


def config(pattern: str) -> str:
    return f'title = "T"\n[search]\nenabled = false\n[permalinks]\nposts = "{pattern}"\n'


POSTS = {
    "content/posts/ring/index.md": "---\ntitle: Ring AllReduce\n"
                                   "date: 2024-03-01T00:30:00+08:00\n---\n"
                                   "![ring](ring.png)\n\n[下一篇](../tp.md)\n",
    "content/posts/ring/ring.png": png(40, 20),
    "content/posts/tp.md": "---\ntitle: Megatron 张量并行：列切分与行切分\ndate: 2024-02-03\n"
                           "params:\n  abbrlink: 5f3a9c1e\n---\n[上一篇](ring/index.md)\n",
}


def test_the_default_is_posts_slug(make_site: Make, build_site: Build) -> None:
    site = make_site(POSTS)
    build_site(site)
    assert (site / "public/posts/ring/index.html").is_file()
    assert (site / "public/posts/ring/ring.png").is_file()
    assert (site / "public/posts/tp/index.html").is_file()


def test_date_placeholders_use_the_offset_the_date_was_written_with(
        make_site: Make, build_site: Build) -> None:
    site = make_site({**POSTS, "lanting.toml": config("/:year/:month/:day/:slug/")})
    build_site(site)
    out = site / "public"
    assert (out / "2024/03/01/ring/index.html").is_file()  # 2024-02-29 in UTC
    assert (out / "2024/03/01/ring/ring.png").is_file()   # bundle files follow the post
    page = (out / "2024/02/03/tp/index.html").read_text(encoding="utf-8")
    assert "/2024/03/01/ring/" in page                      # links follow too
    assert "/2024/02/03/tp/" in (out / "sitemap.xml").read_text(encoding="utf-8")
    assert not (out / "posts").exists()


def test_title_keeps_chinese_readable(make_site: Make, build_site: Build) -> None:
    site = make_site({**POSTS, "lanting.toml": config("/blog/:year/:title/")})
    build_site(site)
    assert (site / "public/blog/2024/megatron-张量并行列切分与行切分/index.html").is_file()
    assert (site / "public/blog/2024/ring-allreduce/index.html").is_file()
    assert (site / "public/blog/index.html").is_file()


def test_any_other_placeholder_is_a_param(make_site: Make, build_site: Build) -> None:
    files = {**POSTS, "lanting.toml": config("/posts/:abbrlink/")}
    files["content/posts/ring/index.md"] = files["content/posts/ring/index.md"].replace(
        "---\n![", "params: {abbrlink: 9b21e07d}\n---\n![")
    site = make_site(files)
    build_site(site)
    assert (site / "public/posts/5f3a9c1e/index.html").is_file()
    assert (site / "public/posts/9b21e07d/ring.png").is_file()


def test_a_post_without_the_param_is_an_error_at_the_post(make_site: Make,
                                                          build_site: Build) -> None:
    site = make_site({**POSTS, "lanting.toml": config("/posts/:abbrlink/")})
    with pytest.raises(LantingError) as info:
        build_site(site)
    [problem] = info.value.problems
    assert problem.path is not None and problem.path.parent.name == "ring"
    assert "`:abbrlink` needs `params: {abbrlink: …}`" in problem.message


def test_two_posts_on_one_url_are_an_error(make_site: Make, build_site: Build) -> None:
    site = make_site({
        "lanting.toml": config("/:year/:title/"),
        "content/posts/a.md": "---\ntitle: Same\ndate: 2024-01-01\n---\n",
        "content/posts/b.md": "---\ntitle: Same\ndate: 2024-05-01\n---\n"})
    with pytest.raises(LantingError) as info:
        build_site(site)
    assert "URL /2024/same/ is claimed by 2 sources" in info.value.problems[0].message


def test_a_link_to_a_draft_under_the_pattern_names_the_draft(make_site: Make,
                                                             build_site: Build) -> None:
    site = make_site({
        "lanting.toml": config("/:year/:slug/"),
        "content/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n[d](/2024/d/)\n",
        "content/posts/d.md": "---\ntitle: D\ndate: 2024-01-02\ndraft: true\n---\n"})
    with pytest.raises(LantingError) as info:
        build_site(site)
    assert "links to a draft (content/posts/d.md)" in info.value.problems[0].message


@pytest.mark.parametrize(("pattern", "says"), [
    ("/posts/:abbrlink.html", "ends with `/`"),
    ("posts/:slug/", "must start and end with `/`"),
    ("/posts/:slug", "must start and end with `/`"),
    ("/:year/:month/", "every post the same URL"),
    ("/posts/", "every post the same URL"),
    ("/a/../:slug/", "not a plain path"),
    ("/__lanting/:slug/", "reserved"),
    ("/p/:slug-:2/", "a placeholder is"),
])
def test_a_bad_pattern_is_an_error_in_lanting_toml(make_site: Make, build_site: Build,
                                                   pattern: str, says: str) -> None:
    site = make_site({**POSTS, "lanting.toml": config(pattern)})
    with pytest.raises(LantingError) as info:
        build_site(site)
    [problem] = info.value.problems
    assert problem.path is not None and problem.path.name == "lanting.toml"
    assert problem.line == 5 and says in problem.message

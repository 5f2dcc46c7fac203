"""Stage 5: the site model — posts newest first, years, series order, merged tags."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from lanting.build.options import BuildResult
from lanting.errors import LantingError
from lanting.model.site import Site


@pytest.fixture
def assembled(
    make_site: Callable[..., Path], build_site: Callable[..., BuildResult]
) -> Callable[..., Site]:
    """Build an inline site and return its model."""

    def run(files: dict[str, str], **options: object) -> Site:
        site = make_site(files)
        return build_site(site, site / "public", **options).site

    return run


def rels(pages: object) -> list[str]:
    return [p.rel for p in pages]  # type: ignore[attr-defined]


def test_posts_newest_first(assembled: Callable[..., Site], post: Callable[..., str]) -> None:
    site = assembled({
        "content/posts/old.md": post("Old", "2025-03-01"),
        "content/posts/new.md": post("New", "2026-02-01"),
        "content/posts/mid.md": post("Mid", "2025-12-31"),
    })
    assert rels(site.posts) == ["posts/new.md", "posts/mid.md", "posts/old.md"]


def test_time_zones_are_compared_as_instants(
    assembled: Callable[..., Site], post: Callable[..., str]
) -> None:
    site = assembled({
        # 2026-01-02 01:00 +08:00 is 2026-01-01 17:00 UTC: earlier than 20:00 UTC
        "content/posts/east.md": post("East", "2026-01-02T01:00:00+08:00"),
        "content/posts/utc.md": post("UTC", "2026-01-01T20:00:00Z"),
    })
    assert rels(site.posts) == ["posts/utc.md", "posts/east.md"]


def test_same_date_is_ordered_deterministically(
    assembled: Callable[..., Site], post: Callable[..., str]
) -> None:
    files = {f"content/posts/{name}.md": post(name, "2026-01-01") for name in "dbca"}
    assert rels(assembled(files).posts) == [f"posts/{n}.md" for n in "abcd"]


def test_year_groups(assembled: Callable[..., Site], post: Callable[..., str]) -> None:
    site = assembled({
        "content/posts/a.md": post("A", "2024-06-01"),
        "content/posts/b.md": post("B", "2026-01-01"),
        "content/posts/c.md": post("C", "2026-05-01"),
        "content/posts/d.md": post("D", "2025-12-31"),
    })
    assert [(g.year, rels(g.posts)) for g in site.years] == [
        (2026, ["posts/c.md", "posts/b.md"]),
        (2025, ["posts/d.md"]),
        (2024, ["posts/a.md"]),
    ]


def test_drafts_are_left_out_unless_asked(
    assembled: Callable[..., Site], post: Callable[..., str]
) -> None:
    files = {"content/posts/a.md": post("A", "2026-01-01"),
             "content/posts/d.md": post("D", "2026-01-02", draft=True)}
    assert rels(assembled(files).posts) == ["posts/a.md"]
    assert rels(assembled(files, drafts=True).posts) == ["posts/d.md", "posts/a.md"]


def test_series_in_reading_order_not_date_order(
    assembled: Callable[..., Site], post: Callable[..., str]
) -> None:
    site = assembled({
        "content/posts/p3.md": post("Part 3", "2026-01-01", series="S", series_order=3),
        "content/posts/p1.md": post("Part 1", "2026-03-01", series="S", series_order=1),
        "content/posts/p2.md": post("Part 2", "2025-01-01", series="S", series_order=2),
        "content/posts/extra.md": post("Extra", "2024-01-01", series="S"),
        "content/posts/other.md": post("Other", "2026-01-01"),
    })
    [series] = site.series
    assert series.name == "S"
    assert [p.title for p in series.posts] == ["Part 1", "Part 2", "Part 3", "Extra"]
    part2 = next(p for p in site.posts if p.title == "Part 2")
    assert site.series_of(part2) is series


def test_several_series_are_sorted(
    assembled: Callable[..., Site], post: Callable[..., str]
) -> None:
    site = assembled({
        "content/posts/b.md": post("B", "2026-01-01", series="beta", series_order=1),
        "content/posts/a.md": post("A", "2026-01-01", series="alpha", series_order=1),
    })
    assert [s.name for s in site.series] == ["alpha", "beta"]


def test_duplicate_series_order_names_both_files(
    make_site: Callable[..., Path], build_site: Callable[..., BuildResult],
    post: Callable[..., str],
) -> None:
    site = make_site({
        "content/posts/first.md": post("One", "2026-01-01", series="S", series_order=1),
        "content/posts/second.md": post("Two", "2026-01-02", series="S", series_order=1),
    })
    with pytest.raises(LantingError) as info:
        build_site(site, site / "public")
    [problem] = info.value.problems
    assert "posts/first.md" in problem.message and "posts/second.md" in problem.message
    assert problem.path is not None and problem.path.name in ("first.md", "second.md")
    assert problem.line == 5  # the `series_order:` line
    assert not (site / "public").exists()


def test_tags_are_merged_case_insensitively(
    assembled: Callable[..., Site], post: Callable[..., str]
) -> None:
    site = assembled({
        "content/posts/a.md": post("A", "2026-01-01", tags=["PPO", "强化学习"]),
        "content/posts/b.md": post("B", "2026-01-02", tags=["ppo"]),
        "content/posts/c.md": post("C", "2026-01-03", tags=["Ppo", "PPO"]),
    })
    by_slug = {t.slug: t for t in site.tags}
    assert sorted(by_slug) == ["ppo", "强化学习"]
    assert rels(by_slug["ppo"].posts) == ["posts/c.md", "posts/b.md", "posts/a.md"]
    assert by_slug["ppo"].url == "/tags/ppo/"
    # the post lists the tag once (its first spelling), not once per spelling
    assert next(p for p in site.posts if p.rel == "posts/c.md").tags == ("Ppo",)


def test_tags_that_differ_in_more_than_case_stay_apart(
    assembled: Callable[..., Site], post: Callable[..., str]
) -> None:
    site = assembled({
        "content/posts/a.md": post("A", "2026-01-01", tags=["C++"]),
        "content/posts/b.md": post("B", "2026-01-02", tags=["C"]),
        "content/posts/c.md": post("C", "2026-01-03", tags=["C#"]),
    })
    # Each keeps a URL of its own, which no other tag of the site changes: `C++` is not
    # `c-2` because a `C` tag exists.
    assert sorted(t.url for t in site.tags) == ["/tags/c/", "/tags/cpp/", "/tags/csharp/"]


def test_neighbours(assembled: Callable[..., Site], post: Callable[..., str]) -> None:
    site = assembled({
        "content/posts/a.md": post("A", "2026-01-01"),
        "content/posts/b.md": post("B", "2026-01-02"),
        "content/posts/c.md": post("C", "2026-01-03"),
    })
    c, b, a = site.posts
    assert site.neighbours[b.url] == (c, a)
    assert site.neighbours[c.url] == (None, b)
    assert site.neighbours[a.url] == (b, None)


def test_summary_from_front_matter_else_excerpt(
    assembled: Callable[..., Site], post: Callable[..., str]
) -> None:
    site = assembled({
        "content/posts/a.md": post("A", "2026-01-01", summary="Given.", body="Para one.\n"),
        "content/posts/b.md": post("B", "2026-01-02", body="First.\n\nSecond.\n"),
    })
    b, a = site.posts
    assert a.summary == "Given."
    assert b.summary == "First."


def test_page_fields(assembled: Callable[..., Site], post: Callable[..., str]) -> None:
    site = assembled({
        "lanting.toml": 'title = "T"\nbase_url = "https://example.org/blog/"\nlanguage = "en"\n',
        "content/_index.md": "---\ntitle: Home\n---\nHi.\n",
        "content/pages/about.md": "---\ntitle: About\n---\nMe.\n",
        "content/posts/a.md": post("A", "2026-01-01", lang="zh-CN", body="字" * 900 + "\n"),
    })
    assert site.home is not None and site.home.url == "/blog/"
    [about] = site.pages
    assert (about.url, about.output, about.lang) == ("/blog/about/", "about/index.html", "en")
    [a] = site.posts
    assert (a.url, a.output, a.lang) == ("/blog/posts/a/", "posts/a/index.html", "zh-CN")
    assert a.reading_minutes == 3

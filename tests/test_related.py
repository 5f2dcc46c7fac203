"""`site.related.related_posts` ranks in full only the posts that can make a list; the
lists are those of ranking every candidate (`_ranked_in_full`, the plain definition)."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from lanting.model.content import Kind
from lanting.model.pages import Body, Page
from lanting.site import related
from lanting.site.related import (
    COMMON,
    THRESHOLD,
    WEIGHTS,
    _keys,
    related_after,
    related_keys,
    related_posts,
    remembering,
)

WORDS = ("pipeline", "parallel", "rollout", "显存", "并行", "kernel", "attention", "ppo")


def _post(i: int, title: str, tags: tuple[str, ...], series: str | None, day: int) -> Page:
    return Page(Kind.POST, f"posts/p{i}.md", title, f"/posts/p{i}/", f"posts/p{i}/index.html",
                Body.of(""), "", "zh", date=dt.datetime(2026, 1, day, tzinfo=dt.UTC),
                tags=tags, series=series)


def _ranked_in_full(posts: tuple[Page, ...], count: int) -> dict[str, list[str]]:
    keys = [_keys(p) for p in posts]
    index: dict[str, list[int]] = defaultdict(list)
    for i, post_keys in enumerate(keys):
        for key in post_keys:
            index[key].append(i)
    found = {}
    for i, post in enumerate(posts):
        scores: dict[int, float] = defaultdict(float)
        for key in sorted(keys[i]):
            holders = index[key]
            if 2 <= len(holders) <= COMMON:
                kind = keys[i][key]
                weight = 2.0 / len(holders) if kind == "text" else WEIGHTS[kind]
                for j in holders:
                    if j != i:
                        scores[j] += weight
        ranked = sorted((j for j, s in scores.items() if s >= THRESHOLD),
                        key=lambda j: (-round(scores[j], 9), -posts[j].date.timestamp(),  # type: ignore[union-attr]
                                       posts[j].rel))
        if ranked:
            found[post.url] = [posts[j].url for j in ranked[:count]]
    return found


posts = st.lists(st.tuples(
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map(" ".join),
    st.lists(st.sampled_from(("rl", "系统", "infra", "math")), max_size=3, unique=True)
    .map(tuple),
    st.sampled_from((None, "s1", "s2")),
    st.integers(1, 4)), min_size=2, max_size=30)


@settings(max_examples=200, deadline=None)
@given(drawn=posts, count=st.integers(1, 6))
def test_the_lists_are_those_of_ranking_every_candidate(
        drawn: list[tuple[str, tuple[str, ...], str | None, int]], count: int) -> None:
    """Many ties (few words, few tags, four dates): the shortcut must keep every post
    that ties with the last place."""
    pages = tuple(_post(i, *fields) for i, fields in enumerate(drawn))
    got = {url: [p.url for p in found] for url, found in related_posts(pages, count).items()}
    assert got == _ranked_in_full(pages, count)


# An edit: (which post, what happens to it, its new title, tags, series and day).
edits = st.lists(st.tuples(
    st.integers(0, 40),
    st.sampled_from(("change", "remove", "add", "rename", "redate")),
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map(" ".join),
    st.lists(st.sampled_from(("rl", "系统", "infra", "math")), max_size=3, unique=True)
    .map(tuple),
    st.sampled_from((None, "s1", "s2")),
    st.integers(1, 4)), min_size=1, max_size=5)


def _edited(pages: tuple[Page, ...],
            changes: list[tuple[int, str, str, tuple[str, ...], str | None, int]]
            ) -> tuple[Page, ...]:
    out = list(pages)
    for n, (at, action, title, tags, series, day) in enumerate(changes):
        if action == "add" or not out:
            out.append(_post(100 + n, title, tags, series, day))
            continue
        i = at % len(out)
        old = out[i]
        if action == "remove":
            del out[i]
        elif action == "rename":  # same post at another URL
            out[i] = replace(old, url=f"/posts/moved{n}/", rel=f"posts/moved{n}.md")
        elif action == "redate":
            out[i] = replace(old, date=dt.datetime(2026, 1, day, tzinfo=dt.UTC))
        else:
            out[i] = replace(old, title=title, tags=tags, series=series)
    return tuple(out)


def _urls(lists: dict[str, tuple[Page, ...]]) -> dict[str, list[str]]:
    return {url: [p.url for p in found] for url, found in lists.items()}


@settings(max_examples=300, deadline=None)
@given(drawn=posts, count=st.integers(1, 6), changes=edits,
       common=st.sampled_from((COMMON, 3, 5)))
def test_lists_after_an_edit_are_those_of_choosing_again(
        drawn: list[tuple[str, tuple[str, ...], str | None, int]], count: int,
        changes: list[tuple[int, str, str, tuple[str, ...], str | None, int]],
        common: int) -> None:
    """Only the posts an edit can reach are ranked again: the lists are still those of
    choosing every list again (also where a key crosses the `COMMON` limit)."""
    saved = related.COMMON
    related.COMMON = common
    try:
        pages = tuple(_post(i, *fields) for i, fields in enumerate(drawn))
        before = {p.url: related_keys(p) for p in pages}
        lists = _urls(related_posts(pages, count))
        after = _edited(pages, changes)
        got = related_after(after, count, before, lists)
        assert got is not None
        assert _urls(got) == _urls(related_posts(after, count))
    finally:
        related.COMMON = saved


def test_a_kept_choice_is_followed_through_edits_and_given_back_unchanged() -> None:
    """`remembering` keeps the lists with what they were chosen from; a build with the
    same posts gets them back without choosing, an edited one gets them followed."""
    store: dict[tuple[str, str], bytes] = {}
    choose = remembering(lambda name, key: store.get((name, key)),
                         lambda name, key, value: store.__setitem__((name, key), value), "v1")
    pages = tuple(_post(i, f"{WORDS[i % 8]} {WORDS[(i * 3) % 8]}", ("rl",) if i % 2 else (),
                        None, 1 + i % 4) for i in range(12))
    assert _urls(choose(pages, 3)) == _urls(related_posts(pages, 3))
    kept = dict(store)
    assert _urls(choose(pages, 3)) == _urls(related_posts(pages, 3))
    assert store == kept  # nothing changed: nothing written again
    edited = (replace(pages[0], title="显存 并行 kernel"), *pages[1:])
    assert _urls(choose(edited, 3)) == _urls(related_posts(edited, 3))
    assert store != kept


def test_a_post_moved_in_time_is_ranked_again_by_the_posts_that_tie_it() -> None:
    """Its keys are the same, but ties go to the newer post: every post that shares a key
    with it is ranked again."""
    pages = tuple(_post(i, WORDS[i], ("rl",), None, i + 1) for i in range(3))
    before = {p.url: related_keys(p) for p in pages}
    lists = _urls(related_posts(pages, 1))
    assert lists["/posts/p0/"] == ["/posts/p2/"]
    after = (pages[0], replace(pages[1], date=dt.datetime(2026, 1, 9, tzinfo=dt.UTC)),
             pages[2])
    got = related_after(after, 1, before, lists)
    assert got is not None and _urls(got)["/posts/p0/"] == ["/posts/p1/"]
    assert _urls(got) == _urls(related_posts(after, 1))

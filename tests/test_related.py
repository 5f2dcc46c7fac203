"""`site.related.related_posts` ranks in full only the posts that can make a list; the
lists are those of ranking every candidate (`_ranked_in_full`, the plain definition)."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict

from hypothesis import given, settings
from hypothesis import strategies as st

from lanting.model.content import Kind
from lanting.model.site import Body, Page
from lanting.site.related import COMMON, THRESHOLD, WEIGHTS, _keys, related_posts

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

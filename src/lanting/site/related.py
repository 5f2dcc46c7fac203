"""Related posts, chosen at build time from what posts share: tags, categories, series and
the words of their titles and summaries.

A pure function of the posts, so an incremental build gives the lists a clean build
gives. Scores: 3 per shared tag, 1 per shared category, 2 for the same series, and for
each word (or, in Chinese, pair of characters) of the title and summary shared with
another post, 2 divided by the number of posts using it (a word two posts share counts
1, a common one next to nothing). A post is related from a score of 2 on: one shared tag
is enough, one shared rare word is not. Ties go to the newer post, then the source path.
A tag or word on more than `COMMON` posts says little and is skipped (and keeps the work
linear on a big blog that tags everything alike).
"""

from __future__ import annotations

import re
from collections import defaultdict

from lanting.model.site import Page

COMMON = 200
"""Keys shared by more posts than this are not used to find related posts."""
THRESHOLD = 2.0
WEIGHTS = {"tag": 3.0, "category": 1.0, "series": 2.0}

_WORD = re.compile(r"[a-z][a-z0-9\-]{2,}|[0-9]+[a-z][a-z0-9\-]*")
_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")
_STOP = frozenset(
    "the and for with from that this are was were you your our into what how why when "
    "about using use via its not but all can has have more one two new".split())


def text_keys(text: str) -> set[str]:
    """The words of `text` (English words of three letters or more, lower case, minus
    common ones) and its pairs of adjacent Chinese characters."""
    lowered = text.casefold()
    keys = {w for w in _WORD.findall(lowered) if w not in _STOP}
    for run in _HAN.findall(lowered):
        keys.update(run[i:i + 2] for i in range(len(run) - 1))
    return keys


def _keys(post: Page) -> dict[str, str]:
    """Key -> its kind ("tag", "category", "series" or "text")."""
    keys = {f"text:{k}": "text" for k in text_keys(f"{post.title} {post.summary}")}
    keys.update({f"tag:{t.casefold()}": "tag" for t in post.tags})
    keys.update({f"category:{c.casefold()}": "category" for c in post.categories})
    if post.series:
        keys[f"series:{post.series}"] = "series"
    return keys


def related_keys(post: Page) -> tuple[object, ...]:
    """Everything of a post that `related_posts` reads."""
    return (post.url, post.rel, post.title, post.summary, post.tags, post.categories,
            post.series, post.date)


def related_posts(posts: tuple[Page, ...], count: int) -> dict[str, tuple[Page, ...]]:
    """Post URL -> up to `count` related posts, most related first (none: left out)."""
    if count <= 0 or len(posts) < 2:
        return {}
    keys = [_keys(p) for p in posts]
    index: dict[str, list[int]] = defaultdict(list)
    for i, post_keys in enumerate(keys):
        for key in post_keys:
            index[key].append(i)
    stamps = [p.date.timestamp() if p.date else 0.0 for p in posts]
    related: dict[str, tuple[Page, ...]] = {}
    for i, post in enumerate(posts):
        scores: dict[int, float] = defaultdict(float)
        for key in sorted(keys[i]):
            holders = index[key]
            if len(holders) < 2 or len(holders) > COMMON:
                continue
            kind = keys[i][key]
            weight = 2.0 / len(holders) if kind == "text" else WEIGHTS[kind]
            for j in holders:
                if j != i:
                    scores[j] += weight
        ranked = sorted((j for j, score in scores.items() if score >= THRESHOLD),
                        key=lambda j: (-round(scores[j], 9), -stamps[j], posts[j].rel))
        if ranked:
            related[post.url] = tuple(posts[j] for j in ranked[:count])
    return related

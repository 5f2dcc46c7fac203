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

import hashlib
import heapq
import json
import re
from collections import defaultdict
from collections.abc import Callable

from lanting.model.site import Page

ChooseRelated = Callable[[tuple[Page, ...], int], dict[str, tuple[Page, ...]]]
"""`related_posts`, or a function that gives the same lists (`remembering`)."""

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
                scores[j] += weight
        scores.pop(i, None)  # counted with the others' (one test less per holder)
        # Only posts that can be among the first `count` are ranked in full: those within
        # a rounding of the count-th best score (a post of a big blog has hundreds).
        best = heapq.nlargest(count, scores.values())
        floor = max(THRESHOLD, best[-1] - 1e-6) if best else THRESHOLD
        ranked = sorted((j for j, score in scores.items() if score >= floor),
                        key=lambda j: (-round(scores[j], 9), -stamps[j], posts[j].rel))
        if ranked:
            related[post.url] = tuple(posts[j] for j in ranked[:count])
    return related


def remembering(recall: Callable[[str, str], bytes | None],
                keep: Callable[[str, str, bytes], None], version: str) -> ChooseRelated:
    """`related_posts`, its lists kept by `keep(name, key, data)` and given back by
    `recall(name, key)` while everything they are chosen from (`related_keys` of every
    post, the count, `version` of the code) is the same: choosing them for 4,000 posts
    takes half a second of every build. The lists go by URL (the pages are this build's)."""

    def choose(posts: tuple[Page, ...], count: int) -> dict[str, tuple[Page, ...]]:
        name = f"related:{posts[0].lang if posts else ''}"  # one per language
        key = hashlib.blake2b(repr((version, count, [related_keys(p) for p in posts]))
                              .encode(), digest_size=16).hexdigest()
        data = recall(name, key)
        if data is not None:
            by_url = {p.url: p for p in posts}
            try:
                return {url: tuple(by_url[u] for u in urls)
                        for url, urls in json.loads(data).items()}
            except (ValueError, KeyError, TypeError, AttributeError):
                pass  # not what `keep` was given: choose them again
        related = related_posts(posts, count)
        keep(name, key, json.dumps({url: [p.url for p in pages]
                                    for url, pages in related.items()}).encode())
        return related

    return choose

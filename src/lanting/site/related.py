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

import datetime as dt
import hashlib
import heapq
import pickle
import re
from collections import Counter, defaultdict
from collections.abc import Callable

from lanting.model.pages import Page

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
    return _keys_of(related_keys(post))


def _keys_of(read: RelatedKeys) -> dict[str, str]:
    """`_keys` of a post from what `related_keys` gave of it."""
    _, _, title, summary, tags, categories, series, _ = read
    keys = {f"text:{k}": "text" for k in text_keys(f"{title} {summary}")}
    keys.update({f"tag:{t.casefold()}": "tag" for t in tags})
    keys.update({f"category:{c.casefold()}": "category" for c in categories})
    if series:
        keys[f"series:{series}"] = "series"
    return keys


RelatedKeys = tuple[str, str, str, str, tuple[str, ...], tuple[str, ...], str | None,
                    dt.datetime | None]


def related_keys(post: Page) -> RelatedKeys:
    """Everything of a post that `related_posts` reads."""
    return (post.url, post.rel, post.title, post.summary, post.tags, post.categories,
            post.series, post.date)


class _Scores:
    """The posts' keys and who holds each, to rank any post's candidates."""

    def __init__(self, posts: tuple[Page, ...],
                 reads: dict[str, RelatedKeys] | None = None) -> None:
        self.posts = posts
        self.keys = [_keys_of(reads[p.url]) if reads else _keys(p) for p in posts]
        self.holders: dict[str, list[int]] = defaultdict(list)
        for i, post_keys in enumerate(self.keys):
            for key in post_keys:
                self.holders[key].append(i)
        self.stamps = [p.date.timestamp() if p.date else 0.0 for p in posts]

    def ranked(self, i: int, count: int) -> list[int]:
        """Up to `count` posts related to post `i`, most related first."""
        scores: dict[int, float] = defaultdict(float)
        own = self.keys[i]
        for key in sorted(own):
            holders = self.holders[key]
            if len(holders) < 2 or len(holders) > COMMON:
                continue
            kind = own[key]
            weight = 2.0 / len(holders) if kind == "text" else WEIGHTS[kind]
            for j in holders:
                scores[j] += weight
        scores.pop(i, None)  # counted with the others' (one test less per holder)
        # Only posts that can be among the first `count` are ranked in full: those within
        # a rounding of the count-th best score (a post of a big blog has hundreds).
        best = heapq.nlargest(count, scores.values())
        floor = max(THRESHOLD, best[-1] - 1e-6) if best else THRESHOLD
        posts, stamps = self.posts, self.stamps
        ranked = sorted((j for j, score in scores.items() if score >= floor),
                        key=lambda j: (-round(scores[j], 9), -stamps[j], posts[j].rel))
        return ranked[:count]


def related_posts(posts: tuple[Page, ...], count: int) -> dict[str, tuple[Page, ...]]:
    """Post URL -> up to `count` related posts, most related first (none: left out)."""
    if count <= 0 or len(posts) < 2:
        return {}
    scores = _Scores(posts)
    related: dict[str, tuple[Page, ...]] = {}
    for i, post in enumerate(posts):
        ranked = scores.ranked(i, count)
        if ranked:
            related[post.url] = tuple(posts[j] for j in ranked)
    return related


EDITS_WORTH_FOLLOWING = 32
"""More changed posts than this and every list is chosen again (following each change
would cost as much)."""


def related_after(posts: tuple[Page, ...], count: int, before: dict[str, RelatedKeys],
                  lists: dict[str, list[str]], now: dict[str, RelatedKeys] | None = None,
                  ) -> dict[str, tuple[Page, ...]] | None:
    """`related_posts(posts, count)`, given the posts' `related_keys` (by URL) when
    `related_posts(…, count)` gave `lists` (URLs): only the posts whose list a change can
    have changed are ranked again. None when the change is too big to follow. (`now`:
    the posts' `related_keys` by URL, if the caller has them.)

    Why the rest keep their lists: a post's scores are sums of the weights of the keys it
    shares with each other post, and a key's weight depends only on how many posts hold
    it. A changed post (added, removed, or with other keys) changes the holders of the
    keys it gained or lost, and only those; a post holding none of them keeps every
    score. When a post's date, path or URL changed, every post that shares a key with it
    may rank it differently: all of them are ranked again.
    """
    if count <= 0 or len(posts) < 2:
        return {}
    if now is None:
        now = {p.url: related_keys(p) for p in posts}
    changed = [url for url in now.keys() | before.keys() if now.get(url) != before.get(url)]
    if not changed:
        return _as_pages(posts, lists)
    if len(changed) > EDITS_WORTH_FOLLOWING:
        return None
    scores = _Scores(posts, now)
    by_url = {p.url: i for i, p in enumerate(posts)}
    gained: Counter[str] = Counter()  # by how many posts each key is held more than before
    touched: dict[str, None] = {}
    for url in changed:
        old, new = before.get(url), now.get(url)
        then = _keys_of(old) if old is not None else {}
        later = scores.keys[by_url[url]] if new is not None else {}
        gained.update(later.keys() - then.keys())
        gained.subtract(then.keys() - later.keys())
        same_place = old is not None and new is not None and _tie_break(old) == _tie_break(new)
        touched.update(dict.fromkeys(then.keys() ^ later.keys() if same_place
                                     else then.keys() | later.keys()))
    again = {by_url[url] for url in changed if url in by_url}
    for key in touched:
        holders = scores.holders.get(key, ())
        if _counts(len(holders)) or _counts(len(holders) - gained[key]):
            # (posts that held it before and not now are changed posts: in `again`)
            again.update(holders)
    related: dict[str, tuple[Page, ...]] = {}
    for i, post in enumerate(posts):
        if i in again:
            ranked = scores.ranked(i, count)
            if ranked:
                related[post.url] = tuple(posts[j] for j in ranked)
        elif post.url in lists:
            kept = [by_url.get(url) for url in lists[post.url]]
            if None in kept:
                return None  # a list of a post no change reached names a post now gone
            related[post.url] = tuple(posts[j] for j in kept if j is not None)
    return related


def _tie_break(read: RelatedKeys) -> tuple[dt.datetime | None, str]:
    """What decides between posts of equal scores: the date, then the source path."""
    return read[7], read[1]


def _counts(holders: int) -> bool:
    """Whether a key held by this many posts scores at all."""
    return 2 <= holders <= COMMON


def _as_pages(posts: tuple[Page, ...], lists: dict[str, list[str]]
              ) -> dict[str, tuple[Page, ...]] | None:
    by_url = {p.url: p for p in posts}
    try:
        return {url: tuple(by_url[u] for u in urls) for url, urls in lists.items()}
    except KeyError:
        return None


def remembering(recall: Callable[[str, str], bytes | None],
                keep: Callable[[str, str, bytes], None], version: str) -> ChooseRelated:
    """`related_posts`, its lists kept by `keep(name, key, data)` with what they were
    chosen from (`related_keys` of every post), and given back by `recall(name, key)`
    while the count and `version` of the code are the same: an edit that changes what a
    few posts are chosen by ranks again only the posts it can reach (`related_after`),
    one that changes nothing ranks none. The lists go by URL (the pages are this
    build's)."""

    def choose(posts: tuple[Page, ...], count: int) -> dict[str, tuple[Page, ...]]:
        name = f"related:{posts[0].lang if posts else ''}"  # one per language
        key = hashlib.blake2b(repr((version, count)).encode(), digest_size=16).hexdigest()
        now = {p.url: related_keys(p) for p in posts}
        data = recall(name, key)
        previous = _unpickled(data) if data is not None else None
        related = None
        if previous is not None:
            before, lists = previous
            if before == now:
                related = _as_pages(posts, lists)
                if related is not None:
                    return related
            else:
                related = related_after(posts, count, before, lists, now)
        if related is None:
            related = related_posts(posts, count)
        keep(name, key, pickle.dumps((now, {url: [p.url for p in pages]
                                            for url, pages in related.items()}),
                                     protocol=pickle.HIGHEST_PROTOCOL))
        return related

    return choose


def _unpickled(data: bytes) -> tuple[dict[str, RelatedKeys], dict[str, list[str]]] | None:
    """What `remembering` kept (None: not that, e.g. from another version)."""
    try:
        before, lists = pickle.loads(data)
    except Exception:  # noqa: BLE001 - anything else in its place: choose them again
        return None
    if not isinstance(before, dict) or not isinstance(lists, dict):
        return None
    return before, lists

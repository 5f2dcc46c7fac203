"""Which of the posts that shared an old URL the Jekyll site showed there: the one it
wrote last. Jekyll sorts the posts by date, then by path, and writes them in that order,
each over the one before at a URL they share (and, on macOS and Windows, whose file
systems ignore case, at one differing from it only in case: `/attention/` and
`/Attention/`). The import gives that URL to that post."""

from __future__ import annotations

import datetime as dt
from typing import Protocol

from lanting.importer.item import Item, new_url, site_path
from lanting.importer.report import Report
from lanting.importer.text import When


class _Slugs(Protocol):
    """What of the `NewSite` the posts' URLs come from."""

    permalink: str
    report: Report

    def swap_slugs(self, one: Item, other: Item) -> None: ...


class _Table(Protocol):
    urls: dict[str, Item]


def written_last(posts: list[Item], site: _Slugs, table: _Table) -> None:
    """Give each old URL that published posts shared (in folded case) to the one Jekyll
    wrote last: it takes the new URL of that place from an earlier one, and the
    earlier ones lose that old URL, with a warning naming the post shown there."""
    sharing: dict[str, list[Item]] = {}
    for item in posts:
        if item.draft:
            continue
        for place in dict.fromkeys(_place(u) for u in item.old_urls):
            sharing.setdefault(place, []).append(item)
    for place, items in sharing.items():
        if len(items) < 2:
            continue
        *earlier, last = sorted(items, key=_jekylls_order)
        holder = next((i for i in earlier
                       if _place(new_url(i, site.permalink)) == place), None)
        shown = site.report.rel(last.source) if last.source else last.slug
        if holder is not None and _place(new_url(last, site.permalink)) != place:
            site.swap_slugs(holder, last)
            if _place(new_url(last, site.permalink)) != place:
                site.swap_slugs(holder, last)  # (the date is in the URL too: the earlier
                continue  # post keeps its place, `keep_old_urls` reporting the other)
            # (its slug the second when added: the warning saying so is no longer true)
            site.report.entries = [e for e in site.report.entries if not (
                e.path == shown and e.message.startswith("slug `")
                and " is taken by " in e.message)]
        for item in earlier:
            dropped = [u for u in item.old_urls if _place(u) == place]
            item.old_urls = [u for u in item.old_urls if _place(u) != place]
            for url in dropped:
                if site_path(url) in (site_path(u) for u in last.old_urls):
                    table.urls[site_path(url)] = last  # (a link there showed `last`)
                site.report.warn(item.source or "", None, f"old URL `{site_path(url)}` left "
                                 f"out: Jekyll wrote {shown} there after this post (the "
                                 "same URL, or one differing only in case: one folder on "
                                 "macOS and Windows), so the old site showed that one; this "
                                 f"post is at {new_url(item, site.permalink)}")


def _place(url: str) -> str:
    """The folder or file an old URL was written to, in folded case."""
    return site_path(url).removesuffix("index.html").casefold()


def _jekylls_order(item: Item) -> tuple[dt.datetime, str]:
    """Jekyll's order of posts: by date, then by path."""
    date = item.front.get("date")
    moment = date.moment if isinstance(date, When) else dt.datetime.min.replace(tzinfo=dt.UTC)
    return moment, item.source.as_posix() if item.source else item.slug

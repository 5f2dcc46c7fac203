"""The `children` shortcode of hugo-theme-learn and its forks (relearn, docdock): the
list of the pages under a chapter (its pages and sections, and theirs to its `depth`),
which the theme drew from Hugo's tree of pages, written out as links to them. It was
left in a comment with a warning: a chapter holding nothing else was an empty page."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.markups import page_text
from lanting.importer.text import load_mapping, split_front_matter

_SORTS = ("weight", "title", "date", "linktitle")
"""The orders `sort=` names that the list keeps (relearn's `ByWeight`, `ByTitle`, …)."""


def children_list(args: str, written: str, page: Item, items: Iterable[Item],
                  link: Callable[[Item], str], ctx: Context) -> str:
    """The Markdown list `{{% children … %}}` on `page` stood for: its children (not
    drafts, not `hidden` unless `showhidden=true`), in the order `sort=` names (Hugo's
    by default: weight, a weight of 0 last, then date, newest first, then title), each
    `- [title](link)`, with its `description` when `description=true`, and theirs,
    indented, to `depth` levels."""
    named = B.arguments(args)[1]
    order = named.get("sort", "weight").lower()
    if order not in _SORTS:
        ctx.note(written, f"`sort=\"{named['sort']}\"`: the list is in Hugo's order "
                 "(weight, then date)")
        order = "weight"
    try:
        depth = max(1, int(named.get("depth", "1")))
    except ValueError:
        depth = 1
    options = _Options(order, depth, named.get("showhidden", "").lower() == "true",
                       named.get("description", "").lower() == "true")
    pool = [i for i in items if i.source is not None and not i.draft
            and i.kind in ("page", "post") and i.lang == page.lang]
    # (the file converted, the page's own: the home page's `_index.md` is no item's)
    lines = _lines(Path(ctx.path), pool, link, options, 0)
    if not lines:
        ctx.convert("lists of a chapter's pages (`children`), empty")
        return ""
    ctx.convert("lists of a chapter's pages (`children`)")
    return B.block("\n".join(lines))


@dataclass(frozen=True, slots=True)
class _Options:
    order: str
    depth: int
    """How many levels of pages under the page are listed."""
    hidden: bool
    """Whether pages marked `hidden` are listed too."""
    described: bool
    """Whether each page's `description` follows its link."""


def _lines(source: Path, pool: list[Item], link: Callable[[Item], str], options: _Options,
           level: int) -> list[str]:
    if level >= options.depth or not source.name.startswith("_index."):
        return []  # (a page or a leaf bundle has no pages under it)
    lines = []
    for item, data in _children(source.parent, source, pool, options):
        assert item.source is not None
        title = str(data.get("linkTitle") or item.front.get("title") or item.slug)
        about = str(data.get("description") or "").strip() if options.described else ""
        lines.append("  " * level + f"- [{title.replace(']', chr(92) + ']')}]({link(item)})"
                     + (f" — {' '.join(about.split())}" if about else ""))
        lines += _lines(item.source, pool, link, options, level + 1)
    return lines


def _children(folder: Path, source: Path | None, pool: list[Item],
              options: _Options) -> list[tuple[Item, dict[str, Any]]]:
    """The pages of `pool` right under the section of `folder` (not its own page,
    `source`), with their front matter, in `options`' order."""
    found = []
    for item in pool:
        assert item.source is not None
        data = _front(item.source)
        if (_parent(item.source) == folder and item.source != source
                and (options.hidden or data.get("hidden") is not True)):
            found.append((item, data))
    return sorted(found, key=lambda f: _key(f[0], f[1], options.order))


def chapters(content: Path, items: Iterable[Item]) -> list[tuple[str, Item]]:
    """The top-level sections and pages of a learn theme's site, in its sidebar's order
    (weight, then date), each with the sidebar's name for it (`menuTitle`, else its
    `linkTitle` or title): the new site's menu, where the old site configured none."""
    pool = [i for i in items if i.source is not None and not i.draft and not i.lang
            and i.kind in ("page", "post")]
    return [(str(data.get("menuTitle") or data.get("linkTitle") or item.front.get("title")
                 or item.slug), item)
            for item, data in _children(content, None, pool,
                                        _Options("weight", 1, False, False))]


def _parent(source: Path) -> Path:
    """The folder of the section a page is in: a section's `_index.md` and a bundle's
    `index.md` are in their folder's parent."""
    return source.parent.parent if source.stem in ("_index", "index") \
        or source.name.startswith(("_index.", "index.")) else source.parent


def _front(source: Path) -> dict[str, Any]:
    fmt, head, _body, _first = split_front_matter(page_text(source))
    data, _error = load_mapping(fmt or "yaml", head)
    return data


def _key(item: Item, data: dict[str, Any], order: str) -> tuple[Any, ...]:
    title = str(data.get("linkTitle") or item.front.get("title") or item.slug).lower()
    if order in ("title", "linktitle"):
        return (title,)
    date = data.get("date")
    stamp = date.timestamp() if isinstance(date, dt.datetime) else dt.datetime.combine(
        date, dt.time()).timestamp() if isinstance(date, dt.date) else 0.0
    if order == "date":
        return (stamp, title)
    weight = data.get("weight")
    weight = weight if isinstance(weight, int) and weight != 0 else None
    # (Hugo's default order: pages with a weight first, by it; then newest first)
    return (weight is None, weight or 0, -stamp, title)

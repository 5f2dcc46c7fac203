"""The ids VitePress gave a page's headings (and its other anchors), and the `#links`
to them: written by hand in other case or punctuation (`#DDIM-采样`), or to another page's
heading (`./b.md#x`), they are pointed at the heading meant, or dropped with a warning
when they named nothing on the old site either. Shared with the Docusaurus, docsify and
mdBook importers, whose ids another `slug` makes."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote

from lanting.importer import body as B
from lanting.importer.body_fragments import (
    fragment_key,
    heading_lines,
    heading_matcher,
    repair_page_fragments,
)
from lanting.importer.body_links import DROPPED
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.shelf import Shelf, protect_code
from lanting.markdown.anchors import vitepress_slug
from lanting.model.names import unique

_CUSTOM_ID = re.compile(r"[ \t]*\{#([^}\s]+)\}[ \t]*$")
_ANY_ID = re.compile(r"""\b(?:id|name)\s*=\s*["']?([^"'\s>]+)|\{#([^}\s]+)|\\label\{([^}]+)\}"""
                     r"|^\[\^([^\]]+)\]:", re.MULTILINE)
"""Anchors a page may set besides its headings: HTML `id`/`name`, `{#id}`, a formula's
`\\label`, a footnote."""


_HEADING_MATH = re.compile(r"(?<!\\)\$\$?((?:\\.|[^$\\])+)\$\$?")


def page_ids(text: str, shelf: Shelf, slug: Callable[[str], str] = vitepress_slug) -> tuple[
        list[str], set[str]]:
    """The ids VitePress (or a site whose ids `slug` makes: Docusaurus's are GitHub's)
    gave a page's headings, in order (`text` with its code on the shelf), and its other
    anchors (`_ANY_ID`)."""
    ids: list[str] = []
    seen: dict[str, int] = {}
    for heading in heading_lines(text):
        custom = _CUSTOM_ID.search(heading)
        # (a second `## 用法` is `#用法-1`, on the old site as on the new)
        # (a formula's TeX without its `$`: the old site's slug took the math token's
        # text, `## 绘制$sin(x)$` is `#绘制sin-x`)
        plain = _HEADING_MATH.sub(r"\1", B.plain_inline(shelf.restore(heading)))
        ids.append(custom.group(1) if custom else unique(slug(plain), seen))
    return ids, {name for found in _ANY_ID.findall(shelf.restore(text)) for name in found}


PageAnchors = dict[Path, tuple[list[str], set[str]]]
"""Each linked page's heading ids and other anchors (`page_ids`), read once a page."""


def other_page_fragment(wanted: str, page: Path, documents: list[tuple[Item, str, Path]],
                        known: PageAnchors, slug: Callable[[str], str], url: str,
                        ctx: Context) -> str | None:
    """The id on `page` (one of `documents`) that a link's `#wanted` meant: as written
    when the page has it; the heading's id when the old site only spelled it otherwise
    (`#AT` for `#at`, counted as repaired); None when it names nothing there, with a
    warning: the old site's link was dead, and the browser showed the page's top."""
    if page not in known:
        body = next((t for _i, t, p in documents if p.resolve() == page.resolve()), "")
        shelf = Shelf()
        known[page] = page_ids(protect_code(body, shelf), shelf, slug)
    ids, anchors = known[page]
    if wanted in ids or wanted in anchors or wanted == "top":
        return wanted
    found = heading_matcher(ids, slug)(wanted)
    if found is not None:
        ctx.convert("#links to headings repaired")
        return found
    ctx.warn(url, f"link `{url}`: no heading or anchor `#{wanted}` on that page (a "
             "dead link of the old site): it goes to the page's top")
    return None


def fragments(text: str, shelf: Shelf, ctx: Context) -> str:
    """`[x](#DDIM-采样)` or `[x](#为什么？)` to the heading `## DDIM 采样` (`#ddim-采样`) or
    `## 为什么？` (`#为什么`): written by hand (or by Typora), the link named no heading
    on the old site, whose ids are lower case and drop punctuation, but the heading it
    meant is plain. Lanting's build fails on it: pointed at the heading, with a notice.
    A `#link` naming nothing on the page (`#fig:aws-signup-1`, a label of the book the
    text was converted from) went nowhere on the old site: its text is kept, without
    the link, with a warning. So does `[x](#结合 Animate.css 使用)`, a heading linked by
    its words as Typora writes it: no link to markdown-it (its destination holds a
    space), but one to Lanting's Markdown, which fails the build when it names nothing."""
    ids, anchors = page_ids(text, shelf)
    meant = heading_matcher(ids, vitepress_slug)

    def spaced(match: re.Match[str]) -> str:
        # (code in it, `#结合 `vue3 transition` 使用`, is on the shelf: its words count)
        fragment, written = shelf.restore(match.group(2)).strip(), shelf.restore(match.group())
        if re.fullmatch(r"""\S+\s+(["']).*\1""", fragment):
            return match.group()  # (`#x "title"`: a link with a title)
        found = meant(fragment.replace("`", ""))
        if found is not None:
            ctx.note(written, f"the link `#{fragment}` was no link on the old page "
                     f"(a space in it): it goes to `#{found}`")
            ctx.convert("#links to headings repaired")
            return f"{match.group(1)}#{found})"
        ctx.warn(written, f"link `#{fragment}`: no heading or anchor of the page has "
                 "that id (a dead link of the old site): its text kept, without the link")
        return f"]({DROPPED})"

    text = _SPACED_FRAGMENT.sub(spaced, text)
    return repair_page_fragments(text, ids, vitepress_slug, anchors, ctx, DROPPED,
                                 " (its ids were lower case, without punctuation)")


_SPACED_FRAGMENT = re.compile(r"(\]\()#([^()\s][^()\n]*?[ \t][^()\n]*?)\)")
"""`](#words with spaces)`, as Typora links a heading (not `](#x "title")`)."""


def title_links(text: str, title: str) -> tuple[str, int]:
    """Links to the page's first heading, `[CH1 入门](#ch1-入门)` atop a table of contents,
    when that heading leaves the text to be the title (which Lanting shows above it):
    `#top`, the page's top, where the title is. (Its id as VitePress made it, or as an
    editor's table of contents for GitHub wrote it, `#ch1入门`.) Returns (text, how
    many)."""
    own = vitepress_slug(title)
    keys = {own, fragment_key(own)} - {""}

    def one(match: re.Match[str]) -> str:
        fragment = unquote(match.group(2))
        return f"{match.group(1)}#top)" if fragment not in ("", "top") and (
            vitepress_slug(fragment) in keys or fragment_key(fragment) in keys) \
            else match.group()

    new = _FRAGMENT_LINK.sub(one, text)
    return new, new.count("](#top)") - text.count("](#top)")


_FRAGMENT_LINK = re.compile(r"(\]\()#([^)\s]+)\)")

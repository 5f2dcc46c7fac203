"""Plugin: rewrite links between sources (`[text](other-post.md)`) to the pages' URLs.

Relative links and image sources are resolved against the linking file's folder in
`content/`; a target that is a known page or asset gets its output URL. Every link is
recorded with its line so the checker can report broken ones.
"""

from __future__ import annotations

import functools
import html
import posixpath
import re
from urllib.parse import unquote

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore

_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.\-]*:")


@functools.lru_cache(maxsize=1 << 16)  # every build asks again for every link of every page
def content_target(url: str, here: str) -> str | None:
    """The `content/`-relative path a relative link points at (None for other links)."""
    if not url or url.startswith(("#", "/")) or _SCHEME.match(url):
        return None
    path = url.partition("#")[0].partition("?")[0]
    return posixpath.normpath(posixpath.join(posixpath.dirname(here), unquote(path)))


PLACEHOLDER = "lanting-link:"
"""A relative link is rendered as `lanting-link:N` (N indexes the page's link records)
and replaced by the target's URL once every page's URL is known: rendering a page never
depends on the rest of the site, so pages render in parallel and are cached alone."""
# Starts with a literal so that `re` skips ahead to candidates; the attribute's name is
# checked in `resolve_placeholders` (ten times faster on a long page than `(href|src)=`).
_PLACEHOLDER_ATTR = re.compile(r'="lanting-link:(\d+)"')


def split_suffix(url: str) -> tuple[str, str]:
    """`a.md?x#y` -> (`a.md`, `?x#y`)."""
    path, hash_mark, fragment = url.partition("#")
    path, query_mark, query = path.partition("?")
    return path, query_mark + query + hash_mark + fragment


def rebase(url: str, base_path: str) -> str:
    """A root-relative link gets the site's base path (`/about/` -> `/blog/about/`)."""
    if url.startswith("/") and not url.startswith("//") and base_path != "/" \
            and not url.startswith(base_path):
        return base_path + url[1:]
    return url


def _spellings(url: str) -> list[str]:
    """How `url` (as markdown-it normalised it) may be written in the source."""
    forms = [url, unquote(url), html.escape(unquote(url), quote=False)]
    return [f for i, f in enumerate(forms) if f and f not in forms[:i]]


_DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:[ \t]*<?([^\s>]+)")


def definitions(lines: list[str]) -> dict[str, tuple[int, int]]:
    """URL -> (0-based line, 1-based column) of each reference definition `[x]: url`."""
    found: dict[str, tuple[int, int]] = {}
    for number, text in enumerate(lines):
        match = _DEFINITION.match(text)
        if match:
            found.setdefault(match.group(1), (number, match.start(1) + 1))
    return found


_DESTINATION = re.compile(r"\]\([ \t]*<?|<")
"""Where a link destination can start: after `](` (or `](<`), or after `<` (autolinks)."""
LOOKAHEAD = 64
"""Candidates tried per link: keeps a paragraph of thousands of links linear."""


class _Block:
    """The places in one block's source lines where link destinations may be written."""

    def __init__(self, lines: list[str], first: int, last: int) -> None:
        self.lines = lines
        self.first = first
        self.spots = [(number, match.end())
                      for number in range(first, min(last, len(lines)))
                      for match in _DESTINATION.finditer(lines[number])]
        self.next = 0

    def locate(self, url: str, defined: dict[str, tuple[int, int]]) -> tuple[int, int | None]:
        """(0-based line, 1-based column) where `url` is written, for messages.

        markdown-it's inline tokens carry no positions, so the links of a block are
        matched in order against the destinations written in its lines; a reference
        link points at its definition; failing both, the block's first line.
        """
        forms = _spellings(url)
        for index in range(self.next, min(self.next + LOOKAHEAD, len(self.spots))):
            number, column = self.spots[index]
            if any(self.lines[number].startswith(form, column) for form in forms):
                self.next = index + 1
                return number, column + 1
        for form in forms:
            if form in defined:
                return defined[form]
        return self.first, None


def _rewrite(state: StateCore) -> None:
    ctx = state.env.get("lanting")
    if ctx is None:
        return
    records: list[tuple[str, int, int | None, str | None, bool]] = state.env.setdefault(
        "links", [])
    lines = state.src.split("\n")
    defined = definitions(lines) if "]:" in state.src else {}
    for block in state.tokens:
        if block.type != "inline" or not block.children:
            continue
        first, last = block.map if block.map else (0, 1)
        places: _Block | None = None
        for child in block.children:
            attr = "href" if child.type == "link_open" else "src" if child.type == "image" else None
            if attr is None:
                continue
            url = str(child.attrGet(attr) or "")
            places = places or _Block(lines, first, last)
            number, column = places.locate(url, defined) if url else (first, None)
            target = content_target(url, ctx.rel)
            if child.type == "image":
                child.meta["content_path"] = target
            if target is not None:
                child.attrSet(attr, f"{PLACEHOLDER}{len(records)}")
            else:
                child.attrSet(attr, rebase(url, ctx.base_path))
            records.append((url, ctx.body_line + number, column, target, child.type == "image"))


def resolve_placeholders(html: str, links: list[tuple[str, str | None]],
                         link_map: dict[str, str]) -> str:
    """Replace link placeholders with URLs; links to unknown targets keep what was written."""

    def replace(match: re.Match[str]) -> str:
        start = match.start()
        if not html.endswith(("href", "src"), 0, start):
            return match.group(0)
        url, target = links[int(match.group(1))]
        if target is not None and target in link_map:
            return f'="{link_map[target]}{escape_attr(split_suffix(url)[1])}"'
        return f'="{escape_attr(url)}"'

    return _PLACEHOLDER_ATTR.sub(replace, html) if PLACEHOLDER in html else html


def escape_attr(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(
        ">", "&gt;")


def links_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("lanting_links", _rewrite)

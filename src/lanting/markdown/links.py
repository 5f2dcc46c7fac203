"""Plugin: rewrite links between sources (`[text](other-post.md)`) to the pages' URLs.

Relative links and image sources are resolved against the linking file's folder in
`content/`; a target that is a known page or asset gets its output URL. Every link is
recorded with its line so the checker can report broken ones.
"""

from __future__ import annotations

import posixpath
import re
from urllib.parse import unquote

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore

_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.\-]*:")


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
_PLACEHOLDER_ATTR = re.compile(r'(href|src)="lanting-link:(\d+)"')


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


def _locate(src_lines: list[str], block_map: list[int] | None, url: str) -> tuple[int, int]:
    """0-based line and 1-based column of `url` inside its block's source lines."""
    first, last = block_map if block_map else (0, 1)
    for number in range(first, min(last, len(src_lines))):
        column = src_lines[number].find(url) if url else -1
        if column >= 0:
            return number, column + 1
    return first, 1


def _rewrite(state: StateCore) -> None:
    ctx = state.env.get("lanting")
    if ctx is None:
        return
    records: list[tuple[str, int, int, str | None]] = state.env.setdefault("links", [])
    src_lines = state.src.split("\n")
    for block in state.tokens:
        if block.type != "inline" or not block.children:
            continue
        for child in block.children:
            attr = "href" if child.type == "link_open" else "src" if child.type == "image" else None
            if attr is None:
                continue
            url = str(child.attrGet(attr) or "")
            line, column = _locate(src_lines, block.map, url)
            target = content_target(url, ctx.rel)
            if child.type == "image":
                child.meta["content_path"] = target
            if target is not None:
                child.attrSet(attr, f"{PLACEHOLDER}{len(records)}")
            else:
                child.attrSet(attr, rebase(url, ctx.base_path))
            records.append((url, ctx.body_line + line, column, target))


def unresolved_links(links: list[tuple[str, str | None]], link_map: dict[str, str]) -> list[int]:
    """Indexes of links to sources (`.md`, `.ipynb`) that are not pages of this build."""
    return [i for i, (_url, target) in enumerate(links)
            if target is not None and target not in link_map
            and target.endswith((".md", ".ipynb"))]


def resolve_placeholders(html: str, links: list[tuple[str, str | None]],
                         link_map: dict[str, str]) -> str:
    """Replace link placeholders with URLs; links to unknown targets keep what was written."""

    def replace(match: re.Match[str]) -> str:
        url, target = links[int(match.group(2))]
        if target is not None and target in link_map:
            return f'{match.group(1)}="{link_map[target]}{escape_attr(split_suffix(url)[1])}"'
        return f'{match.group(1)}="{escape_attr(url)}"'

    return _PLACEHOLDER_ATTR.sub(replace, html) if PLACEHOLDER in html else html


def escape_attr(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(
        ">", "&gt;")


def links_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("lanting_links", _rewrite)

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


def resolve_link(url: str, here: str, link_map: dict[str, str], base_path: str) -> str | None:
    """The output URL for `url` written in content file `here`, or None if it is not ours.

    Returns `url` unchanged for external links and fragments, a rewritten URL for a known
    source or asset, and None for a relative link to an unknown `.md` file.
    """
    if not url or url.startswith(("#", "//")) or _SCHEME.match(url):
        return url
    path, hash_mark, fragment = url.partition("#")
    path, query_mark, query = path.partition("?")
    suffix = (query_mark + query) + (hash_mark + fragment)
    if path.startswith("/"):
        if base_path != "/" and not path.startswith(base_path):
            return base_path + path[1:] + suffix
        return url
    target = posixpath.normpath(posixpath.join(posixpath.dirname(here), unquote(path)))
    if target in link_map:
        return link_map[target] + suffix
    if target.endswith(".md") or target.endswith(".ipynb"):
        return None
    return url


def _rewrite(state: StateCore) -> None:
    ctx = state.env.get("lanting")
    if ctx is None:
        return
    records: list[tuple[str, int]] = state.env.setdefault("links", [])
    for block in state.tokens:
        if block.type != "inline" or not block.children:
            continue
        line = ctx.body_line + (block.map[0] if block.map else 0)
        for child in block.children:
            attr = "href" if child.type == "link_open" else "src" if child.type == "image" else None
            if attr is None:
                continue
            url = str(child.attrGet(attr) or "")
            resolved = resolve_link(url, ctx.rel, ctx.link_map, ctx.base_path)
            records.append((url, line))
            if child.type == "image":
                child.meta["content_path"] = content_target(url, ctx.rel)
            if resolved is None:
                state.env.setdefault("unresolved", []).append((url, line))
            elif resolved != url:
                child.attrSet(attr, resolved)


def links_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("lanting_links", _rewrite)

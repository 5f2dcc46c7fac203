"""Where a VitePress or VuePress page was: its file's path (`guide/x.md` at
`/guide/x.html`, `/guide/x` with VitePress's `cleanUrls`; a `README.md` — VitePress: an
`index.md` — at its folder), moved by VitePress's `rewrites` (`'post/(.*)': '(.*)'`,
`':lang/posts/:slug.md': ':lang/:slug.md'`), or a front-matter `permalink`; or no page at
all, its file named by VitePress's `srcExclude`."""

from __future__ import annotations

import posixpath
import re
from typing import Any
from urllib.parse import unquote

from lanting.importer.item import path_url

_TOKEN = re.compile(r":(\w+)(\([^)]*\))?([*+?])?|\(([^)]*)\)")
"""A parameter of a path-to-regexp pattern: `:name`, `:name(regex)`, `:rest*` (any
segments: VitePress's own docs write `'en/:rest*': ':rest*'`) or `(regex)`."""
_MODIFIED = {"*": ".*", "+": ".+", "?": "[^/]*"}


def rewritten(rel: str, rewrites: dict[str, str]) -> str:
    """`rel` (a page's path from the source folder) as the first matching rewrite
    makes it. Patterns are path-to-regexp's, as VitePress reads them: `:name` one path
    segment, `:name(.*)` and `(.*)` what their regex matches."""
    for pattern, target in rewrites.items():
        regex, names = _compiled(pattern)
        found = regex.fullmatch(rel)
        if found is None:
            continue
        return _filled(target, names, list(found.groups()))
    return rel


def _filled(target: str, names: list[str], values: list[str]) -> str:
    """`target` with each parameter the value its name (or place, unnamed) matched."""
    named = {n: v for n, v in zip(names, values, strict=True) if n}
    unnamed = iter(v for n, v in zip(names, values, strict=True) if not n)
    return _TOKEN.sub(lambda m: named.get(m.group(1), m.group()) if m.group(1)
                      else next(unnamed, ""), target)


def _compiled(pattern: str) -> tuple[re.Pattern[str], list[str]]:
    names: list[str] = []
    parts: list[str] = []
    at = 0
    for token in _TOKEN.finditer(pattern):
        parts.append(re.escape(pattern[at:token.start()]))
        names.append(token.group(1) or "")
        inner = token.group(2)[1:-1] if token.group(2) else token.group(4) \
            if token.group(4) is not None else _MODIFIED.get(token.group(3) or "", "[^/]+")
        parts.append(f"({inner})")
        at = token.end()
    parts.append(re.escape(pattern[at:]))
    return re.compile("".join(parts)), names


def old_urls(route: str, data: dict[str, Any], kind: str, clean: bool) -> list[str]:
    """The URLs the old site showed the page at (`route`: its path from the source
    folder, rewritten; `kind`: vitepress or vuepress)."""
    urls: list[str] = []
    permalink = data.get("permalink")
    if isinstance(permalink, str) and permalink.startswith("/"):
        urls.append(permalink)
    stem = path_url(route.rsplit(".", 1)[0])
    folder, _, name = stem.rpartition("/")
    if name.lower() == "index" or (name.lower() == "readme" and kind == "vuepress"):
        urls.append("/" + (folder + "/" if folder else ""))
    elif clean:  # (`/guide/x`, answered by a folder's page: `/guide/x/`)
        urls += [f"/{stem}/", f"/{stem}.html"]
    else:
        urls.append(f"/{stem}.html")
    return list(dict.fromkeys(urls))


def excluded(rel: str, patterns: list[str]) -> bool:
    """Whether a glob of VitePress's `srcExclude` (fast-glob's, from the source folder)
    names the file at `rel`: `**/README.md` at any depth, `reference/**` under that
    folder, `draft-*.md` in the top folder only (`*` stays in its folder)."""
    return any(_glob(p).fullmatch(rel) for p in patterns)


def _glob(pattern: str) -> re.Pattern[str]:
    parts = re.split(r"(\*\*/|\*\*|\*|\?|\{[^{}]*\})", pattern.strip().lstrip("./"))
    regex = {"**/": "(?:.*/)?", "**": ".*", "*": "[^/]*", "?": "[^/]"}
    return re.compile("".join(
        regex.get(part) or ("(?:" + "|".join(re.escape(a) for a in part[1:-1].split(","))
                            + ")" if part.startswith("{") else re.escape(part))
        for part in parts))


def file_route(link: str) -> str:
    """The route VuePress 2 resolves a link naming a Markdown file to: `/graphics/README.md`
    (or `index.md`) its folder, `/x.md` `/x.html` — where a page a `permalink` moved
    there answers it (plume's notes: the navbar's `/graphics/README.md` is the page at
    `/graphics/`, a file of `notes/repos/graphics/`)."""
    folder, _slash, name = link.rpartition("/")
    if name.lower() in ("readme.md", "index.md"):
        return folder + "/"
    return link[:-3] + ".html" if name.endswith(".md") else link


def served_path(page_url: str, rel: str) -> str:
    """Where a relative link of the page served at `page_url` led, read as the browser
    read it, from the page's folder: `../notes/a.pdf` of `/books/list.html` (or of
    `/books/list`, VitePress's clean URL) is `/notes/a.pdf`, a file of `public/`."""
    folder = unquote(page_url).rpartition("/")[0]
    found = posixpath.normpath(f"{folder}/{rel}")
    return "/" + found.lstrip("/")

"""docsify's routes and its lists of links (`_sidebar.md`, `_navbar.md`).

A route names a Markdown file without its `.md`: `guide/intro` is `guide/intro.md`,
`guide/` is `guide/README.md`, `/` the home page. A link in a page is a route from the
site's root (with `relativePath: true`, from the page's folder); `#/guide/intro` is the
same route written as the hash URL the browser showed, and `?id=x` names a heading."""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

_ITEM = re.compile(r"^([ \t]*)(?:[-*+]|\d{1,9}[.)])[ \t]+(.*?)[ \t]*$")
_LINK = re.compile(r"\[((?:[^\[\]\n]|\[[^\]\n]*\])*)\]\(\s*(<[^>\n]*>|[^)\s]*)"
                   r"(?:\s+(?:\"[^\"\n]*\"|'[^'\n]*'))*\s*\)")


@dataclass
class Entry:
    """One line of a list of links: its words, the link (empty for a heading line that
    names a section) and how deep it is (0 at the top)."""

    title: str
    link: str
    depth: int
    line: int
    sidebar: Path | None = None
    """The sub-folder's sidebar the entry is a line of (None: the root's)."""


def list_entries(text: str) -> list[Entry]:
    """The list items of a sidebar or navbar, in order; text outside the list (a heading,
    a comment) is not an entry."""
    text = re.sub(r"<!--.*?-->", lambda m: "\n" * m.group().count("\n"), text,
                  flags=re.DOTALL)
    entries: list[Entry] = []
    indents: list[int] = []
    for number, line in enumerate(text.split("\n"), 1):
        found = _ITEM.match(line)
        if not found:
            continue
        width = len(found.group(1).expandtabs(4))
        while indents and indents[-1] >= width:
            indents.pop()
        depth = len(indents)
        indents.append(width)
        words = found.group(2)
        link = _LINK.search(words)
        if link:
            title, target = link.group(1).strip(), link.group(2).strip("<>")
        else:
            # (`[Algorithms]`, a link not written yet, is its name)
            title, target = re.sub(r"[*_`]|^\[(.*)\]$", r"\1", words.strip()).strip(), ""
        entries.append(Entry(title, target, depth, number))
    return entries


def split_route(url: str) -> tuple[str, str]:
    """(the route, the heading it names): `#/guide/intro?id=setup` is `/guide/intro`,
    `setup`; a plain `#setup` is no route (`""`, `setup`)."""
    url = url.strip()
    if url.startswith("#/"):
        url = url[1:]
    elif url.startswith("#"):
        return "", url[1:]
    path, _, query = url.partition("?")
    path, _, fragment = path.partition("#")
    found = re.search(r"(?:^|&)id=([^&]*)", query)
    return unquote(path), unquote(found.group(1)) if found else unquote(fragment)


def route_files(folder: Path, route: str, here: Path | None) -> list[Path]:
    """The files a route may name, the likeliest first: from the site's root, or from
    `here` (the page's folder, `relativePath`) for a relative route."""
    if route.startswith("/") or here is None:
        base = posixpath.normpath(route.lstrip("/")) if route.strip("/") else ""
        start = folder
    else:
        base = route
        start = here
    base = "" if base in (".", "") else base
    path = start / base if base else start
    candidates: list[Path] = []
    if not base or route.endswith("/"):
        candidates += [path / "README.md", path / "index.md"]
    elif path.suffix.lower() in (".md", ".markdown"):
        candidates.append(path)
    else:
        candidates += [path.with_name(path.name + ".md"), path, path / "README.md"]
    return candidates

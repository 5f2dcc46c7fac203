"""The page a site's service worker shows when the reader is offline: the Hux blog's
`offline.html` (in its many forks), which its `sw.js` caches and serves when the
network fails. It is the theme's (its page header, a script), no text of the writer's,
and Lanting's site has no service worker: left out (so is the page of a fork that
took the worker out, its header alone)."""

from __future__ import annotations

import re
from pathlib import Path

from lanting.importer.common import read_text
from lanting.importer.text import split_front_matter

SERVICE_WORKERS = ("sw.js", "service-worker.js", "serviceworker.js")
"""The names a site's service worker has at its root."""


def offline_page(source: Path, path: Path, permalink: str) -> bool:
    """Whether the page `path` (at `permalink`, else at its file's URL) is the one the
    site's service worker names as a file to cache (`'./offline.html'`,
    `caches.match('offline.html')`)."""
    name = (permalink or path.relative_to(source).as_posix()).strip().strip("/")
    if not name.endswith(".html"):
        return False
    named = re.compile(r"""['"`](?:\.?/)?""" + re.escape(name) + r"""['"`]""")
    if any(named.search(read_text(source / worker)) for worker in SERVICE_WORKERS
           if (source / worker).is_file()):
        return True
    # (a fork that took the service worker out kept the page: the theme's header alone)
    return name == "offline.html" and not header_alone_text(
        split_front_matter(read_text(path))[2])


_NOT_TEXT = re.compile(r"<(header|script|style)\b.*?</\1\s*>|<!--.*?-->|<[^>]+>"
                       r"|\{%.*?%\}|\{\{.*?\}\}", re.DOTALL | re.IGNORECASE)


def header_alone_text(body: str) -> str:
    """The text of a page's body outside its `<header>`, scripts, styles, tags and
    Liquid: "" for the Hux blog's `offline.html`, its header over a script."""
    return _NOT_TEXT.sub("", body).strip()

"""The page a site's service worker shows when the reader is offline: the Hux blog's
`offline.html` (in its many forks), which its `sw.js` caches and serves when the
network fails. It is the theme's (its page header, a script), no text of the writer's,
and Lanting's site has no service worker: left out."""

from __future__ import annotations

import re
from pathlib import Path

from lanting.importer.common import read_text

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
    return any(named.search(read_text(source / worker)) for worker in SERVICE_WORKERS
               if (source / worker).is_file())

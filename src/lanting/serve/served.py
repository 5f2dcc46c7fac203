"""The files `lanting serve` holds in memory, as plain functions over them: what a rebuild
swaps in, which URLs that changes, and reading a generated file of a served site."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from lanting.model.output import Copy, OutputFile
from lanting.output.search_files import INDEX_DIR

PAGE_ASSETS = (".css", ".js", ".woff2", ".woff", ".svg", ".png", ".jpg", ".jpeg", ".gif",
               ".webp", ".avif", ".ico")
"""A changed file with one of these endings may show on every page."""

Served = dict[str, bytes | Path]
"""Output path -> the file's bytes, or the source file a copy is read from."""


def stamps(paths: Iterable[str]) -> dict[str, tuple[int, int, int, int] | None]:
    """Each file's size, times and inode (None if it is gone)."""
    found: dict[str, tuple[int, int, int, int] | None] = {}
    for path in paths:
        try:
            stat = os.stat(path)
        except OSError:
            found[path] = None
        else:
            found[path] = (stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino)
    return found


def page_url(path: str) -> str:
    """`posts/a/index.html` -> `/posts/a/`; other files keep their name."""
    return "/" + path.removesuffix("index.html")


def generated(files: Mapping[str, bytes | Path]) -> Callable[[str], bytes | None]:
    """Reads a generated file of `files`, a served site as it was when this was made
    (`store.files` is replaced, never changed in place, so it stays as it was)."""

    def read(path: str) -> bytes | None:
        data = files.get(path)
        return data if isinstance(data, bytes) else None

    return read


def swapped(old: Mapping[str, bytes | Path], files: Iterable[OutputFile],
            copies: Iterable[Copy]) -> tuple[Served, set[str]]:
    """The served files after a full rebuild made `files` and `copies` (a file it did not
    make again keeps its `old` data), and the URLs whose content changed ("*" when a
    stylesheet, script, font or image did: every page may show it)."""
    new: Served = {}
    for copy in copies:
        new[copy.path] = copy.source
    for file in files:
        new[file.path] = file.data if file.data is not None else old[file.path]
    for path, data in old.items():  # the search index stays until its successor is ready
        if path.startswith(INDEX_DIR + "/"):
            new.setdefault(path, data)
    changed = {page_url(path) for path in new.keys() | old.keys()
               if new.get(path) != old.get(path)}
    if any(path.endswith(PAGE_ASSETS) for path in changed):
        changed.add("*")
    return new, changed

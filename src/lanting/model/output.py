"""Files a build produces, before the writer puts them on disk."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from lanting.model.problem import Problem


@dataclass(frozen=True, slots=True)
class OutputFile:
    path: str
    """Relative to the output folder, POSIX separators."""
    data: bytes | None
    """None: the page's inputs are those of the previous build; keep that file."""
    fingerprint: str = ""
    """Digest of everything the file was made from (empty for files not tracked)."""
    make: Callable[[], bytes] | None = field(default=None, compare=False, repr=False)
    """Makes `data`, for a file still to be rendered (`materialize` runs these, in
    worker processes on a big build)."""

    @property
    def pending(self) -> bool:
        return self.data is None and self.make is not None


@dataclass(frozen=True, slots=True)
class SitemapEntry:
    url: str
    lastmod: dt.datetime | None
    alternates: tuple[tuple[str, str], ...] = ()
    """(hreflang, URL) of each language version, `x-default` last; empty if it has none."""


@dataclass(frozen=True, slots=True)
class Copy:
    """A file copied unchanged into the output."""

    source: Path
    path: str


@dataclass(frozen=True, slots=True)
class SearchIndex:
    files: tuple[OutputFile, ...]
    """Under `pagefind/`; empty when no page opted in."""
    pages: int
    """How many pages were indexed."""
    warnings: tuple[Problem, ...] = ()

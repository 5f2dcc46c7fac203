"""Slugs for URLs and heading ids that keep Chinese (and any other script) readable."""

from __future__ import annotations

import re
import unicodedata

RESERVED_PREFIX = "__lanting"
"""No URL of a site starts with it: `lanting serve` answers `/__lanting/…` itself (the
live-reload script and its event stream)."""

MAX_NAME_BYTES = 255
"""The longest file or folder name most file systems allow (ext4, XFS, APFS, NTFS: 255
bytes or characters); every part of an output path becomes one."""

_DROP = re.compile(r"[^\w\s\-]", re.UNICODE)
_SPACES = re.compile(r"[\s_\-]+")


def slugify(text: str, fallback: str = "section") -> str:
    """`"Column/Row Parallel 切分"` -> `"columnrow-parallel-切分"`; never empty, never `..`."""
    text = unicodedata.normalize("NFKC", text).lower()
    text = _DROP.sub("", text)
    text = _SPACES.sub("-", text).strip("-")
    return text or fallback


def unique(slug: str, seen: dict[str, int]) -> str:
    """`slug`, or `slug-1`, `slug-2`, … if it was already used (records the use)."""
    if slug not in seen:
        seen[slug] = 0
        return slug
    while True:
        seen[slug] += 1
        candidate = f"{slug}-{seen[slug]}"
        if candidate not in seen:
            seen[candidate] = 0
            return candidate

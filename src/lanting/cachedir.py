"""Housekeeping of a site's cache folder (`.lanting/`): files of which only the newest few
are worth keeping."""

from __future__ import annotations

from pathlib import Path


def keep_newest(folder: Path, pattern: str, count: int, current: Path) -> None:
    """Delete all but the `count` most recently written files matching `pattern` in
    `folder`; `current`, just written, is kept whatever its time stamp."""
    found = []
    for path in folder.glob(pattern):
        try:
            found.append((path.stat().st_mtime_ns, path))
        except OSError:
            continue  # deleted meanwhile by another build
    for _, old in sorted(found, reverse=True)[count:]:
        if old != current:
            old.unlink(missing_ok=True)

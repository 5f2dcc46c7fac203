"""Small file-system helpers every stage may use: file digests and pruning cache folders."""

from __future__ import annotations

import shutil
from pathlib import Path

from lanting.model.digest import bytes_digest


def file_digest(path: Path) -> str:
    """A digest of the file's bytes, or "" when it cannot be read."""
    try:
        return bytes_digest(path.read_bytes())
    except OSError:
        return ""


def keep_newest(folder: Path, pattern: str, count: int, current: Path) -> None:
    """Delete all but the `count` most recently written files (or folders) matching
    `pattern` in `folder`; `current`, just written, is kept whatever its time stamp. A
    symlink to a folder is left alone."""
    found = []
    for path in folder.glob(pattern):
        try:
            found.append((path.stat().st_mtime_ns, path))
        except OSError:
            continue  # deleted meanwhile by another build
    for _, old in sorted(found, reverse=True)[count:]:
        if old == current:
            continue
        if not old.is_dir():
            old.unlink(missing_ok=True)
        elif not old.is_symlink():
            shutil.rmtree(old, ignore_errors=True)

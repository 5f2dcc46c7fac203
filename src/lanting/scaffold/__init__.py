"""`lanting new DIR`: copy the starter site into an empty folder."""

from __future__ import annotations

import shutil
from pathlib import Path

from lanting.errors import UsageError

SCAFFOLD = Path(__file__).parent / "site"
"""The starter site, copied file by file."""


def new_site(target: Path) -> list[Path]:
    """Create a starter site in `target` (which must be missing or empty)."""
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise UsageError(f"{target} is not empty; `lanting new` only writes into a new or "
                         "empty folder")
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for path in sorted(SCAFFOLD.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            dest = target / path.relative_to(SCAFFOLD)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, dest)
            written.append(dest)
    return written

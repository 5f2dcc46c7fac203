"""`lanting new DIR`: copy the starter site into an empty folder."""

from __future__ import annotations

from pathlib import Path

from lanting import __version__
from lanting.errors import UsageError

SCAFFOLD = Path(__file__).parent / "site"
"""The starter site, copied file by file."""

DOTTED = {"gitignore": ".gitignore", "github": ".github"}
"""Files and folders stored without their dot (package data leaves hidden files out),
named as git and GitHub expect in the new site."""

VERSION_MARK = "@LANTING_VERSION@"
"""Replaced by the running version: the site pins the Lanting that made it."""


def new_site(target: Path) -> list[Path]:
    """Create a starter site in `target` (which must be missing or empty)."""
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise UsageError(f"{target} is not empty; `lanting new` only writes into a new or "
                         "empty folder")
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for path in sorted(SCAFFOLD.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            parts = path.relative_to(SCAFFOLD).parts
            dest = target.joinpath(DOTTED.get(parts[0], parts[0]), *parts[1:])
            dest.parent.mkdir(parents=True, exist_ok=True)
            data = path.read_bytes()
            if VERSION_MARK.encode() in data:
                data = data.replace(VERSION_MARK.encode(), __version__.encode())
            dest.write_bytes(data)
            written.append(dest)
    return written

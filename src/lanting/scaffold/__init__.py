"""`lanting new DIR`: copy the starter site into an empty folder."""

from __future__ import annotations

import re
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


FRESH_REPOSITORY = re.compile(r"^(?:\.git|README(?:\.\w+)?|LICEN[CS]E(?:\.\w+)?)$", re.I)
"""What a repository freshly made on GitHub and cloned holds: `lanting new .` there is
fine (none of these is a file of the starter site)."""


def new_site(target: Path) -> list[Path]:
    """Create a starter site in `target`, which must be missing, empty, or hold only what
    a fresh clone holds (`.git`, a README, a LICENSE)."""
    if target.exists() and (not target.is_dir() or any(
            not FRESH_REPOSITORY.match(entry.name) for entry in target.iterdir())):
        raise UsageError(f"{target} is not empty; `lanting new` only writes into a new or "
                         "empty folder (or a fresh clone: .git, README, LICENSE)")
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

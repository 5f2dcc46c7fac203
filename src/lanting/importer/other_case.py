"""Paths of the old site written in other capitals than the files and URLs they name.
The writer's computer (macOS, Windows) ignores case, so the old pages showed them there:
`…-ii-building_files/` for the folder nbconvert wrote as `…-II-building_files/`, a
link to `/posts/attention/` for the post `Attention.md` under `/:title/`. The one file or
URL that matches when case is ignored is the one meant."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


def file_in_other_case(root: Path, path: str) -> Path | None:
    """The one file at `path` under `root` read without regard to case, or None."""
    found = root
    for part in (p for p in path.strip("/").split("/") if p):
        try:
            names = [c for c in found.iterdir() if c.name.casefold() == part.casefold()]
        except OSError:
            return None
        if len(names) != 1:
            return None
        found = names[0]
    return found if found != root and found.is_file() else None


def url_in_other_case(urls: dict[str, T], path: str) -> T | None:
    """What the one URL of `urls` that is `path` (or its folder, `path/`) when case is
    ignored leads to, or None (none, or two differing only in case, as two posts'
    `/Attention/` and `/attention/`)."""
    wanted = {path.casefold(), path.rstrip("/").casefold() + "/"}
    found = {id(v): v for u, v in urls.items() if u.casefold() in wanted}
    return next(iter(found.values())) if len(found) == 1 else None


def beside_in_other_case(root: Path, local: Path) -> Path | None:
    """The file `local` (a resolved path under `root`, a relative link's) names when case
    is ignored, when there is no file of its own capitals: a post's
    `[notes](../files/lecture%20notes.pdf)` for `Lecture Notes.pdf`."""
    if local.exists() or not local.is_relative_to(root):
        return None
    return file_in_other_case(root, local.relative_to(root).as_posix())

"""The previous output, kept after the last swap (the spare), made into the new site in
place: only what differs is changed, so a one-page edit of a big site does not link
thousands of unchanged files into a fresh folder, nor delete thousands afterwards.

What the spare holds is never trusted, only looked at: a file wanted unchanged is kept
when it is the very file the output has (the same inode: the last build linked it
there), else linked from the output; a new file replaces whatever is there; anything not
wanted goes. So a spare left half updated by a killed build is put right by the next,
and a file edited in the spare is replaced. The output itself is not touched: the swap
(`output.write`) comes after.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

from lanting.model.output import Copy, OutputFile
from lanting.output.staging import (
    GIT,
    MARKER,
    as_before,
    ensure_parent,
    hold_lock,
    in_threads,
    write_item,
)

MIRROR_WAIT = 60.0
"""Seconds the process making a first spare waits for the build that started it to let
go of it (or for a later build to finish with it)."""


def spare_lock(spare: Path) -> Path:
    """The file whose advisory lock says who holds `spare` (`staging.hold_lock`)."""
    return spare.with_name(spare.name + ".lock")


def inodes(folder: str) -> dict[str, int]:
    """Every file under `folder` (anything but a folder: links too) -> its inode; a `.git`
    at the top is left out."""
    found: dict[str, int] = {}
    pending = [("", folder)]
    while pending:
        rel, path = pending.pop()
        with os.scandir(path) as entries:
            for entry in entries:
                name = rel + entry.name
                if entry.is_dir(follow_symlinks=False):
                    if name != GIT:
                        pending.append((name + "/", entry.path))
                else:
                    found[name] = entry.inode()
    return found


def _remove(spare: str, paths: list[str]) -> None:
    """Delete files of the spare, then the folders that this leaves empty."""
    folders: set[str] = set()
    for path in paths:
        os.unlink(os.path.join(spare, path))
        folders.add(os.path.dirname(path))
    for folder in sorted(folders, key=len, reverse=True):
        while folder:
            try:
                os.rmdir(os.path.join(spare, folder))
            except OSError:  # not empty: neither are its parents
                break
            folder = os.path.dirname(folder)


def recycle(spare: Path, out: Path, tmp: Path, wanted: dict[str, OutputFile | Copy],
            known: dict[str, int] | None = None) -> None:
    """Make `spare` hold exactly `wanted` (output path -> what goes there), as a fresh
    folder filled by `output.write` would. Files marked `staged` are moved in from `tmp`,
    the staging folder; files without data are the output's (`out`) and are linked from
    there; the rest are compared with the output's and linked when the same. `known`:
    inodes of files of `out` the caller has looked at (a one-page edit of a big site
    knows nearly all of them, and the output is not listed)."""
    spare_dir, out_dir, tmp_dir = os.fspath(spare), os.fspath(out), os.fspath(tmp)
    have = inodes(spare_dir)
    current = dict(known or {})

    def in_output(path: str) -> int | None:
        """The inode of the output's file at `path` (None: none), looked up once."""
        if path not in current:
            try:
                current[path] = os.lstat(os.path.join(out_dir, path)).st_ino
            except OSError:
                return None
        return current[path]

    def kept(path: str) -> bool:
        """The spare's file at `path` is the output's very file."""
        inode = in_output(path)
        return inode is not None and have.get(path) == inode

    _remove(spare_dir, sorted(have.keys() - wanted.keys() - {MARKER}))
    made: set[str] = {spare_dir}

    def put(path: str, ready: str) -> None:
        """The file `ready` (in `tmp`) replaces the spare's at `path` in one rename."""
        target = os.path.join(spare_dir, path)
        ensure_parent(target, made)
        try:
            os.replace(ready, target)
        except IsADirectoryError:  # an empty folder left in the spare
            os.rmdir(target)
            os.replace(ready, target)

    def update(entry: tuple[int, str, OutputFile | Copy]) -> None:
        number, path, item = entry
        previous = os.path.join(out_dir, path)
        if not isinstance(item, Copy) and item.staged:
            put(path, os.path.join(tmp_dir, path))
            return
        temporary = os.path.join(tmp_dir, f".recycle-{number}")
        if (not isinstance(item, Copy) and item.data is None) or as_before(previous, item):
            if not kept(path):
                os.link(previous, temporary)  # the output's own file
                put(path, temporary)
        else:
            write_item(temporary, item)
            put(path, temporary)

    # Most files of a small edit need nothing: only the others are handed to threads.
    work = [(number, path, item) for number, (path, item) in enumerate(wanted.items())
            if isinstance(item, Copy) or item.staged or item.data is not None
            or not kept(path)]
    in_threads(update, work)


def mirror(out: str, spare: str) -> None:
    """Make `spare` a copy of `out` in hard links (its folders made, its files linked; a
    `.git` at the top left out). Stopped midway, it leaves a partial spare, which the
    next `recycle` puts right."""
    for root, folders, files in os.walk(out):
        rel = os.path.relpath(root, out)
        target = spare if rel == "." else os.path.join(spare, rel)
        if rel == ".":
            folders[:] = [name for name in folders if name != GIT]
            files = [name for name in files if name != GIT]
        os.makedirs(target, exist_ok=True)
        for name in files:
            os.link(os.path.join(root, name), os.path.join(target, name))


def mirror_later(out: Path, spare: Path) -> None:
    """`mirror` by a process of its own, once the build that starts it has let go of the
    spare; it gives up if a later build made the spare meanwhile, or holds it too long."""
    package = os.fspath(Path(__file__).resolve().parents[2])  # where `lanting` is
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, (package, os.environ.get("PYTHONPATH"))))}
    try:
        making = subprocess.Popen(  # noqa: S603 (our interpreter, our module)
            [sys.executable, "-c", "import sys; from lanting.output.recycle import "
             "mirror_when_free; mirror_when_free(*sys.argv[1:])", os.fspath(out),
             os.fspath(spare)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, start_new_session=True, env=environment)
    except OSError:
        return  # the first edit fills a fresh folder instead
    # Reaped by a thread of a long-lived caller; `lanting build` exits without waiting.
    threading.Thread(target=making.wait, daemon=True).start()


def mirror_when_free(out: str, spare: str) -> None:
    """`mirror_later`'s process: `mirror` under the spare's lock, if still wanted."""
    handle = hold_lock(spare_lock(Path(spare)), MIRROR_WAIT)
    if handle is None:
        return
    try:
        if not os.path.lexists(spare) and os.path.isdir(out):
            mirror(out, spare)
    except OSError:
        pass  # a partial spare: put right by the next build's `recycle`
    finally:
        os.close(handle)

"""Stage 12 — the only stage that writes. Nothing in the output folder changes until the
whole new site is on disk in another folder; then that folder and the output are swapped
in one atomic exchange (Linux `renameat2`; two renames elsewhere, repaired by the next
build if a kill lands between them): a reader of the output folder sees the old site or
the new one, never half of each. (An earlier in-place "patch" for small edits was
dropped: a kill while it applied its renames left a mixed folder.)

The new site is made in one of two folders:
- the previous output, kept after the last swap (`spare`, in the build cache): only what
  differs is changed in it (`output.recycle`), so a small edit neither links nor deletes
  thousands of files;
- without a spare (the first build, `--no-cache`, an output on another file system), a
  fresh sibling folder (`Staging`): new or changed files are written there, then hard
  links to the unchanged ones are added.

A failed or interrupted build leaves the output byte-identical and no temporary folder
behind. The previous output, once swapped out, becomes the spare; without a spare it is
deleted, a big one by a process of its own, from a `-trash-` folder beside the output,
while the command returns. The output folder is replaced only when Lanting wrote it (it
carries a marker file) or it is empty.

An output folder may hold `.git` (a `git worktree` of the `gh-pages` branch, a clone of
the web root): it is moved, never copied or deleted, from the old folder into the new
one just before the swap, and moved back if the build fails or was killed there.
"""

from __future__ import annotations

import contextlib
import ctypes
import hashlib
import os
import subprocess
import sys
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path

from lanting.model.output import Copy, OutputFile
from lanting.output.recycle import mirror, mirror_later, recycle, spare_lock
from lanting.output.staging import (
    GIT,
    MARKER,
    Staging,
    as_before,
    discard,
    ensure_parent,
    give_back_repository,
    hold_lock,
    in_threads,
    marker_text,
    refuse_unsafe,
    write_item,
)


def content_digest(files: list[OutputFile]) -> str:
    """Identifies a build's output by the fingerprints of its generated files."""
    fingerprints = sorted((f.path, f.fingerprint) for f in files if f.fingerprint)
    return hashlib.blake2b(repr(fingerprints).encode(), digest_size=16).hexdigest()


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def exchange(a: Path, b: Path) -> bool:
    """Swap two folders in one atomic step (Linux `renameat2`); False where unsupported."""
    if sys.platform != "linux":
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    result = renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    return bool(result == 0)


def _swap_in(new: Path, out: Path, old: Path) -> None:
    """Make `new` the output; the previous output ends up at `old`. With an atomic
    exchange there is no moment without an output folder, even if the process is killed;
    otherwise two renames, and a build killed between them is repaired by the next one
    (`recover_interrupted`)."""
    if out.exists() and exchange(new, out):
        os.replace(new, old)  # `new` now names the previous output
        return
    if out.exists():
        os.replace(out, old)
    os.replace(new, out)


def _wanted(files: list[OutputFile], copies: Iterable[Copy]) -> dict[str, OutputFile | Copy]:
    """Output path -> what goes there. A generated page wins over a static file of the
    same name."""
    wanted: dict[str, OutputFile | Copy] = {c.path: c for c in copies}
    wanted.update((f.path, f) for f in files)
    for path in wanted:
        refuse_unsafe(path)  # unchanged files too: a swap links every one of them
    return wanted


def _stage(tmp: Path, out: Path, wanted: dict[str, OutputFile | Copy]) -> set[str]:
    """Write every new or changed file into `tmp`; return the paths written."""
    # None: known unchanged (most files of a small rebuild). The rest may have changed.
    maybe = [(path, item) for path, item in wanted.items()
             if isinstance(item, Copy) or (item.data is not None and not item.staged)]
    tmp_dir, out_dir = os.fspath(tmp), os.fspath(out)
    made: set[str] = {tmp_dir}

    def stage(entry: tuple[str, OutputFile | Copy]) -> bool:
        path, item = entry
        if as_before(os.path.join(out_dir, path), item):
            return False
        target = os.path.join(tmp_dir, path)
        ensure_parent(target, made)
        write_item(target, item)
        return True

    return {path for (path, _), wrote in zip(maybe, in_threads(stage, maybe), strict=True)
            if wrote}


def _link_unchanged(tmp: Path, out: Path, paths: Iterable[str]) -> None:
    """Complete a staged folder with hard links to the files that did not change."""
    tmp_dir, out_dir = os.fspath(tmp), os.fspath(out)
    made: set[str] = {tmp_dir}

    def link(path: str) -> None:
        target = os.path.join(tmp_dir, path)
        ensure_parent(target, made)
        os.link(os.path.join(out_dir, path), target)

    in_threads(link, sorted(paths))


def _recyclable(spare: Path, out: Path) -> bool:
    """Whether to update `spare` in place rather than fill a fresh folder: there is an
    output to swap it with, and it is there and holds no repository (which the build
    moves back first). Even when every file changed, moving the new files into it costs
    no more than linking them into a fresh folder, and nothing is left to delete."""
    return spare.is_dir() and out.is_dir() and not os.path.lexists(spare / GIT) \
        and _same_device(spare, out)


def _same_device(a: Path, b: Path) -> bool:
    """Whether folders `a` and `b` are on one file system (links and renames between
    them work)."""
    try:
        return os.stat(a).st_dev == os.stat(b).st_dev
    except OSError:
        return False


def write_site(out: Path, site: Path, files: Iterable[OutputFile], copies: Iterable[Copy],
               staging: Staging | None = None, spare: Path | None = None,
               inodes: dict[str, int] | None = None) -> int:
    """Write `files` and `copies` as the new content of `out`; return the number of files.
    `staging`: where files marked `staged` were put already (one is made if not given).
    `spare`: where the previous output is kept after the swap, to be updated in place by
    the next build (None, or a folder on another file system than the output's: it is
    deleted). `inodes`: output path -> inode of files of `out` the caller looked at
    since it was last written (the others are looked up).

    Files whose bytes did not change — and files given without data, which the pipeline
    knows to be unchanged — are not rewritten (they are hard links to the previous
    output's), so their modification times stay put.
    """
    files = list(files)
    if staging is None:
        staging = Staging(out, site)
    with _claimed(spare) as mine:
        return _write(staging, files, copies, mine, inodes or {})


SPARE_WAIT = 5.0
"""Seconds a build waits for the spare while another process holds it (a build of the
same output, or the mirror a first build left to make) before it fills a fresh folder."""


@contextlib.contextmanager
def _claimed(spare: Path | None) -> Iterator[Path | None]:
    """`spare`, for this build alone: another process holding it (`spare_lock`) for
    longer than `SPARE_WAIT` leaves this build a fresh folder to fill and nothing to keep.
    None where there is no such lock."""
    handle = hold_lock(spare_lock(spare), SPARE_WAIT) if spare is not None else None
    try:
        yield spare if handle is not None else None
    finally:
        if handle is not None:
            os.close(handle)  # and the lock with it


def _write(staging: Staging, files: list[OutputFile], copies: Iterable[Copy],
           spare: Path | None, inodes: dict[str, int]) -> int:
    """`write_site` once the spare (if any) is this build's."""
    out, tmp = staging.out, staging.tmp
    if spare is not None:
        give_back_repository(spare, out)  # a build killed just before its swap moved it
    old = out.parent / f".{out.name}.lanting-old-{os.getpid()}"
    marker = marker_text(content_digest(files))
    wanted: dict[str, OutputFile | Copy] = {}
    new = tmp
    swapped = False
    try:
        wanted = _wanted(files, copies)
        if spare is not None and _recyclable(spare, out):
            new = spare
            recycle(spare, out, tmp, wanted, inodes)
        else:
            staged = _stage(tmp, out, wanted)
            _link_unchanged(tmp, out, wanted.keys() - staged - {
                path for path, item in wanted.items()
                if not isinstance(item, Copy) and item.staged})
        (tmp / MARKER).write_text(marker, encoding="utf-8")
        if new != tmp:  # replaced, not written in place: it may be the output's own file
            os.replace(tmp / MARKER, new / MARKER)
        if os.path.lexists(out / GIT):  # one rename, on the same file system
            os.rename(out / GIT, new / GIT)
        _swap_in(new, out, old)
        swapped = True
        if new != tmp:
            discard(tmp, out)  # emptied by `recycle`: its folders only
    except BaseException:
        if old.exists() and not out.exists():
            os.replace(old, out)
        if new == spare:
            give_back_repository(spare, out)
        discard(tmp, out)
        raise
    finally:
        _keep_or_dispose(old, out, len(wanted), spare, swapped)
    return len(wanted)


def _keep_or_dispose(old: Path, out: Path, files: int, spare: Path | None,
                     swapped: bool) -> None:
    """The previous output, swapped out to `old` (if the swap happened), becomes the
    spare; a spare that was not used this time is deleted. Without a previous output (a
    first build), the spare is made as a copy of the new output in hard links, by a
    process of its own past `BACKGROUND_DELETE_FILES` files, so that the first edit
    has one to update as well."""
    if not old.is_dir():
        if swapped and spare is not None and not os.path.lexists(spare) \
                and _same_device(spare.parent, out):
            if files > BACKGROUND_DELETE_FILES:
                mirror_later(out, spare)
                return
            try:
                mirror(os.fspath(out), os.fspath(spare))
            except OSError:
                pass  # a partial spare: put right by the next build's `recycle`
        return
    if spare is not None and not os.path.lexists(old / GIT):
        try:
            if os.path.lexists(spare):
                _dispose(spare, out, files)
            os.replace(old, spare)
            return
        except OSError:  # elsewhere than the output's file system: not kept
            pass
    _dispose(old, out, files)


BACKGROUND_DELETE_FILES = 1000
"""An old output of more files than this is deleted by a process of its own while the
build returns (deleting 9,000 files and 4,000 folders of a 4,000-post blog takes most of
a second); a smaller one at once."""

_DELETE = "import shutil, sys; shutil.rmtree(sys.argv[1], ignore_errors=True)"


def _dispose(folder: Path, out: Path, files: int) -> None:
    """Remove a previous output. A big one is renamed to a `-trash-` folder beside `out`
    first, which only ever gets deleted."""
    if files <= BACKGROUND_DELETE_FILES or not folder.is_dir() \
            or os.path.lexists(folder / GIT):
        discard(folder, out)
        return
    trash = out.parent / f".{out.name}.lanting-trash-{os.getpid()}"
    try:
        os.rename(folder, trash)
        deleting = subprocess.Popen(  # noqa: S603 (our interpreter, our folder)
            [sys.executable, "-c", _DELETE, os.fspath(trash)], stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError:
        discard(trash if trash.exists() else folder, out)
        return
    # Reaped by a thread of a long-lived caller; `lanting build` exits without waiting.
    threading.Thread(target=deleting.wait, daemon=True).start()

"""Where a build's files go before the swap (`Staging`), and the rules every folder of
the writer follows: which output folders may be replaced (`check_output_folder`), which
paths may be written (`refuse_unsafe`), and how what a killed writer left behind is put
right (`recover_interrupted`).

Both ways of making the new site (`output.write`: a fresh folder, or the kept previous
output updated in place by `output.recycle`) use these helpers.
"""

from __future__ import annotations

import errno
import filecmp
import json
import os
import shutil
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

from lanting.errors import LantingError
from lanting.model.output import Copy, OutputFile

T = TypeVar("T")
R = TypeVar("R")

GIT = ".git"
"""A repository's folder (or, in a worktree, file) in the output: carried over, never
deleted."""

MARKER = ".lanting-output"
"""Marks a folder Lanting wrote, with a digest of what it holds (deterministic: the same
site gives the same marker)."""


def marker_content(out: Path) -> str:
    """The content digest recorded in `out`'s marker ("" if none)."""
    try:
        return str(json.loads((out / MARKER).read_text(encoding="utf-8")).get("content", ""))
    except (OSError, ValueError, AttributeError):
        return ""


def marker_text(content: str) -> str:
    return json.dumps({"generator": "lanting", "content": content,
                       "note": "written by Lanting; replaced on every build"}) + "\n"


def check_output_folder(out: Path, site: Path) -> None:
    """Refuse output folders whose replacement would destroy something not ours."""
    out_r, site_r = out.resolve(), site.resolve()
    home = Path.home().resolve()
    reason = None
    if out_r == Path(out_r.anchor):
        reason = "it is the file-system root"
    elif out_r == home:
        reason = "it is your home folder"
    elif out_r == site_r:
        reason = "it is the site folder itself"
    elif site_r.is_relative_to(out_r):
        reason = "it contains the site folder"
    elif out_r.is_relative_to(site_r / "content") or out_r.is_relative_to(site_r / "static") \
            or out_r.is_relative_to(site_r / "templates"):
        reason = "it is inside the site's sources"
    elif out_r.exists() and not out_r.is_dir():
        reason = "it is a file, not a folder"
    elif out_r.is_dir() and not (out_r / MARKER).is_file() \
            and any(entry.name != GIT for entry in out_r.iterdir()):
        reason = f"it holds files Lanting did not write (no {MARKER} marker)"
    if reason:
        raise LantingError.at(
            f"refusing to use {out} as the output folder: {reason}", out,
            hint="pass an empty or new folder with -o, or delete this one yourself",
        )


def refuse_unsafe(rel: str) -> None:
    """Refuse an output path that would land outside the output folder."""
    if not _safe_rel(rel):
        raise LantingError.at(f"refusing to write outside the output folder: {rel!r}")


def _safe_rel(rel: str) -> bool:
    # Plain string checks: this runs for every output file of every build. A leading
    # `~name` is a folder's name (a university's `/~user/` home page, kept as an old
    # URL): the writer joins paths, and nothing expands it. A bare `~` is refused still:
    # it is the shell's own home, never a web folder.
    return bool(rel) and not rel.startswith(("/", "~/")) and rel != "~" \
        and "\\" not in rel and ".." not in rel.split("/")


def same_file(old: str, data: bytes) -> bool:
    try:
        if os.stat(old).st_size != len(data):
            return False
        with open(old, "rb") as stream:
            return stream.read() == data
    except OSError:
        return False


def as_before(previous: str, item: OutputFile | Copy) -> bool:
    """Whether `item` (bytes, or a static file to copy) is what the previous output's
    file `previous` holds."""
    if isinstance(item, Copy):
        return os.path.isfile(previous) and filecmp.cmp(previous, item.source, shallow=False)
    return item.data is not None and same_file(previous, item.data)


def write_item(target: str, item: OutputFile | Copy) -> None:
    """`item`'s bytes (a static file: copied) into the new file `target`."""
    if isinstance(item, Copy):
        shutil.copyfile(item.source, target)
        return
    assert item.data is not None
    with open(target, "wb") as stream:
        stream.write(item.data)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # exists, owned by someone else
    return True


def recover_interrupted(out: Path) -> None:
    """Undo or finish what a build killed outright (SIGKILL, power loss) left beside `out`.

    A killed writer cannot clean up: its temporary folder stays, and is removed; if it
    died between the two renames of a swap (no atomic exchange), the previous output sits
    in its `-old-` folder and is put back. A `-trash-` folder (a previous output being
    deleted in the background, `_dispose`) whose deleter died is deleted. Folders of
    writers still running are left alone.
    """
    if not out.parent.is_dir():
        return
    for kind in ("old", "tmp", "trash"):  # old first: it may have to become `out` again
        for path in sorted(out.parent.glob(f".{out.name}.lanting-{kind}-*")):
            pid = path.name.rsplit("-", 1)[-1]
            if not pid.isdigit() or _alive(int(pid)):
                continue
            if kind == "old" and not out.exists():
                os.replace(path, out)
            else:
                discard(path, out)


def give_back_repository(folder: Path, out: Path) -> bool:
    """Move a `.git` in `folder` (a build moved it there before its swap) back to `out`;
    False when it cannot go back (`out` is missing or has one), so it stays."""
    if not os.path.lexists(folder / GIT):
        return True
    if not out.is_dir() or os.path.lexists(out / GIT):
        return False
    os.rename(folder / GIT, out / GIT)
    return True


def discard(folder: Path, out: Path) -> None:
    """Remove a temporary or old folder of the writer. A `.git` in it goes back to `out`
    first; if it cannot, the folder is left where it is: a repository is never
    deleted."""
    if give_back_repository(folder, out):
        shutil.rmtree(folder, ignore_errors=True)


WRITERS = 4
"""Threads that write files: creating a folder or a file is work in the kernel, which
runs outside the GIL, so a first build writes its thousands of files on every core."""


def in_threads(work: Callable[[T], R], items: list[T]) -> list[R]:
    """`work` of each item, in order, by a few threads (one for a handful of items)."""
    if len(items) < 2 * WRITERS:
        return [work(item) for item in items]
    batches = [items[i:i + 32] for i in range(0, len(items), 32)]
    pool = ThreadPoolExecutor(WRITERS, thread_name_prefix="lanting-write")
    try:
        done = pool.map(lambda batch: [work(item) for item in batch], batches)
        return [result for batch in done for result in batch]
    finally:
        # On an error or Ctrl-C, batches not started are dropped and the running ones
        # finish (a few writes) before the caller removes the staging folder.
        pool.shutdown(wait=True, cancel_futures=True)


def ensure_parent(target: str, made: set[str]) -> None:
    folder = os.path.dirname(target)
    if folder not in made:
        os.makedirs(folder, exist_ok=True)  # safe against another writer making it too
        made.add(folder)


def hold_lock(path: Path, wait: float) -> int | None:
    """An exclusive advisory lock on the file `path` (made if missing), waited for up to
    `wait` seconds: the open file that holds it (closing it lets go), or None (taken by
    another process all that time, no such lock on this system, or no folder for it)."""
    if sys.platform == "win32":
        return None
    import fcntl  # POSIX only

    try:
        handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        return None
    deadline = time.monotonic() + wait
    while True:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return handle
        except OSError:
            if time.monotonic() >= deadline:
                os.close(handle)
                return None
            time.sleep(0.02)


_PATH_CLASHES = {errno.EEXIST, errno.EISDIR, errno.ENOTDIR, errno.ENAMETOOLONG}
"""Why a file may not go where its path says, which stage 10 reports in words."""


class Staging:
    """The fresh sibling folder a build's files go into before the swap (`write_site`).

    Made before the pages are rendered, so that each page is put here by the worker that
    rendered it (`Staging.put`) and a big site's pages are never all held in memory at
    once. The output folder is checked first (`check_output_folder`): nothing is rendered
    for a folder that would be refused. A build that fails discards it (`discard`); one
    killed outright leaves it to the next build's `recover_interrupted`.
    """

    def __init__(self, out: Path, site: Path) -> None:
        check_output_folder(out, site)
        self.out = out.absolute()
        recover_interrupted(self.out)
        self.out.parent.mkdir(parents=True, exist_ok=True)
        self.tmp = self.out.parent / f".{self.out.name}.lanting-tmp-{os.getpid()}"
        discard(self.tmp, self.out)  # a leftover of an earlier process with this pid
        self.tmp.mkdir()
        self._made = {os.fspath(self.tmp)}

    def put(self, path: str, data: bytes) -> bool:
        """Stage one file: a hard link to the previous output's copy if its bytes are the
        same (its modification time stays put), else the new bytes. Safe to call from
        forked workers at once. False when the path cannot be used (another file is in
        the way, or a name is too long): the caller keeps the bytes, and the check
        stage reports the problem with the sources that caused it."""
        refuse_unsafe(path)
        previous = os.path.join(self.out, path)
        target = os.path.join(self.tmp, path)
        try:
            ensure_parent(target, self._made)
            if same_file(previous, data):
                os.link(previous, target)
                return True
            with open(target, "xb") as stream:
                stream.write(data)
        except OSError as error:
            if error.errno in _PATH_CLASHES:
                return False
            raise
        return True

    def read(self, path: str) -> bytes | None:
        """A staged file's bytes (None: not staged)."""
        try:
            with open(os.path.join(self.tmp, path), "rb") as stream:
                return stream.read()
        except OSError:
            return None

    def discard(self) -> None:
        discard(self.tmp, self.out)



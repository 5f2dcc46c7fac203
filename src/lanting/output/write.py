"""Stage 12 — the only stage that writes. Every new or changed file is first written to a
fresh sibling folder; nothing in the output folder changes until all of them are on disk.

Then the sibling folder is completed with hard links to the unchanged files and swapped
with the output folder in one atomic exchange (Linux `renameat2`; two renames elsewhere,
repaired by the next build if a kill lands between them): a reader of the output folder
sees the old site or the new one, never half of each. (An earlier in-place "patch" for
small edits was dropped: a kill while it applied its renames left a mixed folder.)

A failed or interrupted build leaves the previous output byte-identical and no
temporary folder behind. After a successful build of a big site the previous output is
deleted by a process of its own, from a `-trash-` folder beside the output, while the
command returns. The output folder is replaced only when Lanting wrote it
(it carries a marker file) or it is empty.

An output folder may hold `.git` (a `git worktree` of the `gh-pages` branch, a clone of
the web root): it is moved, never copied or deleted, from the old folder into the new
one just before the swap, and moved back if the build fails or was killed there.
"""

from __future__ import annotations

import ctypes
import errno
import filecmp
import hashlib
import json
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from lanting.errors import LantingError
from lanting.model.output import Copy

if TYPE_CHECKING:
    from lanting.model.output import OutputFile

T = TypeVar("T")
R = TypeVar("R")

GIT = ".git"
"""A repository's folder (or, in a worktree, file) in the output: carried over, never
deleted."""

MARKER = ".lanting-output"
"""Marks a folder Lanting wrote, with a digest of what it holds (deterministic: the same
site gives the same marker)."""


def content_digest(files: list[OutputFile]) -> str:
    """Identifies a build's output by the fingerprints of its generated files."""
    fingerprints = sorted((f.path, f.fingerprint) for f in files if f.fingerprint)
    return hashlib.blake2b(repr(fingerprints).encode(), digest_size=16).hexdigest()


def marker_content(out: Path) -> str:
    """The content digest recorded in `out`'s marker ("" if none)."""
    try:
        return str(json.loads((out / MARKER).read_text(encoding="utf-8")).get("content", ""))
    except (OSError, ValueError, AttributeError):
        return ""


def _marker_text(content: str) -> str:
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


def _refuse_unsafe(rel: str) -> None:
    """Refuse an output path that would land outside the output folder."""
    if not _safe_rel(rel):
        raise LantingError.at(f"refusing to write outside the output folder: {rel!r}")


def _safe_rel(rel: str) -> bool:
    # Plain string checks: this runs for every output file of every build.
    return bool(rel) and not rel.startswith(("/", "~")) and "\\" not in rel and \
        ".." not in rel.split("/")


def _same_file(old: str, data: bytes) -> bool:
    try:
        if os.stat(old).st_size != len(data):
            return False
        with open(old, "rb") as stream:
            return stream.read() == data
    except OSError:
        return False


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


def _swap_in(tmp: Path, out: Path, old: Path) -> None:
    """Make `tmp` the output. With an atomic exchange there is no moment without an
    output folder, even if the process is killed; otherwise two renames, and a build
    killed between them is repaired by the next one (`recover_interrupted`)."""
    if out.exists() and exchange(tmp, out):
        os.replace(tmp, old)  # tmp now holds the previous output; removed below
        return
    if out.exists():
        os.replace(out, old)
    os.replace(tmp, out)


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
                _discard(path, out)


def _discard(folder: Path, out: Path) -> None:
    """Remove a temporary or old folder of the writer. A `.git` in it goes back to `out`
    first; if `out` has one already, the folder is left where it is: a repository is
    never deleted."""
    if os.path.lexists(folder / GIT):
        if not out.is_dir() or os.path.lexists(out / GIT):
            return
        os.rename(folder / GIT, out / GIT)
    shutil.rmtree(folder, ignore_errors=True)


WRITERS = 4
"""Threads that write files: creating a folder or a file is work in the kernel, which
runs outside the GIL, so a first build writes its thousands of files on every core."""


def _in_threads(work: Callable[[T], R], items: list[T]) -> list[R]:
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


def _ensure_parent(target: str, made: set[str]) -> None:
    folder = os.path.dirname(target)
    if folder not in made:
        os.makedirs(folder, exist_ok=True)  # safe against another writer making it too
        made.add(folder)


def _stage(tmp: Path, out: Path, files: list[OutputFile],
           copies: Iterable[Copy]) -> tuple[set[str], set[str]]:
    """Write every new or changed file into `tmp`; return (all output paths, staged paths).
    A generated page wins over a static file of the same name."""
    wanted: dict[str, OutputFile | Copy] = {c.path: c for c in copies}
    wanted.update((f.path, f) for f in files)
    for path in wanted:
        _refuse_unsafe(path)  # unchanged files too: a swap links every one of them
    # Staged: in `tmp` already (`Staging.put`). None: known unchanged (most files of a
    # small rebuild). The rest may have changed.
    ahead = {path for path, item in wanted.items()
             if not isinstance(item, Copy) and item.staged}
    maybe = [(path, item) for path, item in wanted.items()
             if isinstance(item, Copy) or item.data is not None]
    tmp_dir, out_dir = os.fspath(tmp), os.fspath(out)
    made: set[str] = {tmp_dir}

    def stage(entry: tuple[str, OutputFile | Copy]) -> bool:
        path, item = entry
        previous, target = os.path.join(out_dir, path), os.path.join(tmp_dir, path)
        if isinstance(item, Copy):
            if os.path.isfile(previous) and filecmp.cmp(previous, item.source, shallow=False):
                return False
            _ensure_parent(target, made)
            shutil.copyfile(item.source, target)
            return True
        assert item.data is not None
        if _same_file(previous, item.data):
            return False
        _ensure_parent(target, made)
        with open(target, "wb") as stream:
            stream.write(item.data)
        return True

    staged = {path for (path, _), wrote in zip(maybe, _in_threads(stage, maybe), strict=True)
              if wrote}
    return set(wanted), staged | ahead


def _link_unchanged(tmp: Path, out: Path, paths: set[str], staged: set[str]) -> None:
    """Complete a staged folder with hard links to the files that did not change."""
    tmp_dir, out_dir = os.fspath(tmp), os.fspath(out)
    made: set[str] = {tmp_dir}

    def link(path: str) -> None:
        target = os.path.join(tmp_dir, path)
        _ensure_parent(target, made)
        os.link(os.path.join(out_dir, path), target)

    _in_threads(link, sorted(paths - staged))


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
        _discard(self.tmp, self.out)  # a leftover of an earlier process with this pid
        self.tmp.mkdir()
        self._made = {os.fspath(self.tmp)}

    def put(self, path: str, data: bytes) -> bool:
        """Stage one file: a hard link to the previous output's copy if its bytes are the
        same (its modification time stays put), else the new bytes. Safe to call from
        forked workers at once. False when the path cannot be used (another file is in
        the way, or a name is too long): the caller keeps the bytes, and the check
        stage reports the problem with the sources that caused it."""
        _refuse_unsafe(path)
        previous = os.path.join(self.out, path)
        target = os.path.join(self.tmp, path)
        try:
            _ensure_parent(target, self._made)
            if _same_file(previous, data):
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
        _discard(self.tmp, self.out)


def write_site(out: Path, site: Path, files: Iterable[OutputFile], copies: Iterable[Copy],
               staging: Staging | None = None) -> int:
    """Write `files` and `copies` as the new content of `out`; return the number of files.
    `staging`: where files marked `staged` were put already (one is made if not given).

    Files whose bytes did not change — and files given without data, which the pipeline
    knows to be unchanged — are not rewritten (a swap hard-links them from the previous
    output), so their modification times stay put.
    """
    files = list(files)
    if staging is None:
        staging = Staging(out, site)
    out, tmp = staging.out, staging.tmp
    old = out.parent / f".{out.name}.lanting-old-{os.getpid()}"
    marker = _marker_text(content_digest(files))
    paths: set[str] = set()
    try:
        paths, staged = _stage(tmp, out, files, copies)
        _link_unchanged(tmp, out, paths, staged)
        (tmp / MARKER).write_text(marker, encoding="utf-8")
        if os.path.lexists(out / GIT):  # one rename, on the same file system
            os.rename(out / GIT, tmp / GIT)
        _swap_in(tmp, out, old)
    except BaseException:
        if old.exists() and not out.exists():
            os.replace(old, out)
        _discard(tmp, out)
        raise
    finally:
        _dispose(old, out, len(paths))
    return len(paths)


BACKGROUND_DELETE_FILES = 1000
"""An old output of more files than this is deleted by a process of its own while the
build returns (deleting 9,000 files and 4,000 folders of a 4,000-post blog takes most of
a second); a smaller one at once."""

_DELETE = "import shutil, sys; shutil.rmtree(sys.argv[1], ignore_errors=True)"


def _dispose(old: Path, out: Path, files: int) -> None:
    """Remove the previous output, swapped out to `old` (if the swap happened). A big
    one is renamed to a `-trash-` folder first, which only ever gets deleted."""
    if files <= BACKGROUND_DELETE_FILES or not old.is_dir() or os.path.lexists(old / GIT):
        _discard(old, out)
        return
    trash = old.with_name(old.name.replace(".lanting-old-", ".lanting-trash-"))
    try:
        os.rename(old, trash)
        deleting = subprocess.Popen(  # noqa: S603 (our interpreter, our folder)
            [sys.executable, "-c", _DELETE, os.fspath(trash)], stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError:
        _discard(trash if trash.exists() else old, out)
        return
    # Reaped by a thread of a long-lived caller; `lanting build` exits without waiting.
    threading.Thread(target=deleting.wait, daemon=True).start()

"""Stage 8 — the only stage that writes: the whole site goes into a fresh sibling folder,
which replaces the output folder only once everything is written.

A failed or interrupted build leaves the previous output byte-identical and no
temporary folder behind. The output folder is replaced only when Lanting wrote it
(it carries a marker file) or it is empty.
"""

from __future__ import annotations

import filecmp
import hashlib
import json
import os
import shutil
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from lanting.errors import LantingError
from lanting.pages import OutputFile

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


@dataclass(frozen=True, slots=True)
class Copy:
    """A file copied unchanged into the output."""

    source: Path
    path: str


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
    elif out_r.is_dir() and (out_r / ".git").exists():
        reason = "it holds a .git folder"
    elif out_r.is_dir() and not (out_r / MARKER).is_file() and any(out_r.iterdir()):
        reason = f"it holds files Lanting did not write (no {MARKER} marker)"
    if reason:
        raise LantingError.at(
            f"refusing to use {out} as the output folder: {reason}", out,
            hint="pass an empty or new folder with -o, or delete this one yourself",
        )


def _safe_target(root: Path, rel: str) -> Path:
    """`root/rel`, refusing any path that would land outside `root`."""
    pure = PurePosixPath(rel)
    if pure.is_absolute() or ".." in pure.parts or "\\" in rel or rel.startswith("~"):
        raise LantingError.at(f"refusing to write outside the output folder: {rel!r}")
    return root / pure


def _same_file(old: Path, data: bytes) -> bool:
    try:
        return old.stat().st_size == len(data) and old.read_bytes() == data
    except OSError:
        return False


def write_site(out: Path, site: Path, files: Iterable[OutputFile], copies: Iterable[Copy]) -> int:
    """Write `files` and `copies` as the new content of `out`; return the number of files.

    Files whose bytes did not change — and files given without data, which the pipeline
    knows to be unchanged — are hard-linked from the previous output rather than
    rewritten, so their modification times stay put.
    """
    files = list(files)
    check_output_folder(out, site)
    out = out.absolute()
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.parent / f".{out.name}.lanting-tmp-{os.getpid()}"
    old = out.parent / f".{out.name}.lanting-old-{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    count = 0
    try:
        tmp.mkdir()
        for copy in copies:
            target = _safe_target(tmp, copy.path)
            target.parent.mkdir(parents=True, exist_ok=True)
            previous = out / copy.path
            if previous.is_file() and filecmp.cmp(previous, copy.source, shallow=False):
                os.link(previous, target)
            else:
                shutil.copyfile(copy.source, target)
            count += 1
        for file in files:
            target = _safe_target(tmp, file.path)
            target.parent.mkdir(parents=True, exist_ok=True)
            if target.exists():
                target.unlink()  # a generated page wins over a static file of the same name
            else:
                count += 1
            if file.data is None or _same_file(out / file.path, file.data):
                os.link(out / file.path, target)
            else:
                target.write_bytes(file.data)
        (tmp / MARKER).write_text(_marker_text(content_digest(files)), encoding="utf-8")
        if out.exists():
            os.replace(out, old)
        os.replace(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        if old.exists() and not out.exists():
            os.replace(old, out)
        raise
    finally:
        shutil.rmtree(old, ignore_errors=True)
    return count

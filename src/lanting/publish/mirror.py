"""`lanting deploy --to DIR`: make a folder (a web server's root, a mounted share) hold
the built site, copying only the files that changed, like `rsync -a --delete` — except
that it deletes only files an earlier deploy put there.

What a deploy copied is listed in `DIR/.lanting-deploy.json`; a file that left the site
is removed from DIR only if that list has it, so a web root's other files (`.well-known/`,
a `.htaccess`, an old site's PDFs) stay. Each file is written beside its place and
renamed over it: a reader never sees half a file. Files are compared by size and time,
then by content, so a file that did not change is neither copied nor touched.
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from lanting.errors import LantingError

MARKER = ".lanting-output"
GIT = ".git"
MANIFEST = ".lanting-deploy.json"


@dataclass(frozen=True, slots=True)
class Mirrored:
    copied: int
    unchanged: int
    removed: int


def _files(output: Path) -> dict[str, Path]:
    """The site's files by POSIX path (the marker and a `.git` left out)."""
    found: dict[str, Path] = {}
    for folder, dirs, names in os.walk(output):
        rel = Path(folder).relative_to(output)
        if rel == Path("."):
            dirs[:] = [d for d in dirs if d != GIT]
            names = [n for n in names if n not in (MARKER, GIT, MANIFEST)]
        for name in names:
            found[(rel / name).as_posix()] = Path(folder) / name
    return dict(sorted(found.items()))


def check_target(target: Path, output: Path, site: Path) -> None:
    """Refuse a target whose filling would overwrite the sources or the build."""
    t, o, s = target.resolve(), output.resolve(), site.resolve()
    home = Path.home().resolve()
    reason = None
    if t == Path(t.anchor) or t == home:
        reason = "it is the file-system root or your home folder"
    elif t == o or t.is_relative_to(o) or o.is_relative_to(t):
        reason = "it is, holds or lies inside the output folder"
    elif t == s or s.is_relative_to(t):
        reason = "it is or holds the site folder"
    elif any(t.is_relative_to(s / name) for name in ("content", "static", "templates")):
        reason = "it is inside the site's sources"
    elif t.exists() and not t.is_dir():
        reason = "it is a file, not a folder"
    if reason:
        raise LantingError.at(f"refusing to deploy to {target}: {reason}", target,
                              hint="name the folder the web server serves")


def _previous(target: Path) -> set[str]:
    try:
        data = json.loads((target / MANIFEST).read_text(encoding="utf-8"))
        return {str(p) for p in data.get("files", [])}
    except (OSError, ValueError, AttributeError):
        return set()


def _same(source: Path, dest: Path) -> bool:
    """True if `dest` holds `source`'s bytes (its time is made equal then, so the next
    deploy knows it by size and time alone)."""
    try:
        a, b = source.stat(), dest.stat()
    except OSError:
        return False
    if a.st_size != b.st_size:
        return False
    if a.st_mtime_ns == b.st_mtime_ns:
        return True
    with open(source, "rb") as x, open(dest, "rb") as y:
        while True:
            block = x.read(1 << 20)
            if block != y.read(1 << 20):
                return False
            if not block:
                break
    os.utime(dest, ns=(b.st_atime_ns, a.st_mtime_ns))
    return True


def _conflicts(target: Path, files: dict[str, Path]) -> list[str]:
    """Paths where a folder stands in place of a file, or a file in place of a folder."""
    found: list[str] = []
    folders: set[str] = set()
    for rel in files:
        parts = rel.split("/")
        folders.update("/".join(parts[:i]) for i in range(1, len(parts)))
        if (target / rel).is_dir() and not (target / rel).is_symlink():
            found.append(rel)
    found += [rel for rel in sorted(folders)
              if (target / rel).exists() and not (target / rel).is_dir()]
    return found


def _copy(source: Path, dest: Path) -> None:
    dest.parent.mkdir(parents=True, exist_ok=True)
    part = dest.parent / f".{dest.name}.lanting-part"
    try:
        shutil.copy2(source, part)
        os.replace(part, dest)
    finally:
        if part.exists():
            part.unlink()


def _remove(target: Path, rel: str) -> bool:
    if rel.split("/", 1)[0] == GIT or ".." in rel.split("/"):
        return False  # never ours, whatever a manifest says
    path = target / rel
    if not path.is_file() or path.is_symlink():
        return False
    path.unlink()
    parent = path.parent
    while parent != target and not any(parent.iterdir()):
        parent.rmdir()
        parent = parent.parent
    return True


def mirror(output: Path, target: Path, site: Path) -> Mirrored:
    """Make `target` hold the files of `output`: copy what changed, then remove what an
    earlier deploy copied and the site no longer has, then record what it holds."""
    if not output.is_dir() or not (output / MARKER).is_file():
        raise LantingError.at(f"{output} is not a folder Lanting built", output,
                              hint="run `lanting build` first (or drop --no-build)")
    check_target(target, output, site)
    files = _files(output)
    conflicts = _conflicts(target, files)
    if conflicts:  # found before anything is copied: nothing changes
        raise LantingError.at(
            f"{target} has a folder where the site has a file, or the other way round: "
            f"{', '.join(conflicts[:5])}", target,
            hint="remove those from the target folder yourself")
    target.mkdir(parents=True, exist_ok=True)
    copied = unchanged = 0
    for rel, source in files.items():
        dest = target / rel
        if _same(source, dest):
            unchanged += 1
        else:
            _copy(source, dest)
            copied += 1
    removed = sum(_remove(target, rel) for rel in sorted(_previous(target) - set(files)))
    manifest = target / f".{MANIFEST}.lanting-part"
    manifest.write_text(json.dumps({"generator": "lanting", "files": list(files)},
                                   ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    os.replace(manifest, target / MANIFEST)
    return Mirrored(copied, unchanged, removed)

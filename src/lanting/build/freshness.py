"""Is the output already up to date? A build whose inputs — every file of the site, the
options, Lanting and its libraries — are those of the build that wrote the output has
nothing to do. Kept free of heavy imports: the answer must be cheaper than a build.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lanting.fs import keep_newest
from lanting.model.output import Answers, Copy, OutputFile, Reads
from lanting.model.problem import Problem

INPUT_FOLDERS = ("content", "static", "templates", "data")
INPUT_FILES = ("lanting.toml",)
MARKER = ".lanting-output"
GIT = ".git"


def _walk(folder: Path, digest: hashlib.blake2b, root: Path) -> None:
    lines: list[str] = []
    rel = os.path.relpath(folder, root)
    _stamps(str(folder), "" if rel == os.curdir else rel + os.sep, lines)
    digest.update("".join(lines).encode())


def _stamps(folder: str, rel: str, lines: list[str]) -> None:
    """A line per file under `folder` (path relative to the root, size, modification
    time), in name order; `rel` is the folder's own relative path."""
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return
    for entry in entries:
        if entry.name.startswith(".") and not (rel == f"static{os.sep}"
                                               and entry.name == ".well-known"):
            continue  # (static/.well-known/ is published: discover.WELL_KNOWN)
        if entry.is_dir(follow_symlinks=False):
            _stamps(entry.path, rel + entry.name + os.sep, lines)
        else:
            try:
                stat = entry.stat()
            except OSError:
                continue
            lines.append(f"{rel}{entry.name}\0{stat.st_size}\0{stat.st_mtime_ns}\n")


def engine_stamp() -> str:
    """Lanting's own files and the installed versions of every distribution, by stat."""
    digest = hashlib.blake2b(digest_size=16)
    package = Path(__file__).parents[1]  # all of Lanting, not this folder
    _walk(package, digest, package)
    for entry in sorted(os.environ.get("PYTHONPATH", "").split(os.pathsep)):
        digest.update(entry.encode())
    import sys

    for path in sys.path:  # a library upgrade changes its dist-info folder
        try:
            names = sorted(n for n in os.listdir(path) if n.endswith(".dist-info"))
        except OSError:
            continue
        digest.update("\0".join(names).encode())
    return digest.hexdigest()


def inputs_digest(site: Path, options: tuple[object, ...], read: Iterable[str] = ()) -> str:
    """A digest of everything a build of `site` with `options` depends on: the config,
    every file under the input folders, and the other files of the site the previous
    build read (`read`: files included by pages, by path relative to the site)."""
    digest = hashlib.blake2b(digest_size=20)
    digest.update(repr(options).encode() + engine_stamp().encode())
    for name in (*INPUT_FILES, *sorted(read)):
        try:
            stat = (site / name).stat()
            digest.update(f"{name}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
        except OSError:
            digest.update(f"{name}\0missing\n".encode())
    for name in INPUT_FOLDERS:
        _walk(site / name, digest, site)
    return digest.hexdigest()


def _output_name(output: Path) -> str:
    return "output-" + hashlib.blake2b(str(output.resolve()).encode(), digest_size=8).hexdigest()


def _state_file(cache_dir: Path, output: Path) -> Path:
    return cache_dir / f"{_output_name(output)}.json"


def spare_folder(cache_dir: Path, output: Path) -> Path:
    """Where the output the last build replaced is kept, for the next build to update in
    place (`output.write`, `output.recycle`)."""
    return cache_dir / f"{_output_name(output)}.previous"


def _marker_content(output: Path) -> str:
    try:
        return str(json.loads((output / MARKER).read_text(encoding="utf-8")).get("content", ""))
    except (OSError, ValueError, AttributeError):
        return ""


@dataclass(frozen=True, slots=True)
class State:
    """What the build that wrote an output folder was made from."""

    inputs: str = ""
    """`inputs_digest` of that build ("": build again)."""
    fingerprints: dict[str, str] = field(default_factory=dict)
    """Output path -> fingerprint of each generated file."""
    read: tuple[str, ...] = ()
    """Files the build's pages included (the gate stats them besides the input folders)."""
    output: str = ""
    """`output_digest` of the output folder as the build left it: a file deleted, added
    or edited there since makes the next build run (and put it right)."""
    warnings: tuple[Problem, ...] = ()
    """That build's warnings: a build with nothing to do shows them again (they still
    hold), as a full build would."""


_PROBLEM_FIELDS = ("message", "path", "line", "column", "hint", "severity", "excerpt")


def _problem(data: dict[str, Any]) -> Problem:
    return Problem(str(data["message"]), Path(data["path"]) if data.get("path") else None,
                   data.get("line"), data.get("column"), data.get("hint"),
                   str(data.get("severity", "warning")), data.get("excerpt"))


def _problem_data(problem: Problem) -> dict[str, Any]:
    return {name: str(value) if isinstance(value, Path) else value
            for name in _PROBLEM_FIELDS if (value := getattr(problem, name)) is not None}


def load_state(cache_dir: Path, output: Path) -> State:
    """What the build that wrote `output` recorded; empty when the output is not (any
    more) the one that build wrote."""
    try:
        data = json.loads(_state_file(cache_dir, output).read_text(encoding="utf-8"))
        if not data.get("content") or data.get("content") != _marker_content(output):
            return State()
        return State(str(data.get("inputs", "")),
                     {str(k): str(v) for k, v in data.get("fingerprints", {}).items()},
                     tuple(str(name) for name in data.get("read", ())),
                     str(data.get("output", "")),
                     tuple(_problem(p) for p in data.get("warnings", ())))
    except (OSError, ValueError, AttributeError, TypeError):
        return State()


Stamps = dict[str, tuple[int, int]]
"""Output path -> (size, modification time in ns) of each file of an output folder."""


def output_stamps(output: Path) -> Stamps:
    """Every file of the output folder with its size and time (the marker and a `.git`
    left out)."""
    found: Stamps = {}
    pending = [("", os.fspath(output))]
    while pending:
        prefix, folder = pending.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if not prefix and entry.name == GIT:
                continue  # a repository in the output (gh-pages worktree): not ours
            if entry.is_dir(follow_symlinks=False):
                pending.append((prefix + entry.name + "/", entry.path))
            elif entry.name != MARKER or prefix:
                try:
                    stat = entry.stat(follow_symlinks=False)
                except OSError:
                    continue
                found[prefix + entry.name] = (stat.st_size, stat.st_mtime_ns)
    return found


def written_stamps(output: Path, files: Iterable[OutputFile], copies: Iterable[Copy],
                   previous: Stamps) -> Stamps:
    """`output_stamps` of an output just written with `files` and `copies`, read only
    where they can have changed. A file given without data is the previous output's
    very file (linked, or kept in the spare), whose stamp `previous` holds: the build
    that reused it found it intact. (Reading 9,000 stamps costs more than the rest of
    writing a one-post edit.) A stamp taken over wrongly — the file was touched since —
    only makes the next build render that file again."""
    if not previous:
        return output_stamps(output)
    unchanged = {f.path for f in files if f.data is None and not f.staged}
    folder = os.fspath(output)
    found: Stamps = {}
    for path in (*(c.path for c in copies), *(f.path for f in files)):
        known = previous.get(path) if path in unchanged else None
        if known is None:
            stat = os.lstat(os.path.join(folder, path))
            known = (stat.st_size, stat.st_mtime_ns)
        found[path] = known
    return found


def output_digest(stamps: Stamps) -> str:
    return hashlib.blake2b(repr(sorted(stamps.items())).encode(), digest_size=16).hexdigest()


@dataclass(frozen=True, slots=True)
class Details:
    """What the build that wrote an output recorded beside the state: each generated
    file's reads of the site model (`render.recording`), the stamps of the output's
    files, and what each language's model answered to the reads (by language folder)."""

    reads: dict[str, Reads] = field(default_factory=dict)
    stamps: Stamps = field(default_factory=dict)
    answers: dict[str, Answers] = field(default_factory=dict)


def load_details(cache_dir: Path, output: Path) -> Details:
    """The details of the build that wrote `output` (none known: empty); read only by a
    build that has work to do."""
    try:
        data = pickle.loads(_details_file(cache_dir, output).read_bytes())
        reads = {path: Reads(own, names, pages, site, calls, opaque, answer)
                 for path, (own, names, pages, site, calls, opaque, answer)
                 in data["reads"].items()}
        answers = {key: Answers(*fields) for key, fields in data["answers"].items()}
        stamps = data["files"]
        if not isinstance(stamps, dict):
            return Details()
    except (OSError, pickle.UnpicklingError, ValueError, KeyError, TypeError, AttributeError,
            EOFError):
        return Details()
    return Details(reads, stamps, answers)


def _details_file(cache_dir: Path, output: Path) -> Path:
    """Pickled, not JSON: at 4,000 posts the records take 8 MB, which JSON read back in
    a third of a second (every build after an edit reads them; the file is the cache's,
    made by this user's own builds, like the pickled documents of `build.cache`)."""
    name = _state_file(cache_dir, output).name.replace("output-", "details-", 1)
    return cache_dir / name.replace(".json", ".pickle")


KEPT_STATES = 8
"""State files kept in the cache, the most recently written: one per output folder ever
built (test runs and `-o /tmp/…` builds make many); an output whose state went is only
built in full again."""


def save_state(cache_dir: Path, output: Path, content: str, state: State,
               details: Details) -> None:
    """Remember what the build that just wrote `output` was made from (in the cache)."""
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        mine, kept = _state_file(cache_dir, output), _details_file(cache_dir, output)
        kept.write_bytes(pickle.dumps(
            {"reads": {path: (r.own, r.names, r.pages, r.site, r.calls, r.opaque, r.answer)
                       for path, r in sorted(details.reads.items())},
             "files": details.stamps,
             "answers": {key: (a.own, a.calls, a.site, a.order, a.listed)
                         for key, a in details.answers.items()}},
            protocol=pickle.HIGHEST_PROTOCOL))
        mine.write_text(json.dumps(
            {"inputs": state.inputs, "content": content, "fingerprints": state.fingerprints,
             "read": sorted(state.read), "output": state.output,
             "warnings": [_problem_data(p) for p in state.warnings]}), encoding="utf-8")
        keep_newest(cache_dir, "output-*.json", KEPT_STATES, mine)
        keep_newest(cache_dir, "details-*.pickle", KEPT_STATES, kept)
        for older in cache_dir.glob("details-*.json"):  # the format of Lanting 0.1.0
            older.unlink(missing_ok=True)
    except OSError:
        pass  # without it the next build only does more work

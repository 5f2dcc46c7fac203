"""The file of `\\input` lines a beamer deck's build writes before it runs LaTeX
(`notes_formats`): a deck kept a frame file a section (`sections/001_start.tex`, …),
its `presentation.tex` reading `\\input{frames}`, which no repository holds, and its
Makefile writing it (`ls sections/*.tex | awk '{printf "\\\\input{%s}\\n", $1}' >
frames.tex`, or `find slides -name "*.tex" | sed … > slideIndex.tex`). Imported, the
talk had the line `\\input{frames}` and no slide of the sections. `generated_index`
writes that file as the build did: an `\\input` line for each file the build lists,
in the order of their names (as `ls` and `find -s` list them).
"""

from __future__ import annotations

import re
from pathlib import Path

from lanting.importer.common import read_text

_BUILD_NAMES = frozenset({"makefile", "gnumakefile", "justfile"})
_BUILD_SUFFIXES = frozenset({".mk", ".sh", ".bash"})
_GLOB = re.compile(r"(?<![\w./-])([\w.-]+(?:/[\w.-]+)*)/\*\.tex\b")
"""A folder's `.tex` files as a shell lists them: `sections/*.tex`."""
_FIND = re.compile(r"\bfind\s+(?:-\w+\s+)*([\w.-]+(?:/[\w.-]+)*)\b[^\n]*?-i?name\s+"
                   r"[\"']?\*\.tex\b")
"""`find -s slides -type f -name "*.tex"`."""


def _builds(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.is_file() and (
        p.name.lower() in _BUILD_NAMES or p.suffix.lower() in _BUILD_SUFFIXES))


def generated_index(folder: Path, name: str) -> str | None:
    """The text of the file `name` (`frames`, `slideIndex.tex`) that a build file in
    `folder` writes of a folder's `.tex` files, an `\\input{…}` line each; None when
    no build file there writes it (or its files are not there)."""
    stem = name.removesuffix(".tex").removeprefix("./")
    if not stem or "/" in stem or not folder.is_dir():
        return None
    named = re.compile(rf"(?<![\w./-]){re.escape(stem)}\.tex\b")
    for build in _builds(folder):
        text = re.sub(r"\\\n", " ", read_text(build))
        if not named.search(text):
            continue
        listed = _GLOB.search(text) or _FIND.search(text)
        if listed is None:
            continue
        files = sorted((folder / listed.group(1)).glob("*.tex"))
        if files:
            return "".join(f"\\input{{{p.relative_to(folder).as_posix()}}}\n" for p in files)
    return None

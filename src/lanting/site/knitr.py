"""knitr's child documents in a talk written for xaringan: a cell
```` ```{r child='part2.Rmd'} ```` is the text of that file, where it stands.

A lecture kept in parts opens with a short deck whose slides are such cells, one a part
(`---` between them): knitr writes each part's Markdown in its place before remark cuts
the deck into slides. Shown as code, the cells left the parts out: a course's deck was
its plan and six slides of `child=` lines. A slide that is only such cells is the
slides of those files, read as the talk is (their lines and images from their own file,
their own children too); a file that is not there is an error at the cell's line, and
a cell among other text a warning. Inline R code, `` `r fa("book")` ``, which knitr
filled in, shows as code: a warning says so, once a file.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from lanting.markdown.fence_info import FENCE_LINE
from lanting.model.problem import Problem
from lanting.site.marp import outside_code
from lanting.site.remark import continuation_lines, hidden_cells
from lanting.site.talk_slides import SlideSource, split_slides

_CHILD = re.compile(r"""^\{r\b[^}]*?\bchild\s*=\s*(?:c\(\s*)?(["'])([^"']+)\1""")
_CELL = re.compile(r"""^[ \t]{0,3}(?:`{3,}|~{3,})[ \t]*\{r\b[^}\n]*\bchild\s*=""",
                   re.MULTILINE)
_INLINE_R = re.compile(r"(?<!`)`r[ \t]+[^`\n]+`(?!`)")
"""knitr's inline R code, `` `r fa("book")` ``, which knitr replaced by its value."""
_DEPTH = 8
"""Children of children read; deeper is a loop (a part naming itself)."""

Read = Callable[[str, Path], tuple[str, Path] | None]
"""The file a path names, from the file it is written in: its text and path, or None."""


def child_slides(sources: list[SlideSource], path: Path, read: Read,
                 problems: list[Problem], depth: int = 0) -> list[SlideSource]:
    """`sources` (slides of the file `path`) with each slide made only of child cells
    replaced by the slides of the files they name."""
    slides: list[SlideSource] = []
    for source in sources:
        children = _children(source.text)
        if not children or depth >= _DEPTH or source.notes.strip():
            slides.append(source)
            if (among := _CELL.search(source.text)) is not None:
                problems.append(Problem(
                    "knitr's child document in a slide with other text is not read (its "
                    "cell shows as code)", source.path or path,
                    source.line + source.text.count("\n", 0, among.start()),
                    severity="warning", hint="put the cell on a slide of its own, between "
                    "lines `---`"))
            continue
        for offset, name in children:
            found = read(name, source.path or path)
            if found is None:
                problems.append(Problem(
                    f"knitr's child document `{name}` is not there", source.path or path,
                    source.line + offset, hint="put the file beside the talk (a bundle: "
                    "talks/<slug>/index.md), as knitr read it from the deck's folder; its "
                    "name's case counts"))
                continue
            text, file = found
            parts = split_slides(continuation_lines(hidden_cells(text)), 1)
            slides += child_slides([_from(s, file) for s in parts], file, read, problems,
                                   depth + 1)
    return slides


def _children(text: str) -> list[tuple[int, str]]:
    """The files named by the child cells `text` is made of, each with its line in
    `text`; [] when it holds anything else."""
    lines = text.split("\n")
    found: list[tuple[int, str]] = []
    fence = ""
    for i, line in enumerate(lines):
        opened = FENCE_LINE.match(line)
        if fence:
            if opened and line.strip() == opened.group(1) and opened.group(1)[0] == fence[0]:
                fence = ""
            elif line.strip():
                return []  # (a cell with code, not only a child)
        elif opened and (child := _CHILD.match(opened.group(2).strip())):
            fence = opened.group(1)
            found.append((i, child.group(2)))
        elif line.strip():
            return []
    return [] if fence else found


def _from(source: SlideSource, file: Path) -> SlideSource:
    return SlideSource(source.text, source.line, source.notes, source.notes_line,
                       source.vertical, source.path or file)


def inline_code_warnings(sources: list[SlideSource], path: Path) -> list[Problem]:
    """A warning at the first of knitr's inline R expressions (`` `r fa("book")` ``)
    outside code of each file the slides are from (`path`, the talk's, or a child's):
    Lanting runs no R, so each shows as code where the deck showed its value (an icon,
    a number)."""
    problems: list[Problem] = []
    warned: set[Path] = set()
    for source in sources:
        where = source.path or path
        if where in warned:
            continue
        found: list[int] = []

        def look(chunk: str, at: int, found: list[int] = found) -> str:
            if not found and (match := _INLINE_R.search(chunk)) is not None:
                found.append(at + chunk.count("\n", 0, match.start()))
            return chunk

        outside_code(source.text, source.line, look)
        if found:
            warned.add(where)
            problems.append(Problem(
                "knitr's inline R code (`` `r …` ``) is not run: it shows as code (this "
                "file's first)", where, found[0], severity="warning",
                hint="write its value instead (a number, an image of the icon)"))
    return problems

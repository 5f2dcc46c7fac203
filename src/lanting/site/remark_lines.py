"""remark's highlighted code lines, in a xaringan deck that turns them on
(`nature: highlightLines: true` under `xaringan::moon_reader`, as xaringan's own
template does).

Such a deck marks a code line in the code itself:

    ```r
    x <- rnorm(10)
    *y <- mean(x)          ← a leading `*` (remark)
    {{z <- sd(x)}}         ← the line in double braces (remark)
    w <- 2 #<<             ← a trailing `#<<` (xaringan)
    ```

remark takes the marks out and highlights the lines. Read as plain code the marks
showed, `*`, braces and `#<<` in every lecture's code. Here each block's marks are
taken out and its marked lines become the fence's highlighted lines
(`hl_lines="2 3 4"`, which `markdown.code` reads); the block keeps its number of lines,
so messages point into the talk file.
"""

from __future__ import annotations

import re

from lanting.markdown.fence_info import FENCE_LINE

_STAR = re.compile(r"^\*( )?")
"""remark's mark at a line's start; a space after it stays two (remark writes the star
as a space, so that the marked line keeps its column)."""
_BRACES = re.compile(r"\{\{(.+?)\}\}")
_TRAILING = re.compile(r"[ \t]*#<<[ \t]*$")


def _unmarked(line: str) -> tuple[str, bool]:
    """A code line without its mark, and whether it had one."""
    if (star := _STAR.match(line)) is not None:
        return "  " * bool(star.group(1)) + line[star.end():], True
    if _TRAILING.search(line):
        return _TRAILING.sub("", line), True
    if _BRACES.search(line):
        return _BRACES.sub(r"\1", line), True
    return line, False


def _with_lines(info: str, marked: list[int]) -> str:
    """The fence's info string naming `marked` (from 1) as its highlighted lines: inside
    its braces (knitr's `{r echo=TRUE}`), else in braces after its language."""
    option = f'hl_lines="{" ".join(map(str, marked))}"'
    stripped = info.rstrip()
    if stripped.endswith("}"):
        return f"{stripped[:-1].rstrip()} {option}}}"
    return f"{stripped} {{{option}}}"


def highlighted_lines(text: str) -> str:
    """`text` with each fenced code block's marked lines (`*`, `{{…}}`, `#<<`) unmarked
    and named in its fence's info string."""
    lines = text.split("\n")
    fence, opening = "", -1
    marked: list[int] = []
    for i, line in enumerate(lines):
        found = FENCE_LINE.match(line)
        if not fence:
            if found is not None:
                fence, opening, marked = found.group(1), i, []
            continue
        if found is not None and found.group(1)[0] == fence[0] \
                and len(found.group(1)) >= len(fence) and not found.group(2).strip():
            if marked:
                head = FENCE_LINE.match(lines[opening])
                assert head is not None
                lines[opening] = lines[opening][:head.start(2)] + _with_lines(
                    head.group(2), marked)
            fence = ""
            continue
        lines[i], mark = _unmarked(line)
        if mark:
            marked.append(i - opening)
    return "\n".join(lines)

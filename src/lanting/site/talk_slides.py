"""A talk's body cut into slides, in Lanting's own form (reveal.js' too).

    ## 第一页               ← a slide: any Markdown (math, code, images, callouts)
    Note:                   ← (or `???`) the rest of the slide is the speaker's notes
    Good morning, …
    ---                     ← a line `---` starts the next slide
                            ← (a line `--` or `----` between blank lines too:
                              reveal.js's and reveal-md's vertical slide, one more in
                              the sequence)
    ::: columns             ← two (or more) columns, split by lines `+++`
    left …
    +++
    right …
    :::

Lines inside fenced code blocks never split.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

from lanting.markdown.fence_info import FENCE_LINE
from lanting.site.marp import heading_level

_SLIDE_BREAK = re.compile(r"^---\s*$")
_VERTICAL_BREAK = re.compile(r"^(?:--|----)\s*$")
"""reveal.js's vertical separator (`^\\r?\\n--\\r?\\n$`, multiline), or reveal-md's
(`----`): such a line with a blank line before and after it; right under a line of text
it is a setext underline."""
_PANDOC_RULE = re.compile(r"^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$")
"""Any Markdown rule (`- - -`, `* * *`, `___`, `-----`), which starts a slide in a deck
Pandoc cuts as a line `---` does: such decks part their slides with `- - -` too."""
_NOTES = re.compile(r"^(?:notes?:(?P<rest>.*)|\?\?\?)$", re.IGNORECASE)
_FENCE = FENCE_LINE
_COLUMNS_OPEN = re.compile(r"^:{3,}\s*columns\s*$")
_COLUMN_BREAK = re.compile(r"^\+\+\+\s*$")
_CONTAINER_CLOSE = re.compile(r"^:{3,}\s*$")
_CONTAINER_OPEN = re.compile(r"^\s{0,3}:{3,}\s*[^\s:]")
"""A block opening inside the columns (`::: note`), whose `:::` closes it, not them."""


@dataclass(frozen=True, slots=True)
class SlideSource:
    text: str
    line: int
    """File line of the slide's first line."""
    notes: str = ""
    notes_line: int = 0
    vertical: bool = False
    """Opened by a vertical break (`--`, `----`): reveal.js's next slide down, not across."""
    path: Path | None = None
    """The file it is from when not the talk's own (knitr's child document)."""


def split_slides(body: str, body_line: int = 1,
                 heading_divider: frozenset[int] = frozenset(),
                 pandoc: bool = False) -> list[SlideSource]:
    """The slides of a talk body, with their notes and first lines; blank slides dropped.
    A heading of a level in `heading_divider` (Marp's `headingDivider`) starts a slide.
    In a deck Pandoc cuts (`pandoc`), a rule or heading inside a fenced div starts none:
    Pandoc cuts at the body's own blocks, and a lecture's rule inside its `:::
    {.incremental}` split the div over two slides, its `:::` lines shown as text."""
    slides: list[SlideSource] = []
    text: list[str] = []
    notes: list[str] = []
    start, notes_start, in_notes, fence = body_line, 0, False, ""
    vertical = False
    comment = math = False
    """Inside an HTML comment or a `$$` formula: a `---` there is no slide break (a
    slide commented out, a rule in a formula), as a fence's is not."""

    def close() -> None:
        if "".join(text).strip() or "".join(notes).strip():
            slides.append(SlideSource("\n".join(text).strip("\n"), start + _leading_blank(text),
                                      "\n".join(notes).strip("\n"),
                                      notes_start + _leading_blank(notes), vertical))

    lines = body.split("\n")
    divs = 0
    pandoc = pandoc and _divs_closed(lines)  # (one left open would hold the rest)
    for i, line in enumerate(lines):
        number = body_line + i
        opened = _FENCE.match(line)
        if pandoc and not (fence or comment or math):
            divs = _div_depth(line, divs)
        if fence:
            closing = opened.group(1) if opened else ""
            if closing[:1] == fence[0] and len(closing) >= len(fence) \
                    and line.strip() == closing:
                fence = ""
        elif opened and not (comment or math):
            fence = opened.group(1)
        elif comment or math:
            comment, math = _inside_comment(line, comment), math ^ (
                line.count("$$") % 2 == 1 and not comment)
        elif (_SLIDE_BREAK.match(line) or _vertical_break(lines, i)) and not divs \
                or pandoc and not divs and _pandoc_rule(lines, i):
            close()
            text, notes, start, in_notes = [], [], number + 1, False
            vertical = not (_SLIDE_BREAK.match(line) or pandoc)
            continue
        elif heading_divider and not divs and line_level(lines, i) in heading_divider \
                and "".join(text + notes).strip():
            close()
            text, notes, start, in_notes, vertical = [line], [], number, False, False
            continue
        elif not in_notes and (match := _NOTES.match(line.strip())):
            in_notes, notes_start = True, number
            rest = (match.group("rest") or "").strip()
            notes = [rest] if rest else []
            if not rest:
                notes_start = number + 1
            continue
        else:
            comment = _inside_comment(line, False)
            math = not comment and line.count("$$") % 2 == 1
        (notes if in_notes else text).append(line)
    close()
    return slides


def pandoc_slide_level(body: str, given: int | None = None) -> frozenset[int]:
    """The heading levels that start a slide in a deck written for Pandoc (`pandoc -t
    revealjs`), which cuts at headings, not at lines `---`: those up to its slide level,
    `given` (the talk's `slide_level`: Pandoc's `--slide-level`, which a Makefile or a
    script gave), else the highest level of a heading followed by content rather than
    another heading. Then empty unless the body has two headings of those levels (a
    talk of one slide whose headings are its sections reads as before) and no slide
    break at all, or more than twice as many such headings as slides between its lines
    `---`: a Pandoc deck cut at its headings that draws a rule, `---`, to start a slide
    within a section (Pandoc starts one at each), where a talk of Lanting's form has a
    heading or two on each slide."""
    if given is not None:
        return frozenset(range(1, given + 1))
    levels: list[int] = []
    breaks = divs = 0
    fence = ""
    lines = body.split("\n")
    closed = _divs_closed(lines)
    for i, line in enumerate(lines):
        opened = _FENCE.match(line)
        if not fence and closed:
            divs = _div_depth(line, divs)
        if fence:
            if opened and opened.group(1)[0] == fence[0] and line.strip() == opened.group(1) \
                    and len(opened.group(1)) >= len(fence):
                fence = ""
            continue
        if opened:
            fence = opened.group(1)
        elif divs:
            continue  # (Pandoc cuts at the body's own blocks, not a div's)
        elif _SLIDE_BREAK.match(line) or _vertical_break(lines, i):
            breaks += 1
        elif level := line_level(lines, i):
            after = i + 1 + (not heading_level(line))  # (below a setext underline)
            following = next((n for n in range(after, len(lines)) if lines[n].strip()),
                             None)
            levels.append(-level if following is not None and line_level(lines, following)
                          else level)
    shown = [x for x in levels if x > 0]
    if not shown:
        return frozenset()
    top = min(shown)
    cuts = sum(1 for x in levels if abs(x) <= top)
    return frozenset(range(1, top + 1)) if cuts > 1 and (
        not breaks or cuts > 2 * (breaks + 1)) else frozenset()


def pandoc_stacks(slides: list[SlideSource], levels: frozenset[int]) -> list[SlideSource]:
    """The slides of a deck cut at its headings' `levels` (`pandoc_slide_level`) in
    reveal.js's two dimensions, as Pandoc makes them: with a slide level of 2 or more,
    a top-level heading's slide opens a column across and the slides of its section go
    down under it (so `#/3/1` names the second slide of the fourth column)."""
    if len(levels) < 2:
        return slides
    top, section = min(levels), False
    stacked = []
    for slide in slides:
        lines = slide.text.split("\n")
        first = next((n for n, x in enumerate(lines) if x.strip()), 0)
        level = line_level(lines, first) if lines else 0
        section = section or level == top
        down = section and level != top
        stacked.append(replace(slide, vertical=down) if down else slide)
    return stacked


_DIV_OPENING = re.compile(r"^\s{0,3}:{3,}\s*[^\s:]")
_DIV_CLOSING = re.compile(r"^\s{0,3}:{3,}\s*$")


def _div_depth(line: str, depth: int) -> int:
    """The number of fenced divs open after `line`, `depth` before it."""
    if _DIV_OPENING.match(line):
        return depth + 1
    return depth - 1 if depth and _DIV_CLOSING.match(line) else depth


def _divs_closed(lines: list[str]) -> bool:
    """Whether every fenced div `lines` open outside code is closed."""
    depth, fence = 0, ""
    for line in lines:
        opened = _FENCE.match(line)
        if fence:
            fence = "" if opened and line.strip() == opened.group(1) \
                and opened.group(1)[0] == fence[0] else fence
        elif opened:
            fence = opened.group(1)
        else:
            depth = _div_depth(line, depth)
    return depth == 0


_UNDERLINE = re.compile(r"^ {0,3}(=+|-{2,})[ \t]*$")
_NOT_TEXT = re.compile(r"^\s*(?:[-*+>|#]|\d+[.)]|:::|<|$)")


def line_level(lines: list[str], i: int) -> int:
    """The level of the heading starting at `lines[i]`: `#`'s, or a setext heading's,
    a line of text under a blank line with a line of `=` (1) or dashes (2) under it, as
    Pandoc decks write their sections and slides (`Outline` over `-------`); 0 when
    none. A line of just three dashes stays the talk's slide break."""
    if level := heading_level(lines[i]):
        return level
    if i + 1 < len(lines) and (i == 0 or not lines[i - 1].strip()) \
            and not _NOT_TEXT.match(lines[i]) and lines[i + 1].strip() != "---" \
            and (under := _UNDERLINE.match(lines[i + 1])) is not None:
        return 1 if under.group(1)[0] == "=" else 2
    return 0


def _pandoc_rule(lines: list[str], i: int) -> bool:
    """A rule at `lines[i]`, not a heading's underline (dashes right under text)."""
    return bool(_PANDOC_RULE.match(lines[i])) and (
        i == 0 or not lines[i - 1].strip() or lines[i].strip()[0] != "-"
        or " " in lines[i].strip())


def _vertical_break(lines: list[str], i: int) -> bool:
    return bool(_VERTICAL_BREAK.match(lines[i])) \
        and (i == 0 or not lines[i - 1].strip()) \
        and (i + 1 == len(lines) or not lines[i + 1].strip())


def _inside_comment(line: str, inside: bool) -> bool:
    """Whether an HTML comment is open at the end of `line` (`inside`: at its start)."""
    at = 0
    while True:
        found = line.find("-->" if inside else "<!--", at)
        if found < 0:
            return inside
        inside, at = not inside, found + (3 if inside else 4)


def _leading_blank(lines: list[str]) -> int:
    return next((i for i, line in enumerate(lines) if line.strip()), 0)


def segments(text: str, line: int) -> list[tuple[str, list[tuple[str, int]]]]:
    """("md", [(text, line)]) and ("columns", [(column text, line), …]) parts of a slide.
    A block inside the columns (`::: note` … `:::`) is theirs: its `:::` closed the
    columns, the rest of them shown as text, `+++` and all."""
    parts: list[tuple[str, list[tuple[str, int]]]] = []
    current: list[str] = []
    current_line = line
    columns: list[tuple[str, int]] | None = None
    inner = 0  # (blocks open inside the columns)
    for i, raw in enumerate(text.split("\n")):
        number = line + i
        if columns is None and _COLUMNS_OPEN.match(raw):
            parts.append(("md", [("\n".join(current), current_line)]))
            columns, current, current_line, inner = [], [], number + 1, 0
        elif columns is not None and not inner and _COLUMN_BREAK.match(raw):
            columns.append(("\n".join(current), current_line))
            current, current_line = [], number + 1
        elif columns is not None and not inner and _CONTAINER_CLOSE.match(raw):
            columns.append(("\n".join(current), current_line))
            parts.append(("columns", columns))
            columns, current, current_line = None, [], number + 1
        else:
            if columns is not None and _CONTAINER_OPEN.match(raw):
                inner += 1
            elif columns is not None and _CONTAINER_CLOSE.match(raw):
                inner -= 1
            current.append(raw)
    if columns is not None:  # an unclosed `::: columns` runs to the end of the slide
        columns.append(("\n".join(current), current_line))
        parts.append(("columns", columns))
    else:
        parts.append(("md", [("\n".join(current), current_line)]))
    return [(kind, items) for kind, items in parts if any(t.strip() for t, _ in items)]

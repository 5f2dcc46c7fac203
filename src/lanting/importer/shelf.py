"""Text put aside behind markers while a body is converted (`Shelf`: code, Liquid `raw`
blocks, math, links and images to place later), and the code put aside that way: fenced
blocks (also in list items and block quotes), code spans, and Lanting's form of a fenced
block (`fence`)."""

from __future__ import annotations

import re
from collections.abc import Callable

MARK_OPEN, MARK_CLOSE = "\ue000", "\ue001"
"""Private-use characters around the markers of text put aside (never in real posts)."""
MARKER = re.compile(f"{MARK_OPEN}([A-Z])(\\d+){MARK_CLOSE}")
"""A marker of text put aside: (kind, number)."""


class Shelf:
    """Pieces of a body put aside behind markers while the rest is converted: code (`C`),
    Liquid `raw` blocks (`R`), math (`M`), links to other posts (`L`, by item), images
    (`I`, by image). `C`, `R` and `M` come back with `restore`; `L` and `I` when the whole
    site is known."""

    def __init__(self) -> None:
        self.items: dict[str, list[str]] = {"C": [], "R": [], "M": []}

    def put(self, text: str, kind: str = "C") -> str:
        items = self.items[kind]
        items.append(text)
        return f"{MARK_OPEN}{kind}{len(items) - 1}{MARK_CLOSE}"

    def restore(self, text: str, kinds: str = "CRM") -> str:
        for _ in range(8):  # put-aside text may hold markers of its own
            new = MARKER.sub(lambda m: self.items[m.group(1)][int(m.group(2))]
                              if m.group(1) in kinds else m.group(), text)
            if new == text:
                break
            text = new
        return text


def marker(kind: str, number: int) -> str:
    return f"{MARK_OPEN}{kind}{number}{MARK_CLOSE}"


def markers(text: str, kind: str) -> list[int]:
    return [int(m.group(2)) for m in MARKER.finditer(text) if m.group(1) == kind]


# --- code ---------------------------------------------------------------------------------


_FENCE = re.compile(r"^([ \t]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]+)*)(`{3,}|~{3,})(.*)$")
"""A fence, after indentation and the markers of list items it opens (`- ```c`,
`1. - ```py`): CommonMark starts a fence on an item's first line too."""

FenceHandler = Callable[[str, str, str], str]
"""(info string, code, indentation) -> the fenced block to write."""


def fence(lang: str, code: str, options: dict[str, str] | None = None, indent: str = "") -> str:
    """A fenced block with Lanting's info-string options (`linenos=true hl_lines="3-4"
    title="x.py" start=10`), longer than any backtick run inside (of tildes, longer than
    any tilde run, when the info holds a backtick)."""
    # (options need a language before them: the first word of an info string is one)
    info = lang or ("text" if any(v != "" for v in (options or {}).values()) else "")
    for key, value in (options or {}).items():
        if value != "":
            shown = value if re.fullmatch(r"[\w.\-]+", value) else '"' + value.replace(
                '"', "'") + '"'
            info += f" {key}={shown}"
    # (tildes when the info holds a backtick, which ends a backtick fence's info:
    # Pandoc's `code-summary="Source of `f()`"`)
    mark = "~" if "`" in info else "`"
    ticks = mark * max(3, max((len(r) for r in re.findall(re.escape(mark) + "+", code)),
                              default=0) + 1)
    body = "\n".join(indent + line if line else "" for line in code.strip("\n").split("\n"))
    return f"{indent}{ticks}{info.rstrip()}\n{body}\n{indent}{ticks}"


def protect_code(text: str, shelf: Shelf, on_fence: FenceHandler | None = None, *,
                 pandoc: bool = False) -> str:
    """`text` with every fenced block and code span behind a marker (fences rewritten by
    `on_fence` first). An unclosed fence runs to the end, as in CommonMark. `pandoc`:
    a backtick fence's attributes may hold backticks in quoted values, as Pandoc reads
    them (`{.r code-summary="Source of `f()`"}`, a Quarto freeze's), which CommonMark's
    info string may not."""
    return protect_spans(_protect_fences(text, shelf, on_fence, pandoc), shelf)


_PANDOC_INFO = re.compile(r"""[ \t]*\{(?:[^{}"'`]|"[^"\n]*"|'[^'\n]*')*\}[ \t]*""")
"""Pandoc's attributes of a fence, backticks only inside their quoted values."""


_QUOTE = re.compile(r"^[ \t]{0,3}>[ \t]?")


def _quoted_fences(text: str, shelf: Shelf, on_fence: FenceHandler | None,
                   pandoc: bool) -> str:
    """The fences inside block quotes (`> ```py`) put aside as the others are: each run
    of quoted lines is read without its `>`, and the code put aside keeps a `> ` on every
    line, so the quote still holds it once the code is back. (Else the quote's code was
    converted as prose: Liquid, shortcodes and math rewritten inside it.)"""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        if not _QUOTE.match(lines[i]):
            out.append(lines[i])
            i += 1
            continue
        end = i
        while end < len(lines) and _QUOTE.match(lines[end]):
            end += 1
        run = [_QUOTE.sub("", line, count=1) for line in lines[i:end]]
        if any(_FENCE.match(line) for line in run):
            before = len(shelf.items["C"])
            inner = _protect_fences("\n".join(run), shelf, on_fence, pandoc)
            for k in range(before, len(shelf.items["C"])):
                shelf.items["C"][k] = shelf.items["C"][k].replace("\n", "\n> ")
            out += ["> " + line if line else ">" for line in inner.split("\n")]
        else:
            out += lines[i:end]
        i = end
    return "\n".join(out)


def _protect_fences(text: str, shelf: Shelf, on_fence: FenceHandler | None,
                    pandoc: bool = False) -> str:
    if ">" in text and ("```" in text or "~~~" in text):
        text = _quoted_fences(text, shelf, on_fence, pandoc)
    lines = text.split("\n")
    comment_ends = _comment_ends(lines)
    out: list[str] = []
    i = 0
    while i < len(lines):
        match = _FENCE.match(lines[i])
        if not match or (match.group(2)[0] == "`" and "`" in match.group(3) and not (
                pandoc and _PANDOC_INFO.fullmatch(match.group(3)))):
            out.append(lines[i])
            i += 1
            continue
        lead, ticks, info = match.groups()
        indent = lead if not lead.strip() else " " * len(lead.expandtabs(4))
        end, closed = _fence_end(lines, i, ticks, len(indent) if lead.strip() else 0,
                                 len(lead.expandtabs(4)))
        if comment_ends.get(i, end) < end:  # (a fence line in a comment, not closed in it)
            out.append(lines[i])
            i += 1
            continue
        code = "\n".join(line[len(indent):] if line.startswith(indent) else line.lstrip()
                         for line in lines[i + 1:end])
        block = (on_fence(info.strip(), code, indent) if on_fence
                 else "\n".join([lines[i][len(lead):]] + lines[i + 1:end + closed]))
        # The item's markers stay in the prose (its list is still a list); the fence's
        # first line goes aside without them.
        out.append(lead + shelf.put(block.removeprefix(indent) if on_fence else block))
        i = end + closed
    return "\n".join(out)


_COMMENT_START = re.compile(r"^ {0,3}<!--")


def _comment_ends(lines: list[str]) -> dict[int, int]:
    """For each line inside an HTML comment that starts a line (`<!-- ~~~`), the line the
    comment ends on, the one holding `-->` (kramdown's and CommonMark's HTML block): a
    fence line there (`~~~  -->`, a file tree commented out) opens no code running past
    the comment, which took the rest of the page for code."""
    ends: dict[int, int] = {}
    i = 0
    while i < len(lines):
        start = _COMMENT_START.match(lines[i])
        if start is None:
            i += 1
            continue
        end = i
        while end < len(lines) - 1 and "-->" not in (
                lines[end][start.end():] if end == i else lines[end]):
            end += 1
        ends.update(dict.fromkeys(range(i, end + 1), end))
        i = end + 1
    return ends


def _fence_end(lines: list[str], start: int, ticks: str, item: int, column: int
               ) -> tuple[int, int]:
    """(line of the closing fence, 1) of the fence opened on line `start` at `column`;
    without one, (where it ends, 0): the end of the text, or for a fence opened in a list
    item (whose text starts at column `item`) the first line less indented than that,
    where the item ends (blank lines before it are not code); for one indented on a line
    of its own, the first list item less indented than it, closed or not. A closing
    fence is indented at most 3 columns more than its container (CommonMark): a fence
    line indented deeper is code, e.g. a nested example's own fences."""
    close = re.compile(rf"^([ \t]*){re.escape(ticks[0])}{{{len(ticks)},}}\s*$")
    for j in range(start + 1, len(lines)):
        if (closing := close.match(lines[j])) and len(closing.group(1).expandtabs(4)) <= column + 3:
            return j, 1
        line = lines[j].expandtabs(4)
        indent = len(line) - len(line.lstrip())
        # (indented on a line of its own, it is in a list item, which a less indented
        # item ends)
        if (item and line.strip() and indent < item) or (
                column and not item and indent < column and _ITEM.match(line)):
            while j - 1 > start and not lines[j - 1].strip():
                j -= 1
            return j, 0
    return len(lines), 0


_ITEM = re.compile(r"^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\S")
"""A list item's first line: a less indented one ends the list item a fence indented on
its own line was in (`7. 安装：` over `   ```js` never closed, then `8. …`: Markdown
ended the code there; the import took the page for code up to a later fence's close)."""


_SPAN = re.compile(r"(?<!`)(`+)(?!`)((?:(?!\n[ \t]*(?:\n|(?:[-*+]|\d{1,9}[.)]|#{1,6})[ \t])"
                   r"|\n[ \t]*\|?[ \t]*:?-+:?[ \t]*\|[ \t|:-]*(?:\n|\Z)).)+?)"
                   r"(?<!`)\1(?!`)", re.DOTALL)
"""A code span: its backticks close in its paragraph, which a blank line ends, and so does
a line starting a list item or a heading (an outline's `- ulimit -c 0 : 不产生` with its
backtick never closed showed it as written; paired with the next item's, it made code of
the lines between, and their links stayed as written); nor across a table's delimiter row
(`:---:|:---:`), which makes the lines a table whose rows are read one by one (a post
quoting a table of images in backticks: the span taken across its rows kept their
Liquid `{{site.baseurl}}`, and the images failed the build)."""


_TICKED_DESTINATION = re.compile(r"(?<=\]\()[^()\s<>`]*`[^()\s<>]*(?=\))")
"""A link's destination holding backticks, `[x](Redis.md#3.2%20`repl-timeout%2060`)`
(Obsidian links a heading by its words, code and all): part of the link, as markdown-it
reads it, no code span (put aside as one, the link was never followed to its page)."""
_TICK = "\ue003"


def protect_spans(text: str, shelf: Shelf) -> str:
    if "](" in text and "`" in text:
        text = _TICKED_DESTINATION.sub(lambda m: m.group().replace("`", _TICK), text)
        return _SPAN.sub(lambda m: shelf.put(m.group().replace(_TICK, "`")),
                         text).replace(_TICK, "`")
    return _SPAN.sub(lambda m: shelf.put(m.group()), text)


_FENCE_LINE_OR_SPAN = re.compile(r"(?m:^[ \t]{0,3}`{3,}[^`\n]*$)|" + _SPAN.pattern, re.DOTALL)


def protect_spans_beside_fences(text: str, shelf: Shelf) -> str:
    """Code spans put aside, in text whose code blocks already are but whose other
    fences stay (MyST's ```` ```{note} ````, which holds Markdown): such a fence line
    opens a block, never a span, as CommonMark reads it — taken for one, a short note's
    text, links and all, was put aside with its fences."""
    return _FENCE_LINE_OR_SPAN.sub(
        lambda m: shelf.put(m.group()) if m.group(1) else m.group(), text)

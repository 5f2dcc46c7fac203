"""mdBook's `SUMMARY.md`: the book's chapters in reading order, which is all mdBook
renders (a Markdown file it does not list is never published).

Its parts, in order: an optional `# Summary` title; prefix chapters (links on lines of
their own, unnumbered); the numbered chapters, a nested list of links (`- [x](x.md)`,
numbered `1.`, `1.1.`, … through the whole book, parts included) split by part titles
(`# Part`) and rules (`---`); suffix chapters (links after the list). A link with no
target (`- [Later]()`) is a draft chapter: listed, greyed, no page."""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import unquote

_ITEM = re.compile(r"^([ \t]*)(?:[-*+]|\d{1,9}[.)])[ \t]+(.*?)[ \t]*$")
"""A list item: bulleted, or numbered (`1. [x](x.md)`: both generators read the list
with their Markdown parser, whatever its markers)."""
_LINK = re.compile(r"^\[((?:[^\[\]\n\\]|\\.|\[[^\]\n]*\])*)\]\(\s*(<[^>\n]*>|[^)\n]*?)"
                   r"(?:\s+(?:\"[^\"\n]*\"|'[^'\n]*'))?\s*\)")
"""A chapter's link; its file may have spaces, as GitBook's summaries write them
(`[1.1 配置](./第一章 环境/1.1 配置.md)`)."""
_PART = re.compile(r"^#{1,6}[ \t]*([^#\s].*?)[ \t]*#*[ \t]*$")
"""A part's title (the first heading: the summary's); `#Contents`, no space after the
marks, too, which GitBook 3's Markdown read as a heading."""
_RULE = re.compile(r"^[ \t]{0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$")


@dataclass(frozen=True)
class Chapter:
    """One line of the summary: a chapter (`link` the file, empty for a draft) or, with
    `part` set, a part's title."""

    title: str
    link: str
    depth: int
    number: str
    """Its section number (`1.2.`); empty for prefix and suffix chapters."""
    line: int
    part: bool = False


@dataclass(frozen=True)
class Summary:
    title: str
    chapters: tuple[Chapter, ...]
    problems: tuple[tuple[int, str], ...]
    """(line, what) for each line read as nothing mdBook knows."""


def read_summary(text: str) -> Summary:
    text = re.sub(r"<!--.*?-->", lambda m: "\n" * m.group().count("\n"), text,
                  flags=re.DOTALL)
    title = ""
    chapters: list[Chapter] = []
    problems: list[tuple[int, str]] = []
    indents: list[int] = []
    counters: list[int] = []
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip() or _RULE.match(line):
            continue
        item = _ITEM.match(line)
        if item is not None:
            width = len(item.group(1).expandtabs(4))
            while indents and indents[-1] >= width:
                indents.pop()
            depth = len(indents)
            indents.append(width)
            counters = counters[:depth + 1]
            while len(counters) <= depth:
                counters.append(0)
            counters[depth] += 1
            found = _LINK.match(item.group(2))
            if found is None:  # (a group's name, GitBook's; a draft's words to mdBook)
                chapters.append(Chapter(_unescape(re.sub(r"[*_`]", "", item.group(2))), "",
                                        depth, ".".join(map(str, counters)) + ".", number))
                continue
            chapters.append(Chapter(_unescape(found.group(1)), _target(found.group(2)),
                                    depth, ".".join(map(str, counters)) + ".", number))
            continue
        indents = []
        heading = _PART.match(line)
        if heading is not None:
            if not title and not chapters:
                title = heading.group(1)
            else:
                chapters.append(Chapter(heading.group(1), "", 0, "", number, part=True))
            continue
        found = _LINK.match(line.strip())
        if found is not None:  # (a prefix or suffix chapter)
            chapters.append(Chapter(_unescape(found.group(1)), _target(found.group(2)), 0,
                                    "", number))
            continue
        problems.append((number, f"`{line.strip()}` is neither a chapter nor a part "
                         "title: left out"))
    return Summary(title, tuple(chapters), tuple(problems))


def _target(raw: str) -> str:
    """The file a chapter link names (`<a b.md>` or `a%20b.md` for a name with spaces)."""
    return unquote(raw.strip().strip("<>"))


def _unescape(title: str) -> str:
    return re.sub(r"\\([\\`*_{}\[\]()#+\-.!|])", r"\1", title).strip()

"""beamer's frame commands that a deck written in LaTeX uses besides `\\begin{frame}`
(`beamer_tex`): the short form `\\frame{\\frametitle{Agenda} …}`, the
`\\tableofcontents` such an agenda shows, and the `\\label{sec:x}` under a section.
Imported as they were, each was TeX on its slide, with a warning: a student's deck
opened with `\\frame{\\frametitle{Agenda}\\tableofcontents}`.
"""

from __future__ import annotations

import re

_SHORT = re.compile(r"^([ \t]*)\\frame(?:<[^>\n]*>)?(\[[^\]\n]*\])?[ \t]*\{", re.MULTILINE)
_SECTION = re.compile(r"^[ \t]*\\(section|subsection)(?:\[([^\]\n]*)\])?\{(.*)\}[ \t]*$")
"""A section in the table of contents (not a starred one), its short title if any."""
_CONTENTS = re.compile(r"\\tableofcontents(?:\[[^\]\n]*\])?")
_LABEL = re.compile(r"^[ \t]*\\label\{[^{}\n]*\}[ \t]*$")


def short_frames(body: str) -> tuple[str, int]:
    """`body` with each `\\frame{…}` (its braces balanced) as `\\begin{frame}` …
    `\\end{frame}`, its options kept; how many."""
    out: list[str] = []
    at = count = 0
    for found in _SHORT.finditer(body):
        if found.start() < at:
            continue
        end = _closing(body, found.end())
        if end is None:
            continue
        inner = body[found.end():end].strip("\n")
        out += [body[at:found.start()], f"{found.group(1)}\\begin{{frame}}"
                f"{found.group(2) or ''}\n{inner}\n{found.group(1)}\\end{{frame}}"]
        at, count = end + 1, count + 1
    return "".join(out) + body[at:], count


def _closing(text: str, start: int) -> int | None:
    """Where the brace closing the group opened right before `start` is."""
    depth = 1
    for at in range(start, len(text)):
        char = text[at]
        if char == "\\":
            continue
        if text[at - 1] == "\\" and text[at - 2:at] != "\\\\":
            continue  # (`\{`, `\}`)
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth == 0:
            return at
    return None


def table_of_contents(lines: list[str]) -> tuple[list[str], int]:
    """`lines` with each `\\tableofcontents` the list of the deck's sections, its
    subsections under them, as beamer lists them (a section's short title, if it has
    one); a deck without sections leaves it out. How many."""
    entries = _itemized([(m.group(1) == "subsection", m.group(2) or m.group(3))
                         for line in lines if (m := _SECTION.match(line))])
    out: list[str] = []
    count = 0
    for line in lines:
        if not _CONTENTS.search(line):
            out.append(line)
            continue
        count += 1
        rest = _CONTENTS.sub("", line)
        out += ([rest] if rest.strip() else []) + entries
    return out, count


def _itemized(sections: list[tuple[bool, str]]) -> list[str]:
    """The lines of beamer's lists of `sections` (is it a subsection, its title), a
    section's subsections a list in its item, as the talk reads beamer's lists."""
    lines: list[str] = []
    inner = False
    for sub, title in sections:
        if sub != inner:
            lines.append("\\begin{itemize}" if sub else "\\end{itemize}")
            inner = sub
        lines.append(f"\\item {title}")
    if inner:
        lines.append("\\end{itemize}")
    return ["\\begin{itemize}", *lines, "\\end{itemize}"] if lines else []


def labels(lines: list[str]) -> tuple[list[str], int]:
    """`lines` without `\\label{…}` lines (a section's name for `\\ref`, which shows
    nothing); how many went."""
    kept = [line for line in lines if not _LABEL.match(line)]
    return kept, len(lines) - len(kept)

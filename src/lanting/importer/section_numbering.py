"""The numbers a page's sections will have, known at import: Lanting numbers a page's
headings when its front matter asks (`markdown/section_numbers.py`), and an importer
writing a reference to another page's section ("Section 3.2", as Quarto's book and
Sphinx's numbered toctree read them) counts that page's headings the same way, from its
source text."""

from __future__ import annotations

import re
from dataclasses import dataclass

from lanting.importer.jupyterbook_refs import MYST_TARGET

_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
_ANY_HEADING = re.compile(r"^(#{1,6})[ \t]+.*?(?:\{([^}\n]*)\})?[ \t]*$")
_UNNUMBERED = re.compile(r"(?:^|[ \t])(?:\.unnumbered|-)(?=[ \t]|$)")
_DIV = re.compile(r"^[ \t]*:{3,}(.*)$")
_TOCTREE = re.compile(r"^[ \t]*(?:`{3,}|:{3,})[ \t]*\{toctree\}")
_TITLED_DIV = re.compile(r"\.?\b(?:callout(?:-\w+)?|panel-tabset)\b")
"""Divs whose headings are no sections: a callout's title, a tabset's tab names."""


def top_sections(text: str) -> int:
    """How many sections of the top level (the highest the body uses) `text` has, each
    numbered: a Jupyter Book chapter's sub-files are numbered after them, as Sphinx put
    their toctree at the chapter's end (1.1 its first section, 1.2 its first sub-file)."""
    numbers = section_numbers(text, "0", every=True)
    return sum(1 for number in numbers.values() if number.count(".") == 1)


def section_numbers(text: str, chapter: str, every: bool = False) -> dict[str, str]:
    """The number of each labelled heading (`{#sec-x}`, or MyST's `(sec-x)=` before it) of
    chapter `chapter`'s body (its title heading taken out), as Lanting numbers the page:
    from the highest level the body uses, a heading `{.unnumbered}` or `{-}` neither
    numbered nor counted, code blocks and callouts' titles passed over; one written
    `{number="1.4"}` that number (`every`: each numbered heading's, a key of its own when
    it has no label)."""
    numbers: dict[str, str] = {}
    for heading, number in _numbered(_walk(text), chapter):
        if heading.anchor or every:
            numbers[heading.anchor or f"\0{len(numbers)}"] = heading.written or number
    return numbers


@dataclass(frozen=True, slots=True)
class _Heading:
    """A numbered heading of a body, or (level 0) a `{toctree}` directive."""

    line: int
    level: int
    anchor: str = ""
    written: str = ""
    """Its own number, `{number="1.4"}`."""


def _walk(text: str) -> list[_Heading]:
    """The body's numbered headings and `{toctree}`s, in order."""
    headings: list[_Heading] = []
    fence = ""
    divs: list[bool] = []  # (for each open div: whether its headings are no sections)
    target = ""
    for at, line in enumerate(text.split("\n")):
        opening = _FENCE.match(line)
        if fence:
            fence = "" if opening and opening.group(1)[0] == fence[0] and \
                len(opening.group(1)) >= len(fence) and not line.strip()[len(
                    opening.group(1)):].strip() else fence
            continue
        if _TOCTREE.match(line):
            headings.append(_Heading(at, 0))
        if opening:
            fence = opening.group(1)
            continue
        if (div := _DIV.match(line)) is not None:
            if div.group(1).strip():
                divs.append(bool(_TITLED_DIV.search(div.group(1))))
            elif divs:
                divs.pop()
            continue
        if (named := MYST_TARGET.match(line)) is not None:
            target = named.group(1).strip()
            continue
        heading = _ANY_HEADING.match(line)
        attributes = heading.group(2) or "" if heading else ""
        if heading and not any(divs) and not _UNNUMBERED.search(attributes):
            anchor = next((a[1:] for a in attributes.split() if a.startswith("#")), target)
            written = re.search(r'number="?([\w.]+)', attributes)  # (`{number="1.4"}`)
            headings.append(_Heading(at, len(heading.group(1)), anchor,
                                     written.group(1) if written else ""))
        if line.strip():
            target = ""
    return headings


def _numbered(headings: list[_Heading], chapter: str,
              sizes: list[int] | None = None) -> list[tuple[_Heading, str]]:
    """Each heading with the number Lanting counts for it (after `chapter`); `sizes`:
    how many documents each `{toctree}` numbered among the top sections, as Sphinx
    numbers them (the sections after it counted on), else none."""
    levels = [h.level for h in headings if h.level]
    top = min(levels) if levels else 1
    counters: list[int] = []
    found: list[tuple[_Heading, str]] = []
    toctrees = iter(sizes or [])
    for heading in headings:
        if not heading.level:
            counters = (counters[:1] or [0])
            counters[0] += next(toctrees, 0)
            continue
        depth = heading.level - top + 1
        counters = counters[:depth] + [0] * max(0, depth - len(counters))
        counters[depth - 1] += 1
        found.append((heading, ".".join([chapter, *(str(n) for n in counters)])))
    return found


def toctree_sections(text: str) -> list[int]:
    """How many sections of the top level come before each `{toctree}` of a body: the
    first number of its documents, one past it (Sphinx numbers them among the
    sections)."""
    before, counts = 0, []
    headings = _walk(text)
    levels = [h.level for h in headings if h.level]
    for heading in headings:
        if not heading.level:
            counts.append(before)
        elif heading.level == min(levels):
            before += 1
    return counts


def numbered_around_toctrees(text: str, chapter: str, sizes: list[int]) -> str:
    """`text` with each heading after its first `{toctree}` written with the number Sphinx
    gave it, `## Summary {number="1.4"}`: the toctrees' documents (`sizes[i]` of the
    i-th) took the numbers after the sections before them, and the sections after come
    after those (Lanting, counting the page's headings alone, gave them theirs again)."""
    headings = _walk(text)
    first = next((h.line for h in headings if not h.level), None)
    if first is None or not any(sizes):
        return text
    lines = text.split("\n")
    for heading, number in _numbered(headings, chapter, sizes):
        if heading.line < first or heading.written:
            continue
        line = lines[heading.line].rstrip()
        lines[heading.line] = line[:-1] + f' number="{number}"}}' if line.endswith("}") \
            else line + f' {{number="{number}"}}'
    return "\n".join(lines)

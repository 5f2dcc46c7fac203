"""The numbers a page's sections will have, known at import: Lanting numbers a page's
headings when its front matter asks (`markdown/section_numbers.py`), and an importer
writing a reference to another page's section ("Section 3.2", as Quarto's book and
Sphinx's numbered toctree read them) counts that page's headings the same way, from its
source text."""

from __future__ import annotations

import re

from lanting.importer.jupyterbook_refs import MYST_TARGET

_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
_ANY_HEADING = re.compile(r"^(#{1,6})[ \t]+.*?(?:\{([^}\n]*)\})?[ \t]*$")
_UNNUMBERED = re.compile(r"(?:^|[ \t])(?:\.unnumbered|-)(?=[ \t]|$)")
_DIV = re.compile(r"^[ \t]*:{3,}(.*)$")
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
    numbered nor counted, code blocks and callouts' titles passed over (`every`: each
    numbered heading's, a key of its own when it has no label)."""
    headings: list[tuple[int, str]] = []
    fence = ""
    divs: list[bool] = []  # (for each open div: whether its headings are no sections)
    target = ""
    for line in text.split("\n"):
        opening = _FENCE.match(line)
        if fence:
            fence = "" if opening and opening.group(1)[0] == fence[0] and \
                len(opening.group(1)) >= len(fence) and not line.strip()[len(
                    opening.group(1)):].strip() else fence
            continue
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
            headings.append((len(heading.group(1)), anchor))
        if line.strip():
            target = ""
    if not headings:
        return {}
    top = min(level for level, _ in headings)
    counters: list[int] = []
    numbers: dict[str, str] = {}
    for level, anchor in headings:
        depth = level - top + 1
        counters = counters[:depth] + [0] * max(0, depth - len(counters))
        counters[depth - 1] += 1
        if anchor or every:
            numbers[anchor or f"\0{len(numbers)}"] = ".".join(
                [chapter, *(str(n) for n in counters)])
    return numbers

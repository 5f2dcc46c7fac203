"""Plugin: numbered sections, for a page whose front matter asks (`number_sections: true`,
or `chapter: 3` for a book's chapter, whose sections are 3.1, 3.2 …), as Quarto's
`number-sections`, Sphinx's `:numbered:` toctrees and bookdown number them.

The headings of the page's top level (the highest it uses, `##` in most posts) are 1, 2 …
(3.1, 3.2 … in chapter 3), those under them 1.1, 1.2 …; a heading written
`{.unnumbered}` or `{-}` (Pandoc's) has no number and does not count; one written
`{number="1.4"}` shows that number, the others counted as before (Pandoc's, as an
importer writes the numbers Sphinx gave sections after a toctree). The number is a
`<span class="section-number">` before the heading's text, added after the heading has its
id (so ids and links stay as they were), and each heading's number is kept for the table
of contents (`env["heading_numbers"]`, by id) and for references to the heading, which
read "Section 2.1" ("第 2.1 节") as Quarto's `@sec-x` and Sphinx's `{numref}` do.
"""

from __future__ import annotations

import re
from collections.abc import MutableMapping
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from lanting.markdown.figures import figure_lang

UNNUMBERED = re.compile(r"(?:^|[ \t])(?:\.unnumbered|-)(?=[ \t]|$)")
"""Pandoc's marks of a heading left unnumbered, in its attributes."""
SECTION_LABELS = {"zh": "第 {n} 节", "zh-Hant": "第 {n} 節", "en": "Section {n}"}
"""How a reference to a numbered heading reads, by the page's language."""


def section_label(env: MutableMapping[str, Any], anchor: str) -> str | None:
    """"Section 2.1" for a numbered heading's id; None when the page numbers no sections
    or this heading is unnumbered (a reference then shows its title)."""
    number = env.get("heading_numbers", {}).get(anchor)
    return SECTION_LABELS[figure_lang(env)].format(n=number) if number else None


def _numbering(state: StateCore) -> tuple[bool, str | None]:
    ctx = state.env.get("lanting")
    chapter = getattr(ctx, "chapter", None)
    return bool(getattr(ctx, "number_sections", False)) or chapter is not None, chapter


def _number_sections(state: StateCore) -> None:
    on, chapter = _numbering(state)
    if not on:
        return
    tokens = state.tokens
    headings = [(i, t) for i, t in enumerate(tokens) if t.type == "heading_open"
                and not (t.meta or {}).get("unnumbered") and i + 1 < len(tokens)]
    if not headings:
        return
    top = min(int(t.tag[1]) for _, t in headings)
    counters: list[int] = []
    numbers: dict[str, str] = state.env.setdefault("heading_numbers", {})
    for i, token in headings:
        depth = int(token.tag[1]) - top + 1
        counters = counters[:depth] + [0] * max(0, depth - len(counters))
        counters[depth - 1] += 1
        number = str((token.meta or {}).get("number") or "") or ".".join(
            str(n) for n in ([chapter] if chapter is not None else []) + counters)
        numbers[str(token.attrGet("id") or "")] = number
        span = Token("html_inline", "", 0)
        span.content = f'<span class="section-number">{number}</span> '
        tokens[i + 1].children = [span, *(tokens[i + 1].children or [])]


def section_numbers_plugin(md: MarkdownIt) -> None:
    # (after the ids: a number in the text would change every heading's id)
    md.core.ruler.after("lanting_anchors", "section_numbers", _number_sections)

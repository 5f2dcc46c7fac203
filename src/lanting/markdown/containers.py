"""`:::` blocks (callouts, tabs, details, galleries, Pandoc's divs) whose end is never a
`:::` line inside their fenced code.

markdown-it's container plugin ends a block at the first line of its marker, even one in
a code block it holds: a deck showing how to write columns (a ```` ```markdown ```` block
of `::: {.column}` … `:::` inside a column) closed its column there, and the rest of the
example became slides' headings and text. Pandoc, whose divs these are, reads the code
block first. Here the lines inside each fenced code block below the opening look
indented by four columns while the plugin looks for the end (an indented line is never
one); the code blocks themselves are read from the text, which this leaves alone.
"""

from __future__ import annotations

import re
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from mdit_py_plugins.container import container_plugin

_FENCE = re.compile(r"(`{3,}|~{3,})(.*)")


def fenced_container_plugin(md: MarkdownIt, name: str, **options: Any) -> None:
    """`container_plugin(md, name, **options)`, its block never ended inside code."""
    md.use(container_plugin, name, **options)
    rule = f"container_{name}"
    plain = next(r.fn for r in md.block.ruler.__rules__ if r.name == rule)

    def fenced(state: StateBlock, start: int, end: int, silent: bool) -> bool:
        # (the plugin's own check of the opening line first: every line of a document
        # is tried as a block's start, and scanning the rest of it each time was
        # quadratic: a 5 MB post took minutes)
        if not plain(state, start, end, True) or silent:
            return silent and plain(state, start, end, True)
        opening = state.src[state.bMarks[start] + state.tShift[start]:state.eMarks[start]]
        marker = opening[:len(opening) - len(opening.lstrip(opening[:1]))]
        inside = _code_lines(state, start + 1, end, marker)
        for line in inside:
            state.sCount[line] += 4
        try:
            return plain(state, start, end, silent)
        finally:
            for line in inside:
                state.sCount[line] -= 4

    md.block.ruler.at(rule, fenced, {"alt": ["paragraph", "reference", "blockquote",
                                             "list"]})


def _code_lines(state: StateBlock, begin: int, end: int, marker: str) -> list[int]:
    """The lines strictly inside the fenced code blocks from line `begin` on (a block
    left open runs to `end`), up to the first line outside code that would close a
    block opened with `marker` (`:::`: a line of as many colons or more, alone)."""
    inside: list[int] = []
    fence = ""
    for line in range(begin, end):
        if state.sCount[line] - state.blkIndent >= 4 and not fence:
            continue
        text = state.src[state.bMarks[line] + state.tShift[line]:state.eMarks[line]]
        if not fence and text.startswith(marker) and not text.strip(marker[:1] + " \t"):
            break
        found = _FENCE.match(text)
        if fence:
            if found and found.group(1)[0] == fence[0] and len(found.group(1)) >= len(fence) \
                    and not found.group(2).strip():
                fence = ""
            else:
                inside.append(line)
        elif found and not (found.group(1)[0] == "`" and "`" in found.group(2)):
            fence = found.group(1)
    return inside

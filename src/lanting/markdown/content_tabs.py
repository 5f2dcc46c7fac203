"""Plugin: MkDocs Material's content tabs (pymdownx.tabbed), as Lanting's tabs.

```
=== "PyTorch"

    ```python
    import torch
    ```

=== "JAX"

    import jax
```

Each `=== "Label"` line opens a tab whose body is the lines indented four spaces (or a
tab) under it, read as Markdown; tabs that follow one another, blank lines between
them, are one set (`===!` starts a new set, `===+` is the one shown first: the first
is shown anyway). They become the tokens of `::: tabs` / `@tab Label` (blocks.py), so
they look and work the same. They were shown as text, their code as indented code.
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock

_MARKER = re.compile(r"===([!+]{0,2})[ \t]+\"([^\"\n]*)\"[ \t]*$")


def _marker(state: StateBlock, line: int, indent: int) -> re.Match[str] | None:
    if line >= state.lineMax or state.sCount[line] != indent:
        return None
    begin = state.bMarks[line] + state.tShift[line]
    if not state.src.startswith("===", begin):
        return None
    return _MARKER.match(state.src, begin, state.eMarks[line])


def _is_blank(state: StateBlock, line: int) -> bool:
    return state.bMarks[line] + state.tShift[line] >= state.eMarks[line]


def _content_tabs(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    indent = state.sCount[start]
    if indent - state.blkIndent >= 4 or (first := _marker(state, start, indent)) is None:
        return False
    if silent:
        return True
    opening = state.push("container_tabs_open", "div", 1)
    opening.markup, opening.info, opening.block = "===", "tabs", True
    opening.map = [start, start]
    line: int = start
    match: re.Match[str] | None = first
    while match is not None:
        marker = state.push("tab_marker", "", 0)
        marker.info, marker.map = match.group(2).strip(), [line, line + 1]
        body_start = body_end = line + 1
        while body_end < end and (_is_blank(state, body_end)
                                  or state.sCount[body_end] >= indent + 4):
            body_end += 1
        last = body_end  # the body without the blank lines after it
        while last > body_start and _is_blank(state, last - 1):
            last -= 1
        if last > body_start:
            old_indent, old_parent, old_max = state.blkIndent, state.parentType, state.lineMax
            state.blkIndent, state.parentType, state.lineMax = indent + 4, "tabs", last
            state.md.block.tokenize(state, body_start, last)
            state.blkIndent, state.parentType, state.lineMax = old_indent, old_parent, old_max
        line = body_end
        match = _marker(state, line, indent)
        if match is not None and "!" in match.group(1):
            break  # `===!`: a new set starts here
    closing = state.push("container_tabs_close", "div", -1)
    closing.markup, closing.block = "===", True
    opening.map = [start, line]
    state.line = line
    return True


def content_tabs_plugin(md: MarkdownIt) -> None:
    md.block.ruler.before("paragraph", "content_tabs", _content_tabs,
                          {"alt": ["paragraph", "reference", "blockquote", "list"]})

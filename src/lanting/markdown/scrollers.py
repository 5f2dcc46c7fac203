"""Plugin: tables, which scroll sideways when they are wider than the column, can take
keyboard focus (`tabindex="0"`), so a reader without a mouse can scroll them too. Code
blocks and display math get the same attribute from their own renderers.

A table whose header cells are all empty has no header row: GFM needs one, so a table
without a header (kramdown's, or one written so on purpose) is written with an empty
one, which would show as a thin empty row."""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore


def _focusable_tables(state: StateCore) -> None:
    tokens = state.tokens
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.type == "table_open":
            token.attrSet("tabindex", "0")
        elif token.type == "thead_open":
            end = next(j for j in range(i, len(tokens)) if tokens[j].type == "thead_close")
            if all(t.content.strip() == "" for t in tokens[i:end] if t.type == "inline"):
                del tokens[i:end + 1]
                continue
        i += 1


def scrollers_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("focusable_tables", _focusable_tables)

"""Plugin: tables, which scroll sideways when they are wider than the column, can take
keyboard focus (`tabindex="0"`), so a reader without a mouse can scroll them too. Code
blocks and display math get the same attribute from their own renderers."""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore


def _focusable_tables(state: StateCore) -> None:
    for token in state.tokens:
        if token.type == "table_open":
            token.attrSet("tabindex", "0")


def scrollers_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("focusable_tables", _focusable_tables)

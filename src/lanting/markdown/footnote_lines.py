"""Source lines for inline footnotes (`text^[a note with $x$]`): mdit-py-plugins moves
their text to the end of the page in a paragraph of no line, so a fault inside (a
formula that does not convert, a broken link) was reported at the page's first line.
Each such paragraph gets the line of the footnote's mark, before Lanting's rules that
read lines (`render._stamp_lines`, the page's math)."""

from __future__ import annotations

from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore


def _mark_lines(state: StateCore) -> dict[int, int]:
    """The line of each inline footnote's mark, by the footnote's id."""
    notes: dict[Any, Any] = state.env.get("footnotes", {}).get("list", {})
    lines: dict[int, int] = {}
    for block in state.tokens:
        if block.type != "inline" or not block.map or not block.children:
            continue
        searched = 0
        for child in block.children:
            if child.type != "footnote_ref":
                continue
            note = notes.get(child.meta.get("id"), {})
            if "content" not in note or "tokens" not in note:
                continue  # (a `[^1]` reference: its text has its own lines)
            at = block.content.find("^[" + note["content"], searched)
            at = at if at >= 0 else searched
            searched = at + 1
            lines[child.meta["id"]] = block.map[0] + block.content.count("\n", 0, at)
    return lines


def footnote_lines(state: StateCore) -> None:
    if "footnotes" not in state.env:
        return
    lines = _mark_lines(state)
    note_id = None
    for token in state.tokens:
        if token.type == "footnote_open":
            note_id = token.meta.get("id")
        elif token.type == "inline" and token.map is None and note_id in lines:
            first = lines[note_id]
            token.map = [first, first + token.content.count("\n") + 1]
            note_id = None


def footnote_lines_plugin(md: MarkdownIt) -> None:
    """After mdit-py-plugins' footnote plugin, which moves the notes."""
    md.core.ruler.after("footnote_tail", "footnote_lines", footnote_lines)

"""The fast path's view of a document: pulldown-cmark's events and where they are."""

from __future__ import annotations

import bisect
import re
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token


class Decline(Exception):
    """The document holds something this path does not reproduce exactly."""


def name_of(value: Any) -> tuple[str, Any]:
    """`"Paragraph"` -> ("Paragraph", None); `{"Heading": {...}}` -> ("Heading", {...})."""
    if type(value) is str:
        return value, None
    name, detail = next(iter(value.items()))
    return name, detail


class Cursor:
    """One document's events, read in order, and their byte spans in its text."""

    def __init__(self, text: str, events: Any, md: MarkdownIt, env: dict[str, Any]) -> None:
        self.text = text
        self.data = text.encode()
        self.events: tuple[Any, ...] = tuple(events)
        self.index = 0
        self.line_starts = [0] + [m.end() for m in re.finditer(b"\n", self.data)]
        self.md = md
        self.rules: dict[str, Any] = md.renderer.rules  # type: ignore[attr-defined]
        self.env = env

    def line(self, offset: int) -> int:
        """0-based line of a byte offset."""
        return bisect.bisect_right(self.line_starts, offset) - 1

    def lines(self, start: int, end: int) -> tuple[int, int]:
        """markdown-it's `map` of a block over these bytes: [first line, next line)."""
        return self.line(start), self.line(max(start, end - 1)) + 1

    def chars(self, start: int, end: int) -> str:
        return self.data[start:end].decode()

    def char_before(self, offset: int) -> str:
        """The character ending just before a byte offset; a space at the text's start,
        as markdown-it treats a line's ends."""
        return self.data[max(0, offset - 4):offset].decode(errors="ignore")[-1:] or " "

    def char_from(self, offset: int) -> str:
        """The character starting at a byte offset; a space at the text's end."""
        return self.data[offset:offset + 4].decode(errors="ignore")[:1] or " "

    def take(self) -> tuple[Any, dict[str, int]]:
        event = self.events[self.index]
        self.index += 1
        return event  # type: ignore[no-any-return]

    def peek(self, ahead: int = 0) -> Any:
        at = self.index + ahead
        return self.events[at][0] if at < len(self.events) else None

    def rule(self, token: Token) -> str:
        """`token` rendered by the rule its plugin registered."""
        return str(self.rules[token.type]([token], 0, self.md.options, self.env))

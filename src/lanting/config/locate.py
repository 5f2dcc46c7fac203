"""Find the line on which a key of a TOML document is set.

`tomllib` gives values without positions; errors must still say `lanting.toml:12`.
This scanner maps each dotted key path to the line that sets it. It understands
tables, arrays of tables, dotted keys and inline tables (a key inside an inline
table is reported at the line of the inline table). It never raises: an unknown
path falls back to its nearest known parent.
"""

from __future__ import annotations

import re

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_ASSIGN = re.compile(r"""^\s*((?:"[^"\n]*"|'[^'\n]*'|[A-Za-z0-9_\-. ])+?)\s*=""")
"""A key and its `=`: bare parts, and quoted ones holding anything (`"/archives/" =`)."""
_KEY_PART = re.compile(r"""\s*("[^"]*"|'[^']*'|[^."']+)\s*""")


_BRACKETS = re.compile(r"[\[\]{}]")


def nesting_line(text: str, limit: int) -> int | None:
    """The 1-based line of `text` where lists and tables first nest more than `limit`
    deep (brackets in strings counted too: never less deep than the parser sees), or None.
    For a parser's RecursionError, which carries no position."""
    depth = 0
    for match in _BRACKETS.finditer(text):
        depth += 1 if match.group() in "[{" else -1
        if depth > limit:
            return text.count("\n", 0, match.start()) + 1
    return None


def _split_key(key: str) -> list[str]:
    """The parts of a dotted key; a quoted part keeps its dots (`"a.html"`)."""
    parts = [p.strip().strip("\"'") for p in _KEY_PART.findall(key)]
    return [p for p in parts if p]


def _in_arrays(path: tuple[str, ...], array_counts: dict[tuple[str, ...], int]
               ) -> tuple[str, ...]:
    """A header's path with the arrays of tables it goes through indexed: `[[menu.children]]`
    after the third `[[menu]]` is `menu.2.children`, as TOML reads it."""
    resolved: tuple[str, ...] = ()
    for i, part in enumerate(path):
        resolved = (*resolved, part)
        if i < len(path) - 1 and resolved in array_counts:
            resolved = (*resolved, str(array_counts[resolved] - 1))
    return resolved


def toml_key_lines(text: str) -> dict[tuple[str, ...], int]:
    """Map every key path (arrays of tables indexed as str(i)) to its 1-based line."""
    lines: dict[tuple[str, ...], int] = {}
    table: tuple[str, ...] = ()
    array_counts: dict[tuple[str, ...], int] = {}
    in_multiline: str | None = None
    array: _Array | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        if in_multiline:
            if in_multiline in raw:
                in_multiline = None
            continue
        header = _HEADER.match(raw)
        if header:
            path = _in_arrays(tuple(_split_key(header.group(2))), array_counts)
            for end in range(1, len(path)):  # `[a.b]` is where table `a` first appears too
                lines.setdefault(path[:end], number)
            if header.group(1) == "[[":
                index = array_counts.get(path, 0)
                array_counts[path] = index + 1
                lines.setdefault(path, number)
                path = (*path, str(index))
            table = path
            lines.setdefault(table, number)
            continue
        if array is not None:
            array.read(raw, number, lines)
            array = array if array.depth > 0 else None
            continue
        assign = _ASSIGN.match(raw)
        if assign:
            key = (*table, *_split_key(assign.group(1)))
            for end in range(len(table) + 1, len(key) + 1):  # `a.b = 1` sets `a` too
                lines.setdefault(key[:end], number)
            rest = raw[assign.end() :]
            for quote in ('"""', "'''"):
                if rest.count(quote) == 1:
                    in_multiline = quote
            if rest.lstrip().startswith("["):
                array = _Array(key)
                array.read(rest, number, lines)
                array = array if array.depth > 0 else None
    return lines


class _Array:
    """A value `[ … ]` that spans lines: each of its items is located at the line where it
    starts, and the keys of an inline-table item too (`{ name = "Blog", url = "/blog/" }`)."""

    def __init__(self, key: tuple[str, ...]) -> None:
        self.key = key
        self.depth = 0
        """Brackets open after the lines read so far (1: between the array's items)."""
        self.items = 0

    def read(self, text: str, number: int, lines: dict[tuple[str, ...], int]) -> None:
        """Locate what starts in `text` (a line, or the rest of the line after `key =`)."""
        text = _STRINGS.sub('""', text).split("#", 1)[0]
        item: tuple[str, ...] | None = None
        fresh = self.depth == 1  # at depth 1 the next non-blank character starts an item
        for position, char in enumerate(text):
            if char in "[{":
                self.depth += 1
            elif char in "]}":
                self.depth -= 1
                if self.depth == 0:
                    return
            if self.depth == 1 and char == ",":
                fresh = True
            elif fresh and self.depth >= 1 and not char.isspace() and char != ",":
                fresh = False
                item = (*self.key, str(self.items))
                self.items += 1
                lines.setdefault(item, number)
                if char == "{":
                    end = text.find("}", position)
                    for match in _INLINE_KEY.finditer(text[position:end if end >= 0 else None]):
                        lines.setdefault((*item, match.group(1).strip("\"'")), number)
            if char == "[" and self.depth == 1:
                fresh = True


_STRINGS = re.compile(r'"(?:\\.|[^"\\])*"|\'[^\']*\'')
_INLINE_KEY = re.compile(r"(?:^|[{,])\s*([A-Za-z0-9_\-]+|\"[^\"]*\"|'[^']*')\s*=")


def line_of(lines: dict[tuple[str, ...], int], path: tuple[str, ...]) -> int | None:
    """The line of `path`, or of its closest ancestor that has one."""
    while path:
        if path in lines:
            return lines[path]
        path = path[:-1]
    return None

"""The Obsidian Admonition plugin's fences on an MkDocs site whose obsidian-support
plugin read them: ```` ```ad-note ```` with optional `title:` and `collapse:` lines at
its top, then the body. MkDocs showed Material's admonition for each; read without the
plugin, Lanting showed a code block of an unknown language. Each becomes the admonition
it was (`!!! note "Title"`, `??? note` when collapsed, `???+` when open), which Lanting
reads."""

from __future__ import annotations

import re
from collections.abc import Callable

from lanting.importer.liquid import Context

_OPEN = re.compile(r"^([ \t]*)(`{3,}|~{3,})[ \t]*ad-([A-Za-z][\w-]*)[ \t]*$")
_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
_OPTION = re.compile(r"^[ \t]*(title|collapse|icon|color)[ \t]*:[ \t]*(.*?)[ \t]*$")
_MARKS = {"open": "???+", "closed": "???", "close": "???", "true": "???"}


def admonition_fences(text: str, ctx: Context) -> str:
    """`text` with each ```` ```ad-type ```` fence as an admonition (`icon:` and `color:`
    lines, which Material has no counterpart of, left out)."""
    if "ad-" not in text:
        return text

    def read(opening: re.Match[str], body: list[str]
             ) -> tuple[str, str, str | None, list[str]]:
        options: dict[str, str] = {}
        while body and (option := _OPTION.match(body[0])) is not None:
            options[option.group(1)] = option.group(2)
            body = body[1:]
        return (_MARKS.get(options.get("collapse", "").lower(), "!!!"),
                opening.group(3).lower(), options.get("title") or None, body)

    text, count = fenced_admonitions(text, _OPEN, read)
    ctx.convert("Obsidian Admonition fences (```ad-note) as admonitions", count)
    return text


Reading = Callable[[re.Match[str], list[str]], tuple[str, str, str | None, list[str]]]
"""(the opening fence's match, the lines inside) -> (the mark, `!!!` or `???`, the kind,
the title (None: the kind's own; `""`: none shown), the lines of the admonition's
text)."""


def fenced_admonitions(text: str, opener: re.Pattern[str], read: Reading) -> tuple[str, int]:
    """`text` with each fence `opener` matches (its groups 1 and 2 the indentation and the
    fence) as the admonition `read` makes of it, `!!! kind "Title"` over its text
    indented; any other code block kept as written. Returns (text, how many)."""
    lines = text.split("\n")
    out: list[str] = []
    i = count = 0
    while i < len(lines):
        opening = opener.match(lines[i])
        close = _admonition_end(lines, i + 1, opening.group(2)) if opening else None
        if opening is None or close is None:
            other = _FENCE.match(lines[i])  # (another code block: shown as written)
            end = closing_fence(lines, i + 1, other.group(1)) if other else None
            out += lines[i:(end if end is not None else i) + 1]
            i = (end if end is not None else i) + 1
            continue
        indent = opening.group(1)
        mark, kind, title, body = read(opening, lines[i + 1:close])
        shown = f' "{title.replace(chr(34), "&quot;")}"' if title is not None else ""
        out.append(f"{indent}{mark} {kind}{shown}")
        out.append("")
        out += [f"{indent}    {line[len(indent):] if line.startswith(indent) else line}"
                if line.strip() else "" for line in body]
        out.append("")
        count += 1
        i = close + 1
    return "\n".join(out), count


_INNER_OPENING = re.compile(r"^[ \t]*(`{3,}|~{3,})[ \t]*[^\s`~]")
"""A fence with an info string (```` ```python ````): inside an admonition's fence, a code
block of its own, whose bare closing line does not end the admonition."""


def _admonition_end(lines: list[str], start: int, fence: str) -> int | None:
    """The line that closes an admonition's fence opened with `fence`. A code block in it
    (```` ```python ```` … ```` ``` ````, written with the same fence, as the plugins'
    users write them) is passed over; without that, the first bare fence line."""
    inner: list[str] = []
    for n in range(start, len(lines)):
        line = lines[n].strip()
        if (opening := _INNER_OPENING.match(lines[n])) is not None:
            inner.append(opening.group(1))
        elif line and set(line) == {(inner[-1] if inner else fence)[0]} \
                and len(line) >= len(inner[-1] if inner else fence):
            if not inner:
                return n
            inner.pop()
    return closing_fence(lines, start, fence)


def closing_fence(lines: list[str], start: int, fence: str) -> int | None:
    """The line that closes a fence opened with `fence` (its character, as long or
    longer, alone on its line), if any."""
    for n in range(start, len(lines)):
        line = lines[n].strip()
        if line and line[0] == fence[0] and set(line) == {fence[0]} and len(line) >= len(fence):
            return n
    return None

"""The Obsidian Admonition plugin's fences on an MkDocs site whose obsidian-support
plugin read them: ```` ```ad-note ```` with optional `title:` and `collapse:` lines at
its top, then the body. MkDocs showed Material's admonition for each; read without the
plugin, Lanting showed a code block of an unknown language. Each becomes the admonition
it was (`!!! note "Title"`, `??? note` when collapsed, `???+` when open), which Lanting
reads."""

from __future__ import annotations

import re

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
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        opening = _OPEN.match(lines[i])
        close = closing_fence(lines, i + 1, opening.group(2)) if opening else None
        if opening is None or close is None:
            other = _FENCE.match(lines[i])  # (another code block: shown as written)
            end = closing_fence(lines, i + 1, other.group(1)) if other else None
            out += lines[i:(end if end is not None else i) + 1]
            i = (end if end is not None else i) + 1
            continue
        indent, kind = opening.group(1), opening.group(3).lower()
        body = lines[i + 1:close]
        options: dict[str, str] = {}
        while body and (option := _OPTION.match(body[0])) is not None:
            options[option.group(1)] = option.group(2)
            body = body[1:]
        mark = _MARKS.get(options.get("collapse", "").lower(), "!!!")
        title = options.get("title", "").replace('"', "&quot;")
        out.append(f"{indent}{mark} {kind}" + (f' "{title}"' if title else ""))
        out.append("")
        out += [f"{indent}    {line[len(indent):] if line.startswith(indent) else line}"
                if line.strip() else "" for line in body]
        out.append("")
        ctx.convert("Obsidian Admonition fences (```ad-note) as admonitions")
        i = close + 1
    return "\n".join(out)


def closing_fence(lines: list[str], start: int, fence: str) -> int | None:
    """The line that closes a fence opened with `fence` (its character, as long or
    longer, alone on its line), if any."""
    for n in range(start, len(lines)):
        line = lines[n].strip()
        if line and line[0] == fence[0] and set(line) == {fence[0]} and len(line) >= len(fence):
            return n
    return None

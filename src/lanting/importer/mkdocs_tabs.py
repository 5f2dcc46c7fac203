"""Material's content tabs, `=== "PyTorch"` with an indented body (nested ones too), as
Lanting's `::: tabs` block with `@tab` lines."""

from __future__ import annotations

import re

from lanting.importer.liquid import Context

_TAB = re.compile(r"^([ \t]*)===(!?)\+?[ \t]+\"(.*)\"[ \t]*$")
_FENCE_LINE = re.compile(r"^[ \t]*(`{3,}|~{3,})")


def content_tabs(text: str, ctx: Context) -> str:
    """Material's `=== "Tab"` with an indented body → `::: tabs` with `@tab` lines (a
    tabbed set is the run of `===` blocks; `===!` starts a new one)."""
    if "===" not in text:
        return text
    lines = text.split("\n")
    out: list[str] = []
    i, fence = 0, ""
    while i < len(lines):
        line = lines[i]
        opening = _FENCE_LINE.match(line)
        if fence:
            if opening and opening.group(1)[0] == fence[0] and \
                    len(opening.group(1)) >= len(fence) and not line.strip()[len(fence):].strip():
                fence = ""
            out.append(line)
            i += 1
            continue
        if opening:
            fence = opening.group(1)
            out.append(line)
            i += 1
            continue
        tab = _TAB.match(line)
        if not tab:
            out.append(line)
            i += 1
            continue
        indent = tab.group(1)
        parts: list[tuple[str, str]] = []
        while i < len(lines):
            tab = _TAB.match(lines[i])
            if not tab or tab.group(1) != indent or (parts and tab.group(2)):
                break
            inner, i = _indented(lines, i + 1, len(indent.expandtabs(4)) + 4)
            parts.append((tab.group(3), content_tabs(inner, ctx)))
            while i < len(lines) and not lines[i].strip() and i + 1 < len(lines) and \
                    _TAB.match(lines[i + 1]) and not _TAB.match(lines[i + 1]).group(2):  # type: ignore[union-attr]
                i += 1
        ctx.convert("content tabs (=== \"Tab\")")
        colons = ":" * max([3] + [len(m) + 1 for _, b in parts
                                  for m in re.findall(r"^[ \t]*(:{3,})[ \t]*tabs", b,
                                                      re.MULTILINE)])
        block = [f"{colons} tabs"]
        for name, inner in parts:
            block += [f"@tab {name}", "", inner.strip("\n"), ""]
        block.append(colons)
        out += [""] + [indent + b if b else "" for b in "\n".join(block).split("\n")] + [""]
    return "\n".join(out)


def _indented(lines: list[str], start: int, width: int) -> tuple[str, int]:
    """The lines from `start` indented `width` columns or more (blank lines inside them
    too), dedented; and the line after them."""
    body: list[str] = []
    i = start
    while i < len(lines):
        line = lines[i].expandtabs(4)
        if line.strip() and len(line) - len(line.lstrip()) < width:
            break
        body.append(line[width:] if line.strip() else "")
        i += 1
    while body and not body[-1]:
        body.pop()
        i -= 1
    return "\n".join(body), i

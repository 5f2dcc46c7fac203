"""Docusaurus's `<Tabs>` and `<TabItem>` (MDX components of `@theme/Tabs`) as Lanting's
`::: tabs` blocks, one `@tab Label` per item.

```
<Tabs groupId="framework">
  <TabItem value="pt" label="PyTorch" default>

  ```python
  import torch
  ```

  </TabItem>
</Tabs>
```

A tab's label is its `label`, else the `label` the `values={[…]}` of its `<Tabs>` gives
its `value` (Docusaurus v2's form), else the `value`. Its content, indented to sit
inside the JSX, is read out of it (four spaces would have made it indented code); a
code line loses no more than its fence's line did. Tabs inside tabs get a longer fence
(`::::`) than those they hold, and an admonition around tabs a longer one than theirs
(`nest_containers`). `groupId` and
`queryString` (tabs that switch together) have no Lanting form and are dropped.
The text is read line by line, fenced code passed over, so a `<Tabs>` shown in a code
block stays as written.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, field

from lanting.importer.liquid import Context

_ATTRS = r"(?:[^<>{}]|\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\})*"
_TAG = re.compile(rf"<(/?)(Tabs|TabItem)\b({_ATTRS})>", re.DOTALL)
_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")


@dataclass
class _Tabs:
    labels: dict[str, str]
    """`value` → `label` from the `values={[…]}` of the `<Tabs>`."""
    items: list[tuple[str, list[str], int]] = field(default_factory=list)
    """(label, lines, the indentation of its `<TabItem>` line, taken off its lines)."""
    open: bool = False
    """Inside a `<TabItem>`."""


def attribute(attrs: str, name: str) -> str | None:
    """A JSX attribute's string value (`label="x"`, `label={'x'}`); `""` for a bare one."""
    found = re.search(rf"(?<![\w-]){name}\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|"
                      rf"\{{\s*(?:\"([^\"]*)\"|'([^']*)'|`([^`]*)`)\s*\}})", attrs)
    if found:
        return next(g for g in found.groups() if g is not None)
    if re.search(rf"(?<![\w-]){name}(?![\w=-])", attrs):
        return ""
    return None


def _values(attrs: str) -> dict[str, str]:
    labels: dict[str, str] = {}
    for entry in re.findall(r"\{([^{}]*)\}", attrs):
        label = re.search(r"label\s*:\s*(?:'([^']*)'|\"([^\"]*)\")", entry)
        value = re.search(r"value\s*:\s*(?:'([^']*)'|\"([^\"]*)\")", entry)
        if label and value:
            labels[value.group(1) or value.group(2) or ""] = label.group(1) or label.group(2)
    return labels


def _render(tabs: _Tabs) -> list[str]:
    bodies = [textwrap.dedent("\n".join(lines)).strip("\n") for _label, lines, _i in tabs.items]
    runs = [len(m) for body in bodies for m in re.findall(r"^[ \t]*(:{3,})", body, re.M)]
    colons = ":" * max(3, max(runs, default=0) + 1)
    out = ["", f"{colons} tabs"]
    for (label, _lines, _indent), body in zip(tabs.items, bodies, strict=True):
        out += [f"@tab {label}", body, ""]
    return [*out[:-1], colons, ""]


def convert_tabs(text: str, ctx: Context) -> str:
    """Every `<Tabs>` block of `text` as `::: tabs` (see the module's docstring)."""
    if "<Tabs" not in text:
        return text
    out: list[str] = []
    stack: list[_Tabs] = []
    fence = ""
    fence_cut = 0  # (the indentation taken off the open fence's line)
    pending = ""

    def emit(line: str, raw: bool = True, code: bool = False) -> None:
        if stack and stack[-1].open:
            _label, lines, indent = stack[-1].items[-1]
            if raw:  # (the JSX's indentation off: four spaces made the text code)
                # (a code line only loses what its fence's line lost: `  x = 1` under
                # a fence at the margin is indented code, as MDX showed it)
                cut = min(indent, fence_cut) if code else indent
                line = re.sub(rf"^[ \t]{{0,{cut}}}", "", line.expandtabs(4))
            lines.append(line)
        elif stack:
            if line.strip():  # (text between the items: JSX shows none)
                ctx.warn(line.strip(), "text between `<TabItem>`s left out")
        else:
            out.append(line)

    for raw in text.split("\n"):
        if fence:
            ends = re.match(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}\s*$", raw)
            emit(raw, code=not ends)
            if ends:
                fence = ""
            continue
        line = pending + raw
        if re.search(r"<(?:Tabs|TabItem)\b", line) and not _TAG.search(line):
            pending = line + "\n"  # (an opening tag over several lines)
            continue
        pending = ""
        if not _TAG.search(line):
            opened = _FENCE.match(line)
            fence = opened.group(1) if opened else ""
            fence_cut = len(line.expandtabs(4)) - len(line.expandtabs(4).lstrip())
            emit(line)
            continue
        at = 0
        for match in _TAG.finditer(line):
            before = line[at:match.start()]
            if before.strip():
                emit(before)
            at = match.end()
            closing, name, attrs = match.groups()
            if name == "Tabs" and not closing:
                stack.append(_Tabs(_values(attrs)))
                ctx.convert("tabs (<Tabs>)")
            elif name == "Tabs" and stack:
                rendered = _render(stack.pop())
                for piece in rendered:
                    emit(piece, raw=False)
            elif name == "TabItem" and not closing and stack:
                value = attribute(attrs, "value") or ""
                label = attribute(attrs, "label") or stack[-1].labels.get(value) or value
                indent = len(line) - len(line.lstrip()) if match.start() == len(
                    line) - len(line.lstrip()) else 0
                stack[-1].items.append((label or "Tab", [], indent))
                stack[-1].open = True
            elif name == "TabItem" and stack:
                stack[-1].open = False
        rest = line[at:]
        if rest.strip():
            emit(rest)
    while stack:  # (a `<Tabs>` never closed: what it held is kept)
        ctx.warn("<Tabs", "a `<Tabs>` is never closed: its tabs end at the end of the page")
        rendered = _render(stack.pop())
        for piece in rendered:
            emit(piece, raw=False)
    return "\n".join(out)


_CONTAINER = re.compile(r"^([ \t]*)(:{3,})([ \t]*)(\S.*)?$")


def nest_containers(text: str) -> str:
    """Each `:::` block's fence longer than those of the blocks it holds, as Lanting reads
    nesting: Docusaurus closed the innermost block at a `:::` whatever its length, so
    tabs converted inside an admonition (`:::tip` around `<Tabs>`), or an admonition in
    another written with the same fence, are nested as they were. `text` has its code
    shelved (no `:::` inside code is seen)."""
    lines = text.split("\n")
    open_blocks: list[tuple[int, int]] = []  # (line of the opening, longest fence inside)
    pairs: list[tuple[int, int, int]] = []  # (opening line, closing line, length needed)
    for number, line in enumerate(lines):
        found = _CONTAINER.match(line)
        if not found:
            continue
        own = len(found.group(2))
        if found.group(4):
            open_blocks.append((number, 0))
        elif open_blocks:
            start, inner = open_blocks.pop()
            opening = _CONTAINER.match(lines[start])
            needed = max(len(opening.group(2)) if opening else own, inner + 1 if inner else 0)
            pairs.append((start, number, needed))
            if open_blocks:
                outer_start, outer_inner = open_blocks[-1]
                open_blocks[-1] = (outer_start, max(outer_inner, needed))
    for start, end, needed in pairs:
        for at in (start, end):
            found = _CONTAINER.match(lines[at])
            if found and len(found.group(2)) < needed:
                lines[at] = (found.group(1) + ":" * needed + found.group(3)
                             + (found.group(4) or ""))
    return "\n".join(lines)

"""An Obsidian canvas (`Research map.canvas`, JSON Canvas: cards placed on a board and
arrows between them) as a page of the notes: its cards in reading order (top to bottom,
then left to right), a group's label a heading over the cards inside it; a text card's
Markdown (its headings a level down, under the page's title), a note's or image's card
that file embedded (`![[Paper.md#Heading]]`), a web page's card a link; the arrows a list
at the end, `A → B (label)`. Obsidian showed the board; kept as a file, a link or an
embed of it gave readers its JSON."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.quartz import Quartz

_HEADING = re.compile(r"^(#{1,5})(?=[ \t])", re.MULTILINE)


def _number(node: dict[str, Any], key: str) -> float:
    value = node.get(key)
    return float(value) if isinstance(value, int | float) else 0.0


def _inside(node: dict[str, Any], group: dict[str, Any]) -> bool:
    x, y = _number(node, "x"), _number(node, "y")
    return (_number(group, "x") <= x < _number(group, "x") + _number(group, "width")
            and _number(group, "y") <= y < _number(group, "y") + _number(group, "height"))


def _name(node: dict[str, Any]) -> str:
    """How an arrow's end is named: a text card's first line, a file's name, a URL."""
    kind = node.get("type")
    if kind == "text":
        first = next((line for line in str(node.get("text", "")).splitlines()
                      if line.strip()), "")
        return first.lstrip("#").strip() or "…"
    if kind == "file":
        return str(node.get("file", "")).rsplit("/", 1)[-1].removesuffix(".md")
    if kind == "link":
        return str(node.get("url", ""))
    return str(node.get("label", ""))


def _card(node: dict[str, Any]) -> str:
    kind = node.get("type")
    if kind == "text":
        return _HEADING.sub(r"#\1", str(node.get("text", "")).strip())
    if kind == "file" and node.get("file"):
        return f"![[{node['file']}{node.get('subpath') or ''}]]"
    if kind == "link" and node.get("url"):
        return f"<{node['url']}>"
    return ""


def canvas_markdown(text: str) -> str | None:
    """The canvas as a note's Markdown (None: not a canvas)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("nodes", []), list):
        return None
    nodes = [n for n in data.get("nodes", []) if isinstance(n, dict)]
    edges = [e for e in data.get("edges", []) if isinstance(e, dict)]
    groups = sorted((n for n in nodes if n.get("type") == "group"),
                    key=lambda n: (_number(n, "y"), _number(n, "x")))
    cards = sorted((n for n in nodes if n.get("type") != "group"),
                   key=lambda n: (_number(n, "y"), _number(n, "x")))
    parts: list[str] = []
    placed: set[int] = set()
    for group in groups:
        inside = [c for c in cards if id(c) not in placed and _inside(c, group)]
        placed.update(id(c) for c in inside)
        parts.append(f"## {_name(group) or '…'}")
        parts += [_card(c) for c in inside]
    loose = [_card(c) for c in cards if id(c) not in placed]
    parts = loose + parts if groups else loose
    by_id = {str(n.get("id")): n for n in nodes}
    arrows = []
    for edge in edges:
        start, end = by_id.get(str(edge.get("fromNode"))), by_id.get(str(edge.get("toNode")))
        if start is not None and end is not None:
            label = str(edge.get("label") or "").strip()
            arrows.append(f"- {_name(start)} → {_name(end)}" + (f" ({label})" if label else ""))
    if arrows:
        parts.append("\n".join(arrows))
    return "\n\n".join(p for p in parts if p.strip()) + "\n"


class CanvasNotes(Quartz):
    """The canvases of an Obsidian vault read as notes (`Notes`)."""

    def is_note(self, path: Path) -> bool:
        if path.suffix.lower() == ".canvas":
            return canvas_markdown(read_text(path)) is not None
        return super().is_note(path)

    def note_text(self, path: Path) -> str:
        if path.suffix.lower() == ".canvas":
            return canvas_markdown(read_text(path)) or ""
        return super().note_text(path)

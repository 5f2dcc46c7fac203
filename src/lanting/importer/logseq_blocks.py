"""Logseq's block references: `((6650a1b2-…))` names a block of any page of the graph by
the `id:: 6650a1b2-…` property Logseq wrote under it, and shows that block's text,
a link to it; `{{embed ((…))}}` shows the block and its children in place. (A graph of
course or paper notes holds hundreds: every highlight of a PDF is such a block, quoted
where it is discussed.)

The import reads every page's blocks first (`index`), then, page by page:
- a referenced block keeps its place as an anchor: ` ^<uuid>` after its first
  paragraph (the block id Lanting gives that paragraph, as Obsidian's ` ^id`), `{#<uuid>}`
  after a heading; its `id::` line goes;
- a PDF's area highlight, `[:span]` with `hl-type:: area`, is the image Logseq cut out
  of the page and showed (`assets/<pdf>/<page>_<uuid>_<stamp>.png`);
- `((uuid))` is a link to the block, its text the block's first line as Logseq showed it
  (links in it are their text: no link inside a link); `[shown](((uuid)))` a link
  with the writer's text;
- `{{embed ((uuid))}}` alone in a bullet is the block's lines and its children's,
  indented as the embed was.
A reference to no block of the graph (its block deleted since) is left to Lanting, which
warns of it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import quote

UUID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
REF = re.compile(rf"\(\(({UUID})\)\)")
LABELLED_REF = re.compile(rf"\[([^\[\]\n]*)\]\(\(\(({UUID})\)\)\)")
"""`[shown](((uuid)))`: a link to the block with text of the writer's."""
_BULLET = re.compile(r"^([ \t]*)-(?:[ \t]+(.*))?$")
_PROPERTY = re.compile(r"^[ \t]*([A-Za-z][\w-]*)::[ \t]*(.*)$")
_ID_LINE = re.compile(rf"^[ \t]*id::[ \t]*({UUID})[ \t]*$", re.IGNORECASE)
_HEADING = re.compile(r"^#{1,6}[ \t]+(.*?)[ \t]*$")
_BREAKS = ("$$", "```", "~~~", "|", ">", "<")
"""What begins no paragraph's line (a display, a fence, a table, a quote, HTML)."""
_EMBED = re.compile(rf"^([ \t]*)-[ \t]+\{{\{{embed[ \t]+\(\(({UUID})\)\)[ \t]*\}}\}}[ \t]*$",
                    re.MULTILINE)
_INLINE_EMBED = re.compile(rf"\{{\{{embed[ \t]+\(\(({UUID})\)\)[ \t]*\}}\}}")
_MARKER = re.compile(r"^(?:TODO|DOING|NOW|LATER|WAITING|DONE|CANCELED|CANCELLED) ")


@dataclass(frozen=True, slots=True)
class Block:
    """A block some page references, as found in its page."""

    page: str
    """The key of the page holding it (its source's path, as the caller keys pages)."""
    text: str
    """What a reference to it shows: its first line (a formula, an image, a heading's
    text)."""
    fragment: str
    """Its anchor on its page (`^<uuid>`, a heading's `<uuid>`; empty: none, the page's
    top)."""
    lines: tuple[str, ...]
    """The block's lines and its children's, indented from its bullet, without its
    `id::` (what an embed of it shows)."""


def _width(line: str) -> int:
    lead = line[: len(line) - len(line.lstrip(" \t"))]
    return len(lead.expandtabs(4))


def _area(properties: dict[str, str], uuid: str, page: str) -> str | None:
    """The image of a PDF's area highlight (`hls__<pdf>.md`'s `[:span]` block), as a path
    from the graph's top."""
    stamp, number = properties.get("hl-stamp", ""), properties.get("hl-page", "")
    name = page.rsplit("/", 1)[-1].removesuffix(".md")
    if properties.get("hl-type") != "area" or not stamp or not name.startswith("hls__"):
        return None
    return f"assets/{name[len('hls__'):]}/{number}_{uuid}_{stamp}.png"


@dataclass(slots=True)
class _Found:
    start: int
    end: int
    """(After the block's own lines: its children follow, to `subtree_end`.)"""
    subtree_end: int
    uuid: str
    id_line: int
    properties: dict[str, str]


def _blocks(lines: list[str]) -> list[_Found]:
    found: list[_Found] = []
    for i, line in enumerate(lines):
        bullet = _BULLET.match(line)
        if bullet is None:
            continue
        width, end = _width(line), i + 1
        while end < len(lines) and _BULLET.match(lines[end]) is None and (
                not lines[end].strip() or _width(lines[end]) > width):
            end += 1
        subtree = end
        while subtree < len(lines) and (not lines[subtree].strip()
                                        or _width(lines[subtree]) > width):
            subtree += 1
        properties: dict[str, str] = {}
        id_line = -1
        for j in range(i, end):  # (`- id:: …`: a block with nothing but its id)
            prop = _PROPERTY.match(lines[j] if j > i else bullet.group(2) or "")
            if prop:
                properties[prop.group(1).lower()] = prop.group(2).strip()
            if _ID_LINE.match(lines[j] if j > i else bullet.group(2) or ""):
                id_line = j
        if id_line >= 0:
            uuid = _ID_LINE.match(lines[id_line] if id_line > i  # type: ignore[union-attr]
                                  else bullet.group(2)).group(1).lower()
            found.append(_Found(i, end, subtree, uuid, id_line, properties))
    return found


def _first_paragraph_end(lines: list[str], block: _Found) -> int:
    """The line the block's first paragraph ends on (-1: it opens with no paragraph),
    property lines skipped as Lanting skips them."""
    first = (_BULLET.match(lines[block.start]).group(2) or "").strip()  # type: ignore[union-attr]
    if block.id_line == block.start:  # (a block of its id alone: no text to show)
        return -1
    # (`#+BEGIN_NOTE`, an admonition: its first paragraph, in the callout it becomes)
    opening = re.match(r"#\+BEGIN_(\w+)", first, re.IGNORECASE)
    if not first or first.startswith(_BREAKS) or _HEADING.match(first) or (
            opening and opening.group(1).upper() in ("SRC", "EXAMPLE")):
        return -1
    last = -1 if opening else block.start
    for j in range(block.start + 1, block.end):
        text = lines[j].strip()
        if _PROPERTY.match(lines[j]):
            continue
        if not text or text.startswith((*_BREAKS, "#+")) or _HEADING.match(text):
            break
        last = j
    return last


def _shown(first: str, area: str | None, lines: list[str], block: _Found,
           drawn: Callable[[str], bool]) -> str:
    """What a reference to the block shows (an area highlight whose image the graph
    lacks: its page number)."""
    if area is not None:
        number = f"p. {block.properties.get('hl-page', '')}"
        return f"![{number}]({quote('/' + area)})" if drawn(area) else number
    if first.upper().startswith("#+BEGIN_"):  # (an admonition: its first line of text)
        first = next((line.strip() for line in lines[block.start + 1:block.end]
                      if line.strip() and not _PROPERTY.match(line)), "")
    heading = _HEADING.match(first)
    if heading:
        return heading.group(1)
    if first.startswith("$$"):  # (a display: its formula, inline)
        formula = [first[2:]]
        for line in lines[block.start + 1:block.end]:
            if _PROPERTY.match(line):
                continue
            formula.append(line.strip())
            if line.strip().endswith("$$"):
                break
        tex = " ".join(formula).strip().removesuffix("$$").strip()
        return f"${tex}$" if tex else ""
    return _MARKER.sub("", first)


def index(page: str, body: str, drawn: Callable[[str], bool]) -> dict[str, Block]:
    """The blocks of a page that have an `id::`, by their uuid (`drawn`: whether the
    graph holds an area highlight's image)."""
    lines = body.split("\n")
    blocks: dict[str, Block] = {}
    for found in _blocks(lines):
        first = (_BULLET.match(lines[found.start]).group(2) or "").strip()  # type: ignore[union-attr]
        area = _area(found.properties, found.uuid, page)
        heading = _HEADING.match(first)
        fragment = found.uuid if heading else (
            "^" + found.uuid if area or _first_paragraph_end(lines, found) >= 0 else "")
        indent = lines[found.start][: len(lines[found.start])
                                    - len(lines[found.start].lstrip(" \t"))]
        own = [line.removeprefix(indent) for j, line in enumerate(
            lines[found.start:found.subtree_end], found.start) if j != found.id_line]
        shown = "" if found.id_line == found.start else \
            _shown(first, area, lines, found, drawn)
        if area is not None:
            own[0] = own[0].replace("[:span]", shown, 1)
        blocks[found.uuid] = Block(page, shown, fragment, tuple(own))
    return blocks


def anchored(page: str, body: str, wanted: set[str], drawn: Callable[[str], bool]
             ) -> tuple[str, int, list[str]]:
    """`body` with each block of `wanted` anchored (its `id::` line gone, its anchor
    after its first paragraph or heading) and each area highlight its image; how many
    were anchored; the `hl-stamp` lines of the highlights whose image the graph lacks."""
    lines = body.split("\n")
    count = 0
    undrawn: list[str] = []
    for found in reversed(_blocks(lines)):
        area = _area(found.properties, found.uuid, page)
        bullet = _BULLET.match(lines[found.start])
        first = (bullet.group(2) or "").strip() if bullet else ""
        if area is not None and first == "[:span]":
            lines[found.start] = lines[found.start].replace(
                "[:span]", _shown(first, area, lines, found, drawn), 1)
            if not drawn(area):
                undrawn.append(f"hl-stamp:: {found.properties.get('hl-stamp', '')}")
        if found.uuid not in wanted:
            continue
        if found.id_line == found.start:  # (`- id:: …` alone: an empty bullet now)
            lines[found.start] = lines[found.start].split("-", 1)[0] + "-"
            count += 1
            continue
        end = found.start if _HEADING.match(first) else _first_paragraph_end(lines, found)
        if end < 0 and area is None:
            continue
        end = max(end, found.start)
        lines[end] = lines[end].rstrip() + (f" {{#{found.uuid}}}" if _HEADING.match(first)
                                            else f" ^{found.uuid}")
        del lines[found.id_line]
        count += 1
    return "\n".join(lines), count, undrawn


def plain(text: str, blocks: dict[str, Block]) -> str:
    """A block's text fit to be a link's: its links as their text, its references as
    their blocks' text."""
    text = re.sub(r"(?<!!)\[\[([^\[\]|\n]*)\|([^\[\]\n]*)\]\]", r"\2", text)
    text = re.sub(r"(?<!!)\[\[([^\[\]\n]*)\]\]", r"\1", text)
    text = re.sub(r"(?<!!)\[([^\[\]\n]*)\]\([^()\n]*\)", r"\1", text)
    return REF.sub(lambda m: blocks[m.group(1)].text if m.group(1) in blocks
                   else m.group(), text)


def embedded(text: str, blocks: dict[str, Block]) -> tuple[str, int]:
    """`- {{embed ((uuid))}}` as the block's lines, at the embed's indentation."""
    def one(match: re.Match[str]) -> str:
        block = blocks.get(match.group(2))
        if block is None:
            return match.group()
        return "\n".join(match.group(1) + line if line.strip() else line
                         for line in block.lines)

    return _EMBED.subn(one, text)


def inline_embeds(text: str) -> str:
    """An embed inside a line of text: a reference (a link to the block)."""
    return _INLINE_EMBED.sub(r"((\1))", text)

"""A block a Liquid tag made (a figure, a video: blank lines around it) where the tag
stood alone on a line of a list item or a block quote. Liquid printed the theme's HTML
there, and kramdown read it inside the item or the quote; written at column 0, the
block ended the list (the items after it began a new one, numbered from 1) or the quote
(its `>` lines after it a second quote). Read by `liquid.tags`."""

from __future__ import annotations

import re

from lanting.importer.body import relined
from lanting.importer.shelf import Shelf

_PREFIX = re.compile(r"(?:[ \t]*>[ \t]?|[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+|[ \t]+)+")
"""What may stand before a tag on its line in a container: quote markers, list markers,
indentation."""
_PART = re.compile(r"[ \t]*>[ \t]?|[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+|[ \t]+")
_ITEM = re.compile(r"([ \t]*)(?:[-*+]|\d{1,9}[.)])([ \t]+)\S")
"""A list item's first line: its content starts after the marker and the spaces."""


def continuation(prefix: str) -> str:
    """The prefix of a container's following lines, from what stands before its first
    content (`> `, `1. `, `   `): quote markers kept, list markers as spaces."""
    out = []
    for part in _PART.findall(prefix):
        out.append(part if ">" in part or not part.strip() else " " * len(part))
    return "".join(out)


def _in_item(text: str, line_start: int, width: int) -> bool:
    """Whether the line starting at `line_start`, indented by `width` columns, continues a
    list item above it (its content column at most `width`, less than four under it:
    deeper, the line was code). Indented HTML (al-folio's `<div class="col-sm">` around
    its figures) is no list: its blocks stay at column 0."""
    for line in reversed(text[:line_start].split("\n")[:-1]):
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip(" "))
        item = _ITEM.match(line)
        if item is not None:
            column = item.end() - 1
            if column <= width < column + 4:
                return True
            if indent < width:
                return False
            continue
        if indent < width:
            return False
    return False


_CAPTIONED = re.compile(r'!\[[^\]\n]*\]\(([^)\s]+) "[^"\n]+"\)')
"""A figure of Lanting's: an image with a title (its caption), alone on its line."""


def labelled(block: str, text: str, start: int) -> str:
    """A captioned figure of `block`, with a label of its image's name (`{#fig-loss}`;
    its line too when the image is shown earlier): in a list item or a quote Lanting
    makes only a labelled image a figure, else its caption (the include's `<figcaption>`
    on the old page) was only the image's tooltip."""
    found = _CAPTIONED.fullmatch(block)
    if found is None:
        return block
    stem = re.sub(r"[^\w]+", "-", found.group(1).rsplit("/", 1)[-1].rsplit(".", 1)[0])
    label = "fig-" + (stem.strip("-").lower() or "image")
    if found.group(1) in text[:start]:
        label += f"-{text.count(chr(10), 0, start) + 1}"
    return block + "{#" + label + "}"


def nested_block(text: str, start: int, end: int, made: str,
                 shelf: Shelf | None = None) -> tuple[int, str] | None:
    """The block `made` of the tag at `start`…`end` of `text`, written inside the list item
    or block quote the tag stood in, alone on its line: (where it starts, replacing the
    tag and what stood before it on its line; the block, each of its lines with the
    container's prefix, a blank line of the container around it). None when the tag
    was at column 0, had text before or after it on its line, or stood in indented
    HTML."""
    line_start = text.rfind("\n", 0, start) + 1
    prefix = text[line_start:start]
    rest = text[end:text.find("\n", end) if "\n" in text[end:] else len(text)]
    if not prefix or rest.strip() or not _PREFIX.fullmatch(prefix):
        return None
    cont = continuation(prefix)
    if ">" not in prefix and prefix.strip() == "" and not _in_item(
            text, line_start, len(prefix.expandtabs(4))):
        return None
    blank = cont.rstrip()
    inner = relined(labelled(made.strip("\n"), text, start),
                    lambda line: cont + line if line.strip() else blank, shelf)
    above = text[:line_start - 1].rsplit("\n", 1)[-1] if line_start else ""
    below = text[end:].split("\n", 2)[1] if text.count("\n", end) else ""
    after = "\n" + blank if below.strip("> \t") else ""  # (none on a blank line)
    if prefix.strip():  # (`- {% include … %}`, `> {% include … %}`: the item's or
        # quote's first line, blank before it only in a quote going on from above)
        before = blank + "\n" if ">" in prefix and above.strip("> \t") and \
            above.lstrip().startswith(">") else ""
        return line_start, before + prefix + inner[len(cont):] + after
    before = blank + "\n" if above.strip("> \t") else ""
    return line_start, before + inner + after

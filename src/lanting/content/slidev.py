"""Slidev's settings: which there are, and how a talk is known to be a Slidev deck.

A Slidev deck (`slides.md`) is one Markdown file whose first front matter (the
"headmatter") configures the deck and its first slide, and whose slides may each open
with a front matter of their own (`---` / `layout: two-cols` / `---`). Slidev needs no
marker such as Marp's `marp: true`, so a talk is read as a Slidev deck when its front
matter holds a setting only Slidev has (`drawings`, `mdc`, `background`, `info`, …), a
layout of Slidev's (`layout: cover`), or when a slide of its body opens with a front
matter naming one. A talk without any of these reads as before: it cannot change by
this rule. How its slides are read: `site.slidev`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from lanting.content.revealmd import is_reveal_md
from lanting.content.xaringan import is_xaringan
from lanting.markdown.fence_info import FENCE_LINE
from lanting.model.content import Kind, Source

DECK = frozenset({
    "theme", "addons", "titleTemplate", "info", "author", "keywords", "presenter",
    "browserExporter", "download", "exportFilename", "export", "twoslash", "lineNumbers",
    "monaco", "monacoTypesSource", "monacoTypesAdditionalPackages",
    "monacoRunAdditionalDeps", "remoteAssets", "selectable", "record", "contextMenu",
    "wakeLock", "overviewSnapshots", "colorSchema", "routerMode", "aspectRatio",
    "canvasWidth", "themeConfig", "favicon", "plantUmlServer", "fonts", "defaults",
    "drawings", "htmlAttrs", "highlighter", "mdc", "css", "seoMeta", "transition",
    "duration", "timer", "codeCopy", "editor", "remote", "monacoTypesIgnorePackages",
})
"""The headmatter's settings of the whole deck (Slidev's `SlidevConfig`; `highlighter`
and `css` from older versions; `duration` and `timer` its presenter timer's). None
changes what a reader sees in Lanting's deck, which has a look of its own (16:9, the
site's theme): accepted and ignored."""

SLIDE = frozenset({
    "layout", "class", "background", "backgroundSize", "image", "url", "clicks",
    "clicksStart", "disabled", "hide", "hideInToc", "level", "preload", "routeAlias",
    "src", "transition", "zoom", "dragPos", "layoutClass", "title",
})
"""Settings of one slide (its front matter, or the headmatter for the first slide);
`image`, `backgroundSize` and `url` are the props of the image and iframe layouts."""

LAYOUTS = frozenset({
    "default", "center", "cover", "end", "fact", "full", "image", "image-left",
    "image-right", "iframe", "iframe-left", "iframe-right", "intro", "none", "quote",
    "section", "statement", "two-cols", "two-cols-header",
})
"""Slidev's built-in layouts; a theme may add its own."""

SIGNS = (DECK | SLIDE) - {"theme", "class", "transition", "title", "layout", "author",
                           "keywords", "image", "url", "hide", "level"}
"""Settings that only a Slidev deck has: `theme`, `class` and `transition` are Marp's
directives too, the others are Lanting's own keys or other generators' (a page moved
from Jekyll has `layout`), so they tell nothing alone."""

FENCE = FENCE_LINE
_SEPARATOR = re.compile(r"^-{3,}\s*$")
_KEY = re.compile(r"^([A-Za-z_$][\w$-]*)\s*:(?:\s|$)")


def is_slidev_deck(source: Source, data: dict[str, Any], body: str) -> bool:
    """Whether the talk `source` (front matter `data`, body `body`) is a Slidev deck."""
    if source.kind is not Kind.TALK or "marp" in data or is_xaringan(data) \
            or is_reveal_md(data):
        return False  # (a xaringan deck's `---`, `class: inverse` opens a remark slide;
        # reveal-md's `css` is a stylesheet, as Slidev's is)
    if any(key in SIGNS for key in data):
        return True
    if str(data.get("layout", "")) in LAYOUTS:
        return True
    blocks = slide_front_matter_keys(body)
    if any(REMARK & set(keys) for keys in blocks) or _REMARK_NOTES.search(body):
        return False  # (remark's slide properties, `class: center` over `name: intro`)
    return any(_slide_sign(keys) for keys in blocks)


REMARK = frozenset({"name", "exclude", "template", "count", "background-image"})
"""Slide properties only remark has: a deck whose slides open with them (a Jekyll
course's `layout: presentation`, its `class:` above them as Slidev's is) is remark's."""
_REMARK_NOTES = re.compile(r"^\?\?\?[ \t]*$", re.MULTILINE)
"""remark's line `???` before a slide's notes (Slidev's notes are comments)."""


def _slide_sign(keys: list[str]) -> bool:
    return any(key in SLIDE for key in keys)


def slide_front_matter_keys(body: str) -> list[list[str]]:
    """The keys of each front matter that opens a slide of `body` (`separators`). Only
    blocks whose every line is a YAML key, a continuation or blank count here."""
    found: list[list[str]] = []
    lines = body.split("\n")
    for i, end in separators(lines):
        block = lines[i + 1:end] if end is not None and end > 0 else []
        keys = [m.group(1) for x in block if (m := _KEY.match(x))]
        if keys and all(_KEY.match(x) or not x.strip() or x[:1] in " \t#-" for x in block):
            found.append(keys)
    return found


def separators(lines: list[str]) -> Iterator[tuple[int, int | None]]:
    """Each line that ends a slide, as Slidev finds them, with the line that closes the
    front matter it opens: a line `---` right above a line of text opens the next
    slide's front matter, which the next line `---` closes (-1: no line does); None for
    a line that only ends a slide. Lines in fenced code never split."""
    fence = ""
    i = 0
    while i < len(lines):
        line = lines[i]
        opened = FENCE.match(line)
        if fence:
            if closes(opened, fence):
                fence = ""
        elif opened:
            fence = opened.group(1)
        elif _SEPARATOR.match(line):
            end = None
            if line.rstrip() == "---" and i + 1 < len(lines) and lines[i + 1].strip():
                end = next((j for j in range(i + 1, len(lines))
                            if lines[j].rstrip() == "---"), -1)
            yield i, end
            if end is not None and end > 0:
                i = end
        i += 1


def closes(opened: re.Match[str] | None, fence: str) -> bool:
    """Whether the line `opened` (a `FENCE` match) closes the code block opened by `fence`."""
    return bool(opened and opened.group(1)[0] == fence[0]
                and len(opened.group(1)) >= len(fence) and not opened.group(2).strip())


def split_slidev_keys(data: dict[str, Any], lines: dict[str, int], known: Iterable[str],
                      ) -> tuple[dict[str, Any], dict[str, Any]]:
    """The front matter without Slidev's settings, and those settings (the deck's and
    the first slide's). A key neither Lanting nor Slidev knows (`known`: Lanting's keys
    and those of other generators it names) is a setting of the deck's theme or
    layouts, passed to them as Slidev does (`site.slidev` warns of it). The deck's
    `info` (its description, in Markdown) is the talk's `summary` unless it has one."""
    theirs = DECK | SLIDE | (data.keys() - set(known))
    kept = {k: v for k, v in data.items() if k not in theirs or k == "title"}
    info = _first_paragraph(data.get("info"))
    if info and "summary" not in data:
        kept["summary"] = info
        lines.setdefault("summary", lines.get("info", 1))
    return kept, {k: v for k, v in data.items() if k in theirs}


def _first_paragraph(info: Any) -> str:
    """The first paragraph of the deck's `info` that is text: Slidev's starter opens it
    with the deck's title as a `## heading`, which a summary does not repeat."""
    if not isinstance(info, str):
        return ""
    for block in re.split(r"\n\s*\n", info.strip()):
        if block.strip() and not re.match(r"\s*(?:#|[-*+] |\d+\. |```|<)", block):
            return block.strip()
    return ""

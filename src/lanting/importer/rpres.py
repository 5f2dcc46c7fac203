"""RStudio's R Presentations (`.Rpres`) read as a talk's Markdown.

An R Presentation has no front matter and no `---` between slides: each slide opens
with its title over a line of `=`, and the `name: value` lines right under it are
settings, the first slide's the deck's:

    Sampling
    ========================================================
    author: A. Lecturer
    date: March 3, 2016

    Two halves
    ========================================================
    left: 60%
    the left column
    ***
    the right column

knitr knits it to a `.md` of the same name beside it (its code cells' outputs and plots,
in `<name>-figure/`, written in), which RStudio shows with reveal.js. Here the first
slide's title, `author` and `date` are the talk's header (its title slide), each other
slide a slide of Lanting's, `## Title` after a line `---`; a line `***` in a slide starts
its second column (`left:` or `right:` gives a width), `title: false` leaves the title
out. The other settings (`transition`, `incremental`, `type`, `autosize`, `css`, …)
change only the look and are left out, as are a `<style>` block and a `<link>`
opening the file (the deck's fonts).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lanting.importer.shelf import Shelf, protect_code

_SLIDE = re.compile(r"^([^\n=][^\n]*?)[ \t]*\n={3,}[ \t]*$", re.MULTILINE)
"""A slide's opening: its title over a line of `=` (a setext heading)."""
_SETTING = re.compile(r"^([A-Za-z][\w-]*):[ \t]*(.*?)[ \t]*$")
_COLUMN = re.compile(r"^[ \t]*\*\*\*[ \t]*$", re.MULTILINE)
_HEAD = re.compile(r"\A(?:[ \t]*(?:<link\b[^>\n]*>|<style\b.*?</style\s*>)?[ \t]*\n)*",
                   re.DOTALL | re.IGNORECASE)
"""A `<link>` and a `<style>` block opening the file (its fonts), with blank lines."""
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
HEADER = ("author", "date")
"""The first slide's settings a talk's header keeps."""


@dataclass(slots=True)
class RpresDeck:
    front: dict[str, Any] = field(default_factory=dict)
    body: str = ""
    converted: list[str] = field(default_factory=list)


def is_rpres(path: Path) -> bool:
    """Whether `path` is an R Presentation: a `.Rpres` file, or the `.md` knitr made of
    one beside it."""
    suffix = path.suffix.lower()
    return suffix == ".rpres" or suffix == ".md" and any(
        path.with_suffix(s).is_file() for s in (".Rpres", ".rpres", ".RPres"))


def _after_head(text: str) -> str:
    head = _HEAD.match(text)
    return text[head.end():] if head else text


def _settings(lines: list[str]) -> tuple[dict[str, str], list[str]]:
    """The `name: value` lines opening a slide's text, and the rest."""
    settings: dict[str, str] = {}
    at = 0
    while at < len(lines) and (found := _SETTING.match(lines[at])) is not None:
        settings[found.group(1).lower()] = found.group(2)
        at += 1
    return settings, lines[at:]


def _columns(text: str, settings: dict[str, str]) -> tuple[str, bool]:
    """A slide's text with its `***` line as a column break, as Pandoc's column divs
    (their widths from `left:` or `right:`)."""
    parts = _COLUMN.split(text, maxsplit=1)
    if len(parts) < 2:
        return text, False
    left, right = _width(settings.get("left")), _width(settings.get("right"))
    if left and not right:
        right = f"{100 - float(left[:-1]):g}%"
    elif right and not left:
        left = f"{100 - float(right[:-1]):g}%"
    widths = [f' width="{w}"' if w else "" for w in (left, right)]
    columns = [f"::: {{.column{w}}}\n{part.strip()}\n:::" for w, part in zip(
        widths, parts, strict=True)]
    return ":::: {.columns}\n" + "\n\n".join(columns) + "\n::::", True


def _width(value: str | None) -> str:
    match = re.fullmatch(r"(\d{1,2}(?:\.\d+)?)%?", (value or "").strip())
    return f"{match.group(1)}%" if match else ""


def read_rpres(text: str) -> RpresDeck:
    """The R Presentation `text` as a talk's front matter and Markdown (see the module's
    docstring)."""
    deck = RpresDeck()
    shelf = Shelf()  # (a `===` line or `***` in code is the code's)
    hidden = protect_code(_after_head(text), shelf)
    openings = list(_SLIDE.finditer(hidden))
    slides: list[str] = []
    for n, opening in enumerate(openings):
        end = openings[n + 1].start() if n + 1 < len(openings) else len(hidden)
        lines = hidden[opening.end():end].strip("\n").split("\n")
        settings, rest = _settings(lines)
        content = "\n".join(rest).strip("\n")
        title = opening.group(1).strip()
        if n == 0:
            deck.front["title"] = title
            deck.front |= {k: settings[k] for k in HEADER if settings.get(k)}
            if _COMMENT.sub("", content).strip():
                slides.append(content)
            continue
        content, split = _columns(content, settings)
        if split:
            deck.converted.append("R Presentations' `***` column breaks as columns")
        heading = "" if settings.get("title", "").lower() == "false" else f"## {title}\n\n"
        slides.append((heading + content).strip("\n"))
    deck.body = shelf.restore("\n\n---\n\n".join(slides)) + "\n"
    return deck

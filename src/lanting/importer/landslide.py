"""Landslide (and darkslide, its fork) decks in a folder of notes, as talks' Markdown
(`notes_formats`).

Landslide made an HTML5 deck of a Markdown file (named by a `.cfg` of `[landslide]`,
or given to the `landslide` command): `---` between slides, as Lanting; its macros on
lines of their own, `.notes: Say this` (the slide's speaker notes), `.fx: titleslide`
(the slide's classes, its theme's look) and `.qr: 450|https://…` (a QR code of the
address); a heading `# Presenter Notes` over the notes at a slide's end; and code as
an indented block whose first line names its language, `!python`. Read as Markdown,
the macros and notes were text on the slides and the code a block opening with
`!python`. Here the notes are the slide's (after `Note:`), the classes left out, a QR
code a link to its address, the code a fenced block in its language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_MACRO = re.compile(r"^\.(notes|fx|qr):[ \t]*(.*?)[ \t]*$")
_NOTES_HEADING = re.compile(r"^#{1,6}[ \t]*presenter notes[ \t#]*$|^presenter notes[ \t]*$",
                            re.IGNORECASE)
_SETEXT = re.compile(r"^(?:=+|-+)[ \t]*$")
_SIGNS = re.compile(r"^(?:\.(?:notes|fx|qr):|#{1,6}[ \t]*presenter notes[ \t]*$)",
                    re.IGNORECASE | re.MULTILINE)
_CODE_LANGUAGE = re.compile(r"^(?: {4}|\t)!([\w+#.-]+)[ \t]*$")
_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
CONFIG = re.compile(r"^\[landslide\][ \t]*$", re.MULTILINE)
"""A `.cfg` file of Landslide's settings."""
_SOURCE = re.compile(r"^source[ \t]*[=:][ \t]*(.+)$", re.MULTILINE)


@dataclass
class LandslideDeck:
    body: str
    converted: list[str] = field(default_factory=list)


def is_landslide(text: str) -> bool:
    """Whether a note is a Landslide deck by its own lines: a macro (`.notes:`, `.fx:`,
    `.qr:`) or a `# Presenter Notes` heading, and a line `---`."""
    return _SIGNS.search(text) is not None and re.search(r"^---[ \t]*$", text,
                                                         re.MULTILINE) is not None


def config_sources(config: str) -> list[str]:
    """The decks a Landslide `.cfg` names (`source = slides.md`, one a line after it)."""
    found = _SOURCE.search(config)
    if not found:
        return []
    rest = config[found.start(1):].split("\n")
    names = [rest[0].strip()] + [line.strip() for line in rest[1:]
                                 if line.startswith((" ", "\t")) and line.strip()]
    return [n for n in names if n]


def landslide_markdown(text: str) -> LandslideDeck:
    """The Landslide deck `text` as a talk's Markdown (see the module)."""
    deck = LandslideDeck("")
    slides: list[tuple[list[str], list[str]]] = [([], [])]
    in_notes, fence = False, ""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        opened = _FENCE.match(line)
        if fence or opened:
            if fence and opened and opened.group(1).startswith(fence):
                fence = ""
            elif not fence and opened:
                fence = opened.group(1)
            (slides[-1][1] if in_notes else slides[-1][0]).append(line)
            continue
        if re.fullmatch(r"---[ \t]*", line) and (in_notes or not (i and lines[i - 1].strip())):
            # (under a line of notes too: no one underlines a heading in their notes)
            slides.append(([], []))
            in_notes = False
            continue
        heading = _NOTES_HEADING.match(line) or (
            line.strip().lower() == "presenter notes" and i + 1 < len(lines)
            and _SETEXT.match(lines[i + 1]))
        if heading:
            in_notes = True
            deck.converted.append("Landslide's `# Presenter Notes` as speaker notes")
            continue
        if in_notes and _SETEXT.match(line) and lines[i - 1].strip().lower() == \
                "presenter notes":
            continue
        macro = _MACRO.match(line)
        if macro:
            kind, value = macro.groups()
            if kind == "notes":
                slides[-1][1].append(value)
                deck.converted.append("Landslide's `.notes:` as speaker notes")
            elif kind == "qr":
                address = value.split("|", 1)[-1].strip()
                slides[-1][0].append(f"<{address}>")
                deck.converted.append("Landslide's `.qr:` codes as links to their address")
            else:
                deck.converted.append("Landslide's `.fx:` slide classes left out")
            continue
        (slides[-1][1] if in_notes else slides[-1][0]).append(line)
    parts = []
    for shown, said in slides:
        part = _fenced("\n".join(shown).strip("\n"), deck)
        notes = "\n".join(said).strip("\n")
        parts.append(part + (f"\n\nNote:\n{notes}" if notes else ""))
    deck.body = "\n\n---\n\n".join(parts) + "\n"
    return deck


def _fenced(text: str, deck: LandslideDeck) -> str:
    """Indented code whose first line names its language (`!python`) as a fence."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        found = _CODE_LANGUAGE.match(lines[i])
        if not found or (out and out[-1].strip() and not out[-1].startswith((" " * 4, "\t"))):
            out.append(lines[i])
            i += 1
            continue
        code: list[str] = []
        i += 1
        while i < len(lines) and (lines[i].startswith((" " * 4, "\t")) or not lines[i].strip()):
            code.append(lines[i][4:] if lines[i].startswith(" " * 4) else lines[i][1:])
            i += 1
        while code and not code[-1].strip():
            code.pop()
        out += [f"```{found.group(1).lower()}", *code, "```", ""]
        deck.converted.append("Landslide's code blocks (`!python`) as fenced code")
    return "\n".join(out)

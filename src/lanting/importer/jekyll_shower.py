"""Shower decks kept in a Jekyll site (Jekyller and its forks: `jekyll_decks`).

Jekyller's layouts run the page's HTML through an include, `showerify.html`, that cuts
it into Shower's slides: the first `#` heading is the cover slide (and the deck's title,
unless the page has one), each `##` heading (and each rule) starts a slide; kramdown's
attribute list on the heading, above or under it (`{:.shout #Intro}`), is the slide's;
a heading wrapped in `**` is a `shout` slide; a paragraph `// text` is a presenter note
(Shower's `<footer>`); a list item opening with `...` or `…` shows at the next click.
Read as a page, such a deck was one long text, its presenter notes shown as `// text`.
`shower_slides` writes it as a talk: a line `---` before each slide, its shouting (and
`shout` class) a centred slide (`{.centered}`), its id kept, its other classes (only
the look of Shower's themes) left out, its notes after `Note:`, its steps shown at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lanting.importer.shelf import Shelf, protect_code

SHOWER = re.compile(r"\{%-?\s*include\s+_?showerify\b|shower(?:-core)?/shower(?:\.min)?\.js"
                    r"|\bshower(?:\.min)?\.js\b")
"""A layout (or include) that makes Shower slides of a page: Jekyller's `showerify`
include, or the engine's script."""

_ASIDE = re.compile(r"^[ \t]*\{%-?\s*highlight\b.*?\{%-?\s*endhighlight\s*-?%\}[^\n]*$"
                    r"|<!--.*?-->", re.MULTILINE | re.DOTALL)
"""What cuts no slide: Liquid's highlighted code, and HTML comments (a slide left out
as `<!-- ## Old slide … -->`)."""
_HEADING = re.compile(r"^(#{1,2})(?!#)[ \t]*(\S.*?)[ \t]*(?:\{([#.][^{}]*)\})?[ \t]*#*[ \t]*$")
"""A slide's heading; kramdown needs no space after its marks (`##Secure by default`)."""
_UNSPACED = re.compile(r"^(#{3,6})(?=[^#\s])")
_IAL = re.compile(r"^[ \t]{0,3}\{:\s*([^{}]*)\}[ \t]*$")
_RULE = re.compile(r"^[ \t]{0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$")
_NOTE = re.compile(r"^[ \t]{0,3}//[ \t]?(.*)$")
_STEP = re.compile(r"^([ \t]*(?:[-+*]|\d{1,9}[.)])[ \t]+)(?:\.\.\.|…|&hellip;)[ \t]*(?=\S)")
_ESCAPED_STEP = re.compile(r"^([ \t]*(?:[-+*]|\d{1,9}[.)])[ \t]+)\\(\.\.\.|…)")
_SHOUT = re.compile(r"\*\*(.+)\*\*|__(.+)__")
_INDENTED = re.compile(r"^(?: {4}|\t)")


@dataclass
class ShowerDeck:
    """What `shower_slides` made of a deck, for the import's report."""

    text: str
    title: str = ""
    """The first `#` heading's text (the deck's title, where the page gives none)."""
    counts: dict[str, int] = field(default_factory=dict)


def shower_slides(body: str) -> ShowerDeck:
    """The Shower deck `body` (kramdown) as a talk's Markdown (see the module)."""
    shelf = Shelf()
    lines = protect_code(_ASIDE.sub(lambda m: shelf.put(m.group()), body),
                         shelf).split("\n")
    deck = ShowerDeck("")
    slides: list[list[str]] = [[]]
    notes: list[list[str]] = [[]]
    pending: list[str] = []  # (attribute lists over a heading: its slide's)
    in_note = False

    def cut() -> None:
        if any(s.strip() for s in slides[-1]) or notes[-1]:
            slides.append([])
            notes.append([])

    for i, line in enumerate(lines):
        previous = slides[-1][-1] if slides[-1] else ""
        following = lines[i + 1] if i + 1 < len(lines) else ""
        heading = None if _INDENTED.match(line) else _HEADING.match(line)
        ial = _IAL.match(line)
        if ial and _HEADING.match(previous) and not notes[-1]:
            slides[-1][-1] = _slide_heading(previous, [ial.group(1)], deck)
        elif ial and (_HEADING.match(following) or _IAL.match(following)) and (
                pending or not previous.strip()):
            pending.append(ial.group(1))
        elif heading:
            cut()
            if heading.group(1) == "#" and not deck.title:
                deck.title = heading.group(2).strip()
            slides[-1].append(_slide_heading(line, pending, deck))
            pending, in_note = [], False
        elif _RULE.match(line) and not previous.strip():
            cut()
            _count(deck, "rules as slide breaks")
        elif in_note and line.strip():
            notes[-1].append(line)
        elif (note := _NOTE.match(line)) and not previous.strip():
            notes[-1].append(note.group(1))
            in_note = True
            _count(deck, "presenter notes (`// text`)")
        else:
            in_note = False
            if not _INDENTED.match(line) and _UNSPACED.match(line):
                line = _UNSPACED.sub(r"\1 ", line)
                _count(deck, "headings without a space after their `#` marks")
            if step := _STEP.match(line):
                line = step.group(1) + line[step.end():]
                _count(deck, "steps of lists (`…` items) shown at once")
            slides[-1].append(_ESCAPED_STEP.sub(r"\1\2", line))
    parts = []
    for kept, said in zip(slides, notes, strict=True):
        part = "\n".join(kept).strip("\n")
        if said:
            part += "\n\nNote:\n" + "\n".join(said)
        if part.strip():
            parts.append(part)
    deck.text = shelf.restore("\n\n---\n\n".join(parts) + "\n")
    deck.title = shelf.restore(deck.title)
    return deck


def _slide_heading(line: str, lists: list[str], deck: ShowerDeck) -> str:
    """The heading `line` with its slide's attribute lists: its id kept, a shout (`**…**`
    or `.shout`) a centred slide, other classes left out."""
    found = _HEADING.match(line)
    if found is None:
        return line
    marks, words, inline = found.group(1), found.group(2), found.group(3) or ""
    attrs = " ".join([inline, *lists])
    ids = re.findall(r"#([\w-]+)", attrs)
    classes = re.findall(r"\.([\w-]+)", attrs)
    shout = _SHOUT.fullmatch(words.strip())
    if shout:
        words = shout.group(1) or shout.group(2)
    centred = bool(shout) or "shout" in classes
    if centred:
        _count(deck, "shouting slides as centred ones")
    dropped = [c for c in classes if c != "shout"]
    if dropped:
        _count(deck, "slide classes of Shower's themes left out (`{:.section}`)")
    kept = [f"#{ids[-1]}"] if ids else []
    kept += [".centered"] if centred else []
    return f"{marks} {words}" + (f" {{{' '.join(kept)}}}" if kept else "")


def _count(deck: ShowerDeck, what: str) -> None:
    deck.counts[what] = deck.counts.get(what, 0) + 1

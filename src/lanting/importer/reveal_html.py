"""reveal.js decks written as its HTML: `<section>` elements, one a slide (nested ones
a stack of vertical slides), each either HTML or Markdown in a `<section data-markdown>`'s
`<script type="text/template">` (or `<textarea data-template>`), which reveal.js's
Markdown plugin reads. A Jekyll page or post shown by a reveal.js layout is one
(`jekyll_decks`); imported as a page, its Markdown sat inside `<script>` elements,
which a browser does not show: the page was empty. `section_slides` writes such a deck
as a talk's text: its slides cut by Lanting's lines (`---`, a `--` between the slides
of one stack), a section's attributes (`data-background`, `id`, `class`) its
`<!-- .slide: … -->` comment, which the talk reads as reveal.js did.

A deck an HTML page shows from Markdown files beside it (`<section
data-markdown="slides/intro.md">`, one a section, or remark's `sourceUrl`) is a talk
of a folder of notes (`html_decks`); when the page holds more than that one file (a
file a section, a title slide written in HTML), the talk is all of them in the
page's order, and the other files are its parts, no notes of their own. A page whose
slides are all in it (`is_slides_page`: Markdown in a `<textarea data-template>`, or
HTML) is a talk of its own (`page_deck`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from html import unescape
from pathlib import Path

from lanting.importer.common import read_text, walk
from lanting.importer.kramdown_html import html_body
from lanting.importer.revealmd_decks import reveal_md_cuts

Reader = Callable[[str], "str | None"]
"""The text of a file a `<section data-markdown="x.md">` names, or None."""

_ATTRIBUTES = r"""((?:[^>"']|"[^"]*"|'[^']*')*)"""
_TAG = re.compile(rf"<(/?)(section|script|textarea)\b{_ATTRIBUTES}>", re.IGNORECASE)
_ATTRIBUTE = re.compile(r"""([\w:.-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?""")
_OWN = frozenset({"data-markdown", "data-separator", "data-separator-vertical",
                  "data-separator-notes", "data-charset", "data-element-attributes",
                  "data-attributes"})
"""The attributes telling reveal.js's Markdown plugin how to read a section, not how
to show the slide."""
_SEPARATORS = {"data-separator": "separator", "data-separator-vertical": "verticalSeparator",
               "data-separator-notes": "notesSeparator"}


@dataclass
class _Section:
    attributes: dict[str, str]
    parts: list[str] = field(default_factory=list)
    """Its own text, Markdown or HTML, in order."""
    children: list[_Section] = field(default_factory=list)


def attributes(text: str) -> dict[str, str]:
    """The attributes of a tag (`text`, what follows its name), unescaped."""
    found: dict[str, str] = {}
    for match in _ATTRIBUTE.finditer(text):
        value = next((v for v in match.group(2, 3, 4) if v is not None), "")
        found[match.group(1).lower()] = unescape(value)
    return found


def _template(tag: str, attrs: dict[str, str]) -> bool:
    """Whether a `<script>` or `<textarea>` holds a section's Markdown."""
    if tag == "textarea":
        return "data-template" in attrs
    return attrs.get("type", "").lower() == "text/template"


def _markdown(text: str, section: dict[str, str]) -> tuple[str, int]:
    """A template's Markdown out of its indentation (as reveal.js takes it out: the
    first line's), its own separators made Lanting's lines; how many it cut."""
    text = _dedented(text.replace("<\\/script>", "</script>").replace("\r\n", "\n"))
    text = text.strip("\n")
    separators = {key: section[attr] for attr, key in _SEPARATORS.items() if attr in section}
    if not separators:
        return text, 0
    _front, text, count = reveal_md_cuts(separators, text)
    return text, count


def _dedented(text: str) -> str:
    """`text` out of its first line's indentation, as reveal.js takes it out: from
    each line that has it (a line indented less, or a blank line of spaces, too)."""
    lines = text.split("\n")
    first = next((line for line in lines if line.strip()), "")
    indent = len(first) - len(first.lstrip(" \t"))
    return "\n".join(line[indent:] if not line[:indent].strip() else line
                     for line in lines)


def _comment(attrs: dict[str, str]) -> str:
    shown = {k: v for k, v in attrs.items() if k not in _OWN}
    if not shown:
        return ""
    written = " ".join(f'{k}="{v.replace(chr(34), "&quot;")}"' if v else k
                       for k, v in shown.items())
    return f"<!-- .slide: {written} -->\n"


def _slide(section: _Section) -> str:
    text = "\n\n".join(part for part in section.parts if part.strip())
    return _comment(section.attributes) + text


def _leaves(section: _Section) -> list[_Section]:
    """The slides of a section: itself, or those of the sections it holds (a stack;
    reveal.js nests no deeper, and a section inside a stack's slide is one more)."""
    if not section.children:
        return [section]
    return [leaf for child in section.children for leaf in _leaves(child)]


@dataclass(frozen=True, slots=True)
class Deck:
    text: str
    """The talk's text."""
    slides: int
    cuts: int
    """How many slides a section's own separators cut."""
    sections: int
    """How many `<section>`s the body held at its top (stacks and slides)."""
    missing: tuple[str, ...] = ()
    """The files sections name that `read` did not find (their slides empty)."""


def section_slides(html: str, read: Reader | None = None) -> Deck | None:
    """The talk's text of `html`, a body made of reveal.js's `<section>` elements; None
    when it holds none. Text outside every section goes with the first or last slide.
    A section naming its Markdown's file (`data-markdown="x.md"`) holds what `read`
    gives of it."""
    if not re.search(r"<section\b", html, re.IGNORECASE):
        return None
    top: list[_Section] = []
    stack: list[_Section] = []
    before: list[str] = []
    after: list[str] = []
    cuts = at = 0
    missing: list[str] = []
    for found in _TAG.finditer(html):
        if found.start() < at:
            continue  # (inside a template already read)
        text = html[at:found.start()]
        closing, name, rest = found.group(1), found.group(2).lower(), found.group(3)
        if stack:
            stack[-1].parts.append(html_body(text).strip("\n") if text.strip() else "")
        else:
            (after if top else before).append(text)
        at = found.end()
        if name == "section" and not closing:
            section = _Section(attributes(rest))
            (stack[-1].children if stack else top).append(section)
            stack.append(section)
            file = section.attributes.get("data-markdown", "")
            if file and read is not None:
                shown = read(file)
                if shown is None:
                    missing.append(file)
                else:
                    markdown, count = _markdown(shown, section.attributes)
                    section.parts.append(markdown)
                    cuts += count
        elif name == "section" and stack:
            stack.pop()
        elif not closing and stack and _template(name, attributes(rest)) \
                and "data-markdown" in stack[-1].attributes:
            end = re.compile(rf"</{name}\s*>", re.IGNORECASE).search(html, at)
            inner = html[at:end.start() if end else len(html)]
            markdown, count = _markdown(inner, stack[-1].attributes)
            stack[-1].parts.append(markdown)
            cuts += count
            at = end.end() if end else len(html)
        elif stack:
            stack[-1].parts.append(found.group())  # (a script of the slide's own)
    (after if top else before).append(html[at:])
    if not top:
        return None
    stacks = [[_slide(s) for s in _leaves(section)] for section in top]
    for section, slides in zip(top, stacks, strict=True):
        if section.children and section.parts and any(p.strip() for p in section.parts):
            slides[0] = "\n\n".join([_slide(_Section({}, section.parts)), slides[0]])
    head, tail = "".join(before).strip(), "".join(after).strip()
    text = "\n\n---\n\n".join("\n\n--\n\n".join(s) for s in stacks)
    text = "\n\n".join(part for part in (head, text, tail) if part)
    return Deck(text + "\n", sum(len(s) for s in stacks), cuts, len(top), tuple(missing))


def layout_separators(layout: str) -> dict[str, str]:
    """The separators (as reveal-md's header names them) of the `<section
    data-markdown>` a layout puts a page's text in (`<textarea data-template>{{
    page.content }}</textarea>`); empty for none."""
    for found in _TAG.finditer(layout):
        if found.group(2).lower() != "section" or found.group(1):
            continue
        attrs = attributes(found.group(3))
        if "data-markdown" in attrs and not attrs["data-markdown"]:
            return {key: attrs[attr] for attr, key in _SEPARATORS.items() if attr in attrs}
    return {}


_LOADS = re.compile(r"""\bsourceUrl\s*:\s*["']([^"':]+\.(?:md|markdown))["']"""
                    r"""|<section\b[^>]*\bdata-markdown\s*=\s*["']([^"':]+\.(?:md|markdown))["']""")
"""An HTML page's deck in a Markdown file beside it: remark's `remark.create({sourceUrl:
'slides.md'})`, reveal.js's `<section data-markdown="slides.md">` (a file, no URL)."""


def shown_file(page: Path, name: str, source: Path) -> Path | None:
    """The file (resolved) that `page` names `name` in a `data-markdown` (or
    `sourceUrl`): from the page's folder, else, when the path leads nowhere, the one
    file of its name beside the page (a deck served from a copy of reveal.js, its
    folder mounted there as `slides/`); None for none under `source`."""
    name = name.removeprefix("./")
    for file in (page.parent / name, page.parent / Path(name).name):
        if file.is_file() and file.resolve().is_relative_to(source.resolve()):
            return file.resolve()
    return None


def page_decks(source: Path) -> dict[Path, list[Path]]:
    """The HTML pages (resolved) under `source` that show slides of Markdown files,
    each with those files (resolved), in the page's order. Such a deck has no front
    matter and, in reveal.js's form, no sign of a deck in its text: read as a note
    it was a page of its slides' text, and the page that showed it was published
    without it."""
    pages: dict[Path, list[Path]] = {}
    for page in (p for p in walk(source) if p.suffix.lower() in (".html", ".htm")):
        text = read_text(page)
        if "sourceUrl" not in text and "data-markdown" not in text:
            continue
        files = [file for found in _LOADS.finditer(text)
                 if (file := shown_file(page, found.group(1) or found.group(2), source))]
        if files:
            pages[page.resolve()] = list(dict.fromkeys(files))
    return pages


def html_decks(source: Path) -> dict[Path, Path]:
    """The Markdown file (resolved) each page of `page_decks` is the talk of (its
    first), with that page."""
    decks: dict[Path, Path] = {}
    for page, files in page_decks(source).items():
        decks.setdefault(files[0], page)
    return decks


def page_slides(html: str) -> str:
    """The slides of a reveal.js page: from its first `<section>` to its last
    `</section>` ("" for none)."""
    first = re.search(r"<section\b", html, re.IGNORECASE)
    last = [m.end() for m in re.finditer(r"</section\s*>", html, re.IGNORECASE)]
    return html[first.start():last[-1]] if first and last else ""


_TITLE = re.compile(r"<title[^>]*>(.*?)</title\s*>", re.DOTALL | re.IGNORECASE)
_FRAMEWORKS = re.compile(r"reveal\.?js|remark", re.IGNORECASE)


def page_title(html: str) -> str:
    """The `<title>` of the HTML page showing a deck (a course's `EfCore Migrations +
    Query`, where the deck's file is `07-ef-migration-query.md`); "" for none, or for
    the title of reveal.js's or remark's own template (`reveal.js`)."""
    found = _TITLE.search(html)
    title = " ".join(unescape(found.group(1)).split()) if found else ""
    return "" if _FRAMEWORKS.search(title) else title


_SLIDES_BOX = re.compile(r"""<div\b[^>]*\bclass\s*=\s*["'][^"']*\bslides\b""", re.IGNORECASE)
_REVEAL_BOX = re.compile(r"""<div\b[^>]*\bclass\s*=\s*["'][^"']*\breveal\b""", re.IGNORECASE)


def is_slides_page(html: str) -> bool:
    """Whether `html` is a reveal.js page holding its slides (`<div class="reveal">` over
    `<div class="slides">` and its `<section>`s), none of them in a Markdown file
    (those are `html_decks`')."""
    return _REVEAL_BOX.search(html) is not None and _SLIDES_BOX.search(html) is not None \
        and re.search(r"<section\b", html, re.IGNORECASE) is not None \
        and _LOADS.search(html) is None


def page_deck(html: str) -> Deck | None:
    """A slides page's talk (`is_slides_page`): its sections' text under a front matter
    of its `<title>`."""
    deck = section_slides(page_slides(html))
    if deck is None:
        return None
    title = page_title(html)
    head = "---\ntitle: " + _quoted(title) + "\n---\n\n" if title else ""
    return Deck(head + deck.text, deck.slides, deck.cuts, deck.sections, deck.missing)


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

"""A Deckset deck's slides read as Lanting slides (`content.deckset` says which decks).

Deckset keeps a slide's speaker notes in paragraphs opening with `^` (the paragraph to
its next blank line), its settings in lines `[.key: value]`, its columns after lines
`[.column]`, and reads words in an image's alt text: an image is the slide's background
unless it is `inline`; `left` or `right` puts it on that half of the slide, `fit` shows
it whole, `50%` at half its size. `# [fit] Title` is a heading fitted to the slide's
width. Here the notes leave the slide's text (its lines stay, blank, so messages keep
their lines), the columns become Lanting's (`::: columns` … `+++`), the images Marp's
backgrounds (`site.marp_images`), the head's `footer:` every slide's footer; a command
Lanting cannot draw is a warning once a deck, at its first line.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from lanting.content.deckset import COMMAND, IGNORED, KNOWN, SHOWN, deckset_head
from lanting.markdown.fence_info import FENCE_LINE
from lanting.model.problem import Problem
from lanting.site.marp_images import IMAGE, Images, apply_sizes, background_html, take_images
from lanting.site.slide_code import in_code_span, outside_code
from lanting.site.talk_slides import SlideSource, split_slides

_NOTE = re.compile(r"^\s{0,3}\^(?:\s|$)")
_FIT = re.compile(r"^(\s{0,3}#{1,6})\s*\[fit\]\s*", re.IGNORECASE)
_INLINE_DISPLAY = re.compile(r"(?<![$\\])\$\$([^$\n]+?)(?<!\\)\$\$(?!\$)")
_HIGHLIGHT = re.compile(r"\s*,?\s*\[\.highlight:\s*([^\]]*)\]\s*$")
"""Deckset's lines highlighted in a fence's info (`js, [.highlight: 2]`)."""
_FOOTNOTE = re.compile(r"^\s{0,3}\[\^([^\]\s]+)\]:[ \t]*\S.*$", re.MULTILINE)
_FOOTNOTE_REF = re.compile(r"\[\^([^\]\s]+)\](?!:)")
_INTRAWORD = re.compile(r"(?<=[^\W_])__([^_\s]+)__|(?<![\w_])__([^_\s]+)__(?=[^\W_])")
"""`__x__` (no space in it) right after a letter or right before one, which CommonMark
does not read as bold; a plain `__x__` is CommonMark's bold already."""
_VIDEO = re.compile(r"\.(?:mp4|m4v|mov|webm|ogv)$", re.IGNORECASE)
_SPACER = re.compile(r"^\s{0,3}(?:<br\s*/?>\s*)+$", re.IGNORECASE)
_COLOUR = re.compile(r"^(?:#[0-9a-fA-F]{3,8}|[a-zA-Z]+|rgba?\([\d\s.,%]+\))$")
_PERCENT = re.compile(r"^\d{1,3}(?:\.\d+)?%$")
_IMAGE_WORDS = frozenset({"left", "right", "fit", "fill", "inline", "original", "filtered",
                          "autoplay", "loop", "mute", "hide"})
_CANNOT = {
    "code-highlight": "Lanting shows the code whole, its lines not stepped through: "
                      "mark the lines that matter in the slide's text",
    "background-image": "write the image in the slide as `![](picture.png)`, which "
                        "Deckset and Lanting show as its background",
    "header-image": "write the image in the slide instead",
}


@dataclass(slots=True)
class DeckState:
    """What the deck's head sets for every slide, and the warnings given so far."""

    footer: tuple[str, int] | None = None
    background: str = ""
    color: str = ""
    language: str = ""
    warned: set[str] = field(default_factory=set)


@dataclass(frozen=True, slots=True)
class DecksetSlide:
    text: str
    """The slide's Markdown: notes and commands blanked out line for line, columns as
    Lanting's, backgrounds taken out (`images`)."""
    line: int
    notes: tuple[tuple[str, int], ...]
    images: Images
    classes: str = ""
    style: str = ""
    footer: tuple[str, int] | None = None


def deck_slides(body: str, line: int, path: Path, problems: list[Problem],
                ) -> list[DecksetSlide]:
    """The slides of a Deckset deck's `body` (from file line `line`)."""
    head = deckset_head(body, line)
    lines = body.split("\n")
    body = "\n" * head.lines + "\n".join(lines[head.lines:])  # (its lines kept)
    state = DeckState()
    for name, (value, at) in head.values.items():
        _apply(name, value, at, path, state, problems, None)
    dividers = frozenset(len(level.strip()) for level in head.values.get(
        "slide-dividers", ("", 0))[0].split(",") if re.fullmatch(r"#{1,6}", level.strip()))
    body = _fences(body, state.language)
    notes = _footnote_definitions(body, line)
    referred = frozenset(_FOOTNOTE_REF.findall(body))
    return [read_slide(source, state, path, problems, notes, referred)
            for source in split_slides(body, line, dividers)]


def read_slide(source: SlideSource, state: DeckState, path: Path,
               problems: list[Problem], footnotes: dict[str, str] | None = None,
               referred: frozenset[str] = frozenset()) -> DecksetSlide:
    """One slide of the deck, its notes, commands and images read; the deck's
    `footnotes` it refers to and does not define put at its end, those it defines for
    other slides (`referred` to there) left out."""
    notes: list[tuple[str, int]] = []
    own: dict[str, str] = {}
    columns = [0]
    videos: list[int] = []

    def commands(chunk: str, at: int) -> str:
        out = []
        for i, text in enumerate(chunk.split("\n")):
            match = COMMAND.match(text)
            if match is None:
                out.append(text)
                continue
            name, value = match.group(1), (match.group(2) or "").strip()
            if name == "column":
                out.append("::: columns" if columns[0] == 0 else "+++")
                columns[0] += 1
                continue
            _apply(name, value, at + i, path, state, problems, own)
            out.append("")
        return "\n".join(out)

    def read(chunk: str, at: int) -> str:
        chunk = _take_notes(chunk, at, notes)
        chunk = commands(chunk, at)
        chunk = "\n".join(_FIT.sub(r"\1 ", text) for text in chunk.split("\n"))
        chunk = _inline_formulas(_spacers(_intraword_strong(chunk)))
        return _image_words(chunk, at, videos)

    text = outside_code(source.text, source.line, read)
    if source.notes.strip():  # (a paragraph `Note:` that split_slides took for notes)
        notes.append((source.notes, source.notes_line))
    if videos and "video" not in state.warned:
        state.warned.add("video")
        problems.append(Problem(
            "Deckset's video is a link to it here: Lanting's slides play no video", path,
            videos[0], severity="warning", hint="link the video as it is, or show a still "
            "of it as an image (said once a deck)"))
    images, image_problems = take_images(text, source.line, path)
    problems.extend(image_problems)
    return DecksetSlide(_own_footnotes(images.text, footnotes or {}, referred), source.line,
                        tuple(sorted(notes, key=lambda n: n[1])), images,
                        *_look(own, state, images))


def _look(own: dict[str, str], state: DeckState, images: Images,
          ) -> tuple[str, str, tuple[str, int] | None]:
    """A slide's classes, style and footer: its own commands', else the deck's."""
    classes, style = [], []
    if background := own.get("background-color", state.background):
        style.append(f"background:{background}")
    if color := own.get("text", state.color):
        style.append(f"color:{color}")
    if images.split:
        classes.append(f"slide-split-{images.split}")
        style.append(f"--bg-split:{images.split_size}")
    footer = None if "hide-footer" in own else (
        (own["footer"], int(own["footer-line"])) if "footer" in own else state.footer)
    return " ".join(classes), ";".join(style), footer


def _apply(name: str, value: str, line: int, path: Path, state: DeckState,
           problems: list[Problem], own: dict[str, str] | None) -> None:
    """A command of the head (`own` None) or of a slide (into `own`)."""
    if name in ("background-color", "text"):
        colour = value.split(",")[0].strip()
        if not _COLOUR.match(colour):
            return  # (a font or an alignment alone: the look, Lanting's own)
        if own is None:
            setattr(state, "background" if name == "background-color" else "color",
                    colour)
        else:
            own[name] = colour
    elif name == "footer":
        if own is None:
            state.footer = (value, line) if value else None
        else:
            own["footer"], own["footer-line"] = value, str(line)
    elif name == "hide-footer" and own is not None:
        own[name] = ""
    elif name == "code-language" and own is None:
        state.language = value.split(",")[0].strip().lower()
    elif name in SHOWN or name in IGNORED:
        return
    elif name not in state.warned:
        state.warned.add(name)
        problems.append(Problem(
            f"Deckset's `{name}` is not drawn" if name in KNOWN
            else f"`[.{name}]` is not a Deckset command Lanting knows: left out",
            path, line, severity="warning",
            hint=_CANNOT.get(name, "Lanting's deck has a look of its own; remove the line, "
                                   "or write what it showed in the slide's Markdown")
            + " (said once a deck)"))


def _take_notes(chunk: str, line: int, notes: list[tuple[str, int]]) -> str:
    """`chunk` without its notes, paragraphs opening with `^` (their lines left blank),
    which go into `notes` with their lines."""
    lines = chunk.split("\n")
    i = 0
    while i < len(lines):
        if not _NOTE.match(lines[i]):
            i += 1
            continue
        start = i
        taken = []
        while i < len(lines) and lines[i].strip():
            taken.append(re.sub(r"^\s{0,3}\^\s?", "", lines[i]))
            lines[i] = ""
            i += 1
        notes.append(("\n".join(taken).strip("\n"), line + start))
    return "\n".join(lines)


def _footnote_definitions(body: str, line: int) -> dict[str, str]:
    """The deck's footnotes, `[^name]: text` lines outside code: Deckset shows one on
    any slide that refers to it, wherever it is defined."""
    found: dict[str, str] = {}

    def take(chunk: str, _at: int) -> str:
        for match in _FOOTNOTE.finditer(chunk):
            found.setdefault(match.group(1), match.group(0).strip())
        return chunk

    outside_code(body, line, take)
    return found


def _own_footnotes(text: str, footnotes: dict[str, str], referred: frozenset[str]) -> str:
    """`text` with the definitions of the deck's footnotes it refers to but does not
    define added at its end (each slide's Markdown is rendered on its own), and those it
    defines for other slides only (a last slide of sources, which Deckset shows none
    of) left out. A definition no slide refers to stays: it is reported as such."""
    refers = set(_FOOTNOTE_REF.findall(text))
    defined = {m.group(1) for m in _FOOTNOTE.finditer(text)}
    if elsewhere := {name for name in defined - refers if name in referred}:
        text = _FOOTNOTE.sub(lambda m: "" if m.group(1) in elsewhere else m.group(0), text)
    wanted = [footnotes[name] for name in dict.fromkeys(_FOOTNOTE_REF.findall(text))
              if name in footnotes and name not in defined]
    return text + "".join(f"\n\n{definition}" for definition in wanted)


def _intraword_strong(chunk: str) -> str:
    """`__b__ehaviour`: Deckset shows bold within a word, written with underscores,
    which CommonMark shows as written; as `**b**ehaviour` it is bold."""
    return _INTRAWORD.sub(lambda m: m.group(0) if in_code_span(chunk, m.start())
                          else f"**{m.group(1) or m.group(2)}**", chunk)


def _spacers(chunk: str) -> str:
    """Deckset's spacer, a line of `<br>` right over text (`<br/>` then `> a quote`): in
    CommonMark an HTML block, which would hold the text under it as HTML (the quote's
    `>` shown). The last such line over the text is left blank: the text is Markdown,
    and any lines of `<br>` above that one still make space."""
    lines = chunk.split("\n")
    for i, text in enumerate(lines[:-1]):
        if _SPACER.match(text) and lines[i + 1].strip() and not _SPACER.match(lines[i + 1]):
            lines[i] = ""
    return "\n".join(lines)


def _inline_formulas(chunk: str) -> str:
    """Deckset's `$$x$$` in a line of text is inline math (`$x$`); alone on its line, a
    display."""
    def one(text: str) -> str:
        if "$$" not in text or _INLINE_DISPLAY.fullmatch(text.strip()):
            return text
        return _INLINE_DISPLAY.sub(lambda m: m.group(0) if in_code_span(text, m.start())
                                   else f"${m.group(1).strip()}$", text)

    return "\n".join(one(text) for text in chunk.split("\n"))


def _image_words(chunk: str, line: int, videos: list[int]) -> str:
    """Deckset's words in an image's alt text as Marp's: every image not `inline` is a
    background (`![left fit](x)` -> `![bg left contain](x)`), an inline one's `50%` its
    width. A video (`![autoplay loop](demo.mp4)`, which Deckset plays) is a link to it;
    its line goes into `videos`."""
    def image(match: re.Match[str]) -> str:
        if in_code_span(chunk, match.start()):
            return match.group(0)
        address = match.group(2).strip().split()[0] if match.group(2).strip() else ""
        if _VIDEO.search(address.split("?")[0].split("#")[0]):
            videos.append(line + chunk.count("\n", 0, match.start()))
            return f"[▶ {posixpath.basename(address.split('?')[0])}]({match.group(2)})"
        words = re.split(r"[\s,]+", match.group(1).strip()) if match.group(1).strip() else []
        alt = [w for w in words if w.lower() not in _IMAGE_WORDS and not _PERCENT.match(w)]
        lower = [w.lower() for w in words]
        percent = [w for w in words if _PERCENT.match(w)]
        if "inline" in lower:
            marks = [f"w:{percent[0]}"] if percent else []
        else:
            marks = ["bg", *(w for w in lower if w in ("left", "right"))]
            marks += (["contain"] if "fit" in lower else []) + percent[:1]
        return f"![{' '.join(marks + alt)}]({match.group(2)})"

    return IMAGE.sub(image, chunk)


def _fences(body: str, language: str) -> str:
    """The deck's fences as Lanting reads them: Deckset's highlighted lines,
    ```` ```js, [.highlight: 2, 4-5] ````, as `js {2,4-5}`; the deck's `code-language:`
    given to those that name none."""
    out, fence = [], ""
    for text in body.split("\n"):
        opened = FENCE_LINE.match(text)
        if fence:
            if opened and opened.group(1)[0] == fence[0] and text.strip() == opened.group(1):
                fence = ""
        elif opened:
            fence = opened.group(1)
            start = text.index(fence) + len(fence)
            info = _HIGHLIGHT.sub(lambda m: " {" + ",".join(
                re.findall(r"\d+(?:-\d+)?", m.group(1))) + "}", text[start:])
            text = text[:start] + (info if info.strip() else language)
        out.append(text)
    return "\n".join(out)


def slide_parts(slide: DecksetSlide, render: Callable[[str, int], str],
                body: Callable[[DecksetSlide], tuple[str, str]],
                ) -> tuple[str, str, str, str]:
    """The slide's (HTML, notes, classes, style): `body` renders its text and notes."""
    html, notes = body(slide)
    if slide.footer is not None and slide.footer[0].strip():
        html += f'<div class="slide-footer">\n{render(*slide.footer)}</div>\n'
    return (background_html(slide.images, render) + apply_sizes(html, slide.images.sizes),
            notes, slide.classes, slide.style)

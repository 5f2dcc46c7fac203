"""reveal.js's slide attributes in a talk of Lanting's own form (`site.talk_slides`).

reveal.js's Markdown sets a slide's attributes in a comment anywhere in the slide:

    <!-- .slide: data-background-color="#1e293b" -->
    <!-- .slide: data-background-image="figures/cover.png" data-background-size="contain" -->

A colour or gradient is the slide's background, an image is drawn behind its content as
a Marp deck's `![bg]` is (`site.marp`), faded by `data-background-opacity`; a video or a
web page as background is a warning
(the slide shows without it). A slide's comments add up, as reveal.js applies each
to the slide: `data-background-size="contain"` in one fits the image of another.
`data-visibility="hidden"` leaves the slide out, as reveal.js does. The others
(`data-transition`, `data-auto-animate`, `data-state`, `id`, `class`) change only the
look or the motion, which Lanting's deck has: the comment is left out, as it was a
comment before.

reveal.js's notes in HTML, `<aside class="notes">` … `</aside>` (as reveal.js's own
demo writes them), and Pandoc's notes div, `::: notes` … `:::` (a deck made with
`pandoc -t revealjs`), are the slide's speaker notes, as after `Note:`. Pandoc's divs of
click steps (`::: incremental`, `nonincremental`, `fragment`) keep their content, shown
at once as Lanting's deck shows every step; so are its pauses, a line `. . .` (Pandoc's)
or `\\pause` (beamer's, which Pandoc's HTML leaves out): they were shown as text. A
paragraph of Pandoc's non-breaking space alone, `\\ `, which such decks write to space
a slide, is an empty paragraph, not a backslash. beamer's notes, `\\note{` … `}`, are
the slide's speaker notes (`site.beamer_notes`).

reveal.js's math plugin asks a deck in Markdown to wrap a formula in backticks, so that
Markdown leaves its `_` and `*` alone: `` `$\alpha_1$` ``, `` `$$ … $$` `` over lines. In
a talk written for reveal.js (one with its `.slide:` or `.element:` comments) such a code
span, a formula and nothing else, is the formula; elsewhere a code span stays code.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

from lanting.markdown.fence_info import FENCE_LINE
from lanting.model.problem import Problem
from lanting.site.beamer_notes import take_notes
from lanting.site.marp_images import Background, Images
from lanting.site.slide_code import outside_code

_SLIDE = re.compile(r"<!--\s*\.slide:(.*?)-->", re.DOTALL)
_ATTRIBUTE = re.compile(r"""([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S+))""")
_COLOUR = re.compile(r"^(?:#[0-9a-fA-F]{3,8}|[a-zA-Z]+|(?:rgba?|hsla?)\([\d\s.,%/]+\))$")
_GRADIENT = re.compile(r"^(?:repeating-)?(?:linear|radial|conic)-gradient\([#\w\s(),.%+-]+\)$")
_NOT_SHOWN = ("data-background-video", "data-background-iframe")
_DIV_OPEN = re.compile(r"^[ \t]*:{3,}[ \t]*(?:\{[ \t]*\.([\w-]+)[^{}]*\}|([\w-]+))[ \t]*:*[ \t]*$")
_DIV_CLOSE = re.compile(r"^[ \t]*:{3,}[ \t]*$")
_STEPS = frozenset({"incremental", "nonincremental", "fragment"})
_SIGN = re.compile(r"<!--\s*\.(?:slide|element):")
_CODE_MATH = re.compile(r"(?<![`\\])`(\$\$?)(?=\S)((?:(?!\n[ \t]*\n)[^`])+?)(?<=\S)\1`(?!`)")
"""A code span holding one formula, `$…$` or `$$…$$` (its lines in one paragraph)."""
_DOTS = re.compile(r"^[ \t]{0,3}\.[ \t]\.[ \t]\.[ \t]*$", re.MULTILINE)
"""Pandoc's pause, a paragraph of three dots parted by spaces."""
_PAUSE = re.compile(r"(?<!\\)\\pause(?![A-Za-z])[ \t]*")
"""beamer's pause (a deck Pandoc made for `-t beamer` too), which Pandoc's HTML leaves out."""
_SPACER = re.compile(r"^[ \t]*\\[ \t]*$", re.MULTILINE)
"""A paragraph of a backslash and a space, Pandoc's non-breaking space alone: a deck's
empty paragraph that spaces its slide (Markdown shows the backslash; an editor or an
import that trims the line's end leaves the backslash alone, read so too)."""
_ASIDE = re.compile(r"""<aside\s+class\s*=\s*["']?notes["']?\s*>(.*?)</aside\s*>""",
                    re.DOTALL | re.IGNORECASE)


def _spacer(match: re.Match[str]) -> str:
    """`&nbsp;` for a spacer paragraph (one under a line of text goes on with it)."""
    before = match.string[:match.start()]
    alone = not before.strip() or before.endswith("\n\n") or bool(
        re.search(r"\n[ \t]*\n$", before))
    return "&nbsp;" if alone else match.group()


@dataclass(frozen=True, slots=True)
class RevealSlide:
    text: str
    """The slide's Markdown, its `.slide:` comments and notes left out (their lines
    kept)."""
    style: str
    images: Images
    notes: tuple[tuple[str, int], ...] = ()
    """Its `<aside class="notes">` texts, each with its file line."""
    hidden: bool = False
    """`data-visibility="hidden"`: reveal.js leaves the slide out."""
    ids: tuple[str, ...] = ()
    """Its `id` (`<!-- .slide: id="methods" -->`), which a link `#/methods` names."""
    classes: str = ""
    """The deck's classes for its layout that its heading gives it (`slide_classes`)."""


_HEADING_CLASSES = re.compile(r"^#{1,6}[ \t]+[^\n]*?\{([^{}\n]*)\}[ \t]*$", re.MULTILINE)
_LAYOUTS = {"columns-2": "slide-columns-2", "centered": "slide-centered",
            "smaller": "slide-smaller"}
"""The classes of a slide's heading that lay the slide out, as Pandoc puts them on the
slide: ioslides' `## Title {.columns-2}` (two columns), `{.centered}`, and `{.smaller}`
(ioslides' and Quarto's smaller type); others only style, or are the motion's
(`{.build}`)."""


def slide_classes(text: str) -> str:
    """The deck's classes for the layout that the first heading of a slide's `text` asks
    (`## Two halves {.columns-2 .build}`: "slide-columns-2"); "" for none."""
    found = _HEADING_CLASSES.search(text)
    if found is None:
        return ""
    names = re.findall(r"(?:^|\s)\.([\w-]+)", found.group(1))
    return " ".join(dict.fromkeys(_LAYOUTS[n] for n in names if n in _LAYOUTS))


def written_for_reveal(body: str) -> bool:
    """Whether a talk's `body` is written for reveal.js (has its slide or element
    comments): its code spans of one formula are formulas."""
    return _SIGN.search(body) is not None


def read_slide(text: str, line: int, path: Path, problems: list[Problem],
               code_math: bool = False) -> RevealSlide:
    """The slide `text` (from file line `line`) with its `<!-- .slide: … -->` and
    `<aside class="notes">` read (outside code: in a code block they are code); with
    `code_math`, its code spans of one formula unwrapped."""
    values: dict[str, str] = {}
    lines: dict[str, int] = {}
    notes: list[tuple[str, int]] = []

    def take(chunk: str, at: int) -> str:
        def one(match: re.Match[str]) -> str:
            where = at + chunk.count("\n", 0, match.start())
            for m in _ATTRIBUTE.finditer(match.group(1)):
                name = m.group(1).lower()
                values[name] = next(g for g in m.groups()[1:] if g is not None)
                lines[name] = where
            return "\n" * match.group().count("\n")

        def aside(match: re.Match[str]) -> str:
            body = textwrap.dedent(match.group(1).strip("\n"))
            notes.append((body, at + chunk.count("\n", 0, match.start(1))
                          + len(match.group(1)) - len(match.group(1).lstrip("\n"))))
            return "\n" * match.group().count("\n")

        chunk = _SLIDE.sub(one, chunk) if ".slide:" in chunk else chunk
        chunk = _ASIDE.sub(aside, chunk) if "<aside" in chunk.lower() else chunk
        if ". . ." in chunk or "\\pause" in chunk:
            chunk = _PAUSE.sub("", _DOTS.sub("", chunk))
        if "\\" in chunk:
            chunk = _SPACER.sub(_spacer, chunk)
            chunk = take_notes(chunk, at, notes) if "\\note" in chunk else chunk
        if code_math and "`$" in chunk:
            chunk = _CODE_MATH.sub(lambda m: m.group(1) + m.group(2) + m.group(1), chunk)
        return chunk

    text = outside_code(text, line, take)
    # (over the whole slide, not between its code blocks: a step div holds code)
    text = _pandoc_divs(text, line, notes) if ":::" in text else text
    for name in _NOT_SHOWN:
        if name in values:
            problems.append(Problem(
                f"reveal.js's `{name}` is not shown", path, lines[name], severity="warning",
                hint="Lanting's deck shows no video or web page behind a slide: put "
                     "it in the slide (`{{< video >}}`, or a link)"))
    style, backgrounds = "", []
    colour = values.get("data-background-color") or values.get("data-background-gradient")
    image = values.get("data-background-image")
    plain = values.get("data-background", "")
    if _COLOUR.match(plain) or _GRADIENT.match(plain):
        colour = colour or plain
    elif plain:
        image = image or plain
    if colour and (_COLOUR.match(colour) or _GRADIENT.match(colour)):
        style = f"background:{colour}" + _text_colour(colour)
    if image:
        fit = "contain" if values.get("data-background-size") == "contain" else "cover"
        at = lines.get("data-background-image", lines.get("data-background", line))
        opacity = values.get("data-background-opacity", "")
        backgrounds.append(Background(f"![](<{image}>)", at, fit, opacity=opacity if
                                      re.fullmatch(r"0?\.\d+|[01]", opacity) else ""))
    return RevealSlide(text, style, Images(text, tuple(backgrounds)), tuple(notes),
                       values.get("data-visibility") == "hidden",
                       (values["id"],) if values.get("id") else (), slide_classes(text))


def _pandoc_divs(chunk: str, at: int, notes: list[tuple[str, int]]) -> str:
    """`chunk` (from file line `at`) with Pandoc's `::: notes` divs taken into `notes`
    and its step divs' lines left out, keeping its number of lines; other divs stay,
    and so do the lines of code blocks (a notes div takes them as they are)."""
    lines = chunk.split("\n")
    kinds: list[str] = []  # each open div: "notes", "step", "kept" or "inner" (in notes)
    taken: list[str] = []
    start = 0
    fence = ""
    for i, line in enumerate(lines):
        code = FENCE_LINE.match(line)
        if fence or code:
            if fence and code and code.group(1)[0] == fence[0] \
                    and line.strip() == code.group(1) and len(code.group(1)) >= len(fence):
                fence = ""
            elif not fence and code:
                fence = code.group(1)
            if "notes" in kinds:
                taken.append(line)
                lines[i] = ""
            continue
        opened = _DIV_OPEN.match(line)
        if opened and "notes" not in kinds:
            name = opened.group(1) or opened.group(2)
            kinds.append("notes" if name == "notes" else "step" if name in _STEPS
                         else "kept")
            if kinds[-1] == "notes":
                taken, start = [], at + i + 1
            lines[i] = line if kinds[-1] == "kept" else ""
        elif _DIV_CLOSE.match(line) and kinds and kinds[-1] != "inner":
            kind = kinds.pop()
            if kind == "notes":
                notes.append(("\n".join(taken), start))
            lines[i] = line if kind == "kept" else ""
        elif "notes" in kinds:
            if opened:
                kinds.append("inner")
            elif _DIV_CLOSE.match(line):
                kinds.pop()
            taken.append(line)
            lines[i] = ""
    if "notes" in kinds:  # (open to the end of the slide)
        notes.append(("\n".join(taken), start))
    return "\n".join(lines)


def _text_colour(background: str) -> str:
    """The text's colour on a background of `background`, as reveal.js's themes choose it
    (`has-dark-background`): light on a dark colour, dark on a light one, so that the
    slide reads in the site's light and dark looks alike; "" when the colour is no
    `#hex` or `rgb()` (a name, a gradient)."""
    hexa = re.fullmatch(r"#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})", background)
    if hexa:
        digits = hexa.group(1)
        digits = "".join(c * 2 for c in digits) if len(digits) <= 4 else digits
        rgb = [int(digits[i:i + 2], 16) for i in (0, 2, 4)]
    elif found := re.fullmatch(r"rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+).*\)", background):
        rgb = [int(v) for v in found.groups()]
    else:
        return ""
    luminance = (0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]) / 255
    return ";color:#f8fafc" if luminance < 0.5 else ";color:#0f172a"

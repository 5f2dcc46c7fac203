"""A talk written for remark.js, or for xaringan (remark's R package), read as Lanting
slides.

remark separates slides by `---` and starts the notes with `???`, as Lanting does; it
differs in three things:

    ---
    class: center, middle     ← at a slide's top, its properties: `class`, `name`,
    background-image: url(x)    `background-image`, `layout: true` (the slide is the
                                start of the slides after it), `template`, `exclude`
    # 标题
    --                         ← the slide goes on (shown step by step in remark)
    .pull-left[                ← a block of a class (`.red[text]` inline)
    - 左栏
    ]

A talk is read so when a slide opens with properties, or its front matter names
xaringan (`output: xaringan::moon_reader`). Properties are read as remark reads them
(any `name: value` line at the slide's top, blank lines between; `center`/`middle`
centre the slide, `inverse` inverts it; a slide takes the properties of its layout or
template, their classes added to its own; `{{name}}` in the text is a property's
value, and a template's `{{content}}` line is where a slide's own text goes), a
continuation line is no slide break, a class block is a fenced div of its classes
(`.pull-left[`, `.a.b[`; `pull-left`/`pull-right`, `left-column`/`right-column` lay out
as in xaringan), an inline one a span of them. Every change keeps the slide's lines, so
messages point into the talk file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lanting.markdown.fence_info import FENCE_LINE
from lanting.model.problem import Problem
from lanting.site.marp_images import Background, Images
from lanting.site.remark_classes import class_blocks

_PROPERTY = re.compile(r"^([-\w]+):(?!//)[ \t]*(.*?)[ \t]*$")
"""remark's property line: any name (`title: …` too, which `{{title}}` shows), no space
before the colon; a URL (`https://…`) is text."""
_SIGNS = frozenset({"class", "layout", "background-image", "exclude", "template", "count"})
"""Properties that tell a remark deck (`name:` alone could be a slide's text)."""
_FENCE = FENCE_LINE
_SEPARATOR = re.compile(r"^---\s*$")
_VARIABLE = re.compile(r"(\\)?(\{\{([^}\n]+)\}\})")
_CONTENT = re.compile(r"^[ \t]*\{\{[ \t]*content[ \t]*\}\}[ \t]*$", re.MULTILINE)
_NOT_INHERITED = frozenset({"name", "layout", "count"})
_URL = re.compile(r"^url\(\s*['\"]?([^'\")]+)['\"]?\s*\)$")
_COLOURS = re.compile(r"^[#\w\s(),.%+-]+$")
_CLASSES = {"center": "slide-lead", "middle": "slide-lead", "inverse": "marp-invert"}
"""remark's classes Lanting's deck shows (`slides.css`); the others only style."""


def is_remark(body: str, data: dict[str, Any] | None = None) -> bool:
    """Whether a talk's body (and front matter `data`) is written for remark."""
    output = (data or {}).get("output")
    if "xaringan" in str(output if not isinstance(output, dict) else list(output)):
        return True
    return any(keys & _SIGNS for keys, _line in slide_properties(body.split("\n")))


def slide_properties(lines: list[str]) -> list[tuple[set[str], int]]:
    """The property names at the top of each slide, with the slide's first line index."""
    found = []
    fence = ""
    for i, line in enumerate(lines):
        opened = _FENCE.match(line)
        if fence:
            fence = "" if opened and opened.group(1)[0] == fence[0] \
                and len(opened.group(1)) >= len(fence) and line.strip() == opened.group(1) \
                else fence
        elif opened:
            fence = opened.group(1)
        elif i == 0 or _SEPARATOR.match(lines[i - 1]):
            keys = set()
            for other in lines[i:]:
                match = _PROPERTY.match(other)
                if match:
                    keys.add(match.group(1))
                elif other.strip():  # (blank lines may come before and between them)
                    break
            if keys:
                found.append((keys, i))
    return found


def continuation_lines(body: str) -> str:
    """The body with remark's `--` lines (the slide goes on) left blank: no break."""
    lines = body.split("\n")
    fence = ""
    for i, line in enumerate(lines):
        opened = _FENCE.match(line)
        if fence or opened:
            fence = "" if fence and opened and line.strip() == opened.group(1) else \
                fence or (opened.group(1) if opened else "")
        elif line.strip() == "--":
            lines[i] = ""
    return "\n".join(lines)


Properties = dict[str, tuple[str, int]]
"""A slide's properties: name -> (value, file line)."""


@dataclass(frozen=True, slots=True)
class Base:
    """A slide that others start with, as remark resolves it: the text before the place
    of a later slide's own text (its `{{content}}` line, else its end), the text after
    it, and the properties it passes on."""
    before: tuple[tuple[str, int], ...]
    after: tuple[tuple[str, int], ...]
    properties: Properties


@dataclass(slots=True)
class Templates:
    """The slides that later ones start with: the last `layout: true` slide, and each
    named one (`template: name`)."""
    layout: Base | None = None
    named: dict[str, Base] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class RemarkSlide:
    text: str
    """The slide's Markdown: properties blanked out, class blocks as fenced divs."""
    before: tuple[tuple[str, int], ...]
    """Template text to show before it (`layout: true`, `template: name`)."""
    classes: str
    style: str
    images: Images
    skip: bool
    after: tuple[tuple[str, int], ...] = ()
    """Template text to show after it (what follows the template's `{{content}}`)."""


def title_slide(title: str, header: dict[str, Any]) -> str:
    """The slide xaringan opens a deck with, from its header (`content.xaringan`), in
    remark's Markdown: its headings as xaringan's template writes them (without the
    `.title[` blocks around them, which only its stylesheet styles)."""
    parts = [("#", header.get("title", title)), ("##", header.get("subtitle", "")),
             *(("###", header.get(key, "")) for key in ("author", "institute", "date"))]
    headings = "\n\n".join(f"{level} {text}" for level, text in parts if text)
    return f"class: center, middle, inverse, title-slide\n\n{headings}"


def read_slide(text: str, line: int, templates: Templates, path: Path,
               problems: list[Problem]) -> RemarkSlide:
    """The slide `text` (from file line `line`) with remark's properties and classes
    read; a `layout: true` slide becomes the start of the slides after it."""
    properties, text = _properties(text, line)
    text = class_blocks(text, line, path, problems)
    value = {k: v for k, (v, _n) in properties.items()}
    base = None
    if "template" in value:  # (remark: a template instead of the layout, not both)
        base = templates.named.get(value["template"])
        if base is None:
            problems.append(Problem(f"remark's `template: {value['template']}` names no "
                                    "slide", path, properties["template"][1],
                                    hint="name a slide above with `name: …`"))
    elif value.get("layout") == "false":
        templates.layout = None
    elif value.get("layout") != "true":
        base = templates.layout
    if base is not None:
        properties = _inherit(properties, base.properties)
        value = {k: v for k, (v, _n) in properties.items()}
    resolved = _resolve(text, line, base, properties)
    if "name" in value:
        templates.named[value["name"]] = resolved
    if value.get("layout") == "true":
        templates.layout = resolved
        return RemarkSlide("", (), "", "", Images(""), True)
    before, after = (base.before, base.after) if base is not None else ((), ())
    text = _CONTENT.sub("", expand(text, value))
    classes = ["remark", *dict.fromkeys(
        _CLASSES[c] for c in re.split(r"[\s,]+", value.get("class", "")) if c in _CLASSES)]
    style, images = _background(value, properties, text, path, problems)
    return RemarkSlide(text, _expanded(before, value), " ".join(classes), style, images,
                       value.get("exclude") == "true", _expanded(after, value))


def _properties(text: str, line: int) -> tuple[Properties, str]:
    """The properties at the top of a slide (blank lines before and between them, as
    remark reads them), and its text with their lines left blank."""
    lines = text.split("\n")
    properties: Properties = {}
    for n, raw in enumerate(lines):
        match = _PROPERTY.match(raw)
        if match:
            properties[match.group(1)] = (match.group(2), line + n)
            lines[n] = ""
        elif raw.strip():
            break
    return properties, "\n".join(lines)


def _inherit(own: Properties, base: Properties) -> Properties:
    """A slide's properties with its template's: those it does not set, and the classes
    added before its own (remark's `inheritProperties`)."""
    merged = dict(own)
    for key, (v, n) in base.items():
        if key in _NOT_INHERITED:
            continue
        if key == "class" and key in own:
            merged[key] = (f"{v}, {own[key][0]}", own[key][1])
        elif key not in own:
            merged[key] = (v, n)
    return merged


def _resolve(text: str, line: int, base: Base | None, properties: Properties) -> Base:
    """The slide as a start of others: its own text goes where its template's
    `{{content}}` was (else after the template's text); a later slide's goes at this
    one's `{{content}}` line, else after all of it."""
    before, after = (base.before, base.after) if base is not None else ((), ())
    slot = _CONTENT.search(text)
    if slot is None:
        return Base((*before, (text, line), *after), (), properties)
    end = slot.end() + 1
    return Base((*before, (text[:slot.start()], line)),
                ((text[end:], line + text.count("\n", 0, end)), *after), properties)


def expand(text: str, value: dict[str, str]) -> str:
    """`{{name}}` as the value of the slide's property `name` (one it lacks stays, as
    in remark); `\\{{name}}` as `{{name}}`."""
    def one(match: re.Match[str]) -> str:
        if match.group(1):
            return match.group(2)
        name = match.group(3).strip()
        return value[name] if name in value and name != "content" else match.group(0)

    return _VARIABLE.sub(one, text) if "{{" in text else text


def _expanded(chunks: tuple[tuple[str, int], ...], value: dict[str, str],
              ) -> tuple[tuple[str, int], ...]:
    return tuple((expand(_CONTENT.sub("", t), value), n) for t, n in chunks)


def _background(value: dict[str, str], properties: dict[str, tuple[str, int]], text: str,
                path: Path, problems: list[Problem]) -> tuple[str, Images]:
    image = _URL.match(value.get("background-image", ""))
    colour = value.get("background-color", "")
    style = f"background:{colour}" if colour and _COLOURS.match(colour) else ""
    if "background-image" in value and image is None:
        problems.append(Problem(
            f"remark's `background-image: {value['background-image']}` is not read",
            path, properties["background-image"][1], severity="warning",
            hint="write it as `background-image: url(picture.png)`"))
    if image is None:
        return style, Images(text)
    fit = "contain" if value.get("background-size") == "contain" else "cover"
    bg = Background(f"![](<{image.group(1)}>)", properties["background-image"][1], fit)
    return style, Images(text, (bg,))

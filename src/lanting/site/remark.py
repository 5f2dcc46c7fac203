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
xaringan (`output: xaringan::moon_reader`). Properties are read (`center`/`middle`
centre the slide, `inverse` inverts it), a continuation line is no slide break, a class
block is a fenced div of that class (`pull-left`/`pull-right`, `left-column`/
`right-column` lay out as in xaringan), an inline one a span of it. Every change keeps
the slide's lines, so messages point into the talk file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lanting.markdown.tex_scan import group_end
from lanting.model.problem import Problem
from lanting.site.marp import Background, Images, in_code_span, outside_code

PROPERTIES = frozenset({"name", "class", "background-image", "background-position",
                        "background-size", "background-color", "background-repeat",
                        "count", "template", "layout", "exclude", "seal"})
_PROPERTY = re.compile(r"^([a-z-]+)[ \t]*:[ \t]*(.*?)[ \t]*$")
_SIGNS = frozenset({"class", "layout", "background-image", "exclude", "template", "count"})
"""Properties that tell a remark deck (`name:` alone could be a slide's text)."""
_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
_SEPARATOR = re.compile(r"^---\s*$")
_OPENER = re.compile(r"(?<![\w\\\]])\.([A-Za-z][\w-]*)\[")
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
                if not match or match.group(1) not in PROPERTIES:
                    break
                keys.add(match.group(1))
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


@dataclass(slots=True)
class Templates:
    """The slides that later ones start with: the last `layout: true` slide, and each
    named one (`template: name`)."""
    layout: tuple[str, int] | None = None
    named: dict[str, tuple[str, int]] = field(default_factory=dict)


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


def read_slide(text: str, line: int, templates: Templates, path: Path,
               problems: list[Problem]) -> RemarkSlide:
    """The slide `text` (from file line `line`) with remark's properties and classes
    read; a `layout: true` slide becomes the start of the slides after it."""
    lines = text.split("\n")
    properties: dict[str, tuple[str, int]] = {}
    for n, raw in enumerate(lines):
        match = _PROPERTY.match(raw)
        if not match or match.group(1) not in PROPERTIES:
            break
        properties[match.group(1)] = (match.group(2), line + n)
        lines[n] = ""
    text = class_blocks("\n".join(lines), line, path, problems)
    value = {k: v for k, (v, _n) in properties.items()}
    before: list[tuple[str, int]] = []
    if templates.layout is not None and value.get("layout") != "true":
        before.append(templates.layout)
    if "template" in value:
        named = templates.named.get(value["template"])
        if named is None:
            problems.append(Problem(f"remark's `template: {value['template']}` names no "
                                    "slide", path, properties["template"][1],
                                    hint="name a slide above with `name: …`"))
        else:
            before.append(named)
    if "name" in value:
        templates.named[value["name"]] = (text, line)
    if value.get("layout") == "true":
        templates.layout = (text, line)
        return RemarkSlide("", (), "", "", Images(""), True)
    if value.get("layout") == "false":
        templates.layout = None
    classes = ["remark", *dict.fromkeys(
        _CLASSES[c] for c in re.split(r"[\s,]+", value.get("class", "")) if c in _CLASSES)]
    style, images = _background(value, properties, text, path, problems)
    return RemarkSlide(text, tuple(before), " ".join(classes), style, images,
                       value.get("exclude") == "true")


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


def class_blocks(text: str, line: int, path: Path, problems: list[Problem]) -> str:
    """`.name[text]` as a span of that class, `.name[` … `]` on lines of their own as a
    fenced div of it (outside code; nested ones too)."""
    def change(chunk: str, at: int) -> str:
        return _classes(chunk, at, path, problems)

    return outside_code(text, line, change)


def _classes(text: str, line: int, path: Path, problems: list[Problem]) -> str:
    out: list[str] = []
    done = 0
    while (opener := _OPENER.search(text, done)) is not None:
        start, past = opener.start(), group_end(text, opener.end() - 1, "[", "]")
        if past is None:
            break  # (left as written: no later bracket closes, so that this stays linear)
        end = past - 1
        if in_code_span(text, start):
            out.append(text[done:opener.end()])
            done = opener.end()
            continue
        name, inner = opener.group(1), text[opener.end():end]
        inner = _classes(inner, line + text.count("\n", 0, opener.end()), path, problems)
        alone = (start == 0 or text[start - 1] == "\n") and inner.startswith("\n") \
            and re.search(r"\n[ \t]*$", inner) is not None
        out.append(text[done:start])
        if "\n" not in inner:
            out.append(f"[{inner}]{{.{name}}}")
        elif alone:
            colons = ":" * (max((len(m) for m in re.findall(r"^[ \t]*(:{3,})", inner,
                                                           re.MULTILINE)), default=2) + 1)
            out.append(f"{colons} {{.{name}}}{inner.rstrip(' ' + chr(9))}{colons}")
        else:
            problems.append(Problem(
                f"remark's block `.{name}[` is not read: it shares a line with its text",
                path, line + text.count("\n", 0, start), severity="warning",
                hint=f"write `.{name}[` and its closing `]` on lines of their own"))
            out.append(text[start:end + 1])
        done = end + 1
    out.append(text[done:])
    return "".join(out)

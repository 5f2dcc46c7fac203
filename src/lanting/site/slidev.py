"""A Slidev deck (`content.slidev`) read as Lanting slides.

    ---                       ← a slide's own front matter: a line `---` right above
    layout: two-cols            a line of text opens it, the next `---` closes it
    ---
    # 左栏                      ← `::right::` starts the right column (two-cols)
    ::right::
    # 右栏
    <!-- 讲稿 -->              ← the slide's last comment is its speaker notes

A slide's layout places its parts (`two-cols`: `::right::` starts the right column;
`image-right`: its `image` takes the right half, as a Marp background does); what only
Slidev's Vue runs in a slide (click steps, components) is made static by
`site.slidev_vue`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from lanting.content.slidev import DECK, FENCE, LAYOUTS, SLIDE, closes, separators
from lanting.model.problem import Problem
from lanting.site.marp_images import Background, Images, background_html
from lanting.site.slide_code import in_code_span
from lanting.site.slidev_vue import Warned, static_text

_YAML_BLOCK = re.compile(r"^\s*```ya?ml\s*$")
_KEY = re.compile(r"^([A-Za-z_$][\w$-]*)\s*:")
_SLOT = re.compile(r"^\s*::([\w-]+)::\s*$")
_CLICK_MARKER = re.compile(r"^(\s*(?:[-*+]\s+)?)\[click(?::\d+)?\]\s?", re.MULTILINE)
_IMAGE_URL = re.compile(r"^(?:https?:)?//|^\.{0,2}/|\.(?:png|jpe?g|gif|webp|avif|svg)$",
                        re.IGNORECASE)
_COLOUR = re.compile(r"^[#\w\s(),.%+-]+$")
_LEAD = frozenset({"cover", "center", "intro", "section", "statement", "fact", "quote",
                   "end"})
"""Layouts that centre their content (`slides.css`)."""

_yaml = YAML(typ="safe", pure=True)


@dataclass(frozen=True, slots=True)
class DeckSlide:
    text: str
    line: int
    """File line of the text's first line."""
    notes: str
    notes_line: int
    settings: dict[str, Any]
    """Its front matter over the deck's `defaults` (the headmatter's, for the first)."""
    settings_line: int
    key_lines: dict[str, int]
    """The line of each of its settings."""
    path: Path
    """The file it is written in: the talk's, or one its slides' `src` names."""

    def line_of(self, key: str) -> int:
        return self.key_lines.get(key, self.settings_line)


@dataclass(frozen=True, slots=True)
class _Settings:
    values: dict[str, Any]
    line: int
    """The line of the slide's front matter (its `---`)."""
    key_lines: dict[str, int]


Reader = Callable[[str, Path], "tuple[str, Path] | None"]
"""Reads the file a slide's `src` names, from the file that names it: (its text, its
path), or None when the site has no such file."""

_MAX_DEPTH = 8


def read_deck(body: str, body_line: int, headmatter: dict[str, Any],
              front_lines: dict[str, int], path: Path, read: Reader | None = None,
              ) -> tuple[list[DeckSlide], list[Problem]]:
    """The slides of a Slidev deck's body, hidden ones left out, and the problems.
    `front_lines`: the line of each key of the talk's front matter; `read` reads the
    files of slides that `src` names."""
    problems: list[Problem] = []
    defaults = headmatter.get("defaults")
    defaults = defaults if isinstance(defaults, dict) else {}
    deck = _Deck(defaults, {k: front_lines.get("defaults", 1) for k in defaults}, read,
                 [], problems)
    _read(deck, body, body_line, _Settings(dict(headmatter), 1, front_lines), path, 0, None)
    if deck.theirs:
        (first, line, where), *_ = deck.theirs.values()
        problems.append(Problem(
            f"settings of the deck's theme or layouts, ignored: "
            f"{', '.join(f'`{k}`' for k in deck.theirs)}", where, line, severity="warning",
            hint="Lanting's deck has a look of its own (16:9, the site's theme); remove "
                 "them, or keep them for Slidev"))
    return deck.slides, problems


@dataclass(slots=True)
class _Deck:
    defaults: dict[str, Any]
    default_lines: dict[str, int]
    read: Reader | None
    slides: list[DeckSlide]
    problems: list[Problem]
    theirs: dict[str, tuple[str, int, Path]] = field(default_factory=dict)
    """Settings neither Lanting's nor Slidev's (a theme's, a layout's props), with
    where each was first seen."""


def _read(deck: _Deck, body: str, body_line: int, first: _Settings, path: Path, depth: int,
          over: _Settings | None) -> None:
    """The slides of `body` (of the file `path`) into `deck`; `over`: the settings of
    the slide whose `src` named this file, which win over its first slide's own."""
    for number, (text, line, settings) in enumerate(
            _split(body, body_line, first, path, deck.problems)):
        values, key_lines = settings.values, settings.key_lines
        for key in [k for k in values if k not in DECK and k not in SLIDE]:
            deck.theirs.setdefault(key, (key, key_lines.get(key, settings.line), path))
        if number == 0 and over is not None:
            values = {**values, **{k: v for k, v in over.values.items() if k != "src"}}
        merged = {"layout": "cover" if depth == 0 and number == 0 else "default",
                  **deck.defaults, **values}
        if merged.get("hide") is True or merged.get("disabled") is True:
            continue
        slide = DeckSlide(text, line, "", 0, merged, settings.line,
                          {**deck.default_lines, **key_lines}, path)
        if isinstance(merged.get("src"), str) and merged["src"].strip() \
                and "src" in settings.values:
            _include(deck, merged["src"].strip(), slide, settings, depth)
            continue  # (Slidev shows the file's slides, not the text under `src`)
        text, notes, notes_line = _take_notes(text, line)
        if text.strip() or notes.strip():
            deck.slides.append(replace(slide, text=text, notes=notes, notes_line=notes_line))


def _include(deck: _Deck, src: str, slide: DeckSlide, settings: _Settings,
             depth: int) -> None:
    found = deck.read(src, slide.path) if deck.read is not None else None
    if found is None or depth >= _MAX_DEPTH:
        deck.problems.append(Problem(
            f"cannot read the slides of `src: {src}`: " + (
                "no such file in the site" if found is None else
                f"files include each other more than {_MAX_DEPTH} deep"),
            slide.path, slide.line_of("src"),
            hint="the path is relative to the file that names it, and stays inside the site "
                 "folder (keep a deck's files beside it: content/talks/<slug>/index.md and "
                 "content/talks/<slug>/pages/…)"))
        return
    text, path = found
    lines = text.split("\n")
    first, body_line = _Settings({}, 1, {}), 1
    if lines and lines[0].rstrip() == "---":
        end = next((j for j in range(1, len(lines)) if lines[j].rstrip() == "---"), None)
        if end is not None:
            first = _settings(lines[1:end], 1, path, deck.problems)
            text, body_line = "\n".join(lines[end + 1:]), end + 2
    _read(deck, text, body_line, first, path, depth + 1, settings)


def _split(body: str, body_line: int, first: _Settings, path: Path, problems: list[Problem],
           ) -> Iterator[tuple[str, int, _Settings]]:
    """(text, first line, front matter) of each slide, as Slidev splits them:
    a line `---` ends a slide; right above a line of text it opens the next one's front
    matter, which the next line `---` closes. Lines in fenced code never split."""
    lines = body.split("\n")
    start, settings = 0, first
    for i, end in separators(lines):
        yield from _slide(lines[start:i], body_line + start, settings, path, problems)
        start, settings = i + 1, _Settings({}, body_line + i, {})
        if end == -1:
            problems.append(Problem(
                "a slide's front matter is not closed: no line `---` after it",
                path, body_line + i, hint="add a line `---` after the slide's settings, "
                "or a blank line after this `---` if it only ends a slide"))
        elif end is not None:
            settings = _settings(lines[i + 1:end], body_line + i, path, problems)
            start = end + 1
    yield from _slide(lines[start:], body_line + start, settings, path, problems)


def _slide(lines: list[str], line: int, settings: _Settings, path: Path,
           problems: list[Problem]) -> Iterator[tuple[str, int, _Settings]]:
    """One slide; a ```` ```yaml ```` block opening it is its front matter (Slidev's
    form for formatters that mangle `---` blocks), its lines left blank."""
    first = next((n for n, x in enumerate(lines) if x.strip()), None)
    if first is not None and not settings.values and _YAML_BLOCK.match(lines[first]):
        end = next((n for n in range(first + 1, len(lines))
                    if lines[n].strip() == "```"), None)
        if end is not None:
            settings = _settings(lines[first + 1:end], line + first, path, problems)
            lines = lines[:first] + [""] * (end + 1 - first) + lines[end + 1:]
    yield "\n".join(lines), line, settings


def _settings(lines: list[str], line: int, path: Path, problems: list[Problem]) -> _Settings:
    """The front matter `lines`, which follow the line `line` (its `---`)."""
    empty = _Settings({}, line, {})
    try:
        data = _yaml.load("\n".join(lines))
    except (YAMLError, ValueError) as error:
        mark = getattr(error, "problem_mark", None)
        problems.append(Problem(
            f"invalid YAML in a slide's front matter: {getattr(error, 'problem', error)}",
            path, line + 1 + (mark.line if mark is not None else 0),
            hint="check the indentation and quote values containing `:`"))
        return empty
    if data is None:
        return empty
    if not isinstance(data, dict):
        problems.append(Problem("a slide's front matter must be `key: value` lines", path,
                                line + 1, hint="write settings such as `layout: center`"))
        return empty
    key_lines = {m.group(1): line + 1 + n for n, x in enumerate(lines)
                 if (m := _KEY.match(x))}
    return _Settings({str(k): v for k, v in data.items()}, line, key_lines)


def _take_notes(text: str, line: int) -> tuple[str, str, int]:
    """The slide without its speaker notes (its last comment, when nothing but blank
    space follows it), the notes and their first line. Slidev's `[click]` markers,
    which time the notes to click steps, are dropped."""
    stripped = text.rstrip()
    if not stripped.endswith("-->"):
        return text, "", 0
    start = stripped.rfind("<!--")
    if start < 0 or in_code_span(stripped, start) or _in_fence(stripped[:start]):
        return text, "", 0
    content = stripped[start + 4:-3]
    lead = len(content) - len(content.lstrip())
    notes_line = line + stripped.count("\n", 0, start) + content[:lead].count("\n")
    kept = stripped[:start] + "\n" * stripped.count("\n", start)
    return kept, _CLICK_MARKER.sub(r"\1", _dedent(content)), notes_line


def _in_fence(text: str) -> bool:
    fence = ""
    for raw in text.split("\n"):
        opened = FENCE.match(raw)
        if fence and closes(opened, fence):
            fence = ""
        elif not fence and opened:
            fence = opened.group(1)
    return bool(fence)


def _dedent(content: str) -> str:
    lines = content.strip("\n").split("\n")
    indent = min((len(x) - len(x.lstrip()) for x in lines if x.strip()), default=0)
    return "\n".join(x[indent:] for x in lines).strip()


# Layouts ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Layout:
    parts: list[tuple[str, list[tuple[str, int]]]]
    """("md", [(text, line)]) and ("columns", [(column text, line), …]), in order."""
    images: Images
    classes: str
    style: str


def lay_out(slide: DeckSlide, text: str, path: Path, warned: Warned,
            problems: list[Problem]) -> Layout:
    """The slide's parts, backgrounds, classes and style, as its layout places them."""
    settings = slide.settings
    layout = str(settings.get("layout") or "default")
    if layout not in LAYOUTS and warned.first(f"layout:{layout}"):
        problems.append(Problem(
            f"Slidev's layout `{layout}` is a theme's: the slide is shown as a plain one",
            path, slide.line_of("layout"), severity="warning",
            hint=f"use one of Slidev's own layouts ({', '.join(sorted(LAYOUTS))})"))
    slots = _slots(text, slide.line)
    if layout == "two-cols":
        parts = _columns([], slots.get("default", []), slots.get("left", []),
                         slots.get("right", []))
    elif layout == "two-cols-header":
        parts = _columns(slots.get("default", []), [], slots.get("left", []),
                         slots.get("right", []))
    else:
        parts = [("md", [item]) for key in slots for item in slots[key]]
    classes = ["slidev", *([f"slidev-{layout}"] if layout in LAYOUTS else [])]
    if layout in _LEAD:
        classes.append("slide-lead")
    if "text-center" in str(settings.get("class") or "").split():
        classes.append("text-center")  # (UnoCSS's; the slide's other classes only style)
    style: list[str] = []
    backgrounds: list[Background] = []
    split = ""
    url = str(settings.get("url") or "")
    if layout.startswith("iframe") and url:
        frame = _iframe(url, slide.line_of("url"), path, problems)
        if layout == "iframe":
            parts = [("md", [frame])] + parts
        else:
            content = [(t, n) for _, items in parts for t, n in items]
            merged = ("\n\n".join(t for t, _ in content), content[0][1] if content else 0)
            cells = [frame, merged] if layout == "iframe-left" else [merged, frame]
            parts = [("columns", cells)]
    image = str(settings.get("image") or "")
    fit = "contain" if str(settings.get("backgroundSize", "")) == "contain" else "cover"
    if layout in ("image", "image-left", "image-right") and image:
        backgrounds.append(Background(f"![](<{image}>)", slide.line_of("image"), fit))
        split = layout.removeprefix("image").strip("-")
    background = str(settings.get("background") or "")
    if background and not backgrounds:
        if _IMAGE_URL.search(background.strip()):
            backgrounds.append(Background(f"![](<{background.strip()}>)",
                                          slide.line_of("background")))
        elif _COLOUR.match(background):
            style.append(f"background:{background}")
        else:
            problems.append(Problem(
                f"the slide's `background: {background}` is neither an image nor a colour: "
                "ignored", path, slide.line_of("background"), severity="warning",
                hint="give an image's path or URL, or a CSS colour (`#1e293b`)"))
    if split:
        classes.append(f"slide-split-{split}")
    return Layout([p for p in parts if any(t.strip() for t, _ in p[1])],
                  Images(text, tuple(backgrounds), split), " ".join(classes),
                  ";".join(style))


def _slots(text: str, line: int) -> dict[str, list[tuple[str, int]]]:
    """The slide's text by slot (`::right::` starts the slot `right`), in order."""
    slots: dict[str, list[tuple[str, int]]] = {}
    name, start = "default", line
    current: list[str] = []
    for n, raw in enumerate(text.split("\n")):
        marker = _SLOT.match(raw)
        if marker:
            slots.setdefault(name, []).append(("\n".join(current), start))
            name, current, start = marker.group(1), [], line + n + 1
        else:
            current.append(raw)
    slots.setdefault(name, []).append(("\n".join(current), start))
    return slots


def _columns(header: list[tuple[str, int]], default: list[tuple[str, int]],
             left: list[tuple[str, int]], right: list[tuple[str, int]],
             ) -> list[tuple[str, list[tuple[str, int]]]]:
    def joined(items: list[tuple[str, int]]) -> tuple[str, int]:
        return ("\n\n".join(t for t, _ in items), items[0][1] if items else 0)

    parts: list[tuple[str, list[tuple[str, int]]]] = [("md", [h]) for h in header]
    first = joined(default + left)
    second = joined(right)
    if second[0].strip():
        parts.append(("columns", [first, second]))
    else:
        parts.append(("md", [first]))
    return parts


def _iframe(url: str, line: int, path: Path, problems: list[Problem]) -> tuple[str, int]:
    if not re.match(r"^https?://", url):
        problems.append(Problem(f"the layout's page `{url}` is not an http(s) address",
                                path, line, hint="give `url` as https://…"))
        return ("", line)
    quoted = url.replace("&", "&amp;").replace('"', "&quot;")
    return (f'<iframe src="{quoted}" class="slide-iframe" loading="lazy" title="{quoted}">'
            f"</iframe>", line)


def render_deck_slide(slide: DeckSlide, render: Callable[[str, int, Path], str],
                      warned: Warned, problems: list[Problem],
                      ) -> tuple[str, str, str, str]:
    """A slide of a Slidev deck: its HTML, notes, classes and style. `render` renders
    Markdown from a line of a file."""
    def here(text: str, line: int) -> str:
        return render(text, line, slide.path)

    text = static_text(slide.text, slide.line, slide.path, warned, problems)
    layout = lay_out(slide, text, slide.path, warned, problems)
    html = []
    for kind, items in layout.parts:
        if kind == "md":
            html.append(here(*items[0]))
        else:
            cells = "".join(f'<div class="slide-column">\n{here(t, n)}</div>\n'
                            for t, n in items)
            html.append(f'<div class="slide-columns">\n{cells}</div>\n')
    notes = here(slide.notes, slide.notes_line) if slide.notes.strip() else ""
    return (background_html(layout.images, here) + "".join(html), notes, layout.classes,
            layout.style)

"""A slide of a Marp deck (`marp: true`) read as a Lanting slide.

Marp keeps a slide's speaker notes and its settings in HTML comments: a comment whose
YAML sets a directive (`<!-- _class: lead -->`) is a setting, any other comment is a
presenter note (`<!-- 先自我介绍 -->`), and a formatter's magic comment
(`<!-- prettier-ignore -->`, Marp's `<!-- fit -->`) is neither. Here each comment leaves
the slide's text (its lines stay, blank, so messages keep their lines): notes become the
slide's notes, directives its classes, colours, header and footer (`content.marp` says
which apply), and what a reader would miss is a warning at its line. The words Marp
reads in an image's alt text (`![bg]`, `![w:300]`) are `site.marp_images`'.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from lanting.content.marp import DIRECTIVES, IGNORED, METADATA, NOT_SHOWN, directive_name
from lanting.model.problem import Problem
from lanting.site.marp_images import IMAGE, Images, take_images
from lanting.site.marp_styles import scoped_css, take_styles
from lanting.site.slide_code import in_code_span, outside_code

_COMMENT = re.compile(r"<!--(.*?)-->", re.DOTALL)
_MAGIC = re.compile(r"^(?:fit|prettier-ignore(?:-start|-end)?|@(?:prettier|format)"
                    r"|(?:markdownlint|textlint|eslint|cspell)[-:].*|@formatter:(?:on|off))$")
"""Comments that are neither notes nor directives (Marpit leaves them out of the notes;
`fit` is Marp's fitting heading, `# <!-- fit --> Title`)."""
_CSS_VALUE = re.compile(r"^[#\w\s(),.%+-]+$")
_ATX = re.compile(r"^\s{0,3}(#{1,6})(?:\s|$)")


@dataclass(slots=True)
class Directives:
    """The local directives in force, from the front matter and the slides so far."""

    values: dict[str, tuple[Any, int]] = field(default_factory=dict)
    """Directive -> (value, line where it was set)."""
    styles: list[tuple[str, int]] = field(default_factory=list)
    """The deck's own CSS for every slide (the `style` directive, `<style>`), each with
    its line (`site.marp_styles`)."""
    scoped: int = 0
    """How many slides so far have a `<style scoped>` of their own."""


@dataclass(frozen=True, slots=True)
class MarpSlide:
    text: str
    """The slide's Markdown, its comments blanked out line for line."""
    notes: tuple[tuple[str, int], ...]
    """Its speaker notes, each with its first line in the file."""
    classes: str = ""
    style: str = ""
    header: tuple[str, int] | None = None
    footer: tuple[str, int] | None = None
    images: Images | None = None
    """Its backgrounds and sized images; `text` is `images.text`."""
    css: str = ""
    """Its `<style scoped>`, applied to it only (`site.marp_styles`)."""


_yaml = YAML(typ="safe", pure=True)


_LOOSE = re.compile(r"^\s*([_$]?[A-Za-z]+)\s*:[ \t]*(.*?)\s*$", re.MULTILINE)


def _parse(content: str) -> Any:
    """The comment's YAML, read loosely as Marp Core does for directives: a value YAML
    would refuse or take for a comment (`color: #fff`, `header: **Part 2**`) is its
    text."""
    try:
        parsed = _yaml.load(content)
    except (YAMLError, ValueError):
        parsed = None
    loose = {key: value for key, value in _LOOSE.findall(content)
             if directive_name(key) in DIRECTIVES}
    if not loose or (parsed is not None and not isinstance(parsed, dict)):
        return parsed
    parsed = dict(parsed) if isinstance(parsed, dict) else {}
    for key, value in loose.items():
        if parsed.get(key) is None:
            parsed[key] = value
    return parsed


def front_matter_directives(marp: dict[str, Any], key_lines: dict[str, int], path: Path,
                            ) -> tuple[Directives, list[Problem]]:
    """The directives of a Marp deck's front matter, which apply from its first slide."""
    state = Directives()
    problems: list[Problem] = []
    spot: dict[str, tuple[Any, int]] = {}
    for key, value in marp.items():
        _apply(key, value, key_lines.get(key, 1), path, state, spot, problems)
    # A spot directive in the front matter is the first slide's: kept for it.
    state.values.update({f"_{k}": v for k, v in spot.items()})
    return state, problems


def heading_divider(body: str, marp: dict[str, Any]) -> frozenset[int]:
    """The heading levels before which Marp's `headingDivider` starts a slide."""
    value = marp.get("headingDivider")
    for content, _ in _take_comments(body, 1)[1]:
        parsed = _parse(content)
        if isinstance(parsed, dict) and "headingDivider" in parsed:
            value = parsed["headingDivider"]
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or value is None:
        return frozenset()
    if isinstance(value, int) and 1 <= value <= 6:
        return frozenset(range(1, value + 1))
    if isinstance(value, list):
        return frozenset(v for v in value if isinstance(v, int) and 1 <= v <= 6)
    return frozenset()


def heading_level(line: str) -> int:
    match = _ATX.match(line)
    return len(match.group(1)) if match else 0


def read_slide(text: str, line: int, notes: str, notes_line: int, path: Path,
               state: Directives) -> tuple[MarpSlide, list[Problem]]:
    """The slide `text` (from file line `line`) with its comments read; `state` carries
    the local directives on to the next slide."""
    problems: list[Problem] = []
    spot = {k[1:]: v for k, v in state.values.items() if k.startswith("_")}
    state.values = {k: v for k, v in state.values.items() if not k.startswith("_")}
    text, comments = _take_comments(text, line)
    text, css = _take_styles(text, line, path, state, problems)
    rest, in_notes = _take_comments(notes, notes_line) if notes.strip() else ("", [])
    found: list[tuple[str, int]] = []
    for content, at in comments + in_notes:
        stripped = content.strip()
        if _is_directive(content):
            for key, value in _parse(content).items():
                _apply(str(key), value, at, path, state, spot, problems)
        elif stripped and not _MAGIC.match(stripped):
            found.append((_dedent(content), at))
    if rest.strip():
        found.append((rest, notes_line))
    images, image_problems = take_images(text, line, path)
    problems += image_problems
    values = {**state.values, **spot}
    classes = [f"marp-{c}" for c in str(values.get("class", ("", 0))[0]).split()
               if re.fullmatch(r"[\w-]+", c)]
    if css:
        classes.append(f"marp-style-{state.scoped}")
    style = [f"{css}:{values[key][0]}" for key, css in
             (("backgroundColor", "background"), ("color", "color")) if key in values]
    if images.split:
        classes.append(f"slide-split-{images.split}")
        style.append(f"--bg-split:{images.split_size}")
    header, footer = values.get("header"), values.get("footer")
    return MarpSlide(
        images.text, tuple(sorted(found, key=lambda n: n[1])), " ".join(classes),
        ";".join(style),
        (str(header[0]), header[1]) if header and str(header[0]).strip() else None,
        (str(footer[0]), footer[1]) if footer and str(footer[0]).strip() else None,
        images, css,
    ), problems


def _take_styles(text: str, line: int, path: Path, state: Directives,
                 problems: list[Problem]) -> tuple[str, str]:
    """`text` without its `<style>` elements outside code: the deck's CSS (`state`),
    and the CSS of its `<style scoped>` ones, scoped to the slide ("": none)."""
    found: list[tuple[str, bool, int]] = []

    def take(chunk: str, at: int) -> str:
        chunk, styles = take_styles(chunk, at)
        found.extend(styles)
        return chunk

    text = outside_code(text, line, take)
    state.styles.extend((css, at) for css, scoped, at in found if not scoped)
    own = [(css, at) for css, scoped, at in found if scoped]
    if not own:
        return text, ""
    state.scoped += 1
    scope = f".slide.marp-style-{state.scoped}"
    return text, "\n".join(scoped_css(css, scope, path, at, problems) for css, at in own)


def deck_css(state: Directives, path: Path, problems: list[Problem]) -> str:
    """The deck's own CSS (`style` directives, `<style>` elements), scoped to its
    slides ("": none)."""
    return "\n".join(css for css in (scoped_css(text, ".slide", path, at, problems)
                                      for text, at in state.styles) if css)


def _apply(key: str, value: Any, line: int, path: Path, state: Directives,
           spot: dict[str, tuple[Any, int]], problems: list[Problem]) -> None:
    name = directive_name(key)
    if name in IGNORED or name == "headingDivider" or name not in DIRECTIVES:
        return  # (headingDivider: `heading_divider`, read before the slides are split)
    if name in METADATA:
        problems.append(Problem(
            f"Marp's `{name}` in a comment: ignored", path, line, severity="warning",
            hint=f"set the talk's `{'summary' if name == 'description' else name}` in "
                 "its front matter"))
        return
    if name in NOT_SHOWN:
        problems.append(Problem(f"Marp's `{name}` is not applied", path, line,
                                hint=NOT_SHOWN[name], severity="warning"))
        return
    if name == "style":  # (global: every slide's, wherever it is written)
        state.styles.append((str(value or ""), line))
        return
    if name in ("backgroundColor", "color") and not (
            isinstance(value, str) and _CSS_VALUE.match(value)):
        problems.append(Problem(f"Marp's `{name}`: `{value}` is not a colour Lanting can "
                                "use: ignored", path, line, severity="warning",
                                hint="write a colour name, `#rrggbb` or `rgb(…)`"))
        return
    target = spot if key.startswith("_") else state.values
    target[name] = (value if value is not None else "", line)


def _take_comments(text: str, line: int) -> tuple[str, list[tuple[str, int]]]:
    """`text` with the HTML comments outside code removed (their lines left blank), and
    each comment's content with the line it starts on."""
    found: list[tuple[str, int]] = []

    def take(chunk: str, at: int) -> str:
        chunk, taken = _comments_in(chunk, at)
        found.extend(taken)
        return chunk

    return outside_code(text, line, take), found


def _comments_in(chunk: str, line: int) -> tuple[str, list[tuple[str, int]]]:
    found: list[tuple[str, int]] = []

    def take(match: re.Match[str]) -> str:
        before = chunk[:match.start()]
        if in_code_span(chunk, match.start()):
            return match.group(0)
        content = match.group(1)
        lead = len(content) - len(content.lstrip())
        at = line + before.count("\n") + content[:lead].count("\n")
        found.append((content, at))
        return "\n" * match.group(0).count("\n")

    return _COMMENT.sub(take, chunk), found


def _dedent(content: str) -> str:
    lines = content.strip("\n").split("\n")
    indent = min((len(x) - len(x.lstrip()) for x in lines if x.strip()), default=0)
    return "\n".join(x[indent:] for x in lines).strip()


def marp_line(body: str, line: int) -> int:
    """The first line of a talk without `marp: true` that only Marp reads: a directive
    comment (`<!-- _class: lead -->`) or a background (`![bg](x.png)`); 0 if none."""
    _, comments = _take_comments(body, line)
    # (metadata, `<!-- title: … -->`, is no sign of Marp: an old header commented out)
    lines = [at for content, at in comments if _is_directive(content, METADATA)]
    found: list[int] = []

    def images(chunk: str, at: int) -> str:
        found.extend(at + chunk.count("\n", 0, m.start()) for m in IMAGE.finditer(chunk)
                     if m.group(1).split()[:1] == ["bg"]
                     and not in_code_span(chunk, m.start()))
        return chunk

    outside_code(body, line, images)
    return min(lines + found, default=0)


def _is_directive(content: str, besides: frozenset[str] = frozenset()) -> bool:
    parsed = _parse(content)
    return isinstance(parsed, dict) and any(directive_name(str(k)) in DIRECTIVES - besides
                                            for k in parsed)

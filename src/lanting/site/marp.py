"""A slide of a Marp deck (`marp: true`) read as a Lanting slide.

Marp keeps a slide's speaker notes and its settings in HTML comments: a comment whose
YAML sets a directive (`<!-- _class: lead -->`) is a setting, any other comment is a
presenter note (`<!-- 先自我介绍 -->`), and a formatter's magic comment
(`<!-- prettier-ignore -->`, Marp's `<!-- fit -->`) is neither. Here each comment leaves
the slide's text (its lines stay, blank, so messages keep their lines): notes become the
slide's notes, directives its classes, colours, header and footer (`content.marp` says
which apply), and what a reader would miss is a warning at its line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from lanting.content.marp import DIRECTIVES, IGNORED, METADATA, NOT_SHOWN, directive_name
from lanting.markdown.fence_info import FENCE_LINE
from lanting.model.problem import Problem

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
        images,
    ), problems


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


def outside_code(text: str, line: int, change: Callable[[str, int], str]) -> str:
    """`text` with each run of lines outside fenced code passed through `change` (with
    its first line), which must keep its number of lines."""
    out: list[str] = []
    prose: list[str] = []
    prose_line = line
    fence = ""

    def flush() -> None:
        if prose:
            out.append(change("\n".join(prose), prose_line))
            prose.clear()

    for i, raw in enumerate(text.split("\n")):
        opened = FENCE_LINE.match(raw)
        if fence or opened:
            flush()
            if fence:
                closing = opened.group(1) if opened else ""
                if closing[:1] == fence[0] and len(closing) >= len(fence) \
                        and raw.strip() == closing:
                    fence = ""
            else:
                fence = opened.group(1) if opened else ""
            out.append(raw)
            prose_line = line + i + 1
        else:
            prose.append(raw)
    flush()
    return "\n".join(out)


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


def in_code_span(chunk: str, at: int) -> bool:
    """Whether `at` follows an odd number of backticks on its line (inside `code`)."""
    return chunk[chunk.rfind("\n", 0, at) + 1:at].count("`") % 2 == 1


def _dedent(content: str) -> str:
    lines = content.strip("\n").split("\n")
    indent = min((len(x) - len(x.lstrip()) for x in lines if x.strip()), default=0)
    return "\n".join(x[indent:] for x in lines).strip()


# Images ----------------------------------------------------------------------------------
# Marp reads words of an image's alt text: `![bg right:40% contain](x.png)` is a background
# (the right 40 % of the slide, the image contained), `![w:300](x.png)` an image 300 px
# wide. The words leave the alt text; a background is drawn behind the slide's content.

_IMAGE = re.compile(r"!\[([^\]\n]*)\]\(([^)\n]*)\)")
_FIT = {"cover": "cover", "contain": "contain", "fit": "contain", "auto": "auto"}
_PERCENT = re.compile(r"^\d{1,3}(?:\.\d+)?%$")
_SPLIT = re.compile(r"^(left|right)(?::(\d{1,3}(?:\.\d+)?%))?$")
_DIMENSION = re.compile(r"^(w|width|h|height):(\d+(?:\.\d+)?(?:px|%|em|rem|cm|mm|in|pt)?"
                        r"|auto)$")
_FILTERS = {"blur", "brightness", "contrast", "drop-shadow", "grayscale", "hue-rotate",
            "invert", "opacity", "saturate", "sepia"}
SIZE_MARK = "\ue000{}\ue001"
"""Put before the alt text of an image Marp sizes (`![w:300]`) until its HTML is made
(`apply_sizes`)."""
_SIZED = re.compile('alt="\ue000(\\d+)\ue001')


@dataclass(frozen=True, slots=True)
class Background:
    markdown: str
    """`![alt](x.png "title")`, Marp's words taken out of the alt text."""
    line: int
    fit: str = "cover"
    scale: str = ""
    """`50%`: the image at half the size of its box."""
    opacity: str = ""
    """reveal.js's `data-background-opacity` (`0.15`: faint behind the text)."""


@dataclass(frozen=True, slots=True)
class Images:
    text: str
    """The slide's Markdown, its backgrounds taken out, sized images marked."""
    backgrounds: tuple[Background, ...] = ()
    split: str = ""
    """`left` or `right`: the backgrounds take that side of the slide."""
    split_size: str = "50%"
    vertical: bool = False
    sizes: tuple[str, ...] = ()
    """The style of each marked image (`width:300px`), by its mark's number."""


def take_images(text: str, line: int, path: Path) -> tuple[Images, list[Problem]]:
    """The slide's images with Marp's words in their alt text read."""
    problems: list[Problem] = []
    backgrounds: list[Background] = []
    sizes: list[str] = []
    layout = {"split": "", "split_size": "50%", "vertical": ""}

    def image(match: re.Match[str], at: int) -> str:
        words = match.group(1).split()
        if not any(w == "bg" or _DIMENSION.match(w) or w.split(":")[0] in _FILTERS
                   for w in words):
            return match.group(0)
        bg = "bg" in words
        alt, fit, scale, style = [], "cover", "", []
        for word in words:
            split = _SPLIT.match(word)
            if word == "bg":
                continue
            if bg and word in _FIT:
                fit = _FIT[word]
            elif bg and _PERCENT.match(word):
                scale = word
            elif bg and split:
                layout["split"] = layout["split"] or split.group(1)
                layout["split_size"] = split.group(2) or layout["split_size"]
            elif bg and word in ("vertical", "horizontal"):
                layout["vertical"] = "yes" if word == "vertical" else ""
            elif (dimension := _DIMENSION.match(word)) and not bg:
                prop = "width" if dimension.group(1).startswith("w") else "height"
                value = dimension.group(2)
                style.append(f"{prop}:{value}{'px' if value[-1].isdigit() else ''}")
            elif _DIMENSION.match(word) or word.split(":")[0] in _FILTERS:
                problems.append(Problem(
                    f"Marp's image keyword `{word}` is not applied", path, at,
                    severity="warning",
                    hint="Lanting shows the image without it; edit the image itself, or "
                         "remove the word"))
            else:
                alt.append(word)
        if bg:
            backgrounds.append(Background(f"![{' '.join(alt)}]({match.group(2)})", at, fit,
                                          scale))
            return ""
        if not style:
            return f"![{' '.join(alt)}]({match.group(2)})"
        sizes.append(";".join(style))
        return f"![{SIZE_MARK.format(len(sizes) - 1)}{' '.join(alt)}]({match.group(2)})"

    def change(chunk: str, at: int) -> str:
        return _IMAGE.sub(lambda m: m.group(0) if in_code_span(chunk, m.start())
                          else image(m, at + chunk.count("\n", 0, m.start())), chunk)

    text = outside_code(text, line, change)
    return Images(text, tuple(backgrounds), layout["split"], layout["split_size"],
                  bool(layout["vertical"]), tuple(sizes)), problems


def background_html(images: Images, render: Callable[[str, int], str]) -> str:
    """The slide's backgrounds, drawn behind its content (slides.css)."""
    if not images.backgrounds:
        return ""
    cells = []
    for bg in images.backgrounds:
        style = ";".join(([f"--bg-scale:{bg.scale}"] if bg.scale else [])
                         + ([f"opacity:{bg.opacity}"] if bg.opacity else []))
        fit = "scale" if bg.scale else bg.fit
        style = f' style="{style}"' if style else ""
        cells.append(f'<div class="slide-bg-image marp-bg-{fit}"{style}>\n'
                     f"{render(bg.markdown, bg.line)}</div>\n")
    kind = "slide-bg" + (f" slide-bg-{images.split}" if images.split else "") \
        + (" slide-bg-vertical" if images.vertical else "")
    return f'<div class="{kind}">\n{"".join(cells)}</div>\n'


def apply_sizes(html: str, sizes: tuple[str, ...]) -> str:
    """The marked images of `html` with Marp's size (`![w:300](x.png)`) as their style."""
    if not sizes:
        return html
    return _SIZED.sub(lambda m: f'style="{sizes[int(m.group(1))]}" alt="', html)


def marp_line(body: str, line: int) -> int:
    """The first line of a talk without `marp: true` that only Marp reads: a directive
    comment (`<!-- _class: lead -->`) or a background (`![bg](x.png)`); 0 if none."""
    _, comments = _take_comments(body, line)
    # (metadata, `<!-- title: … -->`, is no sign of Marp: an old header commented out)
    lines = [at for content, at in comments if _is_directive(content, METADATA)]
    found: list[int] = []

    def images(chunk: str, at: int) -> str:
        found.extend(at + chunk.count("\n", 0, m.start()) for m in _IMAGE.finditer(chunk)
                     if m.group(1).split()[:1] == ["bg"]
                     and not in_code_span(chunk, m.start()))
        return chunk

    outside_code(body, line, images)
    return min(lines + found, default=0)


def _is_directive(content: str, besides: frozenset[str] = frozenset()) -> bool:
    parsed = _parse(content)
    return isinstance(parsed, dict) and any(directive_name(str(k)) in DIRECTIVES - besides
                                            for k in parsed)

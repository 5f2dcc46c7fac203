"""A Marp deck's images: the words Marp reads in an image's alt text.

Marp reads words of an image's alt text: `![bg right:40% contain](x.png)` is a background
(the right 40 % of the slide, the image contained), `![w:300](x.png)` an image 300 px
wide. The words leave the alt text; a background is drawn behind the slide's content
(remark's, reveal.js' and Slidev's backgrounds are drawn the same way).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from lanting.model.problem import Problem
from lanting.site.slide_code import in_code_span, outside_code

IMAGE = re.compile(r"!\[([^\]\n]*)\]\(([^)\n]*)\)")
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
    size: tuple[str, str] = ("", "")
    """Marp's `![bg w:400pt h:300pt]`: the image's width and height (`auto` for the one
    not given), as Marp's `background-size`; empty when not sized so."""


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
        lengths: dict[str, str] = {}
        for word in words:
            split = _SPLIT.match(word)
            if word == "bg":
                continue
            if bg and word in _FIT:
                fit = _FIT[word]
                lengths["fit"] = word
            elif bg and _PERCENT.match(word):
                scale = word
            elif bg and split:
                layout["split"] = layout["split"] or split.group(1)
                layout["split_size"] = split.group(2) or layout["split_size"]
            elif bg and word in ("vertical", "horizontal"):
                layout["vertical"] = "yes" if word == "vertical" else ""
            elif dimension := _DIMENSION.match(word):
                prop, value = _length(dimension)
                if bg:
                    lengths[prop] = value
                else:
                    style.append(f"{prop}:{value}")
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
                                          scale, size=_background_size(lengths, scale)))
            return ""
        if not style:
            return f"![{' '.join(alt)}]({match.group(2)})"
        sizes.append(";".join(style))
        return f"![{SIZE_MARK.format(len(sizes) - 1)}{' '.join(alt)}]({match.group(2)})"

    def change(chunk: str, at: int) -> str:
        return IMAGE.sub(lambda m: m.group(0) if in_code_span(chunk, m.start())
                          else image(m, at + chunk.count("\n", 0, m.start())), chunk)

    text = outside_code(text, line, change)
    return Images(text, tuple(backgrounds), layout["split"], layout["split_size"],
                  bool(layout["vertical"]), tuple(sizes)), problems


def _length(dimension: re.Match[str]) -> tuple[str, str]:
    """`w:300` -> (`width`, `300px`): Marp's length keyword as CSS."""
    value = dimension.group(2)
    prop = "width" if dimension.group(1).startswith("w") else "height"
    return prop, f"{value}{'px' if value[-1].isdigit() else ''}"


def _background_size(lengths: dict[str, str], scale: str) -> tuple[str, str]:
    """A background's width and height as Marp sizes it: its length keywords, the
    percentage standing for the one not given (`auto` if none); none when `contain` or
    `cover` is written, which Marp then keeps."""
    if lengths.get("fit") in ("contain", "cover") or not (
            "width" in lengths or "height" in lengths):
        return ("", "")
    return (lengths.get("width", scale or "auto"), lengths.get("height", scale or "auto"))


def background_html(images: Images, render: Callable[[str, int], str]) -> str:
    """The slide's backgrounds, drawn behind its content (slides.css)."""
    if not images.backgrounds:
        return ""
    cells = []
    for bg in images.backgrounds:
        sized = [f"--bg-width:{bg.size[0]}", f"--bg-height:{bg.size[1]}"] \
            if bg.size[0] else [f"--bg-scale:{bg.scale}"] if bg.scale else []
        style = ";".join(sized + ([f"opacity:{bg.opacity}"] if bg.opacity else []))
        fit = "size" if bg.size[0] else "scale" if bg.scale else bg.fit
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

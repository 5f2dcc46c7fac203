"""MyST's images and figures: `{image}`, `{figure}` and `{figure-md}`.

`{figure}` takes its image from the argument, `{figure-md} label` from the body's first
block (`![alt](path)`, or an HTML `<img>` line, as myst-parser reads it); both then
caption with the next paragraph and put the rest of the body in the legend. The image
paragraph carries `myst_figure` in its meta, which `figures.py` makes a numbered
`<figure>` of, and `myst_image` (`:width:`, `:align:` …), which `apply_image_options`
puts on the image once the inline tokens exist.
"""

from __future__ import annotations

import html
import re
from typing import Any

from markdown_it.rules_block import StateBlock
from markdown_it.token import Token

from lanting.markdown.myst_directives import (
    Directive,
    Handler,
    name_target,
    tokenize_body,
    warn,
)

_IMAGE_LENGTH = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$")
_MARKDOWN_IMAGE = re.compile(r"!\[[^\]\n]*\]\([^)\n]*\)(?:\{[^}\n]*\})?")
_HTML_IMAGE = re.compile(r"<img\b([^>]*?)/?>", re.IGNORECASE)
_HTML_ATTRIBUTE = re.compile(r"""([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""")
_STYLE_LENGTH = re.compile(r"(?:^|;)\s*(width|height)\s*:\s*([^;]+)")


def _escaped_alt(alt: str) -> str:
    return alt.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")


def _image_paragraph(state: StateBlock, d: Directive, meta: dict[str, Any]) -> Token:
    alt = _escaped_alt(d.options.get("alt", ""))
    src = d.argument.split()[0] if d.argument else ""
    opening = state.push("paragraph_open", "p", 1)
    opening.map, opening.meta = [d.start, d.start + 1], meta
    inline = state.push("inline", "", 0)
    inline.content, inline.map, inline.children = f"![{alt}](<{src}>)", opening.map, []
    state.push("paragraph_close", "p", -1)
    if not src:
        warn(state, d.start, f"`{{{d.name}}}` needs the image's path",
             f"write ```{{{d.name}}} images/arch.png")
    return opening


def _image(state: StateBlock, d: Directive) -> None:
    name_target(state, d)
    _image_paragraph(state, d, {"myst_image": d.options})


def _new_figure(d: Directive, label: str) -> dict[str, Any]:
    return {"label": label, "caption": "", "legend": False,
            "classes": [f"align-{d.options['align']}"] if d.options.get("align") else []}


def _figure(state: StateBlock, d: Directive) -> None:
    """The image paragraph (made a figure by `figures.py`), then the caption, the body's
    first paragraph, as Markdown (formulas, links, citations), then the legend, the rest
    of the body: the figure renders them inside its `<figcaption>`."""
    figure = _new_figure(d, d.options.get("name", ""))
    image_options = {k: v for k, v in d.options.items() if k != "align"}  # (the figure's)
    _image_paragraph(state, d, {"myst_image": image_options, "myst_figure": figure})
    first, level = len(state.tokens), state.level
    tokenize_body(state, d)
    _caption_and_legend(state, first, level, figure)


def _caption_and_legend(state: StateBlock, first: int, level: int,
                        figure: dict[str, Any]) -> None:
    """The figure's body, parsed at `state.tokens[first:]`: its first paragraph the
    caption, the rest the legend."""
    body = state.tokens[first:]
    if len(body) >= 3 and body[0].type == "paragraph_open":
        caption, rest = body[:3], body[3:]
        caption[0].type, caption[2].type = "myst_caption_open", "myst_caption_close"
        figure["caption"] = caption[1].content
    else:
        caption = [Token("myst_caption_open", "", 1, level=level),
                   Token("myst_caption_close", "", -1, level=level)]
        rest = body
    if rest:
        figure["legend"] = True
        for token in rest:
            token.level += 1
        rest = [Token("figure_legend_open", "div", 1, level=level, block=True), *rest,
                Token("figure_legend_close", "div", -1, level=level, block=True)]
    state.tokens[first:] = caption + rest


def _html_image(tag: str) -> tuple[str, dict[str, str]] | None:
    """`![alt](<src>)` and the `:width:`/`:height:` options of an `<img …>` tag."""
    attributes = {m.group(1).lower(): html.unescape(next(g for g in m.groups()[1:]
                                                         if g is not None))
                  for m in _HTML_ATTRIBUTE.finditer(tag)}
    src = attributes.get("src", "").strip()
    if not src:
        return None
    options = {key: attributes[key] for key in ("width", "height") if attributes.get(key)}
    for match in _STYLE_LENGTH.finditer(attributes.get("style", "")):
        options.setdefault(match.group(1).lower(), match.group(2).strip())
    return f"![{_escaped_alt(attributes.get('alt', ''))}](<{src}>)", options


def _first_block_image(body: list[Token]) -> tuple[str, dict[str, str]] | None:
    """The image the body opens with, as Markdown with its options, or None when its
    first block is no lone image."""
    if len(body) >= 3 and body[0].type == "paragraph_open":
        text = body[1].content.strip()
        if _MARKDOWN_IMAGE.fullmatch(text):
            return text, {}
        html_tag = _HTML_IMAGE.fullmatch(text)
        return _html_image(html_tag.group(1)) if html_tag else None
    if body and body[0].type == "html_block":
        html_tag = _HTML_IMAGE.fullmatch(body[0].content.strip())
        return _html_image(html_tag.group(1)) if html_tag else None
    return None


def _figure_md(state: StateBlock, d: Directive) -> None:
    """myst-parser's `{figure-md} label`: the body's first block is the image (Markdown or
    an HTML `<img>` line), the next paragraph the caption, the rest the legend; the label
    is the argument (or `:name:`), for `{numref}` and `[text](label)`."""
    first, level = len(state.tokens), state.level
    tokenize_body(state, d)
    body = state.tokens[first:]
    image = _first_block_image(body)
    if image is None:
        warn(state, d.start, "`{figure-md}` opens with no image: its content is shown as "
             "written, without a figure", "put the image (`![alt](path)` or an `<img>` "
             "line) first in the block, the caption in the paragraph under it")
        return
    markdown, options = image
    figure = _new_figure(d, d.argument.strip() or d.options.get("name", ""))
    width = {k: v for k, v in d.options.items() if k in ("width", "height")}
    opening = Token("paragraph_open", "p", 1, level=level, block=True)
    opening.map = body[0].map or [d.start, d.start + 1]
    opening.meta = {"myst_image": options | width, "myst_figure": figure}
    inline = Token("inline", "", 0, level=level + 1, block=True, content=markdown,
                   map=opening.map, children=[])
    used = 3 if body[0].type == "paragraph_open" else 1
    state.tokens[first:first + used] = [opening, inline,
                                        Token("paragraph_close", "p", -1, level=level,
                                              block=True)]
    _caption_and_legend(state, first + 3, level, figure)


def apply_image_options(inline: Token, options: dict[str, str]) -> None:
    """An `{image}`'s or `{figure}`'s `:width:`, `:height:` and `:align:` on its image."""
    image = next((c for c in inline.children or [] if c.type == "image"), None)
    if image is None:
        return
    styles = []
    for key in ("width", "height"):
        value = options.get(key, "").strip()
        if not value:
            continue
        if (match := _IMAGE_LENGTH.match(value)) is not None:
            image.attrSet(key, str(round(float(match.group(1)))))
        else:
            styles.append(f"{key}: {value}")
    if styles:
        image.attrSet("style", "; ".join(styles))
    if options.get("align"):
        image.attrSet("class", f"align-{options['align']}")


HANDLERS: dict[str, Handler] = {
    "figure": _figure,
    "figure-md": _figure_md,
    "image": _image,
}

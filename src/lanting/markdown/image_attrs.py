"""Plugin: the sizes and attributes other tools let an image carry, which CommonMark
prints as text after it.

- Pandoc's and Quarto's `![a](x.png){width=50% #fig-x .wide fig-align="center"}`,
  kramdown's `{: width="300"}` and MkDocs' attr_list `{ width="300" align=left }`: an
  attribute block right after the image;
- HackMD's and CodiMD's `![a](x.png =400x)` / `=400x300`: a size after the address.

A width in pixels becomes the image's `width` (its height follows from the file's
aspect ratio, `figures.size_image`); a width in other units (`50%`, `20em`) a style. An
id names the figure (`#fig-x`, as `{#fig:x}` always did), classes and `style` are kept,
`align` floats the image as HTML's attribute did, Quarto's `fig-align` centres or moves
it; an attribute Lanting has no use for is a warning at its line, not text on the page.
"""

from __future__ import annotations

import re
from collections.abc import MutableMapping
from typing import Any, cast

from markdown_it import MarkdownIt
from markdown_it.helpers import parseLinkLabel
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token

from lanting.markdown.shortcodes import report

_BLOCK = re.compile(r"\{:?[ \t]*((?:[^{}\n\"']|\"[^\"\n]*\"|'[^'\n]*')*)\}")
"""An attribute block: Pandoc's `{…}`, kramdown's `{: …}` (quoted values may hold `}`)."""
_ITEM = re.compile(r"""#([^\s#.=}"']+)|\.([^\s#.=}"']+)"""
                   r"""|([\w-]+)=("[^"]*"|'[^']*'|[^\s"'}]+)|(\S+)""")
"""`#id`, `.class`, `key=value` (quoted or not), or anything else (reported)."""
_PIXELS = re.compile(r"(\d+)(?:px)?")
_LENGTH = re.compile(r"\d+(?:\.\d+)?(?:%|em|rem|vw|vh|cm|mm|in|pt|ch|ex)")
_ALIGN = ("left", "right", "center")
_PASSED = frozenset({"loading", "decoding", "referrerpolicy", "crossorigin"})
"""HTML's own attributes of an image, passed on as written."""
_IGNORED = frozenset({"lightbox", "group", "description"})
"""Quarto's lightbox options: every image of a Lanting page opens large when clicked."""
_HINT = ("Lanting reads an image's width and height (pixels or `50%`), `#id`, `.class`, "
         "`style`, `alt`, `title`, `align` and `fig-align`")


def _unquote(value: str) -> str:
    return value[1:-1] if value[:1] in "\"'" and value[-1:] == value[:1] else value


def _size(image: Token, key: str, value: str) -> bool:
    """`width`/`height` as an attribute (pixels) or a style (other units)."""
    if pixels := _PIXELS.fullmatch(value):
        image.attrSet(key, str(int(pixels.group(1))))
        return True
    if _LENGTH.fullmatch(value):
        _add_style(image, f"{key}:{value}")
        return True
    return False


def _add_style(image: Token, style: str) -> None:
    old = str(image.attrGet("style") or "").rstrip("; ")
    image.attrSet("style", f"{old};{style}" if old else style)


def _add_class(image: Token, name: str) -> None:
    old = str(image.attrGet("class") or "")
    image.attrSet("class", f"{old} {name}".strip())


def apply(image: Token, text: str, env: MutableMapping[str, Any], line: int) -> None:
    """Give `image` the attributes written in `text`, the inside of an attribute block;
    what cannot be used is reported at `line`."""
    unused: list[str] = []
    for ident, name, key, raw, other in _ITEM.findall(text):
        value = _unquote(raw)
        if ident:
            if ident.startswith(("fig:", "fig-")):
                image.meta["label"] = ident  # a figure's label: `figures` numbers it
            else:
                image.attrSet("id", ident)
        elif name and name != "lightbox":
            _add_class(image, name)
        elif key in ("width", "height", "w", "h"):  # (`w`, `h`: Chirpy's, in kramdown's IAL)
            if not _size(image, "width" if key[0] == "w" else "height", value):
                unused.append(f"{key}={raw}")
        elif key in ("align", "fig-align") and value in _ALIGN:
            # HTML's `align` floats (MkDocs' attr_list passes it on); Quarto's moves the block.
            _add_class(image, f"{'float' if key == 'align' and value != 'center' else 'align'}"
                              f"-{value}")
        elif key in ("alt", "fig-alt"):
            image.attrSet("alt", value)
            image.children = [_text(value)]
        elif key == "title":
            image.attrSet("title", value)
        elif key == "style":
            _add_style(image, value.rstrip("; "))
        elif key.startswith("data-") or key in _PASSED:
            image.attrSet(key, value)
        elif key in _IGNORED or name == "lightbox":
            continue
        else:
            unused.append(other or f"{key}={raw}")
    if unused:
        report(cast(dict[str, Any], env), line,
               f"image attribute{'s' if len(unused) > 1 else ''} not used: "
               + ", ".join(f"`{u}`" for u in unused), _HINT, severity="warning")


def _text(content: str) -> Token:
    token = Token("text", "", 0)
    token.content = content
    return token


def _line(state: StateCore, block: Token, written: str) -> int:
    """The line of `written`, text of the inline `block`."""
    ctx = state.env.get("lanting")
    return ((ctx.body_line if ctx else 1) + (block.map[0] if block.map else 0)
            + block.content.count("\n", 0, max(0, block.content.find(written))))


def _attribute_blocks(state: StateCore) -> None:
    """An attribute block in the text right after an image is the image's."""
    for block in state.tokens:
        if block.type != "inline" or "){" not in block.content:
            continue
        children = block.children or []
        for i in range(len(children) - 1):
            image, after = children[i], children[i + 1]
            if image.type != "image" or after.type != "text":
                continue
            match = _BLOCK.match(after.content)
            if match is None:
                continue
            apply(image, match.group(1), state.env, _line(state, block, match.group()))
            after.content = after.content[match.end():]


_SIZED = re.compile(r"""[ \t]*(<[^<>\n]*>|[^\s()<>]+)(?:[ \t]+("[^"\n]*"|'[^'\n]*'))?"""
                    r"""[ \t]+=(\d*)x(\d*)[ \t]*\)""")
"""The rest of HackMD's `![alt](x.png "title" =400x300)` after `](`."""


def _sized_image(state: StateInline, silent: bool) -> bool:
    """HackMD's `![alt](x.png =400x)` (CommonMark's image rule has declined it: an address
    holds no space)."""
    if not state.src.startswith("![", state.pos):
        return False
    label_end = parseLinkLabel(state, state.pos + 1, False)
    if label_end < 0 or not state.src.startswith("](", label_end):
        return False
    match = _SIZED.match(state.src, label_end + 2)
    if match is None or not (match.group(3) or match.group(4)):
        return False
    href = state.md.normalizeLink(match.group(1).strip("<>"))
    if not state.md.validateLink(href):
        return False
    if not silent:
        label = state.src[state.pos + 2:label_end]
        token = state.push("image", "img", 0)
        token.attrs = {"src": href, "alt": ""}
        children: list[Token] = []
        state.md.inline.parse(label, state.md, state.env, children)
        token.children, token.content = children, label
        if match.group(2):
            token.attrSet("title", match.group(2)[1:-1])
        for key, value in (("width", match.group(3)), ("height", match.group(4))):
            if value:
                token.attrSet(key, value)
    state.pos = match.end()
    return True


def image_attrs_plugin(md: MarkdownIt) -> None:
    md.inline.ruler.before("image", "sized_image", _sized_image)
    md.core.ruler.push("image_attributes", _attribute_blocks)

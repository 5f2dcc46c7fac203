"""Plugin: the attribute blocks other tools let an image, a link, a code span or a span
of text carry, which CommonMark prints as text after them.

- Pandoc's and Quarto's `![a](x.png){width=50% #fig-x .wide fig-align="center"}`,
  kramdown's `{: width="300"}` and MkDocs' attr_list `{ width="300" align=left }`: an
  attribute block right after the image;
- HackMD's and CodiMD's `![a](x.png =400x)` / `=400x300`: a size after the address;
  Logseq's `{:height 319, :width 689}` after the image; Obsidian's `![alt|250](x.png)` /
  `|250x100` at the end of the alternative text;
- `[text](url){target="_blank"}` (kramdown's `{:target="_blank"}`, in countless Jekyll
  posts) and `` `code`{.python} ``: the link's or the code's attributes;
- `**bold**{.red}`, `*text*{#id}` (markdown-it-attrs, in VitePress and Hexo, and
  kramdown's span IAL): the emphasis' `#id`, classes, `style`, `title`, `lang`; a block
  that does not read as attributes (`**集合**{1,2,3}`) stays text;
- Pandoc's bracketed spans, `[text]{.smallcaps}`, `[文字]{.mark}`: a `<span>`
  (mdit-py-plugins' attrs plugin).

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
from mdit_py_plugins.attrs import attrs_plugin

from lanting.markdown.shortcodes import report

_BLOCK = re.compile(r"\{:?[ \t]*((?:[^{}\n\"']|\"[^\"\n]*\"|'[^'\n]*')*)\}")
"""An attribute block: Pandoc's `{…}`, kramdown's `{: …}` (quoted values may hold `}`)."""
_ITEM = re.compile(r"""#((?:[^\s#.=}"']|\.(?=\d))+)|\.([^\s#.=}"']+)"""
                   r"""|([\w-]+)=("[^"]*"|'[^']*'|[^\s"'}]+)|(\S+)""")
"""`#id`, `.class`, `key=value` (quoted or not), or anything else (reported). An id
holds a `.` before a digit, as Pandoc's do (`#fig-map-3.5`: a class never starts with a
digit; read as `#fig-map-3` and a class, two figures had one label)."""
_PIXELS = re.compile(r"(\d+)(?:px)?")
_LENGTH = re.compile(r"\d+(?:\.\d+)?(?:%|em|rem|vw|vh|cm|mm|in|pt|ch|ex)")
_ALIGN = ("left", "right", "center")
_PASSED = frozenset({"loading", "decoding", "referrerpolicy", "crossorigin"})
"""HTML's own attributes of an image, passed on as written."""
_IGNORED = frozenset({"lightbox", "group", "description"})
"""Quarto's lightbox options: every image of a Lanting page opens large when clicked."""
_HINT = ("Lanting reads an image's width and height (pixels or `50%`), `#id`, `.class`, "
         "`style`, `alt`, `title`, `align` and `fig-align`")
_LINK_KEYS = frozenset({"target", "rel", "title", "download", "hreflang", "type"})
"""A link's own attributes in HTML, passed on as written."""
_HINTS = {"link": "Lanting reads a link's `#id`, `.class`, `target`, `rel`, `title`, "
                  "`download`, `hreflang` and `data-` attributes",
          "code": "Lanting reads a code span's `#id` and `.class`",
          "emphasis": "Lanting reads bold, italic or struck-out text's `#id`, `.class`, "
                      "`style`, `title`, `lang` and `data-` attributes"}
_EMPHASIS_KEYS = frozenset({"style", "title", "lang"})
_EMPHASIS = {"strong_close": "strong_open", "em_close": "em_open", "s_close": "s_open"}


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


_LOGSEQ_SIZE = re.compile(r"(?:^|,?[ \t]*):?(height|width)[ \t]+(\d+(?:\.\d+)?)")
"""Logseq's resized image, `![a](x.png){:height 319, :width 689}` (a map of Clojure's)."""


def _image(image: Token, text: str, env: MutableMapping[str, Any], line: int) -> None:
    """Give `image` the attributes written in `text`, the inside of an attribute block;
    what cannot be used is reported at `line`."""
    unused: list[str] = []
    if "=" not in text and re.fullmatch(f"(?:{_LOGSEQ_SIZE.pattern})+[ \t]*", text):
        text = " ".join(f"{key}={round(float(value))}"
                        for key, value in _LOGSEQ_SIZE.findall(text))
    for ident, name, key, raw, other in _ITEM.findall(text):
        value = _unquote(raw)
        if name == "unnumbered" or other == "-":  # (Pandoc's unnumbered figure: `figures`)
            image.meta["unnumbered"] = True
        elif ident:
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


def _link_or_code(token: Token, kind: str, text: str, env: MutableMapping[str, Any],
                  line: int) -> None:
    """A link's (`token`: its `link_open`), a code span's or an emphasis' (its opening)
    attributes."""
    unused: list[str] = []
    for ident, name, key, raw, other in _ITEM.findall(text):
        value = _unquote(raw)
        if ident:
            token.attrSet("id", ident)
        elif name:
            _add_class(token, name)
        elif kind == "link" and (key in _LINK_KEYS or key.startswith("data-")):
            token.attrSet(key, value)
        elif kind == "emphasis" and (key in _EMPHASIS_KEYS or key.startswith("data-")):
            token.attrSet(key, value)
        else:
            unused.append(other or f"{key}={raw}")
    if kind == "link" and token.attrGet("target") == "_blank" and not token.attrGet("rel"):
        token.attrSet("rel", "noopener")  # the new tab cannot reach back into this one
    if unused:
        report(cast(dict[str, Any], env), line,
               f"{kind} attribute{'s' if len(unused) > 1 else ''} not used: "
               + ", ".join(f"`{u}`" for u in unused), _HINTS[kind], severity="warning")


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
    """An attribute block in the text right after an image, a link or a code span is its."""
    for block in state.tokens:
        if block.type != "inline" or "{" not in block.content:
            continue
        children = block.children or []
        for i in range(len(children) - 1):
            before, after = children[i], children[i + 1]
            if after.type != "text" or before.type not in ("image", "link_close",
                                                           "code_inline", *_EMPHASIS):
                continue
            match = _BLOCK.match(after.content) or _joined_block(children, i + 1)
            if match is None or (before.type in _EMPHASIS and not _attributes_only(
                    match.group(1))):
                continue
            line = _line(state, block, match.group())
            if before.type == "image":
                _image(before, match.group(1), state.env, line)
            elif before.type == "code_inline":
                _link_or_code(before, "code", match.group(1), state.env, line)
            elif before.type in _EMPHASIS:
                _link_or_code(_opening(children, i), "emphasis", match.group(1), state.env,
                              line)
            else:
                opening = next(t for t in reversed(children[:i]) if t.type == "link_open")
                _link_or_code(opening, "link", match.group(1), state.env, line)
            after.content = after.content[match.end():]


def _joined_block(children: list[Token], start: int) -> re.Match[str] | None:
    """An attribute block whose quoted value holds inline HTML (kramdown's `alt="Title.
    <br><br>Subtitle"`, a tweet's text pasted in), which markdown-it cut into text and
    HTML tokens: joined back into the first token when together they make one block (the
    others emptied), else None and nothing changed. Left apart, the block was text."""
    if not children[start].content.startswith("{"):
        return None
    joined = ""
    for end in range(start, len(children)):
        if children[end].type not in ("text", "html_inline"):
            return None
        joined += children[end].content
        if children[end].type == "text" and "}" in children[end].content:
            break
    match = _BLOCK.match(joined)
    if match is None or end == start or match.end() <= len(joined) - len(
            children[end].content):
        return None
    children[start].content = joined
    for token in children[start + 1:end + 1]:
        token.type, token.content = "text", ""
    return match


def _attributes_only(text: str) -> bool:
    """Whether every item of `text` is an `#id`, a `.class` or a `key=value` (after
    emphasis a brace is more often prose's: `**集合**{1,2,3}`)."""
    items = _ITEM.findall(text)
    return bool(items) and not any(other for *_, other in items)


def _opening(children: list[Token], close: int) -> Token:
    """The opening token of the emphasis `children[close]` closes."""
    kind, depth = _EMPHASIS[children[close].type], 0
    for token in reversed(children[:close]):
        if token.type == children[close].type:
            depth += 1
        elif token.type == kind:
            if depth == 0:
                return token
            depth -= 1
    return children[close]


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


_OBSIDIAN_SIZE = re.compile(r"[ \t]*\|[ \t]*(\d+)(?:x(\d+))?[ \t]*$")
"""Obsidian's size at the end of an image's alternative text (`![图|250](x.png)`)."""


def _obsidian_sizes(state: StateCore) -> None:
    """`![alt|250](x.png)`: a width (`|250x100`: and a height) the alt does not show."""
    for block in state.tokens:
        if block.type != "inline" or "|" not in block.content:
            continue
        for image in block.children or []:
            if image.type != "image" or not image.children:
                continue
            last = image.children[-1]
            match = _OBSIDIAN_SIZE.search(last.content) if last.type == "text" else None
            if match is None or image.attrGet("width") or image.attrGet("height"):
                continue
            last.content = last.content[:match.start()]
            image.content = _OBSIDIAN_SIZE.sub("", image.content)
            image.attrSet("width", match.group(1))
            if match.group(2):
                image.attrSet("height", match.group(2))


def attributes_plugin(md: MarkdownIt) -> None:
    md.inline.ruler.before("image", "sized_image", _sized_image)
    # Spans only: the blocks after images, links and code are read above, in the forms
    # of kramdown and MkDocs too (and `50%`, which the plugin's grammar reads as a comment).
    md.use(attrs_plugin, after=(), spans=True)
    md.core.ruler.push("attribute_blocks", _attribute_blocks)
    md.core.ruler.push("obsidian_sizes", _obsidian_sizes)

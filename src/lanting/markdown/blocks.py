"""Plugin: authoring blocks — tabs, collapsible details and image galleries (and
VitePress's `::: code-group`, tabs of code blocks named by their `[title]`).

```
::: tabs
@tab PyTorch
…
@tab JAX
…
:::

::: details 推导过程
…
:::

::: gallery
![](a.png "Caption")
![](b.png)
:::
```

Tabs are radio buttons and labels (one group per block): the CSS shows the panel of the
checked one, so they switch without a script and with the keyboard (arrow keys move
within a radio group); without the CSS every panel shows under its title. Details are
the native `<details>`; `{open}` at the end of the title opens it. A gallery lays its
images out in a grid, each with its title (or alt text) as caption. A block inside
another is written with a longer fence for the outer one (`::::` around `:::`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, cast

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.rules_block import StateBlock
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from lanting.markdown.containers import fenced_container_plugin
from lanting.markdown.fence_info import parse_fence_info
from lanting.markdown.shortcodes import report

_TAB = re.compile(r"@tab(?:[ \t]+(.*))?$")
MYST_TABS, MYST_TAB = "{tab-set}", "{tab-item}"
"""The markup of tabs written as MyST's directives (myst_directives.py)."""
_WORDS = {False: ("`::: tabs`", "`@tab`"), True: ("`{tab-set}`", "`{tab-item}`")}
"""How the messages name a tabs block and a tab, in the form it was written."""
DETAILS_TITLES = {"zh": "详情", "en": "Details"}


def _line(env: dict[str, Any], token: Token) -> int:
    ctx = env.get("lanting")
    return (ctx.body_line if ctx else 1) + (token.map[0] if token.map else 0)


def _env(state: StateCore) -> dict[str, Any]:
    """The render environment (markdown-it types it as a mapping; it is our dict)."""
    return cast(dict[str, Any], state.env)


def _lang(env: Mapping[str, Any]) -> str:
    ctx = env.get("lanting")
    return "zh" if ctx is None or ctx.lang.lower().startswith("zh") else "en"


def _is(name: str, *aliases: str) -> Any:
    def validate(params: str, markup: str) -> bool:
        return params.strip().split(" ", 1)[0].lower() in (name, *aliases)
    return validate


def _tab_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """`@tab Title` on a line of its own (it also ends a paragraph above it)."""
    if state.sCount[start] - state.blkIndent >= 4:
        return False
    begin = state.bMarks[start] + state.tShift[start]
    if not state.src.startswith("@tab", begin):
        return False
    match = _TAB.match(state.src[begin:state.eMarks[start]].rstrip())
    if match is None:
        return False
    if silent:
        return True
    token = state.push("tab_marker", "", 0)
    token.info = (match.group(1) or "").strip()
    token.map = [start, start + 1]
    state.line = start + 1
    return True


def _closing(tokens: list[Token], i: int) -> int:
    """Index of the token closing the container opened at `i`."""
    close = tokens[i].type.replace("_open", "_close")
    level = tokens[i].level
    return next(j for j in range(i + 1, len(tokens))
                if tokens[j].type == close and tokens[j].level == level)


def _panels(state: StateCore, i: int, j: int, group: int) -> list[Token]:
    """The content of the tabs block `tokens[i:j+1]`, its markers made into panels."""
    tokens = state.tokens
    opening = tokens[i]
    inner = tokens[i + 1:j]
    markers = [t for t in inner if t.type == "tab_marker" and t.level == opening.level + 1]
    block, tab = _WORDS[opening.markup == MYST_TABS]
    if not markers:
        report(_env(state), _line(_env(state), opening), f"{block} has no {tab} title",
               f"start each tab with {tab} Title")
        return inner
    first = inner.index(markers[0])
    if any(t.type != "tab_marker" for t in inner[:first]):
        report(_env(state), _line(_env(state), opening),
               f"{block} has content before its first {tab}",
               f"start the block with {tab} Title; what comes before belongs to no tab")
    result = inner[:first]
    number = 0
    is_marker = {id(m) for m in markers}
    for token in inner[first:]:
        if id(token) in is_marker:
            if number:
                result.append(Token("tab_panel_close", "div", -1))
            number += 1
            token.type, token.nesting = "tab_panel_open", 1
            token.meta = {"group": group, "number": number}
            if not token.info:
                report(_env(state), _line(_env(state), token), "`@tab` needs a title",
                       "write `@tab Title`")
            # The title is Markdown, as a callout's: `=== "已知 $z^{(i)}$"` showed its TeX
            result += [token, Token("inline", "", 0, map=token.map, level=token.level + 1,
                                    content=token.info.strip(), children=[], block=True),
                       Token("tab_label_close", "label", -1, level=token.level)]
            continue
        result.append(token)
    result.append(Token("tab_panel_close", "div", -1))
    return result


_FENCE_TITLE = re.compile(r"\s*\[[^\]\n]*\]")


def _code_group_markers(tokens: list[Token], i: int, j: int) -> list[Token]:
    """VitePress's `::: code-group`: each fence of it a tab, named by its `[title]` (or
    its language); the title leaves the fence, the tab shows it."""
    inner: list[Token] = []
    for token in tokens[i + 1:j]:
        if token.type == "fence" and token.level == tokens[i].level + 1:
            info = parse_fence_info(token.info)
            marker = Token("tab_marker", "", 0)
            marker.level, marker.map = token.level, token.map
            marker.info = info.title or info.lang or "code"
            inner.append(marker)
            token.info = _FENCE_TITLE.sub("", token.info, count=1)
        inner.append(token)
    return inner


def _build_tabs(state: StateCore) -> None:
    tokens = state.tokens
    if not any(t.type in ("tab_marker", "container_tabs_open", "container_code-group_open")
               for t in tokens):
        return
    group = 0
    i = 0
    while i < len(tokens):
        if tokens[i].type == "container_code-group_open":
            j = _closing(tokens, i)
            tokens[i + 1:j] = _code_group_markers(tokens, i, j)
            tokens[_closing(tokens, i)].type = "container_tabs_close"
            tokens[i].type = "container_tabs_open"
        if tokens[i].type == "container_tabs_open":
            group += 1
            j = _closing(tokens, i)
            tokens[i + 1:j] = _panels(state, i, j, group)
        i += 1
    for token in tokens:
        if token.type == "tab_marker":
            block, tab = _WORDS[token.markup == MYST_TAB]
            report(_env(state), _line(_env(state), token), f"{tab} outside a {block} block",
                   f"put the tabs inside a {block} block")
            token.type = "tab_stray"


def _gallery_items(state: StateCore, inline: Token) -> None:
    """Each image of a gallery's paragraph in its own `<figure>` with its caption."""
    children: list[Token] = []
    for child in inline.children or []:
        if child.type == "image":
            caption = str(child.attrGet("title") or "") or "".join(
                c.content for c in child.children or [])
            opening = Token("html_inline", "", 0)
            opening.content = '<figure class="gallery-item">'
            closing = Token("html_inline", "", 0)
            closing.content = ((f"<figcaption>{escapeHtml(caption)}</figcaption>"
                                if caption else "") + "</figure>")
            children += [opening, child, closing]
        elif child.type == "softbreak" or (child.type == "text" and not child.content.strip()):
            continue
        else:
            report(_env(state), _line(_env(state), inline),
                   "a `::: gallery` holds only images",
                   "put one image per line: ![alt](photo.jpg \"Caption\")")
            children.append(child)
    inline.children = children


def _build_galleries(state: StateCore) -> None:
    tokens = state.tokens
    for i, opening in enumerate(tokens):
        if opening.type != "container_gallery_open":
            continue
        j = _closing(tokens, i)
        for k in range(i + 1, j):
            token = tokens[k]
            if token.type == "inline" and tokens[k - 1].level == opening.level + 1:
                _gallery_items(state, token)
            if token.level != opening.level + 1:
                continue
            if token.type in ("paragraph_open", "paragraph_close"):
                token.hidden = True
            elif token.nesting >= 0:
                report(_env(state), _line(_env(state), token) if token.map else
                       _line(_env(state), opening), "a `::: gallery` holds only images",
                       "put one image per line: ![alt](photo.jpg \"Caption\")")


def _render_tabs(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    return '<div class="tabs">\n' if tokens[idx].nesting == 1 else "</div>\n"


def _render_panel_open(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                       env: Any) -> str:
    token = tokens[idx]
    group, number = token.meta["group"], token.meta["number"]
    name = f"tabs-{group}"
    ident = f"{name}-{number}"
    checked = " checked" if number == 1 else ""
    return (f'<input class="tab-input" type="radio" name="{name}" id="{ident}"{checked}>'
            f'<label class="tab-label" for="{ident}">')


def _render_label_close(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                        env: Any) -> str:
    return '</label>\n<div class="tab-panel">\n'


def _render_panel_close(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                        env: Any) -> str:
    return "</div>\n"


def _render_stray(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                  env: Any) -> str:
    return f"<p>{escapeHtml(('@tab ' + tokens[idx].info).strip())}</p>\n"


_OPEN = re.compile(r"\s*\{open\}\s*$")
_SPOILER_OPEN = re.compile(r"""^\{\s*state\s*=\s*["']?open["']?\s*\}\s*""")
"""HackMD's `:::spoiler {state="open"} 标题`, open at first."""


def _summaries(state: StateCore) -> None:
    """A `::: details Title` block's title as an inline token of its own (before the
    inline parse): Markdown, formulas and code in it render, and are checked, as in the
    text."""
    tokens = state.tokens
    if not any(t.type == "container_details_open" for t in tokens):
        return
    out: list[Token] = []
    for token in tokens:
        out.append(token)
        if token.type != "container_details_open":
            continue
        name, _, title = token.info.strip().partition(" ")  # `details` or HackMD's `spoiler`
        title = title.strip()
        token.meta = {"open": bool(_OPEN.search(title) or _SPOILER_OPEN.match(title))}
        title = _SPOILER_OPEN.sub("", title)
        title = _OPEN.sub("", title) or DETAILS_TITLES[_lang(state.env)]
        level = token.level + 1
        out += [Token("details_summary_open", "summary", 1, map=token.map, level=level),
                Token("inline", "", 0, map=token.map, level=level + 1, content=title,
                      children=[], block=True),
                Token("details_summary_close", "summary", -1, level=level)]
    state.tokens = out


def _render_details(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                    env: Any) -> str:
    token = tokens[idx]
    if token.nesting != 1:
        return "</details>\n"
    return f'<details class="details"{" open" if token.meta.get("open") else ""}>'


def _render_summary(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                    env: Any) -> str:
    return "<summary>" if tokens[idx].nesting == 1 else "</summary>\n"


def _render_gallery(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                    env: Any) -> str:
    return '<div class="gallery">\n' if tokens[idx].nesting == 1 else "</div>\n"


def blocks_plugin(md: MarkdownIt) -> None:
    fenced_container_plugin(md, "tabs", validate=_is("tabs"), render=_render_tabs)
    fenced_container_plugin(md, "code-group", validate=_is("code-group"), render=_render_tabs)
    fenced_container_plugin(md, "details", validate=_is("details", "spoiler"),
                            render=_render_details)
    fenced_container_plugin(md, "gallery", validate=_is("gallery"), render=_render_gallery)
    md.block.ruler.before("paragraph", "tab_marker", _tab_rule, {"alt": ["paragraph"]})
    md.core.ruler.after("block", "tabs", _build_tabs)
    md.core.ruler.after("block", "details_summaries", _summaries)
    md.add_render_rule("details_summary_open", _render_summary)
    md.add_render_rule("details_summary_close", _render_summary)
    md.core.ruler.push("galleries", _build_galleries)
    md.add_render_rule("tab_panel_open", _render_panel_open)
    md.add_render_rule("tab_label_close", _render_label_close)
    md.add_render_rule("tab_panel_close", _render_panel_close)
    md.add_render_rule("tab_stray", _render_stray)

"""Plugin: callouts, in the forms writers bring from other tools.

- GitHub's and Obsidian's `> [!NOTE] Title` (Obsidian's `> [!TIP]-` folded, `+` open;
  a kind of the writer's own, `> [!theorem]`, a note titled by its name);
- the container `::: note Title`, and Quarto's `::: {.callout-note title="…"}` (or a
  heading as its first line for the title; `collapse="true"` folds it);
- MkDocs Material's `!!! note "Title"` and the foldable `??? note` / `???+ note`
  (mdit-py-plugins' admonition plugin), with their bodies indented;
- Yuque's (语雀) `:::tips`, `:::info`, `:::success`, …, and its coloured boxes
  `:::color1` … `:::color5` (no title).

Each becomes one token shape, `callout_open` · title · body · `callout_close`, whose title
is an inline token: Markdown, formulas and code in a title render (and are checked) as in
the text. Kinds: note, tip, important, warning, caution; the other names of Obsidian and
MkDocs (`info`, `danger`, `question`, …) take the colour of the nearest of these and keep
their own default title. A folded callout is a `<details>`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from mdit_py_plugins.admon import admon_plugin

from lanting.markdown.containers import fenced_container_plugin

KINDS = ("note", "tip", "important", "warning", "caution")
ALIASES = {"info": "note", "todo": "note", "abstract": "note", "summary": "note",
           "tldr": "note", "example": "note", "quote": "note", "cite": "note",
           "seealso": "note", "success": "tip", "check": "tip", "done": "tip", "hint": "tip",
           "question": "tip", "help": "tip", "faq": "tip", "attention": "warning",
           "failure": "caution", "fail": "caution", "missing": "caution",
           "danger": "caution", "error": "caution", "bug": "caution", "tips": "tip",
           **{f"color{n}": "note" for n in range(1, 6)}}
"""Obsidian's, MkDocs' and Yuque's kinds → the colour of one of Lanting's."""
_UNTITLED = re.compile(r"color[1-5]|callout")
"""Yuque's coloured blocks (`:::color1` … `:::color5`) and Quarto's plain `.callout`
(a box of no kind, a note's here): a box without a title unless one is given."""
TITLES = {
    "zh": {"note": "注意", "tip": "提示", "important": "重要", "warning": "警告",
           "caution": "小心", "info": "信息", "todo": "待办", "abstract": "摘要",
           "summary": "摘要", "tldr": "摘要", "example": "示例", "quote": "引用",
           "cite": "引用", "seealso": "另见", "success": "完成", "check": "完成",
           "done": "完成", "hint": "提示", "tips": "提示", "question": "问题", "help": "问题",
           "faq": "问题",
           "attention": "注意", "failure": "失败", "fail": "失败", "missing": "缺失",
           "danger": "危险", "error": "错误", "bug": "缺陷"},
    "en": {"note": "Note", "tip": "Tip", "tips": "Tips", "important": "Important",
           "warning": "Warning", "caution": "Caution", "seealso": "See also", "tldr": "TL;DR",
           "faq": "FAQ"},
}
_MARKER = re.compile(r"^\[!([A-Za-z][^\]\[\n]*)\](?![(\[:])([+-]?)[ \t]*")
"""`[!NOTE]`, `[!theorem]+`, `[!key points]-`, `[!definition 14.1]` (numbered, as course
notes in Obsidian number them), `[!THEOREM (many)]`, `[!DEFINITION ]` (Obsidian reads
any name): not a link's text (`[!x](url)`, `[!x][ref]`, `[!x]: url`)."""
_QUARTO = re.compile(r"^\{(?P<before>[^{}]*?)(?<![^\s{])\.callout(?:-(?P<kind>\w+)\b|"
                     r"(?=[\s}]))(?P<after>.*)\}\s*$")
"""Quarto's `{.callout-note title="…"}`, also after an id (`{#tip-priors .callout-tip}`,
as Pandoc writes attributes: id first), and its plain `{.callout}`."""
_BARE = re.compile(r"^callout(?:-\w+)?$")
"""`::: callout-tip` (or `::: callout`): a div of that one class, as Pandoc reads it."""
_ID = re.compile(r"(?:^|\s)#([^\s#.{}\"'=]+)")
_ATTRIBUTE = re.compile(r"""(\w[\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S+))""")


def callout_kind(name: str) -> str | None:
    name = name.lower()
    return name if name in KINDS else ALIASES.get(name)


def default_title(name: str, env: Any) -> str:
    ctx = env.get("lanting")
    lang = "zh" if ctx is None or ctx.lang.lower().startswith("zh") else "en"
    name = name.lower()
    return TITLES[lang].get(name) or TITLES["en"].get(name) or name.capitalize()


def callout_tokens(kind: str, fold: str, title: str, line_map: list[int] | None,
             level: int) -> list[Token]:
    """`callout_open` and the title's three tokens (the inline one parsed later, with the
    rest of the page)."""
    opening = Token("callout_open", "div", 1, map=line_map, level=level, info=kind,
                    meta={"fold": fold}, block=True)
    title_open = Token("callout_title_open", "p", 1, map=line_map, level=level + 1,
                       meta={"fold": fold}, block=True)
    inline = Token("inline", "", 0, map=line_map, level=level + 2, content=title.strip(),
                   children=[], block=True)
    title_close = Token("callout_title_close", "p", -1, level=level + 1,
                        meta={"fold": fold}, block=True)
    return [opening, title_open, inline, title_close]


def _close(token: Token, fold: str) -> None:
    token.type, token.tag, token.meta = "callout_close", "div", {"fold": fold}


def _matching_close(tokens: list[Token], start: int, opening: str, closing: str) -> int:
    depth = 0
    for index in range(start + 1, len(tokens)):
        if tokens[index].type == opening:
            depth += 1
        elif tokens[index].type == closing:
            if depth == 0:
                return index
            depth -= 1
    return len(tokens) - 1


def _alert(tokens: list[Token], i: int, env: Any, out: list[Token]) -> bool:
    """`> [!KIND]± Title`: the quote becomes a callout (False: not one)."""
    if i + 2 >= len(tokens) or tokens[i + 1].type != "paragraph_open" \
            or tokens[i + 2].type != "inline":
        return False
    inline = tokens[i + 2]
    match = _MARKER.match(inline.content)
    if match is None:
        return False
    # A kind Obsidian does not know (`[!theorem]`, `[!proof]-` in maths notes) is its
    # "note", titled by its name, as Obsidian and MkDocs' callouts plugin show it
    name = match.group(1).strip()
    kind = callout_kind(name) or "note"
    fold = {"-": "closed", "+": "open"}.get(match.group(2), "")
    first_line, _, rest = inline.content.partition("\n")
    title = first_line[match.end():] or default_title(name, env)
    _close(tokens[_matching_close(tokens, i, "blockquote_open", "blockquote_close")], fold)
    out += callout_tokens(kind, fold, title, tokens[i].map, tokens[i].level)
    inline.content = rest  # runs before inline parsing: children do not exist yet
    if not rest.strip():  # the marker stood alone in its paragraph
        tokens[i + 1].hidden = tokens[i + 3].hidden = True
    return True


def _container(tokens: list[Token], i: int, env: Any, out: list[Token]) -> None:
    """`::: note Title`, Quarto's `::: {.callout-note title="…" collapse="true"}` or
    Docusaurus's `:::note[Title]`."""
    token = tokens[i]
    params = token.info.strip()
    quarto = _QUARTO.match("{." + params + "}" if _BARE.match(params) else params)
    fold = ""
    anchor = None
    if quarto:
        name = quarto.group("kind") or "callout"
        attributes = {m.group(1): next(g for g in m.groups()[1:] if g is not None)
                      for m in _ATTRIBUTE.finditer(quarto.group("after"))}
        # (its id is a link's target: `[the note](#emms-x)`, Quarto's `@tip-x`)
        anchor = _ID.search(_ATTRIBUTE.sub("", quarto.group("before") + " "
                                           + quarto.group("after")))
        title = attributes.get("title", "")
        collapse = attributes.get("collapse", "").lower()
        fold = {"true": "closed", "false": "open"}.get(collapse, "")
    elif docusaurus := _DOCUSAURUS.match(params):
        name, title = docusaurus.group(1), docusaurus.group(2).strip()
    else:
        name, _, title = params.partition(" ")
    kind = callout_kind(name) or "note"
    after = i + 1
    if not title and after + 2 < len(tokens) and tokens[after].type == "heading_open":
        title = tokens[after + 1].content  # Quarto: a heading first is the title
        for index in range(after, after + 3):  # (no id, no entry in the contents)
            tokens[index].type = "callout_skip"
    _close(tokens[_matching_close(tokens, i, "container_callout_open",
                                  "container_callout_close")], fold)
    made = callout_tokens(kind, fold, title or default_title(name, env), token.map, token.level)
    if anchor is not None:
        made[0].meta["id"] = anchor.group(1)
    if not title and _UNTITLED.fullmatch(name.lower()):
        out.append(made[0])
        return
    out += made


def _admonition(tokens: list[Token], i: int, env: Any, out: list[Token]) -> int:
    """MkDocs' `!!! kind "Title"` / `??? kind`: the plugin's tokens renamed. Returns the
    index after its title."""
    token = tokens[i]
    name = str(token.meta.get("tag", "note"))
    fold = {"???": "closed", "???+": "open"}.get(token.markup, "")
    written = re.search(r"""["'](.*)["']\s*$""", token.info)
    _close(tokens[_matching_close(tokens, i, "admonition_open", "admonition_close")], fold)
    titled = tokens[i + 1].type == "admonition_title_open"
    if not titled and not fold:  # `!!! note ""`: MkDocs shows no title bar
        out.append(callout_tokens(callout_kind(name) or "note", fold, "", token.map,
                                  token.level)[0])
        return i + 1
    title = tokens[i + 2].content if titled and written is not None \
        else default_title(name, env)  # (else the plugin's default: an English word)
    out += callout_tokens(callout_kind(name) or "note", fold, title, token.map, token.level)
    return i + 4 if titled else i + 1


def _callouts(state: StateCore) -> None:
    tokens = state.tokens
    if not any(t.type in ("blockquote_open", "container_callout_open", "admonition_open")
               for t in tokens):
        return
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.type == "blockquote_open" and _alert(tokens, i, state.env, out):
            i += 1
        elif token.type == "container_callout_open":
            _container(tokens, i, state.env, out)
            i += 1
        elif token.type == "admonition_open":
            i = _admonition(tokens, i, state.env, out)
        elif token.type != "callout_skip":
            out.append(token)
            i += 1
        else:
            i += 1
    state.tokens = out


def _render_open(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    token = tokens[idx]
    fold = token.meta.get("fold")
    anchor = f' id="{escapeHtml(token.meta["id"])}"' if token.meta.get("id") else ""
    if fold:
        return (f'<details{anchor} class="callout callout-{token.info}"'
                f'{" open" if fold == "open" else ""}>')
    return f'<div{anchor} class="callout callout-{token.info}" role="note">'


def _render_title_open(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                       env: Any) -> str:
    return '<summary class="callout-title">' if tokens[idx].meta.get("fold") \
        else '<p class="callout-title">'


def _render_title_close(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                        env: Any) -> str:
    return "</summary>\n" if tokens[idx].meta.get("fold") else "</p>\n"


def _render_close(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    return "</details>\n" if tokens[idx].meta.get("fold") else "</div>\n"


_DOCUSAURUS = re.compile(r"(\w+)\[(.*)\]\s*$")
"""Docusaurus's `:::note[Title]`."""


def _is_callout(params: str, markup: str) -> bool:
    params = params.strip()
    quarto = _QUARTO.match("{." + params + "}" if _BARE.match(params) else params)
    docusaurus = _DOCUSAURUS.match(params)
    name = (quarto.group("kind") or "note") if quarto else docusaurus.group(1) if docusaurus \
        else None
    return (name is not None and callout_kind(name) is not None) or \
        callout_kind(params.split(" ", 1)[0]) is not None


def callouts_plugin(md: MarkdownIt) -> None:
    # One container rule for every kind: each extra block rule is tried on every line.
    fenced_container_plugin(md, "callout", validate=_is_callout)
    md.use(admon_plugin)
    md.core.ruler.after("block", "github_alerts", _callouts)
    md.add_render_rule("callout_open", _render_open)
    md.add_render_rule("callout_title_open", _render_title_open)
    md.add_render_rule("callout_title_close", _render_title_close)
    md.add_render_rule("callout_close", _render_close)

"""Plugin: MyST's targets and references, resolved within a page.

- `(label)=` on the line before a heading is the heading's id (before another block, an
  anchor there); `{ref}`label`` links to it with the heading's text, `{ref}`text
  <label>`` with the text written; `{numref}` to a figure reads "Figure 2", to a theorem
  "Theorem 1"; a label that names nothing on the page is an error at its line (Lanting
  resolves them within a page: another page is linked with `{doc}`);
- `[](#label)`, mystmd's reference, gets the text `{ref}` would show; to an equation's
  label (`:label:`, `(label)`, `\\label`) it and `{ref}` are `{eq}`;
- `+++ {meta}` (MyST-NB's cell break) and `% comment` lines are not shown.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.rules_block import StateBlock
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from lanting.markdown.figures import LABELS, figure_lang
from lanting.markdown.section_numbers import section_label
from lanting.markdown.shortcodes import report

_TARGET = re.compile(r"\(([^()\s][^()\n]*?)\)=[ \t]*$")


def push_target(state: StateBlock, label: str, line: int, text: str = "") -> None:
    """An anchor named `label`; `text` is what a `{ref}` to it reads (else the label)."""
    token = state.push("myst_target", "", 0)
    token.info, token.map, token.meta = label.strip(), [line, line + 1], {"text": text}


def _target_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """`(label)=` on a line of its own."""
    if state.sCount[start] - state.blkIndent >= 4:
        return False
    begin = state.bMarks[start] + state.tShift[start]
    if state.src[begin:begin + 1] != "(":
        return False
    match = _TARGET.match(state.src, begin, state.eMarks[start])
    if match is None:
        return False
    if not silent:
        push_target(state, match.group(1), start)
    state.line = start + 1
    return True


_HIDDEN_LINE = re.compile(r"\+\+\+[ \t]*\{.*\}[ \t]*$|%(?:[ \t].*)?$")
"""MyST-NB's cell break with its metadata, `+++ {"tags": …}`, and MyST's comment `% …`:
lines a reader never sees. (A bare `+++` is a paragraph in CommonMark: it stays one, with
a warning.)"""


def _hidden_above(state: StateBlock, line: int) -> bool:
    """Whether the line above `line` is itself a hidden one: a comment's second line
    (`% one` / `% two`) is asked about by the setext-heading rule looking past the
    first, and was warned of as if it broke a line of text."""
    if line == 0:
        return False
    begin = state.bMarks[line - 1] + state.tShift[line - 1]
    return _HIDDEN_LINE.match(state.src, begin, state.eMarks[line - 1]) is not None


def _hidden_line_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    if state.sCount[start] - state.blkIndent >= 4:
        return False
    begin = state.bMarks[start] + state.tShift[start]
    if state.src[begin:begin + 1] not in ("+", "%"):
        return False
    if _HIDDEN_LINE.match(state.src, begin, state.eMarks[start]) is None:
        return False
    if silent:  # asked whether it ends the paragraph (or list, quote) above: it does
        if state.src[begin] == "%" and not _hidden_above(state, start):
            state.env.setdefault("myst_comment_breaks", set()).add(start)
        return True
    state.push("myst_hidden", "", 0).map = [start, start + 1]
    if start in state.env.get("myst_comment_breaks", ()):
        # Hard-wrapped prose ("by 30\n% after the change") loses a line: say so.
        warn_at(state.env, start, "a line starting with `%` right under text is hidden "
                "(MyST's comment) and ends the paragraph",
                "to show it, write `\\%` at its start; a comment is clearer after a "
                "blank line")
    state.line = start + 1
    return True


def _attach_targets(state: StateCore) -> None:
    """A target before a heading is the heading's id (before its id is made)."""
    tokens = state.tokens
    for i, token in enumerate(tokens[:-1]):
        # (a paragraph of its own: a table cell holding `+++`, a rating, is no cell break)
        if token.type == "inline" and token.content == "+++" and token.map and i \
                and tokens[i - 1].type == "paragraph_open":
            warn_at(state.env, token.map[0], "`+++` is MyST-NB's cell break: Lanting shows "
                    "it as text", "remove the `+++` lines (a blank line separates blocks)")
        if token.type == "myst_target" and tokens[i + 1].type == "heading_open" \
                and not tokens[i + 1].attrGet("id"):
            tokens[i + 1].attrSet("id", token.info)
            token.hidden = True


def _resolve_refs(state: StateCore) -> None:
    """Each `{ref}` and `{numref}` gets its text, once the headings have their ids and
    the figures their numbers (a reference may come before what it names)."""
    refs = [child for block in state.tokens if block.type == "inline" and "ref}" in
            block.content for child in block.children or [] if child.type == "myst_ref"
            ] if state.env.get("myst_refs") else []
    empty = _empty_links(state)
    if not refs and not empty:
        return
    headings = {anchor: text for _, anchor, text, _ in state.env.get("headings", [])}
    targets = {t.info: t.meta.get("text") or t.info for t in state.tokens
               if t.type == "myst_target" and not t.hidden}
    figures = {t.meta["label"]: t.meta for t in state.tokens
               if t.type == "figure_open" and t.meta.get("label")}
    label_format = LABELS[figure_lang(state.env)]
    for ref in refs:
        text, label, kind = ref.meta["text"], ref.info, ref.meta["kind"]
        if label in figures and figures[label]["number"] == "":
            # (a figure Sphinx numbered not, without a caption: the text written, or the
            # label, as Sphinx's failed reference showed it)
            ref.content = text.replace("%s", "").strip() or label
            ref.meta["class"] = "figref"
        elif label in figures:
            number = label_format.format(n=figures[label]["number"])
            written = text.replace("%s", "{number}").replace("{number}", str(
                figures[label]["number"])) if text else ""
            caption = figures[label]["caption"]
            plain = caption and not _MARKUP.search(caption)  # (else "Figure 2")
            ref.content = written or (caption if kind == "ref" and plain else number)
            ref.meta["class"] = "figref"
        elif label in headings:
            ref.content = _section_text(state.env, ref, headings[label])
        elif label in targets:
            ref.content = text or targets[label]
        else:
            ref.meta["missing"] = True
    for opening, text in empty:  # `[](#label)`: the text `{ref}` would show
        label = str(opening.attrGet("href"))[1:]
        text.content = headings.get(label) or (label_format.format(
            n=figures[label]["number"]) if figures.get(label, {}).get("number")
            else targets.get(label, label))


def _section_text(env: Any, ref: Token, title: str) -> str:
    """A reference's text for a heading: `{numref}` to a numbered one reads "Section 2.1"
    (its written form with `%s` or `{number}` the number, `{name}` the title), as Sphinx's
    does under a `:numbered:` toctree; otherwise the text written or the title."""
    text, anchor = ref.meta["text"], ref.info
    label = section_label(env, anchor) if ref.meta["kind"] == "numref" else None
    if label is None:
        if ref.meta["kind"] == "numref" and re.search(r"%s|\{number\}", text):
            report(env, role_line(env, ref), f"`{{numref}}` to `{anchor}`, a section with no "
                   "number: its title is shown", "number the page's sections "
                   "(`number_sections: true` in its front matter), or use `{ref}`",
                   severity="warning")
            return title
        return text or title
    number = env["heading_numbers"][anchor]
    return text.replace("%s", number).replace("{number}", number).replace(
        "{name}", title) if text else label


def _empty_links(state: StateCore) -> list[tuple[Token, Token]]:
    """(link_open, its new text token) of each `[](#label)`, MyST's reference."""
    found = []
    for block in state.tokens:
        if block.type != "inline" or "](#" not in block.content:
            continue
        children = block.children or []
        empty = [i for i, child in enumerate(children[:-1]) if child.type == "link_open"
                 and children[i + 1].type == "link_close"
                 and str(child.attrGet("href") or "").startswith("#")]
        for i in reversed(empty):
            text = Token("text", "", 0)
            children.insert(i + 1, text)
            found.append((children[i], text))
    return found


def equation_label(label: str) -> str:
    """A MyST equation label as math-core takes it: `my_label` → `my-label` (it refuses
    `_` and spaces in a `\\label`), the same for the formula and its references."""
    return re.sub(r"[^\w:.\-]|_", "-", label.strip())


_TEX_LABEL = re.compile(r"\\label\s*\{([^{}]*)\}")


def _equation_references(state: StateCore) -> None:
    """`[](#x)` and `{ref}`x`` to an equation's label are `{eq}`x``: "(1)", the number
    math-core gives it (read before the formulas are converted, which number only the
    labels referred to)."""
    if not state.env.get("has_math"):
        return
    labels = {t.info for t in state.tokens if t.type == "math_block" and t.info} | {
        m.group(1).strip() for t in state.tokens if t.type == "math_block"
        and "\\label" in t.content for m in _TEX_LABEL.finditer(t.content)}
    if not labels:
        return
    for block in state.tokens:
        if block.type != "inline" or ("](#" not in block.content and "ref}" not in
                                      block.content):
            continue
        children, out, i = block.children or [], [], 0
        while i < len(children):
            child = children[i]
            href = str(child.attrGet("href") or "") if child.type == "link_open" else ""
            if href and (label := _known(href[1:], labels)) and i + 1 < len(children) \
                    and children[i + 1].type == "link_close":
                out.append(_eqref(label, f"[]({href})", child))
                i += 2
                continue
            if child.type == "myst_ref" and (label := _known(child.info, labels)):
                template = child.meta["text"]  # (`{numref}`Eq. %s <x>``)
                child = _eqref(label, f"{{{child.meta['kind']}}}`{child.info}`", child)
                child.meta = {"template": template}
            out.append(child)
            i += 1
        block.children = out
        state.env["has_eqref"] = True


def _known(label: str, labels: set[str]) -> str:
    """The equation label `label` names, as written or as `{math}` keeps it ("": none)."""
    return label if label in labels else (
        equation_label(label) if equation_label(label) in labels else "")


def _eqref(label: str, written: str, where: Token) -> Token:
    token = Token("eqref", "a", 0, info=label, markup=written, map=where.map)
    return token


def warn_at(env: Any, line: int, message: str, hint: str) -> None:
    """A warning at the 0-based body line `line`."""
    ctx = env.get("lanting")
    report(env, (ctx.body_line if ctx else 1) + line, message, hint, severity="warning")


_MARKUP = re.compile(r"[$*_`{\[<\\]")
"""Markdown in a caption, which a link's plain text would show as written."""


def role_line(env: Any, token: Token) -> int:
    ctx = env.get("lanting")
    return ((ctx.body_line if ctx else 1) + (token.map[0] if token.map else 0)
            + int(token.meta.get("offset", 0)))


def _render_ref(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    token = tokens[idx]
    written = f"{{{token.meta['kind']}}}`{token.info}`"
    if token.meta.get("missing"):
        report(env, role_line(env, token), f"{written} refers to no label on this page",
               f"put `({token.info})=` on the line before the heading it names; {{ref}} "
               "links within a page (link another page with {doc}`path`)")
        return f"<code>{escapeHtml(written)}</code>"
    css = token.meta.get("class", "secref")
    return (f'<a class="{css}" href="#{escapeHtml(token.info)}">'
            f"{escapeHtml(token.content)}</a>")


def _render_target(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                   env: Any) -> str:
    token = tokens[idx]
    return "" if token.hidden else f'<span id="{escapeHtml(token.info)}"></span>\n'


def _render_hidden(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                   env: Any) -> str:
    return ""


def myst_refs_plugin(md: MarkdownIt) -> None:
    md.block.ruler.before("heading", "myst_target", _target_rule,
                          {"alt": ["paragraph", "reference", "blockquote", "list"]})
    md.block.ruler.before("paragraph", "myst_hidden", _hidden_line_rule,
                          {"alt": ["paragraph", "reference", "blockquote", "list"]})
    md.core.ruler.after("block", "myst_targets", _attach_targets)
    md.core.ruler.before("math_convert", "myst_equation_references", _equation_references)
    md.core.ruler.push("myst_refs", _resolve_refs)
    md.add_render_rule("myst_ref", _render_ref)
    md.add_render_rule("myst_target", _render_target)
    md.add_render_rule("myst_hidden", _render_hidden)

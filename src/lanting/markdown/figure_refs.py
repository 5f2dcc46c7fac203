"""Plugin: references to a page's labelled figures (`figures.py` numbers them).

`@fig:arch` (or Quarto's `@fig-arch`) reads "图 2" / "Figure 2", linking to the figure;
Pandoc's bracketed forms too: `[@fig-arch]` as `@fig-arch`, and `[-@fig-arch]` the
number alone, "2" (a book's `Figure [-@fig-arch]`, bookdown's `Figure \\@ref(fig:arch)`),
which showed their brackets and minus around the reference ("[-Figure 2]"). An unknown
label is reported with its line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token

from lanting.markdown.figures import LABELS, figure_lang, source_line
from lanting.markdown.shortcodes import report

_FIGREF = re.compile(r"@(fig[:-][\w\-.:]+)")
_BRACKETED = re.compile(r"\[([^\[\]@\n]*?)(-?)@(fig[:-][\w\-.:]*\w)\](?![(\[])")


def _figref_rule(state: StateInline, silent: bool) -> bool:
    if state.src[state.pos] == "[" and state.linkLevel == 0:
        return _bracketed(state, silent)
    if state.src[state.pos] != "@":
        return False
    if state.pos > 0 and (state.src[state.pos - 1].isalnum() or state.src[state.pos - 1] == "."):
        return False  # e.g. an e-mail address
    match = _FIGREF.match(state.src, state.pos)
    if not match:
        return False
    label = match.group(1).rstrip(".:")
    if not silent:
        token = state.push("figref", "a", 0)
        token.info = label
    state.pos += 1 + len(label)
    return True


def _bracketed(state: StateInline, silent: bool) -> bool:
    """`[@fig-x]` (a reference), `[-@fig-x]` (its number alone), `[Figure -@fig-x]`
    (words before it: the brackets are not shown)."""
    match = _BRACKETED.match(state.src, state.pos)
    if not match:
        return False
    if not silent:
        if match.group(1):
            state.push("text", "", 0).content = match.group(1)
        token = state.push("figref", "a", 0)
        token.info = match.group(3)
        token.markup = "[" + match.group()[1 + len(match.group(1)):]  # (shown if unknown)
        token.meta = {"plain": bool(match.group(2))}
    state.pos = match.end()
    return True


def _number_figrefs(state: StateCore) -> None:
    """Each reference gets its text, "图 1", once the page's figures are numbered: the
    summary reads it too ("如图 1 所示", not "如图 所示")."""
    numbers = state.env.get("figures", {})
    lang = figure_lang(state.env)
    for block in state.tokens:
        if block.type == "inline" and "@fig" in block.content:
            for child in block.children or []:
                if child.type == "figref" and (number := numbers.get(child.info)) is not None:
                    child.content = str(number) if (child.meta or {}).get("plain") \
                        else LABELS[lang].format(n=number)


def _render_figref(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                   env: Any) -> str:
    token = tokens[idx]
    if not token.content:
        report(env, source_line(env, token),
               f"`@{token.info}` refers to no labelled figure on this page",
               f'label a figure as ![alt](image.png "Caption"){{#{token.info}}}')
        return escapeHtml(token.markup or "@" + token.info)
    return f'<a class="figref" href="#{escapeHtml(token.info)}">{token.content}</a>'


def figure_refs_plugin(md: MarkdownIt) -> None:
    """After `figures_plugin`: its numbers are read once its core rules have run."""
    md.core.ruler.after("image_sizes", "number_figrefs", _number_figrefs)
    md.inline.ruler.push("figref", _figref_rule)
    md.add_render_rule("figref", _render_figref)

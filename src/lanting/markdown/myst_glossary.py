"""Sphinx's glossary in MyST: the `{glossary}` directive and the `{term}` role.

A glossary's body is terms and their definitions, as Sphinx reads it: one or more term
lines (synonyms) at the body's own indentation, then the definition indented under them
(Markdown, over several paragraphs). It is a definition list, `<dl class="glossary">`,
each term a `<dt id="term-…">`. `{term}`Sphinx`` (or `{term}`text <Sphinx>``) links
to the page's term of that name, matched without regard to case as Sphinx matches it;
a term of no glossary on the page is shown as a term (emphasised), not linked.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from markdown_it.common.utils import escapeHtml
from markdown_it.rules_block import StateBlock
from markdown_it.token import Token

from lanting.markdown.anchors import github_slug

GLOSSARY = "myst_glossary"
"""`env` key: each term's name in lower case → its id, for `{term}`."""
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_MARKS = re.compile(r"[*_`]+")


def term_name(line: str) -> str:
    """A term line's text as `{term}` names it: its links' text, no emphasis marks."""
    return " ".join(_MARKS.sub("", _LINK.sub(r"\1", line)).split())


def term_id(name: str) -> str:
    return "term-" + github_slug(name)


def glossary_tokens(state: StateBlock, begin: int, end: int, line: int,
                    tokenize: Callable[[StateBlock, int, int], None]) -> list[int]:
    """The glossary of body lines [begin, end) as tokens, in place; returns the lines
    (0-based) of definitions with no term above them, for a warning."""
    terms = state.env.setdefault(GLOSSARY, {})
    entries: list[tuple[list[int], int, int]] = []  # (term lines, definition's lines)
    base = min((state.sCount[i] for i in range(begin, end) if not state.isEmpty(i)),
               default=0)
    orphans: list[int] = []
    i = begin
    while i < end:
        if state.isEmpty(i):
            i += 1
            continue
        if state.sCount[i] > base:  # a definition with no term over it
            orphans.append(i)
            i += 1
            continue
        names = []
        while i < end and not state.isEmpty(i) and state.sCount[i] <= base:
            names.append(i)
            i += 1
        start = i
        while i < end and (state.isEmpty(i) or state.sCount[i] > base):
            i += 1
        entries.append((names, start, i))
    opening = state.push("glossary_open", "dl", 1)
    opening.attrSet("class", "glossary")
    opening.map = [line, end + 1]
    for names, start, stop in entries:
        for n in names:
            text = state.getLines(n, n + 1, state.sCount[n], False).strip()
            name = term_name(text)
            terms.setdefault(name.lower(), term_id(name))
            dt = state.push("glossary_term_open", "dt", 1)
            dt.attrSet("id", term_id(name))
            dt.map = [n, n + 1]
            inline = state.push("inline", "", 0)
            inline.content, inline.map, inline.children = text, [n, n + 1], []
            state.push("glossary_term_close", "dt", -1)
        state.push("glossary_definition_open", "dd", 1).map = [start, stop]
        indent = next((state.sCount[k] for k in range(start, stop) if not state.isEmpty(k)),
                      base)
        kept = state.blkIndent
        state.blkIndent = indent  # (the definition's own indentation is no code block)
        tokenize(state, start, stop)
        state.blkIndent = kept
        state.push("glossary_definition_close", "dd", -1)
    state.push("glossary_close", "dl", -1)
    return orphans


def render_term(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    """`{term}`: a link to the page's glossary entry, else the term emphasised."""
    token = tokens[idx]
    text = escapeHtml(token.content)
    found = (env or {}).get(GLOSSARY, {}).get(token.info.lower())
    if found:
        return f'<a class="term" href="#{escapeHtml(found)}">{text}</a>'
    return f'<em class="term">{text}</em>'

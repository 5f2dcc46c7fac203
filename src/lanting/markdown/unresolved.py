"""Plugin: warn where Markdown drops text, or shows it as written, because what it names
is missing — as pandoc warns, and every other generator our users leave is silent:

- a code fence never closed: everything after it, to the end of the page (or of the list
  item or quote holding it), is shown as code;
- a footnote defined but never referenced: its text is not shown;
- a footnote defined twice: the last definition is shown, the first is lost;
- a link label defined twice with different addresses: the first is used, the other
  silently ignored (CommonMark);
- a footnote reference `[^x]` with no definition: shown as written;
- a reference link `[text][label]` (or `[text][]`) whose label no `[label]: url` line
  defines: shown as written, brackets and all. (A lone `[text]` is not reported: prose
  has many brackets that mean no link.)

Each is a warning at its line. Code, math and escaped brackets are left alone. (A
table row with more cells than its header: `scrollers`.)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.common.utils import normalizeReference
from markdown_it.rules_block import StateBlock, fence
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from lanting.model.problem import Problem

_FOOTNOTE_REF = re.compile(r"\[\^([^\]\s]+)\]")
_REFERENCE_LINK = re.compile(r"(?<![\w\])])\[([^\[\]\n\x00]+)\]\[([^\[\]\n\x00]*)\]")
"""`[text][label]` or `[text][]`, not glued to a word before it (`x[i][j]` is indexing)."""
_NUMBERS = re.compile(r"^[\d\s,，、\-–]+$")
"""`[3][14]`: citation numbers in prose, as Chinese papers' notes write them."""
_LABEL = re.compile(r"^[ \t>]*\[([^\]]+)\]:")
"""The label of a link reference definition, as written."""
_CUT = "\x00"
"""Stands for what is not plain text (code, math, a link, an escaped bracket) when an
inline's text is joined, so that no match runs across it."""


def _warn(state: StateCore | StateBlock, line: int, message: str, hint: str) -> None:
    """A warning at the body's 0-based line `line`."""
    ctx = state.env["lanting"]
    state.env.setdefault("problems", []).append(Problem(
        message, ctx.path, ctx.body_line + line, hint=hint, severity="warning"))


def _footnotes(state: StateCore) -> dict[str, int]:
    refs = state.env.get("footnotes", {}).get("refs", {})
    return refs if isinstance(refs, dict) else {}


def _unreferenced_footnotes(state: StateCore) -> None:
    for key, number in _footnotes(state).items():
        if number >= 0:
            continue
        label = key[1:]
        found = re.search(rf"^[ \t>]*\[\^{re.escape(label)}\]:", state.src, re.MULTILINE)
        line = state.src.count("\n", 0, found.start()) if found else 0
        _warn(state, line, f"footnote `[^{label}]` is never referenced, so its text is "
              "not shown", f"refer to it in the text, `…[^{label}]`, or remove it")


def _texts(state: StateCore) -> Iterator[tuple[Token, str]]:
    """Each inline token with a line, and its plain text: a line break is `\\n`, anything
    else that is no text `_CUT`."""
    for token in state.tokens:
        if token.type != "inline" or token.map is None or not token.children \
                or "[" not in token.content:
            continue
        parts = []
        for child in token.children:
            if child.type == "text":
                parts.append(child.content)
            elif child.type in ("softbreak", "hardbreak"):
                parts.append("\n")
            else:
                parts.append(_CUT)
        yield token, "".join(parts)


def _unresolved_inline(state: StateCore) -> None:
    footnotes = _footnotes(state)
    references: dict[str, Any] = state.env.get("references", {})
    for token, text in _texts(state):
        assert token.map is not None
        for match in _FOOTNOTE_REF.finditer(text):
            label = match.group(1)
            if ":" + label not in footnotes:
                _warn(state, token.map[0] + text.count("\n", 0, match.start()),
                      f"footnote `[^{label}]` is not defined, so it is shown as written",
                      f"write its text on a line of its own, `[^{label}]: …`, or write "
                      f"`\\[^{label}]` to show the brackets")
        for match in _REFERENCE_LINK.finditer(text):
            label = match.group(2) or match.group(1)
            if label.startswith("^") or normalizeReference(label) in references \
                    or _NUMBERS.match(match.group(1)) and _NUMBERS.match(label):
                continue
            _warn(state, token.map[0] + text.count("\n", 0, match.start()),
                  f"link `{match.group()}`: no `[{label}]: …` line defines its address, "
                  "so it is shown as written",
                  f"add a line `[{label}]: https://…` to the page, or write `\\[` to "
                  "show the brackets")


def _line(state: StateBlock, line: int) -> str:
    """A source line without what its containers put before it (`> `, a list's indent)."""
    return state.src[state.bMarks[line] + state.tShift[line]:state.eMarks[line]]


def _checked_fence(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """markdown-it's fence rule, and a warning when the fence it read is never closed (the
    rule takes the rest of the page, or of the container, as the code)."""
    if not fence(state, start, end, silent):
        return False
    if silent or state.env.get("lanting") is None:
        return True  # (silent: asked whether a fence starts here, nothing pushed)
    token = state.tokens[-1]
    last = state.line - 1
    closing = _line(state, last).rstrip() if last > start else ""
    if len(closing) >= len(token.markup) and closing == token.markup[0] * len(closing):
        return True
    shown = state.line - start - 1
    what = (f"the {shown} lines after it are shown as code" if shown > 1 else
            "the line after it is shown as code" if shown else "an empty one is shown")
    _warn(state, start, f"a code block opened with {token.markup} is never closed: {what}",
          f"close it with a line {token.markup} where the code ends")
    return True


def _twice_defined_footnotes(state: StateCore) -> None:
    """Runs before `footnote_tail`, which keeps only the last definition of a label."""
    if state.env.get("lanting") is None or "[^" not in state.src:
        return
    seen: dict[str, int] = {}
    tokens = state.tokens
    for i, token in enumerate(tokens):
        if token.type != "footnote_reference_open":
            continue
        label = token.meta["label"]
        inner = tokens[i + 1].map if i + 1 < len(tokens) else None
        line = inner[0] if inner else 0
        if label in seen:
            _warn(state, line, f"footnote `[^{label}]` is defined again (first on line "
                  f"{state.env['lanting'].body_line + seen[label]}): the text defined "
                  "last is shown, the other is lost",
                  "give each footnote its own label, or remove one of the definitions")
        else:
            seen[label] = line


def _twice_defined_links(state: StateCore) -> None:
    references: dict[str, Any] = state.env.get("references", {})
    for duplicate in state.env.get("duplicate_refs", ()):
        first = references.get(duplicate["label"], {})
        if (first.get("href"), first.get("title")) == (duplicate["href"], duplicate["title"]):
            continue  # the same address twice: nothing is lost
        line = duplicate["map"][0]
        written = _LABEL.match(state.src.split("\n")[line])
        label = written.group(1) if written else duplicate["label"]
        _warn(state, line, f"link label `[{label}]` is defined again (first on "
              f"line {state.env['lanting'].body_line + first['map'][0]}): links use the "
              f"first address, `{first.get('href')}`, and this one is ignored",
              "give each address its own label, or remove one of the definitions")


def _unresolved(state: StateCore) -> None:
    if state.env.get("lanting") is None:
        return
    if "duplicate_refs" in state.env:
        _twice_defined_links(state)
    if "[^" in state.src:
        _unreferenced_footnotes(state)
    if "][" in state.src or "[^" in state.src:
        _unresolved_inline(state)


def unresolved_plugin(md: MarkdownIt) -> None:
    # (Only fences this rule reads: plugins make code blocks of their own, closed.)
    md.block.ruler.at("fence", _checked_fence, {"alt": ["paragraph", "reference", "blockquote",
                                                         "list"]})
    md.core.ruler.before("footnote_tail", "lanting_twice_defined_footnotes",
                         _twice_defined_footnotes)
    # Before `text_join`: an escaped bracket is still a token of its own there.
    md.core.ruler.before("text_join", "lanting_unresolved", _unresolved)

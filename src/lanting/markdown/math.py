"""Plugin: math rendered at build time to MathML Core with `math-core` (no script needed).

Where math is (`$…$`, `$$…$$`, `\\(…\\)`, `\\[…\\]`, bare `\\begin{equation}`…) is
`mathsyntax.py`'s business; what math-core lacks is rewritten by `tex.py`; one formula is
converted in `math_formula.py`. This plugin converts all the formulas of a page at once
(`math_page.convert_page`, with math-core's `convert_all`), after parsing and before
rendering, so that math-core numbers `equation`, `align`, `gather` and `multline`
consecutively over the page, resolves `\\label`/`\\eqref` across formulas (forward
references too) and puts the numbers at the right edge inside the MathML. Lanting's own
labels share that numbering: `$$ … $$ (eq:ppo)` is converted as an `equation` with
`\\label{eq:ppo}`, and `@eq:ppo` in the text reads its number back from math-core. A
reference to an unknown label, a label used twice and a formula that does not convert are
errors at the line of the failing token, with an excerpt and a caret; the formula is
then shown as its source and the rest of the page renders.
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

from lanting.markdown.html_math import split_html_math
from lanting.markdown.math_page import convert_page
from lanting.markdown.mathsyntax import math_syntax_plugin

_EQREF = re.compile(r"@(eq[:-][\w\-.:]+)")
"""`@eq:x`, or Quarto's `@eq-x`."""
_BRACKETED_EQREF = re.compile(r"\[(-?)@(eq[:-][\w\-.:]*\w)\]")
"""Pandoc's bracketed forms: `[@eq-x]` (as `@eq-x`) and `[-@eq-x]` (the number alone),
which showed their brackets and minus around the reference (`[-(2)]`)."""


_CLOSERS = {"$": "$", "$$": "$$", "\\(": "\\)", "\\[": "\\]", "\\begin": ""}


def _error_html(token: Token) -> str:
    """A formula that did not convert, as its source (the problem is reported)."""
    opener = token.markup if token.markup in _CLOSERS else ""
    closer = _CLOSERS.get(token.markup, "")
    source = (opener if opener != "\\begin" else "") + token.content.strip() + closer
    if (token.meta or {}).get("in_html"):
        return escapeHtml(source)  # (raw HTML's text, as the writer's MathJax showed it)
    return f'<code class="math-error">{escapeHtml(source)}</code>'


def _render_inline(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    token = tokens[idx]
    meta = token.meta or {}
    mathml = meta.get("mathml") or _error_html(token)
    glue = meta.get("glue", "")
    at = f' id="{escapeHtml(meta["anchor"])}"' if meta.get("anchor") else ""
    lines = _lines(mathml) if meta.get("lines") and meta.get("mathml") else [mathml]
    # The span lets a formula wider than a phone's column scroll inside it (style.css).
    spans = [f'<span class="math-inline"{at if k == 0 else ""}>{line}</span>'
             for k, line in enumerate(lines)]
    if glue:
        spans[-1] = (spans[-1].replace('class="math-inline"', 'class="math-inline nobr"', 1)
                     [:-len("</span>")] + escapeHtml(glue) + "</span>")
    return "<br>\n".join(spans)


_ROW_TAG = re.compile(r"<(/?)mtr\b[^>]*>|<(/?)mtable\b[^>]*>")


def _lines(mathml: str) -> list[str]:
    """The rows of an inline formula's `gathered` (its `\\\\` outside any environment),
    each a formula of its own, to be set on lines of their own, as KaTeX breaks the
    paragraph there; the formula whole when it is not one table of rows."""
    head = re.match(r"<math[^>]*><mtable\b[^>]*>", mathml)
    if head is None or not mathml.endswith("</mtable></math>"):
        return [mathml]
    rows, depth, start = [], 0, 0
    body = mathml[head.end():-len("</mtable></math>")]
    for tag in _ROW_TAG.finditer(body):
        closing = bool(tag.group(1) or tag.group(2))
        if tag.group(0).startswith(("<mtable", "</mtable")):
            depth += -1 if closing else 1
        elif depth == 0 and not closing:
            start = tag.end()
        elif depth == 0:
            rows.append(body[start:tag.start()])
    cells = [re.fullmatch(r"<mtd\b[^>]*>(.*)</mtd>", row, re.S) for row in rows]
    if not rows or any(cell is None for cell in cells):
        return [mathml]
    opening = mathml[:mathml.index(">") + 1]
    return [f"{opening}{cell.group(1)}</math>" for cell in cells if cell is not None]


_NUMBER_CELL = re.compile(r'<mtd style="width: [\d.]+%;text-align: right;justify-items: end;"'
                          r'[^>]*><mtext>')
"""The cell math-core puts an equation's number in, at the right edge: half the width for
`equation`, `align` and `gather`, 7.5% for `multline` (whose number was not muted)."""


def _render_block(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    token = tokens[idx]
    mathml = (token.meta or {}).get("mathml") or _error_html(token)
    if mathml == '<math display="block"></math>':
        return ""  # only macro definitions: nothing to show
    numbered = " numbered" if _NUMBER_CELL.search(mathml) else ""
    anchor = (token.meta or {}).get("anchor")
    at = f' id="{escapeHtml(anchor)}"' if anchor else ""
    return f'<div class="math-display{numbered}"{at} tabindex="0">{mathml}</div>\n'


CLOSING_PUNCTUATION = re.compile(r"^[，。、；：！？）」』》〉】…—,.;:!?)\]]+")


def _glue_punctuation(state: StateCore) -> None:
    """Keep closing punctuation on the line of the formula before it: browsers may break
    between an inline `<math>` and a following `。`, which Chinese typesetting forbids."""
    if not state.env.get("has_math"):
        return
    for block in state.tokens:
        children = block.children or []
        for i, child in enumerate(children[:-1]):
            after = children[i + 1]
            if child.type == "math_inline" and after.type == "text":
                match = CLOSING_PUNCTUATION.match(after.content)
                if match:
                    child.meta = {**(child.meta or {}), "glue": match.group(0)}
                    after.content = after.content[match.end():]


def _eqref_rule(state: StateInline, silent: bool) -> bool:
    if state.src[state.pos] == "[" and state.linkLevel == 0:
        return _bracketed_eqref(state, silent)
    if state.src[state.pos] != "@":
        return False
    if state.pos > 0 and (state.src[state.pos - 1].isalnum() or state.src[state.pos - 1] == "."):
        return False  # e.g. an e-mail address
    match = _EQREF.match(state.src, state.pos)
    if not match:
        return False
    if not silent:
        token = state.push("eqref", "a", 0)
        token.info = match.group(1).rstrip(".:")
    state.env["has_eqref"] = True
    state.pos += 1 + len(match.group(1).rstrip(".:"))
    return True


def _bracketed_eqref(state: StateInline, silent: bool) -> bool:
    match = _BRACKETED_EQREF.match(state.src, state.pos)
    if not match:
        return False
    return _reference(state, silent, match, plain=bool(match.group(1)))


_TEX_REF = re.compile(r"\\(eqref|ref)\{([^{}\s$\\]+)\}")


def _tex_ref_rule(state: StateInline, silent: bool) -> bool:
    r"""`\eqref{eq:x}` and `\ref{eq:x}` in the text, outside any formula (MathJax
    renders them there too): `\eqref` as `(1)`, `\ref` as `1`, linked."""
    if state.src[state.pos] != "\\" or state.src[state.pos + 1:state.pos + 2] not in ("e", "r"):
        return False
    match = _TEX_REF.match(state.src, state.pos)
    if not match:
        return False
    return _reference(state, silent, match, plain=match.group(1) == "ref")


def _reference(state: StateInline, silent: bool, match: re.Match[str], plain: bool) -> bool:
    """An equation reference written out in full (`[-@eq-x]`, `\\ref{eq:x}`): its label
    is the match's second group; `plain` is a number without parentheses."""
    if not silent:
        token = state.push("eqref", "a", 0)
        token.info = match.group(2)
        token.markup = match.group(0)
        token.meta = {"plain": plain}
    state.env["has_eqref"] = True
    state.pos = match.end()
    return True


def _number_eqrefs(state: StateCore) -> None:
    """Each reference gets its text, "(1)", once the page's formulas are numbered: the
    summary reads it too ("如式 (1) 所示", not "如式 所示")."""
    if not state.env.get("has_eqref"):
        return
    numbers = state.env.get("equations", {})
    for block in state.tokens:
        for child in block.children or [] if block.type == "inline" else []:
            if child.type == "eqref" and (number := numbers.get(child.info)) is not None:
                meta = child.meta or {}
                child.content = number if meta.get("plain") else f"({number})"
                if meta.get("template"):  # MyST's {numref}`Eq. %s <x>`
                    child.content = meta["template"].replace("%s", number).replace(
                        "{number}", number)


def _render_eqref(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    token = tokens[idx]
    if not token.content:  # reported
        return escapeHtml(token.markup or "@" + token.info)
    return f'<a class="eqref" href="#{escapeHtml(token.info)}">{token.content}</a>'


def math_plugin(md: MarkdownIt) -> None:
    math_syntax_plugin(md)
    md.inline.ruler.push("eqref", _eqref_rule)
    md.inline.ruler.before("escape", "eqref_tex", _tex_ref_rule)
    md.core.ruler.push("math_convert", convert_page)
    md.core.ruler.before("math_convert", "math_in_html", split_html_math)
    md.core.ruler.push("number_eqrefs", _number_eqrefs)
    md.core.ruler.push("glue_punctuation", _glue_punctuation)
    md.add_render_rule("math_inline", _render_inline)
    md.add_render_rule("math_block", _render_block)
    md.add_render_rule("eqref", _render_eqref)


"""Plugin: math rendered at build time to MathML Core with `math-core` (no script needed).

Syntax: `$…$` and `\\(…\\)` inline; `$$…$$` and `\\[…\\]` display. A display formula
followed by a label, `$$ … $$ (eq:ppo)`, is numbered; `@eq:ppo` in the text refers to it.
Money amounts (`$5 and $10`), escaped dollars and code stay text. A formula that does not
parse is reported with its line and shown as its source, the rest of the page renders.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any

import math_core
from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from mdit_py_plugins.dollarmath import dollarmath_plugin
from mdit_py_plugins.dollarmath.index import math_inline_dollar
from mdit_py_plugins.texmath import texmath_plugin

from lanting.model.problem import Problem

MAX_FORMULA = 20_000
"""Longer formulas are refused rather than converted (pathological input stays bounded)."""

_EQREF = re.compile(r"@(eq:[\w\-.:]+)")


@functools.lru_cache(maxsize=64)
def _converter(macros: tuple[tuple[str, str], ...]) -> math_core.LatexToMathML:
    return math_core.LatexToMathML(fancy_error=False, macros=dict(macros) or None,
                                   max_expansions=2000)


MAX_DEPTH = 200
"""Deeper nesting is refused: math-core recurses per level and a few thousand levels
overflow its stack, killing the process (no formula a person writes nests 200 deep)."""

_OPENERS = re.compile(r"\\[{}]|\\left\b|\\right\b|\\begin\b|\\end\b|[{}]")


def nesting_depth(latex: str) -> int:
    """The deepest nesting of `{…}`, `\\left…\\right` and `\\begin…\\end` in `latex`."""
    depth = deepest = 0
    for match in _OPENERS.finditer(latex):
        token = match.group(0)
        if token in ("{", "\\left", "\\begin"):
            depth += 1
            deepest = max(deepest, depth)
        elif token in ("}", "\\right", "\\end"):
            depth = max(0, depth - 1)
    return deepest


def to_mathml(latex: str, display: bool, macros: tuple[tuple[str, str], ...] = ()) -> str:
    """MathML for `latex`; raises ValueError with the converter's message."""
    if len(latex) > MAX_FORMULA:
        raise ValueError(f"formula is {len(latex)} characters long (limit {MAX_FORMULA})")
    if (depth := nesting_depth(latex)) > MAX_DEPTH:
        raise ValueError(f"formula nests {depth} levels deep (limit {MAX_DEPTH})")
    try:
        return str(_converter(macros).convert_with_local_state(latex, displaystyle=display))
    except math_core.LatexError as error:
        raise ValueError(str(error).strip()) from None


def _line(env: dict[str, Any], token: Token) -> int:
    """The source line of `token` (its block's first line) within the file."""
    return _file_line(env, token.map[0] if token.map else 0)


def _file_line(env: dict[str, Any], body_line: int) -> int:
    ctx = env.get("lanting")
    return (ctx.body_line if ctx else 1) + body_line


def _convert(env: dict[str, Any], source: str, display: bool, line: int) -> str:
    """MathML for a formula's source, or the source marked as an error (reported)."""
    ctx = env.get("lanting")
    macros = ctx.macros if ctx else ()
    latex = source.strip()
    try:
        return to_mathml(latex, display, macros)
    except ValueError as error:
        env.setdefault("problems", []).append(Problem(
            f"math: {error} in `{latex[:80]}`", ctx.path if ctx else None, line,
            hint="check the LaTeX; see the math section of the README for what is supported"))
        delim = ("$$", "$$") if display else ("$", "$")
        return f'<code class="math-error">{escapeHtml(delim[0] + latex + delim[1])}</code>'


def inline_formula(env: dict[str, Any], source: str, body_line: int, glue: str = "") -> str:
    """An inline formula; `glue`: the closing punctuation kept on its line."""
    mathml = _convert(env, source, False, _file_line(env, body_line))
    # The span lets a formula wider than a phone's column scroll inside it (style.css).
    if glue:
        return f'<span class="math-inline nobr">{mathml}{escapeHtml(glue)}</span>'
    return f'<span class="math-inline">{mathml}</span>'


def display_formula(env: dict[str, Any], source: str, body_line: int) -> str:
    """A display formula without a label."""
    mathml = _convert(env, source, True, _file_line(env, body_line))
    return f'<div class="math-display" tabindex="0">{mathml}</div>\n'


CLOSING_PUNCTUATION = re.compile(r"^[，。、；：！？）」』》〉】…—,.;:!?)\]]+")


def _glue_punctuation(state: StateCore) -> None:
    """Keep closing punctuation on the line of the formula before it: browsers may break
    between an inline `<math>` and a following `。`, which Chinese typesetting forbids."""
    for block in state.tokens:
        children = block.children or []
        for i, child in enumerate(children[:-1]):
            after = children[i + 1]
            if child.type in ("math_inline", "math_single") and after.type == "text":
                match = CLOSING_PUNCTUATION.match(after.content)
                if match:
                    child.meta = {**(child.meta or {}), "glue": match.group(0)}
                    after.content = after.content[match.end():]


def _render_inline(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    token = tokens[idx]
    return inline_formula(env, token.content, token.map[0] if token.map else 0,
                          (token.meta or {}).get("glue", ""))


def _render_block(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    token = tokens[idx]
    label = token.info.strip() if token.type in ("math_block_label", "math_block_eqno") else ""
    if not label:
        return display_formula(env, token.content, token.map[0] if token.map else 0)
    mathml = _convert(env, token.content, True, _line(env, token))
    number = env.get("equations", {}).get(label, "?")
    anchor = escapeHtml(label)
    return (f'<div class="math-display numbered" id="{anchor}" tabindex="0">{mathml}'
            f'<span class="eqno">({number})</span></div>\n')


def _number_equations(state: StateCore) -> None:
    numbers: dict[str, int] = state.env.setdefault("equations", {})
    for token in state.tokens:
        if token.type in ("math_block_label", "math_block_eqno") and token.info.strip():
            label = token.info.strip()
            if label in numbers:  # two elements with one id and one number: refuse
                ctx = state.env.get("lanting")
                state.env.setdefault("problems", []).append(Problem(
                    f"equation label `({label})` is used twice on this page",
                    ctx.path if ctx else None, _line(dict(state.env), token),
                    hint="give each numbered equation its own label"))
                continue
            numbers[label] = len(numbers) + 1


def _eqref_rule(state: StateInline, silent: bool) -> bool:
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
    state.pos += 1 + len(match.group(1).rstrip(".:"))
    return True


def _render_eqref(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    label = tokens[idx].info
    number = env.get("equations", {}).get(label)
    if number is None:
        ctx = env.get("lanting")
        env.setdefault("problems", []).append(Problem(
            f"`@{label}` refers to no numbered equation on this page",
            ctx.path if ctx else None, _line(env, tokens[idx]),
            hint="label a display formula as `$$ … $$ (" + label + ")`"))
        return escapeHtml("@" + label)
    return f'<a class="eqref" href="#{escapeHtml(label)}">({number})</a>'


def _without_backticks(rule: Any) -> Any:
    """Wrap dollarmath's inline rule: a "formula" holding a backtick is prose with a code
    span (`$10 and `$x$``), never math."""

    def guarded(state: StateInline, silent: bool) -> bool:
        start, count, pending = state.pos, len(state.tokens), state.pending
        if not rule(state, silent):
            return False
        if "`" in state.src[start : state.pos]:
            state.pos, state.pending = start, pending  # push() had flushed the pending text
            del state.tokens[count:]
            return False
        return True

    return guarded


def math_plugin(md: MarkdownIt) -> None:
    dollarmath_plugin(md, allow_space=False, allow_digits=False, double_inline=True)
    md.inline.ruler.at("math_inline", _without_backticks(
        math_inline_dollar(allow_space=False, allow_digits=False, allow_double=True)))
    texmath_plugin(md, delimiters="brackets")
    md.inline.ruler.push("eqref", _eqref_rule)
    md.core.ruler.push("number_equations", _number_equations)
    md.core.ruler.push("glue_punctuation", _glue_punctuation)
    for name in ("math_inline", "math_single"):
        md.add_render_rule(name, _render_inline)
    for name in ("math_inline_double", "math_block", "math_block_label", "math_block_eqno"):
        md.add_render_rule(name, _render_block)
    md.add_render_rule("eqref", _render_eqref)


_ENTITY = {"&lt;": "<", "&gt;": ">", "&amp;": "&", "&quot;": '"', "&ApplyFunction;": "",
           "&InvisibleTimes;": "", "&#x27;": "'"}


_TEXT = re.compile(r">([^<]+)")
"""Text after a tag, up to the next one: what `<[^>]*>` removal leaves of a formula."""


def _formulas(page: str) -> list[str]:
    """Each `<math …>…` element of `page`, without its closing tag (what the regex
    `<math\b.*?</math>` matches, found with plain string search)."""
    found = []
    start = page.find("<math")
    while start >= 0:
        after = page[start + 5:start + 6]
        if after.isalnum() or after == "_":  # `<mathx`: no word boundary, not a formula
            start = page.find("<math", start + 5)
            continue
        end = page.find("</math>", start)
        if end < 0:
            break
        found.append(page[start:end])
        start = page.find("<math", end)
    return found


def math_characters(html_pages: list[str], base: str = "") -> str:
    """Every character inside a `<math>` element of the given pages (plus `base`)."""
    chars: set[str] = set(base)
    for page in html_pages:
        # The text between tags of all the page's formulas at once: run per formula over
        # a long page, the tag-stripping regex cost twice as much.
        text = "".join(_TEXT.findall("".join(_formulas(page))))
        for entity, value in _ENTITY.items():
            if entity in text:
                text = text.replace(entity, value)
        chars.update(text)
    return "".join(sorted(c for c in chars if c.isprintable() and not c.isspace()))

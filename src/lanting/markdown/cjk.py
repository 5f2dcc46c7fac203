"""Plugins for Chinese and Japanese prose: a thin space between their characters and
Latin letters or digits (`cjk_spacing_plugin`), and no space for a line end between two
of their characters (`cjk_breaks_plugin`).

Applied at build time to prose only: never inside code, math, URLs or `pre`. The thin
space also goes between prose and an adjacent inline code span or formula.
"""

from __future__ import annotations

import re
import unicodedata

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

THIN_SPACE = "\u2009"
_CJK = (r"\u2e80-\u2eff\u2f00-\u2fdf\u3040-\u30ff\u3100-\u312f\u3200-\u32ff\u3400-\u4dbf"
        r"\u4e00-\u9fff\uf900-\ufaff")
_LATIN = r"A-Za-z0-9\u00c0-\u024f"
# Where the script changes, as an empty match: replaced by a plain string, the regex
# engine inserts the space itself (a `\g<0>` template calls back into Python per match).
_BOUNDARY = re.compile(f"(?<=[{_CJK}])(?=[{_LATIN}])|(?<=[{_LATIN}%])(?=[{_CJK}])")
_CJK_CHAR = re.compile(f"[{_CJK}]")
ATOMS = ("code_inline", "math_inline", "math_single")
"""Inline tokens set off from Chinese prose beside them."""


def space_text(text: str) -> str:
    if text.isascii():  # no Chinese or Japanese: nothing to space (most code-heavy text)
        return text
    return _BOUNDARY.sub(THIN_SPACE, text)


def space_prose(text: str, atom_before: bool, atom_after: bool) -> str:
    """A run of prose spaced, and set off from a code span or formula right before or
    after it: its edge character against the run's."""
    text = space_text(text)
    if atom_after and _CJK_CHAR.match(text, len(text) - 1):
        text += THIN_SPACE
    if atom_before and _CJK_CHAR.match(text):
        text = THIN_SPACE + text
    return text


def _space(state: StateCore) -> None:
    for block in state.tokens:
        children = block.children
        if block.type != "inline" or not children:
            continue
        last = len(children) - 1
        for i, child in enumerate(children):
            if child.type != "text" or not child.content:
                continue
            before = children[i - 1] if i > 0 else None
            child.content = space_prose(child.content,
                                        before is not None and before.type in ATOMS
                                        and not (before.meta or {}).get("glue"),
                                        i < last and children[i + 1].type in ATOMS)


def cjk_spacing_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("cjk_spacing", _space)


def _wide(char: str) -> bool:
    """A character CSS Text 3 removes a line end next to: East Asian full-width, wide or
    half-width (Chinese, Japanese, their punctuation), not Hangul (Korean puts spaces
    between words)."""
    return unicodedata.east_asian_width(char) in ("F", "W", "H") \
        and not ("\u1100" <= char <= "\u11ff" or "\u3130" <= char <= "\u318f"
                 or "\uac00" <= char <= "\ud7af")


_MARKUP = frozenset({"strong_open", "strong_close", "em_open", "em_close", "s_open",
                     "s_close", "link_open", "link_close", "mark_open", "mark_close"})
"""Inline tokens that hold no character: a line end's neighbours are read through them
(`**粗体**⏎中文`)."""


def _edge(children: list[Token], start: int, step: int) -> str:
    """The character next to the line end at `start`, going `step` (-1: back), through
    markup; "" when an atom (code, a formula) or the line's edge comes first, but for
    the punctuation glued after an atom (`$x$，`)."""
    i = start + step
    while 0 <= i < len(children) and (children[i].type in _MARKUP or (
            children[i].type == "text" and not children[i].content)):
        i += step
    if not 0 <= i < len(children):
        return ""
    token = children[i]
    if token.type != "text":  # a formula or code span ends in the punctuation glued to it
        glue = (token.meta or {}).get("glue", "") if step < 0 else ""
        return glue[-1:] if isinstance(glue, str) else ""
    return token.content[-1 if step < 0 else 0] if token.content else ""


def _join_lines(state: StateCore) -> None:
    for block in state.tokens:
        children = block.children
        if block.type != "inline" or not children or "\n" not in block.content:
            continue
        block.children = [
            child for i, child in enumerate(children)
            if child.type != "softbreak" or not (
                _wide(_edge(children, i, -1) or "a") and _wide(_edge(children, i, 1) or "a"))]


def cjk_breaks_plugin(md: MarkdownIt) -> None:
    """A line end inside a paragraph between two Chinese or Japanese characters is no
    space: `第一行，⏎第二行` reads `第一行，第二行`. CSS Text 3 says so, but Chrome and
    Safari show a space there; Pandoc's `east_asian_line_breaks`, Hugo's
    `eastAsianLineBreaks` and markdown-it-cjk-breaks do the same."""
    md.core.ruler.push("cjk_breaks", _join_lines)

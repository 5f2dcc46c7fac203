"""Plugin: a thin space between Chinese/Japanese characters and Latin letters or digits.

Applied at build time to prose only: never inside code, math, URLs or `pre`. Also
between prose and an adjacent inline code span or formula.
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore

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

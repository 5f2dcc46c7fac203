"""Escaped parentheses, `\\(` and `\\)`, as the old site's Markdown read them: plain
parentheses (Markdown escapes), where Lanting reads a pair of them as a formula."""

from __future__ import annotations

import re

_ESCAPE = re.compile(r"\\[\\()]")
"""A Markdown escape of a backslash or a parenthesis (read left to right, `\\\\(` is an
escaped backslash and a parenthesis)."""


_BLANK_LINE_KEPT = re.compile(r"(\n[ \t]*\n)")


def escaped_parentheses(text: str) -> tuple[str, int]:
    """`\\(` and `\\)` were parentheses to kramdown and to Hexo's renderers (Markdown
    escapes, common in link titles copied from a browser: `[i3 \\(简体中文\\)](…)`); to
    Lanting a pair of them is a formula. In a paragraph that holds both they are written
    as plain parentheses (alone, Lanting reads them as escapes too). Code is shelved by
    then; so is math, or, where it is not, a parenthesis escaped in math was one to
    MathJax too. Returns (text, how many)."""
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        if match.group() == "\\\\":
            return match.group()
        count += 1
        return match.group()[1]

    parts = _BLANK_LINE_KEPT.split(text)
    return "".join(_ESCAPE.sub(one, part) if "\\(" in part and "\\)" in part else part
                   for part in parts), count

"""Escaped parentheses in notes: `tanh\\(x\\)`, which Obsidian, Typora and Quartz's
remark-math show as plain parentheses, not as a formula's delimiters."""

from __future__ import annotations

import re

_ESCAPED_PAIR = re.compile(r"\\\(((?:(?!\\[()]|\n[ \t]*\n).)*?)\\\)", re.S)
"""An escaped pair of parentheses with none inside, in one paragraph."""
_MEANT_MATH = re.compile(r"\\[A-Za-z]|^ [\x00-\x7f]* $")


def escaped_parentheses(text: str) -> tuple[str, int]:
    """`tanh\\(ln\\(1+e^x\\)\\)`, `\\(单步\\多步\\)`: each escaped pair as plain parentheses,
    innermost first. Not a pair holding a command or spaced inside, `\\( \\lambda \\)`,
    `\\( n \\)`: notes pasted from a chatbot's answer, meant as math; Lanting shows the
    formula the page meant (it showed as TeX before). Code is shelved by then."""
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        if _MEANT_MATH.search(match.group(1)):
            return match.group()
        count += 1
        return "(" + match.group(1) + ")"

    while True:
        before = count
        text = _ESCAPED_PAIR.sub(one, text)
        if count == before:
            return text, count

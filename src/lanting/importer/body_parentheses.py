"""Escaped parentheses, `\\(` and `\\)`, as the old site's Markdown read them: plain
parentheses (Markdown escapes), where Lanting reads a pair of them as a formula."""

from __future__ import annotations

import re

from lanting.importer.html_block_spans import html_block_spans

_ESCAPE = re.compile(r"\\[\\()]")
"""A Markdown escape of a backslash or a parenthesis (read left to right, `\\\\(` is an
escaped backslash and a parenthesis)."""


_BLANK_LINE_KEPT = re.compile(r"(\n[ \t]*\n)")


def escaped_parentheses(text: str) -> tuple[str, int]:
    """`\\(` and `\\)` were parentheses to kramdown and to Hexo's renderers (Markdown
    escapes, common in link titles copied from a browser: `[i3 \\(简体中文\\)](…)`); to
    Lanting a pair of them is a formula. In a paragraph that holds both they are written
    as plain parentheses (alone, Lanting reads them as escapes too). Not in an HTML
    block, where no renderer read Markdown escapes: MathJax and KaTeX's auto-render got
    `\\(x\\)` there, a formula (a blog's worked examples written as `<details>` over a
    list), and so does Lanting. Code is shelved by then; so is math, or, where it is
    not, a parenthesis escaped in math was one to MathJax too. Returns (text, how many)."""
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        if match.group() == "\\\\":
            return match.group()
        count += 1
        return match.group()[1]

    def prose(piece: str) -> str:
        parts = _BLANK_LINE_KEPT.split(piece)
        return "".join(_ESCAPE.sub(one, part) if "\\(" in part and "\\)" in part
                       else part for part in parts)

    if "\\(" not in text:
        return text, 0
    pieces, at = [], 0
    for start, end in html_block_spans(text):
        pieces += [prose(text[at:start]), text[start:end]]
        at = end
    return "".join(pieces) + prose(text[at:]), count

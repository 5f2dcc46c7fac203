"""Escaped parentheses, `\\(` and `\\)`, as the old site's Markdown read them: plain
parentheses (Markdown escapes), where Lanting reads a pair of them as a formula."""

from __future__ import annotations

import re
from collections.abc import Callable

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


_DOUBLED = re.compile(r"(?<!\\)\\\\\((?:(?!\n[ \t]*\n).)+?(?<!\\)\\\\\)"
                      r"|(?<!\\)\\\\\[(?:(?!\n[ \t]*\n).)+?(?<!\\)\\\\\]", re.DOTALL)
"""`\\\\(x\\\\)` or `\\\\[x\\\\]`, not over a blank line."""
_PANDOC_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")
"""A Markdown escape of ASCII punctuation (`\\\\`, `\\{`, `\\_`), as Pandoc reads it."""


def doubled_backslash_math(text: str, keep: Callable[[str], str]) -> tuple[str, int]:
    """`\\\\(x\\\\)` and `\\\\[x\\\\]` (escaped backslashes, as R strings and blogdown's
    Markdown wanted them) as formulas: Pandoc wrote `\\(x\\)` into the page's text, each
    escape inside read, and MathJax, loaded for the page's other math (by every R
    Markdown page), typeset it; Lanting showed the TeX. Not in an HTML block, whose
    backslashes MathJax got doubled. Code is shelved by then; each formula made is what
`keep` makes of it (shelved: a later `\\(1\\)` is no formula). Returns (text, how
many)."""
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        count += 1
        found = match.group()
        inner = _PANDOC_ESCAPE.sub(r"\1", found[3:-3])
        return keep(f"\\{found[2]}{inner}\\{found[-1]}")

    if "\\\\(" not in text and "\\\\[" not in text:
        return text, 0
    pieces, at = [], 0
    for start, end in html_block_spans(text):
        pieces += [_DOUBLED.sub(one, text[at:start]), text[start:end]]
        at = end
    return "".join(pieces) + _DOUBLED.sub(one, text[at:]), count

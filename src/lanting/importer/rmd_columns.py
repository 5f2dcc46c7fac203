"""The R Markdown Cookbook's columns (its recipe 5.8, "Multi-column layout") as
Lanting's.

The recipe writes a row of columns as custom divs that carry their LaTeX with them,

    :::: {.cols data-latex=""}
    ::: {.col data-latex="{0.48\\textwidth}"}
    left
    :::
    ::: {.col data-latex="{0.48\\textwidth}"}
    right
    :::
    ::::

which a stylesheet of the document's (`.cols {display: flex}`) or a LaTeX header
(`\\newenvironment{col}[1]{\\begin{minipage}{#1}…`) set side by side: lecture decks made
for beamer and reveal.js at once write them so. Lanting's theme knows neither: each was
a plain block (a warning), the columns one under the other. Here `.cols` becomes
`.columns` and `.col` a `.column` as wide as its `data-latex` says (`width="48%"`). Only a
div with a `data-latex` attribute is the recipe's: a `.col` without one (Bootstrap's
grid) is left alone.
"""

from __future__ import annotations

import re

_OPENING = re.compile(r"""^([ \t]{0,3}:{3,}[ \t]*)\{([^\n]*?)\}([ \t]*)$""", re.MULTILINE)
_CLASS = re.compile(r"(?<![^\s{])\.(cols?)(?![\w-])")
_LATEX = re.compile(r"""[ \t]*\bdata-latex\s*=\s*("[^"]*"|'[^']*')""")
_WIDTH = re.compile(r"^\{?\s*(\d*\.?\d+)\s*\\(?:text|line|column)width\s*\}?$")
"""`{0.48\\textwidth}`: the share of the line (`\\linewidth`, `\\columnwidth` too)."""


def _width(value: str) -> str:
    """The column's width as a percentage ("" when `value` names no share of the line)."""
    match = _WIDTH.match(value.strip("\"'").strip())
    if match is None:
        return ""
    share = float(match.group(1))
    return f"{share * 100:g}%" if 0 < share <= 1 else ""


def _opening(match: re.Match[str]) -> str:
    attributes = match.group(2)
    latex = _LATEX.search(attributes)
    kind = _CLASS.search(attributes)
    if latex is None or kind is None:
        return match.group()
    rest = _LATEX.sub("", _CLASS.sub("", attributes, count=1), count=1).strip()
    name = "columns" if kind.group(1) == "cols" else "column"
    width = _width(latex.group(1)) if name == "column" else ""
    parts = [f".{name}", *([f'width="{width}"'] if width else []), *([rest] if rest else [])]
    return f"{match.group(1)}{{{' '.join(parts)}}}{match.group(3)}"


def cookbook_columns(text: str) -> tuple[str, int]:
    """`text` (its code put aside) with the recipe's `.cols` and `.col` divs as Lanting's
    `.columns` and `.column` (see the module's docstring), and how many it changed."""
    if "data-latex" not in text:
        return text, 0
    count = 0

    def opening(match: re.Match[str]) -> str:
        nonlocal count
        made = _opening(match)
        count += made != match.group()
        return made

    return _OPENING.sub(opening, text), count

"""Math a Quarto page showed through MathJax that Lanting needs written out: a bare
`\\begin{aligned}` block (Pandoc hands a raw TeX math environment to MathJax as display
math; Lanting reads only amsmath's top-level ones bare)."""

from __future__ import annotations

import re

from lanting.importer.liquid import Context
from lanting.markdown.mathsyntax import ENVIRONMENTS

_PANDOC_MATH = ("aligned", "alignedat", "gathered", "split", "cases", "array",
                "smallmatrix", "subarray", "eqnarray")
"""Pandoc's math environments that Lanting does not read outside `$$` itself."""
_BARE = re.compile(
    r"^([ \t]*)(\\begin\{(" + "|".join(e for e in _PANDOC_MATH if e not in ENVIRONMENTS)
    + r")(\*?)\}.*?\\end\{\3\4\})[ \t]*$", re.MULTILINE | re.DOTALL)
_DISPLAY = re.compile(r"(?<!\\)\$\$.+?(?<!\\)\$\$", re.DOTALL)


def bare_environments(text: str, ctx: Context) -> str:
    """Each bare `\\begin{aligned}` … `\\end{aligned}` from the start of a line (not in
    a `$$` formula) in a `$$` block of its own, at its indent (a list item's too)."""
    count = 0

    def wrap(match: re.Match[str]) -> str:
        nonlocal count
        count += 1
        indent = match.group(1)
        return f"{indent}$$\n{indent}{match.group(2)}\n{indent}$$"

    out, last = [], 0
    for formula in _DISPLAY.finditer(text):
        out += [_BARE.sub(wrap, text[last:formula.start()]), formula.group()]
        last = formula.end()
    out.append(_BARE.sub(wrap, text[last:]))
    ctx.convert("bare math environments (`\\begin{aligned}`) as `$$` blocks", count)
    return "".join(out)

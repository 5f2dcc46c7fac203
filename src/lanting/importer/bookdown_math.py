"""bookdown's equation numbers: only the rows it labels.

bookdown's MathJax numbers no equation by itself: a row carrying `(\\#eq:x)` gets its
number, the others none, so an `align` of three rows with one label showed one
number and an unlabelled `equation` none. Lanting numbers every row of `equation`,
`align`, `gather`, … as amsmath does: the book's numbers came out other than the
author's (and its text's "the third equation" pointed elsewhere). An environment with
no label is its starred form; in one with labels, each unlabelled row is
`\\nonumber`.
"""

from __future__ import annotations

import re

NUMBERED = re.compile(r"\\begin\{(equation|align|gather|multline|alignat|flalign|"
                      r"eqnarray)\}(.*?)\\end\{\1\}", re.DOTALL)
"""An environment amsmath numbers (its name, its body); MathJax without `tags`
numbers none (Quarto's, `quarto_math`)."""
_ROWS = ("align", "gather", "alignat", "flalign", "eqnarray")
"""The environments numbering each row (`equation` and `multline` number one)."""
_LABEL = "(\\#eq:"
_UNNUMBERED = re.compile(r"\\(?:nonumber|notag|tag\*?)(?![A-Za-z])")


def rows(body: str) -> list[str]:
    """An environment's body cut at its own row breaks (`\\\\`, not those of an inner
    `aligned` or `cases`, nor inside braces); each piece keeps its `\\\\`."""
    pieces, depth, start, at = [], 0, 0, 0
    while at < len(body):
        if body.startswith("\\begin{", at) or body[at] == "{":
            depth += 1
        elif body.startswith("\\end{", at) or body[at] == "}":
            depth -= 1
        elif body.startswith("\\\\", at) and depth == 0:
            pieces.append(body[start:at + 2])
            start = at + 2
            at += 2
            continue
        at += 2 if body[at] == "\\" and at + 1 < len(body) and not body[at + 1].isalpha() \
            else 1
    return [*pieces, body[start:]]


def numbered_as_bookdown(text: str) -> tuple[str, int]:
    """`text` with its numbered environments numbering only their labelled rows (see
    the module's docstring). Returns the text and how many environments changed."""
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        name, body = match.group(1), match.group(2)
        if _LABEL not in body:
            count += 1
            return f"\\begin{{{name}*}}{body}\\end{{{name}*}}"
        if name not in _ROWS:
            return match.group()
        changed = []
        for row in rows(body):
            text_of = row.removesuffix("\\\\")
            if not text_of.strip() or _LABEL in row or _UNNUMBERED.search(row):
                changed.append(row)
                continue
            end = len(text_of.rstrip())
            changed.append(f"{text_of[:end]} \\nonumber{text_of[end:]}"
                           + row[len(text_of):])
        count += 1
        return f"\\begin{{{name}}}{''.join(changed)}\\end{{{name}}}"

    return NUMBERED.sub(one, text) if "\\begin{" in text else text, count

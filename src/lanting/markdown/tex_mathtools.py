"""Rewrite rules for mathtools' commands that MathJax reads (its mathtools extension)
and math-core lacks: `lgathered`, `rgathered`, `spreadlines`, the starred `cases*`
family, `\\splitfrac`, `\\adjustlimits`, `\\smashoperator`, `\\MoveEqLeft`,
`\\ArrowBetweenLines`, `\\Aboxed`; and amsmath's `\\intertext`."""

from __future__ import annotations

import re

from lanting.markdown.tex_multirow import CELLS, ROW_BREAKS, split_top
from lanting.markdown.tex_scan import Context, replace_command, replace_environment


def _rows(body: str) -> list[str]:
    """The rows of a table body, a break ending the last one dropped."""
    rows = split_top(body, ROW_BREAKS)
    return rows[:-1] if len(rows) > 1 and not rows[-1].strip() else rows


def _sided(env: str, opt: str | None, arg: str | None, body: str) -> str:
    """`lgathered` rows at the left, `rgathered` rows at the right: `aligned` rows
    with the row on the left or right side of its one `&`."""
    left = env == "lgathered"
    rows = [f"&{row}" if left else f"{row}&" for row in _rows(body)]
    return "\\begin{aligned}" + "\\\\".join(rows) + "\\end{aligned}"


def _text_cases(env: str, opt: str | None, arg: str | None, body: str) -> str:
    """`cases*` and its kin: the cells after the first are text, as in `cases*` each
    row's condition is (`x & if $x > 0$`)."""
    rows = []
    for row in _rows(body):
        cells = split_top(row, CELLS)
        rows.append(cells[0] + ("&\\text{" + "&".join(cells[1:]).strip() + "}"
                                if len(cells) > 1 else ""))
    plain = env.rstrip("*")
    return f"\\begin{{{plain}}}" + "\\\\".join(rows) + f"\\end{{{plain}}}"


def _aboxed(arg: str) -> str:
    """`\\Aboxed{f(x) &= x^2}`: one box around both sides of an aligned row, as
    mathtools and MathJax draw it: the whole row boxed and overlapping to the right
    from the left cell, phantoms of each side keeping the columns' widths (an unknown
    command failed the build of a derivation that framed its result)."""
    cells = split_top(arg, CELLS)
    left, right = cells[0], "&".join(cells[1:2])
    return (f"\\mathrlap{{\\boxed{{{left}{{}}{right}}}}}\\kern.267em\\phantom{{{left}}}"
            f"&\\phantom{{{{}}{right}}}\\kern.267em ")


_MOVE_LEFT = re.compile(r"\\MoveEqLeft(?![A-Za-z])\s*(?:\[\s*(\d*\.?\d+)\s*\])?\s*")
_ARROW_ROW = re.compile(r"\\ArrowBetweenLines(\*?)(?![A-Za-z])\s*(?:\[([^\]]*)\])?")
_INTERTEXT = re.compile(r"\\(?:short)?intertext(?![A-Za-z])")


def mathtools(s: str, ctx: Context) -> str:
    """Each of mathtools' commands as what math-core has, as MathJax draws it where
    MathML Core can: `lgathered`/`rgathered` as `aligned` rows at one side;
    `spreadlines` as its body (lossy: rows not spread); `cases*` (`dcases*`,
    `rcases*`, `drcases*`) as `cases` with the conditions as text; `\\splitfrac{a}{b}`
    as a fraction without a bar (lossy: the lines centred, not staggered);
    `\\adjustlimits` dropped (lossy: limits not aligned across operators);
    `\\smashoperator{\\sum_…}` as the operator (lossy: its limits take their room);
    `\\MoveEqLeft[n]` as mathtools defines it, `\\hspace{n em}&\\hspace{-n em}`;
    `\\ArrowBetweenLines[\\Downarrow]` as a row of that arrow (`⇕` by default);
    amsmath's `\\intertext{…}` (and `\\shortintertext`) as an unnumbered row of its text
    (lossy: in the first column, not at the margin); `\\Aboxed{a &= b}` as `_aboxed`."""
    if "\\begin" in s:
        s = replace_environment(s, ("lgathered", "rgathered"), _sided, takes_opt=True)
        s = replace_environment(s, ("spreadlines",), lambda e, o, a, body: body,
                                takes_arg=True)
        s = replace_environment(s, ("cases*", "dcases*", "rcases*", "drcases*"), _text_cases)
    for name, style in (("splitfrac", "1"), ("splitdfrac", "0")):
        if "\\" + name in s:
            s = replace_command(s, name, 2, lambda o, a, i, style=style:  # type: ignore[misc]
                                f"\\genfrac{{}}{{}}{{0pt}}{{{style}}}{{{a[0]}\\quad}}"
                                f"{{\\quad {a[1]}}}")
    s = re.sub(r"\\adjustlimits(?![A-Za-z])\s*", "", s)
    if "\\smashoperator" in s:
        s = replace_command(s, "smashoperator", 1, lambda o, a, i: a[0] + " ", optional=True)
    s = _MOVE_LEFT.sub(lambda m: f"\\hspace{{{m.group(1) or 2}em}}&\\hspace{{-{m.group(1) or 2}em}}"
                       " ", s)
    if "\\Aboxed" in s:
        s = replace_command(s, "Aboxed", 1, lambda o, a, i: _aboxed(a[0]))
    s = _ARROW_ROW.sub(lambda m: (m.group(2) or "\\Updownarrow") + "\\\\", s)
    if _INTERTEXT.search(s):
        s = _INTERTEXT.sub(r"\\intertext", s)
        s = replace_command(s, "intertext", 1, lambda o, a, i: f"\\text{{{a[0]}}}\\notag\\\\")
    return s


NAMES = frozenset({"begin:lgathered", "begin:rgathered", "begin:spreadlines", "begin:cases*",
                   "begin:dcases*", "begin:rcases*", "begin:drcases*", "splitfrac",
                   "splitdfrac", "adjustlimits", "smashoperator", "MoveEqLeft",
                   "ArrowBetweenLines", "intertext", "shortintertext", "Aboxed"})
"""The commands and environments `mathtools` rewrites (its rule's triggers)."""

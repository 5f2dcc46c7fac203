"""The `physics` package's generated matrices (its section 2.7, which MathJax's
`[tex]/physics` has), written out as the rows they stand for: `\\imat{n}` (an identity),
`\\zmat{m}{n}` (zeros), `\\xmat{x}{m}{n}` (`x` everywhere; `\\xmat*`: indexed, `x_{ij}`),
`\\pmat{k}` (Pauli's, `0`–`3` or `x`, `y`, `z`), `\\dmat{a,b}` and `\\admat{a,b}` (a
diagonal and an antidiagonal of blocks; `[0]` fills the rest). Each is the inside of a
matrix, put in one by the writer: `\\mqty(\\imat{2})`, `\\begin{pmatrix}\\imat{2}
\\end{pmatrix}`. math-core knew none of them ("Unknown command"); the long names
(`\\identitymatrix`, …) are read too.
"""

from __future__ import annotations

import re

from lanting.markdown.tex_scan import TexError, arguments, group_end, skip_space

_LONG = {"identitymatrix": "imat", "zeromatrix": "zmat", "xmatrix": "xmat",
         "paulimatrix": "pmat", "diagonalmatrix": "dmat", "antidiagonalmatrix": "admat"}
NAMES = frozenset({"imat", "zmat", "xmat", "pmat", "dmat", "admat", *_LONG})
"""The commands this module reads (the rule's triggers)."""
_COMMAND = re.compile(r"\\(" + "|".join(sorted(NAMES, key=len, reverse=True))
                      + r")(?![A-Za-z])(\*?)")
_PAULI = {"0": "1 & 0\\\\ 0 & 1", "1": "0 & 1\\\\ 1 & 0", "2": "0 & -i\\\\ i & 0",
          "3": "1 & 0\\\\ 0 & -1"}
_PAULI.update(x=_PAULI["1"], y=_PAULI["2"], z=_PAULI["3"])
_LARGEST = 40
"""The most rows or columns a generated matrix may have: a typo (`\\imat{1000}`) is an
error, not a page of zeros."""


def physics_matrices(s: str) -> str:
    """`s` with each generated matrix written out, the last first (so that one inside
    another's argument, `\\dmat{\\imat{2},3}`, is out before the outer one is read)."""
    while found := list(_COMMAND.finditer(s)):
        match = found[-1]
        name = _LONG.get(match.group(1), match.group(1))
        rows, end = _rows(s, name, bool(match.group(2)), match.end(), match.start())
        s = s[:match.start()] + rows + s[end:]
    return s


def _rows(s: str, name: str, starred: bool, at: int, start: int) -> tuple[str, int]:
    if name in ("dmat", "admat"):
        return _diagonal(s, name, at, start)
    count = {"imat": 1, "pmat": 1, "zmat": 2, "xmat": 3}[name]
    found = arguments(s, at, count)
    if found is None:
        raise TexError(f"`\\{name}` needs {count} argument{'s' * (count > 1)}", start,
                       hint=_HINTS[name])
    _opt, args, end = found
    args = [a.strip() for a in args]
    if name == "pmat":
        if args[0][:1] not in _PAULI:
            raise TexError(f"`\\pmat{{{args[0]}}}` names no Pauli matrix", start,
                           hint=_HINTS[name])
        return args[0][1:] + " " + _PAULI[args[0][:1]], end
    if name == "imat":
        n = _size(args[0], name, start)
        return "\\\\ ".join(" & ".join("1" if i == j else "0" for j in range(n))
                            for i in range(n)), end
    entry, rows, columns = ("0", *args) if name == "zmat" else args
    m, n = _size(rows, name, start), _size(columns, name, start)
    if not starred or m == n == 1:
        return "\\\\ ".join([" & ".join([entry] * n)] * m), end
    if m == 1 or n == 1:  # (a row or a column: one index)
        cells = [f"{entry}_{{{k}}}" for k in range(1, max(m, n) + 1)]
        return (" & " if m == 1 else "\\\\ ").join(cells), end
    return "\\\\ ".join(" & ".join(f"{entry}_{{{i}{j}}}" for j in range(1, n + 1))
                        for i in range(1, m + 1)), end


def _size(text: str, name: str, start: int) -> int:
    if not text.isdigit() or not 0 < int(text) <= _LARGEST:
        raise TexError(f"`\\{name}` needs a size from 1 to {_LARGEST}, not `{text}`",
                       start, hint=_HINTS[name])
    return int(text)


def _diagonal(s: str, name: str, at: int, start: int) -> tuple[str, int]:
    """`\\dmat[filler]{a,b,c}`: each block (a matrix of its own) on the diagonal, the
    cells off it empty or the filler; `\\admat` the same on the antidiagonal."""
    found = arguments(s, at, 0, optional=True)
    filler, i = (found[0], found[2]) if found else (None, at)
    i = skip_space(s, i)
    end = group_end(s, i) if i < len(s) and s[i] == "{" else None
    if end is None:
        raise TexError(f"`\\{name}` needs its blocks", start, hint=_HINTS[name])
    blocks = _split_commas(s[i + 1:end - 1])
    size = len(blocks)
    if size > _LARGEST:
        raise TexError(f"`\\{name}` has more than {_LARGEST} blocks", start)
    rows = []
    for k, block in enumerate(blocks):
        at_column = size - 1 - k if name == "admat" else k
        cells = [filler or "" for _ in range(size)]
        cells[at_column] = f"\\begin{{matrix}}{block.strip()}\\end{{matrix}}"
        rows.append(" & ".join(cells))
    return "\\\\ ".join(rows), end


def _split_commas(text: str) -> list[str]:
    """`text` cut at its commas outside braces (`a_{1,2}, b` is two blocks)."""
    parts, depth, last = [], 0, 0
    for k, char in enumerate(text):
        if char == "{" and text[k - 1:k] != "\\":
            depth += 1
        elif char == "}" and text[k - 1:k] != "\\":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[last:k])
            last = k + 1
    parts.append(text[last:])
    return parts


_HINTS = {"imat": "`\\mqty(\\imat{3})`", "zmat": "`\\mqty(\\zmat{2}{3})`",
          "xmat": "`\\mqty(\\xmat*{a}{2}{3})`", "pmat": "`\\mqty(\\pmat{x})`: 0–3, x, y or z",
          "dmat": "`\\mqty(\\dmat{1,2,3})`", "admat": "`\\mqty(\\admat{1,2,3})`"}

"""Rewrite rules for an array's column spec, as MathJax reads it and math-core does not:
repeated columns (`*{3}{c}`), stray stars, a position (`[t]`), `@{}`, and no spec."""

from __future__ import annotations

import re

from lanting.markdown.tex_scan import TOKEN, Context, group_end, skip_space

_REPEAT = re.compile(r"\*\{(\d{1,2})\}\{([^{}]*)\}")
_STARRED_COLUMNS = re.compile(r"(\\begin\s*\{(?:array|darray|subarray)\}\s*\{)"
                              r"((?:[^{}]|\*\{\d{1,2}\}\{[^{}]*\})*\*(?:[^{}]|\{[^{}]*\})*)\}")


def array_columns(s: str, ctx: Context) -> str:
    """Stars in an array's column spec: `*{3}{c}` (columns repeated, as LaTeX and MathJax
    read it) written out, `ccc`; any other star dropped: `\\begin{array}{**lr**}`, the
    piecewise function of a much-copied Chinese LaTeX tutorial (a ReLU in deep-learning
    notes), whose stars MathJax 2 (Typora's) ignored, keeping the alignment letters.
    math-core refused both. An array with no column letters is given one (below), and
    a position (`_ARRAY_POSITION`) is dropped, and so is a column spec's `@{}`
    (`_NO_SEPARATION`)."""
    def columns(m: re.Match[str]) -> str:
        spec = _REPEAT.sub(lambda r: r.group(2) * int(r.group(1)), m.group(2))
        return m.group(1) + spec.replace("*", "") + "}"
    s = _STARRED_COLUMNS.sub(columns, _ARRAY_POSITION.sub(r"\1", s))
    if "@" in s:
        s = _SPEC_WITH_AT.sub(lambda m: m.group(1) + _NO_SEPARATION.sub("", m.group(2)) + "}",
                              s)
    return _unspecified_columns(s)


_SPEC_WITH_AT = re.compile(r"(\\begin\s*\{(?:array|darray)\}\s*\{)((?:[^{}]|\{[^{}]*\})*@"
                           r"(?:[^{}]|\{[^{}]*\})*)\}")
_NO_SEPARATION = re.compile(r"@\{(?:\s|\\[,:;!]|\\q?quad(?![A-Za-z]))*\}")
"""`@{}` in an array's column spec (`\\begin{array}{@{}ll@{}}`, the piecewise function of
a much-copied answer on cases): no space beside that edge of the column, as LaTeX and
MathJax 3 read it; math-core refused the spec. It is dropped: the outer columns have no
space at the edges already, and between columns the usual gap stays (a thin space
written there goes the same way). An `@{…}` holding text stays, and is an error."""


_ARRAY_POSITION = re.compile(r"(\\begin\s*\{(?:array|darray)\})\s*\[\s*[tcb]\s*\]")
"""`\\begin{array}[t]{rl}`: the array's vertical position (MathJax reads it, math-core
refused it); dropped, the array is centred on the line."""


_ARRAY_OPEN = re.compile(r"\\begin\s*\{(?:array|darray)\}")


def _unspecified_columns(s: str) -> str:
    """`\\begin{array}\\\\1\\\\2\\end{array}` (a column vector, in notes on 统计学习方法),
    `\\begin{array}{}`: MathJax takes the next token as the column spec, whatever it is,
    and keeps its `l`, `c`, `r` (none: every column centred); math-core refused the
    formula. Such a spec is `{c}` (math-core centres the columns past the spec's)."""
    out, pos = [], 0
    for match in _ARRAY_OPEN.finditer(s):
        i = skip_space(s, match.end())
        if i >= len(s):
            break
        if s[i] == "{":
            end = group_end(s, i)
            if end is None or re.search(r"[lcrpmb|]", s[i + 1:end - 1]):
                continue  # (a spec with columns, or `p{2cm}`, `|`: math-core's to read)
        else:
            token = TOKEN.match(s, i)
            if token is None or token.group() in "lcr":
                continue
            end = token.end()
        out += [s[pos:match.end()], "{c}"]
        pos = end
    return "".join(out) + s[pos:] if out else s

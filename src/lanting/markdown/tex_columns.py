"""Rewrite rules for an array's column spec, as MathJax reads it and math-core does not:
repeated columns (`*{3}{c}`), stray stars, a position (`[t]`), `@{}`, no spec, and
the array package's `@{…}`, `!{…}`, `>{…}` and `<{…}` (written into the cells)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from lanting.markdown.tex_multirow import CELLS, ROW_BREAKS, split_top
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
    if _INSERTING.search(s):
        s = _inserted_columns(s)
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


_INSERTING = re.compile(r"[@!<>]\s*\{")
_SPEC_OPEN = re.compile(r"\\begin\s*\{(array|darray)\}\s*\{")
_ENV_TOKEN = re.compile(r"\\(begin|end)\s*\{[^{}]*\}")
_ROW_LEAD = re.compile(r"\s*(?:\[[^\]]*\])?(?:\s*\\h(?:dash)?line(?![A-Za-z]))*")
"""What opens a row before its first cell: the `[2pt]` of the `\\\\` before it, rules."""


@dataclass(slots=True)
class _Column:
    """A column of an array as the array package reads its spec: a real one, with what
    `>{…}` and `<{…}` put before and after each of its cells, or one `@{…}` or `!{…}`
    made, whose every cell is `fixed`."""

    before: str = ""
    after: str = ""
    fixed: str | None = None


def _braced(spec: str, i: int) -> tuple[str, int] | None:
    """The argument at `i` of a column spec, as MathJax reads it: a group, else one
    character."""
    i = skip_space(spec, i)
    if i >= len(spec):
        return None
    if spec[i] != "{":
        return spec[i], i + 1
    end = group_end(spec, i)
    return (spec[i + 1:end - 1], end) if end is not None else None


def _read_spec(spec: str) -> tuple[str, list[_Column]] | None:
    """The spec math-core reads (`@{…}` a centred column) and the columns, or None when
    a part of it is not the array package's (math-core reports it)."""
    out, columns, before, i = [], [], "", 0
    while i < len(spec):
        c, i = spec[i], i + 1
        if c in "lcr|: \t\n":
            out.append(c)
            if c in "lcr":
                columns.append(_Column(before))
                before = ""
            continue
        if c not in "pmb@!<>" or (found := _braced(spec, i)) is None:
            return None
        arg, i = found
        if c in "pmb":
            out.append(c + "{" + arg + "}")
            columns.append(_Column(before))
            before = ""
        elif c == ">":
            before += arg + " "
        elif c == "<" and columns:
            columns[-1].after += " " + arg
        elif c in "@!" and arg.strip():
            out.append("c")
            columns.append(_Column(fixed=arg))
    return "".join(out), columns


def _row(row: str, columns: list[_Column]) -> str:
    """`row` with each cell given what its column puts before and after it, and the
    cells of the columns `@{…}` made put in (up to the row's last cell)."""
    lead = _ROW_LEAD.match(row)
    start = lead.end() if lead else 0
    if not row[start:].strip():
        return row
    cells = split_top(row[start:], CELLS)
    out, k, real = [], 0, sum(c.fixed is None for c in columns)
    for column in columns:
        if column.fixed is not None:
            if k < len(cells) or len(cells) == real:
                out.append(column.fixed)
            continue
        if k >= len(cells):
            break
        out.append(f"{column.before}{cells[k]}{column.after}")
        k += 1
    return row[:start] + " & ".join(out + cells[k:])


def _inserted_columns(s: str) -> str:
    """Each array whose spec has `@{…}` or `!{…}` holding something (a column of it
    between two others: `{r@{\\;=\\;}l}`, or `@{:}`), or `>{…}` and `<{…}` (put
    before or after each cell of a column: `>{\\displaystyle}c`), as MathJax 3.2 reads
    them: the `@` column's cells in every row, the others' written into their cells.
    math-core refused such a spec ("Expected non-special ASCII characters"). Lossy: no
    column spacing is changed. A row with a `\\multicolumn` leaves its array as it is."""
    out, pos = [], 0
    for match in _SPEC_OPEN.finditer(s):
        spec_end = group_end(s, match.end() - 1)
        if match.start() < pos or spec_end is None:
            continue
        read = _read_spec(s[match.end():spec_end - 1])
        body_end, depth = None, 1
        for token in _ENV_TOKEN.finditer(s, spec_end):
            depth += 1 if token.group(1) == "begin" else -1
            if depth == 0:
                body_end = token.start()
                break
        if read is None or body_end is None or "\\multicolumn" in s[spec_end:body_end] \
                or not any(c.before or c.after or c.fixed for c in read[1]):
            continue
        rows = [_row(row, read[1]) for row in split_top(s[spec_end:body_end], ROW_BREAKS)]
        out += [s[pos:match.end()], read[0], "}", " \\\\".join(rows)]
        pos = body_end
    return "".join(out) + s[pos:]

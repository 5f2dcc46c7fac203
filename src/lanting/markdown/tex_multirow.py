"""Rewrite rules for displays of several rows that MathJax reads and math-core lacks:
empheq's `\\begin{empheq}[left=\\empheqlbrace]{align}`, mathtools' `multlined` and
plain TeX's `\\eqalignno` (rows with their number as a last column)."""

from __future__ import annotations

import re

from lanting.markdown.tex_scan import (
    Context,
    TexError,
    arguments,
    group_end,
    replace_environment,
)

_NESTING = re.compile(r"\\begin\s*\{[^{}]*\}|\\end\s*\{[^{}]*\}|\\\\|\\cr(?![A-Za-z])|\\.|[{}&]",
                      re.S)


def split_top(body: str, separators: frozenset[str]) -> list[str]:
    """`body` split at the `separators` (`\\\\`, `\\cr`, `&`) outside braces and inner
    environments: the rows of a table whose cells hold a `cases` or a `{a \\\\ b}`."""
    return [body[start:end] for start, end in top_spans(body, separators)]


def top_spans(body: str, separators: frozenset[str]) -> list[tuple[int, int]]:
    """Where each part of `split_top` is in `body` (start, end)."""
    parts, depth, start = [], 0, 0
    for m in _NESTING.finditer(body):
        token = m.group()
        if token == "{" or token.startswith("\\begin"):
            depth += 1
        elif token == "}" or token.startswith("\\end"):
            depth -= 1
        elif depth == 0 and (token if not token.startswith("\\cr") else "\\cr") in separators:
            parts.append((start, m.start()))
            start = m.end()
    return [*parts, (start, len(body))]


ROW_BREAKS = frozenset({"\\\\", "\\cr"})
CELLS = frozenset({"&"})

# --- empheq -----------------------------------------------------------------------------

_EMPHEQ_DELIM = re.compile(r"\\empheq(?:big)?([lr])(brace|brack|angle|paren|vert|Vert|floor|"
                           r"ceil)(?![A-Za-z])")
_DELIMS = {"brace": ("\\{", "\\}"), "brack": ("[", "]"), "angle": ("\\langle ", "\\rangle "),
           "paren": ("(", ")"), "vert": ("|", "|"), "Vert": ("\\|", "\\|"),
           "floor": ("\\lfloor ", "\\rfloor "), "ceil": ("\\lceil ", "\\rceil ")}
_INNER = {"align": "aligned", "alignat": "aligned", "flalign": "aligned", "xalignat": "aligned",
          "gather": "gathered", "multline": "gathered", "equation": ""}
_NUMBER_OFF = re.compile(r"\\(?:nonumber|notag)(?![A-Za-z])\s*")
_LABEL = re.compile(r"\\label\s*\{[^{}]*\}\s*")


def _options(text: str) -> dict[str, str]:
    """`left=\\empheqlbrace, box={\\fbox}`: each key and its value, outer braces off."""
    found = {}
    items, depth, start = [], 0, 0
    for m in re.finditer(r"\\.|[{},]", text):  # (a comma in braces is the value's)
        depth += {"{": 1, "}": -1}.get(m.group(), 0)
        if m.group() == "," and depth == 0:
            items.append(text[start:m.start()])
            start = m.end()
    for item in [*items, text[start:]]:
        key, _, value = item.partition("=")
        value = value.strip()
        if value.startswith("{") and group_end(value, 0) == len(value):
            value = value[1:-1]
        found[key.strip()] = value
    return found


def _side(value: str, side: str) -> str:
    """The `left=` or `right=` material, its `\\empheql…` as `\\left…` (a `\\right.` or
    `\\left.` added where it names no delimiter of its own, so the pair is whole)."""
    value = _EMPHEQ_DELIM.sub(lambda m: ("\\left" if m.group(1) == "l" else "\\right")
                              + _DELIMS[m.group(2)][m.group(1) == "r"], value)
    if f"\\{side}" in value:
        return value
    return value + "\\left." if side == "left" else "\\right." + value


_TAG = re.compile(r"\\tag\*?\s*\{[^{}]*\}")


def _rows_of(body: str) -> list[str]:
    rows = split_top(body, ROW_BREAKS)
    while len(rows) > 1 and not rows[-1].strip():
        rows.pop()
    return rows


def _sized(body: str, inner: str) -> str:
    """An invisible copy of the rows, as tall as they are: what a spanning brace is
    sized by (as MathJax sizes it, by a phantom of the table)."""
    bare = _TAG.sub("", _NUMBER_OFF.sub("", _LABEL.sub("", body)))
    return f"\\vphantom{{\\begin{{{inner}}}{bare}\\end{{{inner}}}}}"


def _spanned(rows: list[str], left: str, right: str, size: str, ctx: Context) -> list[str]:
    """`rows` with the `left` material (`f(x)=\\left\\{`) and the `right` one (`\\right\\}`)
    in cells beside them spanning them all, each delimiter sized by `size`: the rows
    stay rows, numbered one by one as MathJax numbers them."""
    rows = list(rows)
    if left:
        closed = re.search(r"\\right(?![A-Za-z])", left) is not None
        rows[0] = ctx.marks.row_span(len(rows), left + ("" if closed else size + "\\right."))\
            + rows[0]
    if right:
        closed = re.search(r"\\left(?![A-Za-z])", right) is not None
        rows[0] += ctx.marks.row_span(len(rows), ("" if closed else "\\left." + size) + right,
                                      right=True)
    return rows


def empheq(s: str, ctx: Context) -> str:
    """`\\begin{empheq}[left=\\empheqlbrace]{align}` (MathJax's empheq extension; a
    system of equations in a physics or linear-algebra post): a numbered `align` (or
    `gather`) keeps its rows, each numbered as MathJax numbers them, the delimiters in
    cells spanning them; unnumbered (or with `box=`, as `\\boxed`) its rows in `aligned`
    (`gathered`) between the delimiters, numbered once for the group where the
    environment is. Without `left`, `right` or `box` it is the environment inside,
    rows numbered as it numbers them."""
    def one(env: str, opt: str | None, arg: str | None, body: str) -> str:
        if arg is None:
            raise TexError("`\\begin{empheq}` needs the environment it wraps, as in "
                           "`\\begin{empheq}[left=\\empheqlbrace]{align}`", 0)
        name, _, columns = arg.replace(" ", "").partition("=")
        starred = name.endswith("*")
        base = name.rstrip("*")
        if base not in _INNER:
            raise TexError(f"empheq around `{name}` is not supported", 0,
                           hint="write `align`, `gather` or `equation` inside it")
        options = _options(opt or "")
        wrap = {k: options[k] for k in ("left", "right", "box") if options.get(k)}
        if not wrap:
            plain = "align" if base in ("alignat", "xalignat", "flalign") else base
            star = "*" if starred else ""
            return f"\\begin{{{plain}{star}}}{body}\\end{{{plain}{star}}}"
        inner = _INNER[base]
        rows = _rows_of(body)
        if not starred and "box" not in wrap and inner and base != "multline" \
                and len(rows) > 1:
            plain = "gather" if base == "gather" else "align"
            left, right = wrap.get("left", ""), wrap.get("right", "")
            rows = _spanned(rows, _side(left, "left") if left else "",
                            _side(right, "right") if right else "", _sized(body, inner), ctx)
            return f"\\begin{{{plain}}}" + "\\\\".join(rows) + f"\\end{{{plain}}}"
        labels = _LABEL.findall(body)
        body = _NUMBER_OFF.sub("", _LABEL.sub("", body))
        middle = f"\\begin{{{inner}}}{body}\\end{{{inner}}}" if inner else f"{{{body}}}"
        if "left" in wrap or "right" in wrap:
            middle = (_side(wrap.get("left", ""), "left") + middle
                      + _side(wrap.get("right", ""), "right"))
        if "box" in wrap:
            middle = f"\\boxed{{{middle}}}"
        outer = "equation*" if starred else "equation"
        label = "" if starred or len(labels) != 1 else labels[0]
        return f"\\begin{{{outer}}}{label}{middle}\\end{{{outer}}}"

    return replace_environment(s, ("empheq",), one, takes_arg=True, takes_opt=True)


def numcases(s: str, ctx: Context) -> str:
    """The cases package's `\\begin{numcases}{f(x)=} 1 & $x>0$ \\\\ … \\end{numcases}`
    (MathJax's cases extension, as Chinese notes on control and optimisation write a
    piecewise definition): its rows, each numbered as MathJax numbers them, `f(x)=`
    and the brace in a cell spanning them. `subnumcases`: `f(x)=` and a `cases` of
    the rows, numbered once for the group (lossy: not 1a, 1b, …). A condition holding
    a `$` is text, as the package sets it; one without (`x>0`, as posts write it) math."""
    def one(env: str, opt: str | None, arg: str | None, body: str) -> str:
        if env == "numcases" and len(_rows_of(body)) > 1:
            first = "".join(_LABEL.findall(arg or ""))  # (MathJax's: the first row's)
            rows = [("&" + row.strip() if k else "&" + first + row.strip())
                    for k, row in enumerate(_condition_rows(body, "&&"))]
            left = _LABEL.sub("", arg or "") + "\\left\\{"
            rows = _spanned(rows, left, "", _sized("\\\\".join(rows), "aligned"), ctx)
            return "\\begin{align}" + "\\\\".join(rows) + "\\end{align}"
        labels = _LABEL.findall(body)
        rows = _condition_rows(_NUMBER_OFF.sub("", _LABEL.sub("", body)), "&")
        label = labels[0] if len(labels) == 1 else ""
        return (f"\\begin{{equation}}{label}{arg or ''}\\begin{{cases}}" + "\\\\".join(rows)
                + "\\end{cases}\\end{equation}")

    return replace_environment(s, ("numcases", "subnumcases"), one, takes_arg=True)


def _condition_rows(body: str, between: str) -> list[str]:
    """The rows of cases, their value and condition joined by `between`, a condition
    holding a `$` as text."""
    rows = []
    for row in _rows_of(body):
        cells = split_top(row, CELLS)
        condition = "&".join(cells[1:])
        labels = "".join(_LABEL.findall(condition))  # (the row's, not the text's)
        if "$" in condition:
            condition = "\\text{" + _LABEL.sub("", condition).strip() + "}" + labels
        rows.append(cells[0] + (between + condition if len(cells) > 1 else ""))
    return rows


# --- multlined --------------------------------------------------------------------------

_WIDTH = re.compile(r"\s*\[[^\]]*\]")
_SHOVE = re.compile(r"\\shove(?:left|right)(?![A-Za-z])")


def multlined(s: str, ctx: Context) -> str:
    """mathtools' `multlined` (a long formula broken over lines, inside a display or a
    bracket): its first line at the left, the lines after it indented, as `aligned`
    rows (MathJax sets the last line flush right of the widest; MathML Core has no
    per-row alignment in one column). `[t]`, `[b]` and a width are dropped; a
    `\\shoveleft{…}` is its line."""
    def one(env: str, opt: str | None, arg: str | None, body: str) -> str:
        body = _WIDTH.sub("", body, count=1) if _WIDTH.match(body) else body
        body = _SHOVE.sub("", body)
        rows = [row.strip() for row in split_top(body, ROW_BREAKS)]
        while rows and not rows[-1]:
            rows.pop()
        lines = [f"&{row}" if k == 0 else f"&\\qquad {row}" for k, row in enumerate(rows)]
        return "\\begin{aligned}" + " \\\\ ".join(lines) + "\\end{aligned}"

    return replace_environment(s, ("multlined",), one, takes_opt=True)


# --- \eqalignno -------------------------------------------------------------------------

_EQALIGNNO = re.compile(r"\\(l?eqalignno)(?![A-Za-z])")


def eqalignno(s: str, ctx: Context) -> str:
    """Plain TeX's `\\eqalignno{a &= b & (1) \\cr …}` and `\\leqalignno` (MathJax has
    both; old lecture notes number their rows so): rows aligned at the first `&`, the
    third cell the row's tag. A display that is only that: `align*` with each tag a
    `\\tag*` (at the right, `\\leqalignno`'s too); inside a formula: `aligned`, the
    tags set after their rows."""
    out: list[str] = []
    pos = 0
    while (match := _EQALIGNNO.search(s, pos)) is not None:
        found = arguments(s, match.end(), 1)
        if found is None:
            raise TexError(f"`\\{match.group(1)}` needs its rows in braces", match.start())
        whole = ctx.display and not s[:match.start()].strip() and not s[found[2]:].strip()
        rows = []
        for row in split_top(found[1][0], ROW_BREAKS):
            if not row.strip():
                continue
            cells = split_top(row, CELLS)
            tag = cells[2].strip() if len(cells) > 2 else ""
            line = "&".join(cells[:2])
            if tag:
                line += f"\\tag*{{${tag}$}}" if whole else f"\\qquad {tag}"
            rows.append(line)
        env = "align*" if whole else "aligned"
        out += [s[pos:match.start()], f"\\begin{{{env}}}" + " \\\\ ".join(rows)
                + f"\\end{{{env}}}"]
        pos = found[2]
    return "".join(out) + s[pos:]


"""Rewrite rules for layout: lengths, line breaks with a dimension, `\\substack` (and
rows in a script), the matrices and alignments math-core lacks, and `CD` diagrams (an
array's column spec: `tex_columns`)."""

from __future__ import annotations

import re

from lanting.markdown.tex_scan import (
    Context,
    TexError,
    group_end,
    replace_command,
    replace_environment,
)

DIM = r"-?\s*(?:\d+\.?\d*|\.\d+)\s*(?:em|ex|pt|mm|cm|in|mu|bp|pc|dd|cc|nd|nc|sp|px)"
_TO_PT = {"bp": 72.27 / 72, "pc": 12.0, "dd": 1238 / 1157, "cc": 14856 / 1157,
          "nd": 685 / 642, "nc": 1370 / 107, "sp": 1 / 65536}
_LENGTH = re.compile(r"\s*(-?\s*(?:\d+\.?\d*|\.\d+))\s*(em|ex|pt|mm|cm|in|mu|bp|pc|dd|cc|nd|nc"
                     r"|sp|px)\s*")


def css_length(text: str, offset: int) -> str:
    """A TeX dimension as a CSS length (`18mu` is `1em`, `1bp` is `1.00375pt`)."""
    match = _LENGTH.fullmatch(text)
    if match is None:
        raise TexError(f"`{text}` is not a length such as `1em` or `2pt`", offset)
    value, unit = float(match.group(1).replace(" ", "")), match.group(2)
    if unit == "mu":
        value, unit = value / 18, "em"
    elif unit in _TO_PT:
        value, unit = value * _TO_PT[unit], "pt"
    return f"{value:.4g}{unit}"


_LINEBREAK_DIM = re.compile(r"(\\\\|\\cr(?![A-Za-z]))\s*\[\s*(" + DIM + r")\s*\]")
_CR = re.compile(r"\\cr(?![A-Za-z])")
_FINAL_BREAK = re.compile(r"(?<!\\)((?:\\\\)*)(?:\\\\(?:\s*\[[^\]\n]*\])?|\\cr(?![A-Za-z]))"
                          r"(\s*)(?=\\end\s*\{)")
"""A row break right before `\\end{…}` (`a &= b \\\\ c &= d \\\\ \\end{align}`, as posts
end their rows): KaTeX and MathJax end the table there, as TeX's `\\crcr` does;
math-core drew one more, empty row, numbered `(3)` in an `align`, and every later
equation's number one too high."""


def without_final_break(s: str) -> str:
    """`s` without a row break that ends the last row of an environment."""
    return _FINAL_BREAK.sub(r"\1\2", s)


def linebreak_dim(s: str, ctx: Context) -> str:
    """`\\\\[1em]` (math-core printed "[1em]" as content): the row ends with a strut as
    deep as the extra space. `\\cr` is `\\\\`. A break ending the last row is none."""
    s = without_final_break(s)

    def one(m: re.Match[str]) -> str:
        length = css_length(m.group(2), m.start())
        if length.startswith("-") or float(re.sub(r"[a-z]+$", "", length)) == 0:
            return "\\\\ "  # less space than a row: not drawn
        return ctx.marks.atom(f'<mspace width="0" depth="{length}"/>') + "\\\\ "

    return _CR.sub(r"\\\\", _LINEBREAK_DIM.sub(one, s))


_UNIT = re.compile(r"(-?\d+\.?\d*|\.\d+)\s*(bp|pc|dd|cc|nd|nc|sp)(?![A-Za-z])")
_PX = re.compile(r"(-?\s*(?:\d+\.?\d*|\.\d+))\s*px(?![A-Za-z])")
_PX_ARGUMENTS = re.compile(r"\\(?:kern|hskip)\s*-?[\d.]+\s*px|\\(?:hspace|vspace|kern|hskip|"
                           r"mskip|raisebox|rule|above|\\)\*?\s*"
                           r"(?:\[[^\]{}]*\]\s*|\{[^{}]*\}\s*){0,3}")
"""A length command with its arguments (`\\rule[2px]{5px}{1px}`, `\\\\[4px]`, `\\above{1px}`,
a precision-recall post's fraction bar), where `px` is a unit (MathJax reads a pixel as a
point); elsewhere, `\\text{16px}`, it is words."""
_BRACED_LENGTH = re.compile(r"\\(kern|mkern|mskip|hskip)\s*\{\s*(" + DIM + r")\s*\}")


_MU = r"(-?\s*(?:\d+\.?\d*|\.\d+)\s*mu)"
_MU_LENGTH = re.compile(r"\\(kern|hskip)(?![A-Za-z])\s*" + _MU + r"|\\hspace\s*\{\s*" + _MU
                        + r"\s*\}")
_MATH_SPACE = {"kern": "mkern", "hskip": "mskip"}
_TEXT_UNIT_MATH_SPACE = re.compile(r"\\(mkern|mskip)(?![A-Za-z])\s*(-?\s*(?:\d+\.?\d*|\.\d+)\s*"
                                   r"(?:em|ex|pt|mm|cm|in|px))")
"""`\\mskip2.5em`: a math space in a unit of text, which LaTeX refuses but KaTeX (with a
warning) and MathJax showed as that space."""
_TEXT_SPACE = {"mkern": "kern", "mskip": "hskip"}


def lengths(s: str, ctx: Context) -> str:
    """Units math-core lacks in pt; `\\kern{1em}` as `\\kern1em`; `\\hspace*` as `\\hspace`;
    a space in math units, `\\kern-23mu` (MathJax takes `mu` wherever a length goes; the
    contour integral of physics notes, `\\int\\kern-23mu\\bigcirc`), as `\\mkern`/`\\mskip`;
    and `\\mkern`/`\\mskip` in a unit of text (`\\mskip{2.5em}`), which KaTeX and MathJax
    took, as `\\kern`/`\\hskip`; pixels in a length's argument (`\\hspace{5px}`), which
    MathJax reads as points."""
    s = _UNIT.sub(lambda m: f"{float(m.group(1)) * _TO_PT[m.group(2)]:.4g}pt", s)
    if "px" in s:
        s = _PX_ARGUMENTS.sub(lambda m: _PX.sub(r"\1pt", m.group()), s)
    s = _BRACED_LENGTH.sub(lambda m: "\\" + m.group(1) + m.group(2).replace(" ", "") + " ", s)
    s = s.replace("\\hspace*", "\\hspace")
    s = _TEXT_UNIT_MATH_SPACE.sub(lambda m: "\\" + _TEXT_SPACE[m.group(1)]
                                  + m.group(2).replace(" ", "") + " ", s)
    return _MU_LENGTH.sub(lambda m: "\\" + _MATH_SPACE.get(m.group(1) or "", "mskip")
                          + (m.group(2) or m.group(3)).replace(" ", "") + " ", s)


def substack(s: str, ctx: Context) -> str:
    return replace_command(s, "substack", 1, lambda o, a, i:
                           "\\begin{subarray}{c}" + a[0] + "\\end{subarray}")


_SCRIPT_OPEN = re.compile(r"(?<!\\)(?:\\\\)*[_^]\s*\{|\\(?:underset|overset|stackrel)\s*\{")
_ROW_TOKEN = re.compile(r"\\begin\s*\{[^{}]*\}|\\end\s*\{[^{}]*\}|\\\\"
                        r"|\\newline(?![A-Za-z])|\\.|[{}]", re.S)


def breaks_rows(tex: str) -> bool:
    """Whether `tex` has a `\\\\` (or `\\newline`, KaTeX's same break, which math-core
    dropped outside a table) of its own: outside its groups and environments."""
    depth = 0
    for token in _ROW_TOKEN.finditer(tex):
        text = token.group()
        if text.startswith("\\begin") or text == "{":
            depth += 1
        elif text.startswith("\\end") or text == "}":
            depth -= 1
        elif text in ("\\\\", "\\newline") and depth == 0:
            return True
    return False


def script_rows(s: str, ctx: Context) -> str:
    """`\\sum_{i=1 \\\\ j=2}`, `\\max_{a \\\\ b}`, `\\underset{a \\\\ b}{…}`: rows
    in a script outside any table. A display failed ("`\\\\` only at the top level of
    a table"), an inline formula ran the rows together (as MathJax and KaTeX do: they
    ignore the break); the writer meant them stacked, so they are, as `\\substack`
    stacks them."""
    out: list[str] = []
    pos = 0
    for match in _SCRIPT_OPEN.finditer(s):
        start = match.end() - 1
        if start < pos:
            continue  # (inside a group already rewritten)
        end = group_end(s, start)
        if end is None or not breaks_rows(s[start + 1:end - 1]):
            continue
        out += [s[pos:start + 1], "\\begin{subarray}{c}",
                script_rows(s[start + 1:end - 1], ctx), "\\end{subarray}}"]
        pos = end
    return "".join(out) + s[pos:]


_FENCES = {"matrix*": (".", "."), "pmatrix*": ("(", ")"), "bmatrix*": ("[", "]"),
           "Bmatrix*": ("\\{", "\\}"), "vmatrix*": ("|", "|"), "Vmatrix*": ("\\|", "\\|")}
_ROWS = re.compile(r"\\\\|\\cr(?![A-Za-z])")


_SMALL_FENCES = {"psmallmatrix": ("(", ")"), "bsmallmatrix": ("[", "]"),
                 "Bsmallmatrix": ("\\{", "\\}"), "vsmallmatrix": ("|", "|"),
                 "Vsmallmatrix": ("\\|", "\\|")}
"""mathtools' fenced small matrices (MathJax loads mathtools by itself): an inline
block matrix in an ML post, `$\\begin{psmallmatrix}a & q^\\top\\\\ q & P
\\end{psmallmatrix}$`, failed the build as an unknown environment."""


def matrices(s: str, ctx: Context) -> str:
    """`smallmatrix` as a script-size `matrix` (mathtools' `psmallmatrix` and kin
    fenced); `pmatrix*[r]` and kin as arrays."""
    s = replace_environment(s, tuple(_SMALL_FENCES), lambda e, o, a, body:
                            f"\\left{_SMALL_FENCES[e][0]}\\begin{{smallmatrix}}{body}"
                            f"\\end{{smallmatrix}}\\right{_SMALL_FENCES[e][1]}")
    s = replace_environment(s, ("smallmatrix",), lambda e, o, a, body:
                            "{\\scriptstyle\\begin{matrix}" + body + "\\end{matrix}}")

    def starred(env: str, opt: str | None, arg: str | None, body: str) -> str:
        columns = max(row.count("&") for row in _ROWS.split(body)) + 1
        align = (opt or "c").strip() or "c"
        array = f"\\begin{{array}}{{{align * columns}}}{body}\\end{{array}}"
        left, right = _FENCES[env]
        return array if env == "matrix*" else f"\\left{left}{array}\\right{right}"

    return replace_environment(s, tuple(_FENCES), starred, takes_opt=True)


def root_shifts(s: str, ctx: Context) -> str:
    """amsmath's `\\sqrt[\\leftroot{-2}\\uproot{3}n]{x}` (the index nudged left and
    up; MathJax reads both): dropped, the index where math-core puts it (lossy: not
    nudged). math-core knew neither command and the formula failed the build."""
    for name in ("leftroot", "uproot"):
        if "\\" + name in s:
            s = replace_command(s, name, 1, lambda o, a, i: "")
    return s


PLAIN_MATRICES = {"matrix": "matrix", "pmatrix": "pmatrix", "cases": "cases",
                  "eqalign": "aligned"}
"""Plain TeX's `\\pmatrix{a \\cr b}` (MathJax reads it; a real Quarto post wrote
`\\pmatrix{\\hat t_1\\\\\\vdots}`) → the amsmath environment of that name, and its
`\\eqalign{Q &= EW^Q \\cr K &= EW^K}` (rows aligned at `&`, in a Chinese post on
self-attention) → `aligned`."""


def plain_matrices(s: str, ctx: Context) -> str:
    """Each of `PLAIN_MATRICES` as its environment, nested ones too (an `\\eqalign` in
    a row of another: the outer one is replaced first, its argument as written)."""
    for name, env in PLAIN_MATRICES.items():
        begin, end = f"\\begin{{{env}}}", f"\\end{{{env}}}"
        while (done := replace_command(s, name, 1, lambda o, a, i: begin + a[0] + end)  # noqa: B023
               ) != s:
            s = done
    return s


_ALIGN_PAIR = re.compile(r"&((?:(?!\\\\)[^&])*?)&")


def alignments(s: str, ctx: Context) -> str:
    """`alignat` and `alignedat` as `align`/`aligned` (a little more space between
    pairs); amsmath's `xalignat` (MathJax has it, KaTeX not; its pairs spread wider) as
    `align`, `xxalignat` as `align*`; `flalign` as `align` (its columns not pushed to
    the margins: math-core has no `flalign`, MathJax has), `split` as `aligned`,
    `eqnarray` as `align` (`a &=& b` as `a &= b`)."""
    s = replace_environment(
        s, ("alignat", "alignat*", "alignedat", "xalignat", "xalignat*", "xxalignat"),
        lambda e, o, a, body: {"alignat": "\\begin{align}%s\\end{align}",
                               "alignat*": "\\begin{align*}%s\\end{align*}",
                               "alignedat": "\\begin{aligned}%s\\end{aligned}",
                               "xalignat": "\\begin{align}%s\\end{align}",
                               "xalignat*": "\\begin{align*}%s\\end{align*}",
                               "xxalignat": "\\begin{align*}%s\\end{align*}"}[e] % body,
        takes_arg=True)
    s = replace_environment(s, ("flalign", "flalign*"), lambda e, o, a, body:
                            f"\\begin{{align{e[7:]}}}{body}\\end{{align{e[7:]}}}")
    s = replace_environment(s, ("split",), lambda e, o, a, body:
                            "\\begin{aligned}" + body + "\\end{aligned}")
    return replace_environment(
        s, ("eqnarray", "eqnarray*"),
        lambda e, o, a, body: ("\\begin{align}%s\\end{align}" if e == "eqnarray"
                               else "\\begin{align*}%s\\end{align*}")
        % _ALIGN_PAIR.sub(r"&\1", body))


_RULED = {"align*": "rl", "aligned": "rl", "gather*": "c", "gathered": "c"}
_SPACED_RULE = re.compile(r"(?<!\\)((?:\\\\)*\\\\)(\s*(?:\[[^\]\n]*\])?)(?:\s|\\ )*"
                          r"(\\h(?:dash)?line)(?![A-Za-z])")
"""A row break, then control spaces before the rule (`\\\\\\` and `\\hline\\` at line ends,
as pages converted from HTML write them): MathJax draws the rule under the row (the
spaces are nothing); math-core takes `\\hline` only right after the break."""


_DOUBLE_RULE = re.compile(r"\\(hline|hdashline)(?![A-Za-z])"
                          r"(?:\s*\\(?:hline|hdashline)(?![A-Za-z]))+")
"""`\\hline\\hline` (a table's double rule under its header): math-core takes one rule
between two rows and refused the formula; one rule is drawn, as MathJax draws it."""


def ruled_rows(s: str, ctx: Context) -> str:
    """`\\hline` between the rows of `align*`, `aligned`, `gather*` or `gathered` (a
    numerical-computing book's broadcasting table: `A &:& 2, & & 3 \\\\ \\hline …`):
    MathJax draws the rule, math-core takes one only in an array and failed the
    formula. Such rows are an array of the same columns (right, left, … for `align*`,
    centred for `gather*`); numbered `align` keeps its rows (and the error)."""
    # (one without a rule is kept under another name while the others are read: given
    # back as it was, the reader found it again, forever — a build hung on an `aligned`
    # beside an array's `\\hline`)
    kept = "\uf8ff"
    if "\\ " in s:
        s = _SPACED_RULE.sub(r"\1\2\3", s)
    s = _DOUBLE_RULE.sub(r"\\\1", s)

    def array(env: str, opt: str | None, arg: str | None, body: str) -> str:
        if "\\hline" not in body and "\\hdashline" not in body:
            return f"\\begin{{{env}{kept}}}{body}\\end{{{env}{kept}}}"
        columns = max(row.count("&") for row in _ROWS.split(body)) + 1
        pattern = _RULED[env]
        spec = "".join(pattern[i % len(pattern)] for i in range(columns))
        return f"\\begin{{array}}{{{spec}}}{body}\\end{{array}}"

    return replace_environment(s, tuple(_RULED), array).replace(kept, "")


def _cd_label(end: str) -> str:
    """An arrow's label up to `end`: a command (`\\Vert`, `\\>`) is one piece, so its
    letters or sign do not end the label."""
    return rf"((?:\\[A-Za-z]+|\\.|[^{end}\\])*)"


_CD_ARROW = re.compile("@(?:>{0}>{0}>|<{1}<{1}<|V{2}V{2}V|A{3}A{3}A|(=)|(\\|)|(\\.))".format(
    _cd_label(">"), _cd_label("<"), _cd_label("V"), _cd_label("A")))


def commutative_diagram(s: str, ctx: Context) -> str:
    """A commutative diagram (`CD`) as an array of objects and stretched arrows."""

    def vertical(arrow: str, left: str, right: str) -> str:
        out = "\\Big" + arrow
        if left.strip():
            out = "\\mathllap{\\scriptstyle " + left + "\\,}" + out
        if right.strip():
            out += "\\mathrlap{\\,\\scriptstyle " + right + "}"
        return out

    def diagram(env: str, opt: str | None, arg: str | None, body: str) -> str:
        rows = []
        for row in _ROWS.split(body):
            cells: list[str] = []
            pos, objects = 0, True
            arrows = list(_CD_ARROW.finditer(row))
            if not arrows and not row.strip():
                continue
            if "@" in (rest := _CD_ARROW.sub("", row)):
                at = rest.index("@")
                raise TexError(f"`{rest[at:at + 12].strip()}`: an arrow of the `CD` diagram "
                               "Lanting cannot read", 0, hint="write arrows as `@>a>b>`, "
                               "`@<<<`, `@VVV`, `@AAA`, `@=`, `@|` or `@.`")
            is_vertical = bool(arrows) and all(
                m.group(5) is not None or m.group(7) is not None or m.group(10) is not None
                or (m.group(11) is not None) for m in arrows) and not _CD_ARROW.sub(
                "", row).strip()
            for m in arrows:
                between = row[pos:m.start()]
                pos = m.end()
                if is_vertical:
                    if cells:
                        cells.append("")
                    if m.group(5) is not None:
                        cells.append(vertical("\\downarrow", m.group(5), m.group(6)))
                    elif m.group(7) is not None:
                        cells.append(vertical("\\uparrow", m.group(7), m.group(8)))
                    elif m.group(10) is not None:
                        cells.append("\\Big\\Vert")
                    else:
                        cells.append("")
                    continue
                cells.append(between.strip())
                if m.group(1) is not None:
                    cells.append(f"\\xrightarrow[{m.group(2)}]{{{m.group(1)}}}")
                elif m.group(3) is not None:
                    cells.append(f"\\xleftarrow[{m.group(4)}]{{{m.group(3)}}}")
                elif m.group(9) is not None:
                    cells.append("\\xlongequal{}")
                else:
                    cells.append("")
            if not is_vertical:
                cells.append(row[pos:].strip())
            objects = not objects
            rows.append(cells)
        columns = max((len(r) for r in rows), default=1)
        return ("\\begin{array}{" + "c" * columns + "}"
                + " \\\\ ".join(" & ".join(r) for r in rows) + "\\end{array}")

    return replace_environment(s, ("CD",), diagram)


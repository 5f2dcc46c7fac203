"""The `physics` package's commands (MathJax loads it with `[tex]/physics`; notes of
physics, signals and control courses are written with it) as plain TeX math-core
converts: the common part.

- delimiters sized to their content: `\\qty(x)`, `\\qty[x]`, `\\qty{x}`, `\\qty|x|`,
  `\\pqty`, `\\bqty`, `\\Bqty`, `\\vqty`, `\\abs{x}`, `\\norm{x}`, `\\eval{x}_a^b`
  (also `\\eval(x)|` and `\\eval[x|`), `\\order{x}`, `\\comm{A}{B}`, `\\acomm{A}{B}`;
  a starred form (`\\abs*`) keeps the delimiters their normal size;
- vectors: `\\vb{x}` (bold; `\\vb*` bold italic), `\\va{x}` (an arrow), `\\vu{x}` (a unit
  vector's hat), `\\vdot`, `\\cross`, `\\cp`, `\\grad`, `\\curl`, `\\divergence`,
  `\\laplacian`, `\\vnabla`;
- derivatives: `\\dd{x}`, `\\dd[n]{x}`, `\\dv{f}{x}`, `\\dv[n]{f}{x}`, `\\dv{x}`, `\\pdv{f}{x}`,
  `\\pdv{f}{x}{y}`, `\\pdv[n]{f}{x}`, `\\pdv{x}`, the functional `\\fdv{F}{f}` (δF/δf)
  (`\\dv*`, `\\pdv*`, `\\fdv*`: as a slash);
- quantum mechanics: `\\expval{A}` (`\\ev{A}`), `\\expval{A}{\\psi}`, `\\mel{a}{A}{b}`,
  `\\ketbra{a}{b}` (`\\op{a}{b}`), `\\dyad{a}`, `\\innerproduct{a}{b}` (`\\ip{a}{b}`)
  (`\\bra`, `\\ket`, `\\braket` math-core knows);
- `\\tr` (`\\trace`), `\\Tr`, `\\rank`, `\\Res` as operators; `\\qq{text}`, `\\qc`,
  `\\qand`, `\\qor`, `\\qif`, `\\qthen`, `\\qfor`, `\\qas`, `\\qin` as spaced words;
- matrices: `\\mqty(a & b \\\\ c & d)` (`(`, `[`, `|`, `\\|` bracketed), `\\pmqty{…}`,
  `\\bmqty{…}`, `\\vmqty{…}`, `\\Bmqty{…}`.

The long names (`\\expectationvalue`, `\\derivative`, `\\quantity`, …) are read too.
Only names math-core does not know are read (its `\\div`, `\\Re` and `\\Im` stay TeX's). A
command whose arguments are not there is a TexError at the command, never a formula
drawn wrong.
"""

from __future__ import annotations

import re

from lanting.markdown.tex_scan import TexError, arguments, group_end, skip_space

_SIMPLE = {"vdot": "\\cdot ", "cross": "\\times ", "cp": "\\times ", "grad": "\\nabla ",
           "curl": "\\nabla\\times ", "divergence": "\\nabla\\cdot ",
           "laplacian": "\\nabla^{2}", "vnabla": "\\boldsymbol{\\nabla}",
           "tr": "\\operatorname{tr}", "Tr": "\\operatorname{Tr}",
           "trace": "\\operatorname{tr}", "Trace": "\\operatorname{Tr}",
           "rank": "\\operatorname{rank}", "Res": "\\operatorname{Res}",
           "qc": ",\\quad ", "qand": "\\quad\\text{and}\\quad ", "qor": "\\quad\\text{or}\\quad ",
           "qif": "\\quad\\text{if}\\quad ", "qthen": "\\quad\\text{then}\\quad ",
           "qfor": "\\quad\\text{for}\\quad ", "qas": "\\quad\\text{as}\\quad ",
           "qin": "\\quad\\text{in}\\quad "}
_SIZED = {"qty": None, "pqty": ("(", ")"), "bqty": ("[", "]"), "Bqty": ("\\{", "\\}"),
          "vqty": ("\\lvert ", "\\rvert "), "abs": ("\\lvert ", "\\rvert "),
          "norm": ("\\lVert ", "\\rVert "), "order": ("(", ")")}
_QTY_PAIRS = {"(": ("(", ")", ")"), "[": ("[", "]", "]"), "{": ("\\{", "\\}", "}"),
              "|": ("\\lvert ", "\\rvert ", "|")}
"""After `\\qty`: the opening character -> (left delimiter, right one, closing character)."""
_MATRICES = {"mqty": None, "pmqty": "pmatrix", "bmqty": "bmatrix", "vmqty": "vmatrix",
             "Bmqty": "Bmatrix"}
_MQTY_PAIRS = {"(": ("pmatrix", ")"), "[": ("bmatrix", "]"), "|": ("vmatrix", "|"),
               "{": ("matrix", "}")}
_TWO = {"comm": ("\\left[", ",", "\\right]"), "acomm": ("\\left\\{", ",", "\\right\\}"),
        "ketbra": ("\\left\\lvert ", "\\middle\\rangle\\!\\middle\\langle ",
                   "\\right\\rvert "),
        "innerproduct": ("\\left\\langle ", "\\middle\\vert ", "\\right\\rangle ")}
_LONG = {"ev": "expval", "expectationvalue": "expval", "matrixel": "mel",
         "matrixelement": "mel", "quantity": "qty", "absolutevalue": "abs",
         "evaluated": "eval", "commutator": "comm", "anticommutator": "acomm",
         "outerproduct": "ketbra", "op": "ketbra", "ip": "innerproduct",
         "functionalderivative": "fdv", "vectorbold": "vb", "vectorarrow": "va", "vectorunit": "vu",
         "differential": "dd", "derivative": "dv", "partialderivative": "pdv",
         "pderivative": "pdv", "crossproduct": "cross", "dotproduct": "vdot",
         "gradient": "grad", "matrixquantity": "mqty", "mdet": "vmqty",
         "matrixdeterminant": "vmqty"}
"""The package's other names for its commands (`\\ev{A}` is `\\expval{A}`, the one
physics notes use most)."""
NAMES = frozenset({*_SIMPLE, *_SIZED, *_MATRICES, *_TWO, *_LONG, "vb", "va", "vu", "dd", "dv",
                   "pdv", "fdv", "eval", "expval", "mel", "qq", "dyad"})
"""The commands this module reads (the rule's triggers)."""
_COMMAND = re.compile(r"\\(" + "|".join(sorted(NAMES, key=len, reverse=True))
                      + r")(?![A-Za-z])(\*?)")


def physics(s: str) -> str:
    """`s` with every physics command rewritten (innermost arguments too)."""
    out: list[str] = []
    pos = 0
    while match := _COMMAND.search(s, pos):
        name, starred = _LONG.get(match.group(1), match.group(1)), bool(match.group(2))
        made, end = _one(s, name, starred, match.end(), match.start())
        out += [s[pos:match.start()], made]
        pos = end
    return "".join(out) + s[pos:] if out else s


def _one(s: str, name: str, starred: bool, at: int, start: int) -> tuple[str, int]:
    if name in _SIMPLE:
        return _SIMPLE[name], at
    if name in _SIZED:
        return _sized(s, name, starred, at, start)
    if name in _MATRICES:
        return _matrix(s, name, at, start)
    if name == "eval":
        return _eval(s, at, start)
    if name == "dd":
        opt, args, end = _args(s, at, 0, start, name, optional=True)
        if (group := _next_group(s, end)) is not None:  # `\dd{x}`: a thin space before
            return "\\," * (start > 0) + _d("\\mathrm{d}", opt) + "{" + physics(group[0]) \
                + "}", group[1]
        return "\\mathrm{d}" + (f"^{{{opt}}}" if opt else ""), end
    if name in ("dv", "pdv", "fdv"):
        return _derivative(s, name, starred, at, start)
    if name in ("vb", "va", "vu"):
        _opt, (body,), end = _args(s, at, 1, start, name)
        body = physics(body)
        made = {("vb", False): f"\\mathbf{{{body}}}", ("vb", True): f"\\boldsymbol{{{body}}}",
                ("va", False): f"\\vec{{\\mathrm{{{body}}}}}", ("va", True): f"\\vec{{{body}}}",
                ("vu", False): f"\\hat{{\\mathbf{{{body}}}}}",
                ("vu", True): f"\\hat{{\\boldsymbol{{{body}}}}}"}[name, starred]
        return made, end
    if name == "qq":
        _opt, (words,), end = _args(s, at, 1, start, name)
        return f"\\quad\\text{{{words}}}\\quad ", end
    if name == "expval":
        _opt, (operator,), end = _args(s, at, 1, start, name)
        state = _next_group(s, end)
        if state is not None:
            psi, end = state
            return (f"\\left\\langle {physics(psi)}\\middle\\vert {physics(operator)}"
                    f"\\middle\\vert {physics(psi)}\\right\\rangle "), end
        return f"\\left\\langle {physics(operator)}\\right\\rangle ", end
    if name == "dyad":  # `\dyad{a}`: |a⟩⟨a|
        _opt, (a,), end = _args(s, at, 1, start, name)
        a = physics(a)
        return (f"\\left\\lvert {a}\\middle\\rangle\\!\\middle\\langle {a}"
                "\\right\\rvert "), end
    if name == "mel":
        _opt, (a, operator, b), end = _args(s, at, 3, start, name)
        return (f"\\left\\langle {physics(a)}\\middle\\vert {physics(operator)}\\middle\\vert "
                f"{physics(b)}\\right\\rangle "), end
    left, middle, right = _TWO[name]
    if name == "innerproduct" and (one := _next_group(s, at)) is not None \
            and _next_group(s, one[1]) is None:  # `\ip{a}`: ⟨a|a⟩, as `\braket{a}`
        return f"{left}{physics(one[0])}{middle}{physics(one[0])}{right}", one[1]
    _opt, (a, b), end = _args(s, at, 2, start, name)
    return f"{left}{physics(a)}{middle}{physics(b)}{right}", end


def _args(s: str, at: int, count: int, start: int, name: str,
          optional: bool = False) -> tuple[str | None, list[str], int]:
    found = arguments(s, at, count, optional)
    if found is None:
        raise TexError(f"`\\{name}` (the physics package's) needs {count} argument"
                       f"{'s' * (count != 1)} in braces", start)
    return found


def _next_group(s: str, at: int) -> tuple[str, int] | None:
    i = skip_space(s, at)
    if i < len(s) and s[i] == "{":
        end = group_end(s, i)
        if end is not None:
            return s[i + 1:end - 1], end
    return None


def _delimited(s: str, at: int, close: str, start: int, name: str) -> tuple[str, int]:
    """The text from `at` to the `close` matching the character before `at` (braces
    skipped, the same bracket nesting), and the index past it."""
    opening = s[at - 1]
    depth, i = 0, at
    while i < len(s):
        c = s[i]
        if c == "\\":
            i += 2
            continue
        if c == "{" and opening != "{":
            end = group_end(s, i)
            if end is None:
                break
            i = end
            continue
        if c == close and depth == 0:
            return s[at:i], i + 1
        if c == opening and opening != close:
            depth += 1
        elif c == close:
            depth -= 1
        i += 1
    raise TexError(f"`\\{name}{opening}` is not closed with `{close}`", start)


def _sized(s: str, name: str, starred: bool, at: int, start: int) -> tuple[str, int]:
    i = skip_space(s, at)
    pair = _SIZED[name]
    if pair is None:  # `\qty`: the brackets are the argument's own
        if i >= len(s) or s[i] not in _QTY_PAIRS:
            raise TexError("`\\qty` needs its brackets: `\\qty(x)`, `\\qty[x]`, "
                           "`\\qty{x}` or `\\qty|x|`", start)
        left, right, close = _QTY_PAIRS[s[i]]
        body, end = (_next_group(s, i) or ("", i)) if s[i] == "{" \
            else _delimited(s, i + 1, close, start, name)
    else:
        left, right = pair
        _opt, (body,), end = _args(s, i, 1, start, name)
    body = physics(body)
    prefix = "\\mathcal{O}" if name == "order" else ""
    if starred:
        return f"{prefix}{left}{body}{right}", end
    return f"{prefix}\\left{left.strip()} {body}\\right{right.strip()} ", end


def _eval(s: str, at: int, start: int) -> tuple[str, int]:
    """`\\eval{x}_a^b`, `\\eval(x)|_a^b`, `\\eval[x|_a^b`: x with a bar sized to it."""
    i = skip_space(s, at)
    if i < len(s) and s[i] == "{":
        body, end = _next_group(s, i) or ("", i)
        return f"\\left. {physics(body)}\\right\\rvert ", end
    if i < len(s) and s[i] in "([":
        body, end = _delimited(s, i + 1, "|", start, "eval")
        closer = ")" if s[i] == "(" else "]"
        body = body.rstrip()
        if body.endswith(closer):
            body = body[:-1]
        return f"\\left{s[i]} {physics(body)}\\right\\rvert ", end
    raise TexError("`\\eval` needs its argument: `\\eval{x}_a^b`", start)


def _matrix(s: str, name: str, at: int, start: int) -> tuple[str, int]:
    i = skip_space(s, at)
    environment = _MATRICES[name]
    if environment is None:
        if i >= len(s) or s[i] not in _MQTY_PAIRS:
            raise TexError("`\\mqty` needs its brackets: `\\mqty(a & b \\\\ c & d)`", start)
        environment, close = _MQTY_PAIRS[s[i]]
        body, end = (_next_group(s, i) or ("", i)) if s[i] == "{" \
            else _delimited(s, i + 1, close, start, name)
    else:
        _opt, (body,), end = _args(s, i, 1, start, name)
    return f"\\begin{{{environment}}}{physics(body)}\\end{{{environment}}}", end


def _d(symbol: str, power: str | None) -> str:
    return symbol + (f"^{{{power}}}" if power else "")


def _derivative(s: str, name: str, starred: bool, at: int, start: int) -> tuple[str, int]:
    opt, (first,), end = _args(s, at, 1, start, name, optional=True)
    rest: list[str] = []
    while (group := _next_group(s, end)) is not None and len(rest) < 2:
        rest.append(group[0])
        end = group[1]
    symbol = {"dv": "\\mathrm{d}", "pdv": "\\partial ", "fdv": "\\delta "}[name]
    if not rest:  # `\dv{x}`: the operator d/dx
        top, bottom = _d(symbol, opt), symbol + physics(first) + (f"^{{{opt}}}" if opt else "")
    elif len(rest) == 1:
        top = _d(symbol, opt) + physics(first)
        bottom = symbol + physics(rest[0]) + (f"^{{{opt}}}" if opt else "")
    else:  # `\pdv{f}{x}{y}`: mixed
        top = _d(symbol, "2") + physics(first)
        bottom = symbol + physics(rest[0]) + "\\," + symbol + physics(rest[1])
    if starred:
        return f"{{{top}}}/{{{bottom}}}", end
    return f"\\frac{{{top}}}{{{bottom}}}", end


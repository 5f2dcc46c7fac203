"""Plain TeX's ways of writing math that MathJax reads and math-core lacks: `\\buildrel
… \\over`, `\\root … \\of`, `{a \\above 2pt b}`, and what formulas use of TeX's macro
programming (`\\@firstoftwo`, `\\expandafter`). Rules of `tex.rewrite`."""

from __future__ import annotations

import re
from collections.abc import Callable

from lanting.markdown.tex_layout import DIM
from lanting.markdown.tex_scan import Context, TexError, group_end, replace_command

_PRIMITIVES = re.compile(r"\\(futurelet|expandafter|noexpand|afterassignment|csname|"
                         r"endcsname|@[A-Za-z@]*)(?![A-Za-z])")


def primitives(s: str, ctx: Context) -> str:
    """`\\@firstoftwo`, `\\@secondoftwo` pick their argument; `\\expandafter` and
    `\\noexpand` are dropped (they change nothing where no macro follows, which is how
    formulas use them); the rest of TeX's macro programming is an error."""
    if "\\@firstoftwo" in s:
        s = replace_command(s, "@firstoftwo", 2, lambda o, a, i: "{" + a[0] + "}")
    if "\\@secondoftwo" in s:
        s = replace_command(s, "@secondoftwo", 2, lambda o, a, i: "{" + a[1] + "}")
    s = re.sub(r"\\(?:expandafter|noexpand)(?![A-Za-z])\s*", "", s)
    match = _PRIMITIVES.search(s)
    if match:
        raise TexError(f"`{match.group(0)}` (TeX macro programming) is not supported",
                       match.start(), hint="define macros with `\\newcommand` or `\\def`, "
                       "or in the front matter's `macros`")
    return re.sub(r"\\(edef|xdef)(?![A-Za-z])", r"\\def", s)


_BUILDREL = re.compile(r"\\buildrel(?![A-Za-z])(.*?)\\over(?![A-Za-z])\s*", re.DOTALL)
_TOKEN_AFTER = re.compile(r"\\[A-Za-z]+|\\.|[^\s{}]")


def buildrel(s: str, ctx: Context) -> str:
    """Plain TeX's `\\buildrel \\text{iid} \\over \\sim` (MathJax has it; a statistics
    course wrote it): the text up to `\\over` set over the next token or group, as
    `\\stackrel` sets it."""
    return _up_to_next(s, _BUILDREL, lambda top, base: f"\\stackrel{{{top}}}{{{base}}}",
                       "`\\buildrel … \\over` needs what it sets the text over",
                       "write `\\stackrel{text}{=}`")


_ROOT = re.compile(r"\\root(?![A-Za-z])(.*?)\\of(?![A-Za-z])\s*", re.DOTALL)


def root(s: str, ctx: Context) -> str:
    """Plain TeX's `\\root 3 \\of {C+kN}` (MathJax has it; MathType writes roots so, and
    a Chinese post on RSA pasted one): the root of the next token or group, as
    `\\sqrt[3]{…}` draws it; math-core knew neither command and failed the build."""
    # (`\root \of {2\pi}`, no index: a square root)
    return _up_to_next(s, _ROOT, lambda index, radicand: f"\\sqrt[{index.strip()}]"
                       f"{{{radicand}}}" if index.strip() else f"\\sqrt{{{radicand}}}",
                       "`\\root … \\of` needs what it takes the root of",
                       "write `\\sqrt[3]{x}`")


def _up_to_next(s: str, pattern: re.Pattern[str], make: Callable[[str, str], str],
                message: str, hint: str) -> str:
    """Each `pattern` (plain TeX's `\\command … \\word`, what is between its group 1)
    with the next token or group after it, as `make(between, next)`."""
    out: list[str] = []
    pos = 0
    while (match := pattern.search(s, pos)) is not None:
        at = match.end()
        if s.startswith("{", at):
            end = group_end(s, at)
            base = s[at + 1:end - 1] if end is not None else None
        else:
            token = _TOKEN_AFTER.match(s, at)
            end, base = (token.end(), token.group()) if token else (None, None)
        if end is None or base is None:
            raise TexError(message, match.start(), hint=hint)
        out += [s[pos:match.start()], make(match.group(1).strip(), base)]
        pos = end
    return "".join(out) + s[pos:]


def fractions(s: str, ctx: Context) -> str:
    """`{a \\above 2pt b}` as `\\genfrac`."""
    return re.sub(r"\{([^{}]*?)\\above\s*(?:\{([^{}]*)\}|(" + DIM + r"))([^{}]*?)\}",
                  lambda m: "\\genfrac{}{}{" + (m.group(2) or m.group(3)).replace(" ", "")
                  + "}{}{" + m.group(1) + "}{" + m.group(4) + "}", s)

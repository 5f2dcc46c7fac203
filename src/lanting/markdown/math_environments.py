"""The environments a page's formulas define (`\\newenvironment{name}[n][default]{begin}
{end}`, MathJax's newcommand extension), expanded as text where they are used: math-core
has no `\\newenvironment` ("Unknown command") and knows no environment of the page's.
Kept with the page's macros by `math_macros.PageMacros`."""

from __future__ import annotations

import re
from dataclasses import dataclass

from lanting.markdown.math_formula import MAX_FORMULA
from lanting.markdown.tex_scan import (
    ENDS_IN_WORD,
    TexError,
    arguments,
    commented,
    group_end,
    skip_space,
    substitute,
)


@dataclass(frozen=True, slots=True)
class Environment:
    """One `\\newenvironment`: what `\\begin{name}` and `\\end{name}` stand for."""

    argument_count: int
    begin: str
    """May use the arguments (`#1`), as in LaTeX; `end` may not."""
    end: str
    default: str | None = None
    """The default of the first argument when it is optional (`[2][x]`)."""


Environments = dict[str, list[tuple[int, Environment]]]
"""Each environment's definitions on a page: (the index of the formula, its definition),
in order (`\\renewenvironment` defines one again for the formulas after it)."""

_DEFINITION = re.compile(r"\\(?:new|renew)environment\s*\{\s*([A-Za-z@]+\*?)\s*\}\s*"
                         r"(?:\[\s*(\d)\s*\](?:\s*\[([^\]]*)\])?)?\s*(?=\{)")
MAX_ENVIRONMENTS = 500
"""As many environments expanded in one formula as Lanting allows (one defined through
itself must not expand without end)."""


def take_environments(latex: str, index: int, environments: Environments) -> str:
    """`latex` (the page's formula number `index`) with the environments it defines
    blanked out (its offsets kept for messages), each added to `environments`."""
    if "environment" not in latex:
        return latex
    body = latex
    for m in _DEFINITION.finditer(latex):
        if commented(latex, m.start()):
            continue  # (`%\renewenvironment…`: a comment, as TeX reads it)
        begin_end = group_end(latex, m.end())
        start = skip_space(latex, begin_end) if begin_end is not None else len(latex)
        end = group_end(latex, start) if latex.startswith("{", start) else None
        if begin_end is None or end is None:
            continue  # left in its formula: math-core reports it
        count = int(m.group(2) or 0)
        environments.setdefault(m.group(1), []).append((index, Environment(
            count, latex[m.end() + 1:begin_end - 1], latex[start + 1:end - 1],
            m.group(3) if count else None)))
        body = body[:m.start()] + " " * (end - m.start()) + body[end:]
    return body


def environments_at(environments: Environments, index: int) -> Environments:
    """The definitions that hold in the formula number `index`: the last one before
    it (a formula before the first takes the first, as for every definition)."""
    return {name: [next(((at, env) for at, env in reversed(definitions) if at <= index),
                        definitions[0])]
            for name, definitions in environments.items()}


def expand_environments(tex: str, environments: Environments) -> str:
    """`tex` with each `\\begin{name}…\\end{name}` of `environments` (by its last
    definition) replaced by a group of its begin (with its arguments), its content and
    its end, as MathJax expands them."""
    if not environments or "\\begin" not in tex:
        return tex
    names = "|".join(map(re.escape, sorted(environments, key=len, reverse=True)))
    opening = re.compile(r"\\begin\s*\{\s*(" + names + r")\s*\}")
    pos = done = 0
    while (match := opening.search(tex, pos)) is not None:
        name = match.group(1)
        env = environments[name][-1][1]
        optional = env.default is not None
        count = env.argument_count - optional
        found = arguments(tex, match.end(), count, optional) \
            if env.argument_count else (None, [], match.end())
        if found is None:
            raise TexError(f"`\\begin{{{name}}}` needs {count} argument"
                           f"{'s' * (count > 1)}", match.start())
        closing = _closing(tex, name, found[2])
        if closing is None:
            raise TexError(f"`\\begin{{{name}}}` has no `\\end{{{name}}}`", match.start())
        given = found[1]
        if env.default is not None:
            given = [env.default if found[0] is None else found[0], *given]
        text = _joined("{", substitute(env.begin, given), tex[found[2]:closing[0]],
                       env.end, "}")
        tex = tex[:match.start()] + text + tex[closing[1]:]
        pos, done = match.start(), done + 1  # (its begin may open another)
        if done > MAX_ENVIRONMENTS or len(tex) > MAX_FORMULA:
            raise TexError(f"`\\begin{{{name}}}` expands without end", match.start())
    return tex


def _closing(tex: str, name: str, start: int) -> tuple[int, int] | None:
    """Where the `\\end{name}` closing an environment opened before `start` is (one
    of the same name opened inside it closes first)."""
    both = re.compile(r"\\(begin|end)\s*\{\s*" + re.escape(name) + r"\s*\}")
    depth = 0
    for m in both.finditer(tex, start):
        if m.group(1) == "begin":
            depth += 1
        elif depth:
            depth -= 1
        else:
            return m.start(), m.end()
    return None


def _joined(*parts: str) -> str:
    """`parts` pasted, with a space where a command's name would run into a letter
    (`\\bf` then `x`)."""
    out = ""
    for part in parts:
        if part[:1].isalpha() and ENDS_IN_WORD.search(out):
            out += " "
        out += part
    return out

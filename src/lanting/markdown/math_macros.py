"""The macros a page's formulas define (`\\newcommand`, `\\def`,
`\\DeclareMathOperator`), kept for the whole page as MathJax keeps them: given to
math-core's converter when it takes them, expanded as text (as MathJax does) when it
refuses them; the environments they define too (`math_environments`). Used by
`math_page.convert_page`; the macros `lanting.toml` gives: `math_given_macros`."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

import math_core

from lanting.markdown.math_environments import (
    Environments,
    environments_at,
    expand_environments,
    take_environments,
)
from lanting.markdown.math_formula import MAX_FORMULA, converter
from lanting.markdown.math_paired import is_paired, paired_definitions, paired_form
from lanting.markdown.tex import TRIGGERS, rewrite
from lanting.markdown.tex_mathjax import extensible_arrows
from lanting.markdown.tex_operators import styled_letter
from lanting.markdown.tex_scan import (
    ENDS_IN_WORD,
    PARAMETER,
    TexError,
    arguments,
    commented,
    group_end,
    substitute,
)
from lanting.markdown.tex_text import text_ranges

_DEFINITION = re.compile(
    r"\\(?:(newcommand|renewcommand|providecommand)\*?\s*"
    r"(?:\{\s*\\?([A-Za-z]+)\s*\}|\\([A-Za-z]+))"
    r"\s*(?:\[\s*(\d)\s*\](?:\s*\[([^\]]*)\])?)?\s*"
    r"|(?:global\s*\\)?(g?def)\s*\\([A-Za-z]+)\s*((?:#\d\s*)*)"
    r"|(DeclareMathOperator\*?)\s*(?:\{\s*\\?([A-Za-z]+)\s*\}|\\([A-Za-z]+))\s*)(?=\{)")
"""`\\newcommand{\\name}[count][default]{…}`, `\\def\\name#1#2{…}` or
`\\DeclareMathOperator{\\name}{…}` up to its body's brace. The braced name may lack
its backslash (`\\newcommand{tr}{…}`, as a blog on optimisers defines it): MathJax's
`\\newcommand` takes it so (KaTeX not), and the formulas use `\\tr`."""


@functools.lru_cache(maxsize=256)
def _macro_ok(name: str, expansion: str) -> bool:
    """Whether math-core takes `expansion` as the macro `\\name` (it parses macros when
    the converter is made, and refuses what it cannot expand, `\\@ifstar`)."""
    try:
        converter(((name, expansion),), True)
    except (math_core.LatexError, ValueError):
        return False
    return True


class TextMacro(NamedTuple):
    """A macro Lanting expands as text: its number of arguments, its body, and the
    default of its first argument when that one is optional (`\\newcommand{\\Abs}[2][]`,
    used as `\\Abs{x}` or `\\Abs[F]{x}`: math-core has no optional arguments)."""

    argument_count: int
    body: str
    default: str | None = None


@dataclass(slots=True)
class PageMacros:
    """The macros a page's formulas define: those math-core takes (`converter`), and
    those it refuses but MathJax expands as text (`textual`: name → `TextMacro`),
    e.g. `\\newcommand{\\lv}{\\left[\\begin{matrix}}`, an environment opened in one
    macro and closed in another."""

    converter: dict[str, str] = field(default_factory=dict)
    textual: dict[str, TextMacro] = field(default_factory=dict)
    scoped: dict[str, list[tuple[int, TextMacro]]] = field(default_factory=dict)
    """Macros the page defines more than once (`\\renewcommand`): name → (the index of
    the formula defining it, its definition), each expanded as text in the formulas
    from its own on, as MathJax reads them in order (a formula before the first takes
    the first, as for every definition)."""
    environments: Environments = field(default_factory=dict)
    """The environments the page defines (`\\newenvironment`), expanded as text."""

    def at(self, index: int) -> PageMacros:
        """The macros of the page's formula number `index`."""
        if not self.scoped and all(len(d) == 1 for d in self.environments.values()):
            return self
        textual = dict(self.textual)
        for name, definitions in self.scoped.items():
            textual[name] = next((macro for at, macro in reversed(definitions)
                                  if at <= index), definitions[0][1])
        return PageMacros(self.converter, textual,
                          environments=environments_at(self.environments, index))

    def expand(self, tex: str) -> str:
        """`tex` with the textual macros and the page's environments expanded (the
        macros again after the environments, whose begin and end may use them)."""
        tex = self._expand_macros(tex)
        if self.environments and (done := expand_environments(tex, self.environments)) \
                != tex:
            tex = self._expand_macros(done)
        return tex

    def _expand_macros(self, tex: str) -> str:
        """`tex` with the textual macros expanded, as TeX does (no braces added, but
        around a script's argument, as MathJax reads it)."""
        if not self.textual or "\\" not in tex:
            return tex
        use = re.compile(r"\\(" + "|".join(sorted(self.textual, key=len, reverse=True))
                         + r")(?![A-Za-z])")
        pos, done = 0, 0
        while (match := use.search(tex, pos)) is not None:
            count, body, default = self.textual[match.group(1)]
            optional = default is not None  # (its first argument, in brackets or not)
            start = match.end()
            if not optional and is_paired(body):  # (`\abs*{x}`, `\abs[\big]{x}`)
                body, start = paired_form(body, tex, start)
            found = arguments(tex, start, count - optional, optional) if count \
                else (None, [], start)
            if found is None:
                raise TexError(f"`\\{match.group(1)}` needs {count - optional} argument"
                               f"{'s' * (count - optional > 1)}", match.start())
            given = found[1]
            if default is not None:
                given = [default if found[0] is None else found[0], *given]
            text = substitute(body, given)
            if tex[:match.start()].rstrip().endswith(("^", "_")):
                # (a script's argument: MathJax takes the macro whole, `x^\\tr` with
                # `\\tr` = `^\\mathsf{T}` a script of a script, not `x^^`)
                text = "{" + text + "}"
            elif ENDS_IN_WORD.search(text):
                text += " "  # `\\cdot` then `x` must not become `\\cdotx`
            if text[:1].isalpha() and ENDS_IN_WORD.search(tex, 0, match.start()):
                # (and `\\in` before an expansion starting `M` must not become `\\inM`)
                text = " " + text
            tex = tex[:match.start()] + text + tex[found[2]:]
            pos, done = match.start(), done + 1  # (its body may use another macro)
            if done > MAX_EXPANSIONS or len(tex) > MAX_FORMULA:
                raise TexError(f"`\\{match.group(1)}` expands without end",
                               match.start())
        return tex


_OPENS_CLOSES = re.compile(r"\\(begin|end|left|right)(?![A-Za-z])")


def balanced(expansion: str) -> bool:
    """Whether `expansion` closes every environment and `\\left` it opens: math-core
    takes a macro as a group, so one that opens `matrix` for another to close fails at
    each use."""
    found = _OPENS_CLOSES.findall(expansion) if "\\" in expansion else []
    return (found.count("begin") == found.count("end")
            and found.count("left") == found.count("right"))


def argument_in_text(expansion: str) -> bool:
    """Whether `expansion` puts an argument in text mode (`\\text{#2}`): math-core
    would expand it itself, after Lanting took `$…$` out of text, so `\\under{x}{for
    $i$}` failed ("Math mode within text mode"); Lanting expands it first."""
    return "#" in expansion and any(PARAMETER.search(expansion, start, end)
                                    for start, end in text_ranges(expansion))


MAX_EXPANSIONS = 2000
"""As many textual expansions in one formula as math-core allows of its own."""


_OPERATOR_NAME = re.compile(r"\\operatorname\*?\s*\{(.*)\}", re.DOTALL)


def rewritten(expansion: str) -> str:
    """A macro's body as Lanting rewrites a formula for math-core (`\\left<` as
    `\\left\\langle`, the physics package's commands, …), where that needs no marks in
    the output; else as written."""
    try:
        rewritten, marks, plain_refs = rewrite(expansion, False)
    except TexError:
        return expansion
    return rewritten if marks is None and not plain_refs else expansion


def page_macros(latexes: Sequence[str]) -> tuple[PageMacros, list[str | None]]:
    r"""The macros the page's formulas define (`\newcommand`, `\def`,
    `\DeclareMathOperator`): in MathJax a definition holds for the rest of the page,
    in math-core only in its own formula. Each definition is blanked out of its formula
    (`body`) and the macros are given to the converter for every formula, or expanded
    as text where math-core refuses them. A macro that defines macros
    (`\newcommand{\ndef}[2]{\newcommand{#1}{\name{#2}}}`, then `\ndef{\seq}{seq}`)
    defines them at each use, as in MathJax. Returns the macros and, for each formula,
    its text with the definitions blanked out (None: it defines nothing)."""
    macros = PageMacros()
    definers: dict[str, tuple[int, str]] = {}
    bodies: list[str | None] = []
    made: dict[str, list[tuple[int, str | TextMacro]]] = {}
    for index, latex in enumerate(latexes):
        bodies.append(None)
        if "def" not in latex and "command" not in latex and "Declare" not in latex \
                and "Newextarrow" not in latex and "environment" not in latex \
                and not any(f"\\{name}" in latex for name in definers):
            continue
        before: dict[str, str | TextMacro] = {**macros.converter, **macros.textual}
        # (a `\Newextarrow` is the `\newcommand` it amounts to, taken as one)
        taken = take_environments(extensible_arrows(latex), index, macros.environments)
        body = _use_definers(_take_definitions(taken, macros, definers), macros, definers)
        after: dict[str, str | TextMacro] = {**macros.converter, **macros.textual}
        for name, value in after.items():
            if before.get(name) != value or _definition_of(name).search(latex):
                made.setdefault(name, []).append((index, value))
        if body != latex:
            bodies[-1] = body
    _scope_redefined(macros, made)
    return macros, bodies


def _definition_of(name: str) -> re.Pattern[str]:
    """A definition of `\\name` (the same one again counts too)."""
    return re.compile(r"\\(?:(?:new|renew|provide)command\*?|g?def|DeclareMathOperator\*?)"
                      r"\s*\{?\s*\\" + re.escape(name) + r"(?![A-Za-z])")


def as_text(value: str | TextMacro) -> TextMacro:
    if isinstance(value, TextMacro):
        return value
    return TextMacro(max((int(n) for n in PARAMETER.findall(value)), default=0), value)


def _scope_redefined(macros: PageMacros,
                     made: dict[str, list[tuple[int, str | TextMacro]]]) -> None:
    """The macros defined again differently (`\\renewcommand{\\R}{\\mathbb{Q}}` in a
    later section) made `scoped`, and the converter's macros that use one made textual:
    math-core takes one set of macros for the whole page, and every `\\R` had the last."""
    for name, definitions in made.items():
        if len({value for _at, value in definitions}) > 1:
            macros.converter.pop(name, None)
            macros.textual.pop(name, None)
            macros.scoped[name] = [(at, as_text(value)) for at, value in definitions]
    if not macros.scoped:
        return
    uses = re.compile(r"\\(" + "|".join(map(re.escape, macros.scoped)) + r")(?![A-Za-z])")
    for name, value in list(macros.converter.items()):
        if uses.search(value):  # (`\\Rn` = `\\R^n`: the `\\R` of where it is used)
            del macros.converter[name]
            macros.textual[name] = as_text(value)


_DEFINES = re.compile(r"\\(?:(?:new|renew|provide)command|g?def|DeclareMathOperator)"
                      r"(?![A-Za-z])")
"""A command that defines a macro, in a macro's body (a macro that defines macros)."""


def _use_definers(body: str, macros: PageMacros,
                  definers: dict[str, tuple[int, str]]) -> str:
    """`body` with each use of a macro that defines macros (`\\ndef{\\seq}{seq}`)
    expanded and its definitions taken; a use wholly made of definitions is blanked
    out, as a definition is (the formula's offsets kept for its messages)."""
    if not definers:
        return body
    use = re.compile(r"\\(" + "|".join(sorted(map(re.escape, definers), key=len,
                                               reverse=True)) + r")(?![A-Za-z])")
    pos = 0
    while (match := use.search(body, pos)) is not None:
        count, expansion = definers[match.group(1)]
        found = arguments(body, match.end(), count) if count else (None, [], match.end())
        if found is None:
            pos = match.end()  # (math-core reports it)
            continue
        text = _take_definitions(substitute(expansion, found[1]), macros, definers)
        end = found[2]
        body = body[:match.start()] + (" " * (end - match.start()) if not text.strip()
                                       else text) + body[end:]
        pos = match.start() + (end - match.start() if not text.strip() else len(text))
    return body


def _take_definitions(latex: str, macros: PageMacros,
                      definers: dict[str, tuple[int, str]]) -> str:
    """`latex` with the definitions it makes blanked out, each kept in `macros` (or in
    `definers`, a macro whose body defines macros)."""
    body = latex
    for paired in paired_definitions(latex):
        for known in (macros.converter, macros.textual, definers):
            known.pop(paired.name, None)
        macros.textual[paired.name] = TextMacro(paired.argument_count, rewritten(paired.body))
        body = body[:paired.start] + " " * (paired.end - paired.start) + body[paired.end:]
    for m in _DEFINITION.finditer(latex):
        if commented(latex, m.start()):
            continue  # (`%\renewcommand{\log}{\log_2}`: a comment, as TeX reads it)
        end = group_end(latex, m.end())
        if end is None:
            continue  # math-core reports it
        name = m.group(2) or m.group(3) or m.group(7) or m.group(10) or m.group(11)
        expansion = latex[m.end() + 1:end - 1]
        count = int(m.group(4) or 0) if m.group(1) else (m.group(8) or "").count("#")
        default = m.group(5) if count else None
        if _DEFINES.search(expansion) and "#" in expansion:
            definers[name] = (count, expansion)
            macros.converter.pop(name, None)
            macros.textual.pop(name, None)
            body = body[:m.start()] + " " * (end - m.start()) + body[end:]
            continue
        if m.group(9):
            star = "*" if m.group(9).endswith("*") else ""
            # (`\DeclareMathOperator\E{\mathbb{E}}`: math-core takes no font command
            # in an operator's name)
            inner = _OPERATOR_NAME.fullmatch(expansion.strip())  # (one already)
            name_text = inner.group(1) if inner else expansion
            expansion = f"\\operatorname{star}{{{styled_letter(name_text) or name_text}}}"
        expansion = rewritten(expansion)
        if m.group(1) == "providecommand" and (name in macros.converter
                                               or name in macros.textual):
            continue
        try:
            expansion = macros.expand(expansion)
        except TexError:
            continue  # left in its formula: reported there
        macros.converter.pop(name, None)
        macros.textual.pop(name, None)
        definers.pop(name, None)
        if default is None and balanced(expansion) and not argument_in_text(expansion) \
                and name not in TRIGGERS and _macro_ok(name, expansion):
            macros.converter[name] = expansion
        elif count <= 9 and PARAMETER.sub("", expansion).count("#") == 0:
            macros.textual[name] = TextMacro(count, expansion, default)
        else:
            continue  # left in its formula: reported there
        body = body[:m.start()] + " " * (end - m.start()) + body[end:]
    return body

"""The macros `lanting.toml` and the front matter give (`[markdown] math_macros`,
`macros:`): which the converter takes, which are expanded as text as a page's own are
(`math_macros`), and the check of each at load."""

from __future__ import annotations

import re

from lanting.markdown.math_formula import accepted, macro_use, to_mathml
from lanting.markdown.math_macros import (
    PageMacros,
    TextMacro,
    argument_in_text,
    as_text,
    balanced,
    rewritten,
)
from lanting.markdown.math_paired import is_paired
from lanting.markdown.tex import TRIGGERS, rewrite
from lanting.markdown.tex_scan import PARAMETER, TexError

_WITH_OPTIONAL = re.compile(r"\[\s*(\d)\s*\]\s*\[([^\]]*)\]\s*\{(.*)\}", re.DOTALL)
"""A configured macro written as what follows the name in `\\newcommand{\\name}`, with
a default for its first argument: `Abs = "[2][]{\\lvert #2 \\rvert_{#1}}"`."""


def with_optional(count: int, default: str, body: str) -> str:
    """A configured macro's value for a macro whose first argument is optional, as
    MathJax's `[body, count, default]` says it (read back by `given_macros`)."""
    return f"[{count}][{default}]{{{body}}}"


_NUMBERING = re.compile(r"\\(?:tag|label)(?![A-Za-z])")


def given_macros(macros: tuple[tuple[str, str], ...], defined: PageMacros
                 ) -> tuple[tuple[str, str], ...]:
    """The macros of `lanting.toml` and the front matter for the converter, less those
    that open what another closes (`bmat = "\\left[\\begin{array}"`), put an argument in
    text (`\\text{#1}`), tag or label the display (`qed = "\\tag*{$\\square$}"`: Lanting
    moves a tag where math-core takes one, before the converter expands its macros), take
    the name of a command Lanting rewrites itself (`\\va`, the physics package's vector,
    defined as `\\vect{a}`: a site's macro wins in MathJax) or have an optional first
    argument (`with_optional`):
    those join `defined`'s textual ones (unless the page defines the name itself), as a
    page's own would, expanded before that rewriting. Bodies rewritten as a page's (`\\pmb`)."""
    kept = []
    for name, expansion in ((n, rewritten(e)) for n, e in macros):
        optional = _WITH_OPTIONAL.fullmatch(expansion.strip())
        if optional is None and balanced(expansion) and not argument_in_text(expansion) \
                and name not in TRIGGERS and not _NUMBERING.search(expansion) \
                and not is_paired(expansion) and accepted(name, expansion) \
                and not _marked(expansion):  # (its `\abs*{x}` is Lanting's to read)
            kept.append((name, expansion))
        elif name in defined.converter or name in defined.textual:
            continue
        elif optional is not None:
            defined.textual[name] = TextMacro(max(int(optional.group(1)), 1),
                                              optional.group(3), optional.group(2))
        else:
            count = max((int(n) for n in PARAMETER.findall(expansion)), default=0)
            defined.textual[name] = TextMacro(count, expansion)
    # (one built on a textual macro, `divg = "\grad \cdot #1"` beside `grad = "\nabla"`
    # (a name Lanting rewrites itself): the converter has not that macro, so it is
    # textual too, and so is one built on it, in turn)
    while textual := [(name, expansion) for name, expansion in kept if defined.textual
                      and _uses(expansion, defined.textual)]:
        for name, expansion in textual:
            kept.remove((name, expansion))
            defined.textual[name] = as_text(expansion)
    return tuple(kept)


def _marked(expansion: str) -> bool:
    """Whether Lanting draws part of `expansion` itself, around what math-core makes (a
    size switch outside text, `sp = "^{\\small\\prime}"`: math-core knows `\\small` in
    text only). Such a macro is expanded as text, so that the formula using it is
    rewritten whole; given to the converter, it failed at every use."""
    try:
        _tex, marks, plain_refs = rewrite(expansion, False)
    except TexError:
        return False
    return marks is not None or bool(plain_refs)


def _uses(expansion: str, names: dict[str, TextMacro]) -> bool:
    """Whether `expansion` names one of the macros `names`."""
    return any(name in names for name in re.findall(r"\\([A-Za-z]+)", expansion))


def check_macro(name: str, expansion: str, macros: tuple[tuple[str, str], ...]) -> None:
    """Convert a use of the macro `\\name` (with `macros`, which it may use) as a page
    would; raises ValueError with the converter's message. One that opens what another
    closes (`\\begin{array}` without its end) converts only with that other, and one
    that tags the display only in a display: their uses are checked in the formulas."""
    if not balanced(expansion) or _NUMBERING.search(expansion):
        return
    defined = PageMacros()
    kept = given_macros(macros, defined)
    try:
        use = defined.expand(macro_use(name, expansion))
    except TexError as error:
        raise ValueError(str(error)) from None
    to_mathml(use, display=False, macros=kept)


def formula_with(latex: str, macros: tuple[tuple[str, str], ...]) -> str:
    """MathML of one inline formula using the configured `macros` as a page's formula
    uses them (an importer's check of a formula it keeps, in raw HTML, of a site whose
    MathJax setup defines macros); raises ValueError with the converter's message."""
    defined = PageMacros()
    kept = given_macros(macros, defined)
    try:
        use = defined.expand(latex)
    except TexError as error:
        raise ValueError(str(error)) from None
    return to_mathml(use, display=False, macros=kept)

"""mathtools' paired delimiters (`\\DeclarePairedDelimiter\\abs{\\lvert}{\\rvert}`, and
MathJax's `pairedDelimiters` setup, which the importers write as a macro
`\\mathopen{\\lvert}#1\\mathclose{\\rvert}`): a macro with three forms, `\\abs{x}`,
`\\abs*{x}` (delimiters grown to fit, `\\left…\\right`) and `\\abs[\\big]{x}` (a given
size). A plain macro has the first only, so `\\abs*{x}` showed `|*|x`. Used by
`math_macros`, which expands these macros as text."""

from __future__ import annotations

import re
from typing import NamedTuple

from lanting.markdown.tex_scan import arguments, group_end, skip_space


class PairedDefinition(NamedTuple):
    """A `\\DeclarePairedDelimiter…` in a formula: where it is (start, end), the name it
    defines, its number of arguments and its body, in the macro form `paired_form`
    reads."""

    start: int
    end: int
    name: str
    argument_count: int
    body: str


_DECLARE = re.compile(r"\\DeclarePairedDelimiter(XPP|X)?(?![A-Za-z])\s*"
                      r"(?:\{\s*\\([A-Za-z]+)\s*\}|\\([A-Za-z]+))\s*(?:\[\s*(\d)\s*\])?")
"""`\\DeclarePairedDelimiter{\\abs}`, `\\DeclarePairedDelimiterX\\inner[2]`,
`\\DeclarePairedDelimiterXPP\\name[1]` up to their delimiters."""


def paired_definitions(latex: str) -> list[PairedDefinition]:
    """The paired delimiters `latex` declares: `\\DeclarePairedDelimiter` takes the
    opening and closing delimiter (one argument between them); its `X` form a count, the
    delimiters and a body; its `XPP` form also what goes before and after them."""
    found = []
    for m in _DECLARE.finditer(latex) if "DeclarePaired" in latex else ():
        kind, name = m.group(1), m.group(2) or m.group(3)
        parts = arguments(latex, m.end(), {None: 2, "X": 3, "XPP": 5}[kind])
        if parts is None:
            continue  # (left in its formula: math-core reports it)
        given = parts[1]
        before, after = (given[0], given[3]) if kind == "XPP" else ("", "")
        opening, closing = given[1:3] if kind == "XPP" else given[:2]
        inner = given[-1] if kind else "#1"
        count = int(m.group(4) or 1) if kind else 1
        found.append(PairedDefinition(m.start(), parts[2], name, count,
                                      f"{before}\\mathopen{{{opening}}}{inner}"
                                      f"\\mathclose{{{closing}}}{after}"))
    return found


class _Shape(NamedTuple):
    before: str
    opening: str
    inner: str
    closing: str
    after: str


def _shape(body: str) -> _Shape | None:
    """`body` as a paired delimiter's parts, when it is one (one `\\mathopen{…}` and,
    after it, the last `\\mathclose{…}`)."""
    start = body.find("\\mathopen{")
    open_end = group_end(body, start + 9) if start >= 0 else None
    close = body.rfind("\\mathclose{")
    close_end = group_end(body, close + 10) if close >= 0 else None
    if open_end is None or close_end is None or close < open_end:
        return None
    return _Shape(body[:start], body[start + 10:open_end - 1], body[open_end:close],
                  body[close + 11:close_end - 1], body[close_end:])


_SIZE = re.compile(r"\[\s*\\(big|Big|bigg|Bigg)\s*\]")
_DELIMSIZE = re.compile(r"\\delimsize(?![A-Za-z])\s*")


def is_paired(body: str) -> bool:
    """Whether a macro's `body` is a paired delimiter's (see `paired_definitions`)."""
    return "\\mathopen{" in body and _shape(body) is not None


def paired_form(body: str, tex: str, end: int) -> tuple[str, int]:
    """The body of the paired delimiter `body` for its use in `tex` whose name ends at
    `end`: grown to fit after a `*`, at the size `[\\big]` gives, else as it is (its
    `\\delimsize`, the size of inner delimiters, empty); and where its arguments start."""
    shape = _shape(body)
    if shape is None:
        return body, end
    at = skip_space(tex, end)
    if tex.startswith("*", at):
        inner = _DELIMSIZE.sub(r"\\middle ", shape.inner)
        return (f"{shape.before}\\left{_spaced(shape.opening)}{inner}"
                f"\\right{_spaced(shape.closing)}{shape.after}", at + 1)
    if (size := _SIZE.match(tex, at)) is not None:
        big = "\\" + size.group(1)
        inner = _DELIMSIZE.sub(lambda _m: big + " ", shape.inner)
        return (f"{shape.before}\\mathopen{{{big}l{_spaced(shape.opening)}}}{inner}"
                f"\\mathclose{{{big}r{_spaced(shape.closing)}}}{shape.after}", size.end())
    return _DELIMSIZE.sub("", body), end


def _spaced(delimiter: str) -> str:
    """A delimiter put after a command's name: `\\left` then `.` or `\\lvert`, but a
    space before a letter (`\\left` `langle` is no command)."""
    delimiter = delimiter.strip()
    return " " + delimiter if delimiter[:1].isalpha() else delimiter

"""Reading LaTeX for the rewrite rules: groups, arguments, environments, and the markers
that put MathML Core elements math-core has no command for into its output."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field


class TexError(ValueError):
    """A formula that uses what cannot be rendered; `offset` is where, in the formula."""

    def __init__(self, message: str, offset: int = 0, hint: str | None = None) -> None:
        super().__init__(message)
        self.offset = offset
        self.hint = hint


# --- parsing helpers --------------------------------------------------------------------

NAMES = re.compile(r"\\([A-Za-z]+|.)", re.S)
TOKEN = re.compile(r"\\[A-Za-z]+|\\.|.", re.S)


def group_end(s: str, i: int, opening: str = "{", closing: str = "}") -> int | None:
    """`s[i] == opening`: the index just past its matching `closing` (a backslash
    escapes the next character), or None."""
    depth = 0
    j = i
    n = len(s)
    while j < n:
        c = s[j]
        if c == "\\":
            j += 2
            continue
        if c == opening:
            depth += 1
        elif c == closing:
            depth -= 1
            if depth == 0:
                return j + 1
        j += 1
    return None


def skip_space(s: str, i: int) -> int:
    while i < len(s) and s[i] in " \t\n\r":
        i += 1
    return i


def arguments(s: str, i: int, count: int, optional: bool = False
               ) -> tuple[str | None, list[str], int] | None:
    """An optional `[…]`, then `count` arguments (braced, or one token) from `i`."""
    i = skip_space(s, i)
    opt = None
    if optional and i < len(s) and s[i] == "[":
        j = s.find("]", i)
        if j < 0:
            return None
        opt, i = s[i + 1:j], skip_space(s, j + 1)
    out = []
    for _ in range(count):
        i = skip_space(s, i)
        if i >= len(s):
            return None
        if s[i] == "{":
            end = group_end(s, i)
            if end is None:
                return None
            out.append(s[i + 1:end - 1])
            i = end
        else:
            token = TOKEN.match(s, i)
            if token is None or token.group(0) in "}&":
                return None
            out.append(token.group(0))
            i = token.end()
    return opt, out, i


PARAMETER = re.compile(r"#(\d)")
"""A macro's parameter, `#1`, in its body."""
ENDS_IN_WORD = re.compile(r"\\[A-Za-z]+$")


def substitute(body: str, args: list[str]) -> str:
    """`body` with `#1`… replaced by the arguments (one beyond them is left as it is).
    An argument right after a command's name (`\\lVert#1`, where TeX's name ends at
    the `#`) is set apart by a space: pasted, `x` made it `\\lVertx`."""

    def one(p: re.Match[str]) -> str:
        n = int(p.group(1))
        if not 0 < n <= len(args):
            return p.group(0)
        spaced = args[n - 1][:1].isalpha() and ENDS_IN_WORD.search(body, 0, p.start())
        return (" " if spaced else "") + args[n - 1]

    return PARAMETER.sub(one, body)


_COMMENTED = re.compile(r"(?:^|(?<=[^\\]))(?:\\\\)*%")
"""A `%` that starts a comment (not `\\%`, a percent sign): what follows it on its line
is no definition. A notes page kept `%\\renewcommand{\\log}{\\log_2}` beside its
macros, commented out; taken as a definition, it made every `\\log` of the page expand
to itself ("Too many expansions")."""


def commented(s: str, at: int) -> bool:
    """Whether `at` is inside a comment, after a `%` on its line."""
    return "%" in s and _COMMENTED.search(s, s.rfind("\n", 0, at) + 1, at) is not None


def replace_command(s: str, name: str, count: int,
                    make: Callable[[str | None, list[str], int], str],
                    optional: bool = False) -> str:
    """Every `\\name[opt]{a1}…{an}` replaced by `make(opt, args, offset)`."""
    pattern = re.compile(re.escape("\\" + name) + r"(?![A-Za-z])")
    pos, out = 0, []
    while match := pattern.search(s, pos):
        found = arguments(s, match.end(), count, optional)
        if found is None:
            raise TexError(f"`\\{name}` needs {count} argument{'s' * (count > 1)}",
                           match.start())
        opt, args, end = found
        out.append(s[pos:match.start()])
        out.append(make(opt, args, match.start()))
        pos = end
    out.append(s[pos:])
    return "".join(out)


def replace_environment(s: str, names: tuple[str, ...],
                        make: Callable[[str, str | None, str | None, str], str],
                        takes_arg: bool = False, takes_opt: bool = False) -> str:
    """Every `\\begin{env}[opt]{arg} body \\end{env}` of `names` replaced by
    `make(env, opt, arg, body)` (innermost first, so nesting works)."""
    pattern = re.compile(r"\\begin\s*\{(" + "|".join(re.escape(n) for n in names) + r")\}")
    while True:
        matches = list(pattern.finditer(s))
        if not matches:
            return s
        match = matches[-1]  # the last opening has no opening of these after it
        env, i = match.group(1), match.end()
        opt = arg = None
        if takes_opt:
            j = skip_space(s, i)
            if j < len(s) and s[j] == "[" and (k := s.find("]", j)) >= 0:
                opt, i = s[j + 1:k], k + 1
        if takes_arg:
            j = skip_space(s, i)
            if j < len(s) and s[j] == "{" and (k2 := group_end(s, j)) is not None:
                arg, i = s[j + 1:k2 - 1], k2
        closing = "\\end{" + env + "}"
        k = s.find(closing, i)
        if k < 0:
            raise TexError(f"`\\begin{{{env}}}` has no `\\end{{{env}}}`", match.start())
        s = s[:match.start()] + make(env, opt, arg, s[i:k]) + s[k + len(closing):]


# --- markers: MathML Core elements math-core has no command for --------------------------

_PUA = 0xF0000
"""Markers are characters of plane 15's private use area, one pair per use."""


@dataclass(slots=True)
class Marks:
    """The elements to put into math-core's output in place of the markers."""

    entries: list[tuple[str, str]] = field(default_factory=list)
    """(opening, closing) of a wrapper, or (element, "") of an atom, by marker number."""

    def wrap(self, opening: str, closing: str, content: str) -> str:
        """LaTeX for `content` that `apply` turns into `opening` MathML(content) `closing`."""
        o = chr(_PUA + 2 * len(self.entries))
        self.entries.append((opening, closing))
        return "{\\text{" + o + "}" + content + "\\text{" + chr(ord(o) + 1) + "}}"

    def atom(self, element: str) -> str:
        """LaTeX that `apply` turns into `element`."""
        o = chr(_PUA + 2 * len(self.entries))
        self.entries.append((element, ""))
        return "{\\text{" + o + "}}"

    def apply(self, mathml: str) -> str:
        """`mathml` with the markers replaced; ValueError if math-core moved one."""
        for k, (opening, closing) in enumerate(self.entries):
            o = chr(_PUA + 2 * k)
            if closing:
                start = f"<mrow><mtext>{o}</mtext>"
                end = f"<mtext>{chr(ord(o) + 1)}</mtext></mrow>"
                if start not in mathml or end not in mathml:
                    raise ValueError("math-core moved a marker")
                mathml = mathml.replace(start, opening, 1).replace(end, closing, 1)
                continue
            for form in (f"<mrow><mtext>{o}</mtext></mrow>", f"<mtext>{o}</mtext>"):
                if form in mathml:
                    mathml = mathml.replace(form, opening, 1)
                    break
            else:
                raise ValueError("math-core moved a marker")
        return _row_spans(mathml) if "<lanting-span" in mathml else mathml

    def row_span(self, rows: int, content: str, right: bool = False) -> str:
        """LaTeX, at the start (or, `right`, the end) of a table's first row, that
        `apply` turns into a cell of `content` before (after) that row's first (last)
        cell, spanning `rows` rows: empheq's and numcases' one brace beside rows each
        numbered, which no LaTeX math-core reads draws."""
        side = ' side="right"' if right else ""
        return self.wrap(f'<lanting-span rows="{rows}"{side}>', "</lanting-span>", content)


_SPAN_BEFORE = re.compile(r'(<mtd[^<>]*>)<lanting-span rows="(\d+)">(.*?)</lanting-span>', re.S)
_SPAN_AFTER = re.compile(r'<lanting-span rows="(\d+)" side="right">(.*?)</lanting-span></mtd>',
                         re.S)
_SPAN_CELL = '<mtd rowspan="{}" style="vertical-align: middle;text-align: {};">{}</mtd>'


def _row_spans(mathml: str) -> str:
    """The cells `Marks.row_span` marked, moved out of the cell math-core put them in
    (MathML Core's `rowspan`; centred on the rows, as the brace it holds is)."""
    mathml = _SPAN_BEFORE.sub(lambda m: _SPAN_CELL.format(m.group(2), "right", m.group(3))
                              + m.group(1), mathml)
    mathml = _SPAN_AFTER.sub(lambda m: "</mtd>" + _SPAN_CELL.format(m.group(1), "left",
                                                                    m.group(2)), mathml)
    if "<lanting-span" in mathml:
        raise ValueError("math-core moved a marker")
    return mathml


@dataclass(slots=True)
class Context:
    display: bool
    marks: Marks
    plain_refs: list[int]
    """Which `\\eqref`s (by position) were `\\ref`s: printed without parentheses."""

"""mathtools' tag forms, which MathJax's mathtools extension reads: `\\newtagform{name}
[format]{left}{right}` (and `\\renewtagform`) defines how equation numbers are set,
`\\usetagform{name}` sets the numbers after it that way, on the whole page, until
another (`default`: in parentheses). math-core has neither command; the rewrite rule
takes them out of the formula (`without_tag_forms`) and the page's conversion sets the
numbers of each formula in the form in effect there (`tag_forms`, `in_form`)."""

from __future__ import annotations

import re

from lanting.markdown.tex_scan import Context, arguments, skip_space

_COMMAND = re.compile(r"\\(newtagform|renewtagform|usetagform)(?![A-Za-z])")
_NUMBER = re.compile(r'(<mtd style="width: [\d.]+%;text-align: right;justify-items: end;"'
                     r"[^>]*><mtext>)\(([^<]*)\)(</mtext>)")
"""The cell math-core puts a display's number (or `\\tag`) in, parentheses and all."""

Form = tuple[str, str]
"""What a number is set between: `("[", "]")`."""


def _read(s: str, start: int) -> tuple[str, list[str], int] | None:
    """The command at `start` (`_COMMAND` matched there): its name, its arguments (the
    form's name; for a definition also its left and right, its `[format]` skipped),
    and where it ends; None when an argument is missing."""
    match = _COMMAND.match(s, start)
    if match is None:
        return None
    first = arguments(s, match.end(), 1)
    if first is None:
        return None
    args, pos = first[1], first[2]
    if match.group(1) != "usetagform":
        pos = skip_space(s, pos)
        if s.startswith("[", pos) and (close := s.find("]", pos)) >= 0:
            pos = close + 1  # (the number's format, `\textbf`: not applied, lossy)
        sides = arguments(s, pos, 2)
        if sides is None:
            return None
        args, pos = args + sides[1], sides[2]
    return match.group(1), args, pos


def without_tag_forms(s: str, ctx: Context) -> str:
    """The formula without its tag-form commands (they print nothing)."""
    out, pos = [], 0
    for match in _COMMAND.finditer(s):
        if match.start() < pos:
            continue
        found = _read(s, match.start())
        if found is not None:
            out.append(s[pos:match.start()])
            pos = found[2]
    return "".join(out) + s[pos:]


def _side(tex: str) -> str:
    """A form's side as the text it prints (`\\langle` as ⟨; most are `[`, `\\{`, `(`)."""
    return {"\\langle": "⟨", "\\rangle": "⟩", "\\{": "{", "\\}": "}", "\\lbrack": "[",
            "\\rbrack": "]", "\\vert": "|", "\\|": "‖"}.get(tex.strip(), tex.strip())


def tag_forms(latexes: list[str]) -> list[Form | None]:
    """For each of a page's formulas in order, the form its numbers are set in (None:
    the default, in parentheses): the last `\\usetagform` before its end, as MathJax
    reads the page."""
    defined: dict[str, Form] = {}
    current: Form | None = None
    out: list[Form | None] = []
    for latex in latexes:
        if "tagform" in latex:
            for match in _COMMAND.finditer(latex):
                found = _read(latex, match.start())
                if found is None:
                    continue
                name, args, _ = found
                if name == "usetagform":
                    current = defined.get(args[0].strip())  # (`default`: parentheses)
                else:
                    defined[args[0].strip()] = (_side(args[1]), _side(args[2]))
        out.append(current)
    return out


def in_form(mathml: str, form: Form | None) -> str:
    """`mathml` with its numbers set in `form`."""
    if form is None or "<mtext>(" not in mathml:
        return mathml
    return _NUMBER.sub(lambda m: m.group(1) + form[0] + m.group(2) + form[1] + m.group(3),
                       mathml)

"""LaTeX rewritten before math-core converts it: what KaTeX accepts and math-core lacks.

math-core 0.9 converts most of KaTeX's supported functions; for the rest, `rewrite`
turns the formula into LaTeX it knows with the same meaning (`\\substack` into a
`subarray`, `alignat` into `align`, `\\cr` into `\\\\`, `\\smallint` into a small `\\int`,
…), fixes what it converts silently wrong (`\\\\[1em]` printed `[1em]`; the space after
`\\%` inside `\\text` was lost; `\\dots` became three full stops that screen readers read
one by one) and, where MathML Core has the element but math-core no command for it
(`\\rlap`, `\\smash`, `\\rule`, `\\colorbox`, `CD`, `\\href`, font sizes), marks the place
with private-use characters in a `\\text` and lets `Marks.apply` put the element into
math-core's output. Lossy rewrites, where nothing better exists, are listed in the
docs' Math page (`\\overlinesegment` loses its end ticks, `\\\\[1em]` its extra
space).

Most formulas need none of this: `rewrite` returns at once when the formula names no
command in `TRIGGERS` (a set test over its command names).
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from lanting.markdown.urls import URL_HINT, unsafe_url_reason


class TexError(ValueError):
    """A formula that uses what cannot be rendered; `offset` is where, in the formula."""

    def __init__(self, message: str, offset: int = 0, hint: str | None = None) -> None:
        super().__init__(message)
        self.offset = offset
        self.hint = hint


# --- parsing helpers --------------------------------------------------------------------

_NAMES = re.compile(r"\\([A-Za-z]+|.)", re.S)
_TOKEN = re.compile(r"\\[A-Za-z]+|\\.|.", re.S)


def group_end(s: str, i: int) -> int | None:
    """`s[i] == "{"`: the index just past its matching `}`, or None."""
    depth = 0
    j = i
    n = len(s)
    while j < n:
        c = s[j]
        if c == "\\":
            j += 2
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return j + 1
        j += 1
    return None


def _skip_space(s: str, i: int) -> int:
    while i < len(s) and s[i] in " \t\n\r":
        i += 1
    return i


def _arguments(s: str, i: int, count: int, optional: bool = False
               ) -> tuple[str | None, list[str], int] | None:
    """An optional `[…]`, then `count` arguments (braced, or one token) from `i`."""
    i = _skip_space(s, i)
    opt = None
    if optional and i < len(s) and s[i] == "[":
        j = s.find("]", i)
        if j < 0:
            return None
        opt, i = s[i + 1:j], _skip_space(s, j + 1)
    out = []
    for _ in range(count):
        i = _skip_space(s, i)
        if i >= len(s):
            return None
        if s[i] == "{":
            end = group_end(s, i)
            if end is None:
                return None
            out.append(s[i + 1:end - 1])
            i = end
        else:
            token = _TOKEN.match(s, i)
            if token is None or token.group(0) in "}&":
                return None
            out.append(token.group(0))
            i = token.end()
    return opt, out, i


def replace_command(s: str, name: str, count: int,
                    make: Callable[[str | None, list[str], int], str],
                    optional: bool = False) -> str:
    """Every `\\name[opt]{a1}…{an}` replaced by `make(opt, args, offset)`."""
    pattern = re.compile(re.escape("\\" + name) + r"(?![A-Za-z])")
    pos, out = 0, []
    while match := pattern.search(s, pos):
        found = _arguments(s, match.end(), count, optional)
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
            j = _skip_space(s, i)
            if j < len(s) and s[j] == "[" and (k := s.find("]", j)) >= 0:
                opt, i = s[j + 1:k], k + 1
        if takes_arg:
            j = _skip_space(s, i)
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
        return mathml


# --- the rules ----------------------------------------------------------------------------


@dataclass(slots=True)
class _Context:
    display: bool
    marks: Marks
    plain_refs: list[int]
    """Which `\\eqref`s (by position) were `\\ref`s: printed without parentheses."""


_DIM = r"-?\s*(?:\d+\.?\d*|\.\d+)\s*(?:em|ex|pt|mm|cm|in|mu|bp|pc|dd|cc|nd|nc|sp|px)"
_TO_PT = {"bp": 72.27 / 72, "pc": 12.0, "dd": 1238 / 1157, "cc": 14856 / 1157,
          "nd": 685 / 642, "nc": 1370 / 107, "sp": 1 / 65536}
_LENGTH = re.compile(r"\s*(-?\s*(?:\d+\.?\d*|\.\d+))\s*(em|ex|pt|mm|cm|in|mu|bp|pc|dd|cc|nd|nc"
                     r"|sp|px)\s*")


def _css_length(text: str, offset: int) -> str:
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


_LINEBREAK_DIM = re.compile(r"(\\\\|\\cr(?![A-Za-z]))\s*\[\s*(" + _DIM + r")\s*\]")
_CR = re.compile(r"\\cr(?![A-Za-z])")


def _linebreak_dim(s: str, ctx: _Context) -> str:
    """`\\\\[1em]` (math-core printed "[1em]" as content): the row ends with a strut as
    deep as the extra space. `\\cr` is `\\\\`."""

    def one(m: re.Match[str]) -> str:
        length = _css_length(m.group(2), m.start())
        if length.startswith("-") or float(re.sub(r"[a-z]+$", "", length)) == 0:
            return "\\\\ "  # less space than a row: not drawn
        return ctx.marks.atom(f'<mspace width="0" depth="{length}"/>') + "\\\\ "

    return _CR.sub(r"\\\\", _LINEBREAK_DIM.sub(one, s))


_UNIT = re.compile(r"(-?\d+\.?\d*|\.\d+)\s*(bp|pc|dd|cc|nd|nc|sp)(?![A-Za-z])")
_BRACED_LENGTH = re.compile(r"\\(kern|mkern|mskip|hskip)\s*\{\s*(" + _DIM + r")\s*\}")


def _lengths(s: str, ctx: _Context) -> str:
    """Units math-core lacks in pt; `\\kern{1em}` as `\\kern1em`; `\\hspace*` as `\\hspace`."""
    s = _UNIT.sub(lambda m: f"{float(m.group(1)) * _TO_PT[m.group(2)]:.4g}pt", s)
    s = _BRACED_LENGTH.sub(lambda m: "\\" + m.group(1) + m.group(2).replace(" ", "") + " ", s)
    return s.replace("\\hspace*", "\\hspace")


def _substack(s: str, ctx: _Context) -> str:
    return replace_command(s, "substack", 1, lambda o, a, i:
                           "\\begin{subarray}{c}" + a[0] + "\\end{subarray}")


_FENCES = {"matrix*": (".", "."), "pmatrix*": ("(", ")"), "bmatrix*": ("[", "]"),
           "Bmatrix*": ("\\{", "\\}"), "vmatrix*": ("|", "|"), "Vmatrix*": ("\\|", "\\|")}
_ROWS = re.compile(r"\\\\|\\cr(?![A-Za-z])")


def _matrices(s: str, ctx: _Context) -> str:
    """`smallmatrix` as a script-size `matrix`; `pmatrix*[r]` and kin as arrays."""
    s = replace_environment(s, ("smallmatrix",), lambda e, o, a, body:
                            "{\\scriptstyle\\begin{matrix}" + body + "\\end{matrix}}")

    def starred(env: str, opt: str | None, arg: str | None, body: str) -> str:
        columns = max(row.count("&") for row in _ROWS.split(body)) + 1
        align = (opt or "c").strip() or "c"
        array = f"\\begin{{array}}{{{align * columns}}}{body}\\end{{array}}"
        left, right = _FENCES[env]
        return array if env == "matrix*" else f"\\left{left}{array}\\right{right}"

    return replace_environment(s, tuple(_FENCES), starred, takes_opt=True)


_ALIGN_PAIR = re.compile(r"&((?:(?!\\\\)[^&])*?)&")


def _alignments(s: str, ctx: _Context) -> str:
    """`alignat` and `alignedat` as `align`/`aligned` (a little more space between
    pairs), `split` as `aligned`, `eqnarray` as `align` (`a &=& b` as `a &= b`)."""
    s = replace_environment(
        s, ("alignat", "alignat*", "alignedat"),
        lambda e, o, a, body: {"alignat": "\\begin{align}%s\\end{align}",
                               "alignat*": "\\begin{align*}%s\\end{align*}",
                               "alignedat": "\\begin{aligned}%s\\end{aligned}"}[e] % body,
        takes_arg=True)
    s = replace_environment(s, ("split",), lambda e, o, a, body:
                            "\\begin{aligned}" + body + "\\end{aligned}")
    return replace_environment(
        s, ("eqnarray", "eqnarray*"),
        lambda e, o, a, body: ("\\begin{align}%s\\end{align}" if e == "eqnarray"
                               else "\\begin{align*}%s\\end{align*}")
        % _ALIGN_PAIR.sub(r"&\1", body))


_CD_ARROW = re.compile(r"@(?:>([^>]*)>([^>]*)>|<([^<]*)<([^<]*)<|V([^V]*)V([^V]*)V"
                       r"|A([^A]*)A([^A]*)A|(=)|(\|)|(\.))")


def _cd(s: str, ctx: _Context) -> str:
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


def _label_safe(text: str) -> str:
    return html.escape(text, quote=True)


_PLAIN_LINK_TEXT = re.compile(r"[^\\{}^_$&%#~]*")


def _links(s: str, ctx: _Context) -> str:
    """`\\href` and `\\url` as real links (an unsafe URL, `javascript:`, is an error; the
    link text is plain text); `\\htmlClass` and friends keep their content without the
    attribute; `\\includegraphics` is refused."""

    def refuse(url: str, at: int) -> None:
        if (why := unsafe_url_reason(url)) is not None:
            raise TexError(why, at, hint=URL_HINT)

    def href(opt: str | None, args: list[str], at: int) -> str:
        url, text = args
        refuse(url, at)
        if _PLAIN_LINK_TEXT.fullmatch(text):
            return ctx.marks.atom(f'<mtext><a href="{_label_safe(url)}">'
                                  f"{html.escape(text.strip(), quote=False)}</a></mtext>")
        return "{" + text + "}"  # math in the text: MathML Core has no links there

    def url(opt: str | None, args: list[str], at: int) -> str:
        refuse(args[0], at)
        escaped = html.escape(args[0], quote=False)
        return ctx.marks.atom(f'<mtext class="math-tt"><a href="{_label_safe(args[0])}">'
                              f"{escaped}</a></mtext>")

    def image(opt: str | None, args: list[str], at: int) -> str:
        raise TexError("`\\includegraphics` is not supported in math", at,
                       hint="put the image outside the formula: `![alt](file.png)`")

    if "href" in s:
        s = replace_command(s, "href", 2, href)
    if "url" in s:
        s = replace_command(s, "url", 1, url)
    for name in ("htmlClass", "htmlId", "htmlStyle", "htmlData"):
        if name in s:
            s = replace_command(s, name, 2, lambda o, a, i: "{" + a[1] + "}")
    if "includegraphics" in s:
        s = replace_command(s, "includegraphics", 1, image, optional=True)
    return s


_CHAR = re.compile(r"\\char\s*(?:\"([0-9A-Fa-f]+)|'([0-7]+)|(\d+))")
_SPECIAL_CHAR = {"\\": "\\backslash ", "{": "\\{", "}": "\\}", "$": "\\$", "&": "\\&",
                 "#": "\\#", "%": "\\%", "_": "\\_", "^": "\\hat{}", "~": "\\sim "}


def _char(s: str, ctx: _Context) -> str:
    def one(m: re.Match[str]) -> str:
        code = (int(m.group(1), 16) if m.group(1) else int(m.group(2), 8) if m.group(2)
                else int(m.group(3)))
        if not 0 < code < 0x110000 or 0xD800 <= code < 0xE000:
            raise TexError(f"`{m.group(0)}` is no character", m.start())
        c = chr(code)
        return _SPECIAL_CHAR.get(c, c if c.isprintable() and c.strip() else "")
    return _CHAR.sub(one, s)


REFUSED_CHARS = {"⊤": "\\top ", "⊥": "\\bot ", "∴": "\\therefore ", "∵": "\\because ",
                 "∠": "\\angle ", "∡": "\\measuredangle ", "∢": "\\sphericalangle "}
_REFUSED = re.compile("[" + "".join(REFUSED_CHARS) + "]")


def _verb(s: str, ctx: _Context) -> str:
    def one(m: re.Match[str]) -> str:
        return ctx.marks.atom(f'<mtext class="math-tt">{html.escape(m.group(2), quote=False)}'
                              "</mtext>")
    return re.sub(r"\\verb\*?([^A-Za-z\s])(.*?)\1", one, s)


_TEXT_COMMANDS = ("text", "textrm", "textsf", "texttt", "textit", "textbf", "textup",
                  "textnormal", "textmd", "mbox", "hbox")
_TEXT_OPEN = re.compile(r"\\(" + "|".join(_TEXT_COMMANDS) + r")(?![A-Za-z])\s*\{")
_TEXT_MATH = re.compile(r"(?<!\\)\$(.*?)(?<!\\)\$|\\\((.*?)\\\)", re.S)
_TEXT_SPACE = re.compile(r"\\([&%#$_{}])(?=\s)")
_RAW_SPECIAL = re.compile(r"(?<!\\)([&_])")


def _text_ranges(s: str) -> list[tuple[int, int]]:
    """Where text mode is: the groups of `\\text` and its kin."""
    out = []
    for m in _TEXT_OPEN.finditer(s):
        end = group_end(s, m.end() - 1)
        if end is not None:
            out.append((m.end(), end - 1))
    return out


def _texts(s: str, ctx: _Context) -> str:
    """Inside `\\text{}`: `$…$` becomes math beside it (math-core has no math inside
    text), raw `&` and `_` are escaped, the space after `\\%` and kin is kept, and
    `\\mbox`/`\\hbox` are `\\text`."""

    def fix(name: str) -> Callable[[str | None, list[str], int], str]:
        command = "text" if name in ("mbox", "hbox") else name

        def one(opt: str | None, args: list[str], at: int) -> str:
            body = args[0]
            if "ref" in body:  # references are math: out of the text
                body = re.sub(r"\\eqref\s*\{([^{}]*)\}", r"\\(\\eqref{\1}\\)", body)
            if "$" in body or "\\(" in body:
                parts = []
                last = 0
                for m in _TEXT_MATH.finditer(body):
                    if m.start() > last:
                        parts.append(f"\\{command}{{{_text_body(body[last:m.start()])}}}")
                    parts.append("{" + (m.group(1) if m.group(1) is not None
                                        else m.group(2)) + "}")
                    last = m.end()
                if last < len(body):
                    parts.append(f"\\{command}{{{_text_body(body[last:])}}}")
                return "{" + "".join(parts) + "}" if parts else f"\\{command}{{}}"
            return f"\\{command}{{{_text_body(body)}}}"
        return one

    if "box" not in s and not any(_TEXT_NEEDS.search(s, a, b) for a, b in _text_ranges(s)):
        return s  # `\\text{loss}`: nothing to do (most formulas with text)
    for name in _TEXT_COMMANDS:
        if "\\" + name in s:
            s = replace_command(s, name, 1, fix(name))
    return s


_TEXT_NEEDS = re.compile(r"[$&_]|\\\(|ref|\\[&%#$_{}]\s")
"""What `_texts` changes inside a text group."""


def _text_body(body: str) -> str:
    body = _RAW_SPECIAL.sub(r"\\\1", body)
    return _TEXT_SPACE.sub(r"\\\1{}", body)


_SIZES = {"tiny": 0.5, "scriptsize": 0.7, "footnotesize": 0.8, "small": 0.9,
          "normalsize": 1.0, "large": 1.2, "Large": 1.44, "LARGE": 1.728, "huge": 2.074,
          "Huge": 2.488}
_SIZE = re.compile(r"\\(" + "|".join(_SIZES) + r")(?![A-Za-z])\s*")
_STOP = re.compile(r"\\(?:left|begin|right|end)(?![A-Za-z])|\\\\|\\.|[{}&]")


def _rest_of_group(s: str, i: int) -> int:
    """Where the group that `i` is in ends: its `}`, a cell's `&`, a row's `\\\\`,
    `\\right`, `\\end` or the end of the formula."""
    depth = 0
    for m in _STOP.finditer(s, i):
        token = m.group(0)
        if token in ("{", "\\left", "\\begin"):
            depth += 1
        elif token in ("}", "\\right", "\\end"):
            if depth == 0:
                return m.start()
            depth -= 1
        elif token in ("&", "\\\\") and depth == 0:
            return m.start()
    return len(s)


def _in_ranges(i: int, ranges: list[tuple[int, int]]) -> bool:
    return any(a <= i < b for a, b in ranges)


def _sizes(s: str, ctx: _Context) -> str:
    """`\\Large` and kin outside `\\text` (math-core knows them in text only): the rest
    of the group in an `<mstyle>` of that size."""
    while True:
        ranges = _text_ranges(s)
        # the last first: its group is then inside the group of any before it
        match = next((m for m in reversed(list(_SIZE.finditer(s)))
                      if not _in_ranges(m.start(), ranges)), None)
        if match is None:
            return s
        end = _rest_of_group(s, match.end())
        scale = _SIZES[match.group(1)]
        # Relative to the formula's size, not to an enclosing switch's: `--math-em` is
        # the `math` element's font size (style.css).
        s = (s[:match.start()]
             + ctx.marks.wrap(f'<mstyle style="font-size:calc({scale} * var(--math-em, 1em))">',
                              "</mstyle>", s[match.end():end])
             + s[end:])


_COLOR_NAME = re.compile(r"#?[0-9A-Fa-f]{6}|#[0-9A-Fa-f]{3}|[A-Za-z]+")


def _css_color(value: str, at: int) -> str:
    value = value.strip()
    if not _COLOR_NAME.fullmatch(value):
        raise TexError(f"`{value}` is not a colour (a name such as `red`, or `#228B22`)", at)
    if re.fullmatch(r"[0-9A-Fa-f]{6}", value) and not value.isalpha():
        return "#" + value
    return value


def _hex(value: str) -> str:
    value = value.lstrip("#")
    return "".join(c * 2 for c in value) if len(value) == 3 else value


def _colors(s: str, ctx: _Context) -> str:
    """`\\textcolor{#228B22}` and `\\color{#hex}` as `\\color[HTML]`; `\\colorbox` and
    `\\fcolorbox` as a coloured box around their text."""

    def textcolor(opt: str | None, args: list[str], at: int) -> str:
        color, body = args[0].strip(), args[1]
        if color.startswith("#") or (re.fullmatch(r"[0-9A-Fa-f]{6}", color)
                                     and not color.isalpha()):
            return "{\\color[HTML]{" + _hex(color) + "}" + body + "}"
        return "\\textcolor{" + color + "}{" + body + "}"

    def box(opt: str | None, args: list[str], at: int) -> str:
        *frame, background, body = args
        color = _css_color(background, at)
        # The text dark on a light box and light on a dark one, in either colour scheme.
        style = (f"background-color:{color};color:lch(from {color} calc((62 - l) * 100) 0 0);"
                 "padding:0.1em 0.3em")
        if frame:
            style += f";border:0.06em solid {_css_color(frame[0], at)}"
        return ctx.marks.wrap(f'<mrow style="{_label_safe(style)}">', "</mrow>",
                              "\\text{" + body + "}")

    if "textcolor" in s:
        s = replace_command(s, "textcolor", 2, textcolor)
    s = re.sub(r"\\color\s*\{\s*#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})\s*\}",
               lambda m: "\\color[HTML]{" + _hex(m.group(1)) + "}", s)
    if "fcolorbox" in s:
        s = replace_command(s, "fcolorbox", 3, box)
    if "colorbox" in s:
        s = replace_command(s, "colorbox", 2, box)
    return s


def _boxes(s: str, ctx: _Context) -> str:
    """Zero-width and zero-height boxes (`\\rlap`, `\\mathclap`, `\\smash`), rules,
    `\\vcenter`, `\\raisebox`, `\\sout` in math: MathML Core's `mpadded`, `mspace` and
    `menclose`."""
    # mpadded's lspace takes no percentage in Chromium: a transform moves the content.
    laps = {"rlap": ("", True), "llap": ("-100%", True), "clap": ("-50%", True),
            "mathrlap": ("", False), "mathllap": ("-100%", False), "mathclap": ("-50%", False)}

    def lap(shift: str, text: bool) -> Callable[[str | None, list[str], int], str]:
        opening = ('<mpadded width="0"><mrow style="transform:translateX(' + shift + ')">'
                   if shift else '<mpadded width="0"><mrow>')
        return lambda o, a, i: ctx.marks.wrap(opening, "</mrow></mpadded>",
                                              "\\text{" + a[0] + "}" if text else a[0])

    for name, (shift, text) in laps.items():
        if "\\" + name in s:
            s = replace_command(s, name, 1, lap(shift, text))
    if "\\smash" in s:
        def smash(opt: str | None, args: list[str], at: int) -> str:
            which = (opt or "").strip()
            attrs = {"t": ' height="0"', "b": ' depth="0"'}.get(which, ' height="0" depth="0"')
            return ctx.marks.wrap(f"<mpadded{attrs}>", "</mpadded>", args[0])
        s = replace_command(s, "smash", 1, smash, optional=True)
    if "\\rule" in s:
        def rule(opt: str | None, args: list[str], at: int) -> str:
            width, height = _css_length(args[0], at), _css_length(args[1], at)
            element = (f'<mspace width="{width}" height="{height}" '
                       'mathbackground="currentcolor"/>')
            if opt and opt.strip():
                element = f'<mpadded voffset="{_css_length(opt, at)}">{element}</mpadded>'
            return ctx.marks.atom(element)
        s = replace_command(s, "rule", 2, rule, optional=True)
    if "\\raisebox" in s:
        s = replace_command(s, "raisebox", 2, lambda o, a, i: ctx.marks.wrap(
            f'<mpadded voffset="{_css_length(a[0], i)}">', "</mpadded>", "\\text{" + a[1] + "}"))
    if "\\vcenter" in s:
        s = replace_command(s, "vcenter", 1, lambda o, a, i: "{" + a[0] + "}")
    if "\\sout" in s:
        ranges = _text_ranges(s)
        pattern = re.compile(r"\\sout(?![A-Za-z])")
        for m in reversed(list(pattern.finditer(s))):
            if _in_ranges(m.start(), ranges):
                continue
            found = _arguments(s, m.end(), 1)
            if found is None:
                raise TexError("`\\sout` needs an argument", m.start())
            s = s[:m.start()] + ctx.marks.wrap(
                '<menclose notation="horizontalstrike"><mrow>',
                '</mrow><mrow class="menclose-horizontalstrike"></mrow></menclose>',
                found[1][0]) + s[found[2]:]
    return s


_PRIMITIVES = re.compile(r"\\(futurelet|expandafter|noexpand|afterassignment|csname|"
                         r"endcsname|@[A-Za-z@]*)(?![A-Za-z])")


def _primitives(s: str, ctx: _Context) -> str:
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


_VARLIM = {"varinjlim": "\\underrightarrow{\\mathrm{lim}}",
           "varprojlim": "\\underleftarrow{\\mathrm{lim}}",
           "varliminf": "\\underline{\\mathrm{lim}}", "varlimsup": "\\overline{\\mathrm{lim}}"}
_VARLIM_USE = re.compile(r"\\(varinjlim|varprojlim|varliminf|varlimsup)(?![A-Za-z])\s*"
                         r"(?:_\s*\{([^{}]*)\}|_\s*(\\[A-Za-z]+|[A-Za-z0-9]))?")


def _varlim(s: str, ctx: _Context) -> str:
    def one(m: re.Match[str]) -> str:
        body, below = _VARLIM[m.group(1)], m.group(2) or m.group(3)
        if below is None:
            return "{" + body + "}"
        return (f"\\underset{{{below}}}{{{body}}}" if ctx.display
                else f"{{{body}}}_{{{below}}}")
    return _VARLIM_USE.sub(one, s)


ALIASES = {
    "centerdot": "\\cdot", "sdot": "\\cdot", "smallsetminus": "\\setminus",
    "shortmid": "\\mid", "shortparallel": "\\parallel", "nshortmid": "\\nmid",
    "nshortparallel": "\\nparallel", "smallfrown": "\\frown", "smallsmile": "\\smile",
    "thickapprox": "\\approx", "thicksim": "\\sim", "varpropto": "\\propto",
    "smallint": "{\\scriptstyle\\int}", "dotsb": "\\cdots", "dotsi": "\\cdots",
    "dotsm": "\\cdots", "pmb": "\\boldsymbol", "textup": "\\textrm",
    "textnormal": "\\textrm", "textmd": "\\textrm", "KaTeX": "\\text{KaTeX}",
    "LaTeX": "\\text{LaTeX}", "TeX": "\\text{TeX}", "overlinesegment": "\\overline",
    "underlinesegment": "\\underline", "nobreak": "", "allowbreak": "",
}
"""Commands math-core lacks, as commands it has: the same character (KaTeX only draws
some smaller or bolder), or, for the last few, the nearest (`\\overlinesegment` loses
its end ticks)."""
_ALIAS = re.compile(r"\\(" + "|".join(sorted(ALIASES, key=len, reverse=True))
                    + r")(?![A-Za-z])\s*")


def _aliases(s: str, ctx: _Context) -> str:
    if "\\intop" in s:
        s = re.sub(r"\\intop(?![A-Za-z])", r"\\int\\limits " if ctx.display else r"\\int ", s)
    if "\\mathnormal" in s:
        s = replace_command(s, "mathnormal", 1, lambda o, a, i: "{" + a[0] + "}")
    if "\\TextOrMath" in s:
        s = replace_command(s, "TextOrMath", 2, lambda o, a, i: "{" + a[1] + "}")
    return _ALIAS.sub(lambda m: ALIASES[m.group(1)] + (" " if ALIASES[m.group(1)] else ""), s)


_DOTS = re.compile(r"\\(dots|ldots|dotsc|dotso|mathellipsis)(?![A-Za-z])(\s*)")
_BINARY_NEXT = re.compile(r"[+\-=<>]|\\(?:cdot|times|pm|mp|le|ge|leq|geq|ne|neq|approx|equiv|"
                          r"sim|simeq|cup|cap|oplus|otimes|wedge|vee|land|lor|to|rightarrow|"
                          r"leftarrow|implies|iff|circ|ast|star|div|setminus)(?![A-Za-z])")


def _dots(s: str, ctx: _Context) -> str:
    """`\\dots` as one ellipsis character (math-core wrote three full stops, read out
    one by one); before a binary operator or relation, centred, as amsmath does."""
    def one(m: re.Match[str]) -> str:
        if m.group(1) == "dots" and _BINARY_NEXT.match(s, m.end()):
            return "\\cdots" + (m.group(2) or " ")
        return "…" + m.group(2)
    return _DOTS.sub(one, s)


_SFIT = {**{chr(65 + i): chr(0x1D608 + i) for i in range(26)},
         **{chr(97 + i): chr(0x1D622 + i) for i in range(26)},
         **{chr(48 + i): chr(0x1D7E2 + i) for i in range(10)}}
_CIRCLED = {**{chr(97 + i): chr(0x24D0 + i) for i in range(26)},
            **{chr(65 + i): chr(0x24B6 + i) for i in range(26)},
            "0": "⓪", **{str(i): chr(0x2460 + i - 1) for i in range(1, 10)}}


def _letters(s: str, ctx: _Context) -> str:
    """`\\mathsfit` and `\\textcircled` as the Unicode characters they stand for."""
    if "\\mathsfit" in s:
        s = replace_command(s, "mathsfit", 1, lambda o, a, i:
                            "{" + "".join(_SFIT.get(c, c) for c in a[0]) + "}"
                            if re.fullmatch(r"[A-Za-z0-9 ]*", a[0]) else "\\mathsf{" + a[0] + "}")
    if "\\textcircled" in s:
        s = replace_command(s, "textcircled", 1, lambda o, a, i:
                            _CIRCLED.get(a[0].strip(), a[0]))
    return s


def _fractions(s: str, ctx: _Context) -> str:
    """`{a \\above 2pt b}` as `\\genfrac`."""
    return re.sub(r"\{([^{}]*?)\\above\s*(?:\{([^{}]*)\}|(" + _DIM + r"))([^{}]*?)\}",
                  lambda m: "\\genfrac{}{}{" + (m.group(2) or m.group(3)).replace(" ", "")
                  + "}{}{" + m.group(1) + "}{" + m.group(4) + "}", s)


def _refs(s: str, ctx: _Context) -> str:
    """`\\ref{x}` as `\\eqref{x}` without the parentheses (math-core has only `\\eqref`)."""
    out = []
    pos = count = 0
    for m in re.finditer(r"\\(eq)?ref\s*\{", s):
        out.append(s[pos:m.start()])
        if m.group(1) is None:
            ctx.plain_refs.append(count)
            out.append("\\eqref{")
        else:
            out.append(m.group(0))
        pos = m.end()
        count += 1
    out.append(s[pos:])
    return "".join(out)


_MATHOP = re.compile(r"\\mathop(?![A-Za-z])\s*")
_LIMITS = re.compile(r"\s*\\(no)?limits(?![A-Za-z])")
_ROMAN = re.compile(r"\\(?:rm|mathrm|operatorname)(?![A-Za-z])\s*")


def _operators(s: str, ctx: _Context) -> str:
    """`\\mathop{\\rm arg\\,max}\\limits_\\theta`, the argmax of many an ML post, as
    `\\operatorname*{arg\\,max}_\\theta` (math-core takes `\\limits` after an operator
    command only; `\\mathop{\\sum}\\limits` is `\\sum\\limits`); `\\displaylines{a \\\\ b}`
    as the `gathered` it means."""
    if "\\displaylines" in s:
        s = replace_command(s, "displaylines", 1, lambda o, a, i:
                            "\\begin{gathered}" + a[0] + "\\end{gathered}")
    out, pos = [], 0
    for match in _MATHOP.finditer(s):
        if match.start() < pos or not s.startswith("{", match.end()):
            continue
        end = group_end(s, match.end())
        if end is None:
            continue
        body = s[match.end() + 1:end - 1].strip()
        limits = _LIMITS.match(s, end)
        if re.fullmatch(r"\\[A-Za-z]+", body):  # `\mathop{\sum}`: the operator itself
            out += [s[pos:match.start()], body + ("" if limits else " ")]
            pos = end  # (its `\limits`, if any, follows as written)
            continue
        name = _ROMAN.sub("", body).strip("{} ")
        out += [s[pos:match.start()], ("\\operatorname*{" if limits and not limits.group(1)
                                       else "\\operatorname{") + name + "}"]
        pos = limits.end() if limits else end
    return "".join(out) + s[pos:]


_STARRED = re.compile(r"\\([A-Za-z]+)\*")
STARRED_FORMS = frozenset({"operatorname", "tag", "verb", "DeclareMathOperator",
                           "newcommand", "renewcommand", "providecommand"})
"""Commands whose starred form math-core converts (or Lanting reads before it)."""


def _stars(s: str, ctx: _Context) -> str:
    """`\\lambda*W` is `\\lambda` times `W` to KaTeX and MathJax, an unknown command
    `\\lambda*` to math-core: a space goes between a command with no starred form and
    its `*`. `\\hspace*` is `\\hspace` in math (the star keeps it at a line break)."""
    def one(m: re.Match[str]) -> str:
        name = m.group(1)
        if name in STARRED_FORMS:
            return m.group(0)
        return "\\hspace" if name == "hspace" else f"\\{name} *"
    return _STARRED.sub(one, s)


_ESCAPED_CHAR = re.compile(r"\\(.)", re.S)


def _control_space(s: str, ctx: _Context) -> str:
    """`\\` right before a line break: TeX's control space, as KaTeX and MathJax read it
    (`a\\ \\ \\` + a line end); math-core refused it as an unknown command. Pairs are
    read from the left, so `\\\\` (a row break) before a line end stays one."""
    return _ESCAPED_CHAR.sub(lambda m: "\\ " if m.group(1) in "\r\n" else m.group(), s)


_ANGLE = re.compile(r"\\(left|right|[bB]igg?[lrm]?)\s*([<>])")


def _angles(s: str, ctx: _Context) -> str:
    """`\\left< x \\right>`: TeX's old spelling of angle brackets as delimiters, which
    MathJax and KaTeX read; math-core knows only `\\langle` and `\\rangle`."""
    return _ANGLE.sub(lambda m: f"\\{m.group(1)}\\{'langle' if m.group(2) == '<' else 'rangle'}",
                      s)


_Rule = Callable[[str, _Context], str]

RULES: tuple[tuple[frozenset[str], _Rule], ...] = (
    (frozenset({"@", "futurelet", "expandafter", "noexpand", "afterassignment", "csname",
                "edef", "xdef"}), _primitives),
    (frozenset({"verb"}), _verb),
    (frozenset({"href", "url", "htmlClass", "htmlId", "htmlStyle", "htmlData",
                "includegraphics"}), _links),
    (frozenset({"starred:"}), _stars),
    (frozenset({"\n", "\r"}), _control_space),
    (frozenset({"left", "right", "bigl", "bigr", "Bigl", "Bigr", "biggl", "biggr", "Biggl",
                "Biggr", "big", "Big", "bigg", "Bigg", "bigm", "Bigm"}), _angles),
    (frozenset({"mathop", "displaylines"}), _operators),
    (frozenset({"begin:CD"}), _cd),
    (frozenset({"\\", "cr"}), _linebreak_dim),
    (frozenset({"kern", "mkern", "mskip", "hskip", "hspace", "rule", "raisebox", "genfrac",
                "above", "\\"}), _lengths),
    (frozenset({"substack"}), _substack),
    (frozenset({"begin:smallmatrix", "begin:matrix*", "begin:pmatrix*", "begin:bmatrix*",
                "begin:Bmatrix*", "begin:vmatrix*", "begin:Vmatrix*"}), _matrices),
    (frozenset({"begin:alignat", "begin:alignat*", "begin:alignedat", "begin:split",
                "begin:eqnarray", "begin:eqnarray*"}), _alignments),
    (frozenset({"char"}), _char),
    (frozenset({"ref"}), _refs),
    (frozenset({"rlap", "llap", "clap", "mathrlap", "mathllap", "mathclap", "smash", "rule",
                "raisebox", "vcenter", "sout"}), _boxes),
    (frozenset({"textcolor", "color", "colorbox", "fcolorbox"}), _colors),
    (frozenset(_SIZES), _sizes),
    (frozenset(_TEXT_COMMANDS), _texts),
    (frozenset({"varinjlim", "varprojlim", "varliminf", "varlimsup"}), _varlim),
    (frozenset({*ALIASES, "intop", "mathnormal", "TextOrMath"}), _aliases),
    (frozenset({"dots", "ldots", "dotsc", "dotso", "mathellipsis"}), _dots),
    (frozenset({"mathsfit", "textcircled"}), _letters),
    (frozenset({"above"}), _fractions),
)
"""Each rule runs only if the formula names one of its commands (`begin:X`: the
environment X). Order matters: links and `\\verb` before text, boxes before sizes."""

TRIGGERS = frozenset().union(*(names for names, _ in RULES))

_BEGIN = re.compile(r"\\begin\s*\{([^{}]*)\}")


def _names(tex: str) -> set[str]:
    names = set(_NAMES.findall(tex))
    if "*" in tex and _STARRED.search(tex):
        names.add("starred:")  # (no command is named so)
    if "begin" in names:
        names.update("begin:" + env for env in _BEGIN.findall(tex))
    return names


@functools.lru_cache(maxsize=4096)
def rewrite(tex: str, display: bool) -> tuple[str, Marks | None, tuple[int, ...]]:
    """(LaTeX math-core converts, the markers to replace in its output, which `\\eqref`s
    were `\\ref`s). Raises TexError for what cannot be rendered. Memoized (a formula
    recurs across a site's pages); the Marks returned are only read."""
    refused = _REFUSED.search(tex) is not None
    if "\\" not in tex and not refused:
        return tex, None, ()
    names = _names(tex)
    if not refused and names.isdisjoint(TRIGGERS):
        return tex, None, ()
    if refused:
        tex = _REFUSED.sub(lambda m: REFUSED_CHARS[m.group(0)], tex)
    ctx = _Context(display, Marks(), [])
    for triggers, rule in RULES:
        if not names.isdisjoint(triggers):
            changed = rule(tex, ctx)
            if changed != tex:
                tex = changed
                names = _names(tex)
    return tex, (ctx.marks if ctx.marks.entries else None), tuple(ctx.plain_refs)


def offset_in_source(source: str, rewritten: str, offset: int) -> int:
    """Where, in `source`, the token at `offset` of its rewritten form is: the same
    offset when nothing was rewritten, else where that token occurs in the source."""
    if source == rewritten:
        return offset
    token = _TOKEN.match(rewritten, offset) if offset < len(rewritten) else None
    if token is None:
        return min(offset, len(source))
    text = token.group(0)
    if len(text) == 1 and offset + 1 < len(rewritten):
        text = rewritten[offset:offset + 6]
    places = [m.start() for m in re.finditer(re.escape(text), source)]
    if places:
        return min(places, key=lambda p: abs(p - offset))
    return min(offset, len(source))

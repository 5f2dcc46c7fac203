"""Rewrite rules for style inside formulas: font sizes (`\\Large` outside `\\text`),
colours (`\\color`, `\\textcolor`, `\\colorbox`, `\\fcolorbox`, in CSS) and boxes
(`\\rlap`, `\\smash`, `\\rule`, `\\raisebox`, `\\sout`, …)."""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Callable

import math_core

from lanting.markdown.tex_layout import DIM, css_length
from lanting.markdown.tex_scan import (
    TOKEN,
    Context,
    TexError,
    arguments,
    group_end,
    replace_command,
)
from lanting.markdown.tex_text import text_ranges
from lanting.markdown.tex_xcolor import mixed_colors


def _label_safe(text: str) -> str:
    return html.escape(text, quote=True)


SIZES = {"tiny": 0.5, "scriptsize": 0.7, "footnotesize": 0.8, "small": 0.9,
          "normalsize": 1.0, "large": 1.2, "Large": 1.44, "LARGE": 1.728, "huge": 2.074,
          "Huge": 2.488}
_SIZE = re.compile(r"\\(" + "|".join(SIZES) + r")(?![A-Za-z])\s*")
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


def sizes(s: str, ctx: Context) -> str:
    """`\\Large` and kin outside `\\text` (math-core knows them in text only): the rest
    of the group in an `<mstyle>` of that size."""
    while True:
        ranges = text_ranges(s)
        # the last first: its group is then inside the group of any before it
        match = next((m for m in reversed(list(_SIZE.finditer(s)))
                      if not _in_ranges(m.start(), ranges)), None)
        if match is None:
            return s
        end = _rest_of_group(s, match.end())
        scale = SIZES[match.group(1)]
        # Relative to the formula's size, not to an enclosing switch's: `--math-em` is
        # the `math` element's font size (style.css).
        s = (s[:match.start()]
             + ctx.marks.wrap(f'<mstyle style="font-size:calc({scale} * var(--math-em, 1em))">',
                              "</mstyle>", s[match.end():end])
             + s[end:])


_COLOR_NAME = re.compile(r"#[0-9A-Fa-f]{8}|#?[0-9A-Fa-f]{6}|#[0-9A-Fa-f]{3,4}|[A-Za-z]+")
"""A colour as KaTeX takes one: a name, `#228B22` (or bare `228B22`), `#2B2`, and with
an opacity, `#228B22FF`, `#2B2F`."""


def _css_color(value: str, at: int) -> str:
    value = value.strip()
    if not _COLOR_NAME.fullmatch(value):
        raise TexError(f"`{value}` is not a colour (a name such as `red`, or `#228B22`)", at)
    if re.fullmatch(r"[0-9A-Fa-f]{6}", value) and not value.isalpha():
        return "#" + value
    return value


def _hex(value: str) -> str:
    """Six hex digits for `\\color[HTML]`: `#2B2` doubled; the opacity of `#228B22FF`
    (KaTeX takes eight digits, as CSS does; a post's R-style colours end in `FF`,
    opaque) dropped, math-core's colours having none."""
    value = value.lstrip("#")
    return ("".join(c * 2 for c in value) if len(value) in (3, 4) else value)[:6]


_SCRIPT_COLOR = re.compile(r"([_^])\s*(\\color\s*\{[^{}]*\})\s*")


def _scripted_colors(s: str) -> str:
    """`w_\\color{green}{c}`: MathJax 2's `\\color` took its math as an argument, so a
    script could be one; to math-core, as to KaTeX, `\\color` is a switch, which no
    script may be ("Switch-like commands cannot be used as arguments"). The script is
    the switch and the group or token after it, in braces: `w_{\\color{green}{c}}`."""
    out, pos = [], 0
    for m in _SCRIPT_COLOR.finditer(s):
        if m.start() < pos or (m.start() > 0 and s[m.start() - 1] == "\\"):
            continue
        end = group_end(s, m.end()) if s.startswith("{", m.end()) else None
        if end is None:
            token = TOKEN.match(s, m.end())
            if token is None:
                continue
            end = token.end()
        out += [s[pos:m.start()], m.group(1), "{", m.group(2), s[m.end():end], "}"]
        pos = end
    return "".join(out) + s[pos:] if out else s


@functools.lru_cache(maxsize=256)
def _web_color(name: str) -> str | None:
    """The hex digits of `name` when it is a CSS colour name math-core does not know
    (`crimson`, `DodgerBlue`, `Teal`): MathJax and KaTeX hand such a name to the browser,
    and posts use them; None for a name math-core knows (its xcolor and dvipsnames
    colours keep their own shade) or no colour at all."""
    try:
        math_core.LatexToMathML().convert_with_local_state(f"\\color{{{name}}}x",
                                                           displaystyle=False)
        return None
    except math_core.LatexError:
        pass
    from PIL import ImageColor  # Pillow's start-up is paid only by a post with such a name

    try:
        red, green, blue, *_alpha = ImageColor.getrgb(name)
    except ValueError:
        return None
    return f"{red:02X}{green:02X}{blue:02X}"


_NAMED_COLOR = re.compile(r"\\color\s*\{\s*([A-Za-z]+)\s*\}")


def colors(s: str, ctx: Context) -> str:
    """`\\textcolor{#228B22}` and `\\color{#hex}` as `\\color[HTML]` (xcolor's `red!80`
    as the `#hex` it mixes); `\\colorbox` and `\\fcolorbox` as a coloured box around
    their text."""

    def textcolor(opt: str | None, args: list[str], at: int) -> str:
        color, body = args[0].strip(), args[1]
        if opt is not None:  # `\textcolor[rgb]{0.5,0.8,0.7}{…}`: math-core's `\color` has models
            return "{\\color[" + opt.strip() + "]{" + color + "}" + body + "}"
        if color.startswith("#") or (re.fullmatch(r"[0-9A-Fa-f]{6}", color)
                                     and not color.isalpha()):
            return "{\\color[HTML]{" + _hex(color) + "}" + body + "}"
        if color.isalpha() and (web := _web_color(color)) is not None:
            return "{\\color[HTML]{" + web + "}" + body + "}"
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

    s = mixed_colors(s)
    if "textcolor" in s:
        s = replace_command(s, "textcolor", 2, textcolor, optional=True)
    s = _scripted_colors(s)
    s = re.sub(r"\\color\s*\{\s*#([0-9A-Fa-f]{3,4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})\s*\}",
               lambda m: "\\color[HTML]{" + _hex(m.group(1)) + "}", s)
    s = _NAMED_COLOR.sub(lambda m: m.group() if (web := _web_color(m.group(1))) is None
                         else "\\color[HTML]{" + web + "}", s)
    if "fcolorbox" in s:
        s = replace_command(s, "fcolorbox", 3, box)
    if "colorbox" in s:
        s = replace_command(s, "colorbox", 2, box)
    return s


_RAISE = re.compile(r"\\(raise|lower)(?![A-Za-z])\s*(?:\{\s*(" + DIM + r")\s*\}|(" + DIM + r"))\s*")
_BOX = re.compile(r"\\(?:hbox|mbox|text|vbox)(?![A-Za-z])\s*")


def _raise_lower(s: str, ctx: Context) -> str:
    """Plain TeX's `\\raise 2pt \\hbox{b}` and `\\lower.5ex\\hbox{…}` (MathJax reads them,
    the length braced or not, then a box, a group or one token; KaTeX has neither): the
    box moved up or down, as `\\raisebox` moves it."""
    out: list[str] = []
    pos = 0
    while (match := _RAISE.search(s, pos)) is not None:
        at = match.end()
        box = _BOX.match(s, at)
        start = box.end() if box else at
        if s.startswith("{", start):
            end = group_end(s, start)
        else:
            token = TOKEN.match(s, start) if start < len(s) else None
            end = token.end() if token and token.group() not in "}&" else None
        if end is None:
            raise TexError(f"`\\{match.group(1)}` needs a length and what it moves",
                           match.start(), hint="write `\\raise{2pt}{x}`")
        length = css_length(match.group(2) or match.group(3), match.start())
        if match.group(1) == "lower":
            length = length[1:] if length.startswith("-") else "-" + length
        out += [s[pos:match.start()], ctx.marks.wrap(f'<mpadded voffset="{length}">',
                                                     "</mpadded>", s[at:end])]
        pos = end
    return "".join(out) + s[pos:]


def boxes(s: str, ctx: Context) -> str:
    """Zero-width and zero-height boxes (`\\rlap`, `\\mathclap`, `\\smash`), rules,
    `\\vcenter`, `\\raisebox` (and `\\raise`, `\\lower`), `\\sout` in math: MathML Core's
    `mpadded`, `mspace` and `menclose`."""
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
            width, height = css_length(args[0], at), css_length(args[1], at)
            element = (f'<mspace width="{width}" height="{height}" '
                       'mathbackground="currentcolor"/>')
            if opt and opt.strip():
                element = f'<mpadded voffset="{css_length(opt, at)}">{element}</mpadded>'
            return ctx.marks.atom(element)
        s = replace_command(s, "rule", 2, rule, optional=True)
    if "\\raisebox" in s:
        s = replace_command(s, "raisebox", 2, lambda o, a, i: ctx.marks.wrap(
            f'<mpadded voffset="{css_length(a[0], i)}">', "</mpadded>", "\\text{" + a[1] + "}"))
    if "\\raise" in s or "\\lower" in s:
        s = _raise_lower(s, ctx)
    if "\\vcenter" in s:
        s = replace_command(s, "vcenter", 1, lambda o, a, i: "{" + a[0] + "}")
    if "\\sout" in s:
        ranges = text_ranges(s)
        pattern = re.compile(r"\\sout(?![A-Za-z])")
        for m in reversed(list(pattern.finditer(s))):
            if _in_ranges(m.start(), ranges):
                continue
            found = arguments(s, m.end(), 1)
            if found is None:
                raise TexError("`\\sout` needs an argument", m.start())
            s = s[:m.start()] + ctx.marks.wrap(
                '<menclose notation="horizontalstrike"><mrow>',
                '</mrow><mrow class="menclose-horizontalstrike"></mrow></menclose>',
                found[1][0]) + s[found[2]:]
    return s


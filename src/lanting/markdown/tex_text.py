"""Rewrite rules for text and style inside formulas: links and images, `\\char`, `\\verb`,
`\\text` and friends, font sizes, colours and boxes."""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Callable

import math_core
from PIL import ImageColor

from lanting.markdown.tex_layout import css_length
from lanting.markdown.tex_scan import (
    TOKEN,
    Context,
    TexError,
    arguments,
    group_end,
    replace_command,
)
from lanting.markdown.urls import URL_HINT, unsafe_url_reason


def _label_safe(text: str) -> str:
    return html.escape(text, quote=True)


_PLAIN_LINK_TEXT = re.compile(r"[^\\{}^_$&%#~]*")


def links(s: str, ctx: Context) -> str:
    """`\\href` and `\\url` as real links (an unsafe URL, `javascript:`, is an error; the
    link text is plain text); `\\htmlClass` and friends (MathJax's `\\class`, `\\cssId`,
    `\\style`) keep their content without the attribute; `\\includegraphics` is
    refused."""

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
    # (MathJax's `\class`, `\cssId` and `\style` are KaTeX's `\htmlClass`, …)
    for name in ("htmlClass", "htmlId", "htmlStyle", "htmlData", "class", "cssId", "style"):
        if name in s:
            s = replace_command(s, name, 2, lambda o, a, i: "{" + a[1] + "}")
    if "includegraphics" in s:
        s = replace_command(s, "includegraphics", 1, image, optional=True)
    return s


_CHAR = re.compile(r"\\char\s*(?:\"([0-9A-Fa-f]+)|'([0-7]+)|(\d+))")
_SPECIAL_CHAR = {"\\": "\\backslash ", "{": "\\{", "}": "\\}", "$": "\\$", "&": "\\&",
                 "#": "\\#", "%": "\\%", "_": "\\_", "^": "\\hat{}", "~": "\\sim "}


def _character(code: int, m: re.Match[str]) -> str:
    """The character numbered `code`, as math-core reads it (a TeX special escaped)."""
    if not 0 < code < 0x110000 or 0xD800 <= code < 0xE000:
        raise TexError(f"`{m.group(0)}` is no character", m.start())
    c = chr(code)
    return _SPECIAL_CHAR.get(c, c if c.isprintable() and c.strip() else "")


def char_codes(s: str, ctx: Context) -> str:
    def one(m: re.Match[str]) -> str:
        return _character(int(m.group(1), 16) if m.group(1) else int(m.group(2), 8)
                          if m.group(2) else int(m.group(3)), m)
    return _CHAR.sub(one, s)


_UNICODE = re.compile(r"\\unicode(?![A-Za-z])\s*(?:\[[^\]]*\]\s*){0,2}"
                      r"\{\s*(?:0?[xX]([0-9A-Fa-f]+)|(\d+))\s*\}")


def unicode_chars(s: str, ctx: Context) -> str:
    """MathJax's `\\unicode{x1D7D9}` (hexadecimal after `x`, else decimal; the optional
    size and font in brackets ignored), how posts write the indicator 𝟙: the character
    itself (math-core has no such command)."""
    return _UNICODE.sub(lambda m: _character(int(m.group(1), 16) if m.group(1)
                                             else int(m.group(2)), m), s)


def verb(s: str, ctx: Context) -> str:
    def one(m: re.Match[str]) -> str:
        return ctx.marks.atom(f'<mtext class="math-tt">{html.escape(m.group(2), quote=False)}'
                              "</mtext>")
    return re.sub(r"\\verb\*?([^A-Za-z\s])(.*?)\1", one, s)


TEXT_COMMANDS = ("text", "textrm", "textsf", "texttt", "textit", "textbf", "textup",
                  "textnormal", "textmd", "mbox", "hbox")
_TEXT_OPEN = re.compile(r"\\(" + "|".join(TEXT_COMMANDS) + r")(?![A-Za-z])\s*\{")
_TEXT_MATH = re.compile(r"(?<!\\)\$(.*?)(?<!\\)\$|\\\((.*?)\\\)", re.S)
_TEXT_REF = re.compile(_TEXT_MATH.pattern + r"|\\eqref\s*\{([^{}]*)\}", re.S)
"""A reference in text, `\\eqref{x}` (group 3), or math there (`$…$`, `\\(…\\)`), where
one (`$\\ref{x}$`, as `\\text{Eq. ($\\ref{x}$)}` is written) is math already."""
_TEXT_SPACE = re.compile(r"\\([&%#$_{}])(?=\s)")
_RAW_SPECIAL = re.compile(r"(?<!\\)(?:&#(?=[0-9]+;)|[&_%]|#(?![0-9#]))")
"""Characters MathJax shows as written in text (`\\text{#params, 50% of a_b}`, an HTML
entity `&#40;`) but TeX reads as alignment, subscript, comment or parameter: escaped
(`#1`, a macro's parameter in its definition, stays)."""
_RAW_CARET = re.compile(r"(?<!\\)\^|\\\^\{\}")
"""`^` in text, or TeX's `\\^{}` for it: `\\textasciicircum` (math-core's `\\^` is the
accent over the next letter, `a\\^{}b` showed a b̂)."""


def text_ranges(s: str) -> list[tuple[int, int]]:
    """Where text mode is: the groups of `\\text` and its kin."""
    out = []
    for m in _TEXT_OPEN.finditer(s):
        end = group_end(s, m.end() - 1)
        if end is not None:
            out.append((m.end(), end - 1))
    return out


def texts(s: str, ctx: Context) -> str:
    """Inside `\\text{}`: `$…$` becomes math beside it (math-core has no math inside
    text), raw `&`, `_`, `%`, `#` and `^` show as written (as MathJax shows them), the
    space after `\\%` and kin is kept, and `\\mbox`/`\\hbox` are `\\text`."""

    def fix(name: str) -> Callable[[str | None, list[str], int], str]:
        command = "text" if name in ("mbox", "hbox") else name

        def one(opt: str | None, args: list[str], at: int) -> str:
            if "color" in args[0]:
                return "{" + _colored_text(args[0], plain) + "}"
            return plain(args[0])

        def plain(body: str) -> str:
            if "ref" in body:  # references are math: out of the text (unless in math)
                body = _TEXT_REF.sub(lambda m: m.group(0) if m.group(3) is None
                                     else f"\\(\\eqref{{{m.group(3)}}}\\)", body)
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

    if "box" not in s and not any(_TEXT_NEEDS.search(s, a, b) for a, b in text_ranges(s)):
        return s  # `\\text{loss}`: nothing to do (most formulas with text)
    for name in TEXT_COMMANDS:
        if "\\" + name in s:
            s = replace_command(s, name, 1, fix(name))
    return s


_TEXT_NEEDS = re.compile(r"[$&_%^#]|\\\(|ref|\\[&%#$_{}]\s|\\(?:bf|it|rm|sf|tt|em|sl)(?![A-Za-z])"
                         r"|\\(?:text)?color\b|\\[^\x00-\x7f]")
"""What `texts` changes inside a text group."""
_FONT_SWITCH = re.compile(r"(\{?)\\(bf|it|rm|sf|tt|em|sl)(?![A-Za-z])\s*")
_SWITCHED = {"bf": "textbf", "it": "textit", "rm": "textrm", "sf": "textsf", "tt": "texttt",
             "em": "textit", "sl": "textit"}
"""Plain TeX's font switches as the text commands math-core has (`{\\bf x}` in a `\\text`,
which KaTeX shows bold: math-core refused it, "not valid in text mode")."""


_COLOR_SWITCH = re.compile(r"\\color\s*(?:\[[^\]]*\])?\s*(?=\{)")
_TEXTCOLOR = re.compile(r"\\textcolor\s*(?=\{)")


def _colored_text(body: str, text: Callable[[str], str]) -> str:
    """A text's body holding colours (`\\text{\\color{red}{x}}`, `\\text{a
    \\textcolor{red}{b} c}`, `{\\color{red} b}`), which KaTeX colours and math-core refuses
    ("not valid in text mode"), as math: texts beside coloured groups of text, each run
    of text made by `text`. A `\\color` switch colours the rest of its group."""
    out: list[str] = []
    run_start = i = 0

    def flush(end: int) -> None:
        if end > run_start:
            out.append(text(body[run_start:end]))

    while i < len(body):
        c = body[i]
        if c == "\\":
            switch = _COLOR_SWITCH.match(body, i)
            if switch is not None and (end := group_end(body, switch.end())) is not None:
                flush(i)
                out.append("{" + body[i:end] + _colored_text(body[end:], text) + "}")
                return "".join(out)
            call = _TEXTCOLOR.match(body, i)
            if call is not None and (color_end := group_end(body, call.end())) is not None \
                    and body.startswith("{", color_end) \
                    and (end := group_end(body, color_end)) is not None:
                flush(i)
                out.append("{\\color" + body[call.end():color_end]
                           + _colored_text(body[color_end + 1:end - 1], text) + "}")
                i = run_start = end
                continue
            i += 2
            continue
        if c == "{" and (end := group_end(body, i)) is not None \
                and "color" in body[i:end]:
            flush(i)
            out.append("{" + _colored_text(body[i + 1:end - 1], text) + "}")
            i = run_start = end
            continue
        i += 1
    flush(len(body))
    return "".join(out)


def _font_switches(body: str) -> str:
    """`{\\bf x}` → `\\textbf{x}`; a bare `\\bf` sets the rest of the text."""
    def braced(m: re.Match[str]) -> str:
        return f"\\{_SWITCHED[m.group(2)]}{{" if m.group(1) else m.group()

    body = _FONT_SWITCH.sub(braced, body)
    bare = _FONT_SWITCH.search(body)
    if bare is not None and not bare.group(1):
        body = body[:bare.start()] + f"\\{_SWITCHED[bare.group(2)]}{{" + \
            _font_switches(body[bare.end():]) + "}"
    return body


_BACKSLASH_BEFORE_CJK = re.compile(r"(?<!\\)((?:\\\\)*)\\(?=[^\x00-\x7f])")
"""A backslash before a character no command is named with (`\\text{真实情况\\预测结果}`, a
confusion matrix's corner): MathJax showed it as written; math-core's "unknown command"
failed the build."""


def _text_body(body: str) -> str:
    if "\\" in body:
        body = _font_switches(body)
        body = _BACKSLASH_BEFORE_CJK.sub(r"\1\\textbackslash{}", body)
    body = _RAW_SPECIAL.sub(lambda m: "".join("\\" + c for c in m.group()), body)
    body = _RAW_CARET.sub(r"\\textasciicircum{}", body)
    return _TEXT_SPACE.sub(r"\\\1{}", body)


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
    try:
        red, green, blue, *_alpha = ImageColor.getrgb(name)
    except ValueError:
        return None
    return f"{red:02X}{green:02X}{blue:02X}"


_NAMED_COLOR = re.compile(r"\\color\s*\{\s*([A-Za-z]+)\s*\}")


def colors(s: str, ctx: Context) -> str:
    """`\\textcolor{#228B22}` and `\\color{#hex}` as `\\color[HTML]`; `\\colorbox` and
    `\\fcolorbox` as a coloured box around their text."""

    def textcolor(opt: str | None, args: list[str], at: int) -> str:
        color, body = args[0].strip(), args[1]
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

    if "textcolor" in s:
        s = replace_command(s, "textcolor", 2, textcolor)
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


def boxes(s: str, ctx: Context) -> str:
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


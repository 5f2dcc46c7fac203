"""Rewrite rules for text inside formulas: links and images, `\\char`, `\\verb`, `\\text`
and friends, and alphabets math-core lacks as their characters (`\\mathsfit`). (Font
sizes, colours and boxes: `tex_style`.)"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Callable

from lanting.markdown.tex_scan import (
    Context,
    TexError,
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
            if "\\" in body:  # (spacing in text, which KaTeX allows: math beside it)
                body = _TEXT_SPACING.sub(lambda m: m.group(1) + "$" + m.group(2) + "$", body)
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


_TEXT_SPACING = re.compile(r"(?<!\\)((?:\\\\)*)(\\hspace\*?\s*\{[^{}]*\}"
                           r"|\\(?:kern|hskip)\s*-?[\d.]+\s*[a-z]{2}|\\[,:;!>]"
                           r"|\\(?:qquad|thinspace|enspace|negthinspace)(?![A-Za-z]))")
"""A space written in text (`\\text{\\hspace{0.2in} and \\hspace{0.2in}}`, `\\text{a\\,b}`):
KaTeX shows it; math-core refused it ("not valid in text mode") and the build failed. It
is math beside the text, as a `$…$` inside the text is."""
_TEXT_NEEDS = re.compile(r"[$&_%^#]|\\[\\(]|ref|\\[&%#$_{}]\s|\\(?:hspace|kern|hskip|qquad|"
                         r"thinspace|enspace|negthinspace)(?![A-Za-z])|\\[,:;!>]"
                         r"|\\(?:bf|it|rm|sf|tt|em|sl)(?![A-Za-z])|\\(?:text)?color\b|\\[^\x00-\x7f]|\\[A-Za-z]+\\\{")
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


_SHOWN_COMMAND = re.compile(r"(?<!\\)((?:\\\\)*)\\(\\?)([A-Za-z]+)(?=\\\{)")
"""A command written before an escaped brace in text (`\\text{\\sqrt\\{x\\}}`, a table of
LaTeX syntax showing what to type): MathJax's text shows it as written, `\\sqrt{x}` (it
drops the backslash of `\\{`, `\\}` and `\\\\` only); math-core refused a math command in
text ("not valid in text mode") and the build failed. Its backslash is text then."""


_TEXT_NEWLINE = re.compile(r"(?<!\\)(?:\\\\)+")
"""`\\\\` in text (`\\text{\\\\}int`, a post showing how `\\int` is typed): MathJax's
text drops the first backslash and shows the second (KaTeX breaks the line there, which
no such post means); math-core refused it ("not valid in text mode") and the build
failed. Each pair is a backslash shown, as in MathJax."""


def _text_body(body: str) -> str:
    if "\\" in body:
        body = _TEXT_NEWLINE.sub(lambda m: "\\textbackslash{}" * (len(m.group()) // 2),
                                 body)
        body = _SHOWN_COMMAND.sub(r"\1\\textbackslash{}\3", body)
        body = _font_switches(body)
        body = _BACKSLASH_BEFORE_CJK.sub(r"\1\\textbackslash{}", body)
    body = _RAW_SPECIAL.sub(lambda m: "".join("\\" + c for c in m.group()), body)
    body = _RAW_CARET.sub(r"\\textasciicircum{}", body)
    return _TEXT_SPACE.sub(r"\\\1{}", body)


_SFIT = {**{chr(65 + i): chr(0x1D608 + i) for i in range(26)},
         **{chr(97 + i): chr(0x1D622 + i) for i in range(26)},
         **{chr(48 + i): chr(0x1D7E2 + i) for i in range(10)}}
BOLD_ALPHABETS = {"mathbfscr": (0x1D4D0, 0x1D7CE, "\\mathscr"),
                   "mathbffrak": (0x1D56C, 0x1D7CE, "\\mathfrak"),
                   "mathbfsfup": (0x1D5D4, 0x1D7EC, "\\mathsf"),
                   "mathbfsfit": (0x1D63C, 0x1D7EC, "\\mathsf")}
"""MathJax's bold alphabets math-core has no command for: (the code of their A, of the
0 MathJax sets with them, the nearest command for what is not a letter or digit)."""
_CIRCLED = {**{chr(97 + i): chr(0x24D0 + i) for i in range(26)},
            **{chr(65 + i): chr(0x24B6 + i) for i in range(26)},
            "0": "⓪", **{str(i): chr(0x2460 + i - 1) for i in range(1, 10)}}


def letters(s: str, ctx: Context) -> str:
    """`\\mathsfit`, MathJax's bold alphabets (`\\mathbfscr`) and `\\textcircled` as
    the Unicode characters they stand for."""
    if "\\mathsfit" in s:
        s = replace_command(s, "mathsfit", 1, lambda o, a, i:
                            "{" + "".join(_SFIT.get(c, c) for c in a[0]) + "}"
                            if re.fullmatch(r"[A-Za-z0-9 ]*", a[0]) else "\\mathsf{" + a[0] + "}")
    for name, alphabet in BOLD_ALPHABETS.items():
        if f"\\{name}" in s:
            s = replace_command(s, name, 1, functools.partial(_alphabet, alphabet))
    if "\\textcircled" in s:
        s = replace_command(s, "textcircled", 1, lambda o, a, i:
                            _CIRCLED.get(a[0].strip(), a[0]))
    return s


def _alphabet(alphabet: tuple[int, int, str], optional: str | None, args: list[str],
              offset: int) -> str:
    """`args[0]` in the `alphabet` (the code of its A, of its 0, the nearest command for
    what holds more than ASCII letters, digits and spaces)."""
    text, (first, zero, nearest) = args[0], alphabet
    if not re.fullmatch(r"[A-Za-z0-9 ]*", text):
        return f"{nearest}{{{text}}}"
    return "{" + "".join(chr(first + ord(c) - 65) if "A" <= c <= "Z"
                         else chr(first + 26 + ord(c) - 97) if "a" <= c <= "z"
                         else chr(zero + ord(c) - 48) if c.isdigit()
                         else c for c in text) + "}"

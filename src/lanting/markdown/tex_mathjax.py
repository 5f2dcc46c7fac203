"""MathJax's own extensions that posts use and KaTeX lacks, which MathJax 3 loads by
itself: `\\bbox` (a box with a background colour, padding or a border: `\\bbox[yellow,
5px, border:2px solid red]{x}`, a much-copied Chinese MathJax tutorial's "加框") and
`\\enclose` (MathML's `menclose`: `\\enclose{circle}{1}`, a numbered step;
`\\enclose{updiagonalstrike}{x}`; `\\enclose{longdiv}{…}`, a long division). math-core
has neither, and each failed the build ("Unknown command"). The elements are put into
math-core's output by `Marks`; the theme's CSS draws the notations Chromium does not.
And the `action` extension's `\\toggle{a}{b}\\endtoggle` (a click shows the next),
`\\mathtip{x}{tip}` and `\\texttip{x}{tip}` (a tooltip): a static page shows what
MathJax showed first, `a` and `x` (MathML Core has no `maction`).
MathJax's `\\style`, `\\class` and `\\cssId` are `tex_text.links`', as KaTeX's
`\\htmlStyle` and its kin are."""

from __future__ import annotations

import html
import re

from lanting.markdown.tex_layout import css_length
from lanting.markdown.tex_scan import Context, TexError, arguments, replace_command

_NOTATIONS = frozenset({"longdiv", "actuarial", "box", "roundedbox", "circle", "left",
                        "right", "top", "bottom", "updiagonalstrike", "downdiagonalstrike",
                        "verticalstrike", "horizontalstrike", "madruwb", "updiagonalarrow",
                        "phasorangle", "radical"})
"""The notations of MathML's `menclose` that MathJax's `\\enclose` takes."""
_DRAWN_INSIDE = {"updiagonalstrike": "updiagonalstrike", "updiagonalarrow": "updiagonalstrike",
                 "downdiagonalstrike": "downdiagonalstrike",
                 "horizontalstrike": "horizontalstrike", "verticalstrike": "verticalstrike",
                 "phasorangle": "phasorangle"}
"""Notations the theme draws on an empty `mrow` laid over the content (as math-core
writes `\\cancel`), by that `mrow`'s class (an arrow is drawn as its strike: lossy)."""
_COLOUR = re.compile(r"#[0-9A-Fa-f]{3,8}|[A-Za-z]+")
_STYLE = re.compile(r"([A-Za-z-]+)\s*:\s*([\w\s#.%,-]+)")
"""A CSS declaration of `\\bbox`'s options or `\\enclose`'s attributes: plain values only
(no `url(…)`, no quotes), so a formula cannot fetch or break out of the attribute."""
_ENCLOSE = re.compile(r"\\enclose(?![A-Za-z])")


def _bbox_style(options: str, at: int) -> str:
    """The CSS of `\\bbox[…]`'s comma-separated options, as MathJax reads them: a colour
    is the background, a length the padding, `name: value` a style of the box."""
    style = []
    for option in filter(None, (o.strip() for o in options.split(","))):
        if (declaration := _STYLE.fullmatch(option)) is not None:
            style.append(f"{declaration.group(1).lower()}:{declaration.group(2).strip()}")
        elif _COLOUR.fullmatch(option):
            style.append(f"background-color:{option}")
        else:
            style.append(f"padding:{css_length(option, at)}")
    return ";".join(style)


def _enclose_style(attributes: str) -> str:
    """`\\enclose`'s attributes (`mathcolor=red,mathbackground=yellow`) as CSS."""
    style = []
    for name, value in re.findall(r"(\w+)\s*=\s*([^,]+)", attributes):
        css = {"mathcolor": "color", "mathbackground": "background-color"}.get(name)
        if css is not None and _COLOUR.fullmatch(value.strip()):
            style.append(f"{css}:{value.strip()}")
    return ";".join(style)


def _enclosures(s: str, ctx: Context) -> str:
    """Every `\\enclose{notation}[attributes]{math}`, innermost first."""
    while (found := list(_ENCLOSE.finditer(s))):
        match = found[-1]
        notation = arguments(s, match.end(), 1)
        body = arguments(s, notation[2], 1, optional=True) if notation else None
        if notation is None or body is None:
            raise TexError("`\\enclose` needs a notation and what it encloses",
                           match.start(), hint="`\\enclose{circle}{1}`")
        names = notation[1][0].replace(",", " ").split()
        unknown = [n for n in names if n not in _NOTATIONS]
        if not names or unknown:
            raise TexError(f"`{' '.join(unknown) or '{}'}` is not a notation of `\\enclose`",
                           match.start(), hint="`circle`, `box`, `roundedbox`, "
                           "`updiagonalstrike`, `horizontalstrike`, `longdiv`, …")
        math = body[1][0]
        if "radical" in names:  # (a root sign: math-core's own)
            names.remove("radical")
            math = "\\sqrt{" + math + "}"
        style = _enclose_style(body[0] or "")
        opening = (f'<menclose notation="{" ".join(names)}"'
                   + (f' style="{html.escape(style)}"' if style else "") + "><mrow>")
        closing = "</mrow>" + "".join(f'<mrow class="menclose-{_DRAWN_INSIDE[n]}"></mrow>'
                                      for n in names if n in _DRAWN_INSIDE) + "</menclose>"
        replaced = ctx.marks.wrap(opening, closing, math) if names else "{" + math + "}"
        s = s[:match.start()] + replaced + s[body[2]:]
    return s


_BOX_OPTIONS = re.compile(r"\\(framebox|makebox)(?![A-Za-z])\s*(?:\[[^\]]*\]\s*){0,2}")
"""`\\framebox[4em][l]`, `\\makebox[4em]`: their width and position (lossy: dropped)."""


def mathjax_boxes(s: str, ctx: Context) -> str:
    """`\\bbox` as a styled `mrow`, `\\enclose` as a `menclose`; MathJax 4's
    `\\framebox{text}` (LaTeX's framed text box) as `\\fbox`, its `\\makebox{text}` as
    `\\text`, and `\\overunderset{over}{under}{base}` as the two scripts it sets on
    the base: math-core had none of the three."""
    if "box" in s:
        s = _BOX_OPTIONS.sub(lambda m: "\\fbox" if m.group(1) == "framebox" else "\\text", s)
    if "\\overunderset" in s:
        s = replace_command(s, "overunderset", 3, lambda o, a, i:
                            f"\\overset{{{a[0]}}}{{\\underset{{{a[1]}}}{{{a[2]}}}}}")
    if "\\enclose" in s:
        s = _enclosures(s, ctx)
    if "\\bbox" in s:
        def bbox(opt: str | None, args: list[str], at: int) -> str:
            style = _bbox_style(opt or "", at)
            return ctx.marks.wrap(f'<mrow style="{html.escape(style)}">', "</mrow>",
                                  mathjax_boxes(args[0], ctx))  # (a box in a box)
        s = replace_command(s, "bbox", 1, bbox, optional=True)
    return s


_TOGGLE = re.compile(r"\\toggle(?![A-Za-z])")
_END_TOGGLE = re.compile(r"\\endtoggle(?![A-Za-z])")


def mathjax_actions(s: str, ctx: Context) -> str:
    """`\\toggle{a}{b}…\\endtoggle` as its first item, `\\mathtip{x}{tip}` and
    `\\texttip{x}{tip}` as `x` (innermost toggle first)."""
    while found := list(_TOGGLE.finditer(s)):
        match = found[-1]
        first = arguments(s, match.end(), 1)
        end = _END_TOGGLE.search(s, first[2]) if first else None
        if first is None or end is None:
            raise TexError("`\\toggle` needs its items and `\\endtoggle`", match.start(),
                           hint="`\\toggle{a}{b}\\endtoggle`")
        s = s[:match.start()] + "{" + first[1][0] + "}" + s[end.end():]
    for name in ("mathtip", "texttip"):
        if "\\" + name in s:
            s = replace_command(s, name, 2, lambda o, a, i: "{" + a[0] + "}")
    return s


_EXTENSIBLE = {0x2192: "xrightarrow", 0x2190: "xleftarrow", 0x21D2: "xRightarrow",
               0x21D0: "xLeftarrow", 0x2194: "xleftrightarrow", 0x21D4: "xLeftrightarrow",
               0x21A9: "xhookleftarrow", 0x21AA: "xhookrightarrow",
               0x21C0: "xrightharpoonup", 0x21C1: "xrightharpoondown",
               0x21BC: "xleftharpoonup", 0x21BD: "xleftharpoondown",
               0x21CC: "xrightleftharpoons", 0x21CB: "xleftrightharpoons",
               0x21A0: "xtwoheadrightarrow", 0x219E: "xtwoheadleftarrow",
               0x21A6: "xmapsto", 0x3D: "xlongequal", 0x21C4: "xtofrom"}
"""The arrows math-core stretches, by the character a `\\Newextarrow` names."""
_NEWEXTARROW = re.compile(r"\\Newextarrow\s*(?:\{\s*\\([A-Za-z]+)\s*\}|\\([A-Za-z]+))\s*"
                          r"\{\s*-?\d+\s*,\s*-?\d+\s*\}\s*"
                          r"\{\s*(0[xX][0-9A-Fa-f]{1,6}|\d{1,7})\s*\}")


def extensible_arrows(latex: str) -> str:
    """MathJax's extpfeil `\\Newextarrow{\\xfoo}{5,10}{0x21C0}` (a new arrow, taking
    `\\xfoo[below]{above}` as `\\xrightarrow` does; a post defines one before its first
    use) as the `\\newcommand` it amounts to, for the page's macros: the stretched
    arrow of that character where math-core has one, else the character with the text
    set over and under it (lossy: it does not stretch). The spacing is dropped."""

    def one(m: re.Match[str]) -> str:
        code = int(m.group(3), 0 if m.group(3)[:2] in ("0x", "0X") else 10)
        name = m.group(1) or m.group(2)
        if _EXTENSIBLE.get(code) == name:
            return " " * len(m.group())  # (math-core has it: defined, it would loop)
        if code in _EXTENSIBLE:
            body = f"\\{_EXTENSIBLE[code]}[#1]{{#2}}"
        elif 0x20 < code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF:
            body = f"\\mathrel{{\\overset{{#2}}{{\\underset{{#1}}{{{chr(code)}}}}}}}"
        else:
            return m.group()  # (no character: math-core reports the command)
        return f"\\newcommand{{\\{name}}}[2][]{{{body}}}".ljust(len(m.group()))

    return _NEWEXTARROW.sub(one, latex) if "\\Newextarrow" in latex else latex

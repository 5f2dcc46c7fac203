"""What a formula's error says: a hint for each math-core message (with the commands of
MathJax's extensions and names TeX spells otherwise), the command at an error's offset,
an excerpt of the line with a caret under the fault (CJK characters counted two
columns wide, as terminals show them), and the hint of a reference to no label."""

from __future__ import annotations

import html
import re
from collections.abc import Collection

from lanting.errors import did_you_mean
from lanting.markdown.math_formula import HINT

EXCERPT_WIDTH = 72


def caret_excerpt(text: str, at: int, length: int) -> str:
    """`text` (cut around `at` to fit) and a caret line under `length` characters."""
    length = max(1, min(length, len(text) - at)) if at < len(text) else 1
    left = max(0, min(at - EXCERPT_WIDTH // 2, len(text) - EXCERPT_WIDTH))
    shown = text[left:left + EXCERPT_WIDTH]
    prefix, suffix = ("…" if left else ""), ("…" if left + EXCERPT_WIDTH < len(text) else "")
    before = prefix + shown[:at - left]
    return (f"{prefix}{shown}{suffix}\n"
            + "".join("  " if _wide(c) else " " for c in before) + "^" * _width(
                text[at:at + length]))


def _wide(c: str) -> bool:
    return "\u1100" <= c and (c <= "\u115f" or "\u2e80" <= c <= "\ua4cf" or "\uac00" <= c <=
                              "\ud7a3" or "\uf900" <= c <= "\ufaff" or "\ufe30" <= c <=
                              "\ufe4f" or "\uff00" <= c <= "\uff60" or "\uffe0" <= c <= "\uffe6")


def _width(text: str) -> int:
    return max(1, sum(2 if _wide(c) else 1 for c in text))


_HINTS = (
    ("Unknown command", "a macro your old site defined (in its MathJax or KaTeX setup)? "
     "define it under `macros:` in the front matter or `[markdown] math_macros` in "
     "lanting.toml; else a command KaTeX has but math-core lacks, or a typo; " + HINT),
    ("Unknown environment", "an environment KaTeX has but math-core lacks, or a typo; "
     + HINT),
    ("Expected closing", "a `{`, `\\left` or `\\begin` is not closed"),
    ("Unexpected closing", "a `}`, `\\right` or `\\end` has no opening"),
    ("may only appear in a numbered equation",
     "`\\tag` and `\\label` belong to a display formula (`$$ … $$`)"),
    ("more than one label in a row", "the formula has two labels: its own (`{#eq-x}`, "
     "`(eq:x)`, `:label:`) and a `\\label{…}` inside it (or two `\\label`s): keep one"),
    ("Not valid in text mode", "a math command inside `\\text{…}` needs `$…$` around it "
     "(`\\text{for $\\alpha$}`), or end the text first"),
)


_IN_DISPLAY_HINT = ("rows of `aligned`, `gathered` or `split` take no `\\tag`: put it after "
                    "`\\end{…}` (one number for the block), or use `align` for a number per row")


_DIAGRAM = ("{} (a diagram package that KaTeX and Lanting's math lack): redraw it as "
            "`\\begin{{CD}} A @>f>> B \\\\ @VgVV @VVhV \\\\ C @>>k> D \\end{{CD}}` "
            "(see the Math page), an `array` with `\\xrightarrow{{…}}` and `\\downarrow`, or "
            "put an image of it in the post")
_ENVIRONMENTS = {"tikzcd": _DIAGRAM.format("`tikzcd` is the tikz-cd package's"),
                 "xy": _DIAGRAM.format("`xy` is xy-pic's")}
"""Environments of diagram packages: what to write instead."""
_UNKNOWN_ENVIRONMENT = re.compile(r'Unknown environment "(\w+)"')

_EXTENSIONS = {
    # a name writers reach for that TeX spells otherwise (MathJax showed it in red too;
    # texvc's `\\or` and `\\and`, which Typora drew, are read as `\\lor` and `\\land`)
    "xor": "exclusive or is `\\oplus` (⊕)",
    # diagram packages (MathJax's xyjax extension drew xy-pic): neither KaTeX nor
    # math-core has them, and no rewrite keeps their drawing
    "xymatrix": _DIAGRAM.format("`\\xymatrix` is xy-pic's"),
}
"""Commands of MathJax's extensions, which a post written for MathJax may use, and
names that TeX spells otherwise."""
_UNKNOWN = re.compile(r'Unknown command "\\(\w+)"')


_DOUBLED_BRACE = re.compile(r"(?<!\\)\\\\[{}]")
"""`\\\\{p=i\\\\}`: a brace escaped twice, as for Markdown, in a display that Markdown
does not read (kramdown's `$$`): TeX's row break, then a group."""
_DOUBLED_BRACE_HINT = ("`\\\\{` is a row break then a group, not a brace (a display's TeX "
                       "is not Markdown: its braces need one backslash): write `\\{` and "
                       "`\\}`")
_ENTITY = re.compile(r"&(?:[A-Za-z][A-Za-z0-9]*|#[0-9]+|#x[0-9A-Fa-f]+);")
_UNKNOWN_COLOR = re.compile(r'Unknown color "([^"]*)"')


def _color_hint(name: str) -> str:
    """What to write for a colour no one knows (`auqa`, `grey50`): MathJax handed it to
    the browser, which drew the text in its own colour, so a typo went unseen."""
    from difflib import get_close_matches

    from PIL import ImageColor

    close = get_close_matches(name.lower(), list(ImageColor.colormap), n=1, cutoff=0.6)
    guess = f"did you mean `{close[0]}`? " if close else ""
    return (f"`{name}` is no colour of xcolor's or CSS's (MathJax left it to the browser, "
            f"which ignored it): {guess}write a colour name or `#RRGGBB`, or drop the "
            "`\\color`")


_ASCIIMATH_HINT = ("a `$$$` … `$$$` block is markdown-it-math's, in AsciiMath (`sum_(i=1)^n "
                   "i^2`); Lanting reads TeX: write it between `$$` as TeX "
                   "(`\\sum_{i=1}^n i^2`)")


def error_hint(message: str, display: bool = False, latex: str = "") -> str:
    """The hint for math-core's `message` about the formula `latex`."""
    if "&" in message and (entity := _ENTITY.search(latex)):
        return (f"`{entity.group()}` is an HTML entity, not TeX: write the character "
                f"({html.unescape(entity.group())}) or its TeX command")
    if "top level of a table-like" in message and _DOUBLED_BRACE.search(latex):
        return _DOUBLED_BRACE_HINT
    if display and latex.startswith("$") and latex.endswith("$") and len(latex) > 1:
        return _ASCIIMATH_HINT  # (`$$$ … $$$`: the `$$` hold `$ … $`)
    if display and "may only appear in a numbered equation" in message:
        return _IN_DISPLAY_HINT  # already in `$$ … $$`: the environment is what refuses it
    if (color := _UNKNOWN_COLOR.search(message)) is not None:
        return _color_hint(color.group(1))
    if (unknown := _UNKNOWN.search(message)) and unknown.group(1) in _EXTENSIONS:
        return _EXTENSIONS[unknown.group(1)]
    if (unknown := _UNKNOWN_ENVIRONMENT.search(message)) and unknown.group(1) in _ENVIRONMENTS:
        return _ENVIRONMENTS[unknown.group(1)]
    return next((hint for key, hint in _HINTS if key in message), HINT)


_COMMAND_AT = re.compile(r"\\[A-Za-z]+|\\.|.", re.S)


def command_at(latex: str, offset: int) -> str:
    found = _COMMAND_AT.match(latex, offset) if 0 <= offset < len(latex) else None
    return found.group(0) if found else ""


def label_hint(name: str, labels: Collection[str], written: str = "") -> str:
    """What to do about a reference to no label: the label meant, or how to write one."""
    hint = did_you_mean(name, labels) or (
        "label a display formula as `$$ … $$ (" + name + ")` or with `\\label{" + name + "}`")
    if written.startswith("\\"):  # (a post about LaTeX may mean the command itself)
        hint += f"; to show `{written}` as it is, put it in backticks"
    return hint

"""LoveIt's, FixIt's and DoIt's extended Markdown, which their `content.html` partial
rewrote in each page's HTML: ruby `[汉字]^(hàn zì)`, fractions `[1]/[3]`, Font Awesome
icons `:(fa-brands fa-github):` and the escape `{?X}` that keeps one of them as written.
Left to Lanting, each showed as the text written."""

from __future__ import annotations

import re

from lanting.importer.body_math import INLINE_MATH
from lanting.importer.liquid import Context

THEMES = ("loveit", "fixit", "doit")
"""The themes (and their forks, `LoveIt-custom`) whose pages read this syntax."""

_RUBY = re.compile(r"\[([^\[\]\n]+?)\]\^\(([^()\n]+?)\)")
_FRACTION = re.compile(r"\[([^\[\]\n]+?)\]/\[([^\[\]\n]+?)\]")
_ICON = re.compile(r"([ \t]?):\(((?:fa[a-z]*|fa-[\w-]+)(?: [\w-]+)*)\):([ \t]?)")
_ESCAPE = re.compile(r"\{\?(.)\}")
_DISPLAY = re.compile(r"(?<!\\)\$\$.+?(?<!\\)\$\$", re.DOTALL)
_DEFINITION = re.compile(r"^[ \t]{0,3}\[([^\]\n]+)\]:", re.MULTILINE)


def extended_syntax(text: str, ctx: Context) -> str:
    """`text` (its code put aside) with the themes' syntax as their pages showed it:
    ruby as `<ruby>` (bold, as the themes styled it), a fraction as a superscript over a
    subscript, an icon left out (Lanting has no icon font; the words beside it stay),
    `{?X}` as `X`. Not inside a formula (`$[0,1]^(n)$`), nor a pair of brackets that
    is a reference link of the page (`[TCP]/[IP]` with `[TCP]: …` defined)."""
    defined = {m.group(1).strip().lower() for m in _DEFINITION.finditer(text)}
    formulas = [m.span() for m in _DISPLAY.finditer(text)] + [
        m.span() for m in INLINE_MATH.finditer(text)]

    def outside(match: re.Match[str]) -> bool:
        return not any(start <= match.start() < end for start, end in formulas) and not (
            {match.group(1).strip().lower(), match.group(2).strip().lower()} & defined)

    def ruby(match: re.Match[str]) -> str:
        if not outside(match):
            return match.group()
        ctx.convert("ruby annotations")
        return f"<strong><ruby>{match.group(1)}<rt>{match.group(2)}</rt></ruby></strong>"

    def fraction(match: re.Match[str]) -> str:
        if not outside(match):
            return match.group()
        ctx.convert("fractions as a superscript over a subscript")
        return f"<sup>{match.group(1)}</sup>/<sub>{match.group(2)}</sub>"

    def icon(match: re.Match[str]) -> str:
        ctx.convert("Font Awesome icons left out (no icon font)")
        # (one space where there was one on each side: `下载 :(fa-download):` is `下载`)
        return " " if match.group(1) and match.group(3) else ""

    text = _RUBY.sub(ruby, text)
    text = _FRACTION.sub(fraction, text)
    text = _ICON.sub(icon, text)
    return _ESCAPE.sub(lambda m: m.group(1), text)

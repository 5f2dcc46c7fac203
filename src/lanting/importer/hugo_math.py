"""Formulas of a Hugo body as Goldmark left them for MathJax or KaTeX.

Without Goldmark's `passthrough`, Markdown escapes were read inside math first (LoveIt,
DoIt and FixIt tell their users to write `\\\\(x\\\\)` and `a\\_1`): `escaped_math`
undoes that. With it, math is kept as written, but a post may still write `\\\\(x\\\\)`
(written before the site turned passthrough on, or for delimiters configured as
`'\\\\('` in a TOML literal string): `passthrough_math` reads those as math too.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from lanting.importer.body_displays import bracket_displays, dollar_displays
from lanting.importer.body_math import (
    TEXT_ACCENTS,
    escaped_delimiters,
    unescape_marked_math,
    unescaped_environments,
)
from lanting.importer.body_parentheses import escaped_parentheses
from lanting.importer.common import bool_of
from lanting.importer.liquid import Context
from lanting.importer.shelf import Shelf


def escaped_math(text: str, ctx: Context) -> str:
    """Math written for Goldmark without `passthrough` (as LoveIt, DoIt and FixIt tell
    their users): `\\\\(x\\\\)` and `\\\\[x\\\\]` reached MathJax as `\\(x\\)` and
    `\\[x\\]`, `\\_` and `\\\\\\\\` inside `$…$` as `_` and `\\\\`: written as `$x$`,
    `$$x$$` with the escapes undone. A lone `\\(…\\)` was a pair of parentheses."""
    # (each formula undone on its own: `\\(a\\)\\(b\\)`, `$a$$b$`, read as a `$$`,
    # put every `$$` after it out of step, and the escapes of text were undone instead)
    # (and `\<CLS\>`, which reached MathJax as `<CLS>`: `\<` is no TeX, `\>` a space)
    # (and inside them `\(c\)`, Goldmark's escaped parentheses, `(c)` to MathJax; a
    # `\\(` stays `\(`, math in a `\text{}`)
    formulas = Shelf()
    formulas.items["E"] = []  # (a kind of its own: the text holds the body's markers)
    text, count = escaped_delimiters(text, formulas, "E", TEXT_ACCENTS + "<>()")
    ctx.convert("escaped math delimiters \\\\( \\\\[ as $ and $$", count)
    text, count = unescaped_environments(text, formulas, "E", TEXT_ACCENTS + "<>")
    ctx.convert("Markdown escapes undone in bare environments (`\\begin{align}`)", count)
    text, count = unescape_marked_math(text, TEXT_ACCENTS + "<>")
    ctx.convert("Markdown escapes undone in math (the old site's Markdown read them first)",
                count)
    text, count = escaped_parentheses(text)
    ctx.convert("escaped parentheses \\( \\) as plain ones", count)
    return formulas.restore(text, "E")


def passthrough_openers(config: dict[str, Any]) -> list[str]:
    """The opening delimiters of the site's Goldmark `passthrough` (inline and block), as
    its configuration spells them (Hugo's own, `\\(`, `\\[` and `$$`, unsaid); none
    when it is not on."""
    found: Any = config
    for key in ("markup", "goldmark", "extensions", "passthrough"):
        found = found.get(key) if isinstance(found, dict) else None
    if not isinstance(found, dict) or not bool_of(found.get("enable")):
        return []
    delimiters = found.get("delimiters")
    if not isinstance(delimiters, dict):
        return ["\\(", "\\[", "$$"]
    return [str(pair[0]) for kind in ("inline", "block")
            for pair in delimiters.get(kind) or [] if isinstance(pair, list) and pair]


def passthrough_math(text: str, ctx: Context, openers: Sequence[str]) -> str:
    """`\\\\(x\\\\)` and `\\\\[x\\\\]` on a site with Goldmark's `passthrough`, as `$x$`
    and `$$x$$` (Lanting's Markdown reads `\\\\(` as an escaped backslash and showed
    them as text). Delimiters configured as `'\\\\('` (a TOML literal string: two
    backslashes) passed such a formula through as written, its TeX untouched; with
    `\\(`, it was no passthrough element, so Goldmark read its escapes first (`\\\\(` →
    `\\(`, `\\_` → `_`), which are undone as MathJax got them."""
    if not openers:
        return text
    if "\\[" in openers:
        # (`where \[ d \] is`: passed through in a sentence, MathJax showed a display)
        text, count = bracket_displays(text)
        ctx.convert("`\\[…\\]` displays inside a sentence set on lines of their own", count)
    if "$$" in openers:
        # (`take $$k$$ of them`: Goldmark ends the paragraph at a block delimiter)
        text, count = dollar_displays(text)
        ctx.convert("`$$…$$` displays inside a sentence set on lines of their own", count)
    if any(opener in ("\\\\(", "\\\\[") for opener in openers):
        text, count = escaped_delimiters(text)
    else:
        formulas = Shelf()
        formulas.items["E"] = []
        text, count = escaped_delimiters(text, formulas, "E", TEXT_ACCENTS + "<>()")
        text = formulas.restore(text, "E")
    ctx.convert("escaped math delimiters \\\\( \\\\[ beside Goldmark's passthrough", count)
    return unpassed_dollars(text, ctx, openers)


_DOLLAR_DISPLAY = re.compile(r"\$\$.+?\$\$", re.DOTALL)


def unpassed_dollars(text: str, ctx: Context, openers: Sequence[str]) -> str:
    """`$…$` (and `$$…$$`) on a site whose `passthrough` names other delimiters only
    (`\\(` and `\\[`, the site's KaTeX auto-render reading `$` in the page): Goldmark
    read their Markdown escapes first, as without passthrough, so the renderer got
    `\\{` for the `\\\\{` written (kept, a row break then a brace, an error in a
    group). Undone as it got them; a `$$` display the site passed through is kept."""
    if "$" in openers:
        return text
    displays = Shelf()
    if "$$" in openers:
        text = _DOLLAR_DISPLAY.sub(lambda m: displays.put(m.group(), "M"), text)
    text, count = unescape_marked_math(text, TEXT_ACCENTS + "<>")
    ctx.convert("Markdown escapes undone in `$` math Goldmark's passthrough did not keep",
                count)
    return displays.restore(text, "M")


_DISPLAY = re.compile(r"^[ \t]*\$\$(?!\$)([^$]+?)\$\$[ \t]*$", re.MULTILINE)
"""A `$$ … $$` display from the start of a line to the end of one (no `$` inside: a
`$x$` between two displays is prose, never part of one)."""
_BLANK_LINES = re.compile(r"\n(?:[ \t]*\n)+")
_TEXT_GROUP = re.compile(r"\\(?:text[a-z]*|mbox|mathrm|operatorname)\s*\{[^{}]*\}")
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_TEX = re.compile(r"\\[A-Za-z]+|[\^_=]")
_PROSE = re.compile(r"(?:[A-Za-z]{2,}[,.]? ){4}")


def joined_displays(text: str, ctx: Context) -> str:
    """A `$$ … $$` display the author split with a blank line (`$$\\begin{aligned}` …
    a blank line … `\\end{aligned}$$`) as one block: Goldmark's passthrough kept it one
    formula across the blank line, but Lanting's Markdown ends a `$$` opened beside TeX
    at the end of its paragraph, and showed both halves as written. Not joined: what
    reads as prose (Chinese outside `\\text{}`, English words in a row, no TeX at all),
    lest a stray `$$` take the text up to the next display for a formula."""
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        tex = match.group(1)
        bare = _TEXT_GROUP.sub("", tex)
        if not _BLANK_LINES.search(tex.strip()) or _CJK.search(bare) \
                or _PROSE.search(bare) or not _TEX.search(bare):
            return match.group()
        count += 1
        return match.group().replace(tex, _BLANK_LINES.sub("\n", tex), 1)

    text = _DISPLAY.sub(one, text)
    ctx.convert("`$$` displays split by a blank line joined (one formula to the old site)",
                count)
    return text


def hugo_formulas(text: str, ctx: Context, passthrough: bool, config: dict[str, Any]) -> str:
    """The formulas of a Hugo body as MathJax got them: escapes undone without
    Goldmark's `passthrough`, `\\\\(x\\\\)` read as math beside it, split displays
    joined."""
    if passthrough:
        text = passthrough_math(text, ctx, passthrough_openers(config))
    else:
        text = escaped_math(text, ctx)
    return joined_displays(text, ctx)


def math_off(data: dict[str, Any], params: dict[str, Any]) -> bool:
    """Whether the theme showed a page's `$` as a dollar sign: its math turned off by
    the page (`math: false`, or `mathjax: false` or `katex: false`, which a site's own
    partial read; LoveIt's and FixIt's `math: {enable: false}`) or, the page
    saying nothing, by the site's `params` (Stack's `article.math`, LoveIt's and FixIt's
    `page.math.enable`). Unsaid, or naming the engine (`math: katex`, as a PaperMod
    site's own partial reads it): math on, `$` kept."""
    found: Any = data.get("math")
    if found is None:  # (a site's own partial loading MathJax on `mathjax: true`)
        found = next((data[k] for k in ("mathjax", "katex") if data.get(k) is not None), None)
    if found is None:
        for path in (("article", "math"), ("page", "math")):
            found = params
            for key in path:
                found = next((v for k, v in found.items() if str(k).lower() == key),
                             None) if isinstance(found, dict) else None
            if found is not None:
                break
    if isinstance(found, dict):
        found = found.get("enable")
    if isinstance(found, str):  # (`math: katex`, `math: mathjax`: which engine, on)
        return found.strip().lower() in ("false", "no", "off", "0", "none", "")
    return found is not None and not bool_of(found)


def passthrough_on(config: dict[str, Any]) -> bool:
    """Whether Goldmark passed math through untouched (its `passthrough` extension);
    without it, Markdown escapes were read inside math before MathJax saw it."""
    found: Any = config
    for key in ("markup", "goldmark", "extensions", "passthrough"):
        found = found.get(key) if isinstance(found, dict) else None
    return isinstance(found, dict) and bool_of(found.get("enable"))

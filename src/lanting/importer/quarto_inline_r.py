"""knitr's inline R code, `` `r image_path` ``, in a document Quarto ran with knitr and no
freeze kept (a freeze's Markdown has the values in).

An R blog sets a post's values once in a hidden cell (`image_path <- "flow.png"`) and
writes them where they show, in an HTML attribute too (`<img src="`r image_path`">`).
Lanting runs no R: such code was left as written, the image broken without a word.
A name a cell of the document sets once, to a quoted string or a whole number, is
filled in where knitr put its value; any other inline R is a warning, once a document.
One inside a formula (`$$\\bar x = `r mu`$$`) is a warning at its line, and shown as
its code in a box: its backticks, left in, were TeX's quotes and letters
(`‘rmu‘`), a wrong formula that read as a right one. One inside an HTML block
(`<center> $x$ = `r b0` </center>`), where Pandoc reads Markdown and CommonMark none, is
a warning at its line, and shown as code (`<code>b0</code>`): its backticks showed.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from lanting.importer.body_math import formula_spans
from lanting.importer.html_block_spans import inside, pandoc_html_spans
from lanting.importer.liquid import Context

_R_CELL = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})[ \t]*\{r\b[^\n]*\n(.*?)^[ \t]{0,3}\1[ \t]*$",
                     re.MULTILINE | re.DOTALL | re.IGNORECASE)
"""An R cell of a knitr document and its code."""
_ASSIGNED = re.compile(r"^([A-Za-z.][\w.]*)[ \t]*(?:<-|=)[ \t]*(.*?)[ \t]*(?:#.*)?$",
                       re.MULTILINE)
"""A top-level assignment, `name <- value` (or `=`), and its value."""
_LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'|(-?\d+)L?')
"""A value knitr prints as written: a quoted string (its text) or a whole number."""
_FENCED = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})[^\n]*\n.*?^[ \t]{0,3}\1[ \t]*$",
                     re.MULTILINE | re.DOTALL)
"""A fenced block, where `` `r x` `` is code as written."""
_INLINE = re.compile(r"(?<!`)`r[ \t]+((?:[^`\n]|\n(?![ \t]*\n))+?)[ \t]*`(?!`)")
"""knitr's inline code, `` `r expr` ``, over lines too (knitr's pattern, `[^`]+`, and
Pandoc's code span both cross a paragraph's line ends: `` `r round(mean(x),⏎2)` `` was
left as code, with no word)."""


def r_values(text: str) -> dict[str, str]:
    """The names the R cells of `text` set once, each to a literal: their values as
    knitr shows them inline."""
    seen: dict[str, str | None] = {}
    for cell in _R_CELL.finditer(text):
        for name, value in _ASSIGNED.findall(cell.group(2)):
            literal = _LITERAL.fullmatch(value)
            known = None if name in seen or literal is None else next(
                g for g in literal.groups() if g is not None)
            seen[name] = known.replace('\\"', '"').replace("\\'", "'") \
                if known is not None else None
    return {name: value for name, value in seen.items() if value is not None}


def inline_r(text: str, ctx: Context) -> str:
    """`text` (a knitr document's, not a freeze's) with its inline R code naming a value
    the document's cells set filled in, outside code blocks; a warning at the first that
    is not."""
    if not _R_CELL.search(text):
        return text  # (no R cell: knitr did not run, and `` `r x` `` was code)
    values = r_values(text)
    text = _in_html_blocks(text, values, ctx)
    left: list[str] = []

    def one(match: re.Match[str]) -> str:
        value = values.get(match.group(1).strip())
        if value is None:
            left.append(match.group())
            return match.group()
        ctx.convert("knitr's inline R code naming a value its cells set, filled in")
        return value

    out, last = [], 0
    for block in [*_FENCED.finditer(text), None]:
        end = block.start() if block is not None else len(text)
        out.append(_in_formulas(text[last:end], values, ctx, one))
        if block is not None:
            out.append(block.group())
            last = block.end()
    if left:
        ctx.warn(left[0], f"{len(left)} inline R expression(s) (`` {left[0]} `` the first): "
                 "knitr put their values here, Lanting runs no R: left as written (write "
                 "the values in)")
    return "".join(out)


def _in_html_blocks(text: str, values: dict[str, str], ctx: Context) -> str:
    """`text` with the inline R naming no known value inside an HTML block (not in a
    formula or a fenced block there) shown as code, with a warning at its line."""
    spans = pandoc_html_spans(text) if "`r" in text else []
    if not spans:
        return text
    fenced = [m.span() for m in _FENCED.finditer(text)]
    blank = _INLINE.sub(lambda m: "r" * len(m.group()), text)
    math = formula_spans(blank)

    def one(match: re.Match[str]) -> str:
        at = match.start()
        if values.get(match.group(1).strip()) is not None or not inside(spans, at) \
                or inside(fenced, at) or inside(math, at):
            return match.group()
        ctx.warn(match.group(), f"inline R `` {match.group()} `` inside an HTML block "
                 "(Pandoc read Markdown there, Lanting does not): knitr put its value "
                 "here, Lanting runs no R: shown as its code (write the value in)")
        return f"<code>{html.escape(' '.join(match.group(1).split()))}</code>"

    return _INLINE.sub(one, text)


_TEX_SPECIALS = re.compile(r"[\\~^_$%&#{}]")
_TEX_WORDS = {"\\": "\\textbackslash{}", "~": "\\textasciitilde{}",
              "^": "\\textasciicircum{}"}


def _boxed(code: str) -> str:
    """R code as TeX showing it, in a box: `\\boxed{\\texttt{round(mu, 2)}}`."""
    shown = _TEX_SPECIALS.sub(lambda m: _TEX_WORDS.get(m.group(), "\\" + m.group()), code)
    return f"\\boxed{{\\texttt{{{shown}}}}}"


def _in_formulas(text: str, values: dict[str, str], ctx: Context,
                 outside: Callable[[re.Match[str]], str]) -> str:
    """`text` (outside code blocks) with its inline R filled in (`outside` for that out
    of formulas); one in a formula naming no known value boxed (`_boxed`), with a
    warning at its line."""
    # (the formulas are found with the inline code blanked: R's `df$x` holds a dollar)
    blank = _INLINE.sub(lambda m: "r" * len(m.group()), text)
    spans = formula_spans(blank) if "`r" in text else []
    out, last = [], 0
    for start, end in spans:
        if start < last:
            continue  # (an inner formula's span, inside the one just done)
        out.append(_INLINE.sub(outside, text[last:start]))
        out.append(_INLINE.sub(lambda m: _formula_value(m, values, ctx), text[start:end]))
        last = end
    return "".join(out) + _INLINE.sub(outside, text[last:])


def _formula_value(match: re.Match[str], values: dict[str, str], ctx: Context) -> str:
    value = values.get(match.group(1).strip())
    if value is not None:
        ctx.convert("knitr's inline R code naming a value its cells set, filled in")
        return value
    ctx.warn(match.group(), f"inline R `` {match.group()} `` inside a formula: knitr put "
             "its value here, Lanting runs no R: shown as its code in a box (write the "
             "value in)")
    return _boxed(" ".join(match.group(1).split()))

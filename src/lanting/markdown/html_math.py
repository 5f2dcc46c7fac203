"""Formulas in the text of raw HTML blocks: `<summary>为什么 $k_2$ 有偏？</summary>`.

A block of raw HTML is passed on as written, so its `$k_2$` reached the page as TeX.
MathJax and KaTeX's auto-render typeset such text on the sites our users come from (they
scan the whole page), so their posts put formulas in `<details>`, `<summary>`, `<div>`
and table cells. Here the text between the tags of an HTML block is searched for
`$…$`, `\\(…\\)`, `$$…$$` and `\\[…\\]`, and each formula becomes a math token of the
page, converted, numbered and checked with the others. Not searched: tags and their
attributes, comments, and what `<pre>`, `<code>`, `<script>`, `<style>`, `<textarea>`,
`<math>` and `<svg>` hold. A `$…$` is a formula where Markdown text would read one
(`mathsyntax.dollar_formula`): money stays text (`$5 and $10`), and a formula glued to
Chinese is one (`函数$f(x)=x$呢`, whose neighbours are letters to a regular expression's
`\\w`, was left as TeX in a `<summary>`). `\\$` is a dollar sign
(as MathJax's `processEscapes` has it; the importers write a dollar that is no formula
so). A formula that does not convert is a warning and shown as written, as MathJax
showed it. A formula is HTML text, read with its character references (`r&gt;0`, as
pandoc and blogdown write `r>0`) as the browser read them before MathJax saw it.
"""

from __future__ import annotations

import re
from html import unescape

from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from lanting.markdown.math_display import ENVIRONMENTS
from lanting.markdown.mathsyntax import dollar_formula

_SKIPPED = re.compile(r"<!--.*?(?:-->|\Z)"
                      r"|<d-math(?P<attrs>\s[^>]*)?>(?P<distill>.*?)</d-math\s*>"
                      r"|<(pre|code|script|style|textarea|math|svg)\b.*?</\3\s*>"
                      r"|<[A-Za-z/!?][^>]*>", re.DOTALL | re.IGNORECASE)
"""What is not text of the block: a tag, a comment (one never closed hides the rest of
the block), an element whose text is not prose; Distill's `<d-math>` element (its text
a formula, KaTeX's: `<d-math block>` a display).
A `<` before a space or a digit opens no tag (the browser's tokenizer keeps it as text,
and MathJax saw it): `$\\beta_1 < \\beta_T$` in a `<p>` is a formula, not the start of
a tag running to the `>` of `</p>`."""
_FORMULA = re.compile(
    r"\\\$"
    r"|\$\$(?P<dd>(?:[^$]|\$(?!\$))+?)\$\$"
    r"|\\\[(?P<db>.+?)\\\]"
    r"|\\\((?P<ip>.+?)\\\)"
    r"|(?P<de>\\begin\{(?P<env>" + "|".join(ENVIRONMENTS) + r")(?P<star>\*?)\}.*?"
    r"\\end\{(?P=env)(?P=star)\})"
    r"|(?<![\\$])\$(?P<id>(?:[^$\n]|\n(?![ \t]*\n))+?)\$(?!\$)",
    re.DOTALL)
"""A formula, or `\\$`: a dollar sign (MathJax's `processEscapes`; the importers write
it so for a dollar that is no formula). A `$…$` is one only if Markdown text would read
it as one (`dollar_formula`): not money, `$5 and $10`. As MathJax reads the page: a
`$$…$$` may hold a lone `$` (`\\text{after $n$ steps}`), a `$…$` a line break (a
`bmatrix` written over lines), and an `align` or `equation` stands without dollars
(its `processEnvironments`)."""
_OPENERS = {"dd": "$$", "db": "\\[", "ip": "\\(", "id": "$", "de": "\\begin"}


def _formulas(content: str) -> list[tuple[int, int, str, bool, str]]:
    """(start, end, TeX, display, opener) of each formula in the text of `content`, and
    of each `\\$` (with the opener "")."""
    found: list[tuple[int, int, str, bool, str]] = []
    last = 0
    for skipped in [*_SKIPPED.finditer(content), None]:
        end = skipped.start() if skipped is not None else len(content)
        pos = last
        while (match := _FORMULA.search(content, pos, end)) is not None:
            kind = match.lastgroup
            if kind == "id" and not dollar_formula(content, match.start(), match.end() - 1):
                pos = match.start() + 1  # (its closing `$` may open the next formula)
                continue
            pos = match.end()
            if kind is None:
                found.append((match.start(), match.end(), "", False, ""))
            else:
                found.append((match.start(), match.end(), match.group(kind), kind[0] == "d",
                              _OPENERS[kind]))
        if skipped is not None and skipped.group("distill") is not None:
            found.append((skipped.start(), skipped.end(), skipped.group("distill"),
                          "block" in (skipped.group("attrs") or "").lower(), "<d-math>"))
        if skipped is not None:
            last = skipped.end()
    return found


def split_html_math(state: StateCore) -> None:
    """Each raw HTML block with formulas in its text, as the HTML around them and a math
    token for each (rendered by the math plugin's rules, in the block's place); a `\\$`
    in its text is a `$`."""
    if "<" not in state.src or not ("$" in state.src or "\\(" in state.src
                                    or "\\[" in state.src or "\\begin" in state.src
                                    or "<d-math" in state.src):
        return
    tokens: list[Token] = []
    changed = has_math = False
    for token in state.tokens:
        found = _formulas(token.content) if token.type == "html_block" and (
            "$" in token.content or "\\" in token.content or "<d-math" in token.content) else []
        if not found:
            tokens.append(token)
            continue
        changed = True
        first = token.map[0] if token.map else 0
        html, start_of_html, last = "", 0, 0
        for start, end, tex, display, opener in found:
            html += token.content[last:start]
            last = end
            if not opener:
                html += "$"
                continue
            tokens.append(_html(token, html, first, start_of_html))
            line = first + token.content.count("\n", 0, start)
            math = Token("math_block" if display else "math_inline", "math", 0,
                         content=unescape(tex), markup=opener, map=[line, line + 1],
                         block=display)
            math.meta = {"line": line, "in_html": True}
            tokens.append(math)
            has_math = True
            html, start_of_html = "", end
        tokens.append(_html(token, html + token.content[last:], first, start_of_html))
    if changed:
        state.tokens = [t for t in tokens if t.type != "html_block" or t.content]
    if has_math:
        state.env["has_math"] = True  # (what makes the page's formulas convert)


def _html(block: Token, content: str, first: int, offset: int) -> Token:
    line = first + block.content.count("\n", 0, offset)
    return Token("html_block", "", 0, content=content, map=[line, line + 1], block=True)

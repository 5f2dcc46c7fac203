"""Where math is in Markdown: the delimiters.

Inline: `$…$`, `\\(…\\)`, and `$$…$$` inside a sentence (kramdown's inline math). `$ x $`
with spaces inside (on both sides, or on one side of a formula holding a command,
`$\\alpha $`, or of an equation of short symbols, `$ q = x+y$`) is math too, unless it
reads as money or prose:
`$5 and $10`, `价格从 $5 涨到 $10` and `\\$20` stay text (a `$` right before a digit,
or a digit right after the closing `$`, or Chinese outside `\\text` and a script's
braces, `v_{质}` (unless a command and
a script, `=` or a relation's command make it a formula, or it is symbols joined by a
Chinese conjunction, `$ X 和 z$`), or two English words (`$ for it, and $`), in a
spaced formula; a `\\begin{…}` environment is a formula whatever its rows' labels).
Display math (`$$` lines, `\\[ … \\]`, bare environments) is `math_display.py`'s block
rules, which `math_syntax_plugin` registers with the inline ones.

Every formula becomes a `math_inline` or `math_block` token with `meta["line"]`, the
body line its source starts on, so that errors point at the right line; the math plugin
(`math.py`) converts them all at once per page.

Written here rather than taken from mdit-py-plugins' dollarmath (which this replaces):
its inline rule reads `src[pos - 1]` at position 0, which is the block's last character,
so `$\\alpha$ - 动量参数，缺省取值 0.9` stayed text, and its `is_escaped` does the same.
"""

from __future__ import annotations

import re
from html import unescape

from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline

from lanting.markdown.math_display import (
    bracket_block,
    dollar_block,
    dollar_outside_braces_at,
    environment_block,
    math_fences,
)

_CJK = re.compile(r"[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
                  r"\uff00-\uffef]")
_TEXT_GROUP = re.compile(r"\\(?:text[a-z]*|mbox|hbox|mathrm|operatorname)\s*\{[^{}]*\}")
_CHINESE_SCRIPT = re.compile(r"(?<=[A-Za-z0-9)}])[_^]\{[^{}$]*\}")
"""A braced script holding words, `v_{质}`, `f_{拍}`: a label of a symbol, as physics
notes write them (prose has no `_{`); its Chinese is no prose, as `\\text`'s is not."""
_COMMAND = re.compile(r"\\[A-Za-z]+")
_BRACKETED = re.compile(r"\((?:[^()]|\([^()]*\))*\)|\{[^{}]*\}")
"""A group in parentheses or braces (one level of nesting)."""
_TEX = re.compile(r"\\(?:[A-Za-z]+|[ ,;:!{}|])")
"""A command, or a control symbol prose never has: a space (`L_2 \\ Regularization`),
a thin space, `\\{`, `\\|`."""
_WORDS = re.compile(r"[A-Za-z]{3,}[\s,;:]+[A-Za-z]{2,}|[A-Za-z]{2,}[\s,;:]+[A-Za-z]{3,}")
"""Two English words in a row, one of them of three letters or more (`for it, and`):
prose, not symbols (`dx dy`, `f x`)."""
_ENVIRONMENT = re.compile(r"\\begin\s*\{[A-Za-z]+\*?\}.*\\end\s*\{[A-Za-z]+\*?\}", re.DOTALL)
"""A TeX environment, `\\begin{cases}` … `\\end{cases}`: no prose or price holds one."""
_CONTROL_SPACE_LAST = re.compile(r"(?<!\\)(?:\\\\)*\\ $")
_RELATION = re.compile(r"\\(?:le|ge|leq|geq|leqslant|geqslant|ne|neq|in|notin|ni|subset|"
                       r"subseteq|supset|supseteq|sim|simeq|approx|equiv|cong|propto|to|"
                       r"mapsto|rightarrow|leftarrow|leftrightarrow|uparrow|downarrow|"
                       r"Rightarrow|Leftarrow|Leftrightarrow|iff|implies|mid|perp|parallel)"
                       r"(?![A-Za-z])")
"""A relation's command: no price or prose holds one."""
_SUPERSCRIPT = re.compile(r"[A-Za-z0-9)}\]]\^[A-Za-z0-9{]")
"""A superscript, `n^k`, `x^{2}`: TeX, never money or a shell variable."""
_SUBSCRIPT = re.compile(r"[A-Za-z0-9)}\]]_\{")
"""A braced subscript, `I_{cur}`: TeX (a bare `a_b` may be a name in prose)."""


def _escaped(src: str, pos: int) -> bool:
    """Whether an odd number of backslashes stands right before `src[pos]`."""
    count = 0
    while pos - count - 1 >= 0 and src[pos - count - 1] == "\\":
        count += 1
    return count % 2 == 1


def _spaced_is_math(src: str, start: int, end: int, content: str) -> bool:
    """A `$ … $` with a space inside: math only when it cannot be money or prose."""
    if not content[0].isspace() and _CONTROL_SPACE_LAST.search(content):
        return True  # `$x\ $`: its last space is TeX's control space, typed as TeX
    if not content.strip() or content[0].isdigit() and not _COMMAND.search(content):
        return False  # `$5 and $` … money (`$1/\\vert x \\vert $` holds a command: math)
    if _ENVIRONMENT.search(content):
        # `$` on a line of its own, a `\\begin{cases}` tree over lines with Chinese and
        # English labels in it, `$` (a Hexo post's memory hierarchy): markdown-it-katex
        # and MathJax read it as a formula; its words are the labels of its rows
        return True
    if not (content[0].isspace() and content[-1].isspace()) \
            and not _TEX.search(content) \
            and not _SUPERSCRIPT.search(content) \
            and not _SUBSCRIPT.search(content) \
            and not _symbol_in_chinese(src, start, end, content) \
            and not _LONE_SYMBOL.fullmatch(content.strip()) \
            and not _plain_equation(content):
        # `${HOME} and $x$`: spaced formulas are written `$ x $`, or hold a command,
        # `$\\overline{A+B} $`, `$y \\in \\lbrace -1, 1 \\rbrace $` (or a control symbol,
        # `$L_2 \\ Regularization: $`, Typora's), or a superscript, `$O(1), O(n^k) $` (a
        # complexity post's), or a braced subscript, `$I_{cur} = $`, or are an equation,
        # `$ q = x+y$` (as MathJax and KaTeX's auto-render read them), or are one symbol,
        # `$ u$`, `$ x_i$` (a WordPress export's, MathJax read it: prose never has one)
        return False
    if src[end + 1:end + 12].lstrip(" \t")[:1].isdigit():
        return False  # `… $ 10`, `| $  1.10 | $  4.40 |` (a padded table's prices)
    bare = _CHINESE_SCRIPT.sub("_{}", _TEXT_GROUP.sub("", content))
    if _CJK.search(bare):
        # `$ 涨到 $`: prose; but `$ Y = 2^{e} \times m，其中 m = 1.M $` (a command, and a
        # script or an equals sign) is a formula with Chinese in it, as MathJax reads it,
        # and so is `$ A \subset B 则 \mu(A) \le \mu(B) $` (a relation's command: a
        # translated textbook's conditions, the 则 inside the formula), or a full-width
        # relation typed with a Chinese input method (`$ p(z) ～ \mathcal{N}(0, I) $`)
        # `$ X 和 z$`: symbols joined by a Chinese conjunction, as MathJax reads them
        # `$ \mathbb{P}(测试阳性 | 无疾病) $`: words as a command's argument, in its
        # parentheses, as MathJax reads them (prose has no Chinese only in brackets)
        return _symbol_list(bare) or bool(_COMMAND.search(bare)) and (
            any(c in bare for c in "^_=～＝＜＞") or bool(_RELATION.search(bare))
            or not _CJK.search(_BRACKETED.sub("", bare)))
    if "=" in bare and _COMMAND.search(bare):
        return True  # `$ DAR = SAR \times PAR $`: an equation, its names words
    return not _WORDS.search(_COMMAND.sub(" ", bare))  # `$ and then $`: prose


_LONE_SYMBOL = re.compile(r"[A-Za-z](?:[0-9]|_[A-Za-z0-9]|'+)?")
"""One symbol: a letter, with a digit, a one-character subscript or primes (`u`, `x1`,
`x_i`, `f'`); no word, and no price."""


_EQUATION = re.compile(r"[A-Za-z][A-Za-z0-9_^'(){}+\-*/=<>|,. ]*")
_LONG_WORD = re.compile(r"[A-Za-z]{3,}")


def _plain_equation(content: str) -> bool:
    """`$ q = x+y$`: a relation between symbols of a letter or two (no word, no money),
    with a stray space inside (a real Chirpy post's backpropagation example)."""
    body = content.strip()
    return bool(_EQUATION.fullmatch(body)) and any(c in body for c in "=<>") \
        and not _LONG_WORD.search(body)


_SYMBOL = re.compile(r"[A-Za-z][A-Za-z0-9_']{0,3}(?:\([A-Za-z0-9_', ]{1,12}\))?")
"""A symbol, or one applied to a few (`p(x)`, `W(t)`, `f(x, y)`)."""


_JOINED = re.compile(rf"{_SYMBOL.pattern}(?:\s*(?:和|与|及|或|以及|或者|、|，)\s*"
                     rf"{_SYMBOL.pattern})+")


def _symbol_list(content: str) -> bool:
    """`$ X 和 z$`, `$ p(x) 与 q(x) $`: symbols joined by a Chinese conjunction (a
    notes post's "设 X 和 z 是随机变量" with the dollars around the lot): MathJax and
    KaTeX typeset it as one formula; it is no price and no English prose."""
    return bool(_JOINED.fullmatch(content.strip()))


def _symbol_in_chinese(src: str, start: int, end: int, content: str) -> bool:
    """`让这 $n $位大臣`, `从 $ p(x)$进行采样`, `设 $ X$ 的维度`: a symbol (or one
    applied, `p(x)`) with a stray space, beside Chinese text on a side, or a space away
    (problem statements copied into OI blogs, a diffusion blog's notes; KaTeX and
    MathJax read it as math)."""
    after = src[end + 1:end + 3].lstrip(" ")[:1]
    before = src[max(0, start - 2):start].rstrip(" ")[-1:]
    return (bool(_SYMBOL.fullmatch(content.strip())) or _symbol_list(content)) and bool(
        _CJK.match(after) or _CJK.match(before))


_BACKTICKS = re.compile(r"`+")


def _opens_code_span(src: str, start: int, end: int) -> bool:
    """Whether a backtick run in `src[start:end]` opens a code span running past `end`
    (the first run of the same length after it is there): then the `$` is prose beside
    code (`$10 and `$x$``), never math. An escaped backtick (`\\`{a}`, a text accent), a
    lone one, and a pair inside the formula (TeX's quotes, `\\text{``yes"}`) are none."""
    pos = start
    while (run := _BACKTICKS.search(src, pos, end)) is not None:
        pos = run.end()
        if _escaped(src, run.start()):
            continue
        n = len(run.group(0))
        closer = next((later for later in _BACKTICKS.finditer(src, run.end())
                       if len(later.group(0)) == n), None)
        if closer is not None:
            if closer.start() >= end:
                return True
            pos = closer.end()
    return False


def _closing_dollar(src: str, pos: int, double: bool) -> int:
    """Where the formula from `pos` ends: the first unescaped `$` (or `$$`) outside
    braces, as MathJax and KaTeX's auto-render find it (`$\\text{if $x$}$` is one
    formula), within its paragraph; -1 if none."""
    return dollar_outside_braces_at(src, pos, len(src), double, in_paragraph=True)


def dollar_formula(src: str, start: int, end: int) -> bool:
    """Whether the `$` at `start` and the one at `end` enclose a formula, not money or
    prose (`$5 and $10`, `| $/1M tokens | $2.50 |`): digits right outside, or a space
    just inside where it cannot be math."""
    content = src[start + 1:end]
    if not content.strip():
        return False
    before = src[start - 1] if start > 0 else ""
    after = src[end + 1] if end + 1 < len(src) else ""
    # (`5$ and 10$` is money; `after 5$\tau$` a formula: a command is TeX's, and so is
    # a letter and symbols with no space, `the 2$x$ term`, as Pandoc and dollarmath
    # read it. Money's digits are ASCII: `①$L(s)$`, a circled number listing formulas,
    # is math; so is a script glued to a number, `45$^{\circ}$N`, `10$^{-3}$`, as
    # Pandoc reads it in Quarto's and R Markdown's text: money has no `^` or `_`; and a
    # digit after one starting with a command, `| $\geq$3 |`, a table's "3 or more", as
    # MathJax and KaTeX read it: no price starts with a backslash)
    if _ascii_digit(after) and not _COMMAND.match(content) or _ascii_digit(before) and not (
            _COMMAND.match(content) or _TIGHT_SYMBOLS.fullmatch(content)
            or _SCRIPT_FIRST.match(content)):
        return False
    return not (content[0].isspace() or content[-1].isspace()) or _spaced_is_math(
        src, start, end, content)


_TIGHT_SYMBOLS = re.compile(r"[A-Za-z][\x21-\x7e]*")
"""A formula after a digit that money's words are not: a letter, then ASCII symbols
with no space (`x`, `x^2`; not `5$ each, 10$`, nor `5$/月`)."""


_SCRIPT_FIRST = re.compile(r"[\^_](?:\{|\\[A-Za-z]|[A-Za-z0-9])")
"""A formula that is a script of what stands before it, `^{\\circ}`, `^\\circ`, `_2`."""


def _ascii_digit(char: str) -> bool:
    return char.isascii() and char.isdigit()


def _dollar(state: StateInline, silent: bool) -> bool:
    src, start = state.src, state.pos
    if src[start] != "$" or _escaped(src, start):
        return False
    double = src.startswith("$$", start)
    opener = 2 if double else 1
    end = _closing_dollar(src, start + opener, double)
    if end < 0 and "{" in src[start:]:  # an unbalanced `{` in prose: the plain rule
        end = src.find("$$" if double else "$", start + opener)
        while end >= 0 and _escaped(src, end):
            end = src.find("$$" if double else "$", end + 1)
    if end < 0:
        return False
    content = src[start + opener:end]
    if not content.strip() or _opens_code_span(src, start + opener, end):
        return False
    if not double and not dollar_formula(src, start, end):
        return False
    if not silent:
        token = state.push("math_inline", "math", 0)
        token.content = content
        token.markup = "$$" if double else "$"
        token.meta = {"pos": start + opener}
    state.env["has_math"] = True
    state.pos = end + opener
    return True


def _dollar_outside_braces(src: str, start: int, end: int) -> bool:
    """Whether `src[start:end]` holds a `$` outside braces (not `\\$`, nor in
    `\\text{if $x$}`): `\\($x$\\)` is a formula in escaped parentheses, as Obsidian and
    Typora (which have no `\\(` delimiter) show it, since TeX math holds no such `$`."""
    return dollar_outside_braces_at(src, start, end) >= 0


def _parenthesis(state: StateInline, silent: bool) -> bool:
    src, start = state.src, state.pos
    if not src.startswith("\\(", start) or _escaped(src, start):
        return False
    end = src.find("\\)", start + 2)
    while end >= 0 and _escaped(src, end):
        end = src.find("\\)", end + 1)
    if end < 0 or not src[start + 2:end].strip() or _dollar_outside_braces(src, start + 2, end):
        return False
    if not silent:
        token = state.push("math_inline", "math", 0)
        token.content = src[start + 2:end]
        token.markup = "\\("
        token.meta = {"pos": start + 2}
    state.env["has_math"] = True
    state.pos = end + 2
    return True


_DISTILL = re.compile(r"<d-math(?:\s[^>]*)?>(.*?)</d-math\s*>", re.S | re.I)
"""Distill's math element, `<d-math>p(y \\mid x)</d-math>` (al-folio's `distill`
layout, the ICLR blog track's posts): KaTeX typeset its text; as raw HTML it showed TeX."""


def _distill(state: StateInline, silent: bool) -> bool:
    found = _DISTILL.match(state.src, state.pos)
    if found is None or not found.group(1).strip():
        return False
    if not silent:
        token = state.push("math_inline", "math", 0)
        token.content = unescape(found.group(1))
        token.markup = "<d-math>"
        token.meta = {"pos": found.start(1)}
    state.env["has_math"] = True
    state.pos = found.end()
    return True


def _inline_math(state: StateInline, silent: bool) -> bool:
    c = state.src[state.pos]
    if c == "$":
        return _dollar(state, silent)
    if c == "\\":
        return _parenthesis(state, silent)
    if c == "<" and state.src.startswith(("<d-math", "<D-MATH"), state.pos):
        return _distill(state, silent)
    return False


INTERRUPTS = ["paragraph", "reference", "blockquote", "list"]


def math_syntax_plugin(md: MarkdownIt) -> None:
    """Register the delimiters (the tokens are rendered by the math plugin)."""
    md.inline.ruler.before("escape", "math_inline", _inline_math)
    md.block.ruler.before("fence", "math_block", dollar_block, {"alt": INTERRUPTS})
    md.block.ruler.before("fence", "math_block_brackets", bracket_block, {"alt": INTERRUPTS})
    md.block.ruler.before("fence", "math_block_environment", environment_block,
                          {"alt": INTERRUPTS})
    md.core.ruler.after("block", "math_fences", math_fences)

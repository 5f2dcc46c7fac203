"""Where math is in Markdown: the delimiters.

Inline: `$…$`, `\\(…\\)`, and `$$…$$` inside a sentence (kramdown's inline math). `$ x $`
with spaces inside (on both sides, or on one side of a formula holding a command,
`$\\alpha $`, or of an equation of short symbols, `$ q = x+y$`) is math too, unless it
reads as money or prose:
`$5 and $10`, `价格从 $5 涨到 $10` and `\\$20` stay text (a `$` right before a digit,
or a digit right after the closing `$`, or Chinese outside `\\text` (unless a command and
a script or `=` make it a formula), or two English words, in a spaced formula).
Display: `$$` lines (`$$ … $$` alone on a line, or `$$` … `$$` over several, optionally
followed by a label `(eq:x)`), `\\[ … \\]` likewise, and a bare `\\begin{equation}` …
`\\end{equation}` (or `align`, `gather`, `multline`, …) block; all three may start right
after a line of prose, with no blank line between.

Every formula becomes a `math_inline` or `math_block` token with `meta["line"]`, the
body line its source starts on, so that errors point at the right line; the math plugin
(`math.py`) converts them all at once per page.

Written here rather than taken from mdit-py-plugins' dollarmath (which this replaces):
its inline rule reads `src[pos - 1]` at position 0, which is the block's last character,
so `$\\alpha$ - 动量参数，缺省取值 0.9` stayed text, and its `is_escaped` does the same.
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from markdown_it.rules_inline import StateInline

_CJK = re.compile(r"[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
                  r"\uff00-\uffef]")
_TEXT_GROUP = re.compile(r"\\(?:text[a-z]*|mbox|hbox|mathrm|operatorname)\s*\{[^{}]*\}")
_COMMAND = re.compile(r"\\[A-Za-z]+")
_TEX = re.compile(r"\\(?:[A-Za-z]+|[ ,;:!{}|])")
"""A command, or a control symbol prose never has: a space (`L_2 \\ Regularization`),
a thin space, `\\{`, `\\|`."""
_WORDS = re.compile(r"[A-Za-z]{3,}\s+[A-Za-z]{3,}")
_CONTROL_SPACE_LAST = re.compile(r"(?<!\\)(?:\\\\)*\\ $")


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
    if not (content[0].isspace() and content[-1].isspace()) \
            and not _TEX.search(content) \
            and not _symbol_in_chinese(src, start, end, content) \
            and not _plain_equation(content):
        # `${HOME} and $x$`: spaced formulas are written `$ x $`, or hold a command,
        # `$\\overline{A+B} $`, `$y \\in \\lbrace -1, 1 \\rbrace $` (or a control symbol,
        # `$L_2 \\ Regularization: $`, Typora's), or are an equation, `$ q = x+y$` (as
        # MathJax and KaTeX's auto-render read them)
        return False
    if src[end + 1:end + 12].lstrip(" \t")[:1].isdigit():
        return False  # `… $ 10`, `| $  1.10 | $  4.40 |` (a padded table's prices)
    bare = _TEXT_GROUP.sub("", content)
    if _CJK.search(bare):
        # `$ 涨到 $`: prose; but `$ Y = 2^{e} \times m，其中 m = 1.M $` (a command, and a
        # script or an equals sign) is a formula with Chinese in it, as MathJax reads it
        return bool(_COMMAND.search(bare)) and any(c in bare for c in "^_=")
    return not _WORDS.search(_COMMAND.sub(" ", bare))  # `$ and then $`: prose


_EQUATION = re.compile(r"[A-Za-z][A-Za-z0-9_^'(){}+\-*/=<>|,. ]*")
_LONG_WORD = re.compile(r"[A-Za-z]{3,}")


def _plain_equation(content: str) -> bool:
    """`$ q = x+y$`: a relation between symbols of a letter or two (no word, no money),
    with a stray space inside (a real Chirpy post's backpropagation example)."""
    body = content.strip()
    return bool(_EQUATION.fullmatch(body)) and any(c in body for c in "=<>") \
        and not _LONG_WORD.search(body)


_SYMBOL = re.compile(r"[A-Za-z][A-Za-z0-9_']{0,3}")


def _symbol_in_chinese(src: str, start: int, end: int, content: str) -> bool:
    """`让这 $n $位大臣`: a symbol with a stray space, touching Chinese text on a side
    (problem statements copied into OI blogs; KaTeX and MathJax read it as math)."""
    return bool(_SYMBOL.fullmatch(content.strip())) and bool(
        _CJK.match(src[end + 1:end + 2]) or (start > 0 and _CJK.match(src[start - 1])))


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
    formula); -1 if none."""
    depth = 0
    n = len(src)
    while pos < n:
        c = src[pos]
        if c == "\\":
            pos += 2
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth = max(0, depth - 1)
        elif c == "$" and depth == 0 and (not double or src.startswith("$$", pos)):
            return pos
        elif c == "\n" and pos + 1 < n and src[pos + 1] == "\n":
            return -1
        pos += 1
    return -1


def dollar_formula(src: str, start: int, end: int) -> bool:
    """Whether the `$` at `start` and the one at `end` enclose a formula, not money or
    prose (`$5 and $10`, `| $/1M tokens | $2.50 |`): digits right outside, or a space
    just inside where it cannot be math."""
    content = src[start + 1:end]
    if not content.strip():
        return False
    before = src[start - 1] if start > 0 else ""
    after = src[end + 1] if end + 1 < len(src) else ""
    # (`5$ and 10$` is money; `after 5$\tau$` a formula: a command is TeX's. Money's
    # digits are ASCII: `①$L(s)$`, a circled number listing formulas, is math)
    if _ascii_digit(after) or _ascii_digit(before) and not _COMMAND.match(content):
        return False
    return not (content[0].isspace() or content[-1].isspace()) or _spaced_is_math(
        src, start, end, content)


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
    depth, pos = 0, start
    while pos < end:
        c = src[pos]
        if c == "\\":
            pos += 2
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth = max(0, depth - 1)
        elif c == "$" and depth == 0:
            return True
        pos += 1
    return False


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


def _inline_math(state: StateInline, silent: bool) -> bool:
    c = state.src[state.pos]
    if c == "$":
        return _dollar(state, silent)
    if c == "\\":
        return _parenthesis(state, silent)
    return False


# --- display ------------------------------------------------------------------------------

_LABEL = r"(?:\s*(?:\(([^)$\r\n]+)\)|\{#(eq[:-][\w\-.:]+)\}))?\s*"
"""`(eq:x)`, Lanting's label of a display formula, or `{#eq-x}` (Quarto's; `{#eq:x}`,
pandoc-crossref's)."""
_DOLLAR_ONE_LINE = re.compile(r"\$\$(.*?)(?<!\\)\$\$" + _LABEL, re.S)
_AFTER = r"(?P<after>[.,;:!?。，；：！？])?\s*"
"""A punctuation mark right after a display formula's closing `$$` (`$$.`, as Pandoc,
MathJax and KaTeX read it): it goes inside, at the formula's end."""
_DOLLAR_CLOSE = re.compile(r"(.*?)(?<!\\)\$\$" + _LABEL + _AFTER)
_BRACKET_ONE_LINE = re.compile(r"\\\[(.*?)\\\]" + _LABEL, re.S)
_BRACKET_CLOSE = re.compile(r"(.*?)\\\]" + _LABEL + _AFTER)
ENVIRONMENTS = ("equation", "multline", "gather", "align", "alignat", "flalign",
                "eqnarray", "CD", "matrix", "pmatrix", "bmatrix", "Bmatrix", "vmatrix",
                "Vmatrix")
"""Environments that make a display formula of their own outside `$$` (amsmath's
top-level ones, as mdit-py-plugins' amsmath plugin has them, and `CD`)."""
_ENV_OPEN = re.compile(r"\\begin\{(" + "|".join(ENVIRONMENTS) + r")(\*?)\}")


def _line(state: StateBlock, n: int) -> str:
    return state.src[state.bMarks[n] + state.tShift[n]:state.eMarks[n]]


def _closer(opener: str) -> str:
    return "$$" if opener == "$$" else "\\]"


def _delimited_block(state: StateBlock, start_line: int, end_line: int, silent: bool,
                     opener: str, one_line: re.Pattern[str], closing: re.Pattern[str]) -> bool:
    if state.sCount[start_line] - state.blkIndent >= 4:
        return False  # an indented code block
    first = _line(state, start_line)
    if not first.startswith(opener):
        return False
    label: str | None
    rest = ""  # (text after a closing `$$` on its line: a paragraph after the formula)
    whole = one_line.fullmatch(first)
    if whole and _closer(opener) not in whole.group(1).replace("\\$", ""):
        content, label, last = whole.group(1), whole.group(2) or whole.group(3), start_line
    else:
        # `$$x$$ and more` is inline math in a paragraph, and `$$x` on a paragraph's
        # next line goes on with it, unless its `$$` closes alone on a line (KaTeX's and
        # MathJax's display formula); a lone `$$` closing what a line of the paragraph
        # opened interrupts nothing. Asked whether it interrupts a paragraph the rule is
        # `silent`; `parentType` alone is not enough: markdown-it's setext-heading rule
        # leaves it "paragraph" when it fails, i.e. after the first paragraph of a
        # document, which made a block render as display math alone and inline after any
        # paragraph (markdown-it's own list rule asks both, too).
        interrupting = silent and state.parentType == "paragraph"
        if first.rstrip() != opener and _closer(opener) in first[len(opener):]:
            return False
        if interrupting and first.rstrip() == opener and _opened_above(state, start_line,
                                                                        opener):
            return False  # (it closes the formula a line of the paragraph opened)
        parts, last, label = [first[len(opener):]], start_line, None
        # (a `$$` at the margin right under a list item's text, asked whether it ends the
        # item, is a block of the level its lines stand at, as a code fence there is)
        margin = min(state.blkIndent, max(state.sCount[start_line], 0))
        while True:
            last += 1
            if last >= end_line:
                return False
            if state.sCount[last] < margin and _line(state, last):
                return False  # the container ended first
            text = _line(state, last)
            if not text.strip() and first.rstrip() != opener:
                # `\\[[0,0],[1,0]]` (an escaped bracket) or `$$x` starting a paragraph:
                # math only if it closes in that paragraph, as MathJax reads it (the
                # escaped bracket took 100 lines of prose up to a `\\]` further down)
                return False
            if not text.strip() and interrupting and opener == "$$" and \
                    not _only_blank_before_close(state, last, end_line):
                # a lone `$$` right under a line of text, the line after it blank: KaTeX
                # and MathJax found no formula across the paragraph's end (`并设：$$`, a
                # blank line, the formula, `$$`: that `$$` opened one running through
                # the prose to the next formula's, and every one after was out of step)
                return False
            end = closing.fullmatch(text.rstrip())
            if end and interrupting and first.rstrip() != opener and end.group(1).strip():
                return False  # `$$x` on a paragraph's next line, closing in a line of text
            closer = _closer(opener)
            if not end and first.rstrip() == opener and text.startswith(closer) and \
                    closer not in text[len(closer):]:
                # `$$` alone, the formula, then `$$ is called Laplace's equation.`: the
                # first `$$` closes, as Obsidian, MathJax and KaTeX read it (else the
                # formula ran on to the next display's opener, and the text after was
                # TeX), the text after it a paragraph of its own
                rest = text[len(closer):].strip()
                break
            if end:
                # (`$$.` closing: left as text, it opened a formula that ran to the next
                # `$$`, and every formula after it was out of step: 48 errors on a page)
                parts.append(end.group(1) + (end.group("after") or ""))
                label = end.group(2) or end.group(3)
                break
            if _closer(opener) in text.replace("\\$", ""):
                # closed mid-line, or after an opener with text on its line: a formula
                # inside the paragraph (as KaTeX's auto-render, MathJax and Pandoc found
                # it), not a block, which ran on to the next lone `$$` of the page, blank
                # lines and all, and put every formula after out of step
                return False
            parts.append(text)
        content = "\n".join(parts)
    if not content.strip():
        if last == start_line or first.rstrip() != opener:
            return False
        # `$$`, blank lines, `$$`: an empty formula (a derivation never written). Left
        # as text, its second `$$` opened a formula that ran to the next one, swallowing
        # the prose between and leaving the next formula's TeX in the page.
        if not silent:
            state.line = last + 1
        return True
    if silent:
        return True
    state.line = last + 1
    token = state.push("math_block", "math", 0)
    token.block = True
    token.content = content
    token.markup = opener
    token.info = re.sub(r"\s+", "-", label.strip()) if label else ""
    token.map = [start_line, state.line]
    token.meta = {"line": start_line}
    state.env["has_math"] = True
    if rest:
        _paragraph(state, rest, last)
    return True


def _only_blank_before_close(state: StateBlock, line: int, end_line: int) -> bool:
    """Whether only blank lines come from `line` to a lone `$$` (an empty formula)."""
    while line < end_line and not _line(state, line).strip():
        line += 1
    return line < end_line and _line(state, line).strip() == "$$"


def _paragraph(state: StateBlock, text: str, line: int) -> None:
    """A paragraph of `text`, the rest of source line `line`."""
    token = state.push("paragraph_open", "p", 1)
    token.map = [line, line + 1]
    token = state.push("inline", "", 0)
    token.content, token.map, token.children = text, [line, line + 1], []
    state.push("paragraph_close", "p", -1)


_CODE_SPANS = re.compile(r"(?<!`)(`+)(?!`).+?(?<!`)\1(?!`)", re.DOTALL)


def _opened_above(state: StateBlock, line: int, opener: str) -> bool:
    """Whether the paragraph's lines above `line` (markdown-it asks a rule whether it
    interrupts the paragraph begun at `state.line`) leave an `opener` unclosed. Code
    spans are no text for it (`` `$$` is missing: `` above a `$$` line: the line took
    the `$$` for a closer, and the next lone `$$` opened a formula running on to the
    next `$$` of the page)."""
    text = _CODE_SPANS.sub("", "\n".join(_line(state, n) for n in range(state.line, line)))
    if opener == "$$":
        return len(re.findall(r"(?<!\\)\$\$", text)) % 2 == 1
    if opener == "$":  # (`$` alone on a line, a formula's lines, `$`: KaTeX's inline one)
        return len(re.findall(r"(?<![\\$])\$(?!\$)", text)) % 2 == 1
    return text.count("\\[") > text.count("\\]")


def _first_char(state: StateBlock, line: int) -> str:
    pos = state.bMarks[line] + state.tShift[line]
    return state.src[pos] if pos < state.eMarks[line] else ""


def _dollar_block(state: StateBlock, start_line: int, end_line: int, silent: bool) -> bool:
    if _first_char(state, start_line) != "$":
        return False  # most lines: the cheap test first
    return _delimited_block(state, start_line, end_line, silent, "$$", _DOLLAR_ONE_LINE,
                            _DOLLAR_CLOSE)


def _bracket_block(state: StateBlock, start_line: int, end_line: int, silent: bool) -> bool:
    if _first_char(state, start_line) != "\\":
        return False
    return _delimited_block(state, start_line, end_line, silent, "\\[", _BRACKET_ONE_LINE,
                            _BRACKET_CLOSE)


def _environment_block(state: StateBlock, start_line: int, end_line: int,
                       silent: bool) -> bool:
    if _first_char(state, start_line) != "\\" or state.sCount[start_line] - state.blkIndent >= 4:
        return False
    first = _line(state, start_line)
    match = _ENV_OPEN.match(first)
    if not match:
        return False
    if silent and state.parentType == "paragraph" and any(
            _opened_above(state, start_line, opener) for opener in ("$", "$$", "\\[")):
        # (inside a formula a line of the paragraph opened — `x=` / `\begin{bmatrix}`
        # under a lone `$`, a list item's lazy lines under `$$` — it is that formula's,
        # not a block of its own leaving the opener as text)
        return False
    closing = f"\\end{{{match.group(1)}{match.group(2)}}}"
    last = start_line
    parts = []
    while True:
        text = _line(state, last)
        if last > start_line and state.sCount[last] < state.blkIndent and text:
            return False
        parts.append(text)
        if text.rstrip().endswith(closing) and (last > start_line or first.count(
                "\\begin{" + match.group(1) + match.group(2) + "}") == 1):
            break
        last += 1
        if last >= end_line:
            return False
    if silent:
        return True
    state.line = last + 1
    token = state.push("math_block", "math", 0)
    token.block = True
    token.content = "\n".join(parts)
    token.markup = "\\begin"
    token.map = [start_line, state.line]
    token.meta = {"line": start_line}
    state.env["has_math"] = True
    return True


INTERRUPTS = ["paragraph", "reference", "blockquote", "list"]


def math_syntax_plugin(md: MarkdownIt) -> None:
    """Register the delimiters (the tokens are rendered by the math plugin)."""
    md.inline.ruler.before("escape", "math_inline", _inline_math)
    md.block.ruler.before("fence", "math_block", _dollar_block, {"alt": INTERRUPTS})
    md.block.ruler.before("fence", "math_block_brackets", _bracket_block, {"alt": INTERRUPTS})
    md.block.ruler.before("fence", "math_block_environment", _environment_block,
                          {"alt": INTERRUPTS})

"""Where display math is in Markdown: `$$` lines (`$$ … $$` alone on a line, or `$$` …
`$$` over several, optionally followed by a label `(eq:x)`), `\\[ … \\]` likewise, and
a bare `\\begin{equation}` … `\\end{equation}` (or `align`, `gather`, `multline`, …)
block; all three may start right after a line of prose, with no blank line between.
A ```` ```math ```` fence is display math too (GitHub's and GitLab's syntax, and
remark-math's). The rules `mathsyntax.math_syntax_plugin` registers; inline math is
`mathsyntax.py`'s."""

from __future__ import annotations

import re

from markdown_it.rules_block import StateBlock
from markdown_it.rules_core import StateCore

_LABEL = r"(?:\s*(?:\(([^)$\r\n]+)\)|\{#(eq[:-][\w\-.:]+)\}))?\s*"
"""`(eq:x)`, Lanting's label of a display formula, or `{#eq-x}` (Quarto's; `{#eq:x}`,
pandoc-crossref's)."""
_DOLLAR_ONE_LINE = re.compile(r"\$\$(.*?)(?<!\\)(?<!(?<!\\)\$)\$\$" + _LABEL, re.S)
"""`$$x$$` alone on a line; not `$$x$$$` (a stray `$` after the formula, which MathJax
shows after it: read as `x$`, the formula failed on "Unexpected $")."""
_AFTER = r"(?P<after>[.,;:!?。，；：！？])?\s*"
"""A punctuation mark right after a display formula's closing `$$` (`$$.`, as Pandoc,
MathJax and KaTeX read it): it goes inside, at the formula's end."""
_DOLLAR_CLOSE = re.compile(r"(.*?)(?<!\\)\$\$" + _LABEL + _AFTER)
_BRACKET_ONE_LINE = re.compile(r"\\\[(.*?)\\\]" + _LABEL, re.S)
_BRACKET_CLOSE = re.compile(r"(.*?)\\\]" + _LABEL + _AFTER)
ENVIRONMENTS = ("equation", "multline", "gather", "align", "alignat", "flalign",
                "eqnarray", "CD", "matrix", "pmatrix", "bmatrix", "Bmatrix", "vmatrix",
                "Vmatrix", "cases", "aligned", "gathered", "array", "subequations")
"""Environments that make a display formula of their own outside `$$` (amsmath's
top-level ones, as mdit-py-plugins' amsmath plugin has them, and `CD`, `subequations`;
and those a
formula is made of, which MathJax typeset on their own as well: a kramdown post's bare
`\\begin{cases}` paragraph showed as TeX)."""
_RUN_TOGETHER = re.compile(r"(?<!\\)\$\$\$\$")
"""One display's closing `$$` and the next one's opening on one line (`… $$$$ …`): two
formulas, as MathJax, Obsidian and Typora read them (else one formula holding `$$`, an
error)."""
_NEXT_FORMULA = "\ufdd0"
"""Where a `$$$$` stood in a display's content, until the formulas are pushed apart."""
_ENV_OPEN = re.compile(r"\\begin\{(" + "|".join(ENVIRONMENTS) + r")(\*?)\}")


def dollar_outside_braces_at(src: str, pos: int, end: int, double: bool = False,
                             in_paragraph: bool = False) -> int:
    """The first unescaped `$` (or `$$`) outside braces in `src[pos:end]`, -1 if none;
    with `in_paragraph`, none past a blank line."""
    depth = 0
    while pos < end:
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
        elif in_paragraph and c == "\n" and pos + 1 < end and src[pos + 1] == "\n":
            return -1
        pos += 1
    return -1


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
    next_starts: list[int] = []  # (the lines where a `$$$$` begins another formula)
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
            if opener == "$$" and first.rstrip() == opener and "$$$$" in text:
                text, count = _RUN_TOGETHER.subn(_NEXT_FORMULA, text)
                next_starts += [last] * count
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
            whole_line = one_line.fullmatch(text.rstrip())
            if whole_line and first.rstrip() == opener and not "".join(parts).strip() and \
                    whole_line.group(1).strip() and \
                    _closer(opener) not in whole_line.group(1).replace("\\$", ""):
                # `$$`, a blank line, then `$$P[X \geq c] \leq \ldots$$`, a formula on its
                # line: the lone `$$` opens nothing (Python-Markdown, KaTeX and MathJax
                # found the formula on its line); taken for the closer, it made `$$P…`
                # the formula: "Unexpected $", and the real one was lost
                return False
            end = closing.fullmatch(text.rstrip())
            if end and interrupting and first.rstrip() != opener and end.group(1).strip() \
                    and not _one_environment(first[len(opener):], end.group(1)):
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
    if opener == "\\[" and dollar_outside_braces_at(content, 0, len(content)) >= 0:
        # `\[Hint: let $x = N$ and …\]`: Markdown's escaped brackets around a sentence
        # with inline math (TeX has no `$` inside display math; MyST and Pandoc show
        # `[Hint: …]`), as `\($x$\)` is escaped parentheses; taken for one formula it
        # failed on its first `$`, and the sentence was lost
        return False
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
    label = re.sub(r"\s+", "-", label.strip()) if label else ""
    if _NEXT_FORMULA in content:
        formulas = content.split(_NEXT_FORMULA)
        for begins, formula in zip([start_line, *next_starts], formulas, strict=True):
            if formula.strip():  # (the label is the last formula's)
                _push_display(state, begins, last, formula,
                              opener, label if formula is formulas[-1] else "")
    else:
        _push_display(state, start_line, last, content, opener, label)
    if rest:
        _paragraph(state, rest, last)
    return True


_BEGIN = re.compile(r"\s*\\begin\s*\{([^{}]+)\}")


def _one_environment(first: str, last: str) -> bool:
    """Whether a formula begun on a paragraph's line and closed on a later one, the
    delimiters at the ends of their lines, is one environment, `$$\\begin{aligned}` …
    `\\end{aligned}$$` (a derivation right under its sentence: a display to MathJax,
    KaTeX, Pandoc and marked's docsify; only kramdown made it inline math, rows and all,
    in the line of the sentence)."""
    begin = _BEGIN.match(first)
    return begin is not None and last.rstrip().endswith(f"\\end{{{begin.group(1)}}}")


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


def dollar_block(state: StateBlock, start_line: int, end_line: int, silent: bool) -> bool:
    if _first_char(state, start_line) != "$":
        return False  # most lines: the cheap test first
    return _delimited_block(state, start_line, end_line, silent, "$$", _DOLLAR_ONE_LINE,
                            _DOLLAR_CLOSE)


def bracket_block(state: StateBlock, start_line: int, end_line: int, silent: bool) -> bool:
    if _first_char(state, start_line) != "\\":
        return False
    return _delimited_block(state, start_line, end_line, silent, "\\[", _BRACKET_ONE_LINE,
                            _BRACKET_CLOSE)


def environment_block(state: StateBlock, start_line: int, end_line: int,
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
    # (at the margin right under a list item's text, asked whether it ends the item, it
    # is a block of the level its lines stand at, as `$$` is: `* data $X$` then
    # `\begin{equation*}` … at the margin stayed the item's text, its TeX left as written)
    margin = min(state.blkIndent, max(state.sCount[start_line], 0))
    lazy = True  # (no blank line read yet)
    while True:
        text = _line(state, last)
        if last > start_line and state.sCount[last] < margin and text and not (
                lazy and not _BLOCK_START.match(text)):
            # (a line less indented than the item whose text the environment opens, in
            # no blank line's wake, goes on that paragraph, as markdown-it's lazy lines
            # do: MyST's amsmath and MathJax both read the environment across it, a
            # list-table's cell `- \begin{eqnarray*}` with its rows a column short)
            return False
        lazy = lazy and bool(text.strip())
        # (`\end{equation}\` and prose on the next line: a page converted from HTML
        # wrote the line break after the display as Markdown's hard break; MathJax
        # ends the formula at its `\end`, the break is not the formula's)
        ended = text.rstrip()
        hard_break = ended.endswith(closing + "\\") and not ended.endswith(closing + "\\\\")
        parts.append(ended[:-1] if hard_break else text)
        if (hard_break or ended.endswith(closing)) and (last > start_line or first.count(
                "\\begin{" + match.group(1) + match.group(2) + "}") == 1):
            break
        last += 1
        if last >= end_line:
            return False
    if silent:
        return True
    _push_display(state, start_line, last, "\n".join(parts), "\\begin")
    return True


_BLOCK_START = re.compile(r"(?:[-*+]|\d{1,9}[.)])(?:\s|$)|>|#{1,6}(?:\s|$)|```|~~~")
"""A line that starts a block of its own (a list item, a quote, a heading, a fence),
so no lazy line of the paragraph above."""


def _push_display(state: StateBlock, start_line: int, last: int, content: str,
                  markup: str, label: str = "") -> None:
    """A display formula's token for lines [start_line, last], the block read past."""
    state.line = last + 1
    token = state.push("math_block", "math", 0)
    token.block, token.content, token.markup, token.info = True, content, markup, label
    token.map = [start_line, state.line]
    token.meta = {"line": start_line}
    state.env["has_math"] = True


_ENVIRONMENT = re.compile(r"\\begin\s*\{([^{}]*)\}(?:(?!\\begin\s*\{).)*?\\end\s*\{\1\}",
                          re.DOTALL)
_TOP_LEVEL = re.compile(r"(?<!\\)\\\\(?!\\)|(?<!\\)&")
_BREAK = re.compile(r"(?<!\\)\\\\(?!\\)")


def rows_outside_environments(tex: str) -> bool:
    """Whether `tex` breaks a row (`\\\\`) and has a row break or a column (`&`) outside
    every `\\begin{…}…\\end{…}`: `a &= b \\\\ &= c`, which Sphinx's MathJax output
    (Jupyter Book, MyST) wrapped in `split`, and which alone fails."""
    if not _BREAK.search(tex):
        return False
    while (shorter := _ENVIRONMENT.sub(" ", tex)) != tex:  # (the innermost first)
        tex = shorter
    return _TOP_LEVEL.search(tex) is not None


def sphinx_display(tex: str) -> str:
    """A MyST `{math}` block's TeX as Sphinx shows it: its equations, one per part
    between blank lines, each in `split` where it has rows outside any environment,
    several parts aligned one under the other."""
    parts = [part.strip() for part in re.split(r"\n[ \t]*\n", tex) if part.strip()]
    parts = [f"\\begin{{split}}{part}\\end{{split}}" if rows_outside_environments(part)
             else part for part in parts]
    if len(parts) < 2:
        return parts[0] if parts else tex
    return "\\begin{aligned}" + " \\\\\n".join(parts) + "\\end{aligned}"


def math_fences(state: StateCore) -> None:
    """A fence whose language is `math` is a display formula: GitHub, GitLab and
    remark-math show one (a README's or a notes folder's formulas), where a code block of
    an unknown language showed its TeX, with a warning."""
    for token in state.tokens:
        if token.type == "fence" and token.info.strip().lower() == "math":
            token.type, token.tag, token.info = "math_block", "math", ""
            token.content = token.content.rstrip("\n")
            token.meta = {"line": token.map[0] + 1 if token.map else 0}
            state.env["has_math"] = True

"""kramdown's math conventions (Jekyll's Markdown) → Lanting Markdown: `$$` inline or
display by where it stands, inline math inside its paragraph, `$…$` as math where the
site's MathJax reads it so, and `$$…$$` in a title."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable

from lanting.importer.body_math import unescape_markdown
from lanting.importer.shelf import Shelf

_DISPLAY_ALONE = re.compile(r"(^|\n)[ \t]*$")


_BLANK_LINE = re.compile(r"\n[ \t]*(?:>[ \t]*)*\n")
"""A blank line, or a quote's (`>` alone): where a paragraph ends (`> $$x \\tag{1}$$`
between two such lines is display math; it was taken for inline math, whose `\\tag`
failed)."""


_TITLE_MATH = re.compile(r"\$\$(?=\S)(.+?)(?<=\S)\$\$")


def title_math(title: str) -> str:
    """`$$E=mc^2$$` in a title, which MathJax drew in the heading (kramdown's inline math
    delimiters; the title is not Markdown): Lanting's `$…$`, a formula of the title."""
    return _TITLE_MATH.sub(lambda m: f"${m.group(1)}$", title)


_PARAGRAPH_INLINE_MATH = re.compile(
    r"(?<![\\$])\$(?!\$)((?:\\\\\$|\\[^$]|[^$\n\\]|\n(?![ \t]*(?:>[ \t]*)*\n))+?)"
    r"\\?\$(?!\$)")
"""`$…$` as MathJax's tex2jax read it: anywhere in a paragraph, over several of its
lines too (`$\\newcommand{\\v}{…}⏎\\newcommand{\\x}{…}$`, a post's definitions), not
across a blank line; closed by a `\\$` too, which kramdown made a `$` for MathJax (as in
`body_math.ESCAPED_DOLLAR_CLOSES`). A `\\\\$` inside is a dollar sign of the formula
(`$\\\\$1$`: kramdown made it `\\$`, which tex2jax skips as one escaped character):
it closed the formula, and every `$` after it in the paragraph paired with the wrong one."""


_ESCAPED_OPENER = re.compile(
    r"(?<![\\$])\\\$(?=[^\s$])((?:\\[^$]|[^$\n\\]|\n(?![ \t]*(?:>[ \t]*)*\n))+?)(?<=\S)"
    r"(?<!\\)\$(?!\$)")
"""`\\$W(t)\\sim N(0,t)$`: kramdown makes the escaped dollar a `$`, which MathJax's
`$…$` then opens a formula with (closed by a `$` as written, in the paragraph): the
pair was taken for a dollar sign and a formula opening, and each `$` after it in the
paragraph paired with the wrong one."""


_LINE_BREAK = re.compile(r"[ \t]*\n[ \t]*(?:>[ \t]*)*")


def _one_line(content: str) -> str:
    """An inline formula over several lines of its paragraph on one line: to kramdown
    each line was the formula's, but to CommonMark a line of it may start a block (a
    `=` alone under a matrix's rows is a setext heading's underline, a `- b` a list
    item): the paragraph was cut there, the formula shown as TeX. Not with a `%`
    comment in it, which would run to the formula's end."""
    if "\n" not in content or re.search(r"(?<!\\)%", content):
        return content
    return _LINE_BREAK.sub(" ", content.strip())


def kramdown_math(text: str, shelf: Shelf, dollar_math: bool = False
                  ) -> tuple[str, int, int]:
    """kramdown's math: `$$…$$` alone in a paragraph is display math, anywhere else inline
    (→ `$…$`); a single `$` is a dollar sign (→ `\\$`), unless the site's MathJax read
    `$…$` as inline math too (`dollar_math`: Chirpy, many a theme's own MathJax setup),
    where each `$…$` is kept as a formula, the Markdown escapes kramdown needed inside it
    (`\\_`, `\\*`) undone, and those it read there (`$\\(s,t\\)$`, which MathJax got as
    `(s,t)`; to TeX an unknown command). Returns (text, inline, dollars escaped)."""
    inline = 0
    blank_ends = [0, *(m.end() for m in _BLANK_LINE.finditer(text))]

    def one(match: re.Match[str]) -> str | None:
        nonlocal inline
        before = text[:match.start()]
        after = re.sub(r"^[ \t]*\([\w:.\-]+\)", "", text[match.end():])  # `$$ … $$ (eq:x)`
        # A paragraph ends at a blank line, which may hold spaces (a line of them).
        opened = blank_ends[bisect_right(blank_ends, match.start()) - 1]
        ends = _BLANK_LINE.search(after)
        alone = (not before[opened:].strip(" \t\n>")
                 and not (after[:ends.start()] if ends else after).strip(" \t\n"))
        # `$$` on lines of their own (in a blockquote too, `> $$`) under a line of text:
        # display math to the writer and to Lanting, whose `$$` line ends a paragraph
        rest_of_line = after.split("\n", 1)[0]
        own_lines = (not before[before.rfind("\n") + 1:].strip(" \t>")
                     and match.group(1).rstrip(" \t>").endswith("\n")
                     and match.group(1).lstrip(" \t").startswith("\n")
                     and not rest_of_line.strip())
        content = match.group(1)
        if not (alone or own_lines) and _BLANK_LINE.search(match.group()):
            return None  # (inline math ends with its paragraph: this `$$` is text)
        if alone or own_lines:
            # (kramdown read one formula across a blank line in it; Lanting's Markdown
            # would end the paragraph there, and show both halves as TeX)
            return shelf.put(re.sub(r"\n(?:[ \t]*\n)+", "\n", match.group()), "M")
        inline += 1
        content = _one_line(content)
        if text[match.end():match.end() + 1].isdigit():
            # (`128$$\times$$8000`: to Lanting, as to Pandoc, a `$` before a digit closes
            # no formula; `$$…$$` inside a sentence is inline math whatever follows)
            return shelf.put(f"$${content.strip()}$$", "M")
        return shelf.put(f"${content.strip()}$", "M")

    # `\$$ … $$`: kramdown's way to start a paragraph with inline math (escaping the
    # first dollar of a `$$` that would otherwise be display math)
    text, escaped = re.subn(r"\\\$\$(.+?)\$\$", lambda m: shelf.put(
        f"${m.group(1).strip()}$", "M"), text, flags=re.DOTALL)
    inline += escaped
    text = _paired(text, one)
    if dollar_math:
        text = _ESCAPED_OPENER.sub(lambda m: shelf.put(
            "$" + unescape_markdown(m.group(1), MATH_ESCAPES) + "$", "M"), text)
        text = _PARAGRAPH_INLINE_MATH.sub(lambda m: shelf.put(
            "$" + unescape_markdown(m.group(1), MATH_ESCAPES) + "$", "M"), text)
    text, dollars = re.subn(r"(?<!\\)\$", r"\\$", text)
    return text, inline, dollars


_DOUBLE_DOLLARS = re.compile(r"\$\$(.+?)\$\$", re.DOTALL)


def _paired(text: str, one: Callable[[re.Match[str]], str | None]) -> str:
    """Each `$$…$$` of `text` as `one` writes it; where `one` finds no formula (an
    inline one running over a blank line: kramdown reads inline math inside its
    paragraph), that `$$` stays as written and the next pair starts after it. A stray
    `$$` (`$$x_m$$)$$.`) paired each `$$` after it with the wrong one, across
    paragraphs: the post's text from there on was made one line of formulas."""
    out: list[str] = []
    pos = 0
    while (match := _DOUBLE_DOLLARS.search(text, pos)) is not None:
        made = one(match)
        if made is None:
            out.append(text[pos:match.start() + 2])
            pos = match.start() + 2
            continue
        out += [text[pos:match.start()], made]
        pos = match.end()
    return "".join(out) + text[pos:]


MATH_ESCAPES = "()~=.`"
"""Escapes kramdown read inside a `$…$` or a bare `\\begin{equation}` (they are no
math to kramdown) that are, to TeX, errors in a formula: parentheses (`\\(s,t\\)`,
MathJax got `(s,t)`), and text accents (`$(x^\\*,\\~s^\\*)$`, an academic's tie
written for GFM input, Jekyll's: MathJax got `~`, a space; `\\frac{n-2}{2n}\\.` ending
an equation: MathJax got a full stop)."""

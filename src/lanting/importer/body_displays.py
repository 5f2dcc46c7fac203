"""Display formulas as the old site's renderer read them: `$$` displays to their closing
`$$`, blank lines and all, as note apps and MyST read them, where Lanting's Markdown
would end one at a paragraph's end (`joined_displays`, shared by the Jupyter Book,
Quartz, notes and Logseq readers); and a display inside a sentence, which MathJax
showed as one, set on lines of its own (`display_alone`, `bracket_displays`,
`dollar_displays`)."""

from __future__ import annotations

import re
from collections.abc import Callable

from lanting.markdown.math_display import rows_outside_environments

_DISPLAY_OPEN = re.compile(r"^[ \t]{0,3}\$\$(?!.*\$\$)")
_INDENTED_OPEN = re.compile(r"^[ \t]*(?:-[ \t]+)?\$\$(?!.*\$\$)")
_DEEPER_OPEN = re.compile(r"^([ \t]{4,})\$\$(?!.*\$\$)")
_LIST_ITEM = re.compile(r"^([ \t]*)(?:[-*+]|\d{1,9}[.)])[ \t]")


def _in_list_item(lines: list[str], i: int) -> bool:
    """Whether line `i`, a `$$` indented four spaces or more, is in a list item (its
    text goes on under the item's marker) rather than an indented code block: a line
    above it, before any line of less indent that is no list item, is one's marker."""
    deep = _DEEPER_OPEN.match(lines[i])
    depth = len(deep.group(1).expandtabs(4)) if deep else 0
    for line in reversed(lines[:i]):
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip(" \t"))
        item = _LIST_ITEM.match(line)
        if item is not None and len(item.group(1).expandtabs(4)) < depth:
            return True
        if indent == 0:
            return False
    return False
_DISPLAY_CLOSE = re.compile(r"\$\$[ \t]*(?:\([^()\n]*\))?[ \t]*$")
_GLUED_OPEN = re.compile(r"^((?:[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+)?)(?![ \t]*[#>|])"
                         r"((?:(?!\$\$).)*[^\s$\\])[ \t]*\$\$[ \t]*$")
"""A line of prose whose one `$$` ends it (`逆矩阵为:$$`, `The sum is $$`): a note app
opens a display there, as at a line's start (not in a heading, quote or table row).
Group 1: a list item's marker, group 2: the prose."""


def _closes(lines: list[str], i: int, end: int) -> bool:
    """Whether line `end` closes a formula opened on line `i`: its one `$$` ends it,
    and there is TeX between them."""
    return end < len(lines) and lines[end].count("$$") == 1 \
        and _DISPLAY_CLOSE.search(lines[end]) is not None \
        and bool("".join(lines[i + 1:end + 1]).replace("$$", "").strip())


def glued_displays(text: str) -> tuple[str, int]:
    """A display opened at the end of a line of prose, `逆矩阵为:$$` and the formula on
    the lines under it (blank lines and all) to a `$$` ending a line: Obsidian shows a
    display there, Lanting's Markdown showed the dollars and the TeX. The `$$` goes on
    a line of its own (indented under a list item's marker), where `joined_displays`
    reads the display to its end. Code must be put aside first. Returns (text, how
    many)."""
    lines = text.split("\n")
    count = i = 0
    while i < len(lines):
        if lines[i].count("$$") % 2 == 0:
            i += 1  # (no `$$`, or formulas closed on the line)
            continue
        end = next((j for j in range(i + 1, len(lines)) if lines[j].count("$$") % 2),
                   len(lines))  # (the line closing the display this one opens)
        glued = _GLUED_OPEN.match(lines[i])
        # (not a list item's marker alone, `- $$`, nor with no line closing a formula)
        if glued is not None and not _LIST_ITEM.match(glued.group(2) + " ") \
                and _closes(lines, i, end):
            indent = " " * len(glued.group(1).expandtabs(4))
            lines[i] = f"{glued.group(1)}{glued.group(2)}\n{indent}$$"
            count += 1
        i = end + 1  # (its closing line opens nothing)
    return "\n".join(lines), count


def joined_displays(text: str, split: bool = True,
                    indented: bool = False) -> tuple[str, int, int]:
    """`$$` displays as Sphinx showed them: one with blank lines in it (`\\begin{align}`,
    a blank line, the rows) as one formula — MyST's dollarmath reads a `$$` block to
    its closing `$$`, and Lanting's Markdown would end a paragraph at a blank line —
    and one with `\\\\` in `split`, as Sphinx's MathJax output wraps it (where a
    `\\\\` or `&` is outside any environment: `a &= b \\\\ &= c`, whose `&` with no
    environment fails; not unless `split`: a note app's MathJax refused it too). Returns
    the text, how many were joined and how many wrapped. Code must be put aside first.
    A `$$` indented four spaces or more under a list item's text opens one too (a
    Typora note's display in a list item; not an indented code block). (`indented`: a
    `$$` indented any deeper opens one too, in a list item of an outline whose every
    line is one, as Logseq's are.)"""
    opening = _INDENTED_OPEN if indented else _DISPLAY_OPEN
    lines = text.split("\n")
    out: list[str] = []
    joined = wrapped = 0
    i = 0
    while i < len(lines):
        if not opening.match(lines[i]) and not (_DEEPER_OPEN.match(lines[i])
                                                and _in_list_item(lines, i)):
            out.append(lines[i])
            i += 1
            continue
        end = next((j for j in range(i + 1, len(lines)) if "$$" in lines[j]), None)
        close = _DISPLAY_CLOSE.search(lines[end]) if end is not None else None
        if end is None or close is None:
            out.append(lines[i])
            i += 1
            continue
        inside = [line for line in lines[i + 1:end] if line.strip()]
        joined += len(inside) < end - i - 1
        first, last = lines[i], lines[end]
        body = "\n".join([first.split("$$", 1)[1], *inside, last[:close.start()]])
        # (Sphinx wraps a display holding `\\\\` anywhere; Lanting needs it only
        # where a row break or a column is outside the environments)
        if split and rows_outside_environments(body):
            wrapped += 1
            first = first.replace("$$", "$$\\begin{split}", 1)
            last = last[:close.start()] + "\\end{split}" + last[close.start():]
        out += [first, *inside, last]
        i = end + 1
    return "\n".join(out), joined, wrapped


_CONTAINER = re.compile(r"(?:[ \t]*>)*[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?")
"""The marks that put a line's text in a quote or list item (`> `, `- `, `1. `)."""
_MARK_AFTER = re.compile(r"[ \t]*([.,;:!?](?=\s|$)|[。，；：！？、])")


def display_alone(match: re.Match[str], formula: Callable[[str, str], str]
                  ) -> tuple[str, int, bool]:
    """The escaped display `match` (`\\\\[…\\\\]`) as `formula` writes it, on lines of its
    own where prose shares its line (`where \\\\[ d \\\\] is the dimension`): MathJax
    showed a display there, but Lanting reads a `$$…$$` inside a sentence as inline
    math (kramdown's rule). The prose after it goes on under it, in the same quote or
    list item; a punctuation mark right after it (`\\\\[x\\\\].`) ends the formula. Not
    in a table's row or a heading, which a line break would end. Returns (the text,
    where in the text it ends, whether it was set on lines of its own)."""
    text = match.string
    start = text.rfind("\n", 0, match.start()) + 1
    end = text.find("\n", match.end())
    end = len(text) if end < 0 else end
    container = _CONTAINER.match(text, start)
    at = container.end() if container else start
    before, after = text[at:match.start()], text[match.end():end]
    if not before.strip() and not after.strip() or text[at:at + 1] == "#" \
            or "|" in before + after:
        return formula("$$", match.group(1)), match.end(), False
    prefix = re.sub(r"[-*+]|\d+[.)]", lambda m: " " * len(m.group()),
                    container.group() if container else "")
    mark = _MARK_AFTER.match(text, match.end())
    shown = formula("$$", f"\n{prefix}{match.group(1).strip()}\n{prefix}")
    shown = ("\n" + prefix if before.strip() else "") + shown
    closed = mark.end() if mark else match.end()
    if mark:
        shown += mark.group(1)
    if text[closed:end].strip():
        shown += "\n" + prefix
        closed += len(text[closed:end]) - len(text[closed:end].lstrip(" \t"))
    return shown, closed, True


_BRACKET_DISPLAY = re.compile(r"(?<!\\)\\\[((?:(?!\n[ \t]*\n).)+?)(?<!\\)\\\]", re.DOTALL)


def bracket_displays(text: str) -> tuple[str, int]:
    """`\\[x\\]` sharing its line with prose, on a site whose Markdown passed it to
    MathJax as written (Goldmark's `passthrough`), which showed a display there:
    Lanting reads `\\[` inside a paragraph as an escaped bracket, and showed `[x]`. Set
    on lines of its own (`display_alone`). Code must be put aside first. Returns (text,
    how many)."""
    parts, pos, count = [], 0, 0
    for match in _BRACKET_DISPLAY.finditer(text):
        shown, end, alone = display_alone(match, lambda dollars, tex: dollars + tex + dollars)
        if not alone:
            continue  # (on lines of its own already, or in a table's row or a heading)
        parts += [text[pos:match.start()], shown]
        pos, count = end, count + 1
    return "".join(parts) + text[pos:], count


_DOLLAR_DISPLAY = re.compile(r"(?<![\\$])\$\$(?!\$)((?:\\\$|[^$])+?)(?<!\\)\$\$(?!\$)")


def dollar_displays(text: str) -> tuple[str, int]:
    """`$$x$$` sharing its line with prose, on a site whose Markdown passed it to MathJax
    as a block (Goldmark's `passthrough` with `$$` for a block delimiter ends the
    paragraph there and puts the formula between its halves; MathJax showed a display):
    Lanting reads it as inline math. Set on lines of its own (`display_alone`), but not
    one that runs over a blank line (no passthrough element does). Code must be put
    aside first. Returns (text, how many)."""
    parts, pos, count = [], 0, 0
    for match in _DOLLAR_DISPLAY.finditer(text) if "$$" in text else ():
        if re.search(r"\n[ \t]*\n", match.group(1)):
            continue
        shown, end, alone = display_alone(match, lambda dollars, tex: dollars + tex + dollars)
        if not alone:
            continue  # (on lines of its own already, or in a table's row or a heading)
        parts += [text[pos:match.start()], shown]
        pos, count = end, count + 1
    return "".join(parts) + text[pos:], count



_PARAGRAPH_DISPLAY = re.compile(r"(?<![\\$])\$\$(?!\$)((?:(?!\n[ \t]*\n)[^$])+?)\$\$"
                                r"(?:[ \t]*\{#[^{}\n]*\})?", re.DOTALL)
"""A `$$` display in a paragraph, with its label (`{#eq-x}`) if one follows it."""
_ITEM_START = re.compile(r"[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?")
_NO_PROSE = re.compile(r"[ \t]*(?:\{[^{}]*\}|[.,;:!?。，；：])?[ \t]*$")
"""What may follow a display (and its label) on its line and stay there: attributes or
a punctuation mark (Lanting reads both so)."""


def paragraph_displays(text: str) -> tuple[str, int]:
    """A `$$…$$` display over several lines with prose before or after it on its lines
    (`located at position $$⏎\\frac{19}{2}⏎$$ The median is then …: $$⏎…⏎$$`): Pandoc
    reads a display anywhere in a paragraph, pairing the `$$` in order, and MathJax
    showed it as a block there; Lanting's Markdown paired a closing `$$` with the next
    display's opening one and showed the prose between as TeX. Each such display goes
    on lines of its own in its paragraph (or list item). Code must be put aside first.
    Returns (text, how many)."""
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        start = text.rfind("\n", 0, match.start()) + 1
        end = text.find("\n", match.end())
        before = text[start:match.start()]
        after = text[match.end():len(text) if end < 0 else end]
        prose_after = _NO_PROSE.match(after) is None
        if "\n" not in match.group(1) or not (before.strip() or prose_after):
            return match.group()
        count += 1
        marker = _ITEM_START.match(before)
        indent = " " * len(marker.group().expandtabs(4)) if marker else ""
        return (f"\n{indent}" if before.strip() else "") + match.group() \
            + (f"\n{indent}" if prose_after else "")

    return _PARAGRAPH_DISPLAY.sub(one, text), count

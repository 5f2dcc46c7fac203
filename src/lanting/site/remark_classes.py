"""remark's class blocks (`.name[text]`, `.name[` … `]` on lines of their own) and
`<center>` lines in a remark deck's slide, as Lanting's spans and fenced divs, every line
kept in its place (messages name the talk file's lines)."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

from lanting.markdown.fence_info import FENCE_LINE
from lanting.markdown.tex_scan import group_end
from lanting.model.problem import Problem
from lanting.site.slide_code import in_code_span, outside_code

_FENCE = FENCE_LINE
_OPENER = re.compile(r"(?<![\w\\\]])((?:\.[A-Za-z_-][\w-]*)+)\[")
"""`.name[`, or `.a.b[` of several classes, as remark's lexer reads them."""
_TOKEN = r"(\]|(?:\.[A-Za-z_-][\w-]*)+\[)"
_TWO_ON_A_LINE = re.compile(rf"^([ \t]*){_TOKEN}[ \t]+{_TOKEN}[ \t]*\n[ \t]*$", re.MULTILINE)
"""`] .pull-right[` (one block closes, the next opens: xaringan's way of writing
halves), `.a[ .b[` or `] ]` over a blank line: made two lines from the blank one's
place, so that each stands alone (or from the blank line above, `_UNDER_A_BLANK`)."""
_UNDER_A_BLANK = re.compile(rf"^[ \t]*\n([ \t]*){_TOKEN}[ \t]+{_TOKEN}[ \t]*$", re.MULTILINE)
_MASK = str.maketrans("[].", "\ue000\ue001\ue002")
_UNMASK = str.maketrans("\ue000\ue001\ue002", "[].")


def class_blocks(text: str, line: int, path: Path, problems: list[Problem]) -> str:
    """`.name[text]` as a span of that class, `.name[` … `]` on lines of their own as a
    fenced div of it (nested ones too; `.mermaid[` as a Mermaid diagram). A block may
    hold fenced code, as remark's lexer reads it; brackets in code are the code's."""
    def change(chunk: str, at: int) -> str:
        return _classes(chunk, at, path, problems)

    if any(c in text for c in "\ue000\ue001\ue002"):  # (the mask's own characters)
        return outside_code(text, line, change)
    masked = outside_code(text.translate(_MASK), line,
                          lambda chunk, _at: chunk.translate(_UNMASK))
    masked = _TWO_ON_A_LINE.sub(r"\1\2\n\1\3", masked)
    masked = _UNDER_A_BLANK.sub(r"\1\2\n\1\3", masked)
    return _classes(masked, line, path, problems).translate(_UNMASK)


_CENTER = re.compile(r"^([ \t]*)<center>[ \t]*\n((?:.*\n)*?)[ \t]*</center>[ \t]*$",
                     re.MULTILINE | re.IGNORECASE)


def center_blocks(text: str, line: int) -> str:
    """`<center>` and `</center>` on lines of their own (outside code) as a fenced div of
    the class `center`, its lines kept: remark's marked read the Markdown between and
    after them (the tags, followed by a line of text, were inline HTML in a paragraph),
    where CommonMark's HTML block ran to the next blank line, leaving a list or an
    image after or inside it as written."""
    def change(chunk: str, _at: int) -> str:
        def one(match: re.Match[str]) -> str:
            inner = match.group(2)
            colons = ":" * (max((len(m) for m in re.findall(r"^[ \t]*(:{3,})", inner,
                                                           re.MULTILINE)), default=2) + 1)
            return f"{match.group(1)}{colons} {{.center}}\n{inner}{match.group(1)}{colons}"
        return _CENTER.sub(one, chunk)

    return outside_code(text, line, change) if "<center>" in text.lower() else text


_BLOCK_LINE = re.compile(r"^[ \t]*(?:[-*+>#|]|\d+[.)]|:::|`{3}|~{3}|\$\$)")


def _one_paragraph(inner: str) -> bool:
    """Whether a block's text over lines is one paragraph (no blank line, no line that
    opens a list, heading, quote, table, fence or formula): remark shows
    `.footnote[[1] Source⏎]` as that text, as a span of the class shows it."""
    lines = inner.strip("\n").split("\n")
    return all(x.strip() for x in lines) and not any(_BLOCK_LINE.match(x) for x in lines)


def _spanning_div(text: str, done: int, start: int, end: int, inner: str,
                  attributes: str, nested: bool) -> tuple[str, str, int] | None:
    """A block opening on its text's first line and closing at its last (`.column[Text.`
    … `- b]`) as a fenced div whose fences take the places of blank lines (its own at
    its ends, else the one before it, else the one after it), so that every line after
    it stays where it was: the text before it, the div, and the index of its `]` or of
    the blank line after it taken. None when no blank line is there to take: it stays
    as written (a line more would move every later one). In a block's text (`nested`),
    its first and last lines are its `.name[` and `]` lines, none to take."""
    lines = [x.rstrip(" \t") for x in inner.split("\n")]
    body = lines[1:] if not lines[0].strip() else [lines[0].lstrip(" \t"), *lines[1:]]
    need = 2 - (len(body) < len(lines))
    if len(lines) > 1 and not lines[-1].strip():  # (`]` alone: the closing fence's line)
        body.pop()
        need -= 1
    while need and len(body) > 1 and not body[-1].strip():
        body.pop()
        need -= 1
    before = text[done:start]
    blank = re.search(r"(\A|\n)[ \t]*\n[ \t]*\Z", before)
    if need and blank and (blank.group(1) or (done == 0 and not nested)):
        before = before[:blank.start() + len(blank.group(1))]
        need -= 1
    past = end
    after = re.match(r"[ \t]*\n[ \t]*(?=\n)" if nested else r"[ \t]*\n[ \t]*(?=\n|\Z)",
                     text[end + 1:])
    if need and after:
        past += after.end()
        need -= 1
    while need and (spare := _spare_line(body)) is not None:
        del body[spare]
        need -= 1
    colons = _colons(inner)
    div = f"{colons} {{{attributes}}}\n" + "\n".join(body) + f"\n{colons}"
    return None if need else (before, div, past)


_INTERRUPTS = re.compile(r"#{1,6}(?:[ \t]|$)|>|[-*+][ \t]+\S|1[.)][ \t]+\S|`{3}|~{3}|:{3}")
"""A line that ends a paragraph above it, with no blank line between (CommonMark's)."""
_ENDS = re.compile(r"[^\s<>|$`~:]")
"""A line that a block starting below it leaves as it is (no list item, quote, HTML,
table, formula or fence, nor indented in one): a blank line between them is spare."""


def _spare_line(body: list[str]) -> int | None:
    """The first blank line of a block's text, outside fenced code, that Markdown reads
    the same without (`Text.`, blank, `- a`: the list ends the paragraph anyway)."""
    fence = ""
    for i, x in enumerate(body[1:-1], 1):
        opened = _FENCE.match(x)
        if opened:
            fence = "" if fence and x.strip() == opened.group(1) else fence or opened.group(1)
        elif not fence and not x.strip() and _ENDS.match(body[i - 1]) \
                and not re.match(r"[-*+]\s|\d+[.)]\s", body[i - 1]) \
                and _INTERRUPTS.match(body[i + 1]):
            return i
    return None


def _colons(inner: str) -> str:
    """A fence longer than any in the block's text."""
    return ":" * (max((len(m) for m in re.findall(r"^[ \t]*(:{3,})", inner, re.MULTILINE)),
                      default=2) + 1)


def _classes(text: str, line: int, path: Path, problems: list[Problem],
             nested: bool = False) -> str:
    out: list[str] = []
    done = 0
    while (opener := _OPENER.search(text, done)) is not None:
        start, past = opener.start(), group_end(text, opener.end() - 1, "[", "]")
        if past is None:
            break  # (left as written: no later bracket closes, so that this stays linear)
        end = past - 1
        if in_code_span(text, start):
            out.append(text[done:opener.end()])
            done = opener.end()
            continue
        names, inner = opener.group(1).split(".")[1:], text[opener.end():end]
        name, attributes = ".".join(names), " ".join(f".{n}" for n in names)
        inner = _classes(inner, line + text.count("\n", 0, opener.end()), path, problems,
                         nested=True)
        # (alone on its lines, indented too: a block nested in another, `  .quote[`)
        alone = not text[text.rfind("\n", 0, start) + 1:start].strip(" \t") \
            and inner.startswith("\n") and re.search(r"\n[ \t]*$", inner) is not None
        if alone and start and text[start - 1] in " \t":  # (its text out of the indent)
            inner = textwrap.dedent(inner)
        out.append(text[done:start])
        if alone and names == ["mermaid"]:  # (remark decks draw it with mermaid.js)
            diagram = re.sub(r"^[ \t]*</?pre>[ \t]*$", "", text[opener.end():end],
                             flags=re.MULTILINE)
            out.append(f"```mermaid{diagram.rstrip(' ' + chr(9))}```")
        elif "\n" not in inner:
            out.append(f"[{inner}]{{{attributes}}}")
        elif alone:
            colons = _colons(inner)
            out.append(f"{colons} {{{attributes}}}{inner.rstrip(' ' + chr(9))}{colons}")
        elif _one_paragraph(inner):  # (`.footnote[text⏎]`: a span over lines)
            out.append(f"[{inner}]{{{attributes}}}")
        elif (spans := not text[text.rfind("\n", 0, start) + 1:start].strip(" \t")
                and re.match(r"[ \t]*(?:\n|$)", text[end + 1:]) is not None) \
                and (div := _spanning_div(text, done, start, end, inner, attributes, nested)):
            # (`.column[Text…` to `…text.]` at a line's end, paragraphs between: remark's
            # div of the class, as for a block on lines of its own)
            out[-1], block, end = div
            out.append(block)
        else:
            why = "no blank line around it to put its fences on" if spans else \
                "it shares a line with its text"
            problems.append(Problem(
                f"remark's block `.{name}[` is not read: {why}",
                path, line + text.count("\n", 0, start), severity="warning",
                hint=f"write `.{name}[` and its closing `]` on lines of their own"))
            out.append(text[start:end + 1])
        done = end + 1
    out.append(text[done:])
    return "".join(out)

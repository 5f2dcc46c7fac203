"""A deck's divs as Pandoc reads them (`pandoc -t revealjs`, and the tools built on it),
in a talk of Lanting's own form (`site.talks`).

Pandoc reads a `<div>` on a line of its own as a div of Markdown (its `native_divs` and
`markdown_in_html_blocks`): lecture decks write their columns so,

    <div class="column" width="50%">
    - the list in the left column
    </div>

which CommonMark reads as one HTML block to the next blank line, its list shown as
written. And Pandoc nests fenced divs by their openings (an opening has attributes),
not by the length of their fences: `:::{.column}` holding `:::{.fragment}`, each closed
by `:::`, is two divs, where a `:::` block ends at the first `:::` line.

Here such a `<div>` line (whose attributes are a class, an id, a width, a style: what a
fenced div's braces say) and its `</div>` line become a fenced div's, and each fenced div's
fence is made longer than those of the divs inside it, so the blocks nest as Pandoc
nests them. A `<div>` with other attributes (`align`), or none, stays HTML. A tag alone
on a line (`<small>`, `<br>`, an empty spacer `<div></div>`), an HTML block to CommonMark
but HTML in the text to Pandoc, is kept from swallowing the line under it. Every line
stays a line: messages keep pointing into the talk file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lanting.markdown.divs import BRACED
from lanting.markdown.fence_info import FENCE_LINE

_OPEN = re.compile(r"^([ \t]{0,3})(:{3,})([ \t]*(?:\{" + BRACED + r"\}|[^\s{}:][^\s{}]*)"
                   r"[ \t]*:*[ \t]*)$")
"""A fenced div's opening: attributes in braces (a quoted value may hold braces), or a
word."""
_CLOSE = re.compile(r"^([ \t]{0,3})(:{3,})[ \t]*$")
_HTML_OPEN = re.compile(r"""^([ \t]{0,3})<div((?:\s+[\w-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|"""
                        r"""[^\s"'=<>`]+))?)*)\s*>[ \t]*$""", re.IGNORECASE)
_DIV_TAG = re.compile(r"<div\b", re.IGNORECASE)
_HTML_CLOSE = re.compile(r"^[ \t]{0,3}</div\s*>[ \t]*$", re.IGNORECASE)
_LONE_TAG = re.compile(r"^[ \t]{0,3}<(/?)(?!div\b)([A-Za-z][\w-]*)(?:\s[^<>]*)?/?>[ \t]*$",
                       re.IGNORECASE)
"""A tag alone on a line (`<small>`, `</center>`), not a div's."""
_EMPTY_DIV = re.compile(r"^[ \t]{0,3}<div\b[^<>]*>\s*</div\s*>[ \t]*$", re.IGNORECASE)
"""`<div class="column" width="20%"></div>`: an empty div, a deck's spacer."""
_INLINE = frozenset({"small", "big", "span", "font", "b", "i", "u", "s", "em", "strong",
                     "mark", "sub", "sup", "tt", "code", "a", "br"})
"""Tags that start no HTML block when text follows them on their line."""
_BLOCK = re.compile(r"^[ \t]{0,3}(?:`{3,}|~{3,}|#{1,6}(?:[ \t]|$)|[-*+][ \t]|\d{1,9}[.)][ \t]"
                    r"|>|\||<|!\[|\$\$)")
"""A line that starts a block of its own (a fence, heading, list item, quote, table,
HTML, a figure or a display formula), which text put before it would spoil."""
_ATTRIBUTE = re.compile(r"""([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?""")
_READ = frozenset({"columns", "column", "notes", "incremental", "nonincremental",
                   "fragment"})
"""Classes of a div that the deck reads (`site.reveal`, `markdown.divs`)."""
_KEPT = frozenset({"class", "id", "width", "style"})
"""The attributes a fenced div carries (`{#id .class width="40%" style="…"}`)."""


@dataclass(slots=True)
class _Div:
    opening: int
    """Its opening line's index."""
    html: bool
    """Written as `<div>`: `attributes` holds its fenced div's braces ("" when it stays
    HTML)."""
    attributes: str = ""
    closing: int = -1
    inner: list[_Div] = field(default_factory=list)


def native_divs(text: str) -> str:
    """`text` (a slide's Markdown) with its `<div>` lines as fenced divs and its fenced
    divs' fences as long as their nesting asks (see the module's docstring)."""
    if ":::" not in text and "<" not in text:
        return text
    lines = text.split("\n")
    top: list[_Div] = []
    stack: list[_Div] = []
    fence = ""
    for i, line in enumerate(lines):
        if fence:
            code = FENCE_LINE.match(line)
            if code and code.group(1)[0] == fence[0] and line.strip() == code.group(1) \
                    and len(code.group(1)) >= len(fence):
                fence = ""
            continue
        if (code := FENCE_LINE.match(line)) is not None and not _OPEN.match(line):
            fence = code.group(1)
            continue
        opened = _OPEN.match(line) if not _CLOSE.match(line) else None
        html = _HTML_OPEN.match(line)
        if opened or html:
            div = _Div(i, html is not None, _braces(html.group(2)) if html else "")
            (stack[-1].inner if stack else top).append(div)
            stack.append(div)
        elif (html_close := _HTML_CLOSE.match(line) is not None) or _CLOSE.match(line):
            # (the innermost open div of its kind: a `<div>` whose `</div>` shares a
            # line with its content is never closed here, and stays as written)
            at = next((n for n in range(len(stack) - 1, -1, -1)
                       if stack[n].html == html_close), -1)
            if at >= 0:
                stack[at].closing = i
                del stack[at:]
        elif "div" in line.lower():
            _inline_divs(line, i, stack, top)
    for div in top:
        _rewrite(div, lines)
    return "\n".join(_tags_apart(lines))


def _tags_apart(lines: list[str]) -> list[str]:
    """`lines` with each tag alone on a line at a block's start (`<small>` over a column
    or its text, `</small>` over a `:::`) kept from swallowing what follows: CommonMark
    reads the tag as an HTML block running to the next blank line, where Pandoc reads
    it as HTML in the text. Over a block's first line (a fence, a heading, a list) an
    opening tag trades places with the blank line above it, a closing one is followed
    by an empty comment (a line of HTML in the text, ending no block: left out, its tag
    stayed open to the end of the deck); an inline tag (`<small>`) over a line of text
    starts that line. An empty `<div></div>` line over a fence (a spacer column, an HTML
    block that would swallow the fence likewise) is left out."""
    for i in range(len(lines) - 1):
        if _EMPTY_DIV.match(lines[i]) and (_OPEN.match(lines[i + 1])
                                           or _CLOSE.match(lines[i + 1])):
            lines[i] = ""  # (an empty spacer column: as HTML it would swallow the fence)
            continue
        tag, below = _LONE_TAG.match(lines[i]), lines[i + 1]
        starts = i == 0 or not lines[i - 1].strip() or bool(
            _OPEN.match(lines[i - 1]) or _CLOSE.match(lines[i - 1])
            or FENCE_LINE.match(lines[i - 1]))
        if tag is None or not below.strip():
            continue
        if _BLOCK.match(below) or _OPEN.match(below) or _CLOSE.match(below):
            if i > 0 and not lines[i - 1].strip():
                lines[i - 1], lines[i] = lines[i], ""
            elif tag.group(1):  # (followed by a comment, it is HTML in a paragraph)
                lines[i] = lines[i].rstrip() + "<!-- -->"
        elif starts and tag.group(2).lower() in _INLINE:
            lines[i], lines[i + 1] = "", lines[i].strip() + below.lstrip()
    return lines


def _inline_divs(line: str, i: int, stack: list[_Div], top: list[_Div]) -> None:
    """The divs a line of HTML opens or closes among its other text (`</iframe></div>`
    closing the `<div>` of a video, `<div class="x">` before its text): an opened one,
    and the one closed, stay HTML, so that a `</div>` line after them closes the div
    it closes in HTML, not one of them."""
    balance = len(_DIV_TAG.findall(line)) - line.lower().count("</div")
    for _ in range(balance):
        div = _Div(i, True)
        (stack[-1].inner if stack else top).append(div)
        stack.append(div)
    for _ in range(-balance):
        at = next((n for n in range(len(stack) - 1, -1, -1) if stack[n].html), -1)
        if at < 0:
            return
        stack[at].attributes = ""  # (its `</div>` is in this line: it stays HTML)
        del stack[at:]


def _braces(written: str) -> str:
    """A `<div>`'s attributes (`written`) as a fenced div's braces, "" when it has others
    (it stays HTML)."""
    values: dict[str, str] = {}
    for match in _ATTRIBUTE.finditer(written):
        name = match.group(1).lower()
        if name not in _KEPT:
            return ""
        values[name] = next((g for g in match.groups()[1:] if g is not None), "")
    parts = [f"#{values['id']}"] if values.get("id") else []
    parts += [f".{name}" for name in values.get("class", "").split()]
    if values.get("width"):
        parts.append(f'width="{values["width"]}"')
    if values.get("style"):
        quote = "'" if '"' in values["style"] else '"'
        parts.append(f"style={quote}{values['style']}{quote}")
    return "{" + " ".join(parts) + "}" if parts else ""


def _converted(div: _Div, lines: list[str]) -> bool:
    """Whether the `<div>` `div` becomes a fenced div: one a fenced div can write whose
    Markdown CommonMark would not read (no blank line after its opening or before its
    closing), or whose classes the deck reads (columns, notes, steps). One written with
    blank lines around its text reads as it did, as HTML."""
    if not div.attributes:
        return False
    classes = set(re.findall(r"\.([\w-]+)", div.attributes))
    return bool(classes & _READ) or "width=" in div.attributes \
        or bool(lines[div.opening + 1].strip()) or bool(lines[div.closing - 1].strip())


def _rewrite(div: _Div, lines: list[str]) -> int:
    """Rewrites the lines of `div` and those inside it (each closed, and fenced or
    turned into one); the length of its fence (0: left as written)."""
    inner = max((_rewrite(d, lines) for d in div.inner), default=0)
    if div.closing < 0 or div.html and not _converted(div, lines):
        return inner  # (unclosed, or HTML kept: its inner fences nest on their own)
    if div.html:
        indent = lines[div.opening][:len(lines[div.opening]) - len(lines[div.opening]
                                                                    .lstrip())]
        length = max(3, inner + 1)
        lines[div.opening] = f"{indent}{':' * length} {div.attributes}"
        lines[div.closing] = f"{indent}{':' * length}"
        return length
    opened = _OPEN.match(lines[div.opening])
    closed = _CLOSE.match(lines[div.closing])
    assert opened is not None and closed is not None
    length = max(len(opened.group(2)), inner + 1)
    lines[div.opening] = f"{opened.group(1)}{':' * length}{opened.group(3)}"
    lines[div.closing] = f"{closed.group(1)}{':' * length}"
    return length

"""A distill post's code chunks with their outputs, as knitr showed them.

distill keeps no freeze: a post's `.Rmd` is knitted once, by hand, into the `.html`
beside it, and the site only copies that page. Its outputs (printed values, figures,
tables) are only there, each chunk's in one `<div class="layout-chunk">`, in the order of
the chunks that were not `include=FALSE`. So the `.Rmd`'s chunks are replaced, in order,
by those divs as Markdown: echoed code a fenced block of its language, printed output a
plain one, a figure an image, anything else (a table, a widget) its HTML. When the
counts differ (the `.html` is older than the `.Rmd`), nothing is paired: a wrong output
under a chunk is worse than none.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass

from lanting.importer.quarto_cells import fenced_cells

_CHUNK_OPEN = re.compile(r"^(`{3,})[ \t]*\{([A-Za-z]\w*)(?:[ \t,]([^}]*))?\}[ \t]*$")
_HIDDEN = re.compile(r"(?:^|[\s,])include\s*=\s*(?:FALSE|F)\b")
_HIDDEN_OPTION = re.compile(r"^#\|\s*include:\s*false\s*$", re.MULTILINE)
_LAYOUT = re.compile(r"""<div\s+class=["']layout-chunk["'][^>]*>""")
_DIV = re.compile(r"<(/?)div\b[^>]*>", re.IGNORECASE)
_PRE = re.compile(r"(<div class=\"sourceCode\"[^>]*>\s*)?<pre(?:\s+class=\"([^\"]*)\")?"
                  r"[^>]*>\s*<code[^>]*>(.*?)</code>\s*</pre>(?(1)\s*</div>)", re.DOTALL)
"""Code (in the `sourceCode` div of newer distill versions) or printed output."""
_IMAGE = re.compile(r"(?:<p>\s*)?<img\s[^>]*?src=\"([^\"]+)\"[^>]*>(?:\s*</p>)?()")
_FIGURE = re.compile(r"<div class=\"figure\"[^>]*>\s*(?:<span[^>]*>\s*</span>\s*)?(?:<p>\s*)?"
                     r"<img\s[^>]*?src=\"([^\"]+)\""
                     r"[^>]*>(?:\s*</p>)?\s*(?:<p class=\"caption\">(.*?)</p>\s*)?</div>",
                     re.DOTALL)
"""A figure (`<div class="figure">`, with its `fig.cap` caption when the chunk had one;
bookdown's anchor, `<span id="fig:x">`, first when its output format numbers figures)."""
_TAG = re.compile(r"<[^>]+>")


@dataclass(frozen=True, slots=True)
class Knitted:
    """The post's text with its chunks' outputs, or why it has none."""

    text: str
    paired: int
    """How many chunks were paired with their outputs (0 when none could be)."""
    widgets: int
    """Outputs that needed the page's scripts (an htmlwidget): kept as their bare HTML."""


def layout_chunks(page: str) -> list[str]:
    """The inside of each `<div class="layout-chunk">` of the rendered page, in order
    (its own divs counted, so a table's or widget's `</div>` does not end it)."""
    return div_contents(page, _LAYOUT)


def div_contents(page: str, opening: re.Pattern[str]) -> list[str]:
    """The inside of each `<div>` `opening` matches, in order, its own divs counted (an
    output's `</div>` does not end it); one inside another's (a page shown in a page) is
    the outer one's."""
    found: list[str] = []
    end = 0
    for start in opening.finditer(page):
        if start.start() < end:
            continue
        depth = 1
        for tag in _DIV.finditer(page, start.end()):
            depth += -1 if tag.group(1) else 1
            if depth == 0:
                found.append(page[start.end():tag.start()])
                end = tag.end()
                break
    return found


def as_markdown(chunk: str, locate: Callable[[str], str] = str) -> str:
    """One chunk's HTML as Markdown: code and printed output fenced, figures images (at
    the path `locate` gives for the page's), the rest (tables, widgets) kept as HTML."""
    parts: list[str] = []

    def fenced(match: re.Match[str]) -> str:
        # (`sourceCode r`: R code; a class of output, a site's own hook's `r-output`,
        # or distill's `distill-force-highlighting-css`, names no language)
        language = [c for c in (match.group(2) or "").split() if c != "sourceCode"
                    and "output" not in c and not c.startswith("distill-")]
        code = html.unescape(_TAG.sub("", match.group(3))).strip("\n")
        fence = "````" if "```" in code else "```"
        parts.append(f"{fence}{language[0] if language else ''}\n{code}\n{fence}")
        return f"\0{len(parts) - 1}\0"

    def image(match: re.Match[str]) -> str:
        caption = " ".join(html.unescape(_TAG.sub("", match.group(2) or "")).split())
        caption = re.sub(r"([\[\]])", r"\\\1", caption)
        parts.append(f"![{caption}]({locate(html.unescape(match.group(1)))})")
        return f"\0{len(parts) - 1}\0"

    text = _IMAGE.sub(image, _FIGURE.sub(image, _PRE.sub(fenced, chunk)))
    out = []
    for piece in re.split(r"(\0\d+\0)", text):
        if re.fullmatch(r"\0\d+\0", piece):
            out.append(parts[int(piece.strip("\0"))])
        elif piece.strip():
            out.append(piece.strip())
    return "\n\n".join(out)


def knitted(body: str, page: str, locate: Callable[[str], str] = str) -> Knitted:
    """`body` (the `.Rmd`'s text) with each chunk replaced by its output in `page`, the
    `.html` knitr wrote (its figures where `locate` says); the chunks left out
    (`include=FALSE`) dropped, as knitr did."""
    lines = body.split("\n")
    spans: list[tuple[int, int, bool]] = []  # (first line, last line, shown)
    for i, end, opened in fenced_cells(lines, _CHUNK_OPEN):
        inside = "\n".join(lines[i + 1:end])
        hidden = bool(_HIDDEN.search(opened.group(3) or "") or _HIDDEN_OPTION.search(inside))
        spans.append((i, end, not hidden))
    outputs = layout_chunks(page)
    shown = [s for s in spans if s[2]]
    if not spans or len(shown) != len(outputs):
        return Knitted(body, 0, 0)
    made = iter(as_markdown(o, locate) for o in outputs)
    out: list[str] = []
    at = 0
    for first, last, visible in spans:
        out.extend(lines[at:first])
        if visible:
            out.append(next(made))
        at = last + 1
    out.extend(lines[at:])
    widgets = sum(1 for o in outputs if "htmlwidget" in o or "<script" in o)
    return Knitted("\n".join(out), len(shown), widgets)


_INLINE = re.compile(r"(?<!`)`r[ \t]+(?:[^`\n]|\n(?![ \t]*\n))+?`(?!`)")
"""knitr's inline code, `` `r expr` ``, over a paragraph's lines too."""
_FENCED = re.compile(r"^(`{3,}|~{3,}).*?^\1[ \t]*$", re.MULTILINE | re.DOTALL)
_HIDDEN_HTML = re.compile(r"<(script|style|pre|head)\b.*?</\1>", re.DOTALL | re.IGNORECASE)
_WORD = re.compile(r"\w+")
_MARKUP = re.compile(r"\]\([^)\s]*\)|[*_\[\]`]|<[^>\n]+>")
"""What Markdown writes around words and the page does not show as text: links'
targets, marks, HTML tags (`<center> $x$ = `r b0``)."""


def inline_values(body: str, page: str) -> tuple[str, int]:
    """`body` with knitr's inline code (`` `r n` ``) replaced by the value the page shows
    in its place, found by the words around it, when they are found once; and how many
    were (the others stay, for `quarto_inline_r`)."""
    shown = " ".join(html.unescape(_TAG.sub(" ", _HIDDEN_HTML.sub(" ", page))).split())
    # (MathJax's delimiters as the source wrote them: `$\times$` is `\(\times\)` there)
    shown = re.sub(r"\\[()]", "$", shown)
    code = [m.span() for m in _FENCED.finditer(body)]
    filled = 0

    def one(match: re.Match[str]) -> str:
        nonlocal filled
        if any(start <= match.start() < end for start, end in code):
            return match.group()
        # (the words of its paragraph: a chunk's code above is not on the page as text;
        # nor another inline code's, `r b0` $\times$ `r b1`: the page shows its value)
        ahead = _MARKUP.sub("", _INLINE.split(re.split(
            r"\n[ \t]*\n", body[max(0, match.start() - 120):match.start()])[-1])[-1])
        behind = _MARKUP.sub("", _INLINE.split(re.split(
            r"\n[ \t]*\n", body[match.end():match.end() + 120])[0])[0])
        before, after = _WORD.findall(ahead)[-3:], _WORD.findall(behind)[:3]
        if not before or not after or len(before) + len(after) < 3:
            return match.group()
        # (the punctuation around the code, `(`r n`)`, is the page's too, not the value's)
        lead = re.search(r"\W*$", ahead).group()  # type: ignore[union-attr]
        trail = re.match(r"\W*", behind).group()  # type: ignore[union-attr]
        pattern = (r"(?<!\w)" + r"\W+".join(map(re.escape, before)) + _loose(lead)
                   + r"(\S(?:.{0,60}?\S)?)" + _loose(trail)
                   + r"\W+".join(map(re.escape, after)) + r"(?!\w)")
        found = re.findall(pattern, shown)
        if len(found) != 1 or "`" in found[0]:
            return match.group()
        filled += 1
        return str(found[0])

    return _INLINE.sub(one, body), filled


def _loose(gap: str) -> str:
    """A pattern of the punctuation between words, any white space where it has some."""
    return "".join(r"\s*" if c.isspace() else re.escape(c) for c in gap.strip()).join(
        [r"\s*", r"\s*"])

"""Single line ends that were line breaks: marked and markdown-it with `breaks: true`
(hexo-renderer-marked's default) made each line end inside a paragraph a `<br>`.
Lanting's Markdown, like CommonMark, joins such lines, so a poem or an address became
one line; the import writes those line ends as hard breaks (a `\\` at the end of the
line), in paragraphs only."""

from __future__ import annotations

import re

from lanting.importer.shelf import MARK_CLOSE, MARK_OPEN, Shelf
from lanting.markdown.math_display import ENVIRONMENTS

_LIST_ITEM = re.compile(r"^[ \t]*(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)")
_QUOTE = re.compile(r"^[ \t]*(?:>[ \t]?)+")
"""The `>` markers opening a line of a quote or a callout."""
_HTML = re.compile(
    r"^[ \t>]*(?:<!--|</?(?:div|p|details|summary|table|thead|tbody|tfoot|tr|td|th|caption|"
    r"colgroup|col|figure|figcaption|center|iframe|video|audio|section|article|aside|"
    r"header|footer|nav|main|address|form|fieldset|legend|ul|ol|li|menu|pre|blockquote|"
    r"h[1-6]|hr|script|style|dl|dt|dd|html|head|body|title|meta|link|base|dialog|search)"
    r"\b)", re.IGNORECASE)
"""A line opening an HTML block that runs to the next blank line (CommonMark's sixth
kind, by its tag names: a notebook exported as HTML into a post opens with `<html>`,
`<head>`, `<meta>`, and a `\\` on each of their lines was text in the page's HTML)."""
_ATTRIBUTES = r"""(?:\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*"""
_LONE_TAG = re.compile(rf"^ {{0,3}}(?:<[A-Za-z][A-Za-z0-9-]*{_ATTRIBUTES}\s*/?>"
                       r"|</[A-Za-z][A-Za-z0-9-]*\s*>)[ \t]*$")
"""A line that is one whole tag of any name (`<a href=… onClick=…>`, a theme's
`<card data-image=…>`): after a blank line it opens an HTML block (CommonMark's kind 7,
marked's too), which runs to the next blank line and shows its line ends as written; a
`\\` there was shown on the page."""
_BLOCK_START = re.compile(
    rf"^[ \t>]*(?:#{{1,6}}(?:[ \t]|$)|\[!|\||\[\^?[^\]]*\]:|\$\$|\\begin\{{|:{{3,}}"
    rf"|(?:!!!|\?\?\?\+?)[ \t]|@tab\b)|{_HTML.pattern}",
    re.IGNORECASE)
"""Lines that are no paragraph text: headings, callout titles, table rows, HTML blocks
and comments, link and footnote definitions, display math, the fences of `:::`
containers (`::: tip␣␣`: a backslash after it made the tip text), admonitions' and tabs'
first lines."""
_UNDERLINE = re.compile(r"^[ \t]*(?:=+|-+|\*[ \t*]*\*[ \t*]*\*[ \t*]*|_[ \t_]*_[ \t_]*_[ \t_]*)$")
"""A setext heading's underline or a thematic break."""
_ONLY_MARKER = re.compile(
    rf"^[ \t>]*(?:(?:[-+*]|\d{{1,9}}[.)])[ \t]+)*{MARK_OPEN}([A-Z])(\d+){MARK_CLOSE}[ \t]*$")
"""A line holding only a piece put aside: a code block (in a list item, a quote), or
a code span or formula alone on its line."""
_RAW_BLOCK = re.compile(r"^[ \t>]*(?:<(script|pre|style|textarea)(?:[\s>]|$)|(<!--))",
                        re.IGNORECASE)
_RAW_END = {"script": r"</script>", "pre": r"</pre>", "style": r"</style>",
            "textarea": r"</textarea>", "": r"-->"}
"""HTML blocks that end at their closing tag (CommonMark's kinds 1 and 2), not at a
blank line."""
_PRE_OPEN = re.compile(r"<pre(?:[\s>]|$)", re.IGNORECASE)
_PRE_CLOSE = re.compile(r"</pre\s*>", re.IGNORECASE)
_BARE_MATH = re.compile(r"^[ \t>]*\\begin\{(" + "|".join(ENVIRONMENTS) + r")(\*?)\}")
"""A line opening a math environment outside `$$`, which Lanting reads bare."""
_TABLE_RULE = re.compile(r"^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-*:?[ \t]*)+\|?[ \t]*$")
_TAG_OVER_LINES = re.compile(r"""<[A-Za-z][A-Za-z0-9-]*\s(?:[^<>"']|"[^"<>]*"|'[^'<>]*')*>""")
"""An HTML tag, which may hold line ends between its attributes."""
_OPEN_LINK = re.compile(r"\]\([ \t]*(?P<url><[^<>\n]*>|[^\s()<>]+)?[ \t]*$")
"""A line ending inside a link's parentheses: after `](`, or after its URL."""


def hard_breaks(text: str, spaces_only: bool = False,
                shelf: Shelf | None = None) -> tuple[str, int]:
    """`text` (code put aside behind markers, on `shelf`) with a `\\` ending each line
    whose line end was a `<br>` under `breaks: true` — with `spaces_only`, each that was
    one by its two trailing spaces (which the import's tidying would strip) —; returns
    (text, how many). A line holding only a marker is a block, unless `shelf` shows the
    piece was a code span or an inline formula (a line of prose: `` `cmd` ``)."""
    lines = text.split("\n")
    alone = blocks_left_alone(lines) | _inside_tags(text)
    count = 0
    math = False
    # (the bare math environment a line is inside, `\begin{equation}` opening a line:
    # two spaces ending its row made a `\`, TeX's control space, in the formula)
    environment = ""
    for i, line in enumerate(lines[:-1]):
        if environment:
            environment = "" if f"\\end{{{environment}}}" in line else environment
            continue
        opened = None if math else _BARE_MATH.match(line)
        if opened and f"\\end{{{opened.group(1)}{opened.group(2)}}}" not in line:
            environment = opened.group(1) + opened.group(2)
            continue
        if line.count("$$") % 2:
            math = not math
            continue
        if spaces_only:
            if not line.endswith("  ") or not line.strip(" \t>"):
                continue
            line = line.rstrip(" ")
        if math or i in alone or not _joins(line, lines[i + 1], lines, i, shelf):
            continue
        lines[i] = line.rstrip() + "\\"
        count += 1
    return "\n".join(lines), count


def _joins(line: str, following: str, lines: list[str], i: int,
           shelf: Shelf | None = None) -> bool:
    """Whether the line end after `line` is one inside a paragraph."""
    if not line.strip(" \t>") or not following.strip(" \t>"):
        return False  # (a line of a quote's `>` alone is a blank line inside it)
    if line.endswith(("\\", "  ")) or re.search(r"<br\s*/?>\s*$", line, re.IGNORECASE):
        return False  # a break already
    for text in (line, following):
        if _BLOCK_START.match(text) or _lone_block(text, shelf):
            return False
    # (a callout's or quote's lines, `> 1. …`, read without their `>`: a `\` before
    # the next item was a stray backslash on the page)
    if any(_UNDERLINE.match(_QUOTE.sub("", text)) for text in (line, following)) \
            or _LIST_ITEM.match(_QUOTE.sub("", following)):
        return False
    if line.lstrip(" \t").startswith(">") != following.lstrip(" \t").startswith(">"):
        return False  # a quote begins or ends (a lazy line stays as it was)
    if _inside_link(line, following):
        return False
    return not _indented_code(lines, i)


def _lone_block(line: str, shelf: Shelf | None) -> bool:
    """Whether `line` holds only a piece put aside that is a block: a fenced block (over
    lines), a display formula, a raw block over lines."""
    only = _ONLY_MARKER.match(line)
    if only is None:
        return False
    if shelf is None:
        return True
    piece = shelf.items.get(only.group(1), [])[int(only.group(2)):][:1]
    return not piece or "\n" in piece[0].strip("\n") or piece[0].lstrip().startswith("$$")


def _inside_link(line: str, following: str) -> bool:
    """Whether the line end after `line` is inside a link's `(…)`: `[教程](`, the URL on
    the next line, or the URL and its title on the next. The renderer read that line end
    as the space a link allows there, no `<br>`; a `\\` in its place made the URL start
    with `\\` and the link a broken one."""
    open_link = _OPEN_LINK.search(line)
    if open_link is None:
        return False
    if open_link.group("url") is None:
        return True
    return following.lstrip(" \t>").startswith(('"', "'", "(", ")"))


def _indented_code(lines: list[str], i: int) -> bool:
    """Whether line `i` is in an indented code block: a run of lines indented four
    spaces or more after a blank line, outside a list."""
    start = i
    while start > 0 and lines[start - 1].strip():
        start -= 1
    first = lines[start].expandtabs(4)
    if len(first) - len(first.lstrip()) < 4 or _LIST_ITEM.match(first):
        return False
    before = next((lines[j] for j in range(start - 1, -1, -1) if lines[j].strip()), "")
    return not (_LIST_ITEM.match(before) or before.startswith((" ", "\t")))


def blocks_left_alone(lines: list[str]) -> set[int]:
    """The lines of every run of lines that is a GFM table (it holds a delimiter row) or
    an HTML block (it starts with a tag or a comment), and of every `<script>`, `<pre>`,
    `<style>` or `<textarea>` block and comment up to its end, blank lines within
    included, as CommonMark reads them: a `\\` in a script's lines broke its code."""
    found: set[int] = set()
    start = 0
    i = 0
    while i <= len(lines):
        raw = _RAW_BLOCK.match(lines[i]) if i < len(lines) and start == i else None
        if raw is not None:
            end = next((j for j in range(i, len(lines))
                        if re.search(_RAW_END[(raw.group(1) or "").lower()], lines[j],
                                     re.IGNORECASE)), len(lines) - 1)
            found.update(range(i, end + 1))
            i = start = end + 1
            continue
        if i == len(lines) or not lines[i].strip():
            if start < i and (_HTML.match(lines[start]) or _LONE_TAG.match(lines[start])
                              or any(_TABLE_RULE.match(lines[j]) for j in range(start, i))):
                found.update(range(start, i))
            start = i + 1
        i += 1
    return found | _inside_pre(lines)


def _inside_tags(text: str) -> set[int]:
    """The lines that end inside an HTML tag (`<img src="a.jpg"`, its attributes on the
    next lines): that line end is a space between attributes, no `<br>`; a `\\` there
    was written into the tag and broke it."""
    found: set[int] = set()
    for tag in _TAG_OVER_LINES.finditer(text):
        if "\n" in tag.group():
            first = text.count("\n", 0, tag.start())
            found.update(range(first, first + tag.group().count("\n")))
    return found


def _inside_pre(lines: list[str]) -> set[int]:
    """The lines of each `<pre>` element begun after other text (a BibTeX entry in
    `<details><pre><code>` under a paper of a list item, as AcadHomepage's papers show
    theirs): its text is shown as written, so a line's trailing spaces make no break,
    and a `\\` in their place was shown in the entry."""
    found: set[int] = set()
    i = 0
    while i < len(lines):
        opened = _PRE_OPEN.search(lines[i])
        if opened is None or _PRE_CLOSE.search(lines[i], opened.end()):
            i += 1
            continue
        end = next((j for j in range(i + 1, len(lines)) if _PRE_CLOSE.search(lines[j])),
                   len(lines) - 1)
        found.update(range(i, end + 1))
        i = end + 1
    return found

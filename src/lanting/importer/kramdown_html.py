"""kramdown's HTML blocks → CommonMark's: Markdown inside an element
(`<div markdown="1">`), and where kramdown reads Markdown again after an element's
closing tag or a lone span tag's line, which CommonMark takes for the HTML block; a tag
whose attribute runs over lines; and a page written in HTML, which Jekyll read no
Markdown in, kept HTML."""

from __future__ import annotations

import re
import textwrap

from lanting.importer.body import callout, callout_kind
from lanting.importer.shelf import Shelf, fence

_MARKDOWN_ATTRIBUTE = re.compile(
    r"""<(\w+)\b([^>]*?)\s+markdown\s*=\s*(["']?)(1|block|span)\3([^>]*)>""")
_SUMMARY = re.compile(r"\A([ \t]*<summary\b.*?</summary>)[ \t]*\n", re.DOTALL)
_INLINE_TAGS = frozenset({"a", "abbr", "b", "cite", "code", "em", "i", "kbd", "label", "mark",
                          "q", "small", "span", "strong", "sub", "sup", "u"})


_CLOSED_ELEMENT_LINE = re.compile(
    r"^([ \t]*<(div|p|h[1-6]|center|section|header|footer|aside|figure)\b[^>]*>.*</\2>[ \t]*)"
    r"\n(?=[ \t]*[^\s<])", re.MULTILINE | re.IGNORECASE)
"""A block element opened and closed on its line (`<div class="title">定理</div>`) with
Markdown on the next: kramdown reads Markdown again after the closing tag, CommonMark
only after a blank line (a Chirpy box's title line left its list and formulas raw)."""


def markdown_in_html(text: str) -> tuple[str, int]:
    """kramdown's `<div markdown="1">`: Markdown inside an HTML element. CommonMark reads
    Markdown inside an HTML block only after a blank line, so one goes after the opening
    tag and before the matching closing tag (and the attribute is dropped): the content
    showed as literal Markdown (`**bold**`). Returns (text, how many)."""
    count = 0
    while True:
        match = _MARKDOWN_ATTRIBUTE.search(text)
        if match is None:
            return text, count
        count += 1
        tag = match.group(1)
        opening = f"<{tag}{match.group(2)}{match.group(5)}>"
        close = _matching_close(text, tag, match.end())
        if close is None or match.group(4) == "span" or tag.lower() in _INLINE_TAGS:
            # Markdown is read inside an inline element anyway; an unclosed one is left
            text = text[:match.start()] + opening + text[match.end():]
            continue
        # (dedented: after a blank line, four spaces would make it a code block; a
        # `<summary>` line is HTML of its own, Markdown only after a blank line too)
        inner = _SUMMARY.sub(r"\1\n\n", textwrap.dedent(text[match.end():close]).strip("\n"), 1)
        inner = _CLOSED_ELEMENT_LINE.sub("\\1\n\n", inner)
        classes = re.search(r"""\bclass\s*=\s*["']([^"']*)""", opening)
        kind = callout_kind(" ".join("." + c for c in classes.group(1).split()
                                     if c.startswith(("notice", "prompt-", "block-")))) \
            if classes and tag.lower() == "div" else None
        if kind is not None:  # `<div class="notice--warning" markdown="1">`: a notice
            end = close + len(f"</{tag}>")
            text = text[:match.start()] + callout(kind, inner) + text[end:]
            continue
        text = (text[:match.start()] + opening + "\n\n" + inner + "\n\n"
                + text[close:])


def _matching_close(text: str, tag: str, start: int) -> int | None:
    """Where the `</tag>` closing the element opened just before `start` begins."""
    depth = 1
    for found in re.finditer(rf"<(/?){tag}\b[^>]*>", text[start:], re.IGNORECASE):
        depth += -1 if found.group(1) else 1
        if depth == 0:
            return start + found.start()
    return None


_MARKMAP_DIV = re.compile(
    r"""^[ \t]*<div\b[^>]*\bclass\s*=\s*["'](?:[^"']*\s)?markmap(?:\s[^"']*)?["'][^>]*>""",
    re.MULTILINE | re.IGNORECASE)
_TEMPLATE = re.compile(r"""\A\s*<script\b[^>]*>(.*)</script>\s*\Z""", re.DOTALL | re.IGNORECASE)


def markmap_divs(text: str) -> tuple[str, list[str]]:
    """markmap's autoloader draws a `<div class="markmap">` (front matter `markmap:
    true` loads it on Jekyll themes) as a mind map of the Markdown outline inside, or
    inside its `<script type="text/template">`: a ```` ```markmap ```` block, as Hugo
    Blox writes one (in the HTML block, its headings and lists were shown as written).
    Returns (text, each `<div>` converted)."""
    found: list[str] = []
    at = 0
    while (match := _MARKMAP_DIV.search(text, at)) is not None:
        close = _matching_close(text, "div", match.end())
        if close is None:
            break
        end = close + len("</div>")
        inner = text[match.end():close]
        template = _TEMPLATE.match(inner)
        outline = textwrap.dedent((template.group(1) if template else inner).strip("\n"))
        block = fence("markmap", outline.strip("\n"))
        found.append(text[match.start():end])
        text = text[:match.start()] + block + text[end:]
        at = match.start() + len(block)
    return text, found


def _block_element(tags: str) -> re.Pattern[str]:
    return re.compile(rf" {{0,3}}<({tags})\b(?:[^>\n]|\n(?![ \t]*\n))*>", re.IGNORECASE)


_KRAMDOWN_BLOCK_TAGS = ("div|center|figure|table|details|section|article|aside|header|"
                        "footer|nav|blockquote|dl|ol|ul|p|h[1-6]|iframe")
_BLOCK_ELEMENT = _block_element(_KRAMDOWN_BLOCK_TAGS)
"""An HTML element starting a line, which starts an HTML block in kramdown and in
CommonMark alike (the tags CommonMark's block kind 6 names that posts use); its tag may
run over lines (an `<iframe` of a chart, an attribute a line)."""


_INLINE = re.compile(r"[ \t]*<(?:a|abbr|b|br|cite|code|del|em|font|i|img|ins|kbd|mark|q|"
                     r"s|small|span|strong|sub|sup|time|u)[\s>/]", re.IGNORECASE)
"""A line starting with an inline element: a paragraph to kramdown, its Markdown read (a
publication list's `<span class="papertitle">**Title**</span>` after a `<div>` line)."""


_SPREAD_TAG = re.compile(r"^ {0,3}<[A-Za-z][\w-]*(?:\s+[^\s\"'=<>/]+(?:\s*=\s*(?:\"[^\"]*\""
                         r"|'[^']*'|[^\s\"'=<>`]+))?)*\s*/?>", re.MULTILINE)
"""A start tag at a line's start, its attributes read whole: quoted values may run over
lines."""


def spread_tags(text: str, shelf: Shelf) -> tuple[str, int]:
    """A start tag whose quoted attribute runs over blank lines (an `<iframe
    srcdoc="…">` holding a whole report page, its script and styles): kramdown read the
    tag whole, CommonMark's HTML block ended at the first blank line and the rest was
    read as Markdown, its `$` as formulas and `a[b](c)` as links. The tag is written on
    one line, each line break in a value as `&#10;` (the same value), and put aside
    from the Markdown conversions. Returns (text, how many)."""
    count = 0

    def one_line(match: re.Match[str]) -> str:
        nonlocal count
        tag = match.group()
        if not re.search(r"\"[^\"]*\n[ \t]*\n[^\"]*\"|'[^']*\n[ \t]*\n[^']*'", tag):
            return tag  # (no blank line in a value: CommonMark reads the tag whole too)
        count += 1
        tag = re.sub(r"\"[^\"]*\"|'[^']*'|\s*\n\s*", lambda m: m.group().replace(
            "\n", "&#10;") if m.group()[0] in "\"'" else " ", tag)
        return shelf.put(tag)

    return _SPREAD_TAG.sub(one_line, text), count


_RULE_LINE = re.compile(r"^( {0,3}<hr\b[^<>\n]*>(?:[ \t]*<br\b[^<>\n]*>)*[ \t]*)\n"
                        r"(?=[ \t]*[^\s<])", re.MULTILINE | re.IGNORECASE)
"""A line of `<hr class="fade"/>` (and `<br />`s after it, to space the rule) with
Markdown on the next: an element with no closing tag, after which kramdown reads
Markdown again; CommonMark's HTML block ran on to a blank line, its bold text shown as
`**…**` (a finance blog's every section)."""


PYTHON_MARKDOWN_BLOCKS = _block_element(
    _KRAMDOWN_BLOCK_TAGS + "|object|video|canvas|form|fieldset|main|noscript")
"""Python-Markdown's block-level elements (its `block_level_elements`) posts use: also
`<object>` (a chapter's PDF shown above its text), `<video>`, `<iframe>`, after whose
closing tag it reads Markdown again, as it does after a `<div>`."""


def ended_html_blocks(text: str, blocks: re.Pattern[str] = _BLOCK_ELEMENT
                      ) -> tuple[str, int]:
    """A blank line after an HTML block's closing tag when Markdown follows on the next
    line (`</div>` then `## 参考资料`): kramdown reads Markdown again after the closing
    tag, CommonMark's HTML block runs on to a blank line, and the heading showed as its
    `##` text; so with a line of inline HTML (`_INLINE`), and with an HTML comment (a
    paper commented out, `<!--` then lines and a blank one: CommonMark's block ended at
    the blank line, the comment never closed in it); and after a rule's line
    (`_RULE_LINE`). Returns (text, how many)."""
    text, rules = _RULE_LINE.subn("\\1\n\n", text)
    blanks: set[int] = set()  # (where a blank line goes: after a closing tag's line)
    pos = 0
    for found in re.finditer(r"^.*$", text, re.MULTILINE):
        if found.start() < pos:
            continue  # (inside the element of an earlier line)
        opened = blocks.match(text, found.start())
        close = _matching_close(text, opened.group(1), opened.end()) if opened else None
        if opened is None or close is None:
            continue
        # (its content Markdown, `markdown="1"`'s: its lines are read one by one too)
        tag_end = text.find("\n", opened.end())
        tag_end = len(text) if tag_end < 0 else tag_end
        markdown = not text[opened.end():tag_end].strip() \
            and text[tag_end + 1:].split("\n", 1)[0].strip() == ""
        end = close + len(opened.group(1)) + 3  # (after `</tag>`)
        line_end = text.find("\n", end)
        if line_end < 0:
            if markdown:
                continue
            break
        next_end = text.find("\n", line_end + 1)
        following = text[line_end + 1:next_end if next_end >= 0 else None]
        ended = not text[end:line_end].strip()  # (nothing after `</tag>` on its line)
        if ended and _SCRIPT_LINE.fullmatch(following) and next_end >= 0:
            # (a tweet's `</blockquote>`, then `<script async src=…widgets.js></script>`:
            # kramdown read each as a block of its own, and Markdown after them)
            line_end, next_end = next_end, text.find("\n", next_end + 1)
            following = text[line_end + 1:next_end if next_end >= 0 else None]
        if ended and following.strip() \
                and (not following.lstrip().startswith("<") or _INLINE.match(following)
                     or following.lstrip().startswith("<!--")):
            blanks.add(line_end + 1)
        if not markdown:
            pos = line_end + 1
    out, last = [], 0
    for at in sorted(blanks):
        out += [text[last:at], "\n"]
        last = at
    return "".join(out) + text[last:], len(blanks) + rules


_SCRIPT_LINE = re.compile(r" {0,3}<script\b[^<>\n]*>[^\n]*?</script>[ \t]*", re.IGNORECASE)
"""A script of one line, as an embed's (`<script async src="…/widgets.js"></script>`)."""


_SPAN_TAG = (r" {0,3}</?(?:a|abbr|b|big|br|cite|em|font|i|img|kbd|mark|q|s|small|span|strong|"
             r"sub|sup|u)\b[^<>\n]*>")
_SPAN_TAG_ALONE = re.compile(
    rf"(?:\A|(?<=\n\n)|(?<=\A\n))({_SPAN_TAG})[ \t]*\n"
    rf"(?=(?:{_SPAN_TAG}[ \t]*\n)*(?![*+][ \t]|\d+[.)][ \t])[^\s<#>|$`~:-])",
    re.IGNORECASE)
"""A paragraph's first line that is one span element's tag alone (`<br />`, `<img …>`)
with Markdown on the next, or under more such lines (two `<img>` lines, then a link to
the code they show): kramdown starts a paragraph there, CommonMark an HTML block (its
kind 7), in which the Markdown under it showed as written. (The body's first line too,
under the blank line after the front matter.)"""


_SPACES_OVER_TAG = re.compile(r"^[ \t]+\n(?= {0,3}<)", re.MULTILINE)


_SPAN_TAGS_OVER_HEADING = re.compile(
    r"^(?: {0,3}</?(?:a|b|br|font|i|img|span|strong)\b[^<>\n]*>[ \t]*\n)+(?=#{1,6}[ \t])",
    re.IGNORECASE | re.MULTILINE)
"""Lines of lone span tags (`<br />` four times, as al-folio's example posts space out
their sections) right over a `# Heading`, under a line of text or none: kramdown's GFM
parser ended their paragraph at the heading, CommonMark's HTML block took it in."""


_SPAN_ELEMENT_LINES = re.compile(
    r"(?:\A|(?<=\n\n)|(?<=\A\n))( {0,3}<(video|audio|picture|a|span|font|small|big|b|i|em|"
    r"strong|u|mark|abbr|cite|q|kbd)\b[^<>\n]*>(?:[^\n]*\n(?![ \t]*\n))*?[^\n]*</\2\s*>)"
    r"[ \t]*\n(?=(?![*+][ \t]|\d+[.)][ \t])[^\s<#>|$`~:-])", re.IGNORECASE)
"""A paragraph that opens with an element kramdown reads as span-level HTML, whose
tag is alone on the first line (`<video src="…" controls>`, its fallback text, then
`</video>`), and goes on in Markdown under its closing tag (a licence line with a
link): kramdown made it one paragraph, CommonMark an HTML block (its kind 7) showing
the Markdown as written."""


def _one_line(match: re.Match[str]) -> str:
    return " ".join(line.strip() for line in match.group(1).split("\n")) + " "


def span_tag_paragraphs(text: str) -> tuple[str, int]:
    """The Markdown after a lone `<br />` starting a paragraph (`<br />` then an image or a
    sentence, as posts space out a figure) joined to its line, so CommonMark reads a
    paragraph, as kramdown did (a span element over several lines, `<video>` to
    `</video>`, and the Markdown under it, one line: the spaces kramdown read between
    them); a heading right under such lines set apart from them.
    Returns (text, how many)."""
    over = 0
    # (a blank line of spaces over the tag, as editors leave them, is blank to both)
    text = _SPACES_OVER_TAG.sub("\n", text)

    def apart(match: re.Match[str]) -> str:
        nonlocal over
        # (the line right above: a blank one ends any HTML block, `<br>` then a blank
        # line then `<br>` over the heading is no block's inside)
        above = text[:max(match.start() - 1, 0)].rpartition("\n")[2]
        if above.lstrip().startswith("<"):  # (inside an HTML block: kramdown's raw HTML)
            return match.group()
        over += 1
        return match.group() + "\n"

    text = _SPAN_TAGS_OVER_HEADING.sub(apart, text)
    text, joined = _SPAN_TAG_ALONE.subn(r"\1 ", text)
    text, elements = _SPAN_ELEMENT_LINES.subn(_one_line, text)
    return text, over + joined + elements


_MARKS_SUPERSCRIPT = re.compile(r"(<sup\b[^<>]*>)([^<>\w]*\*[^<>\w]*)(</sup\s*>)",
                                re.IGNORECASE)
"""A superscript of marks alone with a star in it (`<sup>*</sup>`, `<sup>†,*</sup>`: an
equal contribution, a corresponding author, as author lists mark them)."""


def starred_superscripts(text: str) -> tuple[str, int]:
    r"""The stars of superscripts of marks as `&ast;`: kramdown showed them; CommonMark
    took them for emphasis, pairing one with the `**` around a name
    (`**Ada Ode<sup>*</sup>**`), which then showed its stars. (An entity, not `\*`,
    which an HTML block would show as written.) Returns (text, how many)."""
    return _MARKS_SUPERSCRIPT.subn(
        lambda m: m.group(1) + m.group(2).replace("*", "&ast;") + m.group(3), text)


_SPAN_TAG_OVER_DISPLAY = re.compile(
    r"(?:\A|(?<=\n\n))( {0,3}</?(?:a|b|br|font|i|img|span|strong)\b[^<>\n]*>)[ \t]*\n"
    r"(?=[ \t]*\$\$[ \t]*\n)", re.IGNORECASE)
"""A lone span tag (`<img …/>`) right over a `$$` line: in Pandoc's paragraph the display
formula and the text after it were read; in CommonMark's HTML block they were not."""


def span_tag_over_display(text: str) -> tuple[str, int]:
    """A blank line between a paragraph's lone `<img …/>` line and the `$$` opening a
    display formula under it (a NexT blog on hexo-renderer-pandoc: the bold heading
    after the formula showed its stars). Returns (text, how many)."""
    return _SPAN_TAG_OVER_DISPLAY.subn(r"\1\n\n", text)


_VERBATIM = re.compile(r"<(pre|script|style|textarea)\b.*?</\1\s*>"
                       r"|\{%-?\s*(raw|highlight)\b.*?\{%-?\s*end\2\s*-?%\}", re.S | re.I)
"""What an HTML page shows as written: preformatted text, scripts, styles, and Liquid's
raw and highlighted code."""


_PARAGRAPH = re.compile(
    r"<p\b[^>]*>(?P<inner>(?:(?!</?p\b|<(?:div|table|ul|ol|li|h[1-6]|pre|blockquote|section"
    r"|figure|script|style)\b).)*?)</p\s*>", re.S | re.I)
"""A paragraph of an HTML page holding no block of its own."""
_TEXT_PIECE = re.compile(r"<[^>]*>|\{%.*?%\}|\{\{.*?\}\}|(?P<text>[^<{]+|[<{])", re.S)
_MARK = re.compile(r"[*_`\[\]\\]|^(?=[#>+-]|\d+[.)])", re.M)
"""What Markdown reads as its own in a paragraph's text (emphasis, code, links; a
heading's, a quote's or a list's mark starting a line): escaped, as the page showed it."""


def html_body(text: str) -> str:
    """The body of a page written in HTML (`people.html`), which Jekyll put in its layout
    as it was, as CommonMark keeps it HTML: its lines out of their indentation and
    without blank lines between them (an indented line after a blank one was code, and a
    blank line ended the HTML block, the text after it read as Markdown). The elements
    of `_VERBATIM` are left as written. A `<p>` holding no block is a paragraph of
    Markdown (its tags inline HTML, Markdown's marks in its text escaped), so that what
    its Liquid becomes (a citation `[@key]`, a link) is read: inside the HTML block it
    was printed as written."""
    out: list[str] = []
    at = 0
    for found in _VERBATIM.finditer(text):
        out += [_flat(text[at:found.start()]), found.group()]
        at = found.end()
    return "".join([*out, _flat(text[at:])]).strip("\n") + "\n"


def _flat(part: str) -> str:
    flat = re.sub(r"\n{2,}", "\n", re.sub(r"^[ \t]+", "", part, flags=re.MULTILINE))
    # (a `<p>` in a comment stays there: made a paragraph, its blank lines ended the
    # HTML block holding the comment's start, and the comment never closed)
    return "".join(piece if piece.startswith("<!--") else _PARAGRAPH.sub(
        lambda m: "\n\n" + _escaped(m.group("inner").strip()) + "\n\n", piece)
        for piece in _COMMENT.split(flat))


_COMMENT = re.compile(r"(<!--.*?-->)", re.DOTALL)


def _escaped(inner: str) -> str:
    return "".join(_MARK.sub(lambda m: "\\" + m.group(), piece.group("text"))
                   if piece.group("text") else piece.group()
                   for piece in _TEXT_PIECE.finditer(inner))

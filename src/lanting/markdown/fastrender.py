"""Stage 4's fast path: pulldown-cmark's events (`pyromark`) straight to HTML.

markdown-it-py parses in pure Python and then makes a token object for every block,
table cell and run of text, which its core rules walk and its renderer walks again;
for a typical post that is two thirds of the Markdown stage. pulldown-cmark, compiled,
parses the same post in a fraction of that, and this module writes the HTML
markdown-it-py's renderer would write, straight from the events: the same tags, the
same line breaks, with Lanting's plugins applied as their core rules would apply them
— each through the plugin's own function (formulas, code blocks, footnotes, figures,
image sizes, links, heading ids, CJK spacing), so a plugin keeps one implementation.

The two parsers agree on CommonMark (both pass its 652 examples) but not on every
extension, so only documents made of what they read alike come this way: paragraphs,
headings, emphasis, `~~strike-through~~`, code spans, links and images, lists, block
quotes, rules, tables, fenced and indented code, `$…$` and `$$…$$` math, footnotes and
the `<!-- more -->` marker. For anything else — raw HTML, shortcodes, citations,
callouts, `\\(…\\)` math, labelled equations, task lists — or any spot where the two
could differ (checked as the events are read), `render_fast` returns None and the
document goes through markdown-it-py. `tests/test_fastrender.py` holds both paths to
the same result, page by page.
"""

from __future__ import annotations

import bisect
import functools
import re
from dataclasses import dataclass
from typing import Any

import pyromark
from markdown_it import MarkdownIt
from markdown_it.common.normalize_url import normalizeLink, normalizeLinkText
from markdown_it.common.utils import escapeHtml, isMdAsciiPunct, isPunctChar, isWhiteSpace
from markdown_it.token import Token

from lanting.markdown.anchors import heading_id
from lanting.markdown.cjk import space_prose
from lanting.markdown.code import FenceInfo, fence_html, render_code_block
from lanting.markdown.figures import figure_image, size_image
from lanting.markdown.links import LinkPlaces, LinkRewriter
from lanting.markdown.math import CLOSING_PUNCTUATION, display_formula, inline_formula
from lanting.markdown.more import MORE_RE
from lanting.safety import validate_link

_PARSER = pyromark.Markdown(options=(
    pyromark.Options.ENABLE_TABLES | pyromark.Options.ENABLE_FOOTNOTES
    | pyromark.Options.ENABLE_STRIKETHROUGH | pyromark.Options.ENABLE_TASKLISTS
    | pyromark.Options.ENABLE_MATH))

_ONLY_MARKDOWN_IT = ("\\(", "\\[", "{{<", "{{%", "[@", "@eq:", "^[", "[!", ":::", "\0", "\r", "\t")
"""Source text only markdown-it's plugins read (bracket math, shortcodes, citations,
equation references, inline footnotes, callouts, containers), or that the parsers treat
differently before parsing (NUL, CR, tab stops). Substring tests: one regex alternation
over a long Chinese post costs three times as much."""
_EQUATION_LABEL = re.compile(r"\$\$[ \t]*\(")

CORE_RULES = ("normalize", "block", "github_alerts", "inline", "github-tasklists",
              "footnote_tail", "text_join", "lanting_lines", "number_equations",
              "glue_punctuation", "lanting_more", "lanting_anchors", "lanting_links",
              "figures", "image_sizes", "focusable_tables")
"""markdown-it's enabled core rules whose work this module does (`cjk_spacing` may
follow): a parser with any other rule is left to markdown-it."""


def only_markdown_it(text: str) -> bool:
    """Whether `text` holds something only markdown-it's plugins read."""
    return any(marker in text for marker in _ONLY_MARKDOWN_IT) or (
        "$$" in text and _EQUATION_LABEL.search(text) is not None)


_SUSPECT_TEXT = re.compile(r"\$|\[\^|~~")
"""Left as text by pulldown-cmark but maybe read by markdown-it: a dollar (math), `[^`
(a footnote reference), `~~` (strike-through)."""
_DEFINITION = re.compile(r"^\[\^([^\]\s]+)\]:", re.M)
"""A footnote definition's label, as markdown-it's rule reads it at a line's start."""
_DELIMITED = {"Emphasis": "em", "Strong": "strong", "Strikethrough": "s"}
_ALIGN = {"Left": ' style="text-align:left"', "Right": ' style="text-align:right"',
          "Center": ' style="text-align:center"', "None": ""}
_LINKS = ("Inline", "Reference", "Collapsed", "Shortcut")
_MAX_DEPTH = 12
"""Deeper block nesting is left to markdown-it (which caps it)."""
_INLINE_STARTS = frozenset((*_DELIMITED, "Link", "Image"))

# The inline content of a block, as small lists [kind, content, extra]: what markdown-it's
# inline tokens would be, without making a token object for each run of text.
TEXT, SOFTBREAK, HARDBREAK, CODE, MATH, MATH_DOUBLE, OPEN, CLOSE, LINK, IMAGE, FOOTNOTE = \
    range(11)
_ATOMS = (CODE, MATH)
"""Set off from Chinese prose beside them (`cjk.ATOMS`: code spans, `$…$` formulas)."""
_PLAIN = (TEXT, CODE, MATH)
"""What `anchors.inline_text` reads of a block's content (breaks read as spaces)."""


@dataclass(frozen=True, slots=True)
class FastPage:
    """A document rendered by the fast path (env holds the rest, as markdown-it's path
    leaves it: headings, links, problems, dependencies)."""

    html: str
    excerpt: str
    """`render._excerpt` of the tokens markdown-it would have made."""
    reader_text: str
    """`render._reader_text` of those tokens."""


def _flanking(before: str, after: str) -> tuple[bool, bool]:
    """(left-flanking, right-flanking) for a delimiter run between these characters,
    as markdown-it's `scanDelims` decides (CommonMark's rule)."""
    before_punct = isMdAsciiPunct(ord(before)) or isPunctChar(before)
    after_punct = isMdAsciiPunct(ord(after)) or isPunctChar(after)
    before_space, after_space = isWhiteSpace(ord(before)), isWhiteSpace(ord(after))
    left = not (after_space or (after_punct and not (before_space or before_punct)))
    right = not (before_space or (before_punct and not (after_space or after_punct)))
    return left, right


class Decline(Exception):
    """The document holds something this path does not reproduce exactly."""


def render_fast(text: str, md: MarkdownIt, env: dict[str, Any]) -> FastPage | None:
    """The page markdown-it-py and Lanting's plugins make of `text` — or None: render it
    with them. `env` is filled as their rules fill it."""
    cjk = _cjk_spacing(md)
    if cjk is None or only_markdown_it(text) or env.get("lanting") is None:
        return None
    walk = _Walk(text, _PARSER.events_with_range(text), md, dict(env), cjk)
    try:
        page = walk.run()
    except Decline:
        return None
    env.update(walk.env)  # only now: a declined document leaves `env` as it was
    return page


@functools.cache
def _cjk_spacing(md: MarkdownIt) -> bool | None:
    """Whether `md` spaces Chinese prose; None if it does what this path does not do
    (raw HTML off, a core rule this path does not know)."""
    rules = [rule.name for rule in md.core.ruler.__rules__ if rule.enabled]
    cjk = rules[-1:] == ["cjk_spacing"]
    if not md.options["html"] or tuple(rules[:-1] if cjk else rules) != CORE_RULES:
        return None
    return cjk


def _name(value: Any) -> tuple[str, Any]:
    """`"Paragraph"` -> ("Paragraph", None); `{"Heading": {...}}` -> ("Heading", {...})."""
    if type(value) is str:
        return value, None
    name, detail = next(iter(value.items()))
    return name, detail


class _Walk:
    """One document's events -> its HTML, block by block."""

    def __init__(self, text: str, events: Any, md: MarkdownIt, env: dict[str, Any],
                 cjk: bool) -> None:
        self.text = text
        self.data = text.encode()
        self.events: tuple[Any, ...] = tuple(events)
        self.index = 0
        self.line_starts = [0] + [m.end() for m in re.finditer(b"\n", self.data)]
        self.md = md
        self.rules: dict[str, Any] = md.renderer.rules  # type: ignore[attr-defined]
        self.env = env
        self.cjk = cjk
        self.out: list[str] = []
        self.after_hidden = False
        """The last block written was a tight list's (hidden) paragraph: markdown-it
        puts a line break before the next opening tag."""
        self.level = 0
        self.links = LinkRewriter(env, text)
        self.figures = 0
        self.reader: list[str] = []
        # What the excerpt needs: paragraphs' text up to the more marker (if there is
        # one), else the first top-level paragraph's.
        self.before_more: list[str] | None = [] if "<!--" in text else None
        self.excerpt: str | None = None
        self.first_paragraph: str | None = None
        # Footnote labels in order of definition, as markdown-it collects them before
        # reading any reference; each must turn out to be one of pulldown-cmark's.
        self.labels = _DEFINITION.findall(text) if "[^" in text else []
        self.definitions: dict[str, int] = {}
        """Label -> index of the first event of its definition (rendered at the end)."""
        self.notes: list[list[Any]] = []
        """Referenced footnotes in order of first reference: [label, references]."""
        self.note_ids: dict[str, int] = {}

    # -- positions --------------------------------------------------------------

    def line(self, offset: int) -> int:
        """0-based line of a byte offset."""
        return bisect.bisect_right(self.line_starts, offset) - 1

    def lines(self, start: int, end: int) -> tuple[int, int]:
        """markdown-it's `map` of a block over these bytes: [first line, next line)."""
        return self.line(start), self.line(max(start, end - 1)) + 1

    def chars(self, start: int, end: int) -> str:
        return self.data[start:end].decode()

    def char_before(self, offset: int) -> str:
        """The character ending just before a byte offset; a space at the text's start,
        as markdown-it treats a line's ends."""
        return self.data[max(0, offset - 4):offset].decode(errors="ignore")[-1:] or " "

    def char_from(self, offset: int) -> str:
        """The character starting at a byte offset; a space at the text's end."""
        return self.data[offset:offset + 4].decode(errors="ignore")[:1] or " "

    def take(self) -> tuple[Any, dict[str, int]]:
        event = self.events[self.index]
        self.index += 1
        return event  # type: ignore[no-any-return]

    def peek(self, ahead: int = 0) -> Any:
        at = self.index + ahead
        return self.events[at][0] if at < len(self.events) else None

    # -- writing ----------------------------------------------------------------

    def opening(self, tag: str, line_break: bool = True) -> None:
        """An opening block tag as markdown-it's `renderToken` writes it."""
        self.out.append(("\n" + tag if self.after_hidden else tag) + ("\n" if line_break
                                                                      else ""))
        self.after_hidden = False

    def closing(self, tag: str) -> None:
        self.out.append(tag + "\n")
        self.after_hidden = False

    def rendered(self, html: str) -> None:
        """A block a render rule wrote (rules add no break after a hidden paragraph)."""
        self.out.append(html)
        self.after_hidden = False

    def rule(self, token: Token) -> str:
        """`token` rendered by the rule its plugin registered."""
        return str(self.rules[token.type]([token], 0, self.md.options, self.env))

    # -- blocks -----------------------------------------------------------------

    def run(self) -> FastPage:
        if len(set(self.labels)) != len(self.labels):
            raise Decline("a footnote defined twice")
        self.blocks(None)
        if len(self.definitions) != len(self.labels):
            raise Decline("a footnote definition pulldown-cmark does not read as one")
        if len(self.notes) != len(self.labels):
            raise Decline("a footnote never referred to")  # markdown-it drops it
        if self.notes:
            self.footnotes()
        if self.excerpt is None:
            self.excerpt = self.first_paragraph or ""
        return FastPage("".join(self.out), self.excerpt, " ".join(self.reader))

    def blocks(self, until: str | None, tight: bool = True) -> None:
        """Block events up to the End of `until` (None: the end of the document); in a
        list item, whether its list is `tight`."""
        while self.index < len(self.events):
            event, span = self.take()
            if event == "Rule":
                self.opening("<hr />")
                continue
            kind, value = _name(event)
            if kind == "End":
                if _name(value)[0] != until:
                    raise Decline("unexpected end")
                return
            if kind == "Start" and _name(value)[0] not in _INLINE_STARTS:
                self.block(*_name(value), span)
            elif until == "Item":  # inline content straight in an item: a tight list's
                self.index -= 1
                self.paragraph(span, hidden=tight)
            else:
                raise Decline("inline content outside a paragraph")
        if until is not None:
            raise Decline("unterminated " + until)

    def block(self, name: str, detail: Any, span: dict[str, int]) -> None:
        if name == "Paragraph":
            self.paragraph(span, hidden=False)
        elif name == "Heading":
            self.heading(detail, span)
        elif name == "BlockQuote" and detail is None:
            self.nested("<blockquote>", "BlockQuote")
            self.blocks("BlockQuote")
            self.level -= 1
            self.closing("</blockquote>")
        elif name == "List":
            self.list_block(detail)
        elif name == "CodeBlock":
            self.code(detail, span)
        elif name == "Table":
            self.table(detail, span)
        elif name == "HtmlBlock":
            self.more_marker()
        elif name == "FootnoteDefinition":
            self.footnote_definition(detail, span)
        else:
            raise Decline(name)

    def nested(self, tag: str, name: str) -> None:
        """Open a container: a line break after its tag unless it is empty."""
        self.level += 1
        if self.level > _MAX_DEPTH:
            raise Decline("deep nesting")  # markdown-it stops nesting at 20 levels
        following = self.peek()
        self.opening(tag, not (type(following) is dict and "End" in following
                               and _name(following["End"])[0] == name))

    def paragraph(self, span: dict[str, int], hidden: bool) -> None:
        """A paragraph (Start already read), or a tight item's paragraph (its first
        inline event next): markdown-it's paragraph_open, inline and paragraph_close."""
        level = self.level
        first, last = self.lines(span["start"], span["end"])
        source = None if hidden else self.chars(span["start"], span["end"]).strip()
        children, end, doubles = self.inline("Item" if hidden else "Paragraph", span["start"],
                                             source[-1:] if source is not None else None)
        if source is None:
            first, last = self.lines(span["start"], end)
        if len(children) == 1 and doubles == [children[0]]:
            self.math_block(level, span, first)
            return
        if doubles:  # a `$$` at a line start: markdown-it ends the paragraph there
            raise Decline("display formula inside a paragraph")
        if level == 0 and self.figure(children, first, last):
            return
        if not hidden:
            self.opening("<p>", line_break=False)
        html = self.inline_html(children, first, last)
        text = self.plain_text(children) if self.wants_text(level) else ""
        if self.before_more is not None:
            self.before_more.append(text)
        if level == 0 and self.first_paragraph is None:
            self.first_paragraph = text
        if hidden:
            self.out.append(html)
            self.after_hidden = True
        else:
            self.out.append(html)
            self.out.append("</p>\n")
            self.after_hidden = False

    def wants_text(self, level: int) -> bool:
        """Whether the excerpt may need this paragraph's text."""
        return self.before_more is not None or (level == 0 and self.first_paragraph is None)

    def figure(self, children: list[list[Any]], first: int, last: int) -> bool:
        """A top-level paragraph that is one titled image becomes a numbered figure."""
        if not any(c[0] == IMAGE for c in children):
            return False
        image = figure_image([c[1] if c[0] == IMAGE else _text_token(c) for c in children])
        if image is None:
            return False
        self.figures += 1
        number, caption = self.figures, str(image.attrGet("title"))
        meta = {"number": number, "caption": caption}
        html = self.inline_html([[IMAGE, image, None]], first, last)
        self.rendered(self.rule(_block_token("figure_open", meta)) + html
                      + self.rule(_block_token("figure_close", meta)))
        return True

    def math_block(self, level: int, span: dict[str, int], first: int) -> None:
        """A paragraph that is one `$$…$$` is markdown-it's math block."""
        source = self.chars(span["start"], span["end"]).rstrip("\n")
        if level or not (source.startswith("$$") and source.endswith("$$")):
            raise Decline("display formula")
        self.rendered(display_formula(self.env, source[2:-2], first))

    def heading(self, detail: dict[str, Any], span: dict[str, int]) -> None:
        if detail["id"] or detail["classes"] or detail["attrs"]:
            raise Decline("heading attributes")
        level = int(detail["level"][1])
        source = self.chars(span["start"], span["end"]).rstrip()
        first, last = self.lines(span["start"], span["end"])
        if not source.startswith("#"):
            last -= 1  # a setext heading's inline content ends above its underline
        children, _, doubles = self.inline("Heading", span["start"])
        if doubles:
            raise Decline("display formula in a heading")
        anchor = heading_id(self.env, level, self.plain_text(children))
        self.opening(f'<h{level} id="{escapeHtml(anchor)}">', line_break=False)
        self.out.append(self.inline_html(children, first, last))
        self.closing(f"</h{level}>")

    def list_block(self, start_number: int | None) -> None:
        if start_number is None:
            tag = "ul"
            self.nested("<ul>", "List")
        else:
            tag = "ol"
            self.nested(f'<ol start="{start_number}">' if start_number != 1 else "<ol>", "List")
        tight = self.tight()
        while self.take()[0] == {"Start": "Item"}:
            self.item(tight)
        self.level -= 1
        self.closing(f"</{tag}>")

    def tight(self) -> bool:
        """Whether the list starting here is tight: no paragraph right inside an item
        (pulldown-cmark wraps the text of a loose list's items in paragraphs)."""
        depth = 0
        events = self.events
        for index in range(self.index, len(events)):
            event = events[index][0]
            if type(event) is not dict:
                continue
            if "Start" in event:
                if depth == 1 and event["Start"] == "Paragraph":
                    return False
                depth += 1
            elif "End" in event:
                if depth == 0:
                    return True
                depth -= 1
        return True

    def item(self, tight: bool) -> None:
        first = self.peek(1) if self.peek() == {"Start": "Paragraph"} else self.peek()
        if type(first) is dict and first.get("Text", "").startswith("["):
            raise Decline("maybe a task list item")
        following = self.peek()
        empty = following == {"End": "Item"}
        bare = not empty and not (type(following) is dict and "Start" in following
                                  and _name(following["Start"])[0] not in _INLINE_STARTS) \
            and following != "Rule"
        self.level += 1
        if self.level > _MAX_DEPTH:
            raise Decline("deep nesting")
        self.opening("<li>", line_break=not (empty or (bare and tight)))
        self.blocks("Item", tight)
        self.level -= 1
        self.closing("</li>")

    def code(self, detail: Any, span: dict[str, int]) -> None:
        parts = []
        while type(event := self.take()[0]) is dict and "Text" in event:
            parts.append(event["Text"])
        content = "".join(parts)
        if detail == "Indented":  # markdown-it ends it with a newline, even at the end
            content = content.rstrip("\n") + "\n"
            self.reader.append(content)
            self.rendered(render_code_block(content, FenceInfo(), self.env, 0))
            return
        line = self.chars(span["start"], span["end"]).split("\n", 1)[0]
        fence = line[:len(line) - len(line.lstrip(line[:1]))]
        info = line[len(fence):]
        if self.line_starts[self.line(span["start"])] != span["start"] \
                or "\\" in info or "&" in info:
            raise Decline("fence")  # indented, or escapes in its info string
        self.reader.append(content)
        self.rendered(fence_html(content, info, self.env, self.line(span["start"])))

    def table(self, aligns: tuple[str, ...], span: dict[str, int]) -> None:
        source = self.chars(span["start"], span["end"]).strip("\n")
        if "\\|" in source or any("|" not in row for row in source.split("\n")):
            raise Decline("table")
        self.opening('<table tabindex="0">')
        styles = [_ALIGN[a] for a in aligns]
        body = False
        while (event := self.take())[0] != {"End": "Table"}:
            name, where = event[0]["Start"], event[1]
            if name == "TableHead":
                self.out.append("<thead>\n")
                self.row(styles, where, "th")
                self.out.append("</thead>\n")
                continue
            if not body:
                self.out.append("<tbody>\n")
                body = True
            self.row(styles, where, "td")
        if body:
            self.out.append("</tbody>\n")
        self.closing("</table>")

    def row(self, styles: list[str], span: dict[str, int], tag: str) -> None:
        line = self.line(span["start"])
        out = self.out
        out.append("<tr>\n")
        cells = 0
        while (event := self.take())[0] == {"Start": "TableCell"}:
            if cells >= len(styles):
                raise Decline("ragged table")
            children, _, doubles = self.inline("TableCell", event[1]["start"])
            if doubles:
                raise Decline("display formula in a table")
            out.append(f"<{tag}{styles[cells]}>")
            out.append(self.inline_html(children, line, line + 1))
            out.append(f"</{tag}>\n")
            cells += 1
        if cells != len(styles):
            raise Decline("ragged table")
        out.append("</tr>\n")

    def more_marker(self) -> None:
        parts = []
        while type(event := self.take()[0]) is dict and "Html" in event:
            parts.append(event["Html"])
        if self.level or not MORE_RE.match("".join(parts)) or self.excerpt is not None:
            raise Decline("raw HTML")
        self.excerpt = " ".join(t for t in self.before_more or () if t).strip()
        self.before_more = None
        self.rendered(self.rule(Token("more_marker", "", 0)))

    def footnote_definition(self, label: str, span: dict[str, int]) -> None:
        """A one-line `[^label]: text` after a blank line (markdown-it reads longer ones,
        and ones interrupting a paragraph, differently). Rendered at the end, as
        markdown-it's footnote rule moves it there."""
        line = self.line(span["start"])
        source = self.chars(span["start"], span["end"]).rstrip("\n")
        if label not in self.labels or label in self.definitions:
            raise Decline("footnote definition")
        if self.level or "\n" in source or not source.startswith(f"[^{label}]:") \
                or " " in label or (line and self.chars(
                    self.line_starts[line - 1], span["start"]).strip()):
            raise Decline("footnote definition")
        self.definitions[label] = self.index
        depth = 1
        while depth:  # skip it for now
            event = self.take()[0]
            if type(event) is dict:
                depth += ("Start" in event) - ("End" in event)

    def footnotes(self) -> None:
        """The footnote list, as markdown-it's footnote rule and renderer make it."""
        self.rendered(self.rule(_block_token("footnote_block_open", {})))
        for number, (label, count) in enumerate(self.notes):
            meta = {"id": number, "label": label}
            self.rendered(self.rule(_block_token("footnote_open", meta)))
            self.index = self.definitions[label]
            self.level = 1
            start = len(self.out)
            self.blocks("FootnoteDefinition")
            anchors = "".join(self.rule(_block_token(
                "footnote_anchor", {"id": number, "subId": sub, "label": label}))
                for sub in range(max(count, 1)))
            if len(self.out) > start and self.out[-1] == "</p>\n":  # inside its last paragraph
                self.out.insert(len(self.out) - 1, anchors)
            else:
                self.out.append(anchors)
            self.rendered(self.rule(_block_token("footnote_close", meta)))
        self.rendered(self.rule(_block_token("footnote_block_close", {})))

    # -- inline content ---------------------------------------------------------

    def inline(self, end: str, start: int, last_char: str | None = None
               ) -> tuple[list[list[Any]], int, list[list[Any]]]:
        """Inline events up to the End of `end` (for "Item": up to the item's first
        block, or its end, left unread); (children, end byte, `$$` formulas that begin
        a line). `last_char`: the last character of the inline content, where known."""
        children: list[list[Any]] = []
        opened: list[str] = []
        doubles: list[list[Any]] = []
        last = start
        events = self.events
        text: list[Any] | None = None  # the text that a following Text event extends
        formulas = False
        while True:
            event, where = events[self.index]
            self.index += 1
            if type(event) is str:
                if event == "Rule" and end == "Item":  # a tight item's text, then a rule
                    self.index -= 1
                    return self.ended(children, opened, formulas), last, doubles
                if event != "SoftBreak" and event != "HardBreak":
                    raise Decline(event)
                if text is not None:
                    text[1] = text[1].rstrip(" ")
                children.append([SOFTBREAK if event == "SoftBreak" else HARDBREAK, "", None])
                text = None
                last = where["end"]
                continue
            value = event.get("Text")
            if value is not None:  # most events
                if text is not None:
                    text[1] += value
                else:
                    if children and children[-1][0] in (SOFTBREAK, HARDBREAK):
                        value = value.lstrip(" ")
                    text = [TEXT, value, None]
                    children.append(text)
                last = where["end"]
                continue
            kind, value = _name(event)
            if kind == "End" or kind == "Start":
                name, detail = _name(value)
                if name == end or (kind == "Start" and end == "Item"
                                   and name not in _INLINE_STARTS):
                    if end == "Item":  # the item's end or a block in it: left to blocks()
                        self.index -= 1
                    return self.ended(children, opened, formulas), last, doubles
            last = where["end"]
            text = None
            if kind == "End":
                if not opened:
                    raise Decline("unexpected end")
                tag = opened.pop()
                children.append([CLOSE, tag, None])
                if tag == "strong":  # markdown-it leaves an empty text either side
                    text = [TEXT, "", None]
                    children.append(text)
            elif kind == "Code":
                children.append([CODE, value, None])
            elif kind == "InlineMath" or kind == "DisplayMath":
                double = kind == "DisplayMath"
                formula = [MATH_DOUBLE if double else MATH, value, ""]
                formulas = True
                if self.formula(value, where, start, double, last_char):
                    doubles.append(formula)
                children.append(formula)
            elif kind == "FootnoteReference":
                children.append(self.footnote_ref(value, where))
            elif kind == "Start":
                if name == "Image":
                    children.append([IMAGE, self.image(detail, where), None])
                    continue
                if name == "Link":
                    children.append(self.link(detail))
                    opened.append("a")
                    continue
                tag = self.delimiter(name, where)
                if tag == "strong" and not (children and children[-1][0] == TEXT):
                    children.append([TEXT, "", None])
                opened.append(tag)
                children.append([OPEN, tag, None])
            else:
                raise Decline(kind)

    def ended(self, children: list[list[Any]], opened: list[str], formulas: bool
              ) -> list[list[Any]]:
        """A block's inline content, read to its end: checked, and formulas glued."""
        if opened or any(c[0] == TEXT and _SUSPECT_TEXT.search(c[1]) for c in children):
            raise Decline("unclosed markup, or text markdown-it may read otherwise")
        if formulas:
            _glue(children)
        return children

    def delimiter(self, name: str, where: dict[str, int]) -> str:
        if name not in _DELIMITED:
            raise Decline(name)
        tag = _DELIMITED[name]
        if tag == "s":
            run = self.data[where["start"]:where["start"] + 3]
            end = where["end"]
            if run[:2] != b"~~" or run == b"~~~" or self.data[end - 2:end] != b"~~" \
                    or not _flanking(self.char_before(where["start"]),
                                     self.char_from(where["start"] + 2))[0] \
                    or not _flanking(self.char_before(end - 2), self.char_from(end))[1]:
                raise Decline("strike-through markdown-it may not read")
        return tag

    def link(self, detail: dict[str, str]) -> list[Any]:
        url = detail["dest_url"]
        href = normalizeLink(url)
        if not validate_link(href):
            raise Decline("unsafe link")
        if detail["link_type"] == "Autolink":
            if normalizeLinkText(url) != url:
                raise Decline("autolink")
            return [LINK, href, ""]
        if detail["link_type"] not in _LINKS:
            raise Decline("link")
        return [LINK, href, detail["title"]]

    def image(self, detail: dict[str, str], where: dict[str, int]) -> Token:
        href = normalizeLink(detail["dest_url"])
        if detail["link_type"] not in _LINKS or not validate_link(href):
            raise Decline("image")
        attrs: dict[str, str | int | float] = {"src": href, "alt": ""}
        if detail["title"]:
            attrs["title"] = detail["title"]
        children: list[Token] = []  # what the image's alt text is made of
        depth = 1
        while depth:
            event, _ = self.take()
            if type(event) is str:
                children.append(Token(event.lower(), "br", 0))
                continue
            kind, value = _name(event)
            depth += (kind == "Start") - (kind == "End")
            if kind in ("Text", "Code"):
                if _SUSPECT_TEXT.search(value):
                    raise Decline("image label")
                children.append(Token("text" if kind == "Text" else "code_inline", "", 0,
                                      content=value))
            elif kind not in ("Start", "End", "InlineMath"):
                raise Decline("image label")
        return Token("image", "img", 0, attrs=attrs, children=children)

    def footnote_ref(self, label: str, where: dict[str, int]) -> list[Any]:
        follows = self.data[where["end"]:where["end"] + 1]
        if label not in self.labels or " " in label or follows in (b"(", b"[", b":"):
            raise Decline("footnote reference")
        number = self.note_ids.get(label)
        if number is None:
            number = self.note_ids[label] = len(self.notes)
            self.notes.append([label, 0])
        self.notes[number][1] += 1
        return [FOOTNOTE, "", {"id": number, "subId": self.notes[number][1] - 1,
                               "label": label}]

    def formula(self, content: str, where: dict[str, int], block_start: int,
                double: bool, last_char: str | None) -> bool:
        """Decline unless markdown-it's dollar rule (no space just inside the dollars, no
        digit just outside) reads this formula with the same extent. True for a `$$`
        formula that begins a line (markdown-it makes it a math block)."""
        start, end = where["start"], where["end"]
        data = self.data
        marker = b"$$" if double else b"$"
        if not content or "`" in content or "$" in content \
                or data[start:start + len(marker)] != marker \
                or data[end - len(marker):end] != marker or data[start - 1:start] == b"\\":
            raise Decline("formula")
        if not double and (isWhiteSpace(ord(content[0])) or isWhiteSpace(ord(content[-1]))):
            raise Decline("formula with a space inside the dollars")
        line_start = self.line_starts[self.line(start)]
        begins_line = not data[max(line_start, block_start):start].strip()
        # At the start of an inline run markdown-it looks at index -1: the run's last
        # character (its paragraph's); a digit there or after the formula declines.
        if data[block_start:start].strip():
            before = data[max(block_start, start - 4):start].decode(errors="replace")[-1:]
        elif last_char is None:
            raise Decline("formula at the start of a heading, cell or list item")
        else:
            before = last_char
        after = data[end:end + 4].decode(errors="replace")[:1]
        if before.isdigit() or after.isdigit():
            raise Decline("formula next to a digit")
        return begins_line and double

    def plain_text(self, children: list[list[Any]]) -> str:
        """`anchors.inline_text` of these children: their text, breaks as spaces."""
        return "".join(c[1] if c[0] in _PLAIN else " " for c in children
                       if c[0] in _PLAIN or c[0] == SOFTBREAK or c[0] == HARDBREAK).strip()

    def inline_html(self, children: list[list[Any]], first: int, last: int) -> str:
        """The HTML of a block's inline content on lines [first, last), with the core
        rules' work done: closing punctuation glued to a formula, links rewritten,
        images sized, prose spaced."""
        env = self.env
        out: list[str] = []
        places: LinkPlaces | None = None
        count = len(children)
        for i, child in enumerate(children):
            kind = child[0]
            if kind == TEXT:
                text = child[1]
                if text and self.cjk:
                    text = child[1] = space_prose(
                        text, i > 0 and children[i - 1][0] in _ATOMS,
                        i + 1 < count and children[i + 1][0] in _ATOMS)
                self.reader.append(text)
                out.append(escapeHtml(text))
            elif kind == SOFTBREAK:
                out.append("\n")
            elif kind == HARDBREAK:
                out.append("<br />\n")
            elif kind == CODE:
                self.reader.append(child[1])
                out.append("<code>" + escapeHtml(child[1]) + "</code>")
            elif kind == MATH:
                out.append(inline_formula(env, child[1], first, child[2]))
            elif kind == MATH_DOUBLE:
                out.append(display_formula(env, child[1], first))
            elif kind == OPEN:
                out.append(f"<{child[1]}>")
            elif kind == CLOSE:
                out.append(f"</{child[1]}>")
            elif kind == LINK:
                places = places or self.links.places(first, last)
                href, _ = self.links.rewrite(child[1], False, places)
                title = f' title="{escapeHtml(child[2])}"' if child[2] else ""
                out.append(f'<a href="{escapeHtml(href)}"{title}>')
            elif kind == IMAGE:
                image: Token = child[1]
                places = places or self.links.places(first, last)
                src, image.meta["content_path"] = self.links.rewrite(
                    str(image.attrGet("src")), True, places)
                image.attrSet("src", src)
                size_image(image, env)
                out.append(self.rule(image))
            else:  # FOOTNOTE
                token = Token("footnote_ref", "", 0, meta=child[2])
                out.append(self.rule(token))
        return "".join(out)


def _glue(children: list[list[Any]]) -> None:
    """`math._glue_punctuation`: the closing punctuation after a `$…$` formula goes into
    it (its glue), off the text that follows."""
    for formula, after in zip(children, children[1:], strict=False):
        if formula[0] == MATH and after[0] == TEXT:
            match = CLOSING_PUNCTUATION.match(after[1])
            if match:
                formula[2] = match.group(0)
                after[1] = after[1][match.end():]


def _text_token(child: list[Any]) -> Token:
    """A stand-in token for what `figures.figure_image` reads of a child."""
    return Token("text" if child[0] == TEXT else "other", "", 0, content=child[1]
                 if child[0] == TEXT else "")


def _block_token(type_: str, meta: dict[str, Any]) -> Token:
    return Token(type_, "", 0, meta=meta, block=True)

"""Stage 4's fast front end: the block and inline parse by pulldown-cmark (`pyromark`).

markdown-it-py's block and inline rules are pure Python and take about half of a post's
Markdown time; pulldown-cmark, compiled, parses the same post in a fraction of that. Its
events are turned here into the tokens markdown-it-py's parse would have produced, and
everything after the parse — Lanting's core rules (heading ids, links, figures, CJK
spacing, …) and the renderer — runs unchanged on them. So every plugin has one
implementation, and a page's HTML is the same whichever parser read it.

The two parsers agree on CommonMark (both pass its 652 examples) but not on every
extension, so only documents made of what they read alike come this way: paragraphs,
headings, emphasis, `~~strike-through~~`, code spans, links and images, lists, block
quotes, rules, tables, fenced and indented code, `$…$` and `$$…$$` math, footnotes and
the `<!-- more -->` marker. For anything else — raw HTML, shortcodes, citations,
callouts, `\\(…\\)` math, labelled equations, task lists — or any spot where the two
could differ (checked as the events are read), `parse_tokens` returns None and the
document is parsed by markdown-it-py. `tests/test_fastparse.py` holds both to the same
tokens and the same HTML.
"""

from __future__ import annotations

import bisect
import dataclasses
import re
from typing import Any, Literal

import pyromark
from markdown_it.common.normalize_url import normalizeLink, normalizeLinkText
from markdown_it.common.utils import isMdAsciiPunct, isPunctChar, isWhiteSpace
from markdown_it.token import Token

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
_ALIGN = {"Left": "left", "Right": "right", "Center": "center", "None": ""}
_LINKS = ("Inline", "Reference", "Collapsed", "Shortcut")
_MAX_DEPTH = 12
"""Deeper block nesting is left to markdown-it (which caps it)."""
_INLINE_STARTS = frozenset((*_DELIMITED, "Link", "Image"))


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
    """The document holds something this front end does not reproduce exactly."""


def parse_tokens(text: str, env: dict[str, Any], raw_html: bool = True) -> list[Token] | None:
    """The tokens markdown-it-py's block and inline rules give for `text` — with the
    footnote data its footnote rule leaves in `env` — or None: parse it with them."""
    if not raw_html or only_markdown_it(text):
        return None
    converter = _Converter(text, _PARSER.events_with_range(text))
    try:
        tokens = converter.run()
    except Decline:
        return None
    if converter.labels:
        env["footnotes"] = converter.footnotes
    return tokens


_FIELDS = ("type", "tag", "nesting", "attrs", "map", "level", "children", "content", "markup",
           "info", "meta", "block", "hidden")


def _token(type_: str, tag: str, nesting: Literal[-1, 0, 1], level: int = 0, content: str = "",
           markup: str = "", map: list[int] | None = None, children: list[Token] | None = None,
           block: bool = False, hidden: bool = False, info: str = "",
           attrs: dict[str, Any] | None = None, meta: dict[str, Any] | None = None) -> Token:
    """`Token(...)` without the dataclass machinery: a few hundred tokens per post."""
    if not _PLAIN_TOKEN:
        return Token(type_, tag, nesting, attrs or {}, map, level, children, content, markup,
                     info, meta or {}, block, hidden)
    token: Token = object.__new__(Token)
    token.type, token.tag, token.nesting, token.level = type_, tag, nesting, level
    token.content, token.markup, token.map, token.children = content, markup, map, children
    token.block, token.hidden, token.info = block, hidden, info
    token.attrs = {} if attrs is None else attrs
    token.meta = {} if meta is None else meta
    return token


_PLAIN_TOKEN = tuple(f.name for f in dataclasses.fields(Token)) == _FIELDS
"""Whether a token is exactly these fields (else, on another markdown-it-py, `_token`
builds tokens the usual way)."""


def _name(value: Any) -> tuple[str, Any]:
    """`"Paragraph"` -> ("Paragraph", None); `{"Heading": {...}}` -> ("Heading", {...})."""
    if type(value) is str:
        return value, None
    name, detail = next(iter(value.items()))
    return name, detail


class _Converter:
    """One document's events -> markdown-it tokens (block tokens, inline children)."""

    def __init__(self, text: str, events: Any) -> None:
        self.text = text
        self.data = text.encode()
        self.events: tuple[Any, ...] = tuple(events)
        self.index = 0
        self.line_starts = [0] + [m.end() for m in re.finditer(b"\n", self.data)]
        self.tokens: list[Token] = []
        self.level = 0
        # Footnote labels in order of definition, as markdown-it collects them before
        # reading any reference; each must turn out to be one of pulldown-cmark's.
        self.labels = _DEFINITION.findall(text) if "[^" in text else []
        self.defined: set[str] = set()
        self.footnotes: dict[str, Any] = {
            "refs": {":" + label: -1 for label in self.labels}, "list": {}}

    # -- positions --------------------------------------------------------------

    def line(self, offset: int) -> int:
        """0-based line of a byte offset."""
        return bisect.bisect_right(self.line_starts, offset) - 1

    def lines(self, start: int, end: int) -> list[int]:
        """markdown-it's `map` of a block over these bytes: [first line, next line)."""
        return [self.line(start), self.line(max(start, end - 1)) + 1]

    def chars(self, start: int, end: int) -> str:
        return self.data[start:end].decode()

    def marker(self, start: int) -> str:
        """The list marker at `start` (`-`, `*`, `3.`, `1)`, …) and what follows it."""
        return self.data[start:start + 16].decode(errors="ignore").lstrip(" ")

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

    # -- blocks -----------------------------------------------------------------

    def run(self) -> list[Token]:
        if len(set(self.labels)) != len(self.labels):
            raise Decline("a footnote defined twice")
        self.blocks(None)
        if len(self.defined) != len(self.labels):
            raise Decline("a footnote definition pulldown-cmark does not read as one")
        return self.tokens

    def blocks(self, until: str | None) -> None:
        """Block events up to the End of `until` (None: the end of the document)."""
        while self.index < len(self.events):
            event, span = self.take()
            if event == "Rule":
                source = self.chars(span["start"], span["end"]).replace(" ", "").strip()
                self.push("hr", "hr", 0, span, markup=source)
                continue
            kind, value = _name(event)
            if kind == "End":
                if _name(value)[0] != until:
                    raise Decline("unexpected end")
                return
            if kind == "Start" and _name(value)[0] not in _INLINE_STARTS:
                self.block(*_name(value), span)
            elif until == "Item":  # inline content straight in an item: a tight list
                self.index -= 1
                self.paragraph(span, hidden=True)
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
            self.push("blockquote_open", "blockquote", 1, span, markup=">")
            self.blocks("BlockQuote")
            self.push("blockquote_close", "blockquote", -1, markup=">")
        elif name == "List":
            self.list_block(detail, span)
        elif name == "CodeBlock":
            self.code(detail, span)
        elif name == "Table":
            self.table(detail, span)
        elif name == "HtmlBlock":
            self.more_marker(span)
        elif name == "FootnoteDefinition":
            self.footnote_definition(detail, span)
        else:
            raise Decline(name)

    def push(self, type_: str, tag: str, nesting: Literal[-1, 0, 1],
             span: dict[str, int] | None = None,
             **fields: Any) -> Token:
        if nesting == -1:
            self.level -= 1
        token = _token(type_, tag, nesting, level=self.level, block=True,
                      map=self.lines(span["start"], span["end"]) if span else None, **fields)
        if nesting == 1:
            self.level += 1
            if self.level > _MAX_DEPTH:
                raise Decline("deep nesting")  # markdown-it stops nesting at 20 levels
        self.tokens.append(token)
        return token

    def paragraph(self, span: dict[str, int], hidden: bool) -> None:
        """A paragraph (Start already read), or a tight item's paragraph (its first
        inline event next): markdown-it's paragraph_open, inline and paragraph_close."""
        opening = self.push("paragraph_open", "p", 1, span, hidden=hidden)
        source = None if hidden else self.chars(span["start"], span["end"]).strip()
        children, end, doubles = self.inline("Item" if hidden else "Paragraph", span["start"],
                                             source[-1:] if source is not None else None)
        if source is None:
            opening.map = self.lines(span["start"], end)
            source = self.chars(span["start"], end).strip()
        if len(children) == 1 and doubles == [children[0]]:
            self.math_block(opening, children[0], span)
            return
        if doubles:  # a `$$` at a line start: markdown-it ends the paragraph there
            raise Decline("display formula inside a paragraph")
        self.tokens.append(_token("inline", "", 0, map=opening.map, level=self.level,
                                 children=children, block=True, content=source))
        self.push("paragraph_close", "p", -1, hidden=hidden)

    def math_block(self, opening: Token, formula: Token, span: dict[str, int]) -> None:
        """A paragraph that is one `$$…$$` is markdown-it's math block."""
        source = self.chars(span["start"], span["end"]).rstrip("\n")
        if opening.level or not (source.startswith("$$") and source.endswith("$$")):
            raise Decline("display formula")
        self.tokens.pop()
        self.level -= 1
        self.tokens.append(_token("math_block", "math", 0, map=opening.map, level=self.level,
                                 content=source[2:-2], markup="$$", block=True))

    def heading(self, detail: dict[str, Any], span: dict[str, int]) -> None:
        if detail["id"] or detail["classes"] or detail["attrs"]:
            raise Decline("heading attributes")
        level = int(detail["level"][1])
        source = self.chars(span["start"], span["end"]).rstrip()
        markup = "#" * level if source.startswith("#") else source[-1:]
        opening = self.push("heading_open", f"h{level}", 1, span, markup=markup)
        children, _, doubles = self.inline("Heading", span["start"])
        if doubles:
            raise Decline("display formula in a heading")
        assert opening.map
        lines = opening.map if markup.startswith("#") else [opening.map[0], opening.map[1] - 1]
        self.tokens.append(_token("inline", "", 0, map=lines, level=self.level,
                                 children=children, block=True,
                                 content="".join(c.content for c in children)))
        self.push("heading_close", f"h{level}", -1, markup=markup)

    def list_block(self, start_number: int | None, span: dict[str, int]) -> None:
        marker = self.marker(span["start"])
        if start_number is None:
            opening = self.push("bullet_list_open", "ul", 1, span, markup=marker[:1])
        else:
            digits = len(marker) - len(marker.lstrip("0123456789"))
            opening = self.push("ordered_list_open", "ol", 1, span,
                                attrs={"start": start_number} if start_number != 1 else {},
                                markup=marker[digits:digits + 1])
        first = len(self.tokens)
        while (event := self.take())[0] == {"Start": "Item"}:
            self.item(opening, event[1])
        tight = not any(t.type == "paragraph_open" and not t.hidden
                        and t.level == opening.level + 2 for t in self.tokens[first:])
        for token in self.tokens[first:]:  # markdown-it hides a tight list's paragraphs
            if token.type in ("paragraph_open", "paragraph_close") \
                    and token.level == opening.level + 2:
                token.hidden = tight
        closing = "bullet_list_close" if start_number is None else "ordered_list_close"
        self.push(closing, opening.tag, -1, markup=opening.markup)

    def item(self, opening: Token, span: dict[str, int]) -> None:
        info = ""
        if opening.type == "ordered_list_open":
            marker = self.marker(span["start"])
            info = marker[:len(marker) - len(marker.lstrip("0123456789"))]
        first = self.peek(1) if self.peek() == {"Start": "Paragraph"} else self.peek()
        if type(first) is dict and first.get("Text", "").startswith("["):
            raise Decline("maybe a task list item")
        self.push("list_item_open", "li", 1, span, markup=opening.markup, info=info)
        self.blocks("Item")
        self.push("list_item_close", "li", -1, markup=opening.markup)

    def code(self, detail: Any, span: dict[str, int]) -> None:
        parts = []
        while type(event := self.take()[0]) is dict and "Text" in event:
            parts.append(event["Text"])
        content = "".join(parts)
        if detail == "Indented":  # markdown-it ends it with a newline, even at the end
            self.push("code_block", "code", 0, span, content=content.rstrip("\n") + "\n")
            return
        line = self.chars(span["start"], span["end"]).split("\n", 1)[0]
        fence = line[:len(line) - len(line.lstrip(line[:1]))]
        info = line[len(fence):]
        if self.line_starts[self.line(span["start"])] != span["start"] \
                or "\\" in info or "&" in info:
            raise Decline("fence")  # indented, or escapes in its info string
        self.push("fence", "code", 0, span, content=content, markup=fence, info=info)

    def table(self, aligns: tuple[str, ...], span: dict[str, int]) -> None:
        source = self.chars(span["start"], span["end"]).strip("\n")
        if "\\|" in source or any("|" not in row for row in source.split("\n")):
            raise Decline("table")
        table = self.push("table_open", "table", 1, span)
        styles = [_ALIGN[a] for a in aligns]
        body = None
        while (event := self.take())[0] != {"End": "Table"}:
            name, where = event[0]["Start"], event[1]
            if name == "TableHead":
                self.push("thead_open", "thead", 1, where)
                self.row(styles, where, "th")
                self.push("thead_close", "thead", -1)
                continue
            if body is None:
                body = self.push("tbody_open", "tbody", 1, where)
            self.row(styles, where, "td")
        if body is not None:
            self.push("tbody_close", "tbody", -1)
            assert body.map and table.map
            body.map[1] = table.map[1]
        self.push("table_close", "table", -1)

    def row(self, styles: list[str], span: dict[str, int], tag: str) -> None:
        line = self.line(span["start"])
        self.push("tr_open", "tr", 1, span)
        cells = 0
        while (event := self.take())[0] == {"Start": "TableCell"}:
            if cells >= len(styles):
                raise Decline("ragged table")
            cell = event[1]
            self.push(tag + "_open", tag, 1,
                      attrs={"style": "text-align:" + styles[cells]} if styles[cells] else {})
            children, _, doubles = self.inline("TableCell", cell["start"])
            if doubles:
                raise Decline("display formula in a table")
            self.tokens.append(_token("inline", "", 0, map=[line, line + 1], level=self.level,
                                     children=children, block=True,
                                     content=self.chars(cell["start"], cell["end"]).strip()))
            self.push(tag + "_close", tag, -1)
            cells += 1
        if cells != len(styles):
            raise Decline("ragged table")
        self.push("tr_close", "tr", -1)

    def more_marker(self, span: dict[str, int]) -> None:
        parts = []
        while type(event := self.take()[0]) is dict and "Html" in event:
            parts.append(event["Html"])
        content = "".join(parts)
        if self.level or not MORE_RE.match(content) or any(
                t.type == "html_block" for t in self.tokens):
            raise Decline("raw HTML")
        self.push("html_block", "", 0, span, content=content)

    def footnote_definition(self, label: str, span: dict[str, int]) -> None:
        """A one-line `[^label]: text` after a blank line (markdown-it reads longer ones,
        and ones interrupting a paragraph, differently)."""
        line = self.line(span["start"])
        source = self.chars(span["start"], span["end"]).rstrip("\n")
        if label not in self.labels:
            raise Decline("footnote definition")
        self.defined.add(label)
        if self.level or "\n" in source or not source.startswith(f"[^{label}]:") \
                or " " in label or (line and self.chars(
                    self.line_starts[line - 1], span["start"]).strip()):
            raise Decline("footnote definition")
        self.tokens.append(_token("footnote_reference_open", "", 1, level=self.level,
                                 map=[line, line + 1], meta={"label": label}))
        self.level += 1
        self.blocks("FootnoteDefinition")
        self.level -= 1
        self.tokens.append(_token("footnote_reference_close", "", -1, level=self.level))

    # -- inline content ---------------------------------------------------------

    def inline(self, end: str, start: int, last_char: str | None = None
               ) -> tuple[list[Token], int, list[Token]]:
        """Inline events up to the End of `end` (for "Item": up to the item's first
        block, or its end, left unread); (children, end byte, `$$` formulas that begin
        a line). `last_char`: the last character of the inline content, where known."""
        children: list[Token] = []
        opened: list[Token] = []
        doubles: list[Token] = []
        last = start
        events = self.events
        text: Token | None = None  # the text token that a following Text event extends
        while True:
            event, where = events[self.index]
            self.index += 1
            if type(event) is str:
                if event != "SoftBreak" and event != "HardBreak":
                    raise Decline(event)
                if text is not None:
                    text.content = text.content.rstrip(" ")
                children.append(_token(event.lower(), "br", 0, len(opened)))
                text = None
                last = where["end"]
                continue
            value = event.get("Text")
            if value is not None:  # most events
                if text is not None:
                    text.content += value
                else:
                    if children and children[-1].tag == "br":
                        value = value.lstrip(" ")
                    text = _token("text", "", 0, len(opened), value)
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
                    if opened or any(c.type == "text" and _SUSPECT_TEXT.search(c.content)
                                     for c in children):
                        raise Decline("unclosed markup, or text markdown-it may read otherwise")
                    return children, last, doubles
            last = where["end"]
            level = len(opened)
            text = None
            if kind == "End":
                if not opened:
                    raise Decline("unexpected end")
                opening = opened.pop()
                children.append(_token(opening.type[:-5] + "_close", opening.tag, -1, level - 1,
                                       markup=opening.markup, info=opening.info))
                if opening.tag == "strong":  # markdown-it leaves an empty text either side
                    text = _token("text", "", 0, level - 1)
                    children.append(text)
            elif kind == "Code":
                run = self.data[where["start"]:where["end"]]
                children.append(_token("code_inline", "code", 0, level, value,
                                       "`" * (len(run) - len(run.lstrip(b"`")))))
            elif kind == "InlineMath" or kind == "DisplayMath":
                double = kind == "DisplayMath"
                formula = _token("math_inline_double" if double else "math_inline", "math", 0,
                                 level, value, "$$" if double else "$")
                if self.formula(value, where, start, double, last_char):
                    doubles.append(formula)
                children.append(formula)
            elif kind == "FootnoteReference":
                children.append(self.footnote_ref(value, where, level))
            elif kind == "Start":
                if name == "Image":
                    children.append(self.image(detail, where))
                    continue
                token = self.link(detail) if name == "Link" else self.delimiter(name, where)
                if token.tag == "strong" and not (children and children[-1].type == "text"):
                    children.append(_token("text", "", 0, level))
                token.level = level
                opened.append(token)
                children.append(token)
            else:
                raise Decline(kind)

    def delimiter(self, name: str, where: dict[str, int]) -> Token:
        if name not in _DELIMITED:
            raise Decline(name)
        tag = _DELIMITED[name]
        run = self.data[where["start"]:where["start"] + 3]
        if tag == "s":
            end = where["end"]
            if run[:2] != b"~~" or run == b"~~~" or self.data[end - 2:end] != b"~~" \
                    or not _flanking(self.char_before(where["start"]),
                                     self.char_from(where["start"] + 2))[0] \
                    or not _flanking(self.char_before(end - 2), self.char_from(end))[1]:
                raise Decline("strike-through markdown-it may not read")
        markup = run[:1].decode() * (1 if tag == "em" else 2)
        return _token(tag + "_open", tag, 1, markup=markup)

    def link(self, detail: dict[str, str]) -> Token:
        url = detail["dest_url"]
        href = normalizeLink(url)
        if not validate_link(href):
            raise Decline("unsafe link")
        if detail["link_type"] == "Autolink":
            if normalizeLinkText(url) != url:
                raise Decline("autolink")
            return _token("link_open", "a", 1, attrs={"href": href}, markup="autolink",
                         info="auto")
        if detail["link_type"] not in _LINKS:
            raise Decline("link")
        attrs = {"href": href, "title": detail["title"]} if detail["title"] else {"href": href}
        return _token("link_open", "a", 1, attrs=attrs)

    def image(self, detail: dict[str, str], where: dict[str, int]) -> Token:
        href = normalizeLink(detail["dest_url"])
        if detail["link_type"] not in _LINKS or not validate_link(href):
            raise Decline("image")
        attrs: dict[str, str | int | float] = {"src": href, "alt": ""}
        if detail["title"]:
            attrs["title"] = detail["title"]
        children: list[Token] = []  # what the image's alt text is made of
        depth = 1
        label_end = where["start"] + 2
        while depth:
            event, inner = self.take()
            label_end = max(label_end, inner["end"]) if depth > 1 or event != {
                "End": "Image"} else label_end
            if type(event) is str:
                children.append(_token(event.lower(), "br", 0))
                continue
            kind, value = _name(event)
            depth += (kind == "Start") - (kind == "End")
            if kind in ("Text", "Code"):
                if _SUSPECT_TEXT.search(value):
                    raise Decline("image label")
                children.append(_token("text" if kind == "Text" else "code_inline", "", 0,
                                      content=value))
            elif kind not in ("Start", "End", "InlineMath"):
                raise Decline("image label")
        return _token("image", "img", 0, attrs=attrs, children=children,
                     content=self.chars(where["start"] + 2, label_end))

    def footnote_ref(self, label: str, where: dict[str, int], level: int) -> Token:
        follows = self.data[where["end"]:where["end"] + 1]
        if label not in self.labels or " " in label or follows in (b"(", b"[", b":"):
            raise Decline("footnote reference")
        refs, notes = self.footnotes["refs"], self.footnotes["list"]
        if refs[":" + label] < 0:
            refs[":" + label] = len(notes)
            notes[len(notes)] = {"label": label, "count": 0}
        number = refs[":" + label]
        notes[number]["count"] += 1
        return _token("footnote_ref", "", 0, level=level, meta={
            "id": number, "subId": notes[number]["count"] - 1, "label": label})

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

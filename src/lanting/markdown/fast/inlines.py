"""A block's inline content: read from the events, checked against what markdown-it
would read, and written as HTML with the core rules' work done."""

from __future__ import annotations

import re
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.common.normalize_url import normalizeLink, normalizeLinkText
from markdown_it.common.utils import escapeHtml, isMdAsciiPunct, isPunctChar, isWhiteSpace
from markdown_it.token import Token

from lanting.markdown.cjk import space_prose
from lanting.markdown.fast.events import Cursor, Decline, name_of
from lanting.markdown.figures import size_image
from lanting.markdown.links import LinkPlaces, LinkRewriter
from lanting.markdown.math import CLOSING_PUNCTUATION, display_formula, inline_formula
from lanting.safety import validate_link

SUSPECT_TEXT = re.compile(r"\$|\[\^|~~")
"""Left as text by pulldown-cmark but maybe read by markdown-it: a dollar (math), `[^`
(a footnote reference), `~~` (strike-through)."""
DEFINITION = re.compile(r"^\[\^([^\]\s]+)\]:", re.M)
"""A footnote definition's label, as markdown-it's rule reads it at a line's start."""
_DELIMITED = {"Emphasis": "em", "Strong": "strong", "Strikethrough": "s"}
_LINKS = ("Inline", "Reference", "Collapsed", "Shortcut")
INLINE_STARTS = frozenset((*_DELIMITED, "Link", "Image"))

# The inline content of a block, as small lists [kind, content, extra]: what markdown-it's
# inline tokens would be, without making a token object for each run of text.
TEXT, SOFTBREAK, HARDBREAK, CODE, MATH, MATH_DOUBLE, OPEN, CLOSE, LINK, IMAGE, FOOTNOTE = \
    range(11)
_ATOMS = (CODE, MATH)
"""Set off from Chinese prose beside them (`cjk.ATOMS`: code spans, `$…$` formulas)."""
_PLAIN = (TEXT, CODE, MATH)
"""What `anchors.inline_text` reads of a block's content (breaks read as spaces)."""


def _flanking(before: str, after: str) -> tuple[bool, bool]:
    """(left-flanking, right-flanking) for a delimiter run between these characters,
    as markdown-it's `scanDelims` decides (CommonMark's rule)."""
    before_punct = isMdAsciiPunct(ord(before)) or isPunctChar(before)
    after_punct = isMdAsciiPunct(ord(after)) or isPunctChar(after)
    before_space, after_space = isWhiteSpace(ord(before)), isWhiteSpace(ord(after))
    left = not (after_space or (after_punct and not (before_space or before_punct)))
    right = not (before_space or (before_punct and not (after_space or after_punct)))
    return left, right


class Inlines(Cursor):
    """Reads and writes the inline content of the blocks a `blocks.Walk` meets."""

    def __init__(self, text: str, events: Any, md: MarkdownIt, env: dict[str, Any],
                 cjk: bool) -> None:
        super().__init__(text, events, md, env)
        self.cjk = cjk
        self.links = LinkRewriter(env, text)
        self.reader: list[str] = []
        """The text a reader reads (for the reading time), in order."""
        # Footnote labels in order of definition, as markdown-it collects them before
        # reading any reference; each must turn out to be one of pulldown-cmark's.
        self.labels = DEFINITION.findall(text) if "[^" in text else []
        self.notes: list[list[Any]] = []
        """Referenced footnotes in order of first reference: [label, references]."""
        self.note_ids: dict[str, int] = {}

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
            kind, value = name_of(event)
            if kind == "End" or kind == "Start":
                name, detail = name_of(value)
                if name == end or (kind == "Start" and end == "Item"
                                   and name not in INLINE_STARTS):
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
        if opened or any(c[0] == TEXT and SUSPECT_TEXT.search(c[1]) for c in children):
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
            kind, value = name_of(event)
            depth += (kind == "Start") - (kind == "End")
            if kind in ("Text", "Code"):
                if SUSPECT_TEXT.search(value):
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


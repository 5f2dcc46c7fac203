"""The blocks of a document, written as markdown-it's renderer writes them: paragraphs,
headings, lists, quotes, code, tables, math blocks, figures, footnotes and the excerpt."""

from __future__ import annotations

from typing import Any

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.token import Token

from lanting.markdown.anchors import heading_id
from lanting.markdown.code import FenceInfo, fence_html, render_code_block
from lanting.markdown.fast.events import Decline, name_of
from lanting.markdown.fast.inlines import IMAGE, INLINE_STARTS, TEXT, Inlines
from lanting.markdown.figures import figure_image
from lanting.markdown.math import display_formula
from lanting.markdown.more import MORE_RE

_ALIGN = {"Left": ' style="text-align:left"', "Right": ' style="text-align:right"',
          "Center": ' style="text-align:center"', "None": ""}
_MAX_DEPTH = 12
"""Deeper block nesting is left to markdown-it (which caps it)."""


class Walk(Inlines):
    """One document's events -> its HTML, block by block."""

    def __init__(self, text: str, events: Any, md: MarkdownIt, env: dict[str, Any],
                 cjk: bool) -> None:
        super().__init__(text, events, md, env, cjk)
        self.out: list[str] = []
        self.after_hidden = False
        """The last block written was a tight list's (hidden) paragraph: markdown-it
        puts a line break before the next opening tag."""
        self.level = 0
        self.figures = 0
        # What the excerpt needs: paragraphs' text up to the more marker (if there is
        # one), else the first top-level paragraph's.
        self.before_more: list[str] | None = [] if "<!--" in text else None
        self.excerpt: str | None = None
        self.first_paragraph: str | None = None
        self.definitions: dict[str, int] = {}
        """Label -> index of the first event of its definition (rendered at the end)."""

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



    def run(self) -> tuple[str, str, str]:
        """(HTML, excerpt, reader's text) of the document; Decline if the two parsers
        may not read it alike."""
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
        return "".join(self.out), self.excerpt, " ".join(self.reader)

    def blocks(self, until: str | None, tight: bool = True) -> None:
        """Block events up to the End of `until` (None: the end of the document); in a
        list item, whether its list is `tight`."""
        while self.index < len(self.events):
            event, span = self.take()
            if event == "Rule":
                self.opening("<hr />")
                continue
            kind, value = name_of(event)
            if kind == "End":
                if name_of(value)[0] != until:
                    raise Decline("unexpected end")
                return
            if kind == "Start" and name_of(value)[0] not in INLINE_STARTS:
                self.block(*name_of(value), span)
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
                               and name_of(following["End"])[0] == name))

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
                                  and name_of(following["Start"])[0] not in INLINE_STARTS) \
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


def _text_token(child: list[Any]) -> Token:
    """A stand-in token for what `figures.figure_image` reads of a child."""
    return Token("text" if child[0] == TEXT else "other", "", 0, content=child[1]
                 if child[0] == TEXT else "")


def _block_token(type_: str, meta: dict[str, Any]) -> Token:
    return Token(type_, "", 0, meta=meta, block=True)

"""A docutils tree written as Lanting's Markdown, node by node (`rst_markdown.py` parses
the reStructuredText): each construct as Lanting reads it, its text escaped so that it
shows as written, what has no Lanting form reported at its line."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from docutils import nodes

from lanting.importer.body_tables import table_math
from lanting.importer.rst_api import info_fields
from lanting.importer.rst_inline import InlineWriter, escape
from lanting.importer.rst_sphinx import (
    DIAGRAMS,
    directive_argument,
    included_code,
    indices_only,
    myst_directive,
    myst_fence,
    sphinx_directive,
)
from lanting.importer.rst_tables import html_table, pipe_table
from lanting.importer.shelf import fence
from lanting.markdown.myst_sphinx import OBJECTS

_CALLOUT = {"note": "NOTE", "tip": "TIP", "hint": "TIP", "important": "IMPORTANT",
            "warning": "WARNING", "caution": "CAUTION", "attention": "WARNING",
            "danger": "CAUTION", "error": "CAUTION", "seealso": "NOTE"}


def _line(node: nodes.Node | None) -> int | None:
    while node is not None:
        line = getattr(node, "line", None)
        if isinstance(line, int) and line:
            return line
        node = node.parent
    return None


_LINE_START = re.compile(r"^(?:[#>+=-]|\d+(?=[.)]))")


def _indent(text: str, first: str, rest: str) -> str:
    lines = text.split("\n")
    return "\n".join([first + lines[0]] + [rest + line if line else "" for line in lines[1:]])


class MarkdownWriter(InlineWriter):
    """The Markdown of a docutils tree, block by block."""

    def __init__(self, source: str, path: Path | None = None, root: Path | None = None,
                 lang: str = "en") -> None:
        self.lines = source.split("\n")
        self.path, self.root, self.lang = path, root, lang
        self.highlight = ""
        """The language of `::` blocks, Sphinx's `.. highlight::` (none: plain)."""
        self.problems: list[tuple[int | None, str]] = []
        self.notes: list[tuple[str, str]] = []
        self.roles_lost: set[str] = set()
        self.notices: list[tuple[int | None, str]] = []
        self.labels: dict[str, str] = {}

    def lose(self, node: nodes.Node, message: str) -> None:
        line = _line(node)
        raw = getattr(node, "rawsource", "")
        if line and raw and isinstance(node, nodes.Inline):
            # (docutils gives an inline node its paragraph's first line)
            line = next((n for n in range(line, len(self.lines) + 1)
                         if raw.split("\n")[0] in self.lines[n - 1]), line)
        self.problems.append((line, message))

    # -- blocks ------------------------------------------------------------------------

    def blocks(self, node: nodes.Node | None, depth: int) -> str:
        if not isinstance(node, nodes.Element):
            return ""
        parts = [self.block(child, depth) for child in node.children]
        return "\n\n".join(part for part in parts if part.strip())

    def block(self, node: nodes.Node, depth: int) -> str:
        if isinstance(node, nodes.Text):
            return escape(node.astext())
        if not isinstance(node, nodes.Element):
            return ""
        return self.anchored(node, self.block_text(node, depth))

    def block_text(self, node: nodes.Element, depth: int) -> str:
        handler: Callable[[Any, int], str] | None = getattr(
            self, "block_" + node.tagname, None)
        if handler is not None:
            return handler(node, depth)
        if isinstance(node, (nodes.Invisible, nodes.decoration, nodes.docinfo,
                             nodes.title, nodes.substitution_definition)):
            return ""
        if isinstance(node, nodes.Admonition):
            return self.callout(node, depth, node.tagname)
        if isinstance(node, nodes.TextElement):
            return self.inline(node)
        if isinstance(node, nodes.Element):
            return self.blocks(node, depth)
        return ""

    def index(self, tree: nodes.document) -> None:
        """Each id of the tree → the label it is written with: a target's name
        (`.. _usage:`, as Sphinx's `:ref:` names it), else docutils' id."""
        for node in tree.findall(nodes.Element):
            ids = [str(i) for i in node.get("ids") or []]
            if not ids or isinstance(node, (nodes.footnote, nodes.citation, nodes.document,
                                            nodes.Inline)):
                continue
            title = node.next_node(nodes.title) if isinstance(node, nodes.section) else None
            own = nodes.fully_normalize_name(title.astext()) if title is not None else \
                nodes.fully_normalize_name(node.astext()) if isinstance(
                    node, nodes.subtitle) else None
            # (a name holding spaces, `.. _external link:`, is written as docutils' id
            # of it, as `:ref:`s to it are: `rst_inline._label_as_written`)
            names = [str(n) if re.fullmatch(r"[\w.:-]+", str(n)) else nodes.make_id(str(n))
                     for n in node.get("names") or [] if n != own]
            label = names[0] if names else ids[0]
            for i in ids:
                self.labels.setdefault(i, label)

    def label(self, node: nodes.Element) -> str | None:
        ids = [str(i) for i in node.get("ids") or []]
        return self.labels.get(ids[0], ids[0]) if ids else None

    def anchored(self, node: nodes.Element, text: str) -> str:
        """`text` after MyST's target, `(label)=`, when a link may lead to it (a
        target, `.. _label:`, which docutils gives the element after it): Lanting makes
        it the element's anchor. A heading's is its own (`block_section`)."""
        label = self.label(node)
        if label is None or not text or isinstance(node, (
                nodes.section, nodes.subtitle, nodes.footnote, nodes.citation)):
            return text
        return f"({label})=\n" + text

    def heading(self, node: nodes.Element, level: int, title: str) -> str:
        """A heading: its target's label before it, or docutils' id its own."""
        label, ids = self.label(node), node.get("ids") or []
        if label is not None and ids and label != ids[0]:
            return f"({label})=\n" + "#" * level + " " + title
        anchor = f" {{#{ids[0]}}}" if ids and re.fullmatch(r"[\w.-]+", ids[0]) else ""
        return "#" * level + " " + title + anchor

    def block_section(self, node: nodes.section, depth: int) -> str:
        if "system-messages" in node.get("classes", []):
            self.blocks(node, depth)  # (problems found after parsing: reported)
            return ""
        if indices_only(node):
            self.notices.append((_line(node), "Sphinx's \"Indices and tables\" (its index "
                                 "and search pages): left out, Lanting has its search"))
            return ""
        if node.get("page-title"):  # (the page's title: its sections are the page's)
            return self.blocks(node, depth)
        title = node.next_node(nodes.title)
        return self.heading(node, min(depth + 2, 6), self.inline(title) if title else "") \
            + "\n\n" + self.blocks(node, depth + 1)

    def block_paragraph(self, node: nodes.paragraph, depth: int) -> str:
        text = self.inline(node)
        return _LINE_START.sub(lambda m: "\\" + m.group() if not m.group().isdigit()
                               else m.group() + "\\", text, count=1)

    def block_literal_block(self, node: nodes.Element, depth: int) -> str:
        name = node.get("directive")
        if name and name.lower() in DIAGRAMS:
            if DIAGRAMS[name.lower()] != "mermaid":
                self.lose(node, f"a `{name}` diagram: shown as its text (Lanting draws "
                          "Mermaid's)")
            return fence(DIAGRAMS[name.lower()], node.astext())
        if name == "highlight":  # (Sphinx's language for the `::` blocks after it)
            self.highlight = " ".join(str(node["argument"]).split()[:1])
            return ""
        if name == "literalinclude":
            return included_code(node, self.path, self.root, self.lose)
        if name:
            text = node.get("argument_text")
            return myst_directive(node, self.inline(text) if text is not None else None)
        classes = [str(c) for c in node.get("classes") or [] if c != "code"]
        return fence(classes[0] if classes else self.highlight, node.astext())

    def block_doctest_block(self, node: nodes.doctest_block, depth: int) -> str:
        return fence("pycon", node.astext())

    def block_bullet_list(self, node: nodes.bullet_list, depth: int) -> str:
        return "\n".join(_indent(self.blocks(item, depth) or " ", "- ", "  ")
                         for item in node.children)

    def block_enumerated_list(self, node: nodes.enumerated_list, depth: int) -> str:
        start = int(node.get("start", 1))
        return "\n".join(_indent(self.blocks(item, depth) or " ", f"{start + n}. ", "   ")
                         for n, item in enumerate(node.children))

    def block_definition_list(self, node: nodes.definition_list, depth: int) -> str:
        items = []
        for item in node.children:
            term = " ".join(self.inline(t) for t in item.children
                            if isinstance(t, (nodes.term, nodes.classifier)))
            body = next((d for d in item.children if isinstance(d, nodes.definition)), None)
            items.append(term + "\n" + _indent(
                self.blocks(body, depth) if body is not None else "", ":   ", "    "))
        return "\n\n".join(items)

    def block_sphinx_setting(self, node: nodes.Element, depth: int) -> str:
        return self.block_literal_block(node, depth)

    def block_sphinx_directive(self, node: sphinx_directive, depth: int) -> str:
        text = node.get("argument_text")
        argument = directive_argument(node, self.inline(text) if text is not None else None)
        return myst_fence(str(node["directive"]), argument, node["options"],
                          self.blocks(node, depth))

    def block_field_list(self, node: nodes.field_list, depth: int) -> str:
        if isinstance(node.parent, sphinx_directive) and node.parent["directive"] in OBJECTS:
            return info_fields(node, self.inline, self.lang)
        return "\n\n".join(f"**{self.inline(f.children[0])}**\n" + _indent(
            self.blocks(f.children[1], depth), ":   ", "    ") for f in node.children
            if isinstance(f, nodes.field))

    def block_block_quote(self, node: nodes.block_quote, depth: int) -> str:
        parts = [self.block(c, depth) for c in node.children
                 if not isinstance(c, nodes.attribution)]
        for by in node.findall(nodes.attribution):
            parts.append("— " + self.inline(by))
        return _indent("\n\n".join(p for p in parts if p), "> ", "> ").replace(
            "\n> \n", "\n>\n")

    def block_line_block(self, node: nodes.line_block, depth: int) -> str:
        return "\\\n".join(self.inline(line) if isinstance(line, nodes.line)
                           else self.block(line, depth) for line in node.children)

    def block_transition(self, node: nodes.transition, depth: int) -> str:
        return "***"

    def block_rubric(self, node: nodes.rubric, depth: int) -> str:
        return f"**{self.inline(node)}**"

    def block_topic(self, node: nodes.topic, depth: int) -> str:
        if "contents" in node.get("classes", []):
            return ""  # (the theme shows the page's table of contents)
        title = node.next_node(nodes.title)
        head = f"**{self.inline(title)}**\n\n" if title else ""
        return head + self.blocks(node, depth)

    def block_sidebar(self, node: nodes.sidebar, depth: int) -> str:
        return self.callout(node, depth, "note")

    def block_raw(self, node: nodes.raw, depth: int) -> str:
        if "html" in node.get("format", "").split():
            return node.astext()
        self.lose(node, f"raw {node.get('format', '')} has no place in a web page: left out")
        return ""

    def block_image(self, node: nodes.Element, depth: int) -> str:
        image = f"![{escape(node.get('alt', ''))}]({node['uri']})"
        target = node.parent.get("refuri") if isinstance(node.parent, nodes.reference) \
            else node.get("target")
        return f"[{image}]({target})" if target else image

    def block_figure(self, node: nodes.figure, depth: int) -> str:
        image = node.next_node(nodes.image)
        caption = node.next_node(nodes.caption)
        if image is None:
            return self.blocks(node, depth)
        names = [str(n) for n in node.get("names") or image.get("names") or []]
        if names:  # (Sphinx numbers a named figure, `:numref:` refers to it: MyST's)
            alt = f":alt: {image['alt']}\n" if image.get("alt") else ""
            width = f":width: {image['width']}\n" if image.get("width") else ""
            inner = self.inline(caption) if caption else ""
            return (f"```{{figure}} {image['uri']}\n:name: {names[0]}\n{alt}"
                    f"{width}\n"
                    f"{inner}\n```")
        title = self.inline(caption).replace('"', "&quot;") if caption else ""
        shown = f'![{escape(image.get("alt", ""))}]({image["uri"]}' + (
            f' "{title}")' if title else ")")
        legend = node.next_node(nodes.legend)
        return shown + ("\n\n" + self.blocks(legend, depth) if legend else "")

    def block_table(self, node: nodes.table, depth: int) -> str:
        if any(e.get("morerows") or e.get("morecols") for e in node.findall(nodes.entry)):
            return html_table(node)
        rows: list[list[str]] = []
        head = 0
        for part in node.findall(lambda n: isinstance(n, (nodes.thead, nodes.tbody))):
            for row in part.children:
                cells = []
                for entry in row.children:
                    text = "<br>".join(self.block(c, depth).replace("\n", " ")
                                       for c in entry.children)
                    # (docutils read a cell's `:math:` whole: its `|` is `\vert` in the
                    # pipe table, its `\|` a norm's `\Vert`)
                    text = table_math("|" + text, whole=True)[0][1:]
                    cells.append(text.replace("|", "\\|") if "\\|" not in text else text)
                rows.append(cells)
            if isinstance(part, nodes.thead):
                head = len(rows)
        title = node.next_node(nodes.title)
        return pipe_table(rows, head > 0, self.inline(title) if title is not None
                          and title.parent is node else "")

    def block_footnote(self, node: nodes.footnote, depth: int) -> str:
        key = (node.get("ids") or ["note"])[0]
        text = "\n\n".join(self.block(c, depth) for c in node.children
                           if not isinstance(c, nodes.label))
        self.notes.append((key, _indent(text, "", "    ")))
        return ""

    block_citation = block_footnote

    def block_system_message(self, node: nodes.system_message, depth: int) -> str:
        """A problem docutils found: reported at its line; what it could not read (an
        unknown or broken directive, level 3 and up) kept in a comment."""
        if int(node.get("level", 0)) < 2:
            return ""  # (docutils' notes to itself: "Trying … as canonical directive name")
        source = next(node.findall(nodes.literal_block), None)
        message = node.next_node(nodes.paragraph)
        kept = source is not None and int(node.get("level", 0)) >= 3
        text = message.astext() if message else "not read"
        self.problems.append((node.get("line") or _line(node), "reStructuredText: " + " ".join(
            text.split()) + (": kept in a comment" if kept else "")))
        if not kept or source is None:
            return ""
        return "<!--\n" + source.astext().replace("--", "- -") + "\n-->"

    def block_subtitle(self, node: nodes.subtitle, depth: int) -> str:
        """The title of a page's one section, which docutils made the document's
        subtitle (Pelican showed neither): a heading, so its text and links stay."""
        return self.heading(node, 2, self.inline(node))

    def callout(self, node: nodes.Element, depth: int, kind: str) -> str:
        title = node.next_node(nodes.title) if kind in ("admonition", "note") or \
            isinstance(node, nodes.sidebar) else None
        own_title = title is not None and title.parent is node
        marker = f"> [!{_CALLOUT.get(kind, 'NOTE')}]" + (
            f" {self.inline(title)}" if own_title and title else "")
        body = "\n\n".join(self.block(c, depth) for c in node.children
                           if not (own_title and c is title))
        return marker + "\n" + _indent(body, "> ", "> ").replace("\n> \n", "\n>\n")

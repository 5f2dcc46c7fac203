"""The inline Markdown of a docutils tree, for `rst_writer.py`: text escaped so that it
shows as written, emphasis, literals, math, links, footnote references, and roles as
MyST's (a plugin's role its text, reported once a page)."""

from __future__ import annotations

import re
from collections.abc import Callable

from docutils import nodes

from lanting.importer.rst_sphinx import ROLE_ALIASES
from lanting.markdown.myst_roles import reads_role

_CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")


_ESCAPE = re.compile(r"([\\`*_\[\]<>$|~])|&(?=#?\w+;)")


def escape(text: str) -> str:
    """Text as Markdown shows it as written: its marks escaped, its lines joined (with
    no space between two Chinese characters, as Lanting joins them)."""
    joined = re.sub(r"[ \t]*\n[ \t]*", lambda m: "" if 0 < m.start() and m.end() < len(text)
                    and _CJK.match(text[m.start() - 1]) and _CJK.match(text[m.end()])
                    else " ", text)
    return _ESCAPE.sub(lambda m: "\\" + (m.group(1) or "&"), joined)


def _code_span(text: str) -> str:
    ticks = "`" * (max((len(r) for r in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{ticks}{pad}{text.replace(chr(10), ' ')}{pad}{ticks}"


class InlineWriter:
    """The inline half of `rst_writer.MarkdownWriter`, which gives it these."""

    labels: dict[str, str]
    """Each id of the tree → the label it is written with."""
    roles_lost: set[str]
    """The roles with no Lanting form already reported."""

    lose: Callable[[nodes.Node, str], None]
    """Reports what did not convert, at the node's line."""
    block_image: Callable[[nodes.Element, int], str]
    """An image's Markdown (the writer's, which a figure shares)."""

    def inline(self, node: nodes.Node | None) -> str:
        if not isinstance(node, nodes.Element):
            return ""
        return "".join(self.span(child) for child in node.children)

    def span(self, node: nodes.Node) -> str:
        if isinstance(node, nodes.Text):
            return escape(node.astext())
        if not isinstance(node, nodes.Element):
            return ""
        name = node.tagname
        if name in ("emphasis", "title_reference"):
            return f"*{self.inline(node)}*"
        if name == "strong":
            return f"**{self.inline(node)}**"
        if name == "literal":
            return _code_span(node.astext())
        if name == "math":
            return f"${node.astext().strip()}$"
        if name == "reference":
            return self.reference(node)
        if name in ("footnote_reference", "citation_reference"):
            return f"[^{node.get('refid', node.astext())}]"
        if name == "image":
            return self.block_image(node, 0)
        if name in ("superscript", "subscript"):
            tag = "sup" if name == "superscript" else "sub"
            return f"<{tag}>{self.inline(node)}</{tag}>"
        if name == "raw":
            return node.astext() if "html" in node.get("format", "") else ""
        if name == "inline" and node.get("role"):
            role = ROLE_ALIASES.get(str(node["role"]), str(node["role"]))
            if reads_role(role):
                content = node.astext()
                if role in ("ref", "numref"):
                    content = re.sub(r"<([^<>]*)>$|^[^<>]*$", _label_as_written, content)
                return "{" + role + "}" + _code_span(content)
            if role not in self.roles_lost:
                self.roles_lost.add(role)
                self.lose(node, f"role `:{role}:` (a plugin's) has no Lanting form: its "
                          "text is kept, here and wherever the page uses it")
            return escape(node.astext())
        if name in ("target", "substitution_definition", "comment"):
            return ""
        if isinstance(node, nodes.Element):
            return self.inline(node)
        return ""

    def reference(self, node: nodes.Element) -> str:
        text = self.inline(node)
        if node.get("refuri"):
            uri = str(node["refuri"])
            if node.astext() == uri and re.match(r"[a-z]+:", uri):
                return f"<{uri}>"
            return f"[{text}]({uri.replace(' ', '%20').replace(')', '%29')})"
        if node.get("refid"):
            return f"[{text}](#{self.labels.get(node['refid'], node['refid'])})"
        return text


def _label_as_written(match: re.Match[str]) -> str:
    """The label a `:ref:` names as the page's targets are written: Sphinx's labels are
    lower case, and one holding spaces (`.. _external link:`, which Sphinx allows) is
    written with docutils' id of it (`external-link`), as its target is."""
    label = (match.group(1) if match.group(1) is not None else match.group()).lower()
    if re.search(r"\s", label.strip()):
        label = nodes.make_id(label)
    return f"<{label}>" if match.group(1) is not None else label

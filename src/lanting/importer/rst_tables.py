"""The tables of reStructuredText as Lanting's Markdown, for `rst_writer.py`: a pipe
table of the cells' Markdown, or, for one with cells spanning rows or columns (which a
pipe table cannot hold), docutils' own HTML table."""

from __future__ import annotations

import re

from docutils import nodes
from docutils.core import publish_from_doctree
from docutils.utils import new_document
from docutils.writers.html5_polyglot import Writer as HtmlWriter


def pipe_table(rows: list[list[str]], head: bool, caption: str) -> str:
    """A pipe table of `rows` (the first the header when `head`; else an empty one, as
    a pipe table needs), its caption in bold above it."""
    if not rows:
        return ""
    width = max(len(r) for r in rows)
    rows = [r + [""] * (width - len(r)) for r in rows]
    header = rows[0] if head else [""] * width
    body = rows[1:] if head else rows
    lines = [f"**{caption}**", ""] if caption else []
    lines += ["| " + " | ".join(header) + " |", "|" + " --- |" * width]
    lines += ["| " + " | ".join(r) + " |" for r in body]
    return "\n".join(lines)


def html_table(node: nodes.table) -> str:
    """A table with cells spanning rows or columns, which a pipe table cannot hold,
    as docutils' HTML writer writes it (its cells' markup HTML, not Markdown)."""
    document = new_document("<table>", node.document.settings if node.document
                             else None)
    document += node.deepcopy()
    html = str(publish_from_doctree(document, writer=HtmlWriter(), settings_overrides={
        "output_encoding": "unicode", "_disable_config": True, "math_output": "latex",
        "embed_stylesheet": False}))
    found = re.search(r"<table\b.*</table>", html, re.DOTALL)
    if found is None:
        return ""
    return re.sub(r"\n\s*\n", "\n", found.group())

"""HTML in an admonition of an MkDocs page, as Python-Markdown read it.

Python-Markdown starts a raw HTML block only at a line's start (three spaces at most),
so a `<div>` in an admonition's indented body opened none: it was inline HTML in a
paragraph, and the Markdown among its tags (`![logo](a.png)`, `[name](url)`,
`**bold**`) was read. CommonMark (Lanting) starts an HTML block there, which runs to the
next blank line and shows that Markdown as written: inside such a block it is written as
HTML (`<img>`, `<a>`, `<strong>`), which the block shows.
"""

from __future__ import annotations

import re

from lanting.importer.html_block_spans import html_block_spans, markdown_as_html

_ADMONITION = re.compile(r"^([ ]*)(?:!!!|\?\?\?\+?)[ \t]+[A-Za-z]")
_COMMENT_OR_RAW = re.compile(r"^ {0,3}<(?:!--|script|pre|style|textarea)", re.IGNORECASE)
_MARKDOWN = re.compile(r"!?\[[^\]\n]*\]\(|\*\*\S")


def admonition_html(text: str) -> tuple[str, int]:
    """`text` with the Markdown inside HTML blocks of its admonitions' bodies (nested
    ones too) written as HTML; and how many blocks were."""
    lines = text.split("\n")
    out: list[str] = []
    count, i = 0, 0
    while i < len(lines):
        opening = _ADMONITION.match(lines[i].expandtabs(4))
        out.append(lines[i])
        i += 1
        if opening is None:
            continue
        indent = len(opening.group(1)) + 4
        end = i
        while end < len(lines) and (not lines[end].strip() or _indent(lines[end]) >= indent):
            end += 1
        while end > i and not lines[end - 1].strip():
            end -= 1  # (the blank lines after the body are the page's)
        body = "\n".join(line.expandtabs(4)[indent:] for line in lines[i:end])
        body, inner = admonition_html(body)
        body, here = _html_blocks(body)
        if inner + here:
            out.extend((" " * indent + line) if line else "" for line in body.split("\n"))
            count += inner + here
        else:
            out.extend(lines[i:end])
        i = end
    return "\n".join(out), count


def _indent(line: str) -> int:
    expanded = line.expandtabs(4)
    return len(expanded) - len(expanded.lstrip(" "))


def _html_blocks(body: str) -> tuple[str, int]:
    """The Markdown of each HTML block of `body` (not a comment's, nor a `<pre>`'s or a
    script's) written as HTML, line by line."""
    count = 0
    for start, end in reversed(html_block_spans(body)):
        block = body[start:end]
        if _COMMENT_OR_RAW.match(block) or not _MARKDOWN.search(block):
            continue
        count += 1
        body = body[:start] + "\n".join(
            markdown_as_html(line) for line in block.split("\n")) + body[end:]
    return body, count

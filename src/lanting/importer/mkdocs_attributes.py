"""attr_list's attribute lists on an MkDocs page (`{ .md-button }`, `{ #id }`,
`{:target="_blank"}`, `{ width="300" }`), in Lanting's Markdown."""

from __future__ import annotations

import re

from lanting.importer.liquid import Context

ATTRS = r"\{:?[ \t]*(?:[.#][\w-]+|[\w-]+(?:=(?:\"[^\"\n]*\"|'[^'\n]*'|[^\s}]+))?)" \
        r"(?:[ \t]+(?:[.#][\w-]+|[\w-]+(?:=(?:\"[^\"\n]*\"|'[^'\n]*'|[^\s}]+))?))*[ \t]*\}"
"""One attribute list, `{ .a #b key=value }`, with or without kramdown's `:`."""
_LINK_ATTRS = re.compile(r"(!?)(\[(?:[^\[\]\n]|\[[^\]\n]*\])*\]\([^)\n]*\))(" + ATTRS + ")")
_TARGET_ATTRS = re.compile(r"(\]\([^)\n]*\))\{:?[ \t]*(?:(?:target|rel)=(?:\"[^\"\n]*\"|"
                           r"'[^'\n]*'|[^\s}]+)[ \t]*)+\}")
_HEADING_ATTRS = re.compile(r"^(#{1,6}[ \t].*?)[ \t]*(" + ATTRS + r")[ \t]*$", re.MULTILINE)
_LINE_ATTRS = re.compile(r"^[ \t]*(" + ATTRS + r")[ \t]*$", re.MULTILINE)


def attribute_lists(text: str, ctx: Context) -> str:
    """attr_list: on links (`{ .md-button }`: a plain link), on headings (`{ #id }`: the
    old id kept by an anchor), alone on a line after a block (removed); an image's stays
    (`{ width="300" align=left }`: Lanting reads it, markdown/attributes.py)."""

    def link(match: re.Match[str]) -> str:
        if match.group(1):
            return match.group()
        ctx.convert("buttons and links with attributes (plain links)")
        return match.group(2)

    text = _LINK_ATTRS.sub(link, text)
    # (`{:target="_blank"}` after a link whose text spans lines, a grid of figures each
    # a link: attributes only a link takes, whatever its text)
    text, targets = _TARGET_ATTRS.subn(r"\1", text)
    ctx.convert("buttons and links with attributes (plain links)", targets)

    def heading(match: re.Match[str]) -> str:
        ident = re.search(r"#([\w-]+)", match.group(2))
        ctx.convert("heading attributes")
        return (f'<a id="{ident.group(1)}"></a>\n' if ident else "") + match.group(1)

    text = _HEADING_ATTRS.sub(heading, text)
    annotate = re.search(r"^[ \t]*\{[ \t]*\.annotate[ \t]*\}[ \t]*$", text, re.MULTILINE)
    if annotate:
        ctx.warn(annotate.group().strip(), "code annotations (`{ .annotate }`) show as a "
                 "numbered list after the block: Lanting has no annotations")
    text, lines = _LINE_ATTRS.subn("", text)
    ctx.convert("attribute lines removed", lines)
    return text

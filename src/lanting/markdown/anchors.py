"""Plugin: an `id` on every heading (Chinese kept), collected for the table of contents."""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from lanting.markdown.slugs import slugify, unique


def inline_text(token: Token) -> str:
    """The reader-visible text of an inline token (no markup)."""
    parts: list[str] = []
    for child in token.children or []:
        if child.type in ("text", "code_inline", "math_inline"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return "".join(parts).strip()


def _add_ids(state: StateCore) -> None:
    seen: dict[str, int] = state.env.setdefault("heading_ids", {})
    headings: list[tuple[int, str, str]] = state.env.setdefault("headings", [])
    tokens = state.tokens
    for i, token in enumerate(tokens):
        if token.type != "heading_open" or i + 1 >= len(tokens):
            continue
        text = inline_text(tokens[i + 1])
        explicit = token.attrGet("id")
        anchor = unique(str(explicit) if explicit else slugify(text), seen)
        token.attrSet("id", anchor)
        headings.append((int(token.tag[1]), anchor, text))


def anchors_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("lanting_anchors", _add_ids)

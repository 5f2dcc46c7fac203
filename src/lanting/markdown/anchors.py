"""Plugin: an `id` on every heading (Chinese kept), collected for the table of contents."""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from lanting.markdown.math import formula_text
from lanting.model.names import slugify, unique


def inline_text(token: Token) -> str:
    """The reader-visible text of an inline token (no markup)."""
    parts: list[str] = []
    for child in token.children or []:
        if child.type in ("text", "code_inline"):
            parts.append(child.content)
        elif child.type == "math_inline":
            parts.append(formula_text(child) + (child.meta or {}).get("glue", ""))
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return "".join(parts).strip()


def inline_math_html(token: Token) -> str:
    """The HTML of an inline token that holds math, for the table of contents: text and
    code escaped, formulas as MathML, other markup (emphasis, links) left out; "" when
    it holds no math (the TOC then shows the text)."""
    children = token.children or []
    if not any(c.type == "math_inline" for c in children):
        return ""
    parts: list[str] = []
    for child in children:
        if child.type == "text":
            parts.append(escapeHtml(child.content))
        elif child.type == "code_inline":
            parts.append(f"<code>{escapeHtml(child.content)}</code>")
        elif child.type == "math_inline":
            meta = child.meta or {}
            parts.append((meta.get("mathml") or escapeHtml(child.content))
                         + escapeHtml(meta.get("glue", "")))
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return "".join(parts).strip()


def heading_id(env: MutableMapping[str, Any], level: int, text: str, explicit: str = "",
               html: str = "") -> str:
    """The id of the next heading of a document (unique in it), recorded for its table of
    contents; `text` is its reader-visible text (`inline_text`; formulas as readable
    text, so `## Parameterization of $\\beta_t$` gets `parameterization-of-β-t`), `html`
    its HTML if it holds math."""
    seen: dict[str, int] = env.setdefault("heading_ids", {})
    anchor = unique(explicit or slugify(text), seen)
    env.setdefault("headings", []).append((level, anchor, text, html))
    return anchor


def _add_ids(state: StateCore) -> None:
    tokens = state.tokens
    for i, token in enumerate(tokens):
        if token.type != "heading_open" or i + 1 >= len(tokens):
            continue
        explicit = token.attrGet("id")
        token.attrSet("id", heading_id(state.env, int(token.tag[1]), inline_text(tokens[i + 1]),
                                       str(explicit) if explicit else "",
                                       inline_math_html(tokens[i + 1])))


def anchors_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("lanting_anchors", _add_ids)

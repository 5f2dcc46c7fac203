"""Plugin: fenced code blocks, escaped, keeping their language as a class."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.token import Token


def fence_language(info: str) -> str:
    """The language word of a fence's info string (`python {2-4}` -> `python`)."""
    word = info.strip().split(maxsplit=1)[0] if info.strip() else ""
    return word.strip("{}").lower() if not word.startswith("{") else ""


def _render_fence(
    self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any
) -> str:
    token = tokens[idx]
    lang = fence_language(token.info)
    cls = f' class="language-{escapeHtml(lang)}"' if lang else ""
    return f"<pre><code{cls}>{escapeHtml(token.content)}</code></pre>\n"


def code_plugin(md: MarkdownIt) -> None:
    md.add_render_rule("fence", _render_fence)

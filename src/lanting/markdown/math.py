"""Plugin: `$…$` and `$$…$$` are recognised as math so Markdown leaves them alone.

Money amounts (`$5 and $10`), escaped dollars and code stay text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.token import Token
from mdit_py_plugins.dollarmath import dollarmath_plugin


def _inline(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    return f'<span class="math">${escapeHtml(tokens[idx].content)}$</span>'


def _block(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    return f'<div class="math">$$\n{escapeHtml(tokens[idx].content.strip())}\n$$</div>\n'


def math_plugin(md: MarkdownIt) -> None:
    dollarmath_plugin(md, allow_space=False, allow_digits=False, double_inline=True)
    md.add_render_rule("math_inline", _inline)
    md.add_render_rule("math_inline_double", _block)
    md.add_render_rule("math_block", _block)
    md.add_render_rule("math_block_label", _block)

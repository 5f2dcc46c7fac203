"""Plugin: inline code breaks only between its parts.

The theme keeps inline code on one line (`white-space: nowrap`, an inline block, so a
code span shorter than the line moves to the next line whole: `--flag` never splits
between its hyphens). A span long enough to be wider than a phone's line gets `<wbr>`
break opportunities where a path, a dotted name or an option splits naturally: after `/`
and spaces, and before `.`, `_` and `-` (never inside a leading run such as `--`). A part
with no such place that is itself that long (a hash, a long identifier) may break
anywhere, as a last resort, rather than stick out of the column (`.code-any`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from lanting.markdown.math import CLOSING_PUNCTUATION

LONG = 24
"""Shorter spans get no break opportunities: they fit any line the theme lays out."""

_PARTS = re.compile(r"(?<=[/ ])(?=[^/ ])|(?<=[^._\-/ ])(?=[._\-])")


def break_points(code: str) -> list[str]:
    """`code` cut where a line may break, e.g. `verl/trainer/ray_trainer.py` into
    `verl/`, `trainer/`, `ray`, `_trainer`, `.py`."""
    parts = _PARTS.split(code)
    if len(parts) > 1 and not parts[0].strip("/ "):  # `/usr`: no break after a leading `/`
        parts[:2] = [parts[0] + parts[1]]
    return parts


def _glue_punctuation(state: StateCore) -> None:
    """Closing punctuation after inline code stays on its line: the code is an inline
    block, after which a browser would start a line with the `，`."""
    for block in state.tokens:
        children = block.children or []
        for i, child in enumerate(children[:-1]):
            after = children[i + 1]
            if child.type == "code_inline" and after.type == "text":
                match = CLOSING_PUNCTUATION.match(after.content)
                if match:
                    child.meta = {**(child.meta or {}), "glue": match.group(0)}
                    after.content = after.content[match.end():]


def _render(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    token = tokens[idx]
    attrs = self.renderAttrs(token)
    code = token.content
    if len(code) <= LONG:
        html = f"<code{attrs}>{escapeHtml(code)}</code>"
    else:
        html = f"<code{attrs}>" + "<wbr>".join(_part(p) for p in break_points(code)) + "</code>"
    glue = (token.meta or {}).get("glue")
    return f'<span class="nobr">{html}{escapeHtml(glue)}</span>' if glue else html


def _part(part: str) -> str:
    if len(part) <= LONG:
        return escapeHtml(part)
    return f'<span class="code-any">{escapeHtml(part)}</span>'


def inline_code_plugin(md: MarkdownIt) -> None:
    md.add_render_rule("code_inline", _render)
    md.core.ruler.push("glue_code_punctuation", _glue_punctuation)

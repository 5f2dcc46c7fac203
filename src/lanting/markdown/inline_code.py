"""Plugin: inline code breaks only between its parts.

The theme keeps inline code on one line (`white-space: nowrap`, an inline block, so a
code span shorter than the line moves to the next line whole: `--flag` never splits
between its hyphens). A span long enough to be wider than a phone's line gets `<wbr>`
break opportunities where a path, a dotted name or an option splits naturally: after `/`
and spaces, and before `.`, `_` and `-` (never inside a leading run such as `--`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.token import Token

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


def _render(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    token = tokens[idx]
    attrs = self.renderAttrs(token)
    code = token.content
    if len(code) <= LONG:
        return f"<code{attrs}>{escapeHtml(code)}</code>"
    return f"<code{attrs}>" + "<wbr>".join(escapeHtml(p) for p in break_points(code)) + "</code>"


def inline_code_plugin(md: MarkdownIt) -> None:
    md.add_render_rule("code_inline", _render)

"""Plugin: callouts, GitHub's `> [!NOTE]` form and the `::: note Title` container form.

Kinds: note, tip, important, warning, caution. A title after the marker replaces the
default, localised one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from mdit_py_plugins.container import container_plugin

KINDS = ("note", "tip", "important", "warning", "caution")
TITLES = {
    "zh": {"note": "注意", "tip": "提示", "important": "重要", "warning": "警告",
           "caution": "小心"},
    "en": {"note": "Note", "tip": "Tip", "important": "Important", "warning": "Warning",
           "caution": "Caution"},
}
_MARKER = re.compile(r"^\[!(" + "|".join(KINDS) + r")\][ \t]*", re.IGNORECASE)


def _title(kind: str, given: str, env: dict[str, Any]) -> str:
    ctx = env.get("lanting")
    lang = "zh" if ctx is None or ctx.lang.lower().startswith("zh") else "en"
    return given.strip() or TITLES[lang][kind]


def _open_html(kind: str, title: str) -> str:
    return (f'<div class="callout callout-{kind}" role="note">'
            f'<p class="callout-title">{escapeHtml(title)}</p>\n')


def _github_alerts(state: StateCore) -> None:
    tokens = state.tokens
    for i, token in enumerate(tokens):
        if token.type != "blockquote_open" or i + 2 >= len(tokens):
            continue
        inline = tokens[i + 2]
        if tokens[i + 1].type != "paragraph_open" or inline.type != "inline":
            continue
        match = _MARKER.match(inline.content)
        if not match:
            continue
        kind = match.group(1).lower()
        first_line, _, rest = inline.content.partition("\n")
        title = first_line[match.end():]
        token.type, token.info = "callout_open", kind
        token.meta = {"title": title}
        depth = 0
        for closing in tokens[i + 1 :]:
            if closing.type == "blockquote_open":
                depth += 1
            elif closing.type == "blockquote_close":
                if depth == 0:
                    closing.type = "callout_close"
                    break
                depth -= 1
        inline.content = rest  # runs before inline parsing: children do not exist yet
        if not rest.strip():  # the marker stood alone in its paragraph
            tokens[i + 1].hidden = tokens[i + 3].hidden = True


def _render_open(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    token = tokens[idx]
    return _open_html(token.info, _title(token.info, token.meta.get("title", ""), env))


def _render_close(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    return "</div>\n"


def _is_callout(params: str, markup: str) -> bool:
    return params.strip().split(" ", 1)[0].lower() in KINDS


def _render_container(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                      env: Any) -> str:
    token = tokens[idx]
    if token.nesting != 1:
        return "</div>\n"
    kind, _, given = token.info.strip().partition(" ")
    return _open_html(kind.lower(), _title(kind.lower(), given, env))


def callouts_plugin(md: MarkdownIt) -> None:
    md.core.ruler.after("block", "github_alerts", _github_alerts)
    md.add_render_rule("callout_open", _render_open)
    md.add_render_rule("callout_close", _render_close)
    # One container rule for every kind: each extra block rule is tried on every line.
    md.use(container_plugin, "callout", validate=_is_callout, render=_render_container)

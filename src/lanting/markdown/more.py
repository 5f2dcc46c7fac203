"""Plugin: the `<!-- more -->` line marks where a post's summary ends.

Recognised whether or not raw HTML is allowed, and rendered as an HTML comment the
summary extractor can find.
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

MORE_RE = re.compile(r"^\s*<!--\s*more\s*-->\s*$")
MORE_HTML = "<!--more-->"


def _find_marker(state: StateCore) -> None:
    tokens = state.tokens
    for i, token in enumerate(tokens):
        if token.type == "html_block" and MORE_RE.match(token.content):
            marker = Token("more_marker", "", 0, map=token.map)
            tokens[i] = marker
            return
        if (
            token.type == "paragraph_open"
            and i + 2 < len(tokens)
            and tokens[i + 1].type == "inline"
            and MORE_RE.match(tokens[i + 1].content)
        ):
            tokens[i : i + 3] = [Token("more_marker", "", 0, map=token.map)]
            return


def more_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("lanting_more", _find_marker)
    md.add_render_rule("more_marker", lambda *args: MORE_HTML + "\n")

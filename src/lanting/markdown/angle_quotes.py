"""Plugin: `<<The Great Gatsby>>`, ASCII book-title marks (for `《》`, or guillemets),
is text.

CommonMark reads `<The Great Gatsby>` as an HTML tag (`The` with two attributes), which
the browser shows nothing of: the title vanished from the page. `<<` followed by a
name and `>>` on the same line is never HTML, so both characters are taken as text
here, before the raw-HTML rule sees the second; what is between them is read as usual
(emphasis, code). An autolink in marks, `<<https://x.org>>`, stays a link.
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline

_MARKED = re.compile(r"<<([A-Za-z][^<>\n]*)>>")
_AUTOLINK = re.compile(r"[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*|[^\s@<>]+@[^\s@<>]+")


def _angle_quotes(state: StateInline, silent: bool) -> bool:
    pos = state.pos
    if not state.src.startswith("<<", pos):
        return False
    found = _MARKED.match(state.src, pos)
    if found is None or _AUTOLINK.fullmatch(found.group(1)):
        return False
    if not silent:
        state.push("text", "", 0).content = "<<"
    state.pos = pos + 2
    return True


def angle_quotes_plugin(md: MarkdownIt) -> None:
    md.inline.ruler.before("html_inline", "lanting_angle_quotes", _angle_quotes)

"""Plugin: emoji shortcodes, `:rocket:` → 🚀, as GitHub, Jekyll's jemoji, HackMD, Typora
and MkDocs' emoji extension show them (`[markdown] emoji`, on by default).

Only a name the `emoji` package knows (its English names and the GitHub/Slack aliases)
is replaced, and only with no letter, digit or colon right before or after it, so times
(`10:30:00`), `std::vector` and `a:b:c` stay text. Code is never touched (code spans and
blocks are other tokens).
"""

from __future__ import annotations

import functools
import re

from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline

_SHORTCODE = re.compile(r":([a-z0-9_+\-]+):(?![A-Za-z0-9_:])")
_BEFORE_NAME = re.compile(r"[A-Za-z0-9_:]")


@functools.cache
def _emoji_by_name() -> dict[str, str]:
    import emoji  # a costly import for its tables, and most pages have no shortcode

    names: dict[str, str] = {}
    for char, data in emoji.EMOJI_DATA.items():
        for name in (data["en"], *data.get("alias", ())):
            names.setdefault(name.strip(":"), char)
    return names


def shortcode_emoji(name: str) -> str | None:
    """The emoji of a shortcode's name (`rocket`, `+1`), None for an unknown name."""
    return _emoji_by_name().get(name)


def emojize(text: str) -> tuple[str, int]:
    """`text` with its known shortcodes replaced, and how many were (for importers,
    which write the character into the Markdown they make)."""
    count = 0

    def replace(match: re.Match[str]) -> str:
        nonlocal count
        if match.start() and _BEFORE_NAME.match(text, match.start() - 1):
            return match.group()
        found = shortcode_emoji(match.group(1))
        count += found is not None
        return found or match.group()

    return _SHORTCODE.sub(replace, text), count


def _emoji_rule(state: StateInline, silent: bool) -> bool:
    pos = state.pos
    if state.src[pos] != ":" or (pos and _BEFORE_NAME.match(state.src, pos - 1)):
        return False
    match = _SHORTCODE.match(state.src, pos)
    if match is None or (found := shortcode_emoji(match.group(1))) is None:
        return False
    if not silent:
        state.pending += found
    state.pos = match.end()
    return True


def emoji_plugin(md: MarkdownIt) -> None:
    md.inline.ruler.before("emphasis", "emoji", _emoji_rule)

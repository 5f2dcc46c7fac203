"""Plugin: `**bold**` and `*emphasis*` that work in Chinese, Japanese and Korean text.

CommonMark lets `**` close only when the character inside it is not punctuation or the
one outside it is a space or punctuation. Chinese puts no spaces around bold text and
often ends it with full-width punctuation: in `**注意：**这是`, the closing `**` has
`：` inside and `这` outside, so CommonMark prints both `**` as text — and pairs the
markers of the *next* bold phrase wrongly. Typora, Obsidian and the CJK-friendly
extension of markdown-it (tats-u/markdown-cjk-friendly, the rule implemented here) read
it as bold: a `*` or `~` run that touches no space is both opening and closing when a
character beside it is Chinese, Japanese or Korean. Text without such characters is
parsed exactly as CommonMark says.
"""

from __future__ import annotations

import unicodedata

from markdown_it import MarkdownIt
from markdown_it.rules_inline.state_inline import Scanned, StateInline
from markdown_it.token import Token
from markdown_it.utils import EnvType

_EMOJI_WIDE = frozenset(c for c in range(0x2300, 0x2C00)
                        if unicodedata.east_asian_width(chr(c)) == "W") - {0x2329, 0x232A}
"""Wide characters of the symbol blocks: emoji (⌚ ♈ ⭐), not letters — except 〈 〉."""


def is_cjk(char: str) -> bool:
    """A Chinese, Japanese or Korean character (ideograph, kana, hangul, full-width
    punctuation), by its East Asian width; emoji, though wide, are not."""
    point = ord(char)
    if point < 0x1100:
        return False
    width = unicodedata.east_asian_width(char)
    if width in ("F", "H"):
        return True
    if width == "W":
        return point not in _EMOJI_WIDE and not (0x1F300 <= point <= 0x1FAFF
                                                 or 0x1F000 <= point <= 0x1F1FF)
    # Hangul jamo that are not wide (vowels and final consonants)
    return width == "N" and (0x1160 <= point <= 0x11FF or 0xD7B0 <= point <= 0xD7FF)


def _is_variation_selector(char: str) -> bool:
    return "\ufe00" <= char <= "\ufe0e"


class CjkFriendlyState(StateInline):
    def scanDelims(self, start: int, canSplitWord: bool) -> Scanned:  # noqa: N802 (its name)
        scanned = super().scanDelims(start, canSplitWord)
        if not canSplitWord or (scanned.can_open and scanned.can_close):
            return scanned  # `_` keeps CommonMark's rule, as in the extension
        end = start + scanned.length
        before = self.src[start - 1] if start > 0 else " "
        if _is_variation_selector(before) and start > 1 \
                and not self.src[start - 2].isspace():
            before = self.src[start - 2]  # (a variation selector belongs to the character)
        after = self.src[end] if end < self.posMax else " "
        if before.isspace() or after.isspace():
            return scanned  # beside a space, CommonMark's rule is already right
        if is_cjk(after) or is_cjk(before):
            return Scanned(True, True, scanned.length)
        return scanned


def emphasis_plugin(md: MarkdownIt) -> None:
    inline = md.inline

    def parse(src: str, md: MarkdownIt, env: EnvType, tokens: list[Token]) -> list[Token]:
        # (as ParserInline.parse, with the state class that scans CJK-friendly)
        state = CjkFriendlyState(src, md, env, tokens)
        inline.tokenize(state)
        for rule in inline.ruler2.getRules(""):
            rule(state)
        return state.tokens

    inline.parse = parse  # type: ignore[method-assign]

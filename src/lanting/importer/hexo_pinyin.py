"""hexo-permalink-pinyin: the plugin (Matery's guide installs it) that rewrote each
post's URL in Latin letters, `_posts/你好世界.md` at `/ni-hao-shi-jie/`. A post's old
URL is the permalink Hexo made, passed through the same rewrite, so that the old links
and the redirects find it.

The plugin's library (transliteration 1.x) spelled each character by the table of
Text::Unidecode, which text-unidecode holds, with seven readings of its own: each
character one reading, whatever the word (`长` is always `chang`, `了` `liao`), so
pypinyin's readings in context would miss the old URL."""

from __future__ import annotations

import re
from typing import Any

from text_unidecode import unidecode

_OWN = str.maketrans({"万": "Wan ", "么": "Me ", "宁": "Ning ", "广": "Guang ",
                      "汉": "Han ", "沈": "Shen ", "重": "Chong "})
"""The readings transliteration 1.x put in place of Text::Unidecode's."""
_SPACED = re.compile(r"([^\u4e00-\u9fa5\W])([\u4e00-\u9fa5])")
"""A letter or digit right before a Chinese character: the library parted them."""
_ASTRAL = re.compile(r"[\U00010000-\U0010ffff]")


def pinyin_settings(config: dict[str, Any]) -> dict[str, Any] | None:
    """The plugin's `permalink_pinyin:` settings when it is on, else None."""
    settings = config.get("permalink_pinyin")
    # (the plugin tests `enable` as JavaScript does: any value but false, 0, "" or null)
    return settings if isinstance(settings, dict) and settings.get("enable") else None


def pinyin_permalink(url: str, settings: dict[str, Any]) -> str:
    """`url` as the plugin rewrote it (transliteration's `slugify` with `/` and `.`
    kept): in each part between them, each character spelled in Latin letters (a
    Chinese one as a word of its own), any run of other signs and spaces one
    `separator` (`-`), none at the part's ends; the whole in lower case unless
    `lowercase: false`. A URL matching `exclude` is kept."""
    exclude = settings.get("exclude")
    if isinstance(exclude, str) and exclude and _matches(exclude, url):
        return url
    separator = str(settings.get("separator") or "-")
    lowercase = bool(settings.get("lowercase", True))

    def part(text: str) -> str:
        spelled = unidecode(_ASTRAL.sub(" ", _SPACED.sub(r"\1 \2", text)).translate(_OWN))
        return re.sub(r"[^a-zA-Z0-9]+", separator, spelled).strip(separator)

    slug = "/".join(".".join(part(p) for p in piece.split("."))
                    for piece in url.split("/"))
    return slug.lower() if lowercase else slug


def _matches(pattern: str, url: str) -> bool:
    """Whether the plugin's `exclude` (a JavaScript RegExp's source, `/ignore_post/` as
    the README writes it, its slashes then part of the pattern) finds `url`."""
    try:
        return re.search(pattern, url) is not None
    except re.error:
        return False

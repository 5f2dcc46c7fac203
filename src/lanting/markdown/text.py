"""Text measures for mixed Chinese/English prose."""

from __future__ import annotations

import math
import re

# CJK Unified Ideographs (+ extension A, compatibility), kana and hangul count one each.
_CJK_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+")
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’\-_.]*")


def count_units(text: str) -> tuple[int, int]:
    """(CJK characters, Latin words) in `text`."""
    # Split at runs rather than replace each character: far fewer operations on Chinese prose.
    latin = _CJK_RUN.split(text)
    return len(text) - sum(map(len, latin)), len(_WORD.findall(" ".join(latin)))


def reading_minutes(text: str, chars_per_minute: int = 400, words_per_minute: int = 200) -> int:
    """Minutes to read mixed text: Chinese by characters, English by words; at least 1."""
    return minutes_for(*count_units(text), chars_per_minute, words_per_minute)


def minutes_for(chars: int, words: int, chars_per_minute: int = 400,
                words_per_minute: int = 200) -> int:
    """Minutes to read `chars` Chinese characters and `words` English words; at least 1."""
    return max(1, math.ceil(chars / chars_per_minute + words / words_per_minute))

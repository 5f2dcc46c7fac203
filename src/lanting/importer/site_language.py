"""The language of an old site: its settings' tag written as Lanting writes tags
(`zh_CN` → `zh-CN`), or, where they say none, guessed from its posts' prose."""

from __future__ import annotations

import re
from typing import Any

_COUNTRY_FOR_LANGUAGE = {"cn": "zh-CN", "hk": "zh-HK", "jp": "ja"}
"""A country's code written for its language (al-folio's `_config.yml` offers `lang: cn`
as an example): no language's code, so the pages' interface was English. (`tw` and `kr`
are languages' codes too: Twi, Kanuri.)"""


_CHINESE_SCRIPTS = {"zh": "zh-CN", "zh-hans": "zh-CN", "zh-hant": "zh-TW"}


def region_language_tag(value: str) -> str:
    """`language_tag`, Chinese alone or with its script's subtag (`zh-hans`, as GitBook
    and mdBook books name it) as the region Lanting's strings are kept for (`zh-CN`)."""
    return _CHINESE_SCRIPTS.get(value.strip().lower().replace("_", "-")) \
        or language_tag(value)


def language_tag(value: Any, default: str = "zh-CN") -> str:
    """`zh-cn` -> `zh-CN`, `zh_CN` -> `zh-CN`, `en` -> `en`; of a list, `ko-KR, en-US` (a
    hydejack site's `lang`, which Jekyll printed as it was), the first."""
    if not isinstance(value, str) or not value.strip():
        return default
    parts = re.split(r"[-_]", re.split(r"[\s,;]+", value.strip())[0])
    if not re.fullmatch(r"[A-Za-z]{2,3}", parts[0]):
        return default
    if len(parts) == 1 and parts[0].lower() in _COUNTRY_FOR_LANGUAGE:
        return _COUNTRY_FOR_LANGUAGE[parts[0].lower()]
    tag = [parts[0].lower()]
    for part in parts[1:]:
        tag.append(part.upper() if len(part) == 2 else part.title() if len(part) == 4
                   else part)
    return "-".join(tag)


_CJK_CHAR = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
_LATIN_LETTER = re.compile(r"[A-Za-z]")
_FENCED = re.compile(r"^[ \t]*(```|~~~).*?^[ \t]*\1", re.MULTILINE | re.DOTALL)


_KANA = re.compile(r"[\u3040-\u30ff]")
_HANGUL = re.compile(r"[\uac00-\ud7af]")


def guess_language(texts: list[str]) -> str:
    """What the posts are written in, for a site whose settings do not say: `zh-CN` when
    CJK characters are a tenth or more of the letters of their prose (Chinese posts
    carry English terms; English posts the odd Chinese word), else `en`; `ja` when a
    fifth of those are kana, `ko` when half are Hangul (a Japanese blog read as Chinese
    had its pages' `lang` say so, and Chinese glyphs drawn for its kanji). Code blocks
    are left out: they are English whatever the prose is."""
    cjk = latin = kana = hangul = 0
    for text in texts:
        prose = _FENCED.sub("", text)
        cjk += len(_CJK_CHAR.findall(prose))
        latin += len(_LATIN_LETTER.findall(prose))
        kana += len(_KANA.findall(prose))
        hangul += len(_HANGUL.findall(prose))
    if not cjk or cjk * 10 < cjk + latin:
        return "en"
    return "ja" if kana * 5 >= cjk else "ko" if hangul * 2 >= cjk else "zh-CN"

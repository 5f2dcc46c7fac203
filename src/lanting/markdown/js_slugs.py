"""The two JavaScript slug packages sites built with Node (Eleventy above all) made their
heading ids and URLs with, so that `#links` and addresses written for those keep working:
@sindresorhus/slugify (Eleventy's `slugify` filter, with camel case kept whole) and the
npm package `slugify` (Eleventy's `slug` filter, with `lower: true`; sites give it
`strict: true` too, or their own `remove` pattern)."""

from __future__ import annotations

import re
import unicodedata

_COMBINING = re.compile(r"[\u0300-\u036f]")

_TRANSLITERATED = str.maketrans({"ß": "ss", "ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae",
                                 "Ö": "Oe", "Ü": "Ue", "æ": "ae", "Æ": "AE", "ø": "o",
                                 "Ø": "O", "œ": "oe", "Œ": "OE", "đ": "d", "ł": "l",
                                 "&": " and ", "♥": " love "})


def _decamelize(text: str) -> str:
    """@sindresorhus/slugify's `decamelize` (its default): `PyTorch` → `Py Torch`, `GPUs`
    kept whole, `HTTPServer` → `HTTP Server`."""
    text = re.sub(r"([A-Z]{2,})(\d+)", r"\1 \2", text)
    text = re.sub(r"([a-z\d]+)([A-Z]{2,})", r"\1 \2", text)
    text = re.sub(r"([a-z\d])([A-Z])", r"\1 \2", text)
    return re.sub(r"([A-Z]+)([A-Z][a-rt-z\d]+)", r"\1 \2", text)


def sindresorhus_slug(text: str, decamelize: bool = True, fallback: str = "section") -> str:
    """@sindresorhus/slugify: `&` as `and`, accents dropped (`ü` as `ue`), camel case
    split (unless `decamelize` is off), then lower case and each run of anything but
    ASCII letters and digits one `-`; Chinese is dropped, as it was."""
    text = _COMBINING.sub("", unicodedata.normalize("NFKD", text.translate(_TRANSLITERATED)))
    if decamelize:
        text = _decamelize(text)
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or fallback


def eleventy_slug(text: str) -> str:
    """Eleventy's `slugify` filter (@sindresorhus/slugify, camel case kept whole), which
    sites give markdown-it-anchor and Eleventy 3's IdAttributePlugin uses
    (`## PyTorch & Déjà vu` → `pytorch-and-deja-vu`)."""
    return sindresorhus_slug(text, decamelize=False)


# (the package's own table, for the characters whose letters without their accents are
# not its reading: symbols as words, ligatures, Greek and Cyrillic letters; each other
# accented Latin letter is its letter)
_CHARMAP = {
    "$": "dollar", "%": "percent", "&": "and", "<": "less", ">": "greater", "|": "or",
    "¢": "cent", "£": "pound", "¤": "currency", "¥": "yen", "©": "(c)", "ª": "a",
    "®": "(r)", "º": "o", "Æ": "AE", "Ð": "D", "Ø": "O", "Þ": "TH", "ß": "ss", "æ": "ae",
    "ð": "d", "ø": "o", "þ": "th", "Đ": "DJ", "đ": "dj", "Ę": "e", "Ī": "i", "ı": "i",
    "Ł": "L", "ł": "l", "Œ": "OE", "œ": "oe", "Ū": "u", "Ə": "E", "ƒ": "f", "ə": "e",
    "–": "-", "‘": "'", "’": "'", "“": '"', "”": '"', "„": '"', "†": "+", "•": "*",
    "…": "...", "€": "euro", "™": "tm", "∂": "d", "∆": "delta", "∑": "sum",
    "∞": "infinity", "♥": "love", "元": "yuan", "円": "yen",
    **dict(zip("ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ",
               "A B G D E Z H 8 I K L M N 3 O P R S T Y F X PS W".split(), strict=True)),
    **dict(zip("αβγδεζηθικλμνξοπρςστυφχψω",
               "a b g d e z h 8 i k l m n 3 o p r s s t y f x ps w".split(), strict=True)),
}
_CYRILLIC = dict(zip("абвгдежзийклмнопрстуфхцчшщъыэюяё",
                     "a b v g d e zh z i j k l m n o p r s t u f h c ch sh sh u y e yu ya yo"
                     .split(), strict=True))
_CHARMAP.update(_CYRILLIC)
_CHARMAP.update({c.upper(): v.capitalize() for c, v in _CYRILLIC.items()})
_CHARMAP.update({"ь": "", "Ь": ""})
_KEPT = re.compile(r"""[^A-Za-z0-9_\s$*+~.()'"!\-:@]+""")
"""What the package drops unless it is given its own `remove` pattern: JavaScript's
`\\w` is ASCII only, so Chinese goes."""


def _mapped(char: str) -> str:
    if char in _CHARMAP:
        return _CHARMAP[char]
    base = _COMBINING.sub("", unicodedata.normalize("NFD", char))
    return base if base != char and base.isascii() else char


def npm_slug(text: str, lower: bool = True, strict: bool = False,
             remove: re.Pattern[str] | None = None, replacement: str = "-",
             fallback: str = "section") -> str:
    """The npm package `slugify` with its options (`lower: true` by default here, as
    Eleventy's `slug` filter and most sites call it): symbols as words (`&` `and`, `%`
    `percent`), accents dropped, all but ASCII letters, digits and `$*_+~.()'"!-:@`
    dropped (or what `remove` matches), with `strict` all but letters and digits, then
    each run of spaces one `-` (`## C++ & CUDA: a tour` → `c++-and-cuda:-a-tour`)."""
    slug = "".join((remove or _KEPT).sub("", " " if char == replacement else _mapped(char))
                   for char in unicodedata.normalize("NFC", text))
    if strict:
        slug = re.sub(r"[^A-Za-z0-9\s]", "", slug)
    slug = re.sub(r"\s+", replacement, slug.strip())
    return (slug.lower() if lower else slug) or fallback

"""Interface strings and date formats per language; a site can override any string.

The strings live in gettext catalogs, `theme/locales/<lang>/LC_MESSAGES/lanting.po`, read
with Babel: an entry's `msgctxt` is the key a template asks for (`t("posts_count", n=3)`),
its `msgid` / `msgid_plural` the English text, its `msgstr[i]` a language's forms, chosen
by the catalog's `Plural-Forms` (English: "1 post", "2 posts"; Chinese: one form).

A site overrides a string per language in `lanting.toml`: `[strings.en] blog = "Notes"`;
a count string with a table of CLDR plural categories,
`posts_count = { one = "{n} note", other = "{n} notes" }`.
"""

from __future__ import annotations

import datetime as dt
import functools
import gettext
import re
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.core import get_global
from babel.messages.pofile import PoFileError, read_po

from lanting.errors import LantingError

LOCALES = Path(__file__).resolve().parents[1] / "theme" / "locales"
"""One folder per catalog, named as gettext names them (`en`, `zh`, `zh_TW`)."""
DOMAIN = "lanting"
SOURCE = "en"
"""The catalog whose `msgid`s are the source text, and the fallback of every other."""
PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")
"""CLDR's plural categories: the keys of a plural override in `lanting.toml`."""

Override = str | dict[str, str]
"""A site's override of one string: a text, or CLDR plural category -> text."""


@dataclass(frozen=True, slots=True)
class Catalog:
    """One language's interface strings, read from its `.po` file."""

    name: str
    """The catalog's folder name, e.g. `zh_TW`."""
    messages: dict[str, tuple[str, ...]]
    """Key (`msgctxt`) -> its forms: one, or one per plural form. Untranslated: absent."""
    plural_keys: frozenset[str]
    """Keys whose entry has a `msgid_plural`: they take `n`."""
    plural_index: Callable[[int], int]
    """`n` -> the index of its form (the catalog's `Plural-Forms`)."""
    nplurals: int


def catalog_path(name: str) -> Path:
    return LOCALES / name / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def available_catalogs() -> tuple[str, ...]:
    """The names of the catalogs the theme ships, sorted."""
    return tuple(sorted(p.parent.parent.name for p in LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po")))


@functools.cache
def load_catalog(name: str) -> Catalog:
    """Read and check one catalog (once per process)."""
    path = catalog_path(name)
    try:
        with path.open("rb") as file:
            po = read_po(file, locale=name, domain=DOMAIN, abort_invalid=True)
    except (OSError, PoFileError, ValueError) as error:
        line = getattr(error, "lineno", None)  # Babel counts lines from 0
        reason = re.sub(r" on \d+$", "", str(error))
        raise LantingError.at(f"cannot read the interface strings: {reason}", path,
                              line + 1 if isinstance(line, int) else None,
                              hint="fix the catalog (docs: Translating)") from None
    messages: dict[str, tuple[str, ...]] = {}
    plural_keys = set()
    for message in po:
        if not message.id or not message.context:
            continue  # the header; an entry without a key is no interface string
        forms = _forms(message.string)
        if message.pluralizable:
            plural_keys.add(message.context)
        if all(forms):  # an untranslated entry falls back to the source catalog
            messages[message.context] = forms
    return Catalog(name, messages, frozenset(plural_keys),
                   gettext.c2py(po.plural_expr), po.num_plurals)


@functools.cache
def source_texts() -> dict[str, tuple[str, ...]]:
    """Key -> the English `msgid` (and `msgid_plural`): what every catalog translates."""
    path = catalog_path(SOURCE)
    with path.open("rb") as file:
        po = read_po(file, locale=SOURCE, domain=DOMAIN)
    return {m.context: _forms(m.id) for m in po if m.id and m.context}


def _forms(value: object) -> tuple[str, ...]:
    """A message's text(s) as Babel gives them: one string, or a tuple for plurals."""
    if isinstance(value, str):
        return (value,)
    return tuple(str(v) for v in value) if isinstance(value, tuple | list) else ("",)


def string_keys() -> frozenset[str]:
    """Every key a template may ask for."""
    return frozenset(source_texts())


def is_plural(key: str) -> bool:
    return len(source_texts().get(key, ())) > 1


def placeholders(text: str) -> set[str]:
    """The `{name}` fields of `text`; ValueError if its braces do not pair."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def _script(locale: Locale) -> str | None:
    if locale.script:
        return locale.script
    likely = get_global("likely_subtags").get(locale.language, "")
    parts = str(likely).split("_")
    return parts[1] if len(parts) > 2 else None


def _locale(tag: str) -> Locale | None:
    try:
        return Locale.parse(tag.replace("-", "_"))
    except (ValueError, UnknownLocaleError):
        return None


@functools.cache
def catalog_name(lang: str) -> str:
    """The catalog for language tag `lang`: the one it names (`zh-TW` -> `zh_TW`), else one
    of its language in its script (`zh-HK` -> `zh_TW`, `zh-CN` -> `zh`), else one of its
    language, else English."""
    names = available_catalogs()
    tag = lang.replace("-", "_").lower()
    for name in names:
        if name.lower() == tag:
            return name
    base = tag.split("_")[0]
    same = [n for n in names if n.split("_")[0].lower() == base]
    wanted = _locale(lang)
    if wanted is not None and len(same) > 1:
        scripts = {n: _script(loc) for n in same if (loc := _locale(n)) is not None}
        in_script = [n for n in same if scripts.get(n) == _script(wanted)]
        same = sorted(in_script or same, key=lambda n: (
            (loc := _locale(n)) is None or loc.territory != wanted.territory, len(n)))
    return same[0] if same else SOURCE


def base_language(lang: str) -> str:
    """`zh-CN` -> `zh`; languages without a catalog fall back to English."""
    return catalog_name(lang).split("_")[0]


@functools.cache
def _plural_category(lang: str) -> Callable[[int], str]:
    locale = _locale(lang)
    if locale is None:
        return lambda n: "one" if n == 1 else "other"
    return lambda n: str(locale.plural_form(n))


def plural_categories(lang: str) -> tuple[str, ...]:
    """The CLDR plural categories language `lang` uses (always with `other`)."""
    locale = _locale(lang)
    if locale is None:
        return PLURAL_CATEGORIES
    tags = set(locale.plural_form.tags) | {"other"}
    return tuple(c for c in PLURAL_CATEGORIES if c in tags)


def _overrides_of(lang: str, overrides: Mapping[str, Mapping[str, Override]]
                  ) -> dict[str, Override]:
    """A site's `[strings.<lang>]` for `lang`: its base language's (`zh`), then its own
    (`zh-TW`) over those (any case)."""
    merged: dict[str, Override] = {}
    base = lang.split("-")[0].lower()
    for wanted in (base, lang.lower()):
        for code, values in overrides.items():
            if code.lower() == wanted:
                merged.update(values)
    return merged


class Strings:
    """The interface strings of one language, as templates call them:
    `t("blog")`, `t("posts_count", n=3)`, `t("tagged", name="RL")`.

    A key with plural forms picks its form by `n`; an `n` that is no integer (a `{n}`
    placeholder a script fills in) takes the general plural, the last form."""

    def __init__(self, lang: str,
                 overrides: Mapping[str, Mapping[str, Override]] | None = None) -> None:
        self.lang = lang
        self.catalog = load_catalog(catalog_name(lang))
        self.source = load_catalog(SOURCE)
        self.overrides = _overrides_of(lang, overrides or {})

    def text(self, key: str, n: Any = None) -> str:
        """The unformatted text of `key` for `n` (the key itself if no catalog has it)."""
        count = n if isinstance(n, int) and not isinstance(n, bool) else None
        override = self.overrides.get(key)
        if isinstance(override, str):
            return override
        if override is not None:
            category = _plural_category(self.lang)(count) if count is not None else "other"
            return override.get(category, override["other"])
        for catalog in (self.catalog, self.source):
            forms = catalog.messages.get(key)
            if forms is not None:
                if len(forms) == 1:
                    return forms[0]
                index = catalog.plural_index(count) if count is not None else len(forms) - 1
                return forms[min(index, len(forms) - 1)]
        return key

    def __call__(self, key: str, /, **values: Any) -> str:
        return self.text(key, values.get("n")).format(**values)

    def as_dict(self) -> dict[str, str]:
        """Every key's text (a plural key's general plural form)."""
        return {key: self.text(key) for key in sorted(source_texts())}


def translator(lang: str, overrides: Mapping[str, Mapping[str, Override]] | None = None
               ) -> Strings:
    """The strings of `lang` with the site's overrides: `t("posts_count", n=2)`."""
    return Strings(lang, overrides)


def strings_for(lang: str, overrides: Mapping[str, Mapping[str, Override]]) -> dict[str, str]:
    """Every interface string of `lang` as one text each (plural keys: the plural form)."""
    return translator(lang, overrides).as_dict()


_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_UNITS = {"zh": ("年", "月", "日"), "ja": ("年", "月", "日"), "ko": ("년 ", "월 ", "일")}
"""Year, month and day written after their numbers, per language that writes dates so
(Korean with a space after the year and the month)."""


def format_date(value: dt.date | dt.datetime, lang: str) -> str:
    """`2026年3月14日` for Chinese and Japanese, `2026년 3월 14일` for Korean, `Mar 14,
    2026` otherwise (locale-independent)."""
    units = _UNITS.get(base_language(lang))
    if units:
        year, month, day = units
        return f"{value.year}{year}{value.month}{month}{value.day}{day}"
    return f"{_MONTHS[value.month - 1]} {value.day}, {value.year}"


def format_dates(start: dt.date, end: dt.date, lang: str) -> str:
    """The days of an event from `start` to `end`, what they share written once:
    `Jun 3–5, 2026`, `Jun 30 – Jul 2, 2026`; `2026年6月3–5日`."""
    if (start.year, start.month, start.day) == (end.year, end.month, end.day):
        return format_date(start, lang)
    units = _UNITS.get(base_language(lang))
    if units:
        year, month, day = units
        if start.year != end.year:
            return f"{format_date(start, lang)}–{format_date(end, lang)}"
        if start.month != end.month:
            return f"{format_date(start, lang)}–{end.month}{month}{end.day}{day}"
        return f"{start.year}{year}{start.month}{month}{start.day}–{end.day}{day}"
    if start.year != end.year:
        return f"{format_date(start, lang)} – {format_date(end, lang)}"
    if start.month != end.month:
        return f"{_MONTHS[start.month - 1]} {start.day} – {format_date(end, lang)}"
    return f"{_MONTHS[start.month - 1]} {start.day}–{end.day}, {start.year}"

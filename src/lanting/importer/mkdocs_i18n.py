"""The languages of an MkDocs site with mkdocs-static-i18n, as Lanting's languages.

`docs_structure: folder` keeps each language's pages in a folder of its own
(`docs/en/x.md`, `docs/zh/x.md`); `suffix` (the default) beside each other (`x.md`,
`x.zh.md`, the default language's `x.en.md` too). The default language's pages were
published at the root, each other's under `/<locale>/`, as Lanting's are; Lanting pairs
translations by file name, so a page is named by its path inside its language (`x.md`).
Languages are `languages: [{locale: en, default: true, name: English}, …]` (1.x) or
`default_language: en` with `languages: {en: English, zh: 中文}` (0.x).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

_TAG = re.compile(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*")


@dataclass(frozen=True, slots=True)
class I18n:
    default: str
    """The default language's locale (`en`): its pages are at the site's root."""
    names: dict[str, str]
    """Each language's locale and its name (`{"en": "English", "zh": "中文"}`)."""
    folders: bool
    """`docs_structure: folder`: a language's pages are under `docs/<locale>/`."""

    @property
    def others(self) -> list[str]:
        return [locale for locale in self.names if locale != self.default]

    def split(self, rel: str) -> tuple[str, str]:
        """(the language of the file at `rel`, "" for the default one; its path inside
        its language): `zh/notes/a.md` → (`zh`, `notes/a.md`), `a.zh.md` → (`zh`,
        `a.md`)."""
        if self.folders:
            first, _, rest = rel.partition("/")
            if rest and first in self.names:
                return ("" if first == self.default else first), rest
            return "", rel
        folder, slash, name = rel.rpartition("/")
        parts = name.split(".")
        if len(parts) > 2 and parts[-2] in self.names:
            lang = parts[-2]
            return ("" if lang == self.default else lang), \
                folder + slash + ".".join(parts[:-2] + parts[-1:])
        return "", rel

    def default_file(self, rel: str) -> str:
        """Where the default language's version of `rel` (a `nav` entry's file) is:
        `en/x.md` in folders, `x.en.md` by suffix."""
        if self.folders:
            return f"{self.default}/{rel}"
        stem, dot, suffix = rel.rpartition(".")
        return f"{stem}.{self.default}.{suffix}" if dot else rel


def i18n_of(options: dict[str, Any] | None) -> I18n | None:
    """The plugin's languages (None without it, or when it names no locale)."""
    if options is None:
        return None
    names: dict[str, str] = {}
    default = str(options.get("default_language") or "")
    languages = options.get("languages")
    if isinstance(languages, dict):  # (0.x: `{en: English}` or `{en: {name: …}}`)
        for locale, value in languages.items():
            name = value.get("name") if isinstance(value, dict) else value
            names[str(locale)] = str(name or locale)
    elif isinstance(languages, list):
        for entry in languages:
            if isinstance(entry, dict) and entry.get("locale"):
                locale = str(entry["locale"])
                names[locale] = str(entry.get("name") or locale)
                if entry.get("default") is True:
                    default = locale
    names = {k: v for k, v in names.items() if _TAG.fullmatch(k)}
    if not names:
        return None
    if default not in names:
        default = next(iter(names))
    return I18n(default, names, str(options.get("docs_structure")) == "folder")


def language_settings(i18n: I18n) -> dict[str, Any]:
    """`language` (the default one, as a tag: `zh` is `zh-CN`, as Material reads it) and
    `[languages.<locale>]` with each other language's name, under its old folder."""
    tag = {"zh": "zh-CN", "zh-hant": "zh-TW", "zh_tw": "zh-TW"}.get(
        i18n.default.lower(), i18n.default.replace("_", "-"))
    return {"language": tag,
            "languages": {locale: {"name": i18n.names[locale]} for locale in i18n.others}}

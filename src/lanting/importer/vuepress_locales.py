"""The locales of a VitePress or VuePress site as Lanting's languages.

`locales: { root: {lang: 'zh-CN'}, en: {lang: 'en-US', link: '/en/'} }` (VitePress) or
`{ "/": {…}, "/en/": {…} }` (VuePress): the root's pages are the default language, each
other locale's folder (`en/`) another language, whose pages keep their `/en/…` URLs.
Lanting pairs translations by file name (`install.md`, `install.en.md`), so a page of
`en/guide/install.md` is named as `guide/install.md` is, without the folder."""

from __future__ import annotations

import re
from dataclasses import dataclass

from lanting.importer.report import Report
from lanting.importer.vuepress_config_keys import JsConfig

_TAG = re.compile(r"[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*")


@dataclass(frozen=True, slots=True)
class Locale:
    folder: str
    """Its folder in the source and in the URLs: `en`."""
    strings: dict[str, str]
    """Its literal settings (`lang`, `title`, `description`, `label`)."""

    @property
    def code(self) -> str:
        """Lanting's language code: the folder's name, which its URLs keep (`/en/`)."""
        return self.folder

    def table(self) -> dict[str, str]:
        """`[languages.<code>]`: its name, title and description."""
        name = self.strings.get("label") or self.strings.get("selectLanguageName") \
            or self.strings.get("selectText")
        return {key: value for key, value in (("name", name),
                                              ("title", self.strings.get("title")),
                                              ("description", self.strings.get("description")))
                if value}


def site_locales(js: JsConfig) -> tuple[list[Locale], list[str]]:
    """(the other locales, the locale keys that name no language folder)."""
    found: list[Locale] = []
    skipped: list[str] = []
    for key, strings in js.locales.items():
        if key in ("/", "root"):
            continue
        folder = (strings.get("link") or key).strip("/")
        if "/" in folder or not _TAG.fullmatch(folder):
            skipped.append(key)
            continue
        found.append(Locale(folder, strings))
    return found, skipped


def split(rel: str, locales: list[Locale]) -> tuple[Locale | None, str]:
    """(the locale a page is in, its path inside the locale's folder)."""
    first, _, rest = rel.partition("/")
    for locale in locales:
        if rest and first == locale.folder:
            return locale, rest
    return None, rel


def with_pages(locales: list[Locale], rels: list[str], report: Report,
               where: str) -> list[Locale]:
    """The locales with a page in their folder. A locale without one (plume's template
    writes `locales: { '/zh/': {}, '/en/': {} }` into the theme's options, with no `en/`
    folder) made no page: as a language it would only add a switch to empty lists."""
    used = [locale for locale in locales if any(split(rel, [locale])[0] for rel in rels)]
    unused = [f"`/{locale.folder}/`" for locale in locales if locale not in used]
    if unused:
        report.note(where, None, "locales " + ", ".join(unused) + " left out: no page in "
                    "their folders, so no language of the new site")
    return used

"""The languages of a Hugo site's pages: which language a content file is in (its
`contentDir`, or a suffix, `x.en.md`), the old URL folder of each language (`/en/…`), and
the translations paired (`translationKey`, else the same path) and given one file name."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from lanting.importer.hugo_settings import HugoLanguage, config_file
from lanting.importer.item import Item
from lanting.importer.report import Report
from lanting.importer.site_language import guess_language, language_tag


class HugoLanguages:
    """The language side of the Hugo importers."""

    report: Report
    source: Path
    config: dict[str, Any]
    content: Path
    language: str
    languages: list[HugoLanguage]
    lang_of: dict[Path, HugoLanguage]
    groups: dict[tuple[str, str], list[Item]]

    def settle_language(self, texts: list[str]) -> None:
        """A starter's `languageCode: en-us` left under `defaultContentLanguage: zh-cn`
        (Stack's, PaperMod's): the theme took its words (dates, reading times, menus)
        by the key, the code named only `<html lang>`. Of the two, the one the posts
        are written in is the site's (a Chinese blog imported as English got English
        dates, words and search)."""
        key = language_tag(self.languages[0].key, "")
        said = self.config.get("defaultcontentlanguage") or self.config.get("languages")
        if len(self.languages) > 1 or not said or not key \
                or _primary(key) == _primary(self.language):
            return  # (unsaid, the key is Hugo's `en`, which no theme was told to speak)
        if _primary(guess_language(texts)) != _primary(key):
            return
        self.report.note(config_file(self.source), None, f"`languageCode` is "
                         f"`{self.language}`, but the theme spoke `{self.languages[0].key}`, "
                         "the language of the posts: the new site is in it (`language` in "
                         "lanting.toml changes it)")
        self.language = key
        self.languages[0] = replace(self.languages[0], code=key)

    def split_language(self, path: Path,
                       languages: list[HugoLanguage]) -> tuple[str, HugoLanguage]:
        """A file's name without its language suffix, and its language (a file without
        one is in its folder's first language: the default in a shared `content/`). A
        site of one language names it too (LoveIt's `index.zh-cn.md` bundles, under
        `defaultContentLanguage = "zh-cn"`): Hugo reads the suffix all the same."""
        stem, dot, suffix = path.stem.rpartition(".")
        for language in self.languages if len(languages) > 1 else languages:
            if dot and suffix.lower() == language.key:
                return stem, language
        return path.stem, languages[0]

    def root_of(self, path: Path) -> Path:
        language = self.lang_of.get(path)
        if language is not None:
            return language.content
        return max((lang.content for lang in self.languages if path.is_relative_to(lang.content)),
                   key=lambda p: len(p.parts), default=self.content)

    def language_of(self, path: Path) -> HugoLanguage:
        return self.lang_of.get(path, self.languages[0])

    def suffix(self, language: HugoLanguage) -> str:
        """The language as an item has it: "" for the default one."""
        return "" if language == self.languages[0] else language.code

    def stem_of(self, path: Path) -> str:
        """A file's name without `.md` and without its language suffix (`x.en.md`: x).
        A site of one language drops its suffix too (`x.en.md` without a `[languages]`
        table, whose one language is Hugo's `en`: the post was at `/posts/x/`, not at
        `/posts/x.en/`); another suffix is a part of the name, as Hugo reads it."""
        return self.split_language(path, self.languages)[0]

    def original_of(self, path: Path) -> Path | None:
        """The default language's version of a file in another language, paired as Hugo
        pairs them by path (`content/zh/x/index.md` and `content/en/x/index.md`;
        `x.zh.md` and `x.md`), or None."""
        language = self.language_of(path)
        if len(self.languages) < 2 or language == self.languages[0]:
            return None
        rel = path.relative_to(self.root_of(path))
        default = self.languages[0].content
        for candidate in (default / rel.with_name(self.stem_of(path) + path.suffix),
                          default / rel):
            if candidate != path and candidate.is_file():
                return candidate
        return None

    def in_folder(self, url: str, language: HugoLanguage, data: dict[str, Any]) -> str:
        """An old URL of a page in `language`: under its folder (`/en/…`) unless the page
        set it whole (`url:`)."""
        if not language.folder or data.get("url") or not url.startswith("/") \
                or url.startswith(language.folder + "/"):
            return url
        return language.folder + url

    def pair(self, item: Item, kind: str, data: dict[str, Any], path: Path,
             bundle: Path | None) -> None:
        """Note the text `item` is a version of: its `translationKey`, else its path in
        its content folder without the language suffix (Hugo's own rule)."""
        if len(self.languages) < 2:
            return
        root = self.root_of(path)
        where = (bundle or path.with_name(self.stem_of(path))).relative_to(root).as_posix()
        key = str(data.get("translationKey") or where)
        self.groups.setdefault((kind, key), []).append(item)

    def name_translations(self) -> None:
        """The versions of one text share a file name (`x.md`, `x.en.md`): the default
        language's slug, else the first version's; a name another text has in a language
        gets `-2`."""
        taken: set[tuple[str, str, str]] = set()
        default = ""
        for (_kind, _key), items in sorted(self.groups.items()):
            ordered = sorted(items, key=lambda i: (i.lang != default, i.number))
            base = name = ordered[0].slug
            n = 1
            while any((item.kind, name, item.lang) in taken for item in ordered):
                n += 1
                name = f"{base}-{n}"
            seen: set[str] = set()
            for item in ordered:
                if item.lang in seen:
                    # (`index.md` and `index.zh-cn.md` in the default language `zh-cn`:
                    # two texts of one language, no translation; sharing a name, the
                    # second file overwrote the first, lost without a word)
                    taken.add((item.kind, item.slug, item.lang))
                    continue
                seen.add(item.lang)
                taken.add((item.kind, name, item.lang))
                if item.lang != default or name != item.slug:
                    item.name = name
                    if item.slug != name and "slug" not in item.front:
                        item.front["slug"] = item.slug  # its own URL name, as Hugo had it
            if len({i.lang for i in ordered}) > 1:
                self.report.convert("translations paired", len(ordered) - 1)


def _primary(tag: str) -> str:
    """`zh` of `zh-CN`: the language, whatever its region or script."""
    return tag.split("-")[0].lower()

"""Sites on jekyll-multiple-languages-plugin: `languages: ["en", "zh"]` in `_config.yml`,
each language's posts in `_i18n/<lang>/_posts/` (one file name for the versions of one
text), its strings in `_i18n/<lang>.yml`, and `{% t about.title %}` in pages and
layouts. The plugin built the site once per language: the first at the site's root,
each other under `/<lang>/`.

The new site has the same languages: a post of another language lives under its folder,
its old URL (`/zh/flowsom/`) kept answering, and the versions of one file are paired as
translations. A page using `{% t key %}` or `{% translate_file x.md %}` has a version in
each language (`jekyll_pages`), its strings and files that language's; a post's or a
page's `title` given per language (`title: {zh: …}`) is its language's."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.liquid import Context, string_argument
from lanting.importer.shelf import Shelf
from lanting.importer.site_language import language_tag
from lanting.importer.text import load_mapping, split_front_matter

_TRANSLATE_FILE = re.compile(r"\{%-?\s*(?:translate_file|tf)\s+((?:(?!%\}).)+?)\s*-?%\}",
                             re.DOTALL)


class I18nPlugin:
    """The plugin's languages and strings of one site (nothing when it does not use it)."""

    def __init__(self, source: Path, config: dict[str, Any]) -> None:
        listed = config.get("languages")
        self.languages: list[str] = [str(x) for x in listed] if isinstance(
            listed, list) and len(listed) > 1 and (source / "_i18n").is_dir() else []
        """The site's languages, the default first; empty: the plugin is not used."""
        self.source = source
        self.strings: dict[str, dict[str, Any]] = {}
        """Each language's strings (`_i18n/en.yml`), by language."""
        for language in self.languages:
            for suffix in (".yml", ".yaml"):
                path = source / "_i18n" / f"{language}{suffix}"
                if path.is_file():
                    self.strings[language] = load_mapping("yaml", read_text(path))[0]
                    break

    @property
    def default(self) -> str:
        """The site's language as the plugin has it (`en`), or ""."""
        return self.languages[0] if self.languages else ""

    def language_of(self, rel: Path) -> str | None:
        """The language of a post at `rel` (`_i18n/zh/_posts/x.md` -> `zh`); None for a
        file outside the plugin's folders."""
        parts = rel.parts
        if len(parts) > 2 and parts[0] == "_i18n" and parts[1] in self.languages:
            return parts[1]
        return None

    def tag(self, language: str) -> str:
        """The language tag of a post's `Item.lang`: "" for the default language."""
        return "" if language == self.default else language_tag(language, language)

    def language_for(self, tag: str) -> str:
        """The plugin's language of an item's `lang` ("": the default one)."""
        base = tag.split("-")[0].lower()
        return next((language for language in self.languages[1:]
                     if tag and self.tag(language).split("-")[0].lower() == base),
                    self.default)

    def file(self, name: str, language: str) -> tuple[Path, str] | None:
        """The file `{% translate_file name %}` included in `language`, and the language
        it is in: `_i18n/<language>/name`, else the default language's, as the plugin
        fell back."""
        for tried in dict.fromkeys((language, self.default)):
            path = self.source / "_i18n" / tried / name.strip().lstrip("/")
            if path.is_file():
                return path, tried
        return None

    def inline_files(self, text: str, language: str, ctx: Context, shelf: Shelf,
                     depth: int = 0) -> str:
        """`{% translate_file about/bio.md %}` (or `{% tf … %}`): the file of
        `_i18n/<language>/` inlined, its Liquid and Markdown then converted with the
        page's; one the plugin could not find, or whose name Liquid made, left in a
        comment with a warning."""

        def one(match: re.Match[str]) -> str:
            name = string_argument(match.group(1))
            if "{{" in name or "{%" in name:
                return shelf.put(ctx.leave(match.group(), "the file's name is made by "
                                           "Liquid: put the file's text in the page"), "R")
            found = self.file(name, language)
            if found is None:
                return shelf.put(ctx.leave(match.group(), f"no `_i18n/{language}/{name}` "
                                           "in the source"), "R")
            file, used = found
            if used != language:
                ctx.warn(match.group(), f"no `_i18n/{language}/{name}`: the {used} text is "
                         "used, as the old site did; translate it in the page")
            ctx.convert("files of jekyll-multiple-languages-plugin (`{% translate_file %}`)")
            inlined = split_front_matter(read_text(file))[2].strip("\n")
            return self.inline_files(inlined, language, ctx, shelf, depth + 1) \
                if depth < 8 else inlined

        return _TRANSLATE_FILE.sub(one, text)

    def string(self, key: str, language: str = "") -> str | None:
        """`about.title` in a language's strings (the default's), or None."""
        found: Any = self.strings.get(language or self.default, {})
        for part in key.split("."):
            if not isinstance(found, dict) or part not in found:
                return None
            found = found[part]
        return None if isinstance(found, (dict, list)) or found is None else str(found)

    def localized_config(self, value: Any, language: str = "") -> Any:
        """`_config.yml` or a page's front matter with each value given per language
        (`title: {en: …, zh: …}`, a bilingual theme's) as `language`'s (the default's)."""
        if not self.languages:
            return value
        if isinstance(value, dict):
            if value and set(value) <= set(self.languages):
                return self.localized_config(localized(value, language or self.default),
                                             language)
            return {k: self.localized_config(v, language) for k, v in value.items()}
        if isinstance(value, list):
            return [self.localized_config(v, language) for v in value]
        return value


def localized(value: Any, language: str) -> Any:
    """A front matter value given per language (`title: {zh: …}`, a bilingual theme's)
    as the value in `language`, or the first one; any other value as it is."""
    if isinstance(value, dict) and value and all(isinstance(k, str) for k in value):
        return value.get(language, next(iter(value.values())))
    return value

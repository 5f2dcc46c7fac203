"""Sites on jekyll-multiple-languages-plugin: `languages: ["en", "zh"]` in `_config.yml`,
each language's posts in `_i18n/<lang>/_posts/` (one file name for the versions of one
text), its strings in `_i18n/<lang>.yml`, and `{% t about.title %}` in pages and
layouts. The plugin built the site once per language: the first at the site's root,
each other under `/<lang>/`.

The new site has the same languages: a post of another language lives under its folder,
its old URL (`/zh/flowsom/`) kept answering, and the versions of one file are paired as
translations. `{% t key %}` becomes the string of the site's language; a post's `title`
given per language (`title: {zh: …}`) is its language's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lanting.importer.common import language_tag, read_text
from lanting.importer.text import load_mapping


class I18nPlugin:
    """The plugin's languages and strings of one site (nothing when it does not use it)."""

    def __init__(self, source: Path, config: dict[str, Any]) -> None:
        listed = config.get("languages")
        self.languages: list[str] = [str(x) for x in listed] if isinstance(
            listed, list) and len(listed) > 1 and (source / "_i18n").is_dir() else []
        """The site's languages, the default first; empty: the plugin is not used."""
        self.strings: dict[str, Any] = {}
        """The default language's strings (`_i18n/en.yml`)."""
        if self.languages:
            for suffix in (".yml", ".yaml"):
                path = source / "_i18n" / f"{self.languages[0]}{suffix}"
                if path.is_file():
                    self.strings, _error = load_mapping("yaml", read_text(path))
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

    def string(self, key: str) -> str | None:
        """`about.title` in the default language's strings, or None."""
        found: Any = self.strings
        for part in key.split("."):
            if not isinstance(found, dict) or part not in found:
                return None
            found = found[part]
        return None if isinstance(found, (dict, list)) or found is None else str(found)


    def localized_config(self, value: Any) -> Any:
        """`_config.yml` or a page's front matter with each value given per language
        (`title: {en: …, zh: …}`, a bilingual theme's) as the default language's."""
        if not self.languages:
            return value
        if isinstance(value, dict):
            if value and set(value) <= set(self.languages):
                return self.localized_config(localized(value, self.default))
            return {k: self.localized_config(v) for k, v in value.items()}
        if isinstance(value, list):
            return [self.localized_config(v) for v in value]
        return value


def localized(value: Any, language: str) -> Any:
    """A front matter value given per language (`title: {zh: …}`, a bilingual theme's)
    as the value in `language`, or the first one; any other value as it is."""
    if isinstance(value, dict) and value and all(isinstance(k, str) for k in value):
        return value.get(language, next(iter(value.values())))
    return value

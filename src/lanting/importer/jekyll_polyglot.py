"""Sites on jekyll-polyglot (the multi-language al-folio): `languages: ["en", "fr"]` and
`default_lang` in `_config.yml`, each page in one language, named by its `lang` or, with
`lang_from_path: true`, by a folder of its path (`_pages/fr/about.md`). Polyglot built
the default language's pages at the root and each other's under `/<lang>/`, the versions
of one page sharing its `permalink`.

The new site has the same languages: a page of another language is that language's
version of the page of the same permalink (`pages/research.fr.md`), the other language's
home text its home page's (`_index.fr.md`). Before, two pages of one permalink were taken
for one page written twice, and the version Jekyll read last (often the French) was kept
at the root."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePath
from typing import Any

from lanting.importer.site_language import language_tag


@dataclass(frozen=True, slots=True)
class Polyglot:
    languages: tuple[str, ...]
    """The site's languages, the default one first."""
    from_path: bool
    """`lang_from_path`: a folder of a page's path named after a language gives it."""

    def language_of(self, rel: PurePath, data: dict[str, Any]) -> str:
        """The language of the page at `rel` (from the site's folder): its `lang`, else
        (with `lang_from_path`) the first folder named after a language, else the
        default one."""
        lang = str(data.get("lang") or "").strip()
        if lang in self.languages:
            return lang
        if self.from_path:
            found = next((part for part in rel.parts[:-1] if part in self.languages), None)
            if found is not None:
                return found
        return self.languages[0]

    def tag(self, data: dict[str, Any]) -> str:
        """The `Item.lang` of a page whose front matter `with_language` gave its language:
        "" for the default one."""
        lang = str(data.get("lang") or "")
        return "" if lang in ("", self.languages[0]) else language_tag(lang, lang)


def polyglot(config: dict[str, Any]) -> Polyglot | None:
    """The site's polyglot settings, or None when it does not use the plugin."""
    plugins = [p for key in ("plugins", "gems") if isinstance(config.get(key), list)
               for p in config[key]]
    listed = config.get("languages")
    if "jekyll-polyglot" not in plugins or not isinstance(listed, list) or len(listed) < 2:
        return None
    languages = [str(x).strip() for x in listed if str(x).strip()]
    default = str(config.get("default_lang") or languages[0]).strip()
    ordered = (default, *(x for x in languages if x != default))
    return Polyglot(ordered, bool(config.get("lang_from_path")))


def with_language(polyglot: Polyglot, source: PurePath, path: PurePath,
              data: dict[str, Any]) -> dict[str, Any]:
    """The page's front matter with its language as `lang` (so two versions of one
    permalink are no longer one page written twice)."""
    return {**data, "lang": polyglot.language_of(path.relative_to(source), data)}

"""The languages of a site: which ones, where each one's pages live, and the configuration
that templates see on that language's pages.

The default language (`language` in `lanting.toml`) is published at the root; every other
language under `/<code>/` (`/en/`). A single-language site has one language and no prefix,
and nothing about it changes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace
from pathlib import PurePosixPath

from lanting.config.i18n import strings_for
from lanting.model.config import Config, LanguageConfig
from lanting.model.config_academic import ProfileConfig

_SUFFIX = re.compile(r"^(?P<stem>.+)\.(?P<lang>[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*)$")


@dataclass(frozen=True, slots=True)
class Language:
    code: str
    """As configured, e.g. `zh-CN`; also the `hreflang` value."""
    name: str
    """The language's name in itself, shown in the language switch ("中文", "English")."""
    prefix: str
    """Output folder of this language's pages: "" for the default language, `en/` otherwise."""

    @property
    def is_default(self) -> bool:
        return not self.prefix


def _settings(config: Config, code: str) -> LanguageConfig:
    if isinstance(config.languages, dict):
        return config.languages.get(code, LanguageConfig())
    return LanguageConfig()


def site_languages(config: Config) -> tuple[Language, ...]:
    """The site's languages, the default one first, then in the order of `languages`."""
    codes = [c for c in config.languages if c.lower() != config.language.lower()]
    result = []
    for code in [config.language, *codes]:
        name = _settings(config, code).name or strings_for(code, config.strings)["language_name"]
        prefix = "" if code == config.language else code.lower() + "/"
        result.append(Language(code, name, prefix))
    return tuple(result)


def is_multilingual(config: Config) -> bool:
    return len(site_languages(config)) > 1


def match_language(tag: str, languages: tuple[Language, ...]) -> Language | None:
    """The site language `tag` names: exactly (any case), else by its primary subtag
    (`zh` or `zh-Hans` for `zh-CN`) when that is unambiguous."""
    for language in languages:
        if language.code.lower() == tag.lower():
            return language
    base = tag.split("-")[0].lower()
    same = [lang for lang in languages if lang.code.split("-")[0].lower() == base]
    return same[0] if len(same) == 1 else None


def filename_language(rel: PurePosixPath,
                      languages: tuple[Language, ...]) -> tuple[str, Language | None]:
    """(the source's name without a language suffix, the language the suffix names).

    `posts/ppo.en.md` -> (`ppo`, en) when `en` is a site language; otherwise the suffix is
    part of the name (`v1.2.md` stays `v1.2`). Only a suffix naming a site language
    exactly (any case) counts, so single-language sites keep their old slugs.
    """
    stem = rel.name.removesuffix(rel.suffix)
    match = _SUFFIX.match(stem)
    if match and len(languages) > 1:
        for language in languages:
            if language.code.lower() == match.group("lang").lower():
                return match.group("stem"), language
    return stem, None


def language_config(config: Config, language: Language) -> Config:
    """The configuration seen by the templates of one language's pages: its UI language,
    its title and menu, and a base URL ending in its folder, so that every link a template
    builds from `config.base_path` (blog, tags, feed, archive, menu) stays in the language."""
    settings = _settings(config, language.code)
    if language.is_default and settings == LanguageConfig():
        return config
    return replace(
        config,
        language=language.code,
        base_url=config.origin + config.base_path + language.prefix if language.prefix
        else config.base_url,
        title=settings.title or config.title,
        description=settings.description or config.description,
        author=settings.author or config.author,
        menu=settings.menu or config.menu,
        profile=_override(config.profile, settings.profile) if settings.profile
        else config.profile,
    )


def _override(base: ProfileConfig, override: ProfileConfig) -> ProfileConfig:
    """`base` with every key `override` sets (differs from the default) replaced."""
    unset = ProfileConfig()
    return replace(base, **{f.name: getattr(override, f.name) for f in fields(override)
                            if getattr(override, f.name) != getattr(unset, f.name)})


def language_dirs(config: Config) -> dict[str, str]:
    """Language code -> output folder prefix, for the languages that have one."""
    return {lang.code: lang.prefix for lang in site_languages(config) if lang.prefix}

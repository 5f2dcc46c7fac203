"""Pelican's translations: articles (and pages) sharing a slug (`ARTICLE_TRANSLATION_ID`,
`PAGE_TRANSLATION_ID`; falsy = none) in different `Lang:` are versions of one text.
Pelican listed one of each group, the original — not marked `Translation: true`, in
`DEFAULT_LANG` when one is — and published the others beside it (`{slug}-{lang}.html`),
linked from it. In the new site each other version is the original's translation in
its own language (`x.md`, `x.zh-CN.md`), under `/<lang>/`. An article alone in another
language stays in the site's language, listed where Pelican listed it."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lanting.importer.report import Report
from lanting.importer.site_language import language_tag


@dataclass(frozen=True)
class Version:
    """A text (article or page) as Pelican grouped it with its translations."""

    key: int
    """The text's number in the import."""
    path: Path
    group: tuple[Any, ...]
    """The item's kind, status and the values of the translation id: equal in a group."""
    lang: str
    """Its `Lang:` (Pelican's `DEFAULT_LANG` when none)."""
    translation: bool
    """`Translation: true`: never the original while the group has another."""


def group_of(kind: str, status: str, meta: dict[str, Any], slug: str,
             translation_id: Any) -> tuple[Any, ...] | None:
    """The group of an item under the translation id (`slug`, a metadata name, or a
    list of them); None when the site pairs no translations."""
    if not translation_id:
        return None
    keys = [translation_id] if isinstance(translation_id, str) else list(translation_id)
    values = [slug if key == "slug" else str(meta.get(str(key).lower()) or "") for key in keys]
    return (kind, status, *values)


def original_of(versions: list[Version], default_lang: str) -> list[Version]:
    """Pelican's originals of a group: those not marked as translations (all when every
    one is), of them those in the default language (all when none is)."""
    candidates = [v for v in versions if not v.translation] or versions
    return [v for v in candidates if v.lang.lower() == default_lang.lower()] or candidates


@dataclass(frozen=True)
class Translations:
    versions: dict[int, tuple[str, int]]
    """By text: its language and the text it translates, for each translation."""
    languages: list[str]
    """The languages of the translations, in the order met."""


def pair_translations(versions: list[Version], default_lang: str,
                      report: Report) -> Translations:
    """Each group's other versions as translations of its original (in their language,
    under its name)."""
    groups: dict[tuple[Any, ...], list[Version]] = defaultdict(list)
    for version in versions:
        groups[version.group].append(version)
    default_tag = language_tag(default_lang, default_lang)
    others: list[str] = []
    paired: dict[int, tuple[str, int]] = {}
    for group in groups.values():
        if len(group) < 2:
            continue
        originals = original_of(group, default_lang)
        if len(originals) > 1:
            report.warn(originals[1].path, None, "two versions of one text (same slug) "
                        f"in `{originals[0].lang}`, neither a translation: "
                        f"{originals[0].path.name} is the other; both kept as they are")
            continue
        original = originals[0]
        taken = {_base(language_tag(original.lang, original.lang))}
        for version in group:
            tag = language_tag(version.lang, version.lang)
            if version is original:
                continue
            if _base(tag) == _base(default_tag):
                report.warn(version.path, None, "a translation into the site's language "
                            f"of {original.path.name} (in `{original.lang}`): kept as a "
                            "text of its own")
                continue
            if _base(tag) in taken:
                report.warn(version.path, None, f"a second version in `{version.lang}` of "
                            f"{original.path.name}: kept as a text of its own")
                continue
            taken.add(_base(tag))
            paired[version.key] = (tag, original.key)
            if tag not in others:
                others.append(tag)
            report.convert("translations (`Lang:`, same slug) as translations")
    return Translations(paired, others)


def _base(tag: str) -> str:
    return tag.split("-", 1)[0].lower()

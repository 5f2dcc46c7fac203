"""Stage 5 — each document's language and its translations (after parse, before routes).

A document's language comes from its file name (`ppo.en.md`) or its `lang` key, else it
is the site's default. Versions of one text share a translation key: `translation_key` in
the front matter, or, for side-by-side files (`ppo.md`, `ppo.en.md`), the path they share.
Mistakes are errors naming every file involved: a key whose versions include none in the
default language (a translation without its original), two versions in one language.

On a single-language site documents pass through unchanged.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from pathlib import PurePosixPath

from lanting.config.languages import Language, filename_language, match_language, site_languages
from lanting.errors import LantingError
from lanting.model.config import Config
from lanting.model.content import Document
from lanting.model.names import slugify
from lanting.model.problem import Problem


@dataclass(frozen=True, slots=True)
class Translations:
    """Which documents are versions of one another."""

    groups: dict[str, tuple[str, ...]]
    """Translation key -> content paths of its versions, in the site's language order."""
    key_of: dict[str, str]
    """Content path -> its translation key."""

    def versions(self, rel: str) -> tuple[str, ...]:
        """The content paths of every version of `rel` (itself included)."""
        key = self.key_of.get(rel)
        return self.groups.get(key, (rel,)) if key is not None else (rel,)


def _shared_path(rel: PurePosixPath, stem: str) -> str:
    """The path that side-by-side versions share: `posts/ppo` for `posts/ppo.en.md`,
    `posts/ppo` for the bundle `posts/ppo/index.en.md`, `_index` for `_index.en.md`."""
    if stem == "index" and len(rel.parts) > 1:
        return rel.parent.as_posix()
    return (rel.parent / stem).as_posix()


def _language_of(doc: Document, languages: tuple[Language, ...],
                 problems: list[Problem]) -> tuple[Language, str]:
    """The document's language and its name without the language suffix."""
    stem, by_name = filename_language(doc.source.rel, languages)
    by_key = None
    codes = ", ".join(lang.code for lang in languages)
    if by_name is None and stem.startswith(("index.", "_index.")):
        problems.append(Problem(
            f"`{doc.source.rel.name}` names the language `{stem.split('.', 1)[1]}`, which is "
            f"not one of the site's languages ({codes})", doc.source.path, 1,
            hint="add it to `languages` in lanting.toml, or rename the file"))
    if doc.meta.lang:
        by_key = match_language(doc.meta.lang, languages)
        line = doc.key_lines.get("lang", 1)
        if by_key is None:
            problems.append(Problem(
                f"lang: `{doc.meta.lang}` is not one of the site's languages ({codes})",
                doc.source.path, line, hint="add it to `languages` in lanting.toml"))
        elif by_name is not None and by_name != by_key:
            problems.append(Problem(
                f"lang: `{doc.meta.lang}` contradicts the file name, which says "
                f"`{by_name.code}`", doc.source.path, line,
                hint="remove `lang`, or rename the file"))
    return by_name or by_key or languages[0], stem


def resolve_languages(documents: list[Document], config: Config) -> list[Document]:
    """Give every document its site language, translation key and (for `x.en.md`) the
    slug `x`; raise LantingError listing every problem."""
    languages = site_languages(config)
    if len(languages) == 1:
        return documents
    problems: list[Problem] = []
    found: list[tuple[Document, Language, str, str]] = []
    explicit_by_path: dict[str, set[str]] = defaultdict(set)
    for doc in documents:
        language, stem = _language_of(doc, languages, problems)
        shared = _shared_path(doc.source.rel, stem)
        found.append((doc, language, stem, shared))
        if doc.meta.translation_key:
            explicit_by_path[shared].add(doc.meta.translation_key)
    result = []
    for doc, language, stem, shared in found:
        # A side-by-side file without its own key joins the key its siblings declare.
        keys = explicit_by_path.get(shared, set())
        key = doc.meta.translation_key or (next(iter(keys)) if len(keys) == 1 else shared)
        slug = doc.meta.slug
        if slug is None and stem != doc.source.rel.stem:
            # `ppo.en.md` is published as …/ppo/, like `ppo.md`; `ppo/index.en.md` too.
            name = doc.source.rel.parent.name if stem == "index" else stem
            slug = slugify(name, fallback="untitled")
        meta = replace(doc.meta, lang=language.code, translation_key=key, slug=slug)
        result.append(replace(doc, meta=meta))
    problems += _check_groups(result, languages)
    if problems:
        raise LantingError(problems)
    return result


def _check_groups(documents: list[Document], languages: tuple[Language, ...]) -> list[Problem]:
    problems: list[Problem] = []
    groups: dict[str, list[Document]] = defaultdict(list)
    for doc in documents:
        groups[doc.meta.translation_key or ""].append(doc)
    default = languages[0].code
    for key, docs in sorted(groups.items()):
        by_lang: dict[str, list[Document]] = defaultdict(list)
        for doc in docs:
            by_lang[doc.meta.lang or default].append(doc)
        for code, same in sorted(by_lang.items()):
            if len(same) > 1:
                names = " and ".join(str(d.source.rel) for d in same)
                problems.append(Problem(
                    f"translation `{key}` has two versions in `{code}`: {names}",
                    same[1].source.path, same[1].key_lines.get("translation_key", 1),
                    hint="give one of them another `translation_key` or `lang`"))
        declared = [d for d in docs if "translation_key" in d.key_lines]
        if declared and default not in by_lang:
            names = ", ".join(str(d.source.rel) for d in docs)
            problems.append(Problem(
                f"translation_key `{key}` has no original in the default language "
                f"`{default}`: only {names}", declared[0].source.path,
                declared[0].key_lines["translation_key"],
                hint=f"add `translation_key: {key}` to the original, or fix the key's spelling"))
    return problems


def group_translations(documents: list[Document], languages: tuple[Language, ...]) -> Translations:
    """Group published documents by translation key (drafts already left out)."""
    order = {lang.code: i for i, lang in enumerate(languages)}
    groups: dict[str, list[Document]] = defaultdict(list)
    for doc in documents:
        if doc.meta.translation_key:
            groups[doc.meta.translation_key].append(doc)
    result: dict[str, tuple[str, ...]] = {}
    key_of: dict[str, str] = {}
    for key, docs in groups.items():
        docs.sort(key=lambda d: order.get(d.meta.lang or "", len(order)))
        result[key] = tuple(d.source.rel.as_posix() for d in docs)
        key_of.update({d.source.rel.as_posix(): key for d in docs})
    return Translations(result, key_of)


def localized_link_maps(documents: list[Document], link_map: dict[str, str],
                        config: Config) -> dict[str, dict[str, str]]:
    """Language code -> the link map its documents render with.

    A link written `[PPO](ppo.md)` inside an English translation leads to the English
    version of `ppo.md` when there is one, so a translator can keep the original's links.
    """
    languages = site_languages(config)
    if len(languages) == 1:
        return {}
    translations = group_translations(documents, languages)
    lang_of = {d.source.rel.as_posix(): d.meta.lang for d in documents}
    maps: dict[str, dict[str, str]] = {}
    for language in languages[1:]:
        mapping = dict(link_map)
        for versions in translations.groups.values():
            mine = [rel for rel in versions if lang_of.get(rel) == language.code]
            if mine and mine[0] in link_map:
                mapping.update({rel: link_map[mine[0]] for rel in versions})
        maps[language.code] = mapping
    return maps

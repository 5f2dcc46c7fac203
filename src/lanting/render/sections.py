"""Stage 9 for every language: each language's pages under its own folder, and one sitemap
with the alternates of every page."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from jinja2 import Environment

from lanting.model.output import Answers, OutputFile, Reads, SitemapEntry
from lanting.model.pages import Page
from lanting.render.pages import PageRenderer, unmapped_outputs
from lanting.render.site_pages import not_found_text, render_pages
from lanting.site.sections import SITE_WIDE, Sections, Version


def render_sections(sections: Sections, env: Environment, asset_urls: dict[str, str],
                    templates_digest: str = "", previous: dict[str, str] | None = None,
                    reusable: Callable[[str], bool] = lambda path: False,
                    keep: dict[str, PageRenderer] | None = None, minify: bool = False,
                    previous_reads: dict[str, Reads] | None = None,
                    only: set[str] | None = None,
                    previous_answers: dict[str, Answers] | None = None) -> list[OutputFile]:
    """Every language's pages (the search page included), each under its language's folder.

    Pages unchanged since the build that wrote `previous` come back without data, as
    `render_pages` does; the alternates are part of every page's inputs (the language
    switch and `hreflang` links), so adding a translation renders every page again.
    Each language's page renderer goes to `keep`, by the language's folder;
    `previous_answers` are what that build's models answered, by the same key
    (`section_answers`).
    """
    default = sections.default
    config = default.config
    previous = previous or {}
    previous_reads = previous_reads or {}
    digest = hashlib.blake2b(repr((templates_digest, sorted(
        (url, repr(v)) for url, v in sections.alternates.items()))).encode(),
        digest_size=16).hexdigest() if len(sections.sections) > 1 else templates_digest
    others = tuple(s.language.prefix for s in sections.sections if s.language.prefix)
    env.globals.update(
        languages=tuple(Version(s.language.code, s.language.name, s.site.config.base_path)
                        for s in sections.sections),
        language_names={s.language.code: s.language.name for s in sections.sections},
        alternates=sections.alternates,
        site_root=config.base_path,
    )
    files: list[OutputFile] = []
    for section in sections.sections:
        prefix = section.language.prefix
        # The renderer sees paths relative to the language's folder.
        mine = _of_language(previous, prefix, others)
        mine_reads = _of_language(previous_reads, prefix, others)
        mine_only = None if only is None else set(_of_language(dict.fromkeys(only), prefix,
                                                               others))

        def own(path: str, prefix: str = prefix) -> bool:
            return reusable(prefix + path)

        renderers: list[PageRenderer] = []
        elsewhere = () if prefix else tuple(  # the root 404 page speaks every language
            not_found_text(other.site) for other in sections.sections if other.language.prefix)
        rendered = render_pages(section.site, env, asset_urls, digest, mine, own, renderers,
                                minify, mine_reads, mine_only, elsewhere, not prefix,
                                (previous_answers or {}).get(prefix))
        if keep is not None:  # by the language's folder
            keep[prefix] = renderers[0]
        if config.search.enabled:
            rendered.append(renderers[0].render("search.html", "search/index.html"))
        if prefix:
            rendered = [replace(f, path=prefix + f.path) for f in rendered
                        if f.path not in SITE_WIDE]
        files += rendered
    if len(sections.sections) > 1 and (only is None or "sitemap.xml" in only):
        entries = _sitemap(sections, files)
        sitemap = PageRenderer(default, env, asset_urls, digest, previous, reusable, minify,
                               previous_reads, only).render("sitemap.xml", "sitemap.xml",
                                                            entries=entries)
        files = [sitemap if f.path == "sitemap.xml" else f for f in files]
    return files


def section_answers(renderers: dict[str, PageRenderer],
                    files: list[OutputFile]) -> dict[str, Answers]:
    """What each language's model (`render_sections`' `keep`) answered to the reads of
    the files in its folder: the next build's `previous_answers`."""
    others = tuple(prefix for prefix in renderers if prefix)
    reads = {f.path: f.reads for f in files if f.reads is not None}
    return {prefix: renderer.model.answers(_of_language(reads, prefix, others).values())
            for prefix, renderer in renderers.items()}


T = TypeVar("T")


def _of_language(values: dict[str, T], prefix: str, others: tuple[str, ...]) -> dict[str, T]:
    """The entries of one language's folder, by paths relative to it."""
    if prefix:
        return {k.removeprefix(prefix): v for k, v in values.items() if k.startswith(prefix)}
    return {k: v for k, v in values.items() if not k.startswith(others)}


def _sitemap(sections: Sections, files: list[OutputFile]) -> list[SitemapEntry]:
    """Every page of every language, with the alternates of those that have them."""
    config = sections.default.config
    dated: dict[str, Page] = {}
    for section in sections.sections:
        for page in (*section.site.posts, *section.site.pages):
            dated[section.language.prefix + page.output] = page
    search_pages = {s.language.prefix + "search/index.html" for s in sections.sections}
    search_pages |= {s.language.prefix + out for s in sections.sections
                     for out in unmapped_outputs(s.site)}
    unlisted = {p.url for s in sections.sections for p in (*s.site.unlisted, *s.site.pages)
                if p.unlisted}
    entries = []
    for f in files:
        if not f.path.endswith("index.html") or f.path in search_pages:
            continue
        dated_page = dated.get(f.path)
        lastmod = (dated_page.updated or dated_page.date) if dated_page else None
        url = config.base_path + f.path.removesuffix("index.html")
        versions = sections.alternates.get(url)
        items = [v for v in versions.items if v.url not in unlisted] if versions else []
        alternates = ((*((v.code, v.url) for v in items),
                       ("x-default", versions.x_default)) if versions and len(items) > 1
                      and versions.x_default not in unlisted else ())
        entries.append(SitemapEntry(url, lastmod, alternates))
    return sorted(entries, key=lambda e: e.url)

"""Stages 5 and 7 for every language: one site model per language, rendered into its own
folder, plus what links the languages together — the alternates of each page
(`<link rel="alternate" hreflang>`, the language switch) and one sitemap listing them.

The default language's section is exactly the single-language site: `assemble` and
`render_pages` run unchanged on each language's documents, with the language's view of
the configuration (`languages.language_config`), so every template link built from
`config.base_path` stays inside the language.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, replace

from jinja2 import Environment

from lanting.assemble import Body, Page, Site, assemble
from lanting.config import Config
from lanting.frontmatter import Document
from lanting.languages import Language, language_config, site_languages
from lanting.markdown import RenderedMarkdown
from lanting.pages import OutputFile, PageRenderer, SitemapEntry, render_pages
from lanting.routes import Routes
from lanting.translations import Translations, group_translations

SITE_WIDE = frozenset({"404.html", "sitemap.xml", "robots.txt"})
"""Files only the default language writes: one per site, at the root."""


@dataclass(frozen=True, slots=True)
class Version:
    """A page in one language, or a language's home (for the language switch)."""

    code: str
    """The language code, also the `hreflang` value."""
    name: str
    url: str
    """Site URL with the base path, unquoted."""


@dataclass(frozen=True, slots=True)
class Versions:
    """Every language version of one page, in the site's language order."""

    items: tuple[Version, ...]
    x_default: str
    """URL of the default-language version (or of the first, if it has none)."""

    def get(self, code: str) -> Version | None:
        return next((v for v in self.items if v.code == code), None)


@dataclass(frozen=True, slots=True)
class Section:
    language: Language
    site: Site
    """The language's own site model: its posts, listings, tags and feed only."""


@dataclass(frozen=True, slots=True)
class Sections:
    sections: tuple[Section, ...]
    """The default language first."""
    alternates: dict[str, Versions]
    """Page URL -> its versions, for pages that exist in more than one language."""
    translations: Translations

    @property
    def default(self) -> Site:
        return self.sections[0].site


Finish = Callable[[Site, "str | None"], Site]
"""Completes a language's site model (the pipeline adds the academic links); called with
the language's code, or None on a single-language site."""


def assemble_sections(config: Config, documents: list[Document],
                      rendered: dict[str, RenderedMarkdown], bodies: dict[str, Body],
                      routes: Routes, finish: Finish = lambda site, code: site) -> Sections:
    languages = site_languages(config)
    if len(languages) == 1:
        site = finish(assemble(config, documents, rendered, bodies, routes), None)
        return Sections((Section(languages[0], site),), {}, Translations({}, {}))
    sections = []
    for language in languages:
        docs = [d for d in documents if d.meta.lang == language.code]
        mine = {d.source.rel.as_posix() for d in docs}
        lconfig = language_config(config, language)
        # Output folders relative to the language's root: its pages render like a site's.
        lroutes = Routes({rel: out.removeprefix(language.prefix)
                          for rel, out in routes.pages.items() if rel in mine},
                         routes.assets, lconfig.base_path)
        site = assemble(lconfig, docs, rendered, bodies, lroutes)
        sections.append(Section(language, finish(site, language.code)))
    translations = group_translations(documents, languages)
    return Sections(tuple(sections), _alternates(tuple(sections), translations, config),
                    translations)


def _listing_paths(site: Site, config: Config) -> list[str]:
    """Paths (relative to a language's root) of the pages every language generates."""
    paths = ["", "blog/", "archive/"] + (["search/"] if config.search.enabled else [])
    academic = site.academic
    if academic and academic.publications:  # the bibliography is every language's
        paths.append("publications/")
        if academic.pages:
            paths += [f"publications/{pub.slug}/" for pub in academic.publications]
    for taxonomy, terms in (("tags", site.tags), ("categories", site.categories),
                            ("series", site.series)):
        if terms:
            paths += [f"{taxonomy}/"] + [f"{taxonomy}/{term.slug}/" for term in terms]
    return paths


def _alternates(sections: tuple[Section, ...], translations: Translations,
                config: Config) -> dict[str, Versions]:
    default_code = sections[0].language.code
    found: dict[str, list[Version]] = {}
    for section in sections:  # listings: the same path under each language's root
        lang, root = section.language, section.site.config.base_path
        for path in _listing_paths(section.site, config):
            found.setdefault(path, []).append(Version(lang.code, lang.name, root + path))
    groups = list(found.values())
    pages: dict[str, tuple[Language, Page]] = {}
    for section in sections:
        site = section.site
        for page in (*site.posts, *site.pages, *((site.home,) if site.home else ())):
            pages[page.rel] = (section.language, page)
    for rels in translations.groups.values():  # content: the versions of one text
        present = [pages[rel] for rel in rels if rel in pages]
        groups.append([Version(lang.code, lang.name, page.url) for lang, page in present])
    alternates: dict[str, Versions] = {}
    for group in groups:
        if len(group) < 2:
            continue
        x_default = next((v.url for v in group if v.code == default_code), group[0].url)
        versions = Versions(tuple(group), x_default)
        alternates.update({v.url: versions for v in group})
    return alternates


def render_sections(sections: Sections, env: Environment, asset_urls: dict[str, str],
                    templates_digest: str = "", previous: dict[str, str] | None = None,
                    reusable: Callable[[str], bool] = lambda path: False,
                    keep: dict[str, PageRenderer] | None = None,
                    reading_in_listings: bool = True, minify: bool = False) -> list[OutputFile]:
    """Every language's pages (the search page included), each under its language's folder.

    Pages unchanged since the build that wrote `previous` come back without data, as
    `render_pages` does; the alternates are part of every page's inputs (the language
    switch and `hreflang` links), so adding a translation renders every page again.
    Each language's page renderer goes to `keep`, by the language's folder.
    """
    default = sections.default
    config = default.config
    previous = previous or {}
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
        mine = ({k.removeprefix(prefix): v for k, v in previous.items() if k.startswith(prefix)}
                if prefix else {k: v for k, v in previous.items() if not k.startswith(others)})

        def own(path: str, prefix: str = prefix) -> bool:
            return reusable(prefix + path)

        renderers: list[PageRenderer] = []
        rendered = render_pages(section.site, env, asset_urls, digest, mine, own, renderers,
                                reading_in_listings, minify)
        if keep is not None:  # by the language's folder
            keep[prefix] = renderers[0]
        if config.search.enabled:
            renderer = PageRenderer(section.site, env, asset_urls, digest, mine, own,
                                    reading_in_listings=reading_in_listings, minify=minify)
            rendered.append(renderer.render("search.html", "search/index.html", key=()))
        if prefix:
            rendered = [replace(f, path=prefix + f.path) for f in rendered
                        if f.path not in SITE_WIDE]
        files += rendered
    if len(sections.sections) > 1:
        entries = _sitemap(sections, files)
        sitemap = PageRenderer(default, env, asset_urls, digest, previous, reusable,
                               reading_in_listings=reading_in_listings, minify=minify).render(
            "sitemap.xml", "sitemap.xml", key=("sitemap", repr(entries)), entries=entries)
        files = [sitemap if f.path == "sitemap.xml" else f for f in files]
    return files


def _sitemap(sections: Sections, files: list[OutputFile]) -> list[SitemapEntry]:
    """Every page of every language, with the alternates of those that have them."""
    config = sections.default.config
    dated: dict[str, Page] = {}
    for section in sections.sections:
        for page in (*section.site.posts, *section.site.pages):
            dated[section.language.prefix + page.output] = page
    search_pages = {s.language.prefix + "search/index.html" for s in sections.sections}
    entries = []
    for f in files:
        if not f.path.endswith("index.html") or f.path in search_pages:
            continue
        dated_page = dated.get(f.path)
        lastmod = (dated_page.updated or dated_page.date) if dated_page else None
        url = config.base_path + f.path.removesuffix("index.html")
        versions = sections.alternates.get(url)
        alternates = ((*((v.code, v.url) for v in versions.items),
                       ("x-default", versions.x_default)) if versions else ())
        entries.append(SitemapEntry(url, lastmod, alternates))
    return sorted(entries, key=lambda e: e.url)

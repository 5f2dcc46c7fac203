"""Stage 8 for every language: one site model per language, rendered (stage 9) into its own
folder, plus what links the languages together — the alternates of each page
(`<link rel="alternate" hreflang>`, the language switch) and one sitemap listing them.

The default language's section is exactly the single-language site: `assemble` and
`render_pages` run unchanged on each language's documents, with the language's view of
the configuration (`languages.language_config`), so every template link built from
`config.base_path` stays inside the language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from lanting.config.languages import Language, language_config, site_languages
from lanting.content.translations import Translations, group_translations
from lanting.model.config import Config
from lanting.model.content import Document
from lanting.model.markdown import RenderedMarkdown
from lanting.model.pages import Body, Page
from lanting.model.site import Routes, Site
from lanting.site.assemble import assemble
from lanting.site.related import ChooseRelated, related_posts

SITE_WIDE = frozenset({"sitemap.xml", "robots.txt"})
"""Files only the default language writes: one per site, at the root. (Each language has
its own `404.html`, for hosts that serve a folder's own one.)"""


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
                      routes: Routes, finish: Finish = lambda site, code: site,
                      choose_related: ChooseRelated = related_posts) -> Sections:
    languages = site_languages(config)
    if len(languages) == 1:
        site = finish(assemble(config, documents, rendered, bodies, routes, choose_related),
                      None)
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
        site = assemble(lconfig, docs, rendered, bodies, lroutes, choose_related)
        sections.append(Section(language, finish(site, language.code)))
    translations = group_translations(documents, languages)
    return Sections(tuple(sections), _alternates(tuple(sections), translations, config),
                    translations)


def _listing_paths(site: Site, config: Config) -> list[str]:
    """Paths (relative to a language's root) of the pages every language generates."""
    paths = ["", "blog/", "archive/"] + (["search/"] if config.search.enabled else [])
    paths += ["cv/"] if site.cv else []  # every language shows the CV (cv.en.yaml or cv.yaml)
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
        for page in (*site.posts, *site.unlisted, *site.pages,
                     *((site.home,) if site.home else ())):
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



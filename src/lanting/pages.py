"""Stage 7 — render every output page from the site model with the templates, in memory."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import Environment, TemplateError

from lanting import __version__
from lanting.assemble import Page, Site, Term, quote_url
from lanting.errors import LantingError
from lanting.i18n import strings_for


@dataclass(frozen=True, slots=True)
class OutputFile:
    path: str
    """Relative to the output folder, POSIX separators."""
    data: bytes


@dataclass(frozen=True, slots=True)
class SitemapEntry:
    url: str
    lastmod: dt.datetime | None
    alternates: tuple[tuple[str, str], ...] = ()
    """(hreflang, URL) of each language version, `x-default` last; empty if it has none."""


def _translator(lang: str, overrides: dict[str, dict[str, str]]) -> Callable[..., str]:
    strings = strings_for(lang, overrides)

    def t(key: str, **values: Any) -> str:
        return strings.get(key, key).format(**values)

    return t


class PageRenderer:
    """Holds what every template sees; `render` fills in what one page sees."""

    def __init__(self, site: Site, env: Environment, asset_urls: dict[str, str]) -> None:
        self.site = site
        self.env = env
        config = site.config
        latest = max((p.updated or p.date for p in site.posts if p.date), default=None)
        self.common: dict[str, Any] = {
            "site": site,
            "config": config,
            "version": __version__,
            "build_year": latest.year if latest else dt.date.today().year,
            "asset": asset_urls.__getitem__,
            "assets": asset_urls,
            "absolute": self.absolute,
            "link": self.link,
            "part_number": lambda series, page: next(
                (i + 1 for i, p in enumerate(series.posts) if p.url == page.url), 0),
        }

    def absolute(self, url: str) -> str:
        return self.site.config.origin + quote_url(url)

    def link(self, url: str) -> str:
        """A menu URL: root-relative ones get the base path."""
        if url.startswith("/") and not url.startswith("//"):
            return self.site.config.base_path + url.lstrip("/")
        return url

    def render(self, template: str, path: str, lang: str | None = None, **context: Any) -> OutputFile:
        lang = lang or self.site.config.language
        canonical = "/" + path.removesuffix("index.html") if path.endswith(".html") else "/" + path
        canonical = self.site.config.base_path + canonical.lstrip("/")
        values = {
            **self.common,
            "lang": lang,
            "t": _translator(lang, self.site.config.strings),
            "canonical": canonical,
            "current_section": lambda href: href != self.site.config.base_path
            and canonical.startswith(href),
            **context,
        }
        try:
            text = self.env.get_template(template).render(values)
        except TemplateError as error:
            name = getattr(error, "filename", None) or template
            line = getattr(error, "lineno", None)
            raise LantingError.at(f"template error while rendering /{path}: {error.message}",
                                  Path(name), line) from None
        return OutputFile(path, text.encode("utf-8"))


def _term_pages(r: PageRenderer, taxonomy: str, terms: tuple[Term, ...]) -> list[OutputFile]:
    if not terms:
        return []
    files = [r.render("terms.html", f"{taxonomy}/index.html", taxonomy=taxonomy, terms=terms)]
    for term in terms:
        files.append(r.render("term.html", f"{taxonomy}/{term.slug}/index.html",
                              taxonomy=taxonomy, term=term))
    return files


def render_pages(site: Site, env: Environment, asset_urls: dict[str, str]) -> list[OutputFile]:
    r = PageRenderer(site, env, asset_urls)
    files = [r.render("home.html", "index.html", page=site.home)]
    files.append(r.render("blog.html", "blog/index.html"))
    files += [r.render("post.html", p.output, lang=p.lang, page=p) for p in site.posts]
    files += [r.render("page.html", p.output, lang=p.lang, page=p) for p in site.pages]
    files += _term_pages(r, "tags", site.tags)
    files += _term_pages(r, "categories", site.categories)
    if site.series:
        files.append(r.render("series_list.html", "series/index.html"))
        files += [r.render("series.html", f"series/{s.slug}/index.html", series=s)
                  for s in site.series]
    files.append(r.render("archive.html", "archive/index.html"))
    files.append(r.render("404.html", "404.html"))
    feed_posts = site.posts[: site.config.feed.limit]
    latest = max((p.updated or p.date for p in feed_posts if p.date),
                 default=dt.datetime(1970, 1, 1, tzinfo=dt.UTC))
    files.append(r.render("atom.xml", "atom.xml", posts=feed_posts, feed_updated=latest))
    files.append(r.render("sitemap.xml", "sitemap.xml", entries=_sitemap(site, files)))
    files.append(r.render("robots.txt", "robots.txt"))
    return files


def _sitemap(site: Site, files: list[OutputFile]) -> list[SitemapEntry]:
    dated: dict[str, Page] = {p.output: p for p in (*site.posts, *site.pages)}
    entries = []
    for f in files:
        if not f.path.endswith("index.html"):
            continue
        page = dated.get(f.path)
        url = site.config.base_path + f.path.removesuffix("index.html")
        entries.append(SitemapEntry(url, (page.updated or page.date) if page else None))
    return sorted(entries, key=lambda e: e.url)


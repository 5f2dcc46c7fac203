"""Stage 7 — render every output page from the site model with the templates, in memory."""

from __future__ import annotations

import copy as _copy
import datetime as dt
import hashlib
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from jinja2 import Environment, TemplateError

from lanting import __version__
from lanting.config.i18n import strings_for
from lanting.errors import LantingError
from lanting.model.content import Kind
from lanting.model.digest import stable_repr
from lanting.model.output import OutputFile, SitemapEntry
from lanting.model.site import Page, Site, Term
from lanting.render.minify import minify
from lanting.render.sharing import sharing_helpers
from lanting.site.assemble import quote_url


def _translator(lang: str, overrides: dict[str, dict[str, str]]) -> Callable[..., str]:
    strings = strings_for(lang, overrides)

    def t(key: str, **values: Any) -> str:
        return strings.get(key, key).format(**values)

    return t


def _digest(*parts: object) -> str:
    return hashlib.blake2b(repr(parts).encode(), digest_size=16).hexdigest()


def _listing(page: Page, reading_time: bool = True) -> str:
    """A digest of what listings show of a page (and what a post page shows of its
    neighbours); the reading time only if a listing template shows it."""
    return _digest(page.url, page.title, page.date, page.updated, page.summary, page.tags,
                   page.categories, page.series, page.series_order, page.draft, page.lang,
                   page.reading_minutes if reading_time else None, sorted(page.features),
                   page.cover)


class PageRenderer:
    """Holds what every template sees; `render` fills in what one page sees.

    Each output file gets a fingerprint of its inputs. A file whose fingerprint equals
    the previous build's is not rendered again: the writer keeps the old file.
    """

    def __init__(self, site: Site, env: Environment, asset_urls: dict[str, str],
                 templates_digest: str = "", previous: dict[str, str] | None = None,
                 reusable: Callable[[str], bool] = lambda path: False,
                 reading_in_listings: bool = True, minify: bool = False) -> None:
        self.site = site
        self.minify = minify
        """Minify the HTML pages (`lanting build`; `[build] minify`)."""
        self.env = env
        self.reading_in_listings = reading_in_listings
        """Whether a listing template shows pages' reading time
        (`templates.listings_show_reading_time`)."""
        self.previous = previous or {}
        self.reusable = reusable
        config = site.config
        latest = max((p.updated or p.date for p in site.posts if p.date), default=None)
        build_year = latest.year if latest else 1970
        everything = (*site.posts, *site.pages, *((site.home,) if site.home else ()))
        self._listings = {id(p): _listing(p, reading_in_listings) for p in everything}
        self._series_digests: dict[str, str] = {}
        # Publications and talks show on the home page and beside posts: a change there
        # renders every page again (rare, and always right).
        self.site_digest = _digest(__version__, stable_repr(config), templates_digest,
                                   sorted(asset_urls.items()), build_year,
                                   stable_repr(site.academic))
        self.listing_digest = _digest([self._listings[id(p)] for p in everything],
                                      site.home.body.digest if site.home else "")
        self.content_digest = _digest(self.listing_digest, [p.body.digest for p in everything])
        self.listing_key: tuple[object, ...] = ("listing", self.listing_digest)
        self.common: dict[str, Any] = {
            "site": site,
            "config": config,
            "version": __version__,
            "build_year": build_year,
            "asset": asset_urls.__getitem__,
            "assets": asset_urls,
            "absolute": self.absolute,
            "link": self.link,
            "part_number": lambda series, page: next(
                (i + 1 for i, p in enumerate(series.posts) if p.url == page.url), 0),
            **sharing_helpers(site, self.absolute, self.link),
        }

    def absolute(self, url: str) -> str:
        return self.site.config.origin + quote_url(url)

    def link(self, url: str) -> str:
        """A menu URL: root-relative ones get the base path — on a multilingual site, the
        language's for a page (`/blog/` is `/en/blog/`) and the site's for a file
        (`/images/me.jpg`, `/cv.pdf`, which exist once)."""
        if url.startswith("/") and not url.startswith("//"):
            name = url.split("#", 1)[0].split("?", 1)[0].rsplit("/", 1)[-1]
            root = self.site.config.base_path
            if "." in name:
                root = str(self.env.globals.get("site_root", root))
            return root + url.lstrip("/")
        return url

    def listing_of(self, page: Page) -> str:
        return self._listings.get(id(page)) or _listing(page, self.reading_in_listings)

    def replacing(self, old: Page, new: Page, site: Site) -> PageRenderer:
        """This renderer for `site`, where `new` took the place of `old` — which listings
        show alike (the caller made sure): every fingerprint stays valid."""
        copy = _copy.copy(self)
        copy.previous = {}  # render, even if an older build had the same page: it is not served
        copy.site = site
        copy.common = {**self.common, "site": site}
        # Keyed by id: only pages of `site` may have an entry (a freed page's id is reused).
        copy._listings = dict(self._listings)
        copy._listings[id(new)] = copy._listings.pop(id(old))
        return copy

    def post_key(self, page: Page) -> tuple[object, ...]:
        """Everything the post template shows: the page, its neighbours, its series."""
        newer, older = self.site.neighbours.get(page.url, (None, None))
        series = self.site.series_of(page)
        # The body's digest covers its headings (and so the table of contents).
        return (self.listing_of(page), page.reading_minutes, page.body.digest, page.toc,
                repr(page.params),
                [(p.url, p.title) for p in (newer, older) if p],
                self._series_digest(series) if series else None,
                [self.site.term_url("tags", tag) for tag in page.tags])

    def _series_digest(self, series: Term) -> str:
        """What a post shows of its series (every part's title and URL), once per series."""
        known = self._series_digests.get(series.name)
        if known is None:
            known = self._series_digests[series.name] = _digest(
                [(p.url, p.title) for p in series.posts])
        return known

    def render(self, template: str, path: str, lang: str | None = None,
               key: tuple[object, ...] | None = None, **context: Any) -> OutputFile:
        """Render `template` to `path`. `key` names everything the page depends on besides
        the site-wide inputs; without one, any change to any page renders it again."""
        fingerprint = _digest(self.site_digest, template, path, lang,
                              key if key is not None else self.content_digest)
        if self.previous.get(path) == fingerprint and self.reusable(path):
            return OutputFile(path, None, fingerprint)
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
        return OutputFile(path, None, fingerprint, partial(self._render, template, path, values))

    def _render(self, template: str, path: str, values: dict[str, Any]) -> bytes:
        try:
            text = self.env.get_template(template).render(values)
            if self.minify and path.endswith(".html"):
                page = values.get("page")
                text = minify(text, page.body.loaded() if isinstance(page, Page) else None)
        except TemplateError as error:
            name = getattr(error, "filename", None) or template
            line = getattr(error, "lineno", None)
            raise LantingError.at(f"template error while rendering /{path}: {error.message}",
                                  Path(name), line) from None
        except Exception as error:  # a Python error raised by template code: blame the template
            name, line = _template_frame(error, template)
            raise LantingError.at(
                f"template error while rendering /{path}: {type(error).__name__}: {error}",
                Path(name), line) from None
        finally:
            page = values.get("page")
            if isinstance(page, Page):
                page.body.release()  # loaded again if another page shows it (the feed)
        return text.encode("utf-8")


def _template_frame(error: BaseException, fallback: str) -> tuple[str, int | None]:
    """File and line of the innermost template frame of `error`'s traceback (Jinja maps
    template code to the template's own file name and line)."""
    found: tuple[str, int | None] = (fallback, None)
    trace = error.__traceback__
    while trace is not None:
        filename = trace.tb_frame.f_code.co_filename
        if filename.endswith((".html", ".xml", ".txt")):
            found = (filename, trace.tb_lineno)
        trace = trace.tb_next
    return found


def content_page(r: PageRenderer, page: Page) -> OutputFile:
    """The page of a post or of a standalone page."""
    if page.kind is Kind.POST:
        return r.render("post.html", page.output, lang=page.lang, key=r.post_key(page),
                        page=page)
    return r.render("page.html", page.output, lang=page.lang,
                    key=(r.listing_of(page), page.reading_minutes, page.body.digest,
                         repr(page.params)), page=page)


def feed(r: PageRenderer) -> OutputFile:
    """The Atom feed of the newest posts (with their text)."""
    posts = r.site.posts[: r.site.config.feed.limit]
    latest = max((p.updated or p.date for p in posts if p.date),
                 default=dt.datetime(1970, 1, 1, tzinfo=dt.UTC))
    return r.render("atom.xml", "atom.xml", key=(r.listing_key, [p.body.digest for p in posts]),
                    posts=posts, feed_updated=latest)


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


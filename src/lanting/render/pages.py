"""Stage 9 — render every output page from the site model with the templates, in memory."""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from jinja2 import Environment, TemplateError

from lanting import __version__
from lanting.config.i18n import Override, translator
from lanting.errors import LantingError
from lanting.model.content import Kind
from lanting.model.digest import stable_repr
from lanting.model.names import alias_output, alias_path
from lanting.model.output import Answers, Made, OutputFile, Reads, SitemapEntry
from lanting.model.pages import Page, Term
from lanting.model.site import Site
from lanting.render.citing import cite_this
from lanting.render.icons import icons_version
from lanting.render.minify import minify
from lanting.render.model_index import ModelIndex
from lanting.render.recording import identity, record_calls, recording, stop
from lanting.render.search_record import search_record
from lanting.render.sharing import sharing_helpers
from lanting.site.assemble import quote_url


def _translator(lang: str, overrides: dict[str, dict[str, Override]]) -> Callable[..., str]:
    """`t("posts_count", n=2)` in templates: the catalogs' text, plural by `n`."""
    return translator(lang, overrides)


def _digest(*parts: object) -> str:
    return hashlib.blake2b(repr(parts).encode(), digest_size=16).hexdigest()


class PageRenderer:
    """Holds what every template sees; `render` fills in what one page sees.

    Each output file gets a fingerprint: the site-wide inputs, the template, the path, the
    values passed in, the file's own page whole, and what its templates read of the rest
    of the site (`recording`). A file whose fingerprint, worked out from the reads the
    previous build recorded for it, equals that build's is not rendered again: the writer
    keeps the old file.
    """

    def __init__(self, site: Site, env: Environment, asset_urls: dict[str, str],
                 templates_digest: str = "", previous: dict[str, str] | None = None,
                 reusable: Callable[[str], bool] = lambda path: False,
                 minify: bool = False, previous_reads: dict[str, Reads] | None = None,
                 only: set[str] | None = None, answers: Answers | None = None) -> None:
        self.site = site
        self.minify = minify
        """Minify the HTML pages (`lanting build`; `[build] minify`)."""
        self.env = env
        self.previous = previous or {}
        """Output path -> fingerprint, of the build that wrote the output."""
        self.previous_reads = previous_reads or {}
        """Output path -> what that build's render of it read; `answers`: what that
        build's model answered to those reads."""
        self.reusable = reusable
        self.only = only
        """Render only these paths (`lanting serve`'s quick path); None: every path."""
        self.templates_digest = templates_digest
        config = site.config
        # (the newest dated text's year, never the clock's: the same input, the same
        # pages; a site of undated pages only shows no year, not 1970)
        latest = max((p.updated or p.date for p in (*site.posts, *site.pages) if p.date),
                     default=None)
        build_year = latest.year if latest else None
        # Publications and talks show on the home page and beside posts: a change there
        # renders every page again (rare, and always right).
        self.site_digest = _digest(__version__, stable_repr(config), templates_digest,
                                   sorted(asset_urls.items()), build_year,
                                   identity(site.academic), icons_version())
        functions: dict[str, Any] = {
            "asset": asset_urls.__getitem__,
            "absolute": self.absolute,
            "link": self.link,
            "part_number": _part_number,
            "cite_this": partial(cite_this, config, self.absolute),
            **sharing_helpers(site, self.absolute, self.link),
        }
        self.model = ModelIndex(site, functions, answers)
        self.common: dict[str, Any] = {
            "site": site,
            "config": config,
            "version": __version__,
            "build_year": build_year,
            "assets": asset_urls,
            **record_calls(functions),
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
            if url.startswith(root):
                return url  # resolved already (a cover: `/proj/images/a.png`, not twice)
            return root + url.lstrip("/")
        return url

    def wants(self, path: str) -> bool:
        """Whether `render` would render `path` (not when `only` leaves it out)."""
        return self.only is None or path in self.only

    def render(self, template: str, path: str, lang: str | None = None,
               **context: Any) -> OutputFile:
        """Render `template` to `path` with `context` (`page`: the page the file shows)."""
        if not self.wants(path):
            return OutputFile(path, None)  # neither reused nor pending: left out
        page = context.get("page")
        own = page if type(page) is Page else None
        passed = {k: v for k, v in context.items() if own is None or k != "page"}
        base = _digest(self.site_digest, template, path, lang, identity(passed),
                       self.model.own(own) if own is not None else "")
        previous, reads = self.previous.get(path), self.previous_reads.get(path)
        if previous is not None and reads is not None and not reads.opaque \
                and self.reusable(path) and reads.own == (own.url if own is not None else None):
            model = self.model
            answer = reads.answer if model.unchanged(reads) else model.digest(reads)
            fingerprint = _digest(base, answer)
            if fingerprint == previous:
                reads.answer = answer
                return OutputFile(path, None, fingerprint, reads=reads)
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
        return OutputFile(path, None, make=partial(self._render, template, path, values, base,
                                                   own))

    def _render(self, template: str, path: str, values: dict[str, Any], base: str,
                own: Page | None) -> Made:
        reads = Reads(own.url if own is not None else None)
        token = recording(reads)
        try:
            text = self.env.get_template(template).render(values)
            if self.minify and path.endswith(".html"):
                text = minify(text, own.body.loaded() if own is not None else None)
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
            stop(token)
            if own is not None:
                own.body.release()  # loaded again if another page shows it (the feed)
        if "lanting-link:" in text and (leak := _UNRESOLVED.search(text)) is not None:
            # (the last line of defence: a link of some Markdown never resolved shipped as
            # `href="lanting-link:0"` and 0 warnings, twice, before this check existed)
            raise LantingError.at(
                f"/{path}: a link Lanting did not resolve (`{leak.group()}`)",
                Path("content") / own.rel if own is not None else Path(template), None,
                hint="a fault of Lanting: please report it, with the source file")
        search = self.site.config.search
        record = search_record(text, path.removesuffix("index.html"), search.exclude) \
            if search.enabled and path.endswith(".html") else None
        reads.answer = self.model.digest(reads)
        return Made(text.encode("utf-8"), _digest(base, reads.answer), reads, record)


_UNRESOLVED = re.compile(r"""\b(?:href|src)=["']?lanting-link:\d+""")
"""A link placeholder left in a page (`markdown.links.PLACEHOLDER`): an attribute's
value, never text (in text or code its quote is escaped)."""


def _part_number(series: Term, page: Page) -> int:
    """Which part of `series` `page` is (1-based; 0 if it is none)."""
    return next((i + 1 for i, p in enumerate(series.posts) if p.url == page.url), 0)


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
    template = {Kind.POST: "post.html", Kind.PROJECT: "project.html"}.get(page.kind, "page.html")
    return r.render(template, page.output, lang=page.lang, page=page)


def _aliased(site: Site) -> tuple[Page, ...]:
    """Every page that may have old URLs: the home, blog and publications pages' texts,
    posts, pages, and the texts of tags', categories' and series' pages."""
    texts = (t.page for t in (*site.tags, *site.categories, *site.series) if t.page)
    lists = (site.home, site.blog, site.publications_page)
    return (*(p for p in lists if p is not None), *site.posts,
            *site.unlisted, *site.pages, *texts)


def redirects(r: PageRenderer, site: Site) -> list[OutputFile]:
    """A redirect page at each old URL of a page (front matter `aliases`)."""
    return [r.render("alias.html", out, lang=page.lang, target=quote_url(page.url))
            for page in _aliased(site) for out in page.aliases]


def config_redirects(r: PageRenderer, site: Site) -> list[OutputFile]:
    """A redirect page at each old path of `[redirects]` (the site's, not a language's)."""
    return [r.render("alias.html", out, target=target)
            for out, target in _config_redirects(site).items()]


def _config_redirects(site: Site) -> dict[str, str]:
    """Output file -> target URL of each `[redirects]` entry (validated at load)."""
    found = {}
    for old, target in sorted(site.config.redirects.items()):
        path = alias_path(old)[0]
        if path is not None:
            found[alias_output(path)] = target if re.match(r"^https?://", target) \
                else quote_url(site.config.base_path + target.lstrip("/"))
    return found


def unmapped_outputs(site: Site) -> frozenset[str]:
    """What no sitemap lists: the output files of `redirects` and `config_redirects`,
    and unlisted pages."""
    return frozenset(out for page in _aliased(site) for out in page.aliases) | frozenset(
        page.output for page in (*site.unlisted, *site.pages) if page.unlisted) | frozenset(
        _config_redirects(site))


def feed(r: PageRenderer) -> OutputFile:
    """The Atom feed of the newest posts (with their text)."""
    posts = r.site.posts[: r.site.config.feed.limit]
    latest = max((p.updated or p.date for p in posts if p.date),
                 default=dt.datetime(1970, 1, 1, tzinfo=dt.UTC))
    return r.render("atom.xml", "atom.xml", posts=posts, feed_updated=latest)


def _sitemap(site: Site, files: list[OutputFile]) -> list[SitemapEntry]:
    dated: dict[str, Page] = {p.output: p for p in (*site.posts, *site.pages)}
    moved = unmapped_outputs(site)
    entries = []
    for f in files:
        if not f.path.endswith("index.html") or f.path in moved:
            continue
        page = dated.get(f.path)
        url = site.config.base_path + f.path.removesuffix("index.html")
        entries.append(SitemapEntry(url, (page.updated or page.date) if page else None))
    return sorted(entries, key=lambda e: e.url)


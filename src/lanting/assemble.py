"""Stage 5 — build the site model: pages with URLs, the blog by year, tags, series,
neighbours. Pure: documents and their rendered HTML in, a `Site` out.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from lanting.config import Config
from lanting.discover import Kind
from lanting.errors import LantingError, Problem
from lanting.frontmatter import Document
from lanting.markdown import Heading, RenderedMarkdown
from lanting.markdown.links import content_target, rebase
from lanting.markdown.slugs import slugify
from lanting.routes import Routes
from lanting.text import minutes_for

if TYPE_CHECKING:
    from lanting.academic import Academic


@dataclass(frozen=True, slots=True)
class Term:
    """A tag or category, or a series, and the posts filed under it (newest first)."""

    name: str
    slug: str
    url: str
    posts: tuple[Page, ...] = ()


class Body:
    """A page's HTML, produced on first use: on an incremental build most pages are not
    re-rendered, so their HTML is never loaded from the cache nor link-resolved."""

    __slots__ = ("_html", "_make", "digest")

    def __init__(self, load: Callable[[], str], digest: str) -> None:
        self._make = load
        self._html: str | None = None
        self.digest = digest
        """Identifies the HTML (content and the URLs of its links) without loading it."""

    @classmethod
    def of(cls, html: str) -> Body:
        return cls(lambda: html, hashlib.blake2b(html.encode(), digest_size=12).hexdigest())

    @property
    def html(self) -> str:
        if self._html is None:
            self._html = self._make()
        return self._html

    def loaded(self) -> str | None:
        """The HTML if it was made (and not released since), without making it."""
        return self._html

    def release(self) -> None:
        """Forget the HTML (it is made again if needed): a big site's pages are not all
        held in memory at once."""
        self._html = None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Body) and other.digest == self.digest

    def __hash__(self) -> int:
        return hash(self.digest)

    def __repr__(self) -> str:
        return f"Body({self.digest})"


@dataclass(frozen=True, slots=True)
class Page:
    kind: Kind
    rel: str
    """Source path relative to `content/`."""
    title: str
    url: str
    """Site URL with the base path, e.g. `/posts/ppo/` (unquoted)."""
    output: str
    """Output file relative to the output folder, e.g. `posts/ppo/index.html`."""
    body: Body
    summary: str
    lang: str
    date: dt.datetime | None = None
    updated: dt.datetime | None = None
    tags: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    series: str | None = None
    series_order: int | None = None
    draft: bool = False
    toc: bool = True
    headings: tuple[Heading, ...] = ()
    reading_minutes: int = 1
    features: frozenset[str] = frozenset()
    """Page-level needs of the content: "math", "mermaid", "code"."""
    params: dict[str, Any] = field(default_factory=dict)
    cover: str | None = None
    """URL of the page's preview image (front matter `cover`), resolved like a link."""

    @property
    def html(self) -> str:
        return self.body.html


@dataclass(frozen=True, slots=True)
class YearGroup:
    year: int
    posts: tuple[Page, ...]


@dataclass(frozen=True, slots=True)
class Site:
    config: Config
    home: Page | None
    posts: tuple[Page, ...]
    """Published posts, newest first."""
    pages: tuple[Page, ...]
    years: tuple[YearGroup, ...]
    tags: tuple[Term, ...]
    categories: tuple[Term, ...]
    series: tuple[Term, ...]
    """Each series' posts in reading order (part 1 first)."""
    neighbours: dict[str, tuple[Page | None, Page | None]]
    """Post URL -> (newer post, older post)."""
    term_index: dict[str, dict[str, Term]] = field(default_factory=dict)
    """Taxonomy -> case-folded term name -> term."""
    academic: Academic | None = None
    """Profile, news, publications and talks (`academic.build_academic`)."""
    _series_by_name: dict[str, Term] = field(default_factory=dict, compare=False, repr=False)

    def series_of(self, page: Page) -> Term | None:
        if not page.series:
            return None
        if not self._series_by_name:  # every post page asks: index once
            self._series_by_name.update((s.name, s) for s in reversed(self.series))
        return self._series_by_name.get(page.series)

    def term_url(self, taxonomy: str, name: str) -> str:
        term = self.term_index.get(taxonomy, {}).get(name.casefold())
        return term.url if term else f"{self.config.base_path}{taxonomy}/{slugify(name)}/"


def _page(doc: Document, rendered: RenderedMarkdown, body: Body, routes: Routes,
          config: Config) -> Page:
    out_dir = routes.pages[doc.source.rel.as_posix()]
    meta = doc.meta
    summary = meta.summary.strip() if meta.summary else rendered.excerpt
    return Page(
        kind=doc.source.kind, rel=doc.source.rel.as_posix(), title=meta.title,
        url=routes.url(out_dir), output=out_dir + "index.html", body=body,
        summary=summary, lang=meta.lang or config.language, date=meta.date,
        updated=meta.updated, tags=meta.tags, categories=meta.categories, series=meta.series,
        series_order=meta.series_order, draft=meta.draft, toc=meta.toc,
        headings=rendered.headings,
        reading_minutes=minutes_for(rendered.cjk_chars, rendered.words,
                                        config.blog.chars_per_minute,
                                        config.blog.words_per_minute),
        features=rendered.features,
        params=meta.params,
        cover=_cover_url(doc, routes),
    )


def _cover_url(doc: Document, routes: Routes) -> str | None:
    """The `cover` of the front matter as a URL: a file of the site (beside a bundle's
    index.md, or any content path) becomes its output URL; other URLs stay as written."""
    cover = doc.meta.cover
    if not cover:
        return None
    target = content_target(cover, doc.source.rel.as_posix())
    if target is None:
        return rebase(cover, routes.base_path)
    if target not in routes.assets:
        raise LantingError.at(f"cover: `{cover}` is not a file of the site", doc.source.path,
                              doc.key_lines.get("cover", 1),
                              hint="put the image beside the post's index.md, or give a URL")
    return routes.url(routes.assets[target])


def _newest_first(page: Page) -> tuple[float, str]:
    stamp = page.date.timestamp() if page.date else 0.0
    return (-stamp, page.rel)


def unique_slugs(names: list[str]) -> dict[str, str]:
    """A distinct URL slug for each name, in sorted order: `C++` and `C` both slugify to
    `c`, so the later one gets `c-2`."""
    slugs: dict[str, str] = {}
    used: set[str] = set()
    for name in sorted(names):
        slug = base = slugify(name)
        counter = 1
        while slug in used:
            counter += 1
            slug = f"{base}-{counter}"
        used.add(slug)
        slugs[name] = slug
    return slugs


def _terms(posts: tuple[Page, ...], taxonomy: str, config: Config) -> tuple[Term, ...]:
    """Tags (or categories) merged case-insensitively: "PPO" and "ppo" are one tag.
    `posts` are newest first, and so are each term's."""
    grouped: dict[str, dict[str, Page]] = defaultdict(dict)
    spellings: dict[str, set[str]] = defaultdict(set)
    for post in posts:
        for name in getattr(post, taxonomy):
            grouped[name.casefold()][post.url] = post
            spellings[name.casefold()].add(name)
    display = {key: min(names) for key, names in spellings.items()}
    slugs = unique_slugs(list(grouped))
    return tuple(
        Term(display[key], slugs[key], f"{config.base_path}{taxonomy}/{slugs[key]}/",
             tuple(grouped[key].values()))  # in the order of `posts`: newest first
        for key in sorted(grouped, key=lambda k: slugs[k])
    )


def _series(posts: tuple[Page, ...], documents: dict[str, Document],
            config: Config) -> tuple[Term, ...]:
    grouped: dict[str, list[Page]] = defaultdict(list)
    for post in posts:
        if post.series:
            grouped[post.series].append(post)
    problems: list[Problem] = []
    result = []
    slugs = unique_slugs(list(grouped))
    for name in sorted(grouped, key=lambda n: slugs[n]):
        parts = grouped[name]
        seen: dict[int, Page] = {}
        for part in parts:
            if part.series_order is None:
                continue
            if part.series_order in seen:
                other = seen[part.series_order]
                doc = documents[part.rel]
                problems.append(Problem(
                    f"series `{name}`: part {part.series_order} is claimed by both "
                    f"{other.rel} and {part.rel}", doc.source.path,
                    doc.key_lines.get("series_order", 1),
                    hint="give each part of a series its own `series_order`"))
            seen[part.series_order] = part
        ordered = sorted(parts, key=lambda p: (
            p.series_order if p.series_order is not None else 10**9,
            p.date.timestamp() if p.date else 0.0, p.rel))
        slug = slugs[name]
        result.append(Term(name, slug, f"{config.base_path}series/{slug}/", tuple(ordered)))
    if problems:
        raise LantingError(problems)
    return tuple(result)


def assemble(
    config: Config,
    documents: list[Document],
    rendered: dict[str, RenderedMarkdown],
    bodies: dict[str, Body],
    routes: Routes,
) -> Site:
    """The site model; `rendered` and `bodies` are keyed by each document's content path."""
    by_rel = {d.source.rel.as_posix(): d for d in documents}
    pages = [_page(d, rendered[rel], bodies[rel], routes, config)
             for d in documents for rel in (d.source.rel.as_posix(),)]
    posts = tuple(sorted((p for p in pages if p.kind is Kind.POST), key=_newest_first))
    years: dict[int, list[Page]] = defaultdict(list)
    for post in posts:
        if post.date:
            years[post.date.year].append(post)
    neighbours = {
        post.url: (posts[i - 1] if i > 0 else None, posts[i + 1] if i + 1 < len(posts) else None)
        for i, post in enumerate(posts)
    }
    tags = _terms(posts, "tags", config)
    categories = _terms(posts, "categories", config)
    return Site(
        config=config,
        home=next((p for p in pages if p.kind is Kind.HOME), None),
        posts=posts,
        pages=tuple(sorted((p for p in pages if p.kind is Kind.PAGE), key=lambda p: p.rel)),
        years=tuple(YearGroup(y, tuple(ps)) for y, ps in sorted(years.items(), reverse=True)),
        tags=tags,
        categories=categories,
        series=_series(posts, by_rel, config),
        neighbours=neighbours,
        term_index={"tags": {t.name.casefold(): t for t in tags},
                    "categories": {t.name.casefold(): t for t in categories}},
    )


def replace_page(site: Site, old: Page, new: Page) -> Site:
    """`site` with `new` wherever it held `old` (a post or page whose text changed, and
    nothing listings show of it)."""

    def swap(pages: tuple[Page, ...]) -> tuple[Page, ...]:
        return tuple(new if p is old else p for p in pages)

    def terms(items: tuple[Term, ...]) -> tuple[Term, ...]:
        return tuple(replace(t, posts=swap(t.posts)) if any(p is old for p in t.posts) else t
                     for t in items)

    tags, categories = terms(site.tags), terms(site.categories)
    return replace(
        site, home=new if site.home is old else site.home, posts=swap(site.posts),
        pages=swap(site.pages),
        years=tuple(replace(y, posts=swap(y.posts)) for y in site.years),
        tags=tags, categories=categories, series=terms(site.series),
        neighbours={url: (new if a is old else a, new if b is old else b)
                    for url, (a, b) in site.neighbours.items()},
        term_index={"tags": {t.name.casefold(): t for t in tags},
                    "categories": {t.name.casefold(): t for t in categories}},
        _series_by_name={})


def quote_url(url: str) -> str:
    """A URL safe for XML and HTTP (Chinese slugs percent-encoded)."""
    return quote(url, safe="/:#?&=%@+~")

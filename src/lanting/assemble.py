"""Stage 5 — build the site model: pages with URLs, the blog by year, tags, series,
neighbours. Pure: documents and their rendered HTML in, a `Site` out.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from lanting.config import Config
from lanting.discover import Kind
from lanting.errors import LantingError, Problem
from lanting.frontmatter import Document
from lanting.markdown import Heading, RenderedMarkdown
from lanting.markdown.slugs import slugify
from lanting.routes import Routes
from lanting.text import reading_minutes

if TYPE_CHECKING:
    from lanting.academic import Academic


@dataclass(frozen=True, slots=True)
class Term:
    """A tag or category, or a series, and the posts filed under it (newest first)."""

    name: str
    slug: str
    url: str
    posts: tuple[Page, ...] = ()


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
    html: str
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
    academic: Academic | None = None
    """Profile, news, publications and talks (`academic.build_academic`)."""

    def series_of(self, page: Page) -> Term | None:
        return next((s for s in self.series if s.name == page.series), None)

    def term_url(self, taxonomy: str, name: str) -> str:
        return f"{self.config.base_path}{taxonomy}/{slugify(name)}/"


def _page(doc: Document, rendered: RenderedMarkdown, routes: Routes, config: Config) -> Page:
    out_dir = routes.pages[doc.source.rel.as_posix()]
    meta = doc.meta
    summary = meta.summary.strip() if meta.summary else rendered.excerpt
    return Page(
        kind=doc.source.kind, rel=doc.source.rel.as_posix(), title=meta.title,
        url=routes.url(out_dir), output=out_dir + "index.html", html=rendered.html,
        summary=summary, lang=meta.lang or config.language, date=meta.date,
        updated=meta.updated, tags=meta.tags, categories=meta.categories, series=meta.series,
        series_order=meta.series_order, draft=meta.draft, toc=meta.toc,
        headings=rendered.headings,
        reading_minutes=reading_minutes(rendered.text, config.blog.chars_per_minute,
                                        config.blog.words_per_minute),
        features=rendered.features | ({"code"} if 'class="code-block' in rendered.html else set()),
        params=meta.params,
    )


def _newest_first(page: Page) -> tuple[float, str]:
    stamp = page.date.timestamp() if page.date else 0.0
    return (-stamp, page.rel)


def _terms(posts: tuple[Page, ...], taxonomy: str, config: Config) -> tuple[Term, ...]:
    grouped: dict[str, list[Page]] = defaultdict(list)
    for post in posts:
        for name in getattr(post, taxonomy):
            grouped[name].append(post)
    by_slug: dict[str, str] = {}
    terms = []
    for name in sorted(grouped, key=lambda n: (slugify(n), n)):
        slug = slugify(name)
        if slug in by_slug:  # "PPO" and "ppo" are one tag
            continue
        by_slug[slug] = name
        same = {p.url: p for n, ps in grouped.items() if slugify(n) == slug for p in ps}
        unique = tuple(sorted(same.values(), key=_newest_first))
        terms.append(Term(name, slug, f"{config.base_path}{taxonomy}/{slug}/", unique))
    return tuple(terms)


def _series(posts: tuple[Page, ...], documents: dict[str, Document],
            config: Config) -> tuple[Term, ...]:
    grouped: dict[str, list[Page]] = defaultdict(list)
    for post in posts:
        if post.series:
            grouped[post.series].append(post)
    problems: list[Problem] = []
    result = []
    for name in sorted(grouped, key=slugify):
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
        slug = slugify(name)
        result.append(Term(name, slug, f"{config.base_path}series/{slug}/", tuple(ordered)))
    if problems:
        raise LantingError(problems)
    return tuple(result)


def assemble(
    config: Config,
    documents: list[Document],
    rendered: dict[str, RenderedMarkdown],
    routes: Routes,
) -> Site:
    by_rel = {d.source.rel.as_posix(): d for d in documents}
    pages = [_page(d, rendered[d.source.rel.as_posix()], routes, config) for d in documents]
    posts = tuple(sorted((p for p in pages if p.kind is Kind.POST), key=_newest_first))
    years: dict[int, list[Page]] = defaultdict(list)
    for post in posts:
        if post.date:
            years[post.date.year].append(post)
    neighbours = {
        post.url: (posts[i - 1] if i > 0 else None, posts[i + 1] if i + 1 < len(posts) else None)
        for i, post in enumerate(posts)
    }
    return Site(
        config=config,
        home=next((p for p in pages if p.kind is Kind.HOME), None),
        posts=posts,
        pages=tuple(sorted((p for p in pages if p.kind is Kind.PAGE), key=lambda p: p.rel)),
        years=tuple(YearGroup(y, tuple(ps)) for y, ps in sorted(years.items(), reverse=True)),
        tags=_terms(posts, "tags", config),
        categories=_terms(posts, "categories", config),
        series=_series(posts, by_rel, config),
        neighbours=neighbours,
    )


def quote_url(url: str) -> str:
    """A URL safe for XML and HTTP (Chinese slugs percent-encoded)."""
    return quote(url, safe="/:#?&=%@+~")

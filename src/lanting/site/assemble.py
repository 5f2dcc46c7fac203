"""Stage 8 — build the site model: pages with URLs, the blog by year, tags, series,
neighbours. Pure: documents and their rendered HTML in, a `Site` out.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from typing import TYPE_CHECKING
from urllib.parse import quote

from lanting.errors import LantingError
from lanting.markdown.links import content_target, rebase
from lanting.markdown.text import minutes_for
from lanting.model.config import Config
from lanting.model.content import Document, FrontMatter, Kind
from lanting.model.markdown import RenderedMarkdown
from lanting.model.names import alias_output, term_slug
from lanting.model.pages import Body, Page, Term, YearGroup
from lanting.model.problem import Problem
from lanting.model.site import Routes, Site
from lanting.site.related import ChooseRelated, related_after, related_keys, related_posts
from lanting.site.routes import term_name

if TYPE_CHECKING:
    pass


def _page(doc: Document, rendered: RenderedMarkdown, body: Body, routes: Routes,
          config: Config) -> Page:
    out_dir = routes.pages[doc.source.rel.as_posix()]
    meta = doc.meta
    return Page(
        kind=doc.source.kind, rel=doc.source.rel.as_posix(),
        title=meta.title or (_title_from_name(doc) if doc.source.kind is Kind.PAGE else ""),
        url=routes.url(out_dir), output=out_dir + "index.html", body=body,
        summary=page_summary(meta, rendered), summary_html=body.summary_html,
        lang=meta.lang or config.language, date=meta.date,
        updated=meta.updated, tags=meta.tags, categories=meta.categories, series=meta.series,
        series_order=meta.series_order, draft=meta.draft, unlisted=meta.unlisted,
        toc=meta.toc, chapter=meta.chapter,
        headings=rendered.headings,
        reading_minutes=minutes_for(rendered.cjk_chars, rendered.words,
                                        config.blog.chars_per_minute,
                                        config.blog.words_per_minute),
        features=page_features(rendered, meta),
        params=meta.params,
        cover=_cover_url(doc, routes),
        aliases=tuple(out for out in dict.fromkeys(alias_output(a) for a in meta.aliases)
                      if out != out_dir + "index.html"),  # its own URL needs no redirect
        citation_style=meta.citation_style, title_html=meta.title_html,
    )


def page_summary(meta: FrontMatter, rendered: RenderedMarkdown) -> str:
    """The summary as text: the front matter's (its Markdown read as text), else the
    body's first paragraph or what comes before `<!-- more -->`."""
    if meta.summary and meta.summary.strip():
        return rendered.summary_text or meta.summary.strip()
    return rendered.excerpt


def page_features(rendered: RenderedMarkdown, meta: FrontMatter) -> frozenset[str]:
    """What the page needs of the theme: its Markdown's needs, and the math font for a
    formula in its title."""
    return rendered.features | {"math"} if meta.title_html else rendered.features


def _title_from_name(doc: Document) -> str:
    """The title of a page without one: its file name (its folder's for an index.md),
    `-` and `_` read as spaces, `about-me.md` -> "About me". Every page shows a heading
    and has a `<title>`."""
    rel = doc.source.rel
    name = rel.parent.name if rel.stem in ("index", "_index") and rel.parent.name else rel.stem
    words = " ".join(name.replace("-", " ").replace("_", " ").split()) or name
    return words[:1].upper() + words[1:]


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
    """A distinct URL slug for each name, in sorted order: names whose slugs still clash
    (`a b` and `a-b`) get `-2`, `-3` after the first."""
    slugs: dict[str, str] = {}
    used: set[str] = set()
    for name in sorted(names):
        slug = base = term_slug(name)
        counter = 1
        while slug in used:
            counter += 1
            slug = f"{base}-{counter}"
        used.add(slug)
        slugs[name] = slug
    return slugs


TermTexts = dict[str, tuple[str, Page]]
"""A taxonomy's term texts (`tags/<name>.md`): term slug -> (the name, its page)."""


def _term_texts(pages: list[Page], documents: dict[str, Document]) -> dict[str, TermTexts]:
    """The term pages' own texts, by taxonomy folder (`tags`, `categories`, `series`)."""
    texts: dict[str, TermTexts] = defaultdict(dict)
    for page in pages:
        if page.kind is Kind.TERM:
            name = term_name(documents[page.rel])
            texts[page.rel.split("/", 1)[0]][term_slug(name)] = (name, page)
    return texts


def _terms(posts: tuple[Page, ...], taxonomy: str, config: Config,
           texts: TermTexts) -> tuple[Term, ...]:
    """Tags (or categories) merged case-insensitively: "PPO" and "ppo" are one tag.
    `posts` are newest first, and so are each term's. A term's text gives it its page;
    a text no post is filed under still makes the term (the check stage warns)."""
    grouped: dict[str, dict[str, Page]] = defaultdict(dict)
    spellings: dict[str, set[str]] = defaultdict(set)
    for post in posts:
        for name in getattr(post, taxonomy):
            grouped[name.casefold()][post.url] = post
            spellings[name.casefold()].add(name)
    display = {key: min(names) for key, names in spellings.items()}
    known = {term_slug(name) for name in display.values()}
    for slug, (name, _) in texts.items():
        if slug not in known:
            grouped[name.casefold()] = {}
            display[name.casefold()] = name
    slugs = unique_slugs(list(grouped))
    return tuple(
        Term(display[key], slugs[key], f"{config.base_path}{taxonomy}/{slugs[key]}/",
             tuple(grouped[key].values()),  # in the order of `posts`: newest first
             _text(texts, display[key]))
        for key in sorted(grouped, key=lambda k: slugs[k])
    )


def _text(texts: TermTexts, name: str) -> Page | None:
    found = texts.get(term_slug(name))
    return found[1] if found else None


def _series(posts: tuple[Page, ...], documents: dict[str, Document],
            config: Config, texts: TermTexts) -> tuple[Term, ...]:
    grouped: dict[str, list[Page]] = defaultdict(list)
    for post in posts:
        if post.series:
            grouped[post.series].append(post)
    known = {term_slug(name) for name in grouped}
    for slug, (name, _) in texts.items():
        if slug not in known:
            grouped[name] = []
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
        result.append(Term(name, slug, f"{config.base_path}series/{slug}/", tuple(ordered),
                           _text(texts, name)))
    if problems:
        raise LantingError(problems)
    return tuple(result)


_LIST_TEXTS = frozenset({Kind.POST, Kind.HOME, Kind.BLOG, Kind.PUBLICATIONS, Kind.TERM})
"""Kinds that are not pages of their own: posts, and the texts of the pages that list."""


def assemble(
    config: Config,
    documents: list[Document],
    rendered: dict[str, RenderedMarkdown],
    bodies: dict[str, Body],
    routes: Routes,
    choose_related: ChooseRelated = related_posts,
) -> Site:
    """The site model; `rendered` and `bodies` are keyed by each document's content path.
    `choose_related`: `related_posts` or what gives the same (`related.remembering`)."""
    by_rel = {d.source.rel.as_posix(): d for d in documents}
    pages = [_page(d, rendered[rel], bodies[rel], routes, config)
             for d in documents for rel in (d.source.rel.as_posix(),)]
    every_post = tuple(sorted((p for p in pages if p.kind is Kind.POST), key=_newest_first))
    posts = tuple(p for p in every_post if not p.unlisted)
    years: dict[int, list[Page]] = defaultdict(list)
    for post in posts:
        if post.date:
            years[post.date.year].append(post)
    neighbours = {
        post.url: (posts[i - 1] if i > 0 else None, posts[i + 1] if i + 1 < len(posts) else None)
        for i, post in enumerate(posts)
    }
    texts = _term_texts(pages, by_rel)
    tags = _terms(posts, "tags", config, texts["tags"])
    categories = _terms(posts, "categories", config, texts["categories"])
    return Site(
        config=config,
        home=next((p for p in pages if p.kind is Kind.HOME), None),
        posts=posts,
        blog=next((p for p in pages if p.kind is Kind.BLOG), None),
        publications_page=next((p for p in pages if p.kind is Kind.PUBLICATIONS), None),
        pages=tuple(sorted((p for p in pages if p.kind not in _LIST_TEXTS),
                           key=lambda p: p.rel)),
        years=tuple(YearGroup(y, tuple(ps)) for y, ps in sorted(years.items(), reverse=True)),
        tags=tags,
        categories=categories,
        series=_series(every_post, by_rel, config, texts["series"]),  # unlisted parts too
        neighbours=neighbours,
        term_index={"tags": {t.name.casefold(): t for t in tags},
                    "categories": {t.name.casefold(): t for t in categories}},
        related=choose_related(posts, config.blog.related_posts),
        unlisted=tuple(p for p in every_post if p.unlisted),
    )


def _related_after(site: Site, old: Page, new: Page,
                   posts: tuple[Page, ...]) -> dict[str, tuple[Page, ...]]:
    """`site.related` once `old` is `new`: followed from the lists before when the edit
    changed what related posts are chosen by (`related_after`: only the posts it can
    reach are ranked again); an edit of the text alone, the common case while writing,
    keeps every list and just swaps the page in."""
    if related_keys(old) != related_keys(new):
        count = site.config.blog.related_posts
        found = related_after(posts, count, {p.url: related_keys(p) for p in site.posts},
                              {url: [p.url for p in pages]
                               for url, pages in site.related.items()})
        return found if found is not None else related_posts(posts, count)
    return {url: tuple(new if p is old else p for p in pages)
            for url, pages in site.related.items()}


def replace_page(site: Site, old: Page, new: Page) -> Site:
    """`site` with `new` wherever it held `old` (a post or page whose text, title or
    summary changed: where it goes in lists is the same)."""

    def swap(pages: tuple[Page, ...]) -> tuple[Page, ...]:
        return tuple(new if p is old else p for p in pages)

    def terms(items: tuple[Term, ...]) -> tuple[Term, ...]:
        return tuple(replace(t, posts=swap(t.posts)) if any(p is old for p in t.posts) else t
                     for t in items)

    tags, categories = terms(site.tags), terms(site.categories)
    posts = swap(site.posts)
    unlisted = swap(site.unlisted)
    academic = site.academic
    if academic is not None:  # publications list the posts about them
        academic = replace(academic, posts_of={key: swap(pages) for key, pages
                                               in academic.posts_of.items()})
    return replace(
        site, academic=academic, home=new if site.home is old else site.home,
        posts=posts,
        pages=swap(site.pages),
        years=tuple(replace(y, posts=swap(y.posts)) for y in site.years),
        tags=tags, categories=categories, series=terms(site.series),
        neighbours={url: (new if a is old else a, new if b is old else b)
                    for url, (a, b) in site.neighbours.items()},
        term_index={"tags": {t.name.casefold(): t for t in tags},
                    "categories": {t.name.casefold(): t for t in categories}},
        related=_related_after(site, old, new, posts), unlisted=unlisted,
        projects=tuple(replace(p, page=new if p.page is old else p.page, posts=swap(p.posts))
                       for p in site.projects),
        teaching=tuple(replace(e, page=new) if e.page is old else e for e in site.teaching),
        people=tuple(replace(g, people=tuple(replace(e, page=new) if e.page is old else e
                                             for e in g.people)) for g in site.people),
        _series_by_name={})


def quote_url(url: str) -> str:
    """A URL safe for XML and HTTP (Chinese slugs percent-encoded)."""
    return quote(url, safe="/:#?&=%@+~")

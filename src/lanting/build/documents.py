"""Stages 4, 5 and 7 of the build (`pipeline.py` orders them): every source parsed and
its Markdown rendered, in worker processes and through the document cache; each
document's language; talks and the home page's news, rendered once URLs are known."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import closing
from dataclasses import replace
from functools import partial
from pathlib import Path

from lanting.build.cache import DocumentCache, settings_fingerprint
from lanting.build.options import Progress
from lanting.build.workers import PARALLEL_THRESHOLD, run_in_order
from lanting.config.languages import language_dirs, site_languages
from lanting.content.documents import load_or_problems, render_context
from lanting.content.frontmatter import parse
from lanting.content.translations import resolve_languages
from lanting.errors import LantingError
from lanting.model.academic import News, Talk
from lanting.model.cite import Reference
from lanting.model.config import Config
from lanting.model.content import Discovery, Document, DocumentSettings, Kind, Loaded, Source
from lanting.model.markdown import MarkdownOptions
from lanting.model.problem import Problem
from lanting.model.site import Routes
from lanting.site.academic import render_news

RENDER_BATCH = 8
"""Sources per task of the Markdown stage (a worker stores a task's results at once)."""


def document_settings(site_dir: Path, config: Config, discovery: Discovery, drafts: bool,
                      references: dict[str, Reference] | None = None) -> DocumentSettings:
    return DocumentSettings(
        site_dir=site_dir,
        options=MarkdownOptions(raw_html=config.markdown.raw_html,
                                cjk_spacing=config.markdown.cjk_spacing,
                                cjk_breaks=config.markdown.cjk_breaks,
                                emoji=config.markdown.emoji,
                                breaks=config.markdown.breaks,
                                heading_ids=config.markdown.heading_ids),
        language=config.language,
        languages=tuple(lang.code for lang in site_languages(config)),
        base_path=config.base_path,
        site_macros=tuple(sorted((k.lstrip("\\"), v)
                                 for k, v in config.markdown.math_macros.items())),
        equation_numbers=config.markdown.equation_numbers,
        mermaid=bool(config.markdown.mermaid),
        drafts=drafts,
        image_sizes={**{a.rel.as_posix(): a.size for a in discovery.assets if a.size},
                     **{"/" + a.rel.as_posix(): a.size for a in discovery.static if a.size}},
        references=references or {},
        citation_style=config.citations.style,
    )


def load_documents(
    sources: list[Source], settings: DocumentSettings, cache: DocumentCache, jobs: int,
    progress: Progress | None, meanwhile: Callable[[], None] | None = None,
) -> list[Loaded]:
    """Parse and render every source (cached ones come from the cache); the problems of
    all files are collected before failing. Fresh results go to the cache as they come
    (stored by the worker that rendered them), and the HTML of each stays there, not in
    memory, until its page is rendered."""
    digest = settings_fingerprint(settings)
    keys = [cache.key(source, digest) for source in sources]
    cached = cache.get_many(dict(zip(keys, sources, strict=True)), settings)
    todo = [(key, s) for key, s in zip(keys, sources, strict=True) if key not in cached]
    problems: list[Problem] = []
    new: dict[str, Loaded] = {}
    # Tasks of a few sources each: a worker stores each task's results in one transaction.
    batches = [todo[i : i + RENDER_BATCH] for i in range(0, len(todo), RENDER_BATCH)]
    look_up = bool(todo) and cache.has_highlights()
    batch_results = run_in_order(
        [partial(_render_batch, batch, settings, cache, look_up) for batch in batches], jobs,
        threshold=PARALLEL_THRESHOLD // RENDER_BATCH, meanwhile=meanwhile)
    with closing(batch_results):  # an interrupted build stops the workers at once
        results = (result for batch in batch_results for result in batch)
        for done, ((key, source), result) in enumerate(zip(todo, results, strict=True), 1):
            if isinstance(result, list):
                problems += result
            elif not problems:  # the source as discovered, not a worker's copy of its text
                new[key] = replace(result, document=replace(result.document, source=source))
            if progress:
                progress("render", done, len(todo))
    if problems:
        raise LantingError(problems)
    if not cache.on_disk:
        new.update(cache.put_many(new.items()))
    return [cached.get(key) or new[key] for key in keys]


def _render_batch(batch: list[tuple[str, Source]], settings: DocumentSettings,
                  cache: DocumentCache, look_up_highlights: bool,
                  ) -> list[Loaded | list[Problem]]:
    with cache.keeping_highlights(look_up_highlights):
        results = [load_or_problems(source, settings) for _, source in batch]
    done = [(key, replace(r, key=key)) for (key, _), r in zip(batch, results, strict=True)
            if not isinstance(r, list)]
    stored = dict(cache.put_many(done)) if cache.on_disk else dict(done)
    return [r if isinstance(r, list) else _without_text(stored[key])
            for (key, _), r in zip(batch, results, strict=True)]


def _without_text(loaded: Loaded) -> Loaded:
    """What a worker sends back: the caller puts its own source in again, so the text
    (most of the pickled result) stays out of the pipe."""
    source = loaded.document.source
    return replace(loaded, document=replace(loaded.document, source=replace(
        source, text=None, digest=source.digest)))


def parse_talks(sources: list[Source], drafts: bool) -> list[Document]:
    """Talk sources, parsed (their slides are rendered once URLs are known)."""
    documents: list[Document] = []
    problems: list[Problem] = []
    for source in sources:
        try:
            doc = parse(source)
        except LantingError as error:
            problems.extend(error.problems)
            continue
        if drafts or not doc.meta.draft:
            documents.append(doc)
    if problems:
        raise LantingError(problems)
    return documents


def with_languages(loaded: list[Loaded], talk_docs: list[Document],
                   config: Config) -> tuple[list[Loaded], list[Document]]:
    """Stage 5 over every parsed source, drafts included (a translation of a draft is
    still a translation): each document gets its language and translation key."""
    documents = resolve_languages([*(item.document for item in loaded), *talk_docs], config)
    return ([item if doc is item.document else replace(item, document=doc)  # one language:
             for item, doc in zip(loaded, documents, strict=False)],      # nothing to do
            documents[len(loaded):])


def render_talks(
    talk_docs: list[Document], routes: Routes, settings: DocumentSettings, config: Config,
    link_maps: dict[str, dict[str, str]] | None = None,
) -> tuple[tuple[Talk, ...], list[Problem]]:
    """Each talk's slides and notes, rendered with the same context a post gets. A talk's
    output path is relative to its language's folder (`sections` adds the folder)."""
    if not talk_docs:
        return (), []
    # Imported here: the slide formats' modules weigh on every start-up, and
    # most builds (and every worker) have no talk to render.
    from lanting.site.talks import render_talk

    link_map = routes.link_map()
    dirs = language_dirs(config)
    talks: list[Talk] = []
    problems: list[Problem] = []
    errors: list[Problem] = []
    for doc in talk_docs:
        out_dir = routes.pages[doc.source.rel.as_posix()]
        own = out_dir.removeprefix(dirs.get(doc.meta.lang or "", ""))
        try:
            talk, found = render_talk(doc, render_context(doc, settings), settings.options,
                                      routes.url(out_dir), own + "index.html",
                                      (link_maps or {}).get(doc.meta.lang or "", link_map))
        except LantingError as error:
            errors.extend(error.problems)
            continue
        talks.append(talk)
        problems.extend((*doc.warnings, *found))
    if errors:
        raise LantingError(errors)
    return tuple(talks), problems


def render_home_news(
    documents: list[Document], routes: Routes, settings: DocumentSettings,
    link_maps: dict[str, dict[str, str]] | None = None,
) -> tuple[dict[str | None, tuple[News, ...]], list[Problem]]:
    """The Markdown of each home page's `news:` items, by language (None on a
    single-language site)."""
    homes = [d for d in documents if d.source.kind is Kind.HOME]
    news: dict[str | None, tuple[News, ...]] = {}
    problems: list[Problem] = []
    for home in homes:
        key = home.meta.lang if link_maps else None
        # News items are front matter: Markdown, but no raw HTML whatever the setting
        # (front matter reaches the home page and feeds, never as markup).
        options = replace(settings.options, raw_html=False)
        items, found = render_news(home, render_context(home, settings), options,
                                   (link_maps or {}).get(home.meta.lang or "",
                                                         routes.link_map()))
        news[key] = items
        problems += found
    return news, problems

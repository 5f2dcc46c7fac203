"""`lanting serve`'s quick path for the change a writer makes all day: the text of a post
or page edited, and nothing that another page shows of it.

A full rebuild already renders only the pages whose inputs changed, but it looks at every
source and every page to find them (about half a second at 4,000 posts). Here the edited
sources are rendered again and compared with their previous version: if their front
matter, summary, reading time, features, formulas' characters, citations, link targets
and anchors are all unchanged, only their own pages and the feed are rendered again, with
the previous build's site model and renderers. Any other change, and any doubt, gives
None: the caller rebuilds, which gives the same pages, only later.

An edit that listings show (a new title, summary or first paragraph) takes the full
rebuild; `early_pages` renders the edited pages themselves first, so that the browser
showing one reloads at once while the rebuild renders the listings.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from lanting.build.cache import DocumentCache, settings_fingerprint
from lanting.build.state import BuildState
from lanting.build.workers import materialize
from lanting.content.documents import load
from lanting.errors import LantingError
from lanting.markdown.render import create_markdown
from lanting.markdown.text import minutes_for
from lanting.model.content import Kind, Loaded, Source
from lanting.model.output import OutputFile
from lanting.model.site import Page
from lanting.output.check import page_ids
from lanting.render.pages import content_page, feed
from lanting.render.templates import compile_templates
from lanting.site.assemble import replace_page
from lanting.site.bodies import page_body
from lanting.site.sections import Section


@dataclass(frozen=True, slots=True)
class QuickUpdate:
    files: tuple[OutputFile, ...]
    """The files rendered again (with data and fingerprint)."""
    state: BuildState
    """The state after the change, for the next one."""
    replaced: tuple[tuple[Loaded, Loaded], ...]
    """(old, new) version of each edited source (for the cache: the new one as loaded,
    before the languages stage)."""


def _same_for_own_page(old: Loaded, new: Loaded) -> bool:
    """`new` renders to its own page as the full rebuild will render it, with the site
    around it as it was: its formulas need no other font subset and it cites the same."""
    a, b = old.rendered, new.rendered
    return (a is not None and b is not None and not a.problems and not b.problems
            and replace(new.document, source=old.document.source,
                        meta=old.document.meta) == old.document
            and a.math_chars == b.math_chars and a.citations == b.citations)


def _same_for_others(old: Loaded, new: Loaded) -> bool:
    """Nothing of `new` that another page or the check stage uses differs from `old`
    (what listings show is compared on the pages)."""
    if not _same_for_own_page(old, new) or new.document.meta != old.document.meta:
        return False
    a, b = old.rendered, new.rendered
    assert a is not None and b is not None
    return a.deps == b.deps and [(x.url, x.target) for x in a.links] == [
        (x.url, x.target) for x in b.links]


def _find(sections: list[Section], rel: str) -> tuple[int, Page] | None:
    for index, section in enumerate(sections):
        for page in (*section.site.posts, *section.site.pages):
            if page.rel == rel:
                return index, page
    return None


@dataclass(frozen=True, slots=True)
class _Edit:
    """One edited source, rendered again, and its page before and after."""

    written: Loaded
    """As loaded (before the languages stage)."""
    new: Loaded
    section: int
    old_page: Page
    new_page: Page


def _edit(state: BuildState, loaded: dict[str, Loaded], sections: list[Section],
          source: Source, cache: DocumentCache, digest: str, listed: bool) -> _Edit | None:
    """`source` rendered again with its new page, or None when the edit changes more
    than its text; with `listed`, also a new title or summary, which listings show."""
    rel = source.rel.as_posix()
    old = loaded.get(rel)
    if old is None or source.kind not in (Kind.POST, Kind.PAGE) or any(
            w.path == source.path for w in state.warnings):
        return None  # not a post or page, or its warnings must be found again
    try:
        written = replace(load(source, state.settings), key=cache.key(source, digest))
    except LantingError:
        return None  # the full rebuild reports it
    recorded, meta = state.front_matter.get(rel), written.document.meta
    if recorded is None or replace(meta, title=recorded.title, summary=recorded.summary) \
            != recorded or (not listed and meta != recorded):
        return None  # where the page goes, or how it is ordered, tagged or translated
    # The languages stage would resolve the rest of the front matter alike.
    meta = replace(old.document.meta, title=meta.title, summary=meta.summary)
    new = replace(written, document=replace(written.document, meta=meta))
    found = _find(sections, rel)
    if found is None or not (_same_for_own_page if listed else _same_for_others)(old, new):
        return None
    index, old_page = found
    section = sections[index]
    config = section.site.config
    rendered = new.rendered
    assert rendered is not None
    link_map = state.link_maps.get(meta.lang or "", state.link_maps[""])
    new_page = replace(
        old_page, title=meta.title, body=page_body(new, cache.html, link_map, state.images),
        headings=rendered.headings, features=rendered.features,
        summary=meta.summary.strip() if meta.summary else rendered.excerpt,
        reading_minutes=minutes_for(rendered.cjk_chars, rendered.words,
                                    config.blog.chars_per_minute,
                                    config.blog.words_per_minute))
    return _Edit(written, new, index, old_page, new_page)


def quick_update(state: BuildState, sources: list[Source], cache: DocumentCache,
                 served: Callable[[str], bytes | None]) -> QuickUpdate | None:
    """The pages of `sources` (edited posts or pages) rendered again, or None if the
    change may show anywhere else. `served(path)`: a file as it is served now."""
    digest = settings_fingerprint(state.settings)
    sections = list(state.sections.sections)
    renderers = dict(state.renderers)
    loaded = dict(state.loaded)
    made: dict[str, OutputFile] = {}
    replaced: list[tuple[Loaded, Loaded]] = []
    for source in sources:
        edit = _edit(state, loaded, sections, source, cache, digest, listed=False)
        if edit is None:
            return None
        section = sections[edit.section]
        prefix, config = section.language.prefix, section.site.config
        renderer = renderers[prefix]
        if renderer.listing_of(edit.new_page) != renderer.listing_of(edit.old_page):
            return None  # listings, tags, series or neighbours show the change
        site = replace_page(section.site, edit.old_page, edit.new_page)
        renderer = renderers[prefix] = renderer.replacing(edit.old_page, edit.new_page, site)
        sections[edit.section] = replace(section, site=site)
        files = [content_page(renderer, edit.new_page)]
        if any(p is edit.new_page for p in site.posts[: config.feed.limit]):
            files.append(feed(renderer))
        files = [replace(f, path=prefix + f.path) for f in materialize(files, jobs=1)
                 if f.data is not None]
        page = prefix + edit.new_page.output
        before, after = served(page), next((f.data for f in files if f.path == page), None)
        if before is None or (after is not None and page_ids(before) != page_ids(after)):
            return None  # links from other pages to its anchors must be checked again
        made.update((f.path, f) for f in files)
        rel = source.rel.as_posix()
        replaced.append((loaded[rel], edit.written))
        loaded[rel] = edit.new
    state = replace(
        state, loaded=loaded, renderers=renderers,
        sections=replace(state.sections, sections=tuple(sections)),
        files=tuple(made.get(f.path, f) for f in state.files))
    return QuickUpdate(tuple(made.values()), state, tuple(replaced))


def early_pages(state: BuildState, sources: list[Source],
                cache: DocumentCache) -> tuple[OutputFile, ...] | None:
    """The own pages of `sources` for an edit that other pages show too — a new title or
    summary, a new first paragraph, new headings — as the full rebuild that must follow
    will render them, so that the browser showing the edited page can reload before the
    listings are done. None if the edit may change more of its own page (its address,
    date, tags, series, language, formulas' font, citations) or any doubt.

    The pages are rendered in the site as it was, with only the edited pages swapped in:
    what they show of other pages did not change. Neither the state nor the feed is
    updated: the full rebuild does both."""
    digest = settings_fingerprint(state.settings)
    sections = list(state.sections.sections)
    edits: list[_Edit] = []
    for source in sources:
        edit = _edit(state, state.loaded, sections, source, cache, digest, listed=True)
        if edit is None:
            return None
        section = sections[edit.section]
        sections[edit.section] = replace(
            section, site=replace_page(section.site, edit.old_page, edit.new_page))
        edits.append(edit)
    made: list[OutputFile] = []
    for edit in edits:  # once all are swapped in: edited neighbours show their new titles
        section = sections[edit.section]
        # This renderer's fingerprint of the page is stale (it keeps the old listing's);
        # the page is served, never recorded.
        renderer = state.renderers[section.language.prefix].replacing(
            edit.old_page, edit.new_page, section.site)
        [page] = materialize([content_page(renderer, edit.new_page)], jobs=1)
        made.append(replace(page, path=section.language.prefix + page.path))
    return tuple(made)


def warm(state: BuildState) -> None:
    """Compile every template and build the Markdown parser in this process — a big
    build did both in its workers only — so that the first quick update is as quick as
    the next (about 0.15 s, once; later calls find them ready)."""
    for env in {id(r.env): r.env for r in state.renderers.values()}.values():
        compile_templates(env)
    create_markdown(state.settings.options)

"""`lanting serve`'s quick path for the change a writer makes all day: the text, title or
summary of a post or page edited.

A full rebuild already renders only the files whose reads changed (`render.recording`),
but it reads every source and assembles the site to find them, which on a big site costs
more than rendering the few files that changed. Here the edited sources are rendered
again and swapped into the previous build's site model; the files whose recorded reads
touch what changed of the edited pages (`Reads.touches`) are rendered again with the same
renderers a build uses, and nothing else. An edit that moves, re-dates, re-tags or
re-files a page, changes its links, its formulas' characters, its citations or its
anchors, or touches more than `QUICK_LIMIT` files, gives None: the caller rebuilds, which
gives the same files, only later.

When the quick path declines, `early_pages` renders the edited pages themselves first, so
that the browser showing one reloads at once while the full rebuild runs.
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
from lanting.model.output import OutputFile, Readers
from lanting.model.pages import Page
from lanting.model.site import Site
from lanting.output.outputs import page_ids
from lanting.render.pages import PageRenderer
from lanting.render.sections import render_sections
from lanting.render.templates import compile_templates
from lanting.site.assemble import page_features, page_summary, replace_page
from lanting.site.bodies import page_body
from lanting.site.note_names import with_note_names
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
    """Nothing of `new` that the check stage or another page's own rendering uses
    differs from `old` — its links and what it included (what other pages show of it is
    found from their recorded reads)."""
    if not _same_for_own_page(old, new):
        return False
    a, b = old.rendered, new.rendered
    assert a is not None and b is not None
    return a.deps == b.deps and all(
        [(x.url, x.target) for x in one] == [(x.url, x.target) for x in other]
        for one, other in ((a.links, b.links), (a.summary_links, b.summary_links)))


_CHANGEABLE = ("title", "title_html", "summary", "summary_html", "body", "headings",
               "reading_minutes", "features")
"""What of a page an edit taken by `_edit` may change (the rest of its front matter is
as it was)."""


def changed_fields(old: Page, new: Page) -> frozenset[str]:
    """The attributes of a page that differ between two versions of it (`html` with its
    body: templates read either)."""
    names = {name for name in _CHANGEABLE if getattr(old, name) != getattr(new, name)}
    if "body" in names:
        names.add("html")
    return frozenset(names)


def _find(sections: list[Section], rel: str) -> tuple[int, Page] | None:
    for index, section in enumerate(sections):
        for page in (*section.site.posts, *section.site.unlisted, *section.site.pages):
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
          source: Source, cache: DocumentCache, digest: str, quick: bool) -> _Edit | None:
    """`source` rendered again with its new page, or None when the edit changes more
    than its text, title and summary; with `quick`, also when it changes its links or
    what it includes (the check stage must see those)."""
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
    if recorded is None or replace(meta, title=recorded.title, title_html=recorded.title_html,
                                   summary=recorded.summary) != recorded:
        return None  # where the page goes, or how it is ordered, tagged or translated
    # The languages stage would resolve the rest of the front matter alike.
    meta = replace(old.document.meta, title=meta.title, title_html=meta.title_html,
                   summary=meta.summary)
    new = with_note_names([replace(written, document=replace(written.document, meta=meta))],
                          state.link_maps[""].keys())[0]
    found = _find(sections, rel)
    if found is None or not (_same_for_others if quick else _same_for_own_page)(old, new):
        return None
    index, old_page = found
    section = sections[index]
    config = section.site.config
    if source.kind is Kind.POST and ":title" in config.permalinks.posts \
            and meta.title != old_page.title:
        return None  # the title is part of the post's URL
    rendered = new.rendered
    assert rendered is not None
    link_map = state.link_maps.get(meta.lang or "", state.link_maps[""])
    new_body = page_body(new, cache.html, link_map, state.images)
    new_page = replace(
        old_page, title=meta.title, title_html=meta.title_html,
        body=new_body,
        headings=rendered.headings,
        features=page_features(rendered, meta),
        summary=page_summary(meta, rendered), summary_html=new_body.summary_html,
        reading_minutes=minutes_for(rendered.cjk_chars, rendered.words,
                                    config.blog.chars_per_minute,
                                    config.blog.words_per_minute))
    return _Edit(written, new, index, old_page, new_page)


QUICK_LIMIT = 48
"""At most this many files rendered again on the quick path; more (a title that many
listings show on a big site) are left to the full rebuild and its worker processes."""


def _related_urls(site: Site) -> dict[str, tuple[str, ...]]:
    return {url: tuple(p.url for p in pages) for url, pages in site.related.items()}


def _swapped(state: BuildState, sources: list[Source], cache: DocumentCache,
             quick: bool) -> tuple[list[Section], list[_Edit]] | None:
    """The site model with every edited page swapped in, and the edits; None if an edit
    is one `_edit` declines."""
    digest = settings_fingerprint(state.settings)
    sections = list(state.sections.sections)
    loaded = dict(state.loaded)
    edits: list[_Edit] = []
    for source in sources:
        edit = _edit(state, loaded, sections, source, cache, digest, quick)
        if edit is None:
            return None
        section = sections[edit.section]
        site = replace_page(section.site, edit.old_page, edit.new_page)
        if _related_urls(site) != _related_urls(section.site):
            return None  # other posts' lists change: the full rebuild finds which
        sections[edit.section] = replace(section, site=site)
        loaded[source.rel.as_posix()] = edit.new
        edits.append(edit)
    return sections, edits


def _render(state: BuildState, sections: list[Section], only: set[str],
            renderers: dict[str, PageRenderer]) -> list[OutputFile]:
    """The files `only` of the swapped-in site model, rendered now."""
    first = state.renderers[""]
    files = render_sections(replace(state.sections, sections=tuple(sections)), first.env,
                            first.common["assets"], state.templates_digest, keep=renderers,
                            only=only)
    return [f for f in materialize([f for f in files if f.pending], jobs=1)]


def quick_update(state: BuildState, sources: list[Source], cache: DocumentCache,
                 served: Callable[[str], bytes | None],
                 show: Callable[[list[OutputFile]], None] = lambda files: None,
                 ) -> QuickUpdate | None:
    """The files that show what changed of `sources` (edited posts or pages), rendered
    again, or None when the change needs the full rebuild. `served(path)`: a file as it
    is served now; `show(files)` gets the edited pages themselves as soon as they are
    made, before the files that list them."""
    swapped = _swapped(state, sources, cache, quick=True)
    if swapped is None:
        return None
    sections, edits = swapped
    touched = _touched(state, edits)
    if len(touched) > QUICK_LIMIT:
        return None
    own = {sections[e.section].language.prefix + e.new_page.output for e in edits}
    renderers: dict[str, PageRenderer] = {}
    made = {f.path: f for f in _render(state, sections, own & touched, renderers)}
    for page in own:
        before, after = served(page), made[page].data if page in made else None
        if before is None or (after is not None and not page_ids(before) <= page_ids(after)):
            return None  # an anchor went: links from other pages must be checked again
    if touched - own:
        show(list(made.values()))
        made.update((f.path, f) for f in _render(state, sections, touched - own, renderers))
    loaded = dict(state.loaded)
    replaced = []
    for edit in edits:
        rel = edit.new.document.source.rel.as_posix()
        replaced.append((loaded[rel], edit.written))
        loaded[rel] = edit.new
    state = replace(
        state, loaded=loaded, renderers={**state.renderers, **renderers},
        sections=replace(state.sections, sections=tuple(sections)),
        files=tuple(made.get(f.path, f) for f in state.files),
        readers=state.readers.updated(made.values()) if state.readers is not None else None)
    return QuickUpdate(tuple(made.values()), state, tuple(replaced))


def _touched(state: BuildState, edits: list[_Edit]) -> set[str]:
    """The files that read what the edits changed of their pages."""
    readers = state.readers or Readers.of(state.files)  # a state `warm` did not index
    return set().union(*(readers.touched(e.old_page.url, changed_fields(e.old_page, e.new_page))
                         for e in edits))


def early_pages(state: BuildState, sources: list[Source],
                cache: DocumentCache) -> tuple[OutputFile, ...] | None:
    """The own pages of `sources` for an edit the quick path declined, as the full
    rebuild that must follow will render them, so that the browser showing the edited
    page can reload before the rest is done. None if the edit may change more of its own
    page (its address, date, tags, series, language, formulas' font, citations) or any
    doubt. The pages are rendered in the site as it was, with only the edited pages
    swapped in; neither the state nor any other file is updated: the rebuild does both."""
    swapped = _swapped(state, sources, cache, quick=False)
    if swapped is None:
        return None
    sections, edits = swapped
    own = {sections[e.section].language.prefix + e.new_page.output for e in edits}
    return tuple(_render(state, sections, own, {}))


def warm(state: BuildState) -> BuildState:
    """Compile every template and build the Markdown parser in this process — a big
    build did both in its workers only — and index which file reads which page, so that
    the first quick update is as quick as the next (later calls find them ready)."""
    for env in {id(r.env): r.env for r in state.renderers.values()}.values():
        compile_templates(env)
    create_markdown(state.settings.options)
    return replace(state, readers=Readers.of(state.files))

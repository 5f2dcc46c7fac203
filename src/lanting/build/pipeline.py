"""The build, in order of execution. Nothing else decides the order of stages.

 1. config          `lanting.toml` → Config
 2. discover        content/, static/ → sources, assets
 3. bibliography    publications.bib, references.bib, coauthors.yml → what pages cite
 4. documents       each source parsed and its Markdown rendered (workers, cache)
 5. languages       each document's language and translation
 6. routes          where every page and asset goes; links and images resolved
 7. talks, news     slides and news items rendered with the routes known
 8. assemble        the site model, per language, with the academic links
 9. pages           every output file rendered from the model (workers)
10. check           links, anchors, collisions — on the pages in memory
11. search index    the pages' search records into the index, patching the previous
                    one (`build_and_write`; `lanting serve` runs it in the background)
12. write           the output folder, swapped or patched atomically

The check runs once the pages exist in memory (anchors are checked against their real
ids) and before anything is written, so an error leaves the old output alone.
"""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from urllib.parse import urlsplit

from lanting.build.bytecode import bytecode_cache
from lanting.build.cache import DocumentCache, engine_fingerprint
from lanting.build.cv_pdf import build_cv_pdfs
from lanting.build.documents import (
    document_settings,
    load_documents,
    parse_talks,
    render_home_news,
    render_talks,
    with_languages,
)
from lanting.build.freshness import (
    Details,
    Stamps,
    State,
    load_details,
    output_digest,
    save_state,
    spare_folder,
    written_stamps,
)
from lanting.build.options import CACHE_DIR, BuildOptions, BuildResult, Progress
from lanting.build.state import BuildState
from lanting.build.workers import materialize
from lanting.config.languages import language_dirs
from lanting.config.load import load_config
from lanting.content.bibliography import parse_bibliography
from lanting.content.coauthors import parse_coauthors, with_coauthor_links
from lanting.content.cv import check_cv_files, parse_cvs
from lanting.content.discover import FileReader, discover
from lanting.content.metrics import read_metrics
from lanting.content.references import parse_references
from lanting.content.translations import localized_link_maps
from lanting.errors import LantingError
from lanting.markdown.math_formula import math_characters
from lanting.model.content import Discovery, Document, Kind
from lanting.model.output import (
    Answers,
    CheckInput,
    Copy,
    Made,
    OutputFile,
    Reads,
    SearchIndex,
    ThirdPartyHost,
)
from lanting.model.problem import Problem
from lanting.model.site import Routes, Site
from lanting.output.check import check
from lanting.output.region import contacted_hosts, region_problems
from lanting.output.search import build_search_index
from lanting.output.search_files import stage_text
from lanting.output.staging import Staging, marker_content
from lanting.output.write import write_site
from lanting.render.assets import build_assets
from lanting.render.pages import PageRenderer
from lanting.render.sections import render_sections, section_answers
from lanting.render.templates import (
    compile_templates,
    environment_for,
    template_fingerprint,
)
from lanting.site.academic import (
    build_academic,
    citation_library,
    scholar_user,
)
from lanting.site.bodies import link_pages
from lanting.site.collections import build_people, build_teaching
from lanting.site.cv import finish_cv
from lanting.site.images import responsive_images
from lanting.site.note_names import with_note_names
from lanting.site.projects import build_projects
from lanting.site.related import remembering
from lanting.site.routes import plan_routes
from lanting.site.sections import assemble_sections


def _static_copies(discovery: Discovery, routes: Routes) -> list[Copy]:
    copies = [Copy(a.path, a.rel.as_posix()) for a in discovery.static]
    copies += [Copy(a.path, routes.assets[a.rel.as_posix()])
               for a in discovery.assets if a.rel.as_posix() in routes.assets]
    return copies


@dataclass(frozen=True, slots=True)
class SiteOutput:
    """Everything a build produces, before it is written (or served from memory)."""

    files: list[OutputFile]
    """Generated files; `data=None` marks a file unchanged since the previous build."""
    copies: list[Copy]
    """Files copied as they are (static files, page-bundle images)."""
    site: Site
    warnings: tuple[Problem, ...]
    document_keys: frozenset[str] = frozenset()
    """Cache keys of the sources this build used."""
    index: Callable[[], SearchIndex] = field(default=lambda: SearchIndex((), 0), repr=False)
    """Stage 11, run by the caller: `build` before writing, `lanting serve` in the
    background once the new pages are served."""
    state: BuildState | None = field(default=None, repr=False)
    """What `lanting serve` needs to render an edited page alone (`incremental`)."""
    read_files: tuple[str, ...] = ()
    """Files that pages included (site-relative paths), for the up-to-date gate."""
    hosts: tuple[ThirdPartyHost, ...] = ()
    """Third-party hosts the pages contact (`lanting check --region` only)."""

    @property
    def fingerprints(self) -> dict[str, str]:
        return {f.path: f.fingerprint for f in self.files if f.fingerprint}

    @property
    def reads(self) -> dict[str, Reads]:
        return {f.path: f.reads for f in self.files if f.reads is not None}


def build_and_write(site_dir: Path, options: BuildOptions, output: Path, inputs: str,
                    previous: State, progress: Progress | None,
                    started: float) -> BuildResult:
    """Stages 1–12 for `build.build`, which found the output out of date: `inputs` is the
    digest of what this build is made from, `previous` what the build that wrote the
    output recorded."""
    cache = DocumentCache(site_dir / CACHE_DIR / "cache.sqlite" if options.cache else None)
    details = load_details(site_dir / CACHE_DIR, output) if previous.fingerprints \
        else Details()
    stamps = details.stamps
    # An old file is used again only if it is the one the last build wrote: a file edited
    # or deleted in the output folder since is made again (and its bytes never indexed).
    # Asked once per file (the search index asks twice for some): nothing writes to the
    # output before stage 12.
    inodes: dict[str, int] = {}  # of the intact files: the writer need not list the output
    intact = functools.cache(partial(_is_intact, str(output), stamps, inodes))
    staging: Staging | None = None
    try:
        # Pages go into the staging folder as they are made: a refused output folder is
        # refused before any page is rendered.
        staging = Staging(output, site_dir) if options.write else None
        produced = produce(site_dir, options, cache, previous.fingerprints, intact, progress,
                           previous_data=lambda path: _read(output / path) if intact(path)
                           else None, minify=True, previous_reads=details.reads,
                           staging=staging, previous_answers=details.answers)
        if not options.write:  # `lanting check`: every check ran; nothing to index or write
            return BuildResult(output, 0, len(produced.files), produced.warnings,
                               time.perf_counter() - started, produced.site,
                               hosts=produced.hosts)
        index = produced.index()                                           # 11. search index
        if options.strict and index.warnings:
            raise LantingError([replace(p, severity="error") for p in index.warnings])
        files = [*produced.files, *index.files]
        spare = spare_folder(site_dir / CACHE_DIR, output) if options.cache else None
        count = write_site(output, site_dir, files, produced.copies, staging,
                           spare, inodes)                                  # 12. write
        cache.prune(produced.document_keys)
    except BaseException:
        if staging is not None:
            staging.discard()
        raise
    finally:
        cache.close()
    fingerprints = {f.path: f.fingerprint for f in files if f.fingerprint}
    if options.cache:
        # A build that read other files than the last one did recorded the inputs without
        # them: the next build runs again, and records them all.
        same = set(produced.read_files) == set(previous.read)
        written = written_stamps(output, files, produced.copies, stamps)
        state = State(inputs if same else "", fingerprints, produced.read_files,
                      output_digest(written), (*produced.warnings, *index.warnings))
        renderers = produced.state.renderers if produced.state is not None else {}
        save_state(site_dir / CACHE_DIR, output, marker_content(output), state, Details(
            {f.path: f.reads for f in files if f.reads is not None}, written,
            section_answers(renderers, files)))
    return BuildResult(output, count, len(files), (*produced.warnings, *index.warnings),
                       time.perf_counter() - started, produced.site, fingerprints)


def _is_intact(folder: str, stamps: Stamps, inodes: dict[str, int], path: str) -> bool:
    """The old file at `path` is the one the last build wrote: same size and time; its
    inode goes into `inodes`. (Asked for every page whose fingerprint is unchanged:
    without pathlib's overhead.)"""
    try:
        stat = os.stat(os.path.join(folder, path))
    except OSError:
        return False
    if stamps.get(path) != (stat.st_size, stat.st_mtime_ns):
        return False
    inodes[path] = stat.st_ino
    return True


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def produce(
    site_dir: Path, options: BuildOptions, cache: DocumentCache,
    previous: dict[str, str] | None = None,
    reusable: Callable[[str], bool] = lambda path: False,
    progress: Progress | None = None, reader: FileReader | None = None,
    previous_data: Callable[[str], bytes | None] = lambda path: None,
    minify: bool = False, previous_reads: dict[str, Reads] | None = None,
    staging: Staging | None = None, previous_answers: dict[str, Answers] | None = None,
    indexed: Mapping[str, str] | None = None,
) -> SiteOutput:
    """Stages 1–10: the whole site, in memory but for the pages put in `staging` (the
    search index, 11, is left to the caller: `SiteOutput.index`). Pages whose fingerprint
    is in `previous` and whose old file is `reusable` are not rendered again;
    `previous_data` reads such an old file when the search index has to be rebuilt
    around it; `previous_reads` is what each of those files read of the site model
    (`render.recording`), and `previous_answers` what that build's models answered.
    `indexed`: the page fingerprints of the previous search index where it lags behind
    `previous` (`build_search_index`). `minify`: apply the config's `[build] minify`
    (`lanting build` does, `lanting serve` does not). `staging`: where `lanting build`
    puts each page as soon as it is made (`OutputFile.staged`); without it, pages are
    kept in memory."""
    overrides = {"base_url": options.base_url} if options.base_url else None
    defaults = {"base_url": options.default_base_url} if options.default_base_url else None
    config = load_config(site_dir, overrides, defaults)                    # 1. config
    # `lanting serve` remembers files itself (`reader`); a build knows them from the cache.
    known = cache.known_files() if reader is None else None
    discovery = discover(site_dir, reader, known,
                         options.output or site_dir / "public")            # 2. discover
    if known is not None:
        cache.remember_files(discovery.stamps, known)
    bibliography = with_coauthor_links(                                    # 3. bibliography
        parse_bibliography(discovery.bibliography, scholar_user(config), config.base_path),
        parse_coauthors(discovery.coauthors))
    references = parse_references(discovery.references)
    check_cv_files(discovery.cv, discovery.cv_translations, config)       # 3. (the CV)
    metrics = read_metrics(site_dir)                                       # 3. (citations)
    settings = document_settings(site_dir, config, discovery, options.drafts,
                                 citation_library(bibliography, references, config))
    talk_sources = [s for s in discovery.sources if s.kind is Kind.TALK]
    templates = template_fingerprint(site_dir)
    engine = engine_fingerprint()
    # What a page's fingerprint holds of how it is made: its templates, and the Lanting
    # that runs them (filters, helpers, minifying, the search record), which may change
    # while the version number does not (an editable install, a patched release).
    renderers_digest = f"{templates}:{engine}"
    env = environment_for(site_dir, templates, bytecode_cache(
        site_dir / CACHE_DIR, engine) if options.cache else None)
    # While workers render the Markdown this process waits: it compiles the templates,
    # which the page workers then inherit instead of each compiling them again.
    loaded = load_documents([s for s in discovery.sources if s.kind is not Kind.TALK],
                            settings, cache, options.jobs, progress,
                            partial(compile_templates, env))               # 4. documents
    keys = frozenset(item.key for item in loaded)
    talk_docs = parse_talks(talk_sources, options.drafts)
    front_matter = {item.document.source.rel.as_posix(): item.document.meta for item in loaded}
    loaded, talk_docs = with_languages(loaded, talk_docs, config)          # 5. languages
    drafts = tuple(item.document for item in loaded if item.rendered is None)
    loaded = [item for item in loaded if item.rendered is not None]        # drafts left out
    documents: list[Document] = [item.document for item in loaded]
    routes = plan_routes([*documents, *talk_docs], discovery.assets, config.base_path,
                         language_dirs(config), config.permalinks.posts)   # 6. routes
    loaded = with_note_names(loaded, routes.link_map().keys())            # 6. (wiki links)
    link_maps = localized_link_maps([*documents, *talk_docs], routes.link_map(), config)
    # The CV once the pages' URLs are known: `[复盘](posts/x.md)` in it leads to the post.
    cvs = parse_cvs(discovery.cv, discovery.cv_translations, config,
                    {"": routes.link_map(), **link_maps})                  # 6. (the CV)
    cv_pdfs, cv_problems = build_cv_pdfs(
        config, cvs, (discovery.cv, *discovery.cv_translations), bibliography.publications,
        site_dir / CACHE_DIR if options.cache else None)
    images = responsive_images(discovery.assets, routes, site_dir / CACHE_DIR / "images"
                               if options.cache else None, reader)         # 6. (images)
    bodies = link_pages(loaded, routes, cache.html, link_maps, images)     # 6. (links)
    talks, talk_problems = render_talks(talk_docs, routes, settings, config,
                                        link_maps)                         # 7. talks
    news, news_problems = render_home_news(documents, routes, settings, link_maps)
    rendered = {item.document.source.rel.as_posix(): item.rendered for item in loaded
                if item.rendered is not None}
    citations = {rel: r.citations for rel, r in rendered.items()}
    citations.update({t.rel: t.citations for t in talks})
    by_rel = {d.source.rel.as_posix(): d for d in documents}

    def academic(site: Site, language: str | None) -> Site:                # academic links
        mine = [d for d in (*documents, *talk_docs) if language in (None, d.meta.lang)]
        links = build_academic(
            site.config, (*site.posts, *site.pages), mine, citations, bibliography,
            tuple(t for t in talks if language in (None, t.lang)), news.get(language, ()),
            site.home.title if site.home else "")
        code = language or config.language  # each language's CV and its PDF
        pdf = cv_pdfs.get(code)
        return replace(site, academic=links, cv=finish_cv(cvs.get(code), links, site.config,
                                                          pdf.url if pdf else ""),
                       projects=build_projects(site, by_rel, links),
                       teaching=build_teaching(site, by_rel), people=build_people(site, by_rel),
                       metrics=metrics)

    sections = assemble_sections(config, documents, rendered, bodies, routes, academic,
                                 remembering(cache.remembered, cache.remember,
                                             engine))                      # 8. assemble
    site = sections.default
    extra_html = [s.html + s.notes_html for t in talks for s in t.slides]
    extra_html += [t.summary_html for t in talks if t.summary_html]
    extra_html += [p.title_html + p.abstract_html for p in bibliography.publications]
    extra_html += [cv.html for cv in cvs.values()]
    extra_html += [d.meta.title_html for d in documents if d.meta.title_html]
    math_chars = "".join(sorted({c for r in rendered.values() for c in r.math_chars}
                                | set(math_characters(extra_html))))
    uses_math = any("math" in r.features for r in rendered.values()) or any(
        "<math" in html for html in extra_html)
    assets = build_assets(config, math_chars if uses_math else None,
                          site_dir / CACHE_DIR if options.cache else None, site_dir / "static")
    renderers: dict[str, PageRenderer] = {}
    files = [*assets.files,
             *render_sections(sections, env, assets.urls, renderers_digest, previous,
                              reusable, renderers, minify and config.build.minify,
                              previous_reads, None, previous_answers),     # 9. pages
             *images.files]  # (variants not cached yet are encoded with the pages)
    files = materialize(files, options.jobs,
                        partial(_staged, staging) if staging is not None else None, progress)

    def read_output(path: str) -> bytes | None:
        """An output file this build did not keep in memory: staged, or unchanged."""
        data = staging.read(path) if staging is not None else None
        return data if data is not None else previous_data(path)

    files += [OutputFile(routes.assets[a.rel], a.data) for d in documents for a in d.attachments]
    files += list({pdf.file.path: pdf.file for pdf in cv_pdfs.values()}.values())
    copies = _static_copies(discovery, routes)
    homes = {d.meta.lang if link_maps else None: d for d in documents  # as news is keyed
             if d.source.kind is Kind.HOME}
    news_links = tuple((homes[key], tuple(link for item in items for link in item.links))
                       for key, items in news.items() if key in homes)
    hosts = contacted_hosts(files, urlsplit(config.origin).hostname or "", read_output) \
        if options.region else ()
    warnings = _check(CheckInput(site_dir, config, tuple(documents), drafts, rendered, routes,
                                 site, tuple(files), tuple(copies), discovery,
                                 options.external, read_output, talks, news_links,
                                 bibliography),
                      [*bibliography.warnings, *references.warnings, *talk_problems,
                       *news_problems, *region_problems(hosts, options.region or ""),
                       *cv_problems,
                       *dict.fromkeys(w for cv in cvs.values() for w in cv.warnings)],
                      options.strict)                                      # 10. check
    state = BuildState(settings, {item.document.source.rel.as_posix(): item for item in loaded},
                       front_matter, {"": routes.link_map(), **link_maps}, images, sections,
                       renderers, tuple(files), tuple(warnings), renderers_digest)
    deps = [*(r.deps for r in rendered.values()), *(t.deps for t in talks),
            *(n.deps for items in news.values() for n in items)]
    read_files = {name for found in deps for kind, name, _ in found if kind == "file"}
    return SiteOutput(files, copies, site, tuple(warnings), keys,
                      partial(build_search_index, files, config, previous or {}, reusable,
                              previous_data, engine, indexed),
                      state, tuple(sorted(read_files)), hosts)


def _staged(staging: Staging, path: str, made: Made) -> Made:
    """`made` put in `staging`, the page and its search text (by the worker that made it):
    what is left to send back to this process."""
    if made.data is None or not staging.put(path, made.data):
        return made  # kept in memory: the check stage reports the path's clash
    search = made.search and stage_text(made.search, path, staging.put)
    return replace(made, data=None, search=search)


def _check(inp: CheckInput, more: list[Problem], strict: bool) -> list[Problem]:
    """The warnings; raises LantingError (warnings included) when there is an error."""
    problems = [*check(inp), *more]
    if strict:
        problems = [replace(p, severity="error") for p in problems]
    if any(p.severity == "error" for p in problems):
        raise LantingError(problems)
    return problems

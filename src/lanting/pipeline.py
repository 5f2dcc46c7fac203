"""The build, in order of execution. Nothing else decides the order of stages.

config → discover → parse + render Markdown (per source, in parallel) → routes and
links → assemble → check → render pages → write
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from lanting.assemble import Site, assemble
from lanting.assets import build_assets
from lanting.cache import DocumentCache, settings_fingerprint
from lanting.config import Config, load_config
from lanting.discover import Discovery, discover
from lanting.documents import DocumentSettings, Loaded, default_jobs, load_all
from lanting.errors import LantingError, Problem
from lanting.frontmatter import Document
from lanting.markdown import MarkdownOptions, RenderedMarkdown, resolve_links
from lanting.pages import OutputFile, render_pages
from lanting.routes import Routes, plan_routes
from lanting.templates import create_environment
from lanting.write import Copy, check_output_folder, write_site

CACHE_DIR = ".lanting"
"""Per-site cache folder (safe to delete)."""

Progress = Callable[[str, int, int], None]
"""Called as progress(stage, done, total) while a long stage runs."""


@dataclass(frozen=True, slots=True)
class BuildOptions:
    output: Path | None = None
    """Defaults to SITE/public."""
    drafts: bool = False
    base_url: str | None = None
    strict: bool = False
    """Treat warnings as errors."""
    jobs: int = 0
    """Worker processes for parsing and rendering; 0 means one per CPU."""
    cache: bool = True
    """Reuse parsed and rendered sources from SITE/.lanting/ (`--no-cache` turns it off)."""


@dataclass(frozen=True, slots=True)
class BuildResult:
    output: Path
    files: int
    pages: int
    warnings: tuple[Problem, ...]
    seconds: float
    site: Site = field(repr=False)


def document_settings(site_dir: Path, config: Config, discovery: Discovery,
                      drafts: bool) -> DocumentSettings:
    return DocumentSettings(
        site_dir=site_dir,
        options=MarkdownOptions(raw_html=config.markdown.raw_html,
                                cjk_spacing=config.markdown.cjk_spacing),
        language=config.language,
        base_path=config.base_path,
        site_macros=tuple(sorted((k.lstrip("\\"), v)
                                 for k, v in config.markdown.math_macros.items())),
        mermaid=bool(config.markdown.mermaid),
        drafts=drafts,
        image_sizes={a.rel.as_posix(): a.size for a in discovery.assets if a.size},
    )


def load_documents(
    discovery: Discovery, settings: DocumentSettings, cache: DocumentCache, jobs: int,
    progress: Progress | None,
) -> list[Loaded]:
    """Parse and render every source (cached ones come from the cache); the problems of
    all files are collected before failing."""
    digest = settings_fingerprint(settings)
    keys = [cache.key(source, digest) for source in discovery.sources]
    cached = cache.get_many(dict(zip(keys, discovery.sources, strict=True)), settings)
    todo = [(key, s) for key, s in zip(keys, discovery.sources, strict=True) if key not in cached]
    report = (lambda done, total: progress("render", done, total)) if progress else None
    fresh = load_all([s for _, s in todo], settings, jobs or default_jobs(), report)
    problems = [p for r in fresh if isinstance(r, list) for p in r]
    if problems:
        raise LantingError(problems)
    new = {key: r for (key, _), r in zip(todo, fresh, strict=True) if isinstance(r, Loaded)}
    cache.put_many(new.items())
    return [cached.get(key) or new[key] for key in keys]


def link_pages(
    loaded: list[Loaded], routes: Routes
) -> dict[str, RenderedMarkdown]:
    """Put the URL of each linked page into the rendered HTML; links to sources that are
    not pages of this build become warnings."""
    link_map = routes.link_map()
    linked: dict[str, RenderedMarkdown] = {}
    for item in loaded:
        assert item.rendered is not None
        linked[item.document.source.rel.as_posix()] = resolve_links(
            item.rendered, link_map, item.document.source.path)
    return linked


def _static_copies(discovery: Discovery, routes: Routes) -> list[Copy]:
    copies = [Copy(a.path, a.rel.as_posix()) for a in discovery.static]
    copies += [Copy(a.path, routes.assets[a.rel.as_posix()])
               for a in discovery.assets if a.rel.as_posix() in routes.assets]
    return copies


def build(site_dir: Path, options: BuildOptions = BuildOptions(),
          progress: Progress | None = None) -> BuildResult:
    started = time.perf_counter()
    output = options.output or site_dir / "public"
    check_output_folder(output, site_dir)  # refuse early, before any work or cache write
    overrides = {"base_url": options.base_url} if options.base_url else None
    config = load_config(site_dir, overrides)                              # 1. config
    discovery = discover(site_dir)                                         # 2. discover
    settings = document_settings(site_dir, config, discovery, options.drafts)
    cache = DocumentCache(site_dir / CACHE_DIR / "cache.sqlite" if options.cache else None)
    try:
        loaded = load_documents(discovery, settings, cache, options.jobs,
                                progress)                                  # 3+4. parse, render
    finally:
        cache.close()
    loaded = [item for item in loaded if item.rendered is not None]        # drafts left out
    documents: list[Document] = [item.document for item in loaded]
    routes = plan_routes(documents, discovery.assets, config.base_path)    # routes
    rendered = link_pages(loaded, routes)                                  # links
    site = assemble(config, documents, rendered, routes)                   # 5. assemble
    problems = list(discovery.warnings)                                    # 6. check
    for doc in documents:
        problems.extend(rendered[doc.source.rel.as_posix()].problems)
    errors = [p for p in problems if p.severity == "error" or options.strict]
    if errors:
        raise LantingError([replace(p, severity="error") for p in errors])
    warnings = [p for p in problems if p.severity != "error"]
    math_chars = "".join(sorted({c for r in rendered.values() for c in r.math_chars}))
    uses_math = any("math" in r.features for r in rendered.values())
    assets = build_assets(config, math_chars if uses_math else None,
                          site_dir / CACHE_DIR if options.cache else None)
    env = create_environment(site_dir)
    files = [*assets.files, *render_pages(site, env, assets.urls)]         # 7. render pages
    files += [OutputFile(routes.assets[a.rel], a.data) for d in documents for a in d.attachments]
    count = write_site(output, site_dir, files,
                       _static_copies(discovery, routes))                  # 8. write
    return BuildResult(output, count, len(files), tuple(warnings),
                       time.perf_counter() - started, site)


def clean_cache(site_dir: Path) -> Path | None:
    """Delete SITE/.lanting/; returns it if it existed."""
    folder = site_dir / CACHE_DIR
    if not folder.is_dir() or folder.is_symlink():
        return None
    shutil.rmtree(folder)
    return folder

"""The build, in order of execution. Nothing else decides the order of stages.

config → discover → parse → languages → routes → render Markdown → assemble (per language)
→ check → render pages (per language) → search index → write
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from lanting.assemble import Site
from lanting.config import Config, load_config
from lanting.discover import Discovery, discover, image_bytes_size
from lanting.errors import LantingError, Problem
from lanting.frontmatter import Document, parse
from lanting.markdown import MarkdownOptions, RenderContext, RenderedMarkdown, render_markdown
from lanting.assets import build_assets
from lanting.languages import language_dirs
from lanting.pages import OutputFile
from lanting.routes import Routes, plan_routes
from lanting.search import build_search_index
from lanting.sections import assemble_sections, render_sections
from lanting.templates import create_environment
from lanting.translations import localized_link_maps, resolve_languages
from lanting.write import Copy, write_site

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


@dataclass(frozen=True, slots=True)
class BuildResult:
    output: Path
    files: int
    pages: int
    warnings: tuple[Problem, ...]
    seconds: float
    site: Site = field(repr=False)


def parse_all(discovery: Discovery) -> list[Document]:
    """Parse every source, collecting the problems of all files before failing."""
    documents: list[Document] = []
    problems: list[Problem] = []
    for source in discovery.sources:
        try:
            documents.append(parse(source))
        except LantingError as error:
            problems.extend(error.problems)
    if problems:
        raise LantingError(problems)
    return documents


def render_context(doc: Document, site_dir: Path, config: Config, link_map: dict[str, str],
                   image_sizes: dict[str, tuple[int, int]]) -> RenderContext:
    macros = {**config.markdown.math_macros, **doc.meta.macros}
    return RenderContext(
        path=doc.source.path, rel=doc.source.rel.as_posix(), body_line=doc.body_line,
        link_map=link_map, base_path=config.base_path,
        macros=tuple(sorted((k.lstrip("\\"), v) for k, v in macros.items())),
        lang=doc.meta.lang or config.language, image_sizes=image_sizes,
        mermaid=bool(config.markdown.mermaid), site_root=site_dir,
    )


def render_all(
    documents: list[Document], discovery: Discovery, routes: Routes, config: Config,
    site_dir: Path, progress: Progress | None = None,
) -> dict[str, RenderedMarkdown]:
    options = MarkdownOptions(raw_html=config.markdown.raw_html,
                              cjk_spacing=config.markdown.cjk_spacing)
    link_map = routes.link_map()
    link_maps = localized_link_maps(documents, link_map, config)
    image_sizes = {a.rel.as_posix(): a.size for a in discovery.assets if a.size}
    image_sizes.update({a.rel: size for d in documents for a in d.attachments
                        if (size := image_bytes_size(a.data))})
    rendered: dict[str, RenderedMarkdown] = {}
    for i, doc in enumerate(documents):
        context = render_context(doc, site_dir, config,
                                 link_maps.get(doc.meta.lang or "", link_map), image_sizes)
        rendered[context.rel] = render_markdown(doc.body, context, options)
        if progress:
            progress("render", i + 1, len(documents))
    return rendered


def _static_copies(site_dir: Path, discovery: Discovery, routes: Routes) -> list[Copy]:
    copies = [Copy(a.path, a.rel.as_posix()) for a in discovery.static]
    copies += [Copy(a.path, routes.assets[a.rel.as_posix()])
               for a in discovery.assets if a.rel.as_posix() in routes.assets]
    return copies


def build(site_dir: Path, options: BuildOptions = BuildOptions(),
          progress: Progress | None = None) -> BuildResult:
    started = time.perf_counter()
    overrides = {"base_url": options.base_url} if options.base_url else None
    config = load_config(site_dir, overrides)                              # 1. config
    discovery = discover(site_dir)                                         # 2. discover
    documents = parse_all(discovery)                                       # 3. parse
    documents = resolve_languages(documents, config)                       # 3b. languages
    documents = [d for d in documents if options.drafts or not d.meta.draft]
    routes = plan_routes(documents, discovery.assets, config.base_path, language_dirs(config))
    rendered = render_all(documents, discovery, routes, config, site_dir,
                          progress)                                        # 4. render Markdown
    sections = assemble_sections(config, documents, rendered, routes)     # 5. assemble
    site = sections.default
    problems = list(discovery.warnings)                                    # 6. check
    for doc in documents:
        problems.extend(rendered[doc.source.rel.as_posix()].problems)
    errors = [p for p in problems if p.severity == "error" or options.strict]
    if errors:
        raise LantingError([replace(p, severity="error") for p in errors])
    warnings = [p for p in problems if p.severity != "error"]
    assets = build_assets(config, [r.html for r in rendered.values()],
                          site_dir / CACHE_DIR)
    env = create_environment(site_dir)
    files = [*assets.files, *render_sections(sections, env, assets.urls)]  # 7. render pages
    files += [OutputFile(routes.assets[a.rel], a.data) for d in documents for a in d.attachments]
    index = build_search_index(files, config)                              # 7b. search index
    files += index.files
    warnings += index.warnings
    if options.strict and index.warnings:
        raise LantingError([replace(p, severity="error") for p in index.warnings])
    output = options.output or site_dir / "public"
    copies = _static_copies(site_dir, discovery, routes)
    count = write_site(output, site_dir, files, copies)                    # 8. write
    return BuildResult(output, count, len(files), tuple(warnings),
                       time.perf_counter() - started, site)


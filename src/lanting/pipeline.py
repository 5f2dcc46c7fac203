"""The build, in order of execution. Nothing else decides the order of stages.

config → discover → parse → routes → render Markdown → assemble → render pages → write
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from lanting.assemble import Site, assemble
from lanting.config import Config, load_config
from lanting.discover import Discovery, discover
from lanting.errors import LantingError, Problem
from lanting.frontmatter import Document, parse
from lanting.markdown import MarkdownOptions, RenderContext, RenderedMarkdown, render_markdown
from lanting.pages import OutputFile, file_hash, render_pages
from lanting.routes import Routes, plan_routes
from lanting.templates import THEME_STATIC, create_environment
from lanting.write import Copy, write_site

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


def render_all(
    documents: list[Document], routes: Routes, config: Config, progress: Progress | None = None
) -> dict[str, RenderedMarkdown]:
    options = MarkdownOptions(raw_html=config.markdown.raw_html)
    link_map = routes.link_map()
    rendered: dict[str, RenderedMarkdown] = {}
    for i, doc in enumerate(documents):
        rel = doc.source.rel.as_posix()
        context = RenderContext(doc.source.path, rel, doc.body_line, link_map, config.base_path)
        rendered[rel] = render_markdown(doc.body, context, options)
        if progress:
            progress("render", i + 1, len(documents))
    return rendered


def _static_copies(site_dir: Path, discovery: Discovery, routes: Routes) -> list[Copy]:
    copies = [Copy(p, f"assets/{p.name}") for p in sorted(THEME_STATIC.iterdir()) if p.is_file()]
    copies += [Copy(a.path, a.rel.as_posix()) for a in discovery.static]
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
    documents = [d for d in documents if options.drafts or not d.meta.draft]
    routes = plan_routes(documents, discovery.assets, config.base_path)
    rendered = render_all(documents, routes, config, progress)             # 4. render Markdown
    site = assemble(config, documents, rendered, routes)                   # 5. assemble
    warnings = list(discovery.warnings)                                    # 6. check
    for doc in documents:
        warnings.extend(rendered[doc.source.rel.as_posix()].problems)
    if options.strict and warnings:
        raise LantingError([replace(w, severity="error") for w in warnings])
    copies = _static_copies(site_dir, discovery, routes)
    asset_hashes = {Path(c.path).name: file_hash(c.source.read_bytes())
                    for c in copies if c.path.startswith("assets/")}
    env = create_environment(site_dir)
    files: list[OutputFile] = render_pages(site, env, asset_hashes)        # 7. render pages
    output = options.output or site_dir / "public"
    count = write_site(output, site_dir, files, copies)                    # 8. write
    return BuildResult(output, count, len(files), tuple(warnings),
                       time.perf_counter() - started, site)


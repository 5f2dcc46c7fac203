"""The build, in order of execution. Nothing else decides the order of stages.

config → discover → parse → routes → render Markdown → assemble → render pages → check
→ write. The check runs once the pages exist in memory (anchors are checked against
their real ids) and before anything is written, so an error leaves the old output alone.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from lanting.assemble import Site, assemble
from lanting.check import CheckInput, check
from lanting.config import Config, load_config
from lanting.discover import Discovery, discover, image_bytes_size
from lanting.errors import LantingError, Problem
from lanting.frontmatter import Document, parse
from lanting.markdown import MarkdownOptions, RenderContext, RenderedMarkdown, render_markdown
from lanting.assets import build_assets
from lanting.pages import OutputFile, render_pages
from lanting.routes import Routes, plan_routes
from lanting.templates import create_environment
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
    external: bool = False
    """Also check external links over the network (`lanting check --external`)."""
    write: bool = True
    """False for `lanting check`: every stage and check runs, nothing is written."""


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
    image_sizes = {a.rel.as_posix(): a.size for a in discovery.assets if a.size}
    image_sizes.update({a.rel: size for d in documents for a in d.attachments
                        if (size := image_bytes_size(a.data))})
    rendered: dict[str, RenderedMarkdown] = {}
    for i, doc in enumerate(documents):
        context = render_context(doc, site_dir, config, link_map, image_sizes)
        rendered[context.rel] = render_markdown(doc.body, context, options)
        if progress:
            progress("render", i + 1, len(documents))
    return rendered


def _static_copies(site_dir: Path, discovery: Discovery, routes: Routes) -> list[Copy]:
    copies = [Copy(a.path, a.rel.as_posix()) for a in discovery.static]
    copies += [Copy(a.path, routes.assets[a.rel.as_posix()])
               for a in discovery.assets if a.rel.as_posix() in routes.assets]
    return copies


def _check(inp: CheckInput, strict: bool) -> list[Problem]:
    """The warnings; raises LantingError (warnings included) when there is an error."""
    problems = check(inp)
    if strict:
        problems = [replace(p, severity="error") for p in problems]
    if any(p.severity == "error" for p in problems):
        raise LantingError(problems)
    return problems


def build(site_dir: Path, options: BuildOptions = BuildOptions(),
          progress: Progress | None = None) -> BuildResult:
    started = time.perf_counter()
    overrides = {"base_url": options.base_url} if options.base_url else None
    config = load_config(site_dir, overrides)                              # 1. config
    discovery = discover(site_dir)                                         # 2. discover
    documents = parse_all(discovery)                                       # 3. parse
    drafts = [d for d in documents if d.meta.draft and not options.drafts]
    documents = [d for d in documents if options.drafts or not d.meta.draft]
    routes = plan_routes(documents, discovery.assets, config.base_path)
    rendered = render_all(documents, discovery, routes, config, site_dir,
                          progress)                                        # 4. render Markdown
    site = assemble(config, documents, rendered, routes)                   # 5. assemble
    assets = build_assets(config, [r.html for r in rendered.values()],
                          site_dir / CACHE_DIR)
    env = create_environment(site_dir)
    files = [*assets.files, *render_pages(site, env, assets.urls)]         # 7. render pages
    files += [OutputFile(routes.assets[a.rel], a.data) for d in documents for a in d.attachments]
    output = options.output or site_dir / "public"
    copies = _static_copies(site_dir, discovery, routes)
    warnings = _check(CheckInput(site_dir, config, tuple(documents), tuple(drafts), rendered,
                                 routes, site, tuple(files), tuple(copies), discovery,
                                 options.external), options.strict)        # 6. check
    if not options.write:
        return BuildResult(output, 0, len(files), tuple(warnings),
                           time.perf_counter() - started, site)
    count = write_site(output, site_dir, files, copies)                    # 8. write
    return BuildResult(output, count, len(files), tuple(warnings),
                       time.perf_counter() - started, site)


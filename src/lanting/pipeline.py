"""The build, in order of execution. Nothing else decides the order of stages.

config → discover → parse (+ bibliography) → routes → render Markdown (+ talks, news)
→ assemble (+ academic links) → check → render pages → write
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from lanting.academic import News, build_academic, citation_targets, render_news
from lanting.assemble import Site, assemble
from lanting.bibliography import parse_bibliography
from lanting.config import Config, load_config
from lanting.discover import Discovery, Kind, discover, image_bytes_size
from lanting.errors import LantingError, Problem
from lanting.frontmatter import Document, parse
from lanting.markdown import MarkdownOptions, RenderContext, RenderedMarkdown, render_markdown
from lanting.assets import build_assets
from lanting.pages import OutputFile, render_pages
from lanting.routes import Routes, plan_routes
from lanting.talks import Talk, render_talk
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
                   image_sizes: dict[str, tuple[int, int]],
                   bibliography: dict[str, tuple[str, str]] | None = None) -> RenderContext:
    macros = {**config.markdown.math_macros, **doc.meta.macros}
    return RenderContext(
        path=doc.source.path, rel=doc.source.rel.as_posix(), body_line=doc.body_line,
        link_map=link_map, base_path=config.base_path,
        macros=tuple(sorted((k.lstrip("\\"), v) for k, v in macros.items())),
        lang=doc.meta.lang or config.language, image_sizes=image_sizes,
        mermaid=bool(config.markdown.mermaid), site_root=site_dir,
        bibliography=bibliography or {},
    )


def _image_sizes(discovery: Discovery, documents: list[Document]) -> dict[str, tuple[int, int]]:
    image_sizes = {a.rel.as_posix(): a.size for a in discovery.assets if a.size}
    image_sizes.update({a.rel: size for d in documents for a in d.attachments
                        if (size := image_bytes_size(a.data))})
    return image_sizes


def render_all(
    documents: list[Document], discovery: Discovery, routes: Routes, config: Config,
    site_dir: Path, progress: Progress | None = None,
    bibliography: dict[str, tuple[str, str]] | None = None,
) -> dict[str, RenderedMarkdown]:
    options = MarkdownOptions(raw_html=config.markdown.raw_html,
                              cjk_spacing=config.markdown.cjk_spacing)
    link_map = routes.link_map()
    image_sizes = _image_sizes(discovery, documents)
    rendered: dict[str, RenderedMarkdown] = {}
    for i, doc in enumerate(documents):
        context = render_context(doc, site_dir, config, link_map, image_sizes, bibliography)
        rendered[context.rel] = render_markdown(doc.body, context, options)
        if progress:
            progress("render", i + 1, len(documents))
    return rendered


def render_talks(
    talk_docs: list[Document], discovery: Discovery, routes: Routes, config: Config,
    site_dir: Path, bibliography: dict[str, tuple[str, str]],
) -> tuple[tuple[Talk, ...], list[Problem]]:
    """Each talk's slides and notes, rendered with the same context a post gets."""
    options = MarkdownOptions(raw_html=config.markdown.raw_html,
                              cjk_spacing=config.markdown.cjk_spacing)
    link_map, image_sizes = routes.link_map(), _image_sizes(discovery, talk_docs)
    talks, problems, errors = [], [], []
    for doc in talk_docs:
        out_dir = routes.pages[doc.source.rel.as_posix()]
        context = render_context(doc, site_dir, config, link_map, image_sizes, bibliography)
        try:
            talk, found = render_talk(doc, context, options, routes.url(out_dir),
                                      out_dir + "index.html")
        except LantingError as error:
            errors.extend(error.problems)
            continue
        talks.append(talk)
        problems.extend(found)
    if errors:
        raise LantingError(errors)
    return tuple(talks), problems


def render_home_news(
    documents: list[Document], routes: Routes, config: Config, site_dir: Path,
    bibliography: dict[str, tuple[str, str]],
) -> tuple[tuple[News, ...], list[Problem]]:
    """The Markdown of the home page's `news:` items."""
    home = next((d for d in documents if d.source.kind is Kind.HOME), None)
    if home is None:
        return (), []
    context = render_context(home, site_dir, config, routes.link_map(), {}, bibliography)
    options = MarkdownOptions(raw_html=config.markdown.raw_html,
                              cjk_spacing=config.markdown.cjk_spacing)
    return render_news(home, context, options)


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
    documents = [d for d in documents if options.drafts or not d.meta.draft]
    bibliography = parse_bibliography(discovery.bibliography)              # 3b. publications
    routes = plan_routes(documents, discovery.assets, config.base_path)
    cites = citation_targets(bibliography, config)
    talk_docs = [d for d in documents if d.source.kind is Kind.TALK]
    documents = [d for d in documents if d.source.kind is not Kind.TALK]
    rendered = render_all(documents, discovery, routes, config, site_dir,
                          progress, cites)                                 # 4. render Markdown
    talks, talk_problems = render_talks(talk_docs, discovery, routes, config, site_dir,
                                        cites)                             # 4b. talks
    news, news_problems = render_home_news(documents, routes, config, site_dir, cites)
    site = assemble(config, documents, rendered, routes)                   # 5. assemble
    citations = {rel: r.citations for rel, r in rendered.items()}
    citations.update({t.rel: t.citations for t in talks})
    site = replace(site, academic=build_academic(
        config, (*site.posts, *site.pages), [*documents, *talk_docs], citations, bibliography,
        talks, news, site.home.title if site.home else ""))                # 5b. academic links
    problems = list(discovery.warnings)                                    # 6. check
    for doc in documents:
        problems.extend(rendered[doc.source.rel.as_posix()].problems)
    problems += talk_problems + news_problems
    errors = [p for p in problems if p.severity == "error" or options.strict]
    if errors:
        raise LantingError([replace(p, severity="error") for p in errors])
    warnings = [p for p in problems if p.severity != "error"]
    extra_html = [s.html + s.notes_html for t in talks for s in t.slides]
    extra_html += [p.title_html + p.abstract_html for p in bibliography.publications]
    assets = build_assets(config, [r.html for r in rendered.values()] + extra_html,
                          site_dir / CACHE_DIR)
    env = create_environment(site_dir)
    files = [*assets.files, *render_pages(site, env, assets.urls)]         # 7. render pages
    files += [OutputFile(routes.assets[a.rel], a.data) for d in documents for a in d.attachments]
    output = options.output or site_dir / "public"
    copies = _static_copies(site_dir, discovery, routes)
    count = write_site(output, site_dir, files, copies)                    # 8. write
    return BuildResult(output, count, len(files), tuple(warnings),
                       time.perf_counter() - started, site)


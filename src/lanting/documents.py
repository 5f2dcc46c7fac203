"""Stages 3 and 4 for one source at a time: parse the front matter, then render the
Markdown. Each source is independent of the rest of the site (links between pages are
resolved afterwards), so sources are processed by worker processes on a cold build and
come from the cache on later builds.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from lanting.discover import Source, image_bytes_size
from lanting.errors import LantingError, Problem
from lanting.frontmatter import Document, parse
from lanting.markdown import MarkdownOptions, RenderContext, RenderedMarkdown, render_markdown


@dataclass(frozen=True, slots=True)
class DocumentSettings:
    """Everything from the config that changes how a source renders (part of cache keys)."""

    site_dir: Path
    options: MarkdownOptions
    language: str
    base_path: str
    languages: tuple[str, ...] = ()
    """All the site's language codes when it has several: `ppo.en.md` renders as English."""
    site_macros: tuple[tuple[str, str], ...] = ()
    mermaid: bool = False
    drafts: bool = False
    image_sizes: dict[str, tuple[int, int]] = field(default_factory=dict, compare=False)
    """Content path of each image -> size (cache entries record the sizes they used)."""
    bibliography: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Citation key -> (short label, URL) for `{{< cite >}}` and `[@key]`."""


@dataclass(frozen=True, slots=True)
class Loaded:
    document: Document
    rendered: RenderedMarkdown | None
    """None for a draft left out of this build."""
    key: str = ""
    """The cache key, when the cache is on."""
    html_in_cache: bool = False
    """The rendered HTML was left in the cache (`rendered.html` is empty): load it from
    there only if the page is rendered again."""


def _file_language(doc: Document, settings: DocumentSettings) -> str | None:
    """The language a file name like `ppo.en.md` names, if it is one of the site's (the
    languages stage checks and records it; rendering needs it first, for labels)."""
    if len(settings.languages) < 2:
        return None
    suffix = doc.source.rel.name.removesuffix(doc.source.rel.suffix).rpartition(".")[2]
    return next((code for code in settings.languages if code.lower() == suffix.lower()), None)


def render_context(doc: Document, settings: DocumentSettings) -> RenderContext:
    macros = dict(settings.site_macros)
    macros.update({k.lstrip("\\"): v for k, v in doc.meta.macros.items()})
    sizes = settings.image_sizes
    if doc.attachments:
        sizes = {**sizes, **{a.rel: size for a in doc.attachments
                             if (size := image_bytes_size(a.data))}}
    return RenderContext(
        path=doc.source.path, rel=doc.source.rel.as_posix(), body_line=doc.body_line,
        base_path=settings.base_path, macros=tuple(sorted(macros.items())),
        lang=doc.meta.lang or _file_language(doc, settings) or settings.language,
        image_sizes=sizes,
        mermaid=settings.mermaid, site_root=settings.site_dir,
        bibliography=settings.bibliography,
    )


def load(source: Source, settings: DocumentSettings) -> Loaded:
    """Parse and render one source; raises LantingError for a bad front matter. The
    Markdown text is not kept (nothing after this stage reads it)."""
    document = parse(source)
    if document.meta.draft and not settings.drafts:
        return Loaded(document, None)
    rendered = render_markdown(document.body, render_context(document, settings),
                               settings.options)
    return Loaded(replace(document, body=""), rendered)


def load_or_problems(source: Source, settings: DocumentSettings) -> Loaded | list[Problem]:
    try:
        return load(source, settings)
    except LantingError as error:
        return error.problems

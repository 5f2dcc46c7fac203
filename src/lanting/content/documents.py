"""Stage 4 for one source at a time: parse the front matter, then render the
Markdown. Each source is independent of the rest of the site (links between pages are
resolved afterwards), so sources are processed by worker processes on a cold build and
come from the cache on later builds.
"""

from __future__ import annotations

from dataclasses import replace

from lanting.content.discover import image_bytes_size
from lanting.content.frontmatter import parse
from lanting.errors import LantingError
from lanting.markdown.render import render_markdown
from lanting.model.content import Document, DocumentSettings, Loaded, Source
from lanting.model.markdown import RenderContext
from lanting.model.problem import Problem


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
    document = parse(source, settings.options.raw_html)
    if document.meta.draft and not settings.drafts:
        return Loaded(document, None)
    rendered = render_markdown(document.body, render_context(document, settings),
                               settings.options)
    if document.warnings:  # the checks report the rendered Markdown's problems
        rendered = replace(rendered, problems=(*document.warnings, *rendered.problems))
    return Loaded(replace(document, body="", warnings=()), rendered)


def load_or_problems(source: Source, settings: DocumentSettings) -> Loaded | list[Problem]:
    try:
        return load(source, settings)
    except LantingError as error:
        return error.problems

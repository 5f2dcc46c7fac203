"""Stage 4 for one source at a time: parse the front matter, then render the
Markdown. Each source is independent of the rest of the site (links between pages are
resolved afterwards), so sources are processed by worker processes on a cold build and
come from the cache on later builds.
"""

from __future__ import annotations

import posixpath
from dataclasses import replace
from pathlib import PurePosixPath

from lanting.content.frontmatter import parse
from lanting.content.image_sizes import image_bytes_size
from lanting.content.references import read_references
from lanting.errors import LantingError
from lanting.markdown.render import render_markdown, render_summary, with_summary
from lanting.model.cite import Reference
from lanting.model.content import Document, DocumentSettings, Kind, Loaded, Source
from lanting.model.digest import bytes_digest
from lanting.model.markdown import RenderContext, confined
from lanting.model.problem import Problem

Deps = list[tuple[str, str, str]]


def _file_language(doc: Document, settings: DocumentSettings) -> str | None:
    """The language a file name like `ppo.en.md` names, if it is one of the site's (the
    languages stage checks and records it; rendering needs it first, for labels)."""
    if len(settings.languages) < 2:
        return None
    suffix = doc.source.rel.name.removesuffix(doc.source.rel.suffix).rpartition(".")[2]
    return next((code for code in settings.languages if code.lower() == suffix.lower()), None)


def page_references(doc: Document, settings: DocumentSettings,
                    ) -> tuple[dict[str, Reference], Deps, list[Problem]]:
    """The entries `doc` may cite: the site's, and those of its own `bibliography:`
    files (relative to its folder; their keys win over the site's). Each file read is a
    dependency of the page; a missing or broken file is an error."""
    if not doc.meta.bibliography:
        return settings.references, [], []
    merged = dict(settings.references)
    deps: Deps = []
    warnings: list[Problem] = []
    line = doc.key_lines.get("bibliography", 1)
    folder = doc.source.rel.parent.as_posix()
    for name in doc.meta.bibliography:
        rel = posixpath.normpath(posixpath.join(folder, name))
        path = confined(settings.site_dir, f"content/{rel}")
        try:
            data = path.read_bytes() if path is not None and path.is_file() else None
        except OSError:
            data = None
        if path is None or data is None:
            raise LantingError.at(f"bibliography: no file content/{rel}", doc.source.path,
                                  line, hint="put the .bib file beside the page, or correct "
                                             "the name")
        source = Source(path, PurePosixPath(rel), Kind.BIBLIOGRAPHY,
                        data.decode("utf-8", errors="replace"))
        found = read_references(source, rel)
        merged.update((r.key, r) for r in found.references)
        deps.append(("file", f"content/{rel}", bytes_digest(data)))
        warnings.extend(found.warnings)
    return merged, deps, warnings


def render_context(doc: Document, settings: DocumentSettings,
                   references: dict[str, Reference] | None = None) -> RenderContext:
    macros = dict(settings.site_macros)
    macros.update({k.lstrip("\\"): v for k, v in doc.meta.macros.items()})
    sizes = settings.image_sizes
    if doc.attachments:
        sizes = {**sizes, **{a.rel: size for a in doc.attachments
                             if (size := image_bytes_size(a.data))}}
    return RenderContext(
        path=doc.source.path, rel=doc.source.rel.as_posix(), body_line=doc.body_line,
        base_path=settings.base_path, macros=tuple(sorted(macros.items())),
        equation_numbers=doc.meta.equation_numbers or settings.equation_numbers,
        lang=doc.meta.lang or _file_language(doc, settings) or settings.language,
        image_sizes=sizes,
        mermaid=settings.mermaid, site_root=settings.site_dir,
        references=settings.references if references is None else references,
        citation_style=doc.meta.citation_style or settings.citation_style,
        number_sections=doc.meta.number_sections, chapter=doc.meta.chapter,
        first_figure=doc.meta.first_figure,
    )


def load(source: Source, settings: DocumentSettings) -> Loaded:
    """Parse and render one source; raises LantingError for a bad front matter. The
    Markdown text is not kept (nothing after this stage reads it)."""
    document = parse(source, settings.options.raw_html)
    if document.meta.draft and not settings.drafts:
        return Loaded(document, None)
    references, deps, bib_warnings = page_references(document, settings)
    context = render_context(document, settings, references)
    rendered = render_markdown(document.body, context, settings.options)
    if document.meta.summary and document.meta.summary.strip():
        summary = render_summary(document.meta.summary.strip(),
                                 replace(context, body_line=document.meta.summary_line),
                                 settings.options)
        rendered = with_summary(rendered, summary)
    if deps:  # the page's own entries are covered by their files' digests
        own = references.keys() - settings.references.keys() | {
            k for k, r in references.items() if settings.references.get(k) is not r}
        kept = {d for d in rendered.deps if not (d[0] == "ref" and d[1] in own)}
        rendered = replace(rendered, deps=tuple(sorted({*kept, *deps})))
    warnings = (*document.warnings, *bib_warnings)
    if warnings:  # the checks report the rendered Markdown's problems
        rendered = replace(rendered, problems=(*warnings, *rendered.problems))
    return Loaded(replace(document, body="", warnings=()), rendered)


def load_or_problems(source: Source, settings: DocumentSettings) -> Loaded | list[Problem]:
    try:
        return load(source, settings)
    except LantingError as error:
        return error.problems

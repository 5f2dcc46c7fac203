"""Stage 4 — Markdown to HTML with Lanting's plugins (see `render.py`)."""

from __future__ import annotations

from lanting.markdown.render import (
    Heading,
    LinkRef,
    MarkdownOptions,
    RenderContext,
    RenderedMarkdown,
    create_markdown,
    link_problems,
    render_markdown,
    resolve_links,
)

__all__ = [
    "Heading",
    "LinkRef",
    "MarkdownOptions",
    "RenderContext",
    "RenderedMarkdown",
    "create_markdown",
    "link_problems",
    "render_markdown",
    "resolve_links",
]

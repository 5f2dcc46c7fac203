"""Stage 4 (documents) — Markdown to HTML: one parser (markdown-it-py) and one plugin
per feature (`render.create_markdown` lists them in order). It knows only `model` and `errors`:
what a document needs of the rest of the site arrives in its `model.RenderContext`."""

from __future__ import annotations

from lanting.markdown.render import create_markdown, render_markdown, resolve_links

__all__ = ["create_markdown", "render_markdown", "resolve_links"]

"""Build the Markdown parser from Lanting's plugins and render one document.

Plugins are applied in a fixed order; each registers its own rule and renderer.
"""

from __future__ import annotations

import functools
import html
import re
from dataclasses import dataclass, field
from pathlib import Path

from markdown_it import MarkdownIt
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.tasklists import tasklists_plugin

from lanting.errors import Problem
from lanting.markdown.anchors import anchors_plugin, inline_text
from lanting.markdown.code import code_plugin
from lanting.markdown.links import links_plugin
from lanting.markdown.math import math_plugin
from lanting.markdown.more import MORE_HTML, more_plugin


@dataclass(frozen=True, slots=True)
class MarkdownOptions:
    """Settings that change the HTML a document renders to (part of its cache key)."""

    raw_html: bool = True


@dataclass(frozen=True, slots=True)
class RenderContext:
    """What a document needs to know about the rest of the site while rendering."""

    path: Path
    """The source file, for messages."""
    rel: str
    """Its path relative to `content/` (links are resolved from its folder)."""
    body_line: int = 1
    link_map: dict[str, str] = field(default_factory=dict)
    """Content path of every page and asset -> its output URL."""
    base_path: str = "/"


@dataclass(frozen=True, slots=True)
class Heading:
    level: int
    id: str
    text: str


@dataclass(frozen=True, slots=True)
class LinkRef:
    url: str
    line: int


@dataclass(frozen=True, slots=True)
class RenderedMarkdown:
    html: str
    headings: tuple[Heading, ...]
    excerpt: str
    """Plain text of the summary: before `<!-- more -->`, else the first paragraph."""
    text: str
    """All reader-visible prose as plain text (reading time, search)."""
    links: tuple[LinkRef, ...]
    problems: tuple[Problem, ...]


@functools.cache
def create_markdown(options: MarkdownOptions) -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": options.raw_html, "typographer": False})
    md.enable(["table", "strikethrough"])
    md.use(math_plugin)
    md.use(footnote_plugin)
    md.use(tasklists_plugin)
    md.use(more_plugin)
    md.use(anchors_plugin)
    md.use(links_plugin)
    md.use(code_plugin)
    return md


_TAGS = re.compile(r"<[^>]+>")
_SPACE = re.compile(r"\s+")


def plain_text(fragment: str) -> str:
    """Visible text of an HTML fragment, whitespace collapsed."""
    return _SPACE.sub(" ", html.unescape(_TAGS.sub(" ", fragment))).strip()


def _excerpt(tokens: list) -> str:  # type: ignore[type-arg]
    """Text before the more marker, else of the first paragraph."""
    before: list[str] = []
    for i, token in enumerate(tokens):
        if token.type == "more_marker":
            return " ".join(t for t in before if t).strip()
        if token.type == "inline" and i and tokens[i - 1].type == "paragraph_open":
            before.append(inline_text(token))
    for i, token in enumerate(tokens):
        if token.type == "paragraph_open" and token.level == 0:
            return inline_text(tokens[i + 1])
    return ""


def render_markdown(
    text: str, context: RenderContext, options: MarkdownOptions = MarkdownOptions()
) -> RenderedMarkdown:
    md = create_markdown(options)
    env: dict[str, object] = {"lanting": context}
    tokens = md.parse(text, env)
    body = md.renderer.render(tokens, md.options, env)
    headings = tuple(Heading(level, anchor, title) for level, anchor, title in env.get("headings", []))  # type: ignore[attr-defined]
    links = tuple(LinkRef(url, line) for url, line in env.get("links", []))  # type: ignore[attr-defined]
    problems = tuple(
        Problem(f"link to `{url}`: no such page in content/", context.path, line,
                hint="link to a page's source file, e.g. `other-post.md`", severity="warning")
        for url, line in env.get("unresolved", [])  # type: ignore[attr-defined]
    ) + tuple(env.get("problems", []))  # type: ignore[arg-type]
    return RenderedMarkdown(
        html=body.replace(MORE_HTML + "\n", ""),
        headings=headings,
        excerpt=_excerpt(tokens),
        text=plain_text(body),
        links=links,
        problems=problems,
    )

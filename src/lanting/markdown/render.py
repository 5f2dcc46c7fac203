"""Build the Markdown parser from Lanting's plugins and render one document.

Plugins are applied in a fixed order; each registers its own rule and renderer.
"""

from __future__ import annotations

import functools
import hashlib
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.tasklists import tasklists_plugin

from lanting.errors import Problem
from lanting.markdown.anchors import anchors_plugin, inline_text
from lanting.markdown.callouts import callouts_plugin
from lanting.markdown.cite import cite_plugin
from lanting.markdown.cjk import cjk_spacing_plugin
from lanting.markdown.code import code_plugin
from lanting.markdown.figures import figures_plugin
from lanting.markdown.footnotes import add_sidenotes
from lanting.markdown.links import links_plugin, resolve_placeholders
from lanting.markdown.math import math_plugin
from lanting.markdown.more import MORE_HTML, more_plugin
from lanting.markdown.scrollers import scrollers_plugin
from lanting.markdown.shortcodes import shortcodes_plugin
from lanting.mathfont import math_characters
from lanting.safety import validate_link
from lanting.text import count_units


@dataclass(frozen=True, slots=True)
class MarkdownOptions:
    """Settings that change the HTML a document renders to (part of its cache key)."""

    raw_html: bool = True
    cjk_spacing: bool = True


@dataclass(frozen=True, slots=True)
class RenderContext:
    """What a document needs to know about the rest of the site while rendering."""

    path: Path
    """The source file, for messages."""
    rel: str
    """Its path relative to `content/` (links are resolved from its folder)."""
    body_line: int = 1
    base_path: str = "/"
    macros: tuple[tuple[str, str], ...] = ()
    """LaTeX macros of the site and the page, `(name, expansion)`."""
    lang: str = "zh-CN"
    """The page's language (callout titles, figure labels)."""
    image_sizes: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Content path of each image asset -> (width, height)."""
    mermaid: bool = False
    """The site opted into Mermaid diagrams."""
    site_root: Path | None = None
    """The site folder; files included by shortcodes must lie inside it."""
    bibliography: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Citation key of each publication -> (short reference, URL), for `[@key]`."""

    def read_file(self, relative: str) -> str | None:
        """Text of a file of the site, or None if missing or outside the site folder."""
        if self.site_root is None or relative.startswith(("/", "\\")) or "\\" in relative:
            return None
        root = self.site_root.resolve()
        try:
            path = (root / relative).resolve(strict=True)
        except (OSError, RuntimeError):
            return None
        if not path.is_relative_to(root) or not path.is_file():
            return None
        return path.read_text(encoding="utf-8", errors="replace")


@dataclass(frozen=True, slots=True)
class Heading:
    level: int
    id: str
    text: str


@dataclass(frozen=True, slots=True)
class LinkRef:
    """A link or image as written in the source, where, and what it points at."""

    url: str
    line: int
    column: int | None = None
    """1-based column of the URL on its line, when it could be found."""
    target: str | None = None
    """Its `content/`-relative target for relative links (resolved after rendering)."""
    image: bool = False


@dataclass(frozen=True, slots=True)
class RenderedMarkdown:
    html: str
    headings: tuple[Heading, ...]
    excerpt: str
    """Plain text of the summary: before `<!-- more -->`, else the first paragraph."""
    links: tuple[LinkRef, ...]
    problems: tuple[Problem, ...]
    features: frozenset[str] = frozenset()
    """What the page uses that needs page-level support: "math", "mermaid"."""
    cjk_chars: int = 0
    words: int = 0
    """Chinese characters and English words of the prose (reading time)."""
    math_chars: str = ""
    """Every character used inside the page's formulas (for the math font subset)."""
    html_hash: str = ""
    """Digest of `html` before links are resolved (identifies the content cheaply)."""
    deps: tuple[tuple[str, str, str], ...] = ()
    """What rendering read besides the source: `("file", path, digest)` for included
    files, `("image", content path, "WxH" or "")` for image sizes (cache validation)."""
    citations: tuple[str, ...] = ()
    """Keys of the publications cited, in order of first citation."""


def _stamp_lines(state: StateCore) -> None:
    """Give inline tokens the source line of their block, for messages."""
    for block in state.tokens:
        if block.type == "inline" and block.map and block.children:
            for child in block.children:
                if child.map is None:
                    child.map = block.map


_TASK_MARK = re.compile(r"\[[ xX]\][ \t\n\r\f\v]")
"""What a task item's text starts with (mdit-py-plugins' own test, as a substring)."""


def _only_with_task_marks(md: MarkdownIt) -> None:
    """The task-list rule, run only on a text with a task mark somewhere: it tests every
    token of every document, and few have a single task item."""
    tasklists = next(rule.fn for rule in md.core.ruler.__rules__
                     if rule.name == "github-tasklists")

    def github_tasklists(state: StateCore) -> None:
        if _TASK_MARK.search(state.src):
            tasklists(state)

    md.core.ruler.at("github-tasklists", github_tasklists)


@functools.cache
def create_markdown(options: MarkdownOptions) -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": options.raw_html, "typographer": False})
    md.validateLink = validate_link  # type: ignore[method-assign]  # stricter scheme check
    md.enable(["table", "strikethrough"])
    md.core.ruler.push("lanting_lines", _stamp_lines)
    md.use(math_plugin)
    md.use(shortcodes_plugin)
    md.use(cite_plugin)
    md.use(footnote_plugin)
    md.use(tasklists_plugin)
    _only_with_task_marks(md)
    md.use(callouts_plugin)
    md.use(more_plugin)
    md.use(anchors_plugin)
    md.use(links_plugin)
    md.use(figures_plugin)
    md.use(code_plugin)
    md.use(scrollers_plugin)
    if options.cjk_spacing:
        md.use(cjk_spacing_plugin)  # last: ids and links are settled, only prose is left
    return md




def _reader_text(tokens: list) -> str:  # type: ignore[type-arg]
    """The words a reader reads: prose, inline code and code blocks (reading time)."""
    parts: list[str] = []
    for token in tokens:
        if token.type == "inline":
            parts.extend(c.content for c in token.children or []
                         if c.type in ("text", "code_inline"))
        elif token.type in ("fence", "code_block"):
            parts.append(token.content)
    return " ".join(parts)


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


def resolve_links(rendered: RenderedMarkdown, link_map: dict[str, str],
                  path: Path | None = None) -> RenderedMarkdown:
    """`rendered` with its relative links pointing at URLs from `link_map` (content path
    -> URL). Links to unknown targets keep what was written; the check stage reports
    them."""
    records = [(link.url, link.target) for link in rendered.links]
    return replace(rendered, html=resolve_placeholders(rendered.html, records, link_map))


def render_markdown(
    text: str, context: RenderContext, options: MarkdownOptions = MarkdownOptions()
) -> RenderedMarkdown:
    md = create_markdown(options)
    env: dict[str, object] = {"lanting": context}
    tokens = md.parse(text, env)
    body = md.renderer.render(tokens, md.options, env)
    excerpt, reader_text = _excerpt(tokens), _reader_text(tokens)
    headings = tuple(Heading(level, anchor, title)
                     for level, anchor, title in env.get("headings", []))  # type: ignore[attr-defined]
    links = tuple(LinkRef(*record) for record in env.get("links", []))  # type: ignore[attr-defined]
    # Broken links are reported by the check stage (check.py), which knows the whole site.
    problems: tuple[Problem, ...] = tuple(env.get("problems", []))  # type: ignore[arg-type]
    features = {name for name, used in (("math", "<math" in body),
                                        ("code", 'class="code-block' in body),
                                        ("mermaid", bool(env.get("uses_mermaid")))) if used}
    cjk_chars, words = count_units(reader_text)
    return RenderedMarkdown(
        html=add_sidenotes(body.replace(MORE_HTML + "\n", "")),
        headings=headings,
        excerpt=excerpt,
        links=links,
        problems=problems,
        features=frozenset(features),
        cjk_chars=cjk_chars,
        words=words,
        math_chars=math_characters([body]) if "math" in features else "",
        html_hash=hashlib.blake2b(body.encode(), digest_size=12).hexdigest(),
        deps=tuple(sorted(set(env.get("deps", [])))),  # type: ignore[call-overload]
        citations=tuple(env.get("citations", [])),  # type: ignore[arg-type]
    )

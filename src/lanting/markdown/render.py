"""Build the Markdown parser from Lanting's plugins and render one document.

Plugins are applied in a fixed order; each registers its own rule and renderer.
"""

from __future__ import annotations

import functools
import hashlib
import html
import re
from dataclasses import replace
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from mdit_py_plugins.deflist import deflist_plugin
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.tasklists import tasklists_plugin

import lanting.markdown.video  # noqa: F401  (registers {{< video >}})
from lanting.markdown.anchors import anchors_plugin, inline_text
from lanting.markdown.angle_quotes import angle_quotes_plugin
from lanting.markdown.attributes import attributes_plugin
from lanting.markdown.blocks import blocks_plugin
from lanting.markdown.callouts import callouts_plugin
from lanting.markdown.cite import cite_plugin, finish_citations
from lanting.markdown.cjk import cjk_breaks_plugin, cjk_spacing_plugin
from lanting.markdown.code import code_plugin
from lanting.markdown.content_tabs import content_tabs_plugin
from lanting.markdown.divs import divs_plugin
from lanting.markdown.embeds import embeds_plugin
from lanting.markdown.emoji import emoji_plugin
from lanting.markdown.emphasis import emphasis_plugin
from lanting.markdown.exports import exports_plugin
from lanting.markdown.figure_refs import figure_refs_plugin
from lanting.markdown.figures import figures_plugin
from lanting.markdown.footnote_lines import footnote_lines_plugin
from lanting.markdown.footnotes import add_sidenotes
from lanting.markdown.formula_images import formula_images_plugin
from lanting.markdown.heading_links import heading_links_plugin
from lanting.markdown.html_formatting import close_formatting
from lanting.markdown.inline_code import inline_code_plugin
from lanting.markdown.leftovers import leftovers_plugin
from lanting.markdown.links import links_plugin, resolve_placeholders
from lanting.markdown.math import math_plugin
from lanting.markdown.math_formula import formula_text, math_characters
from lanting.markdown.more import MORE_HTML, more_plugin
from lanting.markdown.myst import myst_directives_plugin
from lanting.markdown.myst_refs import myst_refs_plugin
from lanting.markdown.myst_roles import myst_roles_plugin
from lanting.markdown.notes_apps import notes_apps_plugin
from lanting.markdown.pseudocode import pseudocode_plugin
from lanting.markdown.scrollers import scrollers_plugin
from lanting.markdown.section_numbers import section_numbers_plugin
from lanting.markdown.shortcodes import shortcodes_plugin
from lanting.markdown.text import count_units
from lanting.markdown.tikz import tikz_plugin
from lanting.markdown.unresolved import unresolved_plugin
from lanting.markdown.urls import validate_link
from lanting.model.markdown import (
    Heading,
    LinkRef,
    MarkdownOptions,
    RenderContext,
    RenderedMarkdown,
)
from lanting.model.problem import Problem


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
        if _TASK_MARK.search(state.src) or state.env.get("task_marks"):  # (exports.py)
            tasklists(state)

    md.core.ruler.at("github-tasklists", github_tasklists)


@functools.cache
def create_markdown(options: MarkdownOptions) -> MarkdownIt:
    # (maxNesting: the commonmark preset's 20 levels of blocks are ten of nested lists,
    # and markdown-it drops what is deeper without a word; an outline's notes, Logseq's
    # above all, go deeper. markdown-it's own default preset allows 100.)
    md = MarkdownIt("commonmark", {"html": options.raw_html, "typographer": False,
                                   "breaks": options.breaks, "maxNesting": 100})
    md.validateLink = validate_link  # type: ignore[method-assign]  # stricter scheme check
    md.enable(["table", "strikethrough"])
    md.use(emphasis_plugin)
    md.use(angle_quotes_plugin)
    md.core.ruler.push("lanting_lines", _stamp_lines)
    md.use(math_plugin)
    md.use(pseudocode_plugin)  # (`\begin{algorithm}`: before the leftovers' TeX check)
    md.use(tikz_plugin)  # (`\begin{tikzpicture}` in a formula: before it is converted)
    md.use(shortcodes_plugin)
    md.use(cite_plugin)
    md.use(footnote_plugin)
    md.use(footnote_lines_plugin)  # (before the rules that read lines)
    md.use(deflist_plugin)  # `Term` then `: definition` (Pandoc, kramdown, MkDocs)
    if options.emoji:
        md.use(emoji_plugin)
    md.use(tasklists_plugin)
    _only_with_task_marks(md)
    md.use(callouts_plugin)
    md.use(blocks_plugin)
    md.use(content_tabs_plugin)
    md.use(divs_plugin)  # after every other `:::` block: it takes what they leave
    md.use(more_plugin)
    md.use(notes_apps_plugin, options.heading_ids)
    md.use(exports_plugin)  # SiYuan, Logseq, HackMD
    md.use(formula_images_plugin)  # Zhihu's, CodeCogs' formula images
    md.use(embeds_plugin)  # `{%youtube id %}`, `{{embed [[Page]]}}`
    md.use(anchors_plugin, options.heading_ids)
    md.use(section_numbers_plugin)
    md.use(heading_links_plugin, options.heading_ids)  # (Typora's `](#2. Heading)`)
    md.use(links_plugin)
    md.use(attributes_plugin)  # before figures: an attribute block may label one
    md.use(figures_plugin)
    md.use(figure_refs_plugin)  # (`@fig-x`, read once the figures are numbered)
    md.use(code_plugin)
    md.use(myst_directives_plugin)
    md.use(myst_roles_plugin)
    md.use(myst_refs_plugin)  # (after figures and headings: its references read them)
    md.use(inline_code_plugin)
    md.use(scrollers_plugin)
    md.use(leftovers_plugin)
    md.use(unresolved_plugin)  # dropped table cells, footnotes, reference links
    if options.cjk_breaks and not options.breaks:
        md.use(cjk_breaks_plugin)
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


_SPACE_BEFORE_PUNCTUATION = re.compile(r" +(?=[，。；：！？、）」』】,.;:!?)])")
_SPACES = re.compile(r" {2,}")


def _tidy(text: str) -> str:
    """The spaces a citation (markup with no text of its own) left in a summary:
    `去噪 [@ho2020]。` → `去噪。`, `a [@x] b` → `a b`."""
    return _SPACES.sub(" ", _SPACE_BEFORE_PUNCTUATION.sub("", text)).strip()


def _excerpt(tokens: list) -> str:  # type: ignore[type-arg]
    """Text before the more marker, else of the first paragraph."""
    before: list[str] = []
    for i, token in enumerate(tokens):
        if token.type == "more_marker":
            return _tidy(" ".join(t for t in before if t))
        if token.type == "inline" and i and tokens[i - 1].type == "paragraph_open":
            before.append(inline_text(token))
        elif token.type == "math_block" and token.level == 0:
            before.append(formula_text(token))  # a formula is part of the text, no hole
    for i, token in enumerate(tokens):
        if token.type == "paragraph_open" and token.level == 0:
            return _tidy(inline_text(tokens[i + 1]))
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
    return _rendered(tokens, body, env, text)


def _rendered(tokens: list, body: str,  # type: ignore[type-arg]
              env: dict[str, object], source: str = "") -> RenderedMarkdown:
    body, citations = finish_citations(body, env)
    excerpt, reader_text = _excerpt(tokens), _reader_text(tokens)
    numbers: dict[str, str] = env.get("heading_numbers", {})  # type: ignore[assignment]
    headings = tuple(Heading(level, anchor, text, html, numbers.get(anchor, ""))
                     for level, anchor, text, html
                     in env.get("headings", []))  # type: ignore[attr-defined]
    links = tuple(LinkRef(*record) for record in env.get("links", []))  # type: ignore[attr-defined]
    # Broken links are reported by the check stage (check.py), which knows the whole site.
    problems: tuple[Problem, ...] = tuple(env.get("problems", []))  # type: ignore[arg-type]
    features = {name for name, used in (("math", "<math" in body),
                                        ("code", 'class="code-block' in body),
                                        ("mermaid", bool(env.get("uses_mermaid"))),
                                        ("images", "<img" in body)) if used}
    cjk_chars, words = count_units(reader_text)
    return RenderedMarkdown(
        html=add_sidenotes(close_formatting(body.replace(MORE_HTML + "\n", ""), source)),
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
        citations=citations,
    )


_PARAGRAPH = re.compile(r"<p>(.*?)</p>\n", re.DOTALL)
_HTML_TAG = re.compile(r"</?(?:a|abbr|b|big|br|center|cite|code|del|div|em|font|i|img|ins|"
                       r"kbd|mark|p|q|s|small|span|strike|strong|sub|sup|u)(?:\s[^<>]*)?/?>",
                       re.IGNORECASE)
"""HTML a summary may have been written with (`Set<Integer>` is not: it shows as meant)."""
_CODE_SPAN = re.compile(r"(`+).*?\1", re.DOTALL)


def render_summary(text: str, context: RenderContext,
                   options: MarkdownOptions = MarkdownOptions()) -> RenderedMarkdown:
    """The front matter's `summary` as lists show it, in a paragraph of their own: its
    Markdown rendered as the body's is (formulas, emphasis, code, links; raw HTML is
    text, as in any front matter value), its paragraphs' inline HTML in `html` and their
    plain text in `excerpt` (meta descriptions, feeds, search). A summary with other
    blocks (a list, a heading, code) is a warning and shown as its text."""
    md = create_markdown(replace(options, raw_html=False))
    # A citation links to the work itself: a list has no reference list to point into.
    env: dict[str, object] = {"lanting": replace(context, reference_list=False)}
    tokens = md.parse(text, env)
    body = md.renderer.render(tokens, md.options, env)
    rendered = _rendered(tokens, body, env)
    plain = _tidy(" ".join(inline_text(tokens[i + 1]) for i, t in enumerate(tokens)
                           if t.type == "paragraph_open" and t.level == 0))
    paragraphs = _PARAGRAPH.findall(rendered.html)
    if _PARAGRAPH.sub("", rendered.html).strip():
        problem = Problem("`summary` holds a list, a heading, code or a footnote: lists "
                          "show it as text", context.path, context.body_line,
                          hint="write the summary as one paragraph of Markdown; the rest "
                          "belongs in the post", severity="warning")
        plain = _tidy(" ".join(inline_text(t) for t in tokens if t.type == "inline"))
        return replace(rendered, html=html.escape(plain, quote=False), excerpt=plain,
                       links=(), problems=(*rendered.problems, problem))
    problems = rendered.problems
    if tag := _HTML_TAG.search(_CODE_SPAN.sub("", text)):
        problems += (Problem(f"`summary` has HTML (`{tag.group()}`): lists show it as "
                             "text", context.path, context.body_line,
                             hint="write it in Markdown (`**bold**`, `*italic*`, "
                             "`[text](url)`), as front matter holds no HTML",
                             severity="warning"),)
    return replace(rendered, html=" ".join(paragraphs), excerpt=plain, problems=problems)


def with_summary(rendered: RenderedMarkdown, summary: RenderedMarkdown) -> RenderedMarkdown:
    """A page's rendering with its summary's (`render_summary`): the problems, and what
    its formulas need (the math font's characters)."""
    return replace(rendered, summary_html=summary.html, summary_text=summary.excerpt,
                   summary_links=summary.links,
                   problems=(*rendered.problems, *summary.problems),
                   features=rendered.features | (summary.features & {"math"}),
                   math_chars="".join(sorted(set(rendered.math_chars + summary.math_chars))))

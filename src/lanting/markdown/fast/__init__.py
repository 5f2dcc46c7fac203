"""Stage 4's fast path: pulldown-cmark's events (`pyromark`) straight to HTML.

markdown-it-py parses in pure Python and then makes a token object for every block,
table cell and run of text, which its core rules walk and its renderer walks again;
for a typical post that is two thirds of the Markdown stage. pulldown-cmark, compiled,
parses the same post in a fraction of that, and this package writes the HTML
markdown-it-py's renderer would write, straight from the events: the same tags, the
same line breaks, with Lanting's plugins applied as their core rules would apply them
— each through the plugin's own function (formulas, code blocks, footnotes, figures,
image sizes, links, heading ids, CJK spacing), so a plugin keeps one implementation.

The two parsers agree on CommonMark (both pass its 652 examples) but not on every
extension, so only documents made of what they read alike come this way: paragraphs,
headings, emphasis, `~~strike-through~~`, code spans, links and images, lists, block
quotes, rules, tables, fenced and indented code, `$…$` and `$$…$$` math, footnotes and
the `<!-- more -->` marker. For anything else — raw HTML, shortcodes, citations,
callouts, `\\(…\\)` math, labelled equations, task lists — or any spot where the two
could differ (checked as the events are read), `render_fast` returns None and the
document goes through markdown-it-py. `tests/test_fastrender.py` holds both paths to
the same result, page by page.

The walk is three layers, each a class over the one before: `events.Cursor` (the
events and their positions in the text), `inlines.Inlines` (a block's inline content:
read, checked, written) and `blocks.Walk` (the blocks, footnotes and excerpt).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

import pyromark
from markdown_it import MarkdownIt

from lanting.markdown.fast.blocks import Walk
from lanting.markdown.fast.events import Decline

__all__ = ["CORE_RULES", "Decline", "FastPage", "only_markdown_it", "render_fast"]

_PARSER = pyromark.Markdown(options=(
    pyromark.Options.ENABLE_TABLES | pyromark.Options.ENABLE_FOOTNOTES
    | pyromark.Options.ENABLE_STRIKETHROUGH | pyromark.Options.ENABLE_TASKLISTS
    | pyromark.Options.ENABLE_MATH))

_ONLY_MARKDOWN_IT = ("\\(", "\\[", "{{<", "{{%", "[@", "@eq:", "^[", "[!", ":::", "\0", "\r", "\t")
"""Source text only markdown-it's plugins read (bracket math, shortcodes, citations,
equation references, inline footnotes, callouts, containers), or that the parsers treat
differently before parsing (NUL, CR, tab stops). Substring tests: one regex alternation
over a long Chinese post costs three times as much."""
_EQUATION_LABEL = re.compile(r"\$\$[ \t]*\(")

CORE_RULES = ("normalize", "block", "github_alerts", "inline", "github-tasklists",
              "footnote_tail", "text_join", "lanting_lines", "number_equations",
              "glue_punctuation", "lanting_more", "lanting_anchors", "lanting_links",
              "figures", "image_sizes", "focusable_tables")
"""markdown-it's enabled core rules whose work this package does (`cjk_spacing` may
follow): a parser with any other rule is left to markdown-it."""


def only_markdown_it(text: str) -> bool:
    """Whether `text` holds something only markdown-it's plugins read."""
    return any(marker in text for marker in _ONLY_MARKDOWN_IT) or (
        "$$" in text and _EQUATION_LABEL.search(text) is not None)


@dataclass(frozen=True, slots=True)
class FastPage:
    """A document rendered by the fast path (env holds the rest, as markdown-it's path
    leaves it: headings, links, problems, dependencies)."""

    html: str
    excerpt: str
    """`render._excerpt` of the tokens markdown-it would have made."""
    reader_text: str
    """`render._reader_text` of those tokens."""


def render_fast(text: str, md: MarkdownIt, env: dict[str, Any]) -> FastPage | None:
    """The page markdown-it-py and Lanting's plugins make of `text` — or None: render it
    with them. `env` is filled as their rules fill it."""
    cjk = _cjk_spacing(md)
    if cjk is None or only_markdown_it(text) or env.get("lanting") is None:
        return None
    walk = Walk(text, _PARSER.events_with_range(text), md, dict(env), cjk)
    try:
        html, excerpt, reader_text = walk.run()
    except Decline:
        return None
    env.update(walk.env)  # only now: a declined document leaves `env` as it was
    return FastPage(html, excerpt, reader_text)


@functools.cache
def _cjk_spacing(md: MarkdownIt) -> bool | None:
    """Whether `md` spaces Chinese prose; None if it does what this path does not do
    (raw HTML off, a core rule this path does not know)."""
    rules = [rule.name for rule in md.core.ruler.__rules__ if rule.enabled]
    cjk = rules[-1:] == ["cjk_spacing"]
    if not md.options["html"] or tuple(rules[:-1] if cjk else rules) != CORE_RULES:
        return None
    return cjk

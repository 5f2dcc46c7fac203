"""Plugin: an `id` on every heading (Chinese kept), collected for the table of contents.

Styles (`[markdown] heading_ids`): Lanting's own slugs, GitHub's (also kramdown's
GFM input and Hugo's Goldmark), which keep `_` and runs of `-`, Hexo's, which keep
case, uslug's (Hexo's markdown-it-plus renderer), VitePress's (VuePress 2's too), which
put `_` before a leading digit, docsify's, Pandoc's, mdBook's and markdown-it-anchor's
(its own, and Eleventy's `slugify` filter it is often given), so that `#links` written
for a site made with those keep working. An id written
after a heading, as Pandoc, Quarto, Hugo and kramdown take it (`## Introduction
{#sec-intro}`, `{: #x}`, with classes such as `.unnumbered` or `-`), is the heading's
id, and the braces leave its text.
Quarto's `@sec-intro` (pandoc-crossref's `@sec:intro`) links to the heading with that id,
its title as the text (its number, on a page whose sections are numbered, is not
repeated in the link); one that names no heading of the page is reported at its line.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, MutableMapping, Sequence
from functools import lru_cache, partial
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token

from lanting.markdown.js_slugs import eleventy_slug, npm_slug, sindresorhus_slug
from lanting.markdown.math_formula import formula_text
from lanting.markdown.section_numbers import UNNUMBERED, section_label
from lanting.markdown.shortcodes import report
from lanting.model.names import hexo_slugize, slugify, unique


def inline_text(token: Token, tex: bool = False) -> str:
    """The reader-visible text of an inline token (no markup); with `tex`, a formula's
    TeX as written (`\\lambda`) in place of its reading (`λ`)."""
    parts: list[str] = []
    for child in token.children or []:
        if child.type == "text":
            parts.append(child.content)
        elif child.type == "code_inline":  # with the punctuation glued to it
            parts.append(child.content + (child.meta or {}).get("glue", ""))
        elif child.type == "math_inline":
            parts.append((child.content if tex else formula_text(child))
                         + (child.meta or {}).get("glue", ""))
        elif child.type in ("citation", "secref", "eqref", "figref", "myst_ref"):
            # (a sentence's words)
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return "".join(parts).strip()


def github_slug(text: str) -> str:
    """GitHub's heading id: lower case; letters, marks, digits, connector punctuation
    (`_`), `-` and spaces kept, each space a `-` (github-slugger; kramdown's GFM parser
    and Hugo's `github` style agree)."""
    kept = "".join(c for c in text.lower() if c in " -"
                   or unicodedata.category(c)[0] in "LMN" or unicodedata.category(c) == "Pc")
    return kept.replace(" ", "-") or "section"


def hexo_slug(text: str) -> str:
    """Hexo's heading id (hexo-renderer-marked's and hexo-renderer-markdown-it's,
    hexo-util's `slugize`): case, Chinese and its punctuation kept, `_` and each run of
    spaces and ASCII punctuation one `-` (`## 附录：my_var?` → `附录：my-var`)."""
    return hexo_slugize(text) or "section"


_VITEPRESS_SPECIAL = re.compile(r"""[\s~`!@#$%^&*()\-_+=\[\]{}|\\;:"'"""
                                r"\u201c\u201d\u2018\u2019<>,.?/]+")
_COMBINING = re.compile(r"[\u0300-\u036f]")


def vitepress_slug(text: str) -> str:
    """VitePress's and VuePress 2's heading id (`slugify` of @mdit-vue/shared): the text
    decomposed (NFKD: a full-width `：` or `（` becomes ASCII), accents dropped, each run
    of spaces, ASCII punctuation and curly quotes one `-`, lower case, and a `_` before
    a leading digit (`## 1. 安装` → `_1-安装`; `## 为什么，怎么办` → `为什么-怎么办`)."""
    text = _COMBINING.sub("", unicodedata.normalize("NFKD", text))
    text = _VITEPRESS_SPECIAL.sub("-", re.sub(r"[\x00-\x1f]", "", text)).strip("-")
    return re.sub(r"^(\d)", r"_\1", text).lower() or "section"


_DOCSIFY_SPECIAL = re.compile(r"""[\u2000-\u206f\u2e00-\u2e7f\\'!"#$%&()*+,./:;<=>?@\[\]^`{|}~]""")
_HTML_TAG = re.compile(r"<(?:[A-Za-z][^<>]*|/[A-Za-z][^<>]*|!--.*?--)>")
_MARKED_ESCAPED = re.compile(r"""[<>"']|&(?!#?\w+;)""")
_MARKED_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}
"""What marked wrote for the characters of a heading's text (an entity written as one,
`&amp;`, kept), in the HTML docsify made the heading's id of."""


def docsify_slug(text: str) -> str:
    """docsify's heading id (its `slugify`, of docsify 4): lower case, tags dropped, ASCII
    and general punctuation dropped (full-width `：` and `（` kept, `_` kept), each space
    a `-`, runs of `-` one, and a `_` before a leading digit (`## 1.1 梯度下降` →
    `_11-梯度下降`), which `?id=_11-梯度下降` links name. docsify slugified the HTML
    marked made of the heading, so `&`, `<`, `>`, `"` and `'` had become entities whose
    letters stayed: `## Q & A` → `q-amp-a`, `## What's new` → `what39s-new`."""
    text = _HTML_TAG.sub("", text.strip().lower())
    text = _MARKED_ESCAPED.sub(lambda m: _MARKED_ESCAPES[m.group()[0]], text)
    text = re.sub(r"-+", "-", re.sub(r"\s", "-", _DOCSIFY_SPECIAL.sub("", text)))
    return re.sub(r"^(\d)", r"_\1", text) or "section"


def pandoc_slug(text: str) -> str:
    """Pandoc's heading id (its `auto_identifiers`: Quarto's, R Markdown's and
    hexo-renderer-pandoc's): lower case; letters, digits, `_`, `-` and `.` kept; the
    words joined by `-`; all before the first letter dropped (`## 3.2 Attention 机制` →
    `attention-机制`, `## A.1` → `a.1`)."""
    kept = "".join(c for c in text.lower() if c.isspace() or c.isalnum() or c in "_-.")
    words = "-".join(kept.split())
    first = next((i for i, c in enumerate(words) if c.isalpha()), len(words))
    return words[first:] or "section"


def mdbook_slug(text: str) -> str:
    """mdBook's heading id (its `normalize_id`): letters, digits, `_` and `-` kept, ASCII
    letters lower-cased (`Σ` stays), each space a `-`, all else dropped (`## 1.1 梯度下降`
    → `11-梯度下降`, `## Q&A` → `qa`)."""
    kept = [c.lower() if c.isascii() else c for c in re.sub(r"<[^>]+>", "", text.strip())
            if c.isalnum() or c in "_-" or c.isspace()]
    return re.sub(r"\s", "-", "".join(kept)) or "section"


def uslug(text: str) -> str:
    """uslug's heading id (markdown-it-toc-and-anchor's, which hexo-renderer-markdown-it-plus
    and hexo-renderer-multi-markdown-it turn on): the text NFKC-normalized (a full-width
    `（` becomes `(`), letters, marks, digits, `-`, `_` and `~` kept, `、` and `。` a
    space, each run of spaces and `-` one `-`, lower case (`## （推荐）Xorg 配置` →
    `推荐xorg-配置`, `## 1.9 msg和srv` → `19-msg和srv`). It read UTF-16 units, so a
    character beyond U+FFFF (an emoji) is dropped."""
    kept: list[str] = []
    for char in unicodedata.normalize("NFKC", text):
        code = ord(char)
        if 0x4E00 <= code <= 0x9FFF or 0xAC00 <= code <= 0xD7A3 or char in "-_~":
            kept.append(char)
        elif code in (0x3001, 0x3002):  # (its "Japanese ideographic punctuation")
            kept.append(" ")
        elif code <= 0xFFFF and unicodedata.category(char)[0] in "LMNZ":
            kept.append(" " if unicodedata.category(char)[0] == "Z" else char)
    return re.sub(r"[\s-]+", "-", " ".join("".join(kept).split())).lower() or "section"


def anchor_slug(text: str) -> str:
    """markdown-it-anchor's heading id (its default `slugify`): the text lower case, each
    run of spaces one `-`, all else kept (`## Why, really?` → `why,-really?`). It wrote
    the id percent-encoded (`why%2C-really%3F`); a browser decodes a link's fragment to
    find it, so links written either way find this id too."""
    return re.sub(r"\s+", "-", text.strip().lower()) or "section"


HEADING_ID_STYLES: dict[str, Callable[[str], str]] = {"lanting": slugify,
                                                      "github": github_slug,
                                                      "hexo": hexo_slug,
                                                      "uslug": uslug,
                                                      "vitepress": vitepress_slug,
                                                      "docsify": docsify_slug,
                                                      "pandoc": pandoc_slug,
                                                      "markdown-it-anchor": anchor_slug,
                                                      "eleventy": eleventy_slug,
                                                      "sindresorhus": sindresorhus_slug,
                                                      "slugify": npm_slug,
                                                      "slugify-strict": partial(
                                                          npm_slug, strict=True),
                                                      "mdbook": mdbook_slug}

_REMOVING = re.compile(r"(slugify|slugify-strict) /(.+)/")
"""`slugify /[:’'`,]/`: the npm `slugify` package given its own `remove` pattern (a
regular expression between slashes, as the site's JavaScript wrote it)."""


@lru_cache(maxsize=16)
def heading_slug(style: str) -> Callable[[str], str]:
    """The slug function of the heading id style `style` (one of `HEADING_ID_STYLES`,
    or `slugify /pattern/`); KeyError for none."""
    if style in HEADING_ID_STYLES:
        return HEADING_ID_STYLES[style]
    given = _REMOVING.fullmatch(style)
    if given is None:
        raise KeyError(style)
    try:
        remove = re.compile(given.group(2), re.ASCII)
    except re.error as error:
        raise KeyError(style) from error
    return partial(npm_slug, strict=given.group(1) == "slugify-strict", remove=remove)


def is_heading_style(style: str) -> bool:
    try:
        heading_slug(style)
    except KeyError:
        return False
    return True


def inline_math_html(token: Token) -> str:
    """The HTML of an inline token that holds math, for the table of contents: text and
    code escaped, formulas as MathML, other markup (emphasis, links) left out; "" when
    it holds no math (the TOC then shows the text)."""
    children = token.children or []
    if not any(c.type == "math_inline" for c in children):
        return ""
    parts: list[str] = []
    for child in children:
        if child.type == "text":
            parts.append(escapeHtml(child.content))
        elif child.type == "code_inline":
            parts.append(f"<code>{escapeHtml(child.content)}</code>"
                         + escapeHtml((child.meta or {}).get("glue", "")))
        elif child.type == "math_inline":
            meta = child.meta or {}
            parts.append((meta.get("mathml") or escapeHtml(child.content))
                         + escapeHtml(meta.get("glue", "")))
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return "".join(parts).strip()


THEME_IDS = ("main", "header-menu", "toc-title", "related-title", "comments-title",
             "news-title", "selected-title", "recent-title", "project-related-title",
             "abstract-title", "talks-title", "posts-title", "bibtex-title")
"""Ids the theme's templates give their own elements: a heading `## TOC title` must not
take `toc-title` from the table of contents (`tests/test_markdown.py` reads the
templates to keep this list whole)."""


def ids_in_use(env: MutableMapping[str, Any]) -> dict[str, int]:
    """The ids given so far in a document (for `names.unique`), the theme's included."""
    seen: dict[str, int] = env.setdefault("heading_ids", dict.fromkeys(THEME_IDS, 0))
    return seen


def heading_id(env: MutableMapping[str, Any], level: int, text: str, explicit: str = "",
               html: str = "", style: str = "lanting", source: str = "") -> str:
    """The id of the next heading of a document (unique in it), recorded for its table of
    contents; `text` is its reader-visible text (`inline_text`; formulas as readable
    text, so `## Parameterization of $\\beta_t$` gets `parameterization-of-β-t`), `html`
    its HTML if it holds math; `source`, when given, the text the id is made of."""
    # (markdown-it-toc-and-anchor numbered a repeated heading from 2: `例一`, `例一-2`)
    anchor = unique(explicit or heading_slug(style)(source or text), ids_in_use(env),
                    2 if style == "uslug" else 1)
    env.setdefault("headings", []).append((level, anchor, text, html))
    return anchor


_ATTRIBUTES = re.compile(r"[ \t]+\{:?[ \t]*((?:(?:[#.][\w:.\-]+|[\w\-]+=(?:\"[^\"]*\"|\S+)|-)"
                         r"[ \t]*)+)\}[ \t]*$")
_ONLY_ATTRIBUTES = re.compile(r"^[ \t]*\{:?[ \t]*((?:(?:[#.][\w:.\-]+|[\w\-]+=(?:\"[^\"]*\"|\S+)"
                              r"|-)[ \t]*)*)\}[ \t]*$")
"""A heading of attributes alone, `# {.plain}` or `# {}`: Pandoc's empty heading (a
deck's untitled slide), the braces no text."""
_ID = re.compile(r"(?:^|[ \t])#([\w:.\-]+)")
_NUMBER = re.compile(r"(?:^|[ \t])number=(?:\"([^\"]*)\"|(\S+))")
"""A heading's own number, `{number="1.4"}` (Pandoc's attribute)."""
_GLUED_ID = re.compile(r"(?<=[^\s\\])\{(#[^\W\d][\w:.\-]*)\}[ \t]*$")
"""`## 模块系统{#modules}`: an id with no space before it, which markdown-it-attrs (VuePress,
VitePress) and Docusaurus read as the id; only a lone `{#id}` that starts with no digit
(`\\newcommand{#1}` is TeX's)."""


def _written_ids(state: StateCore) -> None:
    """`## Title {#id .class}`: the attributes leave the heading's text (before its inline
    parse), the id goes to the heading."""
    tokens = state.tokens
    for i, token in enumerate(tokens):
        if token.type != "heading_open" or "{" not in tokens[i + 1].content:
            continue
        inline = tokens[i + 1]
        match = _ATTRIBUTES.search(inline.content) or _GLUED_ID.search(inline.content) \
            or _ONLY_ATTRIBUTES.match(inline.content)
        if match is None:
            continue
        inline.content = inline.content[:match.start()]
        written = _ID.search(match.group(1))
        if UNNUMBERED.search(match.group(1)):  # (`{.unnumbered}`, `{-}`: section_numbers)
            token.meta = {**(token.meta or {}), "unnumbered": True}
        elif (number := _NUMBER.search(match.group(1))) is not None:
            # (`{number="1.4"}`: the number shown, as Pandoc shows one written so)
            token.meta = {**(token.meta or {}), "number": number.group(1) or number.group(2)}
        if written:
            token.attrSet("id", written.group(1))


def _add_ids(state: StateCore, style: str = "lanting") -> None:
    tokens = state.tokens
    for i, token in enumerate(tokens):
        if token.type != "heading_open" or i + 1 >= len(tokens):
            continue
        explicit = token.attrGet("id")
        # (the other generators made a heading's id of its formulas' TeX as written:
        # kramdown's `### $\lambda = -\cfrac{a}{2}$` is `#lambda---cfraca2`, and links
        # to it are kept only so)
        source = inline_text(tokens[i + 1], tex=True) if style != "lanting" else ""
        token.attrSet("id", heading_id(state.env, int(token.tag[1]), inline_text(tokens[i + 1]),
                                       str(explicit) if explicit else "",
                                       inline_math_html(tokens[i + 1]), style, source))


_SECREF = re.compile(r"@(sec[:-][\w\-.:]*\w)|\[([^\[\]@\n]*?)(-?)@(sec[:-][\w\-.:]*\w)\]"
                     r"(?![(\[])")
"""`@sec-x`, or in brackets (`[@sec-x]`, `[-@sec-x]`, `[see @sec-x]`: a citation's form,
the brackets not shown): its heading's title, or on a page of numbered sections "Section
2.1" (`[-@sec-x]`: "2.1" alone, `[Section -@sec-x]` "Section 2.1")."""


def _secref_rule(state: StateInline, silent: bool) -> bool:
    if state.src[state.pos] not in "@[" or state.linkLevel > 0:
        return False
    if state.pos > 0 and (state.src[state.pos - 1].isalnum()
                          or state.src[state.pos - 1] in "._-+"):
        return False  # an e-mail address
    match = _SECREF.match(state.src, state.pos)
    if not match:
        return False
    if not silent:
        if match.group(2):  # (the words before it in the brackets: `[Section -@sec-x]`)
            state.push("text", "", 0).content = match.group(2)
        token = state.push("secref", "a", 0)
        token.info = match.group(1) or match.group(4)
        token.meta = {"plain": match.group(3) == "-"}
    state.pos = match.end()
    return True


def _title_secrefs(state: StateCore) -> None:
    """Each `@sec-x` gets the title of its heading, or its number when the page numbers
    its sections, known once every heading has its id (a reference may come before its
    heading)."""
    titles = {anchor: text for _, anchor, text, _ in state.env.get("headings", [])}
    numbers = state.env.get("heading_numbers", {})
    for block in state.tokens:
        if block.type == "inline" and "@sec" in block.content:
            for child in block.children or []:
                if child.type == "secref":
                    label = section_label(state.env, child.info)
                    child.content = (numbers[child.info] if child.meta.get("plain") else label
                                     ) if label else titles.get(child.info, "")


def _render_secref(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                   env: Any) -> str:
    token = tokens[idx]
    if not token.content:
        ctx = env.get("lanting")
        line = (ctx.body_line if ctx else 1) + (token.map[0] if token.map else 0)
        report(env, line, f"`@{token.info}` refers to no heading on this page",
               f"give the heading that id: `## Title {{#{token.info}}}`")
        return escapeHtml("@" + token.info)
    return f'<a class="secref" href="#{escapeHtml(token.info)}">{escapeHtml(token.content)}</a>'


def anchors_plugin(md: MarkdownIt, style: str = "lanting") -> None:
    md.core.ruler.after("block", "written_heading_ids", _written_ids)
    md.core.ruler.push("lanting_anchors", partial(_add_ids, style=style))
    md.core.ruler.push("section_references", _title_secrefs)
    md.inline.ruler.push("secref", _secref_rule)
    md.add_render_rule("secref", _render_secref)

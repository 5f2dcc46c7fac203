"""Plugin: images get their size and lazy loading; an image alone in a paragraph with a
title becomes a numbered `<figure>` ("图 1" / "Figure 1").

A figure may carry a label, `![alt](arch.png "Caption"){#fig:arch}` (pandoc-crossref's
and Quarto's form; without a title the alt text is the caption), and `@fig:arch` in the
text refers to it like `@eq:` to an equation: "图 2", linking to the figure
(`figure_refs.py`). An unknown or doubled label is reported with its line.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator, MutableMapping, Sequence
from typing import Any, cast

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from lanting.errors import LantingError
from lanting.markdown.figure_divs import (
    caption_on_top,
    figure_div_renderers,
    figure_divs,
    figure_label,
    make_figure_div,
)
from lanting.markdown.mathforms import TITLE_MATH, math_forms
from lanting.markdown.shortcodes import report

LABELS = {"zh": "图 {n}", "zh-Hant": "圖 {n}", "en": "Figure {n}"}
_TRADITIONAL = re.compile(r"^zh-(?:.*-)?(?:hant|tw|hk|mo)(?:-|$)", re.IGNORECASE)
"""Chinese written in Traditional characters: `zh-TW`, `zh-HK`, `zh-MO`, `zh-Hant…`."""
"""`@fig:x` (pandoc-crossref's), or Quarto's `@fig-x`."""
CONTAINERS = ("container_tabs_open", "tab_panel_open", "container_details_open",
              "container_callout_open", "callout_open")
"""Blocks whose figures are numbered like those at the top level (not lists, quotes or
galleries)."""
LISTS = ("bullet_list_open", "ordered_list_open", "list_item_open", "blockquote_open",
         "plain_div")
"""Blocks where only a labelled image (`{#fig-x}`, asked for as a figure) is one: Quarto
numbers it there too, and `@fig-x` refers to it (a fenced div of no figure's, a column
beside the text referring to it, is `plain_div`)."""


def size_image(image: Token, env: MutableMapping[str, Any]) -> None:
    """Lazy loading, and the width and height of a known image (recorded as a dependency:
    the cached page is stale once the image changes size)."""
    ctx = env.get("lanting")
    image.attrSet("loading", "lazy")
    image.attrSet("decoding", "async")
    path = image.meta.get("content_path")
    if not path and ctx is not None:  # a file of `static/`, by its path from the site's root
        src = str(image.attrGet("src") or "")
        if src.startswith(ctx.base_path) and not src.startswith("//"):
            # (recorded even while missing: the page is stale once the file appears)
            path = "/" + src[len(ctx.base_path):].split("?")[0].split("#")[0]
    size = ctx.image_sizes.get(str(path)) if path and ctx else None
    if path:
        env.setdefault("deps", []).append(
            ("image", str(path), f"{size[0]}x{size[1]}" if size else ""))
    if not size:
        return
    width, height = image.attrGet("width"), image.attrGet("height")
    if width and not height and size[0]:  # a width asked for: the height in proportion
        image.attrSet("height", str(max(1, round(int(width) * size[1] / size[0]))))
    elif height and not width and size[1]:
        image.attrSet("width", str(max(1, round(int(height) * size[0] / size[1]))))
    elif not width:
        image.attrSet("width", str(size[0]))
        image.attrSet("height", str(size[1]))


def _size_images(state: StateCore) -> None:
    for block in state.tokens:
        for child in block.children or []:
            if child.type == "image":
                size_image(child, state.env)


def _lone_image(children: Sequence[Token], linked: bool = False) -> Token | None:
    """A paragraph's one image, alone but for white space; `linked`: or with a link
    around it (`[![a](x.png){#fig-a}](https://…)`, a figure whose image leads somewhere)."""
    found = [c for c in children if not (c.type == "text" and not c.content.strip())]
    if linked and len(found) == 3 and (found[0].type, found[2].type) == ("link_open",
                                                                          "link_close"):
        found = found[1:2]
    return found[0] if len(found) == 1 and found[0].type == "image" else None


def figure_image(children: Sequence[Token]) -> Token | None:
    """The image of a paragraph that is a figure: one image with a title, alone but for
    white space. (Linked, a titled image stays an image: a badge, a paper's thumbnail.)"""
    image = _lone_image(children)
    return image if image is not None and image.attrGet("title") else None


def _labelled_image(children: Sequence[Token]) -> Token | None:
    """The image of a paragraph `![…](…){#fig:label}`, alone but for white space or a
    link around it (its attribute block read by `attributes`); or an unnumbered one,
    `![Caption](x.png){.unnumbered}` (`{-}`), Pandoc's figure of an unlabelled image,
    shown with its caption and counted not."""
    image = _lone_image(children, linked=True)
    return image if image is not None and (image.meta.get("label")
                                           or image.meta.get("unnumbered")) else None


def _alt(image: Token) -> str:
    return "".join(c.content for c in image.children or [])


def _paragraphs(tokens: list[Token]) -> Iterator[tuple[int, list[str]]]:
    """Each paragraph's index, with the blocks open around it that are no container
    whose figures are numbered (lists, quotes, galleries…)."""
    enclosing: list[str] = []  # the blocks open around the current token
    for i in range(len(tokens) - 2):
        opening = tokens[i]
        if opening.nesting == 1 and opening.type != "paragraph_open":
            enclosing.append("plain_div" if opening.type == "container_div_open"
                             and not figure_label(opening.info) else opening.type)
        elif opening.nesting == -1 and opening.type not in ("paragraph_close",
                                                             "figure_close") and enclosing:
            enclosing.pop()
        if opening.type == "paragraph_open" and tokens[i + 1].type == "inline":
            yield i, [kind for kind in enclosing if kind not in CONTAINERS]


_LABEL_BLOCK = re.compile(r"^\{:?[^}\n]*(?:#fig[:-]|(?<![^{ \t])(?:\.unnumbered|-)[ \t]*\})")
"""An attribute block labelling the image before it a figure (`{#fig-x}`, `{: #fig:x}`),
or asking for an unnumbered one (`{.unnumbered}`, `{-}`), read before `attributes` has
read it."""


def _parse_captions(state: StateCore) -> None:
    """The caption of each paragraph that may become a figure, parsed as Markdown into
    its inline token, between `figure_caption_open` and `_close`, before the page's
    formulas and links are converted (so a caption's `$x$` and `[paper](…)` are theirs):
    the title (`![alt](a.png "Caption")`, a Hugo figure's caption), else, when an
    attribute block labels the image, its alt text (Quarto's and pandoc's caption)."""
    for i, outside in _paragraphs(state.tokens):
        inline = state.tokens[i + 1]
        found = [c for c in inline.children or []
                 if not (c.type == "text" and not c.content.strip())]
        if len(found) == 4 and (found[0].type, found[-1].type) == ("link_open", "link_close") \
                and found[2].type == "text" and _LABEL_BLOCK.match(found[2].content):
            found = found[1:-1]  # (a labelled image inside a link: `_lone_image`'s figure)
        if (state.tokens[i].meta or {}).get("myst_figure") or not found \
                or found[0].type != "image" or outside and not all(k in LISTS for k in outside):
            continue
        image, rest = found[0], found[1:]
        title = str(image.attrGet("title") or "")
        labelled = len(rest) == 1 and rest[0].type == "text" \
            and _LABEL_BLOCK.match(rest[0].content) is not None
        if rest and not labelled or outside and not labelled:
            continue
        caption: list[Token] = []
        if title:
            state.md.inline.parse(title, state.md, state.env, caption)
        elif labelled:
            caption = copy.deepcopy(image.children or [])
        offset = inline.content.find(title or _alt(image))
        for token in caption:  # (positions in the paragraph: a formula's error points there)
            if token.meta and "pos" in token.meta and offset > 0:
                token.meta["pos"] = int(token.meta["pos"]) + offset
        if caption:
            inline.children = [*(inline.children or []), Token("figure_caption_open", "", 1),
                               *caption, Token("figure_caption_close", "", -1)]


def _caption_tokens(inline: Token) -> list[Token]:
    """The caption `_parse_captions` put in `inline`, taken out of it."""
    children = inline.children or []
    start = next((k for k, c in enumerate(children) if c.type == "figure_caption_open"), None)
    if start is None:
        return []
    inline.children = children[:start]
    return children[start + 1:-1]


def in_chapter(env: MutableMapping[str, Any], number: int) -> int | str:
    """The `number`th figure (or theorem) of a book's chapter as the page shows it:
    "3.1" in chapter 3 (`chapter: 3`, `A` for an appendix), as Quarto's, bookdown's and
    Sphinx's numbered books number them per chapter; a page of no chapter, or a part
    of one (`chapter: "2.3"`, whose chapter counted on over its other pages), counts
    its own from 1."""
    chapter = getattr(env.get("lanting"), "chapter", None)
    return f"{chapter}.{number}" if chapter and "." not in str(chapter) else number


def _figure_number(env: MutableMapping[str, Any], number: int) -> int | str:
    """The `number`th figure of the page as it shows it: `in_chapter`, or from the
    page's `first_figure` on (a part of a chapter, `chapter: "2.3"`, whose figures
    Sphinx counted on over its chapter's pages: "2.4" …)."""
    first = getattr(env.get("lanting"), "first_figure", None)
    if first is None:
        return in_chapter(env, number)
    chapter = str(getattr(env.get("lanting"), "chapter", None) or "")
    shown = number + first - 1
    return f"{chapter.split('.')[0]}.{shown}" if chapter else shown


def _make_figures(state: StateCore) -> None:
    tokens = state.tokens
    state.env.setdefault("figures", {})
    number = 0
    # (figure divs, `::: {#fig-x}` around code or a diagram, counted with the images in
    # the page's order, as Quarto numbered them)
    divs = figure_divs(tokens)
    paragraphs: list[tuple[int, list[str] | None]] = [*_paragraphs(tokens)]
    for i, outside in sorted([*paragraphs, *((j, None) for j in divs)],
                             key=lambda event: event[0]):
        if outside is None:
            number += 1
            shown = _figure_number(state.env, number)
            _label(state, tokens[i], divs[i], shown)
            for k, sub in enumerate(make_figure_div(tokens, i, shown, divs[i])):
                _label(state, tokens[i], sub, f"{shown}({chr(ord('a') + k % 26)})")
            continue
        opening, inline, closing = tokens[i], tokens[i + 1], tokens[i + 2]
        caption_tokens = _caption_tokens(inline)
        children = inline.children or []
        if outside and not (all(kind in LISTS for kind in outside)
                            and _labelled_image(children)):
            continue
        myst = (opening.meta or {}).get("myst_figure")  # MyST's `{figure}` (myst.py)
        image = (figure_image(children) or _labelled_image(children)) if myst is None else next(
            (c for c in children if c.type == "image"), None)
        if image is None:
            continue
        label = myst["label"] if myst is not None else str(image.meta.get("label", ""))
        shown = ""  # (an unnumbered figure, `{.unnumbered}`: not counted)
        # (MyST's `{figure}` without a caption Sphinx numbered not: an image, in a figure)
        bare = myst is not None and not myst["caption"].strip() and not myst["legend"]
        if not bare and (myst is not None or not image.meta.get("unnumbered")):
            number += 1
            shown = _figure_number(state.env, number)
        label = _label(state, opening, label, shown) if shown != "" else label
        opening.type, closing.type = "figure_open", "figure_close"
        opening.tag = closing.tag = "figure"
        title = str(image.attrGet("title") or "")
        caption = myst["caption"] if myst is not None else title or _alt(image)
        # (the caption below the image says it: a tooltip would repeat it, as written)
        if title and caption_tokens:
            del image.attrs["title"]
        opening.meta = {"number": shown, "caption": caption, "label": label,
                        "caption_html": "" if myst or caption_tokens else _caption_html(
                            caption, state.env, opening),
                        "caption_inline": bool(caption_tokens),
                        "classes": myst["classes"] if myst else [], "myst": bool(myst)}
        closing.meta = opening.meta
        if myst is not None:  # its caption and legend follow, inside the figcaption
            _caption_in_figure(tokens, i + 3, myst["legend"])
            opening.meta["bare"] = tokens[i + 3].meta["bare"] = bare
        linked = [c for c in children if c.type in ("link_open", "link_close")]
        inline.children = [linked[0], image, linked[1]] if len(linked) == 2 else [image]
        if caption_tokens:
            inline.children += [Token("figure_caption_open", "figcaption", 1, meta={
                "number": shown}), *caption_tokens, Token("figure_caption_close",
                                                           "figcaption", -1)]
    for i in sorted(divs, reverse=True):
        caption_on_top(tokens, i)


def _label(state: StateCore, opening: Token, label: str, number: int | str) -> str:
    """`label` recorded as figure `number`'s (a subfigure's: "2(a)"); "" (reported) when
    the page used it."""
    numbers: dict[str, int | str] = state.env["figures"]
    if label in numbers:
        report(cast(dict[str, Any], state.env), source_line(state.env, opening),
               f"figure label `{{#{label}}}` is used twice on this page",
               "give each figure its own label")
        return ""
    if label:
        numbers[label] = number
    return label


def _caption_html(caption: str, env: MutableMapping[str, Any], token: Token) -> str:
    """A caption escaped, its `$…$` formulas as MathML (a caption is an attribute's text,
    not Markdown, so the page's formula pass never sees it); bad LaTeX is reported."""
    if "$" not in caption:
        return escapeHtml(caption)
    try:
        return math_forms(caption, (None, 0), TITLE_MATH)[1]
    except LantingError as error:
        report(cast(dict[str, Any], env), source_line(env, token),
               error.problems[0].message.split(" in `")[0] + " in the figure's caption",
               "see the Math page of Lanting's docs")
        return escapeHtml(caption)


def _closing(tokens: list[Token], i: int) -> int:
    level = tokens[i].level
    return next(j for j in range(i + 1, len(tokens))
                if tokens[j].nesting == -1 and tokens[j].level == level)


def _caption_in_figure(tokens: list[Token], i: int, legend: bool) -> None:
    """Mark MyST's caption (at `i`) and legend as a figure's: they close its figcaption."""
    end = _closing(tokens, i)
    tokens[i].meta = tokens[end].meta = {"in_figure": True, "legend": legend}
    if legend:
        tokens[end + 1].meta = tokens[_closing(tokens, end + 1)].meta = {"in_figure": True}


def figure_lang(env: MutableMapping[str, Any]) -> str:
    """The key of `LABELS` for the document's language."""
    ctx = env.get("lanting")
    return "zh" if ctx is None else label_language(ctx.lang)


def label_language(lang: str) -> str:
    """Which words a label of a page in `lang` takes: "zh" (Simplified Chinese),
    "zh-Hant" (Traditional: `zh-TW`, `zh-HK` …) or "en" (any other language)."""
    if _TRADITIONAL.match(lang):
        return "zh-Hant"
    return "zh" if lang.lower().startswith("zh") else "en"


def source_line(env: MutableMapping[str, Any], token: Token) -> int:
    ctx = env.get("lanting")
    return (ctx.body_line if ctx else 1) + (token.map[0] if token.map else 0)


def _render_figure_open(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                        env: Any) -> str:
    meta = tokens[idx].meta
    ident = escapeHtml(meta["label"]) if meta.get("label") else f"figure-{meta['number']}"
    classes = "".join(f" {escapeHtml(c)}" for c in meta.get("classes", ()))
    if meta["number"] == "":  # (unnumbered: no number to be found by)
        ident = escapeHtml(meta["label"])
    attribute = f' id="{ident}"' if ident else ""
    return f'<figure class="figure{classes}"{attribute}>'


def _render_figure_close(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                         env: Any) -> str:
    meta = tokens[idx].meta
    if meta.get("caption_inline"):  # (its caption was rendered with the image)
        return "</figure>\n"
    if meta.get("bare"):  # (no caption: MyST's empty one closes the figure)
        return ""
    end = "" if meta.get("myst") else "</figcaption></figure>\n"  # (MyST: its caption's)
    return f'{_caption_open(env, meta["number"])}{meta["caption_html"]}{end}'


def _caption_open(env: Any, number: int | str) -> str:
    if number == "":  # (an unnumbered figure: its caption alone)
        return "<figcaption>"
    label = LABELS[figure_lang(env)].format(n=number)
    return f'<figcaption><span class="figure-label">{label}</span> '


def _render_caption_inline(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                           env: Any) -> str:
    """A caption parsed as Markdown (`_parse_captions`), after its figure's image."""
    token = tokens[idx]
    return _caption_open(env, token.meta["number"]) if token.nesting == 1 else "</figcaption>"


def _render_caption(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                    env: Any) -> str:
    """MyST's caption (`myst_directives.py`): in its figure's figcaption, or a paragraph
    where no figure is made (in a list)."""
    token = tokens[idx]
    if not token.meta.get("in_figure"):
        return "<p>" if token.nesting == 1 else "</p>\n"
    if token.nesting == 1:
        return ""
    if token.meta.get("legend"):
        return "\n"
    return "</figure>\n" if token.meta.get("bare") else "</figcaption></figure>\n"


def _render_legend(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                   env: Any) -> str:
    """MyST's figure legend (`myst_directives.py`): inside the caption of its figure."""
    token = tokens[idx]
    if token.nesting == 1:
        return '<div class="figure-legend">\n'
    return "</div></figcaption></figure>\n" if token.meta.get("in_figure") else "</div>\n"


def figures_plugin(md: MarkdownIt) -> None:
    md.core.ruler.after("inline", "figure_captions", _parse_captions)
    md.core.ruler.push("figures", _make_figures)
    md.core.ruler.push("image_sizes", _size_images)
    md.add_render_rule("figure_open", _render_figure_open)
    figure_div_renderers(md, _caption_open)
    md.add_render_rule("figure_close", _render_figure_close)
    md.add_render_rule("figure_caption_open", _render_caption_inline)
    md.add_render_rule("figure_caption_close", _render_caption_inline)
    md.add_render_rule("myst_caption_open", _render_caption)
    md.add_render_rule("myst_caption_close", _render_caption)
    md.add_render_rule("figure_legend_open", _render_legend)
    md.add_render_rule("figure_legend_close", _render_legend)

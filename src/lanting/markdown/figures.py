"""Plugin: images get their size and lazy loading; an image alone in a paragraph with a
title becomes a numbered `<figure>` ("图 1" / "Figure 1")."""

from __future__ import annotations

import re
from collections.abc import MutableMapping, Sequence
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

LABELS = {"zh": "图 {n}", "zh-Hant": "圖 {n}", "en": "Figure {n}"}
_TRADITIONAL = re.compile(r"^zh-(?:.*-)?(?:hant|tw|hk|mo)(?:-|$)", re.IGNORECASE)
"""Chinese written in Traditional characters: `zh-TW`, `zh-HK`, `zh-MO`, `zh-Hant…`."""


def size_image(image: Token, env: MutableMapping[str, Any]) -> None:
    """Lazy loading, and the width and height of a known image (recorded as a dependency:
    the cached page is stale once the image changes size)."""
    ctx = env.get("lanting")
    image.attrSet("loading", "lazy")
    image.attrSet("decoding", "async")
    path = image.meta.get("content_path")
    size = ctx.image_sizes.get(str(path)) if path and ctx else None
    if path:
        env.setdefault("deps", []).append(
            ("image", str(path), f"{size[0]}x{size[1]}" if size else ""))
    if size and not image.attrGet("width"):
        image.attrSet("width", str(size[0]))
        image.attrSet("height", str(size[1]))


def _size_images(state: StateCore) -> None:
    for block in state.tokens:
        for child in block.children or []:
            if child.type == "image":
                size_image(child, state.env)


def figure_image(children: Sequence[Token]) -> Token | None:
    """The image of a paragraph that is a figure: one image with a title, alone but for
    white space."""
    found = [c for c in children if not (c.type == "text" and not c.content.strip())]
    if len(found) != 1 or found[0].type != "image" or not found[0].attrGet("title"):
        return None
    return found[0]


def _make_figures(state: StateCore) -> None:
    tokens = state.tokens
    number = 0
    for i in range(len(tokens) - 2):
        opening, inline, closing = tokens[i], tokens[i + 1], tokens[i + 2]
        if opening.type != "paragraph_open" or inline.type != "inline" or opening.level != 0:
            continue
        image = figure_image(inline.children or [])
        if image is None:
            continue
        number += 1
        opening.type, closing.type = "figure_open", "figure_close"
        opening.tag = closing.tag = "figure"
        opening.meta = {"number": number, "caption": str(image.attrGet("title"))}
        closing.meta = opening.meta
        inline.children = [image]


def _render_figure_open(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                        env: Any) -> str:
    number = tokens[idx].meta["number"]
    return f'<figure class="figure" id="figure-{number}">'


def _render_figure_close(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                         env: Any) -> str:
    ctx = env.get("lanting")
    lang = "zh" if ctx is None or ctx.lang.lower().startswith("zh") else "en"
    if ctx is not None and _TRADITIONAL.match(ctx.lang):
        lang = "zh-Hant"
    meta = tokens[idx].meta
    label = LABELS[lang].format(n=meta["number"])
    return (f'<figcaption><span class="figure-label">{label}</span> '
            f'{escapeHtml(meta["caption"])}</figcaption></figure>\n')


def figures_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("figures", _make_figures)
    md.core.ruler.push("image_sizes", _size_images)
    md.add_render_rule("figure_open", _render_figure_open)
    md.add_render_rule("figure_close", _render_figure_close)

"""Pandoc's and Quarto's figure div, `::: {#fig-x}` … `:::`, holding what is no image (a
listing of code, a diagram, a table), its last paragraph the caption: a numbered
`<figure>` like an image's, counted with them in the page's order, so `@fig-x` reads
"Figure 2" as it did in Quarto (it read as the caption's words, an unnumbered anchor).

`figures.py` numbers them; this module finds them and renders them. The div itself is
read by `divs.py` (a `container_div_open` token): its `#fig-` id makes it a figure here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.token import Token

_LABEL = re.compile(r"(?:^|[\s{])#(fig[:-][^\s#.{}]+)")
"""A div's `#fig-x` (Quarto's) or `#fig:x` (pandoc-crossref's) id."""
_OPENS = ("container_div_open", "figure_div_open")
_CLOSES = ("container_div_close", "figure_div_close")
_TOP = re.compile(r"""\bfig-cap-location\s*=\s*["']?top\b""")
"""Quarto's caption above its figure (`{#fig-x fig-cap-location="top"}`)."""


def figure_label(info: str) -> str:
    """The figure label of a fenced div's attributes (`{#fig-x layout-ncol=2}`), or ""."""
    found = _LABEL.search(info)
    return found.group(1) if found else ""


def figure_divs(tokens: Sequence[Token]) -> dict[int, str]:
    """The index of each figure div's opening, with its label."""
    return {i: label for i, token in enumerate(tokens)
            if token.type == "container_div_open" and (label := figure_label(token.info))}


def make_figure_div(tokens: list[Token], i: int, number: int | str, label: str
                    ) -> list[str]:
    """The div opened at `i` as figure `number`: its last paragraph, when it ends the
    div, the caption; with none, the caption is the figure's number alone (as Quarto
    showed a figure without one). Returns the labels of its subfigures, in order."""
    opening = tokens[i]
    end = _closing(tokens, i)
    closing = tokens[end]
    meta = {"number": number, "label": label, "caption": False}
    last = end - 3
    if last > i and tokens[end - 1].type == "paragraph_close" \
            and tokens[last].type == "paragraph_open" and tokens[last].level == opening.level + 1 \
            and not _labelled_image(tokens[last + 1]):
        tokens[last].type, tokens[end - 1].type = "figure_caption_open", "figure_caption_close"
        tokens[last].meta = tokens[end - 1].meta = {"number": number}
        meta["caption"] = True
    opening.type, closing.type = "figure_div_open", "figure_div_close"
    opening.meta, closing.meta = meta, meta
    return _subfigures(tokens, i, end)


def _labelled_image(inline: Token) -> Token | None:
    """The one labelled image a paragraph's inline token holds (`![Loss](a.png){#fig-a}`,
    or one inside a link): a subfigure, never the div's caption."""
    found = [c for c in inline.children or [] if not (c.type == "text" and not c.content.strip())]
    if len(found) == 3 and (found[0].type, found[2].type) == ("link_open", "link_close"):
        found = found[1:2]
    if len(found) != 1 or found[0].type != "image" or not found[0].meta.get("label"):
        return None
    return found[0]


def _subfigures(tokens: list[Token], i: int, end: int) -> list[str]:
    """Each paragraph of the div that is one labelled image (`![Loss](a.png){#fig-a}`,
    or one inside a link) a subfigure, captioned "(a) Loss" by its alt text as Quarto
    captioned it; `@fig-a` then reads "Figure 2(a)"."""
    labels: list[str] = []
    for j in range(i + 1, end - 2):
        if tokens[j].type != "paragraph_open" or tokens[j].level != tokens[i].level + 1:
            continue
        image = _labelled_image(tokens[j + 1])
        if image is None:
            continue
        label = str(image.meta["label"])
        alt = "".join(c.content for c in image.children or [])
        tokens[j].type, tokens[j + 2].type = "subfigure_open", "subfigure_close"
        tokens[j].meta = tokens[j + 2].meta = {
            "label": label, "letter": chr(ord("a") + len(labels) % 26), "alt": alt}
        labels.append(label)
    return labels


def caption_on_top(tokens: list[Token], i: int) -> None:
    """The caption of the figure div opened at `i` moved to its top when the div asks
    for it (`fig-cap-location="top"`). (Called once every figure is numbered, from the
    last: moving tokens shifts the indices after `i` only.)"""
    if not _TOP.search(tokens[i].info) or not tokens[i].meta.get("caption"):
        return
    end = _closing(tokens, i)
    caption = tokens[end - 3:end]
    del tokens[end - 3:end]
    tokens[i + 1:i + 1] = caption


def _closing(tokens: Sequence[Token], i: int) -> int:
    """The index of the token closing the div opened at `i`, counting the divs opened
    and closed between (not levels, nor every token's nesting: the tokens of tabs inside
    are not balanced so, and the first tab's panel closed the figure)."""
    depth = 0
    for j in range(i, len(tokens)):
        kind = tokens[j].type
        depth += kind in _OPENS
        depth -= kind in _CLOSES
        if depth == 0:
            return j
    return len(tokens) - 1


def _render_open(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                 env: Any) -> str:
    return f'<figure class="figure" id="{escapeHtml(tokens[idx].meta["label"])}">\n'


def _render_subfigure(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                      env: Any) -> str:
    meta = tokens[idx].meta
    if tokens[idx].nesting == 1:
        return f'<figure class="subfigure" id="{escapeHtml(meta["label"])}">'
    alt = f" {escapeHtml(meta['alt'])}" if meta["alt"] else ""
    return f'<figcaption>({meta["letter"]}){alt}</figcaption></figure>\n'


def figure_div_renderers(md: MarkdownIt, caption_open: Any) -> None:
    """Render rules for figure divs; `caption_open(env, number)` opens a figcaption with
    the figure's number (a figure without a caption shows its number alone)."""

    def close(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
        meta = tokens[idx].meta
        if meta["caption"]:
            return "</figure>\n"
        return f'{caption_open(env, meta["number"]).rstrip()}</figcaption></figure>\n'

    md.add_render_rule("figure_div_open", _render_open)
    md.add_render_rule("figure_div_close", close)
    md.add_render_rule("subfigure_open", _render_subfigure)
    md.add_render_rule("subfigure_close", _render_subfigure)

"""Plugin: links to a heading of the page by its text, as Typora follows them.

Typora's notes link their own sections by the heading's words, spaces and all:
`[2. 逻辑回归](#2. Logistic Regression)`, a table of contents of
`- [一、 准备工作](#一、 准备工作)`. CommonMark takes no space in a link's destination, so
each was shown as written, brackets and all, without a word. Here:

- `[text](#words with spaces)` (the `#` right after the parenthesis; parentheses inside
  balanced, `(#3. 向量化(forward propagation))`; on one line) is a link, when CommonMark
  reads no link there (`[x](#a "title")` is its own);
- once every heading has its id, a link to `#fragment` on the page that names no
  heading's id but a heading's text (in any case, spaces collapsed: `#Softmax` for
  `## Softmax`, whose id is `softmax`), or whose slug is a heading's id, points at that
  heading. Anything else is left for the check stage, which reports a missing anchor at
  its line.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from urllib.parse import unquote

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.rules_inline.link import link as commonmark_link

from lanting.markdown.anchors import heading_slug


def _closing_parenthesis(src: str, pos: int, end: int) -> int:
    """Where the `)` closing a destination that starts at `pos` is (parentheses inside
    balanced, backslash escapes skipped); -1 at a line's end or none."""
    depth = 0
    while pos < end:
        c = src[pos]
        if c == "\\":
            pos += 2
            continue
        if c == "\n":
            return -1
        if c == "(":
            depth += 1
        elif c == ")":
            if depth == 0:
                return pos
            depth -= 1
        pos += 1
    return -1


def _spaced_fragment_link(state: StateInline, silent: bool) -> bool:
    """`[text](#heading words)`: a link to `#heading words` (resolved by `_point_at_headings`)."""
    start = state.pos
    if state.src[start] != "[" or state.src.find("(#", start, state.posMax) < 0:
        return False
    label_end = state.md.helpers.parseLinkLabel(state, start, True)
    if label_end < 0 or not state.src.startswith("(#", label_end + 1):
        return False
    close = _closing_parenthesis(state.src, label_end + 3, state.posMax)
    fragment = state.src[label_end + 3:close]
    if close < 0 or not fragment.strip() or not any(c in " \t" for c in fragment):
        return False
    if commonmark_link(state, True):  # (a title after the destination: CommonMark's link)
        state.pos = start
        return False
    state.pos = start
    if not silent:
        maximum = state.posMax
        state.pos, state.posMax = start + 1, label_end
        opening = state.push("link_open", "a", 1)
        opening.attrs = {"href": state.md.normalizeLink("#" + fragment.strip())}
        state.linkLevel += 1
        state.md.inline.tokenize(state)
        state.linkLevel -= 1
        state.push("link_close", "a", -1)
        state.posMax = maximum
    state.pos = close + 1
    return True


def _key(text: str) -> str:
    return " ".join(text.split()).casefold()


def _point_at_headings(state: StateCore, slug: Callable[[str], str]) -> None:
    """Each link to `#fragment` naming no heading's id but a heading's text (or whose
    slug is one's id) gets that heading's id."""
    headings = state.env.get("headings", [])
    if not headings or "](#" not in state.src:
        return
    anchors = {anchor for _, anchor, _, _ in headings}
    by_text: dict[str, str] = {}
    for _, anchor, text, _ in headings:
        by_text.setdefault(_key(text), anchor)
    for block in state.tokens:
        if block.type != "inline" or "](#" not in block.content:
            continue
        for child in block.children or []:
            href = str(child.attrGet("href") or "") if child.type == "link_open" else ""
            if not href.startswith("#"):
                continue
            fragment = unquote(href[1:])
            if not fragment or fragment in anchors:
                continue
            anchor = by_text.get(_key(fragment))
            if anchor is None and slug(fragment.strip()) in anchors:
                anchor = slug(fragment.strip())
            if anchor is not None:
                child.attrSet("href", state.md.normalizeLink("#" + anchor))


def heading_links_plugin(md: MarkdownIt, heading_ids: str = "lanting") -> None:
    md.inline.ruler.before("link", "spaced_fragment_link", _spaced_fragment_link)
    md.core.ruler.after("lanting_anchors", "heading_links",
                        partial(_point_at_headings, slug=heading_slug(heading_ids)))

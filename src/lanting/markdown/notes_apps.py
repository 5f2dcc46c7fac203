"""Plugin: what note-taking editors write, read as their users mean it.

Posts written in Typora or Obsidian (and pasted from Notion) carry syntax no Markdown
standard has; each was printed as written, and Obsidian's private comments were
published:
- `==marked==` is `<mark>` (Typora, Obsidian; markdown-it-mark's rule, strikethrough's
  with `=`, its runs scanned CJK-friendly like `**`); `H~2~O` and `2^10^` (Typora,
  Pandoc) are `<sub>` and `<sup>`;
- a paragraph that is only `[TOC]` (Typora; GitLab's `[[_TOC_]]`, CSDN's
  `@[TOC](目录)`) is left out: the page's table of contents is the theme's;
- `[[Other note]]`, `[[Other note#Heading|shown text]]` link to `Other note.md` beside
  the page, and `![[figure.png]]` (`![[figure.png|300]]`: 300 pixels wide) shows the
  image beside it, as a relative link and image do (the checks report a missing one);
  `![[Other note]]`, an embedded note, is reported;
- `%%…%%`, inline or on lines of their own, is an Obsidian comment: left out;
- `#[[two words]]`, Logseq's (and Roam's) tag of several words, is the text
  `#two words`, as `#tag` is.
"""

from __future__ import annotations

import re
from functools import partial
from typing import Any, cast
from urllib.parse import quote

from markdown_it import MarkdownIt
from markdown_it.common.utils import normalizeReference
from markdown_it.rules_block import StateBlock
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.rules_inline.state_inline import Delimiter
from markdown_it.token import Token

from lanting.markdown.anchors import heading_slug
from lanting.markdown.shortcodes import report

TOC_MARKERS = frozenset({"[toc]", "[[toc]]", "[[_toc_]]", "@[toc]"})
"""Typora's, GitLab's and markdown-it-toc's markers, in lower case."""
_TITLED_TOC = re.compile(r"@\[toc\]\([^()\n]*\)", re.IGNORECASE)
"""CSDN's editor starts a post with `@[TOC](这里写目录标题)` (read as a link to nowhere)."""

_WIKI = re.compile(r"(!?)\[\[([^\[\]|#\n]*)(#[^\[\]|\n]*)?(?:\|([^\[\]\n]*))?\]\]")
NOTE_NAME = re.compile(r"^$|^(?!([:.=]).*\1$)(?=[^,\"]*$)(?!'.*'$).*[^\W\d_]")
"""A note's name has a letter, no comma and no `"` (Obsidian allows none in a file's
name), is not in quotes and not wrapped in `:`, `.` or `=` (or is empty:
`[[#Heading]]`): `[[1, 2]]` and `[["a"]]`, a LeetCode example written in prose, are
lists, and `[[:alpha:]]` in prose or a table is a regular expression's character class
(a post on regular expressions listed eight), not a link to `:alpha:.md`, which failed
the build."""
_IMAGE = re.compile(r"\.(?:png|jpe?g|gif|webp|svg|avif|bmp)$", re.IGNORECASE)
_WIDTH = re.compile(r"(\d+)(?:x(\d+))?")


def _mark_rule(state: StateInline, silent: bool) -> bool:
    """`==` runs as delimiters, two characters each (an odd one's first is text)."""
    if silent or not state.src.startswith("==", state.pos):
        return False
    scanned = state.scanDelims(state.pos, True)
    length = scanned.length
    if length % 2:
        state.push("text", "", 0).content = "="
        length -= 1
    for _ in range(length // 2):
        state.push("text", "", 0).content = "=="
        state.delimiters.append(Delimiter(marker=ord("="), length=0,
                                          token=len(state.tokens) - 1, end=-1,
                                          open=scanned.can_open, close=scanned.can_close))
    state.pos += scanned.length
    return True


def _pair_marks(state: StateInline, delimiters: list[Delimiter]) -> None:
    for delimiter in delimiters:
        if delimiter.marker != ord("=") or delimiter.end == -1:
            continue
        opening, closing = state.tokens[delimiter.token], state.tokens[
            delimiters[delimiter.end].token]
        opening.type, opening.nesting = "mark_open", 1
        closing.type, closing.nesting = "mark_close", -1
        for token in (opening, closing):
            token.tag, token.markup, token.content = "mark", "==", ""


def _marks(state: StateInline) -> None:
    _pair_marks(state, state.delimiters)
    for meta in state.tokens_meta:
        if meta and "delimiters" in meta:
            _pair_marks(state, meta["delimiters"])


_SUB_SUP = re.compile(r"([~^])([A-Za-z0-9+\-*=.,()'′]{1,16})\1")
"""Typora's and Pandoc's `H~2~O` and `2^10^`: a short run of ASCII letters, digits and
signs, no space. (Not `3~5天，6~8天`, a range in Chinese, nor GFM's `~~struck~~`.)"""


def _sub_sup_rule(state: StateInline, silent: bool) -> bool:
    start = state.pos
    marker = state.src[start]
    if marker not in "~^" or (start > 0 and state.src[start - 1] == marker):
        return False
    match = _SUB_SUP.match(state.src, start)
    if match is None or state.src[match.end():match.end() + 1] == marker:
        return False
    if not silent:
        tag = "sub" if marker == "~" else "sup"
        state.push(f"{tag}_open", tag, 1).markup = marker
        state.push("text", "", 0).content = match.group(2)
        state.push(f"{tag}_close", tag, -1).markup = marker
    state.pos = match.end()
    return True


def _drop_toc_markers(state: StateCore) -> None:
    tokens = state.tokens
    for i in range(len(tokens) - 2, 0, -1):
        if (tokens[i].type == "inline" and tokens[i - 1].type == "paragraph_open"
                and (tokens[i].content.strip().lower() in TOC_MARKERS
                     or _TITLED_TOC.fullmatch(tokens[i].content.strip()))):
            del tokens[i - 1:i + 2]


def _wiki_rule(state: StateInline, silent: bool, heading_ids: str = "lanting") -> bool:
    start = state.pos
    if state.src[start] not in "![" or state.linkLevel > 0:
        return False
    match = _WIKI.match(state.src, start)
    if not match or not (match.group(2).strip() or match.group(3)) or not NOTE_NAME.match(
            match.group(2)):
        return False  # (`[[1, 2]]`, a nested list written in prose, is no link)
    if _in_html_code(state):
        return False
    opening = start + len(match.group(1))
    if (state.src[opening - 1:opening] == "["
            or state.src[match.end():match.end() + 1] in ("]", "(")
            or normalizeReference(match.group()[len(match.group(1)) + 2:-2])
            in state.env.get("references", {})):
        return False  # `[[[x]]]`, `![[x]](url)`, `[[x]]` around a reference link: CommonMark's
    if silent:
        state.pos = match.end()
        return True
    embed, target, heading, shown = match.group(1), match.group(2).strip(), \
        match.group(3) or "", match.group(4)
    if shown is not None:  # `[[Note\|Shown]]`: the pipe escaped, as a table needs it
        target, heading = _unescaped_pipe(target, heading)
    if not embed and start > 0 and state.src[start - 1] == "#":
        state.push("text", "", 0).content = match.group()[2:-2]  # Logseq's tag `#[[两个 词]]`
    elif embed and _IMAGE.search(target):
        token = state.push("image", "img", 0)
        size = _WIDTH.fullmatch((shown or "").strip())
        alt = (shown or "").strip() if shown and not size else \
            target.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        token.attrs = {"src": quote(target), "alt": ""}
        token.markup = "wiki"
        # (markdown-it renders an image's alt text from its children)
        token.children, token.content = [_text(alt)], alt
        if size:
            token.attrSet("width", size.group(1))
            if size.group(2):
                token.attrSet("height", size.group(2))
    else:
        _link(state, target, heading, shown, heading_ids, embed=bool(embed))
    state.pos = match.end()
    return True


def _unescaped_pipe(target: str, heading: str) -> tuple[str, str]:
    """The name and heading of `[[Note\\|Shown]]` without the backslash before its `|`:
    Obsidian reads `\\|` as the pipe (written so in tables, and so everywhere by the
    Digital Garden plugin's export), and the link led to `Note\\.md`."""
    if heading.endswith("\\"):
        return target, heading[:-1].rstrip()
    return target.removesuffix("\\").rstrip(), heading


_CODE_TAG = re.compile(r"<(/?)(?:code|kbd|samp|pre)\b", re.IGNORECASE)


def _in_html_code(state: StateInline) -> bool:
    """Whether the rule stands inside raw HTML code, `<code>[[x]]</code>` (a page about
    wiki links): its text is code there, as `` `[[x]]` `` is. The tokens are counted
    on from where the last call stopped (kept on the state), so a paragraph of many
    links costs linear time."""
    if "<" not in state.src:
        return False
    seen, depth = getattr(state, "lanting_code_depth", (0, 0))
    for token in state.tokens[seen:]:
        if token.type == "html_inline" and (tag := _CODE_TAG.match(token.content)):
            depth = max(0, depth + (-1 if tag.group(1) else 1))
    state.lanting_code_depth = (len(state.tokens), depth)  # type: ignore[attr-defined]
    return depth > 0


def _text(content: str) -> Token:
    token = Token("text", "", 0)
    token.content = content
    return token


def _link(state: StateInline, target: str, heading: str, shown: str | None,
          heading_ids: str, embed: bool = False) -> None:
    href = "" if not target else quote(target if "." in target.rsplit("/", 1)[-1]
                                       else target + ".md")  # (`[[#Heading]]`: this page)
    if heading.startswith("#^"):  # Obsidian's block reference: the block's own id
        href += "#" + quote("^" + heading[2:].strip())
    elif heading:  # Obsidian names the heading; the page's id is made from its text
        href += "#" + quote(heading_slug(heading_ids)(heading[1:].strip()))
    opening = state.push("link_open", "a", 1)
    opening.attrs = {"href": href}
    opening.markup = "wiki"
    if embed:
        opening.meta["embed"] = target
    text = state.push("text", "", 0)
    text.content = (shown or " › ".join(p for p in (target, heading[1:].strip()) if p)).strip()
    state.push("link_close", "a", -1)


_BLOCK_ID = re.compile(r"(?:^|[ \t\n])\^([A-Za-z0-9-]+)[ \t]*$")
"""Obsidian's block id ending a paragraph or a list item (`… 成立。 ^para1`, or on the
paragraph's last line of its own, `>^para1` closing a quote), which `[[#^para1]]` and
`[[note#^para1]]` link to."""


def _block_ids(state: StateCore) -> None:
    """A paragraph (or a list item) ending in ` ^id` gets the id `^id` (as Obsidian
    Publish names it), the marker leaving its text."""
    if "^" not in state.src:
        return
    tokens = state.tokens
    for i in range(1, len(tokens)):
        inline, opening = tokens[i], tokens[i - 1]
        if inline.type != "inline" or opening.type != "paragraph_open" or "^" not in \
                inline.content:
            continue
        last = inline.children[-1] if inline.children else None
        found = _BLOCK_ID.search(inline.content)
        if found is None or last is None or last.type != "text" \
                or not last.content.rstrip().endswith("^" + found.group(1)):
            continue
        last.content = _BLOCK_ID.sub("", last.content.rstrip())
        inline.content = inline.content[:found.start()]
        children = inline.children or []
        if not last.content and len(children) > 1 and children[-2].type == "softbreak":
            del children[-2:]  # (the id's own line: no line break left before nothing)
        # (a tight list's paragraph is not rendered: its item holds the id)
        holder = tokens[i - 2] if opening.hidden and i > 1 \
            and tokens[i - 2].type == "list_item_open" else opening
        holder.attrSet("id", "^" + found.group(1))


def _report_embeds(state: StateCore) -> None:
    """`![[Other note]]` (a note embedded in another) shows as a link to it: a warning at
    its line. (In a core rule: inline tokens know their line once stamped.)"""
    if "![[" not in state.src:
        return
    ctx = state.env.get("lanting")
    for block in state.tokens:
        for child in block.children or [] if block.type == "inline" else []:
            if child.type == "link_open" and child.meta.get("embed"):
                line = (ctx.body_line if ctx else 1) + (child.map[0] if child.map else 0)
                report(cast(dict[str, Any], state.env), line,
                       f"`![[{child.meta['embed']}]]` embeds a note, which Lanting cannot "
                       "do: shown as a link to it",
                       "copy the text in, or link to the note as `[[…]]`", severity="warning")


def _comment_rule(state: StateInline, silent: bool) -> bool:
    start = state.pos
    if not state.src.startswith("%%", start):
        return False
    end = state.src.find("%%", start + 2)
    if end < 0:
        return False
    state.pos = end + 2  # (no token: the comment is not shown)
    if start > 0 and state.src[start - 1] == " ":
        while state.pos < state.posMax and state.src[state.pos] == " ":
            state.pos += 1  # `a %%note%% b` reads `a b`
    return True


_FENCE_LINE = re.compile(r"(`{3,}|~{3,})")


def _comment_block(state: StateBlock, start_line: int, end_line: int, silent: bool) -> bool:
    """`%%` at the start of a block, closed by `%%` at the end of a line: the lines are
    left out (one `%%` never closed is text). The closing `%%` is looked for inside the
    block that holds the opening one, and not in code: `- %% 百分号标记`, a list item,
    does not run on to a `# %%` (a notebook's cell mark) in a code block far below."""
    first = state.bMarks[start_line] + state.tShift[start_line]
    if not state.src.startswith("%%", first) or state.sCount[start_line] - state.blkIndent >= 4:
        return False
    line = start_line
    search_from = first + 2
    fence = ""
    while line < end_line:
        if line > start_line and state.sCount[line] < state.blkIndent and not state.isEmpty(line):
            return False  # (the list item or other container ended: no comment)
        line_end = state.eMarks[line]
        opened = _FENCE_LINE.match(state.src, search_from, line_end)
        if opened and (not fence or opened.group(1).startswith(fence)):
            fence = "" if fence else opened.group(1)
        close = -1 if fence or opened else state.src.find("%%", search_from, line_end)
        if close >= 0 and not state.src[close + 2:line_end].strip():
            state.line = line + 1  # (no token: the comment is not shown)
            return True
        line += 1
        if line < end_line:
            search_from = state.bMarks[line] + state.tShift[line]
    return False


def notes_apps_plugin(md: MarkdownIt, heading_ids: str = "lanting") -> None:
    """`heading_ids`: the site's style of heading ids, which `[[Note#Heading]]` links to."""
    md.inline.ruler.before("emphasis", "mark", _mark_rule)
    md.inline.ruler.before("strikethrough", "sub_sup", _sub_sup_rule)
    md.inline.ruler2.before("emphasis", "mark", _marks)
    md.block.ruler.before("paragraph", "obsidian_comment", _comment_block)
    md.inline.ruler.before("link", "wiki_link", partial(_wiki_rule, heading_ids=heading_ids))
    md.inline.ruler.push("obsidian_comment", _comment_rule)
    md.core.ruler.push("toc_markers", _drop_toc_markers)
    md.core.ruler.push("block_ids", _block_ids)
    md.core.ruler.push("wiki_embeds", _report_embeds)

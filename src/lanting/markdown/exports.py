"""Plugin: what outliners and note platforms leave in the Markdown they export.

Each was printed as text (most without a word):
- SiYuan (思源笔记) writes a block's attributes on a line after it,
  `{: id="20230512101010-abcdefg" updated="…"}`, on every block; its super blocks are
  framed by `{{{row` (or `{{{col`) and `}}}` lines. Both are left out, the blocks kept.
  A block reference with its text, `((20230512…-abcdefg "第一段"))`, is that text;
- Logseq writes properties as `key:: value` lines (`id::`, `collapsed:: true`, a page's
  `title::` and `tags::`) and the `:LOGBOOK:` drawer of a task's time tracking: left
  out (a list item left empty goes too); `- TODO 读` and
  `- DONE 读` are task items (`- CANCELED 读` struck through), a priority `[#A]` a
  badge, `^^高亮^^` is `<mark>` as `==高亮==` is, a flash card's `{{cloze 答案}}` is
  its text;
- a block reference without text (Logseq's `((64a1b2c3-…))`, SiYuan's `((2023…))`) names
  a block of another note that Lanting cannot show: a warning at its line;
- HackMD's and CodiMD's `:::spoiler 标题` blocks are folded `::: details`
  (`markdown/blocks.py`; their embeds are `markdown/embeds.py`'s); their comment
  tags `[name=小明] [time=…]` a byline, `[color=red]` left out; a `###### tags:` line
  is a warning (a Lanting page's tags are in its front matter);
- Zhihu's formulas, exported as images, are formulas again (`formula_images.py`, with
  the other services' formula images);
- a `:::` that closes no block (Pandoc's and Quarto's same-length nested divs) is a
  warning at its line;
- Jupyter's `nbconvert --to markdown` puts a `<style scoped>` before each DataFrame's
  table: left out (its blank lines broke it into text and a code block on the page).
"""

from __future__ import annotations

import re
from typing import Any, cast

from markdown_it import MarkdownIt
from markdown_it.common.utils import normalizeReference
from markdown_it.rules_block import StateBlock
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token

from lanting.markdown.shortcodes import report

_SIYUAN_ID = r"\d{14}-[0-9a-z]{7}"
_IAL_LINE = re.compile(rf"^[ \t]*\{{:[^{{}}\n]*\bid=\"{_SIYUAN_ID}\"[^{{}}\n]*\}}[ \t]*(?:\n|$)",
                       re.MULTILINE)
"""SiYuan's block attribute line (a kramdown IAL whose id is SiYuan's)."""
_IAL_LEAD = re.compile(rf"^\{{:[^{{}}\n]*\bid=\"{_SIYUAN_ID}\"[^{{}}\n]*\}}")
"""The same at the start of a list item's text: `* {: id="…"}第一项`."""
_SUPER_BLOCK = re.compile(r"^[ \t]*(?:\{\{\{(?:row|col)|\}\}\})[ \t]*(?:\n|$)", re.MULTILINE)
_PROPERTY = re.compile(r"^[ \t]*[^\W\d][\w-]*:: +\S.*(?:\n|$)", re.MULTILINE)
"""Logseq's `key:: value` line. (Not a word and `::` alone, `Usage::`: reStructuredText's
literal block marker, text that would be lost.)"""
_DRAWER = re.compile(r"^[ \t]*:(?:LOGBOOK|PROPERTIES):[ \t]*\n(?:[^\n]*\n)*?[ \t]*:END:[ \t]*"
                     r"(?:\n|$)", re.MULTILINE | re.IGNORECASE)
"""Logseq's (and org-mode's) drawer under a task, `:LOGBOOK:` with the `CLOCK:` lines its
time tracking writes when a task is started, to `:END:`: bookkeeping, which Logseq
folds away."""
_TEXT_REF = re.compile(rf"\(\(({_SIYUAN_ID})[ \t]+(\"|')(.*?)\2\)\)")
_BARE_REF = re.compile(r"\(\(([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
                       rf"|{_SIYUAN_ID})\)\)")
REF_HINT = ("Lanting cannot show a block of another note: copy its text in, or link to the "
            "note as `[[…]]`")


def _tidy(content: str) -> str:
    """A paragraph's text without SiYuan's and Logseq's bookkeeping lines."""
    if "{:" in content:
        content = _IAL_LEAD.sub("", _IAL_LINE.sub("", content))
    if "{{{" in content or "}}}" in content:
        content = _SUPER_BLOCK.sub("", content)
    if "::" in content:
        content = _PROPERTY.sub("", content)
    if ":END:" in content.upper():
        content = _DRAWER.sub("", content)
    return content.rstrip("\n")


def _bookkeeping(state: StateCore) -> None:
    """(Before the inline parse: the lines go from the paragraph's text; a paragraph that
    was only such lines goes.)"""
    if not any(marker in state.src for marker in ("{:", "::", "{{{", ":END:", ":end:")):
        return
    tokens = state.tokens
    emptied: set[int] = set()
    row = -1
    for i, token in enumerate(tokens):
        if token.type in ("tr_open", "table_close"):
            row = i if token.type == "tr_open" else -1
        elif token.type == "inline" and (tidied := _tidy(token.content)) != token.content:
            token.content = tidied
            if not tidied.strip() and tokens[i - 1].type == "paragraph_open":
                emptied.update((i - 1, i, i + 1))
            elif not tidied.strip() and row >= 0:
                end = _row_end(tokens, row)  # a table's line: the table took it as a row
                if all(not t.content.strip() for t in tokens[row:end] if t.type == "inline"):
                    emptied.update(range(row, end + 1))
    if emptied:
        state.tokens = [token for i, token in enumerate(tokens) if i not in emptied]


_TASK = re.compile(r"(TODO|DOING|NOW|LATER|WAITING|DONE|CANCELL?ED) (?=\S)")
"""Logseq's task markers at the start of a block."""
_CANCELED = ("CANCELED", "CANCELLED")


def _logseq_tasks(state: StateCore) -> None:
    """`- TODO 读论文` / `- DONE 复现`: a task item, as `- [ ] 读论文` / `- [x] 复现` is;
    `- CANCELED 旧计划` its text struck through, as Logseq shows a task given up."""
    if not any(marker in state.src for marker in ("TODO ", "DOING ", "NOW ", "LATER ",
                                                  "WAITING ", "DONE ", "CANCEL")):
        return
    tokens = state.tokens
    for i in range(2, len(tokens)):
        if tokens[i].type == "inline" and tokens[i - 2].type == "list_item_open" \
                and (match := _TASK.match(tokens[i].content)):
            if match.group(1) in _CANCELED:
                tokens[i].content = f"~~{tokens[i].content[match.end():]}~~"
                continue
            done = "x" if match.group(1) == "DONE" else " "
            tokens[i].content = f"[{done}] " + tokens[i].content[match.end():]
            state.env["task_marks"] = True  # (the task-list rule runs on this page)


def _empty_items(state: StateCore) -> None:
    """A list item whose text was all left out (Logseq's `- collapsed:: true`, `- {{query
    …}}`) goes, rather than show an empty bullet; a list left with no item goes too. (An
    item written empty, `-` alone, stays.)"""
    tokens = state.tokens
    if not any(t.type == "list_item_open" and tokens[i + 1].type == "list_item_close"
               for i, t in enumerate(tokens[:-1])):
        return
    out: list[Token] = []
    for token in tokens:
        if token.type == "list_item_close" and out and out[-1].type == "list_item_open" \
                and out[-1].map and _line_text_at(state.src, out[-1].map[0]).strip(
                    " \t-*+0123456789.)"):
            out.pop()
        elif token.type in ("bullet_list_close", "ordered_list_close") and out \
                and out[-1].type == token.type.replace("close", "open"):
            out.pop()
        else:
            out.append(token)
    state.tokens = out


def _line_text_at(src: str, line: int) -> str:
    start = 0
    for _ in range(line):
        start = src.index("\n", start) + 1
    end = src.find("\n", start)
    return src[start:end if end >= 0 else len(src)]


def _row_end(tokens: list[Token], row: int) -> int:
    return next(i for i in range(row, len(tokens)) if tokens[i].type == "tr_close")


def _references(state: StateCore) -> None:
    """SiYuan's `((20240101080001-e4f5g6h "上文"))` is its text; a reference without text
    is reported. (In the text, after the inline parse: a code span keeps it as written.)"""
    if "((" not in state.src:
        return
    ctx = state.env.get("lanting")
    for token in state.tokens:
        if token.type != "inline" or "((" not in token.content:
            continue
        line = (ctx.body_line if ctx else 1) + (token.map[0] if token.map else 0)
        for child in token.children or []:  # (text only: a code span shows it as written)
            if child.type in ("softbreak", "hardbreak"):
                line += 1
            elif child.type == "text" and "((" in child.content:
                child.content = _TEXT_REF.sub(lambda m: m.group(3), child.content)
                for match in _BARE_REF.finditer(child.content):
                    report(cast(dict[str, Any], state.env),
                           line + child.content.count("\n", 0, match.start()),
                           f"a block reference shown as written: `{match.group()}`",
                           REF_HINT, severity="warning")


def _line_text(state: StateBlock, line: int) -> str:
    return state.src[state.bMarks[line] + state.tShift[line]:state.eMarks[line]].rstrip()


def _scoped_style(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """nbconvert's DataFrame: `<div>`, then `<style scoped>` with blank lines inside (so
    the HTML block ended in the CSS, whose rest was a code block), then the `<table>`.
    The style goes (its rules would restyle every table of the page); the table stays."""
    begin = state.bMarks[start] + state.tShift[start]
    if state.src[begin:begin + 1] != "<" or state.sCount[start] - state.blkIndent >= 4 \
            or not state.md.options.get("html"):
        return False
    first = _line_text(state, start)
    style = start + 1 if first == "<div>" else start
    if style >= end or not _line_text(state, style).startswith("<style scoped>"):
        return False
    close = style
    while close < end and "</style>" not in _line_text(state, close):
        close += 1
    if close >= end:
        return False
    if not silent:
        if style > start:
            token = state.push("html_block", "", 0)
            token.content, token.map = "<div>\n", [start, close + 1]
    state.line = close + 1
    return True


_HACKMD_TAG = re.compile(r"\[(name|time|color)=([^\[\]\n]*)\]")


def _hackmd_tag(state: StateInline, silent: bool) -> bool:
    """HackMD's comment tags: `[name=小明]` and `[time=…]` are shown as their value (a
    byline), `[color=red]` (the colour of the quote's bar) is left out."""
    if not state.src.startswith(("[name=", "[time=", "[color="), state.pos):
        return False
    match = _HACKMD_TAG.match(state.src, state.pos)
    if match is None or normalizeReference(match.group()[1:-1]) in state.env.get(
            "references", {}):
        return False
    if not silent and match.group(1) != "color":
        opening = state.push("html_inline", "", 0)
        opening.content = f'<small class="byline byline-{match.group(1)}">'
        state.push("text", "", 0).content = match.group(2).strip()
        state.push("html_inline", "", 0).content = "</small>"
    state.pos = match.end()
    return True


def _logseq_mark(state: StateInline, silent: bool) -> bool:
    """Logseq's `^^highlighted^^`: `<mark>`, as `==…==` is (its text parsed as usual)."""
    start = state.pos
    if not state.src.startswith("^^", start) or start + 4 >= state.posMax \
            or state.src[start + 2] in " ^":
        return False
    end = state.src.find("^^", start + 3, state.posMax)
    if end < 0 or "\n\n" in state.src[start:end] or state.src[end - 1] == " ":
        return False
    if not silent:
        state.push("mark_open", "mark", 1).markup = "^^"
        old_max, state.posMax, state.pos = state.posMax, end, start + 2
        state.md.inline.tokenize(state)
        state.posMax = old_max
        state.push("mark_close", "mark", -1).markup = "^^"
    state.pos = end + 2
    return True


_PRIORITY = re.compile(r"\[#([ABC])\](?![(\[:])")


def _logseq_priority(state: StateInline, silent: bool) -> bool:
    """Logseq's task priority, `[#A]` (`B`, `C`; `TODO [#A] 读论文`): a small badge of its
    letter, as Logseq shows it; it was shown as written. (Not a link, `[#A](x.md)`, nor a
    reference the page defines, `[#A]: /a`.)"""
    if not state.src.startswith("[#", state.pos):
        return False
    match = _PRIORITY.match(state.src, state.pos, state.posMax)
    if match is None or normalizeReference(match.group()[1:-1]) in state.env.get(
            "references", {}):
        return False
    if not silent:
        state.push("html_inline", "", 0).content = (
            f'<span class="badge priority">{match.group(1)}</span>')
    state.pos = match.end()
    return True


_CLOZE = re.compile(r"\{\{cloze[ \t]+((?:(?!\}\}).)+?)[ \t]*\}\}")


def _logseq_cloze(state: StateInline, silent: bool) -> bool:
    """Logseq's flash card blank, `{{cloze 答案}}`: its text, as Logseq shows the page
    (outside a card's review); it was printed as written, a template left in the page."""
    if not state.src.startswith("{{cloze", state.pos):
        return False
    match = _CLOZE.match(state.src, state.pos, state.posMax)
    if match is None:
        return False
    if not silent:
        old_max, state.posMax, state.pos = state.posMax, match.end(1), match.start(1)
        state.md.inline.tokenize(state)
        state.posMax = old_max
    state.pos = match.end()
    return True


_STRAY_FENCE = re.compile(r":{3,}[ \t]*")
FENCE_HINT = ("a block inside another is written with a longer fence for the outer one "
              "(`::::` around `:::`); or remove the extra `:::`")


def _stray_fences(state: StateCore) -> None:
    """A paragraph that is only `:::`: the close of a block nested in another with a fence
    of the same length (Pandoc and Quarto allow it; the inner close ended the outer
    block), or one closed twice. It was printed without a word."""
    if ":::" not in state.src:
        return
    tokens = state.tokens
    for i in range(1, len(tokens)):
        if tokens[i].type == "inline" and tokens[i - 1].type == "paragraph_open" \
                and _STRAY_FENCE.fullmatch(tokens[i].content):
            ctx = state.env.get("lanting")
            report(cast(dict[str, Any], state.env),
                   (ctx.body_line if ctx else 1) + (tokens[i].map or [0])[0],
                   f"`{tokens[i].content.strip()}` closes no block: shown as text", FENCE_HINT,
                   severity="warning")


def _hackmd_tags(state: StateCore) -> None:
    """HackMD's `###### tags:` line, the note's tags in code spans: a Lanting page has its
    tags in its front matter. Shown as a small heading, as written, with a warning."""
    if "tags:" not in state.src:
        return
    tokens = state.tokens
    for i in range(1, len(tokens)):
        if tokens[i].type == "inline" and tokens[i - 1].tag == "h6" \
                and tokens[i].content.lower().startswith("tags:"):
            names = re.findall(r"`([^`]+)`", tokens[i].content)
            ctx = state.env.get("lanting")
            report(cast(dict[str, Any], state.env),
                   (ctx.body_line if ctx else 1) + (tokens[i].map or [0])[0],
                   "HackMD's tags line is a heading in Lanting: the post is not listed "
                   "under these tags",
                   f"put them in the front matter, `tags: [{', '.join(names)}]`, and remove "
                   "the line" if names else "put them in the front matter, `tags: […]`",
                   severity="warning")


def exports_plugin(md: MarkdownIt) -> None:
    md.core.ruler.after("block", "export_bookkeeping", _bookkeeping)
    md.core.ruler.push("block_references", _references)
    md.core.ruler.push("stray_fences", _stray_fences)
    md.core.ruler.push("hackmd_tags", _hackmd_tags)
    md.block.ruler.before("html_block", "nbconvert_style", _scoped_style,
                          {"alt": ["paragraph", "reference", "blockquote"]})
    md.core.ruler.after("export_bookkeeping", "logseq_tasks", _logseq_tasks)
    md.core.ruler.after("logseq_tasks", "empty_list_items", _empty_items)
    md.inline.ruler.before("link", "hackmd_tag", _hackmd_tag)
    md.inline.ruler.before("link", "logseq_priority", _logseq_priority)
    md.inline.ruler.before("emphasis", "logseq_mark", _logseq_mark)
    md.inline.ruler.before("emphasis", "logseq_cloze", _logseq_cloze)

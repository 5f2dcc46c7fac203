"""Heading ids as MkDocs made them, kept answering. Python-Markdown's `toc` gives each
heading an id from its text with `toc.slugify` (ASCII only: a Chinese heading's is empty,
so it is `_1`, `_2`, … in order) or the `slugify` the site names (`pymdownx.slugs`);
Lanting's ids keep Chinese. A `#_2` link (in the page or from another) written for the
old site would miss: an `<a id="_2"></a>` goes before the heading it named, for each id
some link of the site uses and Lanting's id differs from. A `#link` naming nothing on
its page went nowhere on the old site either: its text is kept alone."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from lanting.importer.body_fragments import Told, repair_page_fragments
from lanting.importer.body_links import DROPPED
from lanting.importer.mkdocs_settings import blog_slugify, extension
from lanting.markdown.anchors import THEME_IDS
from lanting.markdown.math_formula import to_mathml
from lanting.markdown.mathtext import mathml_text
from lanting.model.names import slugify, unique

_HEADING = re.compile(r"^(?:[ \t]{0,3}>[ \t]?)*(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$")
"""A heading, in a block quote too (`> #### custom_dir`): `toc` gave it an id as well."""
_QUOTE_PREFIX = re.compile(r"^(?:[ \t]{0,3}>[ \t]?)*")
_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
_ATTRS = re.compile(r"[ \t]*\{:?([^{}\n]*)\}[ \t]*$")
_COUNT = re.compile(r"^(.*)_([0-9]+)$")


def toc_unicode(config: dict[str, Any], raw: str) -> bool:
    """Whether `toc` is given a Unicode `slugify` (`pymdownx.slugs.slugify`)."""
    options = extension(config, "toc") or extension(config, "markdown.extensions.toc")
    return bool(options and "slugify" in options and re.search(
        r"^\s*slugify:\s*!!python/(?:object/apply|name):pymdownx\.slugs", raw, re.MULTILINE))


_TOC_SLUGIFY = re.compile(r"^(\s*)slugify:\s*!!python/(object/apply|name):pymdownx\.slugs\."
                          r"(\w+)[^\n]*((?:\n\1\s+[^\n]*)*)", re.MULTILINE)


def toc_keeps_case(raw: str) -> bool:
    """Whether `toc`'s `slugify` keeps the headings' case: `pymdownx.slugs.slugify`
    applied without `case` (its default is `none`) or `uslugify_cased`; `RaoBlackwell-
    theorem` was the id, and links were written with it."""
    found = _TOC_SLUGIFY.search(raw)
    if found is None:
        return False
    if found.group(3) == "uslugify_cased":
        return True
    case = re.search(r"\bcase:\s*['\"]?([\w-]+)", found.group(4))
    return found.group(2) == "object/apply" and found.group(3) == "slugify" and (
        case is None or case.group(1) == "none")


def heading_text(text: str) -> str:
    """A heading's text as the reader saw it: links their text, no images, tags or
    emphasis marks; a code span's text as written (`` `<docopt>` ``: no tag), and a
    formula (`$g_*$`, whose star was taken for an emphasis mark: the title's formula
    failed the build)."""
    spans: list[str] = []

    def put(match: re.Match[str]) -> str:
        spans.append(match.group(2).strip() or match.group(2))
        return f"\ue001{len(spans) - 1}\ue001"

    def formula(match: re.Match[str]) -> str:
        spans.append(match.group())
        return f"\ue001{len(spans) - 1}\ue001"

    text = re.sub(r"(`+)(.+?)(?<!`)\1(?!`)", put, text)
    text = _INLINE_MATH.sub(formula, text) if "$" in text or "\\(" in text else text
    text = re.sub(r"!\[[^\]]*\]\([^)]*\)", "", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"</?[^>]*>", "", text)
    text = re.sub(r"[*`]|~~", "", text)
    return re.sub("\ue001(\\d+)\ue001", lambda m: spans[int(m.group(1))], text)


_INLINE_MATH = re.compile(r"(?<![\\$])\$(?![$\s])(.+?)(?<![\\$\s])\$|\\\((.+?)\\\)")
"""A formula in a heading: `$…$` (no space just inside the dollars) or `\\(…\\)`."""


def lanting_id(text: str) -> str:
    """The id Lanting gives a heading of this text: its formulas read as Lanting shows
    them (`Aitken's $\\Delta^2$ Method` is `aitkens-δ2-method`), where `toc` took their
    TeX (`aitkens-delta2-method`)."""
    def shown(m: re.Match[str]) -> str:
        try:
            return mathml_text(to_mathml(m.group(1) or m.group(2), display=False))
        except ValueError:  # (shown as its source, so its id is the source's)
            return m.group(0)

    return slugify(_INLINE_MATH.sub(shown, heading_text(text)), fallback="")


_RAW_OPEN = re.compile(r"^[ \t]*<(!--|(?:style|script|pre|textarea)\b)", re.IGNORECASE)
_UNSPACED = re.compile(r"^(#{1,6})(?=[^#\s])|^#{7,}[ \t]*(?=\S)")


def _outside_fences(lines: list[str]) -> Iterator[tuple[int, str]]:
    """(number, line) of each line outside fenced code blocks (their fence lines too)."""
    fence = ""
    for i, line in enumerate(lines):
        opening = _FENCE.match(line)
        if fence or opening:
            if not fence and opening:
                fence = opening.group(1)
            elif opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= \
                    len(fence) and not line.strip()[len(fence):].strip():
                fence = ""
            continue
        yield i, line


def python_markdown_headings(text: str) -> tuple[str, int]:
    """`text` with its headings as Python-Markdown read them, in CommonMark's form:
    `#标题` (no space after the marks) and `####### x` (seven marks or more: a level-6
    heading) were headings on the MkDocs site and are paragraphs to CommonMark, the
    links to their ids broken. Code blocks are left alone. Returns (text, how many)."""
    lines = text.split("\n")
    count, raw = 0, ""
    for i, line in _outside_fences(lines):
        if raw:  # (inside a `<style>`, `<script>` or comment: no Markdown, `#id {` is CSS)
            raw = "" if raw in line else raw
            continue
        tag = _RAW_OPEN.match(line)
        if tag:
            end = "-->" if tag.group(1) == "!--" else f"</{tag.group(1).lower()}"
            raw = "" if end in line[tag.end():].lower() else end
            continue
        found = _UNSPACED.match(line)
        if found:
            lines[i] = (found.group(1) or "######") + " " + line[found.end():]
            count += 1
    return "\n".join(lines), count


def toc_ids(text: str, keep_unicode: bool, keep_case: bool = False) -> list[tuple[str, str]]:
    """(heading line, id) of each `#` heading outside code blocks, as `toc` numbered
    them: an empty or taken id gets `_1`, then `_2`, … (Python-Markdown's `unique`)."""
    found: list[tuple[str, str]] = []
    used: set[str] = set()
    for _i, line in _outside_fences(text.split("\n")):
        heading = _HEADING.match(line)
        if not heading:
            continue
        title = heading.group(2)
        attrs = _ATTRS.search(title)
        written = re.search(r"#([\w-]+)", attrs.group(1)) if attrs else None
        if attrs:
            title = title[:attrs.start()]
        anchor = written.group(1) if written else blog_slugify(
            heading_text(title), "-", keep_unicode, lower=not keep_case)
        while anchor in used or not anchor:
            count = _COUNT.match(anchor)
            anchor = f"{count.group(1)}_{int(count.group(2)) + 1}" if count else f"{anchor}_1"
        used.add(anchor)
        found.append((line, anchor))
    return found


def keep_heading_ids(text: str, headings: list[tuple[str, str]], linked: set[str]) -> tuple[
        str, int]:
    """`text` with `<a id="old"></a>` before each heading whose old id a link uses and
    whose Lanting id differs (the first `#` heading, the page's title now, leaves its id
    at the top); and how many were put."""
    count = 0
    lines = text.split("\n")
    start = 0
    for number, (line, anchor) in enumerate(headings):
        title_line = number == 0 and line.startswith("# ") and line not in lines
        if title_line and anchor not in linked:
            # (a link to the title by its text, `#好书推荐`, where toc's id was `_1`: the
            # id Lanting's heading would have had)
            anchor = lanting_id(_ATTRS.sub("", line[2:]).strip())
        if anchor not in linked:
            continue
        if title_line:
            lines.insert(0, f'<a id="{anchor}"></a>\n')
            start, count = 1, count + 1
            continue
        heading = _HEADING.match(line)
        title = _ATTRS.sub("", heading.group(2)) if heading else ""
        if lanting_id(title) == anchor or (heading and _ATTRS.search(heading.group(2))
                                           and f"#{anchor}" in heading.group(2)):
            continue  # (a written `{#id}` stays the heading's, or its anchor: once)
        for i in range(start, len(lines)):
            if lines[i] == line:
                # (in the heading's quote, if it is in one: before it, the anchor's line
                # would end the quote and leave its id outside)
                prefix = _QUOTE_PREFIX.match(line)
                lines.insert(i, f'{prefix.group() if prefix else ""}<a id="{anchor}"></a>')
                start = i + 2
                count += 1
                break
    return "\n".join(lines), count


def linked_ids(text: str) -> list[tuple[str, str]]:
    """(path, fragment) of each link with a fragment (`x.md#_2`, `#_3`, `href="#a"`)."""
    found = re.findall(r"\]\(<?([^)\s#>]*)#([^)\s>]+)>?(?:\s+\"[^\"]*\")?\)", text)
    found += re.findall(r"\bhref=[\"']([^\"'#]*)#([^\"']+)[\"']", text)
    found += re.findall(r"^[ \t]{0,3}\[[^\]^\n]+\]:[ \t]*<?([^\s#>]*)#(\S+?)>?(?:\s|$)", text,
                        re.MULTILINE)
    return found



_ANY_HEADING = re.compile(r"^[ \t]*#{1,6}[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$", re.MULTILINE)
"""A heading, indented too: one in an admonition or a content tab is the page's."""
_WRITTEN_ID = re.compile(r"\{:?[^{}\n]*?(?<![\w&])#([\w:.\-]+)[^{}\n]*\}")
"""An id written in an attribute list, `{#id}` or `{: #id .x}`, a heading's or not."""
_RAW_ID = re.compile(r"\b(?:id|name)=[\"']([^\"']+)[\"']")
_FOOTNOTE_REF = re.compile(r"\[\^[^\]\n]+\](?!:)")
_BLOCK_ID = re.compile(r"(?:^|[ \t])\^([A-Za-z0-9-]+)[ \t]*$", re.MULTILINE)


def page_fragments(text: str, restored: str, told: Told) -> str:
    """`[x](#_4)` or `[x](#rtfm-stfw)` naming no heading or anchor of the page (its text
    as Lanting reads it, `restored` with its code): MkDocs warned of it and published it
    dead; its `](#x)` is `DROPPED`, for the caller to keep the text alone, with a warning.
    One written in other case (`#RTFM` for `{#rtfm}`) goes to the heading it meant."""
    ids, anchors = page_ids(restored)
    # (a heading's `{#id}` at the margin is an anchor before it by now: one to match too)
    return repair_page_fragments(text, ids + sorted(anchors), lanting_id, anchors, told,
                                 DROPPED)


def page_ids(restored: str) -> tuple[list[str], set[str]]:
    """The ids Lanting gives the headings of a page's text, in order, and its other
    anchors: raw `id`s and `name`s, written `{#id}`s, block ids (`^id`), its footnotes'
    `fn1`, `fnref1`."""
    seen = dict.fromkeys(THEME_IDS, 0)
    ids = []
    for title in _ANY_HEADING.findall(restored):
        attrs = _ATTRS.search(title)
        written = re.search(r"#([\w:.\-]+)", attrs.group(1)) if attrs else None
        ids.append(unique(written.group(1) if written else
                          lanting_id(title[:attrs.start()] if attrs else title), seen))
    anchors = set(_RAW_ID.findall(restored)) | set(_WRITTEN_ID.findall(restored))
    # (Obsidian's block ids, `… 过程。 ^388d93`, which Lanting gives their paragraphs)
    anchors |= {"^" + b for b in _BLOCK_ID.findall(restored)}
    notes = len(set(_FOOTNOTE_REF.findall(restored)))
    anchors |= {f"fn{n}" for n in range(1, notes + 1)} | {
        f"fnref{n}" for n in range(1, notes + 1)}
    return ids, anchors

"""`[[Note]]` links of a site whose Markdown had none (Hugo's Goldmark, docsify's
marked, markdown-it): leads to the page one names, else the text the old page showed,
with a warning. Shared by the importers of such sites."""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable

from lanting.importer.body_fragments import Told
from lanting.importer.body_links import merged_spans
from lanting.importer.body_math import formula_spans
from lanting.markdown.notes_apps import NOTE_NAME
from lanting.model.names import slugify

WIKI_LINK = re.compile(r"(!?)\[\[([^\[\]|#\n]*)(#[^\[\]|\n]*)?(?:\|([^\[\]\n]*))?\]\]")
"""Obsidian's `[[Note]]`, `[[Note#Heading|shown]]` (as Lanting's Markdown reads them)."""


_RAW_CODE = re.compile(r"<(pre|code|script|style|textarea)\b.*?</\1\s*>", re.IGNORECASE | re.DOTALL)
"""Raw HTML whose text is shown or run as written: `x[[1]]` in hugodown's highlighted R
(`<pre class='chroma'>`) is code, and a `\\[` put there showed as a backslash."""
_HEADING_LINE = re.compile(r"^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$", re.MULTILINE)


def plain_wiki_links(text: str, told: Told,
                     link_to: Callable[[str, str, str | None], str | None],
                     math_lines: bool = True) -> str:
    """`[[Note]]` links of a site whose Markdown had none (Hugo's Goldmark, docsify's
    marked): the old page showed them as written, and Lanting reads them as links to
    `Note.md`. `link_to(name, #heading, shown)` is the Markdown link to the page one
    names (notes written in Obsidian before the site published them), or None: then the
    text the old page showed is kept, with a warning. Embeds, links whose text is in
    brackets (`[[Link to]](https://…)`), `[[toc]]` and, unless the
    caller put its math aside (`math_lines=False`), formulas (`$A[[i]]$` is TeX; a
    display's line too) are left alone. (A whole line with a `$` was once left alone:
    `[[Runge-Kutta]]` after a `$f$` became a link to no page, failing the build, and the
    line `A[[i]]` of a `$$` block escaped brackets, failing its formula.) Nor what raw
    HTML's `<pre>`, `<code>`, `<script>`, `<style>` hold."""
    spans = [m.span() for m in _RAW_CODE.finditer(text)] if "<" in text else []
    starts, ends = merged_spans((formula_spans(text) if math_lines else []) + spans)
    headings = {slugify(m.group(1)) for m in _HEADING_LINE.finditer(text)} \
        if "[[#" in text else set()

    def one(match: re.Match[str]) -> str:
        embed, name, heading, shown = match.group(1), match.group(2), \
            match.group(3) or "", match.group(4)
        if shown is not None:  # (`[[Note\|Shown]]`: the pipe escaped, as in a table)
            name, heading = name.removesuffix("\\"), heading.removesuffix("\\")
        i = bisect.bisect_right(starts, match.start()) - 1
        if not embed and not name.strip() and heading and not (i >= 0 and match.start() < ends[i]) \
                and slugify(heading[1:].strip()) not in headings:
            # (`[[#条款 52：…]]`, a heading of the page written otherwise: a link to
            # nothing, which failed the build; the old page showed it as written)
            told.warn(match.group(), f"`{match.group()}` names no heading of the page (the "
                      "old page showed it as written): kept as text")
            return match.group().replace("[", "\\[").replace("]", "\\]")
        if embed or text.startswith("(", match.end()) or not name or not NOTE_NAME.match(name) \
                or (i >= 0 and match.start() < ends[i]) \
                or match.group().lower() in ("[[toc]]", "[[_toc_]]"):
            return match.group()
        link = link_to(name, heading, shown)
        if link is not None:
            told.convert("[[note]] links to pages of the site")
            return link
        told.warn(match.group(), f"`{match.group()}` names no page of the site (the old "
                  "page showed it as written): kept as text")
        return match.group().replace("[", "\\[").replace("]", "\\]")

    return WIKI_LINK.sub(one, text)

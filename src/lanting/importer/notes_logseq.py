"""The Logseq side of the notes import: a page's text as Logseq showed it, before the
vault's reader converts it — embedded pages and blocks in place, block references as
links to their blocks (`logseq_blocks.py`), its properties out, its org-mode blocks
callouts (`logseq.py`), a block's display with a blank line in it one formula, and a
bare `\\begin{aligned}`, which Logseq showed as a formula, in `$$`."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from lanting.importer.body_displays import joined_displays
from lanting.importer.common import read_text
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.logseq import (
    LogseqGraph,
    bulleted,
    bulleted_environments,
    html_lines,
    labelled_page_links,
    org_blocks,
    without_page_properties,
)
from lanting.importer.logseq_blocks import (
    LABELLED_REF,
    REF,
    Block,
    anchored,
    embedded,
    index,
    inline_embeds,
    plain,
)
from lanting.importer.quarto_math import bare_environments
from lanting.importer.report import Report
from lanting.importer.shelf import Shelf, protect_code
from lanting.importer.site import NewSite
from lanting.importer.site_language import guess_language
from lanting.importer.text import split_front_matter

_PAGE_EMBED = re.compile(r"\{\{embed[ \t]+\[\[([^\[\]\n]+)\]\][ \t]*\}\}")
"""Logseq's `{{embed [[Page]]}}`."""
_EMBED_LINE = re.compile(r"^([ \t]*)-[ \t]+\{\{embed[ \t]+\[\[([^\[\]\n]+)\]\][ \t]*\}\}[ \t]*$",
                         re.MULTILINE)
"""An embed alone in its bullet: the page's bullets take its place, at its indentation."""
_EMPTY_BULLET = re.compile(r"^[ \t]*-[ \t]*(?:\n|$)", re.MULTILINE)
_EMBED_BULLET = re.compile(r"^[ \t]*-[ \t]+(?=\{\{embed\b[^\n]*\}\}[ \t]*$)", re.MULTILINE)


class LogseqNotes:
    """The Logseq side of the notes import."""

    graph: LogseqGraph | None
    site: NewSite
    report: Report
    by_slug: dict[str, Item]
    documents: list[tuple[Item, str, Path]]
    texts: list[str]

    find: Callable[[str, Path], Item | Path | None]

    def logseq_init(self) -> None:
        self.titles: dict[str, Item] | None = None
        """The graph's pages by their titles, in lower case (once all are read)."""
        self.blocks: dict[str, Block] | None = None
        """The graph's blocks with an `id::`, by their uuid (once all are read)."""
        self.referenced: set[str] = set()
        self.block_pages: dict[str, Item] = {}
        self.placeholders: Counter[str] = Counter()
        """Pages linked to but never written (by name as first written): how often."""

    def logseq_text(self, text: str, path: Path, ctx: Context) -> str:
        """A page's text as Logseq showed it, in the Markdown the vault's reader reads."""
        text = without_page_properties(text)  # (the front matter now)
        text, count = bulleted(text)
        ctx.convert("Logseq's blocks written without their bullet given one", count)
        def drawn(area: str) -> bool:  # (the graph holds the highlight's image)
            return isinstance(self.find("/" + area, path), Path)

        if self.blocks is None:
            self.blocks = {}
            for item, body, source in self.documents:
                self.blocks.update(index(str(source), body, drawn))
                self.block_pages[str(source)] = item
                self.referenced.update(REF.findall(body))
        text, count, undrawn = anchored(str(path), text, self.referenced, drawn)
        ctx.convert("Logseq's referenced blocks given their anchors", count)
        for stamp in undrawn:
            ctx.warn(stamp, "a PDF area highlight whose image the graph lacks (`assets/`): "
                     "its page number is shown")
        shelf = Shelf()
        # (an empty bullet, `-` alone under a block's line, made that line a heading: a
        # setext one's underline; Logseq showed an empty bullet, which shows nothing)
        text = _EMPTY_BULLET.sub("", protect_code(text, shelf))
        text = self.page_embeds(text, path, ctx)
        text, count = embedded(text, self.blocks)
        ctx.convert("Logseq's `{{embed ((block))}}` inlined", count)
        text = self.references(inline_embeds(text), ctx)
        text, count = labelled_page_links(text)
        ctx.convert("Logseq's `[text]([[page]])` links to pages", count)
        # (a nested embed: the vault's reader inlines it)
        text, count = _PAGE_EMBED.subn(r"![[\1]]", _EMBED_BULLET.sub("", text))
        ctx.convert("Logseq's `{{embed [[page]]}}` inlined", count)
        text, count = org_blocks(text)
        ctx.convert("Logseq's `#+BEGIN_NOTE` blocks as callouts (quotes, code)", count)
        text, count = html_lines(text)
        ctx.convert("lines of HTML in a block set apart from the text under them", count)
        # (a block's display with a blank line in it, which Logseq read to its closing
        # `$$`: the blank line ended the list item's formula)
        text, count, _ = joined_displays(text, split=False, indented=True)
        ctx.convert("`$$` displays with blank lines in them in a block", count)
        # (a bare `\begin{aligned}` … `\end{aligned}`, which Logseq showed as a formula)
        text, count = bulleted_environments(text)
        ctx.convert("blocks that are TeX environments as `$$` displays", count)
        text = bare_environments(text, ctx)
        return shelf.restore(text)

    def page_embeds(self, text: str, path: Path, ctx: Context) -> str:
        """`- {{embed [[Page]]}}` as the page's bullets, indented as the embed was, so
        that its blocks are read as this page's are."""
        def one(match: re.Match[str]) -> str:
            found = self.find(match.group(2).strip(), path)
            if not isinstance(found, Item) or found.source is None or found.source == path:
                return match.group()
            ctx.convert("Logseq's `{{embed [[page]]}}` inlined")
            body = without_page_properties(split_front_matter(read_text(found.source))[2])
            return "\n".join(match.group(1) + line if line.strip() else ""
                             for line in body.strip("\n").split("\n"))

        return _EMBED_LINE.sub(one, text)

    def references(self, text: str, ctx: Context) -> str:
        """`((uuid))` a link to the block, showing its text; `[shown](((uuid)))` a link
        to it with the writer's text. A block not found is kept as written, warned of
        here and again by every build, until the writer mends it."""
        blocks = self.blocks or {}

        def target(uuid: str) -> str | None:
            block = blocks.get(uuid)
            if block is None:
                return None
            fragment = "#" + block.fragment if block.fragment else ""
            return self.site.link(self.block_pages[block.page]) + fragment

        def labelled(match: re.Match[str]) -> str:
            url = target(match.group(2))
            if url is None:  # (its block deleted since: Logseq's link led nowhere)
                ctx.warn(match.group(), f"`{match.group()}` names no block of the graph "
                         "(deleted since?): its text kept without the link")
                return match.group(1)
            return f"[{match.group(1)}]({url})"

        def one(match: re.Match[str]) -> str:
            url = target(match.group(1))
            if url is None:  # (Logseq showed it as written, marked as a broken reference)
                ctx.warn(match.group(), f"`{match.group()}` names no block of the graph "
                         "(deleted since?): kept as written; copy the block's text in, "
                         "or link to its note as `[[…]]`")
                return match.group()
            ctx.convert("Logseq's `((block))` references as links to their blocks")
            block = blocks[match.group(1)]  # (a block of its id alone: its page's title)
            label = plain(block.text, blocks).strip() or self.block_pages[block.page].title
            return f"[{label}]({url})"

        return REF.sub(one, LABELLED_REF.sub(labelled, text))

    def logseq_page(self, name: str) -> Item | None:
        """The page a Logseq link names, by its title in any case (`[[强化学习/GRPO]]`,
        the file `强化学习___GRPO.md`; a page's `title::`), as Logseq finds pages."""
        if self.titles is None:
            self.titles = {}
            for item in self.by_slug.values():
                self.titles.setdefault(item.title.casefold(), item)
        return self.titles.get(name.casefold())

    def placeholder(self, name: str) -> None:
        """Note a link to a page no one wrote: Logseq showed it as any link, to a page it
        made empty, so a graph holds many (a page is a file once it has a block). The
        link's text is kept; `told_placeholders` says so once for the graph."""
        key = next((k for k in self.placeholders if k.casefold() == name.casefold()), name)
        self.placeholders[key] += 1

    def told_placeholders(self) -> None:
        if self.graph is None or not self.placeholders:
            return
        names = sorted(self.placeholders, key=lambda n: (-self.placeholders[n], n))
        shown = ", ".join(f"`{n}`" + (f" ×{self.placeholders[n]}" if self.placeholders[n] > 1
                                      else "") for n in names[:8]) \
            + (", …" if names[8:] else "")
        links = self.placeholders.total()
        self.report.warn("logseq/config.edn", None, f"{links} links to {len(names)} pages "
                         "no one wrote (Logseq showed each as a link to an empty page): "
                         f"their text kept without the link: {shown}")

    def logseq_folders(self) -> None:
        """Logseq's two folders' pages titled as Logseq names them, not `pages` and
        `journals` (in the menu too)."""
        if self.graph is None:
            return
        zh = guess_language(self.texts) == "zh-CN"
        for folder, title in (("pages", "全部页面" if zh else "All pages"),
                              (self.graph.journals, "日志" if zh else "Journals")):
            page = self.by_slug.get(f"{folder}/index")
            if page is not None and page.source is None:
                page.front["title"] = title

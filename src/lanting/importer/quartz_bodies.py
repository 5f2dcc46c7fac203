"""The body of a Quartz note in Lanting's Markdown. Lanting reads Obsidian's callouts,
`==marks==`, `%%comments%%`, block ids (`^id`), math and Mermaid as written; this
converts what depends on the vault: `[[wiki links]]` and Markdown links found by Quartz's
rule (`quartz_find.py`: a path, or the one note of that name, `markdownLinkResolution:
"shortest"`), so they lead to the note's new page; and its embeds, `![[image.png|300]]`
and `![[other note#Heading]]` (`quartz_embeds.py`).
"""

from __future__ import annotations

import html
import posixpath
import re
from pathlib import Path
from urllib.parse import unquote

from lanting.importer import body as B
from lanting.importer.body_displays import glued_displays, joined_displays
from lanting.importer.body_fragments import heading_fragment, obsidian_heading
from lanting.importer.body_links import UNLINK, latex_images, map_urls, spaced_image_paths
from lanting.importer.body_math import quote_lazy_formulas
from lanting.importer.common import (
    GENERATED,
    LinkTable,
    file_on_writers_computer,
    on_writers_computer,
    read_text,
)
from lanting.importer.excalidraw import NOT_DRAWN
from lanting.importer.foam import link_reference_blocks
from lanting.importer.html_block_spans import raw_block_spans
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.mkdocs_bodies import first_heading
from lanting.importer.quartz_embeds import COMMENT, WIKI, QuartzEmbeds
from lanting.importer.quartz_parentheses import escaped_parentheses
from lanting.importer.quartz_settings import QuartzConfig, has_extension
from lanting.importer.report import Report
from lanting.importer.shelf import Shelf, protect_code
from lanting.importer.site import NewSite
from lanting.importer.text import split_front_matter
from lanting.markdown.anchors import github_slug

_TAG = re.compile(r"(?<![^ \t\n])#([-\w]+(?:/[-\w]+)*)")
_BRACKETED_TAG = re.compile(r"(?<![^ \t\n])#(?:([-\w]+(?:/[-\w]+)*)|\[\[([^\[\]\n]+)\]\])")
"""Quartz's inline tag: `#` after a line start or a space, then letters, digits, `-`,
`_` (`#深度学习`, `#ml/rl`), not only digits (`#1` is a number)."""
_SHORTCODE = re.compile(r"\{\{[<%].*?[>%]\}\}", re.DOTALL)
_DATAVIEW = re.compile(r"^[ \t>]*(?:`{3,}|~{3,})[ \t]*dataview(?:js)?\b.*$", re.MULTILINE)
_TOC_FENCE = re.compile(r"^([ \t]*)(`{3,}|~{3,})[ \t]*(?:table-of-contents|toc)[ \t]*\n"
                        r"(?:.*?\n)??\1\2[`~]*[ \t]*(?:\n|\Z)", re.MULTILINE | re.DOTALL)
"""A table of contents Obsidian's plugins draw (Automatic Table of Contents'
```` ```table-of-contents ````, Dynamic Table of Contents' ```` ```toc ````)."""
_DESTINATION = re.compile(r"\((?:[A-Za-z][\w+.-]*://|mailto:|/|\.{1,2}/|#)")
"""A link's destination after `[[…]]` (`[[原文]](https://…)`): not words in parentheses,
`[[port]](HTTP 默认 80 端口)`, which follow a link to a note."""
_NOTE = re.compile(r"^(?=[^,]*$).*[^\W\d_]|^$")
"""A note's name has a letter and no comma (`[[1, 2]]` in prose is a nested list); one
with a comma is a link when a note has that name (`[[Fooling the brain, in short]]`)."""


def inline_tags(body: str, bracketed: bool = False) -> list[str]:
    """The `#tags` of a note's text (not in code, headings' marks, HTML or URLs, nor in
    a `<style>` or `<script>` block, whose `#fff` is a colour);
    `bracketed`: Logseq's `#[[扩散 模型]]` of several words too."""
    shelf = Shelf()
    text = COMMENT.sub("", protect_code(body, shelf))
    for start, end in reversed(raw_block_spans(text)):
        text = text[:start] + "\n" * text.count("\n", start, end) + text[end:]
    found: list[str] = []
    for match in (_BRACKETED_TAG if bracketed else _TAG).finditer(text):
        tag = (match.group(1) or match.group(2)).strip()
        line_start = text.rfind("\n", 0, match.start()) + 1
        before = text[line_start:match.start()]
        if tag.replace("-", "").replace("_", "").replace("/", "").isdigit() \
                or before.rfind("<") > before.rfind(">") or "$" in before:
            continue
        if tag not in found:
            found.append(tag)
    return found


_SPACED_FRAGMENT = re.compile(r"(\]\()(#[^()\s<][^()\n]*?[ \t][^()\n]*?)(?<![\x27\x22])\)")
"""`](#words with spaces)`, a heading linked by its text as Typora writes it (which
Lanting's Markdown reads as a link; not `](#x "title")`)."""


class QuartzBodies(QuartzEmbeds):
    """The body side of the Quartz importer."""

    source: Path
    report: Report
    site: NewSite
    config: QuartzConfig
    table: LinkTable
    mermaid: bool
    unwritten_shown = "Quartz linked to an empty page"
    """What the old site showed for a link to a note not written yet."""
    dataview_shown = ", as Quartz showed it"
    """How the old site showed a Dataview query (after "shown as code")."""

    def own_shortcodes(self, path: Path) -> bool:
        """Whether the note's text is the importer's, its shortcodes Lanting's (a beamer
        deck's `{{< references >}}`, `notes_talks`): none here."""
        return False

    def escapes_parentheses(self, path: Path) -> bool:
        """Whether `\\(` and `\\)` were Markdown escapes to what showed the notes, as to
        Quartz's remark-math, Obsidian, Typora, GitBook and GitHub (`tanh\\(x\\)`, as
        editors that escape parentheses save it), not a formula's delimiters (but see
        `escaped_parentheses`)."""
        return True

    def convert(self, text: str, item: Item, ctx: Context, path: Path) -> str:
        fences = len(re.findall(r"^[ \t>]*(?:`{3,}|~{3,})[ \t]*mermaid", text, re.MULTILINE))
        if fences:
            self.mermaid = True
            ctx.convert("mermaid diagrams", fences)
        for query in _DATAVIEW.finditer(text):
            ctx.warn(query.group(), f"a Dataview query: shown as code{self.dataview_shown} "
                     "(it runs in Obsidian only); paste the list it made, or link the notes")
        # (its settings, as code, were shown under an unknown language's warning)
        text, count = _TOC_FENCE.subn("", text)
        ctx.convert("tables of contents of Obsidian's plugins left out (Lanting's page "
                    "has its own)", count)
        shelf = Shelf()
        text = protect_code(text, shelf)
        text = link_reference_blocks(text, ctx)
        text = self.plugin_text(text, ctx)
        text, count = COMMENT.subn("", text)
        ctx.convert("%%comments%% left out", count)
        # (Obsidian and Quartz's remark-math read a `$$` block to its closing `$$`, blank
        # lines and all; Lanting's Markdown ends one opened under a line of text there)
        text, count = glued_displays(text)
        ctx.convert("`$$` displays opened at the end of a line of text (`text:$$`)", count)
        text, count, _ = joined_displays(text, split=False)
        ctx.convert("`$$` displays with blank lines in them (one formula)", count)
        # (`> $$` opening a formula whose lines, and closing `$$`, have no `>`: Typora
        # showed it in the quote; left so, its closing `$$` opened a formula that ran on to
        # the next, out of step for the rest of the page)
        text, count = quote_lazy_formulas(text)
        ctx.convert("formulas' lines in a quote marked as quoted", count)
        if self.escapes_parentheses(path):
            text, count = escaped_parentheses(text)
            ctx.convert("escaped parentheses \\( \\) as plain ones", count)
        # (Quartz has no shortcodes: one left from a Hugo past showed as written, and
        # Lanting would read it as its own)
        if not self.own_shortcodes(path):
            text = _SHORTCODE.sub(lambda m: ctx.leave(m.group(), "a Hugo shortcode, which "
                                                      "Quartz showed as written"), text)
        text = self.embeds(self.markdown_embeds(text, path), path, ctx, shelf)
        text = self.wiki_links(text, path, ctx)

        # (Typora writes the path of a pasted screenshot as it is, spaces and all —
        # `![](x.assets/Screenshot 2025-02-09 at 15.04.04.png)` — and shows it; one on
        # the writer's disk, `file://zotero_link/A survey.pdf`, is found or named below)
        text, count = spaced_image_paths(
            text, lambda name: isinstance(self.find(unquote(name), path), Path)
            or on_writers_computer(name))
        ctx.convert("image paths with spaces (Typora's) in angle brackets", count)

        def resolve(url: str, image: bool) -> str | None:
            return self.url(url, image, path, ctx)

        if NOT_DRAWN in self.skipped.values():
            text = self.undrawn_images(text, path, ctx)
        text = _OWN_DISK_TAG.sub(lambda m: self.own_disk_tag(m, ctx), text)
        text = map_urls(_SPACED_FRAGMENT.sub(lambda m: m.group(1) + (self.own_fragment(
            m.group(2), path, ctx) or m.group(2)) + ")", text), resolve)
        if item.kind == "talk":  # (a Pandoc deck's beamer images, which the talk shows)
            text = latex_images(text, resolve)
        return B.tidy(shelf.restore(text))

    # --- wiki links -------------------------------------------------------------------

    def wiki_links(self, text: str, path: Path, ctx: Context) -> str:
        def one(match: re.Match[str]) -> str:
            embed, name, heading, shown = match.group(1), match.group(2), \
                match.group(3) or "", match.group(4)
            # (in a table the `|` is written `\|`: `[[note\|shown]]`)
            name, heading = name.removesuffix("\\"), heading.removesuffix("\\")
            start = text.rfind("\n", 0, match.start()) + 1
            if embed or _in_math(text, start, match.start()) or not (
                    _NOTE.match(name) or self.named(name, path)) or not (name + heading):
                return match.group()  # (`list[[]]` is R's, not an empty link)
            label = (shown or (name + (heading.replace("#", " > ", 1) if heading and name
                                        else heading.lstrip("#")))).strip()
            if not name.strip():  # (`[[#Heading]]`: this page)
                ctx.convert("[[wiki links]] to notes of the garden")
                here = self.fragment(heading, path, ctx, match.group())
                return f"[{label}]({here})" if here else label
            found = self.find(name, path)
            if found is None and _DESTINATION.match(text, match.end()):
                return match.group()  # (`[[原文]](https://…)`: a link, its text in brackets)
            if isinstance(found, Item):
                ctx.convert("[[wiki links]] to notes of the garden")
                fragment = self.fragment(heading, found.source, ctx, match.group(),
                                         _title(found)) if heading else ""
                return f"[{label}]({self.site.link(found)}{fragment})"
            if isinstance(found, Path):
                ctx.convert("[[wiki links]] to files of the garden")
                return f"[{label}]({self.file_url(found)})"
            why = self.missing(name, path)
            if why == self.not_written:  # (Obsidian's unresolved link: a note yet to write)
                self.unwritten(match.group(), name.strip(), ctx)
            else:
                ctx.warn(match.group(), f"`{match.group()}` leads nowhere ({why}): its text "
                         "kept without the link")
            return label

        return WIKI.sub(one, text)

    def unwritten(self, written: str, name: str, ctx: Context) -> None:
        """Tell of a link to a note no one wrote (`name`), whose text is kept."""
        ctx.note(written, f"`{written}` names a note not written yet "
                 f"({self.unwritten_shown}): its text kept without the link")

    def fragment(self, heading: str, source: Path | None, ctx: Context, written: str,
                 title: str | None = None) -> str:
        """`#Heading` as the id the new page gives that heading; `#^block` as is; the
        note's `# heading` that became its `title`, which the page shows above its text
        without an id, the page itself (`[[api#Well-Designed API]]`, as Foam's and
        Obsidian's heading suggestions write it, failed the build: no anchor). A
        heading the note does not have (renamed since) is left out, with a warning: the
        old link led to the page's top, and so does the new one. So is a block the note
        does not have: its id must stand after a space (`成立。 ^para1`), as Obsidian
        reads one, and `成立：^para1` is text there (the id Lanting gives none)."""
        text = heading.lstrip("#").strip()
        if source is None:
            return "#" + text
        if text.startswith("^"):
            if re.search(rf"(?:^|[ \t])\^{re.escape(text[1:])}[ \t]*$", read_text(source),
                         re.MULTILINE):
                return "#" + text
            ctx.warn(written, f"no block `{text}` in `{source.stem}` (Obsidian's block id "
                     "stands after a space): the link leads to the page's top")
            return ""
        found = heading_fragment(text.split("#")[-1], source) \
            or obsidian_heading(text.split("#")[-1], source)
        if found is None:
            ctx.warn(written, f"no heading `{text}` in `{source.stem}`: the link leads to "
                     "the page's top")
            return ""
        first = first_heading(split_front_matter(read_text(source))[2])
        if title is not None and first is not None and first[0] == title \
                and heading_fragment(first[0], source) == found:
            ctx.convert("links to a note's title heading, to the page's top")
            return ""
        return "#" + found

    # --- Markdown links -----------------------------------------------------------------

    def is_deck(self, path: Path) -> bool:
        """Whether the note is a slide deck (`Quartz.is_deck`)."""
        return False

    def own_fragment(self, url: str, path: Path, ctx: Context) -> str | None:
        """A link to a heading of the note, by its text as Obsidian writes it
        (`#1.%20基础概念`) or by an id a table of contents made for another renderer wrote
        (`#1.基础概念`, the words run together): the id the new page gives the heading it
        meant, when its letters and digits name one heading alone (such a link led to the
        page's top in the app; Lanting's build fails on it). One naming no heading or
        anchor of the note (a section the table of contents lists, never written) led
        there too: its text kept, without the link, with a warning."""
        wanted = unquote(url[1:])
        if not wanted or wanted.startswith(("^", "/")) or wanted == "top" or \
                re.fullmatch(r"fn(?:ref)?[:-]?\w+|\d+", wanted) or self.is_deck(path):
            return None  # (a deck's `#/3` and `#3` name its slides)
        found = heading_fragment(wanted, path, loose=True)
        if found is None:
            ctx.warn(url, f"link `{url}`: no heading or anchor of the note has that name "
                     "(a dead link of the notes): its text kept, without the link")
            return UNLINK
        if found == wanted:
            return None
        if found != github_slug(wanted):
            ctx.note(url, f"the link `{url}` named the heading `#{found}` otherwise: it "
                     "goes there")
        ctx.convert("#links to a heading of the note, by its id")
        return "#" + found

    def undrawn_images(self, text: str, path: Path, ctx: Context) -> str:
        """`![BN2](../Excalidraw/BN2)`, an image of an Excalidraw drawing with no exported
        image: its alt text, with a warning (an image of a page shows nothing)."""
        def one(match: re.Match[str]) -> str:
            target = unquote(match.group(2).strip("<>").partition("#")[0])
            # (as a path from `content/`: `missing` matches the ends of those)
            here = posixpath.dirname(path.relative_to(self.content).as_posix())
            whole = posixpath.normpath(posixpath.join(here, target)).lstrip("/")
            if self.find(target, path) is not None or self.missing(
                    whole.removesuffix(".md"), path) != f"its note is not published " \
                    f"({NOT_DRAWN})":
                return match.group()
            ctx.warn(match.group(), f"`{match.group()}` shows {NOT_DRAWN}: its alt text "
                     "is kept")
            return match.group(1)

        return _MD_IMAGE.sub(one, text)

    def url(self, url: str, image: bool, path: Path, ctx: Context) -> str | None:
        """A link or image written as Markdown: `Other%20note.md`, `../ML/attention`,
        `/ML/attention`, `attachments/fig.png` (from the note's folder, from `content/`,
        or by name); an image at a path of the writer's computer (Typora's
        `/Users/me/notes/pic/a.png`) found in the notes by the end of its path."""
        if (local := file_on_writers_computer(url, self.content)) is not None:
            ctx.convert(f"{'images' if image else 'links'} at a path of the writer's "
                        "computer (Typora, Org's `~/`) found in the notes")
            return self.file_url(local)
        if image and on_writers_computer(url) and not url.startswith("/"):
            return self.on_own_disk(url, ctx)  # (`C:\\…\\typora-user-images\\a.png`)
        if not image and on_writers_computer(url) and not url.startswith("/"):
            # (a literature note's PDF in Zotero's storage, `file:///Users/…/a.pdf`: a
            # link no reader could follow, which no check caught)
            ctx.warn(url, f"a link to `{url}`, a file on the writer's own disk, not in "
                     f"{self.notes_folder} (no reader could open it): its text kept")
            return UNLINK
        if not image and url.lower().startswith("zotero:"):
            ctx.convert("links into the writer's Zotero library (`zotero://open-pdf/…`, "
                        "which only their computer opens) as their text")
            return UNLINK
        if url.startswith("#") and not image and "\ue000" not in url:
            return self.own_fragment(url, path, ctx)
        if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//|^#|^$", url) or "\ue000" in url:
            return None
        name, hash_mark, fragment = url.partition("#")
        name = unquote(name.split("?")[0])
        found = self.find(name, path)
        if isinstance(found, Item):
            ctx.convert("links to notes")
            frag = self.fragment("#" + unquote(fragment), found.source, ctx, url,
                                 _title(found)) \
                if hash_mark else ""
            return self.site.link(found) + frag
        if isinstance(found, Path):
            return self.file_url(found) + hash_mark + fragment
        if image and on_writers_computer(url):  # (`/Users/me/Pictures/a.png`)
            return self.on_own_disk(url, ctx)
        if image:  # (a notebook deck's output, which the import writes, is no missing one)
            if f"static{name}" not in self.site.extra:
                ctx.warn(url, f"image `{url}` not found in {self.notes_folder}: left as written")
            return None
        if name.endswith(".md") or not has_extension(name):
            ctx.warn(url, f"a link to `{name}`, which leads nowhere ("
                     f"{self.missing(name.removesuffix('.md'), path)}): its text kept")
            return UNLINK
        if posixpath.basename(name) in GENERATED:  # (`/sitemap.xml`: Lanting makes it)
            return None
        # (`old.html`, `slides.pdf`: a file the notes lack, which failed the build)
        ctx.warn(url, f"a link to `{name}`, which leads nowhere ({self.missing(name, path)})"
                 ": its text kept")
        return UNLINK

    def own_disk_tag(self, match: re.Match[str], ctx: Context) -> str:
        """`<img src="C:\\Users\\…\\typora-user-images\\a.png" style="zoom:50%;">`, as
        Typora writes an image it resized, of a file the notes lack: its alt text, as a
        Markdown image's (kept as written, it failed the build)."""
        src = html.unescape(match.group(2))
        if not on_writers_computer(src) or file_on_writers_computer(src, self.content):
            return match.group()  # (found in the notes: `url` maps it)
        self.on_own_disk(src, ctx)
        alt = re.search(r"""\balt\s*=\s*(["'])(.*?)\1""", match.group(), re.DOTALL)
        return html.unescape(alt.group(2)) if alt else ""

    def on_own_disk(self, url: str, ctx: Context) -> str:
        """An image on the writer's disk the notes lack (Typora's `typora-user-images`):
        no reader saw it, and it failed the build; its alt text stays."""
        ctx.warn(url, f"image `{url}` is a file on the writer's own disk, not in "
                 f"{self.notes_folder} (no reader saw it): its alt text kept")
        return UNLINK


_OWN_DISK_TAG = re.compile(r"""<img\b[^<>]*?\bsrc\s*=\s*(["'])([^"'<>]*)\1[^<>]*>""",
                           re.IGNORECASE)
"""An `<img>` with its `src` quoted (one on the writer's computer: `own_disk_tag`)."""
_MD_IMAGE = re.compile(r"!\[([^\[\]\n]*)\]\((<[^<>\n]+>|[^()\s]+)\)")
_INLINE_MATH = re.compile(r"\$\$.+?\$\$|\$[^$\n]+?\$")


def _title(note: Item) -> str | None:
    """The title of a note whose first `# heading` may have become it (a talk's is its
    first slide's, kept)."""
    return None if note.kind == "talk" else str(note.front.get("title") or "")


def _in_math(text: str, line_start: int, at: int) -> bool:
    """Whether `at` is inside a `$…$` of its line (`$A[[i]]$` is TeX, not a link)."""
    end = text.find("\n", at)
    line = text[line_start:end if end >= 0 else len(text)]
    return any(m.start() <= at - line_start < m.end() for m in _INLINE_MATH.finditer(line))

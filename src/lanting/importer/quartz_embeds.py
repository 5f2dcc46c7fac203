"""Embeds in a Quartz note: `![[image.png|300]]` and `![[clip.mp4]]` from anywhere in the
vault, shown; `![[other note]]`, `![[note#Heading]]`, `![[note#^block]]` — notes embedded
in the page, which Lanting shows as a link — inlined, as Quartz showed them (the part of
the note each shows: `note_part`); and Obsidian's embeds written as Markdown images,
`![Note](Note.md#^block)`. The rest of a note's body is `quartz_bodies.py`'s.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import unquote

from lanting.importer.common import is_image, read_text
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.quartz_find import QuartzFinder
from lanting.importer.quartz_settings import file_slug
from lanting.importer.shelf import Shelf, protect_code
from lanting.importer.site import NewSite
from lanting.importer.text import split_front_matter
from lanting.importer.vault_plugins import inline_fields
from lanting.markdown.anchors import github_slug

WIKI = re.compile(r"(!?)\[\[([^\[\]|#\n]*)(#[^\[\]|\n]*)?(?:\|([^\[\]\n]*))?\]\]")
"""`[[note#heading|shown]]`, and with `!` before it an embed."""
COMMENT = re.compile(r"%%.*?%%", re.DOTALL)
"""Obsidian's `%%comments%%`."""
_MD_EMBED = re.compile(r"!\[[^\[\]\n]*\]\(<?([^()<>\s]+?\.md)(#[^()<>\s]*)?>?\)")
"""`![shown](Other%20note.md#^block)`: a note embedded, written as a Markdown image."""
_HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$")
_RANGE = re.compile(r"(?:,\d+)?:#[^#|\]]*$|,\d+$")
_PLAYERS = {**dict.fromkeys((".mp4", ".webm", ".ogv", ".mov", ".mkv"), "video"),
            **dict.fromkeys((".mp3", ".wav", ".m4a", ".ogg", ".flac", ".3gp"), "audio")}
"""The files an embed shows in a player (Obsidian's and Quartz's: `.webm` is also what
Obsidian's recorder saves sound as; a video player plays it)."""


class QuartzEmbeds(QuartzFinder):
    """The embedding side of the Quartz importer."""

    site: NewSite
    shown_by = "Quartz"
    """What showed the notes (said of what it showed that Lanting does not)."""
    dataview_fields: bool | None = False
    """Whether Dataview showed `Key:: value` lines (`vault_plugins.inline_fields`; None:
    they are a Logseq graph's properties, left to Lanting's Markdown)."""

    def note_text(self, path: Path) -> str:
        """The note's text, as Markdown with its front matter (an Org note's, a
        canvas's: as the notes import reads them)."""
        return read_text(path)

    def plugin_blocks(self, text: str, ctx: Context) -> str:
        """`text` (its code not set aside) with the blocks of the vault's plugins as
        Lanting's: none in a Quartz garden, which showed them as code."""
        return text

    def plugin_text(self, text: str, ctx: Context) -> str:
        """`text` (its code set aside) with Dataview's inline fields as shown."""
        if self.dataview_fields is None:
            return text
        return inline_fields(text, self.dataview_fields, ctx)

    def file_url(self, file: Path) -> str:
        rel = file_slug(file.relative_to(self.content).as_posix())
        if is_image(file):
            return self.site.image(file, "/" + rel)
        return "/" + rel

    def embeds(self, text: str, path: Path, ctx: Context, shelf: Shelf) -> str:
        def one(match: re.Match[str]) -> str:
            name, heading, shown = match.group(2), match.group(3) or "", match.group(4)
            name, heading = name.removesuffix("\\"), heading.removesuffix("\\")
            if not match.group(1):
                return match.group()
            # (Dendron's range, `#heading,1:#*`: from the heading to the next, its section)
            heading = _RANGE.sub("", heading)
            found = self.find(name, path) if name.strip() else None
            if found is None and text.startswith("(", match.end()):
                # `![[公式]](https://www.zhihu.com/equation?tex=…)`: a Markdown image whose
                # alt text is in brackets (a formula pasted from Zhihu), not an embed
                return match.group()
            if isinstance(found, Path) and is_image(found):
                size = (shown or "").strip()
                alt = size if re.fullmatch(r"\d+(?:x\d+)?", size) else ""
                ctx.convert("![[image]] embeds")
                return f"![{'|' + alt if alt else shown or ''}]({self.file_url(found)})"
            player = _PLAYERS.get(found.suffix.lower()) if isinstance(found, Path) else None
            if isinstance(found, Path) and player:
                ctx.convert("![[video or sound]] embeds as players")
                src = html.escape(self.file_url(found), quote=True)
                return f'<{player} controls preload="metadata" src="{src}"></{player}>'
            if isinstance(found, Path):
                ctx.warn(match.group(), f"`{match.group()}` embedded a file {self.shown_by} "
                         "showed in the page: it is a link to the file")
                return f"[{shown or found.name}]({self.file_url(found)})"
            if isinstance(found, Item) and found.source is not None:
                part = note_part(self.note_text(found.source), heading)
                if part is None:
                    ctx.warn(match.group(), f"`{heading}` not found in `{name}`: the embed is "
                             "a link to the note")
                    return f"[{shown or name}]({self.site.link(found)})"
                ctx.convert("![[note]] embeds inlined")
                # (an embed of a note in the embedded text is a link: no note embeds itself
                # for ever; one of an image or a file is shown as it is in its note)
                inner = self.plugin_text(protect_code(self.plugin_blocks(part, ctx), shelf),
                                         ctx)
                inner = WIKI.sub(lambda m: one(m) if m.group(1) and isinstance(self.find(
                    m.group(2).removesuffix("\\"), path), Path) else m.group().replace(
                    "![[", "[[", 1), inner)
                return "\n\n" + COMMENT.sub("", inner).strip("\n") + "\n\n"
            ctx.warn(match.group(), f"`{match.group()}` embeds nothing ("
                     f"{self.missing(name, path)}): left out")
            return ""

        return WIKI.sub(one, text)

    def markdown_embeds(self, text: str, path: Path) -> str:
        """`![Note](Note.md#^block)`, an embed as Obsidian writes it with its "Markdown
        links" setting, as `![[Note#^block]]`: the note's text, not an image of a page."""
        def one(match: re.Match[str]) -> str:
            name, part = unquote(match.group(1)), unquote(match.group(2) or "")
            if not isinstance(self.find(name, path), Item) or "|" in part:
                return match.group()
            return f"![[{name.removesuffix('.md')}{part}]]"

        return _MD_EMBED.sub(one, text)


def note_part(note: str, heading: str) -> str | None:
    """The text of a note an embed shows: all of it, the section under `#Heading`, or the
    paragraph (list item) ending in `^block` (the quote or callout `>^block` closes)."""
    body = split_front_matter(note)[2]
    wanted = heading.lstrip("#").strip()
    if not wanted:
        return body
    lines = body.split("\n")
    if wanted.startswith("^"):
        for i, line in enumerate(lines):
            if line.lstrip().startswith(">") and line.lstrip("> \t").rstrip() == wanted:
                start = i  # (`>^id` closing a quote or a callout: the whole of it)
                while start > 0 and lines[start - 1].lstrip().startswith(">"):
                    start -= 1
                return "\n".join(lines[start:i])
            if line.rstrip().endswith(" " + wanted) or line.strip() == wanted:
                start = i
                while start > 0 and lines[start - 1].strip() and line.strip() != wanted:
                    start -= 1
                if line.strip() == wanted:  # (the id on its own line: the block above)
                    end, start = i, i - 1
                    while start > 0 and lines[start - 1].strip():
                        start -= 1
                    return "\n".join(lines[start:end])
                return "\n".join(lines[start:i + 1]).replace(" " + wanted, "")
        return None
    # (by the heading's id, as Quartz matched it: Obsidian drops `:` from the link)
    wanted = github_slug(wanted.split("#")[-1].strip())
    for i, line in enumerate(lines):
        found = _HEADING.match(line)
        if found and github_slug(found.group(2).strip()) == wanted:
            level = len(found.group(1))
            end = next((j for j in range(i + 1, len(lines))
                        if (h := _HEADING.match(lines[j])) and len(h.group(1)) <= level),
                       len(lines))
            return "\n".join(lines[i:end])
    return None

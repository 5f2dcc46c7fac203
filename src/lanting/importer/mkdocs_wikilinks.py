"""Obsidian's `[[wiki links]]` on an MkDocs site whose plugin read them.

Notes kept in an Obsidian vault and published with MkDocs link by name: `[[CLIP]]`,
`[[bash Cheat Sheet|bash]]`, `[[chapter 2#Aitken's method]]`. A plugin
(`bi_directional_links`, `roamlinks`, `ezlinks`, …) found the one file of the docs folder
with that name, wherever it was, and made the link. Lanting reads `[[x]]` as a link to
`x.md` beside the page, which the new site's files (`bash-cheat-sheet.md`) no longer
match: the build failed on each. Here each becomes the Markdown link to the file it named
(`[bash](/Tools/bash%20Cheat%20Sheet.md)`), which the importer then leads to the new page
like any other; a name no file has keeps its text, without the link, with a warning.
On a site without such a plugin MkDocs showed `[[x]]` as written, and so does the new
one (Lanting would make it a link to a file beside the page).
An image embed, `![[Pasted image 2024.png]]`, was found by name too: it names the file
from the docs folder, for `mkdocs_embeds.py` to copy (one of no file: a warning).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

from lanting.importer.body_math import INLINE_MATH
from lanting.importer.liquid import Context
from lanting.importer.mkdocs_anchors import lanting_id
from lanting.importer.mkdocs_settings import WIKI_PLUGINS, plugin

_EMBED = re.compile(r"!\[\[([^\[\]|#\n]+?)((?:\\?\|[^\[\]\n]*)?)\]\]")
_WIKI = re.compile(r"(?<![!\\\[])\[\[([^\[\]|#\n]*)(#[^\[\]|\n]*)?(?:\\?\|([^\[\]\n]*))?\]\]"
                   r"(?![(\[])")
"""`[[name#heading|shown]]`; not `[[Smith 2020]](url)`, a link whose text is bracketed."""
_NOTE = re.compile(r"^(?=[^,]*$).*[^\W\d_]")
"""A name reads as a note's when it has a letter and no comma (`[[1, 2], [3, 4]]` in
prose is a nested list, which no plugin took for a link)."""


_MATH = re.compile(r"\$\$.+?\$\$|\\\[.+?\\\]|\\\(.+?\\\)|" + INLINE_MATH.pattern, re.DOTALL)


def _outside_math(text: str, pattern: re.Pattern[str],
                  one: Callable[[re.Match[str]], str]) -> str:
    """`pattern.sub(one, text)` for the matches outside formulas: `$[[x > 0]]$` (an
    Iverson bracket) is TeX, not a link."""
    if "[[" not in text:
        return text
    spans = [m.span() for m in _MATH.finditer(text)]

    def outside(match: re.Match[str]) -> str:
        at = match.start()
        return match.group() if any(a <= at < b for a, b in spans) else one(match)

    return pattern.sub(outside, text)


def wiki_plugin(config: dict[str, Any]) -> str | None:
    """The plugin of the site that read `[[wiki links]]`, if any (ezlinks only with its
    `wikilinks` option, on by default)."""
    for name in WIKI_PLUGINS:
        options = plugin(config, name)
        if options is not None and not (name == "ezlinks" and options.get("wikilinks")
                                         is False):
            return name
    return None


class WikiTargets:
    """The files of the docs folder by name, as the plugins looked them up."""

    def __init__(self, docs: Path, files: list[Path]) -> None:
        self.docs = docs
        self.by_name: dict[str, list[Path]] = defaultdict(list)
        for file in files:
            self.by_name[file.name.casefold()].append(file)
            if file.suffix.lower() == ".md":
                self.by_name[file.stem.casefold()].append(file)

    def find(self, name: str, page: Path) -> tuple[Path | None, int]:
        """The file `name` names from `page` (a path from the docs folder or the page's,
        else the one file of that name, the one beside the page first); and how many
        files have the name (more than one and none beside the page: not found)."""
        name = name.strip().removeprefix("./")
        if "/" in name:
            for base in (self.docs, page.parent):
                for candidate in (name, name + ".md"):
                    file = base / candidate.lstrip("/")
                    if file.is_file():
                        return file, 1
            name = name.rsplit("/", 1)[-1]
        found = self.by_name.get(name.casefold(), [])
        beside = [f for f in found if f.parent == page.parent]
        if beside:
            return beside[0], len(found)
        return (found[0] if len(found) == 1 else None), len(found)


def wiki_links(text: str, page: Path, targets: WikiTargets, ctx: Context) -> str:
    """`text` (its code put aside) with each `[[name#heading|shown]]` a Markdown link to
    the file it names, its heading as the new page's id for it (`#^block` as written)."""

    def one(match: re.Match[str]) -> str:
        # (in a table the `|` is written `\|`: `[[note\|shown]]`)
        name = match.group(1).strip().removesuffix("\\").strip()
        heading = (match.group(2) or "")[1:].removesuffix("\\").strip()
        shown = match.group(3)
        if "://" in name or not name and not heading:
            return match.group()
        label = (shown or name or heading).strip()
        fragment = "" if not heading else "#" + (
            heading if heading.startswith("^") else lanting_id(heading) or heading)
        if not name:  # (`[[#Heading]]`: this page)
            ctx.convert("[[wiki links]] to other pages")
            return f"[{label}]({fragment})"
        file, named = targets.find(name, page)
        if file is None:
            if not _NOTE.match(name):
                return match.group()
            why = (f"{named} files of the docs folder have that name: write its folder, "
                   f"`[[folder/{name}]]`") if named else "no file of the docs folder has " \
                "that name"
            ctx.warn(match.group(), f"`{match.group()}` leads nowhere ({why}): its text "
                     "kept without the link")
            return label
        ctx.convert("[[wiki links]] to other pages")
        where = quote("/" + file.relative_to(targets.docs).as_posix())
        return f"[{label}]({where}{fragment})"

    return _outside_math(text, _WIKI, one)


def wiki_embeds(text: str, page: Path, targets: WikiTargets, ctx: Context) -> str:
    """`text` (its code put aside) with each `![[name]]` of a file found by name written
    with its path from the docs folder (`![[AI/assets/a.png|300]]`); one of no file is
    left as written, with a warning (Obsidian keeps attachments the repository may lack)."""

    def one(match: re.Match[str]) -> str:
        name = match.group(1).strip()
        if "://" in name:
            return match.group()
        file, named = targets.find(name, page)
        if file is None:
            if "." in name.rsplit("/", 1)[-1]:  # (a file's name: `a.png`, not a note's)
                where = f"{named} files have that name" if named else "no file of the " \
                    "docs folder has that name"
                ctx.warn(match.group(), f"`{match.group()}`: {where} (Obsidian keeps "
                         "attachments the repository may not have); left as written")
            return match.group()
        return f"![[{file.relative_to(targets.docs).as_posix()}{match.group(2)}]]"

    return _outside_math(text, _EMBED, one)


def literal_wiki_links(text: str, ctx: Context) -> str:
    """`text` (its code put aside) with each `[[name]]` escaped, shown as written: the
    site had no plugin that read them."""
    def one(match: re.Match[str]) -> str:
        name = match.group(1).strip()
        if not _NOTE.match(name) and not match.group(2):
            return match.group()
        ctx.convert("[[wiki links]] shown as written (no wiki-link plugin)")
        return "\\" + match.group()

    return _outside_math(text, _WIKI, one)

"""Obsidian's image embeds on an MkDocs page: `![[assets/Pasted image 2025.png]]`.

Notes written in an Obsidian vault and published with MkDocs keep Obsidian's embeds.
MkDocs, without a plugin for them, showed the line as written; Lanting reads `![[…]]`
as an embed, but from the page's new place, where the image never went (the build
failed on it). An embed naming a file beside the page or from the docs folder's root
is the image link its writer meant, so the file is copied with the page; so is one
naming the one file of that name elsewhere in the docs folder (`![[fig-1-2.png]]` for
`reading_notes/fig-1-2.png`), which Obsidian found by its name. An embed of no file is
shown as written, as MkDocs showed it, with a warning.
"""

from __future__ import annotations

import glob
import re
from pathlib import Path

from lanting.importer.liquid import Context

_EMBED = re.compile(r"!\[\[([^\[\]|#\n]+?)(?:\|([^\[\]\n]*))?\]\]")
_SIZE = re.compile(r"(\d+)(?:x(\d+))?")


def image_embeds(text: str, page: Path, docs: Path, ctx: Context,
                 plugin: bool = False) -> str:
    """`text` (its code put aside) with each `![[image]]` of an existing file as an image
    link: `![[a.png|300]]` keeps its width, `![[a.png|a plot]]` its alt text. (`plugin`:
    a wiki-link plugin read them, and `wiki_embeds` told of one of no file.)"""

    def one(match: re.Match[str]) -> str:
        name, alias = match.group(1).strip(), (match.group(2) or "").strip()
        where = _where(name, page, docs)
        if where is None and plugin:
            return match.group()
        if where is None:
            ctx.warn(match.group(), f"`{match.group()}` embeds no file of the docs folder "
                     "(Obsidian keeps attachments the repository may not have): shown as "
                     "written, as MkDocs showed it")
            return "!\\" + match.group()[1:]
        ctx.convert("Obsidian image embeds (![[…]])")
        size = _SIZE.fullmatch(alias)
        if size is None:
            return f"![{alias}]({where})"
        height = f' height="{size.group(2)}"' if size.group(2) else ""
        return f'![]({where}){{ width="{size.group(1)}"{height} }}'

    return _EMBED.sub(one, text) if "![[" in text else text


def _where(name: str, page: Path, docs: Path) -> str | None:
    """The link to the file an embed names: beside the page, from the docs folder, else
    the one file of that name in it (from the docs folder); None for none."""
    if page.parent.joinpath(name).is_file():
        return name
    if docs.joinpath(name.lstrip("/")).is_file():
        return "/" + name.lstrip("/")
    if "/" in name:
        return None
    found = [p for p in docs.rglob(glob.escape(name)) if p.is_file()]
    return "/" + found[0].relative_to(docs).as_posix() if len(found) == 1 else None

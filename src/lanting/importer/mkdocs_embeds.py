"""Obsidian's image embeds on an MkDocs page: `![[assets/Pasted image 2025.png]]`.

Notes written in an Obsidian vault and published with MkDocs keep Obsidian's embeds.
MkDocs, without a plugin for them, showed the line as written; Lanting reads `![[…]]`
as an embed, but from the page's new place, where the image never went (the build
failed on it). An embed naming a file beside the page or from the docs folder's root
is the image link its writer meant, so the file is copied with the page; an embed of
no such file stays as written.
"""

from __future__ import annotations

import re
from pathlib import Path

from lanting.importer.liquid import Context

_EMBED = re.compile(r"!\[\[([^\[\]|#\n]+?)(?:\|([^\[\]\n]*))?\]\]")
_SIZE = re.compile(r"(\d+)(?:x(\d+))?")


def image_embeds(text: str, page: Path, docs: Path, ctx: Context) -> str:
    """`text` (its code put aside) with each `![[image]]` of an existing file as an image
    link: `![[a.png|300]]` keeps its width, `![[a.png|a plot]]` its alt text."""

    def one(match: re.Match[str]) -> str:
        name, alias = match.group(1).strip(), (match.group(2) or "").strip()
        if not any(base.joinpath(name).is_file() for base in (page.parent, docs)):
            return match.group()
        where = name if page.parent.joinpath(name).is_file() else "/" + name.lstrip("/")
        ctx.convert("Obsidian image embeds (![[…]])")
        size = _SIZE.fullmatch(alias)
        if size is None:
            return f"![{alias}]({where})"
        height = f' height="{size.group(2)}"' if size.group(2) else ""
        return f'![]({where}){{ width="{size.group(1)}"{height} }}'

    return _EMBED.sub(one, text) if "![[" in text else text

"""Stage 6 (links) — wiki links found by name, as Obsidian finds them.

`[[Other note]]` and `![[figure.png]]` name a note or an attachment, not a path: Obsidian
finds the file of that name anywhere in the vault (`attachments/figure.png`, a post in its
own bundle folder, a page). A page renders alone, so its wiki links first point beside
it (`LinkRef.by_name`); once every file's place is known, a link with no file there is
pointed at the one file of `content/` with that name. With none, or several, it stays as
it was, and the check stage reports it at its line.
"""

from __future__ import annotations

import posixpath
from collections.abc import Collection, Iterable
from dataclasses import replace

from lanting.model.content import Loaded
from lanting.model.markdown import LinkRef, RenderedMarkdown


def note_name(rel: str) -> str:
    """What a wiki link calls the file at content path `rel`: a note by its file name
    without `.md` (a bundle, `posts/x/index.md`, by its folder's), anything else by its
    file name (`figure.png`); case-folded, as Obsidian's names are."""
    folder, name = posixpath.split(rel)
    if name.lower().endswith(".md"):
        name = name[:-3]
        if name.lower() == "index" and folder:
            name = posixpath.basename(folder)
    return name.casefold()


def by_name_index(known: Iterable[str]) -> dict[str, list[str]]:
    """Name -> the content paths that have it (`known`: every page's and file's)."""
    index: dict[str, list[str]] = {}
    for rel in sorted(known):
        index.setdefault(note_name(rel), []).append(rel)
    return index


def _found(links: tuple[LinkRef, ...], known: Collection[str],
           index: dict[str, list[str]]) -> tuple[LinkRef, ...]:
    out = []
    for link in links:
        if link.by_name and link.target is not None and link.target not in known:
            candidates = index.get(note_name(link.target), [])
            if len(candidates) == 1:
                link = replace(link, target=candidates[0])
        out.append(link)
    return tuple(out)


def find_by_name(rendered: RenderedMarkdown, known: Collection[str],
                 index: dict[str, list[str]]) -> RenderedMarkdown:
    """`rendered` with its wiki links (in its text and its summary) pointed at the files
    their names find."""
    if not any(link.by_name for link in (*rendered.links, *rendered.summary_links)):
        return rendered
    return replace(rendered, links=_found(rendered.links, known, index),
                   summary_links=_found(rendered.summary_links, known, index))


def with_note_names(loaded: list[Loaded], known: Collection[str]) -> list[Loaded]:
    """Every page's wiki links found by name (`known`: the content paths of every page
    and file, `Routes.link_map()`'s keys)."""
    if not any(link.by_name for item in loaded if item.rendered
               for link in (*item.rendered.links, *item.rendered.summary_links)):
        return loaded  # (most sites: no wiki link at all)
    index = by_name_index(known)
    return [replace(item, rendered=find_by_name(item.rendered, known, index))
            if item.rendered is not None else item for item in loaded]

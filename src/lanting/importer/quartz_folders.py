"""The folder side of the Quartz importer (and so of the notes import): a page for each
folder of notes at its old URL, listing its notes and folders as Quartz's folder pages
did; a folder note (`index.md`, `Folder/Folder.md`, `Folder.md` beside `Folder/`) is
that page, its list after its text."""

from __future__ import annotations

import posixpath
from collections import Counter
from pathlib import Path

from lanting.importer.common import LinkTable
from lanting.importer.item import Item
from lanting.importer.report import Report
from lanting.importer.site import NewSite, slug_of

GENERATED = frozenset({"blog", "tags", "categories", "archive", "search", "posts",
                        "publications", "talks"})
"""Pages Lanting makes itself: a note or folder page of that name would take its URL."""


class QuartzFolders:
    """The folder side of the Quartz importer."""

    content: Path
    report: Report
    site: NewSite
    table: LinkTable
    by_slug: dict[str, Item]
    folder_names: dict[str, str]
    names: Counter[str]
    top_folders: list[tuple[str, Item]]
    keeps_old_urls: bool

    def folder_pages(self) -> dict[int, str]:
        """A page for each folder of notes, at its old URL, listing its notes and folders
        as Quartz's folder page did; a folder note (`index.md`) is the page, its list after
        its text. -> the list to append, by the folder note's item number."""
        folders: dict[str, list[Item]] = {}
        for rel, item in self.by_slug.items():
            if item.kind in ("home", "term"):  # (`tags/` is Lanting's, not a folder)
                continue
            parent = posixpath.dirname(rel.removesuffix("/index")) \
                if rel.endswith("/index") else posixpath.dirname(rel)
            folders.setdefault(parent, []).append(item)
            while parent:  # (a folder of folders lists them, even without notes of its own)
                parent = posixpath.dirname(parent)
                folders.setdefault(parent, [])
        appended: dict[int, str] = {}
        pages: dict[str, Item] = {}
        for folder in sorted(f for f in folders if f):
            page = self.by_slug.get(folder + "/index") or self.folder_note(folder)
            if page is None and f"{folder}/index.html" in self.site.static:
                continue  # (the folder's own page, a deck's render, kept at its URL)
            if page is None:
                name = self.folder_names.get(folder, posixpath.basename(folder))
                page = self.site.add(Item("page", self.folder_page_slug(folder), None,
                                          {"title": name}))
                page.old_urls = [f"/{folder}/"] if self.keeps_old_urls else []
                self.by_slug[f"{folder}/index"] = page  # (links to the folder find it)
                self.report.counts["pages"] += 1
                self.report.convert("folder pages (a page listing the folder's notes)")
            pages[folder] = page
        self.top_folders = [(f"/{f}/", pages[f]) for f in sorted(pages) if "/" not in f]
        for folder, page in pages.items():
            children = [pages[f] for f in sorted(pages)
                        if posixpath.dirname(f) == folder]
            # (a folder's own note, `b/index.md`, is listed once: as its folder)
            listed = {id(i) for i in children} | {id(page)}
            notes = [i for i in folders.get(folder, []) if id(i) not in listed]
            lines = [f"- [{_escape(i.title)}]({self.site.link(i)})"
                     for i in self.listed(children, notes)]
            listing = "\n".join(lines)
            if page.source is None:
                page.body = listing + "\n"
            else:
                appended[page.number] = "\n\n" + listing + "\n" if listing else ""
        return appended

    def listed(self, folders: list[Item], notes: list[Item]) -> list[Item]:
        """A folder page's list: its folders, then its notes (pages first, by title), as
        Quartz's folder page listed them."""
        return folders + sorted(notes, key=lambda i: (i.kind != "page", i.title.casefold()))

    def folder_page_slug(self, folder: str) -> str:
        """A folder page's slug; one Lanting's own pages have (a folder `Archive/`, whose
        page would take /archive/) gets `-page`."""
        name = slug_of(self.folder_page_name(folder))
        if name in GENERATED:
            self.report.warn(self.content / folder, None, f"the folder's page would take "
                             f"Lanting's own /{name}/: it is /{name}-page/")
            return f"{name}-page"
        return name

    def folder_page_name(self, folder: str) -> str:
        """A folder page's name: the folder's (`stat-mech`), with its parent's before it
        when another folder or a note has that name (`biology-notes`, `ai-notes`)."""
        base = posixpath.basename(folder)
        taken = sum(posixpath.basename(f).casefold() == base.casefold()
                    for f in self.folder_names) > 1 or base.casefold() in self.names
        parent = posixpath.basename(posixpath.dirname(folder))
        return f"{parent}-{base}" if taken and parent else base

    def folder_note(self, folder: str) -> Item | None:
        """`Cloud/Cloud.md` or `Cloud.md` beside `Cloud/` (the Folder Notes plugin's folder
        note, inside or outside its folder), or a note whose name
        is the folder's but for an emoji (`Statistics/📈 Statistics.md`), as the text of
        the folder's page when the folder has no `index.md`: its own page and the
        folder's would otherwise share a name (Quartz published both)."""
        base = posixpath.basename(folder)
        # (or `chapter1.md` beside `chapter1/`: the plugin's folder note outside its
        # folder, as GitBook's `SUMMARY.md` also pairs a chapter with its sections)
        item = self.by_slug.get(f"{folder}/{base}") or self.by_slug.get(folder)
        if item is None:  # (`Statistics/📈 Statistics.md`: a hub note, an emoji before)
            hubs = [i for k, i in self.by_slug.items() if posixpath.dirname(k) == folder
                    and slug_of(posixpath.basename(k)) == slug_of(base)]
            item = hubs[0] if len(hubs) == 1 else None
        if item is None or item.kind != "page":
            return None
        if self.keeps_old_urls:
            item.old_urls.append(f"/{folder}/")
        self.table.add(f"/{folder}/", item)
        self.report.convert("folder notes (`Folder/Folder.md`) as their folder's page")
        return item


def _escape(title: str) -> str:
    return title.replace("[", "\\[").replace("]", "\\]")

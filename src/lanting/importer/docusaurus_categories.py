"""A Docusaurus docs folder's category page (`_category_.json` with `link: {type:
'generated-index'}`) as a Lanting page: its title, its description, then a list of the
folder's docs in their sidebar order (`sidebar_position`, then the file name), at its
old URL (`link.slug`, else `/docs/category/<label in kebab case>`). Without such a link
the file only labelled a folder of the sidebar, which Lanting has not: a notice.

A doc's `<DocCardList />` (the cards of its folder's docs and sub-folders) is that list
too, written as links to the source files so that they go where the docs went.
"""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path
from typing import Any

from lanting.importer.common import LinkTable, read_text
from lanting.importer.docusaurus_settings import DocusaurusConfig, kebab
from lanting.importer.item import Item
from lanting.importer.report import Report
from lanting.importer.site import NewSite, slug_of
from lanting.importer.text import load_mapping


class DocusaurusCategories:
    """The category side of the Docusaurus importer."""

    report: Report
    site: NewSite
    config: DocusaurusConfig
    by_source: dict[Path, Item]
    table: LinkTable
    positions: dict[Path, float]
    categories: list[Path]

    def category_file(self, path: Path) -> None:
        self.categories.append(path)

    def category_pages(self) -> None:
        for path in self.categories:
            data = _read(path, self.report)
            link = data.get("link")
            if not isinstance(link, dict) or link.get("type") != "generated-index":
                self.report.note(path, None, "a sidebar category (its label and "
                                 "position): left out, Lanting has no docs sidebar")
                continue
            label = str(data.get("label") or path.parent.name)
            slug = str(link.get("slug") or f"/category/{kebab(label)}")
            old = "/" + "/".join(p for p in f"{self.config.docs.route}/{slug}".split("/")
                                 if p)
            docs = sorted((item for file, item in self.by_source.items()
                           if file.parent == path.parent.resolve() and item.kind == "page"
                           and not item.lang), key=lambda i: (
                self.positions.get(i.source.resolve() if i.source else Path(), 1e9),
                str(i.source)))
            lines = [str(link.get("description") or data.get("description") or "").strip(),
                     "", *(f"- [{i.title}]({self.site.link(i)})" for i in docs)]
            item = self.site.add(Item("page", slug_of(kebab(label) or label), path,
                                      {"title": str(link.get("title") or label)},
                                      body="\n".join(lines).strip() + "\n"))
            item.old_urls = [old]
            for url in (old, old + "/"):  # (links written with its old URL find it)
                self.table.add(url, item)
            self.report.convert("category pages (generated-index)")
            self.report.note(path, None, f"the category's page (`{old}`): a page listing "
                             f"its {len(docs)} doc(s)")


    def doc_card_list(self, path: Path) -> str:
        """`<DocCardList />` of the doc at `path`: its folder's other docs and the index
        doc of each sub-folder, in sidebar order, as a Markdown list of links to their
        files (with their description when they have one)."""
        folder = path.parent.resolve()
        entries: list[tuple[float, str, Item]] = []
        for file, item in self.by_source.items():
            if item.kind != "page" or item.lang or file == path.resolve() or item.draft:
                continue
            if file.parent == folder:
                entries.append((self.positions.get(file, 1e9), file.name, item))
            elif file.parent.parent == folder and _INDEX.fullmatch(file.name):
                entries.append((self._category_position(file.parent)
                                or self.positions.get(file, 1e9), file.parent.name, item))
        lines = []
        for _position, _name, item in sorted(entries, key=lambda e: (e[0], e[1])):
            source = item.source.resolve() if item.source else folder
            link = posixpath.relpath(source.as_posix(), folder.as_posix())
            summary = str(item.front.get("summary") or "").strip()
            lines.append(f"- [{item.title}](<{link}>)" + (f": {summary}" if summary else ""))
        return "\n".join(lines)

    def _category_position(self, folder: Path) -> float | None:
        for path in self.categories:
            if path.parent.resolve() == folder:
                position = _read(path, self.report).get("position")
                return float(position) if isinstance(position, (int, float)) else None
        return None


_INDEX = re.compile(r"(?:index|README)\.mdx?", re.IGNORECASE)
"""The file of a folder that is its category's own doc."""
DOC_CARD_LIST = re.compile(r"<DocCardList(?:\s+items=\{useCurrentSidebarCategory\(\)"
                           r"\.items\})?\s*/>")
"""Docusaurus's cards of the current sidebar category (the bare form, or given the
current category's items, which is the same)."""


def _read(path: Path, report: Report) -> dict[str, Any]:
    if path.suffix == ".json":
        try:
            found = json.loads(read_text(path))
        except json.JSONDecodeError as bad:
            report.warn(path, None, f"could not read it: {bad}")
            return {}
        return found if isinstance(found, dict) else {}
    data, error = load_mapping("yaml", read_text(path))
    if error:
        report.warn(path, None, f"could not read it: {error}")
    return data

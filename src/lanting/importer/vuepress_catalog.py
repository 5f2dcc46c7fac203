"""hope's `<Catalog />` (`<AutoCatalog />` in later versions): the list of a folder's
pages the theme drew where the component stands, most often alone in the folder's
`README.md`. It is that list in Markdown: a link to each page of the folder, and to each
sub-folder's index with the sub-folder's pages under it (a sub-folder without an index
named by its folder), in the order of their files."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

from lanting.importer.item import Item

CATALOG = re.compile(r"<(?:Catalog|AutoCatalog)\b[^<>]*/>|<(Catalog|AutoCatalog)\b[^<>]*>"
                     r"\s*</\1\s*>")
_INDEXES = ("README.md", "readme.md", "index.md")


def catalog(page: Path, pages: Mapping[Path, Item]) -> str:
    """The list of the pages under the folder of `page` (its `README.md`), as links
    relative to it; `pages`: the site's items by their resolved source files."""
    folder = page.resolve().parent
    return "\n".join(_entries(folder, folder, pages, 0, page.resolve()))


def _entries(folder: Path, top: Path, pages: Mapping[Path, Item], depth: int,
             own: Path) -> list[str]:
    lines: list[str] = []
    indent = "  " * depth
    files = sorted(p for p in pages if p.parent == folder and p.name not in _INDEXES
                   and p != own and not pages[p].draft)
    for file in files:
        lines.append(f"{indent}- [{pages[file].title}](<{file.relative_to(top).as_posix()}>)")
    if depth:
        return lines
    folders = sorted({p.relative_to(folder).parts[0] for p in pages
                      if p.is_relative_to(folder) and len(p.relative_to(folder).parts) > 1})
    for name in folders:
        sub = folder / name
        index = next((sub / n for n in _INDEXES if (sub / n) in pages), None)
        inner = _entries(sub, top, pages, depth + 1, own)
        if index is not None and not pages[index].draft:
            lines.append(f"- [{pages[index].title}](<{index.relative_to(top).as_posix()}>)")
        elif inner:
            lines.append(f"- {name}")
        lines += inner
    return lines

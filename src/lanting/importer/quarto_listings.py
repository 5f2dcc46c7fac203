"""What a Quarto project's listing pages list (`listing: {contents: posts}`, a glob
`*/index.ipynb`, `posts/*.{qmd,md}`): the folders of its posts, the documents a glob
names, and the listings that list only presentations (a list of talks, which Lanting's
talks page replaces).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.importer.quarto_slides import presentation_format


def braces(pattern: str) -> list[str]:
    """The globs `{a,b}` stands for, as Quarto's globs read it and Python's do not:
    `posts/*.{qmd,md}` → `posts/*.qmd`, `posts/*.md` (groups not nested)."""
    found = re.search(r"\{([^{}]*,[^{}]*)\}", pattern)
    if found is None:
        return [pattern]
    return [one for part in found.group(1).split(",")
            for one in braces(pattern[:found.start()] + part + pattern[found.end():])]


def data_listing(listing: Any) -> bool:
    """Whether a listing lists only the items of data files (`contents:
    people/current.yml`, a lab's members drawn by its own template), no documents: its
    page is no list of posts."""
    contents = [c for one in (listing if isinstance(listing, list) else [listing])
                for c in _entries(one.get("contents") if isinstance(one, dict) else None)]
    return bool(contents) and all(isinstance(c, str) and c.endswith((".yml", ".yaml"))
                                  for c in contents)


def _entries(contents: Any) -> list[Any]:
    return contents if isinstance(contents, list) else [] if contents is None else [contents]


class QuartoListings:
    """The listings part of the Quarto importer (`quarto.Quarto`)."""

    source: Path
    listings: list[Path]
    talk_listings: set[Path]
    data_listings: set[Path]
    """Listing pages listing only data files' items (`data_listing`): pages."""
    """Listing pages that list only presentations (`talks.qmd`)."""
    paths: set[Path]
    listed: set[Path]
    """The documents a listing's glob names (`*.ipynb`, `*/index.qmd`): posts."""

    defaults: Callable[[Path], dict[str, Any]]
    """(`Quarto.defaults`: what the `_metadata.yml` files above a document set.)"""

    def roots(self, found: list[tuple[Path, dict[str, Any], str, str]]) -> list[Path]:
        """The folders the listing pages list (`contents: posts`, `posts/*.qmd`); the
        documents a glob names are `self.listed` (a course's chapters beside its
        `index.ipynb`, which `courses/index.ipynb` lists with `*/index.ipynb`, are
        pages)."""
        roots: list[Path] = []
        folders: list[Path] = []
        for path, data, _head, _body in found:
            listing = data.get("listing")
            if not listing:
                continue
            if data_listing(listing):
                self.data_listings.add(path)  # (a page, not the blog's list)
                continue
            self.listings.append(path)
            before = len(roots)
            for one in listing if isinstance(listing, list) else [listing]:
                contents = one.get("contents") if isinstance(one, dict) else None
                for entry in contents if isinstance(contents, list) else [contents]:
                    if not isinstance(entry, str) or entry.endswith((".yml", ".yaml")):
                        continue
                    plain = re.split(r"[*?\[{]", entry.lstrip("!"), maxsplit=1)[0]
                    folder = path.parent / plain.lstrip("/")  # (`/2024/x.qmd`: Quarto
                    # anchors a leading slash at the listing's folder, not the project's)
                    folder = folder if folder.is_dir() else folder.parent
                    if folder.resolve() == self.source.resolve():
                        continue  # (the project's own root lists no posts)
                    if folder not in roots:
                        roots.append(folder)
                    if not entry.startswith("!"):
                        self.list_entry(path.parent, entry, plain, folders)
            if self.lists_only_talks(roots[before:], found):
                self.talk_listings.add(path)
        if not roots and (self.source / "posts").is_dir():
            roots.append(self.source / "posts")
            folders.append(self.source / "posts")
        self.listed.update(p.resolve() for p in self.paths if any(
            p.resolve().is_relative_to(f.resolve()) for f in folders))
        return roots

    def lists_only_talks(self, folders: list[Path],
                         found: list[tuple[Path, dict[str, Any], str, str]]) -> bool:
        """Whether the documents in `folders` (a listing's) are all presentations: a
        list of talks, which Lanting's talks page replaces (not its blog page)."""
        listed = [(p, data) for p, data, _head, _body in found
                  if any(p.resolve().is_relative_to(f.resolve()) for f in folders)
                  and not data.get("listing")]
        return bool(listed) and all(
            presentation_format({**self.defaults(p), **data}) for p, data in listed)

    def list_entry(self, base: Path, entry: str, plain: str, folders: list[Path]) -> None:
        """What one `contents:` entry lists: a folder (everything below it) or the
        documents of a glob."""
        entry = entry.lstrip("/")
        if plain.lstrip("/") == entry:
            folders.append(base / entry)
            return
        try:
            for pattern in braces(entry):
                self.listed.update(p.resolve() for p in base.glob(pattern) if p.is_file())
        except ValueError:  # (a pattern Python's glob refuses: the folder, as before)
            folders.append(base / plain)

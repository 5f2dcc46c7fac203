"""Relative links read as the browser read them: from the old URL of the page they
were on (`../../assets/x.png` from `/2025/06/06/x.html`), not from its file, and whether
such a link named anything the old site had."""

from __future__ import annotations

import posixpath
from pathlib import Path
from urllib.parse import unquote

from lanting.importer.common import LinkTable
from lanting.importer.item import Item
from lanting.importer.jekyll_urls import old_path
from lanting.importer.shelf import MARK_OPEN


class OldPagePaths:
    """The part of `JekyllLinks` reading a relative link from its page's old URL."""

    source: Path
    baseurl: str
    table: LinkTable
    by_path: dict[str, Item]
    home_texts: set[Path]

    def old_target(self, name: str, path: Path) -> str | None:
        """`name` (a relative path) read from the old URL of the page of `path`, as the
        browser read it: a site path; None for a file that had no page."""
        item = self.by_path.get(path.relative_to(self.source).as_posix()) \
            if path.is_relative_to(self.source) else None
        if item is not None and item.old_urls:
            old = item.old_urls[0].removeprefix(self.baseurl)
        elif path in self.home_texts:  # (`index.html`'s `<a href="bio/">`: from /)
            old = "/"
        else:
            return None
        target = posixpath.normpath(posixpath.join(posixpath.dirname(old), unquote(name)))
        return target if target.startswith("/") else None

    def old_folder(self, name: str, path: Path) -> str | None:
        """The folder of the old site a relative link to a folder (`../../`, `../`)
        names, read from the old URL of the page of `path` (`/blog/`); None for
        another link, or one of a file that had no page."""
        name = unquote(name)
        if not name.endswith("/") and name.rsplit("/", 1)[-1] not in (".", ".."):
            return None
        target = self.old_target(name, path)
        return None if target is None else target.rstrip("/") + "/"

    def under_own_url(self, folder: str, path: Path) -> bool:
        """Whether `folder`, a site path, lies under the old URL of the page of `path`
        (a post at `/2020/02/25/x/`), with no page or file of the old site there."""
        item = self.by_path.get(path.relative_to(self.source).as_posix()) \
            if path.is_relative_to(self.source) else None
        own = item.old_urls[0].removeprefix(self.baseurl) if item and item.old_urls else ""
        return own.endswith("/") and folder.startswith(own) and folder != own \
            and self.table.find(folder) is None and self.table.find(self.baseurl + folder) \
            is None and not (self.source / folder.strip("/")).exists()

    def from_old_url(self, name: str, path: Path) -> str | None:
        """`name` (a relative path) read from the old URL of the page of `path`, as a
        site path of a file of the site or of a page's old URL (`Setup%20Guide` beside
        `/notes/`, for `/notes/Setup Guide.html`: GitHub Pages answers a page's address
        without its `.html`); None when it names none."""
        target = self.old_target(name, path)
        return target if target is not None and (
            (self.source / target.lstrip("/")).is_file()
            or self.table.find(target) is not None) else None

    def led_nowhere(self, name: str, path: Path) -> bool:
        """Whether a relative link to a file (`../blob/master/LICENSE`, a Markdown cheat
        sheet's example copied into a post) named nothing the old site had, read from the
        page's file or from its old URL: the new build refuses it. A path ending in `/`
        may be a list the theme made, which the new site may have too: not judged."""
        last = unquote(name).rstrip().rsplit("/", 1)[-1]
        target = self.old_target(name, path)
        return last not in ("", ".", "..") and MARK_OPEN not in name and target is not None \
            and not (self.source / target.lstrip("/")).exists() \
            and self.table.find(target) is None and self.table.find(old_path(target)) is None

"""Where the links and images of a Hexo post's body lead: the post's asset folder (a
name as written or percent-decoded), the site's root (hexo-renderer-marked's
`prependRoot`), the post's old URL, another post's file, `source/` and the theme's
`source/` that Hexo merged into the site."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urljoin

from lanting.importer.common import LinkTable, is_image, map_site_url, without_dot_segments
from lanting.importer.hexo_themes import theme_file
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.site import NewSite


class HexoUrls:
    """The URL mapping of the Hexo importer's bodies."""

    source: Path
    files: Path
    root: str
    site: NewSite
    table: LinkTable
    prepend_root: bool
    theme_source: Path
    by_source: dict[Path, Item]

    @staticmethod
    def beside(path: Path, name: str) -> Path | None:
        """The image `name` of the post at `path`: in its asset folder or beside it, the
        name as written or percent-decoded (`%E6%95%B0.svg` is `数.svg`, as a browser
        asked the old server for it)."""
        for folder in (path.with_suffix(""), path.parent):
            for candidate in dict.fromkeys((name, unquote(name))):
                file = folder / candidate
                if file.is_file() and is_image(file):
                    return file
        return None

    def rooted(self, url: str, image: bool, path: Path) -> str | None:
        """A Markdown image's relative path as hexo-renderer-marked's `prependRoot` made
        it when it is no asset of the post: from the site's root (`img/a.svg` →
        `/img/a.svg`, a file of `source/img/`); the browser had never read it relative
        to the post's URL, where it names nothing."""
        if not image or re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^/|^#|^$|^\\", url):
            return None
        name = url.partition("#")[0].partition("?")[0]
        if self.beside(path, name) is not None:
            return None
        # (`../../images/x.gif` was `/../../images/x.gif`, which the browser read as
        # `/images/x.gif`)
        rooted = without_dot_segments("/" + unquote(name))
        return "/" + url if (self.files / rooted.lstrip("/")).is_file() else None

    def url(self, url: str, image: bool, ctx: Context, path: Path,
            old_urls: list[str]) -> str | None:
        if not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^/|^#|^$", url):
            name, hash_mark, fragment = url.partition("#")
            file = self.beside(path, name)
            if file is not None:
                return self.site.image(file, None)
            # A link to another post's file, written beside it: the post may move into a
            # bundle (`x/index.md`), so it goes through the post, not the path.
            target = self.by_source.get((path.parent / unquote(name)).resolve()) \
                if name.endswith((".md", ".markdown")) else None
            if target is not None:
                ctx.convert("links to other posts' files")
                return self.site.link(target) + hash_mark + fragment
            # A link relative to the post's old URL (`./48355.html` beside `/11111.html`,
            # `<script src="../js/x.js">` under `/:title/`) meant the old site's page or
            # file there.
            absolute = urljoin(old_urls[0], url) if old_urls else ""
            if absolute and (self.table.find(absolute) is not None or (
                    self.files / unquote(absolute.split("#")[0].split("?")[0]).lstrip("/")
            ).is_file()):  # (a page of the old site there, or a file of `source/`)
                return map_site_url(absolute, image, ctx, self.site, self.table,
                                    self.source, self.files, self.root.rstrip("/"))
            return None
        target = self.project_file(url)
        if target is not None:
            ctx.convert("links to other posts' files")
            return self.site.link(target) + url[len(url.partition("#")[0]):]
        themed = theme_file(self.theme_source, url) if image else None
        if themed is not None and not (self.files / themed.relative_to(self.theme_source)
                                       ).is_file():
            return self.site.image(themed, "/" + themed.relative_to(self.theme_source)
                                   .as_posix())
        return map_site_url(url, image, ctx, self.site, self.table, self.source, self.files,
                            self.root.rstrip("/"))

    def project_file(self, url: str) -> Item | None:
        """The post or page whose source file a root-relative link names from the Hexo
        project's folder (`/source/_posts/oi/x.md`, as VS Code completes a path from
        the workspace's root) or from `source/` (`/_posts/x.md`); the browser found
        nothing there, and the new site's build failed on it."""
        path = unquote(url.partition("#")[0].partition("?")[0])
        if not path.startswith("/") or not path.endswith((".md", ".markdown")):
            return None
        for folder in (self.source, self.files):
            target = self.by_source.get((folder / path.lstrip("/")).resolve())
            if target is not None:
                return target
        return None

"""Links of a Hugo page that led nowhere on the old site: a relative path to no page,
folder or file (`[x](../missing/)`), or a URL from the root that was no page's (a
series' table of contents copied from another blog, `/posts/grpc-2/` for the page Hugo
published at `/training/grpc/grpc-2/`). Left as written, each failed the new site's
build with nothing said at import; now one that names a page by the last part of its
old URL leads there, with a notice, and any other keeps its text, with a warning at
its line."""

from __future__ import annotations

from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urljoin, urlsplit

from lanting.importer.body_links import UNLINK
from lanting.importer.hugo_link_files import HugoLinkFiles
from lanting.importer.hugo_settings import static_dirs
from lanting.importer.hugo_urls import TERM_FOLDERS
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.old_urls import LANTING_PAGES
from lanting.importer.shelf import MARK_OPEN


class HugoLostLinks(HugoLinkFiles):
    """The links the other readers of a Hugo page's links found no page or file for."""

    def lost_path(self, name: str, folder: Path, ctx: Context) -> str | None:
        """The path of the old site a relative link `name` led to from the old page's
        URL, when it names nothing beside the page and Hugo published nothing there (a
        term's page, a section's list, or nowhere: `HugoLinks.url` reads it so); None
        when it is no link of a page or is something after all."""
        page = next((i for i in self.site.items if i.source == ctx.path and i.old_urls),
                    None)
        if page is None or not name.strip() or MARK_OPEN in name or (
                folder / unquote(name)).exists():
            return None
        old = urlsplit(urljoin(page.old_urls[0], unquote(name))).path
        return None if self.published_at(old) else old

    def lost_url(self, old: str, rest: str, url: str, ctx: Context) -> str | None:
        """The link `url` that led to `old`, a path of the old site where Hugo published
        no page and no file: the one page whose old URL ends in the same name (a page
        moved from another section, or from another blog, its slug kept), with a
        notice; else the link's text alone, with a warning (it failed the build)."""
        last = unquote(PurePosixPath(old).name)
        if not last or MARK_OPEN in url or old in LANTING_PAGES or not any(
                i.source == ctx.path and not i.draft for i in self.site.items) \
                or self.published_at(old):
            return None  # (a link made already; a page left out or a draft, unpublished)
        if unquote(old) == "/index.xml":
            # (Hugo's feed of the site, linked as `../index.xml` from a page at `/rss/`)
            ctx.convert("links to the old site's feed as Lanting's, /atom.xml")
            return "/atom.xml" + rest
        page = not PurePosixPath(last).suffix or last.lower().endswith((".html", ".htm"))
        terms = TERM_FOLDERS.get(unquote(old).strip("/"))
        if terms is not None and any(i.front.get(terms) for i in self.site.items):
            return f"/{terms}/" + rest  # (Hugo's list of a taxonomy's terms: Lanting's)
        named = self.named_by(last.removesuffix(".html").removesuffix(".htm")) \
            if page else None
        if named is not None:
            ctx.note(url, f"link `{url}`: the old site had no page at `{old}`; the "
                     f"link leads to `{named.old_urls[0]}`, the one page of that name")
            return self.site.link(named) + rest
        named_none = f", and no page of the import is named `{last}`" if page else ""
        ctx.warn(url, f"link `{url}` led nowhere: the old site had no page or file at "
                 f"`{old}`{named_none}; its text kept without the link (link the page "
                 "meant, or remove the link)")
        return UNLINK

    def published_at(self, old: str) -> bool:
        """Whether Hugo published something at the old path `old` after all: a file
        of `static/` (or its folder's `index.html`), of a section's folder or of a
        bundle, a section, or a page."""
        rel = unquote(old).strip("/")
        folders = [*static_dirs(self.source, self.config), self.content]
        in_folder = any((folder / rel).is_file() or (folder / rel / "index.html").is_file()
                        or (folder == self.content and (folder / rel).is_dir())
                        for folder in folders if rel)
        return in_folder or self.table.find(old) is not None \
            or self.old_bundle_file(old) is not None

    def named_by(self, last: str) -> Item | None:
        """The one page or post whose old URL ends in `last` (whatever its capitals)."""
        found = {i.number: i for i in self.site.items
                 if i.kind in ("post", "page") and any(
                     PurePosixPath(urlsplit(u).path).name.lower() == last.lower()
                     for u in i.old_urls)}
        return next(iter(found.values())) if len(found) == 1 else None

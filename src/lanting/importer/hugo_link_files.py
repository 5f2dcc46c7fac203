"""Where the files and images a Hugo page names lead: its bundle's files (`[讲义](notes.pdf)`,
copied with it), `static/` and `assets/` images, a section folder's files, and those
named by the URL Hugo published them at or by a path from the old page's URL.
`hugo_links.py` asks these for the URLs that name files rather than pages."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import unquote, urljoin, urlsplit

from lanting.importer.common import LinkTable, is_image
from lanting.importer.hugo_settings import assets_dir, static_dirs
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.site import NewSite

NOT_FILES = ("http://", "https://", "//", "data:")


class HugoLinkFiles:
    """The file side of `HugoLinks`."""

    source: Path
    content: Path
    site: NewSite
    config: dict[str, Any]
    table: LinkTable

    def image_ref(self, src: str, path: Path, bundle: Path | None) -> str | None:
        """The marker of an image named in a page: a bundle resource, a `static/` file or
        an `assets/` one (LoveIt's, FixIt's and DoIt's `image` shortcode and cover find
        `/images/x.jpg` there with `resources.Get`, published at that same path), or a
        file of a section's folder (`content/images/x.png`, which Hugo publishes at
        `/images/x.png`). A URL with a scheme (`data:image/png;base64,…`) names no file:
        its path would be the whole picture, too long for the file system to look up."""
        if src.startswith(NOT_FILES):
            return None
        # (percent-encoded as the browser reads it: Obsidian's `Pasted%20image%20….png`
        # for `Pasted image ….png`)
        names = dict.fromkeys((src, unquote(src)))
        if not src.startswith("/"):
            for name in names:
                file = (bundle or path.parent) / name
                if file.is_file():
                    return self.site.image(file, None)
        assets = assets_dir(self.source, self.config)
        for folder in (*static_dirs(self.source, self.config), assets, self.content):
            for name in names:
                file = folder / name.lstrip("/")
                if file.is_file():
                    return self.asset_image(file) if folder == assets \
                        else self.site.image(file, "/" + name.lstrip("/"))
        found = self.old_bundle_file(src)
        return self.site.image(found[1], None) if found is not None else None

    def asset_image(self, file: Path) -> str:
        """An image of `assets/`, copied to `static/` at the path Hugo published it."""
        rel = file.relative_to(assets_dir(self.source, self.config)).as_posix()
        self.site.static.setdefault(rel, file)
        return self.site.image(file, "/" + rel)

    def bundle_file(self, file: Path, url: str, name: str, ctx: Context) -> str | None:
        """A file of the page's bundle it links to (`[讲义](notes.pdf)`), which Hugo
        published beside the page (it was left behind, and the link broken): copied into
        the post's bundle, or, for a page, to `static/` under its old URL."""
        page = next((i for i in self.site.items if i.source == ctx.path), None)
        if page is None:
            return None
        rel = unquote(name).removeprefix("./")
        if ".." in Path(rel).parts:  # (another folder's file: not this page's to copy)
            return None
        ctx.convert("files of bundles")
        if page.kind == "post":
            page.files[rel] = file
            return None
        if not page.old_urls:
            return None
        path = page.old_urls[0].strip("/") + "/" + rel
        self.site.static.setdefault(path.lstrip("/"), file)
        return "/" + path.lstrip("/") + url[len(name):]

    def old_bundle_url(self, url: str, image: bool, ctx: Context) -> str | None:
        """A bundle's file named by the URL Hugo published it at, beside the page's old
        URL (`/posts/next-pdf/1.pdf` for `next-pdf/index.md`'s `1.pdf`), which led
        nowhere: copied with the page, and named from its own page as the file beside
        it (another page's link keeps the URL, right while the post keeps its old one)."""
        found = self.old_bundle_file(url)
        if found is None:
            return None
        page, file = found
        path = unquote(url.split("#")[0].split("?")[0])
        name = path.rpartition("/")[2]
        if image or is_image(file):
            return self.site.image(file, None)
        ctx.convert("files of bundles")
        if page.kind != "post":
            self.site.static.setdefault(path.lstrip("/"), file)
            return None
        page.files[name] = file
        if page.source != ctx.path:
            return None  # (at the same URL while the post keeps its old one)
        written = url.split("#")[0].split("?")[0]
        return written.rpartition("/")[2] + url[len(written):]

    def old_bundle_file(self, url: str) -> tuple[Item, Path] | None:
        """The page and file of its bundle at an URL beside the page's old one
        (`/blog/x/meme.png` for `x/index.md`'s `meme.png`)."""
        path = unquote(url.split("#")[0].split("?")[0])
        folder, _slash, name = path.rpartition("/")
        page = self.table.find(folder + "/") if path.startswith("/") and name else None
        if page is None or page.source is None or page.source.stem.split(".")[0] != "index":
            return None
        file = page.source.parent / name
        return (page, file) if file.is_file() else None


    def old_relative_image(self, name: str, ctx: Context) -> str | None:
        """The image a relative path led to from the old page's URL: `../img/a.png` on
        `/post/a/` (the page `content/post/a.md`) was `/post/img/a.png`, the file
        `content/post/img/a.png` Hugo published there; from the page's file the path
        leads out of the section, to nothing."""
        page = next((i for i in self.site.items if i.source == ctx.path and i.old_urls), None)
        if page is None or page.source is None:
            return None
        # (from the URL under the site's path, `baseURL: …/blog/`: `../../../posts/x/a.png`
        # on `/blog/en/posts/y/` leads to `/blog/posts/x/a.png`, the file of the bundle
        # `posts/x/`, which Hugo published there; from the page's file, to nothing)
        base = urlsplit(str(self.config.get("baseurl") or "")).path.rstrip("/")
        absolute = urlsplit(urljoin(base + page.old_urls[0], unquote(name))).path
        absolute = absolute[len(base):] if base and absolute.startswith(base + "/") \
            else absolute
        bundled = self.old_bundle_file(absolute)
        if bundled is not None and is_image(bundled[1]):
            ctx.convert("images relative to the old page's URL")
            return self.site.image(bundled[1], None)
        if page.source.stem.split(".")[0] == "index":
            return None  # (a bundle's page: its folder is its URL's, already looked in)
        rel = absolute.lstrip("/")
        for folder in (self.content, *static_dirs(self.source, self.config)):
            file = folder / rel
            if rel and file.is_file() and is_image(file):
                ctx.convert("images relative to the old page's URL")
                return self.site.image(file, "/" + rel)
        return None

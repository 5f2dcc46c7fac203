"""Where the links and images of a Hugo page lead: pages named by `ref`, by their
files or by a path from the old page's URL, headings, section lists (in
`hugo_list_links.py`), files (in `hugo_link_files.py`) and those that led nowhere (in
`hugo_lost_links.py`). The body conversion
(`hugo_bodies.py`) calls these for each URL it meets."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urljoin, urlsplit

from lanting.importer.body_fragments import heading_fragment
from lanting.importer.body_links import UNLINK
from lanting.importer.body_wiki_links import plain_wiki_links
from lanting.importer.common import (
    BARE_DOI,
    BARE_SITE,
    GIT_SSH,
    LinkTable,
    is_image,
    map_site_url,
)
from lanting.importer.hugo_link_files import NOT_FILES
from lanting.importer.hugo_list_links import HugoListLinks
from lanting.importer.hugo_lost_links import HugoLostLinks
from lanting.importer.hugo_settings import HugoLanguage, assets_dir, static_root
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.markups import TEXT_PAGES
from lanting.importer.shelf import MARK_OPEN
from lanting.importer.site import NewSite


class HugoLinks(HugoListLinks, HugoLostLinks):
    """The link side of the Hugo importers' body conversion."""

    source: Path
    content: Path
    site: NewSite
    config: dict[str, Any]
    table: LinkTable
    by_path: dict[str, Item]
    sections: dict[str, int]
    main: str
    lower: bool
    drawn: dict[str, str]
    languages: list[HugoLanguage]

    def old_neighbour(self, name: str, ctx: Context) -> Item | None:
        """The page a relative link (`../9-VAE`, beside `/post/10-ddpm/`) led to from the
        old page's URL (it led nowhere in the new site); Hugo lowercased the URLs the
        writer spelt with the folders' names. With `uglyURLs` the page was `./x.html`,
        which GitHub Pages, Netlify and Cloudflare Pages also answered for `./x`, and a
        section's text, imported as a page, was `/x.html`, which a link to its folder
        (`./` on a page of it) meant."""
        page = next((i for i in self.site.items if i.source == ctx.path and i.old_urls), None)
        if page is None or not name:
            return None
        absolute = urljoin(page.old_urls[0], unquote(name))
        last = absolute.rsplit("/", 1)[-1]
        for url in [absolute] + ([absolute + ".html"] if last and "." not in last else []) \
                + ([absolute.rstrip("/") + ".html"] if absolute.strip("/") and not last
                   else []):
            found = self.table.find(url) or (self.table.find(url.lower())
                                             if self.lower else None)
            if found is not None:
                return found
        return None

    def figure_source(self, src: str, named: dict[str, str], item: Item,
                      folder: Path) -> str | None:
        if src.startswith(NOT_FILES):
            return src  # (an inline `data:` picture is the image itself, kept as written)
        return self.image_ref(src, item.source or folder, folder)

    def wiki_links(self, text: str, ctx: Context) -> str:
        """Hugo (Goldmark) has no `[[Note]]` links (`plain_wiki_links`): one naming a page
        of the site, found as a `ref` finds it, leads to that page; else one naming the
        title of one page (`[[理性看待 Manus]]`, an Obsidian vault's note whose file the
        site renamed `rationally-view-manus.md`) leads to it."""

        def link_to(name: str, heading: str, shown: str | None) -> str | None:
            target = self.find(name, ctx.path.parent) if name.strip() else None
            if target is not None:
                return f"[{shown or name + heading}](<{name.strip()}.md{heading}>)"
            titled = {i.number: i for i in self.by_path.values() if i.source is not None
                      and i.kind in ("post", "page") and str(i.front.get("title") or "")
                      .strip().lower() == name.strip().lower()}
            if len(titled) != 1:
                return None
            ctx.convert("[[note]] links by a page's title")
            [source] = [i.source for i in titled.values() if i.source is not None]
            rel = Path(os.path.relpath(source, ctx.path.parent)).as_posix()
            return f"[{shown or name + heading}](<{rel}{heading}>)"

        return plain_wiki_links(text, ctx, link_to)

    def find(self, name: str, folder: Path) -> Item | None:
        """The page a `ref`/`relref` names: a path from `content/`, or from the page's
        folder, with or without `.md`, a bundle's folder (or its `index` file without the
        extension), or a unique file name."""
        name = name.strip()
        if not name:
            return None
        bases = [name.lstrip("/")] if name.startswith("/") else [
            (folder / name).resolve().relative_to(self.content.resolve()).as_posix()
            if (folder / name).resolve().is_relative_to(self.content.resolve()) else name,
            name]
        # (Hugo finds the page whatever the case of the path)
        by_path = {rel.lower(): item for rel, item in self.by_path.items()}
        for base in bases:
            base = base.removesuffix("/").lower()
            # (a bundle named by its file without the extension, `/posts/gpt/index`, as
            # Hugo takes it: "with or without a file extension")
            for candidate in (base, base.removesuffix(".md"), base + "/index.md",
                              base.removesuffix("/index.md"), base + ".md",
                              base.removesuffix("/index")):
                if candidate in by_path:
                    return by_path[candidate]
        stem = Path(name).name.removesuffix(".md").lower()
        matches = {i.number: i for rel, i in by_path.items()
                   if Path(rel).stem == stem or Path(rel).name == stem}
        return next(iter(matches.values())) if len(matches) == 1 else None

    def url(self, url: str, image: bool, ctx: Context, folder: Path) -> str | None:
        if not image and re.fullmatch(r"/index\.xml|(?:\./)?index\.xml", url) and (
                url.startswith("/") or folder == self.content):
            # (Hugo's feed of the site, a home page's card linking `index.xml`)
            ctx.convert("links to the old site's feed as Lanting's, /atom.xml")
            return "/atom.xml"
        if url.startswith("#") and len(url) > 1 and not image:
            # (`[接口](#CMake接口)`, Typora's `#VsCode%20/%20Cursor%20连接`: a heading of
            # the page named by its text, which Hugo's lowercased id never matched)
            fragment = unquote(url[1:])
            found = heading_fragment(fragment, ctx.path, loose=True)
            if found is None or found == fragment:
                return None
            ctx.convert("links to headings by their text")
            return "#" + found
        if not image and BARE_SITE.match(url) and not (folder / url).exists():
            # (`[grpc-go-pool](github.com/processout/grpc-go-pool)`: a path beside the
            # page that led nowhere; the build refused it)
            ctx.note(url, f"`{url}`, a site named without `https://`: the link leads "
                     f"to https://{url} (on the old site it led nowhere)")
            return "https://" + url
        if not image and BARE_DOI.match(url) and not (folder / url).exists():
            ctx.note(url, f"`{url}`, a DOI written as the address: the link leads to "
                     f"https://doi.org/{url} (on the old site it led nowhere)")
            return "https://doi.org/" + url
        if not image and (repository := GIT_SSH.match(url)) and not (folder / url).exists():
            home = f"https://{repository[1]}/{repository[2]}"
            ctx.note(url, f"`{url}`, a repository's address for `git clone` over SSH: the "
                     f"link leads to its page, {home} (on the old site it led nowhere)")
            return home
        if not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^/|^#|^$", url):
            # (Notion's and Typora's exports write `image%201.png` for `image 1.png`)
            name = url.split("#")[0].split("?")[0]
            file = next((f for f in (folder / name, folder / unquote(name)) if f.is_file()),
                        folder / name)
            if file.is_file() and is_image(file):
                return self.site.image(file, None)
            if file.is_file() and file.suffix.lower() not in (*TEXT_PAGES, ".html"):
                return self.bundle_file(file, url, name, ctx)
            if Path(unquote(name)).suffix.lower() in TEXT_PAGES:
                return self.page_link(unquote(name), url[len(name):], folder, ctx, url)
            target = None if file.is_file() else self.old_neighbour(name, ctx)
            if target is not None:
                ctx.convert("links relative to the old page's URL")
                return self.heading_of(target, self.site.link(target) + url[len(name):], ctx)
            sibling = unquote(name).rstrip("/") + ".md"
            if ctx.path.name.startswith("_index.") and not file.is_file() and \
                    self.under_list(folder / sibling):
                # (a section's text naming its chapters, `[第一章](./chapter_1)`: under
                # `uglyURLs` the list was `/books/lua.html`, whence `./chapter_1` led out
                # of the section, to nothing; what its writer meant is the page under it)
                return self.page_link(sibling, url[len(name):], folder, ctx, url)
            found = None if file.is_file() else self.old_relative_image(name, ctx)
            if found is not None:
                return found + url[len(name):]
            listed = None if image else self.list_folder(folder / unquote(name))
            if listed is not None:
                # (a home page's `[AI](ai)`, a card's `link="ai"`: the folder of a
                # section, whose list Hugo published at `/ai/`, not its `_index.md` page)
                return self.list_link(f"/{listed}/", url, url[len(name):], ctx)
            index = folder_page(folder / unquote(name)) if not image else None
            if index is not None:
                # (`[复现](DINO/repro/)`, a folder's README.md as GitHub shows it: Hugo
                # led nowhere, the page being at `…/repro/readme/`)
                return self.page_link(unquote(name).rstrip("/") + "/" + index, url[
                    len(name):], folder, ctx, url)
            page = next((i for i in self.site.items if i.source == ctx.path and i.old_urls),
                        None)
            if not image and not file.is_file() and page is not None and self.unmade_list(
                    urljoin(page.old_urls[0], unquote(name)), url, ctx):
                return UNLINK
            rooted = self.table.find("/" + unquote(name)) if not (
                image or file.is_file() or name.startswith(".")) else None
            if rooted is not None:
                # (`[部署](kubernetes/containerd/install/)` on `/kubernetes/containerd/cni/`:
                # from there the browser found nothing; from the root, the page it meant)
                ctx.note(url, f"link `{url}` led nowhere from its page; it names a page "
                         "from the site's root, and leads there")
                return self.site.link(rooted) + url[len(name):]
            if image and not file.is_file() and MARK_OPEN not in url:  # (not a figure's)
                ctx.warn(url, f"image `{url}` not found in the source site: left as written")
            old = None if image else self.lost_path(name, folder, ctx)
            if old is None:
                return None
            # (`../../series/x/` on `/posts/a/`: a term's page, read from the root)
            rest = url[len(name):]
            return self.term_url(old + rest, ctx) or self.section_url(old + rest, ctx) \
                or self.lost_url(old, rest, url, ctx)
        # (a site served under a path, `baseURL: …/blog/`, links its files as /blog/…)
        base = urlsplit(str(self.config.get("baseurl") or "")).path.rstrip("/")
        assets = assets_dir(self.source, self.config)
        asset = assets / unquote(url.split("#")[0].split("?")[0]).lstrip("/")
        if url.startswith("/") and asset.is_file() and not (
                static_root(self.source, self.config, url) / asset.relative_to(assets)).is_file():
            if image or is_image(asset):
                return self.asset_image(asset)
            # (LoveIt's and FixIt's `music url="/music/x.mp3"` reads it with `resources.Get`)
            self.site.static.setdefault(asset.relative_to(assets).as_posix(), asset)
            return None
        rel = unquote(url.split("#")[0].split("?")[0]).lstrip("/")
        section_file = self.content / rel
        if url.startswith("/") and rel and is_image(section_file) and section_file.is_file() \
                and not (static_root(self.source, self.config, rel) / rel).is_file():
            # (`content/images/x.png`: Hugo published a section folder's files at its path)
            ctx.convert("images of section folders")
            return self.site.image(section_file, "/" + rel)
        if url.startswith("/") and not image and Path(rel).suffix.lower() in TEXT_PAGES \
                and (self.content / rel).is_file():
            # (`[…](/posts/rust/pin.md)`, FixIt's `link "/posts/rust/pin.md"`: a page by
            # its file from `content/`, which the theme's link hook found with `GetPage`)
            return self.page_link("/" + rel, url[len(url.split("#")[0].split("?")[0]):],
                                  folder, ctx, url)
        if not image and (anchored := self.term_anchor_url(url, ctx)) is not None:
            return anchored
        static = static_root(self.source, self.config, url)
        found = map_site_url(url, image, ctx, self.site, self.table, self.source, static, base)
        path, hash_mark, fragment = url.partition("#")
        if found is None and self.lower and not image and path != path.lower():
            # (`/projects/PDNE_Prj/`: Hugo published it at `/projects/pdne_prj/`; not a
            # `static/` image, whose case Hugo kept: a second warning, with no line)
            found = map_site_url(path.lower() + hash_mark + fragment, image, ctx, self.site,
                                 self.table, self.source, static, base)
        ugly = path.rstrip("/") + ".html"
        if found is None and not image and path.endswith("/") and path.strip("/") \
                and self.table.find(ugly) is not None:
            # (under `uglyURLs` a section's text, imported as a page, was at `/x.html`,
            # which a link to its folder, `/x/`, meant)
            found = map_site_url(ugly + hash_mark + fragment, image, ctx, self.site,
                                 self.table, self.source, static, base)
        if found is not None and fragment and not image:
            target = self.table.find(path) or (self.table.find(path.lower())
                                               if self.lower else None)
            found = self.heading_of(target, found, ctx)
        return found or self.section_url(url, ctx) or self.term_url(url, ctx) \
            or self.old_bundle_url(url, image, ctx) or self.drawn_url(url, image, ctx) \
            or (UNLINK if not image and url.startswith("/")
                and self.unmade_list(unquote(path), url, ctx) else None) \
            or (self.lost_url(path.partition("?")[0], url[len(path):], url, ctx)
                if not image and path.startswith("/") and not path.startswith("//")
                and not (base and path.startswith(base + "/")) else None)

    def heading_of(self, target: Item | None, found: str, ctx: Context) -> str:
        """A link to another page's heading (`found`, the new link to `target`), the
        fragment in the heading's capitals (`/posts/b/#Setup-Env`) or its text
        (`../b/#上界、下界`): Hugo's ids are lower-case, without punctuation, so the old
        link led to the page's top, and the new site's build refused the anchor; it
        leads to the heading whose text the fragment names."""
        fragment = found.partition("#")[2]
        if target is None or target.source is None or not fragment \
                or target.source.suffix.lower() not in (".md", ".markdown"):
            return found
        wanted = heading_fragment(unquote(fragment), target.source, loose=True)
        if wanted is None or wanted == fragment:
            return found
        ctx.convert("links to headings by their text")
        return found[:-len(fragment)] + wanted

    def page_link(self, name: str, rest: str, folder: Path, ctx: Context, url: str) -> str:
        """A link to another page by its file (`../Blogs/Agent 手册.md#Planning`, as
        Obsidian writes them): the page wherever the import put it, found as Hugo's
        `GetPage` finds it (whatever the case of the path; a link hook of the site's
        resolved them so); a fragment naming a heading by its text, the heading's id.
        A file that is not in the site (a note never published: the old link led
        nowhere) leaves the link's text alone, with a warning."""
        target = self.find(name, folder)
        if target is None:
            ctx.warn(url, f"a link to `{name}`, which is not in the site (the old page's "
                     "link led nowhere): its text kept without the link; publish the "
                     "page and link it again")
            return UNLINK
        ctx.convert("links to pages by their files")
        path, hash_mark, fragment = rest.partition("#")
        if fragment and target.source is not None:
            found = heading_fragment(unquote(fragment), target.source)
            if found is None:
                ctx.warn(url, f"no heading `{unquote(fragment)}` in `{name}`: the link "
                         "leads to the page's top")
                hash_mark = ""
            fragment = found or ""
        return self.site.link(target) + path + hash_mark + fragment


def folder_page(folder: Path) -> str | None:
    """The name of the page a link to `folder` means: its `README.md` (as GitHub shows
    a folder), else its `index.md` or `_index.md`; None for no folder of pages."""
    if not folder.is_dir():
        return None
    names = {f.name.lower(): f.name for f in folder.iterdir() if f.is_file()}
    return next((names[n] for n in ("readme.md", "index.md", "_index.md") if n in names),
                None)

"""Where a link of a Jekyll post's body to something other than a heading leads when the
new site has it elsewhere or not at all: another post's or page's Markdown file, a file
of the repository Jekyll did not publish, the old feed, the old theme's page of a tag,
an image on Chirpy's media CDN, a file in a post's own folder (jekyll-postfiles), an
image named from the site's root. A part of `jekyll_links.JekyllLinks`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

from lanting.importer.body_fragments import heading_fragment
from lanting.importer.body_links import UNLINK
from lanting.importer.common import LinkTable, is_image, read_text
from lanting.importer.item import Item
from lanting.importer.jekyll_old_paths import OldPagePaths
from lanting.importer.jekyll_repository import repository_file_url, repository_of
from lanting.importer.jekyll_terms import term_link
from lanting.importer.liquid import Context
from lanting.importer.site import NewSite
from lanting.importer.text import split_front_matter


class JekyllLinkTargets(OldPagePaths):
    """The targets side of the Jekyll importers' links."""

    source: Path
    config: dict[str, Any]
    site: NewSite
    baseurl: str
    table: LinkTable
    by_path: dict[str, Item]
    left_out: dict[str, str]
    media_cdn: str = ""
    static_file: Callable[[Path], bool]
    published: Callable[[Path], bool]
    unpublished_warned: bool = False

    def unpublished(self, rel: str, url: str, fragment: str, ctx: Context) -> str:
        """A link to a file of the repository that Jekyll did not publish (`.github/…`,
        a file `exclude:` names): to the file on GitHub, else its text without the link
        (one warning for the site: a README's list of them is one fault)."""
        repository = repository_of(self.config)
        if repository is not None:
            ctx.convert("links to files of the repository the old site did not publish, to "
                        "them on GitHub")
            return repository_file_url(repository, quote(rel)) + fragment
        if self.unpublished_warned:
            ctx.note(url, f"a link to `{rel}`, a file Jekyll did not publish: its text kept "
                     "without the link")
        else:
            self.unpublished_warned = True
            ctx.warn(url, f"a link to `{rel}`, a file of the repository Jekyll did not "
                     "publish (the old link led nowhere but on GitHub): its text kept without "
                     "the link, here and in any other such link (notices); `repository: "
                     "owner/name` in `_config.yml` would make them links to GitHub")
        return UNLINK

    def copied_file(self, local: Path, fragment: str) -> str | None:
        """Where a link to the file `local` leads when Jekyll copied it as it was (a
        static file, or a published `.md` without front matter, which it copies too):
        its path from the site's root, the file kept there; None for another."""
        root = self.source.resolve()
        if not (local.is_file() and local.is_relative_to(root) and (
                self.static_file(local) or self.published(local)
                and not split_front_matter(read_text(local))[0])):
            return None
        rel = local.relative_to(root).as_posix()
        self.site.static.setdefault(rel, local)
        return "/" + quote(rel) + fragment

    def markdown_file(self, local: Path, name: str, fragment: str, url: str,
                      ctx: Context) -> str | None:
        """Where a link to the Markdown file `local` of the site (`name` as written,
        `fragment` with its `#`) leads: the page or post made of it; for a page left out
        (a listing its layout filled), where links to its URL lead; for a file the site
        has not, nowhere (`UNLINK`). None for another file, a Markdown file Jekyll
        copied as it was."""
        target = self.by_path.get(local.relative_to(self.source.resolve()).as_posix())
        if target is not None:
            ctx.convert("links to other posts' files")
            found = heading_fragment(unquote(fragment[1:]), target.source) \
                if fragment and target.source is not None else None
            return self.site.link(target) + (f"#{found}" if found else fragment)
        if not local.exists():
            ctx.warn(url, f"a link to `{unquote(name)}`, which is not in the site (the "
                     "old page's link led nowhere): its text kept without the link; "
                     "publish the page and link it again")
            return UNLINK
        to = self.left_out.get("/" + local.relative_to(self.source.resolve()).as_posix())
        if to is None:
            return None
        ctx.warn(url, f"a link to `{unquote(name)}`, a page left out of the import (its "
                 "layout filled it): " + (f"it leads to {to}, Lanting's list" if to else
                                          "its text kept without the link"))
        return to or UNLINK

    def page_file(self, local: Path, name: str, fragment: str, path: Path,
                  ctx: Context) -> str | None:
        """Where `<a href="contact.html">` on `FAQ.html` leads: the file of another page
        of the site (not Markdown, which jekyll-relative-links rewrote), named beside
        the page. The browser read it from the page's old URL, where Jekyll published
        that page when it had no `permalink`: the new page; else the page the old link
        found there, or the file's own page (the old link led nowhere), with a notice.
        None for a file that is no page."""
        root = self.source.resolve()
        target = self.by_path.get(local.relative_to(root).as_posix()) \
            if local.is_relative_to(root) else None
        if target is None:
            return None
        old = self.old_target(name, path)
        found = (self.table.find(self.baseurl + old) or self.table.find(old)) if old else None
        if found is None:
            ctx.note(name, f"`{unquote(name)}` named the file of a page whose URL is "
                     "another (the old link led nowhere): it leads to that page")
            found = target
        ctx.convert("links to other pages' HTML files")
        return self.site.link(found) + fragment

    def old_feed(self, url: str) -> bool:
        """Whether `url` is the old site's feed, which jekyll-feed wrote at `/feed.xml`
        (or its `feed: path:`; TeXt's `paths: rss:`), a template the import leaves out: the
        new site's feed is /atom.xml ("subscribe to the feed" ending each post of a
        blog was a broken link)."""
        feed, paths = self.config.get("feed"), self.config.get("paths")
        path = str((feed.get("path") if isinstance(feed, dict) else None)
                   or (paths.get("rss") if isinstance(paths, dict) else None)  # (TeXt's)
                   or "feed.xml")
        wanted = unquote(url.partition("#")[0].partition("?")[0]).removeprefix(self.baseurl)
        return wanted == "/" + path.lstrip("/") and path.lstrip("/") not in self.site.static

    def archive_tag(self, url: str) -> str | None:
        """The new page of the tag or category a link to the old theme's page of it
        shows (`jekyll_terms.py`); None for another link."""
        terms: dict[str, set[str]] = {"tags": set(), "categories": set()}
        for item in self.site.items:
            for kind, names in terms.items():
                found = item.front.get(kind) if item.kind == "post" else None
                names.update(str(n) for n in found or [] if isinstance(found, list))
        return term_link(url, self.baseurl, self.config, terms)

    def on_media_cdn(self, url: str) -> bool:
        """An image path Chirpy served from its `cdn` (the site's copy, when it has one,
        is used instead: the new site then holds it)."""
        if not self.media_cdn or not url.startswith("/") or url.startswith("//"):
            return False
        path = unquote(url.partition("#")[0].partition("?")[0])
        return not (self.source / path.lstrip("/")).is_file() \
            and self.table.find(path) is None

    def post_file(self, local: Path, path: Path) -> bool:
        """Whether `local` is a file in the own folder of the post at `path`
        (`_posts/2019-07-05-x/main.f90`, which jekyll-postfiles published beside the
        post): then it is one of the post's bundle files, and the link stays as written."""
        folder = path.parent.resolve()
        item = self.by_path.get(path.relative_to(self.source).as_posix()) \
            if path.is_relative_to(self.source) else None
        if item is None or item.kind != "post" or folder.name in ("_posts", "_drafts") \
                or "_posts" not in path.relative_to(self.source).parts \
                or not local.is_file() or not local.is_relative_to(folder) \
                or local.suffix.lower() in (".md", ".markdown"):
            return False
        item.files[local.relative_to(folder).as_posix()] = local
        return True

    def root_image(self, name: str) -> Path | None:
        """The image file of the site that the relative path `name` names from the site's
        root, if any (none above the root)."""
        root = self.source.resolve()
        found = (root / unquote(name)).resolve()
        return found if found.is_relative_to(root) and found.is_file() and is_image(found) \
            else None

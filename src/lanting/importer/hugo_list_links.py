"""Links of a Hugo page that lead to lists: a section's (`/posts/`, `ref "posts"`), a
term's (`/tags/hexo/`, `/series/x/`), a list page's links to the pages under it, and a
page a theme's layout drew; where each leads in the new site, or that it leads nowhere
(its text kept). `hugo_links.py` asks these for the URLs it does not find a page for."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote, urlsplit

from lanting.importer.body_links import UNLINK
from lanting.importer.common import LinkTable
from lanting.importer.hugo_settings import HugoLanguage
from lanting.importer.hugo_urls import TERM_FOLDERS, hugo_path
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.site import NewSite, slug_of
from lanting.importer.text import names
from lanting.model.names import term_slug


class HugoListLinks:
    """The list side of `HugoLinks`."""

    content: Path
    site: NewSite
    table: LinkTable
    by_path: dict[str, Item]
    sections: dict[str, int]
    main: str
    drawn: dict[str, str]
    languages: list[HugoLanguage]
    url: Callable[[str, bool, Context, Path], str | None]

    def list_ref(self, name: str, ctx: Context, folder: Path) -> str | None:
        """A `ref` to a section's list (`ref "/publication/_index.md"`, `ref "posts"`),
        which Hugo resolved to the list's URL (a relative name from the page's folder,
        else from `content/`, as `GetPage` looks): the new page listing the same, as a
        link to that URL leads (None when no new page does)."""
        target = name.strip().removesuffix("_index.md")
        root = self.content.resolve()
        bases = [root] if target.startswith("/") else [folder.resolve(), root]
        for base in bases:
            path = (base / target.lstrip("/")).resolve()
            if path != root and path.is_relative_to(root) and path.is_dir():
                section = path.relative_to(root).as_posix()
                return self.url(f"/{section}/", False, ctx, folder)
        # (`ref "/series/夕拾花/"`: a term's page, which Hugo made without a folder)
        return self.term_url("/" + target.strip().strip("/") + "/", ctx)

    def under_list(self, path: Path) -> bool:
        """Whether `path` is a page's file (its case as Hugo's lowercased URLs spelt it)."""
        root, path = self.content.resolve(), path.resolve()
        return path.is_relative_to(root) and path.relative_to(root).as_posix().lower() in {
            rel.lower() for rel in self.by_path}

    def list_folder(self, path: Path) -> str | None:
        """The section whose folder `path` is, from `content/` (`ai`), when Hugo made a
        list of it: a folder of pages with its `_index.md`, or a top-level one of pages
        (Hugo lists those without one); None for a bundle's (its `index.md`) or others."""
        root, path = self.content.resolve(), path.resolve()
        if path == root or not path.is_relative_to(root) or not path.is_dir():
            return None
        files = {f.name.lower() for f in path.iterdir() if f.is_file()}
        if any(n.startswith("index.") for n in files):
            return None
        rel = path.relative_to(root).as_posix()
        listed = any(n.startswith("_index.") for n in files) or "/" not in rel
        return rel if listed and any(path.rglob("*.md")) else None

    def list_link(self, old_url: str, url: str, rest: str, ctx: Context) -> str | None:
        """The new link of `url`, written for the list Hugo published at `old_url` (a
        section's folder, `ai`): the page listing the same, or its text alone, with a
        warning, when the new site has none (None: left as written)."""
        target = self.table.find(old_url)
        found = self.site.link(target) if target is not None else self.section_url(
            old_url, ctx)
        if found is not None:
            return found + rest
        return UNLINK if self.unmade_list(old_url, url, ctx) else None

    def section_url(self, url: str, ctx: Context) -> str | None:
        """A link to the list of a section (`/posts/`): the blog for the main one, the
        category its posts are in for another (as in the menu); it led nowhere."""
        path, hash_mark, fragment = url.partition("#")
        section = unquote(path).strip("/")
        if not path.startswith("/") or not section or "/" in section:
            return None
        if section == self.main:
            new = "/blog/"
        elif section in self.sections and any(
                i.kind == "post" and section in i.front.get("categories", ())
                for i in self.site.items):
            # (not a section whose pages are all pages: no category lists them)
            new = f"/categories/{slug_of(section)}/"
        else:
            return None
        ctx.convert("links to section lists")
        return new + hash_mark + fragment

    def term_url(self, url: str, ctx: Context) -> str | None:
        """A link to the page of a term (a tag's `/tags/hexo/`, FixIt's
        `/collections/web-components/`, a `series` taxonomy's `/series/x/`): Lanting's
        page of that term, found by its name as Hugo made the URL of it. (A series' led
        nowhere; a tag's whose folder holds the term's `_index.md` was taken for a
        section's list and lost its link.)"""
        path, hash_mark, fragment = url.partition("#")
        parts = unquote(path).strip("/").split("/")
        folder = TERM_FOLDERS.get(parts[0]) if len(parts) == 2 else None
        if folder is None or not path.startswith("/"):
            return None
        name = self.term_named(folder, parts[1].lower())
        if name is None:
            return None
        ctx.convert("links to series" if folder == "series" else "links to tags and categories")
        return f"/{folder}/{term_slug(name)}/" + hash_mark + fragment

    def term_anchor_url(self, url: str, ctx: Context) -> str | None:
        """A link to a term's anchor on the list of all terms (Tranquilpeak's
        `/tags/#progressr-list`, each tag's posts under an anchor named after it):
        Lanting's page of that term. Lanting's list has no such anchors: the build
        failed on each."""
        path, _hash_mark, fragment = url.partition("#")
        folder = TERM_FOLDERS.get(unquote(path).strip("/"))
        if folder is None or not fragment or not path.startswith("/"):
            return None
        name = self.term_named(folder, unquote(fragment).lower().removesuffix("-list"))
        if name is None:
            return None
        ctx.convert("links to a term's anchor on the list of terms, to its page")
        return f"/{folder}/{term_slug(name)}/"

    def term_named(self, folder: str, written: str) -> str | None:
        """The term of a taxonomy (`tags`) whose URL part Hugo made is `written`."""
        found = {n for i in self.site.items if i.kind == "post" and not i.draft
                 for n in names(i.front.get(folder))}
        return next((n for n in sorted(found) if hugo_path(n, True) == written), None)

    def unmade_list(self, old_url: str, url: str, ctx: Context) -> bool:
        """Whether `old_url` was the list of a section the new site makes no page for (a
        Hugo Blox course's `../guide/formatting`, its pages now pages): then the link
        keeps its text alone, with a warning (it broke the build)."""
        rel = urlsplit(old_url).path.strip("/")
        folders = [self.content / rel]
        for language in self.languages:  # (a language's `/en/…` in its content folder)
            prefix = language.folder.strip("/")
            if not prefix or rel.startswith(prefix + "/"):
                folders.append(language.content / rel.removeprefix(prefix + "/"))
        if not rel or not any(f.is_dir() and any(f.glob("*.md")) and not any(
                f.glob("index.*")) for f in folders):  # (a bundle's `index.md`: no list)
            return False
        # (placed by its brackets: a link `./` was found in an earlier `./p02`)
        ctx.warn(url, f"a link to `/{rel}/`, the list of a section, which the new site has "
                 "no page for: its text kept without the link", before="](", after=")")
        return True

    def drawn_url(self, url: str, image: bool, ctx: Context) -> str | None:
        """A link to a page a layout of the theme drew, left out (`/books/`, a list of
        the books of `data/`): its text alone, with a warning (it broke the build)."""
        path = unquote(url.split("#")[0].split("?")[0])
        layout = None if image or not path.startswith("/") else self.drawn.get(
            path.rstrip("/") + "/")
        if layout is None:
            return None
        ctx.warn(url, f"a link to `{path}`, a page the layout `{layout}` drew, which is "
                 "left out: its text kept without the link")
        return UNLINK

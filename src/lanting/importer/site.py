"""The Lanting site an import makes, in memory until it is written: its posts, pages,
talks and home page (`Item`), the images they use, the static files, `lanting.toml`.

Bodies refer to other items and to images through markers (`body.Shelf`): where a post
goes (a bundle folder when it has images of its own) and where an image goes (into the
one post that uses it, else its static path) are known only once every post is read.
`NewSite.files` decides both and writes the markers out as relative links.
"""

from __future__ import annotations

import html
import json
import posixpath
import re
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import quote

from lanting.content.discover import WELL_KNOWN
from lanting.importer.item import FOLDERS, Item, new_url
from lanting.importer.old_urls import LANTING_PAGES, keep_old_urls
from lanting.importer.report import Report
from lanting.importer.serialize import dump_front_matter, dump_toml
from lanting.importer.shelf import MARK_CLOSE, MARK_OPEN, marker, markers
from lanting.model.config import DEFAULT_POST_PERMALINK
from lanting.model.names import slugify
from lanting.site.slide_links import slide_of

FRONT_ORDER = ("title", "date", "updated", "slug", "summary", "tags", "categories", "series",
               "series_order", "draft", "unlisted", "toc", "cover", "lang", "translation_key",
               "event", "location", "paper", "video", "slides_pdf", "aliases", "news", "params")


NOTEBOOK = f"{MARK_OPEN}NB{MARK_CLOSE}"
"""Where an embedded notebook's cells go in the body of a notebook post."""


class NewSite:
    def __init__(self, report: Report, source: Path) -> None:
        self.report = report
        self.source = source
        self.items: list[Item] = []
        self.config: dict[str, Any] = {}
        self.config_comments: dict[str, str] = {}
        self.static: dict[str, Path] = {}
        """Path under `static/` -> the source file copied there."""
        self.extra: dict[str, str | bytes] = {}
        """Other files of the new site (`content/publications.bib`), by path."""
        self.images: list[tuple[Path, str | None]] = []
        """Each image used: its source file and the site path it has in `static/` (None:
        only in the bundles of the posts using it)."""
        self._image_numbers: dict[Path, int] = {}
        self.permalink = DEFAULT_POST_PERMALINK
        self._slugs: dict[tuple[str, str, str], Item] = {}
        self._post_urls: set[tuple[str, str]] = set()
        """(language, new URL) of each post added."""
        self._folder_files: dict[str, dict[str, Path]] = {}
        """Post folder -> the files placed in it, by name."""

    # --- building up ------------------------------------------------------------------

    def add(self, item: Item) -> Item:
        """Add an item; a slug taken by another item of its kind gets `-2`, `-3`, … ."""
        base = item.slug or "untitled"
        slug, n = base, 1
        while (item.kind, slug, item.lang) in self._slugs or self._lantings(item, slug):
            n += 1
            slug = f"{base}-{n}"
        if slug != base and self._lantings(item, base):
            # (Hexo's `source/categories/index.md` of no `type`: a page of its own at
            # `/categories/`, where Lanting writes its list of categories; both
            # claimed the URL, and the build failed)
            self.report.warn(item.source or "", None, f"slug `{base}` is the URL of "
                             f"Lanting's own page `/{base}/`: this one is `{slug}`")
        elif slug != base and self._url_is_free(item, base):
            # (`/:year/:month/:day/:slug/`: two posts `1` of different days have URLs of
            # their own, as they had; only their files need names of their own)
            item.front["slug"] = base
        elif slug != base:
            taken = self._slugs[item.kind, base, item.lang].source
            self.report.warn(item.source or "", None, f"slug `{base}` is taken by "
                             f"{self.report.rel(taken) if taken else 'another page'}"
                             f": this one is `{slug}`")
            if "slug" in item.front:
                item.front["slug"] = slug
        item.slug = slug
        self._slugs[item.kind, slug, item.lang] = item
        if item.kind == "post":
            self._post_urls.add((item.lang, new_url(item, self.permalink)))
        item.number = len(self.items)
        self.items.append(item)
        return item

    def swap_slugs(self, one: Item, other: Item) -> None:
        """Trade the slugs (and so the URLs) of two items of a kind: the one the old
        site showed at a URL they shared takes it (`jekyll_overwrites`)."""
        one.slug, other.slug = other.slug, one.slug
        first, second = one.front.pop("slug", None), other.front.pop("slug", None)
        if second is not None:
            one.front["slug"] = second
        if first is not None:
            other.front["slug"] = first
        self._slugs[one.kind, one.slug, one.lang] = one
        self._slugs[other.kind, other.slug, other.lang] = other

    @staticmethod
    def _lantings(item: Item, slug: str) -> bool:
        """Whether a page of this slug would stand at a page every Lanting site makes."""
        return item.kind == "page" and not item.name and "slug" not in item.front \
            and f"/{slug.casefold()}/" in LANTING_PAGES

    def _url_is_free(self, item: Item, slug: str) -> bool:
        """Whether a post of a slug another post has is at a URL of its own under the
        permalink pattern (one with the date in it): its slug then need not change."""
        if item.kind != "post" or ":slug" not in self.permalink \
                or "slug" in item.front and item.front["slug"] != slug:
            return False
        url = new_url(Item(item.kind, slug, None, {**item.front, "slug": slug}),
                      self.permalink)
        return (item.lang, url) not in self._post_urls

    def image(self, path: Path, static_url: str | None) -> str:
        """The marker of an image file (`static_url`: where it also is in `static/`)."""
        path = path.resolve()
        if static_url and not published_path(static_url.lstrip("/").replace("../", "")):
            # (Typora's `.assets/` beside a note: a build publishes no hidden folder, so
            # the image goes where one without a path of its own does, and its link with it)
            static_url = None
        number = self._image_numbers.get(path)
        if number is None:
            number = len(self.images)
            self._image_numbers[path] = number
            self.images.append((path, static_url))
        elif static_url and not self.images[number][1]:
            self.images[number] = (path, static_url)
        return marker("I", number)

    def linked_file(self, path: Path, root: Path) -> str:
        """The site path of a file a page links (not an image, not a page), published
        under `files/` at its path in the source `root` (its name alone when outside
        it): generators that gave it a hashed URL leave no path of their own to keep."""
        where, source = path.resolve(), root.resolve()
        name = "files/" + (where.relative_to(source).as_posix()
                           if where.is_relative_to(source) else path.name)
        self.static.setdefault(name, path)
        return "/" + quote(name)

    def link(self, item: Item) -> str:
        return marker("L", item.number)

    # --- writing -------------------------------------------------------------------------

    def files(self) -> tuple[dict[str, str | bytes], dict[str, Path]]:
        """(text files by path, copies by path) of the new site."""
        used: dict[int, set[int]] = {}
        for item in self.items:
            for number in markers(self._text_of(item), "I"):
                used.setdefault(number, set()).add(item.number)
        places = self._place_images(used)
        paths = {item.number: self._path(item, places) for item in self.items}
        texts: dict[str, str | bytes] = {}
        self._move_favicon()
        copies: dict[str, Path] = {f"static/{rel}": src for rel, src in self.static.items()
                                   if published_path(rel) and not self._lanting_asset(rel)}
        for item in self.items:
            for name, src in self._bundle(item, places).items():
                copies[posixpath.join(posixpath.dirname(paths[item.number]), name)] = src
            for name, written in item.texts.items():  # (a talk's parts: its links too)
                dest = posixpath.join(posixpath.dirname(paths[item.number]), name)
                texts[dest] = self._resolve(item, written, paths, places,
                                            posixpath.dirname(dest))
        for (path, _url), where in zip(self.images, places, strict=True):
            for dest in where.get("static_copy", []):
                copies[dest] = path
        keep_old_urls(self.items, self)
        for item in self.items:
            text = self._resolve(item, dump_front_matter(self._ordered(item.front)) + "\n"
                                 + item.body.lstrip("\n"), paths, places)
            if item.notebook is not None:
                for cell in item.notebook.get("cells", []):
                    if isinstance(cell, dict) and cell.get("cell_type") == "markdown":
                        source = cell.get("source", "")
                        cell["source"] = self._resolve(item, "".join(source) if isinstance(
                            source, list) else str(source), paths, places)
                texts[paths[item.number]] = _notebook(text, item.notebook)
            else:
                texts[paths[item.number]] = text
        texts["lanting.toml"] = dump_toml(self.config, self.config_comments)
        texts[".gitignore"] = "public/\n.lanting/\n"
        texts.update(self.extra)
        return texts, copies

    def _move_favicon(self) -> None:
        """The old site's favicon at Lanting's own favicon's URL (`assets/favicon.svg`,
        a Sphinx project's `html_favicon`): at the site's root instead, where the
        setting names it (it was left out, and the setting failed the build)."""
        theme = self.config.get("theme")
        if not isinstance(theme, dict):
            return
        icon = theme.get("favicon")
        rel = icon.removeprefix("/") if isinstance(icon, str) else ""
        if rel in self.static and rel.startswith("assets/") and \
                rel.removeprefix("assets/") in _LANTING_ASSETS:
            moved = "favicon" + PurePosixPath(rel).suffix
            if moved not in self.static:
                self.static[moved] = self.static.pop(rel)
                theme["favicon"] = "/" + moved

    def _lanting_asset(self, rel: str) -> bool:
        """Whether `rel` (in `static/`) is a file Lanting's build writes itself, under
        `assets/` (its stylesheet, scripts, math font): the old theme's own
        `assets/search.js`, copied with the rest of its assets, claimed the URL of
        Lanting's and failed the build. It is left out, with a notice."""
        if rel.startswith("assets/") and rel.removeprefix("assets/") in _LANTING_ASSETS:
            self.report.note(self.static[rel], None, f"`{rel}` is the URL of Lanting's own "
                             "file: the old theme's is left out")
            return True
        return False

    def _text_of(self, item: Item) -> str:
        cells = json.dumps(item.notebook["cells"], ensure_ascii=False) \
            if item.notebook is not None and "cells" in item.notebook else ""
        return json.dumps(item.front, ensure_ascii=False, default=str) + item.body + cells \
            + "".join(item.texts.values())

    def _place_images(self, used: dict[int, set[int]]) -> list[dict[str, Any]]:
        """For each image: the posts whose bundles get it, and its URL elsewhere."""
        places: list[dict[str, Any]] = []
        posts = {i.number for i in self.items if i.kind == "post"}
        taken: set[str] = set()  # (names in /images/imported/, as one folder on macOS sees them)
        for number, (path, url) in enumerate(self.images):
            users = used.get(number, set())
            bundled = {u for u in users if u in posts} if (url is None or len(users) == 1) \
                else set()
            place: dict[str, Any] = {"bundles": bundled, "url": url}
            if url is not None and users - bundled and url.lstrip("/") not in self.static:
                # (the file Hugo published from a section's folder, `content/img/q.jpg` at
                # `/img/q.jpg`, is in no `static/`: shown by two posts it was copied
                # nowhere, and both lost it)
                place["static_copy"] = [f"static/{url.lstrip('/')}"]
            if url is None and users - bundled:  # a page without a bundle uses it
                # (another file of the same name, each person's `avatar.jpg`, gets a
                # number: one would be copied over the other)
                name, n = path.name, 1
                while name.casefold() in taken:
                    n += 1
                    name = f"{path.stem}-{n}{path.suffix}"
                taken.add(name.casefold())
                url = f"/images/imported/{name}"
                place["url"] = url
                place["static_copy"] = [f"static{url}"]
            places.append(place)
        return places

    def _bundle(self, item: Item, places: list[dict[str, Any]]) -> dict[str, Path]:
        if item.kind != "post":
            return {}
        files: dict[str, Path] = {}
        # The versions of one text share a folder (`x/index.md`, `x/index.en.md`): two
        # different images of one name in it get distinct names.
        taken = self._folder_files.setdefault(item.name or item.slug, {})
        for number in dict.fromkeys(markers(self._text_of(item), "I")):
            if item.number in places[number]["bundles"]:
                path = self.images[number][0]
                name = path.name
                stem, suffix = posixpath.splitext(name)
                n = 1
                while taken.get(name, path) != path:
                    n += 1
                    name = f"{stem}-{n}{suffix}"
                files[name] = taken[name] = path
                places[number].setdefault("names", {})[item.number] = name
        for name, path in item.files.items():
            files.setdefault(name, path)
        return files

    def _path(self, item: Item, places: list[dict[str, Any]]) -> str:
        name = item.name or item.slug
        lang = f".{item.lang}" if item.lang else ""
        if item.kind == "home":
            return f"content/_index{lang}.md"
        if item.kind == "blog":
            return f"content/posts/_index{lang}.md"
        if item.kind == "publications":
            return f"content/publications/_index{lang}.md"
        if item.kind == "term":  # (`name`: `tags/<the term>`)
            return f"content/{item.name}{lang}.md"
        if item.kind == "page":  # (a notebook page: a Jupyter Book's chapter)
            suffix = ".ipynb" if item.notebook is not None else ".md"
            return f"content/pages/{name}{lang}{suffix}"
        if item.kind == "talk" and item.texts:  # (a Slidev deck's parts: `src: pages/x.md`)
            return f"content/talks/{name}/index{lang}.md"
        if item.kind in FOLDERS:
            return f"content/{FOLDERS[item.kind]}/{name}{lang}.md"
        if item.notebook is not None:
            return f"content/posts/{name}{lang}.ipynb"
        if self._bundle(item, places) or item.texts:
            return f"content/posts/{name}/index{lang}.md"
        return f"content/posts/{name}{lang}.md"

    def new_url(self, item: Item) -> str:
        """The URL the item has in the new site, from the root of its language."""
        return new_url(item, self.permalink)

    def _ordered(self, front: dict[str, Any]) -> dict[str, Any]:
        ordered = {k: front[k] for k in FRONT_ORDER if k in front}
        ordered.update({k: v for k, v in front.items() if k not in ordered})
        return ordered

    def _resolve(self, item: Item, text: str, paths: dict[int, str],
                 places: list[dict[str, Any]], here: str | None = None) -> str:
        """`text` of `item` (or of a file of its bundle in the folder `here`) with its
        markers made the new paths of the pages and images they stand for."""
        here = here if here is not None else posixpath.dirname(paths[item.number])

        def link_text(match: re.Match[str]) -> str:
            target = self.items[int(match.group(2))]
            if target.draft and not item.draft:
                self.report.warn(item.source or "", None,
                                 f"a link to the draft `{target.title}` became plain text "
                                 "(it would be a broken link once published)")
                return match.group(1)
            return match.group()

        text = re.sub(rf"\[([^\]\n]*)\]\({MARK_OPEN}L(\d+){MARK_CLOSE}[^)\s]*\)", link_text, text)

        def one(match: re.Match[str]) -> str:
            kind, number = match.group(1), int(match.group(2))
            if kind == "L" and match.group(3) and self.items[number].kind == "talk":
                # (reveal.js's `#/methods` or `#/3/1`, a slide of the old deck by its id
                # or its place, stacks kept as `--` breaks: that slide; none, the deck)
                slide = slide_of(self.items[number].body, match.group(3)[2:].strip("/"))
                return self.new_url(self.items[number]) + "slides/" + (
                    f"#{slide}" if slide else "")
            if kind == "L":
                return posixpath.relpath(paths[number], here) + (match.group(3) or "")
            place = places[number]
            names = place.get("names", {})
            # (a space ends a Markdown link's URL: `![](image 1.png)` showed as text)
            name = names[item.number] if item.number in names else place["url"] or ""
            return str(name).replace(" ", "%20") + (match.group(3) or "")

        return re.sub(rf"{MARK_OPEN}([LI])(\d+){MARK_CLOSE}(#/[\w/.-]*)?", one, text)


def _notebook(text: str, notebook: dict[str, Any]) -> str:
    """A notebook post: the front matter in a first raw cell, the text around the embed
    as Markdown cells, the embedded notebook's cells between them."""
    end = text.index("\n---\n", 4) + 5
    front, body = text[:end], text[end:]
    before, _, after = body.partition(NOTEBOOK)
    cells: list[dict[str, Any]] = [{"cell_type": "raw", "metadata": {},
                                    "source": front.rstrip("\n")}]
    if before.strip():
        cells.append({"cell_type": "markdown", "metadata": {}, "source": before.strip()})
    cells += notebook.get("cells", [])
    if after.strip():
        cells.append({"cell_type": "markdown", "metadata": {}, "source": after.strip()})
    result = {"nbformat": notebook.get("nbformat", 4),
              "nbformat_minor": notebook.get("nbformat_minor", 5),
              "metadata": notebook.get("metadata", {}), "cells": cells}
    if result["nbformat_minor"] >= 5:
        for i, cell in enumerate(cells):
            cell.setdefault("id", f"imported-{i}")
    return json.dumps(result, ensure_ascii=False, indent=1) + "\n"


def redirect_page(target: str) -> str:
    """A redirect page like Lanting's own, for an old URL no Lanting page can alias."""
    url = html.escape(target, quote=True)
    return (f'<!doctype html>\n<html><head><meta charset="utf-8"><title>{url}</title>'
            f'<link rel="canonical" href="{url}"><meta name="robots" content="noindex">'
            f'<meta http-equiv="refresh" content="0; url={url}"></head>'
            f'<body><h1>Moved</h1><p><a href="{url}">{url}</a></p></body></html>\n')


_LANTING_ASSETS = frozenset({p.name for p in (Path(__file__).parents[1] / "theme" / "static")
                            .iterdir()} | {"highlight.css", "math.woff2"})
"""The files Lanting's build writes under `assets/` (`render/assets.py`)."""


def slug_of(text: str) -> str:
    """A new slug from a file name or title (Lanting's rule: lower case, Chinese kept)."""
    return slugify(text, fallback="untitled")


def published_path(rel: str) -> bool:
    """Whether a build publishes `static/<rel>`: no hidden folder or file on its path, but
    a leading `.well-known/` (`discover.WELL_KNOWN`)."""
    parts = rel.split("/")
    if parts[0] == WELL_KNOWN:
        parts = parts[1:]
    return not any(part.startswith(".") for part in parts)

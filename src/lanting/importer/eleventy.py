"""Eleventy (11ty) → Lanting: a folder with `eleventy.config.js` (`.mjs`, `.cjs`),
`.eleventy.js`, or `@11ty/eleventy` in package.json (settings: `eleventy_settings.py`).

Eleventy publishes every template of its input folder (`dir.input`, `.` by default) but
the includes and data folders. Each Markdown file's data is its folder's data files
(`blog/blog.11tydata.js`, `blog/blog.json`, from the input folder down, tags added up)
under its own front matter. A file tagged `posts` or `post` (or a tag a collection of
the config gathers, or in a folder a collection reads) is a post, dated by `date`, else
by a date in its file name (or its folder's, for `x/index.md`); any other is a page, the
input folder's `index.md` the home page. Eleventy's own tags (`posts`, `all`, …) are not
the post's. `permalink` (`/blog/{{ page.fileSlug }}/`) or the default URL (the path in
the input folder, `index.md` its folder's) is the old URL, kept as an alias; `permalink:
false` was not published: left out. `draft: true` is a draft; `eleventyExcludeFromCollections`
an unlisted page or post. `eleventyNavigation` (`key`, `order`) makes the menu. The
Nunjucks and Liquid templates (`.njk`, `.liquid`, `.11ty.js`: the home, tag, archive and
feed pages) are the theme's: not imported. Passthrough copies go to `static/` at the
URLs they had. URLs: `eleventy_urls.py`; the data merged, `eleventyComputed` and
pagination: `eleventy_data.py`; bodies: `eleventy_bodies.py`.
"""

from __future__ import annotations

import datetime as dt
import fnmatch
from collections import Counter
from pathlib import Path
from typing import Any

from lanting.importer.astro_front import js_date
from lanting.importer.common import GENERATED, LinkTable, Options, mtime, read_text, walk
from lanting.importer.data_papers import import_papers
from lanting.importer.data_projects import import_projects
from lanting.importer.eleventy_bodies import EleventyBodies
from lanting.importer.eleventy_config import bibliography, write_config
from lanting.importer.eleventy_data import (
    computed,
    front_matter,
    layout_data,
    markdown_template,
    merge,
    paged,
)
from lanting.importer.eleventy_front import redirects, series
from lanting.importer.eleventy_listings import tag_page, tag_redirects
from lanting.importer.eleventy_settings import CODE_PERMALINK, read_data_file, read_settings
from lanting.importer.eleventy_syntax import with_data_values
from lanting.importer.eleventy_urls import (
    DATE_NAME,
    default_url,
    file_slug,
    permalink_url,
    slug_filters,
)
from lanting.importer.eleventy_wiki import tell_unpublished
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.mkdocs_bodies import first_heading
from lanting.importer.report import Report
from lanting.importer.site import NewSite, slug_of
from lanting.importer.text import When, names, parse_when, split_front_matter, zone

COLLECTION_TAGS = frozenset({"posts", "post", "all", "nav", "pages", "page", "blog",
                             "articles", "article", "notes", "note"})
"""Tags that only put a template in one of the theme's collections."""
_GENERATED_PAGES = frozenset({"blog", "tags", "categories", "archive", "search", "posts",
                              "publications", "talks"})
_POST_LAYOUTS = frozenset({"post", "posts", "blog-post", "blogpost", "article"})
"""The names themes give the layout of their posts."""
_THEME_SUFFIXES = (".njk", ".liquid", ".11ty.js", ".11ty.cjs", ".11ty.mjs", ".hbs", ".webc",
                   ".ejs", ".pug", ".mustache", ".haml")
_PLACED = frozenset({"title", "date", "tags", "permalink", "layout", "draft", "description",
                     "summary", "eleventyExcludeFromCollections", "eleventyNavigation",
                     "author", "updated", "lastmod", "templateEngineOverride"})


class Eleventy(EleventyBodies):
    kind = "eleventy"

    def __init__(self, source: Path, report: Report, options: Options) -> None:
        self.source = source
        self.report = report
        self.options = options
        self.settings = read_settings(source)
        self.input = self.settings.input
        self.site = NewSite(report, source)
        self.tz = zone(options.timezone)
        self.table = LinkTable(self.site)
        self.by_source: dict[Path, Item] = {}
        self.documents: list[tuple[Item, str, Path]] = []
        self.texts: list[str] = []
        self.menu: list[tuple[int, str, Item]] = []
        self.folder_data: dict[Path, dict[str, Any]] = {}
        self.records: list[tuple[Path, str, dict[str, Any], str, str]] = []
        """(file, path in the input folder, data, title, body) of each document read."""
        self.collected: dict[str, list[str]] = {}
        self.page_data: dict[Path, dict[str, Any]] = {}
        self.project_files: dict[str, list[Path]] | None = None
        self.page_urls: dict[Path, str] = {}
        self.papers = ""
        """The data file of papers read into `content/publications.bib`, if any."""
        self.own_slugs_told = False
        self.unpublished: Counter[str] = Counter()

    def run(self) -> NewSite:
        """In order: the passthrough copies, the input folder's templates (their data
        merged, each read), the bodies (once every item's new place is known), the menu
        and `lanting.toml`."""
        if not self.settings.file.is_file():
            self.report.note(self.settings.file, None, "no configuration file: Eleventy's "
                             "defaults are used (package.json names Eleventy)")
        if not self.input.is_dir():
            self.report.warn(self.settings.file, None, "no input folder: nothing imported")
        for path, url in self.settings.passthrough:
            self.copy(path, url)
        theme = 0
        documents: list[str] = []
        tag_pages: list[tuple[Path, str]] = []
        for path in walk(self.input) if self.input.is_dir() else []:
            rel = path.relative_to(self.input).as_posix()
            resolved = path.resolve()
            if resolved.is_relative_to(self.settings.includes) or \
                    resolved.is_relative_to(self.settings.data) or self.ignored(rel):
                continue
            if path.suffix.lower() in (".md", ".markdown") or path.name.endswith(
                    _THEME_SUFFIXES) and markdown_template(
                    self.data_of(path) | front_matter(read_text(path))[0]):
                self.read_markdown(path, rel)
            elif path.suffix.lower() in (".html", ".htm"):
                if split_front_matter(read_text(path))[0]:
                    self.read_markdown(path, rel)  # (a content page written in HTML)
                else:
                    documents.append(rel)
            elif path.name.endswith(_THEME_SUFFIXES):
                theme += 1
                pattern = tag_page(front_matter(read_text(path))[0])
                if pattern:
                    tag_pages.append((path, pattern))
        if theme:
            self.report.note(self.input, None, f"{theme} Nunjucks, Liquid or JavaScript "
                             "templates (the home, tag, archive and feed pages) are the "
                             "theme's: not imported (Lanting makes its own)")
        for record, kind in zip(self.records, self.kinds(), strict=True):
            self.add_item(*record, kind)
        tag_redirects(self.site, self.report, tag_pages, self.settings.slugs)
        if documents:
            self.report.note(self.input, None, f"{len(documents)} HTML file(s) without front "
                             "matter (whole documents, redirects: "
                             f"`{documents[0]}`…): not imported")
        bibliography(self.site, self.settings, self.report)
        # (`_data/publications.yaml`, which a page's loop showed: Lanting lists them)
        self.papers = import_papers(self.site, self.report, [self.settings.data])
        import_projects(self.site, self.report, [self.settings.data], self.source)
        for item, text, path in self.documents:
            ctx = Context(self.report, path, read_text(path))
            item.body = self.convert(text, item, ctx, path)
        tell_unpublished(self.unpublished, self.report, self.settings.file)
        write_config(self.site, self.settings, self.report, self.source.resolve().name,
                     self.texts, self.menu)
        return self.site

    def ignored(self, rel: str) -> bool:
        return any(fnmatch.fnmatch(rel, p.strip("./").rstrip("/")) or
                   rel.startswith(p.strip("./").rstrip("/") + "/")
                   for p in self.settings.ignores)

    def copy(self, path: Path, url: str) -> None:
        files = [path] if path.is_file() else walk(path, builds=False) if path.is_dir() \
            else []
        for file in files:
            rel = file.relative_to(path).as_posix() if file != path else ""
            target = (url.strip("/") + ("/" + rel if rel else "")).strip("/")
            if file == path and url.endswith("/") and url != "/":
                target = url.strip("/") + "/" + file.name
            if target in GENERATED or not target:
                continue
            self.site.static.setdefault(target, file)

    def data_of(self, path: Path) -> dict[str, Any]:
        """The data of the folders from the input down to the file's, and its own data
        file (`x.11tydata.json`): each deeper one over the one above, tags added up."""
        merged: dict[str, Any] = {}
        folders = [self.input, *[p for p in reversed(path.parents)
                                 if p.is_relative_to(self.input) and p != self.input]]
        for folder in folders:
            names_ = (f"{folder.name}.11tydata", folder.name)
            merge(merged, self.folder_values(folder, names_))
        merge(merged, self.folder_values(path.parent, (f"{path.stem}.11tydata",)))
        return merged

    def folder_values(self, folder: Path, stems: tuple[str, ...]) -> dict[str, Any]:
        key = folder / "|".join(stems)
        if key not in self.folder_data:
            found: dict[str, Any] = {}
            for stem in stems:
                for suffix in (".json", ".js", ".cjs", ".mjs"):
                    file = folder / f"{stem}{suffix}"
                    if file.is_file() and not file.resolve().is_relative_to(self.settings.data):
                        merge(found, read_data_file(file))
            self.folder_data[key] = found
        return self.folder_data[key]

    def read_markdown(self, path: Path, rel: str) -> None:
        meta, body, error = front_matter(read_text(path))
        if error:
            self.report.warn(path, 2, f"front matter not read ({error})")
        # (Eleventy's cascade: its layouts' front matter, under the folders' data, under
        # its own: a layout's `permalink` gave every post using it its URL)
        folders = self.data_of(path)
        data = layout_data(self.settings.layouts, str(meta.get("layout") or
                                                      folders.get("layout") or ""))
        tags = names(data.get("tags")) + names(folders.get("tags")) + names(meta.get("tags"))
        merge(data, folders)
        merge(data, meta)
        data["tags"] = list(dict.fromkeys(tags))
        computed(data)
        if data.get("permalink") is False or str(data.get("permalink")).lower() == "false":
            self.report.note(path, None, "`permalink: false`: Eleventy never published it: "
                             "left out")
            return
        verdict, why = paged(data, rel, self.settings.data)
        if verdict == "theme":
            self.report.note(path, None, why)
            return
        if verdict == "skip":
            self.report.warn(path, None, why)
            return
        data.pop("pagination", None)  # (its loop over the items: a warning of its own)
        if rel in GENERATED or str(data.get("permalink")).strip("/") in GENERATED:
            return  # (the theme's 404 page, `permalink: 404.html`: Lanting makes its own)
        heading = first_heading(body)
        title = str(data.get("title") or "").strip()
        if heading is not None and self.settings.markdown_engine:
            # (`# {{ title }}`: the template printed the title as the heading)
            heading = with_data_values(heading[0], data), heading[1]
        if heading is not None and (not title or heading[0].strip() == title):
            title, body = heading[0].strip(), heading[1]
        self.records.append((path, rel, data, title, body))

    def kinds(self) -> list[str]:
        """Each record's kind: a post when tagged `posts` or `post`; when dated, also when
        in a collection the config or a listing template reads (`collections.notes`), laid
        out as a post (`layout: post.njk`) when no file is in a collection Lanting sees (a
        theme's package made them), or
        in a folder beside other posts (untagged to keep it off the home page's list: an
        unlisted post); else a page; the input folder's `index.md` the home page."""
        kinds: list[str] = []
        collected = {"posts", "post", *self.settings.collection_tags}
        # (no record in a collection Lanting can see: the theme's code gathered them)
        unseen = not any(set(r[2]["tags"]) & collected or any(
            r[1].startswith(f + "/") for f in self.settings.collection_folders)
            for r in self.records)
        for path, rel, data, _title, _body in self.records:
            tags = set(data["tags"])
            dated = self.date(self.date_of(data), path, rel) is not None
            layout = str(data.get("layout") or "").rsplit("/", 1)[-1].split(".", 1)[0]
            listed = any(rel.startswith(f + "/") for f in self.settings.collection_folders) \
                or bool(tags & set(self.settings.collection_tags)) \
                or unseen and layout in _POST_LAYOUTS
            kinds.append("home" if rel in ("index.md", "index.markdown") else "post"
                         if tags & {"posts", "post"} or dated and listed else "page")
        folders = {rel.split("/", 1)[0] for (_p, rel, *_r), kind in zip(
            self.records, kinds, strict=True) if kind == "post" and "/" in rel}
        for i, (path, rel, data, _title, _body) in enumerate(self.records):
            if kinds[i] == "page" and "/" in rel and rel.split("/", 1)[0] in folders \
                    and self.date(self.date_of(data), path, rel) is not None:
                kinds[i] = "post"
                data["eleventyExcludeFromCollections"] = True
                self.report.note(path, None, "dated, among the posts but in no collection "
                                 "(the home page did not list it): an unlisted post")
        return kinds

    def add_item(self, path: Path, rel: str, data: dict[str, Any], title: str,
                 body: str, kind: str) -> None:
        if not title:
            title = file_slug(rel).replace("-", " ").replace("_", " ") or "Home"
        front: dict[str, Any] = {"title": title}
        date = self.date(self.date_of(data), path, rel)
        if kind == "post":
            if date is None:
                self.report.warn(path, None, "no `date`, none in the file's name: the "
                                 "file's time is used (as Eleventy did)")
                date = mtime(path, self.tz)
            front["date"] = date
        for tag in data["tags"]:
            self.collected.setdefault(tag, []).append(kind)
        hidden = set(self.settings.collections) | COLLECTION_TAGS
        tags = [t for t in data["tags"] if t not in hidden and t.lower() not in hidden]
        if tags and kind == "post":
            front["tags"] = tags
        summary = data.get("description") or data.get("summary")
        if isinstance(summary, str) and summary.strip():
            front["summary"] = " ".join(summary.split())
        draft = data.get("draft") is True
        if draft:
            front["draft"] = True
        if data.get("eleventyExcludeFromCollections") is True and kind != "home":
            front["unlisted"] = True
            self.report.convert("templates left out of Eleventy's collections as unlisted")
        named, why = series(data)
        if named and kind == "post":
            front["series"] = named
            if why:
                self.report.warn(path, None, why)
        placed = {*_PLACED, *self.settings.date_keys, *self.settings.redirect_keys,
                  *(["series"] if named and kind == "post" else [])}
        dropped = sorted(str(k) for k in data if str(k) not in placed)
        if dropped:
            self.report.note(path, 1, "data Lanting has no place for, left out: "
                             + ", ".join(f"`{k}`" for k in dropped))
        permalink = data.get("permalink")
        # (a day as written; a moment as Eleventy had it, in UTC)
        when = (date.moment.date() if date.day_only else date.moment) \
            if isinstance(date, When) else date
        old = permalink_url(permalink, rel, data, self.settings.slugs, when,
                            self.settings.date_filters) \
            if isinstance(permalink, str) else default_url(rel)
        if isinstance(permalink, str):
            self._own_slugs(permalink)
        # (a permalink of its own names the post: `reflection/2019-02-28-log/index.md` at
        # `/reflection/february-2019/` is `february-2019`, not a fourth `log`)
        named = old.rstrip("/").rsplit("/", 1)[-1].removesuffix(".html") \
            if isinstance(permalink, str) and old else ""
        slug = slug_of(named or file_slug(rel) or title) or "page"
        if kind == "page" and slug in _GENERATED_PAGES:
            self.report.warn(path, None, f"a page named `{slug}` would take Lanting's own "
                             f"/{slug}/: it is /{slug}-page/")
            slug = f"{slug}-page"
        item = self.site.add(Item(kind, "index" if kind == "home" else slug, path, front,
                                  draft=draft))
        self.report.counts[("drafts" if draft else "posts") if kind == "post"
                           else "pages"] += 1
        anchor = old is not None and "#" in old
        if anchor:  # (`/academic/#{{ title | slugify }}`: a place in the page listing it)
            self.report.convert("permalinks that were an anchor of another page (`/x/#y`): "
                                "no old URL of their own kept")
        if old is None:
            written = "a function of the site's code" if permalink == CODE_PERMALINK \
                else f"`permalink: {permalink}`"
            self.report.note(path, None, f"{written} worked out its URL: the old URL is "
                             "not kept")
        if old is not None and not anchor:
            self.page_urls[path.resolve()] = old
        if not draft and kind != "home":
            # (`aliases: [/2022/06/x]`: the redirects the site made, `eleventy_front`)
            kept = [old] if old is not None and not anchor else []
            item.old_urls = kept + redirects(data, self.settings.redirect_keys)
            for url in item.old_urls:
                self.table.add(url, item)
                if self.settings.path_prefix and url in kept:
                    self.table.add(self.settings.path_prefix + url, item)
        navigation = data.get("eleventyNavigation")
        if isinstance(navigation, dict) and navigation.get("key") and \
                not navigation.get("parent") and not draft:
            key = str(navigation["key"])
            name = title if "{{" in key else key
            order = navigation.get("order")
            self.menu.append((order if isinstance(order, int) else 999, name, item))
        self.by_source[path.resolve()] = item
        self.page_data[path.resolve()] = data
        self.texts.append(body)
        self.documents.append((item, body, path))

    def _own_slugs(self, permalink: str) -> None:
        """Says once that permalinks went through a slug filter of the site's own code."""
        own = sorted(f for f in slug_filters(permalink) if self.settings.slugs[f].function is None)
        if own and not self.own_slugs_told:
            self.own_slugs_told = True
            self.report.warn(self.settings.file, None, f"the `{own[0]}` filter is the site's "
                             "own code: permalinks made with it get Lanting's slugs, and "
                             "their old URLs may not be found")

    def date_of(self, data: dict[str, Any]) -> Any:
        """`date`, else the first key the configuration reads as a date that is given."""
        return next((data[k] for k in ("date", *self.settings.date_keys)
                     if data.get(k) not in (None, "")), None)

    def date(self, value: Any, path: Path, rel: str) -> Any:
        """`date` as Eleventy read it; `Last Modified`, `Created` the file's time; none: a
        date in the file's name (or its folder's, for `x/index.md`)."""
        if isinstance(value, str) and value.strip().lower() in (
                "last modified", "created", "git last modified", "git created"):
            return mtime(path, self.tz)
        if isinstance(value, str | dt.date) and str(value).strip():
            raw = value.strip() if isinstance(value, str) else None
            found = parse_when(value, raw, self.tz) or parse_when(js_date(value), None,
                                                                   self.tz)
            if found is not None:
                return found
        for name in (path.stem, path.parent.name if path.stem == "index" else ""):
            match = DATE_NAME.match(name)
            if match:
                return parse_when(match.group(1), match.group(1), self.tz)
        return None

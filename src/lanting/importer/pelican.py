"""Pelican → Lanting: a folder with `pelicanconf.py` (settings: `pelican_settings.py`).

The content folder (`PATH`, `content/`) holds the articles (under `ARTICLE_PATHS`, all
of it by default) and the pages (under `PAGE_PATHS`, `pages/`): Markdown files
(`.md`, `.markdown`, `.mdown`, `.mkd`) opening with Python-Markdown's metadata lines
(`Title: …`, `Date: …`, `Tags: a, b` until the first blank line; keys in any case) or
YAML front matter, and notebooks (`.ipynb`, the pelican-ipynb and pelican-jupyter
plugins') with their metadata in an `x.ipynb-meta` or `x.nbdata` beside them, or in
their first cell (`IPYNB_MARKUP_USE_FIRST_CELL`). Articles are posts, pages pages; `Status:
draft` (or `DEFAULT_METADATA`'s) a draft, `hidden` an unlisted post. The category is
`Category:`, else the article's folder (`USE_FOLDER_AS_CATEGORY`). Each keeps its old URL
(`ARTICLE_URL`, `PAGE_URL`, with the slug Pelican gave it: `Slug:`, else the title's).
`STATIC_PATHS` (`images/`) are copied to `static/` at the same paths. reStructuredText
(`.rst`) articles are read by docutils and written as Markdown (`rst_markdown.py`), the
fields after their title their front matter. Bodies: `pelican_bodies.py` (the
liquid_tags plugins' tags: `pelican_liquid.py`).
"""

from __future__ import annotations

import datetime as dt
import json
import posixpath
import re
from pathlib import Path
from typing import Any

from lanting.importer.astro_front import js_date
from lanting.importer.common import GENERATED, LinkTable, Options, mtime, read_text, walk
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.menus import finish_menu
from lanting.importer.mkdocs_bodies import first_heading
from lanting.importer.pelican_bodies import PelicanBodies
from lanting.importer.pelican_languages import Version, group_of, pair_translations
from lanting.importer.pelican_metadata import (
    META_LINE,
    SIDECARS,
    notebook_header,
    read_header,
    sidecar,
    split_list,
)
from lanting.importer.pelican_settings import fill_url, pelican_slug, read_settings
from lanting.importer.quarto_notebook import cell_text, markdown_cells
from lanting.importer.report import Report
from lanting.importer.rst_markdown import read_rst
from lanting.importer.site import NOTEBOOK, NewSite, slug_of
from lanting.importer.site_language import guess_language, language_tag
from lanting.importer.text import load_mapping, names, parse_when, split_front_matter, zone

_MARKDOWN = (".md", ".markdown", ".mdown", ".mkd")
_GENERATED_PAGES = frozenset({"blog", "tags", "categories", "archive", "search", "posts",
                              "publications", "talks"})
_PLACED = frozenset({"title", "date", "modified", "category", "tags", "slug", "author",
                     "authors", "summary", "status", "lang", "translation", "save_as", "url",
                     "template"})


class Pelican(PelicanBodies):
    kind = "pelican"

    def __init__(self, source: Path, report: Report, options: Options) -> None:
        self.source = source
        self.report = report
        self.options = options
        self.settings = read_settings(source, report)
        self.content = self.settings.content
        self.site = NewSite(report, source)
        self.tz = zone(options.timezone or self.settings.text("TIMEZONE") or None)
        self.table = LinkTable(self.site)
        self.by_source: dict[Path, Item] = {}
        self.documents: list[tuple[Item, str, Path]] = []
        self.texts: list[str] = []
        self.texts_read: list[tuple[Path, str, str, dict[str, Any], str,
                                    dict[str, Any] | None]] = []
        self.languages: list[str] = []
        self.math = self.settings.math

    def run(self) -> NewSite:
        """In order: the settings' notices, the content folder's files (static ones
        copied, articles and pages read), the bodies (once every item's new place is
        known), `lanting.toml`."""
        for name in self.settings.code:
            self.report.note(self.settings.file, None, f"setting `{name}` is code, not a "
                             "value: not read (Pelican's default, or pelicanconf's, stands)")
        if not self.content.is_dir():
            self.report.warn(self.settings.file, None, f"no content folder "
                             f"`{self.settings.text('PATH', 'content')}`: nothing imported")
        for path in walk(self.content) if self.content.is_dir() else []:
            self.read_file(path)
        self.add_items()
        for item, text, path in self.documents:
            ctx = Context(self.report, path, read_text(path))
            if item.notebook is None:  # (its `{% notebook %}` makes it a notebook post)
                item.body = self.convert(text, item, ctx, path)
            for cell in markdown_cells(item.notebook or {}):
                cell["source"] = self.convert(cell_text(cell), item, ctx, path)
        self.write_config()
        return self.site

    def under(self, rel: str, folders: list[str]) -> bool:
        return any(not f or rel == f or rel.startswith(f + "/") for f in folders)

    def read_file(self, path: Path) -> None:
        rel = path.relative_to(self.content).as_posix()
        suffix = path.suffix.lower()
        pages = self.under(rel, self.settings.page_paths)
        articles = not pages and self.under(rel, self.settings.article_paths) and \
            not self.under(rel, self.settings.paths("ARTICLE_EXCLUDES", []))
        if suffix in _MARKDOWN and (pages or articles):
            self.read_markdown(path, rel, "page" if pages else "post")
        elif suffix == ".ipynb" and (pages or articles) and (
                sidecar(path) or self.settings.values.get("IPYNB_MARKUP_USE_FIRST_CELL")):
            self.read_notebook(path, rel, "page" if pages else "post")
        elif suffix == ".rst" and (pages or articles):
            self.read_rst(path, rel, "page" if pages else "post")
        elif self.under(rel, self.settings.static_paths) and suffix not in SIDECARS:
            extra = self.settings.values.get("EXTRA_PATH_METADATA")
            moved = extra.get(rel) if isinstance(extra, dict) else None
            if isinstance(moved, dict) and isinstance(moved.get("path"), str):
                rel = moved["path"].lstrip("/")  # (`static/robots.txt` published at the root)
            if rel in GENERATED:
                self.report.note(path, None, "a file Lanting makes itself: left out")
            else:
                self.site.static[rel] = path

    def read_markdown(self, path: Path, rel: str, kind: str) -> None:
        text = read_text(path)
        fmt, head, body, _first = split_front_matter(text)
        data, error = load_mapping(fmt, head) if fmt else ({}, None)
        if fmt == "yaml" and error:
            # (Python-Markdown's meta extension reads `---` lines around its own
            # `Key: value` lines: `title: Term 2 :: Robotics` is no YAML, but was read)
            header, rest, _count = read_header(head + "\n")
            if len(header) == len([k for k in head.split("\n") if META_LINE.match(k)]):
                data, error = dict(header), None
        if error:
            self.report.warn(path, 2, f"front matter not read ({error})")
        meta: dict[str, Any] = {str(k).lower(): v for k, v in data.items()}
        if not fmt:
            header, body, _count = read_header(text)
            meta = dict(header)
        heading = first_heading(body)
        title = str(meta.get("title") or "").strip()
        if heading is not None and title and heading[0].strip() == title:
            body = heading[1]  # (the theme showed the title above it: not twice)
        self.texts_read.append((path, rel, kind, meta, body, None))

    def read_rst(self, path: Path, rel: str, kind: str) -> None:
        """A reStructuredText article or page: Pelican's fields after its title
        (`:date:`, `:tags:`, …) its front matter, its body written as Markdown."""
        document = read_rst(read_text(path), path, self.content)
        meta: dict[str, Any] = dict(document.fields)
        if document.title and not str(meta.get("title") or "").strip():
            meta["title"] = document.title
        for line, message in document.problems:
            self.report.warn(path, line, message)
        for line, message in document.notices:
            self.report.note(path, line, message)
        self.report.convert("reStructuredText articles and pages as Markdown")
        self.texts_read.append((path, rel, kind, meta, document.body, None))

    def read_notebook(self, path: Path, rel: str, kind: str) -> None:
        try:
            notebook = json.loads(read_text(path))
        except ValueError as bad:
            self.report.warn(path, None, f"not a notebook ({bad}): left out")
            return
        if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
            self.report.warn(path, None, "a notebook without cells (nbformat 3?): left out")
            return
        header = notebook_header(path, notebook, self.report)
        self.texts_read.append((path, rel, kind, dict(header), NOTEBOOK, notebook))
        self.report.convert("notebook articles (pelican-ipynb) as notebook posts")

    def add_items(self) -> None:
        """The texts read, as items: translations (`pelican_languages.py`) in their
        language, under their original's name."""
        versions: list[Version] = []
        for key, (path, _rel, kind, meta, _body, _notebook) in enumerate(self.texts_read):
            meta.update({**self.from_file_name(path), **meta})
            title, slug, status = self.identity(meta, path)
            group = group_of(kind, status, meta, slug, self.settings.values.get(
                "ARTICLE_TRANSLATION_ID" if kind == "post" else "PAGE_TRANSLATION_ID",
                "slug"))
            if group is not None and status != "draft":
                versions.append(Version(key, path, group, self.lang_of(meta), str(
                    meta.get("translation") or "false").strip().lower() != "false"))
        paired = pair_translations(versions, self.default_lang, self.report)
        self.languages = paired.languages
        items = [self.add_item(*read, paired.versions.get(key, ("", 0))[0])
                 for key, read in enumerate(self.texts_read)]
        for key, (_lang, original) in paired.versions.items():
            items[key].name = items[original].slug

    def identity(self, meta: dict[str, Any], path: Path) -> tuple[str, str, str]:
        """(title, Pelican's slug, status) of a text."""
        title = str(meta.get("title") or "").strip() or \
            path.stem.replace("-", " ").replace("_", " ")
        status = str(meta.get("status") or self.settings.default_status).strip().lower()
        slug = str(meta.get("slug") or "").strip() or pelican_slug(title) or path.stem
        return title, slug, status

    def add_item(self, path: Path, rel: str, kind: str, meta: dict[str, Any], body: str,
                 notebook: dict[str, Any] | None, lang: str) -> Item:
        if not str(meta.get("title") or "").strip():
            self.report.warn(path, None, "no `Title:` (Pelican skipped it): titled by its "
                             "file name")
        title, slug, status = self.identity(meta, path)
        front: dict[str, Any] = {"title": title}
        date = self.date(meta.get("date"))
        if kind == "post":
            if date is None:
                self.report.warn(path, None, "no `Date:`: the file's time is used")
                date = mtime(path, self.tz)
            front["date"] = date
            updated = self.date(meta.get("modified"))
            if updated is not None:
                front["updated"] = updated
        category = self.category(meta, rel)
        if kind == "post":
            tags = meta.get("tags")
            tag_list = split_list(tags) if isinstance(tags, str) else names(tags)
            if tag_list:
                front["tags"] = tag_list
            if category:
                front["categories"] = [category]
        summary = meta.get("summary")
        if isinstance(summary, str) and summary.strip():
            front["summary"] = " ".join(summary.split())
        authors = meta.get("authors") or meta.get("author")
        shown = split_list(authors) if isinstance(authors, str) else names(authors)
        site_author = self.settings.text("AUTHOR")
        if shown and shown != [site_author]:
            front.setdefault("params", {})["author"] = ", ".join(shown)
        if status == "hidden":
            front["unlisted"] = True
        dropped = [k for k in meta if k not in _PLACED]
        if dropped:
            self.report.note(path, 1, "metadata Lanting has no place for, left out: "
                             + ", ".join(f"`{k}`" for k in dropped))
        new_slug = slug_of(slug)
        if kind == "page" and new_slug in _GENERATED_PAGES:
            self.report.warn(path, None, f"a page named `{new_slug}` would take Lanting's "
                             f"own /{new_slug}/: it is /{new_slug}-page/")
            new_slug = f"{new_slug}-page"
        draft = status == "draft"
        old = self.old_url(kind, meta, slug, category, date, shown)
        if kind == "page" and old and old.lstrip("/") in GENERATED:
            self.report.note(path, None, f"a page at {old}, which Lanting makes itself: "
                             "left out")
            return Item(kind, new_slug, path, front)
        if draft:
            front["draft"] = True
        if kind == "page" and str(meta.get("save_as") or "").strip().lstrip("/") == \
                "index.html" and not any(i.kind == "home" for i in self.site.items):
            # (`Save_as: index.html`: Pelican's way to a static home page, over the list)
            kind, new_slug = "home", "index"
            front.pop("unlisted", None)
            self.report.convert("a page saved as index.html as the home page")
        item = self.site.add(Item(kind, new_slug, path, front, draft=draft, lang=lang))
        if notebook is not None:
            item.notebook = notebook
        self.report.counts[("drafts" if draft else "posts") if kind == "post"
                           else "pages"] += 1
        if old and not draft and kind != "home":
            item.old_urls = [old]
            self.table.add(old, item)
        self.by_source[path.resolve()] = item
        self.texts.append(body if notebook is None else "\n".join(
            cell_text(c) for c in markdown_cells(notebook)))
        self.documents.append((item, body, path))
        return item

    def from_file_name(self, path: Path) -> dict[str, str]:
        """What `FILENAME_METADATA` reads from the file's name (Pelican's default: a
        leading `2017-08-30` is the date, when `Date:` gives none)."""
        pattern = self.settings.values.get("FILENAME_METADATA", r"(?P<date>\d{4}-\d{2}-\d{2}).*")
        try:
            found = re.match(str(pattern), path.stem) if pattern else None
        except re.error:
            return {}
        return {k.lower(): v for k, v in found.groupdict().items() if v} if found else {}

    @property
    def default_lang(self) -> str:
        return self.settings.text("DEFAULT_LANG", "en")

    def lang_of(self, meta: dict[str, Any]) -> str:
        return str(meta.get("lang") or "").strip() or self.default_lang

    def date(self, value: Any) -> Any:
        """A date as Pelican read it (with dateutil: `2017-02-11 20:25`, `12 Nov 2015`)."""
        if not isinstance(value, str | dt.date) or not str(value).strip():
            return None
        raw = value.strip() if isinstance(value, str) else None
        return parse_when(value, raw, self.tz) or parse_when(js_date(value), None, self.tz)

    def category(self, meta: dict[str, Any], rel: str) -> str:
        value = meta.get("category")
        if isinstance(value, str) and value.strip():
            return value.strip()
        folder = posixpath.dirname(rel)
        if folder and self.settings.values.get("USE_FOLDER_AS_CATEGORY", True) is not False:
            return folder.rsplit("/", 1)[-1]
        return self.settings.text("DEFAULT_CATEGORY", "misc")

    def old_url(self, kind: str, meta: dict[str, Any], slug: str, category: str,
                date: Any, authors: list[str]) -> str | None:
        """Where Pelican published it: its `url`/`save_as` metadata, else the pattern."""
        own = meta.get("url") or meta.get("save_as")
        if isinstance(own, str) and own.strip():
            return "/" + own.strip().lstrip("/")
        name = "ARTICLE_URL" if kind == "post" else "PAGE_URL"
        default = "{slug}.html" if kind == "post" else "pages/{slug}.html"
        lang = self.lang_of(meta)
        if lang.lower() != self.default_lang.lower():
            # (not in the site's language: `ARTICLE_LANG_URL`, `{slug}-{lang}.html`)
            name = name.replace("_URL", "_LANG_URL")
            default = default.replace("{slug}", "{slug}-{lang}")
        values: dict[str, Any] = {
            "slug": slug, "category": pelican_slug(category), "lang": lang,
            "author": pelican_slug(authors[0] if authors else self.settings.text("AUTHOR")),
            "date": date.moment if date is not None else None}
        return fill_url(self.settings.text(name, default), values)

    def write_config(self) -> None:
        config, read = self.site.config, self.settings
        config["title"] = read.text("SITENAME") or self.source.resolve().name
        if read.text("AUTHOR"):
            config["author"] = read.text("AUTHOR")
        language = language_tag(read.text("DEFAULT_LANG"), "")
        # (with translations, Pelican's default language is the originals': `en`)
        config["language"] = language or (language_tag(self.default_lang) if self.languages
                                          else guess_language(self.texts))
        others = [tag for tag in self.languages  # (no second tag for the site's own)
                  if tag.split("-")[0] != config["language"].split("-")[0]]
        if others:
            config["languages"] = [config["language"], *others]
            self.site.config_comments["languages"] = (
                "the languages of the old translations (`Lang:`): each under its own "
                "folder, its old URLs kept answering")
        if read.text("SITEURL").startswith("http"):
            config["base_url"] = read.text("SITEURL").rstrip("/") + "/"
        if read.text("SITESUBTITLE"):
            config["description"] = " ".join(read.text("SITESUBTITLE").split())
        links = [{"name": n, "url": u} for n, u in read.pairs("SOCIAL") + read.pairs("LINKS")]
        if links:
            config["links"] = links
        # (Python-Markdown's toc extension made ids as GitHub does: `#topological-sort`)
        config["markdown"] = {"heading_ids": "github"}
        menu: list[dict[str, Any]] = []
        for name, url in read.pairs("MENUITEMS"):
            target = self.table.find(url) if url.startswith("/") else None
            if target is not None:
                url = self.site.new_url(target)
            elif url.rstrip("/") in ("", "/index.html", "/blog"):
                continue  # (the blog's list: Lanting's home and /blog/ have it)
            elif re.fullmatch(r"/(?:archives?|tags|categories)(?:\.html|/)?", url):
                url = "/tags/" if "tags" in url else "/archive/"
            menu.append({"name": name, "url": url})
        if read.values.get("DISPLAY_PAGES_ON_MENU", True) is not False:
            for item in self.site.items:  # (Pelican's themes list the pages in the menu)
                if item.kind == "home":
                    continue
                if item.kind == "page" and not item.draft and not item.front.get("unlisted"):
                    menu.append({"name": item.title, "url": self.site.new_url(item)})
        finish_menu(self.site, menu, read.file)

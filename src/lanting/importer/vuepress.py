"""VitePress and VuePress (1 and 2: the default themes, vuepress-theme-hope,
vuepress-theme-reco, VitePress blog themes) → Lanting.

The two are one kind of site: a source folder of Markdown (the folder holding
`.vitepress/` or `.vuepress/`: the repository's root, `docs/` or hope's `src/`; VitePress's
`srcDir` moves it), `public/` of files served as they are, a configuration in JavaScript
(read for its literals only, `vuepress_config.py`). Every Markdown file is a page at its
path (`guide/x.md` at `/guide/x.html`, `/guide/x` with VitePress's `cleanUrls`, a
`README.md`/`index.md` at its folder, a front-matter `permalink` where it says); the root
`index.md` (VuePress: `README.md`) is the home page. A page is a post when it is in a
blog folder (`posts/`, `blog/`, …; deeper down, `sections/posts/`, when it has a `date`)
or, on a site whose theme has a blog, when it has a `date` — unless it says
`article: false` (hope's page the blog does not list). A theme's listing pages are
left out (`vuepress_listings.py`); each other locale's folder (`en/`) is a language
(`vuepress_locales.py`). The bodies are converted in `vuepress_bodies.py`, the settings
in `vuepress_settings.py`, the old URLs are `vuepress_urls.py`'s.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from pathlib import Path
from typing import Any

from lanting.importer.common import GENERATED, LinkTable, Options, read_text
from lanting.importer.item import Item, site_path
from lanting.importer.liquid import Context
from lanting.importer.listings import Redirects
from lanting.importer.mkdocs_front import title_of_file
from lanting.importer.other_case import beside_in_other_case
from lanting.importer.report import Report
from lanting.importer.site import NewSite, slug_of
from lanting.importer.text import key_line, load_mapping, split_front_matter, zone
from lanting.importer.vuepress_bodies import VuePressBodies
from lanting.importer.vuepress_catalog import CATALOG
from lanting.importer.vuepress_components import OwnComponents
from lanting.importer.vuepress_config import read_config
from lanting.importer.vuepress_config_keys import JsConfig
from lanting.importer.vuepress_files import candidates, files_under, locate
from lanting.importer.vuepress_fragments import title_links
from lanting.importer.vuepress_front import (
    DATE_KEYS,
    VuePressFront,
    hero_text,
    home_title,
    is_home,
    page_heading,
    plume_sections,
)
from lanting.importer.vuepress_listings import (
    listing_reason,
    listing_target,
    theme_listing,
    theme_redirects,
)
from lanting.importer.vuepress_locales import site_locales, split, with_pages
from lanting.importer.vuepress_plume import plume_no_post
from lanting.importer.vuepress_settings import VuePressSettings
from lanting.importer.vuepress_urls import excluded, old_urls, rewritten

BLOG_FOLDERS = frozenset({"posts", "post", "blog", "blogs", "_posts", "article", "articles"})
"""Top folders whose dated pages are posts whatever the theme."""
_GENERATED = frozenset({"blog", "tags", "categories", "archive", "search", "posts",
                        "publications", "talks"})
"""Pages Lanting makes itself: an imported page of that name would take its URL."""
_NUMBERED = re.compile(r"^\d+\.")
"""vdoing's ordering prefix (`01.指南/02.安装.md`), not part of a page's name."""
_LETTER = re.compile(r"[^\W\d_]")


class VuePress(VuePressSettings, VuePressFront, VuePressBodies):
    def __init__(self, source: Path, report: Report, options: Options, kind: str) -> None:
        self.kind = kind
        self.source = source
        self.report = report
        self.options = options
        self.site = NewSite(report, source)
        self.config_dir = locate(source, ".vitepress" if kind == "vitepress" else ".vuepress") \
            or source / (".vitepress" if kind == "vitepress" else ".vuepress")
        self.js: JsConfig = read_config(self.config_dir)
        self.own = OwnComponents.of(self.config_dir)
        self.docs = self.source_dir()
        self.public = self.public_dir()
        self.clean_urls = self.js.values.get("cleanUrls") is True
        self.tz = zone(options.timezone)
        self.table = LinkTable(self.site)
        self.by_source: dict[Path, Item] = {}
        self.documents: list[tuple[Item, str, Path]] = []
        self.page_anchors: dict[Path, tuple[list[str], set[str]]] = {}
        self.page_urls: dict[Path, str] = {}
        self.texts: list[str] = []
        self.listing_files: dict[Path, str] = {}
        """Listing pages left out (resolved) -> Lanting's list that answers for them."""
        self.listing_urls: dict[str, str] = {}
        """Their old URLs -> the same."""
        self.locales, self.odd_locales = site_locales(self.js)
        self.listings = Redirects(self.site, report, self.config_name())
        self.names: Counter[str] = Counter()
        self.routes: set[str] = set()
        """Each page's path from the source folder, as `rewrites` moved it."""
        """How many files have each name (`1.md` in every folder of a notes site)."""
        self.site_author = str(self.js.values.get("author") or "")
        base = self.js.values.get("base")
        self.js_base = base if isinstance(base, str) else "/"

    def source_dir(self) -> Path:
        """The folder of the pages: VitePress's `srcDir` (from the project's root, which
        holds `.vitepress/`), else that root. A computed `srcDir` is guessed: the one
        first-level folder with an `index.md` when the root has none."""
        root = self.config_dir.parent
        src_dir = self.js.values.get("srcDir")
        if self.kind != "vitepress":
            return root
        if isinstance(src_dir, str):
            return (root / src_dir).resolve()
        if "srcDir" in self.js.computed and not (root / "index.md").is_file():
            found = [p for p in sorted(root.iterdir()) if p.is_dir()
                     and not p.name.startswith((".", "node_modules"))
                     and (p / "index.md").is_file()]
            if len(found) == 1:
                self.js.computed.remove("srcDir")
                self.report.note(self.report.rel(self.js.files[0]), None, "`srcDir` is "
                                 f"computed: the pages are read from `{found[0].name}/`, "
                                 "the one folder with an index.md")
                return found[0]
        return root

    def public_dir(self) -> Path:
        """The folder served at the site's root: VuePress's `.vuepress/public/`,
        VitePress's `<source>/public/` or its `vite.publicDir` (from the source folder,
        Vite's root: `../public` beside it)."""
        if self.kind != "vitepress":
            return self.config_dir / "public"
        given = self.js.values.get("publicDir")
        if isinstance(given, str) and given.strip():
            return Path(os.path.normpath(self.docs / given.strip()))
        return self.docs / "public"

    def config_name(self) -> str:
        files = self.js.files
        return self.report.rel(files[0]) if files else self.config_dir.name

    # --- the steps ---------------------------------------------------------------------

    def run(self) -> NewSite:
        self.copy_public()
        pages = self.pages()
        rels = [rewritten(p.relative_to(self.docs).as_posix(), self.js.rewrites)
                for p in pages]
        self.routes = set(rels)
        self.locales = with_pages(self.locales, rels, self.report, self.config_name())
        self.names = Counter(_bare_name(rel, self.folder_page(rel)).lower() for rel in rels
                             if split(rel, self.locales)[0] is None)
        for path in pages:
            self.read_document(path)
        for item, text, path in self.documents:
            ctx = Context(self.report, path, read_text(path))
            item.body = self.convert(text, item, ctx, path)
        self.write_config()
        theme_redirects(self.js.theme, self.site, self.listings)
        self.listings.finish("listing pages")
        return self.site

    def pages(self) -> list[Path]:
        """Every Markdown file VitePress or VuePress made a page of: any folder but a
        hidden one (`.vitepress/`), `node_modules/` and the source's `public/` (a folder
        named `resources/` or `themes/` holds pages as any other)."""
        found = [p for p in files_under(self.docs, self.public) if p.suffix.lower() == ".md"]
        left = [p for p in found if excluded(p.relative_to(self.docs).as_posix(),
                                             self.js.exclude)]
        if left:
            files = f"{len(left)} file" + ("s" if len(left) > 1 else "")
            self.report.note(self.config_name(), None, f"`srcExclude`: {files} left out, "
                             "as VitePress made no page of them ("
                             + ", ".join(p.relative_to(self.docs).as_posix()
                                         for p in left[:3]) + (", …" if left[3:] else "")
                             + ")")
        # (VitePress's not-found page, `404.md`: Lanting makes its own, at /404.html)
        for page in [p for p in found if p.relative_to(self.docs).as_posix() in GENERATED]:
            self.report.note(page, None, "left out: the old site's not-found page (Lanting "
                             "makes its own 404 page)")
            left.append(page)
        return [p for p in found if p not in left]

    def copy_public(self) -> None:
        """`public/` is served at the site's root as it is (`public/img/a.png` at
        `/img/a.png`, `public/resources/a.pdf` too): its files keep their paths."""
        if not self.public.is_dir():
            return
        for path in files_under(self.public, None):
            rel = path.relative_to(self.public).as_posix()
            if rel in GENERATED or rel == "CNAME":
                self.report.note(path, None, "left out (Lanting makes its own, or the host "
                                 "is set where the site is published)")
                continue
            self.site.static[rel] = path

    def read_document(self, path: Path) -> None:
        # (the page's route, which VitePress's `rewrites` may move: `en/x.md` to `x.md`)
        full = rewritten(path.relative_to(self.docs).as_posix(), self.js.rewrites)
        locale, rel = split(full, self.locales)
        lang = locale.code if locale else ""
        text = read_text(path)
        _fmt, head, body, _first = split_front_matter(text)
        data, error = load_mapping("yaml", head)
        if error:
            self.report.warn(path, 2, f"front matter not read ({error})")
        permalink = data.get("permalink")
        self.page_urls[path] = permalink if isinstance(permalink, str) \
            and permalink.startswith("/") else "/" + full
        home = is_home(rel, data) and (self.kind == "vuepress" or rel != "README.md") \
            and not any(i.kind == "home" and i.lang == lang for i in self.site.items)
        source = split(path.relative_to(self.docs).as_posix(), self.locales)[1]
        kind = "home" if home else "post" if self.is_post(rel, source, data) else "page"
        title = data.get("title")
        heading = page_heading(body)
        if heading is not None and not title:
            title = heading[0]
        if heading is not None:  # (Lanting shows the title above the text)
            body, count = title_links(heading[1], heading[0])
            self.report.convert("links to the title heading as #top", count)
        # (a title from the file's name without vdoing's number: `01.安装.md` is 安装)
        title = str(title or _NUMBERED.sub("", title_of_file(path)).strip()
                    or title_of_file(path)).strip()
        if kind == "home":
            title = home_title(data, (locale.strings if locale else {}).get("title")
                               or self.root_locale("title"))
            body = hero_text(data, head, path, self.report) + "\n" + body
        elif plume_sections(data):  # (a notes folder's landing page of cards)
            body = hero_text(data, head, path, self.report) + "\n" + body
        elif self.listing_page(full, rel, data, body, path):
            return
        front = self.front(data, head, path, kind, title)
        cover = data.get("cover") or data.get("image") or data.get("coverImg")  # (Teek's)
        if isinstance(cover, str) and cover.strip() and kind != "home":
            found = self.cover(cover.strip(), path)
            if found:
                front["cover"] = found
            else:
                self.report.warn(path, key_line(head, "cover") or key_line(head, "image")
                                 or key_line(head, "coverImg"),
                                 f"cover image `{cover}` not found in the site: left out")
        draft = bool(front.get("draft"))
        name = self.name_of(rel, title, self.folder_page(full))
        if kind == "post":  # (a Jekyll habit: `2020-02-19-movies.md`)
            name = re.sub(r"^\d{4}-\d{1,2}-\d{1,2}-(?=.)", "", name)
        generated = kind == "page" and slug_of(name) in _GENERATED
        if generated:
            self.report.warn(path, None, f"a page named `{name}` would take Lanting's own "
                             f"/{slug_of(name)}/: it is /{slug_of(name)}-page/")
            name = f"{name}-page"
        item = self.site.add(Item(kind, slug_of(name), path, front, draft=draft, lang=lang))
        self.by_source[path.resolve()] = item
        self.report.counts[("drafts" if draft else "posts") if kind == "post"
                           else "pages"] += 1
        if not draft:
            item.old_urls = old_urls(full, data, self.kind, self.clean_urls)
            for old in item.old_urls:
                self.table.add(old, item)
        self.texts.append(body)
        self.documents.append((item, body, path))

    def folder_page(self, route: str) -> bool:
        """Whether the page at `route` is its folder's: an `index.md`, or a `README.md`
        but on VitePress beside an `index.md`, which VitePress serves at the folder's URL
        (the README at `/guide/README.html`, a page of its own)."""
        folder, _, name = route.rpartition("/")
        stem = name.rsplit(".", 1)[0].lower()
        return stem == "index" or stem == "readme" and (
            self.kind == "vuepress" or (folder + "/" if folder else "") + "index.md"
            not in self.routes)

    def name_of(self, rel: str, title: str, folder_page: bool) -> str:
        """The new file's name: the old one's (a folder's index: the folder's), else the
        title when the name is a bare number (`mysql/1.md`); a name other files have too,
        or a number with no title, is `<folder>-<name>` (`mysql-config`, `redis-1`): the
        folder told them apart."""
        name = _bare_name(rel, folder_page)
        if not _LETTER.search(name) and _LETTER.search(title):
            return title
        parts = rel.split("/")[:-1]
        if folder_page:
            parts = parts[:-1]
        # (a README beside an index names nothing by itself: `guide-readme`)
        if (self.names[name.lower()] > 1 or not _LETTER.search(name)
                or name.lower() == "readme") and parts:
            return f"{_NUMBERED.sub('', parts[-1]) or parts[-1]}-{name}"
        return name

    def by_kind(self, kind: str) -> list[Item]:
        return [i for i in self.site.items if i.kind == kind]

    def is_post(self, rel: str, source: str, data: dict[str, Any]) -> bool:
        """Whether the page at `rel` (its route in its locale; `source`: its file's path
        there, before `rewrites` moved it) is a post."""
        if data.get("article") is False or is_home(rel, data) and "/" not in rel:
            return False
        dated = any(data.get(key) not in (None, "") for key in DATE_KEYS)
        if self.js.theme == "plume" and plume_no_post(rel, source, self.js.notes_dir):
            return False
        if any(p.split("/", 1)[0].lower() in BLOG_FOLDERS and "/" in p for p in (rel, source)):
            return dated or Path(rel).stem.lower() not in ("index", "readme")
        # (a blog folder deeper down, `sections/posts/`, as sites of several sections
        # keep theirs: its dated pages)
        nested = any(part.lower() in BLOG_FOLDERS for p in (rel, source)
                     for part in p.split("/")[1:-1])
        return dated and (self.js.blog or nested)

    def listing_page(self, full: str, rel: str, data: dict[str, Any], body: str,
                     path: Path) -> bool:
        """A theme's listing page (`vuepress_listings.py`; `rel` from its locale's
        folder): left out, its old URL sent to Lanting's list of the same kind."""
        # (hope's `<Catalog />` lists the folder's pages: with some to list, a page)
        catalogued = CATALOG.search(body) is not None and any(
            p != path for p in path.parent.rglob("*.md"))
        why = listing_reason(rel, data, body, self.own.comment_widget, catalogued)
        if not why:
            return False
        target = listing_target(rel)
        self.report.note(path, None, f"a listing page of the theme ({why}): left out "
                         "(Lanting makes its lists itself)" + (
                             f"; its old URL leads to {target}" if target else ""))
        self.listing_files[path.resolve()] = target or ""
        for old in old_urls(full, data, self.kind, self.clean_urls):
            self.listing_urls[site_path(old)] = target or ""
            if target:
                self.listings.add(old, target)
        return True

    def document(self, file: Path) -> Item | None:
        """The item of the page a link names: `x.md`, `x.html`, `x` (VitePress), a
        folder (its `index.md` or `README.md`); else the one file in other capitals
        (`Docker/Container.md` for `container.md`: the writer's computer, and VuePress's
        router, ignored case)."""
        found_all = candidates(file)
        for candidate in found_all:
            found = self.by_source.get(candidate)
            if found is not None:
                return found
        for candidate in found_all:
            other = beside_in_other_case(self.docs.resolve(), candidate)
            found = self.by_source.get(other) if other is not None else None
            if found is not None:
                self.report.convert("links to pages written in other capitals than their "
                                    "files")
                return found
        return None

    def left_out(self, file: Path, rooted: str | None) -> str | None:
        """Where a link to a listing page left out now leads: Lanting's list, or `""`
        (none); None when it names no such page."""
        for candidate in candidates(file):
            if candidate in self.listing_files:
                return self.listing_files[candidate]
        if rooted is None:
            return None
        path = site_path(rooted).rstrip("/")  # (`permalink: /language`, linked as `/language/`)
        for url in (path, path + "/", path + ".html"):
            if url in self.listing_urls:
                return self.listing_urls[url]
        return theme_listing(self.js.theme, self.site, path)  # (plume's `/blog/`)


def _bare_name(rel: str, folder_page: bool) -> str:
    """A file's name without vdoing's number (a folder's page: the folder's)."""
    parts = rel.split("/")
    name = parts[-1].rsplit(".", 1)[0]
    if folder_page and len(parts) > 1:
        name = parts[-2]
    return _NUMBERED.sub("", name) or name

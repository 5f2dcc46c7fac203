"""docsify → Lanting: a folder (the root or `docs/`) whose `index.html` loads docsify,
which renders the folder's Markdown files in the browser.

The home page is `README.md` (or `homepage`), with `_coverpage.md`'s text (`coverpage`)
above it and the sidebar (`loadSidebar`: `_sidebar.md`) below as a contents list: a
link a page, a line without one a section's bold name. Every Markdown file the sidebar
lists is a page, and so is every other one of the folder (docsify served any `.md` at
its path): linked from nowhere, as they were. The sidebar's order is the reading order:
each page ends with links to the previous and next. `_navbar.md` (`loadNavbar`) is the
menu, `name` the site's title, `repo` a link. A page's title is its first `# heading`
(taken out: Lanting shows the title above the text), else its sidebar text, else its
file name; its slug its file's name (a `README.md` its folder's; a name two files share
gets the folder's before it). Old URLs: in history mode (`routerMode: 'history'`) the
paths (`/guide/intro`) answer; hash URLs (`#/guide/intro`) never reach a server, so no
static host can redirect them. Bodies: `docsify_bodies.py`; `index.html`:
`docsify_config.py`; routes and lists of links: `docsify_sidebar.py`; the home page,
reading order, menu and `lanting.toml`: `docsify_site.py`."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path, PurePosixPath

from lanting.importer.common import (
    REPOSITORY_FILES,
    Options,
    read_text,
    walk,
)
from lanting.importer.docsify_bodies import DocsifyBodies, heading_ids
from lanting.importer.docsify_config import docsify_folder, read_settings
from lanting.importer.docsify_sidebar import Entry, list_entries, route_files, split_route
from lanting.importer.docsify_site import DocsifySite
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.report import Report
from lanting.importer.shelf import Shelf, protect_code
from lanting.importer.site import NewSite, slug_of
from lanting.importer.text import load_mapping, split_front_matter
from lanting.importer.vuepress_fragments import PageAnchors

_GENERATED = frozenset({"blog", "tags", "categories", "archive", "search", "posts",
                        "publications", "talks", "projects", "teaching"})
"""Pages Lanting makes itself: an imported page of that name would take its URL."""
_HEADING = re.compile(r"^#[ \t]+(.+?)[ \t]*#*[ \t]*$")


class Docsify(DocsifyBodies, DocsifySite):
    kind = "docsify"

    def __init__(self, source: Path, report: Report, options: Options) -> None:
        self.source = source
        self.report = report
        self.options = options
        self.folder = docsify_folder(source) or source
        self.settings = read_settings(self.folder)
        self.site = NewSite(report, source)
        self.by_source: dict[Path, Item] = {}
        self.documents: list[tuple[Item, str, Path]] = []
        self.page_anchors: PageAnchors = {}
        self.texts: list[str] = []
        self.order: list[Item] = []
        self.sidebar: list[Entry] = []
        self.sidebar_titles: dict[Path, str] = {}
        self.names: Counter[str] = Counter()

    # --- the steps ---------------------------------------------------------------------

    def run(self) -> NewSite:
        if self.folder != self.source:
            self.report.note(self.folder, None, "the docsify site is in this folder: its "
                             "files are read from it")
        if not self.settings.found:
            self.report.warn(self.settings.path, None, "no `window.$docsify = {…}` read: "
                             "docsify's defaults are used")
        for key in self.settings.code_values:
            self.report.note(self.settings.path, None, f"setting `{key}` is code, not a "
                             "value: not read")
        self.sidebar = self.read_sidebar()
        pages = [p for p in walk(self.folder) if p.suffix.lower() in (".md", ".markdown")]
        self.names = Counter(page_name(p) for p in pages)
        home = (self.folder / self.settings.homepage.lstrip("/")).resolve()
        listed = self.listed_files()
        for path in sorted(pages, key=lambda p: (p.resolve() != home, p.resolve() not in
                                                 listed, listed.index(p.resolve()) if
                                                 p.resolve() in listed else 0)):
            self.read_document(path, path.resolve() == home, path.resolve() in listed)
        if not any(i.kind == "home" for i in self.site.items):
            self.report.warn(self.settings.path, None, f"no home page `{home.name}` in "
                             "the folder: the home page has only the contents list")
            self.site.add(Item("home", "index", None, {"title": self.title()}))
        self.order = [self.by_source[p] for p in listed if p in self.by_source]
        for item, text, path in self.documents:
            ctx = Context(self.report, path, read_text(path))
            item.body = self.convert(text, item, path, ctx)
        self.home()
        self.reading_order()
        self.write_config()
        return self.site

    def read_sidebar(self) -> list[Entry]:
        name = self.settings.sidebar
        if not name:
            return []
        path = self.folder / name
        if not path.is_file():
            self.report.warn(self.settings.path, None, f"`loadSidebar` names `{name}`, "
                             "which is not there: no reading order")
            return []
        others = [p for p in walk(self.folder) if p.name == path.name and p != path]
        shadowed = [p for p in others if self.aliased_to_root(p, name)]
        if shadowed:
            # (`alias: {'/.*/SUMMARY.md': '/SUMMARY.md'}`: docsify loaded the root's
            # sidebar on every page; a GitBook book's own SUMMARY.md was never shown)
            self.report.note(shadowed[0], None, f"{len(shadowed)} sidebar(s) of sub-folders "
                             f"never shown (`alias` sends each to /{name}): not read")
            others = [p for p in others if p not in shadowed]
        if others:
            self.report.note(others[0], None, f"{len(others)} sidebar(s) of sub-folders: "
                             f"the reading order is {name}'s (with the pages they list "
                             "after it)")
        entries = list_entries(read_text(path))
        for other in others:
            entries += [Entry(e.title, e.link, e.depth, e.line, other) for e in
                        list_entries(read_text(other)) if e.link and not e.link.startswith(
                            ("http:", "https:"))]
        return entries

    def aliased_to_root(self, sidebar: Path, name: str) -> bool:
        """Whether an `alias` of docsify's (a regular expression of the whole path) sends
        the sub-folder's `sidebar` to the root's `name`."""
        route = "/" + sidebar.relative_to(self.folder).as_posix()
        for pattern, target in self.settings.alias.items():
            try:
                matched = re.fullmatch(pattern, route) is not None
            except re.error:
                continue
            if matched and target.strip().lstrip("/") == name:
                return True
        return False

    def listed_files(self) -> list[Path]:
        """The Markdown files the sidebar links to, in its order, once each."""
        found: list[Path] = []
        for entry in self.sidebar:
            file = self.route_file(entry.link)
            if file is None:
                if entry.link and not re.match(r"^[a-z][a-z0-9+.-]*:", entry.link):
                    self.report.warn(entry.sidebar or self.folder / self.settings.sidebar,
                                     entry.line,
                                     f"sidebar link `{entry.link}` leads to no Markdown "
                                     "file: left out of the contents")
                continue
            if file not in found:
                found.append(file)
            if not split_route(entry.link)[1]:  # (`page?id=x` names a heading of it)
                self.sidebar_titles.setdefault(file, entry.title)
        return found

    def route_file(self, link: str) -> Path | None:
        if not link or re.match(r"^[a-z][a-z0-9+.-]*:|^//", link):
            return None
        route, _fragment = split_route(link)
        if not route and not link.startswith("#/"):
            return None
        for file in route_files(self.folder, route or "/", None):
            if file.is_file():
                return file.resolve()
        return None

    # --- documents -----------------------------------------------------------------------

    def read_document(self, path: Path, home: bool, listed: bool) -> None:
        rel = path.relative_to(self.folder).as_posix()
        if not home and any(part.startswith("_") for part in rel.split("/")):
            # (`homepage: '_index.md'` is a page all the same)
            if path.name not in (self.settings.sidebar, self.settings.navbar,
                                 self.settings.coverpage, self.settings.footer,
                                 "_sidebar.md", "_navbar.md", "_coverpage.md", "_404.md"):
                self.report.note(path, None, "a name starting with `_` (docsify's own "
                                 "files, or a folder of embedded parts): not a page")
            return
        parts = {PurePosixPath(n).name for n in (self.settings.sidebar, self.settings.navbar,
                                                  self.settings.coverpage) if n}
        if not home and path.name in parts:
            # (`loadSidebar: 'sidebar.md'`: docsify loads each folder's `sidebar.md` as
            # its sidebar, a name without `_` all the same)
            self.report.note(path, None, "docsify's sidebar, navbar or cover of its "
                             "folder: not a page")
            return
        if not home and not listed and path.name.lower() in REPOSITORY_FILES:
            self.report.note(path, None, "the repository's, not a page of the site (the "
                             "sidebar does not list it): left out")
            return
        fmt, head, text, _first = split_front_matter(read_text(path))
        text, ids = heading_ids(text)  # (before any link to the page looks for its ids)
        self.report.convert("headings' own ids (`:id=x`) as `{#x}`", ids)
        data, error = load_mapping(fmt or "yaml", head) if head else ({}, None)
        if error:
            self.report.warn(path, 2, f"front matter not read ({error})")
        heading = first_heading(text)
        title = str(data.get("title") or "")
        if heading is not None and not (home and self.settings.name):
            # (the home page is titled by the site's `name`: its heading stays)
            title = title or heading[0]
            text = heading[1]
        # (a `# Title` under a breadcrumb line: it stays in the text; code's `#` is none)
        later = _LATER_H1.search(protect_code(text, Shelf()))
        title = title or self.sidebar_titles.get(path.resolve(), "") or \
            (later.group(1).strip() if later else "") or path.stem.replace("_", " ")
        front = {"title": re.sub(r"<[^>]+>", "", title).strip() or path.stem}
        if home:
            item = self.site.add(Item("home", "index", path, front))
        else:
            item = self.site.add(Item("page", self.slug_for(path), path, front))
            self.report.counts["pages"] += 1
            if not listed:
                item.front["unlisted"] = True
                if self.sidebar:
                    self.report.note(path, None, "not in the sidebar: a page of its own, "
                                     "linked from nowhere (docsify served it so)")
        if self.settings.history:
            stem = rel.rsplit(".", 1)[0]
            folder, _, name = stem.rpartition("/")
            old = "/" + (folder + "/" if folder else "") if name.lower() in (
                "readme", "index") else "/" + stem
            if old != "/":
                item.old_urls = [old]
        self.by_source[path.resolve()] = item
        self.texts.append(text)
        self.documents.append((item, text, path))

    def slug_for(self, path: Path) -> str:
        return page_slug(path, self.folder, self.names, self.report)


_LATER_H1 = re.compile(r"^# +(.+?)(?:[ \t]*<!--.*?-->)?[ \t]*#*[ \t]*$", re.MULTILINE)


def page_slug(path: Path, folder: Path, names: Counter[str], report: Report) -> str:
    """A page's slug: its file's name (a `README.md`'s or `index.md`'s, its folder's); a
    name two files share (`names`) gets its folder's before it."""
    name = page_name(path)
    parent = path.parent.parent if path.stem.lower() in ("readme", "index") \
        else path.parent
    if names[name] > 1 and parent != folder and parent.is_relative_to(folder):
        name = f"{parent.name}-{name}"
    slug = slug_of(name.replace(".", "-")) or "page"
    if slug in _GENERATED:
        report.warn(path, None, f"a page named `{slug}` would take Lanting's own "
                    f"/{slug}/: it is /{slug}-page/")
        slug = f"{slug}-page"
    return slug


def page_name(path: Path) -> str:
    return path.parent.name if path.stem.lower() in ("index", "readme") else path.stem


def first_heading(text: str) -> tuple[str, str] | None:
    """(the first `# heading`, when only blank lines and comments come before it, the
    text without it)."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if not line.strip() or re.match(r"^\s*<!--.*-->\s*$", line):
            continue
        found = _HEADING.match(line)
        if found is None:
            return None
        title = re.sub(r"\{docsify-ignore(?:-all)?\}", "", found.group(1)).strip()
        return title, "\n".join(lines[:i] + lines[i + 1:])
    return None

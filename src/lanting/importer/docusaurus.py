"""Docusaurus (v2, v3) → Lanting.

The blog's files (`blog/`, any depth: `2024-01-31-ppo.md`, `2024-01-31-ppo/index.mdx`)
are posts: the date from the front matter, else from the name; `authors` (keys of
`blog/authors.yml`, or inline objects), `tags` (strings, or keys of `blog/tags.yml`),
`draft`, `unlisted`, `image`, `description`, `hide_table_of_contents`. The docs
(`docs/`) and the Markdown pages of `src/pages/` are pages. Every file keeps its old URL
(`/blog/2024/01/31/ppo`, `/docs/guide/setup`): Docusaurus's rules for slugs, number
prefixes (`01-intro.md`) and `index.md`, under the blog's and docs' `routeBasePath`.
Translations under `i18n/<locale>/docusaurus-plugin-content-blog/` (and `-docs/current/`,
`-pages/`) are versions of their pages in that language. `static/` is copied as it is.
The settings are read without running them (`docusaurus_settings.py`); bodies are
converted in `docusaurus_bodies.py`.
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from pathlib import Path
from typing import Any

from lanting.importer.common import GENERATED, LinkTable, Options, read_text, walk
from lanting.importer.docusaurus_bodies import DocusaurusBodies
from lanting.importer.docusaurus_categories import DocusaurusCategories
from lanting.importer.docusaurus_front import DocusaurusFront
from lanting.importer.docusaurus_settings import read_config
from lanting.importer.docusaurus_site import DocusaurusSite, lanting_language
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.mkdocs_bodies import first_heading
from lanting.importer.report import Report
from lanting.importer.site import NewSite, slug_of
from lanting.importer.text import load_mapping, split_front_matter, zone

_MARKDOWN = (".md", ".mdx")
_DATED = re.compile(r"^(?P<folder>.*?)(?P<date>\d{4}[-/]\d{1,2}[-/]\d{1,2})[-/]?"
                    r"(?P<text>.*?)(?:/index)?\.mdx?$")
"""A blog file's date and name (Docusaurus's own rule): `2024-01-31-ppo.md`,
`2024-01-31-ppo/index.md`, `2024/01/31/ppo.md`; its URL is the date, then the folders
before it: `rl/2024-01-31-ppo.md` → `/blog/2024/01/31/rl/ppo`."""
_NUMBER = re.compile(r"^\d+\s*[-_.]+\s*(?=[^-_.\s])")
_NOT_A_NUMBER = re.compile(r"^\d+[-_.]\d+")
"""Docusaurus's `DefaultNumberPrefixParser`: `01-intro.md`, `2. setup` lose their number
in URLs; `2021-11-notes` and `7.0-release` (a date, a version) keep it."""
_GENERATED = frozenset({"blog", "tags", "categories", "archive", "search", "posts",
                        "publications", "talks"})


class Docusaurus(DocusaurusFront, DocusaurusSite, DocusaurusCategories,
                 DocusaurusBodies):
    kind = "docusaurus"

    def __init__(self, source: Path, report: Report, options: Options) -> None:
        self.source = source
        self.report = report
        self.options = options
        self.site = NewSite(report, source)
        self.config = read_config(source, report)
        self.math = self.config.math or not self.config.file
        self.static = source / "static"
        self.blog_dir = source / self.config.blog.path
        self.docs_dir = source / self.config.docs.path
        self.tz = zone(options.timezone)
        self.table = LinkTable(self.site)
        self.by_source: dict[Path, Item] = {}
        self.documents: list[tuple[Item, str, Path]] = []
        self.page_anchors: dict[Path, tuple[list[str], set[str]]] = {}
        self.texts: list[str] = []
        self.authors_map = self.authors()
        self.tag_paths: dict[str, str] = {}
        """Each tag's label → its old page's name (`/blog/tags/<name>`)."""
        self.tag_descriptions: dict[str, str] = {}
        """Each tag's label → the `description` `tags.yml` gives it."""
        self.tags_map = self.tag_labels()
        self.locales: set[str] = set()
        """The locales that have translations."""
        self.positions: dict[Path, float] = {}
        self.doc_names: Counter[str] = Counter()
        """How many docs each name (the last part of the old URL) has: `glossary` in
        every course's folder."""
        """Each doc's `sidebar_position`."""
        self.categories: list[Path] = []
        """The `_category_.json`/`.yml` files of the docs."""
        self.mirrors: dict[Path, Path] = {}
        """A translations' folder → the folder of the files it translates."""

    def run(self) -> NewSite:
        """In order: static files, the blog, docs and pages, their translations, what is
        left out, the bodies (once every file's new place is known), the settings."""
        self.copy_static()
        self.doc_names = self.count_doc_names()
        for kind, root in (("post", self.blog_dir), ("doc", self.docs_dir),
                           ("page", self.source / "src" / "pages")):
            enabled = {"post": self.config.blog.enabled, "doc": self.config.docs.enabled}
            if not root.is_dir() or not enabled.get(kind, True):
                continue
            for path in walk(root):
                self.read_file(kind, root, path)
        self.translations()
        self.category_pages()
        self.tag_texts()
        self.left_out()
        for item, text, path in self.documents:
            ctx = Context(self.report, path, read_text(path))
            item.body = self.convert(text, item, ctx, path)
        self.write_config()
        return self.site

    def copy_static(self) -> None:
        if not self.static.is_dir():
            return
        for path in walk(self.static):
            rel = path.relative_to(self.static).as_posix()
            if rel in GENERATED:  # (Lanting makes its own robots.txt, 404 page)
                self.report.note(path, None, "a file Lanting makes itself: left out")
            else:
                self.site.static[rel] = path

    def left_out(self) -> None:
        """The parts of the site no Lanting file comes from, named in the report."""
        theirs = [n for n in ("sidebars.js", "sidebars.ts", "src/components", "src/css",
                              "src/theme") if (self.source / n).exists()]
        if theirs:
            self.report.note(self.config.file or "docusaurus.config.js", None,
                             "the docs sidebar and the site's React components, styles "
                             "and swizzled theme, left out: "
                             + ", ".join(f"`{n}`" for n in theirs))
        versions = self.source / "versioned_docs"
        if versions.is_dir():
            self.report.warn(versions, None, "versioned docs (" + ", ".join(sorted(
                p.name for p in versions.iterdir() if p.is_dir())) + "): not imported, "
                "Lanting keeps one version (the current `docs/`)")

    def skipped(self, kind: str, rel: str, path: Path, lang: str) -> bool:
        """Files that are no page: those Docusaurus skipped (`_partial.md`,
        `_category_.json`, tests), images and files beside the pages (they go where a
        link to them takes them), React pages (a warning)."""
        if any(part.startswith("_") for part in rel.split("/")) \
                or re.search(r"\.test\.|/__tests__/", rel):
            if path.name.startswith("_category_"):
                self.category_file(path)
            return True
        if path.suffix.lower() in _MARKDOWN:
            return False
        if kind == "page" and path.suffix.lower() in (".js", ".jsx", ".ts", ".tsx") \
                and not lang:
            self.report.warn(path, None, "a React page: not imported (Lanting has no "
                             "React); write it as a Markdown page"
                             + (" (this one was the home page: `content/_index.md`)"
                                if rel.startswith("index.") else ""))
        return True

    def read_file(self, kind: str, root: Path, path: Path, lang: str = "",
                  original: Item | None = None) -> Item | None:
        rel = path.relative_to(root).as_posix()
        if self.skipped(kind, rel, path, lang):
            return None
        text = read_text(path)
        _fmt, head, body, _first = split_front_matter(text)
        data, error = load_mapping("yaml", head)
        if error:
            self.report.warn(path, 2, f"front matter not read ({error})")
        title = data.get("title")
        heading = first_heading(body)
        # A post's `# heading` left its text (the title, unless the front matter has
        # one); a page's is the title it showed (the front matter's, if any, named it in
        # the sidebar and the tab).
        if heading is not None:
            title = title if title and kind == "post" else heading[0]
            body = heading[1]
        old = self.old_url(kind, rel, data)
        name = old.rstrip("/").rsplit("/", 1)[-1] if old.strip("/") else "index"
        if kind == "doc" and original is None and self.doc_names[name.lower()] > 1:
            folder = self.doc_folder(old)
            if folder:  # (the folder told them apart, as on the old site)
                name = f"{folder}-{name}"
        title = str(title or (original.title if original else "") or name).strip()
        new_kind = "post" if kind == "post" else "home" if old == "/" else "page"
        front = self.front(data, head, path, new_kind, title, rel)
        draft = bool(front.get("draft"))
        slug = slug_of(name)
        if new_kind == "page" and slug in _GENERATED:
            self.report.warn(path, None, f"a page named `{name}` would take Lanting's own "
                             f"/{slug}/: it is /{slug}-page/")
            slug = f"{slug}-page"
        item = Item(new_kind, slug, path, front, draft=draft,
                    lang=lanting_language(lang) if lang else "")
        if original is not None:
            item.name = original.name or original.slug
            if item.slug != item.name:
                item.front["slug"] = item.slug
        item = self.site.add(item)
        self.by_source[path.resolve()] = item
        if isinstance(data.get("sidebar_position"), (int, float)):
            self.positions[path.resolve()] = float(data["sidebar_position"])
        if not lang:
            self.report.counts[("drafts" if draft else "posts") if new_kind == "post"
                               else "pages"] += 1
        if not draft:
            self.remember(item, f"/{lang}{old}" if lang else old)
        self.texts.append(body)
        self.documents.append((item, body, path))
        return item

    def remember(self, item: Item, old: str) -> None:
        """The old URL an item keeps answering at, and links written with it find."""
        item.old_urls = [old] if old != "/" else []
        if self.config.trailing_slash is False and old.strip("/"):
            item.old_urls.append(old.rstrip("/") + ".html")  # (the file it was written to)
        elif "." in old.rsplit("/", 1)[-1]:
            # (`/Vue.js小技巧` was written to `Vue.js小技巧/index.html`: a redirect page
            # stands in that folder, where one at a name ending in `.js小技巧` cannot)
            item.old_urls = [old + "/"]
        for url in (old, old.rstrip("/") + "/"):  # (written with or without its `/`)
            self.table.add(url, item)

    def count_doc_names(self) -> Counter[str]:
        """The names the docs will have (the last part of each one's old URL), counted."""
        names: Counter[str] = Counter()
        root = self.docs_dir
        if not root.is_dir() or not self.config.docs.enabled:
            return names
        for path in walk(root):
            rel = path.relative_to(root).as_posix()
            if path.suffix.lower() not in _MARKDOWN or any(
                    part.startswith("_") for part in rel.split("/")):
                continue
            _fmt, head, _body, _first = split_front_matter(read_text(path))
            old = self.old_url("doc", rel, load_mapping("yaml", head)[0])
            names[old.rstrip("/").rsplit("/", 1)[-1].lower()] += 1
        return names

    def doc_folder(self, old: str) -> str:
        """The folder part of a doc's old URL just above its name (`/docs/scrum/glossary`:
        `scrum`), "" when the doc sits at the docs' root."""
        route = _join(self.config.docs.route, "")
        parent = posixpath.dirname(old.rstrip("/"))
        return "" if parent.rstrip("/") == route.rstrip("/") else posixpath.basename(parent)

    def old_url(self, kind: str, rel: str, data: dict[str, Any]) -> str:
        """Where Docusaurus served the file, from `baseUrl` (no trailing slash, as its
        default `trailingSlash` wrote them; the old site answered with one too)."""
        slug = data.get("slug")
        slug = str(slug).strip() if isinstance(slug, (str, int)) and str(slug).strip() \
            else None
        if kind == "post":
            route = self.config.blog.route
            if slug is None:
                dated = _DATED.match(rel)
                slug = (f"{dated['date'].replace('-', '/')}/{dated['folder']}"
                        f"{dated['text']}") if dated else re.sub(
                    r"(?:^|/)index\.mdx?$|\.mdx?$", "", rel)
            return _join(route, slug)
        if kind == "page":
            return _join("", re.sub(r"(?:^|/)index\.mdx?$|\.mdx?$", "", rel))
        route = self.config.docs.route
        parts = [p if _NOT_A_NUMBER.match(p) else _NUMBER.sub("", p) for p in rel.split("/")]
        folder, stem = "/".join(parts[:-1]), re.sub(r"\.mdx?$", "", parts[-1])
        if slug is not None:
            return _join(route, slug if slug.startswith("/") else f"{folder}/{slug}")
        doc_id = str(data.get("id") or stem)
        if stem.lower() in ("index", "readme") or (
                folder and stem.lower() == folder.rsplit("/", 1)[-1].lower()):
            return _join(route, folder)
        return _join(route, f"{folder}/{doc_id}")

    def translations(self) -> None:
        """`i18n/<locale>/docusaurus-plugin-content-{blog,docs/current,pages}/`: the
        files of the default language's folders, translated."""
        i18n = self.source / "i18n"
        if not i18n.is_dir():
            return
        plugins = (("post", "docusaurus-plugin-content-blog", self.blog_dir),
                   ("doc", "docusaurus-plugin-content-docs/current", self.docs_dir),
                   ("page", "docusaurus-plugin-content-pages", self.source / "src" / "pages"))
        for folder in sorted(p for p in i18n.iterdir() if p.is_dir()):
            locale = folder.name
            if locale == self.config.default_locale:
                continue
            if self.config.locales_known and locale not in self.config.locales:
                self.report.note(folder, None, f"locale `{locale}` is not among the "
                                 "settings' `i18n.locales`: Docusaurus built no page of "
                                 "it, left out")
                continue
            strings = [p.name for p in sorted(folder.iterdir())
                       if p.name == "code.json" or p.name.startswith("docusaurus-theme")]
            if strings:
                self.report.note(folder, None, "the interface's translations ("
                                 + ", ".join(f"`{n}`" for n in strings) + "): left out, "
                                 "Lanting has its own (navbar labels: `[languages."
                                 f"{lanting_language(locale)}] menu`)")
            for kind, name, own in plugins:
                root = folder / name
                self.mirrors[root.resolve()] = own.resolve()
                for path in walk(root) if root.is_dir() else []:
                    original = self.by_source.get((own / path.relative_to(root)).resolve())
                    if path.suffix.lower() not in _MARKDOWN:
                        continue
                    if original is None:
                        self.report.warn(path, None, "a translation of a file the default "
                                         "language does not have: not imported")
                        continue
                    if self.read_file(kind, root, path, locale, original) is not None:
                        self.report.convert("translations")
                        self.locales.add(locale)


def _join(route: str, slug: str) -> str:
    """`route` + `slug` as one path (`../x` resolved, as Docusaurus resolves a slug)."""
    path = posixpath.normpath("/" + "/".join(p for p in f"{route}/{slug}".split("/") if p))
    return "/" if path in ("/", "//", ".") else path

"""Quarto (a website project: `_quarto.yml` with `project: {type: website}`) → Lanting.

Posts are the documents under the folders a listing page names (`listing: {contents:
posts}`; `posts/` when none does): `posts/<name>/index.qmd` (or `.md`, `.ipynb`) or
`posts/<name>.qmd`, with the defaults of each `_metadata.yml` above them. A post Quarto
executed has its Markdown after the run in `_freeze/<path>/execute-results/html.json`:
that text is used (so the outputs appear), its figures copied from `figure-html/`; a
post without one keeps its cells as code. The other documents are pages; a listing page
is Lanting's own blog list. Old URLs: `posts/x/index.qmd` answered at `/posts/x/`,
`about.qmd` at `/about.html`, and front-matter `aliases`. The navbar becomes the menu
(`quarto_settings.py`); bodies are converted in `quarto_bodies.py`.
"""

from __future__ import annotations

import datetime as dt
import posixpath
import re
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

from lanting.importer.bibtex import BibEntry
from lanting.importer.common import (
    LinkTable,
    Options,
    bool_of,
    mtime,
    note_unplaced_keys,
    read_text,
    summary_of,
    walk,
)
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.listings import Redirects
from lanting.importer.quarto_bodies import DOCUMENTS, QuartoBodies, freeze_of
from lanting.importer.quarto_math import header_macros
from lanting.importer.quarto_notebook import (
    cell_text,
    markdown_cells,
    notebook_post,
    static_file,
)
from lanting.importer.quarto_settings import QuartoSettings, authors
from lanting.importer.report import Report
from lanting.importer.site import NOTEBOOK, NewSite, slug_of
from lanting.importer.text import (
    When,
    key_line,
    load_mapping,
    names,
    parse_when,
    raw_value,
    split_front_matter,
    zone,
)

MAPPED_KEYS = frozenset({"title", "date", "date-modified", "categories", "description",
                         "image", "draft", "aliases", "bibliography", "toc", "author",
                         "listing", "about", "lang"})
QUARTO_ONLY = frozenset({
    "format", "execute", "jupyter", "engine", "knitr", "freeze", "toc-title", "toc-location",
    "toc-depth", "title-block-banner", "title-block-style", "page-layout", "image-alt",
    "citation", "license", "copyright", "code-fold", "code-tools", "code-line-numbers",
    "number-sections", "crossref", "filters", "editor", "layout", "comments", "execute-dir",
    "image-height", "image-width", "fig-cap-location", "reference-location", "citation-location",
    "csl", "link-citations", "google-scholar", "appendix-style", "highlight-style",
    "html-math-method", "code-overflow", "keep-ipynb", "keep-md", "categories-ui",
    "open-graph", "twitter-card", "search", "sidebar", "pagetitle", "date-format", "lightbox"})
"""Keys only Quarto's rendering read: left out with one notice per file."""
_NUMERIC = re.compile(r"^(\d{1,2})([/-]| )(\d{1,2})\2(\d{4}|\d{2})$")
"""`3/1/2024`, `03-01-2024`, `3/1/24` (month first), `01 03 2024` (day first)."""


def _numeric_date(text: str, tz: dt.tzinfo) -> When | None:
    """Quarto's numeric forms, month first but with spaces (`dd MM yyyy`); a first
    number past 12 can only be a day (`26-07-2023`, a real blog's notes: Quarto's own
    reading fails there and it shows the text). Two-digit years as dayjs reads them."""
    match = _NUMERIC.match(text)
    if not match:
        return None
    first, sep, second, year_text = match.groups()
    year = int(year_text) + ((2000 if int(year_text) < 69 else 1900)
                             if len(year_text) == 2 else 0)
    month, day = (int(first), int(second)) if sep != " " else (int(second), int(first))
    if month > 12 >= day:
        month, day = day, month
    try:
        return When(dt.datetime(year, month, day, tzinfo=tz), True)
    except ValueError:
        return None


def date_of(value: Any, raw: str | None, tz: dt.tzinfo) -> When | None:
    """Quarto's dates: ISO (`2024-03-01`), `3/1/2024` and `03-01-2024` (month first),
    `March 1, 2024`, `Jan 18 2023`, `Sept 24 2025` (what Quarto's date parsing takes)."""
    found = parse_when(value, raw, tz)
    text = str(raw or value or "").strip()
    if found is not None or not text:
        return found
    numeric = _numeric_date(text, tz)
    if numeric is not None:
        return numeric
    text = re.sub(r"\bSept\b", "Sep", text)  # (JavaScript's dates read it)
    for pattern in ("%B %d, %Y", "%b %d, %Y", "%d %B %Y", "%d %b %Y", "%B %d %Y",
                    "%b %d %Y"):
        try:
            moment = dt.datetime.strptime(text, pattern).replace(tzinfo=tz)
        except ValueError:
            continue
        return When(moment, True)
    return None


class Quarto(QuartoSettings, QuartoBodies):
    kind = "quarto"

    def __init__(self, source: Path, report: Report, options: Options) -> None:
        self.source = source
        self.report = report
        self.options = options
        self.site = NewSite(report, source)
        # (Quarto reads either name)
        name = "_quarto.yml" if (source / "_quarto.yml").is_file() else "_quarto.yaml"
        self.config, error = load_mapping("yaml", read_text(source / name)) \
            if (source / name).is_file() else ({}, None)
        if error:
            report.warn(name, None, f"could not read it: {error}")
        website = self.config.get("website")
        self.website: dict[str, Any] = website if isinstance(website, dict) else {}
        self.tz = zone(options.timezone)
        self.table = LinkTable(self.site)
        self.by_source: dict[Path, Item] = {}
        self.documents: list[tuple[Item, str, Path, Path | None]] = []
        """Each item with its text, source file and the freeze's figures folder."""
        self.listings: list[Path] = []
        self.redirects = Redirects(self.site, report, name)
        self.paths: set[Path] = set()
        self.posts_roots: list[Path] = []
        self.about: dict[str, Any] = {}
        self.language = str(self.config.get("lang") or "")
        self.references: list[BibEntry] = []
        self.bib_read: set[Path] = set()

    # --- the steps ---------------------------------------------------------------------

    def run(self) -> NewSite:
        found = self.read_sources()
        self.paths = {p for p, _data, _head, _body in found}
        self.posts_roots = self.roots(found)
        for path, data, head, body in found:
            self.read_document(path, data, head, body)
        for item, text, path, figures in self.documents:
            ctx = Context(self.report, path, read_text(path))
            if item.notebook is None:
                item.body = self.convert(text, item, ctx, path, figures)
                continue
            item.body = NOTEBOOK
            for cell in markdown_cells(item.notebook):
                cell["source"] = self.convert(cell_text(cell), item, ctx, path, None)
        self.redirects.finish("listing pages")
        self.write_config()
        return self.site

    def output_dir(self) -> str:
        project = self.config.get("project")
        value = project.get("output-dir") if isinstance(project, dict) else None
        return str(value or "_site").strip("/")

    def rendered(self, rel: str) -> bool:
        """Whether Quarto rendered the file: not `_`-prefixed, not a README, and matched
        by `project: render:` when the project lists what to render."""
        parts = rel.split("/")
        if any(p.startswith(("_", ".")) for p in parts) or parts[0] == self.output_dir():
            return False
        if parts[-1].lower() in ("readme.md", "readme.qmd", "license.md", "404.qmd",
                                 "404.md") and len(parts) == 1:
            return False
        project = self.config.get("project")
        render = project.get("render") if isinstance(project, dict) else None
        if not isinstance(render, list) or not render:
            return True
        keep = any(fnmatch(rel, str(p).lstrip("/")) for p in render
                   if not str(p).startswith("!"))
        drop = any(fnmatch(rel, str(p)[1:].lstrip("/")) for p in render
                   if str(p).startswith("!"))
        return keep and not drop

    def read_sources(self) -> list[tuple[Path, dict[str, Any], str, str]]:
        found: list[tuple[Path, dict[str, Any], str, str]] = []
        for path in walk(self.source):
            rel = path.relative_to(self.source).as_posix()
            if path.suffix.lower() not in DOCUMENTS or not self.rendered(rel):
                continue
            if path.suffix == ".ipynb":
                found.append((path, {}, "", ""))
                continue
            fmt, head, body, _first = split_front_matter(read_text(path))
            data, error = load_mapping(fmt or "yaml", head)
            if error:
                self.report.warn(path, 2, f"front matter not read ({error})")
            found.append((path, data, head, body))
        return found

    def roots(self, found: list[tuple[Path, dict[str, Any], str, str]]) -> list[Path]:
        """The folders the listing pages list (`contents: posts`, `posts/*.qmd`)."""
        roots: list[Path] = []
        for path, data, _head, _body in found:
            listing = data.get("listing")
            if not listing:
                continue
            self.listings.append(path)
            for one in listing if isinstance(listing, list) else [listing]:
                contents = one.get("contents") if isinstance(one, dict) else None
                for entry in contents if isinstance(contents, list) else [contents]:
                    if not isinstance(entry, str) or entry.endswith((".yml", ".yaml")):
                        continue
                    entry = entry.lstrip("!")
                    plain = re.split(r"[*?\[{]", entry, maxsplit=1)[0]
                    folder = (path.parent / plain) if not plain.startswith("/") \
                        else self.source / plain.lstrip("/")
                    folder = folder if folder.is_dir() else folder.parent
                    if folder.resolve() != self.source.resolve() and folder not in roots:
                        roots.append(folder)
        if not roots and (self.source / "posts").is_dir():
            roots.append(self.source / "posts")
        return roots

    def defaults(self, path: Path) -> dict[str, Any]:
        """The `_metadata.yml` of each folder from the root down to the document's."""
        merged: dict[str, Any] = {}
        folder = path.parent
        chain = [folder, *folder.parents]
        for parent in reversed(chain):
            if not parent.resolve().is_relative_to(self.source.resolve()):
                continue
            for name in ("_metadata.yml", "_metadata.yaml"):
                if (parent / name).is_file():
                    data, _error = load_mapping("yaml", read_text(parent / name))
                    merged.update(data)
        return merged

    # --- documents -----------------------------------------------------------------------

    def read_document(self, path: Path, data: dict[str, Any], head: str, body: str) -> None:
        rel = path.relative_to(self.source)
        if path in self.listings:
            old = self.listing_url(path)
            if old != "/":  # (its old URL answers with the blog page)
                self.redirects.add(old, "/blog/")
            if old != "/" and not any(i.kind == "blog" for i in self.site.items) and (
                    body.strip() or str(data.get("title") or "").strip()):
                self.blog_page(path, data, body)
                return
            self.report.note(path, key_line(head, "listing"), "a listing page: left out "
                             "(Lanting lists the posts on its blog page and home page)")
            return
        post = any(path.resolve().is_relative_to(r.resolve()) for r in self.posts_roots)
        if path.suffix == ".ipynb":
            found = notebook_post(self.report, path)
            if found is None:
                return
            data, head, notebook = found
        merged = {**self.defaults(path), **data}
        name = self.name_of(path)
        if rel.as_posix() in ("index.qmd", "index.md", "index.ipynb"):
            kind = "home"
        else:
            kind = "post" if post else "page"
        front = self.front(merged, head, path, kind)
        draft = bool_of(merged.get("draft", False))
        if draft:
            front["draft"] = True
        files = front.pop("_files", {})
        if path.suffix == ".ipynb" and isinstance(data.get("image"), str):
            front["cover"] = static_file(self.source, self.site, path, data["image"]) \
                or data["image"]
        item = self.site.add(Item(kind, slug_of(name), path, front, draft=draft))
        item.files.update(files)
        if "about" in data and isinstance(data["about"], dict):
            self.about = {**data["about"], "_image": data.get("image"), "_path": path}
        self.report.counts[("drafts" if draft else "posts") if kind == "post"
                           else "pages"] += 1
        self.by_source[path.resolve()] = item
        if not draft:
            url = "/" + (rel.parent.as_posix() + "/" if path.stem == "index"
                         else rel.with_suffix(".html").as_posix())
            item.old_urls = [posixpath.normpath(url) + "/" if url.endswith("/") and
                             url != "/" else url] + self.aliases(data, rel)
            for old in item.old_urls:
                self.table.add(old, item)
        if path.suffix == ".ipynb":
            item.notebook = notebook
            self.documents.append((item, NOTEBOOK, path, None))
            return
        result, folder = freeze_of(self.source, path)
        if result is not None and isinstance(result.get("markdown"), str):
            self.report.convert("executed posts (their freeze)")
            _fmt, _head, frozen, _first = split_front_matter(result["markdown"])
            if result.get("includes") or "html-widget" in frozen:
                self.report.warn(path, None, "an HTML widget (or other output needing "
                                 "Quarto's scripts) in its freeze: it shows as the bare HTML")
            body, figures = frozen, folder / "figure-html"
        else:
            figures = None
        macros = header_macros([(self.config, self.source), (self.defaults(path), path.parent),
                                (data, path.parent)], body)
        if macros:
            self.report.convert("MathJax macros of `include-in-header` (\\newcommand)")
        self.documents.append((item, macros + body, path, figures))

    def blog_page(self, path: Path, data: dict[str, Any], body: str) -> None:
        """A listing page's title, description and text above its listing: the blog
        page's (`content/posts/_index.md`)."""
        front: dict[str, Any] = {}
        if str(data.get("title") or "").strip():
            front["title"] = str(data["title"]).strip()
        summary = summary_of(data, "description", "subtitle")
        if summary:
            front["summary"] = summary
        item = self.site.add(Item("blog", "_index", path, front, name="_index"))
        self.by_source[path.resolve()] = item
        self.documents.append((item, body, path, None))
        self.report.convert("a listing page's text (the blog page's now)")

    def name_of(self, path: Path) -> str:
        """The folder's name for `posts/x/index.qmd`, and for `posts/x/post.qmd` alone in
        its folder (a real blog named all its posts `post`); else the file's."""
        folder = path.parent
        if folder.resolve() == self.source.resolve() or folder in self.posts_roots:
            return path.stem
        alone = [p for p in self.paths if p.parent == folder] == [path]
        return folder.name if path.stem == "index" or alone else path.stem

    def aliases(self, data: dict[str, Any], rel: Path) -> list[str]:
        """Front-matter `aliases` (paths from the document's folder, or from the root)."""
        found = []
        for alias in names(data.get("aliases")):
            if re.match(r"^[a-z]+:", alias):
                continue
            path = alias if alias.startswith("/") else \
                "/" + posixpath.normpath(posixpath.join(rel.parent.as_posix(), alias))
            found.append(path + ("/" if alias.endswith("/") and not path.endswith("/")
                                 else ""))
        return found

    def front(self, data: dict[str, Any], head: str, path: Path, kind: str) -> dict[str, Any]:
        front: dict[str, Any] = {"title": str(data.get("title") or path.stem).strip()}
        date = self.date(data, head, path, "date")
        if kind == "post":
            if date is None:
                date = mtime(path, self.tz)
                self.report.warn(path, key_line(head, "date"), "no date Lanting can read: "
                                 "the file's modification time is used")
            front["date"] = date
            updated = self.date(data, head, path, "date-modified")
            if updated is not None:
                front["updated"] = updated
            front["categories"] = names(data.get("categories"))
        summary = summary_of(data, "description")
        if summary:
            front["summary"] = summary
        image = data.get("image")
        if isinstance(image, str) and image and kind == "post":
            cover = self.cover(image, path)
            if cover:
                front["cover"] = cover
        if data.get("toc") is False:
            front["toc"] = False
        self.bibliography(data, head, path, front)
        site_author = self.site_author()
        others = [a for a in authors(data.get("author")) if a != site_author]
        if others:
            front["params"] = {"author": ", ".join(authors(data.get("author")))}
            self.report.note(path, key_line(head, "author"), "`author` kept in `params` "
                             "(Lanting's pages show the site's author)")
        note_unplaced_keys(self.report, path, head, data, MAPPED_KEYS | QUARTO_ONLY)
        return front

    def date(self, data: dict[str, Any], head: str, path: Path, key: str) -> When | None:
        value = data.get(key)
        if value in (None, ""):
            return None
        if str(value) in ("last-modified", "today", "now"):
            self.report.note(path, key_line(head, key), f"`{key}: {value}`: the file's "
                             "modification time, fixed")
            return mtime(path, self.tz)
        found = date_of(value, raw_value(head, key), self.tz)
        if found is None:
            self.report.warn(path, key_line(head, key), f"`{key}: {value}` is no date "
                             "Lanting can read")
        return found

    def cover(self, value: str, path: Path) -> str:
        if re.match(r"^[a-z]+:|^//", value):
            return value
        file = self.source / value.lstrip("/") if value.startswith("/") \
            else path.parent / value
        if file.is_file():
            return self.site.image(file, None if not value.startswith("/") else value)
        self.report.warn(path, None, f"image `{value}` not found: no cover")
        return ""

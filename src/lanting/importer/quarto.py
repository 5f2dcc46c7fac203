"""Quarto (a website project: `_quarto.yml` with `project: {type: website}`) → Lanting.

Posts are the documents under the folders a listing page names (`listing: {contents:
posts}`; `posts/` when none does): `posts/<name>/index.qmd` (or `.md`, `.ipynb`) or
`posts/<name>.qmd`, with the defaults of each `_metadata.yml` above them. A post Quarto
executed has its Markdown after the run in `_freeze/<path>/execute-results/html.json`:
that text is used (so the outputs appear), its figures copied from `figure-html/` (a
deck's `figure-revealjs/`); a
post without one keeps its cells as code. The other documents are pages; a listing page
is Lanting's own blog list. Old URLs: `posts/x/index.qmd` answered at `/posts/x/`,
`about.qmd` at `/about.html`, and front-matter `aliases`. The front matter is read in
`quarto_front.py`; the navbar becomes the menu (`quarto_settings.py`); bodies are
converted in `quarto_bodies.py`.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import Any

from lanting.importer.bibtex import BibEntry
from lanting.importer.body import block
from lanting.importer.common import (
    LinkTable,
    Options,
    bool_of,
    read_text,
    summary_of,
)
from lanting.importer.distill_chunks import inline_values
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.listings import Redirects
from lanting.importer.quarto_bodies import QuartoBodies
from lanting.importer.quarto_book import TITLE_HEADING, QuartoBook
from lanting.importer.quarto_front import QuartoFront, published_url, yaml_front_matter
from lanting.importer.quarto_inline_r import inline_r
from lanting.importer.quarto_links import freeze_of
from lanting.importer.quarto_listings import QuartoListings
from lanting.importer.quarto_math import header_macros
from lanting.importer.quarto_notebook import (
    cell_options,
    cell_text,
    markdown_cells,
    static_file,
)
from lanting.importer.quarto_notebook_deck import notebook_markdown
from lanting.importer.quarto_published import published, published_page
from lanting.importer.quarto_settings import with_metadata_files
from lanting.importer.quarto_slides import deck, presentation_format
from lanting.importer.quarto_sources import QuartoSources
from lanting.importer.quarto_vars import fill, project_variables
from lanting.importer.quarto_xrefs import Label, book_labels, defined_labels
from lanting.importer.report import Report
from lanting.importer.site import NOTEBOOK, NewSite, slug_of
from lanting.importer.text import (
    key_line,
    load_mapping,
    zone,
)

_ICON = re.compile(r"\{\{<\s*(?:fa|ai|bi|iconify)\s[^<>]*>\}\}[ \t]*")
"""An icon shortcode (fontawesome, academicons, bootstrap, iconify)."""
class Quarto(QuartoFront, QuartoBodies, QuartoListings, QuartoSources, QuartoBook):
    kind = "quarto"

    def __init__(self, source: Path, report: Report, options: Options) -> None:
        self.source = source
        self.report = report
        self.options = options
        self.site = NewSite(report, source)
        # (Quarto reads either name)
        name = "_quarto.yml" if (source / "_quarto.yml").is_file() else "_quarto.yaml"
        self.settings_file = name
        self.config, error = load_mapping("yaml", read_text(source / name)) \
            if (source / name).is_file() else ({}, None)
        if error:
            report.warn(name, None, f"could not read it: {error}")
        self.config = with_metadata_files(self.config, source, report)
        website = self.config.get("website")
        self.website: dict[str, Any] = website if isinstance(website, dict) else {}
        self.tz = zone(options.timezone)
        self.table = LinkTable(self.site)
        self.by_source: dict[Path, Item] = {}
        self.documents: list[tuple[Item, str, Path, Path | None]] = []
        """Each item with its text, source file and the freeze's figures folder."""
        self.listings: list[Path] = []
        self.data_listings: set[Path] = set()
        self.talk_listings: set[Path] = set()
        """Listing pages that list only presentations (`talks.qmd`)."""
        self.redirects = Redirects(self.site, report, name)
        self.paths: set[Path] = set()
        self.posts_roots: list[Path] = []
        self.listed: set[Path] = set()
        """The documents a listing's glob names (`*.ipynb`, `*/index.qmd`): posts."""
        self.notebooks: dict[Path, dict[str, Any]] = {}
        """Each notebook without its front-matter cell."""
        self.about: dict[str, Any] = {}
        self.language = str(self.config.get("lang") or "")
        self.references: list[BibEntry] = []
        self.bib_read: set[Path] = set()
        self.mermaid = False
        self.variables = project_variables(source)
        self.metadata: dict[Path, dict[str, Any]] = {}
        self.title_labels: dict[str, Path] = {}
        """The labels of chapters' title headings (`# Title {#sec-x}`), taken out."""
        self.labels: dict[str, Label] = {}
        self.chapter_numbers: dict[Path, str] = {}
        self.chapter_order: list[str] | None = None
        """A book's numbered chapters: `1`, `2` …, appendices `A` …"""

    # --- the steps ---------------------------------------------------------------------

    def run(self) -> NewSite:
        found = self.read_sources()
        self.paths = {p for p, _data, _head, _body in found}
        self.chapter_numbers = self.book_numbers(found)
        self.chapter_order = self.book_order()
        self.posts_roots = self.roots(found)
        for path, data, head, body in found:
            self.read_document(path, data, head, body)
        texts = {path: text for _item, text, path, _figures in self.documents
                 if text != NOTEBOOK}
        self.labels = book_labels(
            ((path, texts[path]) for path in self.in_book_order(list(texts))),
            {label: (path, self.by_source[path.resolve()].front.get("title", ""))
             for label, path in self.title_labels.items()}, self.language,
            self.chapter_numbers)
        self.defined = frozenset().union(*(defined_labels(read_text(path))
                                           for path in sorted(self.paths)))
        if self.chapter_order is not None:
            self.labels_twice()
        for item, text, path, figures in self.documents:
            ctx = Context(self.report, path, read_text(path))
            self.summary_links(item, ctx, path)
            if item.notebook is None:
                item.body = self.convert(text, item, ctx, path, figures)
                continue
            item.body = NOTEBOOK
            for cell in markdown_cells(item.notebook):
                cell["source"] = self.convert(cell_text(cell), item, ctx, path, None)
            self.output_links(item, ctx, path)
        self.redirects.finish("listing pages and slide decks")
        self.write_config()
        return self.site

    # --- documents -----------------------------------------------------------------------

    def read_document(self, path: Path, data: dict[str, Any], head: str, body: str) -> None:
        rel = path.relative_to(self.source)
        meta = {**self.config, **self.defaults(path), **data}
        self.metadata[path.resolve()] = meta
        if path in self.talk_listings:  # (its old URL answers with the talks page; `/`
            # is the new home page, which the build refuses to redirect)
            if (old := self.listing_url(path)) != "/":
                self.redirects.add(old, "/talks/")
            self.report.note(path, key_line(head, "listing"), "a listing of talks: left out "
                             "(Lanting lists the talks on its talks page)")
            return
        if path in self.data_listings:
            self.report.warn(path, key_line(head, "listing"), "a listing of a data file's "
                             "items (drawn by the site's own template): left out, the "
                             "page's text kept (copy the items into it as a list)")
        if path in self.listings:
            old = self.listing_url(path)
            blog = any(i.kind == "blog" for i in self.site.items)
            if old != "/" and blog and own_text(body):  # (a research area's page, its
                # papers listed under its text: the text is a page's, as it was)
                self.report.warn(path, key_line(head, "listing"), "a listing in a text of "
                                 "its own: the text kept, the list left out (Lanting lists "
                                 "the posts on its blog page)")
            else:
                if old != "/":  # (its old URL answers with the blog page)
                    self.redirects.add(old, "/blog/")
                if old != "/" and not blog and (
                        body.strip() or str(data.get("title") or "").strip()):
                    self.blog_page(path, self.filled(data, meta, path, head), body)
                    return
                self.report.note(path, key_line(head, "listing"), "a listing page: left "
                                 "out (Lanting lists the posts on its blog page and home "
                                 "page)")
                return
        post = path.resolve() in self.listed
        merged = self.filled({**self.defaults(path), **data}, meta, path, head)
        slides = presentation_format({**self.defaults(path), **data})
        titled = bool(str(merged.get("title") or "").strip())
        if not titled and (first := TITLE_HEADING.match(body)):
            # (a book's chapter: Quarto titles it by its first `#` heading; a deck's is
            # its first slide's, which it stays: Pandoc makes no title slide untitled)
            merged["title"] = first.group("title")
            body = body if slides else first.group("pre") + body[first.end():]
            if first.group("id"):
                self.title_labels[first.group("id")] = path
            self.report.convert("titles from a document's first `#` heading")
        top = rel.as_posix() in ("index.qmd", "index.md", "index.ipynb", "index.Rmd")
        # (a project of one talk, its deck at `/`: a talk named as its folder, not home)
        name = self.source.resolve().name if top and slides else path.stem \
            if slides and path.stem != "index" and path.parent.parent == self.source \
            else self.name_of(path)  # (`talks/deck.qmd` alone in `talks/`: not "talks")
        kind = "home" if top and not slides else "talk" if slides else "post" if post else "page"
        front = self.front(merged, head, path, kind)
        if path.resolve() in self.chapter_numbers:  # (its title and sections numbered)
            front["chapter"] = self.chapter_numbers[path.resolve()]
        draft = bool_of(merged.get("draft", False))
        if draft:
            front["draft"] = True
        files = front.pop("_files", {})
        if path.suffix == ".ipynb" and isinstance(data.get("image"), str):
            # (a notebook post has no bundle: its cover is a file of static/; one not
            # found was written as it was, and the build failed on it)
            image = data["image"]
            cover = static_file(self.source, self.site, path, image) \
                or (image if re.match(r"^[a-z]+:|^//", image) else "")
            front.pop("cover", None)
            if cover:
                front["cover"] = cover
            elif kind != "post":  # (a post's was reported by `front`)
                self.report.warn(path, None, f"image `{image}` not found: no cover")
        item = self.site.add(Item(kind, slug_of(name), path, front, draft=draft))
        item.files.update(files)
        if "about" in data and isinstance(data["about"], dict):
            self.about = {**data["about"], "_image": data.get("image"), "_path": path}
        self.report.counts[("drafts" if draft else "posts") if kind == "post"
                           else "talks" if kind == "talk" else "pages"] += 1
        self.by_source[path.resolve()] = item
        if not draft:
            url = self.old_url(rel, data)
            item.old_urls = [posixpath.normpath(url) + "/" if url.endswith("/") and
                             url != "/" else url] + self.aliases(data, rel)
            for old in item.old_urls:
                self.table.add(old, item)
            if kind == "talk" and item.old_urls[0] != (article := self.site.new_url(item)):
                # (the old URL showed the slides: it leads to the deck, not the article;
                # `/` is the new home page)
                if (old_url := item.old_urls.pop(0)).strip("/."):
                    self.redirects.add(old_url, article + "slides/")
        if path.suffix == ".ipynb":
            notebook = cell_options(self.report, path, self.notebooks[path])
            if kind != "talk":
                item.notebook = notebook
                self.documents.append((item, NOTEBOOK, path, None))
                return
            # (a talk is Markdown: the cells as Quarto showed them, cut as a `.qmd` deck)
            body = notebook_markdown(notebook, self.site,
                                     self.site.new_url(item).strip("/"))
        result, folder = freeze_of(self.source, path)
        figures: Path | None
        if result is not None and isinstance(result.get("markdown"), str):
            self.report.convert("executed posts (their freeze)")
            _fmt, _head, frozen, _first = yaml_front_matter(result["markdown"])
            if result.get("includes") or "html-widget" in frozen:
                self.report.warn(path, None, "an HTML widget (or other output needing "
                                 "Quarto's scripts) in its freeze: it shows as the bare HTML")
            body, figures = frozen, folder
        else:
            body, figures = self.published(path, body)
        subtitle = str(merged.get("subtitle") or "").strip()
        if subtitle and kind != "talk":
            # (Quarto shows it under the title; Lanting's front matter has no place for
            # it, and a project's post held its code and paper links there)
            body = block(" ".join(subtitle.split())) + body.lstrip("\n")
            self.report.convert("subtitles as the text's first paragraph")
        if kind == "talk":  # (its freeze's text too: a deck's code cells ran)
            body = deck(body, merged if titled else {**merged, "title": ""},
                        Context(self.report, path, read_text(path)))
            self.report.convert(f"presentations (`format: {slides}`) as talks")
        macros = header_macros([(self.config, self.source), (self.defaults(path), path.parent),
                                (data, path.parent)], body)
        if macros:
            self.report.convert("MathJax macros of `include-in-header` (\\newcommand)")
        self.documents.append((item, macros + body, path, figures))

    def published(self, path: Path, body: str) -> tuple[str, Path | None]:
        """`body` with its cells' outputs from the page the project published, when it
        has one and its cells pair (`quarto_published`), and the folder of its figures;
        else as it is, and None."""
        found = published_page(self.source, self.output_dir(), path)
        if found is None or "```{" not in body:
            return body, None
        page = read_text(found[0])
        made = published(body, page)
        if not made.paired:
            return body, None
        self.report.convert("executed documents (outputs from their published page)")
        if made.widgets:
            self.report.warn(path, None, f"{made.widgets} output(s) needing the published "
                             "page's scripts (an HTML widget) left out")
        text, _filled = inline_values(made.text, page)
        return inline_r(text, Context(self.report, path, read_text(path))), found[1]

    def filled(self, data: dict[str, Any], meta: dict[str, Any], path: Path,
               head: str) -> dict[str, Any]:
        """`data` with the `var` and `meta` shortcodes of its title, subtitle and
        description filled in (a course's `title: "{{< var course.short >}} - …"`); one
        whose value is not known (inline R code) is a warning."""
        def counted() -> None:
            self.report.convert("`var` and `meta` shortcodes filled in")

        out = dict(data)
        for key in ("title", "subtitle", "description"):
            if isinstance(out.get(key), str) and "{{<" in out[key]:
                # (an icon only draws: a post's `subtitle: "{{< fa brands github >}}
                # [GitHub](…)"` was left out whole, its links with it)
                out[key], icons = _ICON.subn("", fill(out[key], self.variables, meta,
                                                      counted))
                out[key] = out[key].strip()
                self.report.convert("icons in a title, subtitle or description left out",
                                    icons)
                if "{{<" in out[key]:
                    self.report.warn(path, key_line(head, key),
                                     f"`{key}` holds a shortcode whose value is not known "
                                     "here: write it in")
        return out

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

    def old_url(self, rel: Path, data: dict[str, Any]) -> str:
        """Where the old site published the document at `rel` (distill's differs)."""
        return published_url(rel, data)

    def name_of(self, path: Path) -> str:
        """The folder's name for `posts/x/index.qmd`, and for `posts/x/post.qmd` alone in
        its folder (a real blog named all its posts `post`); else the file's. A file
        beside folders of documents is no bundle's (`content/CV.qmd` over
        `content/talks/…`: the page `cv`, not `content`)."""
        folder = path.parent
        if folder.resolve() == self.source.resolve() or folder in self.posts_roots:
            return path.stem
        alone = [p for p in self.paths if p.is_relative_to(folder)] == [path]
        return folder.name if path.stem == "index" or alone else path.stem


def own_text(body: str) -> bool:
    """Whether a listing page's text says something of its own: paragraphs or list
    items (160 characters, links' addresses aside), not only headings, the listing's
    empty div, cells, raw HTML, comments or a line pointing to a fuller list."""
    text = re.sub(r"<!--.*?-->|^(`{3,}|~{3,}).*?^\1[ \t]*$", "", body,
                  flags=re.DOTALL | re.MULTILINE)
    prose = [line for line in text.splitlines()
             if re.match(r"[ \t]*(?:[-*+][ \t]|\d+\.)?[ \t]*[\w*_\[\"'(]", line)
             and not line.lstrip().startswith(("#", ":::", "<"))]
    return len(re.sub(r"\]\([^)]*\)", "]", " ".join(prose))) >= 160

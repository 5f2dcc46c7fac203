"""MkDocs (with Material for MkDocs and its blog plugin) → Lanting.

The pages are the Markdown files of `docs_dir` (`docs/`). With the blog plugin, those
under its posts folder (`docs/blog/posts/`, any depth) are posts: `date` (a date, or
`{created, updated}`), `categories`, `tags`, `authors` (ids of `.authors.yml`), `slug`,
`draft`, `pin`, `links`; their old URLs follow `post_url_format` (`{date}/{slug}`, the
slug made by `post_slugify` from the title) under `blog_dir`. Every other file is a page
at its old path (`/notes/attention/`, or `.html` without `use_directory_urls`);
`docs/index.md` is the home page. A page's title is its front-matter `title`, else its
first `# heading`, as MkDocs reads it. `mkdocs.yml` becomes `lanting.toml`
(`mkdocs_settings.py`); bodies are converted in `mkdocs_bodies.py`; old URLs, and the
files MkDocs did not publish, are `mkdocs_paths.py`'s.
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from lanting.importer.common import (
    GENERATED,
    LinkTable,
    Options,
    read_text,
    walk,
)
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.mkdocs_anchors import (
    lanting_id,
    linked_ids,
    python_markdown_headings,
    toc_ids,
    toc_keeps_case,
    toc_unicode,
)
from lanting.importer.mkdocs_blogging import BLOG_CONTENT, blogging_folders, blogging_post
from lanting.importer.mkdocs_bodies import MkDocsBodies, first_heading
from lanting.importer.mkdocs_changelog import changelog_years
from lanting.importer.mkdocs_front import MkDocsFront, title_of_file
from lanting.importer.mkdocs_i18n import i18n_of
from lanting.importer.mkdocs_math import reads_math
from lanting.importer.mkdocs_notebooks import (
    executed,
    notebook_files,
    notebook_plugin,
    script_notebook,
)
from lanting.importer.mkdocs_paths import MkDocsPaths
from lanting.importer.mkdocs_settings import (
    MkDocsSettings,
    blog_instances,
    blog_slugify,
    plugin,
)
from lanting.importer.mkdocs_wikilinks import WikiTargets, wiki_plugin
from lanting.importer.mkdocs_zensical import CONFIG, zensical_config
from lanting.importer.quarto_notebook import cell_text, markdown_cells, notebook_post
from lanting.importer.report import Report
from lanting.importer.site import NOTEBOOK, NewSite, slug_of
from lanting.importer.text import (
    key_line,
    load_mapping,
    split_front_matter,
    zone,
)

_GENERATED = frozenset({"blog", "tags", "categories", "archive", "search", "posts",
                        "publications", "talks"})
"""Pages Lanting makes itself: an imported page of that name would take its URL."""
_TAGS_PAGE = re.compile(r"<!--\s*material/tags\b[^>]*-->|^\[TAGS\]\s*$", re.MULTILINE)


class MkDocs(MkDocsSettings, MkDocsFront, MkDocsBodies, MkDocsPaths):
    kind = "mkdocs"

    def __init__(self, source: Path, report: Report, options: Options) -> None:
        self.source = source
        self.report = report
        self.options = options
        self.site = NewSite(report, source)
        name = next((n for n in ("mkdocs.yml", "mkdocs.yaml") if (source / n).is_file()),
                    CONFIG if (source / CONFIG).is_file() else "mkdocs.yml")
        self.raw = read_text(source / name) if (source / name).is_file() else ""
        self.config, error = (zensical_config(self.raw) if name == CONFIG
                              else load_mapping("yaml", self.raw))
        if error:
            report.warn(name, None, f"could not read it: {error}")
        self.docs = source / str(self.config.get("docs_dir") or "docs")
        self.blogs = blog_instances(self.config, self.raw)
        """Each blog of the site; the first is the one whose index, authors and listing
        pages are read (`blog`)."""
        self.blog = self.blogs[0] if self.blogs else None
        for other in self.blogs[1:]:
            report.note(name, None, f"a second blog (`blog_dir: {other.blog_dir}`): its "
                        "posts are posts of the one blog Lanting has, at their old URLs "
                        "too; its index, archive and category pages are not kept")
        self.blogging = blogging_folders(self.config)
        """The folders whose pages mkdocs-blogging-plugin listed as posts."""
        self.directory_urls = self.config.get("use_directory_urls", True) is not False
        self.i18n = i18n_of(plugin(self.config, "i18n"))
        self.tz = zone(options.timezone)
        self.table = LinkTable(self.site)
        self.by_source: dict[Path, Item] = {}
        self.documents: list[tuple[Item, str, Path]] = []
        self.texts: list[str] = []
        self.page_names: Counter[str] = Counter()
        """How many files have each name (`chap1.md` in every course's folder)."""
        self.blog_index: Path | None = None
        self.tags_page: Path | None = None
        self.author_names: dict[str, str] = {}
        self.toc_unicode = toc_unicode(self.config, self.raw)
        self.toc_case = self.toc_unicode and toc_keeps_case(self.raw)
        self.headings: dict[Path, list[tuple[str, str]]] = {}
        """Each page's headings with the ids MkDocs gave them."""
        self.linked: dict[Path, set[str]] = {}
        """Each page's ids that links of the site name (`x.md#_2`)."""
        self.auto_append = ""
        self.site_math = reads_math(self.config)
        self.wiki_targets: WikiTargets | None = None
        changelog = plugin(self.config, "changelog")
        self.changelog = changelog_years(source, self.docs, changelog) \
            if changelog is not None else {}
        self.notebooks: tuple[str, dict[str, Any]] | None = None
        """The plugin that made pages of notebooks, and its options."""
        hooks = self.config.get("hooks")
        # (the hook, or the plugin made of it: `plugins: [toc]`)
        self.toc_hook = plugin(self.config, "toc") is not None or any(
            "BEGIN_TOC" in read_text(source / str(h)) for h in
            (hooks if isinstance(hooks, list) else []) if (source / str(h)).is_file())

    # --- the steps ---------------------------------------------------------------------

    def run(self) -> NewSite:
        if not self.docs.is_dir():
            # (a script may make the folder, as a Foam workspace's does: its notes are
            # elsewhere, and only another reader finds them)
            notes = any(p.suffix.lower() in (".md", ".markdown") for p in walk(self.source))
            self.report.warn("mkdocs.yml", key_line(self.raw, "docs_dir", 1),
                             f"no docs folder `{self.docs.name}`: nothing to import"
                             + (" (if the folder's Markdown files are notes, not the MkDocs "
                                "site's pages, import them with `--from notes`)"
                                if notes else ""))
            self.write_config()
            return self.site
        self.author_names = self.authors()
        self.auto_append = self.appended()
        self.copy_files()
        if wiki_plugin(self.config) is not None:
            self.wiki_targets = WikiTargets(self.docs, walk(self.docs))
        pages = [p for p in walk(self.docs) if p.suffix.lower() in (".md", ".markdown")]
        parts = self.snippet_files([read_text(p) for p in pages])
        self.notebooks = notebook_plugin(self.config)
        notebooks = notebook_files(self.docs, walk(self.docs), self.notebooks[1]) \
            if self.notebooks is not None else []
        # (a page and its translations are one name: `en/a.md`, `zh/a.md`)
        self.page_names = Counter(_name_key(_page_name(p)) for p in
                                  {self.in_language(p)[1] for p in pages} | set(notebooks))
        for path in pages:
            if path.resolve() in parts:
                self.report.note(path, None, "a snippet other pages inline: not a page")
                continue
            why = self.unbuilt(path)
            if why:
                self.report.note(path, None, f"{why}: left out")
                continue
            self.read_document(path)
        for path in notebooks:
            self.read_notebook(path)
        for _item, _text, path in self.documents:
            self.links_to_headings(path)
        for item, text, path in self.documents:
            ctx = Context(self.report, path, read_text(path))
            if item.notebook is None:
                item.body = self.convert(text, item, ctx, path)
                continue
            for cell in markdown_cells(item.notebook):
                cell["source"] = self.convert(cell_text(cell), item, ctx, path,
                                              whole_page=False)
        self.write_config()
        self.listing_redirects()
        return self.site

    def copy_files(self) -> None:
        """The files MkDocs copied beside the pages (`docs/assets/x.png` answered at
        `/assets/x.png`, a page's raw HTML may load `docs/player/x.js`) keep their paths;
        the theme's (`custom_dir`, `extra_css`, `extra_javascript`) are left out."""
        theme = self.config.get("theme")
        custom = theme.get("custom_dir") if isinstance(theme, dict) else None
        skip = (self.source / str(custom)).resolve() if custom else None
        extras = {str(e.get("path") if isinstance(e, dict) else e).lstrip("/")
                  for key in ("extra_css", "extra_javascript")
                  for e in (self.config.get(key) or [])}
        for path in walk(self.docs):
            rel = path.relative_to(self.docs).as_posix()
            if path.suffix.lower() in (".md", ".markdown") or rel in extras \
                    or rel in GENERATED or (skip is not None
                                            and path.resolve().is_relative_to(skip)):
                continue
            self.site.static[rel] = path

    def tags_file(self) -> str:
        """The tags plugin's index page (`tags_file: blog/tags.md`)."""
        options = plugin(self.config, "tags")
        return str((options or {}).get("tags_file") or "").strip("/")

    def in_language(self, path: Path) -> tuple[str, Path]:
        """(the language of a page, "" for the default one; where it is inside its
        language's pages, as if in the docs folder: `docs/zh/a.md` → `docs/a.md`)."""
        if self.i18n is None:
            return "", path
        lang, rel = self.i18n.split(path.relative_to(self.docs).as_posix())
        return lang, self.docs / rel

    def read_document(self, path: Path) -> None:
        lang, page = self.in_language(path)
        rel = page.relative_to(self.docs).as_posix()
        text = read_text(path)
        _fmt, head, body, _first = split_front_matter(text)
        data, error = load_mapping("yaml", head)
        if error:
            self.report.warn(path, 2, f"front matter not read ({error})")
        if self.blog is not None and rel == _blog_index(self.blog.blog_dir) or \
                self.blog is None and self.blogging and self.blog_index is None \
                and BLOG_CONTENT.search(body):
            # (Material's blog index, or the page of mkdocs-blogging-plugin's list: its
            # `{{ blog_content }}`)
            self.blog_index = path
            if rel == "index.md":  # (`blog_dir: .`: the blog's index is the home page)
                self.report.note(path, None, "the blog's index, at the site's root: the "
                                 "home page (Lanting lists the posts on /blog/)")
            else:
                heading = first_heading(body)
                words = BLOG_CONTENT.sub("", heading[1] if heading else body).strip()
                if words:
                    self.report.warn(path, None, "the blog's index page: left out, with "
                                     f"its {len(words.splitlines())} line(s) of text "
                                     "(Lanting's blog page lists the posts only: move the "
                                     "text to the home page or a page of its own)")
                else:
                    self.report.note(path, None, "the blog's index page: left out "
                                     "(Lanting lists the posts on its blog page)")
                return
        if _TAGS_PAGE.search(body) or rel == self.tags_file():
            self.tags_page = Path(posixpath.normpath(path))
            self.report.note(path, None, "the tags index page: left out (Lanting makes "
                             "/tags/ itself)")
            return
        kind = "home" if rel in ("index.md", "README.md") else \
            "post" if self.is_post(rel) or blogging_post(rel, data, body, self.blogging) \
            else "page"
        body, headings = python_markdown_headings(body)
        self.report.convert("headings as Python-Markdown read them (`#x`, `####### x`)",
                            headings)
        self.headings[path.resolve()] = toc_ids(body, self.toc_unicode, self.toc_case)
        title = data.get("title")
        heading = first_heading(body)
        if heading is not None and not title:
            title = heading[0]
        if heading is not None:  # (Lanting shows the title above the text)
            body = heading[1]
        title = str(title or title_of_file(path)).strip()
        front = self.front(data, head, path, kind, title)
        draft = bool(front.get("draft"))
        name = self.page_name(page) if kind == "page" else \
            _page_name(page) if kind != "home" else page.stem
        slug = ""
        post_blog = self.blog_of(rel) if kind == "post" else None
        if post_blog is not None:  # (the slug its old URL had)
            slug = str(data.get("slug") or blog_slugify(title, post_blog.separator,
                                                       post_blog.slug_unicode))
        generated = kind == "page" and slug_of(name) in _GENERATED
        if generated:
            self.report.warn(path, None, f"a page named `{name}` would take Lanting's own "
                             f"/{slug_of(name)}/: it is /{slug_of(name)}-page/, and its "
                             "old URL shows Lanting's page")
            name = f"{name}-page"
        item = self.site.add(Item(kind, slug_of(slug or name), path, front, draft=draft,
                                  lang=lang))
        self.by_source[path.resolve()] = item
        self.report.counts[("drafts" if draft else "posts") if kind == "post"
                           else "pages"] += 1
        if not generated:
            # (a link to a draft, found by its old URL, becomes its text when written)
            old = (f"/{lang}" if lang else "") + self.old_url(rel, data, title, front)
            self.table.add(old, item)
            item.old_urls = [] if draft else [old]
        if kind == "post" and data.get("links"):
            body = body.rstrip("\n") + "\n\n" + self.related(data["links"])
            self.report.convert("related links (`links`, a list after the post)")
        self.texts.append(body)
        self.documents.append((item, body, path))

    def page_name(self, path: Path) -> str:
        """A page's name: its file's (its folder's for an `index.md`), with its folder's
        before it when other pages have that name (`mechanics-chap1`), dots as `-`."""
        name = _page_name(path)
        folder = (path.parent.parent if path.stem.lower() in ("index", "readme")
                  else path.parent)
        if self.page_names[_name_key(name)] > 1 and folder != self.docs \
                and folder.is_relative_to(self.docs):
            name = f"{folder.name}-{name}"  # (the folder told them apart)
        # (`timeseries-data.dtw.md`: words the dots part, as Jupyter Book's pages' are)
        return name.replace(".", "-")

    def read_notebook(self, path: Path) -> None:
        """A notebook page of mkdocs-jupyter (or mknotebooks): titled by its first `#
        heading` (taken out, as Lanting shows the title above the text) unless
        `ignore_h1_titles`, else by its file's name; at its old URL, the one a Markdown
        file of its name had."""
        made_by, options = self.notebooks or ("mkdocs-jupyter", {})
        if path.suffix.lower() == ".ipynb":
            found = notebook_post(self.report, path)
            if found is None:
                return
            notebook = found[2]
        else:
            notebook = script_notebook(read_text(path))
        title = None
        texts = [c for c in markdown_cells(notebook) if cell_text(c).strip()]
        if texts and not options.get("ignore_h1_titles"):
            heading = first_heading(cell_text(texts[0]))
            if heading is not None:
                title, texts[0]["source"] = heading
        title = title or title_of_file(path)
        code = [c for c in notebook.get("cells", []) if isinstance(c, dict)
                and c.get("cell_type") == "code" and cell_text(c).strip()]
        if executed(self.docs, path, options) and code and not any(
                c.get("outputs") for c in code):
            self.report.warn(path, None, f"{made_by} ran it (`execute: true`), but it "
                             f"has no saved outputs: its {len(code)} code cell(s) show "
                             "without output (run it and save it, then import again)")
        item = self.site.add(Item("page", slug_of(self.page_name(path)), path,
                                  {"title": title}))
        item.notebook = notebook
        self.by_source[path.resolve()] = item
        self.report.counts["pages"] += 1
        self.report.convert(f"notebooks ({made_by}) as notebook pages")
        item.old_urls = [self.old_url(path.relative_to(self.docs).as_posix(), {}, title, {})]
        for old in item.old_urls:
            self.table.add(old, item)
        self.texts += [cell_text(c) for c in markdown_cells(notebook)]
        self.documents.append((item, NOTEBOOK, path))

    def links_to_headings(self, path: Path) -> None:
        """The heading ids the page's links name, by the page they name (a file, or a
        URL the browser resolved from the page's old URL, as `url` reads them)."""
        item = self.by_source.get(path.resolve())
        for rel, fragment in linked_ids(read_text(path)):
            rel = unquote(rel)
            file = path if not rel else (self.docs / rel.lstrip("/")) \
                if rel.startswith("/") else path.parent / rel
            target = self.by_source.get(file.resolve()) if file.is_file() else None
            if target is None and not file.is_file() and item is not None:
                target = self.from_url(rel, item)[0] or (
                    self.table.find(rel) if rel.startswith("/") else None) or \
                    self.document(file)
            if target is not None and target.source is not None:
                file = target.source
            # (and the id it names by its text, `#API reference`, which the link is
            # repaired to: a page's title keeps it only so)
            self.linked.setdefault(file.resolve(), set()).update(
                {unquote(fragment), lanting_id(unquote(fragment))})


def _blog_index(blog_dir: str) -> str:
    blog = blog_dir.strip("/")
    return "index.md" if blog in ("", ".") else f"{blog}/index.md"


def _name_key(name: str) -> str:
    """Names that make one slug (`tree.basics`, `tree_basics`) are one name."""
    return slug_of(name.replace(".", "-"))


def _page_name(path: Path) -> str:
    """A page's name: its file's, or its folder's for an `index.md` or `README.md`."""
    return path.parent.name if path.stem.lower() in ("index", "readme") else path.stem

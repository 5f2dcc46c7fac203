"""Quartz v4 (an Obsidian vault published as a digital garden) → Lanting.

The notes are the Markdown files of `content/`; `content/index.md` is the home page. A
note is a post when its front matter dates it (`date`, `created`, `published`,
`publishDate`: the dates Quartz read from the front matter); every other note is a page.
(Quartz also dated a note by its file's time, which a fresh clone resets: most gardens
date few notes, or none, and are pages that grow rather than posts of a day.) A folder
is a page at its old URL (`/ML-笔记/`) listing its notes and folders, as Quartz's folder
pages did, its `index.md` (a folder note) the text above the list. Tags are the front
matter's `tags` and the inline `#tags` of the text; `aliases` and `permalink` are old
URLs kept answering, with every note's own (its path, spaces as `-`). Notes left out by
`ignorePatterns`, `draft: true` or `publish: false` (and, with `ExplicitPublish`, every
note without `publish: true`) are skipped and reported. Bodies are converted in
`quartz_bodies.py`, the settings read in `quartz_settings.py` and written, with the
menu, in `quartz_site.py`.
"""

from __future__ import annotations

import posixpath
from collections import Counter
from pathlib import Path, PurePosixPath
from typing import Any

from lanting.importer.body_fragments import title_fragments
from lanting.importer.built_output import without_build
from lanting.importer.common import (
    LinkTable,
    Options,
    bool_of,
    list_text_front,
    mtime,
    note_unplaced_keys,
    read_text,
    summary_of,
    walk,
)
from lanting.importer.excalidraw import NOT_DRAWN, exported_image, is_drawing
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.mkdocs_bodies import first_heading
from lanting.importer.quartz_bodies import QuartzBodies, inline_tags
from lanting.importer.quartz_folders import GENERATED, QuartzFolders
from lanting.importer.quartz_notebooks import QuartzNotebooks
from lanting.importer.quartz_settings import (
    file_slug,
    ignored,
    note_url,
    read_config,
    slug,
)
from lanting.importer.quartz_site import QuartzSite
from lanting.importer.report import Report
from lanting.importer.site import NewSite, slug_of
from lanting.importer.text import (
    key_line,
    load_mapping,
    names,
    parse_when,
    split_front_matter,
    unique,
    zone,
)
from lanting.model.names import term_slug

_DATES = ("date", "created", "published", "publishDate")
"""The front-matter dates that make a note a post (Quartz's created and published)."""
_UPDATED = ("modified", "lastmod", "updated", "last-modified")
_PLACED = frozenset({"title", "tags", "tag", "aliases", "alias", "draft", "publish",
                     "description", "permalink", *_DATES, *_UPDATED})


_OTHER_TEXTS = (
    ((".rst", ".rest"), "reStructuredText", "a Sphinx project, `conf.py` beside "
     "`index.rst`, is imported as one: `--from sphinx`"),
    ((".org",), "Org", "Quartz reads no Org; a folder of org-roam notes is read as notes, "
     "`--from notes`, a Hugo site's Org pages `--from hugo`"),
    ((".adoc", ".asciidoc"), "AsciiDoc", "`pandoc -f asciidoc -t markdown` converts one"),
)
"""Text files of other markups in a folder of notes: copied, with one notice a kind."""


class Quartz(QuartzBodies, QuartzNotebooks, QuartzFolders, QuartzSite):
    kind = "quartz"
    placed_keys = _PLACED
    """The front matter's keys the new front matter carries (others are reported)."""
    keeps_old_urls = True
    """Whether each note's URL on the old site is kept answering (a published garden's
    is; a folder of notes never had one)."""
    ignored_why = "left out by `ignorePatterns` (Quartz did not publish it)"
    unpublished_why = "Quartz did not publish it"
    drawn_by = "Quartz"
    breaks_why = "HardLineBreaks"

    def __init__(self, source: Path, report: Report, options: Options) -> None:
        self.source = source
        self.report = report
        self.options = options
        self.site = NewSite(report, source)
        self.config = read_config(source)
        self.content = source / "content"
        self.tz = zone(options.timezone)
        self.table = LinkTable(self.site)
        self.by_slug: dict[str, Item] = {}
        """Each published note by its Quartz slug (`ML-笔记/attention`)."""
        self.files: dict[str, Path] = {}
        """Every other file of `content/` by its slug (`assets/fig-1.png`)."""
        self.skipped: dict[str, str] = {}
        """Each note left out, by its slug: why."""
        self.documents: list[tuple[Item, str, Path]] = []
        self.texts: list[str] = []
        self.mermaid = False
        self.top_folders: list[tuple[str, Item]] = []
        self.folder_names: dict[str, str] = {}
        """Each folder's name as written (`05-DS`, `ML 笔记`), by its slug."""
        self.names: Counter[str] = Counter()
        """How many notes have each name (`intro.md` in every course's folder)."""
        self.folders: dict[str, set[str]] = {}
        """The folders (their paths) by their names' slug (`mysql`: `MySQL`)."""

    def run(self) -> NewSite:
        if not self.content.is_dir():
            self.report.warn(self.config.file, None, "no `content/` folder: nothing to import")
            self.write_config()
            return self.site
        # (without the pages a generator published there, its build committed beside
        # the notes: they claimed the URLs of Lanting's own pages)
        paths = without_build(self.content, [
            p for p in sorted(walk(self.content) + self.kept_build_folders())
            if not self.left_out(p)], self.report)
        notes = [p for p in paths if self.is_note(p)]
        notebooks = [p for p in paths if p.suffix.lower() == ".ipynb"]
        for path in paths:
            if not self.is_note(path):
                rel = slug(self.rel(path))
                self.files[rel] = path
                self.site.static.setdefault(file_slug(self.rel(path)), path)
        for suffixes, what, hint in _OTHER_TEXTS:
            texts = [p for p in paths if p.suffix.lower() in suffixes and not self.is_note(p)]
            if texts:  # (copied, as Quartz copies any file: said, as they are no notes)
                self.report.note(texts[0], None, f"{len(texts)} {what} file(s) copied as "
                                 f"they are, not read as notes ({hint})")
        self.names = Counter(self.note_name(p).casefold() for p in notes + notebooks)
        for path in notes:  # (each note's place: its path, or what its app made it)
            for folder in PurePosixPath(self.rel(path)).parents:
                if folder.name:
                    self.folders.setdefault(slug_of(folder.name), set()).add(
                        folder.as_posix())
        for path in notes + notebooks:
            if self.is_note(path):
                self.read_note(path)
            else:
                self.read_notebook(path)
            for folder in PurePosixPath(self.rel(path)).parents:
                if folder.name:  # (a folder page's title: its name as written)
                    self.folder_names.setdefault(slug(folder.as_posix() + ".md"), folder.name)
        folders = self.folder_pages()
        for item, text, path in self.documents:
            ctx = Context(self.report, path, self.report_text(path))
            if item.notebook is not None:
                self.convert_cells(item, ctx, path)
                continue
            item.body = self.convert(text, item, ctx, path).rstrip("\n") + \
                folders.get(item.number, "\n")
        self.write_config()
        return self.site

    def report_text(self, path: Path) -> str:
        """The text whose lines the report names for the note at `path`: the note's."""
        return self.note_text(path)

    def bracketed_tags(self) -> bool:
        """Whether `#[[name]]` is a tag (Logseq's of several words): not to Quartz."""
        return False

    def kept_build_folders(self) -> list[Path]:
        """Files of a folder at the top that is otherwise a build's (`public/`), which
        the notes use."""
        return []

    def rel(self, path: Path) -> str:
        return path.relative_to(self.content).as_posix()

    def is_note(self, path: Path) -> bool:
        """Whether the file is a note to read (Markdown), not a file to copy."""
        return path.suffix.lower() == ".md"

    def note_text(self, path: Path) -> str:
        """The note's text, as Markdown with its front matter."""
        return read_text(path)

    def left_out(self, path: Path) -> bool:
        rel = self.rel(path)
        if ignored(rel, self.config.ignore):
            if path.suffix.lower() == ".md":
                self.report.note(path, None, self.ignored_why)
            return True
        return False

    # --- notes ---------------------------------------------------------------------------

    def read_note(self, path: Path) -> None:
        rel = self.rel(path)
        text = self.note_text(path)
        _fmt, head, body, _first = split_front_matter(text)
        data, error = load_mapping("yaml", head)
        if error:
            self.report.warn(path, 2, f"front matter not read ({error})")
        if is_drawing(data):
            self.drawing(path, rel)
            return
        implied = self.implied(path, rel, data, body)
        if implied is None:
            return
        data = implied
        why = self.unpublished(data)
        if why:
            self.skipped[slug(rel)] = why
            self.report.note(path, key_line(head, "draft") or key_line(head, "publish"),
                             f"{why}: not imported ({self.unpublished_why})")
            return
        folder_note = self.is_index(path)
        kind = "talk" if self.is_deck(path) else "home" if slug(rel).lower() == "index" \
            else "page" if folder_note else \
            "post" if any(data.get(k) not in (None, "") for k in _DATES) else "page"
        if rel.startswith("tags/") and not folder_note:
            self.tag_text(path, rel, data, body)  # (`tags/<tag>.md`: the tag page's text)
            return
        title = str(data.get("title") or self.untitled(path, folder_note, body))
        front = self.front(data, head, path, kind, title.strip())
        tags = inline_tags(body, self.bracketed_tags())
        if tags:
            self.report.convert("inline #tags (in the front matter's tags too)", len(tags))
            front["tags"] = unique([*front.get("tags", []), *tags])
        folder = posixpath.dirname(posixpath.dirname(rel)) if folder_note \
            else posixpath.dirname(rel)
        name = self.page_name(path, rel, folder) if kind == "page" else \
            self.unique_name(path, rel, folder)
        item = self.site.add(Item(kind, slug_of(name), path, front))
        self.by_slug[slug(rel)] = item
        self.report.counts[{"post": "posts", "talk": "talks"}.get(kind, "pages")] += 1
        urls = [note_url(rel)]
        if self.keeps_old_urls:  # (in a vault, aliases are names to link by, not URLs)
            urls += self.alias_urls(data, path, head)
        item.old_urls = urls if self.keeps_old_urls else []
        for old in urls:  # (links written as the old URLs find the note all the same)
            self.table.add(old, item)
            self.table.add(old.removesuffix(".html"), item)
        heading = first_heading(body)
        # (a deck's first heading is its first slide's, whatever its title)
        if heading is not None and heading[0] == front["title"] and kind != "talk":
            body = heading[1]  # (Lanting shows the title above the text: not twice)
            body, count = title_fragments(body, heading[0])
            self.report.convert("links to a note's title heading, to the page's top", count)
        self.texts.append(body)
        self.documents.append((item, body, path))

    def implied(self, path: Path, rel: str, data: dict[str, Any],
                body: str) -> dict[str, Any] | None:
        """The note's front matter with what its app implied (None: no note)."""
        return data

    def is_deck(self, path: Path) -> bool:
        """Whether the note is a slide deck, a talk (none is, in a Quartz garden)."""
        return False

    def drawing(self, path: Path, rel: str) -> None:
        """An Excalidraw drawing: embeds and links show its exported image, else
        nothing (with a warning at each)."""
        image = exported_image(path)
        if image is not None:
            self.files[slug(rel)] = image
            self.report.convert("Excalidraw drawings shown by their exported images")
        else:
            self.skipped[slug(rel)] = NOT_DRAWN
            self.report.note(path, None, f"{NOT_DRAWN}: not imported")

    def is_index(self, path: Path) -> bool:
        """A folder's own note: `index.md`, or Hugo's `_index.md`, as Quartz read it."""
        return path.stem.lower() in ("index", "_index")

    def note_name(self, path: Path) -> str:
        """A note's name: its file's, or its folder's for a folder note (`index.md`)."""
        return path.parent.name if self.is_index(path) else path.stem

    def untitled(self, path: Path, folder_note: bool, body: str) -> str:
        """The title of a note whose front matter gives none: its name, as Quartz
        showed it."""
        return path.parent.name if folder_note else path.stem

    def unique_name(self, path: Path, rel: str, folder: str) -> str:
        """A note's name, its folder's before it when another note or folder has it
        (`MySQL/进阶/MySQL.md` and the folder `MySQL/`, whose page would be a case apart
        from the note's; not its own folder)."""
        name = self.note_name(path)
        others = self.folders.get(slug_of(name), set()) - {posixpath.dirname(rel)}
        if (self.names[name.casefold()] > 1 or others) and folder:
            # (the folder told them apart; not one named as the note, `HW2/HW2.md`, which
            # tells no `HW2/HW2.md` of another course from it: the folder above)
            parts = folder.split("/")
            while len(parts) > 1 and slug_of(parts[-1]) == slug_of(name):
                parts.pop()
            name = f"{parts[-1]}-{name}"
        return name

    def page_name(self, path: Path, rel: str, folder: str) -> str:
        """A page's name: `unique_name`, `-page` after one of Lanting's own pages'."""
        name = self.unique_name(path, rel, folder)
        if slug_of(name) in GENERATED:
            self.report.warn(path, None, f"a page named `{name}` would take Lanting's own "
                             f"/{slug_of(name)}/: it is /{slug_of(name)}-page/")
            name = f"{name}-page"
        return name

    def tag_text(self, path: Path, rel: str, data: dict[str, Any], body: str) -> None:
        """`tags/<tag>.md` (`tags/ml/rl.md` for `ml/rl`): what Quartz shows above the
        tag's list, the tag page's text in Lanting (`content/tags/<slug>.md`)."""
        tag = rel[len("tags/"):-len(".md")]
        front = list_text_front(data)
        item = self.site.add(Item("term", term_slug(tag), path, front,
                                  name=f"tags/{term_slug(tag)}"))
        self.by_slug[slug(rel)] = item
        # (its old URL, `/tags/ml/rl`, is redirected with the other tags': `redirects`)
        self.table.add(note_url(rel), item)
        self.table.add(note_url(rel).removesuffix(".html"), item)
        self.report.convert("tag pages' texts (`tags/<tag>.md`)")
        self.texts.append(body)
        self.documents.append((item, body, path))

    def unpublished(self, data: dict[str, Any]) -> str:
        if bool_of(data.get("draft", False)):
            return "`draft: true`"
        publish = data.get("publish")
        if publish is not None and not bool_of(publish):
            return "`publish: false`"
        if self.config.explicit_publish and not bool_of(publish or False):
            return "no `publish: true` (the site publishes with `ExplicitPublish`)"
        return ""

    def front(self, data: dict[str, Any], head: str, path: Path, kind: str,
              title: str) -> dict[str, Any]:
        front: dict[str, Any] = {"title": title}
        if kind == "post":
            key = next(k for k in _DATES if data.get(k) not in (None, ""))
            value = data[key]
            when = parse_when(value, value if isinstance(value, str) else None, self.tz)
            if when is None:
                self.report.warn(path, key_line(head, key), f"date `{value}` not read: "
                                 "the file's time is used")
                when = mtime(path, self.tz)
            front["date"] = when
        for key in _UPDATED:
            value = data.get(key)
            if value not in (None, "") and kind == "post":
                updated = parse_when(value, value if isinstance(value, str) else None,
                                     self.tz)
                if updated is not None:
                    front["updated"] = updated
                break
        tags = [t.lstrip("#").strip() for t in names(data.get("tags", data.get("tag")))]
        if [t for t in tags if t]:
            front["tags"] = unique(t for t in tags if t)
        summary = summary_of(data, "description")
        if summary:
            front["summary"] = summary
        note_unplaced_keys(self.report, path, head, data, self.placed_keys)
        return front

    def alias_urls(self, data: dict[str, Any], path: Path, head: str) -> list[str]:
        """Quartz's alias pages: each of `aliases` (a name, or a path from `content/`)
        slugged as a file's path, and `permalink` as written."""
        urls: list[str] = []
        for alias in names(data.get("aliases", data.get("alias"))):
            alias = alias.strip().strip("/")
            if alias:
                urls.append(note_url(alias if alias.endswith(".md") else alias + ".md"))
        permalink = data.get("permalink")
        if isinstance(permalink, str) and permalink.strip():
            urls.append("/" + permalink.strip().lstrip("/"))
        if urls:
            self.report.convert("aliases and permalinks kept as old URLs", len(urls))
        return urls

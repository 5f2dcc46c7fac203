"""A plain Jekyll site's own collections that Jekyll published (`collections: {orf309:
{output: true}}`): a course's lecture notes in `_orf309/`, a blog's `_notes/`. Lanting
has no collection of that name, but each document was a page of the old site, at its
own URL: a dated one (its front matter's `date`, or a dated file name) becomes a post
of a series named after the collection, the others pages; both keep their old URLs.
(A collection Jekyll did not publish, `output: false`, showed only through a theme's
loop: it stays reported, as before, with every other `_x/` folder the importer does not
read.)"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lanting.importer.bibtex import BibEntry, drop_empty_fields, parse
from lanting.importer.collections import NOT_COLLECTIONS, unknown_collections
from lanting.importer.common import read_text, walk
from lanting.importer.deck_packages import MARP_HEAD
from lanting.importer.jekyll_fastpages import notebook_files
from lanting.importer.jekyll_reads import collections_root
from lanting.importer.report import Report
from lanting.importer.text import load_mapping, split_front_matter

_MARKDOWN = (".md", ".markdown", ".mkd", ".mkdn")
_THEME_LISTS = frozenset({"_featured_categories", "_featured_tags"})
"""Hydejack's collections of a page for each category or tag: lists Lanting makes."""
_DATED_NAME = re.compile(r"^\d{4}-\d{1,2}-\d{1,2}-")
"""A file name Jekyll dates a collection's document by (`2017-02-06-lecture1.md`)."""


@dataclass(frozen=True, slots=True)
class Published:
    """A document of a collection Jekyll published."""

    collection: str
    """The collection's name (`orf309`), without the folder's `_`."""
    folder: Path
    dated: bool
    """It has a date (front matter or file name): a post; else a page."""


def published_collections(source: Path, config: dict[str, Any], known: set[str]) -> list[str]:
    """The folders (`_orf309`) of the collections `_config.yml` publishes (`output:
    true`) that no importer reads otherwise, in name order."""
    named = config.get("collections")
    if not isinstance(named, dict):  # (a list of names: none published, Jekyll's default)
        return []
    return sorted(f"_{name}" for name, settings in named.items()
                  if isinstance(settings, dict) and settings.get("output") is True
                  and f"_{name}" not in known | NOT_COLLECTIONS | _THEME_LISTS
                  and (collections_root(source, config) / f"_{name}").is_dir())


def published_documents(source: Path, folders: list[str]) -> dict[Path, Published]:
    """Each Markdown document of those folders of `source` (the collections' root)
    Jekyll read (not `_drafts`-like names starting with `.`, `_`, `#` or `~`) -> what it
    is."""
    found: dict[Path, Published] = {}
    for name in folders:
        folder = source / name
        for path in sorted(folder.rglob("*")):
            rel = path.relative_to(folder).parts
            if path.suffix.lower() not in _MARKDOWN or not path.is_file() or any(
                    part[:1] in (".", "_", "#", "~") for part in rel):
                continue
            fmt, head, _body, _first = split_front_matter(read_text(path))
            data = load_mapping(fmt, head)[0] if fmt else {}
            dated = bool(data.get("date")) or bool(_DATED_NAME.match(path.name))
            found[path] = Published(name[1:], folder, dated)
    return found


def series_title(collection: str, listing_titles: dict[str, str]) -> str:
    """The series' name: the title of the page that listed the collection (`orf309/
    index.html`, "ORF 309", looping over `site.orf309`), else the collection's name."""
    return listing_titles.get(collection) or collection


def listing_titles(files: list[Path], collections: set[str]) -> dict[str, str]:
    """Collection name -> the title of a page whose loop listed it (`{% for lecture in
    site.orf309 %}`)."""
    titles: dict[str, str] = {}
    for path in files:
        fmt, head, body, _first = split_front_matter(read_text(path))
        data = load_mapping(fmt, head)[0] if fmt else {}
        title = data.get("title")
        for name in re.findall(r"\{%-?\s*for\s+\w+\s+in\s+site\.(\w+)", body):
            if name in collections and isinstance(title, str) and title.strip():
                titles.setdefault(name, " ".join(title.split()))
    return titles


class JekyllCollections:
    """The published-collections side of the Jekyll importer."""

    source: Path
    config: dict[str, Any]
    report: Report
    collection_docs: dict[Path, Published]
    series_titles: dict[str, str]
    PUBLISHED_COLLECTIONS: bool
    known_collections: Callable[[], set[str]]

    def report_unknown_collections(self) -> None:
        """Each `_x/` folder of documents the importer does not read, and why."""
        named = self.config.get("collections")
        for folder, count in unknown_collections(self.source, self.config,
                                                 self.known_collections()):
            if folder in ("_featured_categories", "_featured_tags"):  # (hydejack's)
                self.report.note(folder, None, f"`{folder}/` ({count} files) left out: "
                                 "the theme's page of each category or tag, which Lanting "
                                 "makes itself (their descriptions are not kept)")
            elif folder == "_word" and (words := len(list((self.source / folder).glob(
                    "*.docx")))) and notebook_files(self.source):
                self.report.warn(folder, None, f"`{folder}/`: {words} Word documents fastpages "
                                 "made posts of, not imported; convert each to Markdown "
                                 "(`pandoc -t gfm x.docx`) into content/posts/")
            elif isinstance(named, (dict, list)) and folder[1:] in named:
                self.report.warn(folder, None, f"collection `{folder}/` ({count} files) left "
                                 "out: Lanting has no place for it; copy what you need into "
                                 "content/pages/ by hand")
            else:  # (a `_x/` folder no collection names: Jekyll published none of it)
                self.report.note(folder, None, f"`{folder}/` ({count} files) left out: no "
                                 "collection of `_config.yml` names it, so the old site did "
                                 "not publish it either")

    def read_published(self) -> None:
        """Find the documents of the published collections, before the posts and pages
        that they become are read."""
        if not self.PUBLISHED_COLLECTIONS:
            return
        folders = published_collections(self.source, self.config, self.known_collections())
        self.collection_docs = published_documents(
            collections_root(self.source, self.config), folders)
        names = {f[1:] for f in folders}
        titles = listing_titles([p for p in walk(self.source) if p.suffix.lower() in (
            *_MARKDOWN, ".html") and not p.relative_to(self.source).parts[0].startswith("_")],
            names)
        for folder in folders:
            documents = {p: d for p, d in self.collection_docs.items()
                         if d.collection == folder[1:]}
            # (Marp decks among them are talks: a course's `_slides/`)
            decks = {p for p in documents if MARP_HEAD.search(split_front_matter(read_text(p))[1])}
            dated = sum(d.dated for p, d in documents.items() if p not in decks)
            self.series_titles[folder[1:]] = series_title(folder[1:], titles)
            told = [f"{dated} dated ones are posts of the series "
                    f"“{self.series_titles[folder[1:]]}”" if dated else "",
                    f"{n} pages" if (n := len(documents) - dated - len(decks)) else "",
                    f"{len(decks)} Marp decks, talks" if decks else ""]
            self.report.note(self.source / folder, None, f"collection `{folder}/` "
                             f"({len(documents)} documents, published by Jekyll): "
                             + ", ".join(t for t in told if t) + ", at their old URLs")
            for html in sorted((self.source / folder).rglob("*.htm*")):
                # (a document written in HTML, which the theme's layout framed)
                self.report.warn(html, None, "a document of the collection written in HTML "
                                 "(rendered by the theme): not imported; copy its text into "
                                 "a Markdown page under content/pages/")


ACADEMIC_COLLECTIONS = frozenset({"_news", "_projects", "_books", "_publications", "_talks",
                                  "_teaching", "_portfolio", "_people", "_team", "_members"})
"""The collections of al-folio and academicpages, which their importer reads by name."""


def blog_collections(source: Path, config: dict[str, Any]) -> bool:
    """Whether a site without `_posts/` keeps its blog in published collections of dated
    documents (`_blog/`, `_math/`), none of them an academic theme's: a blog citing others'
    papers with jekyll-scholar keeps `_bibliography/` too, which is no homepage's sign."""
    folders = published_collections(source, config, set(ACADEMIC_COLLECTIONS))
    documents = published_documents(collections_root(source, config), folders)
    return any(doc.dated for doc in documents.values())


def scholar_references(source: Path, config: dict[str, Any]) -> list[BibEntry]:
    """The entries of jekyll-scholar's `.bib` files (in `scholar: source:`, by default
    `_bibliography/`): the papers a blog's `{% cite %}` names (the first of a key in two
    files)."""
    folder = scholar_folder(source, config.get("scholar"))
    found: dict[str, BibEntry] = {}
    for path in sorted(folder.glob("*.bib")) if folder.is_dir() else []:
        _fmt, _head, text, _first = split_front_matter(read_text(path))
        for entry in parse(text)[0]:
            drop_empty_fields(entry)  # (`month = {}`: jekyll-scholar showed nothing)
            found.setdefault(entry.key, entry)
    return list(found.values())


def scholar_folder(source: Path, scholar: Any) -> Path:
    """The folder of jekyll-scholar's `.bib` files: its `source:` (by default
    `_bibliography`), which it reads from the site's root even when written `/cv/`
    (an absolute path only when that folder exists on the machine building it)."""
    named = scholar.get("source") if isinstance(scholar, dict) else None
    folder = str(named).strip("./") if isinstance(named, str) else ""
    return source / (folder or "_bibliography")

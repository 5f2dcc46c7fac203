"""The collections of an academic Jekyll site (al-folio, academicpages) → Lanting:
projects and teaching, `_bibliography/papers.bib` (or the file the publications page
listed; the other `.bib` files, as references), academicpages' `_publications/`
(entries of `publications.bib`) and `_talks/` (talks)."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lanting.importer import collections as C
from lanting.importer.academicpages import (
    TALK_KEYS,
    USED_KEYS,
    Publications,
    reveal_markdown,
    talk_front,
    titles_match,
)
from lanting.importer.alfolio_bib import SiteFields
from lanting.importer.alfolio_bib_pages import papers_file, publications_files
from lanting.importer.bibtex import BibEntry, drop_empty_fields, dump, parse, renamed_duplicates
from lanting.importer.common import date_of, read_text
from lanting.importer.item import FOLDERS, Item
from lanting.importer.jekyll import Jekyll
from lanting.importer.jekyll_polyglot import with_language
from lanting.importer.jekyll_reads import markdown_files
from lanting.importer.listings import Redirects
from lanting.importer.site import slug_of
from lanting.importer.text import When, key_line, load_mapping, split_front_matter

EXAMPLE_PROJECT_TEXT = "Every project has a beautiful feature showcase page."
"""The first line of each of al-folio's example projects (`project 1` … `project 9`)."""


def _theme_example(path: Path) -> bool:
    """Whether a project is one of al-folio's examples as the theme wrote it: its title
    `project 3` and its text the theme's. (Kept, they were a list of placeholder
    projects whose images a site had often deleted: broken images, a failed build.)"""
    fmt, head, body, _first = split_front_matter(read_text(path))
    title = str(load_mapping(fmt or "yaml", head)[0].get("title") or "")
    return bool(re.fullmatch(r"project \d+", title.strip())) and EXAMPLE_PROJECT_TEXT in body


def example_books(source: Path) -> bool:
    """Whether `_books/` holds only al-folio's example book review (`The Godfather`, its
    text "Lorem ipsum…"), which forks keep and never edit: no books of the owner's."""
    files = markdown_files(source / "_books", "**/*")
    return bool(files) and all(_example_book(path) for path in files)


def _example_book(path: Path) -> bool:
    fmt, head, body, _first = split_front_matter(read_text(path))
    title = str(load_mapping(fmt or "yaml", head)[0].get("title") or "")
    return title.strip() == "The Godfather" and body.lstrip().startswith("Lorem ipsum")


_DATE_NAME = re.compile(r"^(\d{4}-\d{1,2}-\d{1,2})-.*\.[^.]+$")
"""A document's file name with a date (Jekyll's `DATE_FILENAME_MATCHER`), which Jekyll
gives any document of a collection whose front matter has none."""

_EXAMPLE_TALK = re.compile(r"\s*(?:talk|tutorial|conference proceeding talk) \d+ on relevant "
                           r"topic in your field\s*$", re.IGNORECASE)
"""The titles of academicpages' example talks."""


def _example_publication(data: dict[str, Any]) -> bool:
    """One of academicpages' example publications (`Paper Title Number 1`, …), which
    many sites keep, or retitle, without ever editing their citation."""
    return str(data.get("citation") or "").lstrip().startswith("Your Name, You.")


class AcademicCollections(Jekyll):
    """The collection readers of the academic Jekyll importers (`alfolio.AlFolio`)."""

    DATED_PAGES_ARE_POSTS = False  # (a homepage's pages: its talks, its CV)
    PUBLISHED_COLLECTIONS = False  # (its collections read by name; others reported)
    READS_SCHOLAR = False  # (`_bibliography/` read with the site's own papers)

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.entries: list[BibEntry] = []
        """The entries of the new `publications.bib`."""
        url = str(self.config.get("url") or "").rstrip("/") + self.baseurl
        self.pubs = Publications(self.source, url, self.tz, dollar_math=self.dollar_math)

    def read_collections(self) -> None:
        """al-folio's projects, academicpages' portfolio (projects) and teaching."""
        if example_books(self.source):
            self.report.note(self.source / "_books", None, "left out: al-folio's example "
                             "book review (`The Godfather`), never edited")
        declared = self.config.get("collections")
        for name, kind in C.KINDS.items():
            folder = self.source / name
            files = markdown_files(folder, "**/*")
            if files and isinstance(declared, (dict, list)) and name[1:] not in declared:
                # (`projects:` commented out of `collections:`: Jekyll wrote no page)
                self.report.note(folder, None, f"`{name}/` ({len(files)} files) left out: "
                                 "`_config.yml` names no such collection, so Jekyll "
                                 "published none of them")
                continue
            page = next((i for i in self.site.items if files and i.kind == "page"
                         and self.site.new_url(i) == f"/{FOLDERS[kind]}/"), None)
            if page is not None:  # (7qchen's teaching page, and al-folio's example courses)
                self.report.warn(folder, None, f"`{name}/` ({len(files)} files) left out: "
                                 f"the site's own page {self.report.rel(page.source or '')} "
                                 f"keeps /{FOLDERS[kind]}/, where Lanting would list them")
                continue
            examples = [p for p in files if kind == "project" and _theme_example(p)]
            if examples:
                self.report.note(folder, None, f"left out: the theme's {len(examples)} "
                                 "example projects (`project 1`, …), never edited")
                files = [p for p in files if p not in examples]
            # (`1_project.md`: the number only ordered the files, `importance` orders;
            # unless it is all that tells them apart, as in al-folio's own examples)
            short = [re.sub(r"^\d{1,2}_(?=.)", "", p.stem) for p in files]
            codes = [str(with_language(self.polyglot, self.source, p, {})["lang"])
                     if self.polyglot is not None else "" for p in files]  # (`fr-ca/x.md`)
            for path, stem, code in zip(files, short, codes, strict=True):
                lang = self.polyglot.tag({"lang": code}) if self.polyglot is not None else ""
                fmt, head, body, first = split_front_matter(read_text(path))
                data, _error = load_mapping(fmt or "yaml", head)
                title = str(data.get("title") or path.stem)
                if kind == "project":
                    front, image = C.project_front(data, title)
                    if image:
                        cover = self.cover(image, path, key_line(head, "img"))
                        if cover:
                            front["cover"] = cover
                else:
                    front = C.course_front(data, title)
                    made = C.course_body(data) if str(data.get("layout")) == "course" else ""
                    if made:
                        # (after the text, whose line numbers the report gives)
                        body = (body.rstrip() + "\n\n" if body.strip() else "") + made
                        self.report.convert("course schedules as tables")
                date = date_of(data, head, "date", self.tz)
                if date is not None:
                    front["date"] = date
                if isinstance(data.get("bibliography"), str):  # (a distill project's)
                    front["_bibliography"] = data["bibliography"]
                if list(zip(short, codes, strict=True)).count((stem, code)) > 1:
                    stem = path.stem
                item = self.site.add(Item(kind, slug_of(stem), path, front, lang=lang))
                old = C.old_url(self.config, folder, path, data, self.baseurl)
                item.old_urls = [self.in_language(old, code) if lang else old]
                if self.polyglot is not None:  # (a version of the same file name's)
                    self.languages.version(item, lang, path, f"{name}:{path.name}")
                for url in item.old_urls:
                    self.table.add(url, item)
                self.by_path[path.relative_to(self.source).as_posix()] = item
                self.report.counts["projects" if kind == "project" else "courses"] += 1
                self.posts.append((item, body, first, path))

    def known_collections(self) -> set[str]:
        books = {"_books"} if example_books(self.source) else set()
        return {*super().known_collections(), "_pages", "_news", "_publications", "_talks",
                *C.KINDS, *books}

    def papers_file(self) -> Path | None:
        """The `.bib` of the site's own papers (`alfolio_bib_pages.papers_file`)."""
        return papers_file(self.source / "_bibliography", self.page_files(), self.default_bib())

    def default_bib(self) -> str:
        """The file a `{% bibliography %}` without `-f` lists: `scholar: bibliography:`."""
        scholar = self.config.get("scholar")
        default = scholar.get("bibliography") if isinstance(scholar, dict) else None
        return str(default or "references")

    def read_bibliography(self) -> None:
        papers = self.papers_file()
        # (and the other files the publications page lists, `-f preprints`: papers too)
        for path in [papers, *self.listed_beside(papers)] if papers else []:
            self.read_papers(path)
        self.read_references()  # (no papers of its own: a blog citing others' papers)

    def listed_beside(self, papers: Path) -> list[Path]:
        """The other `.bib` files the page at /publications/ lists (`-f preprints`, `-f
        books`, a list each): the owner's papers too, shown there."""
        return publications_files(self.page_files(), papers, self.default_bib())

    def read_papers(self, path: Path) -> None:
        _fmt, _head, text, first = split_front_matter(read_text(path))
        entries, strings = parse(text)
        if strings:
            self.report.convert("@string macros expanded", len(strings))
        earlier = [BibEntry("misc", key, line=0) for key in sorted(self.citations)]
        for entry, old, line in renamed_duplicates(earlier + entries):  # (a talk of a
            # paper in talks.bib under the paper's key: both were listed)
            where = f"at line {line + first - 1}" if line else "in an earlier file of the papers"
            self.report.warn(path, entry.line + first - 1, f"key `{old}` is used twice (also "
                             f"{where}): this entry is `{entry.key}` (jekyll-scholar "
                             "showed both); cite it by that key")
        dropped: dict[str, int] = {}
        empty: dict[str, int] = {}
        own = SiteFields(self.source, self.report, self.uses_emoji())
        for entry in entries:
            self.citations.add(entry.key)
            self.publication(entry, path, dropped)
            own.move(entry, path)
            for name in drop_empty_fields(entry):  # (`doi = {}`: al-folio showed no button)
                empty[name] = empty.get(name, 0) + 1
        own.finish(entries, path)
        if dropped:
            self.report.note(path, None, "fields of missing files left out: " + ", ".join(
                f"`{name}` ({n})" for name, n in sorted(dropped.items())))
        if empty:
            self.report.note(path, None, "empty fields left out: " + ", ".join(
                f"`{name}` ({n})" for name, n in sorted(empty.items())))
        self.entries += entries
        self.report.counts["publications"] += len(entries)

    def front_matters(self, folder: Path) -> Iterator[tuple[Path, dict[str, Any], str, str,
                                                             int]]:
        """(path, front matter, its text, body, first line of the body) of each `.md` of
        an academicpages collection; one whose front matter cannot be read is left out,
        with a warning. One with none (a sample commented out whole, `<!-- ---`) was a
        file Jekyll copied, no document: left out, with a notice (it was an entry with
        the file's name for a title). A file named `2012-03-01-talk.md` and dated in
        none of its front matter has that date, as Jekyll gave it."""
        for path in markdown_files(folder, "**/*"):
            fmt, head, body, first = split_front_matter(read_text(path))
            if not fmt:
                self.report.note(path, None, "left out: no front matter, so Jekyll copied "
                                 "the file as it is and listed no entry for it")
                continue
            data, error = load_mapping(fmt, head)
            if error:
                self.report.warn(path, 2, f"front matter not read ({error}): left out")
                continue
            named = _DATE_NAME.match(path.name)
            if named and data.get("date") in (None, ""):
                data["date"] = named.group(1)
            yield path, data, head, body, first

    def report_pub_problems(self) -> None:
        for file, line, message, warning in self.pubs.problems:
            (self.report.warn if warning else self.report.note)(file, line, message)
        self.pubs.problems.clear()

    def read_publications(self) -> None:
        """academicpages' `_publications/*.md`: entries of publications.bib, their old
        URLs redirected to the entries' pages."""
        folder = self.source / "_publications"
        files = list(self.front_matters(folder))
        examples = [f for f in files if _example_publication(f[1])]
        if examples:
            self.report.note(folder, None, f"left out: the theme's {len(examples)} example "
                             "publications (by “Your Name, You”), never edited")
            files = [f for f in files if f not in examples]
        page = next((i for i in self.site.items if files and i.kind == "page"
                     and self.site.new_url(i) == "/publications/"), None)
        if page is not None:
            self.report.warn(folder, None, f"`_publications/` ({len(files)} files) left out: "
                             f"the site's own page {self.report.rel(page.source or '')} "
                             "keeps /publications/, where Lanting would list them")
            return
        redirects = Redirects(self.site, self.report, "_publications")
        keys = {e.key for e in self.entries}
        for path, data, head, body, first in files:
            permalink = str(data.get("permalink") or "").strip("/")
            name = permalink.split("/")[-1] if permalink else path.stem
            entry = self.pubs.entry(path, data, head, body, first, _bib_key(name))
            base, n = entry.key, 1
            while entry.key in keys:
                n += 1
                entry.key = f"{base}-{n}"
            keys.add(entry.key)
            self.entries.append(entry)
            self.citations.add(entry.key)
            self.report.counts["publications"] += 1
            self.report.convert("academicpages publications (publications.bib)")
            slug = re.sub(r"[^\w.\-]+", "-", entry.key).strip("-.") or "entry"  # (its page)
            redirects.add(C.old_url(self.config, folder, path, data, self.baseurl),
                          f"/publications/{slug}/")
            left = [k for k in data if k not in USED_KEYS]
            if left:
                self.report.note(path, 2, "front matter with no place in publications.bib, "
                                 "left out: " + ", ".join(f"`{k}`" for k in left))
        self.report_pub_problems()
        self.report.convert("publications from their `bibtexurl` files", self.pubs.from_bib)
        redirects.finish("publication pages")

    def read_talks(self) -> None:
        """academicpages' `_talks/*.md`: talks, their text the one slide."""
        folder = self.source / "_talks"
        files = list(self.front_matters(folder))
        examples = [f for f in files if _EXAMPLE_TALK.match(str(f[1].get("title") or ""))]
        if examples:
            self.report.note(folder, None, f"left out: the theme's {len(examples)} example "
                             "talks (`Talk 1 on Relevant Topic in Your Field`, …), never "
                             "edited")
        for path, data, head, body, first in (f for f in files if f not in examples):
            front, links = talk_front(self.pubs, path, data, head)
            date = self.talk_date(path, data, head)
            if date is None:
                continue
            front["date"] = date
            permalink = str(data.get("permalink") or "").strip("/")
            name = permalink.split("/")[-1] if permalink else path.stem
            item = self.site.add(Item("talk", slug_of(re.sub(r"\.html?$", "", name)), path,
                                      front))
            item.old_urls = [C.old_url(self.config, folder, path, data, self.baseurl)]
            for url in item.old_urls:
                self.table.add(url, item)
            self.by_path[path.relative_to(self.source).as_posix()] = item
            self.report.counts["talks"] += 1
            deck = reveal_markdown(body)
            if deck is not None:
                body = deck
                self.report.convert("reveal.js Markdown decks as slides")
            else:
                self.report.note(path, None, "a talk without slides: its text is the talk's "
                                 "one slide (add slides after the front matter, separated "
                                 "by `---`)")
            body = body.rstrip() + ("\n\n" + " · ".join(links) + "\n" if links else "\n")
            if not body.strip():
                body = f"## {front['title']}\n"
            paper = next((e.key for e in self.entries
                          if titles_match(e.value("title"), front["title"])), None)
            if paper:
                front["paper"] = paper
            left = [k for k in data if k not in TALK_KEYS]
            if left:
                self.report.note(path, 2, "front matter with no place in a talk, left out: "
                                 + ", ".join(f"`{k}`" for k in left))
            self.posts.append((item, body, first, path))
        self.report_pub_problems()

    def talk_date(self, path: Path, data: dict[str, Any], head: str) -> When | None:
        """A talk's date; `2025-09-25,28` (a talk over days, as forks write it) its first
        day, with a warning; None (a warning: the talk is left out) for no date."""
        date = date_of(data, head, "date", self.tz)
        if date is not None:
            return date
        found = re.match(r"^\s*(\d{4})-(\d{1,2})-(\d{1,2})", str(data.get("date")))
        date = date_of({"date": "-".join(found.groups())}, "", "date", self.tz) \
            if found else None
        line = key_line(head, "date")
        if date is None:
            self.report.warn(path, line, "a talk without a date Lanting can read: left out")
        else:
            self.report.warn(path, line, f"date `{data.get('date')}` read as {date.text()}")
        return date

    def read_references(self) -> None:
        """The other `.bib` files of `_bibliography/` (jekyll-scholar's `--file`: other
        people's papers a post cites) as `content/references.bib`."""
        found: list[BibEntry] = []
        papers = self.papers_file()
        read = [papers, *self.listed_beside(papers)] if papers else []
        for path in sorted((self.source / "_bibliography").glob("*.bib")):
            if path in read:
                continue
            _fmt, _head, text, _first = split_front_matter(read_text(path))
            empty = 0
            for entry in parse(text)[0]:
                if entry.key in self.citations or entry.key in self.reference_keys:
                    continue  # one of the site's own papers, or in two files: the first
                self.reference_keys.add(entry.key)
                found.append(entry)
                empty += len(drop_empty_fields(entry))
            if empty:
                self.report.note(path, None, f"empty fields left out ({empty})")
        if found:
            self.site.extra["content/references.bib"] = dump(found)
            self.report.convert("cited references (content/references.bib)", len(found))

    def publication(self, entry: BibEntry, path: Path, dropped: dict[str, int]) -> None:
        """Lanting reads al-folio's fields as they are (`abbr`, `preview`, `html`, `supp`,
        `award_name`, badges, …); only file names change: al-folio finds `pdf`, `poster`,
        `slides` and `supp` in `assets/pdf/`, `html` in `assets/html/` and `preview` in
        `assets/img/publication_preview/`, Lanting a bare name in `static/`, so each
        becomes its path there. A missing file is left out with a warning."""
        fields = entry.fields
        folders = {"pdf": "assets/pdf", "poster": "assets/pdf", "slides": "assets/pdf",
                   "supp": "assets/pdf", "html": "assets/html",
                   "preview": "assets/img/publication_preview"}
        for name, folder in folders.items():
            value = entry.value(name)
            if not value or re.match(r"^[a-z]+:|^/", value):
                continue
            # (a site's own bib layout may look elsewhere: `.html` slides in assets/html/)
            found = next((f for f in (folder, "assets/html", "assets/pdf", "assets")
                          if (self.source / f / value).is_file()), None)
            if found is None:
                self.report.warn(path, entry.line, f"`{entry.key}`: {name} file "
                                 f"{folder}/{value} is missing: `{name}` left out")
                del fields[name]
                dropped[name] = dropped.get(name, 0) + 1
                continue
            # (`../assets/x.html` from its folder: the path it names, as browsers read it)
            entry.set(name, "/" + posixpath.normpath(f"{found}/{value}"))
            self.report.convert("publication files")


def _bib_key(name: str) -> str:
    """A BibTeX key from a file or permalink name: what BibTeX keys may hold."""
    return re.sub(r"[^\w:.+-]+", "-", name).strip("-") or "entry"

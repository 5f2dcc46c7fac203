"""The collections of an academic Jekyll site (al-folio, academicpages) → Lanting:
projects and teaching, `_bibliography/papers.bib` (or the file the publications page
listed; the other `.bib` files, as references); academicpages' `_publications/` and
`_talks/` in `academicpages_collections`."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from lanting.importer import collections as C
from lanting.importer.academicpages_collections import AcademicpagesCollections
from lanting.importer.alfolio_bib import SiteFields
from lanting.importer.alfolio_bib_pages import papers_file, publications_files
from lanting.importer.bibtex import BibEntry, drop_empty_fields, dump, parse, renamed_duplicates
from lanting.importer.common import date_of, read_text
from lanting.importer.item import FOLDERS, Item
from lanting.importer.jekyll_outputs import scholar_folder
from lanting.importer.jekyll_polyglot import with_language
from lanting.importer.jekyll_reads import collections_root, markdown_files
from lanting.importer.site import slug_of
from lanting.importer.text import key_line, load_mapping, split_front_matter

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




class AcademicCollections(AcademicpagesCollections):
    """The collection readers of the academic Jekyll importers (`alfolio.AlFolio`)."""

    DATED_PAGES_ARE_POSTS = False  # (a homepage's pages: its talks, its CV)
    PUBLISHED_COLLECTIONS = True  # (its own collections read by name; the others so)
    READS_SCHOLAR = False  # (`_bibliography/` read with the site's own papers)

    def read_collections(self) -> None:
        """al-folio's projects, academicpages' portfolio (projects) and teaching."""
        if example_books(self.source):
            self.report.note(self.source / "_books", None, "left out: al-folio's example "
                             "book review (`The Godfather`), never edited")
        declared = self.config.get("collections")
        for name, kind in C.KINDS.items():
            folder = collections_root(self.source, self.config) / name
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
        return papers_file(self.bib_folder(), self.page_files(), self.default_bib())

    def bib_folder(self) -> Path:
        """jekyll-scholar's folder of `.bib` files (`scholar: source:`, `_bibliography/`)."""
        return scholar_folder(self.source, self.config.get("scholar"))

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

    def read_references(self) -> None:
        """The other `.bib` files of `_bibliography/` (jekyll-scholar's `--file`: other
        people's papers a post cites) as `content/references.bib`."""
        found: list[BibEntry] = []
        papers = self.papers_file()
        read = [papers, *self.listed_beside(papers)] if papers else []
        for path in sorted(self.bib_folder().glob("*.bib")):
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

"""Hugo Blox's publication folders → entries of `publications.bib`: their `cite.bib`,
else an entry made from the front matter, with the page's buttons; the old pages lead to
the new ones."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from lanting.importer.bibtex import BibEntry, parse
from lanting.importer.common import bool_of, first_date, read_text
from lanting.importer.hugo_front import DATES
from lanting.importer.hugo_urls import hugo_path
from lanting.importer.hugoblox_abstracts import page_abstract
from lanting.importer.hugoblox_authors import plain_author, repair_authors
from lanting.importer.hugoblox_links import markdown_link, publication_field
from lanting.importer.hugoblox_pages import AUTHORS, PROJECTS, PUBLICATIONS, TALKS, HugoBloxPages
from lanting.importer.ris import fill_from, is_ris, ris_entry
from lanting.importer.site import redirect_page
from lanting.importer.text import key_line, names

TYPES = {"1": ("inproceedings", "conference"), "2": ("article", "journal"),
         "3": ("article", "preprint"), "4": ("techreport", "report"), "5": ("book", "book"),
         "6": ("incollection", "chapter"), "7": ("phdthesis", "thesis"),
         "8": ("misc", "patent"), "paper-conference": ("inproceedings", "conference"),
         "article-journal": ("article", "journal"), "article": ("article", "preprint"),
         "thesis": ("phdthesis", "thesis"), "report": ("techreport", "report"),
         "book": ("book", "book"), "chapter": ("incollection", "chapter")}
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


def _title_words(title: str) -> set[str]:
    return set(re.findall(r"\w+", re.sub(r"[{}\\]", "", title).lower()))


def same_title(one: str, other: str) -> bool:
    """Whether two titles name one paper: at least half the words of the shorter are in
    the other (BibTeX's braces and case aside)."""
    a, b = _title_words(one), _title_words(other)
    if not a or not b:
        return True  # nothing to tell them apart by
    return len(a & b) * 2 >= min(len(a), len(b))


class HugoBloxPublications(HugoBloxPages):
    """The reader of Hugo Blox's publications."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.entries: list[BibEntry] = []
        self.keys: set[str] = set()
        self.user_names: dict[str, str] = {}
        """Author folder (`admin`) -> the name it stands for."""
        self.bib_names: dict[str, str] = {}
        """Author folder -> `Last, First` for BibTeX."""
        self.owner_names: set[str] = set()
        """Authors written in bold in a publication's front matter: the site's owner."""
        self.publication_keys: dict[Path, str] = {}
        """A publication's file -> its entry's key (for its translations' old URLs)."""
        self.translated_urls: dict[Path, list[str]] = {}
        """A publication's file -> the old URLs of its translations read before it."""

    def read_special(self, path: Path, bundle: Path | None, section: str,
                     data: dict[str, Any], head: str, body: str) -> bool:
        if section in PUBLICATIONS or (
                section not in (*TALKS, *PROJECTS, *AUTHORS, "post", "posts")
                and data.get("publication") and data.get("authors")):
            # (a lab's own section of its papers, `content/publication_all/`, listed by
            # its own layout: each page a publication's front matter, not a post; one
            # the theme's `publication/` holds too, its featured papers, is that one)
            words = _title_words(str(data.get("title") or ""))
            same = None if section in PUBLICATIONS else next(
                (e for e in self.entries if _title_words(e.value("title")) == words), None)
            if same is None:
                self.read_publication(path, bundle, section, data, head, body)
            else:  # (its old page leads to the one entry)
                folder = bundle.name if bundle is not None else path.stem
                slug = hugo_path(str(data.get("slug") or folder), self.lower)
                self.keep_publication_url(self.in_folder(
                    f"/{section}/{slug}/", self.language_of(path), data), same.key)
            return True
        return super().read_special(path, bundle, section, data, head, body)

    def read_publication(self, path: Path, bundle: Path | None, section: str,
                         data: dict[str, Any], head: str, body: str) -> None:
        original = self.original_of(path)
        folder = bundle.name if bundle is not None else path.stem
        # (in its language's folder, `/ko/publication/x/`, as posts linked to it, and in
        # the folders below the section's, `publication/2024/x/`, as Hugo's was)
        old = self.old_url(path, bundle, section, folder, data)
        self.group_lists(path, bundle, section, "/publications/")
        if original is not None:  # (publications.bib holds each paper once)
            self.report.note(path, None, f"left out: a translation of "
                             f"{self.report.rel(original)}, whose entry is the paper's")
            if original in self.publication_keys:
                self.keep_publication_url(old, self.publication_keys[original])
            else:
                self.translated_urls.setdefault(original, []).append(old)
            return
        cite = (bundle / "cite.bib") if bundle is not None else None
        entries, ris = self.cite_entries(cite, folder)
        title = str(data.get("title") or "")
        if entries and cite is not None and title and not same_title(
                entries[0].value("title"), title):
            # Hugo Blox's page shows the front matter; a cite.bib about another paper is
            # most often the theme's example, copied with the folder and never edited.
            self.report.warn(cite, entries[0].line, f"cite.bib is about another paper "
                             f"(“{entries[0].value('title')}”, the theme's example?): the "
                             "entry is made from the page's front matter instead")
            entries = []
        entry = entries[0] if entries else self.synthesize(folder, data, head, path,
                                                          cite is None or not cite.is_file())
        if entries and ris:  # (a record without a venue or date: the page's has them)
            fill_from(entry, self.synthesize(folder, data, head, path, False))
        if entries and cite is not None:
            if repair_authors(entry, data):
                self.report.warn(cite, entry.line, "cite.bib's `author` separates the names "
                                 "with commas, which BibTeX reads as one person's name: "
                                 "joined with `and` instead")
            empty = [name for name in entry.fields if not entry.value(name)]
            for name in empty:  # (`note = {}`: a field the exporter left blank)
                del entry.fields[name]
            if empty:
                self.report.note(cite, entry.line, "empty fields left out: "
                                 + ", ".join(f"`{name}`" for name in empty))
        if entry.key in self.keys:  # two folders with one cite.bib key: keep both papers
            self.report.warn(cite or path, entry.line, f"BibTeX key `{entry.key}` is taken by "
                             f"another publication: this one is `{folder}`")
            entry.key = folder
        self.keys.add(entry.key)
        fields = entry.fields
        abstract, folded = page_abstract(data, body)
        if abstract and "abstract" not in fields:
            entry.set("abstract", abstract)
        if bool_of(data.get("featured")) or bool_of(data.get("selected")):  # (Academic 2's)
            entry.set("selected", "true")
        notes = [n for n in data.get("author_notes") or [] if "equal" in str(n).lower()]
        if len(notes) > 1:
            entry.set("equal_contribution", str(len(notes)))
        self.publication_links(entry, path, head, data, bundle)
        theme = data.get("hugoblox")  # (Hugo Blox 0.x: `hugoblox: {ids: {arxiv: …}}`)
        ids = theme.get("ids") if isinstance(theme, dict) else None
        ids = {"doi": data.get("doi"), **(ids if isinstance(ids, dict) else {})}
        for key in ("doi", "arxiv"):
            if ids.get(key) and key not in fields:
                entry.set(key, str(ids[key]))
        self.entries.append(entry)
        self.report.counts["publications"] += 1
        self.publication_keys[path] = entry.key
        for url in (old, *self.translated_urls.pop(path, [])):
            self.keep_publication_url(url, entry.key)
        if folded and entry.value("abstract") == abstract:
            self.report.convert("publication pages' text folded under “Abstract” (their "
                                "abstracts)")
        elif body.strip():
            self.report.note(path, None, "the publication page's text left out: Lanting makes "
                             "the publication's page from publications.bib")

    def cite_entries(self, cite: Path | None, folder: str) -> tuple[list[BibEntry], bool]:
        """The entries of a publication's `cite.bib`: BibTeX's, or a RIS record's (one
        pasted bare or inside `@article{…}`, as exporters give it) keyed by the folder;
        none, with a warning, for a file holding neither; and whether it was RIS."""
        if cite is None or not cite.is_file():
            return [], False
        text = read_text(cite)
        if is_ris(text):
            entry = ris_entry(text, folder)
            if entry is not None:
                self.report.convert("RIS records in cite.bib read as BibTeX entries")
                return [entry], True
        entries = parse(text)[0]
        if not text.strip() or entries and re.fullmatch(r"[^\s,{}()]+", entries[0].key) \
                and entries[0].value("title"):
            return entries, False
        self.report.warn(cite, entries[0].line if entries else 1, "cite.bib holds no entry "
                         "Lanting can read (no BibTeX key or title, no RIS title; another "
                         "format's record?): the entry is made from the page's front matter "
                         "instead")
        return [], False

    def keep_publication_url(self, old: str, key: str) -> None:
        """The old page of a publication (or of its translation) leads to its new one,
        and `{{< cite page=… >}}` naming it cites it."""
        self.citations[old.rstrip("/")] = key
        new = f"/publications/{key}/"
        if unquote(old) != new:  # (Hugo Blox's `publications/<key>/`: the same URL)
            self.site.extra[f"static{old}index.html"] = redirect_page(new)
            self.report.convert("old publication URLs kept (redirect pages)")

    def bib_name(self, author: str) -> str:
        """A front-matter author for BibTeX: a user's folder (`admin`) as that user's
        name; a name in bold (the owner's way of standing out) plain, and highlighted."""
        name, emphasized = plain_author(author)
        if emphasized:
            self.owner_names.add(name)
        return self.bib_names.get(name, name)

    def publication_links(self, entry: BibEntry, path: Path, head: str,
                          data: dict[str, Any], bundle: Path | None) -> None:
        """Each button of the old page as the publication button of the same meaning
        (the PDF, Preprint on arXiv, Code, a `links:` entry "Supplementary" as `supp`);
        those Lanting has no button for (Dataset, Source Document, a Demo), or a second
        link of one kind, as named links after the venue (`additional_info`)."""
        taken: set[str] = set()
        extra: list[str] = []
        where: int | None = None
        for link in self.resolved_links(self.links_of(data, bundle, path, head), bundle,
                                        "publications", path, head):
            url = link.url
            arxiv = re.search(r"arxiv\.org/(?:pdf|abs)/([\w.]+?)(?:v\d+)?(?:\.pdf)?$", url)
            field = "arxiv" if arxiv and link.key in ("url_pdf", "url_preprint") \
                else publication_field(link)
            value = arxiv.group(1) if arxiv and field == "arxiv" else url
            # (the front matter's PDF was the old page's, over a cite.bib's)
            if field is not None and field not in taken and (
                    field not in entry.fields or field in ("pdf", "arxiv")):
                entry.set(field, value)
                taken.add(field)
            elif entry.value(field or "") not in (value, url):
                extra.append(markdown_link(link.name, url))
                where = where or key_line(head, link.key)
        if extra:
            info = entry.value("additional_info")
            entry.set("additional_info", (info + " · " if info else ". ") + " · ".join(extra))
            self.report.note(path, where,
                             "links without a publication button of their kind ("
                             + ", ".join(extra) + ") shown after the venue")

    def synthesize(self, folder: str, data: dict[str, Any], head: str, path: Path,
                   no_file: bool = True) -> BibEntry:
        types = names(data.get("publication_types"))
        kind, category = TYPES.get(types[0] if types else "", ("misc", ""))
        entry = BibEntry(kind, folder, {}, 1)
        entry.set("title", str(data.get("title") or folder))
        authors = [self.bib_name(str(a)) for a in data.get("authors") or []
                   if a is not None and str(a).strip()]  # (`authors: [""]`: none)
        if authors:
            entry.set("author", " and ".join(authors))
        venue = str(data.get("publication") or "")
        # (`**BMJ Open**. 14(7):e1. <a href='https://doi.org/10.1/x'>10.1/x</a>`, as a
        # lab's script wrote it: the DOI its link, the rest text; its `target='_blank'`
        # lost its `_` and the tag was the venue's)
        for href in re.findall(r"<a\b[^>]*\bhref=['\"]([^'\"]+)", venue, re.IGNORECASE):
            found = re.match(r"https?://(?:dx\.)?doi\.org/(10\.\S+)", href, re.IGNORECASE)
            if found and "doi" not in entry.fields and not data.get("doi"):
                entry.set("doi", found.group(1))
        venue = re.sub(r"<a\b[^>]*\bhref=['\"]https?://(?:dx\.)?doi\.org/[^>]*>.*?</a>", "",
                       venue, flags=re.IGNORECASE | re.DOTALL)
        venue = re.sub(r"<[^>]+>", "", venue)
        venue = re.sub(r"^In\s+", "", " ".join(re.sub(r"[*_]", "", venue).split()))
        if venue:
            entry.set("journal" if kind == "article" else "booktitle", venue)
        date = first_date(data, head, DATES, self.tz)
        if date is not None:
            entry.set("year", str(date.moment.year))
            entry.fields["month"] = MONTHS[date.moment.month - 1]
        if category:
            entry.set("category", category)
        if no_file:
            self.report.note(path, None, f"no cite.bib: a BibTeX entry `{folder}` made from "
                             "the front matter")
        return entry

"""academicpages' own collections → Lanting: each `_publications/*.md` an entry of
`content/publications.bib` (each `_talks/*.md` a talk: `academicpages_talks`).

A publication's front matter says what BibTeX would: `citation` (a formatted reference,
`Hu Y and <b>Chen Y</b>. (2021). "Title." <i>Journal</i>. 44(4): 553-573.`) holds the
authors, `venue` the journal or proceedings (which, `category` says), `date` the year and
month, `paperurl` and `slidesurl` the buttons, `abstract` (a fork's), `excerpt` or the
text the abstract. A `bibtexurl` to a `.bib` file of the site wins over all of that, the
front matter filling in what the file lacks. Whatever has no place is named in the
report with its line.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from lanting.importer.academicpages_citations import (
    MARKDOWN_LINK,
    citation_authors,
    citation_numbers,
    marked_names,
    plain,
    split_names,
)
from lanting.importer.bibtex import BibEntry, parse
from lanting.importer.body_math import INLINE_MATH
from lanting.importer.common import date_of, read_text
from lanting.importer.kramdown import title_math
from lanting.importer.text import key_line

MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")

CATEGORIES = {  # `category:` (a key of `publication_category`) -> type, venue field, category
    "manuscripts": ("article", "journal", "journal"),
    "journals": ("article", "journal", "journal"),
    "conferences": ("inproceedings", "booktitle", "conference"),
    "workshops": ("inproceedings", "booktitle", "workshop"),
    "books": ("book", "publisher", "book"),
    "chapters": ("incollection", "booktitle", "book"),
    "preprints": ("misc", "howpublished", "preprint"),
    "theses": ("phdthesis", "school", "thesis"),
    "reports": ("techreport", "institution", "report"),
}
"""academicpages' three categories and the names forks add most."""

USED_KEYS = frozenset({"title", "collection", "category", "permalink", "excerpt", "date",
                       "venue", "slidesurl", "paperurl", "bibtexurl", "citation", "authors",
                       "author", "year", "pages", "doi", "codeurl", "layout", "journal",
                       "abstract", "publication"})
"""Publication front-matter keys the import reads (`layout` is the theme's)."""

_BOILERPLATE = re.compile(r"^\s*(?:\[?\s*download (?:the )?(?:paper|slides|bibtex)|"
                          r"recommended citation\s*:|use google scholar for full citation)",
                          re.IGNORECASE)


@dataclass
class Abstract:
    text: str
    links: dict[str, str] = field(default_factory=dict)
    """Buttons the text's links give: `code` (a GitHub link), `pdf`, `arxiv`."""
    left: str = ""
    """Text of the body the abstract does not hold (none when it is the abstract)."""


def kramdown_field(text: str, dollar_math: bool = False) -> str:
    """Text kramdown read (a title, the body) as a BibTeX field's: its inline math,
    `$$E=mc^2$$`, which MathJax drew, is `$E=mc^2$`, and a lone `$` (a dollar sign to
    kramdown, a formula's edge to BibTeX) is `\\$` — but for the `$…$` formulas of a
    site whose MathJax or KaTeX read them (`dollar_math`)."""
    formulas: list[str] = []

    def keep(match: re.Match[str]) -> str:
        formulas.append(match.group())
        return f"\x00{len(formulas) - 1}\x00"

    if dollar_math:
        text = INLINE_MATH.sub(keep, text)
    text = re.sub(r"(?<![\\$])\$(?!\$)", r"\\$", text)
    return title_math(re.sub("\x00(\\d+)\x00", lambda m: formulas[int(m.group(1))], text))


_ABSTRACT_LABEL = re.compile(r"^\s*(?:\*\*)?abstract(?:\*\*)?\s*[.:](?:\*\*)?\s+(?=\S)",
                            re.IGNORECASE)


def abstract_of(excerpt: str, body: str) -> Abstract:
    """The abstract: the body without its "Download paper here" and "Recommended
    citation" lines (and an "Abstract" heading), or the excerpt when that says more."""
    links: dict[str, str] = {}
    kept: list[str] = []
    for line in body.strip().split("\n"):
        buttons = 0
        for _text, url in MARKDOWN_LINK.findall(line):
            host = urlsplit(url).netloc.lower()
            kind = ("code" if host.endswith(("github.com", "gitlab.com")) else "arxiv"
                    if host.endswith("arxiv.org") else "pdf" if url.lower().endswith(".pdf")
                    else "")
            if kind:
                links.setdefault(kind, url)
                buttons += 1
        if buttons and len(plain(MARKDOWN_LINK.sub("", line)).split()) <= 3:
            continue  # (`Code: [repo](…)`: the button says it)
        if _BOILERPLATE.match(plain(line) if not line.lstrip().startswith("[") else line):
            continue
        if re.fullmatch(r"\s*(?:#+\s*|\*\*)?abstract(?:\*\*)?:?\s*", line, re.IGNORECASE):
            continue
        if not kept:  # (`Abstract. In this paper…`: the label pasted with the text)
            line = _ABSTRACT_LABEL.sub("", line, count=1)
        kept.append(line)
    text = plain("\n".join(kept))
    summary = plain(excerpt)
    if len(summary) > len(text):
        return Abstract(summary, links, "" if text in summary else text)
    return Abstract(text, links)


def _year_month(data: dict[str, Any], head: str, tz: dt.tzinfo) -> tuple[str, int]:
    """The year and month (0: none) of `date` (`2009-10-01`, `2023`, `2023/2/1`) or
    `year`."""
    when = date_of(data, head, "date", tz)
    if when is not None:
        return str(when.moment.year), when.moment.month
    for key in ("date", "year"):
        found = re.match(r"^\s*(\d{4})(?:[-/](\d{1,2}))?", str(data.get(key) or ""))
        if found:
            month = int(found.group(2) or 0)
            return found.group(1), month if 1 <= month <= 12 else 0
    return "", 0


def _braces_ok(text: str) -> str:
    """A value BibTeX can hold: unbalanced braces dropped."""
    depth = 0
    for char in text:
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth < 0:
            break
    return text if depth == 0 else text.replace("{", "").replace("}", "")


@dataclass
class Publications:
    """Reads `_publications/*.md` of one site into BibTeX entries."""

    source: Path
    url: str
    """The site's `url` and `baseurl` (`https://me.github.io/site`): links there are
    links to the site's own files."""
    tz: dt.tzinfo
    problems: list[tuple[Path, int | None, str, bool]] = field(default_factory=list)
    """(file, line, message, is a warning) for the report."""
    from_bib: int = 0
    """How many entries are their `bibtexurl` file's."""
    dollar_math: bool = False
    """The site's MathJax or KaTeX read `$…$` as a formula (`jekyll_math`)."""
    marked: Counter[str] = field(default_factory=Counter)
    """The names the citations set in bold or underlined, and how often: the owner's
    spellings (`Chen Y`), for `highlight_names`."""

    def owner_spellings(self) -> list[str]:
        """The names marked most (a co-author marked once, beside the owner marked in
        every paper, is not one)."""
        most = max(self.marked.values(), default=0)
        return sorted(n for n, count in self.marked.items() if count * 2 >= most)

    def own_path(self, value: str) -> str | None:
        """The path from the site's root of a link to the site itself (`files/x.pdf`,
        `/files/x.pdf`, or the site's own URL of it); None for a link elsewhere."""
        parts, own = urlsplit(value.strip()), urlsplit(self.url)
        if (parts.scheme or parts.netloc) and (
                not own.netloc or parts.netloc.lower() != own.netloc.lower()):
            return None
        path = unquote(parts.path)
        base = own.path.rstrip("/")
        if base and (path == base or path.startswith(base + "/")):
            path = path[len(base):]
        return "/" + path.lstrip("/") if path.strip("/") else None

    def own_file(self, value: str) -> Path | None:
        """The site's file a link points to, if the link is to the site and it is there."""
        path = self.own_path(value)
        file = self.source / path.lstrip("/") if path else None
        return file if file is not None and file.is_file() else None

    def link(self, value: Any, path: Path | None = None, line: int | None = None) -> str:
        """A URL of the front matter as the new site has it: a file of the site at its
        path from the root (the import copies it there), anything else as it is. A file
        of the site that is not in the source is a warning at `path`:`line`."""
        if not isinstance(value, str) or not value.strip():
            return ""
        file = self.own_file(value)
        if file is not None:
            return "/" + file.relative_to(self.source).as_posix()
        if path is not None and self.own_path(value) and re.search(r"\.\w{2,4}$", value):
            self.warn(path, line, f"{value.strip()} is a file of the old site that is not in "
                      "the source: the link to it is kept as it is")
        return value.strip()

    def entry(self, path: Path, data: dict[str, Any], head: str, body: str,
              first: int, key: str) -> BibEntry:
        """One publication's entry: from its `bibtexurl` file when there is one, the
        front matter filling in the rest."""
        title = kramdown_field(plain(str(data.get("title") or path.stem)), self.dollar_math)
        made = self.from_front(path, data, head, body, first, key, title)
        bib = self.bib_file(path, data, head, title)
        if bib is None:
            return made
        for name, value in made.fields.items():
            bib.fields.setdefault(name, value)
        return bib

    def from_front(self, path: Path, data: dict[str, Any], head: str, body: str, first: int,
                   key: str, title: str) -> BibEntry:
        category = str(data.get("category") or "").strip()
        kind, venue_field, lanting = CATEGORIES.get(category.lower(), ("", "", ""))
        # (`publication:`, the venue of a site's own publication layout)
        venue = plain(str(data.get("venue") or data.get("journal") or data.get("publication")
                          or ""))
        if not kind:
            if category:
                self.warn(path, key_line(head, "category"), f"category `{category}` is not "
                          "one Lanting knows: the type is guessed from the venue (set "
                          "`category` in publications.bib to change it)")
            kind, venue_field, lanting = _guess(venue)
        entry = BibEntry(kind, key, {}, 1)
        citation = str(data.get("citation") or "")
        given = data.get("authors") or data.get("author")
        authors = (split_names(", ".join(plain(str(a)) for a in given)) if isinstance(
            given, list) else split_names(plain(str(given))) if given else [])
        if not authors and citation:
            authors = citation_authors(citation, title)
        self.marked.update(marked_names(citation))
        if authors:
            entry.set("author", " and ".join(authors))
        elif citation or given:
            self.warn(path, key_line(head, "citation") or key_line(head, "authors"),
                      "the authors could not be read from "
                      f"{'`citation`' if citation and not given else '`authors`'}: the "
                      "entry has none (add `author` in content/publications.bib)")
        entry.set("title", _braces_ok(title))
        if venue:
            entry.set(venue_field, _braces_ok(venue))
        if lanting and lanting != {"article": "journal", "inproceedings": "conference"}.get(
                kind):
            entry.set("category", lanting)
        year, month = _year_month(data, head, self.tz)
        if year:
            entry.set("year", year)
        else:
            self.warn(path, key_line(head, "date"), "no date or year: the entry has no year")
        if month:
            entry.fields["month"] = MONTHS[month - 1]
        for name, value in citation_numbers(citation).items():
            entry.set(name, value)
        if data.get("pages"):
            entry.set("pages", str(data["pages"]))
        if data.get("doi"):
            entry.set("doi", str(data["doi"]))
        self.links(path, entry, data, head)
        # (`abstract:`, which a fork's own list showed under a button, over the excerpt)
        found = abstract_of(str(data.get("abstract") or data.get("excerpt") or ""), body)
        for name, url in found.links.items():
            if name not in entry.fields and not (name == "arxiv" and "url" in entry.fields):
                entry.set(name, self.link(url))
        if found.text:
            entry.set("abstract", _braces_ok(kramdown_field(found.text, self.dollar_math)))
        if found.left:
            self.warn(path, first, f"its text left out (“{found.left[:60]}…”): the "
                      "entry's abstract is the `excerpt` (add the rest to it, or `note` "
                      "for a badge)")
        return entry

    def links(self, path: Path, entry: BibEntry, data: dict[str, Any], head: str) -> None:
        for key, name in (("paperurl", "pdf"), ("slidesurl", "slides"), ("codeurl", "code")):
            url = self.link(data.get(key), path, key_line(head, key))
            if url:
                entry.set("url" if name == "pdf" and not url.lower().endswith(".pdf")
                          else name, url)

    def bib_file(self, path: Path, data: dict[str, Any], head: str,
                 title: str) -> BibEntry | None:
        """The entry of the `.bib` file `bibtexurl` names, if it is one of the site's."""
        url = data.get("bibtexurl")
        if not isinstance(url, str) or not url.strip():
            return None
        line = key_line(head, "bibtexurl")
        file = self.own_file(url)
        if file is None:
            self.note(path, line, f"`bibtexurl` {url} is not a file of the site: the entry "
                      "is made from the front matter")
            return None
        entries = parse(read_text(file))[0]
        chosen = next((e for e in entries if titles_match(e.value("title"), title)), None)
        if chosen is None:
            self.warn(path, line, f"`bibtexurl` {url} has no entry titled “{title}” (its "
                      "file is another paper's?): the entry is made from the front matter")
            return None
        self.from_bib += 1
        return chosen

    def warn(self, path: Path, line: int | None, message: str) -> None:
        self.problems.append((path, line, message, True))

    def note(self, path: Path, line: int | None, message: str) -> None:
        self.problems.append((path, line, message, False))


def titles_match(a: str, b: str) -> bool:
    """Two titles alike but for case, punctuation and markup (a talk's `Poster: …`
    prefix aside)."""
    def bare(text: str) -> str:
        text = re.sub(r"^(?:poster|talk|slides)\s*:\s*", "", plain(text), flags=re.I)
        return re.sub(r"[\W_]+", "", text).casefold()
    return bool(bare(a)) and bare(a) == bare(b)


_CONFERENCES = re.compile(
    r"(?:NeurIPS|NIPS|ICML|ICLR|AISTATS|UAI|COLT|CVPR|ICCV|ECCV|WACV|BMVC|IJCAI|AAAI|"
    r"ACL|EMNLP|NAACL|COLING|EACL|KDD|SIGIR|WWW|WSDM|CIKM|RecSys|SIGMOD|VLDB|ICDE|CHI|"
    r"UIST|CSCW|MICCAI|ICRA|IROS|RSS|CoRL|ICASSP|INTERSPEECH|Interspeech|OSDI|SOSP|"
    r"NSDI|SIGCOMM|ISCA|MICRO|ASPLOS|PLDI|POPL|ICSE|FSE|STOC|FOCS|SODA|SIGGRAPH)"
    r"(?:\s*(?:'\d{2}|\d{4}))?(?:\s*\([^()]*\))?")
"""A venue written as a conference's acronym alone, with its year or not (`ECCV`,
`NeurIPS 2021`, `CVPR'21 (Oral)`), as homepages name the big ones: a paper of its
proceedings, not an article of a journal called `ECCV`."""


def _guess(venue: str) -> tuple[str, str, str]:
    """Type, venue field and Lanting category of a publication without a category."""
    if _CONFERENCES.fullmatch(venue.strip()):
        return "inproceedings", "booktitle", "conference"
    lower = venue.lower()
    if "arxiv" in lower or "preprint" in lower or "biorxiv" in lower:
        return "misc", "howpublished", "preprint"
    if "workshop" in lower:
        return "inproceedings", "booktitle", "workshop"
    if re.search(r"conference|proceedings|\bproc\b|symposium|congress|\bconf\b", lower):
        return "inproceedings", "booktitle", "conference"
    if re.search(r"thesis|dissertation|universit", lower):
        return "phdthesis", "school", "thesis"
    return "article", "journal", "journal"

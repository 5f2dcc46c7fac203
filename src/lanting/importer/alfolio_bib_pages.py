"""An al-folio page listing a `.bib` of its own, not the papers' (`{% bibliography -f
talks %}` on `/talks/`, talks under the courses of `/teaching/`), or a selection of the
papers (`--query @*[scope=domestic]` on a second page of them): each list written into
the page as Markdown, as jekyll-scholar printed it — filtered by its `--query`, grouped
by year where `group_by` says so, in the order `scholar:` sets, each entry its title
(a paper's linked to its page), authors, venue, year, links and abstract — and a loop
over the page's own list (`{% for y in page.years %}`) around it unrolled."""

from __future__ import annotations

import posixpath
import re
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.importer.bibtex import BibEntry, latex_text, parse
from lanting.importer.common import read_text
from lanting.importer.jekyll_outputs import scholar_folder
from lanting.importer.text import load_mapping, split_front_matter

TAG = re.compile(r"\{%-?\s*bibliography\b(.*?)-?%\}", re.S)
_LOOP = re.compile(r"[ \t]*\{%-?\s*for\s+(\w+)\s+in\s+page\.(\w+)\s*-?%\}(.*?)"
                   r"\{%-?\s*endfor\s*-?%\}", re.S)
_FLAG = re.compile(r"(?<![\w-])(--[a-z_]+|-[a-zA-Z])(?=\s|$)")
"""An option of the tag: jekyll-scholar parts its arguments at them, each value (a
query with spaces, `@*[a=b && c=d]`) running to the next."""
_CONDITION_PARTS = re.compile(r"\s*([!~/^<>]?=|!~|<|>)\s*")
_SEARCH = re.compile(r"\{%-?\s*include\s+bib_search\.(?:liquid|html)\b.*?%\}", re.S)
"""The theme's search box over the lists (Lanting's pages have the site's search)."""
_EMPTY = "\x00empty list\x00"
_EMPTY_LIST = re.compile(r"(?:<h([1-6])\b[^>]*>[^<]*</h\1>|#{1,6}[ \t][^\n]*)\s*" + _EMPTY)
"""A year's heading over its list of no entries (a year of `page.years` without
talks), which the page leaves out."""
_MONTHS = {m: i for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul",
                                       "aug", "sep", "oct", "nov", "dec"), 1)}
LINKS = (("pdf", "PDF"), ("slides", "Slides"), ("poster", "Poster"), ("video", "Video"),
         ("html", "HTML"), ("website", "Website"), ("code", "Code"), ("url", "Link"))
"""The fields al-folio's layout showed as buttons, in its order, and their labels."""

Warn = Callable[[str], None]


def options(args: str) -> list[tuple[str, str]]:
    """A `{% bibliography %}` tag's options, (`file`, `papers`), (`query`, `@*[…]`),
    as jekyll-scholar's option parser read them (`-f` is `file`, `-q` `query`)."""
    short = {"-f": "file", "-q": "query", "-g": "group_by", "-G": "group_order"}
    parts = _FLAG.split(args)
    return [(short.get(flag, flag.lstrip("-")), value.strip())
            for flag, value in zip(parts[1::2], parts[2::2], strict=True)]


def listed_file(args: str, folder: Path, default: str) -> Path | None:
    """The `.bib` a tag's `-f` names (else the `scholar:` default), if it is there."""
    name = next((v for k, v in options(args) if k == "file" and v), default)
    path = folder / (name if name.endswith(".bib") else name + ".bib")
    return path if path.is_file() else None


def _listed_at_publications(pages: list[Path]) -> list[str]:
    """The options of each `{% bibliography %}` of the page at /publications/."""
    for page in pages:
        fmt, head, body, _first = split_front_matter(read_text(page))
        permalink = str(load_mapping(fmt or "yaml", head)[0].get("permalink") or "")
        if permalink.strip("/") == "publications" and TAG.search(body):
            return [m.group(1) for m in TAG.finditer(body)]
    return []


def papers_file(folder: Path, pages: list[Path], default: str) -> Path | None:
    """The `.bib` of the site's own papers: al-folio's `_bibliography/papers.bib`;
    else the one the page at /publications/ listed first, `{% bibliography -f tumer
    %}` (or, without `-f`, the `scholar:` default), as an older jekyll-scholar site
    wrote it; None when there is none (a blog citing others)."""
    if (folder / "papers.bib").is_file():
        return folder / "papers.bib"
    listed = _listed_at_publications(pages)
    return listed_file(listed[0], folder, default) if listed else None


def publications_files(pages: list[Path], papers: Path, default: str) -> list[Path]:
    """The `.bib` files besides `papers` that the page at /publications/ lists, in its
    order (`-f preprints`, `-f books`: lists of the owner's papers under headings)."""
    found: list[Path] = []
    for args in _listed_at_publications(pages):
        path = listed_file(args, papers.parent, default)
        if path is not None and path != papers and path not in found:
            found.append(path)
    return found


def unrolled(body: str, data: dict[str, Any]) -> str:
    """`body` with each loop over a list of the page's front matter that holds a
    `{% bibliography %}` written out once per value, `{{ y }}` filled in."""
    def loop(match: re.Match[str]) -> str:
        name, key, inner = match.groups()
        values = data.get(key)
        if not TAG.search(inner) or not isinstance(values, list):
            return match.group(0)
        value = re.compile(r"\{\{-?\s*" + name + r"\s*-?\}\}")
        inner = textwrap.dedent(inner)  # (indented, its headings read as the list's text)
        return "".join(value.sub(str(v), inner) for v in values)
    return _LOOP.sub(loop, body)


def _matches(entry: BibEntry, query: str) -> bool:
    """Whether `entry` is one bibtex-ruby's query selects: any of its `@type[…]`
    (`@*[year=2024]*`, `@talk`, `!@misc`), whose conditions are alternatives parted by
    `||`, each a list of conditions all met, parted by `,` or `&&`."""
    found = re.findall(r"(!)?@(\w+|\*)(?:\[([^\]]*)\])?", query.strip("'\""))
    if not found:
        return True
    return any((kind in ("*", entry.kind.lower()) if not non else kind != entry.kind.lower())
               and (not conditions.strip() or any(
                   all(_meets(entry, c) for c in re.split(r"\s*(?:,|&&)\s*", group) if c)
                   for group in re.split(r"\s*\|\|\s*", conditions)))
               for non, kind, conditions in ((n, k.lower(), c) for n, k, c in found))


def _meets(entry: BibEntry, condition: str) -> bool:
    """One condition of a query: `field=value`, `!=`, `^=` (starts), `~=` (matches),
    `!~`, `<=`, `>=` (numbers; `<`, `>` too), or a bare field (it has one)."""
    name, op, wanted = (_CONDITION_PARTS.split(condition.strip(), maxsplit=1) + ["", ""])[:3]
    name, wanted = name.strip().lower(), wanted.strip().strip("'\"")
    have = latex_text(entry.value(name)) if entry.value(name) else None
    if not op:
        return have is not None
    if op in ("!=", "/="):
        return have is None or have != wanted
    if have is None:
        return False
    if op in ("^=", "~=", "!~"):
        try:
            hit = re.match(wanted, have) if op == "^=" else re.search(wanted, have)
        except re.error:
            hit = None
        return (hit is None) == (op == "!~")
    if op == "=":
        return have == wanted
    if not (have.isdigit() and wanted.isdigit()):
        return True
    a, b = int(have), int(wanted)
    return {"<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b}[op]


def _sort_key(entry: BibEntry, fields: list[str]) -> tuple[int, ...]:
    def number(name: str) -> int:
        value = latex_text(entry.value(name)).strip().lower()
        if value[:3] in _MONTHS:
            return _MONTHS[value[:3]]
        return int(value) if value.isdigit() else 0
    return tuple(number(name) for name in fields)


def ordered(entries: list[BibEntry], scholar: dict[str, Any]) -> list[BibEntry]:
    """`entries` in the order `scholar: sort_by` (`year,month`) and `order` set;
    jekyll-scholar's default (no `sort_by`, `none`) is the file's."""
    fields = [f.strip() for f in str(scholar.get("sort_by") or "none").split(",")
              if f.strip() and f.strip() != "none"]
    if not fields:
        return entries
    descending = str(scholar.get("order") or "ascending").split(",")[0].strip() == "descending"
    return sorted(entries, key=lambda e: _sort_key(e, fields), reverse=descending)


def _authors(entry: BibEntry) -> str:
    names = []
    for author in re.split(r"\s+and\s+", entry.value("author")):
        last, comma, first = (latex_text(p).strip() for p in author.partition(","))
        names.append("et al." if last == "others" else f"{first} {last}" if comma else last)
    return ", ".join(n for n in names if n)


class BibLists:
    """The lists of one site's `.bib` files other than the papers' (and selections of
    the papers) written as Markdown."""

    def __init__(self, source: Path, scholar: dict[str, Any], papers: Path | None) -> None:
        self.source = source
        self.folder = scholar_folder(source, scholar)
        self.scholar = scholar
        self.papers = papers
        self.default = str(scholar.get("bibliography") or "references")

    def write(self, body: str, data: dict[str, Any], warn: Warn) -> tuple[str, int]:
        """`body` with each tag listing another file than the papers', or a selection
        of the papers (`--query`), as its list; and how many tags were written so (those
        listing all the papers are left as they are: /publications/ lists them)."""
        if not any(self.listed(m.group(1)) for m in TAG.finditer(body)):
            return body, 0
        count = 0

        def tag(match: re.Match[str]) -> str:
            nonlocal count
            path = self.listed(match.group(1))
            if path is None:
                return match.group(0)
            count += 1
            given = options(match.group(1))
            queries = [value for key, value in given if key == "query" and value]
            _fmt, _head, text, _first = split_front_matter(read_text(path))
            entries = [e for e in parse(text)[0] if all(_matches(e, q) for q in queries)]
            if not entries:
                return _EMPTY
            return "\n\n" + self.grouped(entries, dict(given), path, warn) + "\n\n"
        made = TAG.sub(tag, unrolled(_SEARCH.sub("", body), data))
        return _EMPTY_LIST.sub("", made).replace(_EMPTY, ""), count

    def listed(self, args: str) -> Path | None:
        """The file a tag lists when its list is written into the page: one not the
        papers', or the papers' with a `--query` (a second page of some of them)."""
        path = listed_file(args, self.folder, self.default)
        if path is None or (path == self.papers
                            and not any(k == "query" for k, _v in options(args))):
            return None
        return path

    def grouped(self, entries: list[BibEntry], given: dict[str, str], path: Path,
                warn: Warn) -> str:
        """The entries' items, under a heading for each year where the tag's
        `--group_by` (else `scholar: group_by`) is `year`, in its `group_order`, the
        headings of `bibliography_group_tag`'s level."""
        def items(chosen: list[BibEntry]) -> str:
            return "\n".join(self.item(e, path, warn) for e in ordered(chosen, self.scholar))
        if (given.get("group_by") or str(self.scholar.get("group_by") or "")) != "year":
            return items(entries)
        order = given.get("group_order") or str(self.scholar.get("group_order") or "")
        years = sorted({e.value("year") for e in entries},
                       key=lambda y: int(y) if y.isdigit() else 0,
                       reverse=order == "descending")
        level = int(re.sub(r"\D", "", str(self.scholar.get("bibliography_group_tag")
                                          or "h2")) or 2)
        return "\n\n".join(f"{'#' * level} {year or 'Other'}\n\n"
                             + items([e for e in entries if e.value("year") == year])
                             for year in years)

    def item(self, entry: BibEntry, path: Path, warn: Warn) -> str:
        """One entry as a list item: its badge and title, authors, venue and year, the
        buttons as links, the abstract under them."""
        title = latex_text(entry.value("title")) or entry.key
        if path == self.papers:  # (one of the site's papers: its page)
            title = f"[{title}](/publications/{entry.key}/)"
        badge = latex_text(entry.value("abbr"))
        lines = [f"**{badge}** · **{title}**" if badge else f"**{title}**"]
        venue = next((latex_text(entry.value(f)) for f in (
            "booktitle", "journal", "conference", "howpublished", "organization", "school",
            "institution", "publisher") if entry.value(f)), "")
        where = ", ".join(x for x in (f"*{venue}*" if venue else "",
                                      latex_text(entry.value("address")),
                                      latex_text(entry.value("note")),
                                      entry.value("year")) if x)
        lines += [x for x in (_authors(entry), where) if x]
        links = [f"[{label}]({url})" for name, label in LINKS
                 if (url := self.link(entry, name, path, warn))]
        if links:
            lines.append(" · ".join(links))
        text = "- " + "\\\n  ".join(lines) + "\n"
        abstract = " ".join(latex_text(entry.value("abstract")).split())
        return text + (f"\n  {abstract}\n" if abstract else "")

    def link(self, entry: BibEntry, name: str, path: Path, warn: Warn) -> str:
        """A button's address: a URL as it is; a file name where al-folio looked for
        it (`assets/pdf/`, `assets/html/`, `assets/`), from the site's root; "" for
        none, or for a file the site lacks (with a warning)."""
        value = entry.value(name).strip()
        if not value or re.match(r"^[a-z]+:", value):
            return value
        if value.startswith("/"):
            return value
        for folder in ("assets/pdf", "assets/html", "assets"):
            found = posixpath.normpath(f"{folder}/{value}")
            if not found.startswith("..") and (self.source / found).is_file():
                return "/" + found.replace(" ", "%20")
        warn(f"`{entry.key}` of {path.name}: {name} file `{value}` is missing: left out")
        return ""

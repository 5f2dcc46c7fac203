"""An al-folio page listing a `.bib` of its own, not the papers' (`{% bibliography -f
talks %}` on `/talks/`, talks under the courses of `/teaching/`): each list written into
the page as Markdown, as jekyll-scholar printed it — filtered by its `--query`, in the
order `scholar:` sets, each entry its title, authors, venue, year, links and abstract —
and a loop over the page's own list (`{% for y in page.years %}`) around it unrolled."""

from __future__ import annotations

import posixpath
import re
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.importer.bibtex import BibEntry, latex_text, parse
from lanting.importer.common import read_text
from lanting.importer.text import load_mapping, split_front_matter

TAG = re.compile(r"\{%-?\s*bibliography\b(.*?)-?%\}", re.S)
_LOOP = re.compile(r"[ \t]*\{%-?\s*for\s+(\w+)\s+in\s+page\.(\w+)\s*-?%\}(.*?)"
                   r"\{%-?\s*endfor\s*-?%\}", re.S)
_OPTION = re.compile(r"(?:-f|--file)\s+(\S+)|(?:-q|--query)\s+(\S+)")
_SEARCH = re.compile(r"\{%-?\s*include\s+bib_search\.(?:liquid|html)\b.*?%\}", re.S)
"""The theme's search box over the lists (Lanting's pages have the site's search)."""
_EMPTY = "\x00empty list\x00"
_EMPTY_LIST = re.compile(r"(?:<h([1-6])\b[^>]*>[^<]*</h\1>|#{1,6}[ \t][^\n]*)\s*" + _EMPTY)
"""A year's heading over its list of no entries (a year of `page.years` without
talks), which the page leaves out."""
_CONDITION = re.compile(r"(\w+)\s*(<=|>=|!=|=|<|>)\s*(.*)")
_MONTHS = {m: i for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul",
                                       "aug", "sep", "oct", "nov", "dec"), 1)}
LINKS = (("pdf", "PDF"), ("slides", "Slides"), ("poster", "Poster"), ("video", "Video"),
         ("html", "HTML"), ("website", "Website"), ("code", "Code"), ("url", "Link"))
"""The fields al-folio's layout showed as buttons, in its order, and their labels."""

Warn = Callable[[str], None]


def listed_file(args: str, folder: Path, default: str) -> Path | None:
    """The `.bib` a tag's `-f` names (else the `scholar:` default), if it is there."""
    name = next((m.group(1) for m in _OPTION.finditer(args) if m.group(1)), default)
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
    """Whether `entry` is one bibtex-ruby's query (`@*[year=2024]*`, `@talk`) selects."""
    found = re.match(r"@(\w+|\*)(?:\[(.*?)\])?", query.strip("'\""))
    if found is None:
        return True
    kind, conditions = found.group(1), found.group(2) or ""
    if kind != "*" and kind.lower() != entry.kind.lower():
        return False
    for condition in filter(None, (c.strip() for c in conditions.split(","))):
        parts = _CONDITION.match(condition)
        if parts is None:
            continue
        name, op, wanted = parts.group(1).lower(), parts.group(2), parts.group(3).strip("'\"")
        have = latex_text(entry.value(name))
        if op in ("=", "!="):
            if (have == wanted) != (op == "="):
                return False
        elif have.isdigit() and wanted.isdigit():
            a, b = int(have), int(wanted)
            if not {"<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b}[op]:
                return False
    return True


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
    """The lists of one site's `.bib` files other than the papers' written as Markdown."""

    def __init__(self, source: Path, scholar: dict[str, Any], papers: Path | None) -> None:
        self.source = source
        self.folder = source / "_bibliography"
        self.scholar = scholar
        self.papers = papers
        self.default = str(scholar.get("bibliography") or "references")

    def write(self, body: str, data: dict[str, Any], warn: Warn) -> tuple[str, int]:
        """`body` with each tag listing another file than the papers' as its list; and
        how many tags were written so (the papers' are left as they are)."""
        if not any(self.own(m.group(1)) for m in TAG.finditer(body)):
            return body, 0
        count = 0

        def tag(match: re.Match[str]) -> str:
            nonlocal count
            path = self.own(match.group(1))
            if path is None:
                return match.group(0)
            count += 1
            queries = [m.group(2) for m in _OPTION.finditer(match.group(1)) if m.group(2)]
            _fmt, _head, text, _first = split_front_matter(read_text(path))
            entries = [e for e in parse(text)[0] if all(_matches(e, q) for q in queries)]
            if not entries:
                return _EMPTY
            return "\n\n" + "\n".join(self.item(e, path, warn)
                                      for e in ordered(entries, self.scholar)) + "\n\n"
        made = TAG.sub(tag, unrolled(_SEARCH.sub("", body), data))
        return _EMPTY_LIST.sub("", made).replace(_EMPTY, ""), count

    def own(self, args: str) -> Path | None:
        path = listed_file(args, self.folder, self.default)
        return path if path is not None and path != self.papers else None

    def item(self, entry: BibEntry, path: Path, warn: Warn) -> str:
        """One entry as a list item: its badge and title, authors, venue and year, the
        buttons as links, the abstract under them."""
        title = latex_text(entry.value("title")) or entry.key
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

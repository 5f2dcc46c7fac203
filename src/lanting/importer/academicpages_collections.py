"""academicpages' collections → Lanting: `_publications/` (entries of
`publications.bib`) and `_talks/` (talks). A part of `alfolio.AlFolio`, under
`alfolio_collections`, which reads al-folio's and reads these into the same entries."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lanting.importer import collections as C
from lanting.importer.academicpages import USED_KEYS, Publications, titles_match
from lanting.importer.academicpages_talks import TALK_KEYS, reveal_markdown, talk_front
from lanting.importer.bibtex import BibEntry
from lanting.importer.common import date_of, mtime, read_text
from lanting.importer.item import Item
from lanting.importer.jekyll import Jekyll
from lanting.importer.jekyll_reads import collections_root, markdown_files
from lanting.importer.listings import Redirects
from lanting.importer.site import slug_of
from lanting.importer.text import When, key_line, load_mapping, split_front_matter

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


class AcademicpagesCollections(Jekyll):
    """academicpages' `_publications/` and `_talks/`, and the entries of the new
    `publications.bib` they and al-folio's `.bib` files fill."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.entries: list[BibEntry] = []
        """The entries of the new `publications.bib`."""
        url = str(self.config.get("url") or "").rstrip("/") + self.baseurl
        self.pubs = Publications(self.source, url, self.tz, dollar_math=self.dollar_math)

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
        folder = collections_root(self.source, self.config) / "_publications"
        files = list(self.front_matters(folder))
        examples = [f for f in files if _example_publication(f[1])]
        if examples:
            self.report.note(folder, None, f"left out: the theme's {len(examples)} example "
                             "publications (by “Your Name, You”), never edited")
            files = [f for f in files if f not in examples]
        page = next((i for i in self.site.items if files and i.kind == "page"
                     and self.site.new_url(i) == "/publications/"), None)
        if page is not None:  # (a page of its own text, no loop over the collection:
            # it moves for Lanting's list, `make_way_for_lists`, its old URL the list's)
            for url in [u for u, i in self.table.urls.items() if i is page]:
                del self.table.urls[url]
            self.report.warn(folder, None, f"`_publications/` ({len(files)} files) listed "
                             "at /publications/, where the site's own page "
                             f"{self.report.rel(page.source or '')} was: that page moves "
                             "(to show its text above the list, move it to "
                             "content/publications/_index.md)")
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
        folder = collections_root(self.source, self.config) / "_talks"
        files = list(self.front_matters(folder))
        examples = [f for f in files if _EXAMPLE_TALK.match(str(f[1].get("title") or ""))]
        if examples:
            self.report.note(folder, None, f"left out: the theme's {len(examples)} example "
                             "talks (`Talk 1 on Relevant Topic in Your Field`, …), never "
                             "edited")
        for path, data, head, body, first in (f for f in files if f not in examples):
            front, links = talk_front(self.pubs, path, data, head)
            front["date"] = self.talk_date(path, data, head)
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

    def talk_date(self, path: Path, data: dict[str, Any], head: str) -> When:
        """A talk's date; `2025-09-25,28` (a talk over days, as forks write it) its first
        day, with a warning. A talk without one, which Jekyll dated by the build, is
        dated by another key of its front matter that holds a date (`sort_date:`, by
        which the site's own page sorted them), else by the file's modification time,
        with a warning."""
        date = date_of(data, head, "date", self.tz)
        if date is not None:
            return date
        found = re.match(r"^\s*(\d{4})-(\d{1,2})-(\d{1,2})", str(data.get("date")))
        date = date_of({"date": "-".join(found.groups())}, "", "date", self.tz) \
            if found else None
        line = key_line(head, "date")
        if date is not None:
            self.report.warn(path, line, f"date `{data.get('date')}` read as {date.text()}")
            return date
        key = next((k for k in data if k != "date" and k.endswith("date")
                    and date_of(data, head, k, self.tz) is not None), None)
        if key is not None:
            self.report.note(path, key_line(head, key), f"a talk without a date: dated by "
                             f"`{key}`")
            return date_of(data, head, key, self.tz) or mtime(path, self.tz)
        self.report.warn(path, line, "a talk without a date Lanting can read: dated by the "
                         "file's modification time, as Jekyll dated it by the build (add "
                         "`date:` to its front matter)")
        return mtime(path, self.tz)


def _bib_key(name: str) -> str:
    """A BibTeX key from a file or permalink name: what BibTeX keys may hold."""
    return re.sub(r"[^\w:.+-]+", "-", name).strip("-") or "entry"

"""A Jupyter Book's table of contents, read into one tree of entries: Jupyter Book 1's
`_toc.yml` (`format: jb-book` — `root`, `parts` with a `caption` and `chapters`, each
with `sections` — or `jb-article` — `root` and `sections`; an entry is a `file`, a `glob`
or a `url`) and Jupyter Book 2's (mystmd's) `myst.yml` `project.toc` (`file`, `url`,
`pattern`, or a `title` over `children`). The tree's order is the book's reading order;
`mystmd_slug` is where mystmd published a file.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lanting.importer.report import Report
from lanting.importer.text import load_mapping

SUFFIXES = (".md", ".ipynb", ".rst", ".markdown", ".myst", ".txt")
"""What a TOC's `file: intro` may name, tried in this order (Jupyter Book's)."""


@dataclass
class Entry:
    """One line of the book's table of contents."""

    title: str = ""
    """The entry's own title (`title:`, a part's `caption`), else "" (the page's)."""
    file: Path | None = None
    url: str = ""
    children: list[Entry] = field(default_factory=list)
    part: bool = False
    """A part (`caption` over `chapters`, mystmd's `title` over `children`): no page."""

    def files(self) -> list[Path]:
        """Its file and its descendants', in reading order."""
        own = [self.file] if self.file is not None else []
        return own + [f for child in self.children for f in child.files()]


@dataclass
class Toc:
    root: Path | None
    """The landing page (`root:`, or mystmd's first file)."""
    entries: list[Entry]
    """Everything after the root, in reading order (parts hold their chapters)."""
    source: Path
    """`_toc.yml` or `myst.yml`, for the report."""
    numbered: list[list[Entry]] = field(default_factory=list)
    """The lists of entries numbered 1, 2 … (Jupyter Book's `numbered: true` parts)."""

    def files(self) -> list[Path]:
        own = [self.root] if self.root is not None else []
        return own + [f for e in self.entries for f in e.files()]

    def children_of(self, file: Path) -> list[Entry]:
        """The entries under `file`'s own (its sections); the whole book for the root."""
        if self.root is not None and file == self.root:
            return self.entries

        def find(entries: list[Entry]) -> list[Entry] | None:
            for entry in entries:
                if entry.file == file:
                    return entry.children
                found = find(entry.children)
                if found is not None:
                    return found
            return None

        return find(self.entries) or []


def chapter_numbers(entries: list[Entry], prefix: str = "",
                    sections: Callable[[Path], int] | None = None,
                    first: int = 0) -> dict[Path, str]:
    """The number of each document of a numbered list of entries: 1, 2 … (after
    `prefix`, from `first` + 1), those under each 1.1, 1.2 …, as Sphinx numbers a
    numbered toctree; `sections` counts a document's own top sections, which come before
    its sub-documents (Jupyter Book's toctree is at the chapter's end)."""
    numbers: dict[Path, str] = {}
    count = first
    for entry in entries:
        if entry.part:  # (a caption over chapters: the numbering runs through it)
            numbers.update(chapter_numbers(entry.children, prefix, sections))
            continue
        if entry.file is None:
            continue
        count += 1
        number = f"{prefix}.{count}" if prefix else str(count)
        numbers[entry.file.resolve()] = number
        own = sections(entry.file) if sections is not None and entry.children else 0
        numbers.update(chapter_numbers(entry.children, number, sections, own))
    return numbers


def resolve_file(book: Path, name: str) -> Path | None:
    """The file a TOC names, with or without its suffix, from the book's folder."""
    base = book / name.strip().lstrip("/")
    if base.is_file():
        return base
    for suffix in SUFFIXES:
        candidate = base.with_name(base.name + suffix)
        if candidate.is_file():
            return candidate
    return None


def book_folder(source: Path) -> Path | None:
    """The folder holding the book: the source, or its `book/`, `docs/`, … (many
    repositories keep the book beside their code), or the one first-level folder with
    `_toc.yml` and `_config.yml`."""
    for folder in (source, *(source / n for n in ("book", "docs", "jupyter-book", "jb",
                                                   "notebooks", "content"))):
        if (folder / "_toc.yml").is_file() or (folder / "myst.yml").is_file():
            return folder
    # (a folder of another name, `mlsbook/` beside a course's notebooks: the pair of
    # Jupyter Book's files, `_toc.yml` and `_config.yml`, says it is the book; one only,
    # and not in a generator's site, whose own settings are at the root)
    if any((source / name).exists() for name in SITE_SETTINGS):
        return None
    found = [folder for folder in sorted(source.iterdir()) if folder.is_dir()
             and (folder / "_toc.yml").is_file() and (folder / "_config.yml").is_file()]
    return found[0] if len(found) == 1 else None


SITE_SETTINGS = ("_config.yml", "_config.yaml", "config.toml", "config.yaml", "hugo.toml",
                  "hugo.yaml", "zola.toml", "config", "package.json")
"""A generator's settings at a repository's root (Jekyll's, Hexo's, Hugo's, Zola's, a
JavaScript one's): a book in a folder of it is a part of that site."""


class _Reader:
    def __init__(self, book: Path, report: Report, source: Path) -> None:
        self.book = book
        self.report = report
        self.source = source
        self.seen: set[Path] = set()
        self._documents: dict[str, Path] | None = None
        self.numbered: list[list[Entry]] = []
        self.numbered_default = False
        """`defaults: {numbered: true}` (`options:` in older books): every part numbered."""

    def documents(self) -> dict[str, Path]:
        """The book's documents by name (the path without its suffix), once; not in a
        folder Sphinx leaves out (`_build`, hidden ones)."""
        if self._documents is None:
            self._documents = {}
            for path in sorted(self.book.rglob("*")):
                parts = path.relative_to(self.book).parts
                if path.suffix.lower() in SUFFIXES and not any(
                        p.startswith((".", "_build")) for p in parts) and path.is_file():
                    self._documents.setdefault(
                        path.relative_to(self.book).with_suffix("").as_posix(), path)
        return self._documents

    def file(self, name: str) -> Path | None:
        found = resolve_file(self.book, name)
        if found is None:
            self.report.warn(self.source, None, f"`{name}` in the table of contents is no "
                             "file of the book: left out")
            return None
        if found.resolve() in self.seen:
            self.report.warn(self.source, None, f"`{name}` is in the table of contents "
                             "twice: its first place is kept")
            return None
        self.seen.add(found.resolve())
        return found

    def glob(self, pattern: str) -> list[Entry]:
        """`glob: chapters/*`: every document it matches, sorted, not the ones listed.
        Matched as Sphinx matches a pattern against document names (the path without
        its suffix): `*` within a folder, `**` across folders (`life/**`, every
        document under `life/`, which `Path.glob` took for folders only)."""
        matcher = sphinx_pattern(pattern.strip().lstrip("/"))
        found = [path for name, path in sorted(self.documents().items())
                 if matcher.fullmatch(name) and path.resolve() not in self.seen]
        if not found:
            self.report.warn(self.source, None, f"`{pattern}` matches no document")
        for path in found:
            self.seen.add(path.resolve())
        return [Entry(file=p) for p in found]

    def jb_entries(self, items: Any) -> list[Entry]:
        """Jupyter Book 1's `chapters` / `sections` (and `parts` inside a chapter)."""
        entries: list[Entry] = []
        for item in items if isinstance(items, list) else []:
            if not isinstance(item, dict):
                continue
            if "glob" in item:
                entries += self.glob(str(item["glob"]))
                continue
            title = str(item.get("title") or "").strip()
            if "url" in item:
                entries.append(Entry(title=title or str(item["url"]), url=str(item["url"])))
                continue
            entry = Entry(title=title)
            if "file" in item:
                entry.file = self.file(str(item["file"]))
            entry.children = self.jb_entries(item.get("sections"))
            for part in item.get("parts") or []:
                entry.children += self.jb_part(part)
            if entry.file is not None or entry.children:
                entries.append(entry)
        return entries

    def jb_part(self, part: Any) -> list[Entry]:
        if not isinstance(part, dict):
            return []
        chapters = self.jb_entries(part.get("chapters") or part.get("sections"))
        caption = str(part.get("caption") or "").strip()
        if part.get("numbered", self.numbered_default):  # (each part afresh, as Sphinx)
            self.numbered.append(chapters)
        return [Entry(title=caption, children=chapters, part=True)] if caption else chapters

    def myst_entries(self, items: Any) -> list[Entry]:
        """mystmd's `toc`: `file`, `url`, `pattern`, or a `title` over `children`."""
        entries: list[Entry] = []
        for item in items if isinstance(items, list) else []:
            if not isinstance(item, dict):
                continue
            if "pattern" in item:
                entries += self.glob(str(item["pattern"]))
                continue
            title = str(item.get("title") or "").strip()
            if "url" in item:
                entries.append(Entry(title=title or str(item["url"]), url=str(item["url"])))
                continue
            entry = Entry(title=title, children=self.myst_entries(item.get("children")))
            if "file" in item:
                entry.file = self.file(str(item["file"]))
            elif title:
                entry.part = True
            if entry.file is not None or entry.children:
                entries.append(entry)
        return entries


def read_jb_toc(book: Path, data: dict[str, Any], report: Report) -> Toc:
    reader = _Reader(book, report, book / "_toc.yml")
    fmt = str(data.get("format") or "")
    if fmt not in ("jb-book", "jb-article"):
        report.warn(book / "_toc.yml", None, f"`format: {fmt or '(none)'}`: read as `jb-book` "
                    "(Jupyter Book 1's formats are `jb-book` and `jb-article`)")
    root = reader.file(str(data["root"])) if data.get("root") else None
    defaults = data.get("defaults") or data.get("options")
    reader.numbered_default = isinstance(defaults, dict) and bool(defaults.get("numbered"))
    entries: list[Entry] = []
    for part in data.get("parts") or []:
        entries += reader.jb_part(part)
    top = reader.jb_entries(data.get("chapters")) + reader.jb_entries(data.get("sections"))
    if top and reader.numbered_default:  # (a book without parts, an article: one list)
        reader.numbered.append(top)
    entries += top
    return Toc(root, entries, book / "_toc.yml", reader.numbered)


def read_myst_toc(book: Path, project: dict[str, Any], report: Report) -> Toc | None:
    """None when `myst.yml` has no `toc` (mystmd then lists the folder's files)."""
    if not isinstance(project.get("toc"), list):
        return None
    reader = _Reader(book, report, book / "myst.yml")
    entries = reader.myst_entries(project["toc"])
    # (mystmd's landing page is the first file of the toc)
    first = entries[0] if entries else None
    if first is not None and first.file is not None and not first.part:
        entries = first.children + entries[1:]
        return Toc(first.file, entries, book / "myst.yml")
    return Toc(None, entries, book / "myst.yml")


def _name(text: str) -> str:
    text = re.sub(r"[^a-z0-9-]+", "-", text.replace("&", "-and-").lower())
    return re.sub(r"-+", "-", text).strip("-")[:50]


def mystmd_slug(stem: str) -> str:
    """mystmd's URL name of a file: lower case, other characters `-`, without a leading
    enumeration (`01_intro` → `intro`; not a year, not five digits or more)."""
    name = stem
    if not re.match(r"^[12][0-9]{3}(?:[^0-9]|$)", stem) and not re.match(r"^[0-9]{5}", stem):
        name = re.sub(r"^[0-9_.-]+", "", stem) or stem
    return _name(name)


def flat_toc(source: Path, files: list[Path]) -> Toc:
    return Toc(files[0] if files else None, [Entry(file=f) for f in files[1:]], source)


def legacy_toc(raw: str) -> tuple[dict[str, Any], str | None]:
    """Jupyter Book 0.10's `_toc.yml`, a list (the first `file` the root, `- part:
    Caption` with `chapters`, or `- header: Caption` over the files after it,
    `sections` under a file) as `jb-book`'s mapping."""
    data, error = load_mapping("yaml", "entries:\n" + textwrap.indent(raw, "  "))
    items = data.get("entries")
    if error or not isinstance(items, list) or not items:
        return {}, error or "an empty list"
    first = items[0] if isinstance(items[0], dict) else {}
    parts: list[Any] = []
    chapters: list[Any] = []
    for item in items[1:] if first.get("file") else items:
        if isinstance(item, dict) and ("part" in item or "header" in item):
            # (`- header: Title`, of Jupyter Book before 0.10: a heading over the
            # entries after it, as a part)
            parts.append({"caption": item.get("part") or item.get("header"),
                          "chapters": item.get("chapters") or item.get("sections") or []})
        elif parts:
            parts[-1]["chapters"].append(item)
        else:
            chapters.append(item)
    return {"format": "jb-book", "root": first.get("file"),
            "parts": ([{"chapters": chapters}] if chapters else []) + parts}, None


def sphinx_pattern(pattern: str) -> re.Pattern[str]:
    """A document pattern as Sphinx's `Matcher` reads it: `**` any text, `*` any text
    but `/`, `?` one character but `/`, `[…]` a class (`[!…]` its complement)."""
    out, i = "", 0
    while i < len(pattern):
        if pattern.startswith("**", i):
            out, i = out + ".*", i + 2
        elif pattern[i] == "*":
            out, i = out + "[^/]*", i + 1
        elif pattern[i] == "?":
            out, i = out + "[^/]", i + 1
        elif pattern[i] == "[" and (end := pattern.find("]", i + 2)) > 0:
            inner = pattern[i + 1:end]
            inner = "^" + inner[1:] if inner.startswith("!") else inner
            out, i = out + "[" + inner.replace("\\", "\\\\") + "]", end + 1
        else:
            out, i = out + re.escape(pattern[i]), i + 1
    return re.compile(out)


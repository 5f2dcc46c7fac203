"""Sphinx → Lanting: a folder with `conf.py` (here, or in `docs/`, `doc/`,
`docs/source/`) and its root document (`index.rst` or `index.md`), read as a Jupyter
Book 1 is (Jupyter Book is Sphinx with a `_toc.yml`): the `toctree` directives of the
root document, and of the documents they name, are the table of contents; each document
a page at its old URL (`path/file.html`), reStructuredText read by docutils
(`rst_markdown.py`), Markdown as MyST. `conf.py` is read with Python's parser, literal
assignments only (the project's code is never run), into the settings Jupyter Book's
`_config.yml` would hold.
"""

from __future__ import annotations

import ast
import datetime as dt
import posixpath
import re
from collections.abc import Callable
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

from lanting.importer.common import Options, read_text, walk
from lanting.importer.item import Item
from lanting.importer.jupyterbook import JupyterBook
from lanting.importer.jupyterbook_toc import SITE_SETTINGS, Entry, Toc
from lanting.importer.liquid import Context
from lanting.importer.report import Report
from lanting.importer.section_numbering import numbered_around_toctrees, toctree_sections

_FOLDERS = ("", "docs", "doc", "docs/source", "doc/source", "source", "documentation")
_TOCTREE = re.compile(r"^()(?:\.\.[ \t]+toctree::|(`{3,}|:{3,})[ \t]*\{toctree\})"
                      r"[^\n]*\n((?:[ \t]+[^\n]*\n|[ \t]*\n)*)", re.MULTILINE)
"""A `toctree` at a line's start (one indented is an example in a code block):
reStructuredText's directive and its indented lines, or MyST's fence (its lines up to
the closing fence are taken by `_myst_body`)."""
_TOCTREE_FENCE = re.compile(r"^(`{3,}|:{3,})\{toctree\}[^\n]*\n.*?^\1[ \t]*(?:\n|\Z)",
                            re.MULTILINE | re.DOTALL)
_ASIDE = re.compile(r"<!--.*?-->|^[ \t]*(`{3,}|~{3,})([^\n]*)\n.*?^[ \t]*\1[`~]*[ \t]*$",
                    re.DOTALL | re.MULTILINE)
"""An HTML comment or a fenced block of a Markdown page."""


def _set_aside(text: str, put: Callable[[str], str]) -> str:
    """`text` with its HTML comments and blocks of code (not a directive's) given to `put`
    and replaced by what it returns: a toctree commented out in one, or shown as an
    example in ```` ````md ````, is none (its fence was paired with the next toctree's,
    the list between them lost; the example emptied)."""
    return _ASIDE.sub(lambda m: m[0] if (m[2] or "").lstrip().startswith("{")
                      else put(m[0]), text)
_TOCTREE_NAME = re.compile(r"^[ \t]*:name:[ \t]*(\S+)[ \t]*$", re.MULTILINE)
_TOCTREE_REF = re.compile(r"\{ref\}`([^`<>]+)`")


def _toctree_anchor(match: re.Match[str]) -> str:
    """A toctree left out, its `:name:` an anchor where it stood (which `:ref:` leads
    to: it was a build error)."""
    name = _TOCTREE_NAME.search(match[0])
    return f"({name[1]})=\n" if name else ""


_ENTRY = re.compile(r"^(?:(.*?)\s*<([^<>]+)>|(\S.*?))\s*$")
_SUFFIXES = (".rst", ".md", ".ipynb", ".txt")


def sphinx_folder(source: Path) -> Path | None:
    """The folder holding `conf.py` and its root document, if any: the source, or its
    `docs/`, `doc/`, `docs/source/` …; else the one first-level folder holding them, or
    its `source/` (`sphinx/source/` beside a tutorial's slides), unless the source is a
    generator's site, whose own settings are at its root."""
    for name in _FOLDERS:
        folder = source / name if name else source
        if _is_project(folder):
            return folder
    if any((source / name).exists() for name in SITE_SETTINGS):
        return None
    found = [candidate for folder in sorted(source.iterdir()) if folder.is_dir()
             and not folder.name.startswith((".", "_"))
             for candidate in (folder, folder / "source") if _is_project(candidate)]
    return found[0] if len(found) == 1 else None


def _is_project(folder: Path) -> bool:
    conf = folder / "conf.py"
    return conf.is_file() and _root_doc(folder, _conf_values(conf, None)) is not None


def _conf_values(conf: Path, report: Report | None) -> dict[str, Any]:
    """The literal assignments of `conf.py` (`project = "x"`, `extensions = [...]`)."""
    if not conf.is_file():  # (`--from sphinx` said so)
        if report is not None:
            report.warn(conf, None, "no conf.py: Sphinx's defaults stand")
        return {}
    try:
        tree = ast.parse(read_text(conf))
    except SyntaxError as bad:
        if report is not None:
            report.warn(conf, bad.lineno, f"not read ({bad.msg}): Sphinx's defaults stand")
        return {}
    values: dict[str, Any] = {}
    for node in tree.body:
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            if isinstance(target, ast.Name):
                try:
                    values[target.id] = ast.literal_eval(node.value)
                except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                    continue  # (code, `os.path.abspath(…)`: Sphinx's default stands)
    return values


def _root_doc(folder: Path, values: dict[str, Any]) -> Path | None:
    name = str(values.get("root_doc") or values.get("master_doc") or "index")
    return next((folder / (name + s) for s in _SUFFIXES if (folder / (name + s)).is_file()),
                None)


def _today(now: dt.datetime, language: str) -> str:
    """Sphinx's `|today|`, the day of the build (here, of the import), in its default
    format for the project's language."""
    if language.lower().startswith(("zh", "ja")):
        return f"{now.year}年{now.month}月{now.day}日"
    return now.strftime("%b %d, %Y")


def jupyter_book_config(values: dict[str, Any]) -> dict[str, Any]:
    """`conf.py`'s settings in the shape of Jupyter Book's `_config.yml`."""
    def text(*names: str) -> str:
        return next((str(values[n]) for n in names if isinstance(values.get(n), str)
                     and str(values[n]).strip()), "")

    # (Sphinx's `copyright` names the author, `2024, Lin Yuan`: Lanting adds the author)
    author, rights = text("author"), text("copyright")
    if author and rights.endswith(author):
        rights = rights[:-len(author)].rstrip(", ")
    config: dict[str, Any] = {"title": text("html_title", "project"),
                              "author": author, "copyright": rights,
                              "execute": {"execute_notebooks": "off"}}
    if text("language"):
        config["sphinx"] = {"config": {"language": text("language")}}
    if isinstance(values.get("todo_include_todos"), bool):
        config.setdefault("sphinx", {}).setdefault("config", {})["todo_include_todos"] = \
            values["todo_include_todos"]
    html = {k: text(f"html_{k}") for k in ("baseurl", "favicon") if text(f"html_{k}")}
    if html:
        config["html"] = html
    if text("html_logo"):
        config["logo"] = text("html_logo")
    extensions = values.get("extensions")
    if isinstance(extensions, list | tuple):
        config.setdefault("sphinx", {})["extra_extensions"] = [
            str(e) for e in extensions if str(e) != "myst_parser" and str(e) != "myst_nb"
            and not str(e).startswith("sphinx.ext.")]
    for key in ("myst_enable_extensions", "myst_substitutions"):
        if isinstance(values.get(key), list | tuple | dict):
            config.setdefault("parse", {})[key] = values[key]
    if isinstance(values.get("bibtex_bibfiles"), list | tuple):
        config["bibtex_bibfiles"] = list(values["bibtex_bibfiles"])
    return {k: v for k, v in config.items() if v}


class Sphinx(JupyterBook):
    kind = "sphinx"

    def __init__(self, source: Path, report: Report, options: Options) -> None:
        super().__init__(source, report, options)
        self.book = sphinx_folder(source) or source
        self.conf = self.book / "conf.py"
        self.values = _conf_values(self.conf, report)
        self.config = jupyter_book_config(self.values)
        self.config_name = "_config.yml"  # (Jupyter Book 1's pages: Sphinx's URLs)
        self.executed = "off"
        self.toc = Toc(None, [], self.conf)
        self.toctree_captions: dict[str, str] = {}
        self.numbered_lists: list[list[Entry]] = []
        """The entries of each `:numbered:` toctree, the innermost first."""
        self.toctree_groups: dict[Path, list[list[Entry]]] = {}
        """Each document's toctrees' entries, in its order."""
        # (Sphinx's own substitutions: `version` is `release` up to its second dot)
        release = str(self.values.get("release") or self.values.get("version") or "")
        version = str(self.values.get("version") or ".".join(release.split(".")[:2]))
        self.rst_substitutions = {k: v for k, v in (("release", release),
                                                    ("version", version)) if v}
        self.rst_substitutions["today"] = str(self.values.get("today") or "") or _today(
            options.now or dt.datetime.now(dt.UTC), str(self.values.get("language") or ""))
        """Each toctree's `:name:` → its `:caption:` (or nothing)."""

    @property
    def config_path(self) -> Path:
        return self.conf

    def convert(self, text: str, item: Item, path: Path, ctx: Context) -> str:
        # (its toctrees are the book's table of contents, which the home page lists and
        # each page's previous and next links follow)
        comments: list[str] = []

        def aside(found: str) -> str:
            comments.append(found)
            return f"\x00{len(comments) - 1}\x00"

        text, count = _TOCTREE_FENCE.subn(_toctree_anchor, _set_aside(text, aside))
        text = re.sub(r"\x00(\d+)\x00", lambda m: comments[int(m[1])], text)
        ctx.convert("toctrees, as the table of contents", count)
        # (`:ref:` to a toctree's `:name:` reads as its caption, as in Sphinx)
        text = _TOCTREE_REF.sub(lambda m: f"{{ref}}`{self.toctree_captions[m[1]]} <{m[1]}>`"
                                if self.toctree_captions.get(m[1]) else m[0], text)
        return super().convert(text, item, path, ctx)

    def find_targets(self) -> None:
        """The numbers of a numbered toctree's documents, as Sphinx gave them: 1, 2 …,
        a document's own toctrees' documents numbered among its sections (1.2 after
        its section 1.1), its sections after them counted on (`{number="1.4"}`)."""
        texts = {path.resolve(): text for _item, text, path, _own in self.documents}
        for entries in self.numbered_lists:
            self.chapter_numbers.update(self.numbered(entries, "", 0, texts))
        documents = []
        for item, text, path, own in self.documents:
            number = self.chapter_numbers.get(path.resolve())
            if number is not None:
                item.front["chapter"] = number
                sizes = [sum(1 for e in group if e.file is not None)
                         for group in self.toctree_groups.get(path.resolve(), [])]
                text = text if item.notebook is not None else \
                    numbered_around_toctrees(text, number, sizes)
            documents.append((item, text, path, own))
        self.documents = documents
        super().find_targets()

    def numbered(self, entries: list[Entry], prefix: str, first: int,
                 texts: dict[Path, str]) -> dict[Path, str]:
        """The numbers of `entries` (after `prefix`, from `first` + 1) and of the
        documents of their own toctrees, each toctree's after the sections before it."""
        numbers: dict[Path, str] = {}
        count = first
        for entry in [e for e in entries if e.file is not None]:
            count += 1
            number = f"{prefix}.{count}" if prefix else str(count)
            file = entry.file.resolve() if entry.file is not None else Path()
            numbers[file] = number
            shift = 0
            for group, before in zip(self.toctree_groups.get(file, []),
                                     toctree_sections(texts.get(file, "")), strict=False):
                numbers.update(self.numbered(group, number, before + shift, texts))
                shift += sum(1 for e in group if e.file is not None)
        return numbers

    def read_toc(self) -> Toc:
        root = _root_doc(self.book, self.values)
        if root is None:
            return self.files_in_name_order(self.conf, "no root document (`index.rst`)")
        excluded = [str(p) for p in self.values.get("exclude_patterns") or []
                    if isinstance(p, str)]
        seen = {root.resolve()}
        entries = self.toctrees(root, seen, excluded, top=True)
        return Toc(root, entries, root)

    def toctrees(self, doc: Path, seen: set[Path], excluded: list[str],
                 top: bool = False) -> list[Entry]:
        """The entries of `doc`'s `toctree`s, each with its own document's below it; at
        the top, a toctree's `:caption:` a part over its entries."""
        text = read_text(doc)
        text = _set_aside(text, lambda _found: "") if doc.suffix == ".md" else text
        found: list[Entry] = []
        for match in _TOCTREE.finditer(text):
            body = match.group(3) if not match.group(2) else _myst_body(text, match)
            options = dict(re.findall(r"^[ \t]*:([\w-]+):[ \t]*(.*)$", body, re.MULTILINE))
            lines = [line.strip() for line in body.split("\n")
                     if line.strip() and not re.match(r"[ \t]*:[\w-]+:", line)]
            entries: list[Entry] = []
            for line in lines:
                entries += self.entry(doc, line, "glob" in options, seen, excluded)
            caption = options.get("caption", "").strip()
            if "numbered" in options:  # (numbered once every page is read)
                self.numbered_lists.append(entries)
            self.toctree_groups.setdefault(doc.resolve(), []).append(entries)
            if options.get("name", "").strip():
                self.toctree_captions[options["name"].strip()] = caption
            if top and caption and entries:
                found.append(Entry(title=caption, children=entries, part=True))
            else:
                found += entries
        return found

    def entry(self, doc: Path, line: str, glob: bool, seen: set[Path],
              excluded: list[str]) -> list[Entry]:
        match = _ENTRY.match(line)
        if match is None or line == "self":
            return []
        title, target = (match.group(1) or "", match.group(2)) if match.group(2) else \
            ("", match.group(3))
        if re.match(r"[a-z][\w+.-]*://", target):
            return [Entry(title=title or target, url=target)]
        base = self.book if target.startswith("/") else doc.parent
        # (`./*`, `./intro`: Sphinx joins each entry to the document's folder, so `./`
        # names that folder; the glob `./*` matched nothing, and every page was unlisted)
        name = posixpath.normpath(target.lstrip("/"))
        if glob and any(c in name for c in "*?["):
            files = sorted(p for p in walk(base) if p.suffix in _SUFFIXES and fnmatch(
                p.relative_to(base).with_suffix("").as_posix(), name))
        else:
            files = [f for f in (base / (name + s) for s in ("", *_SUFFIXES)) if f.is_file()
                     and f.suffix in _SUFFIXES][:1]
            if not files:
                self.report.warn(doc, None, f"toctree names `{target}`, which is no "
                                 "document (Sphinx warned so too): left out")
        found = []
        for file in files:
            if not file.resolve().is_relative_to(self.book.resolve()):
                self.report.warn(doc, None, f"toctree names `{target}`, outside the source "
                                 "folder (Sphinx read no document there): left out")
                continue
            rel = file.resolve().relative_to(self.book.resolve()).as_posix()
            if file.resolve() in seen or any(fnmatch(rel, p) for p in excluded):
                continue
            seen.add(file.resolve())
            found.append(Entry(title=title, file=file,
                               children=self.toctrees(file, seen, excluded)))
        return found


def _myst_body(text: str, match: re.Match[str]) -> str:
    """A MyST `{toctree}`'s lines, up to its closing fence."""
    fence = match.group(2)
    rest = text[match.start(3):]
    end = re.search(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$", rest,
                    re.MULTILINE)
    return rest[:end.start()] if end else rest

"""Jupyter Book → Lanting: Jupyter Book 1 (`_config.yml` and `_toc.yml`) and Jupyter
Book 2 / mystmd (`myst.yml` with `project.toc`).

The table of contents (`jupyterbook_toc.py`) decides what is a page and in what order:
the root is the home page (its text, then the book's contents as a nested list of
links, parts in bold); every other file is a page, `content/pages/<slug>.md` — or
`.ipynb`, a notebook page with its saved outputs — ending with links to the previous
and next pages of the book. The slug is the file's name (`index` takes its folder's;
a name taken is prefixed with its folder's). Old URLs answer: Jupyter Book 1's
`/path/to/file.html`, mystmd's `/<slug>` (with `site.options.folders`, under its
folders). A page's title is its `title`, else its first heading, which leaves the text
(Lanting shows the title above it). Files in no table of contents were built by Jupyter
Book 1 (not with `only_build_toc_files`): pages linked from nowhere, as they were.
`.rst` files are read by docutils and written as Markdown (`rst_markdown.py`); one
document read into a page: `jupyterbook_documents.py`. Bodies:
`jupyterbook_bodies.py`; settings and the bibliography: `jupyterbook_settings.py`.
"""

from __future__ import annotations

import re
from fnmatch import fnmatch
from pathlib import Path

from lanting.importer.bibtex import BibEntry
from lanting.importer.common import Options, read_text, walk
from lanting.importer.figure_labels import myst_figures
from lanting.importer.html_block_spans import CLOSED_COMMENT, closed_comment
from lanting.importer.item import Item
from lanting.importer.jupyterbook_bodies import JupyterBookBodies, cited_keys
from lanting.importer.jupyterbook_documents import JupyterBookDocuments
from lanting.importer.jupyterbook_refs import (
    TERM_LABEL,
    Target,
    glossary_terms,
    glued_labels,
    heading_labels,
    targets_of,
)
from lanting.importer.jupyterbook_settings import _mapping
from lanting.importer.jupyterbook_titles import sections_after_title
from lanting.importer.jupyterbook_toc import (
    Entry,
    Toc,
    book_folder,
    chapter_numbers,
    flat_toc,
    legacy_toc,
    read_jb_toc,
    read_myst_toc,
)
from lanting.importer.liquid import Context
from lanting.importer.quarto_notebook import cell_text, markdown_cells
from lanting.importer.report import Report
from lanting.importer.section_numbering import section_numbers
from lanting.importer.site import NewSite
from lanting.importer.sphinx_objects import api_objects
from lanting.importer.text import load_mapping, names
from lanting.markdown.figures import LABELS as FIGURE_LABELS
from lanting.markdown.figures import label_language
from lanting.markdown.myst_glossary import term_id
from lanting.markdown.section_numbers import SECTION_LABELS

_IGNORED = frozenset({"readme.md", "license.md", "contributing.md", "changelog.md",
                      "code_of_conduct.md"})
"""Files of the repository, not of the book, when no table of contents names them."""


class JupyterBook(JupyterBookDocuments, JupyterBookBodies):
    kind = "jupyter-book"

    def __init__(self, source: Path, report: Report, options: Options) -> None:
        self.source = source
        self.report = report
        self.options = options
        self.book = book_folder(source) or source
        self.site = NewSite(report, source)
        self.config_name = "myst.yml" if (self.book / "myst.yml").is_file() and not (
            self.book / "_toc.yml").is_file() else "_config.yml"
        config_file = self.book / self.config_name
        self.config, error = load_mapping("yaml", read_text(config_file)) \
            if config_file.is_file() else ({}, None)
        if error:
            report.warn(config_file, None, f"could not read it: {error}")
        self.project = _mapping(self.config.get("project")) \
            if self.config_name == "myst.yml" else {}
        self.toc = Toc(None, [], config_file)
        self.rst_substitutions: dict[str, str] = {}
        """What `|name|` stands for in every `.rst` file (Sphinx's `|release|`)."""
        self.chapter_numbers: dict[Path, str] = {}
        """The number of each document of a numbered table of contents (`2.3`)."""
        self.by_source: dict[Path, Item] = {}
        self.targets: dict[str, Target] = {}
        self.own_labels: dict[int, set[str]] = {}
        self.substitutions: dict[str, str] = {}
        self.texts: list[str] = []
        self.documents: list[tuple[Item, str, Path, dict[str, str]]] = []
        """Each page with its text (NOTEBOOK for a notebook), file, and substitutions."""
        self.taken: set[str] = set()
        self.executed = str(_mapping(self.config.get("execute")).get(
            "execute_notebooks", "auto" if self.config_name == "_config.yml" else "off"))
        self.notebook_keys: list[str] = []
        self.listed: set[int] = set()
        self.entries: list[BibEntry] = []
        self.cited: list[str] = []
        """The keys the book's pages cite, in the order first cited."""
        self.glued: set[str] = set()
        self.api_objects: dict[str, int] = {}
        """The anchor of each Python object the book describes → its page's number."""
        self.own_objects: dict[int, list[str]] = {}
        self.section_numbers: dict[str, str] = {}
        self.figure_numbers: dict[str, str] = {}
        """The number Sphinx gave each named figure (`2.4`), for `{numref}` from other
        pages."""
        """The number of each label of a numbered page's heading (its title's too)."""
        self.headings: set[str] = set()
        """The labels of the book's headings (`(sec-x)=` over one)."""
        self.title_labels: dict[int, str] = {}
        """The label of each page's title heading (`(intro)=` before `# Intro`)."""

    # --- the steps ---------------------------------------------------------------------

    def run(self) -> NewSite:
        if self.book != self.source:
            self.report.note(self.book, None, "the book is in this folder: its files are "
                             "read from it")
        self.toc = self.read_toc()
        self.chapter_numbers.update(n for group in self.toc.numbered for n in chapter_numbers(
            group, sections=sections_after_title).items())
        substitutions = _mapping(_mapping(self.config.get("parse")).get("myst_substitutions"))
        self.substitutions = {str(k): str(v) for k, v in substitutions.items()}
        files = self.toc.files()
        for path in files:
            self.read_document(path, in_toc=True)
        for path in self.strays(files):
            self.read_document(path, in_toc=False)
        language = self.language()
        self.section_format = SECTION_LABELS[label_language(language)]
        self.figure_format = FIGURE_LABELS[label_language(language)]
        self.find_targets()
        self.first_figures()
        self.bibliography()
        self.cited = cited_keys(self.texts)
        shared = self.substitutions
        for item, text, path, own in self.documents:
            self.substitutions = {**shared, **own}
            ctx = Context(self.report, path, read_text(path))
            if item.notebook is None:
                item.body = self.convert(text, item, path, ctx)
                continue
            for cell in markdown_cells(item.notebook):
                cell["source"] = self.convert(cell_text(cell), item, path, ctx)
        self.substitutions = shared
        self.home(language)
        self.reading_order(language)
        self.copy_static()
        self.write_config(language)
        if self.notebook_keys:
            self.report.note(self.book, None, "notebook settings in the front matter "
                             f"({', '.join(f'`{k}`' for k in sorted(set(self.notebook_keys)))}"
                             f") of {len(self.notebook_keys)} file(s) left out: Lanting runs "
                             "no notebook")
        return self.site

    def read_toc(self) -> Toc:
        if self.config_name == "myst.yml":
            found = read_myst_toc(self.book, self.project, self.report)
            if found is not None:
                return found
            return self.files_in_name_order(self.book / "myst.yml", "no `project.toc`")
        if not (self.book / "_toc.yml").is_file():  # (`--from jupyter-book` said so)
            return self.files_in_name_order(self.book / "_toc.yml", "no `_toc.yml`")
        raw = read_text(self.book / "_toc.yml")
        data, error = load_mapping("yaml", raw)
        if error and re.match(r"^\s*-", re.sub(r"(?m)^\s*#.*\n", "", raw)):
            data, error = legacy_toc(raw)
            self.report.note(self.book / "_toc.yml", None, "a table of contents of Jupyter "
                             "Book before 0.11 (a list): read as `jb-book`")
        if error:
            self.report.warn(self.book / "_toc.yml", None, f"could not read it: {error}")
        return read_jb_toc(self.book, data, self.report)

    def files_in_name_order(self, where: Path, missing: str) -> Toc:
        """A book without a table of contents: its pages in the order of their names."""
        self.report.warn(where, None, f"{missing}: the book's Markdown files and notebooks "
                         "are its pages, in the order of their names")
        files = [p for p in walk(self.book) if p.suffix.lower() in (".md", ".ipynb")
                 and p.name.lower() not in _IGNORED and "_build" not in p.parts]
        return flat_toc(where, files)

    def strays(self, listed: list[Path]) -> list[Path]:
        """Documents no table of contents names: built by Jupyter Book 1 unless
        `only_build_toc_files` or `exclude_patterns` said otherwise; not by mystmd."""
        known = {p.resolve() for p in listed}
        found = [p for p in walk(self.book) if p.suffix.lower() in (".md", ".ipynb", ".rst")
                 and p.resolve() not in known and "_build" not in p.parts]
        for path in [p for p in found if p.name.lower() in _IGNORED]:
            self.report.note(path, None, "the repository's, not a page of the book (no "
                             "table of contents names it): left out")
        found = [p for p in found if p.name.lower() not in _IGNORED]
        if not found:
            return []
        patterns = names(self.config.get("exclude_patterns") or self.project.get("exclude"))
        found = [p for p in found if not any(fnmatch(p.relative_to(self.book).as_posix(),
                                                     str(pat)) for pat in patterns)]
        if self.config_name == "myst.yml" or self.config.get("only_build_toc_files"):
            for path in found:
                self.report.note(path, None, "in no table of contents, so not built: left "
                                 "out")
            return []
        for path in found:
            self.report.note(path, None, "in no table of contents: a page of its own, "
                             "linked from nowhere (Jupyter Book built it so)")
        return found

    # --- labels -------------------------------------------------------------------------

    def find_targets(self) -> None:
        for item, text, path, _own in self.documents:
            texts = [text] if item.notebook is None else \
                [cell_text(c) for c in markdown_cells(item.notebook)]
            title = self.title_labels.get(item.number)
            labels = self.own_labels.setdefault(item.number, set())
            chapter = self.chapter_numbers.get(path.resolve())
            if chapter is not None and item.notebook is None:  # (`{numref}` reads them)
                for label, number in [*([(title, chapter)] if title else []),
                                      *section_numbers(text, chapter).items()]:
                    self.section_numbers.setdefault(label, number)
            for part in texts:
                self.glued |= glued_labels(part)
                self.headings |= heading_labels(part)
                for anchor in api_objects(part):
                    self.own_objects.setdefault(item.number, []).append(anchor)
                    self.api_objects.setdefault(anchor, item.number)
                for label, words, _line in targets_of(part):
                    if label in labels:
                        continue  # (twice on a page: the first counts, `unique_names`)
                    labels.add(label)
                    if label in self.targets and self.targets[label].page != item.number:
                        other = self.site.items[self.targets[label].page]
                        self.report.warn(path, None, f"label `{label}` is also "
                                         f"{self.report.rel(other.source or '')}'s: a "
                                         "reference leads to that one")
                        continue
                    self.targets.setdefault(label, Target(item.number, "" if label == title
                                                 else label, words))
                for term in glossary_terms(part):  # (`{term}` reaches across the book)
                    label = TERM_LABEL + term.lower()
                    labels.add(label)
                    self.targets.setdefault(label, Target(item.number, term_id(term), term))
            if title is not None and title not in labels:
                labels.add(title)
                self.targets.setdefault(title, Target(item.number, "", item.title))

    def first_figures(self) -> None:
        """A part of a numbered chapter that is a page of its own (`chapter: "2.3"`)
        numbers its figures on from its chapter's earlier pages (`first_figure`), as
        Sphinx's numfig counted them over the toctree, per chapter
        (`numfig_secnum_depth: 1`, its default; another depth is left as it was); a
        page of no number on from every such page before it, over the whole book ("Fig.
        7" on its third page). Each named figure's number is kept for `{numref}`."""
        config = _mapping(_mapping(self.config.get("sphinx")).get("config"))
        if config.get("numfig_secnum_depth", 1) != 1:
            return
        counted: dict[str, int] = {}
        for item, text, path, _own in self.documents:  # (in the toctree's order)
            number = self.chapter_numbers.get(path.resolve())
            chapter = number.split(".")[0] if number is not None else ""
            before = counted.get(chapter, 0)
            texts = [text] if item.notebook is None else \
                [cell_text(c) for c in markdown_cells(item.notebook)]
            names = [name for t in texts for name in myst_figures(t)]
            # (a section's page, "1.1", shows its chapter's number even for the chapter's
            # first figure: "Figure 1.1", where it read "Figure 1")
            if names and (before or number is not None and "." in number):
                item.front["first_figure"] = before + 1
            for n, name in enumerate(names, before + 1):
                if name:
                    self.figure_numbers.setdefault(name, f"{chapter}.{n}" if chapter
                                                   else str(n))
            counted[chapter] = before + len(names)

    # --- the book's structure -------------------------------------------------------------

    def home(self, language: str) -> None:
        """The root's text, then the book's contents."""
        root = self.by_source.get(self.toc.root.resolve()) if self.toc.root else None
        home = root if root is not None and root.kind == "home" else None
        if home is None:
            title = str(self.project.get("title") or self.config.get("title") or "")
            home = self.site.add(Item("home", "index", None, {"title": title or "My book"}))
        # (a root that is a notebook is a page: the first line of the contents)
        listing = self.contents(self.toc.entries if root is home or root is None else
                                [Entry(file=self.toc.root), *self.toc.entries], home)
        if listing and home.number not in self.listed:
            heading = "目录" if language.startswith("zh") else "Contents"
            home.body = home.body.rstrip("\n") + f"\n\n## {heading}\n\n{listing}\n"
            self.report.convert("the table of contents (a list on the home page)")

    def reading_order(self, language: str) -> None:
        """Each page of the table of contents ends with links to the previous and next."""
        pages = [self.by_source[f.resolve()] for f in self.toc.files()
                 if f.resolve() in self.by_source]
        zh = language.startswith("zh")
        for i, page in enumerate(pages):
            if page.kind == "home":
                continue
            words = []
            if i > 0:
                before = pages[i - 1]
                words.append(f"{'上一页' if zh else 'Previous'}: "
                             f"[{before.title}]({self.link_to(before, page)})")
            if i + 1 < len(pages):
                after = pages[i + 1]
                words.append(f"{'下一页' if zh else 'Next'}: "
                             f"[{after.title}]({self.link_to(after, page)})")
            if not words:
                continue
            line = " · ".join(words)
            if page.notebook is not None:
                page.notebook["cells"].append({"cell_type": "markdown", "metadata": {},
                                               "source": "---\n\n" + line})
            else:
                page.body, closed = closed_comment(page.body)
                self.report.convert(CLOSED_COMMENT, int(closed))
                page.body = page.body.rstrip("\n") + "\n\n---\n\n" + line + "\n"
            self.report.convert("reading order (previous and next links)")

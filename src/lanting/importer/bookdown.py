"""bookdown (an R Markdown book: `_bookdown.yml`, its chapters `.Rmd` files at the root)
→ Lanting.

A bookdown book is read as the Quarto book Quarto's guide moves it to: its chapters are
`_bookdown.yml`'s `rmd_files` (else every `.Rmd` of the root not starting with `_`, as
bookdown merges them), its title `index.Rmd`'s, its output folder `output_dir` (`_book`).
Each chapter is a page titled by its first `#` heading; bookdown's own cross-references
(`\\@ref(fig:x)`, `(\\#eq:x)`) are rewritten as Quarto's (`bookdown_refs`). The rest
(front matter, math, links, citations, chunks) is the Quarto importer's, the chunks'
outputs read from the rendered book (`bookdown_outputs`). Read as a folder of notes,
the book's `_bookdown.yml` went unread, its rendered copy was imported with it and each
`(\\#eq:x)` was a tag.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer.bookdown_blocks import PREFIXES, blocks, fenced_theorems
from lanting.importer.bookdown_figures import figure_folders, kept_figures
from lanting.importer.bookdown_numbers import (
    book_numbers,
    numbers_sections,
    output_formats,
    title_first,
)
from lanting.importer.bookdown_outputs import book_outputs, chapter_page
from lanting.importer.bookdown_refs import equations, labels, references, sections
from lanting.importer.common import Options, read_text
from lanting.importer.distill_chunks import inline_values
from lanting.importer.liquid import Context
from lanting.importer.quarto import Quarto
from lanting.importer.quarto_inline_r import inline_r
from lanting.importer.quarto_math import raw_math
from lanting.importer.quarto_xrefs import defined_labels
from lanting.importer.report import Report
from lanting.importer.text import load_mapping, split_front_matter

SETTINGS = "_bookdown.yml"
_KINDS = "|".join(PREFIXES.values())
_THEOREM = re.compile(rf"^[ \t]*:{{3,}}[ \t]*\{{#((?:{_KINDS})-[\w:.-]+)", re.MULTILINE)
"""A theorem's label, `::: {#thm-x`, as `bookdown_blocks` wrote it."""


def is_bookdown(source: Path) -> bool:
    """A bookdown book: its `_bookdown.yml`, or an `index.Rmd` naming its site."""
    index = source / "index.Rmd"
    return (source / SETTINGS).is_file() or (
        index.is_file() and "bookdown::bookdown_site" in read_text(index))


class Bookdown(Quarto):
    kind = "bookdown"
    rmarkdown = True
    UNRUN = "no outputs in its page of the rendered book"

    def __init__(self, source: Path, report: Report, options: Options) -> None:
        super().__init__(source, report, options)
        settings, error = load_mapping("yaml", read_text(source / SETTINGS)) \
            if (source / SETTINGS).is_file() else ({}, None)
        if error:
            report.warn(SETTINGS, None, f"could not read it: {error}")
        self.settings_file = SETTINGS
        self.book_filename = str(settings.get("book_filename") or "_main").removesuffix(".Rmd")
        """The name of the book knitted as one document (`_main`): its figures' folder's."""
        files = settings.get("rmd_files")
        if isinstance(files, dict):  # (`rmd_files: {html: […], latex: […]}`)
            files = files.get("html")
        self.chapters = [str(f) for f in files] if isinstance(files, list) else None
        """The chapters `rmd_files` lists, else None (every `.Rmd` of the root)."""
        index = source / "index.Rmd"
        front = split_front_matter(read_text(index))[1] if index.is_file() else ""
        book = load_mapping("yaml", front)[0] if front else {}
        website = {"title": book["title"]} if isinstance(book.get("title"), str) else {}
        self.config = {"website": website, "project": {
            "type": "book", "output-dir": str(settings.get("output_dir") or "_book")}}
        if book.get("lang"):
            self.config["lang"] = book["lang"]
        if book.get("header-includes"):  # (the book's: its macros are every chapter's)
            self.config["header-includes"] = book["header-includes"]
        outputs = output_formats(source, book)
        if outputs:  # (its HTML format's `includes:`, a MathJax setup of macros)
            self.config["output"] = outputs
        self.website = website
        self.pages: dict[Path, str] = {}
        """Each chapter's id (its title's), which named its page (`sets.html`)."""
        self.language = str(self.config.get("lang") or "")
        self.numbered = numbers_sections(outputs)
        """Whether the book's HTML format numbered its sections (`number_sections`)."""
        self.numbers: dict[str, str] = {}
        """The numbers of the book's headings by their ids, and of its equations by their
        labels (`bookdown_numbers`)."""
        self.chapter_marks: dict[Path, str] = {}

    def rendered(self, rel: str) -> bool:
        """A chapter: one `rmd_files` lists, else an `.Rmd` at the root (bookdown renders
        no other: the `.md` of its rendered copy, a folder's drafts)."""
        if self.chapters is not None:
            return rel in self.chapters
        return "/" not in rel and rel.lower().endswith(".rmd") and super().rendered(rel)

    def read_sources(self) -> list[tuple[Path, dict[str, Any], str, str]]:
        """The chapters, their bookdown labels and `\\@ref`s as Quarto's."""
        read = [(path, data, head, title_first(body)) for path, data, head, body
                in sorted(super().read_sources(), key=lambda found: self.place(found[0]))]
        numbers = book_numbers(((path, body) for path, _data, _head, body in read),
                               self.numbered)
        self.numbers = {**numbers.equations, **numbers.headings}
        self.chapter_marks = numbers.chapters
        found = [(path, data, head, labels(fenced_theorems(self.blocks(body)),
                                           numbers.equations))
                 for path, data, head, body in read]
        heads = sections((path, body) for path, _data, _head, body in found)
        known = frozenset().union(*(defined_labels(body) | set(_THEOREM.findall(body))
                                    for _p, _d, _h, body in found))
        formulas = equations((path, body) for path, _data, _head, body in found)
        self.pages = {s.path: label for label, s in reversed(heads.items()) if s.title}
        done: list[tuple[Path, dict[str, Any], str, str]] = []
        for path, data, head, body in found:
            ctx = Context(self.report, path, read_text(path))
            body, count = references(body, path, heads, known, ctx.warn, formulas,
                                     self.numbers)
            if count:
                self.report.convert("bookdown's cross-references (`\\@ref(x)`)", count)
            done.append((path, data, head, body))
        return done

    def place(self, path: Path) -> tuple[int, str]:
        """A chapter's place in the book bookdown merged: `rmd_files`' order, else the
        files' names with `index.Rmd` first (its chapter is the book's first)."""
        rel = path.relative_to(self.source).as_posix()
        if self.chapters is not None and rel in self.chapters:
            return self.chapters.index(rel), rel
        return (0 if rel == "index.Rmd" else 1), rel

    def book_numbers(self, found: list[tuple[Path, dict[str, Any], str, str]]
                     ) -> dict[Path, str]:
        """The chapters numbered as bookdown numbered them (`bookdown_numbers`)."""
        return {path.resolve(): mark for path, mark in self.chapter_marks.items()}

    def old_url(self, rel: Path, data: dict[str, Any]) -> str:
        """bookdown named a chapter's page after its title's id (`# Sets {#sets}`:
        `sets.html`), the first chapter's `index.html`."""
        label = self.pages.get(self.source / rel)
        if rel.as_posix() == "index.Rmd" or label is None:
            return super().old_url(rel, data)
        return f"/{label}.html"

    def published(self, path: Path, body: str) -> tuple[str, Path | None]:
        """`body` with its chunks' outputs and inline values from its chapter's page of
        the rendered book (`bookdown_outputs`), and the folder of its figures."""
        page = chapter_page(self.source / self.output_dir(), self.pages.get(path), path,
                            path.relative_to(self.source).as_posix() == "index.Rmd")
        kept = kept_figures(figure_folders(self.source, self.output_dir(), path.stem,
                                           self.book_filename), path.stem)
        if page is None and kept.folder is None:
            return body, None
        text = read_text(page) if page is not None else ""
        made = book_outputs(body, text, path.parent if page is None else page.parent, path,
                            kept)
        body, count = inline_values(made.text, text)
        self.report.convert("knitr's inline R values from the rendered book", count)
        if made.missing:
            self.report.warn(path, None, f"{made.missing} figure chunk(s) (a `fig.cap`) "
                             "whose figure neither the rendered book nor `_bookdown_files/` "
                             "holds: their captions alone (render the book and commit it)")
        if not made.paired:
            return body, None
        if page is None and kept.folder is not None:
            self.report.warn(path, None, "no page of the rendered book for this chapter: "
                             f"its chunks' figures from {kept.folder.relative_to(self.source)}"
                             "/, their printed output not shown (Lanting runs no R)")
        self.report.convert("code chunks with their outputs from the rendered book",
                            made.paired)
        if made.unmatched and page is not None:
            self.report.warn(path, None, f"{made.unmatched} code chunk(s) whose code its "
                             f"page of the rendered book ({page.name}) does not show as "
                             "written (the page is older): shown without their outputs")
        body = inline_r(body, Context(self.report, path, read_text(path)))
        return body, made.figures or (page or path).parent / f"{path.stem}_files"

    def blocks(self, body: str) -> str:
        """The body with its theorem and custom-block chunks as Quarto's divs, its raw
        TeX equations as math (before their labels are read)."""
        body, count = raw_math(body)
        if count:
            self.report.convert("raw TeX blocks of a math environment (`{=tex}`) as "
                                "display math", count)
        body, count = blocks(body)
        if count:
            self.report.convert("bookdown's theorem and block chunks (Quarto's divs)", count)
        return body

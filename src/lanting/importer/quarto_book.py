"""A Quarto book's chapters, for the importer (`quarto.Quarto`): their numbers as Quarto
gave them, their order, and the labels two of them give."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.item import Item
from lanting.importer.quarto_settings import book_chapters
from lanting.importer.quarto_xrefs import twice_in_book
from lanting.importer.report import Report
from lanting.importer.site import NOTEBOOK

_ATTRIBUTE = r"""(?:#(?P<id>[\w:.-]+)|\.[\w-]+|-|[\w-]+=(?:"[^"\n]*"|'[^'\n]*'|[^\s"'}]*))"""
"""One item of Pandoc's attributes: `#id` (captured), `.class`, `-` or `key=value`."""
_PREAMBLE = (r"(?P<pre>(?:\s*(?:\{\{<\s*include\s[^<>\n]*>\}\}|<!--(?s:.*?)-->"
             r"|(?P<fence>:{3,})[ \t]*\{\.hidden\}[ \t]*\n(?s:.*?)^(?P=fence):*[ \t]*)"
             r"[ \t]*(?=\n))*)")
TITLE_HEADING = re.compile(r"\A" + _PREAMBLE
                           + r"\s*#[ \t]+(?P<title>\S.*?)[ \t]*(?:\{[ \t]*(?:" + _ATTRIBUTE
                           + r"[ \t]*)+\})?[ \t]*$\n?", re.MULTILINE)
"""A document's first line a `#` heading (with its label): a book chapter's title. Not
an empty one (`#` and spaces, a draft's placeholder): its blank title failed the build
("a post needs a `title`"), where the file's name titles it. Its attributes are read
whether or not they hold a label (`# Preface {.unnumbered}`, a book's front matter:
they were left in its title); braces not shaped as attributes are Pandoc's text. What
only defines (`{{< include _macros.tex >}}`, a `::: {.hidden}` div of macros, a comment)
may come first, as a course's chapters opened (`pre`: kept in the body)."""


_UNNUMBERED = re.compile(r"\{[^}\n]*(?:\.unnumbered|(?<![\w-])-(?![\w-]))[^}\n]*\}")
"""Pandoc's marks of a heading left unnumbered, in its attributes."""


class QuartoBook:
    """The book part of the Quarto importer (`quarto.Quarto`)."""

    source: Path
    config: dict[str, Any]
    report: Report
    documents: list[tuple[Item, str, Path, Path | None]]
    chapter_order: list[str] | None
    """A book's chapter files, in order (None: no book)."""

    def book_numbers(self, found: list[tuple[Path, dict[str, Any], str, str]]
                     ) -> dict[Path, str]:
        """A book's chapters numbered as Quarto numbers them: 1, 2 … through its parts,
        its appendices A, B …; a chapter whose title heading is `{.unnumbered}` (a
        preface, the references) is neither numbered nor counted."""
        chapters, appendices = book_chapters(self.config)
        by_name = {p.relative_to(self.source).as_posix(): (p, body)
                   for p, _data, _head, body in found}
        numbers: dict[Path, str] = {}
        for names, marks in ((chapters, [str(n) for n in range(1, len(chapters) + 1)]),
                             (appendices, [chr(ord("A") + n) for n in range(26)])):
            numbered = [path for path, body in (by_name[n] for n in names if n in by_name)
                        if not ((first := TITLE_HEADING.match(body))
                                and _UNNUMBERED.search(body[first.end("pre"):first.end()]))]
            numbers.update(zip((p.resolve() for p in numbered), marks, strict=False))
        return numbers

    def book_order(self) -> list[str] | None:
        """A book's chapter files in the order of `book:` (a project of another type:
        None, its documents' labels their own, as Quarto resolves them)."""
        project = self.config.get("project")
        if not isinstance(project, dict) or project.get("type") != "book":
            return None
        # (`number-sections: false` leaves the chapters unnumbered, not out of order)
        chapters, appendices = book_chapters({key: value for key, value in self.config.items()
                                              if key not in ("format", "number-sections")})
        return chapters + appendices

    def in_book_order(self, paths: list[Path]) -> list[Path]:
        """`paths` in the order of the book's chapters (others after, by path): the first
        of two documents giving a label is the one references lead to."""
        order = self.chapter_order or []

        def rank(path: Path) -> tuple[int, str]:
            rel = path.relative_to(self.source).as_posix()
            return (order.index(rel) if rel in order else len(order), rel)

        return sorted(paths, key=rank)

    def labels_twice(self) -> None:
        """A label two chapters of a book give, an error at the second with the first's
        place: a reference from a third chapter led to either in Quarto, and leads to
        the first here, which may not be what it meant."""
        paths = self.in_book_order([p for _item, text, p, _f in self.documents
                                    if text != NOTEBOOK])
        for label, (first, line), (path, at) in twice_in_book(
                (p, read_text(p)) for p in paths):
            self.report.error(path, at, f"label `{label}` is given in two chapters of the "
                              f"book, here and at {self.report.rel(first)}:{line}: a "
                              "reference to it from another chapter leads to the first; "
                              "give each its own label")

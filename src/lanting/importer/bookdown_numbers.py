"""bookdown's numbers of chapters and sections: a book's `#` headings are its chapters,
numbered 1, 2 … through the book (a part's heading, `# (PART) Theory {-}`, no chapter;
those after `# (APPENDIX) Appendix {-}` lettered A, B …), their sections 1.1, 1.1.1 …;
a heading written `{-}` or `{.unnumbered}` has no number and does not count. All of it
unless the HTML format of `_output.yml` (or of `index.Rmd`'s `output:`) says
`number_sections: false`: bookdown's formats number by default. Its labelled equations
are numbered in their chapters, `(2.3)` (through the book, `(7)`, when the format numbers
no sections), as bookdown's `\\tag`s. And a chapter's first heading, which titles its
page, after the chunks before it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lanting.importer.bookdown_refs import CODE_SPAN, FENCE, HEADING, heading_label
from lanting.importer.common import read_text
from lanting.importer.text import load_mapping
from lanting.markdown.section_numbers import UNNUMBERED

OUTPUTS = "_output.yml"
_HTML_FORMATS = ("gitbook", "html_book", "bs4_book", "html_document2", "html_document",
                 "tufte_html_book", "tufte_html2")
"""bookdown's HTML output formats (and R Markdown's), `bookdown::gitbook` …"""
_PART = re.compile(r"\((PART|APPENDIX)(?:\\?\*)?\)")


def output_formats(source: Path, book: dict[str, Any]) -> dict[str, Any]:
    """The book's output formats and their options: `_output.yml`, else `index.Rmd`'s
    `output:` ({} when neither has any)."""
    outputs: Any = book.get("output")
    if (source / OUTPUTS).is_file():
        outputs = load_mapping("yaml", read_text(source / OUTPUTS))[0]
    return outputs if isinstance(outputs, dict) else {}


def numbers_sections(outputs: dict[str, Any]) -> bool:
    """Whether the book's HTML format numbers its sections: its `number_sections`;
    true when it does not say."""
    for name, options in outputs.items():
        if str(name).rpartition("::")[2] in _HTML_FORMATS:
            return not (isinstance(options, dict) and options.get("number_sections") is False)
    return True


@dataclass(frozen=True, slots=True)
class BookNumbers:
    """What bookdown numbered through the book."""

    headings: dict[str, str]
    """The numbers of the book's headings by their ids (the first place of an id)."""
    chapters: dict[Path, str]
    """Each chapter's number, by its document, whose first `#` heading it is."""
    equations: dict[str, str]
    """The number of each equation's label (`eq:x` → `2.3`)."""


_LABELLED = re.compile(rf"{HEADING.pattern}|\(\\#(eq:[\w:.-]+)\)", re.MULTILINE)
"""A heading, or an equation's label, `(\\#eq:x)` (its group 4)."""


def book_numbers(documents: Iterable[tuple[Path, str]], numbered: bool) -> BookNumbers:
    """The numbers of the book's headings, chapters and equations (`numbered`: whether
    its format numbered sections; a book that did not numbers none of its headings, and
    its equations through the book, 1, 2 …). bookdown's equation number is its label's
    place in the chapter, `2.3`, the chapter the last numbered `#` heading before it."""
    by_label: dict[str, str] = {}
    chapters: dict[Path, str] = {}
    equations: dict[str, str] = {}
    chapter, appendix, counted, last = 0, False, 0, ""
    for path, text in documents:
        counters: list[int] = []
        mark, titled = "", False
        for heading in _LABELLED.finditer(CODE_SPAN.sub("", FENCE.sub("", text))):
            if heading.group(4) is not None:  # (an equation's label; again, its number)
                if heading.group(4) not in equations and (last or not numbered):
                    counted += 1
                    equations[heading.group(4)] = f"{last}.{counted}" if numbered \
                        else str(counted)
                continue
            level, words = len(heading.group(1)), heading.group(2)
            part = _PART.match(words) if level == 1 else None
            if part is not None:
                appendix = appendix or part.group(1) == "APPENDIX"
                chapter = 0 if part.group(1) == "APPENDIX" else chapter
                continue
            numbered_here = not UNNUMBERED.search(heading.group(3) or "")
            if level == 1:
                chapter += numbered_here
                counters = []
                mark = (chr(ord("A") + chapter - 1) if appendix else str(chapter)) \
                    if numbered_here else ""
                if mark and numbered:  # (the equations are counted from 1 again)
                    last, counted = mark, 0
                if not titled and mark:  # (the first `#` heading titles the page)
                    chapters[path] = mark
                titled = True
                number = mark
            elif not (numbered_here and mark):
                continue
            else:
                depth = level - 1
                counters = counters[:depth] + [0] * max(0, depth - len(counters))
                counters[depth - 1] += 1
                number = ".".join([mark, *(str(n) for n in counters)])
            if number:
                by_label.setdefault(heading_label(words, heading.group(3) or ""), number)
    if not numbered:
        return BookNumbers({}, {}, equations)
    return BookNumbers(by_label, chapters, equations)


_LEADING = re.compile(r"\s*(?:<!--.*?-->|" + FENCE.pattern.lstrip("^") + r")", re.MULTILINE
                      | re.DOTALL)
"""A chunk (or a comment) before a chapter's first heading."""


def title_first(body: str) -> str:
    """A chapter whose first `#` heading comes after chunks (a setup chunk,
    `include=FALSE`) with that heading first: bookdown's chapter pages start at their
    headings, so it titled the page, where the page's file name did; the chunks follow
    it. A part's heading before it stays first."""
    at, chunks = 0, []
    while (leading := _LEADING.match(body, at)) is not None and leading.end() > at:
        chunks.append(leading.group().strip("\n"))
        at = leading.end()
    heading = HEADING.match(body, at + len(body[at:]) - len(body[at:].lstrip()))
    if not chunks or heading is None:
        return body
    rest = body[heading.end():]
    if heading.group(1) == "#" and _PART.match(heading.group(2)):
        return body[heading.start():heading.end()] + "\n\n" + title_first(
            "\n".join(chunks) + rest)
    if heading.group(1) != "#":
        return body
    return heading.group() + "\n\n" + "\n\n".join(chunks) + rest

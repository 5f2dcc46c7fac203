"""bookdown's numbers of chapters and sections: a book's `#` headings are its chapters,
numbered 1, 2 … through the book (a part's heading, `# (PART) Theory {-}`, no chapter;
those after `# (APPENDIX) Appendix {-}` lettered A, B …), their sections 1.1, 1.1.1 …;
a heading written `{-}` or `{.unnumbered}` has no number and does not count. All of it
unless the HTML format of `_output.yml` (or of `index.Rmd`'s `output:`) says
`number_sections: false`: bookdown's formats number by default. And a chapter's first
heading, which titles its page, after the chunks before it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from lanting.importer.bookdown_refs import FENCE, HEADING, heading_label
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


def heading_numbers(documents: Iterable[tuple[Path, str]]
                    ) -> tuple[dict[str, str], dict[Path, str]]:
    """The numbers of the book's headings by their ids (the first place of an id kept),
    and each chapter's, by its document, whose first `#` heading it is."""
    by_label: dict[str, str] = {}
    chapters: dict[Path, str] = {}
    chapter, appendix = 0, False
    for path, text in documents:
        counters: list[int] = []
        mark, titled = "", False
        for heading in HEADING.finditer(FENCE.sub("", text)):
            level, words = len(heading.group(1)), heading.group(2)
            part = _PART.match(words) if level == 1 else None
            if part is not None:
                appendix = appendix or part.group(1) == "APPENDIX"
                chapter = 0 if part.group(1) == "APPENDIX" else chapter
                continue
            numbered = not UNNUMBERED.search(heading.group(3) or "")
            if level == 1:
                chapter += numbered
                counters = []
                mark = (chr(ord("A") + chapter - 1) if appendix else str(chapter)) \
                    if numbered else ""
                if not titled and mark:  # (the first `#` heading titles the page)
                    chapters[path] = mark
                titled = True
                number = mark
            elif not (numbered and mark):
                continue
            else:
                depth = level - 1
                counters = counters[:depth] + [0] * max(0, depth - len(counters))
                counters[depth - 1] += 1
                number = ".".join([mark, *(str(n) for n in counters)])
            if number:
                by_label.setdefault(heading_label(words, heading.group(3) or ""), number)
    return by_label, chapters


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

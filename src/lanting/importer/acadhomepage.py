"""AcadHomepage's papers → entries of `content/publications.bib`. The template shows each
paper of its home page as a box,

    <div class='paper-box'><div class='paper-box-image'><div><div class="badge">ICML 2024
    </div><img src='images/x.png' …></div></div>
    <div class='paper-box-text' markdown="1">

    [Title](https://arxiv.org/abs/…) \\\\
    **Owner**, Co Author<sup>*</sup>

    [**Project**](…) <strong><span class='show_paper_citations' data='USER:ID'></span>
    </strong> \\| [![](…github/stars…)](https://github.com/…)
    - A point about the paper.
    </div>
    </div>

a badge of its venue and year, a picture, the title linked, the authors (the owner in
bold), links and a few points. Each box with a linked title is an entry, selected, so
Lanting's home page lists them as the old one did, and /publications/ has them all: the
badge the venue (`abbr`) and year, the picture `preview`, the title's link the paper
(arXiv's its `arxiv`, a PDF its `pdf`), the links buttons of their meaning (Code, a
repository's stars badge, Project, Video, Slides), others after the venue, the points
the abstract, the script-filled citation count's id `google_scholar_id`. A box without
a linked title (a project shown so) stays as written. So are the template's papers
written as items of a list under a heading of publications, with their venue (``-
``CVPR 2016`` [Title](url), A B, **Ada Ode**``; in some forks the names on the item's
next line); an item holding its BibTeX in a `<details>` block is read by
`acadhomepage_bibtex`. This module finds the papers on a page; `acadhomepage_paper`
reads one."""

from __future__ import annotations

import re
from pathlib import Path

from lanting.importer.acadhomepage_bibtex import bibtex_item_entry, item_lines
from lanting.importer.acadhomepage_paper import PAPER_BOX, line_entry, paper_entry
from lanting.importer.bibtex import BibEntry
from lanting.importer.jekyll_inlined import inline_relative
from lanting.importer.liquid import HTML_COMMENT, Context
from lanting.importer.report import Report

_SECTION = re.compile(r"publication|paper|preprint|论文|成果|发表", re.IGNORECASE)
"""Words of a heading over papers written as lines."""
_ITEM = re.compile(r"^[-*][ \t]+(?P<item>.+)$")
_MARKED = re.compile(r"^ {0,3}[-*][ \t]+(?P<item>.+)$")
"""An item of the top list (CommonMark allows its marker three spaces)."""
_LAZY = re.compile(r"^(?![-*+][ \t]|#|<(?:div|details|!--)|\d+\.[ \t])\S")
"""A line going on with the item above it (neither a new item, heading nor block)."""


def paper_lines(text: str, taken: set[str]) -> list[tuple[int, int, BibEntry, list[str]]]:
    """The papers written as items of a list under a heading of papers (`# 📝
    Publications`), a line or two: (their first line's index, how many lines, the entry,
    the names in bold)."""
    lines = text.split("\n")
    headings: dict[int, str] = {}
    found: list[tuple[int, int, BibEntry, list[str]]] = []
    until = 0
    for at, line in enumerate(lines):
        level = len(line) - len(line.lstrip("#"))
        if 1 <= level <= 6 and line[level:level + 1].isspace():
            headings = {k: v for k, v in headings.items() if k < level} | {level: line}
            continue
        if at < until or not any(_SECTION.search(h) for h in headings.values()):
            continue
        marked = _MARKED.match(line)
        many = item_lines(lines, at) if marked else 0
        if marked and "<details" in "".join(lines[at:at + many]).lower():
            block = bibtex_item_entry("\n".join([marked.group("item"), *(
                part.strip() for part in lines[at + 1:at + many])]), taken)
            if block is not None:  # (its BibTeX in a `<details>` block)
                found.append((at, many, *block))
                until = at + many
                continue
        item = _ITEM.match(line)
        if item is None:
            continue
        lazy = 0  # (the names on the item's next line, not indented: its paragraph's)
        while at + lazy + 1 < len(lines) and lazy < 2 and _LAZY.match(lines[at + lazy + 1]):
            lazy += 1
        follows = lines[at + lazy + 1] if at + lazy + 1 < len(lines) else ""
        if follows.startswith((" ", "\t")) and follows.strip():
            continue  # (an item of several blocks holds more than a paper: it stays)
        entry = line_entry("\n".join([item.group("item"), *lines[at + 1:at + lazy + 1]]),
                           taken)
        if entry is not None:
            found.append((at, lazy + 1, *entry))
    return found


def paper_boxes(text: str) -> tuple[list[BibEntry], list[str]]:
    """The entries of the boxes and one-line items of `text` (outside HTML comments,
    which the caller has put aside) and the names in bold on them."""
    entries: list[BibEntry] = []
    bold: list[str] = []
    taken: set[str] = set()
    for match in PAPER_BOX.finditer(text):
        found = paper_entry(match.group("image"), match.group("text"), taken)
        if found is not None:
            entries.append(found[0])
            bold.extend(n for n in found[1] if n not in bold)
    for _, _lines, entry, names in paper_lines(text, taken):
        entries.append(entry)
        bold.extend(n for n in names if n not in bold)
    return entries, bold


_GONE = "\ue0b0"
"""Where a box was, while headings left with nothing under them are found."""
_ASIDE = "\ue0b1"
"""Around the number of an HTML comment put aside."""
_ASIDES = re.compile(r"(?:\ue0b1\d+\ue0b1\s*)+")
"""A line of nothing but comments put aside."""
_EMPTY = re.compile(r"(?:<(span|a|div)\b[^>]*>\s*</\1>\s*)+")
"""A line of empty elements: the next section's anchor (`<span id="educations"></span>`)."""


def _emptied_heading(lines: list[str]) -> int | None:
    """The index of a heading whose section holds removed boxes and nothing else."""
    for at, line in enumerate(lines):
        level = len(line) - len(line.lstrip("#"))
        if not 1 <= level <= 6 or not line[level:level + 1].isspace():
            continue
        inside = []
        for after in lines[at + 1:]:
            deeper = len(after) - len(after.lstrip("#"))
            if 1 <= deeper <= level and after[deeper:deeper + 1].isspace():
                break
            inside.append(after.strip())
        if _GONE in inside and all(not text or text == _GONE or _ASIDES.fullmatch(text)
                                   or _EMPTY.fullmatch(text)
                                   for text in inside):  # (a comment shows nothing)
            return at
    return None


def without_paper_boxes(text: str) -> tuple[str, int]:
    """`text` without the boxes and items that are entries now, and how many went; a
    heading that had only those under it (`# 📝 Publications`, `## Speech Synthesis`)
    goes too, as the home page's list of selected publications has its own."""
    count = 0
    comments: list[str] = []  # (put aside: a paper in a comment stays there)

    def aside(match: re.Match[str]) -> str:
        comments.append(match.group())
        return f"{_ASIDE}{len(comments) - 1}{_ASIDE}"

    def one(match: re.Match[str]) -> str:
        nonlocal count
        if paper_entry(match.group("image"), match.group("text"), set()) is None:
            return match.group()
        count += 1
        return _GONE + "\n"

    text = PAPER_BOX.sub(one, HTML_COMMENT.sub(aside, text))
    lines = text.split("\n")
    for at, many, _paper, _names in paper_lines(text, set()):
        lines[at:at + many] = [_GONE] * many
        count += 1
    if not count:
        return re.sub(rf"{_ASIDE}(\d+){_ASIDE}", lambda m: comments[int(m.group(1))],
                      text), 0
    # (each heading emptied, one of a year's among many, then the one over them)
    while (emptied := _emptied_heading(lines)) is not None:
        lines[emptied] = _GONE
    text = re.sub(rf"{_GONE}\n?", "", "\n".join(lines))
    return re.sub(rf"{_ASIDE}(\d+){_ASIDE}", lambda m: comments[int(m.group(1))], text), count


def home_paper_boxes(body: str, path: Path, source: Path) -> tuple[list[BibEntry], list[str]]:
    """The entries of the papers of the home page `path` (whose text is `body`) and of
    the files its `{% include_relative %}` tags inline, outside HTML comments (papers
    a fork commented out); and the names in bold on them."""
    if "](" not in body and "include_relative" not in body:
        return [], []
    scratch = Report(source, "al-folio")  # (inlined again, and reported, with the page)
    text = inline_relative(body, path.parent, source, Context(scratch, path, body),
                           lambda _: False)
    return paper_boxes(HTML_COMMENT.sub("", text))

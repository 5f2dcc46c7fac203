"""AcadHomepage's papers written as items that hold their BibTeX in a `<details>` block,
as a roboticist's fork writes each of its hundred papers:

    - [Title](https://ieeexplore.ieee.org/document/…)
      <div class="pub-links">
      <details class="bibtex-details"><summary class="bibtex-button">[BibTeX]</summary>
      <div class="bibtex-block"><pre><code>@article{key, title={…}, volume={41}, …}
      </code></pre></div></details>
      <a href="https://arxiv.org/pdf/…" class="pub-link">[PDF]</a>
      <a href="https://github.com/…"><img src="…/github/stars/…"></a>
      </div>

      *IEEE Transactions on Robotics (**T-RO**)*

      Ce Guo, **<u>Ada Ode</u>**, Bo Xu

The entry is the BibTeX (its key, type, volume, pages, DOI, publisher), with what the
page showed in place of what the block says otherwise: the title as written, the
authors (the owner in bold; the BibTeX's are often cut short with `others`), the venue
in italics (its abbreviation in bold, `**(CVPR 2024)**`: a block copied from Google
Scholar calls a published paper an `arXiv preprint`), the links as buttons."""

from __future__ import annotations

import html
import re

from lanting.importer.acadhomepage_paper import LINK, TITLE, author_names, paper_links, plain
from lanting.importer.bibtex import BibEntry, drop_empty_fields, parse

_DETAILS = re.compile(r"<details\b[^>]*>.*?</details>", re.DOTALL | re.IGNORECASE)
_BIBTEX = re.compile(r"@[A-Za-z]+\s*[{(]")
_ANCHOR = re.compile(r"<a\s[^>]*?href=(['\"])(?P<url>[^'\"]+)\1[^>]*>(?P<text>.*?)</a>",
                     re.DOTALL | re.IGNORECASE)
_IMAGE = re.compile(r"<img\b[^>]*\bsrc=(['\"])([^'\"]+)\1", re.IGNORECASE)
_TAG = re.compile(r"</?[A-Za-z][^>]*>")
_VENUE = re.compile(r"^(?:\*(?!\*)(?P<star>.+)\*|_(?!_)(?P<under>.+)_)$")
"""The venue's line: in italics, `*IEEE Transactions on Robotics (**T-RO**)*`."""
_ABBR = re.compile(r"\(\*\*([^*()]+)\*\*\)|\*\*\(([^*()]+)\)\*\*")
"""The venue's abbreviation and year in bold, `(**T-RO**)` or `**(CVPR 2024)**`."""
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_INDENTED = re.compile(r"(?: {2}|\t)")
_MARKER = re.compile(r" {0,3}[-*+][ \t]")
"""The marker of the next item (CommonMark allows it three spaces)."""
_PROCEEDINGS = re.compile(r"^In\b|\bProc\b|\bProceedings\b|\bConf\b|\bConference\b"
                          r"|\bWorkshop\b|\bSymposium\b", re.IGNORECASE)
_JOURNAL = re.compile(r"\bTransactions\b|\bJournal\b|\bLetters\b", re.IGNORECASE)


def item_lines(lines: list[str], at: int) -> int:
    """How many lines the list item starting at `lines[at]` spans: its own and those
    after it that are blank or indented (a paragraph or a block of the item's), the
    blank ones at its end left out."""
    end = at + 1
    while end < len(lines) and (not lines[end].strip() or (
            _INDENTED.match(lines[end]) and not _MARKER.match(lines[end]))):
        end += 1
    while end > at + 1 and not lines[end - 1].strip():
        end -= 1
    return end - at


def bibtex_of(text: str) -> tuple[BibEntry | None, str]:
    """The entry of the first `<details>` in `text` that holds one (in `<pre><code>`,
    its lines broken by `<br>`, or in a fence), and `text` without that block."""
    for block in _DETAILS.finditer(text):
        inside = html.unescape(re.sub(r"<br\s*/?>", "\n", block.group(), flags=re.I))
        start = _BIBTEX.search(inside)
        if start is None:
            continue
        entries, _strings = parse(inside[start.start():])
        if entries:
            return entries[0], text[:block.start()] + text[block.end():]
    return None, text


def _venue(line: str) -> tuple[str, str, str]:
    """(venue, abbreviation, year) of the italic venue line."""
    found = _VENUE.match(line)
    text = (found.group("star") or found.group("under")) if found else ""
    abbr = _ABBR.search(text)
    short = (abbr.group(1) or abbr.group(2)) if abbr else ""
    name = plain(_ABBR.sub(" ", text)).strip(" ,.")
    year = _YEAR.search(short) or _YEAR.search(name)
    short = " ".join(_YEAR.sub("", short).replace(",", " ").split())
    return name, short, year.group() if year else ""


def _markdown_links(text: str) -> str:
    """The item's HTML links as Markdown's, a badge's picture as the link's text."""
    def one(match: re.Match[str]) -> str:
        picture = _IMAGE.search(match.group("text"))
        label = f"![]({picture.group(2)})" if picture else \
            plain(match.group("text")).strip() or match.group("url")
        return f" [{label}]({match.group('url')}) "

    return _TAG.sub(" ", _ANCHOR.sub(one, text))


def bibtex_item_entry(item: str, taken: set[str]) -> tuple[BibEntry, list[str]] | None:
    """The entry of a paper written as a list item (`item`: its text after the marker,
    its lines unindented) holding its BibTeX in a `<details>` block, its key not in
    `taken`, and the names in bold; None for an item without one."""
    entry, shown = bibtex_of(item)
    if entry is None:
        return None
    lines = [line.strip() for line in shown.split("\n")]
    found = TITLE.match(lines[0])
    title = plain(found.group("title")) if found else ""
    url = (found.group("url") or found.group("inner")) if found else ""
    venue, abbr, year = next((_venue(line) for line in lines[1:] if _VENUE.match(line)),
                             ("", "", ""))
    # (the names: a line of text, neither the venue's nor a tag's; a bold name followed
    # by the next without its comma, `**<u>Ada Ode</u>** Bo Xu`, is two)
    names_line = next((line for line in lines[1:] if line and not _VENUE.match(line)
                       and not line.startswith(("<", "[")) and "](" not in line), "")
    names, bold, first = author_names(re.sub(r"\*\*(?=\s+[A-Z])", "**,", names_line))
    if title:
        entry.set("title", title)
    if names:
        entry.set("author", " and ".join(names))
    if venue:
        if _PROCEEDINGS.search(venue) and not _JOURNAL.search(venue):
            entry.kind = "inproceedings"
        elif _JOURNAL.search(venue):
            entry.kind = "article"
        entry.fields.pop("journal", None)
        entry.fields.pop("booktitle", None)
        entry.set("journal" if entry.kind == "article" else "booktitle",
                  re.sub(r"^In\s+", "", venue))
    if abbr:
        entry.set("abbr", abbr)
    if year and not entry.value("year"):
        entry.set("year", year)
    if first:
        entry.set("equal_contribution", str(first))
    rest = _markdown_links("\n".join(line for line in lines[1:] if line != names_line))
    links = " ".join(link.group() for link in LINK.finditer(rest))
    paper_links(entry, url or entry.value("url"), links, [])
    drop_empty_fields(entry)  # (`number={}`, as IEEE's export writes it)
    key = entry.key or "paper"
    while key in taken:
        key += "b"
    entry.key = key
    taken.add(key)
    return entry, bold

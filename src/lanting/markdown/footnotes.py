"""Side notes: each footnote is repeated beside its reference, for wide screens.

The theme shows the side notes in the margin on wide screens (hiding the list at the
end) and the usual footnote list on narrow ones, so a reader only ever meets one copy.

A side note is a `<span>` inside the paragraph of its reference, so it can hold only
text-level HTML: a note of paragraphs is shown whole (a line break between them), but a
note with a list, code, a display formula or a table would break the paragraph open (the
browser closes the `<p>` at the first block and the rest of the page nests wrongly). Such
a note's side note shows its first paragraph and a link to the note, and the note stays
in the list at the end on wide screens too (`footnote-full`). So does a note referenced
from a heading, which takes no side note (its text would join the heading's).
"""

from __future__ import annotations

import re

_ITEM_START = re.compile(r'<li id="fn(\d+)" class="footnote-item">')
_LIST_END = "</ol>\n</section>"
_REF = re.compile(
    r'(<sup class="footnote-ref"><a href="#fn(\d+)" id="fnref[\d:]+">\[\d+\]</a></sup>)')
_BACKREF = re.compile(r'\s*<a href="#fnref[\d:]+" class="footnote-backref">.*?</a>')
_PARAGRAPHS = re.compile(r"\s*<p>((?:(?!</?p>).)*?)</p>\s*", re.DOTALL)
_BLOCK_TAG = re.compile(r"<(?:div|p|ul|ol|li|pre|table|blockquote|figure|h[1-6]|hr|section|"
                        r"details|dl|math\b[^>]*display=\"block\")[\s>/]", re.IGNORECASE)
_HEADING_OPEN = re.compile(r"<h[1-6][\s>]")
_REF_START = '<sup class="footnote-ref">'


def _items(html: str) -> list[tuple[str, int, int]]:
    """(number, start, end) of each item of the footnote list: an item runs to the next
    one, the last to the end of the list (a note may hold lists of its own)."""
    first = html.find('<li id="fn')
    if first < 0:
        return []
    starts = [(m.group(1), m.start()) for m in _ITEM_START.finditer(html, first)]
    if not starts:
        return []
    end = html.find(_LIST_END, starts[-1][1])
    bounds = [s for _, s in starts[1:]] + [end if end >= 0 else len(html)]
    return [(number, start, stop) for (number, start), stop in zip(starts, bounds, strict=True)]


def _body(item: str) -> str:
    """An item's content: its tags `<li …>` and `</li>` and its back-links removed."""
    inner = item[item.index(">") + 1:].rstrip()
    return _BACKREF.sub("", inner.removesuffix("</li>")).strip()


def side_note(body: str) -> tuple[str, bool]:
    """The text-level HTML of a note's side note, and whether it is the whole note."""
    paragraphs: list[str] = []
    pos = 0
    while pos < len(body):
        match = _PARAGRAPHS.match(body, pos)
        if match is None or _BLOCK_TAG.search(match.group(1)):
            break
        paragraphs.append(match.group(1).strip())
        pos = match.end()
    whole = pos >= len(body)
    if whole and not paragraphs and body and not _BLOCK_TAG.search(body):
        return body, True  # (a note of bare text, as some renderers give)
    return "<br>".join(paragraphs), whole


def add_sidenotes(html: str) -> str:
    """Insert a `<span class="sidenote">` after each footnote reference outside a
    heading; mark the notes whose side note is not all of them."""
    ref = html.find(_REF_START)
    if ref < 0:
        return html
    items = _items(html)
    notes = {number: side_note(_body(html[start:end])) for number, start, end in items}
    full: set[str] = set()
    # `_REF.sub` by hand: its matches begin with a literal, which str.find reaches faster
    # than the regex engine scanning a long page.
    pieces, done = [], 0
    while ref >= 0:
        match = _REF.match(html, ref)
        if match is None:
            ref = html.find(_REF_START, ref + 1)
            continue
        number = match.group(2)
        note = notes.get(number)
        pieces += [html[done:ref], match.group(1)]
        if note is not None:
            text, whole = note
            heading = _HEADING_OPEN.search(html, html.rfind("<h", 0, ref))
            in_heading = heading is not None and heading.start() < ref and html.find(
                "</h", heading.start(), ref) < 0
            if in_heading or not whole:
                full.add(number)
            if not in_heading:
                more = "" if whole else (f' <a class="sidenote-more" href="#fn{number}" '
                                         f'aria-label="the whole note {number}">…</a>')
                pieces.append(f'<span class="sidenote" role="note">'
                              f'<span class="sidenote-number">{number}</span> {text}{more}'
                              f'</span>')
        done = match.end()
        ref = html.find(_REF_START, done)
    pieces.append(html[done:])
    html = "".join(pieces)
    for number in full:  # `value`: the list keeps its numbers with the others hidden
        html = html.replace(f'<li id="fn{number}" class="footnote-item">',
                            f'<li id="fn{number}" class="footnote-item footnote-full" '
                            f'value="{number}">', 1)
    return html

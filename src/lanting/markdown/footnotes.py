"""Side notes: each footnote is repeated beside its reference, for wide screens.

The theme shows the side notes in the margin on wide screens (hiding the list at the
end) and the usual footnote list on narrow ones, so a reader only ever meets one copy.
"""

from __future__ import annotations

import re

_ITEM = re.compile(r'<li id="fn(\d+)" class="footnote-item">(.*?)</li>', re.DOTALL)
_REF = re.compile(
    r'(<sup class="footnote-ref"><a href="#fn(\d+)" id="fnref[\d:]+">\[\d+\]</a></sup>)')
_BACKREF = re.compile(r'\s*<a href="#fnref[\d:]+" class="footnote-backref">.*?</a>')
_PARAGRAPH = re.compile(r"</?p>")
_ITEM_START = '<li id="fn'
_REF_START = '<sup class="footnote-ref">'


def add_sidenotes(html: str) -> str:
    """Insert a `<span class="sidenote">` after each footnote reference."""
    ref = html.find(_REF_START)
    if ref < 0:
        return html
    notes = {
        number: _PARAGRAPH.sub(" ", _BACKREF.sub("", body)).strip()
        for number, body in _ITEM.findall(html, max(0, html.find(_ITEM_START)))
    }
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
            pieces.append(f'<span class="sidenote" role="note">'
                          f'<span class="sidenote-number">{number}</span> {note}</span>')
        done = match.end()
        ref = html.find(_REF_START, done)
    pieces.append(html[done:])
    return "".join(pieces)

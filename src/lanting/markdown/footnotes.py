"""Side notes: each footnote is repeated beside its reference, for wide screens.

The theme shows the side notes in the margin on wide screens (hiding the list at the
end) and the usual footnote list on narrow ones, so a reader only ever meets one copy.
"""

from __future__ import annotations

import re

_ITEM = re.compile(r'<li id="fn(\d+)" class="footnote-item">(.*?)</li>', re.DOTALL)
_REF = re.compile(r'(<sup class="footnote-ref"><a href="#fn(\d+)" id="fnref[\d:]+">\[\d+\]</a></sup>)')
_BACKREF = re.compile(r'\s*<a href="#fnref[\d:]+" class="footnote-backref">.*?</a>')
_PARAGRAPH = re.compile(r"</?p>")


def add_sidenotes(html: str) -> str:
    """Insert a `<span class="sidenote">` after each footnote reference."""
    if 'class="footnote-ref"' not in html:
        return html
    notes = {
        number: _PARAGRAPH.sub(" ", _BACKREF.sub("", body)).strip()
        for number, body in _ITEM.findall(html)
    }

    def insert(match: re.Match[str]) -> str:
        number = match.group(2)
        note = notes.get(number)
        if note is None:
            return match.group(1)
        return (f'{match.group(1)}<span class="sidenote" role="note">'
                f'<span class="sidenote-number">{number}</span> {note}</span>')

    return _REF.sub(insert, html)

"""A beamer deck's own commands of speaker notes (`notes_pandoc`, `beamer_tex`).

A speaker's template defines a command that puts its argument in a beamer note of a
list, `\\newcommand{\\notelist}[1]{\\note{\\begin{itemize}#1\\end{itemize}}}`, and each
slide says `\\notelist{\\item …}`. Lanting's talk reads beamer's `\\note[itemize]{…}`
(`site.beamer_notes`), not the deck's own command: a slide's use of it is written so.
"""

from __future__ import annotations

import re

_MACRO = re.compile(r"\\(?:re)?newcommand\*?\s*\{?\\([A-Za-z]+)\}?\s*\[1\]\s*\{\s*"
                    r"\\note(?:\[[^\]\n]*\])?\s*\{\s*\\begin\{itemize\}")
"""A deck's own command wrapping its argument in beamer's note of a list."""

NOTE_LISTS = "the deck's own commands of speaker notes (`\\notelist{…}`) as beamer's `\\note`"


def note_macros(tex: str) -> list[str]:
    """The commands `tex` defines as a note of a list (`notelist`)."""
    return [m.group(1) for m in _MACRO.finditer(tex)]


def note_lists(text: str, names: list[str]) -> tuple[str, int]:
    """`text` with each use of those commands at a line's start beamer's
    `\\note[itemize]{`; how many."""
    return re.subn(rf"^([ \t]*)\\(?:{'|'.join(map(re.escape, names))})[ \t]*\{{",
                   r"\1\\note[itemize]{", text, flags=re.MULTILINE)

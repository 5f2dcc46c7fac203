"""Pandoc's subscripts and superscripts, `H~2~O` and `2^10^` (pymdownx's caret and tilde
read them alike, `mkdocs_extras`), as `<sub>` and `<sup>`, formulas put aside first."""

from __future__ import annotations

import re

from lanting.importer.liquid import Context
from lanting.importer.shelf import Shelf

FORMULA = re.compile(r"\$\$[^$]+?\$\$|\$\$(?:(?!\n[ \t]*\n).)+?\$\$"
                   r"|(?<![\\$])\$(?:[^$\n]|\n(?![ \t]*\n))+?\$", re.DOTALL)
"""A formula: `$$…$$`, or `$…$` (over a line break, as Pandoc reads it, not a blank
line: `$d: \\mathcal X \\times \\mathcal X` ending on the next line had put every later
`$` out of step, so `$$`'s closing opened a "formula" over 3,000 characters of text).
A `$$…$$` holding a blank line holds no `$` (an included file of macros, its last line
blank): else a `$$` left unclosed would put every later display out of step."""


def scripts(text: str, shelf: Shelf, ctx: Context) -> str:
    """Pandoc's `H~2~O` and `2^10^` (not in math) as `<sub>` and `<sup>`."""
    text = FORMULA.sub(lambda m: shelf.put(m.group(), "M"), text)
    text, subs = re.subn(r"(?<![~\\])~([^~\s]+)~(?!~)", r"<sub>\1</sub>", text)
    text, sups = re.subn(r"(?<![\^\\\[])\^([^\^\s\]]+)\^", r"<sup>\1</sup>", text)
    ctx.convert("subscripts and superscripts", subs + sups)
    return text

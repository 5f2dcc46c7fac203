"""A site's include drawing a button that folds the block after it (Bootstrap's
collapse): `{% include toggle_button.html target="collapseX" %}`, its file a `<button
data-toggle="collapse" data-target="#{{ include.target }}">Toggle Code</button>`, then
`<div class="collapse" id="collapseX">` holding the code and its output (a statistics
blog's R, knitr's posts). The button was left in a comment with a warning, and the
block, no longer hidden, had nothing to fold it: it is a `<details>` now, the button's
words its summary, folded as the block was."""

from __future__ import annotations

import re
from pathlib import Path

from lanting.importer import body as B
from lanting.importer.common import read_text
from lanting.importer.liquid import Context

_INCLUDE = re.compile(r"\{%-?\s*include\s+([\w./-]+)\s+((?:(?!%\}).)*?)\s*-?%\}[ \t]*\n?",
                      re.DOTALL)
_TOGGLE = re.compile(
    r"<(?:button|a)\b[^>]*\bdata-(?:bs-)?toggle=[\"']collapse[\"'][^>]*>(.*?)</(?:button|a)>",
    re.DOTALL | re.IGNORECASE)
_TARGET = re.compile(r"""(?:data-(?:bs-)?target|href)=["']#\{\{-?\s*include\.([\w-]+)\s*-?\}\}""")
_DIV = re.compile(r"</?div\b[^>]*>", re.IGNORECASE)


def collapse_toggles(text: str, source: Path, ctx: Context) -> str:
    """`text` with each include of the site drawing a collapse button, and the block
    right under it that the button folded, as one `<details>`."""
    folder = (source / "_includes").resolve()
    out: list[str] = []
    at = 0
    for match in _INCLUDE.finditer(text):
        made = _toggled(match, text, folder) if match.start() >= at else None
        if made is None:  # (another include, or one inside a block folded already)
            continue
        out += [text[at:match.start()], made[0]]
        at = made[1]
        ctx.convert("a site's collapse buttons and the blocks they folded as <details>")
    return "".join(out) + text[at:]


def _toggled(match: re.Match[str], text: str, folder: Path) -> tuple[str, int] | None:
    """(the `<details>`, where the folded block ended) of an include drawing a collapse
    button over the block right under it; None for another include."""
    path = (folder / match.group(1)).resolve()
    if not path.is_relative_to(folder) or not path.is_file():
        return None
    drawn = read_text(path)
    button, target = _TOGGLE.search(drawn), _TARGET.search(drawn)
    if button is None or target is None:
        return None
    ident = B.arguments(match.group(2))[1].get(target.group(1), "")
    block = _folded_block(text, match.end(), ident) if ident else None
    if block is None:
        return None
    end, inner, opened = block
    words = re.sub(r"<[^>]+>|\{\{.*?\}\}|\{%.*?%\}", "", button.group(1))
    return B.details(" ".join(words.split()), inner, opened), end


def _folded_block(text: str, start: int, ident: str) -> tuple[int, str, bool] | None:
    """(where it ends, its inner text, whether shown) of the `<div id="ident">` opening
    right at `start` (blank space before it aside), to its matching `</div>`; None for
    none."""
    opening = re.compile(rf"""\s*<div\b[^>]*\bid=["']{re.escape(ident)}["'][^>]*>""",
                         re.IGNORECASE).match(text, start)
    if opening is None:
        return None
    depth = 1
    for tag in _DIV.finditer(text, opening.end()):
        depth += -1 if tag.group().startswith("</") else 1
        if depth == 0:
            shown = re.search(r"""class=["'][^"']*\b(?:show|in)\b""", opening.group())
            return tag.end(), text[opening.end():tag.start()], shown is not None
    return None

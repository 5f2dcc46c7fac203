"""A Pandoc title block opening a talk: `% Title`, `% Author`, `% Date`.

Pandoc reads a document's first lines starting with `%` as its title, its authors
(parted at `;`) and its date (Pandoc's `pandoc_title_block`); a deck made with
`pandoc -t revealjs` (or beamer) opens with them and shows them on its title slide.
Copied into `content/talks/` (with a front matter above it, or none), the lines were a
paragraph of `%` text and the talk had no title. Read so, the block fills in the talk's
`title` and `date` that the front matter does not set, and its lines make the title slide
Pandoc made (`site.talks`).
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from lanting.content.frontmatter_syntax import parse_date
from lanting.model.content import TitleBlock

_FIELD = re.compile(r"^%(?:[ \t]+(.*?))?[ \t]*$")
_FORMS = ("%d %B %Y", "%B %d, %Y", "%B %d %Y", "%d %b %Y", "%b %d, %Y", "%b %d %Y",
          "%B %Y", "%d.%m.%Y")
"""How decks write the date (`09 November 2017`, `March 3, 2021`, `3.3.2021`): Pandoc
takes any text; these are read as the talk's date, others only shown."""


def split_title_block(body: str) -> tuple[TitleBlock | None, str]:
    """The title block opening `body` (after blank lines: the front matter's) and the
    body with its lines left blank, so that lines keep their numbers; (None, `body`)
    when it opens with none."""
    lines = body.split("\n")
    start = next((i for i, line in enumerate(lines) if line.strip()), len(lines))
    fields: list[list[str]] = []
    end = start
    while end < len(lines) and len(fields) < 3:
        field = _FIELD.match(lines[end])
        if field is None:
            break
        fields.append([field.group(1) or ""])
        end += 1
        # (a field goes on in lines opening with a space)
        while end < len(lines) and lines[end][:1] in (" ", "\t") and lines[end].strip():
            fields[-1].append(lines[end].strip())
            end += 1
    if not fields:
        return None, body
    title = " ".join(fields[0])
    authors: tuple[str, ...] = ()
    if len(fields) > 1:
        authors = tuple(a.strip() for part in fields[1] for a in part.split(";")
                        if a.strip())
    date = " ".join(fields[2]).strip() if len(fields) > 2 else ""
    lines[start:end] = [""] * (end - start)
    return TitleBlock(title, authors, date, start), "\n".join(lines)


def block_date(text: str) -> dt.datetime | None:
    """The block's date as Lanting reads one, or None (`13/13/13`, `Spring term`)."""
    try:
        return parse_date(text)
    except ValueError:
        pass
    for form in _FORMS:
        try:
            return dt.datetime.strptime(text, form).replace(tzinfo=dt.UTC)
        except ValueError:
            continue
    return None


def title_slide(block: TitleBlock) -> str:
    """The title slide Pandoc's reveal.js template makes of the block: the title as a
    heading, the authors and the date under it."""
    parts = [f"# {block.title}" if block.title else "", "; ".join(block.authors),
             block.date]
    return "\n\n".join(p for p in parts if p)


def read_title_block(data: dict[str, Any], lines: dict[str, int], body: str,
                     body_line: int) -> tuple[dict[str, Any], str, TitleBlock | None]:
    """A talk's front matter `data` with the `title` and `date` of the body's title block
    that it does not set (`lines`, the keys' file lines, noting the block's), and the
    body without the block."""
    block, body = split_title_block(body)
    if block is None:
        return data, body, None
    data = dict(data)
    if not str(data.get("title") or "").strip() and block.title:
        data["title"] = block.title
        lines["title"] = body_line + block.line
    if data.get("date") is None and (date := block_date(block.date)) is not None:
        data["date"] = date
        lines["date"] = body_line + block.line + 2
    return data, body, block

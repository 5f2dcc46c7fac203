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
          "%B %Y", "%d.%m.%Y", "%d.%m.%y")
"""How decks write the date (`09 November 2017`, `March 3, 2021`, `3.3.2021`, German
decks' `29.09.18`): Pandoc takes any text; these are read as the talk's date, others
only shown."""
_MONTHS = dict.fromkeys(("januar", "jänner", "janvier", "enero", "gennaio", "januari",
                         "janeiro"), "January") | dict.fromkeys(
    ("februar", "février", "fevrier", "febrero", "febbraio", "februari", "fevereiro"),
    "February") | dict.fromkeys(("märz", "maerz", "mars", "marzo", "maart", "março"),
                                "March") | dict.fromkeys(
    ("avril", "abril", "aprile"), "April") | dict.fromkeys(
    ("mai", "mayo", "maggio", "mei", "maio"), "May") | dict.fromkeys(
    ("juni", "juin", "junio", "giugno", "junho"), "June") | dict.fromkeys(
    ("juli", "juillet", "julio", "luglio", "julho"), "July") | dict.fromkeys(
    ("août", "aout", "agosto", "augustus"), "August") | dict.fromkeys(
    ("septembre", "septiembre", "settembre", "setembro"), "September") | dict.fromkeys(
    ("oktober", "octobre", "octubre", "ottobre", "outubro"), "October") | dict.fromkeys(
    ("novembre", "noviembre", "novembro"), "November") | dict.fromkeys(
    ("dezember", "décembre", "decembre", "diciembre", "dicembre", "dezembro"), "December")
"""Months named in German, French, Spanish, Italian, Dutch or Portuguese (`23 März
2020`, `5 de junio de 2021`), as R Markdown decks write the date in their language."""
_WORD = re.compile(r"[^\W\d_]+")
_ORDINAL_DAY = re.compile(r"^(\d{1,2})\.\s+(?=[^\W\d_])")
"""German's day with its dot before the month's name (`23. März 2020`)."""


def split_title_block(body: str, body_line: int = 1) -> tuple[TitleBlock | None, str]:
    """The title block opening `body` (from file line `body_line`, after blank lines:
    the front matter's) and the body with its lines left blank, so that lines keep their
    numbers; (None, `body`) when it opens with none."""
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
    return TitleBlock(title, authors, date, body_line + start), "\n".join(lines)


def block_date(text: str) -> dt.datetime | None:
    """The block's date as Lanting reads one, or None (`13/13/13`, `Spring term`)."""
    try:
        return parse_date(text)
    except ValueError:
        pass
    text = _in_english(text)
    for form in _FORMS:
        try:
            return dt.datetime.strptime(text, form).replace(tzinfo=dt.UTC)
        except ValueError:
            continue
    return None


def _in_english(text: str) -> str:
    """`text` with a month named in another language named in English (`23 März 2020`:
    `23 March 2020`), and the words `de` around it left out (`5 de junio de 2021`)."""
    words = _ORDINAL_DAY.sub(r"\1 ", " ".join(text.split()))
    if not any(w.casefold() in _MONTHS for w in _WORD.findall(words)):
        return text
    words = re.sub(r"\s+de\s+", " ", words, flags=re.IGNORECASE)
    return _WORD.sub(lambda m: _MONTHS.get(m.group().casefold(), m.group()), words)


def title_slide(block: TitleBlock) -> str:
    """The title slide Pandoc's reveal.js template makes of the block: the title as a
    heading, the subtitle, the authors, their institute and the date under it."""
    parts = [f"# {block.title}" if block.title else "", block.subtitle,
             "; ".join(block.authors), block.institute, block.date]
    return "\n\n".join(p for p in parts if p)


def read_title_block(data: dict[str, Any], lines: dict[str, int], body: str,
                     body_line: int, header: bool = False,
                     ) -> tuple[dict[str, Any], str, TitleBlock | None]:
    """A talk's front matter `data` with the `title` and `date` of the body's title block
    that it does not set (`lines`, the keys' file lines, noting the block's), and the
    body without the block. With `header` (a talk read as Pandoc reads it: no Marp,
    Slidev or xaringan deck), a header's `author`, `subtitle` or `institute`, which only
    Pandoc's title slide shows, make that slide; they are taken out of `data`."""
    block, body = split_title_block(body, body_line)
    if block is None:
        return _header(header, data, lines, body)
    data = dict(data)
    if not str(data.get("title") or "").strip() and block.title:
        data["title"] = block.title
        lines["title"] = block.line
    if data.get("date") is None and (date := block_date(block.date)) is not None:
        data["date"] = date
        lines["date"] = block.line + 2
    return data, body, block


_HEADER = ("subtitle", "author", "institute")


def _header(header: bool, data: dict[str, Any], lines: dict[str, int], body: str,
               ) -> tuple[dict[str, Any], str, TitleBlock | None]:
    if not header or not any(key in data for key in _HEADER):
        return data, body, None
    block = TitleBlock(_text(data.get("title")), tuple(_names(data.get("author"))),
                       _text(data.get("date")), lines.get("title", lines.get("author", 1)),
                       _text(data.get("subtitle")), _text(data.get("institute")))
    return {k: v for k, v in data.items() if k not in _HEADER}, body, block


def _names(value: Any) -> list[str]:
    """Pandoc's `author`: a name, a list of names, or (Quarto's) of `{name: …}`."""
    if isinstance(value, list):
        return [n for v in value for n in _names(v)]
    text = _text(value.get("name") if isinstance(value, dict) else value)
    return [text] if text else []


def _text(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(t for t in map(_text, value) if t)
    if isinstance(value, dt.date):
        return value.isoformat()[:10]
    return "" if value is None else str(value).strip()

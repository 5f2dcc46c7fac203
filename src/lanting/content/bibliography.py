"""Stage 3 — read `content/publications.bib` into publications.

Parsed with bibtexparser v2: LaTeX accents, `--` and `\\url{}` are decoded; `{Braces}`
only protect case (we never change case, so they simply disappear); Chinese names are
kept whole; `and others` becomes "et al."; `$…$` in titles and abstracts goes through
the math stage. A malformed entry stops the build with its file, line and key — the
rest is never silently dropped.

Author marks: `Lin, Zhiyuan*` is a co-first author, `Lin, Zhiyuan†` (or `$^\\dagger$`)
the corresponding one; `equal_contribution = {2}` marks the first two authors as co-first.
"""

from __future__ import annotations

import functools
import html
import logging
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lanting.model.site import EMPTY, Author, Bibliography, Publication, PubLink

if TYPE_CHECKING:
    from bibtexparser.model import Entry

from lanting.content.discover import source_text
from lanting.errors import LantingError
from lanting.markdown.math import to_mathml
from lanting.markdown.urls import URL_HINT, unsafe_url_reason, url_scheme
from lanting.model.content import Source
from lanting.model.problem import Problem

LINK_FIELDS = ("pdf", "arxiv", "code", "slides", "video", "project", "poster", "doi")
"""Fields that become buttons, in the order they are shown."""

BIBTEX_FIELDS = (
    "title", "author", "editor", "booktitle", "journal", "series", "volume", "number",
    "pages", "year", "month", "publisher", "address", "organization", "institution",
    "school", "howpublished", "type", "edition", "chapter", "doi", "url", "eprint",
    "archiveprefix", "primaryclass", "isbn", "issn", "note",
)
"""Fields kept in the BibTeX a reader copies; site-only fields (pdf, selected, …) are not."""

CATEGORIES = ("conference", "journal", "workshop", "preprint", "report", "thesis", "book",
              "other")
"""Groups when `publications.group_by = "type"`, in this order."""

_MONTHS = {m: i + 1 for i, m in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"))}
_MATH = re.compile(r"(?<!\\)\$(.+?)(?<!\\)\$", re.DOTALL)
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_MARKS = re.compile(r"(\$\^\{?(\\dagger|\*|\\ast)\}?\$|\\dagger|\\textdagger|†|\\?\*|\^\*)\s*$")


@functools.cache
def _name_decoder() -> Any:
    """pylatexenc's LaTeX-to-text converter, built on first use (sites without a
    bibliography do not pay for it, nor for importing bibtexparser)."""
    from pylatexenc.latex2text import LatexNodes2Text  # type: ignore[import-untyped]

    return LatexNodes2Text(math_mode="verbatim", strict_latex_spaces=True)


def _strip_marks(name: str) -> str:
    while match := _MARKS.search(name):
        name = name[: match.start()].rstrip()
    return name


def _decode_name(text: str) -> str:
    try:
        return str(_name_decoder().latex_to_text(text)).strip()
    except Exception:  # pylatexenc fails on some odd macros; the name as written is fine
        return text.strip("{} ")


def parse_authors(raw: str, equal: int = 0) -> tuple[tuple[Author, ...], bool]:
    """Authors of a raw BibTeX `author` field, and whether it ended with `and others`."""
    from bibtexparser.middlewares.names import (
        InvalidNameError,
        parse_single_name_into_parts,
        split_multiple_persons_names,
    )

    authors: list[Author] = []
    et_al = False
    for i, name in enumerate(split_multiple_persons_names(raw)):
        name = name.strip()
        if name.lower() == "others":
            et_al = True
            continue
        co_first, corresponding = i < equal, False
        while match := _MARKS.search(name):
            mark = match.group(0)
            if "dagger" in mark or "†" in mark:
                corresponding = True
            else:
                co_first = True
            name = name[: match.start()].rstrip()
        try:
            parts = parse_single_name_into_parts(name, strict=False)
        except InvalidNameError:
            parts = None
        if parts is None:
            last, first = _decode_name(name), ""
        else:
            last = _decode_name(" ".join([*parts.von, *parts.last]))
            first = _decode_name(" ".join(parts.first))
            if parts.jr:
                last = f"{last}, {_decode_name(' '.join(parts.jr))}"
        cjk = bool(_CJK.search(last + first))
        display = (last + first) if cjk else " ".join(x for x in (first, last) if x)
        authors.append(Author(display, last, first, co_first, corresponding))
    return tuple(authors), et_al


def title_to_html(text: str, where: tuple[Path | None, int]) -> str:
    """Escape `text`, turning `$…$` into MathML; bad LaTeX is an error at `where`."""
    out: list[str] = []
    last = 0
    for match in _MATH.finditer(text):
        out.append(html.escape(text[last : match.start()], quote=False))
        try:
            out.append(to_mathml(match.group(1), display=False))
        except ValueError as error:
            raise LantingError.at(f"math: {error} in `{match.group(1)[:80]}`", where[0],
                                  where[1]) from None
        last = match.end()
    out.append(html.escape(text[last:], quote=False))
    return "".join(out)


def plain_title(text: str) -> str:
    return _MATH.sub(lambda m: m.group(1), text)


def _category(entry_type: str, fields: dict[str, str]) -> str:
    given = fields.get("category", "").strip().lower()
    if given in CATEGORIES:
        return given
    venue = (fields.get("booktitle", "") + " " + fields.get("journal", "")).lower()
    arxiv = "arxiv" in fields.get("archiveprefix", "").lower() or "arxiv" in venue
    if "workshop" in venue:
        return "workshop"
    if entry_type in ("inproceedings", "conference", "proceedings"):
        return "conference"
    if entry_type == "article":
        return "preprint" if arxiv or not fields.get("journal") else "journal"
    if entry_type in ("phdthesis", "mastersthesis", "thesis"):
        return "thesis"
    if entry_type in ("book", "inbook", "incollection"):
        return "book"
    if entry_type == "techreport":
        return "report"
    if entry_type in ("misc", "unpublished", "online"):
        return "preprint" if arxiv or fields.get("arxiv") else "report"
    return "other"


_URL_ESCAPE = re.compile(r"\\([_%&#$~])")


def _url_value(raw: str) -> str:
    """A URL field as written, without LaTeX's decoding (which reads `&` as a column
    separator and `%` as a comment): `\\url{…}` and outer braces go, `\\_` is `_`."""
    value = raw.strip()
    while value.startswith("{") and value.endswith("}"):
        value = value[1:-1].strip()
    if value.startswith("\\url{") and value.endswith("}"):
        value = value[5:-1].strip()
    return _URL_ESCAPE.sub(r"\1", value)


def _links(fields: dict[str, str]) -> tuple[PubLink, ...]:
    """The entry's buttons, from its URL fields (`_url_value`)."""
    links: list[PubLink] = []
    arxiv = fields.get("arxiv", "")
    if not arxiv and "arxiv" in fields.get("archiveprefix", "").lower():
        arxiv = fields.get("eprint", "")
    for kind in LINK_FIELDS:
        value = (arxiv if kind == "arxiv" else fields.get(kind, "")).strip()
        if not value:
            continue
        if kind == "arxiv" and not value.startswith("http"):
            value = f"https://arxiv.org/abs/{value.removeprefix('arXiv:')}"
        if kind == "doi" and not value.startswith("http"):
            value = f"https://doi.org/{value}"
        if url_scheme(value) is None and not value.startswith(("/", "#")):
            value = "/" + value.removeprefix("./")  # a bare file name is one of static/
        links.append(PubLink(kind, value))
    if not any(x.kind == "pdf" for x in links) and fields.get("url", "").endswith(".pdf"):
        links.insert(0, PubLink("pdf", fields["url"]))
    if not any(x.kind == "project" for x in links) and fields.get("url") \
            and not fields["url"].endswith(".pdf"):
        links.append(PubLink("project", fields["url"]))
    return tuple(links)


def _venue(entry_type: str, fields: dict[str, str], category: str) -> str:
    for key in ("booktitle", "journal", "howpublished", "institution", "school", "publisher"):
        if fields.get(key):
            return fields[key]
    if category == "preprint" and fields.get("eprint"):
        return f"arXiv:{fields['eprint']}"
    return ""


def _bibtex(entry: Entry) -> str:
    """The entry as a reader would copy it: standard fields only, values as written."""
    from bibtexparser.middlewares.names import split_multiple_persons_names

    lines = [f"@{entry.entry_type}{{{entry.key},"]
    for field in entry.fields:
        name = field.key.lower()
        if name not in BIBTEX_FIELDS:
            continue
        value = str(field.value).strip()
        if name in ("author", "editor"):  # our marks (*, †) are not part of the names
            value = " and ".join(_strip_marks(n.strip())
                                 for n in split_multiple_persons_names(value))
        bare = name == "month" and value.lower()[:3] in _MONTHS and len(value) == 3
        bare = bare or (name == "year" and value.isdigit())
        lines.append(f"  {name} = {value if bare else '{' + value + '}'},")
    lines.append("}")
    return "\n".join(lines)


def _int(value: str) -> int | None:
    digits = re.match(r"\s*(\d+)", value or "")
    return int(digits.group(1)) if digits else None


def _month(value: str) -> int | None:
    value = (value or "").strip().lower()
    if value[:3] in _MONTHS:
        return _MONTHS[value[:3]]
    number = _int(value)
    return number if number and 1 <= number <= 12 else None


def _truthy(value: str) -> bool:
    return value.strip().lower() in ("true", "yes", "1")


def _publication(raw: Entry, decoded: Entry, path: Path, order: int) -> Publication:
    line = (raw.start_line or 0) + 1
    fields = {f.key.lower(): str(f.value) for f in decoded.fields}
    raw_fields = {f.key.lower(): str(f.value) for f in raw.fields}
    field_line = {f.key.lower(): line + (f.start_line or 0) for f in raw.fields}
    title = " ".join(fields.get("title", "").split())
    if not title:
        raise LantingError.at(f"entry `{raw.key}` has no title", path, line,
                              hint="add `title = {…}`")
    urls = {name: _url_value(raw_fields[name]) for name in (*LINK_FIELDS, "url", "eprint",
                                                            "archiveprefix")
            if name in raw_fields}
    for name in (*LINK_FIELDS, "url"):  # what becomes a button, a link or a meta tag
        reason = unsafe_url_reason(urls.get(name, ""))
        if reason is not None:
            raise LantingError.at(f"entry `{raw.key}`, field `{name}`: {reason}", path,
                                  field_line.get(name, line), hint=URL_HINT)
    authors, et_al = parse_authors(raw_fields.get("author", ""),
                                   _int(fields.get("equal_contribution", "")) or 0)
    category = _category(raw.entry_type.lower(), fields)
    note = fields.get("note", "").strip()
    abstract = " ".join(fields.get("abstract", "").split())
    return Publication(
        key=raw.key, entry_type=raw.entry_type.lower(), category=category,
        title=plain_title(title),
        title_html=title_to_html(title, (path, field_line.get("title", line))),
        authors=authors, et_al=et_al, year=_int(fields.get("year", "")),
        month=_month(raw_fields.get("month", "")),
        venue=" ".join(_venue(raw.entry_type.lower(), fields, category).split()),
        badges=tuple(b.strip() for b in re.split(r"[;,]", note) if b.strip()) if note else (),
        award=fields.get("award", "").strip(), links=_links(urls), abstract=abstract,
        abstract_html=title_to_html(abstract, (path, field_line.get("abstract", line))),
        bibtex=_bibtex(raw), selected=_truthy(fields.get("selected", "")), line=line,
        order=order,
    )


_KEY = re.compile(r"@\s*\w+\s*[{(]\s*([^,\s{}()]+)")
_ZERO_BASED_LINE = re.compile(r"\s*\(line \d+\)|\s*on line \d+|\s*at line \d+")


def _failure(block: Any, path: Path) -> Problem:
    raw = getattr(block, "raw", "") or ""
    match = _KEY.match(raw.lstrip())
    key = getattr(block, "key", None) or (match.group(1) if match else "?")
    error = getattr(block, "error", None)
    reason = str(getattr(error, "abort_reason", None) or error or "could not be parsed")
    reason = " ".join(_ZERO_BASED_LINE.sub("", reason).split())  # bibtexparser counts from 0
    if "duplicate" in reason.lower():
        hint = "give every entry its own key"
    else:
        hint = "check the braces and the commas between fields"
    return Problem(f"malformed BibTeX entry `{key}`: {reason}", path,
                   (block.start_line or 0) + 1, hint=hint)


def parse_bibliography(source: Source | None) -> Bibliography:
    """Every entry of the .bib file, newest first; any malformed entry is an error."""
    if source is None:
        return EMPTY
    from bibtexparser.entrypoint import parse_string  # sites without one never import it
    from bibtexparser.middlewares import LatexDecodingMiddleware

    quiet = logging.getLogger("bibtexparser")
    level, quiet.level = quiet.level, logging.ERROR  # it logs what we report as a Problem
    try:
        text = source_text(source)
        raw_library = parse_string(text)
        decoded = parse_string(text, append_middleware=[LatexDecodingMiddleware()])
    finally:
        quiet.setLevel(level)
    problems = [_failure(b, source.path) for b in raw_library.failed_blocks]
    problems += [_failure(b, source.path) for b in decoded.failed_blocks
                 if not any(p.line == (b.start_line or 0) + 1 for p in problems)]
    publications = []
    decoded_by_key = {e.key: e for e in decoded.entries}
    for order, entry in enumerate(raw_library.entries):
        try:
            publications.append(_publication(entry, decoded_by_key[entry.key], source.path,
                                             order))
        except LantingError as error:
            problems.extend(error.problems)
    if problems:
        raise LantingError(sorted(problems, key=lambda p: p.line or 0))
    publications.sort(key=lambda p: (-(p.year or 0), -(p.month or 0), p.order))
    return Bibliography(source.path, tuple(publications))

"""A RIS record (`TY  - JOUR`, `AU  - …`, `ER  -`), as reference managers and publishers
export a citation, read into a BibTeX entry. Hugo Blox sites paste one into a paper's
`cite.bib` (bare, or inside `@article{…}`) where Hugo only offered the file for download."""

from __future__ import annotations

import re

from lanting.importer.bibtex import BibEntry

TAG = re.compile(r"^\s*([A-Z][A-Z0-9])  ?- ?(.*?)\s*$")
"""One line of a record: a two-character tag, two spaces, a dash, the value."""
KINDS = {"JOUR": ("article", "journal"), "JFULL": ("article", "journal"),
         "MGZN": ("article", "journal"), "NEWS": ("article", "journal"),
         "EJOUR": ("article", "journal"), "CONF": ("inproceedings", "conference"),
         "CPAPER": ("inproceedings", "conference"), "BOOK": ("book", "book"),
         "EBOOK": ("book", "book"), "CHAP": ("incollection", "chapter"),
         "ECHAP": ("incollection", "chapter"), "THES": ("phdthesis", "thesis"),
         "RPRT": ("techreport", "report"), "PAT": ("misc", "patent")}
"""RIS's type -> BibTeX's, and the category Lanting groups the paper under."""
FIELDS = {"TI": "title", "T1": "title", "VL": "volume", "IS": "number", "DO": "doi",
          "PB": "publisher", "AB": "abstract", "N2": "abstract", "SN": "issn",
          "UR": "url", "CY": "address", "ET": "edition"}
"""Tags whose first value is one BibTeX field as it stands."""
VENUES = ("T2", "JO", "JF", "BT", "C3", "J2", "JA", "T3")
"""Tags naming where the paper appeared, the full name first (`C3`: EndNote's
proceedings title)."""


def is_ris(text: str) -> bool:
    """Whether `text` holds a RIS record: a `TY  - ` line and an `ER  -` line."""
    return bool(re.search(r"^\s*TY  - ", text, re.MULTILINE)
                and re.search(r"^\s*ER  -", text, re.MULTILINE))


def _tags(text: str) -> tuple[dict[str, list[str]], int]:
    """The first record's values by tag (a line without a tag goes on the value above:
    a wrapped abstract) and the line its `TY` is on."""
    values: dict[str, list[str]] = {}
    first = 1
    last: tuple[str, int] | None = None
    for number, line in enumerate(text.splitlines(), 1):
        found = TAG.match(line)
        if found is None:
            if last is not None and line.strip() and line.strip() != "}":
                tag, index = last
                values[tag][index] += " " + line.strip()
            continue
        tag, value = found.groups()
        if tag == "TY":
            if values:
                break  # (a second record: the paper's is the first)
            first = number
        if tag == "ER":
            break
        values.setdefault(tag, []).append(value)
        last = (tag, len(values[tag]) - 1)
    return values, first


def ris_entry(text: str, key: str) -> BibEntry | None:
    """The first record of `text` as an entry keyed `key`; None without a title."""
    values, line = _tags(text)
    title = next((values[t][0] for t in ("TI", "T1") if values.get(t)), "")
    if not title:
        return None
    kind, category = KINDS.get((values.get("TY") or [""])[0].upper(), ("misc", ""))
    entry = BibEntry(kind, key, {}, line)
    authors = [a for tag in ("AU", "A1") for a in values.get(tag, []) if a.strip(" ,")]
    if authors:
        entry.set("author", " and ".join(a.strip(" ,") for a in authors))
    for tag, name in FIELDS.items():
        if values.get(tag) and name not in entry.fields:
            entry.set(name, values[tag][0])
    venue = next((values[t][0] for t in VENUES if values.get(t)), "")
    if venue:
        entry.set({"article": "journal", "book": "series"}.get(kind, "booktitle"), venue)
    start, end = (values.get("SP") or [""])[0], (values.get("EP") or [""])[0]
    if start:
        entry.set("pages", f"{start}--{end}" if end and end != start else start)
    date = next((values[t][0] for t in ("PY", "Y1", "DA") if values.get(t)), "")
    year = re.match(r"(\d{4})(?:[/-](\d{1,2}))?", date)
    if year:
        entry.set("year", year.group(1))
        if year.group(2) and 1 <= int(year.group(2)) <= 12:
            entry.fields["month"] = str(int(year.group(2)))
    if values.get("DO"):  # (`DO  - https://doi.org/10.1/x`, as some exporters write it)
        entry.set("doi", re.sub(r"^https?://(?:dx\.)?doi\.org/", "", values["DO"][0]))
    if category:
        entry.set("category", category)
    return entry


VENUE_FIELDS = ("journal", "booktitle", "series")


def fill_from(entry: BibEntry, other: BibEntry) -> None:
    """The fields `entry` (a record's) lacks taken from `other` (the page's): its kind
    when the record's type is none RIS names, a venue under the name `entry`'s kind
    gives it, the month only with the year."""
    if entry.kind == "misc":
        entry.kind = other.kind
    venue = next((other.fields[n] for n in VENUE_FIELDS if n in other.fields), None)
    if venue is not None and not any(n in entry.fields for n in VENUE_FIELDS):
        name = {"article": "journal", "book": "series"}.get(entry.kind, "booktitle")
        entry.fields[name] = venue
    dated = "year" in entry.fields
    for name, value in other.fields.items():
        if name not in VENUE_FIELDS and not (dated and name == "month"):
            entry.fields.setdefault(name, value)

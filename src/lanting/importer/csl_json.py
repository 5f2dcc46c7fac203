"""CSL-JSON (hugo-cite's bibliography, as Zotero exports it) and CSL YAML (Pandoc's, as
R Markdown writes it) → BibTeX entries, which Lanting cites from: hugo-cite reads no
BibTeX, so a site using it often has none."""

from __future__ import annotations

import json
from typing import Any

from lanting.importer.bibtex import BibEntry
from lanting.importer.text import load_mapping

KINDS = {"article-journal": "article", "article-magazine": "article",
         "article-newspaper": "article", "paper-conference": "inproceedings",
         "book": "book", "chapter": "incollection", "thesis": "phdthesis",
         "report": "techreport", "manuscript": "unpublished"}
"""CSL's item types → BibTeX's (the others, a preprint's `article`, a `webpage`:
`misc`)."""
CONTAINER = {"article": "journal", "inproceedings": "booktitle", "incollection": "booktitle"}
FIELDS = {"title": "title", "volume": "volume", "issue": "number", "page": "pages",
          "DOI": "doi", "URL": "url", "publisher": "publisher",
          "publisher-place": "address", "ISBN": "isbn"}
r"""(Not the `abstract` nor the `note`, which no citation shows: plain text, whose
backslashes BibTeX would read as macros, `ogbn\products`.)"""


def csl_entries(text: str, keys: set[str] | None = None) -> list[BibEntry]:
    """The entries of a CSL-JSON file (a list of items; one without an `id` is left
    out, as hugo-cite could not cite it), only those of `keys` when given; a file that
    is no such list has none."""
    try:
        items = json.loads(text)
    except ValueError:
        return []
    return _entries(items, keys)


def csl_yaml_entries(text: str) -> list[BibEntry]:
    """The entries of a CSL YAML file, Pandoc's other bibliography of CSL items (a
    `references:` list, as pandoc-citeproc and R Markdown write it)."""
    return _entries(load_mapping("yaml", text)[0].get("references"), None)


def _entries(items: Any, keys: set[str] | None) -> list[BibEntry]:
    entries = []
    for item in items if isinstance(items, list) else []:
        key = str(item.get("id") or "").strip() if isinstance(item, dict) else ""
        if key and (keys is None or key in keys):
            entries.append(_entry(item))
    return entries


def _entry(item: dict[str, Any]) -> BibEntry:
    container = str(item.get("container-title") or "").strip()
    kind = KINDS.get(str(item.get("type") or ""), "misc")
    if kind == "misc" and item.get("type") == "article" and container:
        kind = "article"  # (a preprint in a journal-like series: arXiv's)
    entry = BibEntry(kind, str(item["id"]).strip())
    for role in ("author", "editor"):
        names = [_name(n) for n in item.get(role) or [] if isinstance(n, dict)]
        if any(names):
            entry.set(role, " and ".join(n for n in names if n))
    for csl, bib in FIELDS.items():
        value = item.get(csl)
        if isinstance(value, str | int) and str(value).strip():
            entry.set(bib, str(value).strip().replace("\n", " "))
    if container:
        entry.set(CONTAINER.get(kind, "howpublished"), container)
    year, month = _issued(item.get("issued"))
    if year:
        entry.set("year", year)
    if month:
        entry.set("month", month)
    return entry


def _name(name: dict[str, Any]) -> str:
    """`Family, Given` (BibTeX's order), or a literal name (an institution) in braces."""
    family, given = (str(name.get(k) or "").strip() for k in ("family", "given"))
    if not family:
        literal = str(name.get("literal") or given).strip()
        return "{" + literal + "}" if literal else ""
    return f"{family}, {given}" if given else family


def _issued(issued: Any) -> tuple[str, str]:
    """(year, month) of CSL's `issued`: `{"date-parts": [[2023, 6]]}` or a raw date."""
    if isinstance(issued, list) and issued:  # (CSL YAML's `issued: [{year: 2011}]`)
        issued = issued[0]
    if isinstance(issued, int | str) and str(issued)[:4].isdigit():
        return str(issued)[:4], ""  # (CSL YAML's `issued: 2011`)
    if isinstance(issued, dict) and "year" in issued:  # (CSL YAML's `{year: 2011}`)
        return str(issued["year"]), str(issued.get("month") or "")
    if not isinstance(issued, dict):
        return "", ""
    parts = issued.get("date-parts")
    if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
        first = [str(p) for p in parts[0]]
        return first[0], first[1] if len(first) > 1 else ""
    raw = str(issued.get("raw") or issued.get("literal") or "")
    return (raw[:4], "") if raw[:4].isdigit() else ("", "")

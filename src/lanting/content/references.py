"""Stage 3 — the entries pages cite: `content/references.bib` (other people's papers), a
page's own `bibliography:` files, and the owner's `publications.bib` (`bibliography.py`
adds those). Each entry becomes a `Reference`: the fields the citation styles show,
decoded, and the entry's language, which decides "等" or "et al." inside it.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import replace

from lanting.content.bibtex import (
    BibEntry,
    plain_title,
    read_entries,
    title_to_html,
    to_int,
    url_value,
)
from lanting.content.bibtex_names import parse_authors
from lanting.errors import LantingError
from lanting.markdown.urls import URL_HINT, unsafe_url_reason
from lanting.model.academic import Bibliography
from lanting.model.cite import Reference
from lanting.model.content import Source
from lanting.model.problem import Problem

STYLE_FIELDS = ("address", "archiveprefix", "booktitle", "chapter", "edition", "eprint",
                "howpublished", "institution", "journal", "number", "organization", "pages",
                "publisher", "school", "series", "type", "urldate", "volume")
"""Fields a citation style may show besides authors, editors, title and year."""
_URL_FIELDS = ("doi", "url", "arxiv", "eprint")
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_ZH = ("zh", "chinese", "cn", "中文")


def entry_language(fields: dict[str, str], authors_text: str) -> str:
    """`zh` or `en`: the `language`/`langid` field if it names one, else Chinese when the
    title or an author is written in Chinese characters."""
    given = (fields.get("langid") or fields.get("language") or "").strip().lower()
    if given:
        return "zh" if given.startswith(_ZH) else "en"
    return "zh" if _CJK.search(fields.get("title", "") + authors_text) else "en"


def _link(urls: dict[str, str]) -> str:
    doi = urls.get("doi", "")
    if doi:
        return doi if doi.startswith("http") else f"https://doi.org/{doi}"
    if urls.get("url"):
        return urls["url"]
    arxiv = urls.get("arxiv") or (urls.get("eprint") if "arxiv" in urls.get(
        "archiveprefix", "").lower() else "")
    return f"https://arxiv.org/abs/{arxiv.removeprefix('arXiv:')}" if arxiv else ""


def make_reference(entry: BibEntry, fields: dict[str, str],
                   source: str) -> tuple[Reference, list[str]]:
    """The entry as the citation styles read it (`fields`: decoded over raw), and the
    unknown macros of its names. Its URL fields must pass the safe-URL gate."""
    raw = entry.fields
    urls = {name: url_value(raw[name]) for name in (*_URL_FIELDS, "archiveprefix")
            if name in raw}
    for name in ("doi", "url"):
        reason = unsafe_url_reason(urls.get(name, ""))
        if reason is not None:
            raise entry.error(f"entry `{entry.key}`, field `{name}`: {reason}", name, URL_HINT)
    unknown: list[str] = []
    authors, et_al = parse_authors(raw.get("author", ""), 0, unknown)
    editors, _ = parse_authors(raw.get("editor", ""), 0, unknown)
    title = " ".join(fields.get("title", "").split())
    # (al-folio's own sample writes `journal={Phys. Rev.,}`: its layout adds the comma)
    shown = {name: " ".join(fields[name].split()).rstrip(",").rstrip()
             for name in STYLE_FIELDS if fields.get(name)}
    if "number" not in shown and fields.get("issue"):
        shown["number"] = " ".join(fields["issue"].split())
    shown.update({name: urls[name] for name in ("doi", "url") if urls.get(name)})
    if urls.get("arxiv"):
        shown["eprint"], shown["archiveprefix"] = urls["arxiv"], "arXiv"
    lang = entry_language(fields, "".join(a.name for a in authors))
    reference = Reference(
        key=entry.key, entry_type=entry.entry_type, lang=lang, authors=authors,
        et_al=et_al, editors=editors, title=plain_title(title),
        title_html=title_to_html(title, (entry.path, entry.at("title"))),
        year=to_int(fields.get("year", "")), fields=tuple(sorted(shown.items())),
        link=_link(urls), source=source, line=entry.line)
    return _digested(reference), unknown


def _digested(reference: Reference) -> Reference:
    """`reference` with the digest of everything else it holds."""
    plain = replace(reference, digest="")
    return replace(plain, digest=hashlib.blake2b(repr(plain).encode(),
                                                 digest_size=12).hexdigest())


def read_references(source: Source, content_rel: str) -> Bibliography:
    """The entries of a .bib file pages cite (`content_rel`: its path under `content/`);
    any malformed entry is an error, an unknown macro a warning."""
    entries, problems = read_entries(source)
    references: list[Reference] = []
    for entry in entries:
        try:
            problems += entry.check()
            fields = {**entry.fields, **entry.decoded()}
            if not " ".join(fields.get("title", "").split()):
                raise entry.error(f"entry `{entry.key}` has no title",
                                  "title" if "title" in entry.fields else None,
                                  hint="add `title = {…}`")
            reference, unknown = make_reference(entry, fields, content_rel)
        except LantingError as error:
            problems.extend(error.problems)
            continue
        entry.unknown("author", unknown)
        problems.extend(entry.warnings)
        references.append(reference)
    if any(p.severity == "error" for p in problems):
        raise LantingError(sorted(problems, key=lambda p: p.line or 0))
    return Bibliography(source.path, (), tuple(sorted(problems, key=lambda p: p.line or 0)),
                        tuple(references))


def parse_references(source: Source | None) -> Bibliography:
    """`content/references.bib`, or an empty bibliography when the site has none."""
    if source is None:
        return Bibliography(None, ())
    return read_references(source, source.rel.as_posix())


def merge_libraries(own: Bibliography, others: Bibliography,
                    own_link: dict[str, str]) -> dict[str, Reference]:
    """Every entry the site's pages may cite, by key: the owner's papers (their titles
    lead to their publication pages, `own_link`) and `references.bib`. One key in both
    files is an error naming both lines."""
    library: dict[str, Reference] = {}
    for reference in own.references:
        link = own_link.get(reference.key, reference.link)
        library[reference.key] = reference if link == reference.link \
            else _digested(replace(reference, link=link))
    problems = []
    for reference in others.references:
        first = library.get(reference.key)
        if first is not None and others.path is not None:
            problems.append(Problem(
                f"citation key `{reference.key}` is used by two entries: publications.bib "
                f"line {first.line} and references.bib line {reference.line}",
                others.path, reference.line,
                hint="cite your own paper by its key in publications.bib and delete this "
                     "copy, or give it another key"))
            continue
        library[reference.key] = reference
    if problems:
        raise LantingError(problems)
    return library


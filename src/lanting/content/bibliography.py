"""Stage 3 — read `content/publications.bib` into the owner's publications.

The file is read by `bibtex.read_entries` (decoding, author marks, errors at their
lines). Besides the standard fields Lanting reads its own (`selected`, `note` badges,
`award`, `equal_contribution`, `category`, button fields) and al-folio's (`abbr`,
`preview`, `html`, `supp`, `website`, `blog`, `award_name`, `additional_info`,
`bibtex_show`, `altmetric`, `dimensions`, `google_scholar_id`, `inspirehep_id`), so an
al-folio `papers.bib` renders as it is. Fields Lanting does not know stay in the BibTeX
readers copy; the site-only ones do not.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape
from pathlib import Path
from urllib.parse import quote, urlsplit

from lanting.content.bibtex import (
    _MONTHS,
    INVISIBLE,
    BibEntry,
    crossref_parents,
    page_range,
    read_entries,
    to_int,
    to_month,
    truthy,
    url_value,
)
from lanting.content.bibtex_latex import latex_decoder
from lanting.content.bibtex_names import parse_authors, split_names, strip_marks
from lanting.content.references import make_reference
from lanting.errors import LantingError
from lanting.markdown.mathforms import math_forms
from lanting.markdown.render import render_markdown
from lanting.markdown.urls import URL_HINT, unsafe_url_reason, url_scheme
from lanting.model.academic import EMPTY, Bibliography, Publication, PubLink
from lanting.model.cite import Reference
from lanting.model.content import Source
from lanting.model.markdown import MarkdownOptions, RenderContext
from lanting.model.problem import Problem

LINK_FIELDS = ("pdf", "arxiv", "html", "supp", "code", "slides", "video", "poster", "blog",
               "website", "project", "doi")
"""Fields that become buttons, in the order they are shown."""

SITE_FIELDS = frozenset({
    *(f for f in LINK_FIELDS if f != "doi"), "selected", "abstract", "equal_contribution",
    "category", "award", "award_name", "abbr", "preview", "additional_info", "bibtex_show",
    "altmetric",
    "dimensions", "google_scholar_id", "inspirehep_id",
})
"""Fields that only drive the site (buttons, badges, thumbnails): left out of the BibTeX a
reader copies, which keeps every other field, known or not, as written."""

MANAGER_FIELDS = frozenset({
    "file", "annote", "annotation", "comment", "owner", "timestamp", "groups", "priority",
    "readstatus", "ranking", "qualityassured", "local-url", "date-added", "date-modified",
    "mendeley-groups", "mendeley-tags", "read", "rating",
})
"""A reference manager's own fields (Zotero's and JabRef's `file` holds a path on the
owner's disk, `annote` their private notes): left out of the BibTeX a reader copies too.
BibDesk's `bdsk-file-N`/`bdsk-url-N` likewise."""

CATEGORIES = ("conference", "journal", "workshop", "preprint", "report", "thesis", "book",
              "other")
"""Groups when `publications.group_by = "type"`, in this order."""


PREPRINT_SERVER = re.compile(r"rxiv\b|\bpreprints?\b|\bssrn\b|research square", re.I)
"""A venue that is a preprint server: arXiv and its kin (bioRxiv, medRxiv, ChemRxiv,
PsyArXiv), SSRN, Research Square, "… preprint". Google Scholar's BibTeX of a bioRxiv
paper is `@article` in `journal = {bioRxiv}`: it was listed as a journal paper."""
PREPRINT_DOI = re.compile(
    r"(?:https?://(?:dx\.)?doi\.org/)?10\.(?:1101/(?:\d{4}\.\d\d\.\d\d\.)?\d{6}"
    r"|48550/|3123[45]/|31219/|31223/|2139/ssrn|21203/rs\.|20944/preprints|26434/chemrxiv"
    r"|22541/au\.|36227/techrxiv)", re.I)
"""A preprint server's DOI: bioRxiv's and medRxiv's (dated, unlike the journals of
their publisher), arXiv's, PsyArXiv's, SocArXiv's, OSF's, EarthArXiv's, SSRN's, Research
Square's, Preprints.org's, ChemRxiv's, Authorea's, TechRxiv's. Their CSL data, which
Manubot and Zotero read, names the publisher ("Center for Open Science", "Cold Spring
Harbor Laboratory") as the container: a journal, to the eye."""


def _category(entry_type: str, fields: dict[str, str]) -> str:
    given = fields.get("category", "").strip().lower()
    if given in CATEGORIES:
        return given
    venue = (fields.get("booktitle", "") + " " + fields.get("journal", "")).lower()
    arxiv = _on_arxiv(fields) or bool(PREPRINT_SERVER.search(venue)) \
        or venue.strip() == "corr" or bool(PREPRINT_DOI.match(fields.get("doi", "").strip()))
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


def _links(fields: dict[str, str], at: Callable[[str], int]) -> tuple[PubLink, ...]:
    """The entry's buttons, from its URL fields (`url_value`); `at(field)` is the line of
    a field."""
    links: list[PubLink] = []
    arxiv, arxiv_field = fields.get("arxiv", ""), "arxiv"
    if not arxiv and _on_arxiv(fields):
        arxiv, arxiv_field = fields.get("eprint", ""), "eprint"
    for name in ("journal", "howpublished", "note") if not arxiv else ():
        if found := _ARXIV_IN_TEXT.search(fields.get(name, "")):
            arxiv, arxiv_field = found.group(1), name  # Google Scholar's export
            break
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
        links.append(PubLink(kind, value, line=at(arxiv_field if kind == "arxiv" else kind)))
    url = fields.get("url", "").strip()
    host = urlsplit(url).netloc.lower()
    # `url` as arXiv's and DBLP's exports write it: the paper's arXiv or DOI page, which
    # an arXiv or DOI button may already open; else the paper's own page (BibTeX's
    # meaning, al-folio's `html`), not a project's
    kind = ("pdf" if url.endswith(".pdf") else "arxiv" if host.endswith("arxiv.org")
            else "doi" if host.endswith("doi.org") else "html")
    if url and not any(x.kind == kind or _same_page(x.url, url) for x in links):
        links.insert(0 if kind == "pdf" else len(links), PubLink(kind, url, line=at("url")))
    return tuple(links)


def _badges(note: str) -> tuple[str, ...]:
    """`note = {Oral; Spotlight}` (or `Oral, Spotlight`): one badge each. A sentence with
    commas (`To appear, with proofs`, `Advisors: A, B`) is one badge."""
    parts = [p.strip() for p in note.split(";") if p.strip()]
    badges: list[str] = []
    for part in parts:
        pieces = [p.strip() for p in part.split(",") if p.strip()]
        short = all(len(p.split()) <= 3 and not re.search(r"[:.]", p) for p in pieces)
        badges += pieces if short else [part]
    return tuple(badges)


def _same_folder(publications: list[Publication], path: Path) -> list[Problem]:
    """Two keys whose pages would share a folder (`doe:2020` and `doe/2020` are both
    `publications/doe-2020/`): an error at the second, naming both."""
    first: dict[str, Publication] = {}
    problems = []
    for pub in publications:
        other = first.setdefault(pub.slug, pub)
        if other is not pub:
            problems.append(Problem(
                f"entries `{other.key}` (line {other.line}) and `{pub.key}` would share the "
                f"page publications/{pub.slug}/", path, pub.line,
                hint="rename one key (letters, digits, `-`, `_` and `.` are kept in the "
                     "page's address; other characters become `-`)"))
    return problems


def _same_page(a: str, b: str) -> bool:
    def bare(url: str) -> str:
        parts = urlsplit(url.strip())
        page = parts.netloc.lower().removeprefix("www.") + parts.path.rstrip("/")
        return page.removesuffix(".pdf").replace("arxiv.org/pdf/", "arxiv.org/abs/")
    return bare(a) == bare(b)


_ARXIV_IN_TEXT = re.compile(r"\barXiv\s*:\s*(\d{4}\.\d{4,5}(?:v\d+)?|[a-z][a-z\-]*(?:\.[A-Z]{2})?"
                            r"/\d{7}(?:v\d+)?)\b", re.IGNORECASE)
"""`journal = {arXiv preprint arXiv:2210.05678}` (Google Scholar), `howpublished =
{arXiv:2210.05678}`: the e-print's number written in the venue."""


def _on_arxiv(fields: dict[str, str]) -> bool:
    """An arXiv e-print: `archivePrefix` (BibTeX), `eprinttype` (biblatex) or DBLP's
    `journal = {CoRR}`, with its `eprint` number."""
    return ("arxiv" in (fields.get("archiveprefix", "") + fields.get("eprinttype", "")).lower()
            or fields.get("journal", "").strip().lower() == "corr") and bool(fields.get("eprint"))


def _venue(entry_type: str, fields: dict[str, str], category: str) -> str:
    for key in ("booktitle", "journal", "howpublished", "institution", "school", "publisher"):
        if fields.get(key):
            return fields[key]
    if category == "preprint" and fields.get("eprint"):
        return f"arXiv:{fields['eprint']}"
    return ""


def _bibtex(entry: BibEntry) -> str:
    """The entry as a reader would copy it: every field but the site's own, values as
    written."""
    raw = entry.raw
    lines = [f"@{raw.entry_type}{{{raw.key},"]
    for field in raw.fields:
        name = field.key.lower()
        if name in SITE_FIELDS or name in MANAGER_FIELDS or name.startswith("bdsk-"):
            continue
        value = INVISIBLE.sub("", str(field.value)).strip()
        if name in ("author", "editor"):  # our marks (*, †) are not part of the names
            value = " and ".join(strip_marks(n.strip())
                                 for n in split_names(value))
        bare = name == "month" and value.lower()[:3] in _MONTHS and len(value) == 3
        bare = bare or (name == "year" and value.isdigit())
        lines.append(f"  {name} = {value if bare else '{' + value + '}'},")
    lines.append("}")
    return "\n".join(lines)


def inline_markdown(text: str, entry: BibEntry, name: str, base_path: str = "/") -> str:
    """A field written in Markdown (`award`, `additional_info`), rendered inline at its
    line: never raw HTML, whatever the site allows elsewhere. A link from the site's root
    gets `base_path`; one to a source file (`posts/x.md`) cannot lead anywhere yet (the
    .bib file is read before the pages have URLs): an error saying to write the URL."""
    context = RenderContext(path=entry.path, rel=entry.path.name, body_line=entry.at(name),
                            base_path=base_path)
    result = render_markdown(text, context, MarkdownOptions(raw_html=False, cjk_spacing=False))
    errors = [p for p in result.problems if p.severity == "error"]
    errors += [Problem(f"entry `{entry.key}`, field `{name}`: a link to the file "
                       f"`{link.url}` of content/", entry.path, link.line,
                       hint="write the page's URL from the site root, `/posts/x/`, or an "
                            "https:// address")
               for link in result.links if link.target is not None]
    if errors:
        raise LantingError(errors)
    html = result.html.strip()
    if html.startswith("<p>") and html.endswith("</p>") and html.count("<p>") == 1:
        html = html[3:-4]
    return html


def _metric_id(value: str) -> str:
    return "" if value.strip().lower() in ("", "true", "false") else value.strip()


def _metrics(fields: dict[str, str], urls: dict[str, str],
             scholar_user: str) -> tuple[PubLink, ...]:
    """al-folio's badges, as plain links (no third-party script or image): Altmetric and
    Dimensions by their id, else by the DOI; Google Scholar needs the owner's user id
    (from the `scholar` profile link); INSPIRE by its record."""
    doi = urls.get("doi", "").removeprefix("https://doi.org/").removeprefix("http://dx.doi.org/")
    links: list[PubLink] = []
    altmetric = fields.get("altmetric", "")
    if altmetric and altmetric.strip().lower() != "false":
        ident = _metric_id(altmetric)
        path = quote(ident) if ident else ("doi/" + quote(doi, safe="/") if doi else "")
        if path:
            links.append(PubLink("altmetric", f"https://www.altmetric.com/details/{path}",
                                 "Altmetric"))
    dimensions = fields.get("dimensions", "")
    if dimensions and dimensions.strip().lower() != "false":
        ident = _metric_id(dimensions)
        path = "id/" + quote(ident) if ident else ("doi/" + quote(doi, safe="/") if doi else "")
        if path:
            links.append(PubLink("dimensions",
                                 f"https://badge.dimensions.ai/details/{path}", "Dimensions"))
    scholar = fields.get("google_scholar_id", "").strip()
    if scholar and scholar_user:
        user = quote(scholar_user)
        links.append(PubLink("scholar", "https://scholar.google.com/citations?view_op="
                             f"view_citation&user={user}&citation_for_view={user}:"
                             f"{quote(scholar)}", "Google Scholar"))
    inspire = fields.get("inspirehep_id", "").strip()
    if inspire:
        links.append(PubLink("inspirehep", f"https://inspirehep.net/literature/{quote(inspire)}",
                             "INSPIRE"))
    return tuple(links)


def _static_url(value: str) -> str:
    """A bare file name or path (`x.png`, `images/x.png`) is one of `static/`."""
    if url_scheme(value) is None and not value.startswith(("/", "#")):
        return "/" + value.removeprefix("./")
    return value


_DOLLAR = "\ue024"
"""A `\\$` of the field while its formulas are found (a private-use character)."""


def _with_math(entry: BibEntry, name: str, decoded: str) -> tuple[str, str]:
    """(plain text, HTML) of a field that may hold `$…$` formulas. An escaped `\\$` in
    it is a dollar sign; the decoded text has lost its backslash, so `costs \\$5 and
    $x$` read as the formula `5 and `, then stray text: decoded again, each `\\$` held
    aside while the formulas are found."""
    raw = entry.fields.get(name, "")
    if "\\$" in raw:
        try:
            decoded = latex_decoder().decode(raw.replace("\\$", _DOLLAR))[0]
        except ValueError:
            pass  # (the first decoding already reported what is wrong with it)
    plain, html = math_forms(" ".join(decoded.split()), (entry.path, entry.at(name)))
    return plain.replace(_DOLLAR, "$"), html.replace(_DOLLAR, "$")


def _publication(entry: BibEntry, order: int, scholar_user: str = "", base_path: str = "/"
                 ) -> tuple[Publication, Reference, list[Problem]]:
    """The publication of one entry, the entry as pages cite it, and the warnings."""
    entry.warnings.extend(entry.check())
    line, raw_fields, key = entry.line, entry.fields, entry.key
    fields = {**raw_fields, **entry.decoded()}
    title = " ".join(fields.get("title", "").split())
    if not title:
        raise entry.error(f"entry `{key}` has no title", "title" if "title" in raw_fields
                          else None, hint="add `title = {…}`")
    urls = {name: url_value(raw_fields[name]) for name in (*LINK_FIELDS, "url", "eprint",
                                                           "archiveprefix", "eprinttype",
                                                           "journal", "preview")
            if name in raw_fields}
    for name in (*LINK_FIELDS, "url", "preview"):  # what becomes a link, image or meta tag
        reason = unsafe_url_reason(urls.get(name, ""))
        if reason is not None:
            raise entry.error(f"entry `{key}`, field `{name}`: {reason}", name, URL_HINT)
    unknown: list[str] = []
    authors, et_al = parse_authors(raw_fields.get("author", ""),
                                   to_int(fields.get("equal_contribution", "")) or 0, unknown)
    entry.unknown("author", unknown)
    reference, _ = make_reference(entry, fields, entry.path.name)
    category = _category(entry.entry_type, fields)
    note = fields.get("note", "").strip()
    badges = [math_forms(b, (entry.path, entry.at("note"))) if "$" in b else (b, escape(b))
              for b in _badges(note)]
    title_plain, title_html = _with_math(entry, "title", title)
    abstract_plain, abstract_html = _with_math(entry, "abstract", fields.get("abstract", ""))
    award = fields.get("award", "").strip()
    award_name = " ".join(fields.get("award_name", "").split())
    info = fields.get("additional_info", "").strip()
    return Publication(
        key=key, entry_type=entry.entry_type, category=category,
        title=title_plain, title_html=title_html,
        authors=authors, et_al=et_al, year=to_int(fields.get("year", "")),
        month=to_month(raw_fields.get("month", "")),
        # al-folio's own sample writes `journal={Phys. Rev.,}`: its layout adds the comma
        venue=" ".join(_venue(entry.entry_type, fields, category).split()).rstrip(","),
        badges=tuple(plain for plain, _ in badges), badges_html=tuple(h for _, h in badges),
        award=award, links=_links(urls, entry.at), abstract=abstract_plain,
        abstract_html=abstract_html,
        bibtex=_bibtex(entry), selected=truthy(fields.get("selected", "")), line=line,
        order=order, abbr=" ".join(fields.get("abbr", "").split()),
        preview=_static_url(urls["preview"]) if urls.get("preview") else "",
        preview_line=entry.at("preview") if urls.get("preview") else 0,
        award_name=award_name,
        award_html=inline_markdown(award, entry, "award", base_path) if award else "",
        additional_info_html=inline_markdown(info, entry, "additional_info", base_path)
        if info else "",
        bibtex_show=fields.get("bibtex_show", "true").strip().lower() not in ("false", "no",
                                                                               "0"),
        metrics=_metrics(fields, urls, scholar_user),
        volume=" ".join(fields.get("volume", "").split()),
        issue=" ".join((fields.get("number") or fields.get("issue", "")).split()),
        pages=page_range(fields.get("pages", "")),
    ), reference, entry.warnings


def parse_bibliography(source: Source | None, scholar_user: str = "",
                       base_path: str = "/") -> Bibliography:
    """Every entry of the .bib file, newest first; any malformed entry is an error, and
    what is shown differently from what is written (an unknown macro) a warning.
    `scholar_user`: the owner's Google Scholar id, for `google_scholar_id` links;
    `base_path`: the site's, for links from its root in Markdown fields."""
    if source is None:
        return EMPTY
    entries, problems = read_entries(source)
    publications, references = [], []
    volumes = crossref_parents(entries)
    for order, entry in enumerate(entries):
        if entry.key.lower() in volumes:
            continue  # (its fields are in the papers that cross-reference it)
        try:
            publication, reference, warnings = _publication(entry, order, scholar_user,
                                                            base_path)
        except LantingError as error:
            problems.extend(error.problems)
            continue
        publications.append(publication)
        references.append(reference)
        problems.extend(warnings)
    problems += _same_folder(publications, source.path)
    if any(p.severity == "error" for p in problems):
        raise LantingError(sorted(problems, key=lambda p: p.line or 0))
    publications.sort(key=lambda p: (-(p.year or 0), -(p.month or 0), p.order))
    return Bibliography(source.path, tuple(publications),
                        tuple(sorted(problems, key=lambda p: p.line or 0)), tuple(references))


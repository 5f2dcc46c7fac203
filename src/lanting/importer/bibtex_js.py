"""A publications page drawn by bibtex-js, the script that lists a `.bib` file in the
browser: the page holds `<bibtex src="pub.bib"></bibtex>` and a hidden template of
one entry (`<div class="bibtex_template" style="display: none;">`, its spans named by
the fields, a link `href="pdf/+BIBTEXKEY+.pdf"` naming each paper's PDF by its key, or
by a field, `{{ '/' | relative_url }}assets/docs/+NOTE+`). Some sites load the file
for every page that asks, in an include (`{% if page.usebibtex %}<bibtex src=…>` in
`_includes/head.html`): the page holds only the template.

Imported as a page, it showed nothing (the template is hidden, the script gone), or was
left out as a listing while no list took its place: every paper lost. Its `.bib` is
content/publications.bib now, which Lanting lists at /publications/; a PDF the
template names by the key or a field, and the repository holds, is the entry's `pdf`
(a `note` holding only its file's name goes: it was no note)."""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

from lanting.importer.bibtex import BibEntry, parse
from lanting.importer.common import read_text

_TAG = re.compile(r"<bibtex\b[^>]*?\bsrc\s*=\s*([\"'])(?P<src>(?:\{\{.*?\}\}|(?!\1).)*)\1",
                  re.IGNORECASE)
"""The tag naming the file (through Liquid, `{{ "/" | relative_url }}x.bib`, too)."""
_LIQUID = re.compile(r"\{\{.*?\}\}")
_TEMPLATE = re.compile(r"class\s*=\s*[\"']bibtex_template\b|id\s*=\s*[\"']bibtex_display\b")
_PDF = re.compile(r"<a\s[^>]*?href\s*=\s*[\"'](?P<before>(?:\{\{.*?\}\}|[^\"'+])*)\+"
                  r"(?P<field>[A-Z_]+)\+(?P<after>[^\"'+]*)[\"'][^>]*>(?P<text>[^<]*)</a>",
                  re.IGNORECASE | re.DOTALL)
"""The template's link to each paper's PDF, named by its key (`+BIBTEXKEY+`) or by a
field (`+NOTE+`)."""


def _file(src: str, page: Path, source: Path) -> Path | None:
    """The file of the site an address on `page` names (from the root, `/x.bib` or
    `{{ "/" | relative_url }}x.bib`, else beside the page)."""
    rooted = src.startswith("/") or src.startswith("{{")
    rel = _LIQUID.sub("/", src).split("?")[0].lstrip("/")
    path = (source / rel) if rooted else (page.parent / rel)
    if ".." in PurePosixPath(rel).parts or not path.is_file():
        return None
    return path


def _tag(body: str, source: Path) -> re.Match[str] | None:
    """The page's `<bibtex src=…>`; for a page of the template alone, the one of the
    site's includes or layouts that load it."""
    tag = _TAG.search(body)
    if tag is not None or _TEMPLATE.search(body) is None:
        return tag
    for folder in ("_includes", "_layouts"):
        for path in sorted((source / folder).glob("*.htm*")):
            tag = _TAG.search(read_text(path))
            if tag is not None:
                return tag
    return None


def _pdf_link(body: str) -> re.Match[str] | None:
    """The template's link to a paper's PDF (its text or its address says so)."""
    return next((link for link in _PDF.finditer(body)
                 if "pdf" in (link.group("text") + link.group("after")).lower()), None)


def bibtex_js_papers(body: str, page: Path, source: Path) -> tuple[Path, list[BibEntry]] | None:
    """The `.bib` file a bibtex-js page (`body`, at `page`) lists and its entries, each
    with its PDF of the template's pattern when the file is there; None for another
    page, or one whose file the repository lacks."""
    tag = _tag(body, source)
    path = _file(tag.group("src"), page, source) if tag is not None else None
    if path is None:
        return None
    entries, _strings = parse(read_text(path))
    pdf = _pdf_link(body)
    for entry in entries:
        field = pdf.group("field").lower() if pdf is not None else ""
        value = entry.key if field == "bibtexkey" else entry.value(field)
        if pdf is None or entry.value("pdf") or not value:
            continue
        file = _file(f"{pdf.group('before')}{value}{pdf.group('after')}", page, source)
        if file is not None:
            entry.set("pdf", "/" + file.relative_to(source).as_posix())
            entry.fields.pop(field, None)  # (`note = {x.pdf}`: a name, no note)
    return path, entries

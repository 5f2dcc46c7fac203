"""The fields a site added to its own copy of al-folio's publication layout
(`_layouts/bib.liquid`, older `bib.html`): a `paper` button, a `description` line, a
`codecoming` badge. Lanting's list of publications knows al-folio's fields, not a site's
own; each such field becomes the Lanting button of the same meaning, or a named link or
text after the venue (`additional_info`), so what the old page showed is not lost."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from lanting.content.bibliography import LINK_FIELDS, SITE_FIELDS
from lanting.importer.bibtex import BibEntry
from lanting.importer.body import emoji
from lanting.importer.hugoblox_links import PageLink, publication_field
from lanting.importer.report import Report

LAYOUTS = ("_layouts/bib.liquid", "_layouts/bib.html")

THEME_FIELDS = frozenset({
    *LINK_FIELDS, *SITE_FIELDS, "annotation", "author", "author_array", "bibtex", "key",
    "type", "title", "journal", "booktitle", "year", "month", "note", "eprint", "isbn",
    "pmid", "location", "school", "publisher", "address", "editor", "volume", "number",
    "pages", "series", "institution", "organization", "howpublished", "url", "date",
    "language", "keywords", "edition", "chapter", "archiveprefix", "primaryclass",
})
"""The fields al-folio's own layout (and jekyll-scholar) reads, and BibTeX's: not a
site's additions."""

SHOWN_TEXT = ("title", "award_name", "award", "note", "additional_info", "abstract")
"""The fields whose text the publications page showed."""


@dataclass(frozen=True, slots=True)
class Shown:
    """How the site's layout showed one field of its own."""

    how: str
    """`link` (a button to the field's URL or file), `text` (the value shown) or `flag`
    (a fixed badge when the field is set)."""
    label: str
    """The button's or badge's words (`Paper`, `Code (coming soon)`); "" for text."""
    folder: str = ""
    """Where a bare file name was looked for (`assets/pdf`), from `prepend:`."""


def _words(html: str) -> str:
    return " ".join(re.sub(r"<[^>]*>|\{[{%].*?[%}]\}", " ", html, flags=re.S).split())


def site_fields(layout: str) -> dict[str, Shown]:
    """Each field the layout reads that al-folio's does not, with how it was shown."""
    found: dict[str, Shown] = {}
    for name in dict.fromkeys(re.findall(r"\bentry\.(\w+)", layout)):
        if name.lower() in THEME_FIELDS:
            continue
        links = list(re.finditer(r"<a\b[^>]*href=\"\{\{\s*entry\." + name + r"\b([^\"]*)\"[^>]*>"
                                 r"(.*?)</a>", layout, re.S))
        block = re.search(r"\{%-?\s*if\s+entry\." + name + r"\s*-?%\}(.*?)\{%-?\s*(?:endif|"
                          r"else|elsif)", layout, re.S)
        if links:
            folders = [f.group(1) for link in links
                       if (f := re.search(r"prepend:\s*['\"]/?([\w/.-]+?)/?['\"]", link.group(1)))]
            found[name] = Shown("link", _words(links[0].group(2)) or name.capitalize(),
                                folders[0] if folders else "")
        elif re.search(r"\{\{-?\s*entry\." + name + r"\b", layout):
            found[name] = Shown("text", "")
        elif block and _words(block.group(1)):
            found[name] = Shown("flag", _words(block.group(1)))
    return found


class SiteFields:
    """Moves the site's own fields of each entry to Lanting's (`paper` → `pdf`), naming
    each field in the report once."""

    def __init__(self, source: Path, report: Report, emoji: bool = False) -> None:
        self.source = source
        self.report = report
        self.emoji = emoji
        """Whether jemoji drew the page's `:trophy:` shortcodes as emoji."""
        layout = next((source / p for p in LAYOUTS if (source / p).is_file()), None)
        self.layout = layout.relative_to(source).as_posix() if layout else ""
        text = layout.read_text(encoding="utf-8", errors="replace") if layout else ""
        self.fields = site_fields(text) if layout else {}
        self.popover = not layout or "entry.annotation" in text
        """Whether the layout showed `annotation` (al-folio's, in a popover by the authors)."""
        self.moved: dict[str, list[str]] = {}
        """Field → where its values went (`the pdf button`, `after the venue`)."""

    def move(self, entry: BibEntry, bib: Path) -> None:
        extra: list[str] = []
        for name, shown in self.fields.items():
            value = entry.value(name)
            if name not in entry.fields:
                continue
            del entry.fields[name]
            if shown.how == "text" and value:
                extra.append(value)
                self.moved.setdefault(name, []).append("text after the venue")
            elif shown.how == "flag" and value.lower() not in ("", "false", "no", "0"):
                extra.append(shown.label)
                self.moved.setdefault(name, []).append("text after the venue")
            elif shown.how == "link" and value:
                url = value if "://" in value or value.startswith("/") or not shown.folder \
                    else f"/{shown.folder}/{value}"
                if "://" not in url and not (self.source / url.lstrip("/")).is_file():
                    self.report.warn(bib, entry.line, f"`{entry.key}`: {name} file "
                                     f"{url.lstrip('/')} is missing: `{name}` left out")
                    continue
                field = publication_field(PageLink(name, shown.label, url))
                if field is not None and field not in entry.fields:
                    entry.set(field, url)
                    self.moved.setdefault(name, []).append(f"the `{field}` button")
                else:
                    extra.append(f"[{shown.label}]({url})")
                    self.moved.setdefault(name, []).append("a link after the venue")
        if extra:
            info = entry.value("additional_info")
            entry.set("additional_info", (info + " · " if info else ". ") + " · ".join(extra))

    def finish(self, entries: list[BibEntry], bib: Path) -> None:
        """One notice per field: what the old layout did, what Lanting shows instead."""
        self.annotations(entries, bib)
        for entry in entries if self.emoji else []:
            # (`award_name = {:trophy: Best Paper}`: jemoji drew the publications page's
            # shortcodes too; Lanting reads none in a `.bib`)
            for name in SHOWN_TEXT:
                value = entry.value(name)
                made, count = emoji(value) if ":" in value else (value, 0)
                if count:
                    entry.set(name, made)
                    self.report.convert("emoji", count)
        for name, where in self.moved.items():
            shown = self.fields[name]
            was = f"the button “{shown.label}”" if shown.how == "link" else \
                f"the badge “{shown.label}”" if shown.how == "flag" else "its text"
            self.report.note(self.layout, None, f"`{name}`, a field of the site's own "
                             f"(the layout showed {was}): now "
                             + ", ".join(f"{w} ×{where.count(w)}" for w in dict.fromkeys(where)))

    def annotations(self, entries: list[BibEntry], bib: Path) -> None:
        """Says what became of the `annotation`s the layout showed. Lanting publishes no
        `annotation` (biblatex's field of notes: Zotero's Better BibLaTeX writes the
        owner's private notes there); al-folio's popover mostly explained the author
        marks (`* Equal contribution`), which Lanting explains itself."""
        shown = [e for e in entries if self.popover and e.value("annotation")]
        other = [e for e in shown if not marks_only(e.value("annotation"))]
        if len(shown) > len(other):
            self.report.note(bib, None, f"`annotation` of {len(shown) - len(other)} "
                             "entries, which explained the author marks (`*`, `†`) in a "
                             "popover: not shown, as Lanting explains those marks itself")
        if other:
            keys = ", ".join(f"`{e.key}`" for e in other[:5]) + (", …" if other[5:] else "")
            self.report.warn(bib, other[0].line, f"`annotation` of {len(other)} entries "
                             f"({keys}), shown in a popover by the authors: not shown, as "
                             "Lanting publishes no `annotation` (often a reference "
                             "manager's private notes); move what readers should see to "
                             "`additional_info`")


_MARK_WORDS = re.compile(
    r"<[^>]*>|&\w+;|\$[^$]*\$|\\\w+|[\s*†‡§¶#:;,.()\[\]{}^-]|\b(?:equal(?:ly)?|"
    r"contribut\w*|co-?first|first|corresponding|authors?|and|denotes?|indicates?)\b",
    re.IGNORECASE)


def marks_only(text: str) -> bool:
    """Whether an `annotation` only explains author marks (`* Equal contribution<br>†
    Corresponding author`, `$^\\dagger$ co-first authors`)."""
    return not _MARK_WORDS.sub("", text).strip()

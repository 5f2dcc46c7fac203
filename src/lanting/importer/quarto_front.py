"""The front matter of a Quarto document in Lanting's: `title`, Quarto's many date forms
(`date`, `date-modified`), `categories`, `description`, `image` as the cover, `toc`,
`bibliography`, other authors, and `aliases` (old URLs); Quarto's rendering keys left
out with one notice, other keys named."""

from __future__ import annotations

import datetime as dt
import posixpath
import re
from pathlib import Path
from typing import Any

from lanting.importer.common import mtime, note_unplaced_keys, summary_of
from lanting.importer.quarto_published import published_date
from lanting.importer.quarto_settings import QuartoSettings, authors, output_folder
from lanting.importer.text import (
    When,
    key_line,
    named_month_date,
    names,
    parse_when,
    raw_value,
    split_front_matter,
)

MAPPED_KEYS = frozenset({"title", "date", "date-modified", "categories", "description",
                         "image", "draft", "aliases", "bibliography", "toc", "author",
                         "listing", "about", "lang", "output-file", "number-sections",
                         "nocite"})
QUARTO_ONLY = frozenset({
    "format", "execute", "jupyter", "engine", "knitr", "freeze", "toc-title", "toc-location",
    "toc-depth", "title-block-banner", "title-block-style", "page-layout", "image-alt",
    "citation", "license", "copyright", "code-fold", "code-tools", "code-line-numbers",
    "crossref", "filters", "editor", "layout", "comments", "execute-dir",
    "image-height", "image-width", "fig-cap-location", "reference-location", "citation-location",
    "csl", "link-citations", "google-scholar", "appendix-style", "highlight-style",
    "html-math-method", "code-overflow", "keep-ipynb", "keep-md", "categories-ui",
    "open-graph", "twitter-card", "search", "sidebar", "pagetitle", "date-format", "lightbox"})
"""Keys only Quarto's rendering read: left out with one notice per file."""
_RENDER_DAY = re.compile(r"^`r\s+(?:format\(\s*)?Sys\.(?:Date|time)\(\)[^`]*`$")
"""knitr's inline R printing the day of the render, `` `r format(Sys.Date(), "%d %B")` ``
(RStudio's templates write it as the date): Quarto's `today`, so read as it is."""
_NUMERIC = re.compile(r"^(\d{1,2})([/-]| )(\d{1,2})\2(\d{4}|\d{2})$")
"""`3/1/2024`, `03-01-2024`, `3/1/24` (month first), `01 03 2024` (day first)."""
_COMPACT = re.compile(r"^(\d{4})(\d{2})(\d{2})$")
"""`20220830`, which YAML reads as a number: dayjs, under Quarto's date parsing, reads
its digits as a year, a month and a day (its separators are optional)."""


def _numeric_date(text: str, tz: dt.tzinfo) -> When | None:
    """Quarto's numeric forms, month first but with spaces (`dd MM yyyy`); a first
    number past 12 can only be a day (`26-07-2023`, a real blog's notes: Quarto's own
    reading fails there and it shows the text). Two-digit years as dayjs reads them."""
    match = _NUMERIC.match(text)
    if not match:
        return None
    first, sep, second, year_text = match.groups()
    year = int(year_text) + ((2000 if int(year_text) < 69 else 1900)
                             if len(year_text) == 2 else 0)
    month, day = (int(first), int(second)) if sep != " " else (int(second), int(first))
    if month > 12 >= day:
        month, day = day, month
    try:
        return When(dt.datetime(year, month, day, tzinfo=tz), True)
    except ValueError:
        return None


def date_of(value: Any, raw: str | None, tz: dt.tzinfo) -> When | None:
    """Quarto's dates: ISO (`2024-03-01`), `3/1/2024` and `03-01-2024` (month first),
    `March 1, 2024`, `Jan 18 2023`, `Sept 24 2025` (what Quarto's date parsing takes)."""
    found = parse_when(value, raw, tz)
    text = str(raw or value or "").strip()
    if found is not None or not text:
        return found
    numeric = _numeric_date(text, tz)
    if numeric is not None:
        return numeric
    compact = _COMPACT.match(text)
    if compact:
        try:
            year, month, day = map(int, compact.groups())
            return When(dt.datetime(year, month, day, tzinfo=tz), True)
        except ValueError:
            return None
    return named_month_date(text, tz)

class QuartoFront(QuartoSettings):
    """The front-matter side of the Quarto importer (the settings' `site_author` and
    `bibliography` are its helpers)."""

    def aliases(self, data: dict[str, Any], rel: Path) -> list[str]:
        """Front-matter `aliases` (paths from the document's folder, or from the root)."""
        found = []
        for alias in names(data.get("aliases")):
            if re.match(r"^[a-z]+:", alias):
                continue
            path = alias if alias.startswith("/") else \
                "/" + posixpath.normpath(posixpath.join(rel.parent.as_posix(), alias))
            found.append(path + ("/" if alias.endswith("/") and not path.endswith("/")
                                 else ""))
        return found

    def front(self, data: dict[str, Any], head: str, path: Path, kind: str) -> dict[str, Any]:
        front: dict[str, Any] = {"title": str(data.get("title") or path.stem).strip()}
        date = self.date(data, head, path, "date")
        if kind in ("post", "talk"):
            if date is None:
                date = mtime(path, self.tz)
                self.report.warn(path, key_line(head, "date"), "no date Lanting can read: "
                                 "the file's modification time is used")
            front["date"] = date
        if kind == "post":
            updated = self.date(data, head, path, "date-modified")
            if updated is not None:
                front["updated"] = updated
            front["categories"] = names(data.get("categories"))
        summary = summary_of(data, "description")
        if summary:
            front["summary"] = summary
        image = data.get("image")
        if isinstance(image, str) and image and kind == "post":
            cover = self.cover(image, path)
            if cover:
                front["cover"] = cover
        if data.get("toc") is False:
            front["toc"] = False
        if _numbered(data):  # (Quarto's numbered sections: Lanting numbers them alike)
            front["number_sections"] = True
        self.bibliography(data, head, path, front, bundled=kind == "post")
        site_author = self.site_author()
        others = [a for a in authors(data.get("author")) if a != site_author]
        if others:
            front["params"] = {"author": ", ".join(authors(data.get("author")))}
            self.report.note(path, key_line(head, "author"), "`author` kept in `params` "
                             "(Lanting's pages show the site's author)")
        # (a subtitle is the text's first paragraph, `quarto`; a notebook's is not)
        shown = {"subtitle"} if kind == "talk" or path.suffix != ".ipynb" else set()
        placed = MAPPED_KEYS | QUARTO_ONLY | shown | ({"institute", "slide-level"}
                                                      if kind == "talk" else set()) | {
            k for k in data if str(k).startswith("bibliography_")}  # (multibib's)
        note_unplaced_keys(self.report, path, head, data, placed)
        return front

    def date(self, data: dict[str, Any], head: str, path: Path, key: str) -> When | None:
        value = data.get(key)
        if value in (None, ""):
            return None
        if str(value) in ("last-modified", "today", "now") or _RENDER_DAY.match(str(value)):
            shown = published_date(self.source, output_folder(self.config), path) \
                if key == "date" else None
            found = parse_when(shown, shown, self.tz) if shown else None
            if found is not None:
                self.report.note(path, key_line(head, key), f"`{key}: {value}`: the day "
                                 "its published page shows, fixed")
                return found
            self.report.note(path, key_line(head, key), f"`{key}: {value}`: the file's "
                             "modification time, fixed")
            return mtime(path, self.tz)
        found = date_of(value, raw_value(head, key), self.tz)
        if found is None:
            self.report.warn(path, key_line(head, key), f"`{key}: {value}` is no date "
                             "Lanting can read")
        return found

    def cover(self, value: str, path: Path) -> str:
        if re.match(r"^[a-z]+:|^//", value):
            return value
        file = self.source / value.lstrip("/") if value.startswith("/") \
            else path.parent / value
        if file.is_file():
            return self.site.image(file, None if not value.startswith("/") else value)
        self.report.warn(path, None, f"image `{value}` not found: no cover")
        return ""


_LEADING_BLANKS = re.compile(r"\A(?:[ \t]*\n)+(?=---[ \t]*\n)")


def _numbered(data: dict[str, Any]) -> bool:
    """`number-sections: true`, on the page or in its `format: html:` options."""
    html = data.get("format")
    html = html.get("html") if isinstance(html, dict) else None
    value = html.get("number-sections") if isinstance(html, dict) and \
        "number-sections" in html else data.get("number-sections")
    return value is True


def front_first(text: str) -> str:
    """`text` without the blank lines before its `---` block: Pandoc reads a metadata
    block after a blank line, and a course's slides began so; their front matter was
    shown as text, their `{{< meta params.x >}}` unfilled."""
    return _LEADING_BLANKS.sub("", text, count=1)


def yaml_front_matter(text: str) -> tuple[str, str, str, int]:
    """`split_front_matter` of a Quarto document, which Pandoc reads only as a YAML block:
    a chapter opening with `{{< include _macros.tex >}}` had it read as JSON front
    matter (a warning), and the include, its macros with it, was lost."""
    found = split_front_matter(text)
    if found[0] in ("yaml", ""):
        return found
    return "", "", text.lstrip("\ufeff").replace("\r\n", "\n"), 1


def published_url(rel: Path, data: dict[str, Any]) -> str:
    """Where Quarto published the document at `rel`: its folder for an `index`, else its
    `.html`, or the name its `output-file` gives (nbdev's `core.html` for
    `00_core.ipynb`)."""
    if rel.stem == "index":
        return "/" + rel.parent.as_posix() + "/"
    return "/" + (rel.parent / str(data.get("output-file") or rel.with_suffix(".html").name)
                  ).as_posix()

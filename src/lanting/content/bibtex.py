"""Reading a .bib file: bibtexparser v2 splits it, pylatexenc decodes the fields.

Shared by the owner's publications (`bibliography.py`) and the entries pages cite
(`references.py`); the LaTeX decoder is in `bibtex_latex.py`, the authors' names and
their marks are read in `bibtex_names.py`. LaTeX accents, `--` and `\\url{}` are
decoded; `{Braces}` only protect case (we never change case, so they simply disappear);
Chinese names are kept whole; `$…$` goes through the math stage. A malformed entry, an
entry without a key, an empty field, braces nested more than `MAX_BRACE_DEPTH` deep and
two different entries with one key (both lines named) are errors at their lines; a
word-for-word copy is only a warning.
`&` and `%` are kept as written; an unknown macro is shown as written, with a warning.

Author marks: `Lin, Zhiyuan*` (or al-folio's `*Lin, Zhiyuan`, `∗Lin`) is a co-first
author, `Lin, Zhiyuan†` (or `$^\\dagger$`) the corresponding one; other marks (`‡`, `§`)
are kept and shown.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lanting.content.bibtex_latex import MAX_BRACE_DEPTH, brace_depth, latex_decoder
from lanting.content.discover import source_text
from lanting.errors import LantingError
from lanting.markdown.mathforms import ANY_MATH, math_forms
from lanting.model.content import Source
from lanting.model.problem import Problem

if TYPE_CHECKING:
    from bibtexparser.model import Entry

_MONTHS = {m: i + 1 for i, m in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"))}


def title_to_html(text: str, where: tuple[Path | None, int]) -> str:
    """Escape `text`, turning `$…$` into MathML; bad LaTeX is an error at `where`."""
    return math_forms(text, where)[1]


def plain_title(text: str) -> str:
    """`text` with each `$…$` as the formula's readable text (its source if it does not
    convert)."""
    try:
        return math_forms(text, (None, 0))[0]
    except LantingError:
        return ANY_MATH.sub(lambda m: m.group(1), text)


_URL_ESCAPE = re.compile(r"\\([_%&#$~])")


def url_value(raw: str) -> str:
    """A URL field as written, without LaTeX's decoding (which reads `&` as a column
    separator and `%` as a comment): `\\url{…}` and outer braces go, `\\_` is `_`."""
    value = raw.strip()
    while value.startswith("{") and value.endswith("}"):
        value = value[1:-1].strip()
    if value.startswith("\\url{") and value.endswith("}"):
        value = value[5:-1].strip()
    return _URL_ESCAPE.sub(r"\1", value)


def to_int(value: str) -> int | None:
    digits = re.match(r"\s*(\d+)", value or "")
    return int(digits.group(1)) if digits else None


def to_month(value: str) -> int | None:
    value = (value or "").strip().lower()
    if value[:3] in _MONTHS:
        return _MONTHS[value[:3]]
    number = to_int(value)
    return number if number and 1 <= number <= 12 else None


def truthy(value: str) -> bool:
    return value.strip().lower() in ("true", "yes", "1")


DECODED_FIELDS = ("title", "booktitle", "journal", "howpublished", "institution", "school",
                  "publisher", "note", "award", "award_name", "additional_info", "abstract",
                  "category", "year", "selected", "equal_contribution", "abbr", "address",
                  "edition", "volume", "number", "issue", "pages", "series", "chapter",
                  "organization", "type", "editor", "language", "langid", "urldate",
                  "bibtex_show", "dimensions", "altmetric")
"""Fields read as LaTeX (the others are URLs, identifiers or only copied as written)."""
SHOWN_FIELDS = frozenset({"title", "booktitle", "journal", "howpublished", "institution",
                          "school", "publisher", "note", "award", "award_name",
                          "additional_info", "abstract", "author", "abbr", "address",
                          "series", "organization", "edition"})
"""Fields a reader sees: an unknown macro in them is reported."""
_EMPTY = re.compile(r"[\s{}]*")
_BRACES_HINT = "one pair of braces keeps a word's case: write `{RAG}`, not `{{{RAG}}}`"


INVISIBLE = re.compile("[\u200b\ufeff]")
"""Zero-width spaces and byte-order marks pasted in with a value (`author = {\ufeffFaria, I}`
from a publisher's page): invisible, yet the name was another's than the owner's, not
highlighted, and a URL starting with one was a relative link, which led nowhere."""


class BibEntry:
    """One entry's fields as written and decoded, with the line of each."""

    def __init__(self, raw: Entry, path: Path) -> None:
        self.raw, self.path = raw, path
        self.line = (raw.start_line or 0) + 1
        self.fields = {f.key.lower(): INVISIBLE.sub("", str(f.value)) for f in raw.fields}
        # bibtexparser counts field lines from the start of the file, from 0
        self.lines = {f.key.lower(): (f.start_line or 0) + 1 if f.start_line is not None
                      else self.line for f in raw.fields}
        self.warnings: list[Problem] = []
        _read_biblatex(self.fields, self.lines)

    @property
    def key(self) -> str:
        return str(self.raw.key)

    @property
    def entry_type(self) -> str:
        return str(self.raw.entry_type).lower()

    def at(self, name: str) -> int:
        return self.lines.get(name, self.line)

    def error(self, message: str, name: str | None = None,
              hint: str | None = None) -> LantingError:
        return LantingError.at(message, self.path, self.at(name) if name else self.line,
                               hint=hint)

    def unknown(self, name: str, macros: list[str]) -> None:
        for macro in sorted(set(macros)) if name in SHOWN_FIELDS else ():
            self.warnings.append(Problem(
                f"entry `{self.raw.key}`, field `{name}`: unknown macro `\\{macro}`, shown "
                "as written", self.path, self.at(name), severity="warning",
                hint="write the text itself (Unicode is fine) or a standard LaTeX accent "
                     "or symbol"))

    def decoded(self) -> dict[str, str]:
        """The fields of `DECODED_FIELDS` the entry has, as text; LaTeX that cannot be
        read is an error at its field's line, an unknown macro a warning."""
        out: dict[str, str] = {}
        for name in DECODED_FIELDS:
            if name not in self.fields:
                continue
            try:
                out[name], macros = latex_decoder().decode(self.fields[name])
            except ValueError as reason:
                hint = _BRACES_HINT if "braces" in str(reason) else "check its LaTeX"
                raise self.error(f"entry `{self.raw.key}`, field `{name}`: {reason}", name,
                                 hint) from None
            self.unknown(name, macros)
        return out

    def check(self) -> list[Problem]:
        """No key, braces nested too deep: errors at their lines. Returns the warnings:
        empty fields (IEEE's and publishers' exports write `volume = {}`), left out."""
        if not self.raw.key.strip():
            kind = self.raw.entry_type.lower()
            raise self.error(f"this `@{kind}` entry has no key",
                             hint=f"write its key after the brace, e.g. `@{kind}{{lin2026ring,`:"
                                  " posts cite the entry by it")
        problems: list[Problem] = []
        warnings: list[Problem] = []
        for name, value in self.fields.items():
            if _EMPTY.fullmatch(value):
                warnings.append(Problem(f"entry `{self.raw.key}`, field `{name}` is empty: "
                                        "left out", self.path, self.at(name),
                                        hint="fill it in, or delete the line",
                                        severity="warning"))
            elif brace_depth(value) > MAX_BRACE_DEPTH:
                problems.append(Problem(
                    f"entry `{self.raw.key}`, field `{name}`: braces nest more than "
                    f"{MAX_BRACE_DEPTH} deep", self.path, self.at(name), hint=_BRACES_HINT))
        if problems:
            raise LantingError(problems)
        return warnings


BIBLATEX_NAMES = {"journaltitle": "journal", "location": "address"}
"""biblatex's names of BibTeX's fields (Zotero's Better BibLaTeX, JabRef in biblatex mode)."""
_DATE = re.compile(r"\s*\{?\s*(\d{4})(?:-(\d{1,2}))?")


def _read_biblatex(fields: dict[str, str], lines: dict[str, int]) -> None:
    """biblatex's fields also read as BibTeX's, where the entry has not both: `date =
    {2024-02-12}` gives `year` and `month`, `journaltitle` is `journal`, `location` is
    `address`. (The BibTeX a reader copies keeps what was written.)"""
    for biblatex, bibtex in BIBLATEX_NAMES.items():
        if fields.get(biblatex) and not fields.get(bibtex):
            fields[bibtex], lines[bibtex] = fields[biblatex], lines.get(biblatex, 0)
    if (date := _DATE.match(fields.get("date", ""))) and not fields.get("year"):
        fields["year"], lines["year"] = date.group(1), lines.get("date", 0)
        if date.group(2) and not fields.get("month"):
            fields["month"], lines["month"] = str(int(date.group(2))), lines.get("date", 0)


_KEY = re.compile(r"@\s*\w+\s*[{(]\s*([^,\s{}()]+)")
_ZERO_BASED_LINE = re.compile(r"\s*\(line \d+\)|\s*on line \d+|\s*at line \d+")


def _free_key(key: str, taken: set[str]) -> str:
    """A key like `key` that no entry has: `lin2026b`, `lin2026c`, …"""
    suffixes: list[str] = [*"bcdefghijklmnopqrstuvwxyz", *(str(n) for n in range(2, 100))]
    for suffix in suffixes:
        if key + suffix not in taken:
            return key + suffix
    return key + "-2"


def _failure(block: Any, path: Path, taken: set[str]) -> Problem:
    """The problem of a block bibtexparser could not read (a warning for an entry that
    repeats an earlier one word for word, which is dropped)."""
    from bibtexparser.model import DuplicateBlockKeyBlock

    line = (block.start_line or 0) + 1
    if isinstance(block, DuplicateBlockKeyBlock) and not str(block.key).strip():
        kind = re.match(r"\s*@\s*(\w*)", block.raw or "")
        kind_name = (kind.group(1) if kind else "").lower() or "misc"
        return Problem(f"this `@{kind_name}` entry has no key", path, line,
                       hint=f"write its key after the brace, e.g. `@{kind_name}{{lin2026ring,`:"
                            " posts cite the entry by it")
    if isinstance(block, DuplicateBlockKeyBlock):
        first = block.previous_block
        first_line = (first.start_line or 0) + 1
        if " ".join((first.raw or "").split()) == " ".join((block.raw or "").split()):
            return Problem(f"entry `{block.key}` repeats the entry at line {first_line} word "
                           "for word; this copy is ignored", path, line, severity="warning",
                           hint="delete one of them")
        return Problem(f"duplicate key `{block.key}`: the entries at lines {first_line} and "
                       f"{line} both use it", path, line,
                       hint=f"give each its own key: rename this one to, say, "
                            f"`{_free_key(str(block.key), taken)}` and cite it by that key")
    raw = getattr(block, "raw", "") or ""
    match = _KEY.match(raw.lstrip())
    key = getattr(block, "key", None) or (match.group(1) if match else "?")
    error = getattr(block, "error", None)
    reason = str(getattr(error, "abort_reason", None) or error or "could not be parsed")
    reason = " ".join(_ZERO_BASED_LINE.sub("", reason).split())  # bibtexparser counts from 0
    return Problem(f"malformed BibTeX entry `{key}`: {reason}", path, line,
                   hint="check the braces and the commas between fields")


def split_concatenation(value: str) -> list[str]:
    """The parts of a BibTeX value joined with ` # `, outside braces and quotes."""
    parts: list[str] = []
    depth, quoted, start = 0, False, 0
    for at, char in enumerate(value + "#"):
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        elif char == '"' and depth == 0:
            quoted = not quoted
        elif char == "#" and depth == 0 and not quoted:
            parts.append(value[start:at].strip())
            start = at + 1
    return parts


def _concatenated(value: str, strings: dict[str, str]) -> str:
    """BibTeX's `neurips # " 36"`: the parts joined, `@string` names replaced (bibtexparser
    2 resolves a name only when it is a field's whole value)."""
    joined = []
    for part in split_concatenation(value):
        if len(part) >= 2 and (part[0], part[-1]) in (('"', '"'), ("{", "}")):
            joined.append(part[1:-1])
        else:
            joined.append(strings.get(part.lower(), part))
    return "".join(joined)


def _inherit_crossrefs(entries: list[Any]) -> None:
    """BibTeX's `crossref = {parent}`: the fields the entry lacks come from its parent
    (`@proceedings`, `@book`), whose `title` is the entry's `booktitle`."""
    from bibtexparser.model import Field

    by_key = {entry.key.lower(): entry for entry in entries}
    for entry in entries:
        names = {f.key.lower(): f for f in entry.fields}
        parent = by_key.get(str(names["crossref"].value).strip().lower()) \
            if "crossref" in names else None
        if parent is None or parent is entry:
            continue
        for field in parent.fields:
            name = field.key.lower()
            if name == "title":
                name = "booktitle"
            if name not in names and name not in ("crossref", "ids"):
                names[name] = Field(name, field.value)
                entry.set_field(names[name])


def crossref_parents(entries: list[BibEntry]) -> set[str]:
    """Keys that other entries name in `crossref`: a volume, not a paper of its own."""
    return {e.fields["crossref"].strip().lower() for e in entries if e.fields.get("crossref")}


def read_entries(source: Source) -> tuple[list[BibEntry], list[Problem]]:
    """The entries of a .bib file, in the file's order, and the problems of the blocks
    bibtexparser could not read (errors, and warnings for word-for-word copies)."""
    from bibtexparser.entrypoint import parse_string  # sites without one never import it

    quiet = logging.getLogger("bibtexparser")
    level, quiet.level = quiet.level, logging.ERROR  # it logs what we report as a Problem
    try:
        library = parse_string(source_text(source))
    finally:
        quiet.setLevel(level)
    strings = {key.lower(): str(s.value) for key, s in library.strings_dict.items()}
    for entry in library.entries:
        enclosed = entry.parser_metadata.get("removed_enclosing", {})
        for field in entry.fields:
            if enclosed.get(field.key) == "no-enclosing" and "#" in str(field.value):
                field.value = _concatenated(str(field.value), strings)
    _inherit_crossrefs(library.entries)
    taken = {entry.key for entry in library.entries}
    problems = [_failure(b, source.path, taken) for b in library.failed_blocks]
    return [BibEntry(entry, source.path) for entry in library.entries], problems


_RANGE = re.compile(r"\s*(?:-{1,3}|\u2013|\u2014)\s*")


def page_range(value: str) -> str:
    """`pages = {1--20}` (or `1-20`, `1 -- 20`, `1–20`) as `1–20`; one page as it is."""
    return _RANGE.sub("\u2013", " ".join(value.split()))


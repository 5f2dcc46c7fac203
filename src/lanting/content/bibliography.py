"""Stage 3 — read `content/publications.bib` into publications.

Parsed with bibtexparser v2: LaTeX accents, `--` and `\\url{}` are decoded; `{Braces}`
only protect case (we never change case, so they simply disappear); Chinese names are
kept whole; `and others` becomes "et al."; `$…$` in titles and abstracts goes through
the math stage. A malformed entry stops the build with its file, line and key — the
rest is never silently dropped; so do an entry without a key, an empty field, braces
nested more than `MAX_BRACE_DEPTH` deep and two different entries with one key (both
lines named; a word-for-word copy is only a warning). `&` and `%` are kept as written;
an unknown macro is shown as written, with a warning at its field's line.

Author marks: `Lin, Zhiyuan*` is a co-first author, `Lin, Zhiyuan†` (or `$^\\dagger$`)
the corresponding one; `equal_contribution = {2}` marks the first two authors as co-first.
"""

from __future__ import annotations

import functools
import html
import logging
import re
from collections.abc import Callable
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


MAX_BRACE_DEPTH = 32
"""Braces a field may nest: `{{Title}}` protects case as well as one pair does, and the
LaTeX reader recurses on each level (some 250 levels exhaust Python's stack)."""


_PERCENT = re.compile(r"(\\.)|%", re.DOTALL)
"""A `%` not escaped (`\\%`): LaTeX would read the rest of the line as a comment."""


class _Latex:
    """pylatexenc's LaTeX-to-text converter, built on first use (sites without a
    bibliography do not pay for it, nor for importing bibtexparser): `\\url{…}` is its
    text, `&` stays `&` (a column separator only in tables; `\\&` is `&` too), `%` stays
    (BibTeX has no comments inside a field), and an unknown macro stays as written and is
    recorded, to be reported."""

    def __init__(self) -> None:
        from pylatexenc.latex2text import (  # type: ignore[import-untyped]
            LatexNodes2Text,
            MacroTextSpec,
            SpecialsTextSpec,
            get_default_latex_context_db,
        )

        context = get_default_latex_context_db()
        context.add_context_category(
            "lanting", prepend=True, macros=[MacroTextSpec("url", simplify_repl="%s")],
            specials=[SpecialsTextSpec("&", "&")])
        context.set_unknown_macro_spec(MacroTextSpec("", simplify_repl=self._unknown))
        self.unknown: list[str] = []
        self.field = LatexNodes2Text(latex_context=context, math_mode="verbatim")
        self.name = LatexNodes2Text(latex_context=context, math_mode="verbatim",
                                    strict_latex_spaces=True)

    def _unknown(self, node: Any, macroname: str) -> str:
        self.unknown.append(macroname)
        text = str(node.latex_verbatim())
        after = node.parsing_state.s[node.pos + node.len : node.pos + node.len + 1]
        if text[-1:].isspace() or not (after == "{" or after.isalnum()):
            return text
        return text + " "  # \foo{x}: "\foo x"

    def decode(self, text: str, name: bool = False) -> tuple[str, list[str]]:
        """`text` as plain text (math kept as written), and the unknown macros in it;
        raises ValueError when pylatexenc cannot read it."""
        self.unknown = []
        if brace_depth(text) > MAX_BRACE_DEPTH:
            raise ValueError(f"braces nest more than {MAX_BRACE_DEPTH} deep")
        text = _PERCENT.sub(lambda m: m.group(1) or "\\%", text)
        try:
            decoded = (self.name if name else self.field).latex_to_text(text)
        except RecursionError:
            raise ValueError("its LaTeX nests too deep") from None
        except Exception as error:  # pylatexenc fails on some odd macros
            raise ValueError(f"its LaTeX cannot be read ({error})") from None
        return str(decoded), sorted(set(self.unknown))


@functools.cache
def _latex() -> _Latex:
    return _Latex()


def brace_depth(text: str) -> int:
    """How deep `{…}` nest in `text` (escaped `\\{` and `\\}` are not braces)."""
    depth = deepest = 0
    for match in re.finditer(r"\\.|[{}]", text):
        if match.group(0) == "{":
            depth += 1
            deepest = max(deepest, depth)
        elif match.group(0) == "}":
            depth = max(0, depth - 1)
    return deepest


_NAME_TOKENS = re.compile(r"\\.|[{}]|\s+and\s+", re.IGNORECASE | re.DOTALL)


def split_names(raw: str) -> list[str]:
    """The names of an `author` or `editor` field: split on `and` outside braces.
    (bibtexparser's `split_multiple_persons_names` drops the first two characters of a
    name that starts with a macro: `A and \\"Ozgur` gave `Ozgur`.)"""
    names, depth, start = [], 0, 0
    for match in _NAME_TOKENS.finditer(raw):
        token = match.group(0)
        if token == "{":
            depth += 1
        elif token == "}":
            depth = max(0, depth - 1)
        elif not token.startswith("\\") and depth == 0:
            names.append(raw[start : match.start()])
            start = match.end()
    names.append(raw[start:])
    return [name.strip() for name in names if name.strip()]


def _strip_marks(name: str) -> str:
    while match := _MARKS.search(name):
        name = name[: match.start()].rstrip()
    return name


def _decode_name(text: str, unknown: list[str] | None = None) -> str:
    try:
        decoded, macros = _latex().decode(text, name=True)
    except ValueError:  # the name as written is fine
        return text.strip("{} ")
    if unknown is not None:
        unknown.extend(macros)
    return decoded.strip()


def parse_authors(raw: str, equal: int = 0,
                  unknown: list[str] | None = None) -> tuple[tuple[Author, ...], bool]:
    """Authors of a raw BibTeX `author` field, and whether it ended with `and others`;
    unknown LaTeX macros in the names are added to `unknown`."""
    from bibtexparser.middlewares.names import InvalidNameError, parse_single_name_into_parts

    authors: list[Author] = []
    et_al = False
    for i, name in enumerate(split_names(raw)):
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
            last, first = _decode_name(name, unknown), ""
        else:
            last = _decode_name(" ".join([*parts.von, *parts.last]), unknown)
            first = _decode_name(" ".join(parts.first), unknown)
            if parts.jr:
                last = f"{last}, {_decode_name(' '.join(parts.jr), unknown)}"
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


def _links(fields: dict[str, str], at: Callable[[str], int]) -> tuple[PubLink, ...]:
    """The entry's buttons, from its URL fields (`_url_value`); `at(field)` is the line
    of a field."""
    links: list[PubLink] = []
    arxiv, arxiv_field = fields.get("arxiv", ""), "arxiv"
    if not arxiv and "arxiv" in fields.get("archiveprefix", "").lower():
        arxiv, arxiv_field = fields.get("eprint", ""), "eprint"
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
        links.append(PubLink(kind, value, at(arxiv_field if kind == "arxiv" else kind)))
    if not any(x.kind == "pdf" for x in links) and fields.get("url", "").endswith(".pdf"):
        links.insert(0, PubLink("pdf", fields["url"], at("url")))
    if not any(x.kind == "project" for x in links) and fields.get("url") \
            and not fields["url"].endswith(".pdf"):
        links.append(PubLink("project", fields["url"], at("url")))
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
    lines = [f"@{entry.entry_type}{{{entry.key},"]
    for field in entry.fields:
        name = field.key.lower()
        if name not in BIBTEX_FIELDS:
            continue
        value = str(field.value).strip()
        if name in ("author", "editor"):  # our marks (*, †) are not part of the names
            value = " and ".join(_strip_marks(n.strip())
                                 for n in split_names(value))
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


DECODED_FIELDS = ("title", "booktitle", "journal", "howpublished", "institution", "school",
                  "publisher", "note", "award", "abstract", "category", "year", "selected",
                  "equal_contribution")
"""Fields read as LaTeX (the others are URLs, identifiers or only copied as written)."""
SHOWN_FIELDS = frozenset({"title", "booktitle", "journal", "howpublished", "institution",
                          "school", "publisher", "note", "award", "abstract", "author"})
"""Fields a reader sees: an unknown macro in them is reported."""
_EMPTY = re.compile(r"[\s{}]*")
_BRACES_HINT = "one pair of braces keeps a word's case: write `{RAG}`, not `{{{RAG}}}`"


class _Entry:
    """One entry's fields as written and decoded, with the line of each."""

    def __init__(self, raw: Entry, path: Path) -> None:
        self.raw, self.path = raw, path
        self.line = (raw.start_line or 0) + 1
        self.fields = {f.key.lower(): str(f.value) for f in raw.fields}
        # bibtexparser counts field lines from the start of the file, from 0
        self.lines = {f.key.lower(): (f.start_line or 0) + 1 if f.start_line is not None
                      else self.line for f in raw.fields}
        self.warnings: list[Problem] = []

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
        out: dict[str, str] = {}
        for name in DECODED_FIELDS:
            if name not in self.fields:
                continue
            try:
                out[name], macros = _latex().decode(self.fields[name])
            except ValueError as reason:
                hint = _BRACES_HINT if "braces" in str(reason) else "check its LaTeX"
                raise self.error(f"entry `{self.raw.key}`, field `{name}`: {reason}", name,
                                 hint) from None
            self.unknown(name, macros)
        return out

    def check(self) -> None:
        """No key, empty fields, braces nested too deep: errors at their lines."""
        if not self.raw.key.strip():
            kind = self.raw.entry_type.lower()
            raise self.error(f"this `@{kind}` entry has no key",
                             hint=f"write its key after the brace, e.g. `@{kind}{{lin2026ring,`:"
                                  " posts cite the entry by it")
        problems: list[Problem] = []
        for name, value in self.fields.items():
            if _EMPTY.fullmatch(value):
                problems.append(Problem(f"entry `{self.raw.key}`, field `{name}` is empty",
                                        self.path, self.at(name),
                                        hint="fill it in, or delete the line"))
            elif brace_depth(value) > MAX_BRACE_DEPTH:
                problems.append(Problem(
                    f"entry `{self.raw.key}`, field `{name}`: braces nest more than "
                    f"{MAX_BRACE_DEPTH} deep", self.path, self.at(name), hint=_BRACES_HINT))
        if problems:
            raise LantingError(problems)


def _publication(raw: Entry, path: Path, order: int) -> tuple[Publication, list[Problem]]:
    """The publication of one entry, and the warnings about it."""
    entry = _Entry(raw, path)
    entry.check()
    line, raw_fields = entry.line, entry.fields
    fields = {**raw_fields, **entry.decoded()}
    title = " ".join(fields.get("title", "").split())
    if not title:
        raise entry.error(f"entry `{raw.key}` has no title", "title" if "title" in raw_fields
                          else None, hint="add `title = {…}`")
    urls = {name: _url_value(raw_fields[name]) for name in (*LINK_FIELDS, "url", "eprint",
                                                            "archiveprefix")
            if name in raw_fields}
    for name in (*LINK_FIELDS, "url"):  # what becomes a button, a link or a meta tag
        reason = unsafe_url_reason(urls.get(name, ""))
        if reason is not None:
            raise entry.error(f"entry `{raw.key}`, field `{name}`: {reason}", name, URL_HINT)
    unknown: list[str] = []
    authors, et_al = parse_authors(raw_fields.get("author", ""),
                                   _int(fields.get("equal_contribution", "")) or 0, unknown)
    entry.unknown("author", unknown)
    category = _category(raw.entry_type.lower(), fields)
    note = fields.get("note", "").strip()
    abstract = " ".join(fields.get("abstract", "").split())
    return Publication(
        key=raw.key, entry_type=raw.entry_type.lower(), category=category,
        title=plain_title(title),
        title_html=title_to_html(title, (path, entry.at("title"))),
        authors=authors, et_al=et_al, year=_int(fields.get("year", "")),
        month=_month(raw_fields.get("month", "")),
        venue=" ".join(_venue(raw.entry_type.lower(), fields, category).split()),
        badges=tuple(b.strip() for b in re.split(r"[;,]", note) if b.strip()) if note else (),
        award=fields.get("award", "").strip(), links=_links(urls, entry.at), abstract=abstract,
        abstract_html=title_to_html(abstract, (path, entry.at("abstract"))),
        bibtex=_bibtex(raw), selected=_truthy(fields.get("selected", "")), line=line,
        order=order,
    ), entry.warnings


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


def parse_bibliography(source: Source | None) -> Bibliography:
    """Every entry of the .bib file, newest first; any malformed entry is an error, and
    what is shown differently from what is written (an unknown macro) a warning."""
    if source is None:
        return EMPTY
    from bibtexparser.entrypoint import parse_string  # sites without one never import it

    quiet = logging.getLogger("bibtexparser")
    level, quiet.level = quiet.level, logging.ERROR  # it logs what we report as a Problem
    try:
        library = parse_string(source_text(source))
    finally:
        quiet.setLevel(level)
    taken = {entry.key for entry in library.entries}
    problems = [_failure(b, source.path, taken) for b in library.failed_blocks]
    publications = []
    for order, entry in enumerate(library.entries):
        try:
            publication, warnings = _publication(entry, source.path, order)
        except LantingError as error:
            problems.extend(error.problems)
            continue
        publications.append(publication)
        problems.extend(warnings)
    if any(p.severity == "error" for p in problems):
        raise LantingError(sorted(problems, key=lambda p: p.line or 0))
    publications.sort(key=lambda p: (-(p.year or 0), -(p.month or 0), p.order))
    return Bibliography(source.path, tuple(publications),
                        tuple(sorted(problems, key=lambda p: p.line or 0)))

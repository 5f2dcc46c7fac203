"""A small BibTeX reader and writer for the importer: entries with their fields as written
(values keep their braces), `@string` macros expanded, entries written back with fields
renamed, changed or left out."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lanting.content.bibtex import split_concatenation
from lanting.content.bibtex_latex import latex_decoder

ET_AL = re.compile(r"^(et\.? ?al\.?|etc\.?|others|等|等人)$", re.IGNORECASE)
"""A name in a list of authors that stands for the others: BibTeX's `others`."""


@dataclass
class BibEntry:
    kind: str
    key: str
    fields: dict[str, str] = field(default_factory=dict)
    """Name (lower case) -> value as written: `{…}`, `"…"` or a bare word or number."""
    line: int = 1

    def value(self, name: str) -> str:
        """The text of a field without its outer braces or quotes."""
        raw = self.fields.get(name, "").strip()
        if len(raw) >= 2 and ((raw[0] == "{" and raw[-1] == "}")
                              or (raw[0] == raw[-1] == '"')):
            return raw[1:-1].strip()
        return raw

    def set(self, name: str, text: str) -> None:
        self.fields[name] = "{" + brace_safe(text) + "}"


def _balanced_braces(text: str) -> bool:
    depth = 0
    for match in re.finditer(r"\\.|[{}]", text):
        depth += {"{": 1, "}": -1}.get(match.group(0), 0)
        if depth < 0:
            return False
    return depth == 0


def brace_safe(text: str) -> str:
    """`text` as the inside of a braced field: a stray brace (an abstract's typo,
    `Learnin} (CL)`, copied from front matter, where it was plain text) would end the
    field early and break the whole file, so unbalanced braces are all escaped."""
    if _balanced_braces(text):
        return text
    return re.sub(r"(\\.)|([{}])", lambda m: m.group(1) or "\\" + m.group(2), text)


def _balanced(text: str, start: int, open_: str = "{", close: str = "}") -> int:
    """Index just past the bracket closing the one at `start`; for a `"` at `start`, past
    the `"` closing it: the first outside braces (`"{{\\"U}ber …}"`, al-folio's own sample,
    holds one inside)."""
    quoted = text[start] == '"'
    depth = 0
    i = start + 1 if quoted else start
    while i < len(text):
        char = text[i]
        if char == "\\":
            i += 2
            continue
        if char == open_:
            depth += 1
        elif char == close:
            depth -= 1
            if depth == 0 and not quoted:
                return i + 1
        elif char == '"' and quoted and depth <= 0:
            return i + 1
        i += 1
    return len(text)


def _fields(body: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    i = 0
    while i < len(body):
        match = re.compile(r"\s*,?\s*([A-Za-z][\w:.+-]*)\s*=\s*").match(body, i)
        if not match:
            break
        name = match.group(1).lower()
        i = match.end()
        parts = []
        while i < len(body):
            if body[i] in '{"':
                end = _balanced(body, i)
            else:
                word = re.compile(r"[^,#\s}]+").match(body, i)
                if word is None:
                    break  # (`volume = ,`: a field left empty, a form's export)
                end = word.end()
            parts.append(body[i:end])
            i = end
            hash_ = re.compile(r"\s*#\s*").match(body, i)
            if hash_:
                i = hash_.end()
                continue
            break
        if parts:  # (an empty one was written `,,` and failed the build's reading)
            fields[name] = " # ".join(parts)
    return fields


def parse(text: str) -> tuple[list[BibEntry], dict[str, str]]:
    """The entries of a .bib file (in order) and its `@string` macros."""
    entries: list[BibEntry] = []
    strings: dict[str, str] = {}
    for match in re.finditer(r"@([A-Za-z]+)\s*([{(])", text):
        kind = match.group(1).lower()
        opener = match.group(2)
        end = _balanced(text, match.end() - 1, opener, "}" if opener == "{" else ")")
        inside = text[match.end():end - 1]
        if kind == "string":
            for name, value in _fields(inside).items():
                strings[name] = _joined(value, strings)  # (one may build on another)
            continue
        if kind in ("comment", "preamble"):
            continue
        key, _, body = inside.partition(",")
        entry = BibEntry(kind, key.strip(), _fields(body), text.count("\n", 0, match.start()) + 1)
        entries.append(entry)
    for entry in entries:
        for name, value in entry.fields.items():
            if re.fullmatch(r"[A-Za-z][\w:.+-]*", value) and value.lower() in strings:
                entry.fields[name] = strings[value.lower()]
            elif " # " in value:
                entry.fields[name] = _joined(value, strings)
    return entries, strings


def _joined(value: str, strings: dict[str, str]) -> str:
    """`proc # neurips # " 2023"`, BibTeX's concatenation, as one braced value, each
    `@string` name replaced by its text: the entries are written without the file's
    `@string` definitions, so a name left in a concatenation was read as its letters
    (`procneurips`, a lab's venues). One naming a macro the file lacks stays as it is."""
    parts = split_concatenation(value)
    texts = []
    for part in parts:
        part = strings.get(part.lower(), part)
        if len(part) >= 2 and (part[0], part[-1]) in (('"', '"'), ("{", "}")):
            texts.append(part[1:-1])
        elif part.isdigit():
            texts.append(part)
        else:
            return value
    return "{" + "".join(texts) + "}" if len(parts) > 1 else value


def renamed_duplicates(entries: list[BibEntry]) -> list[tuple[BibEntry, str, int]]:
    """Give each entry whose key an earlier one has a key of its own (`kar2023`,
    `kar2023b`, `kar2023c`): jekyll-scholar and Hugo Blox showed both entries (bibtex-ruby
    renames such a key), and Lanting's build refuses a key used twice. -> (entry, its
    old key, the line of the first entry with it) for each renamed."""
    first: dict[str, int] = {}
    renamed = []
    for entry in entries:
        if entry.key not in first:
            first[entry.key] = entry.line
            continue
        old = entry.key
        suffix = "b"
        while f"{old}{suffix}" in first:
            suffix = chr(ord(suffix) + 1) if suffix < "z" else suffix + "a"
        entry.key = f"{old}{suffix}"
        first[entry.key] = entry.line
        renamed.append((entry, old, first[old]))
    return renamed


def drop_empty_fields(entry: BibEntry) -> list[str]:
    """Take the entry's empty fields out (`doi = {}`, `month = {}`, as reference
    managers export them: jekyll-scholar showed nothing, and Lanting's build warns about
    each); their names."""
    empty = [name for name in entry.fields if not entry.value(name)]
    for name in empty:
        del entry.fields[name]
    return empty


def dump(entries: list[BibEntry]) -> str:
    blocks = []
    for entry in entries:
        width = max((len(name) for name in entry.fields), default=0)
        lines = [f"@{entry.kind}{{{entry.key},"]
        lines += [f"  {name.ljust(width)} = {value}," for name, value in entry.fields.items()]
        lines.append("}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


def latex_text(latex: str) -> str:
    """A field's LaTeX as text (`Rapha{\\"e}l`: Raphaël; formulas kept), braces gone:
    a footnote is Markdown, where `{\\"e}` shows as written."""
    try:
        return latex_decoder().decode(latex)[0]
    except ValueError:
        return re.sub(r"[{}]", "", latex)


def format_reference(entry: BibEntry) -> str:
    """A plain-text reference for a footnote: authors, title, venue, year, URL."""
    authors = [a.strip() for a in re.split(r"\s+and\s+", entry.value("author")) if a.strip()]
    shown = []
    for author in authors:
        if author == "others":
            shown.append("et al.")
            continue
        last, _, first = (latex_text(part) for part in author.partition(","))
        shown.append(f"{first.strip()} {last.strip()}".strip() if first else last.strip())
    who = ", ".join(shown)
    title = latex_text(entry.value("title"))
    venue = latex_text(entry.value("booktitle") or entry.value("journal"))
    url = entry.value("url") or entry.value("howpublished")
    url = re.sub(r"^\\url\{(.*)\}$", r"\1", url)
    parts = [p.rstrip(".") for p in (who, f"*{title}*" if title else "", venue,
                                     entry.value("year")) if p]
    text = ". ".join(parts) + "."
    if url.startswith(("http://", "https://")):
        text += f" <{url}>"
    return text

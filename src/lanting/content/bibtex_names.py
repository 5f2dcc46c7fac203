"""The names of a BibTeX `author` or `editor` field: split on `and` outside braces,
their marks taken off (`*` co-first, `†` corresponding, al-folio's `*Lin`, other marks
kept), each name's parts decoded from LaTeX, and Chinese names kept whole (family name
first, no space)."""

from __future__ import annotations

import re

from lanting.content.bibtex_latex import latex_decoder
from lanting.model.cite import Author

_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_MARKS = re.compile(r"(\$\^\{?(\\dagger|\\dag|\*|\\ast)\}?\$|\\dagger|\\dag|\\textdagger|†"
                    r"|\\textsuperscript\{\s*(?:\\dagger|\\dag|\\textdagger|†|\*|\\ast)\s*\}"
                    r"|\\?\*|\^\*)\s*$")


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


_OTHER_MARKS = "‡§¶‖"
_LEADING = re.compile(r"^\s*([*∗†‡§¶‖]+)\s*")
_BEFORE_COMMA = re.compile(r"([*∗†‡§¶‖]+)\s*(?=,)")


def take_marks(name: str) -> tuple[str, str]:
    """`name` without its marks, and the marks: ours at its end (`Lin, Zhiyuan*`,
    `$^\\dagger$`), al-folio's anywhere in the family name (`*Pang, Ce`, `∗Yadav`,
    `Einstein‡, A.`). `*` and `∗` stand for co-first, `†` for corresponding."""
    marks = ""
    while True:
        if match := _MARKS.search(name):
            mark = match.group(0)
            marks += "†" if "dag" in mark or "†" in mark else "*"
        elif match := (_LEADING.search(name) or _BEFORE_COMMA.search(name)
                       or re.search(r"([∗‡§¶‖]+)\s*$", name)):
            marks += match.group(1).replace("∗", "*")
        else:
            return name.strip(), marks
        name = (name[: match.start()] + name[match.end():]).strip()


def strip_marks(name: str) -> str:
    return take_marks(name)[0]


def _decode_name(text: str, unknown: list[str] | None = None) -> str:
    try:
        decoded, macros = latex_decoder().decode(text, name=True)
    except ValueError:  # the name as written is fine
        return text.strip("{} ")
    if unknown is not None:
        unknown.extend(macros)
    return decoded.strip()


_TILDE_ACCENT = re.compile(r"\\~(?:\{[^{}]*\}|\\?[A-Za-z])")
"""`\\~{n}` (ñ): its `~` is not BibTeX's tie, which the name splitter reads as a space
(`Pe\\~{n}a` was `Pe\\` and `{n}a`, shown "Pe na"); it is braced, as BibTeX writes a
special character."""


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
        name, marks = take_marks(name)
        co_first, corresponding = i < equal or "*" in marks, "†" in marks
        others = "".join(m for m in marks if m in _OTHER_MARKS)
        name = _TILDE_ACCENT.sub(lambda m: "{" + m.group(0) + "}", name)
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
        authors.append(Author(display, last, first, co_first, corresponding, others))
    return tuple(authors), et_al

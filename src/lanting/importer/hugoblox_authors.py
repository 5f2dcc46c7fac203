"""The authors of a Hugo Blox publication as BibTeX wants them. Hugo Blox showed the
front matter's `authors` as written, so owners bolded themselves there
(`"**Zhongshi Jiang**"`), and its "Cite" button served `cite.bib` as a file, so a
`cite.bib` whose `author` is a list separated by commas (`Kan Huang, Kai Zhang, Ming
Liu`, not BibTeX's `and`) never looked wrong: BibTeX reads that as one person (`Ming Liu
Kan Huang, Kai Zhang`)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer.bibtex import ET_AL, BibEntry
from lanting.importer.common import read_text, walk
from lanting.importer.text import load_mapping, split_front_matter

_EMPHASIS = re.compile(r"^(\*\*|__|\*|_)(.+)\1$")
_CJK_NAME = re.compile(r"^[\u3400-\u9fff·]{2,}$")


def plain_author(name: str) -> tuple[str, bool]:
    """A front-matter author without its Markdown emphasis, and whether it had one (the
    site's owner, highlighted)."""
    text = name.strip()
    match = _EMPHASIS.match(text)
    return (match.group(2).strip(), True) if match else (text, False)


def _full_name(part: str) -> bool:
    """Whether a piece between commas is a whole name (`Kai Zhang`, `张凯`, `et al.`)
    rather than half of BibTeX's `Last, First`."""
    return " " in part or bool(_CJK_NAME.match(part)) or bool(ET_AL.match(part))


def comma_list(author: str, listed: int) -> list[str] | None:
    """The names of a BibTeX `author` written as a list separated by commas, or None
    when it reads as BibTeX (names joined by `and`; `Doe, Jane`; `van der Berg, Jan`
    when the page listed one author). `listed`: how many authors the page's front matter
    has. `et al.` is BibTeX's `others`."""
    text = " ".join(author.split())
    if re.search(r"\band\b", text, re.IGNORECASE):
        return None
    parts = [p.strip() for p in re.split(r"[,，、]", text) if p.strip()]
    if len(parts) < 2 or not all(_full_name(p) for p in parts):
        return None
    if len(parts) == 2 and listed < 2:
        return None
    return ["others" if ET_AL.match(p) else p for p in parts]


def repair_authors(entry: BibEntry, data: dict[str, Any]) -> bool:
    """A cite.bib `author` that lists names with commas (`comma_list`) joined by `and`
    instead; whether it was one."""
    listed = data.get("authors")
    people = comma_list(entry.value("author"), len(listed) if isinstance(listed, list)
                        else 0)
    if people is None:
        return False
    entry.set("author", " and ".join(people))
    return True


def term_slug(name: str) -> str:
    """The last part of the URL of Hugo's page of a taxonomy term (its `urlize`): lower
    case, spaces as `-`, other marks dropped (`Ana María Ruiz` → `ana-maría-ruiz`)."""
    return re.sub(r"\s+", "-", re.sub(r"[^\w\s-]", "", plain_author(name)[0].lower()).strip())


def author_terms(content: Path) -> frozenset[str]:
    """The slugs of every name in the pages' `authors` lists: Hugo made each a page of
    the `authors` taxonomy (`/authors/ana-maria-ruiz/`, listing their papers and posts)
    whether or not `content/authors/` holds their profile."""
    found: set[str] = set()
    for path in walk(content) if content.is_dir() else []:
        if path.suffix.lower() not in (".md", ".markdown"):
            continue
        fmt, head, _body, _first = split_front_matter(read_text(path))
        if "authors" not in head:
            continue
        listed = load_mapping(fmt or "yaml", head)[0].get("authors")
        found.update(term_slug(str(a)) for a in listed or [] if isinstance(listed, list))
    return frozenset(found)

"""What citing needs: an author, an entry of a bibliography as the citation styles read it
(`Reference`), the styles, and one citation cluster as written (`Cluster`)."""

from __future__ import annotations

from dataclasses import dataclass

CITATION_STYLES = ("author-year", "numeric", "gbt7714-numeric", "gbt7714-author-year", "apa")
"""`author-year` (the default), `numeric`, GB/T 7714-2015 numeric and 著者-出版年, and an
APA-like author-date style."""

NUMERIC_STYLES = frozenset({"numeric", "gbt7714-numeric"})


@dataclass(frozen=True, slots=True)
class Author:
    name: str
    """As displayed: `Zhiyuan Lin`, `Jörg Müller`, `王小红`."""
    last: str
    """Family name, for short citations (`Lin et al., 2026`)."""
    first: str = ""
    co_first: bool = False
    corresponding: bool = False
    marks: str = ""
    """Other marks written in the name (`‡`, `§`), shown after it as written."""
    url: str = ""
    """The co-author's page, from `content/coauthors.yml`."""


@dataclass(frozen=True, slots=True)
class Reference:
    """One entry that pages can cite, from `publications.bib`, `references.bib` or a
    page's own `bibliography:` file."""

    key: str
    entry_type: str
    """The BibTeX type, lower case: article, inproceedings, book, misc, …"""
    lang: str
    """`zh` or `en`: the entry's own language, which decides "等" or "et al." in it."""
    authors: tuple[Author, ...]
    et_al: bool
    """The author list ended with `and others`."""
    editors: tuple[Author, ...]
    title: str
    """Plain text (math as its LaTeX source)."""
    title_html: str
    """Escaped, math as MathML."""
    year: int | None
    fields: tuple[tuple[str, str], ...]
    """The other fields the styles show, decoded (journal, booktitle, volume, pages, …),
    sorted by name."""
    link: str = ""
    """Where the entry's title leads: the site's publication page for the owner's own
    papers, else the DOI or URL; "" for none."""
    source: str = ""
    """The .bib file, relative to the site folder (for messages)."""
    line: int = 0
    digest: str = ""
    """Identifies everything above: a cached page that cited the entry is rendered again
    when it changes."""

    def get(self, name: str) -> str:
        return next((value for key, value in self.fields if key == name), "")


@dataclass(frozen=True, slots=True)
class CiteItem:
    """One key of a citation cluster, with what was written around it."""

    key: str
    prefix: str = ""
    """Text before the key (`see`)."""
    locator: str = ""
    """Text after the comma (`p. 3`, `pp. 3–5`, `chap. 2`)."""
    mode: str = ""
    """Pandoc's forms: "" (`[@a]`), "text" (`@a` in the text: the authors, then the year
    or number) or "year" (`[-@a]`: the author named already, only the year or number)."""

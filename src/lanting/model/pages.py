"""A page as the templates see it (`Page`, its HTML made on first use: `Body`), and what
files pages together: a tag, category or series (`Term`), a year of posts."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from lanting.model.content import Kind
from lanting.model.markdown import Heading


@dataclass(frozen=True, slots=True)
class Term:
    """A tag or category, or a series, and the posts filed under it (newest first)."""

    name: str
    slug: str
    url: str
    posts: tuple[Page, ...] = ()
    page: Page | None = None
    """Its own text (`content/tags/<name>.md`): title, summary and the text above the
    list; None without one."""


class Body:
    """A page's HTML, produced on first use: on an incremental build most pages are not
    re-rendered, so their HTML is never loaded from the cache nor link-resolved."""

    __slots__ = ("_html", "_make", "digest", "summary_html")

    def __init__(self, load: Callable[[], str], digest: str, summary_html: str = "") -> None:
        self._make = load
        self._html: str | None = None
        self.digest = digest
        """Identifies the HTML (content and the URLs of its links) without loading it."""
        self.summary_html = summary_html
        """The front matter's summary as inline HTML, its links resolved ("": none)."""

    @classmethod
    def of(cls, html: str) -> Body:
        return cls(lambda: html, hashlib.blake2b(html.encode(), digest_size=12).hexdigest())

    @property
    def html(self) -> str:
        if self._html is None:
            self._html = self._make()
        return self._html

    def loaded(self) -> str | None:
        """The HTML if it was made (and not released since), without making it."""
        return self._html

    def release(self) -> None:
        """Forget the HTML (it is made again if needed): a big site's pages are not all
        held in memory at once."""
        self._html = None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Body) and other.digest == self.digest

    def __hash__(self) -> int:
        return hash(self.digest)

    def __repr__(self) -> str:
        return f"Body({self.digest})"


@dataclass(frozen=True, slots=True)
class Page:
    kind: Kind
    rel: str
    """Source path relative to `content/`."""
    title: str
    """Plain text (formulas as their readable text: `FrontMatter.title`)."""
    url: str
    """Site URL with the base path, e.g. `/posts/ppo/` (unquoted)."""
    output: str
    """Output file relative to the output folder, e.g. `posts/ppo/index.html`."""
    body: Body
    summary: str
    lang: str
    date: dt.datetime | None = None
    updated: dt.datetime | None = None
    tags: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    series: str | None = None
    series_order: int | None = None
    draft: bool = False
    unlisted: bool = False
    """Front matter `unlisted`: rendered, but listed nowhere (`Site.unlisted`)."""
    toc: bool = True
    chapter: str | None = None
    """The book's chapter it is (front matter `chapter`, `3` or `2.3`): its title's
    number."""
    headings: tuple[Heading, ...] = ()
    reading_minutes: int = 1
    features: frozenset[str] = frozenset()
    """Page-level needs of the content: "math", "mermaid", "code"."""
    params: dict[str, Any] = field(default_factory=dict)
    cover: str | None = None
    """URL of the page's preview image (front matter `cover`), resolved like a link."""
    aliases: tuple[str, ...] = ()
    """Output files of the redirect pages of its old URLs (front matter `aliases`),
    relative to its language's root: `tp/index.html`."""
    citation_style: str | None = None
    """The page's own `citation_style` (front matter); None follows `[citations] style`."""
    title_html: str = ""
    """The title with its formulas as MathML, when it has any ("": show `title`)."""
    summary_html: str = ""
    """The front matter's `summary` as inline HTML (formulas, emphasis, code, links),
    when it has one ("": show `summary`, the body's first paragraph as text)."""

    @property
    def html(self) -> str:
        return self.body.html


@dataclass(frozen=True, slots=True)
class YearGroup:
    year: int
    posts: tuple[Page, ...]

"""What rendering one Markdown document needs (`RenderContext`, `MarkdownOptions`) and
gives (`RenderedMarkdown`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from lanting.model.cite import Reference
from lanting.model.digest import bytes_digest
from lanting.model.problem import Problem


@dataclass(frozen=True, slots=True)
class MarkdownOptions:
    """Settings that change the HTML a document renders to (part of its cache key)."""

    raw_html: bool = True
    cjk_spacing: bool = True
    cjk_breaks: bool = True
    emoji: bool = True
    breaks: bool = False
    heading_ids: str = "lanting"
    """`lanting`, `github`, `hexo`, `uslug`, `vitepress`, `docsify`, `pandoc`,
    `markdown-it-anchor`, `eleventy`, `sindresorhus`, `slugify`, `slugify-strict` (either
    with a `remove` pattern: `slugify /[:’'`,]/`) or `mdbook` (`[markdown] heading_ids`)."""


@dataclass(frozen=True, slots=True)
class RenderContext:
    """What a document needs to know about the rest of the site while rendering."""

    path: Path
    """The source file, for messages."""
    rel: str
    """Its path relative to `content/` (links are resolved from its folder)."""
    body_line: int = 1
    base_path: str = "/"
    macros: tuple[tuple[str, str], ...] = ()
    """LaTeX macros of the site and the page, `(name, expansion)`."""
    equation_numbers: str = "ams"
    """`all`: every display formula is numbered (`[markdown] equation_numbers`)."""
    lang: str = "zh-CN"
    """The page's language (callout titles, figure labels)."""
    image_sizes: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Content path of each image asset -> (width, height)."""
    mermaid: bool = False
    """The site opted into Mermaid diagrams."""
    site_root: Path | None = None
    """The site folder; files included by shortcodes must lie inside it."""
    references: dict[str, Reference] = field(default_factory=dict)
    """Every entry the page may cite, by key (`[@key]`): the site's bibliographies and the
    page's own `bibliography:` files."""
    citation_style: str = "author-year"
    """One of `model.cite.CITATION_STYLES`."""
    cited_before: tuple[str, ...] = ()
    """Keys an earlier part of the same page cited (a talk's slides): numbers go on."""
    number_sections: bool = False
    """Number the page's sections (`number_sections: true` in its front matter)."""
    chapter: str | None = None
    """The chapter the page is (`chapter: 3`, or `2.3`): its sections are 3.1, 3.2 …"""
    first_figure: int | None = None
    """The number the page's first figure takes (`first_figure: 4`), in its chapter."""
    reference_list: bool = True
    """End the document with the list of what it cites (labels link into it); off for
    parts of a page (slides, news items)."""

    def read_file(self, relative: str) -> tuple[str, str] | None:
        """(text, digest of the bytes read) of a file of the site, or None if it is missing
        or outside the site folder. The digest is recorded as a dependency of the page."""
        path = confined(self.site_root, relative) if self.site_root is not None else None
        try:
            if path is None or not path.is_file():
                return None
            data = path.read_bytes()
        except OSError:
            return None
        return data.decode("utf-8", errors="replace"), bytes_digest(data)


def confined(root: Path, relative: str) -> Path | None:
    """`root/relative` resolved (symlinks followed), or None when it would leave `root`.

    Absolute paths, backslashes, `~`, drive letters and NUL bytes are refused outright: a
    path written in a page is always relative to the site folder and always uses `/`.
    """
    if (not relative or relative.startswith(("/", "~")) or "\\" in relative
            or "\x00" in relative or re.match(r"^[A-Za-z]:", relative)):
        return None
    base = root.resolve()
    try:
        path = (base / relative).resolve(strict=False)
    except (OSError, RuntimeError, ValueError):
        return None
    return path if path.is_relative_to(base) else None


@dataclass(frozen=True, slots=True)
class Heading:
    level: int
    id: str
    text: str
    html: str = ""
    """Its HTML when it holds math (MathML for the table of contents), else ""."""
    number: str = ""
    """Its section number (`2.1`) on a page whose sections are numbered, else ""."""

    def __repr__(self) -> str:
        # What dataclasses would write, without its guard against recursion (a heading
        # holds no other object): a page's digest has the repr of each of its headings.
        return (f"Heading(level={self.level!r}, id={self.id!r}, text={self.text!r}, "
                f"html={self.html!r}, number={self.number!r})")


@dataclass(frozen=True, slots=True)
class LinkRef:
    """A link or image as written in the source, where, and what it points at."""

    url: str
    line: int
    column: int | None = None
    """1-based column of the URL on its line, when it could be found."""
    target: str | None = None
    """Its `content/`-relative target for relative links (resolved after rendering)."""
    image: bool = False
    raw: bool = False
    """Written in raw HTML (`<a href>`, `<img src>`): a relative one naming a file of
    `content/` is rewritten like Markdown's; any other is published as written, so it
    resolves against the page's own URL."""
    by_name: bool = False
    """A wiki link or embed (`[[Other note]]`, `![[figure.png]]`), or a Markdown link
    to a file's name alone (`![](figure.png)`, as Obsidian writes it): with no file of that
    name beside the page, the one file of `content/` with that name, as Obsidian finds
    it (`site/note_names.py`)."""
    written_in: Path | None = None
    """The file it is written in, when not the page's own: a talk's slide included from
    another file (Slidev's `src:`), whose lines `line` counts."""


@dataclass(frozen=True, slots=True)
class RenderedMarkdown:
    html: str
    headings: tuple[Heading, ...]
    excerpt: str
    """Plain text of the summary: before `<!-- more -->`, else the first paragraph."""
    links: tuple[LinkRef, ...]
    problems: tuple[Problem, ...]
    features: frozenset[str] = frozenset()
    """What the page uses that needs page-level support: "math", "mermaid"."""
    cjk_chars: int = 0
    words: int = 0
    """Chinese characters and English words of the prose (reading time)."""
    math_chars: str = ""
    """Every character used inside the page's formulas (for the math font subset)."""
    html_hash: str = ""
    """Digest of `html` before links are resolved (identifies the content cheaply)."""
    deps: tuple[tuple[str, str, str], ...] = ()
    """What rendering read besides the source: `("file", path, digest)` for included
    files, `("image", content path, "WxH" or "")` for image sizes (cache validation)."""
    citations: tuple[str, ...] = ()
    """Keys of the entries cited, in order of first citation."""
    summary_html: str = ""
    """The front matter's `summary` as inline HTML ("": none), its links placeholders
    for `summary_links` (resolved like the body's)."""
    summary_text: str = ""
    """Its plain text, formulas as their readable text (descriptions, feeds, search)."""
    summary_links: tuple[LinkRef, ...] = ()

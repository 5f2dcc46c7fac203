"""Sources and documents: what discovery finds, what parsing the front matter gives, and
a source rendered (`Loaded`)."""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path, PurePosixPath
from typing import Any

from lanting.model.cite import Reference
from lanting.model.markdown import MarkdownOptions, RenderedMarkdown
from lanting.model.problem import Problem


class Kind(StrEnum):
    HOME = "home"
    BLOG = "blog"
    """`posts/_index.md`: the blog page's title, description and the text above its
    list (Hugo's section `_index.md`)."""
    PUBLICATIONS = "publications"
    """`publications/_index.md`: the publications page's title, description and the text
    above its list (al-folio's `publications.md`, its intro above `{% bibliography %}`)."""
    POST = "post"
    PAGE = "page"
    TERM = "term"
    """`tags/<name>.md`, `categories/<name>.md`, `series/<name>.md`: that term's page's
    title, description and the text above its list (Hugo's term `_index.md`)."""
    TALK = "talk"
    """`talks/<slug>.md`: slides separated by `---` lines, speaker notes after `Note:`."""
    BIBLIOGRAPHY = "bibliography"
    """`publications.bib` and `references.bib`: kept apart from the Markdown sources
    (`Discovery.bibliography`, `Discovery.references`)."""
    PROJECT = "project"
    """`projects/<slug>.md` (or a bundle): a project card and its page."""
    TEACHING = "teaching"
    """`teaching/<slug>.md`: a course taught (listed on /teaching/)."""
    PERSON = "person"
    """`people/<slug>.md`: a member of the group (listed on /people/ by role)."""
    CV = "cv"
    """`cv.yaml`: the curriculum vitae, kept apart too (`Discovery.cv`)."""


@dataclass(frozen=True, slots=True)
class Source:
    """A Markdown file of the site, read into memory (or known to be unchanged)."""

    path: Path
    """Absolute path on disk (for messages)."""
    rel: PurePosixPath
    """Path relative to `content/`, e.g. `posts/ppo/index.md`."""
    kind: Kind
    text: str | None
    """None: not read, because the file is what the previous build read (`source_text`
    reads it when it is needed after all)."""
    digest: str = ""
    """`text_digest` of the text: always computed from `text` when there is one (so a
    `replace(source, text=…)` cannot keep a stale digest); given only with `text=None`."""

    def __post_init__(self) -> None:
        if self.text is not None:
            object.__setattr__(self, "digest", text_digest(self.text))
        elif not self.digest:
            raise ValueError("a source without its text needs the text's digest")

    @property
    def is_bundle(self) -> bool:
        """True for `posts/<slug>/index.md`: files beside it belong to the page."""
        return self.rel.name == "index.md" and len(self.rel.parts) == 3


@dataclass(frozen=True, slots=True)
class Asset:
    """A file copied to the output unchanged."""

    path: Path
    rel: PurePosixPath
    """Path relative to `content/` (bundle files, loose content files) or `static/`."""
    bundle: PurePosixPath | None = None
    """For a page-bundle file, the `rel` of the bundle's `index.md`."""
    size: tuple[int, int] | None = None
    """(width, height) of a raster image, read from its header."""


@dataclass(frozen=True, slots=True)
class Discovery:
    sources: tuple[Source, ...]
    assets: tuple[Asset, ...]
    """Content assets (bundle files and loose files under `content/`)."""
    static: tuple[Asset, ...]
    warnings: tuple[Problem, ...]
    bibliography: Source | None = None
    """`content/publications.bib`, read as text (parsed by `bibliography.py`)."""
    references: Source | None = None
    """`content/references.bib`: other people's papers, for citing (`references.py`)."""
    coauthors: Source | None = None
    """`content/coauthors.yml`: co-authors' pages (`coauthors.py`)."""
    stamps: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Posts and pages by `rel`: (stamp, digest) of each file that has not changed for a
    while (`SETTLED_NS`); what the next build may pass as `known`."""
    cv: Source | None = None
    """`content/cv.yaml`, read as text (parsed by `content/cv.py`)."""
    cv_translations: tuple[Source, ...] = ()
    """`content/cv.en.yaml` …: the CV in the site's other languages, by file name."""


def text_digest(text: str) -> str:
    """What identifies a source's text in cache keys (SHA-256: the fastest digest here)."""
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Attachment:
    """A file a notebook carries (an output image), placed beside the post's page."""

    rel: str
    """Virtual path relative to `content/`, e.g. `posts/demo.ipynb.files/out-3-1.png`."""
    data: bytes


@dataclass(frozen=True, slots=True)
class RawNews:
    """One item of the home page's `news:` list, as written."""

    text: str
    date: Any = None
    """Checked when the item is read (`frontmatter._news`): missing is an error there."""


@dataclass(frozen=True, slots=True)
class NewsItem:
    date: dt.datetime
    text: str
    """Markdown (one short paragraph)."""
    line: int
    """Line of the item in the source file, for messages while rendering `text`."""


@dataclass(frozen=True, slots=True)
class FrontMatter:
    title: str = ""
    """Plain text: a formula (`$…$`) is its readable text (`O(n²) 的注意力`), for the
    `<title>`, feeds, listings and search."""
    title_html: str = ""
    """The title as HTML with its formulas as MathML, when it has any ("": none)."""
    date: dt.datetime | None = None
    """Publication time; a bare date means midnight UTC."""
    updated: dt.datetime | None = None
    summary: str | None = None
    """Markdown, shown in lists (rendered with the body: `RenderedMarkdown.summary_html`)."""
    summary_line: int = 0
    """The line of `summary` in the source file (its problems' line)."""
    tags: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    draft: bool = False
    unlisted: bool = False
    """Rendered at its URL but in no listing, feed, sitemap or search index, and marked
    `noindex` (an old `hidden: true` post whose links must keep working)."""
    slug: str | None = None
    lang: str | None = None
    series: str | None = None
    series_order: int | None = None
    translation_key: str | None = None
    toc: bool = True
    number_sections: bool = False
    """Its sections numbered (1, 1.1 …), as Quarto's `number-sections`."""
    chapter: str | None = None
    """The book's chapter it is (`3`, or `2.3` for a part of chapter 2): its title and
    sections numbered from it (3, 3.1 …)."""
    first_figure: int | None = None
    """The number its first figure takes, in its chapter (`chapter: "2.3"`, a part of
    chapter 2 whose figures Sphinx counted on from its chapter's earlier pages: 2.4 …)."""
    macros: dict[str, str] = field(default_factory=dict)
    """LaTeX macros for this page only."""
    equation_numbers: str | None = None
    """Which of the page's display formulas are numbered (`ams`, `all`), over `[markdown]
    equation_numbers` (a post whose own MathJax setup said `tags: 'all'`)."""
    params: dict[str, Any] = field(default_factory=dict)
    news: tuple[NewsItem, ...] = ()
    """Dated news of the home page, newest first."""
    event: str | None = None
    """A talk's event (`ACL 2026 · Oral`)."""
    end_date: dt.datetime | None = None
    """The last day of an event of several days (a workshop, a summer school), which
    its talk's `date` opens."""
    location: str | None = None
    paper: str | None = None
    """Key of the publication (in `publications.bib`) that a talk or post presents."""
    video: str | None = None
    """URL of a talk's recording."""
    slides_pdf: str | None = None
    slide_level: int | None = None
    """A talk's headings that start a slide: those of this level and above (Pandoc's
    `--slide-level`); None, as Pandoc works it out (`site.talk_slides`)."""
    """URL (or content path) of a talk's slides as PDF."""
    cover: str | None = None
    """The page's preview image for link sharing: a file beside the post (`cover.png`),
    a `/static` path or an absolute URL."""
    aliases: tuple[str, ...] = ()
    """Old URLs of the page, each answered by a redirect page: site paths, decoded
    (`/ml systems/2024/x.html`, `/tp/`; `names.alias_path`)."""
    bibliography: tuple[str, ...] = ()
    """The page's own .bib files, relative to its folder (`refs.bib` beside a bundle)."""
    citation_style: str | None = None
    """The page's citation style, over `[citations] style`."""
    links: tuple[NamedLink, ...] = ()
    """A project's links (code, demo, data)."""
    talk: str | None = None
    """A project's talk: the content path of a talk (`talks/hichunk.md`)."""
    posts: tuple[str, ...] = ()
    """A project's posts: content paths (`posts/verl-intro.md`)."""
    weight: int = 0
    """Projects and people are listed by weight (lower first), then newest first."""
    role: str | None = None
    """A person's group on /people/ (`博士生`, `Alumni`), or one's role in a course."""
    term: str | None = None
    """When a course was taught, as shown (`2025 秋`, `Fall 2025`)."""
    marp: dict[str, Any] | None = None
    """A talk written for Marp (`marp: true`): the directives of its front matter
    (`theme`, `class`, `footer`, …; `content.marp`). None for any other page."""
    slidev: dict[str, Any] | None = None
    """A talk written for Slidev: the settings of its headmatter (`layout`,
    `background`, `drawings`, …; `content.slidev`). None for any other page."""
    xaringan: dict[str, Any] | None = None
    """A talk written for xaringan (`output: xaringan::moon_reader`): what its title
    slide shows (`seal`, `subtitle`, `author`, …; `content.xaringan`). None for any
    other page."""
    title_block: TitleBlock | None = None
    """A talk opening with Pandoc's `% Title` lines: what its title slide shows
    (`content.pandoc_title`)."""


@dataclass(frozen=True, slots=True)
class TitleBlock:
    """What the title slide of a deck made for Pandoc shows: its title block, `% Title`,
    `% Author; Author`, `% Date`, or its header's `author`, `subtitle`, `institute`."""
    title: str
    authors: tuple[str, ...]
    date: str
    """As written: Pandoc shows any text."""
    line: int
    """Its first line in the file."""
    subtitle: str = ""
    institute: str = ""


@dataclass(frozen=True, slots=True)
class NamedLink:
    """A link with its text: a project's `links: [{name: 代码, url: …}]`."""

    name: str
    url: str


@dataclass(frozen=True, slots=True)
class NotebookPart:
    """Where a piece of a notebook's generated Markdown comes from, for messages."""

    body_line: int
    """1-based line of the generated Markdown on which the piece starts."""
    where: str
    """`cell 3`, or `cell 3, output 1`."""
    line: int
    """The cell's line in the notebook file."""
    source_line: int = 0
    """The line of the cell's source the piece starts with (Markdown cells; 0 otherwise)."""


@dataclass(frozen=True, slots=True)
class Document:
    """A source split into validated front matter and its Markdown body."""

    source: Source
    meta: FrontMatter
    body: str
    body_line: int
    """1-based line of the file on which the body starts."""
    key_lines: dict[str, int] = field(default_factory=dict)
    """Line of each front-matter key, for later messages."""
    attachments: tuple[Attachment, ...] = ()
    """Files generated from the source (a notebook's output images and attachments)."""
    warnings: tuple[Problem, ...] = ()
    """What splitting the source found wrong but harmless (a notebook's unknown cells);
    `content.documents.load` passes them on with the rendered Markdown's problems."""
    notebook_parts: tuple[NotebookPart, ...] = ()
    """A notebook's cells and outputs in `body`: its lines are not the file's."""


@dataclass(frozen=True, slots=True)
class DocumentSettings:
    """Everything from the config that changes how a source renders (part of cache keys)."""

    site_dir: Path
    options: MarkdownOptions
    language: str
    base_path: str
    languages: tuple[str, ...] = ()
    """All the site's language codes when it has several: `ppo.en.md` renders as English."""
    site_macros: tuple[tuple[str, str], ...] = ()
    equation_numbers: str = "ams"
    """`[markdown] equation_numbers`: `all` numbers every display formula."""
    mermaid: bool = False
    drafts: bool = False
    image_sizes: dict[str, tuple[int, int]] = field(default_factory=dict, compare=False)
    """Content path of each image -> size (cache entries record the sizes they used)."""
    references: dict[str, Reference] = field(default_factory=dict, compare=False)
    """Every entry of the site's bibliographies, by key, for `[@key]`. Not part of cache
    keys: a page records the digest of each entry it cites (`("ref", key, digest)`), and
    "" for a key it names that has no entry."""
    citation_style: str = "author-year"
    """`[citations] style`; a page's `citation_style` overrides it."""


@dataclass(frozen=True, slots=True)
class Loaded:
    document: Document
    rendered: RenderedMarkdown | None
    """None for a draft left out of this build."""
    key: str = ""
    """The cache key, when the cache is on."""
    html_in_cache: bool = False
    """The rendered HTML was left in the cache (`rendered.html` is empty): load it from
    there only if the page is rendered again."""

"""The academic part of the site model: publications as read from BibTeX (`Bibliography`)
with their citation counts (`Metrics`), talks and their slides, the profile, news, and
`Academic`, which links them to each other and to the pages that cite them."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from pathlib import Path

from lanting.model.cite import Author, Reference
from lanting.model.markdown import LinkRef
from lanting.model.pages import Page
from lanting.model.problem import Problem


@dataclass(frozen=True, slots=True)
class Metric:
    """One publication's citation count as fetched by `lanting metrics update`."""

    cited_by: int
    url: str = ""
    """The work's page at the source (`https://openalex.org/W…`)."""


@dataclass(frozen=True, slots=True)
class Metrics:
    """`data/metrics.json`: citation counts fetched once and committed, so that builds
    stay offline and give the same pages."""

    source: str
    """`OpenAlex`."""
    fetched: str
    """When, as `YYYY-MM-DD`."""
    works: dict[str, Metric] = field(default_factory=dict)
    """Citation key -> its count."""

    @property
    def month(self) -> str:
        return self.fetched[:7]

    def of(self, key: str) -> Metric | None:
        return self.works.get(key)


@dataclass(frozen=True, slots=True)
class PubLink:
    kind: str
    """pdf, arxiv, html, supp, code, slides, video, poster, blog, website, project, doi;
    or, among `Publication.metrics`, altmetric, dimensions, scholar, inspirehep."""
    url: str
    label: str = ""
    """What a metric link shows (`Altmetric 248277`); buttons show their kind's name."""
    line: int = 0
    """The line of the BibTeX field it was read from (0: not from a field)."""


@dataclass(frozen=True, slots=True)
class Publication:
    key: str
    entry_type: str
    """The BibTeX type, lower case: inproceedings, article, misc, …"""
    category: str
    """One of CATEGORIES (the field `category` overrides the guess)."""
    title: str
    """Plain text (each formula as readable text, `β_t`), for meta tags and listings."""
    title_html: str
    """Escaped, with math as MathML."""
    authors: tuple[Author, ...]
    et_al: bool
    """The author list ended with `and others`."""
    year: int | None
    month: int | None
    venue: str
    """Booktitle, journal, `howpublished`, institution or publisher."""
    badges: tuple[str, ...]
    """From `note` (Oral, Spotlight, …)."""
    award: str
    links: tuple[PubLink, ...]
    abstract: str
    abstract_html: str
    bibtex: str
    selected: bool
    line: int
    """Line of the entry in the .bib file."""
    order: int
    """Position in the file (ties in sorting keep the file's order)."""
    abbr: str = ""
    """al-folio's venue chip (`ICML`), coloured by `[publications.venues]`."""
    preview: str = ""
    """URL of a thumbnail (`preview = {x.png}` is `/x.png` of `static/`)."""
    preview_line: int = 0
    """Line of the `preview` field."""
    award_name: str = ""
    """The award's short name (its badge); `award_html` then says more in a panel."""
    award_html: str = ""
    """`award`, rendered as inline Markdown."""
    additional_info_html: str = ""
    """al-folio's `additional_info`, inline Markdown shown after the venue."""
    bibtex_show: bool = True
    """`bibtex_show = {false}` hides the BibTeX button."""
    metrics: tuple[PubLink, ...] = ()
    """Links to the entry's Altmetric, Dimensions, Google Scholar and INSPIRE pages."""
    badges_html: tuple[str, ...] = ()
    """`badges` as HTML, a formula in one as MathML (`Co-first authors $^*$`)."""
    volume: str = ""
    issue: str = ""
    """BibTeX's `number` (or biblatex's `issue`)."""
    pages: str = ""
    """`1–20`: the range with an en dash, however the file wrote it (`1--20`, `1-20`)."""

    @property
    def locator(self) -> str:
        """Where in its venue the paper is, as references write it: `23(4):1–20`, `23`,
        `pp. 1–20` (no volume); "" for none."""
        if not self.volume:
            return f"pp. {self.pages}" if self.pages else ""
        issue = f"({self.issue})" if self.issue else ""
        return f"{self.volume}{issue}" + (f":{self.pages}" if self.pages else "")

    @property
    def slug(self) -> str:
        """The entry's folder under `publications/`."""
        return re.sub(r"[^\w.\-]+", "-", self.key).strip("-.") or "entry"

    @property
    def arxiv_id(self) -> str:
        link = next((x.url for x in self.links if x.kind == "arxiv"), "")
        return link.rsplit("/abs/", 1)[-1] if link else ""

    @property
    def short_citation(self) -> str:
        """`Lin et al., 2026` / `Lin and Wang, 2026` / `Lin, 2026`."""
        names = [a.last for a in self.authors]
        if not names:
            who = self.title[:40]
        elif len(names) == 1 and not self.et_al:
            who = names[0]
        elif len(names) == 2 and not self.et_al:
            who = f"{names[0]} and {names[1]}"
        else:
            who = f"{names[0]} et al."
        return f"{who}, {self.year}" if self.year else who

    @property
    def features(self) -> frozenset[str]:
        uses_math = "<math" in self.title_html + self.abstract_html
        return frozenset({"math"}) if uses_math else frozenset()


@dataclass(frozen=True, slots=True)
class Bibliography:
    path: Path | None
    publications: tuple[Publication, ...]
    """Newest first; entries of one year keep the file's order."""
    warnings: tuple[Problem, ...] = ()
    """What reading the file found odd but harmless (an unknown LaTeX macro)."""
    references: tuple[Reference, ...] = ()
    """The same entries as pages cite them (in the file's order); of `references.bib`,
    only these."""

    def get(self, key: str) -> Publication | None:
        return next((p for p in self.publications if p.key == key), None)


EMPTY = Bibliography(None, ())


@dataclass(frozen=True, slots=True)
class Slide:
    number: int
    """1-based, as in the deck's URL hash."""
    html: str
    notes_html: str
    title: str
    """Text of the slide's first heading, or ""."""
    line: int
    classes: str = ""
    """Classes of the slide's box besides `slide` (a Marp deck's `class: lead` ->
    `marp-lead`)."""
    style: str = ""
    """Its inline style (a Marp deck's `backgroundColor`, `color`)."""
    names: tuple[str, ...] = ()
    """The names reveal.js gives it in a URL's hash (`/3`, `/3/0`, `/methods`): anchors
    of the deck and the article, so that a link in reveal.js's form from another page
    (`slides/#/3/1`) leads to it."""


@dataclass(frozen=True, slots=True)
class Talk:
    rel: str
    title: str
    url: str
    """The article: `/talks/<slug>/`."""
    output: str
    lang: str
    date: dt.datetime | None
    summary: str
    slides: tuple[Slide, ...]
    event: str = ""
    end_date: dt.datetime | None = None
    """The event's last day, when it lasted several (`FrontMatter.end_date`)."""
    location: str = ""
    paper: str = ""
    """Key of the publication presented."""
    video: str = ""
    slides_pdf: str = ""
    draft: bool = False
    tags: tuple[str, ...] = ()
    features: frozenset[str] = frozenset()
    citations: tuple[str, ...] = ()
    deps: tuple[tuple[str, str, str], ...] = field(default=(), repr=False)
    """What rendering its slides read besides the talk (`RenderedMarkdown.deps`)."""
    links: tuple[LinkRef, ...] = field(default=(), repr=False)
    """The links of its slides and notes, at their lines of the talk file (checked)."""
    references_html: str = ""
    """The list of what its slides cite, for the end of the article."""
    summary_html: str = ""
    """`summary` as inline HTML (`Page.summary_html`; "": none)."""

    @property
    def deck_url(self) -> str:
        return self.url + "slides/"

    @property
    def deck_output(self) -> str:
        return self.output.removesuffix("index.html") + "slides/index.html"


@dataclass(frozen=True, slots=True)
class ProfileLink:
    kind: str
    name: str
    url: str


@dataclass(frozen=True, slots=True)
class Profile:
    name: str
    name_en: str = ""
    photo: str = ""
    position: str = ""
    affiliation: str = ""
    interests: tuple[str, ...] = ()
    links: tuple[ProfileLink, ...] = ()
    location: str = ""


@dataclass(frozen=True, slots=True)
class News:
    date: dt.datetime
    html: str
    """The item's Markdown rendered inline."""
    deps: tuple[tuple[str, str, str], ...] = field(default=(), repr=False)
    """What rendering it read besides the home page (`RenderedMarkdown.deps`)."""
    links: tuple[LinkRef, ...] = field(default=(), repr=False)
    """Its links, at their lines of the home page's file (checked)."""


@dataclass(frozen=True, slots=True)
class PubGroup:
    key: str
    """A year (`2026`) or a category (`conference`)."""
    publications: tuple[Publication, ...]


@dataclass(frozen=True, slots=True)
class Academic:
    profile: Profile | None = None
    news: tuple[News, ...] = ()
    publications: tuple[Publication, ...] = ()
    groups: tuple[PubGroup, ...] = ()
    group_by: str = "year"
    talks: tuple[Talk, ...] = ()
    """Newest first."""
    base_path: str = "/"
    pages: bool = True
    """Publications have their own pages."""
    highlight: frozenset[str] = frozenset()
    """Normalised names of the site's owner."""
    cited_in: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Source path of a post, page or talk -> keys it cites, in order."""
    posts_of: dict[str, tuple[Page, ...]] = field(default_factory=dict)
    """Publication key -> posts and pages that cite or present it (newest first)."""
    talks_of: dict[str, tuple[Talk, ...]] = field(default_factory=dict)
    """Publication key -> talks that present or cite it."""

    @property
    def selected(self) -> tuple[Publication, ...]:
        return tuple(p for p in self.publications if p.selected)

    @property
    def marks(self) -> tuple[bool, bool]:
        """Whether some author of the list is marked co-first (`*`), and corresponding
        (`†`): the legend explains those, not marks no entry bears."""
        authors = [a for p in self.publications for a in p.authors]
        return any(a.co_first for a in authors), any(a.corresponding for a in authors)

    def url(self, pub: Publication) -> str:
        return publication_url(pub, self.base_path, self.pages)

    def publication(self, key: str) -> Publication | None:
        return next((p for p in self.publications if p.key == key), None)

    def is_owner(self, author: Author) -> bool:
        return bool(self.highlight & name_keys(author.first, author.last))

    def links_of(self, pub: Publication) -> tuple[PubLink, ...]:
        """The entry's buttons, plus its talk's slides and video when the entry has none."""
        links = list(pub.links)
        talks = self.talks_of.get(pub.key, ())
        presented = [t for t in talks if t.paper == pub.key]
        if presented and not any(x.kind == "slides" for x in links):
            links.append(PubLink("slides", presented[0].deck_url))
        if presented and presented[0].video and not any(x.kind == "video" for x in links):
            links.append(PubLink("video", presented[0].video))
        return tuple(links)


def publication_url(pub: Publication, base_path: str, pages: bool) -> str:
    if pages:
        return f"{base_path}publications/{pub.slug}/"
    return f"{base_path}publications/#{pub.slug}"


def _normalise(text: str) -> str:
    return re.sub(r"[\W_]+", "", text).casefold()


_MIDDLE_INITIALS = re.compile(r"([^\W\d_]{2,}\S*)(?:\s+[^\W\d_]\.?)+")
"""A given name written out, then middle initials: `Chloe A.`, `Maxwell H` (not `I. M.`,
all initials, which `initial_spellings` matches)."""


def name_keys(first: str, last: str) -> frozenset[str]:
    """Both orders of a name, normalised: `Zhiyuan Lin` matches `Lin, Zhiyuan` and `Lin Zhiyuan`.
    An author with middle initials (`Chloe A. Mickels`, as a citation script writes
    names from ORCID or Crossref) also matches the name without them, as a lab's
    members are named (`Chloe Mickels`); not the other way round, so `Chloe B. Mickels`
    is not `Chloe A. Mickels`."""
    keys = {_normalise(first + last), _normalise(last + first)}
    bare = _MIDDLE_INITIALS.fullmatch(first.strip())
    if bare is not None:
        keys |= {_normalise(bare.group(1) + last), _normalise(last + bare.group(1))}
    return frozenset(keys - {""})

"""The academic sections of `lanting.toml` (`[profile]`, `[publications]`, `[citations]`,
`[cv]`), as typed frozen data; `config.py` holds the rest and the whole `Config`."""

from __future__ import annotations

from dataclasses import dataclass, field

from lanting.model.url import Url

LINK_KINDS = ("email", "github", "gitlab", "scholar", "orcid", "semantic_scholar", "dblp",
              "researchgate", "linkedin", "x", "twitter", "bluesky", "mastodon", "zhihu",
              "website", "cv", "rss")
"""Kinds of profile link the theme knows a label (and style) for; `name` overrides it."""


@dataclass(frozen=True, slots=True)
class ProfileLink:
    """One contact or profile link of the home page: `{ kind = "github", url = "…" }`."""

    url: Url
    """Where it leads."""
    kind: str = "website"
    """Which service: one of LINK_KINDS; sets the label and icon."""
    name: str = ""
    """Shown text; defaults to the kind's usual name (GitHub, Google Scholar, ORCID, …)."""


@dataclass(frozen=True, slots=True)
class ProfileConfig:
    """The academic profile on the home page. Every key is optional."""

    name: str = ""
    """Defaults to the home page's title, then the site author."""
    name_en: str = ""
    """The name in another script (`Zhiyuan Lin`): shown beside it, highlighted in author lists."""
    photo: Url = Url("")
    """URL of a portrait: `/images/me.jpg` (from `static/`) or an absolute URL."""
    position: str = ""
    """Your position (`博士研究生`, `PhD student`), under the name."""
    affiliation: str = ""
    """Your institution and department, under the position."""
    location: str = ""
    """Where to find you, an office or a city (`Room 7094, Nanhu Building`), under the
    affiliation."""
    email: str = ""
    """Shown as a `mailto:` link among the profile links."""
    interests: tuple[str, ...] = ()
    """Research interests, listed on the home page."""
    links: tuple[ProfileLink, ...] = ()
    """Contact and profile links with icons; default: the top-level `links`."""


@dataclass(frozen=True, slots=True)
class VenueConfig:
    """How the chip of a venue abbreviation (al-folio's `abbr`) looks."""

    color: str = ""
    """Its background: `#1f6feb` or a CSS colour name."""
    url: Url = Url("")
    """The venue's page, linked from the chip."""


@dataclass(frozen=True, slots=True)
class PublicationsConfig:
    """The publication list, `/publications/`, made from `content/publications.bib`."""

    group_by: str = "year"
    """`year` (newest first) or `type` (conference, journal, preprint, …)."""
    highlight_names: tuple[str, ...] = ()
    """Author names to highlight, besides `profile.name` and `profile.name_en`."""
    pages: bool = True
    """One page per publication at `publications/<key>/` (with Google Scholar meta tags)."""
    selected_on_home: int = 5
    """How many `selected = {true}` entries the home page repeats."""
    max_authors: int = 0
    """Authors shown before "and N more" (which unfolds, without JavaScript); 0 shows all
    (al-folio's `max_author_limit`)."""
    venues: dict[str, VenueConfig] = field(default_factory=dict)
    """`[publications.venues.ICML] color = "#…"`: the chip of each `abbr`."""


@dataclass(frozen=True, slots=True)
class CitationsConfig:
    """How pages cite (`[@key]`) and how posts say they may be cited."""

    style: str = "author-year"
    """`author-year`, `numeric`, `gbt7714-numeric`, `gbt7714-author-year` or `apa`; a
    page's `citation_style` overrides it."""
    cite_this_post: bool = True
    """A "cite this post" block (BibTeX and the formatted reference) under each post."""


CV_PUBLICATIONS = ("selected", "all", "none")


@dataclass(frozen=True, slots=True)
class CvConfig:
    """The CV page, `/cv/`, made from `content/cv.yaml`."""

    publications: str = "selected"
    """Which entries of `publications.bib` the CV lists (unless the file has its own
    `publications` section): one of CV_PUBLICATIONS."""
    talks: bool = True
    """List the site's talks (unless the file has its own `talks` section)."""
    pdf: bool | None = None
    """Build `cv/cv.pdf` with RenderCV: None, when it is installed; true, also warn when
    it is not; false, never."""

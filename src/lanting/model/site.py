"""The site model the templates see, one per language (`Site`): its pages, terms and
years (`pages.py`), its projects, courses and people, its academic part (`academic.py`),
and where each page goes (`Routes`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import quote

from lanting.model.academic import Academic, Metrics, Publication, Talk
from lanting.model.config import Config
from lanting.model.content import NamedLink
from lanting.model.cv import Cv
from lanting.model.names import term_slug
from lanting.model.pages import Page, Term, YearGroup


@dataclass(frozen=True, slots=True)
class Site:
    config: Config
    home: Page | None
    posts: tuple[Page, ...]
    """Published posts, newest first; the listings, feed and neighbours are made of
    these (unlisted posts are not among them)."""
    pages: tuple[Page, ...]
    years: tuple[YearGroup, ...]
    tags: tuple[Term, ...]
    categories: tuple[Term, ...]
    series: tuple[Term, ...]
    """Each series' posts in reading order (part 1 first)."""
    neighbours: dict[str, tuple[Page | None, Page | None]]
    """Post URL -> (newer post, older post)."""
    term_index: dict[str, dict[str, Term]] = field(default_factory=dict)
    """Taxonomy -> case-folded term name -> term."""
    academic: Academic | None = None
    """Profile, news, publications and talks (`academic.build_academic`)."""
    projects: tuple[Project, ...] = ()
    """`content/projects/`, in the order of the projects page (`site.projects`)."""
    teaching: tuple[Entry, ...] = ()
    """`content/teaching/`, newest first (`site.collections`)."""
    people: tuple[Group, ...] = ()
    """`content/people/` by role, each role's people by weight (`site.collections`)."""
    metrics: Metrics | None = None
    """Citation counts of the publications (`data/metrics.json`)."""
    cv: Cv | None = None
    """The CV of this language (`cv.en.yaml`, else `content/cv.yaml`; `/cv/`), with its
    generated sections."""
    related: dict[str, tuple[Page, ...]] = field(default_factory=dict)
    """Post URL -> its related posts, most related first (`site.related`)."""
    unlisted: tuple[Page, ...] = ()
    """Posts with `unlisted: true`, newest first: each has its page (and its redirects),
    but no listing, feed, sitemap, search index, related-posts list or prev/next link
    shows it. A series it names keeps it, as a part the reader follows."""
    blog: Page | None = None
    """`content/posts/_index.md` of this language: the blog page's title, description
    and the text above its list; None: the blog page has only its list."""
    publications_page: Page | None = None
    """`content/publications/_index.md` of this language: the publications page's title,
    description and the text above its list; None: the page has only its list."""
    _series_by_name: dict[str, Term] = field(default_factory=dict, compare=False, repr=False)

    def series_of(self, page: Page) -> Term | None:
        if not page.series:
            return None
        if not self._series_by_name:  # every post page asks: index once
            self._series_by_name.update((s.name, s) for s in reversed(self.series))
        return self._series_by_name.get(page.series)

    def neighbours_of(self, page: Page) -> tuple[Page | None, Page | None]:
        """(newer post, older post) of a post; (None, None) for anything else."""
        return self.neighbours.get(page.url, (None, None))

    def project_of(self, page: Page) -> Project | None:
        """The project a project's page shows."""
        return next((p for p in self.projects if p.page.url == page.url), None)

    def related_of(self, page: Page) -> tuple[Page, ...]:
        """The posts related to a post, most related first."""
        return self.related.get(page.url, ())

    def has_term(self, taxonomy: str, name: str) -> bool:
        """Whether the term has a page: a tag only unlisted posts carry has none."""
        return name.casefold() in self.term_index.get(taxonomy, {})

    def term_url(self, taxonomy: str, name: str) -> str:
        term = self.term_index.get(taxonomy, {}).get(name.casefold())
        return term.url if term else f"{self.config.base_path}{taxonomy}/{term_slug(name)}/"


@dataclass(frozen=True, slots=True)
class Project:
    """A project of `content/projects/`: its page and what it links to."""

    page: Page
    links: tuple[NamedLink, ...] = ()
    paper: Publication | None = None
    talk: Talk | None = None
    posts: tuple[Page, ...] = ()
    tags: tuple[Term, ...] = ()
    """Its tags, with a slug each for the projects page's filter (`posts` left empty)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """A course of `content/teaching/` or a person of `content/people/`."""

    page: Page
    role: str = ""
    term: str = ""
    links: tuple[NamedLink, ...] = ()


@dataclass(frozen=True, slots=True)
class Group:
    """People of one role (`博士生`), in the order of the people page."""

    name: str
    slug: str
    people: tuple[Entry, ...]


@dataclass(frozen=True, slots=True)
class Routes:
    pages: dict[str, str]
    """Content path of each document -> its output directory (`posts/x/`, `` for home)."""
    assets: dict[str, str]
    """Content path of each asset -> its output file path."""
    base_path: str

    def url(self, output_dir: str) -> str:
        """The site URL of an output directory or file, with the base path."""
        return self.base_path + output_dir

    _link_map: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    def link_map(self) -> dict[str, str]:
        """Content path -> URL (quoted), for rewriting links while rendering Markdown.
        Made once (several stages ask); not to be modified."""
        if not self._link_map:
            self._link_map.update({rel: quote(self.url(out)) for rel, out in self.pages.items()})
            self._link_map.update({rel: quote(self.url(out))
                                   for rel, out in self.assets.items()})
        return self._link_map

"""Stage 5b — the academic model: profile, news, publications and talks, linked together.

A paper, its talks and the posts about it point to each other: a talk names its paper
(`paper: key`), a post cites it (`{{< cite key >}}`, `[@key]`) or names it (`paper: key`).
Pure: the assembled site, the bibliography and the rendered talks in, an `Academic` out.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path

from lanting.assemble import Page
from lanting.bibliography import CATEGORIES, EMPTY, Author, Bibliography, Publication, PubLink
from lanting.config import Config
from lanting.errors import LantingError, Problem
from lanting.frontmatter import Document
from lanting.markdown import MarkdownOptions, RenderContext, render_markdown, resolve_links
from lanting.schema import did_you_mean
from lanting.talks import Talk

LINK_LABELS = {
    "email": "Email", "github": "GitHub", "gitlab": "GitLab", "scholar": "Google Scholar",
    "orcid": "ORCID", "semantic_scholar": "Semantic Scholar", "dblp": "DBLP",
    "researchgate": "ResearchGate", "linkedin": "LinkedIn", "x": "X", "twitter": "Twitter",
    "bluesky": "Bluesky", "mastodon": "Mastodon", "zhihu": "知乎", "website": "Website",
    "cv": "CV", "rss": "RSS",
}


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


@dataclass(frozen=True, slots=True)
class News:
    date: dt.datetime
    html: str
    """The item's Markdown rendered inline."""


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

    def url(self, pub: Publication) -> str:
        return publication_url(pub, self.base_path, self.pages)

    def publication(self, key: str) -> Publication | None:
        return next((p for p in self.publications if p.key == key), None)

    def references(self, rel: str) -> tuple[Publication, ...]:
        """The publications a page cites, in order of first citation."""
        found = (self.publication(k) for k in self.cited_in.get(rel, ()))
        return tuple(p for p in found if p is not None)

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


def citation_targets(bibliography: Bibliography, config: Config) -> dict[str, tuple[str, str]]:
    """Key -> (short reference, URL) of every publication, for `[@key]` while rendering."""
    return {p.key: (p.short_citation, publication_url(p, config.base_path,
                                                       config.publications.pages))
            for p in bibliography.publications}


def _normalise(text: str) -> str:
    return re.sub(r"[\W_]+", "", text).casefold()


def name_keys(first: str, last: str) -> frozenset[str]:
    """Both orders of a name, normalised: `Zhiyuan Lin` matches `Lin, Zhiyuan` and `Lin Zhiyuan`."""
    return frozenset({_normalise(first + last), _normalise(last + first)} - {""})


def owner_names(config: Config, home_title: str) -> frozenset[str]:
    names = [config.profile.name, config.profile.name_en, *config.publications.highlight_names]
    names = [n for n in names if n.strip()] or [home_title or config.author]
    return frozenset(_normalise(n) for n in names if _normalise(n))


def build_profile(config: Config, home_title: str) -> Profile | None:
    profile = config.profile
    links = []
    if profile.email:
        links.append(ProfileLink("email", profile.email, f"mailto:{profile.email}"))
    links += [ProfileLink(x.kind, x.name or LINK_LABELS.get(x.kind, x.kind), x.url)
              for x in profile.links]
    name = profile.name or home_title or config.author
    if not (name or links or profile.photo):
        return None
    return Profile(name, profile.name_en, profile.photo, profile.position,
                   profile.affiliation, profile.interests, tuple(links))


def render_news(doc: Document | None, context: RenderContext | None,
                options: MarkdownOptions, link_map: dict[str, str] | None = None,
                ) -> tuple[tuple[News, ...], list[Problem]]:
    """Each news item's Markdown, rendered at its own line of the home page."""
    if doc is None or context is None:
        return (), []
    items: list[News] = []
    problems: list[Problem] = []
    for item in doc.meta.news:
        result = resolve_links(
            render_markdown(item.text, replace(context, body_line=item.line), options),
            link_map or {}, context.path)
        problems.extend(result.problems)
        html = result.html.strip()
        if html.startswith("<p>") and html.endswith("</p>") and html.count("<p>") == 1:
            html = html[3:-4]  # one paragraph: inline in the list item
        items.append(News(item.date, html))
    return tuple(items), problems


def _groups(pubs: tuple[Publication, ...], group_by: str) -> tuple[PubGroup, ...]:
    grouped: dict[str, list[Publication]] = defaultdict(list)
    for pub in pubs:
        key = pub.category if group_by == "type" else str(pub.year or "")
        grouped[key].append(pub)
    if group_by == "type":
        order = [c for c in CATEGORIES if c in grouped]
    else:  # newest year first; undated entries last
        order = sorted(grouped, key=lambda y: -int(y) if y else 1)
    return tuple(PubGroup(k, tuple(grouped[k])) for k in order)


def _unknown_paper(path: Path, line: int, key: str, bib: Bibliography) -> Problem:
    keys = [p.key for p in bib.publications]
    return Problem(f"paper: unknown publication key `{key}`", path, line,
                   hint=did_you_mean(key, keys) or "add it to content/publications.bib")


def build_academic(
    config: Config, posts: tuple[Page, ...], documents: list[Document],
    citations: dict[str, tuple[str, ...]], bibliography: Bibliography = EMPTY,
    talks: tuple[Talk, ...] = (), news: tuple[News, ...] = (), home_title: str = "",
) -> Academic:
    """Link publications, talks and posts; an unknown `paper:` key is an error."""
    docs = {d.source.rel.as_posix(): d for d in documents}
    known = {p.key for p in bibliography.publications}
    problems: list[Problem] = []
    presents: dict[str, str] = {}
    for rel, doc in sorted(docs.items()):
        if doc.meta.paper:
            if doc.meta.paper in known:
                presents[rel] = doc.meta.paper
            else:
                problems.append(_unknown_paper(doc.source.path, doc.key_lines.get("paper", 1),
                                               doc.meta.paper, bibliography))
    if problems:
        raise LantingError(problems)
    about: dict[str, set[str]] = defaultdict(set)
    for rel, keys in citations.items():
        about[rel].update(keys)
    for rel, key in presents.items():
        about[rel].add(key)
    posts_of: dict[str, list[Page]] = defaultdict(list)
    for post in posts:
        for key in sorted(about.get(post.rel, ())):
            posts_of[key].append(post)
    talks_of: dict[str, list[Talk]] = defaultdict(list)
    ordered_talks = tuple(sorted(talks, key=lambda t: (-(t.date.timestamp() if t.date else 0),
                                                      t.rel)))
    for talk in ordered_talks:
        for key in sorted(about.get(talk.rel, ())):
            talks_of[key].append(talk)
    return Academic(
        profile=build_profile(config, home_title), news=news,
        publications=bibliography.publications,
        groups=_groups(bibliography.publications, config.publications.group_by),
        group_by=config.publications.group_by, talks=ordered_talks,
        base_path=config.base_path, pages=config.publications.pages,
        highlight=owner_names(config, home_title),
        cited_in={rel: keys for rel, keys in citations.items() if keys},
        posts_of={k: tuple(v) for k, v in posts_of.items()},
        talks_of={k: tuple(v) for k, v in talks_of.items()},
    )

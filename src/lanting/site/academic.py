"""Stage 8 (academic links) — the academic model: profile, news, publications and
talks, linked together.

A paper, its talks and the posts about it point to each other: a talk names its paper
(`paper: key`), a post cites it (`{{< cite key >}}`, `[@key]`) or names it (`paper: key`).
Pure: the assembled site, the bibliography and the rendered talks in, an `Academic` out.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import replace
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from lanting.content.bibliography import CATEGORIES
from lanting.content.references import merge_libraries
from lanting.errors import LantingError, did_you_mean
from lanting.markdown.render import render_markdown, resolve_links
from lanting.model.academic import (
    EMPTY,
    Academic,
    Bibliography,
    News,
    Profile,
    ProfileLink,
    PubGroup,
    Publication,
    Talk,
    _normalise,
    publication_url,
)
from lanting.model.cite import Reference
from lanting.model.config import Config
from lanting.model.content import Document
from lanting.model.markdown import MarkdownOptions, RenderContext
from lanting.model.pages import Page
from lanting.model.problem import Problem

LINK_LABELS = {
    "email": "Email", "github": "GitHub", "gitlab": "GitLab", "scholar": "Google Scholar",
    "orcid": "ORCID", "semantic_scholar": "Semantic Scholar", "dblp": "DBLP",
    "researchgate": "ResearchGate", "linkedin": "LinkedIn", "x": "X", "twitter": "Twitter",
    "bluesky": "Bluesky", "mastodon": "Mastodon", "zhihu": "知乎", "website": "Website",
    "cv": "CV", "rss": "RSS",
}


def citation_library(bibliography: Bibliography, references: Bibliography,
                     config: Config) -> dict[str, Reference]:
    """Every entry pages may cite, by key: the owner's papers (their titles lead to their
    publication pages) and `references.bib`; one key in both is an error."""
    own = {p.key: publication_url(p, config.base_path, config.publications.pages)
           for p in bibliography.publications}
    return merge_libraries(bibliography, references, own)


def scholar_user(config: Config) -> str:
    """The owner's Google Scholar id, from the `scholar` profile link (`user=…`)."""
    for link in config.profile.links:
        if link.kind == "scholar":
            return parse_qs(urlsplit(link.url).query).get("user", [""])[0]
    return ""


def owner_names(config: Config, home_title: str) -> frozenset[str]:
    names = [config.profile.name, config.profile.name_en, *config.publications.highlight_names]
    names = [n for n in names if n.strip()] or [home_title or config.author]
    names += [bare for n in names if (bare := without_titles(n)) != n]
    spellings = [s for n in names for s in name_spellings(n)]
    # (the profile's own name as papers abbreviate it; `highlight_names` say it all)
    spellings += [s for n in (config.profile.name, config.profile.name_en)
                  for s in initial_spellings(without_titles(n))]
    return frozenset(_normalise(n) for n in spellings if _normalise(n))


def initial_spellings(name: str) -> list[str]:
    """A Latin-script name with its given names as initials, as many author lists write
    it: `Ines Faria` is `I. Faria` (`Faria, I`), `Maria Anna Smith` `M. A. Smith` or
    `M. Smith`, `Jean-Pierre Roux` `J.-P. Roux`. The owner of an academicpages or al-folio
    site so abbreviated was never highlighted on their own list."""
    words = name.split()
    if len(words) < 2 or _CJK.search(name) or not all(w[:1].isalpha() for w in words):
        return []
    given, last = words[:-1], words[-1]
    initials = ["".join(part[:1] for part in word.split("-") if part) for word in given]
    return list(dict.fromkeys([" ".join([*initials, last]), f"{initials[0]} {last}"]))


_ASIDE = re.compile(r"\s*[(（]([^()（）]*)[)）]")


def name_spellings(name: str) -> list[str]:
    """A name with a part in parentheses, as papers spell it: `Zirui (Rhys) Wang` is
    `Zirui Wang` on papers (or `Rhys Wang`), `林知远 (Zhiyuan Lin)` either name. The
    parentheses joined into the name matched no author, and the owner was not bold."""
    found = _ASIDE.search(name)
    if found is None:
        return [name]
    aside, bare = found.group(1).strip(), _ASIDE.sub("", name, count=1).strip()
    before = name[:found.start()].split()
    spellings = [name, bare]
    if len(aside.split()) == 1 and before and not _CJK.search(aside):
        # (a nickname for the word before it; `Fanqi Shen (沈凡琦)`: a name of its own)
        spellings.append(" ".join([*before[:-1], aside]) + name[found.end():])
    elif aside:
        spellings.append(aside)
    return spellings


_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")

_DEGREE = (r"(?:Ph\.?\s?D|D\.?\s?Phil|[MB]\.?\s?Sc|M\.?\s?Phil|M\.?\s?Eng|M\.?\s?D|"
           r"[MB]\.?\s?[SA]|MPH|MBA)\.?")
_TITLES = re.compile(rf"^(?:(?:Dr|Prof|Professor)\.?\s+)+|(?:,\s*{_DEGREE})+\s*$|"
                     r"\s+Ph\.?\s?D\.?\s*$")
"""A title before a name (`Dr.`, `Prof.`) or degrees after it (`, Ph.D.`, `, M.Sc.`,
` PhD`), as a lab's member pages name people and no author list does. Capitals as
written: `Li, Ma` and `Xin Ma` are names."""


def without_titles(name: str) -> str:
    """`Daniel Roe, Ph.D.` as papers write it, `Daniel Roe` (the lab's list of members
    gave the highlighted names so, and no author was bold)."""
    return " ".join(_TITLES.sub("", name).split()) or name


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
                   profile.affiliation, profile.interests, tuple(links), profile.location)


def render_news(doc: Document | None, context: RenderContext | None,
                options: MarkdownOptions, link_map: dict[str, str] | None = None,
                ) -> tuple[tuple[News, ...], list[Problem]]:
    """Each news item's Markdown, rendered at its own line of the home page."""
    if doc is None or context is None:
        return (), []
    items: list[News] = []
    problems: list[Problem] = []
    for item in doc.meta.news:
        result = resolve_links(  # a news item is no page of its own: no reference list
            render_markdown(item.text, replace(context, body_line=item.line,
                                               reference_list=False), options),
            link_map or {}, context.path)
        problems.extend(result.problems)
        html = result.html.strip()
        if html.startswith("<p>") and html.endswith("</p>") and html.count("<p>") == 1:
            html = html[3:-4]  # one paragraph: inline in the list item
        items.append(News(item.date, html, result.deps, result.links))
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
    citations = {rel: tuple(k for k in keys if k in known) for rel, keys in citations.items()}
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

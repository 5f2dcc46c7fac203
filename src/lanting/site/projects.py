"""The projects of the site model: each project page with its links, its paper (a key of
`publications.bib`), its talk and its posts (content paths), checked — a reference to
nothing is an error at its line of the project's front matter."""

from __future__ import annotations

from lanting.errors import LantingError, did_you_mean
from lanting.model.academic import Academic
from lanting.model.content import Document, Kind
from lanting.model.names import slugify
from lanting.model.pages import Page, Term
from lanting.model.problem import Problem
from lanting.model.site import Project, Site
from lanting.site.assemble import unique_slugs


def build_projects(site: Site, documents: dict[str, Document],
                   academic: Academic | None) -> tuple[Project, ...]:
    pages = [p for p in site.pages if p.kind is Kind.PROJECT]
    if not pages:
        return ()
    by_rel = {p.rel: p for p in (*site.posts, *site.unlisted, *site.pages)}
    talks = {t.rel: t for t in academic.talks} if academic else {}
    problems: list[Problem] = []
    names = sorted({t.casefold(): t for p in pages for t in p.tags}.values())
    slugs = unique_slugs(names)
    projects = []
    for page in pages:
        doc = documents[page.rel]
        meta = doc.meta

        def fail(key: str, message: str, hint: str | None, doc: Document = doc) -> None:
            problems.append(Problem(message, doc.source.path, doc.key_lines.get(key, 1),
                                    hint=hint))

        paper = academic.publication(meta.paper) if academic and meta.paper else None
        if meta.paper and paper is None:
            keys = [p.key for p in academic.publications] if academic else []
            fail("paper", f"paper: no entry `{meta.paper}` in publications.bib",
                 did_you_mean(meta.paper, keys))
        talk = talks.get(meta.talk or "")
        if meta.talk and talk is None:
            fail("talk", f"talk: `{meta.talk}` is no talk of the site",
                 did_you_mean(meta.talk, talks) or "write its content path: talks/<slug>.md")
        posts = []
        for rel in meta.posts:
            post = by_rel.get(rel)
            if post is None:
                fail("posts", f"posts: `{rel}` is no post or page of the site",
                     did_you_mean(rel, by_rel) or "write content paths: posts/<slug>.md")
            else:
                posts.append(post)
        tags = tuple(Term(t, slugs[min(n for n in names if n.casefold() == t.casefold())],
                          f"{site.config.base_path}projects/#{slugify(t)}")
                     for t in page.tags)
        projects.append((meta.weight, page, Project(page, meta.links, paper, talk,
                                                    tuple(posts), tags)))
    if problems:
        raise LantingError(problems)
    projects.sort(key=lambda item: (item[0], -_stamp(item[1]), item[1].title, item[1].rel))
    return tuple(project for _, _, project in projects)


def _stamp(page: Page) -> float:
    return page.date.timestamp() if page.date else 0.0


def project_tags(projects: tuple[Project, ...]) -> tuple[Term, ...]:
    """Every tag of the projects once, by slug (the filter's buttons)."""
    seen: dict[str, Term] = {}
    for project in projects:
        for tag in project.tags:
            seen.setdefault(tag.slug, tag)
    return tuple(seen[s] for s in sorted(seen))

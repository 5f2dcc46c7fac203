"""Stage 10 — check: everything that would make the published site wrong, with file:line.

Runs over the in-memory model and the rendered pages, before anything is written, so an
error leaves the previous output untouched. It reads no file of `content/`: links are
checked against the routes, anchors against the ids of the rendered pages, files
against the output list. Pure: the inputs in, a list of problems out.

Reported: broken links (pages, `#anchors`, images, files), links to drafts, URLs claimed
by more than one source (or that the writer could not write: a file where a folder is
needed, a name too long), unsafe or broken links in `lanting.toml`, series and date
inconsistencies, the settings `site_checks.py` looks at (a placeholder `base_url`, a
faint accent, stale template overrides), plus the problems earlier stages only warned
about. This module runs the checks in turn and looks at series and dates itself; the
links are checked in `link_checks.py`, the URLs in `url_claims.py`.
"""

from __future__ import annotations

from lanting.errors import did_you_mean
from lanting.model.content import Document, Kind
from lanting.model.markdown import LinkRef, RenderedMarkdown
from lanting.model.names import term_slug
from lanting.model.output import CheckInput
from lanting.model.problem import Problem
from lanting.output.external import ExternalLink, check_external
from lanting.output.link_checks import broken_links, config_links, publication_links
from lanting.output.outputs import Outputs
from lanting.output.site_checks import site_warnings
from lanting.output.url_claims import collisions, own_url_aliases
from lanting.site.routes import term_name


def check(inp: CheckInput) -> list[Problem]:
    """Every problem of the site, in no particular order (the CLI sorts them)."""
    problems = list(inp.discovery.warnings)
    for doc in inp.documents:
        problems.extend(inp.rendered[doc.source.rel.as_posix()].problems)
    problems += collisions(inp)
    problems += own_url_aliases(inp)
    outputs = Outputs(inp)
    external: list[ExternalLink] = []
    for doc in inp.documents:
        problems += broken_links(doc.source.path, doc.source.rel.as_posix(),
                                 _links(inp.rendered[doc.source.rel.as_posix()]), inp, outputs,
                                 external,
                                 doc.notebook_parts if doc.source.rel.suffix == ".ipynb"
                                 else None)
    for talk in inp.talks:
        problems += broken_links(inp.site_dir / "content" / talk.rel, talk.rel, talk.links,
                                 inp, outputs, external)
    for home, links in inp.news:
        problems += broken_links(home.source.path, home.source.rel.as_posix(), links, inp,
                                 outputs, external)
    problems += publication_links(inp, outputs)
    problems += config_links(inp, outputs)
    problems += site_warnings(inp.site_dir, inp.config, inp.copies)  # site_checks.py
    problems += _series(inp)
    problems += _lone_term_texts(inp.documents)
    problems += _dates(inp)
    if inp.external:
        problems += check_external(external)
    return problems


# --- series, dates ---------------------------------------------------------------------


def _links(rendered: RenderedMarkdown) -> tuple[LinkRef, ...]:
    """A page's links: its body's and its summary's (lines of the front matter)."""
    return (*rendered.links, *rendered.summary_links) if rendered.summary_links \
        else rendered.links


def _series(inp: CheckInput) -> list[Problem]:
    problems = []
    names = {s.name for s in inp.site.series}
    for doc in inp.documents:
        meta = doc.meta
        if meta.series_order is not None and not meta.series:
            problems.append(Problem("`series_order` without `series`: this post is in no series",
                                    doc.source.path, doc.key_lines.get("series_order", 1),
                                    hint="add `series: <name>` or remove `series_order`",
                                    severity="warning"))
    for term in inp.site.series:
        if len(term.posts) != 1:
            continue
        others = {n for n in names if n != term.name and term_slug(n) != term.slug}
        suggestion = did_you_mean(term.name, others)
        if suggestion:
            doc = next(d for d in inp.documents if d.source.rel.as_posix() == term.posts[0].rel)
            problems.append(Problem(
                f"series `{term.name}` has only this post; {suggestion}", doc.source.path,
                doc.key_lines.get("series", 1), hint="spell the series name as in its other "
                "parts", severity="warning"))
    return problems


_TAXONOMY_KEYS = {"tags": ("tags", "tag"), "categories": ("categories", "category"),
                  "series": ("series", "series")}


def _filed_under(doc: Document, key: str) -> tuple[str, ...]:
    if key == "series":
        return (doc.meta.series,) if doc.meta.series else ()
    return doc.meta.tags if key == "tags" else doc.meta.categories


def _lone_term_texts(documents: tuple[Document, ...]) -> list[Problem]:
    """A term's text (`tags/<name>.md`) that no post of its language is filed under: a
    misspelt file name, or a tag taken off every post (its page lists nothing)."""
    problems = []
    for doc in documents:
        if doc.source.kind is not Kind.TERM:
            continue
        folder = doc.source.rel.parts[0]
        key, singular = _TAXONOMY_KEYS[folder]
        names = {n for d in documents if d.source.kind is Kind.POST
                 and d.meta.lang == doc.meta.lang and (key == "series" or not d.meta.unlisted)
                 for n in _filed_under(d, key)}
        name = term_name(doc)
        if any(term_slug(n) == term_slug(name) for n in names):
            continue
        suggestion = did_you_mean(name, names)
        problems.append(Problem(
            f"no post has the {singular} `{name}`: its page lists no post"
            + (f"; {suggestion}" if suggestion else ""), doc.source.path, 1,
            hint=f"name the file after a {singular} of the posts, or add `{key}: {name}` "
            "to a post's front matter", severity="warning"))
    return problems


def _dates(inp: CheckInput) -> list[Problem]:
    return [
        Problem("`updated` is earlier than `date`", d.source.path, d.key_lines.get("updated", 1),
                hint="`updated` is when the post last changed; it cannot precede `date`",
                severity="warning")
        for d in inp.documents
        if d.meta.date and d.meta.updated and d.meta.updated < d.meta.date
    ]

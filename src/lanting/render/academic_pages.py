"""Stage 9 — the academic pages: publications (list and one page each), talks (list,
article and deck). Called by `pages.render_pages`; the home page's profile, news and
selected publications are in `home.html`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from lanting.model.academic import Publication
from lanting.model.site import Site
from lanting.render.sharing import json_ld

if TYPE_CHECKING:
    from lanting.model.academic import Academic
    from lanting.model.output import OutputFile
    from lanting.render.pages import PageRenderer


def scholarly_article(pub: Publication, academic: Academic, absolute: Any) -> str:
    """schema.org ScholarlyArticle for one publication."""
    data: dict[str, Any] = {
        "@context": "https://schema.org",
        "@type": "ScholarlyArticle",
        "headline": pub.title,
        "name": pub.title,
        "author": [{"@type": "Person", "name": a.name} for a in pub.authors],
        "url": absolute(academic.url(pub)),
    }
    if pub.year:
        data["datePublished"] = f"{pub.year}-{pub.month:02d}" if pub.month else str(pub.year)
    if pub.venue:
        data["isPartOf"] = {"@type": "PublicationIssue" if pub.category == "journal"
                            else "Periodical", "name": pub.venue}
    if pub.abstract:
        data["abstract"] = pub.abstract
    same = [x.url for x in pub.links if x.kind in ("arxiv", "doi")]
    if same:
        data["sameAs"] = same
    return json_ld(data, indent=1)


def _features(*items: Any) -> dict[str, frozenset[str]]:
    """What base.html needs to know about a publications page: math (the font) and code
    (the BibTeX blocks get the copy button)."""
    features: set[str] = {"code"}
    for item in items:
        features |= item.features
    return {"features": frozenset(features)}


def render_academic_pages(r: PageRenderer, site: Site) -> list[OutputFile]:
    academic = site.academic
    if academic is None:
        return []
    files = []
    if academic.publications:
        features = _features(*academic.publications)
        intro = site.publications_page  # the file's own page, so that its edits count
        page = replace(intro, features=intro.features | features["features"]) \
            if intro is not None else features
        files.append(r.render("publications.html", "publications/index.html", page=page))
        if academic.pages:
            files += [r.render("publication.html", f"publications/{pub.slug}/index.html",
                               page=_features(pub), pub=pub,
                               json_ld=scholarly_article(pub, academic, r.absolute))
                      for pub in academic.publications]
    if academic.talks:
        files.append(r.render("talks.html", "talks/index.html"))
    for talk in academic.talks:
        files.append(r.render("talk.html", talk.output, lang=talk.lang, page=talk, talk=talk))
        files.append(r.render("deck.html", talk.deck_output, lang=talk.lang, page=talk,
                              talk=talk))
    return files

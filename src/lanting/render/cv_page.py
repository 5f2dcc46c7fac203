"""Stage 9 — the CV page, `/cv/`, from the site model's `Cv` (`site/cv.py`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lanting.model.site import Site

if TYPE_CHECKING:
    from lanting.model.output import OutputFile
    from lanting.render.pages import PageRenderer


def render_cv(r: PageRenderer, site: Site) -> list[OutputFile]:
    if site.cv is None:
        return []
    pubs = site.academic.publications if site.academic else ()
    features: frozenset[str] = frozenset().union(*(p.features for p in pubs))
    if "<math" in site.cv.html:
        features |= {"math"}
    return [r.render("cv.html", "cv/index.html", page={"features": features})]

"""The CV of the site model: the file's sections, plus the publications and talks the
site already knows (`[cv] publications`, `[cv] talks`) where the file has none of its
own — after its education and experience, where a CV lists them."""

from __future__ import annotations

from dataclasses import replace

from lanting.content.cv_values import TITLES, section_title
from lanting.model.academic import Academic
from lanting.model.config import Config
from lanting.model.cv import Cv, CvSection

BEFORE_GENERATED = ("summary", "education", "experience")
"""Sections the generated ones follow (on the page and in the PDF)."""


def finish_cv(cv: Cv | None, academic: Academic | None, config: Config,
              pdf_url: str = "") -> Cv | None:
    """`cv` with its generated sections (placeholders the template fills from the
    academic model) and the PDF's URL."""
    if cv is None:
        return None
    keys = {s.key.lower() for s in cv.sections}
    generated = []
    pubs = academic.publications if academic else ()
    if (config.cv.publications == "selected" and any(p.selected for p in pubs)) or (
            config.cv.publications == "all" and pubs):
        if "publications" not in keys:
            generated.append(CvSection("publications", section_title(
                "publications", config.language), source="publications"))
    if config.cv.talks and academic and academic.talks and "talks" not in keys:
        generated.append(CvSection("talks", section_title("talks", config.language),
                                   source="talks"))
    # One file for every language: the headings are the page's language's.
    sections = [replace(s, title=section_title(s.key, config.language))
                if s.key.lower() in TITLES["en"] else s for s in cv.sections]
    at = max((i + 1 for i, s in enumerate(sections) if s.key.lower() in BEFORE_GENERATED),
             default=0)
    sections[at:at] = generated
    return replace(cv, sections=tuple(sections), publications=config.cv.publications,
                   pdf_url=pdf_url)

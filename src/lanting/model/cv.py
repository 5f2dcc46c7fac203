"""A curriculum vitae (`content/cv.yaml`, RenderCV's or JSON Resume's schema), as the CV
page and the PDF see it."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from lanting.model.problem import Problem


@dataclass(frozen=True, slots=True)
class CvEntry:
    """One entry of a section; every text is HTML (Markdown rendered inline)."""

    title: str = ""
    """What the entry is: institution, company, award, a talk's or paper's title."""
    subtitle: str = ""
    """Degree and field, position, awarding body."""
    date: str = ""
    """As shown: `2021年9月 – 至今`, `Sep 2021 – present`, `2024`."""
    location: str = ""
    summary: str = ""
    highlights: tuple[str, ...] = ()
    url: str = ""
    label: str = ""
    """A one-line entry's label (`Languages`: `Python, C++`, the details in `summary`)."""


@dataclass(frozen=True, slots=True)
class CvSection:
    key: str
    """The name written in the file (`education`, `selected_talks`), its anchor too."""
    title: str
    """As shown: a known key's localised title, else the key with spaces."""
    entries: tuple[CvEntry, ...] = ()
    source: str = "file"
    """`file`, or `publications` / `talks`: filled in from the bibliography and talks."""


@dataclass(frozen=True, slots=True)
class CvLink:
    label: str
    url: str


@dataclass(frozen=True, slots=True)
class Cv:
    path: Path = field(repr=False)
    """The file (for messages; left out of fingerprints, which must not depend on where
    the site folder is)."""
    schema: str
    """`rendercv` or `jsonresume`: how the file was read."""
    name: str
    headline: str = ""
    location: str = ""
    email: str = ""
    phone: str = ""
    links: tuple[CvLink, ...] = ()
    sections: tuple[CvSection, ...] = ()
    publications: str = "selected"
    """Which publications of the bibliography the CV lists: `selected`, `all`, `none`."""
    pdf_url: str = ""
    """The PDF built by RenderCV beside the page, or "" when none was built."""
    warnings: tuple[Problem, ...] = field(default=(), repr=False, compare=False)
    """What the file holds that the page does not show, with the lines."""

    @property
    def html(self) -> str:
        """Every text of the file's entries (for the math font and the page's features)."""
        return "".join(self.headline + e.title + e.subtitle + e.summary + "".join(e.highlights)
                       for s in self.sections for e in s.entries)

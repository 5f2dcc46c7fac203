"""The two schemas a CV file may follow, read into a `Cv`: RenderCV's (a top-level `cv:`
with `sections:`) and JSON Resume's (a top-level `basics:`). A key or an entry of no known
kind is an error at its line, with what to write instead."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lanting.content.cv_values import PRESENT, CvReader, item_line, node_line, section_title
from lanting.errors import did_you_mean
from lanting.model.cv import Cv, CvEntry, CvLink, CvSection

RENDERCV_TOP = frozenset({"cv", "design", "locale", "locale_catalog", "rendercv_settings",
                          "settings"})
RENDERCV_HEADER = frozenset({"name", "headline", "label", "location", "email", "phone",
                             "website", "photo", "social_networks", "sections"})
JSONRESUME_TOP = frozenset({"$schema", "basics", "work", "volunteer", "education", "awards",
                            "certificates", "publications", "skills", "languages",
                            "interests", "references", "projects", "meta"})
NETWORK_URLS = {"linkedin": "https://www.linkedin.com/in/{}", "github": "https://github.com/{}",
                "gitlab": "https://gitlab.com/{}", "orcid": "https://orcid.org/{}",
                "google scholar": "https://scholar.google.com/citations?user={}",
                "researchgate": "https://www.researchgate.net/profile/{}",
                "x": "https://x.com/{}", "twitter": "https://twitter.com/{}",
                "zhihu": "https://www.zhihu.com/people/{}"}


# --- RenderCV -------------------------------------------------------------------------

RENDERCV_SHOWN = frozenset({
    "start_date", "end_date", "date", "location", "summary", "highlights", "url", "bullet",
    "institution", "degree", "area", "company", "position", "positions", "title", "authors",
    "doi", "journal", "label", "details", "name", "number", "reversed_number"})
"""The keys of RenderCV's entries that the CV page shows."""


def _rendercv_entry(r: CvReader, entry: Any, line: int) -> CvEntry | None:
    if isinstance(entry, str | int | float):
        return CvEntry(summary=r.inline(entry, line))
    if not isinstance(entry, dict):
        r.fail(line, "a CV entry is a text or a mapping")
        return None
    for key in entry:  # RenderCV takes any extra key (for its templates): say it is not shown
        if key not in RENDERCV_SHOWN:
            r.warn(node_line(entry, key, line), f"`{key}` is not shown on the CV page",
                   "write it into `summary` or `highlights` to show it")
    get = entry.get
    shared: dict[str, Any] = {"date": r.span(entry, "start_date", "end_date", "date"),
              "location": r.inline(get("location"), node_line(entry, "location", line)),
              "summary": r.inline(get("summary"), node_line(entry, "summary", line)),
              "highlights": r.highlights(get("highlights"), node_line(entry, "highlights", line)),
              "url": str(get("url") or "")}
    if "bullet" in entry:
        return CvEntry(summary=r.inline(get("bullet"), line))
    if "institution" in entry:
        degree = ", ".join(str(x) for x in (get("degree"), get("area")) if x)
        return CvEntry(title=r.inline(get("institution"), line), subtitle=r.inline(degree, line),
                       **shared)
    if "company" in entry:
        positions = get("positions") or []
        subtitle = get("position") or " · ".join(str(p.get("name", "")) for p in positions
                                                 if isinstance(p, dict))
        if positions and not shared["date"]:
            shared["date"] = " – ".join(x for x in (
                r.date(positions[0].get("start_date")),
                r.date(positions[-1].get("end_date")) or PRESENT[r.lang]) if x)
        return CvEntry(title=r.inline(get("company"), line), subtitle=r.inline(subtitle, line),
                       **shared)
    if "title" in entry and "authors" in entry:
        authors = ", ".join(str(a) for a in get("authors") or [])
        doi = str(get("doi") or "")
        journal = r.inline(get("journal"), line)
        summary = "<br>".join(x for x in (journal, shared["summary"]) if x)  # (both shown)
        return CvEntry(title=r.inline(get("title"), line), subtitle=r.inline(authors, line),
                       **{**shared, "summary": summary,
                          "url": f"https://doi.org/{doi}" if doi else shared["url"]})
    if "label" in entry:
        return CvEntry(label=r.inline(get("label"), line),
                       summary=r.inline(get("details"), line))
    if "name" in entry:
        return CvEntry(title=r.inline(get("name"), line), **shared)
    for key in ("number", "reversed_number"):
        if key in entry:
            return CvEntry(summary=r.inline(get(key), line))
    r.fail(line, f"CV entry of no known kind (keys: {', '.join(sorted(map(str, entry)))})",
           "RenderCV's entries have `institution` (education), `company` (experience), "
           "`title` + `authors` (publication), `label` + `details`, `name` or `bullet`")
    return None


def read_rendercv(r: CvReader, data: Any) -> Cv:
    for key in data:
        if key not in RENDERCV_TOP:
            r.fail(node_line(data, key), f"unknown top-level key `{key}`",
                   did_you_mean(str(key), RENDERCV_TOP))
    cv = data.get("cv")
    if not isinstance(cv, dict):
        r.fail(node_line(data, "cv"), "`cv:` must be a mapping with `name:` and `sections:`")
        return Cv(r.source.path, "rendercv", "")
    for key in cv:
        if key not in RENDERCV_HEADER:
            r.fail(node_line(cv, key), f"unknown key `cv.{key}`",
                   did_you_mean(str(key), RENDERCV_HEADER) or "see RenderCV's documentation")
    if cv.get("photo"):
        r.warn(node_line(cv, "photo"), "`cv.photo` is not shown: the CV page has no photo",
               "the home page shows one: `photo` under `[profile]` in lanting.toml")
    links = []
    if cv.get("website"):
        links.append(CvLink(str(cv["website"]).split("://", 1)[-1].rstrip("/"),
                            str(cv["website"])))
    for net in cv.get("social_networks") or []:
        name, user = str(net.get("network", "")), str(net.get("username", ""))
        pattern = NETWORK_URLS.get(name.lower())
        links.append(CvLink(f"{name}: {user}", pattern.format(user) if pattern else ""))
    sections = []
    raw_sections = cv.get("sections") or {}
    for key, entries in raw_sections.items():
        line = node_line(raw_sections, key)
        if not isinstance(entries, list):
            r.fail(line, f"section `{key}` must be a list of entries")
            continue
        made = [_rendercv_entry(r, e, item_line(entries, i, line))
                for i, e in enumerate(entries)]
        sections.append(CvSection(str(key), section_title(str(key), r.lang),
                                  tuple(e for e in made if e is not None)))
    return Cv(r.source.path, "rendercv", str(cv.get("name") or ""),
              headline=r.inline(cv.get("headline") or cv.get("label"), node_line(cv, "headline")),
              location=str(cv.get("location") or ""), email=str(cv.get("email") or ""),
              phone=str(cv.get("phone") or "").removeprefix("tel:"),
              links=tuple(links), sections=tuple(sections))


# --- JSON Resume ----------------------------------------------------------------------

def _json_entry(section: str) -> Callable[[CvReader, dict[str, Any], int], CvEntry]:
    def make(r: CvReader, e: dict[str, Any], line: int) -> CvEntry:
        get = e.get
        span = r.span(e, "startDate", "endDate", "date")
        highlights = r.highlights(get("highlights") or get("courses") or get("keywords"),
                                  line)
        common: dict[str, Any] = {
            "date": span, "summary": r.inline(get("summary") or get("description"), line),
                  "highlights": highlights, "url": str(get("url") or "")}
        if section == "work" or section == "volunteer":
            return CvEntry(title=r.inline(get("name") or get("organization"), line),
                           subtitle=r.inline(get("position"), line),
                           location=r.inline(get("location"), line), **common)
        if section == "education":
            degree = ", ".join(str(x) for x in (get("studyType"), get("area")) if x)
            return CvEntry(title=r.inline(get("institution"), line),
                           subtitle=r.inline(degree, line), **common)
        if section == "awards" or section == "certificates":
            return CvEntry(title=r.inline(get("title") or get("name"), line),
                           subtitle=r.inline(get("awarder") or get("issuer"), line), **common)
        if section == "publications":
            return CvEntry(title=r.inline(get("name"), line),
                           subtitle=r.inline(get("publisher"), line),
                           **{**common, "date": r.date(get("releaseDate"))})
        if section in ("skills", "interests", "languages"):
            details = ", ".join(str(k) for k in get("keywords") or []) or str(
                get("fluency") or get("level") or "")
            return CvEntry(label=r.inline(get("name") or get("language"), line),
                           summary=r.inline(details, line))
        return CvEntry(title=r.inline(get("name") or get("title"), line), **common)
    return make


_JSON_SECTIONS = {"work": "experience", "volunteer": "volunteer", "education": "education",
                  "awards": "awards", "certificates": "certificates",
                  "publications": "publications", "skills": "skills",
                  "languages": "languages", "interests": "interests", "projects": "projects"}


def read_jsonresume(r: CvReader, data: Any) -> Cv:
    for key in data:
        if key not in JSONRESUME_TOP:
            r.fail(node_line(data, key), f"unknown JSON Resume section `{key}`",
                   did_you_mean(str(key), JSONRESUME_TOP))
    basics = data.get("basics") or {}
    links = [CvLink(str(basics["url"]).split("://", 1)[-1].rstrip("/"), str(basics["url"]))
             ] if basics.get("url") else []
    for profile in basics.get("profiles") or []:
        links.append(CvLink(f"{profile.get('network', '')}: {profile.get('username', '')}",
                            str(profile.get("url") or "")))
    place = basics.get("location") or {}
    location = ", ".join(str(place[k]) for k in ("city", "region", "countryCode")
                         if place.get(k)) if isinstance(place, dict) else str(place)
    sections = []
    if basics.get("summary"):
        sections.append(CvSection("summary", section_title("summary", r.lang), (
            CvEntry(summary=r.inline(basics["summary"], node_line(basics, "summary"))),)))
    for key, name in _JSON_SECTIONS.items():
        entries = data.get(key)
        if not entries:
            continue
        make = _json_entry(key)
        sections.append(CvSection(name, section_title(name, r.lang), tuple(
            make(r, e, item_line(entries, i, node_line(data, key)))
            for i, e in enumerate(entries) if isinstance(e, dict))))
    return Cv(r.source.path, "jsonresume", str(basics.get("name") or ""),
              headline=r.inline(basics.get("label"), node_line(basics, "label")),
              location=location, email=str(basics.get("email") or ""),
              phone=str(basics.get("phone") or ""), links=tuple(links),
              sections=tuple(sections))

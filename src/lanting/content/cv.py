"""Read `content/cv.yaml`: RenderCV's schema (a top-level `cv:` with `sections:`) or JSON
Resume's (a top-level `basics:`), told apart by those keys, into a `Cv`.

On a site with several languages the CV is translated like a post: `cv.en.yaml` beside
`cv.yaml` is the whole CV in English, for the English pages. A language without a file of
its own shows `cv.yaml`, with its headings, dates and "present" in that language.

Texts are Markdown, rendered inline (RenderCV writes `**bold**` and links in them). A
key or an entry of no known kind is an error at its line of the file, with what to
write instead; nothing is dropped silently. RenderCV's `design`, `locale` and settings
are for its PDF and are left to it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError

from lanting.config.i18n import base_language
from lanting.config.languages import Language, filename_language, site_languages
from lanting.errors import LantingError, did_you_mean
from lanting.markdown.render import render_markdown, resolve_links
from lanting.model.config import Config
from lanting.model.content import Source
from lanting.model.cv import Cv, CvEntry, CvLink, CvSection
from lanting.model.markdown import MarkdownOptions, RenderContext
from lanting.model.problem import Problem

TITLES = {
    "zh": {"education": "教育经历", "experience": "工作经历", "publications": "论文",
           "talks": "报告", "awards": "奖励与荣誉", "honors": "奖励与荣誉",
           "teaching": "教学", "service": "学术服务", "skills": "技能",
           "technologies": "技能", "projects": "项目", "summary": "简介",
           "languages": "语言", "interests": "兴趣", "volunteer": "志愿服务",
           "certificates": "证书", "references": "推荐人"},
    "en": {"education": "Education", "experience": "Experience",
           "publications": "Publications", "talks": "Talks", "awards": "Awards",
           "honors": "Honors", "teaching": "Teaching", "service": "Service",
           "skills": "Skills", "technologies": "Technologies", "projects": "Projects",
           "summary": "Summary", "languages": "Languages", "interests": "Interests",
           "volunteer": "Volunteering", "certificates": "Certificates",
           "references": "References"},
}
PRESENT = {"zh": "至今", "en": "present"}
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")

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


class _Reader:
    """Turns values of the file into HTML, collecting problems with their lines."""

    def __init__(self, source: Source, lang: str, base_path: str = "/",
                 link_map: Mapping[str, str] | None = None) -> None:
        self.source = source
        self.base_path = base_path
        self.link_map = link_map
        self.lang = base_language(lang)
        self.full_lang = lang
        self.problems: list[Problem] = []

    def fail(self, line: int, message: str, hint: str | None = None) -> None:
        self.problems.append(Problem(message, self.source.path, line, hint=hint))

    def warn(self, line: int, message: str, hint: str | None = None) -> None:
        self.problems.append(Problem(message, self.source.path, line, hint=hint,
                                     severity="warning"))

    def inline(self, value: Any, line: int) -> str:
        """Markdown rendered inline ("" for nothing)."""
        if value is None or value == "":
            return ""
        context = RenderContext(self.source.path, "cv.yaml", body_line=line, lang=self.full_lang,
                                base_path=self.base_path)
        # A value is data, like front matter: Markdown without raw HTML (a `<script>` in a
        # field ran, or, unclosed, hid the rest of the page), whatever `raw_html` says.
        result = render_markdown(str(value), context, MarkdownOptions(raw_html=False))
        self.problems.extend(result.problems)
        if self.link_map is not None:  # `[复盘](posts/x.md)`: the post's URL, as in a post
            result = resolve_links(result, dict(self.link_map), self.source.path)
            for link in result.links:
                if link.target is not None and link.target not in self.link_map:
                    self.fail(link.line, f"broken link `{link.url}`: no page or file "
                              f"content/{link.target}", "link to a post's source file from "
                              "content/, `posts/x.md`, or to a site URL, `/posts/x/`")
        html = result.html.strip()
        if html.startswith("<p>") and html.endswith("</p>") and html.count("<p>") == 1:
            html = html[3:-4]
        return html

    def date(self, value: Any) -> str:
        if value is None or value == "":
            return ""
        if isinstance(value, dt.date):
            year, month = value.year, value.month
        else:
            text = str(value).strip()
            if text.lower() == "present":
                return PRESENT[self.lang]
            parts = text.split("-")
            if not parts[0].isdigit():
                return text  # free text, as RenderCV allows
            year = int(parts[0])
            month = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0
        if not month:
            return str(year)
        return f"{year}年{month}月" if self.lang == "zh" else f"{_MONTHS[month - 1]} {year}"

    def span(self, entry: dict[str, Any], start: str, end: str, single: str) -> str:
        if entry.get(single):
            return self.date(entry[single])
        first, last = self.date(entry.get(start)), self.date(entry.get(end))
        if first and not last and entry.get(start) is not None:
            last = PRESENT[self.lang]
        return " – ".join(x for x in (first, last) if x)

    def highlights(self, value: Any, line: int) -> tuple[str, ...]:
        if not value:
            return ()
        items = value if isinstance(value, list) else [value]
        return tuple(self.inline(h, _item_line(value, i, line)) for i, h in enumerate(items))


def _line(node: Any, key: str | None = None, default: int = 1) -> int:
    """1-based line of `key` in a mapping (or of the mapping itself)."""
    try:
        if key is not None and isinstance(node, CommentedMap) and key in node:
            return int(node.lc.key(key)[0]) + 1
        return int(node.lc.line) + 1
    except (AttributeError, KeyError, TypeError):
        return default


def _item_line(seq: Any, index: int, default: int) -> int:
    try:
        return int(seq.lc.item(index)[0]) + 1 if isinstance(seq, CommentedSeq) else default
    except (AttributeError, KeyError, TypeError):
        return default


def section_title(key: str, lang: str) -> str:
    known = TITLES[base_language(lang)].get(key.lower())
    return known or key.replace("_", " ").strip().capitalize()


# --- RenderCV -------------------------------------------------------------------------

RENDERCV_SHOWN = frozenset({
    "start_date", "end_date", "date", "location", "summary", "highlights", "url", "bullet",
    "institution", "degree", "area", "company", "position", "positions", "title", "authors",
    "doi", "journal", "label", "details", "name", "number", "reversed_number"})
"""The keys of RenderCV's entries that the CV page shows."""


def _rendercv_entry(r: _Reader, entry: Any, line: int) -> CvEntry | None:
    if isinstance(entry, str | int | float):
        return CvEntry(summary=r.inline(entry, line))
    if not isinstance(entry, dict):
        r.fail(line, "a CV entry is a text or a mapping")
        return None
    for key in entry:  # RenderCV takes any extra key (for its templates): say it is not shown
        if key not in RENDERCV_SHOWN:
            r.warn(_line(entry, key, line), f"`{key}` is not shown on the CV page",
                   "write it into `summary` or `highlights` to show it")
    get = entry.get
    shared: dict[str, Any] = {"date": r.span(entry, "start_date", "end_date", "date"),
              "location": r.inline(get("location"), _line(entry, "location", line)),
              "summary": r.inline(get("summary"), _line(entry, "summary", line)),
              "highlights": r.highlights(get("highlights"), _line(entry, "highlights", line)),
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


def _read_rendercv(r: _Reader, data: Any) -> Cv:
    cv = data.get("cv")
    if not isinstance(cv, dict):
        r.fail(_line(data, "cv"), "`cv:` must be a mapping with `name:` and `sections:`")
        return Cv(r.source.path, "rendercv", "")
    for key in cv:
        if key not in RENDERCV_HEADER:
            r.fail(_line(cv, key), f"unknown key `cv.{key}`",
                   did_you_mean(str(key), RENDERCV_HEADER) or "see RenderCV's documentation")
    if cv.get("photo"):
        r.warn(_line(cv, "photo"), "`cv.photo` is not shown: the CV page has no photo",
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
        line = _line(raw_sections, key)
        if not isinstance(entries, list):
            r.fail(line, f"section `{key}` must be a list of entries")
            continue
        made = [_rendercv_entry(r, e, _item_line(entries, i, line))
                for i, e in enumerate(entries)]
        sections.append(CvSection(str(key), section_title(str(key), r.lang),
                                  tuple(e for e in made if e is not None)))
    return Cv(r.source.path, "rendercv", str(cv.get("name") or ""),
              headline=r.inline(cv.get("headline") or cv.get("label"), _line(cv, "headline")),
              location=str(cv.get("location") or ""), email=str(cv.get("email") or ""),
              phone=str(cv.get("phone") or "").removeprefix("tel:"),
              links=tuple(links), sections=tuple(sections))


# --- JSON Resume ----------------------------------------------------------------------

def _json_entry(section: str) -> Callable[[_Reader, dict[str, Any], int], CvEntry]:
    def make(r: _Reader, e: dict[str, Any], line: int) -> CvEntry:
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


def _read_jsonresume(r: _Reader, data: Any) -> Cv:
    for key in data:
        if key not in JSONRESUME_TOP:
            r.fail(_line(data, key), f"unknown JSON Resume section `{key}`",
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
            CvEntry(summary=r.inline(basics["summary"], _line(basics, "summary"))),)))
    for key, name in _JSON_SECTIONS.items():
        entries = data.get(key)
        if not entries:
            continue
        make = _json_entry(key)
        sections.append(CvSection(name, section_title(name, r.lang), tuple(
            make(r, e, _item_line(entries, i, _line(data, key)))
            for i, e in enumerate(entries) if isinstance(e, dict))))
    return Cv(r.source.path, "jsonresume", str(basics.get("name") or ""),
              headline=r.inline(basics.get("label"), _line(basics, "label")),
              location=location, email=str(basics.get("email") or ""),
              phone=str(basics.get("phone") or ""), links=tuple(links),
              sections=tuple(sections))


def parse_cv(source: Source | None, lang: str, base_path: str = "/",
             link_map: Mapping[str, str] | None = None) -> Cv | None:
    """The CV of `content/cv.yaml`, or None without one; LantingError on mistakes. Its
    links from the site's root (`/posts/x/`) get `base_path`, and those to files of
    `content/` (`posts/x.md`) their URLs from `link_map`, as a post's do."""
    if source is None:
        return None
    text = source.text or ""
    try:
        data = YAML(typ="rt").load(text)
    except YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        raise LantingError.at(f"cv.yaml is not valid YAML: {getattr(error, 'problem', error)}",
                              source.path, mark.line + 1 if mark else 1) from None
    reader = _Reader(source, lang, base_path, link_map)
    if isinstance(data, dict) and "cv" in data:
        for key in data:
            if key not in RENDERCV_TOP:
                reader.fail(_line(data, key), f"unknown top-level key `{key}`",
                            did_you_mean(str(key), RENDERCV_TOP))
        cv = _read_rendercv(reader, data)
    elif isinstance(data, dict) and "basics" in data:
        cv = _read_jsonresume(reader, data)
    else:
        raise LantingError.at(
            "cv.yaml is neither RenderCV's schema (`cv:` with `sections:`) nor JSON "
            "Resume's (`basics:`, `work:`, `education:` …)", source.path, 1,
            hint="start the file with `cv:` and `name:` (see the CV section of Lanting's docs)")
    if not cv.name:
        reader.fail(1, "the CV has no name", "write `name:` under `cv:` (or `basics:`)")
    if any(p.severity == "error" for p in reader.problems):
        raise LantingError(reader.problems)
    return replace(cv, path=Path(source.path), warnings=tuple(reader.problems))


def _own_files(translations: tuple[Source, ...], languages: tuple[Language, ...],
               problems: list[Problem]) -> dict[str, Source]:
    """Language code -> its `cv.<code>.yaml`; a file naming no other site language is a
    problem."""
    codes = ", ".join(lang.code for lang in languages)
    own: dict[str, Source] = {}
    for source in translations:
        name = source.rel.name
        _, language = filename_language(source.rel, languages)
        written = name.removeprefix("cv.").removesuffix(".yaml")
        if language is None:
            problems.append(Problem(
                f"`{name}` names the language `{written}`, which is not one of the site's "
                f"languages ({codes})", source.path, 1,
                hint="add it to `languages` in lanting.toml, or rename the file"))
        elif language.is_default:
            problems.append(Problem(
                f"`{name}` is in the site's default language, whose CV is `cv.yaml`",
                source.path, 1, hint="rename it to cv.yaml"))
        elif language.code in own:
            problems.append(Problem(
                f"two CVs in `{language.code}`: `{own[language.code].rel.name}` and `{name}`",
                source.path, 1, hint="keep one of them"))
        else:
            own[language.code] = source
    return own


def _file_problems(source: Source | None, translations: tuple[Source, ...],
                   config: Config) -> tuple[dict[str, Source], list[Problem]]:
    """Each language's own CV file, and what is wrong with the files themselves."""
    problems: list[Problem] = []
    own = _own_files(translations, site_languages(config), problems)
    if source is None and translations:
        problems.append(Problem(
            f"`{translations[0].rel.name}` translates a CV, but there is no `cv.yaml`",
            translations[0].path, 1,
            hint="the default language's CV is content/cv.yaml; add it (or rename this "
                 "file to cv.yaml)"))
    return own, problems


def check_cv_files(source: Source | None, translations: tuple[Source, ...],
                   config: Config) -> None:
    """LantingError when a CV file names no language of the site (or translates no
    `cv.yaml`): asked before anything else, as it says why other files clash too."""
    _own, problems = _file_problems(source, translations, config)
    if problems:
        raise LantingError(problems)


def parse_cvs(source: Source | None, translations: tuple[Source, ...],
              config: Config, link_maps: Mapping[str, Mapping[str, str]] | None = None
              ) -> dict[str, Cv]:
    """The CV of each site language (code -> Cv), the default language's first: its own
    `cv.<code>.yaml`, else `cv.yaml` read in that language, its links to files of
    `content/` from the language's link map (`link_maps`, by code; "" the default).
    Empty without `cv.yaml`; LantingError listing every mistake of every file."""
    languages = site_languages(config)
    own, problems = _file_problems(source, translations, config)
    cvs: dict[str, Cv] = {}
    for language in languages if source is not None else ():
        try:
            maps = link_maps or {}
            cv = parse_cv(own.get(language.code, source), language.code, config.base_path,
                          maps.get(language.code, maps.get("")))
        except LantingError as error:
            problems += [p for p in error.problems if p not in problems]  # once per file
            continue
        if cv is not None:
            cvs[language.code] = cv
    if problems:
        raise LantingError(problems)
    return cvs

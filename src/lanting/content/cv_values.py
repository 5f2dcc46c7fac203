"""Values of a CV file as a page shows them: Markdown rendered inline (links to files of
`content/` leading to their pages), dates in the page's language, section titles, and the
line of each value for messages (`cv.py` reads the file, `cv_schemas.py` its schema)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from lanting.config.i18n import base_language
from lanting.markdown.render import render_markdown, resolve_links
from lanting.model.content import Source
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
_DATE = re.compile(r"(\d{4})(?:-(\d{1,2})(?:-\d{1,2})?)?")
"""A date as RenderCV writes one: `2024`, `2024-03`, `2024-03-15`."""
_SPAN = re.compile(r"(\d{4}(?:-\d{1,2})?)\s*[-–—~]\s*(\d{4}(?:-\d{1,2})?|[Pp]resent|至今)")
"""Two dates written as one value: `2020-2026`, `2024-03 – present`."""
PRESENT = {"zh": "至今", "en": "present"}
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


class CvReader:
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
            found = _DATE.fullmatch(text)
            if found is None:
                # a span in one value (`2020-2026`, `2026-Present`), else free text, as
                # RenderCV allows (`2020-2026` was read as the month 2026 and crashed)
                span = _SPAN.fullmatch(text)
                return f"{self.date(span[1])} – {self.date(span[2])}" if span else text
            year, month = int(found[1]), int(found[2] or 0)
            if month > 12:
                return text
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
        return tuple(self.inline(h, item_line(value, i, line)) for i, h in enumerate(items))


def node_line(node: Any, key: str | None = None, default: int = 1) -> int:
    """1-based line of `key` in a mapping (or of the mapping itself)."""
    try:
        if key is not None and isinstance(node, CommentedMap) and key in node:
            return int(node.lc.key(key)[0]) + 1
        return int(node.lc.line) + 1
    except (AttributeError, KeyError, TypeError):
        return default


def item_line(seq: Any, index: int, default: int) -> int:
    try:
        return int(seq.lc.item(index)[0]) + 1 if isinstance(seq, CommentedSeq) else default
    except (AttributeError, KeyError, TypeError):
        return default


def section_title(key: str, lang: str) -> str:
    """A known section's title in the site's language; else the key as written, its first
    letter capitalised (`selected_talks` → "Selected talks"; "Research at MIT" stays, where
    `str.capitalize` lowered the rest)."""
    # (a language with interface strings but no CV titles of its own: English's)
    known = TITLES.get(base_language(lang), TITLES["en"]).get(key.lower())
    text = key.replace("_", " ").strip()
    return known or text[:1].upper() + text[1:]

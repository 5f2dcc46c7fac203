"""Stage 9 — "cite this post": a post as a BibTeX entry and as a formatted reference in
the post's citation style (its `citation_style`, else `[citations] style`), for the
block under each post."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from html import escape

from lanting.markdown.citestyles import entry_html
from lanting.model.cite import Author, Reference
from lanting.model.config import Config
from lanting.model.pages import Page

_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_BIBTEX_SPECIAL = re.compile(r"([%&#_$\\{}])")
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


@dataclass(frozen=True, slots=True)
class CiteThis:
    key: str
    bibtex: str
    html: str
    """The post as its entry in a reference list (escaped HTML)."""


def _author(config: Config) -> Author | None:
    name = (config.author or config.profile.name).strip()
    if not name:
        return None
    if _CJK.search(name) or " " not in name:
        return Author(name, name)
    first, _, last = name.rpartition(" ")
    return Author(name, last, first)


def _bibtex_value(text: str) -> str:
    return _BIBTEX_SPECIAL.sub(lambda m: "\\textbackslash{}" if m.group(1) == "\\"
                               else "\\" + m.group(1), text)


def cite_this(config: Config, absolute: Callable[[str], str], page: Page) -> CiteThis:
    """How to cite `page`: what a reader pastes into their .bib, and the reference."""
    author = _author(config)
    url = absolute(page.url)
    year = page.date.year if page.date else None
    slug = re.sub(r"[^\w-]+", "", page.url.rstrip("/").rsplit("/", 1)[-1]) or "post"
    key = f"{slug}{year or ''}"
    lines = [f"@misc{{{key},"]
    if author is not None:
        who = author.name if not author.first else f"{author.last}, {author.first}"
        lines.append(f"  author = {{{_bibtex_value(who)}}},")
    lines.append(f"  title = {{{_bibtex_value(page.title)}}},")
    if year:
        lines.append(f"  year = {{{year}}},")
        lines.append(f"  month = {_MONTHS[page.date.month - 1]},")  # type: ignore[union-attr]
    lines.append(f"  howpublished = {{\\url{{{url}}}}},")
    lines.append(f"  note = {{{_bibtex_value(config.title)}}},")
    lines.append("}")
    reference = Reference(
        key=key, entry_type="online", lang="zh" if page.lang.lower().startswith("zh") else "en",
        authors=(author,) if author else (), et_al=False, editors=(), title=page.title,
        title_html=escape(page.title, quote=False), year=year,
        fields=(("howpublished", config.title), ("url", url)), link=url)
    style = page.citation_style or config.citations.style
    return CiteThis(key, "\n".join(lines), entry_html(reference, style))

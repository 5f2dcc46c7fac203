"""Stage 4 (documents) — split each source into front matter and body, and validate
the front matter.

The YAML (`---`) or TOML (`+++`) is read in `frontmatter_syntax.py`; here its keys are
checked and typed into a `FrontMatter`. Every error names the line inside the Markdown
file.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from typing import Any

from lanting.config.locate import nesting_line
from lanting.config.schema import SchemaProblem, build
from lanting.config.validate import LANGUAGE_TAG
from lanting.content.discover import source_text
from lanting.content.foreign import EQUIVALENTS, HARMLESS, foreign_keys
from lanting.content.frontmatter_checks import (
    chapter_number,
    control_characters,
    problem,
    slide_level_problems,
    slug_problems,
    title_hint,
)
from lanting.content.frontmatter_syntax import (
    MAX_NESTING,
    parse_date,
    parse_toml,
    parse_yaml,
    split_front_matter,
)
from lanting.content.marp import DIRECTIVES as MARP_DIRECTIVES
from lanting.content.marp import split_marp_keys
from lanting.content.pandoc_title import read_title_block
from lanting.content.revealmd import split_reveal_md_keys
from lanting.content.slidev import is_slidev_deck, split_slidev_keys
from lanting.content.xaringan import is_xaringan, split_xaringan_keys
from lanting.errors import LantingError, did_you_mean
from lanting.markdown.mathforms import TITLE_MATH, math_forms
from lanting.model.cite import CITATION_STYLES
from lanting.model.config import EQUATION_NUMBERS
from lanting.model.content import (
    Attachment,
    Document,
    FrontMatter,
    Kind,
    NamedLink,
    NewsItem,
    NotebookPart,
    RawNews,
    Source,
)
from lanting.model.names import alias_path
from lanting.model.problem import Problem
from lanting.model.url import Url


@dataclass(frozen=True, slots=True)
class RawLink:
    name: str
    url: Url


@dataclass(frozen=True, slots=True)
class RawFrontMatter:
    """The accepted keys, as written (dates still unparsed)."""

    title: str = ""
    date: Any = None
    updated: Any = None
    summary: str | None = None
    tags: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    draft: bool = False
    unlisted: bool = False
    slug: str | None = None
    lang: str | None = None
    series: str | None = None
    series_order: int | None = None
    translation_key: str | None = None
    toc: bool = True
    number_sections: bool = False
    chapter: Any = None
    first_figure: int | None = None
    macros: dict[str, str] = field(default_factory=dict)
    equation_numbers: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    # The academic pages: the home page's news; a talk's event and its paper.
    news: tuple[RawNews, ...] = ()
    event: str | None = None
    end_date: Any = None
    location: str | None = None
    paper: str | None = None
    video: Url | None = None
    slides_pdf: Url | None = None
    slide_level: int | None = None
    cover: Url | None = None
    aliases: tuple[str, ...] = ()
    # Citing: the page's own .bib files and its citation style.
    bibliography: tuple[str, ...] = ()
    citation_style: str | None = None
    # A project's links, talk, posts and place in the list.
    links: tuple[RawLink, ...] = ()
    talk: str | None = None
    posts: tuple[str, ...] = ()
    weight: int = 0
    role: str | None = None
    term: str | None = None


_NAME_SEPARATORS = re.compile(r"[,，]")


def _split_names(data: dict[str, Any]) -> dict[str, Any]:
    """`tags: ml, 笔记` (HackMD writes a note's tags so) is two tags, not one named
    `ml, 笔记`; so are categories. (A list keeps its items as written.)"""
    split = {key: [name for name in _NAME_SEPARATORS.split(data[key]) if name.strip()]
             for key in ("tags", "categories")
             if isinstance(data.get(key), str) and _NAME_SEPARATORS.search(data[key])}
    return {**data, **split} if split else data


def _distinct(names: Iterable[str]) -> tuple[str, ...]:
    """Tags (or categories) trimmed, each once: `[PyTorch, pytorch]` is one tag, as the
    site's tag pages have it (they merge spellings case-insensitively)."""
    seen: set[str] = set()
    kept = []
    for name in names:
        name = name.strip() if name else ""
        if name and name.casefold() not in seen:
            seen.add(name.casefold())
            kept.append(name)
    return tuple(kept)


def _news(source: Source, raw: RawFrontMatter, lines: dict[str, int],
          problems: list[Problem]) -> tuple[NewsItem, ...]:
    items = []
    for i, item in enumerate(raw.news):
        line = lines.get(f"news.{i}") or lines.get("news") or 1
        if item.date is None:
            problems.append(Problem(f"news.{i}: a news item needs a `date`", source.path, line,
                                    hint="write `- date: YYYY-MM-DD` and `text: …`"))
            continue
        try:
            items.append(NewsItem(parse_date(item.date), item.text, line))
        except ValueError as error:
            problems.append(Problem(f"news.{i}.date: {error}", source.path, line,
                                    hint="write dates as YYYY-MM-DD"))
    return tuple(sorted(items, key=lambda n: n.date, reverse=True))


_KNOWN_KEYS = tuple(f.name for f in fields(RawFrontMatter))


def _split_source(source: Source, raw_html: bool) -> tuple[
        str | None, str | None, str, int, tuple[Attachment, ...], tuple[Problem, ...],
        tuple[NotebookPart, ...]]:
    if source.rel.suffix == ".ipynb":
        # Imported here: sites without notebooks do not pay for it (nor for its SVG checks).
        from lanting.content.notebook import convert_notebook

        notebook = convert_notebook(source_text(source), source.rel.as_posix(), source.path,
                                    raw_html)
        fmt = "yaml" if notebook.front_matter else None
        return (fmt, notebook.front_matter, notebook.body, 1, notebook.attachments,
                notebook.warnings, notebook.parts)
    return (*split_front_matter(source_text(source)), (), (), ())


_KIND_NAMES = {Kind.HOME: "the home page", Kind.BLOG: "the blog page",
               Kind.PUBLICATIONS: "the publications page", Kind.TALK: "a talk",
               Kind.TERM: "a tag's, category's or series' page",
               Kind.PROJECT: "a project", Kind.TEACHING: "a course",
               Kind.PERSON: "a person's page"}


_TITLED = {Kind.PROJECT: "a project", Kind.TEACHING: "a course",
           Kind.PERSON: "a person (the name)"}


def parse(source: Source, raw_html: bool = True) -> Document:
    """Split and validate one source; raise LantingError with every problem in it.
    `raw_html` (the site's `[markdown] raw_html`) decides how a notebook's HTML outputs
    are shown."""
    fmt, head, body, body_line, attachments, warnings, parts = _split_source(source,
                                                                              raw_html)
    if head is None:
        fence = "---" if fmt == "yaml" else "+++"
        raise LantingError.at(f"front matter is not closed: no line `{fence}` after line 1",
                              source.path, 1, hint=f"add a line `{fence}` after the front matter")
    try:
        data, lines = (
            parse_yaml(source, head) if fmt == "yaml"
            else parse_toml(source, head) if fmt == "toml"
            else ({}, {})
        )
    except RecursionError:  # `[[[[…]]]]` thousands deep: no page's metadata nests so
        line = nesting_line(head, MAX_NESTING)
        raise LantingError.at("front matter nests too deeply", source.path,
                              1 + (line or 1),
                              hint="a value may hold lists and tables a few levels deep, "
                                   "not thousands") from None
    title_block = None
    if source.kind is Kind.TALK:  # (`% Title` lines opening a deck made for Pandoc)
        pandoc = not (data.get("marp") or is_xaringan(data)
                      or is_slidev_deck(source, data, body))
        data, body, title_block = read_title_block(data, lines, body, body_line, pandoc)
    slidev = None
    if is_slidev_deck(source, data, body):
        data, slidev = split_slidev_keys(
            data, lines, (*_KNOWN_KEYS, *HARMLESS, *EQUIVALENTS, "marp"))
    data, reveal_md = split_reveal_md_keys(source, data, lines)
    data, marp, problems = split_marp_keys(source, data, lines)
    data, xaringan = split_xaringan_keys(source, data)
    data, foreign_problems, foreign = foreign_keys(
        source.path, data, lines, _KNOWN_KEYS, MARP_DIRECTIVES if marp is not None else ())
    problems += foreign_problems
    warnings = (*warnings, *reveal_md, *foreign)
    data = _split_names(data)
    schema_problems: list[SchemaProblem] = []
    raw = build(RawFrontMatter, data, (), schema_problems)
    problems += [problem(source, lines, p.path, p.message, p.hint) for p in schema_problems]
    # (The schema refuses them in the typed keys; `params` holds anything.)
    problems += control_characters(source, data.get("params"), lines, ("params",))
    if raw is None:
        raise LantingError(problems)
    dates: dict[str, dt.datetime | None] = {}
    for key in ("date", "updated", "end_date"):
        value = getattr(raw, key)
        try:
            dates[key] = None if value is None else parse_date(value)
        except ValueError as error:
            problems.append(problem(source, lines, (key,), str(error),
                                     "write dates as YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS+08:00"))
    end, start = dates.get("end_date"), dates.get("date")
    if end is not None and start is not None and end.date() < start.date():
        problems.append(problem(source, lines, ("end_date",), f"{end.date()} is before "
                                 f"`date` ({start.date()})",
                                 "`date` is an event's first day, `end_date` its last"))
    if raw.lang is not None and not LANGUAGE_TAG.fullmatch(raw.lang):
        problems.append(problem(source, lines, ("lang",),
                                 f"`{raw.lang}` is not a language tag",
                                 "use a BCP 47 tag such as zh-CN or en"))
    if raw.slug is not None:
        problems += slug_problems(source, lines, raw.slug)
    aliases = []
    for i, alias in enumerate(raw.aliases):
        path, reason = alias_path(alias)
        if path is None:
            problems.append(problem(source, lines, ("aliases", str(i)), f"`{alias}`: {reason}",
                                     "write the old URL's path, e.g. `/2024/05/old-name/` or "
                                     "`/posts/old.html`"))
        elif path not in aliases:
            aliases.append(path)
    if raw.citation_style is not None and raw.citation_style not in CITATION_STYLES:
        problems.append(problem(source, lines, ("citation_style",),
                                 f"unknown citation style `{raw.citation_style}`",
                                 did_you_mean(raw.citation_style, CITATION_STYLES)
                                 or f"one of {', '.join(CITATION_STYLES)}"))
    if raw.equation_numbers is not None and raw.equation_numbers not in EQUATION_NUMBERS:
        problems.append(problem(source, lines, ("equation_numbers",),
                                f"expected `ams` or `all`, not `{raw.equation_numbers}`",
                                did_you_mean(raw.equation_numbers, EQUATION_NUMBERS)))
    chapter = chapter_number(raw.chapter)
    if raw.first_figure is not None and raw.first_figure < 1:
        problems.append(problem(source, lines, ("first_figure",),
                                f"`first_figure: {raw.first_figure}`: a figure's number is 1 "
                                "or more", "write the number the page's first figure takes"))
    if raw.chapter is not None and chapter is None:
        problems.append(problem(source, lines, ("chapter",),
                                 f"`chapter: {raw.chapter}` is no chapter number",
                                 "write the chapter's number, `chapter: 3` (0 for a preface), "
                                 "or a section's, `chapter: 2.3`"))
    if raw.unlisted and source.kind not in (Kind.POST, Kind.PAGE):
        problems.append(problem(
            source, lines, ("unlisted",),
            f"only posts and pages can be unlisted, not {_KIND_NAMES[source.kind]}",
            "remove `unlisted: true` (or `draft: true` leaves it out)"))
    problems += slide_level_problems(source, raw.slide_level, lines)
    if source.kind in _TITLED and not raw.title.strip():
        problems.append(problem(source, lines, ("title",) if "title" in lines else (),
                                 f"{_TITLED[source.kind]} needs a `title`",
                                 title_hint(body)))
    if source.kind in (Kind.POST, Kind.TALK):
        what = "a post" if source.kind is Kind.POST else "a talk"
        invalid = {p.path[0] for p in schema_problems if p.path}  # reported already
        if not raw.title.strip() and "title" not in invalid:
            problems.append(problem(source, lines, ("title",) if "title" in lines else (),
                                     f"{what} needs a `title`",
                                     title_hint(body, source.kind is Kind.TALK)))
        if raw.date is None:
            problems.append(problem(source, lines, (), f"{what} needs a `date`",
                                     "add `date: YYYY-MM-DD` to the front matter"))
    news = _news(source, raw, lines, problems)
    title, title_html = raw.title.strip(), ""
    if "$" in title and TITLE_MATH.search(title):
        try:
            title, title_html = math_forms(title, (source.path, lines.get("title", 1)),
                                           TITLE_MATH)
        except LantingError as error:
            problems += error.problems
    if problems:
        raise LantingError(problems)
    meta = FrontMatter(
        title=title, title_html=title_html, date=dates.get("date"), updated=dates.get("updated"),
        summary=raw.summary, summary_line=lines.get("summary", 1), tags=_distinct(raw.tags),
        categories=_distinct(raw.categories),
        draft=raw.draft, unlisted=raw.unlisted, slug=raw.slug, lang=raw.lang, series=raw.series,
        series_order=raw.series_order, translation_key=raw.translation_key, toc=raw.toc,
        number_sections=raw.number_sections, chapter=chapter, first_figure=raw.first_figure,
        macros=raw.macros, equation_numbers=raw.equation_numbers, params=raw.params,
        news=news, event=raw.event,
        end_date=dates.get("end_date"),
        location=raw.location, paper=raw.paper, video=raw.video, slides_pdf=raw.slides_pdf,
        slide_level=raw.slide_level, cover=raw.cover, aliases=tuple(aliases),
        bibliography=tuple(b.strip() for b in raw.bibliography if b.strip()),
        citation_style=raw.citation_style,
        links=tuple(NamedLink(x.name, x.url) for x in raw.links),
        talk=raw.talk, posts=raw.posts, weight=raw.weight, role=raw.role, term=raw.term,
        marp=marp, slidev=slidev, xaringan=xaringan, title_block=title_block,
    )
    return Document(source, meta, body, body_line, lines, attachments, warnings, parts)

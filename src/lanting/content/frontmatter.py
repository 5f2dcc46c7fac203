"""Stage 4 (documents) — split each source into front matter and body, and validate
the front matter.

YAML (`---`) is read with YAML 1.2 semantics (`no` stays a string) and duplicate keys
are rejected; TOML (`+++`) with `tomllib`. Every error names the line inside the
Markdown file.
"""

from __future__ import annotations

import datetime as dt
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.events import AliasEvent

from lanting.config.load import LANGUAGE_TAG
from lanting.config.locate import nesting_line, toml_key_lines
from lanting.config.schema import CONTROL_CHARACTERS, SchemaProblem, build
from lanting.content.discover import source_text
from lanting.content.foreign import unknown_key_hint
from lanting.content.marp import split_marp_keys
from lanting.errors import LantingError, did_you_mean
from lanting.markdown.mathforms import TITLE_MATH, math_forms
from lanting.model.cite import CITATION_STYLES
from lanting.model.config import Url
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
from lanting.model.names import MAX_NAME_BYTES, RESERVED_PREFIX, alias_path
from lanting.model.problem import Problem

SLUG_RE = re.compile(r"^[\w][\w.\-]*$")


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
    macros: dict[str, str] = field(default_factory=dict)
    params: dict[str, Any] = field(default_factory=dict)
    # The academic pages: the home page's news; a talk's event and its paper.
    news: tuple[RawNews, ...] = ()
    event: str | None = None
    location: str | None = None
    paper: str | None = None
    video: Url | None = None
    slides_pdf: Url | None = None
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


def _yaml() -> YAML:
    # The safe loader with ruamel's C parser: YAML 1.2, duplicate keys rejected, three
    # faster than the round-trip loader. Key lines come from `_top_level_lines`.
    yaml = YAML(typ="safe", pure=False)
    yaml.allow_duplicate_keys = False
    return yaml


_TOP_LEVEL_KEY = re.compile(r"""^(?:"([^"]+)"|'([^']+)'|([^\s#"'][^:#]*?))\s*:(?:\s|$)""")


_LIST_ITEM = re.compile(r"^\s+-(\s|$)")


def _top_level_lines(text: str) -> dict[str, int]:
    """File line of each top-level key of a YAML front matter (which starts on line 2),
    and of the items of block lists as `key.N` (e.g. `news.0`, for later messages)."""
    lines: dict[str, int] = {}
    key, items = "", 0
    for number, line in enumerate(text.split("\n"), start=2):
        match = _TOP_LEVEL_KEY.match(line)
        if match:
            key, items = next(g for g in match.groups() if g is not None).strip(), 0
            lines.setdefault(key, number)
        elif key and _LIST_ITEM.match(line):
            lines.setdefault(f"{key}.{items}", number)
            items += 1
    return lines


_YAML = _yaml()


def _split(text: str) -> tuple[str | None, str | None, str, int]:
    """(format, front matter text, body, body's first line). format is 'yaml', 'toml' or None."""
    for fence, fmt in (("---", "yaml"), ("+++", "toml")):
        if text.startswith(fence) and text[3:4] in ("\n", ""):
            lines = text.split("\n")
            for i in range(1, len(lines)):
                if lines[i].rstrip() == fence:
                    return fmt, "\n".join(lines[1:i]), "\n".join(lines[i + 1 :]), i + 2
            return fmt, None, "", 1
    return None, "", text, 1


MAX_FRONT_MATTER = 256 * 1024
"""Characters a front matter may have: it is a page's metadata, and bounding it bounds
the work any one file can cause before its Markdown is read."""


def _refuse_aliases(source: Source, text: str) -> None:
    """YAML aliases (`*name` repeating an `&name` anchor) can expand exponentially: nine
    nested levels of a 479-byte front matter take gigabytes. Front matter never needs
    them. (Without an `&` there is no anchor, so the common case reads nothing twice.)"""
    if "&" not in text or "*" not in text:
        return
    try:
        for event in _YAML.parse(text):
            if isinstance(event, AliasEvent):
                raise LantingError.at("YAML aliases (`*name`) are not allowed in front matter",
                                      source.path, event.start_mark.line + 2,
                                      hint="write the value out where it is used")
    except YAMLError:
        return  # `load` reports it, with its line


MAX_NESTING = 64
"""Flow brackets (`[[[…`) a front matter may nest: far more than any page's metadata, and
far fewer than the tens of thousands that crash the YAML reader's C code outright."""


def _refuse_deep_nesting(source: Source, text: str) -> None:
    if text.count("[") + text.count("{") <= MAX_NESTING:
        return
    line = nesting_line(text, MAX_NESTING)  # quotes ignored: deeper than real, never less
    if line is not None:
        raise LantingError.at("front matter nests too deeply", source.path, line + 1,
                              hint=f"lists and tables at most {MAX_NESTING} deep")


def _parse_yaml(source: Source, text: str) -> tuple[dict[str, Any], dict[str, int]]:
    if len(text) > MAX_FRONT_MATTER:
        raise LantingError.at(
            f"front matter is {len(text):,} characters long (limit {MAX_FRONT_MATTER:,})",
            source.path, 2, hint="is the closing `---` missing? keep long text in the body")
    _refuse_aliases(source, text)
    _refuse_deep_nesting(source, text)
    try:
        data = _YAML.load(text) if text.strip() else {}
    except MarkedYAMLError as error:
        message = " ".join(str(m) for m in (error.context, error.problem) if m)
        # "while parsing a flow sequence … did not find ']'": the unclosed bracket is
        # where the construct began; for a duplicate key, the second occurrence.
        marks = (error.problem_mark, error.context_mark)
        if "duplicate" not in message:
            marks = marks[::-1]
        mark = marks[0] or marks[1]
        line = mark.line + 2 if mark is not None else 2
        hint = "check the indentation and quote values containing `:`"
        if "duplicate key" in message or "found duplicate" in message:
            message = re.sub(r"\s+", " ", message)
            hint = "a key may appear only once; remove or rename one of them"
        raise LantingError.at(f"invalid YAML front matter: {message}", source.path, line,
                              hint=hint) from None
    except YAMLError as error:
        raise LantingError.at(f"invalid YAML front matter: {error}", source.path, 2) from None
    except ValueError as error:  # ruamel builds dates eagerly: `date: 2026-13-45`
        raise _bad_yaml_value(source, text, error) from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise LantingError.at("front matter must be a mapping of `key: value` lines",
                              source.path, 2)
    return _plain(data), _top_level_lines(text)


def _bad_yaml_value(source: Source, text: str, error: ValueError) -> LantingError:
    """Locate the scalar ruamel could not build (it says only "month must be in 1..12")."""
    try:
        root = _YAML.compose(text)
    except YAMLError:
        root = None
    for key, node in getattr(root, "value", None) or []:
        if not str(getattr(node, "tag", "")).endswith("timestamp"):
            continue
        try:
            parse_date(str(node.value))
        except ValueError as reason:
            return LantingError.at(f"{key.value}: {reason}", source.path,
                                   node.start_mark.line + 2,
                                   hint="write dates as YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS+08:00")
    return LantingError.at(f"invalid YAML front matter: {error}", source.path, 2)




def _scalar_values(text: str) -> str:
    """YAML's `"\\ud83d\\ude00"` escapes give surrogates, which no file can hold: pairs
    become their character, a lone one U+FFFD (else writing the page would fail)."""
    if not any("\ud800" <= c <= "\udfff" for c in text):
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def _control_characters(source: Source, data: Any, lines: dict[str, int],
                        path: tuple[str, ...] = ()) -> list[Problem]:
    """Control characters in front-matter values (`"\\0"` escapes, text pasted from a
    terminal): no page, feed or XML file may carry them, so each is an error."""
    if isinstance(data, str):
        found = CONTROL_CHARACTERS.search(data)
        if found is None:
            return []
        return [_problem(source, lines, path, f"control character U+{ord(found.group()):04X} "
                         "in the value", "remove it (it is invisible, and no page may show "
                         "it)")]
    if isinstance(data, dict):
        return [p for key, value in data.items()
                for p in _control_characters(source, value, lines, (*path, str(key)))]
    if isinstance(data, list):
        return [p for i, value in enumerate(data)
                for p in _control_characters(source, value, lines, (*path, str(i)))]
    return []


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


def _plain(value: Any) -> Any:
    """ruamel's round-trip containers to plain dicts, lists and scalars."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, str):
        return _scalar_values(str(value))
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, dt.datetime):
        return dt.datetime(value.year, value.month, value.day, value.hour, value.minute,
                           value.second, value.microsecond, value.tzinfo)
    return value


def _parse_toml(source: Source, text: str) -> tuple[dict[str, Any], dict[str, int]]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"\(at line (\d+), column (\d+)\)", str(error))
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(error))
        line = int(match.group(1)) + 1 if match else 2
        if not match and "(at end of document)" in str(error):
            line = len(text.split("\n")) + 1  # the last line of the front matter
            message = message.replace(" (at end of document)", "")
        raise LantingError.at(f"invalid TOML front matter: {message}", source.path, line
                              ) from None
    key_lines = toml_key_lines(text)
    lines = {k[0]: v + 1 for k, v in key_lines.items() if len(k) == 1}
    lines.update({f"{k[0]}.{k[1]}": v + 1 for k, v in key_lines.items()
                  if len(k) == 2 and k[1].isdigit()})
    return data, lines


def parse_date(value: Any) -> dt.datetime:
    """A date or datetime from YAML/TOML or a string; raises ValueError."""
    if isinstance(value, dt.datetime):
        return value if value.tzinfo else value.replace(tzinfo=dt.UTC)
    if isinstance(value, dt.date):
        return dt.datetime(value.year, value.month, value.day, tzinfo=dt.UTC)
    if isinstance(value, str):
        text = value.strip().replace(" ", "T", 1)
        try:
            if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
                return parse_date(dt.date.fromisoformat(text))
            if re.fullmatch(r"\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})?", text):
                return parse_date(dt.datetime.fromisoformat(text))
        except ValueError as error:  # "month must be in 1..12" alone names no value
            raise ValueError(f"`{value}` is not a date: {error}") from None
    raise ValueError(f"`{value}` is not a date")


def _slug_problems(source: Source, lines: dict[str, int], slug: str) -> list[Problem]:
    if not SLUG_RE.fullmatch(slug):
        return [_problem(source, lines, ("slug",), f"`{slug}` is not a valid slug",
                         "use letters, digits, `-`, `_` and `.` only, no `/`")]
    if len(slug.encode()) > MAX_NAME_BYTES:
        return [_problem(source, lines, ("slug",),
                         f"`{slug[:24]}…` is {len(slug.encode())} bytes long: file systems "
                         f"allow {MAX_NAME_BYTES} bytes in a folder name",
                         "choose a shorter slug")]
    if slug.lower().startswith(RESERVED_PREFIX):
        return [_problem(source, lines, ("slug",),
                         f"`{slug}` starts with `{RESERVED_PREFIX}`, which is reserved: "
                         f"`lanting serve` answers /{RESERVED_PREFIX}/ itself",
                         f"choose a slug that does not start with `{RESERVED_PREFIX}`")]
    return []


def _problem(source: Source, lines: dict[str, int], path: tuple[str, ...], message: str,
             hint: str | None = None) -> Problem:
    # The item of a list if its line is known (`news.2`), else the key's line.
    line = (lines.get(".".join(path[:2])) or lines.get(path[0])) if path else None
    return Problem(f"{'.'.join(path)}: {message}" if path else message, source.path,
                   line or 1, hint=hint)


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


def _foreign_keys(source: Source, data: dict[str, Any], lines: dict[str, int]) -> tuple[
        dict[str, Any], list[Problem], list[Problem]]:
    """The keys Lanting knows; errors for the others, warnings for those of other
    generators that would change nothing (`foreign.unknown_key_hint`)."""
    errors: list[Problem] = []
    warnings: list[Problem] = []
    kept: dict[str, Any] = {}
    for key, value in data.items():
        if key in _KNOWN_KEYS:
            kept[key] = value
            continue
        severity, hint = unknown_key_hint(key, _KNOWN_KEYS)
        if severity == "warning":
            warnings.append(Problem(f"`{key}` is not a Lanting key: ignored", source.path,
                                    lines.get(key, 1), hint=hint, severity="warning"))
        else:
            errors.append(_problem(source, lines, (key,), f"unknown key `{key}`", hint))
    return kept, errors, warnings


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
    return (*_split(source_text(source)), (), (), ())


_KIND_NAMES = {Kind.HOME: "the home page", Kind.TALK: "a talk", Kind.PROJECT: "a project",
               Kind.TEACHING: "a course", Kind.PERSON: "a person's page"}


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
            _parse_yaml(source, head) if fmt == "yaml"
            else _parse_toml(source, head) if fmt == "toml"
            else ({}, {})
        )
    except RecursionError:  # `[[[[…]]]]` thousands deep: no page's metadata nests so
        line = nesting_line(head, MAX_NESTING)
        raise LantingError.at("front matter nests too deeply", source.path,
                              1 + (line or 1),
                              hint="a value may hold lists and tables a few levels deep, "
                                   "not thousands") from None
    data, marp, problems = split_marp_keys(source, data, lines)
    data, foreign_problems, foreign = _foreign_keys(source, data, lines)
    problems += foreign_problems
    warnings = (*warnings, *foreign)
    schema_problems: list[SchemaProblem] = []
    raw = build(RawFrontMatter, data, (), schema_problems)
    problems += [_problem(source, lines, p.path, p.message, p.hint) for p in schema_problems]
    # (The schema refuses them in the typed keys; `params` holds anything.)
    problems += _control_characters(source, data.get("params"), lines, ("params",))
    if raw is None:
        raise LantingError(problems)
    dates: dict[str, dt.datetime | None] = {}
    for key in ("date", "updated"):
        value = getattr(raw, key)
        try:
            dates[key] = None if value is None else parse_date(value)
        except ValueError as error:
            problems.append(_problem(source, lines, (key,), str(error),
                                     "write dates as YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS+08:00"))
    if raw.lang is not None and not LANGUAGE_TAG.fullmatch(raw.lang):
        problems.append(_problem(source, lines, ("lang",),
                                 f"`{raw.lang}` is not a language tag",
                                 "use a BCP 47 tag such as zh-CN or en"))
    if raw.slug is not None:
        problems += _slug_problems(source, lines, raw.slug)
    aliases = []
    for i, alias in enumerate(raw.aliases):
        path, reason = alias_path(alias)
        if path is None:
            problems.append(_problem(source, lines, ("aliases", str(i)), f"`{alias}`: {reason}",
                                     "write the old URL's path, e.g. `/2024/05/old-name/` or "
                                     "`/posts/old.html`"))
        elif path not in aliases:
            aliases.append(path)
    if raw.citation_style is not None and raw.citation_style not in CITATION_STYLES:
        problems.append(_problem(source, lines, ("citation_style",),
                                 f"unknown citation style `{raw.citation_style}`",
                                 did_you_mean(raw.citation_style, CITATION_STYLES)
                                 or f"one of {', '.join(CITATION_STYLES)}"))
    if raw.unlisted and source.kind not in (Kind.POST, Kind.PAGE):
        problems.append(_problem(
            source, lines, ("unlisted",),
            f"only posts and pages can be unlisted, not {_KIND_NAMES[source.kind]}",
            "remove `unlisted: true` (or `draft: true` leaves it out)"))
    if source.kind in _TITLED and not raw.title.strip():
        problems.append(_problem(source, lines, ("title",) if "title" in lines else (),
                                 f"{_TITLED[source.kind]} needs a `title`"))
    if source.kind in (Kind.POST, Kind.TALK):
        what = "a post" if source.kind is Kind.POST else "a talk"
        invalid = {p.path[0] for p in schema_problems if p.path}  # reported already
        if not raw.title.strip() and "title" not in invalid:
            problems.append(_problem(source, lines, ("title",) if "title" in lines else (),
                                     f"{what} needs a `title`"))
        if raw.date is None:
            problems.append(_problem(source, lines, (), f"{what} needs a `date`",
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
        summary=raw.summary, tags=_distinct(raw.tags), categories=_distinct(raw.categories),
        draft=raw.draft, unlisted=raw.unlisted, slug=raw.slug, lang=raw.lang, series=raw.series,
        series_order=raw.series_order, translation_key=raw.translation_key, toc=raw.toc,
        macros=raw.macros, params=raw.params, news=news, event=raw.event,
        location=raw.location, paper=raw.paper, video=raw.video, slides_pdf=raw.slides_pdf,
        cover=raw.cover, aliases=tuple(aliases),
        bibliography=tuple(b.strip() for b in raw.bibliography if b.strip()),
        citation_style=raw.citation_style,
        links=tuple(NamedLink(x.name, x.url) for x in raw.links),
        talk=raw.talk, posts=raw.posts, weight=raw.weight, role=raw.role, term=raw.term,
        marp=marp,
    )
    return Document(source, meta, body, body_line, lines, attachments, warnings, parts)

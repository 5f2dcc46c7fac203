"""A page that shows a collection's documents in it, each in its own layout: just-the-
class' calendar (`{% for module in site.modules %}{{ module }}{% endfor %}`), its feed of
announcements (the loop over `site.announcements | reverse`), its home page's latest one
(`{{ site.announcements.last }}`) and a staff page's whole collection (`{{ site.staff }}`).
The documents' text is written into the page, under the headings their layout gave them;
Lanting has no place for the collection itself. A part of `jekyll_pages`."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.liquid import value_at
from lanting.importer.liquid_filters import filter_chain
from lanting.importer.text import load_mapping, split_front_matter

_LOOP = re.compile(
    r"(?:\{%-?\s*assign\s+(?P<var>\w+)\s*=\s*site\.(?P<assigned>\w+)"
    r"(?P<reverse>\s*\|\s*reverse)?\s*-?%\}\s*)?"
    r"\{%-?\s*for\s+(?P<doc>\w+)\s+in\s+(?:site\.(?P<coll>\w+)|(?P<name>\w+))"
    r"(?P<reversed>\s+reversed)?\s*-?%\}\s*"
    r"\{\{-?\s*(?P=doc)\s*-?\}\}\s*\{%-?\s*endfor\s*-?%\}")
"""A loop printing each document whole (`{{ module }}`: the document in its layout), over
the collection or over a variable assigned from it, in its order or reversed."""
_ONE = re.compile(r"\{\{-?\s*site\.(\w+)\.(first|last)\s*-?\}\}")
_IF = re.compile(r"\{%-?\s*if\s+site\.(\w+)\s*-?%\}((?:(?!\{%-?\s*(?:if|else|elsif)\b).)*?)"
                 r"\{%-?\s*endif\s*-?%\}", re.DOTALL)
"""`{% if site.announcements %}…{% endif %}`: true for a collection of documents."""
_WHOLE = re.compile(r"\{\{-?\s*site\.(\w+)\s*-?\}\}")
"""`{{ site.staff }}`: the collection printed whole, its documents one after another."""
_PARTS = re.compile(r"<h(?P<level>[1-6])\b[^>]*>(?P<heading>(?:(?!</?h[1-6]\b).)*?)</h(?P=level)>"
                    r"|(?P<content>\{\{-?\s*content\s*-?\}\})"
                    r"|\{%-?\s*for\s+\w+\s+in\s+page\.(?P<loop>\w+)\b", re.DOTALL)
"""What of a document's layout is written: its headings, its text and its lists."""
_FIELD = re.compile(r"\{\{-?\s*page\.(\w+)\s*-?\}\}")
_LINKED = re.compile(r"<a\s[^>]*?href=[\"']\{\{-?\s*page\.(\w+)\s*-?\}\}[\"'][^>]*>\s*"
                     r"\{\{-?\s*page\.(\w+)\s*-?\}\}\s*</a>")
"""A heading's name linked to the page's own address (`<a href="{{ page.website }}">`)."""
_MARKUP = re.compile(r"\{%.*?%\}|\{\{.*?\}\}|<[^>]*>|\s", re.DOTALL)
_MARKDOWN = (".md", ".markdown", ".mkd", ".mkdn")
_LATEST = dt.datetime.max.replace(tzinfo=dt.UTC)


@dataclass(frozen=True, slots=True)
class Inlined:
    """A page's text with its collections' documents written into it."""

    body: str
    collections: frozenset[str]
    """The collections (`modules`) whose documents it shows."""


def inline_documents(body: str, source: Path, config: dict[str, Any]) -> Inlined:
    """`body` with each loop printing a collection's documents whole (and each
    `{{ site.x.last }}`) replaced by their text under their layout's headings. A
    collection whose layout has no place for a document's text (a schedule drawn from
    front matter) is left as it is."""
    if "{{" not in body or "site." not in body and "{% for" not in body:
        return Inlined(body, frozenset())
    named = config.get("collections")
    names = set(named) if isinstance(named, (dict, list)) else set()
    shown: set[str] = set()

    def documents(name: str) -> list[str] | None:
        if name not in names or not (source / f"_{name}").is_dir():
            return None
        texts = _documents(source, config, name)
        if texts is not None:
            shown.add(name)
        return texts

    def loop(match: re.Match[str]) -> str:
        name = match["coll"] or (match["assigned"] if match["name"] == match["var"] else None)
        texts = documents(name) if name else None
        if texts is None:
            return match.group()
        backwards = bool(match["reversed"]) != bool(match["reverse"] and match["coll"] is None)
        return "\n\n".join(reversed(texts) if backwards else texts)

    def one(match: re.Match[str]) -> str:
        texts = documents(match.group(1))
        if not texts:
            return match.group()
        return texts[0 if match.group(2) == "first" else -1]

    def whole(match: re.Match[str]) -> str:
        texts = documents(match.group(1))
        return "\n\n".join(texts) if texts else match.group()

    text = _WHOLE.sub(whole, _ONE.sub(one, _LOOP.sub(loop, body)))
    text = _IF.sub(lambda m: m.group(2) if m.group(1) in shown else m.group(), text)
    return Inlined(text, frozenset(shown))


def _documents(source: Path, config: dict[str, Any], name: str) -> list[str] | None:
    """The collection's documents as Markdown, in Jekyll's order (by date, then path;
    one without a date has the time of the build, after all others); None if their
    layout shows no text of theirs."""
    found = []
    for path in sorted((source / f"_{name}").rglob("*")):
        if not path.is_file() or path.suffix.lower() not in _MARKDOWN:
            continue  # (a script beside the documents, `generate_calendar.py`)
        fmt, head, body, _first = split_front_matter(read_text(path))
        data = load_mapping(fmt, head)[0] if fmt else {}
        layout = str(data.get("layout") or _default_layout(config, name, source, path))
        text = _in_layout(source, layout, data, _own_values(body, data))
        if text is None:
            return None
        found.append((_when(data.get("date")), path.as_posix(), text))
    return [text for *_key, text in sorted(found, key=lambda f: (f[0], f[1]))]


_OUTPUT = re.compile(r"\{\{-?\s*(page\.[^{}]*?)\s*-?\}\}")
"""`{{ page.slides }}` in a document's text, perhaps through filters."""


def _own_values(body: str, data: dict[str, Any]) -> str:
    """A document's text with its `{{ page.x }}` printed from its own front matter, as
    Jekyll rendered the document (`page` is the document there, not the page showing
    it); a value it has not (`page.url`, one Jekyll makes) is left for the page's own
    conversion."""
    if "page." not in body:
        return body

    def one(match: re.Match[str]) -> str:
        found = filter_chain(match.group(1), lambda term: value_at(data, "page", term))
        return match.group() if found is None else found

    return _OUTPUT.sub(one, body)


def _in_layout(source: Path, layout: str, data: dict[str, Any], body: str) -> str | None:
    """A document's text under the headings its layout gives it (`<h3>{{ page.title
    }}</h3>`), in the layout's order; with no layout of the site's, under its title."""
    file = source / "_layouts" / f"{layout}.html"
    if not layout or not file.is_file():
        title = str(data.get("title") or "")
        return (f"## {title}\n\n" if title else "") + body.strip()
    template = split_front_matter(read_text(file))[2]
    if not any(found["content"] for found in _PARTS.finditer(template)):
        return None
    parts, listed = [], set()
    for found in _PARTS.finditer(template):
        if found["loop"] is not None:  # (`{% for day in page.days %}`: a list of its own)
            field = found["loop"]
            if field not in listed and isinstance(data.get(field), list):
                listed.add(field)
                parts.append(_data_list(data[field]))
        elif found["content"] is not None:
            parts.append(body.strip())
        elif value := _heading(found["heading"], data):
            parts.append("#" * int(found["level"]) + " " + value)
    return "\n\n".join(part for part in parts if part)


def _heading(template: str, data: dict[str, Any]) -> str:
    """A layout's heading made only of a field of the document (`{{ page.title }}`),
    perhaps linked to another (just-the-class' staffer: `{% if page.website %}<a href="{{
    page.website }}">{{ page.name }}</a>{% else %}{{ page.name }}{% endif %}`), as
    Markdown; "" for a heading of other text, or of an empty field."""
    if _MARKUP.sub("", template):
        return ""
    linked = _LINKED.search(template)
    shown = _FIELD.search(_LINKED.sub(lambda m: f"{{{{ page.{m.group(2)} }}}}", template))
    value = " ".join(str(data.get(shown.group(1)) or "").split()) if shown else ""
    address = str(data.get(linked.group(1)) or "").strip() if linked else ""
    return f"[{value}]({address})" if value and address else value


def _data_list(items: list[Any]) -> str:
    """A list of the front matter a layout looped over (a week's `days`, each a `date`
    and its `events`, text to link), as a Markdown list: an entry's own values on its
    line, what it holds under it."""
    lines: list[str] = []
    for item in items:
        _entry(item, 0, lines)
    return "\n".join(lines)


def _entry(item: Any, depth: int, lines: list[str]) -> None:
    pad = "  " * depth
    if not isinstance(item, dict):
        if (text := _scalar(item)) is not None:
            lines.append(f"{pad}- {text}")
        return
    own = [t for v in item.values() if (t := _scalar(v)) is not None]
    inner = depth + 1 if own else depth
    if own:
        lines.append(f"{pad}- " + " ".join(own))
    for value in item.values():
        if isinstance(value, dict):  # (`"**LEC 1** [Slides](…)": "[Notes](…)"`)
            for key, detail in value.items():
                text = " ".join(t for t in (_scalar(key), _scalar(detail)) if t)
                lines.append("  " * inner + f"- {text}")
        elif isinstance(value, list):
            for entry in value:
                _entry(entry, inner, lines)


def _scalar(value: Any) -> str | None:
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, str | int | float) and not isinstance(value, bool) \
            and str(value).strip():
        return " ".join(str(value).split())
    return None


def _default_layout(config: dict[str, Any], name: str, source: Path, path: Path) -> str:
    """The layout `_config.yml`'s `defaults:` give the collection's documents."""
    rel = path.relative_to(source).as_posix()
    layout = ""
    for entry in config.get("defaults") or []:
        scope = entry.get("scope") if isinstance(entry, dict) else None
        values = entry.get("values") if isinstance(entry, dict) else None
        if not isinstance(scope, dict) or not isinstance(values, dict):
            continue
        where = str(scope.get("path") or "").strip("/")
        if where and not (fnmatch(rel, where) or rel.startswith(where + "/")) \
                or scope.get("type") not in (None, name):
            continue
        layout = str(values.get("layout") or layout)
    return layout


def _when(value: Any) -> dt.datetime:
    if isinstance(value, dt.datetime):
        return value if value.tzinfo else value.replace(tzinfo=dt.UTC)
    if isinstance(value, dt.date):
        return dt.datetime(value.year, value.month, value.day, tzinfo=dt.UTC)
    try:  # (`date: 2022-03-28 10:00`, read as text)
        return _when(dt.datetime.fromisoformat(str(value).strip()))
    except ValueError:
        return _LATEST

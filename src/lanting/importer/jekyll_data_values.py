"""The values of a Jekyll site's `_data/` files that a page printed: `{{ site.data.hero.lede }}`,
and through a name assigned to one, `{% assign hero = site.data.hero %}` then
`{{ hero.pi.name }}` (a group's home page kept its words in `_data/hero.yml`), or to the
entries of a list a `where` filter kept, `{% assign t = site.data.glossary | where:
"Term", "PERB" %}` then `{{ t[0]["Meaning"] }}` (a glossary's tooltips). Read by
`jekyll_liquid`."""

from __future__ import annotations

import json
import re
from functools import partial
from glob import escape as glob_escape
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.liquid import _STEP, value_at
from lanting.importer.text import load_list, load_mapping

_ASSIGN = re.compile(r"\{%-?\s*assign\s+(\w+)\s*=\s*(site\.data(?:\.[\w-]+)+)\s*-?%\}")
"""A name given to a data file or a part of one, without filters."""


def data_value(source: Path, expression: str) -> str | None:
    """The text of `site.data.<file>.a.b`: a string or number `_data/<file>.yml` (or
    `.yaml`, `.json`) gives it, what Jekyll printed; else None."""
    found = re.match(r"site\.data\.([\w-]+)", expression)
    if found is None:
        return None
    name = found.group(1)
    for ext in (".yml", ".yaml", ".json"):
        path = source / "_data" / f"{name}{ext}"
        if path.is_file():
            data = _mapping(read_text(path), ext)
            return value_at(data, f"site.data.{name}", expression) if data else None
    return None


def missing_data(source: Path, config: dict[str, Any], expression: str) -> str | None:
    """The `_data/` file `site.data.<name>…` names when the site lacks it and the old
    site read no theme's either, its value nil (Liquid printed nothing, or a `default:`):
    a remote theme (minimal-mistakes' `ui-text.yml`) brings no `_data/`, nor does a site
    without a theme gem; a gem could, through jekyll-data. None otherwise."""
    found = re.match(r"site\.data\.([\w-]+)", expression)
    if found is None or config.get("theme") and not config.get("remote_theme"):
        return None
    plugins = [*(config.get("plugins") or []), *(config.get("gems") or [])]
    folder = source / str(config.get("data_dir") or "_data")
    name = found.group(1)
    if "jekyll-data" in plugins or (folder / name).is_dir() or any(
            folder.glob(f"{glob_escape(name)}.*")):
        return None
    return f"{folder.name}/{name}.yml"


def data_list(source: Path, name: str) -> list[Any]:
    """The list `_data/<name>.yml` (or `.yaml`, `.json`) holds; [] when it holds none."""
    for ext in (".yml", ".yaml", ".json"):
        path = source / "_data" / f"{name}{ext}"
        if not path.is_file():
            continue
        if ext == ".json":
            try:
                found = json.loads(read_text(path))
            except ValueError:
                return []
            return found if isinstance(found, list) else []
        return load_list(read_text(path))
    return []


def data_mapping(source: Path, name: str) -> dict[str, Any]:
    """The mapping `_data/<name>.yml` (or `.yaml`, `.json`) holds; {} when it holds none."""
    for ext in (".yml", ".yaml", ".json"):
        path = source / "_data" / f"{name}{ext}"
        if path.is_file():
            return _mapping(read_text(path), ext)
    return {}


def _mapping(text: str, ext: str) -> dict[str, Any]:
    if ext == ".json":
        try:
            found = json.loads(text)
        except ValueError:
            return {}
        return found if isinstance(found, dict) else {}
    return load_mapping("yaml", text)[0]


def data_aliases(text: str, source: Path) -> tuple[str, int]:
    """`text` with the values it prints through a name assigned a data file (once, and
    never a loop's variable) filled in: `{{ hero.lede }}` is `{{ site.data.hero.lede }}`'s
    value; the `assign` gone when nothing else reads the name. And how many values."""
    count = 0
    for found in list(_ASSIGN.finditer(text)):
        name, path = found.groups()
        if len(re.findall(rf"\{{%-?\s*(?:assign|capture|for)\s+{name}\b", text)) > 1:
            continue
        output = re.compile(rf"\{{\{{-?\s*{name}((?:\.[\w-]+|\[\d+\])*)\s*-?\}}\}}")

        def value(match: re.Match[str], path: str = path) -> str:
            found = data_value(source, path + match.group(1))
            return match.group() if found is None else found

        text, filled = output.subn(value, text)
        count += filled
        used = rf"(?<![\w.]){name}(?=[.\[\s|}}%-])"
        rest = [t for t in re.findall(r"\{\{.*?\}\}|\{%.*?%\}", text, re.DOTALL)
                if t != found.group()]
        if not any(re.search(used, t) for t in rest):
            text = text.replace(found.group(), "", 1)
    return text, count


def aliased_loops(text: str) -> str:
    """`text` with the loops over a name assigned a data file (once) written over its
    path: `{% for m in team.present %}` after `{% assign team = site.data.team %}` is
    `{% for m in site.data.team.present %}`, as the people reader looks for them."""
    for name, path in _ASSIGN.findall(text):
        if len(re.findall(rf"\{{%-?\s*(?:assign|capture|for)\s+{name}\b", text)) > 1:
            continue
        text = re.sub(rf"(\{{%-?\s*for\s+\w+\s+in\s+){name}(?=[.\s%|-])", rf"\g<1>{path}",
                      text)
    return text


_WHERE = re.compile(r"\{%-?\s*assign\s+(\w+)\s*=\s*site\.data\.([\w-]+)((?:\.[\w-]+)*)\s*"
                    r"((?:\|\s*(?:where|where_exp|first|last)\b[^|%]*)+)-?%\}")
"""A name given to the entries of a data file's list that `where` or `where_exp`
filters keep (then `first` or `last`, maybe)."""
_LITERAL = r"""(?:"([^"]*)"|'([^']*)'|(-?\d+(?:\.\d+)?|true|false)(?![\w.]))"""
"""A string, number or boolean (not a variable, whose value is not known here)."""
_FILTER = re.compile(r"""\|\s*(where_exp|where|first|last)\s*(?::\s*(?:"([^"]*)"|'([^']*)')\s*,"""
                     rf"\s*{_LITERAL})?\s*")
_EQUALS = re.compile(rf"(\w+)\.([\w-]+)\s*==\s*{_LITERAL}$")
"""The condition of `where_exp` read here: an entry's field equal to a literal."""


def data_lookups(text: str, source: Path) -> tuple[str, int]:
    """`text` with the values printed from a name assigned the entries of a `_data/` list
    that a `where` (an entry's field, or an item of a list it holds, equal to a string)
    or a `where_exp` of one equality kept, each from its `assign` to the name's next
    `assign`, `capture` or loop: `{{ t[0]["Meaning"] }}`, `{{ t.first.Meaning }}`;
    nothing where no entry matched, as Liquid printed nil. The `assign` goes when nothing
    else reads the name. And how many values."""
    count, at = 0, 0
    while (found := _WHERE.search(text, at)) is not None:
        name = found.group(1)
        kept = _filtered(source, found.group(2), found.group(3), found.group(4))
        if kept is None:
            at = found.end()
            continue
        again = re.compile(rf"\{{%-?\s*(?:assign|capture|for)\s+{name}\b")
        later = again.search(text, found.end())
        end = later.start() if later else len(text)
        output = re.compile(rf"\{{\{{-?\s*{name}((?:{_STEP.pattern}|\.first\b|\.last\b)*)"
                            r"\s*-?\}\}")
        span, filled = output.subn(partial(_printed_match, kept), text[found.end():end])
        count += filled
        used = re.search(rf"\{{[{{%][^}}]*(?<![\w.]){name}(?=[.\[\s|}}%-])", span)
        head = text[:found.start()] + (found.group() if used else "")
        text, at = head + span + text[end:], len(head)
    return text, count


def _filtered(source: Path, file: str, keys: str, filters: str) -> Any:
    """The entries of `_data/<file>.yml`'s list at `keys` (`.a.b`) that `filters` keep;
    None when the list or a filter is not read here."""
    value: Any = data_list(source, file) if not keys else data_mapping(source, file)
    for key in keys.split(".")[1:]:
        value = value.get(key) if isinstance(value, dict) else None
    if not isinstance(value, list):
        return None
    for step in _FILTER.finditer(filters):
        kind, first, second = step.group(1), step.group(2) or step.group(3), \
            next((g for g in step.groups()[3:] if g is not None), None)
        if kind in ("first", "last"):
            return (value[0] if kind == "first" else value[-1]) if value else None
        if first is None or second is None:
            return None
        if kind == "where":
            value = [e for e in value if isinstance(e, dict) and second in _texts(e.get(first))]
            continue
        equals = _EQUALS.match(second.strip())
        if equals is None or equals.group(1) != first:
            return None
        wanted = next(g for g in equals.groups()[2:] if g is not None)
        value = [e for e in value if isinstance(e, dict)
                 and wanted in _texts(e.get(equals.group(2)))]
    return value


def _texts(value: Any) -> list[str]:
    """The strings Jekyll's `where` compared a field's value to: each item of a list, a
    boolean in Ruby's spelling, nothing of nil."""
    items = value if isinstance(value, list) else [] if value is None else [value]
    return [str(v).lower() if isinstance(v, bool) else str(v) for v in items]


def _printed_match(value: Any, match: re.Match[str]) -> str:
    return _printed(value, match.group(1))


def _printed(value: Any, steps: str) -> str:
    """What `{{ name<steps> }}` printed: a string or number; "" for nil or a step not
    found."""
    for step in re.findall(rf"\.(first|last)\b|{_STEP.pattern}", steps):
        end, key, index, double, single = step
        if end or index:
            at = 0 if end == "first" else -1 if end == "last" else int(index)
            value = value[at] if isinstance(value, list) and -len(value) <= at < len(value) \
                else None
        else:
            field = key or double or single
            value = value.get(field) if isinstance(value, dict) else None
    if value is None or isinstance(value, dict | list):
        return ""
    return str(value).lower() if isinstance(value, bool) else str(value)

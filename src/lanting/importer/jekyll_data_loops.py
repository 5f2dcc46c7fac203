"""Liquid loops over a list of a Jekyll site's `_data/` files that print its entries'
fields: `{% for website in site.data.social %}* [{{ website.name }}]({{ website.url
}}){% endfor %}` (the links of an about page; its skills, `{% for category in
site.data.skills %}` over `{% for keyword in category.keywords %}`), written out as
Jekyll printed them, entry by entry. A loop whose body holds any other tag (an `if`,
an `assign`), a filter or `forloop` stays as written. Read by `jekyll_pages`."""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import partial
from pathlib import Path
from typing import Any

from lanting.importer.eleventy_syntax import outer_loops
from lanting.importer.jekyll_data_values import data_list, data_mapping

_OPEN = re.compile(r"\{%-?\s*for\s+(\w+)\s+in\s+([\w.-]+)\s*-?%\}")
_CLOSE = re.compile(r"\{%-?\s*endfor\s*-?%\}\Z")
_OUTPUT = re.compile(r"\{\{-?\s*([A-Za-z_][\w-]*)((?:\.[A-Za-z_][\w-]*)*)\s*-?\}\}")
_TAG = re.compile(r"\{%")


def data_loops(text: str, source: Path, skip: Collection[str] = ()) -> tuple[str, int]:
    """`text` with each outermost loop over a list of a `_data/` file (not those named in
    `skip`: the papers, the people, which their own readers take) written out; and how
    many loops."""
    count = 0

    def handle(args: str, written: str) -> str:
        nonlocal count
        made = _unrolled(written, {}, source, skip)
        if made is None:
            return written
        count += 1
        return made

    return outer_loops(text, handle), count


def _unrolled(loop: str, scope: dict[str, Any], source: Path,
              skip: Collection[str]) -> str | None:
    """What the loop `loop` (its tags included) printed, its names in `scope`; None when
    it cannot be known."""
    opening = _OPEN.match(loop)
    closing = _CLOSE.search(loop)
    if opening is None or closing is None:
        return None
    name, expression = opening.groups()
    items = _value(expression, scope, source, skip)
    if not isinstance(items, list) or not items:
        return None
    body = loop[opening.end():closing.start()]
    out = []
    for item in items:
        inner = {**scope, name: item}
        failed = False

        def nested(args: str, written: str, inner: dict[str, Any] = inner) -> str:
            nonlocal failed
            made = _unrolled(written, inner, source, skip)
            failed = failed or made is None
            return made or ""

        text = outer_loops(body, nested)
        if failed or _TAG.search(text):
            return None
        text = _OUTPUT.sub(partial(_printed, scope=inner), text)
        if "{{" in text and re.search(r"\{\{-?\s*(?:" + "|".join(inner) + r")\b", text):
            return None  # (a filter or an index on an entry: not known)
        out.append(text)
    return "".join(out)


def _printed(match: re.Match[str], scope: dict[str, Any]) -> str:
    """What `{{ name.a.b }}` printed with `name` in `scope` (a string or a number; nil,
    nothing); one of another name as written."""
    head, path = match.group(1), match.group(2)
    if head not in scope or head == "forloop":
        return match.group()
    value: Any = scope[head]
    for key in path.split(".")[1:]:
        value = value.get(key) if isinstance(value, dict) else None
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        return match.group()
    return str(value)


def _value(expression: str, scope: dict[str, Any], source: Path,
           skip: Collection[str]) -> Any:
    """The value of `site.data.x.y` (a `_data/` file) or of `entry.y` (a name of an
    enclosing loop)."""
    parts = expression.split(".")
    if parts[:2] == ["site", "data"] and len(parts) > 2:
        if parts[2] in skip:
            return None
        value: Any = data_list(source, parts[2]) or data_mapping(source, parts[2])
        rest = parts[3:]
    elif parts[0] in scope and parts[0] != "forloop":
        value, rest = scope[parts[0]], parts[1:]
    else:
        return None
    for key in rest:
        value = value.get(key) if isinstance(value, dict) else None
    return value

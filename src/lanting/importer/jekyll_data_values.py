"""The values of a Jekyll site's `_data/` files that a page printed: `{{ site.data.hero.lede }}`,
and through a name assigned to one, `{% assign hero = site.data.hero %}` then
`{{ hero.pi.name }}` (a group's home page kept its words in `_data/hero.yml`). Read by
`jekyll_liquid`."""

from __future__ import annotations

import json
import re
from glob import escape as glob_escape
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.liquid import value_at
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

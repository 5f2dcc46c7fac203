"""The variables a Jekyll page assigns itself from its settings and strings, and prints
later: AcadHomepage's home page builds the address of its citation badge so,

    {% if site.google_scholar_stats_use_cdn %}
    {% assign gsDataBaseUrl = "https://cdn.jsdelivr.net/gh/" | append: site.repository
       | append: "@" %}{% else %}…{% endif %}
    {% assign url = gsDataBaseUrl | append: "google-scholar-stats/gs_data_shieldsio.json" %}
    <img src="https://img.shields.io/endpoint?url={{ url | url_encode }}&…">

Each value is worked out as Jekyll did (the branch of an `{% if site.x %}` the settings
choose, the filters of `liquid_filters`), so the output prints it and the tags go."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from lanting.importer.liquid_filters import filter_chain

_IF_SITE = re.compile(
    r"\{%-?\s*(?P<kind>if|unless)\s+site\.(?P<key>[\w.-]+)\s*-?%\}"
    r"(?P<yes>(?:(?!\{%-?\s*(?:if|unless|else|elsif)\b).)*?)"
    r"(?:\{%-?\s*else\s*-?%\}(?P<no>(?:(?!\{%-?\s*(?:if|unless|elsif)\b).)*?))?"
    r"\{%-?\s*end(?:if|unless)\s*-?%\}", re.DOTALL)
"""An `{% if site.x %}…{% else %}…{% endif %}` (or `unless`) holding no other condition."""
_BLOCK = re.compile(r"\{%-?\s*(?P<end>end)?(?:for|if|unless|case|capture|tablerow)\b"
                    r"(?:(?!%\}).)*%\}", re.DOTALL)
"""The opening or closing tag of a block whose content may run never, or many times."""
ASSIGN = re.compile(r"\{%-?\s*assign\s+(?P<name>[A-Za-z_][\w-]*)\s*=\s*"
                    r"(?P<value>(?:(?!%\}).)*?)\s*-?%\}", re.DOTALL)
"""One `{% assign name = value %}`."""


def _setting(config: dict[str, Any], key: str) -> Any:
    value: Any = config
    for part in key.split("."):
        if not isinstance(value, dict) or part not in value:
            return None
        value = value[part]
    return value


def _chosen(config: dict[str, Any], text: str) -> str:
    """`text` with each `{% if site.x %}` replaced by the branch the settings choose
    (Liquid's truth: all but nil and false)."""

    def one(match: re.Match[str]) -> str:
        value = _setting(config, match.group("key"))
        true = value is not None and value is not False
        if match.group("kind") == "unless":
            true = not true
        return match.group("yes") if true else match.group("no") or ""

    return _IF_SITE.sub(one, text)


def page_variables(text: str, config: dict[str, Any],
                   lookup: Callable[[str], str | None]) -> dict[str, str]:
    """The value of each variable `text` assigns once, outside loops and conditions
    (but those on a setting, whose branch is chosen), from strings and
    values `lookup` knows (`site.x`, `page.x`) or variables assigned before it; a
    variable assigned twice, or from anything else, is not among them."""
    values: dict[str, str] = {}
    seen: set[str] = set()
    text = _chosen(config, text)
    depth = {m.start(): 1 if m.group("end") is None else -1 for m in _BLOCK.finditer(text)}
    for match in ASSIGN.finditer(text):
        name = match.group("name")
        if sum(step for at, step in depth.items() if at < match.start()) > 0:
            values.pop(name, None)  # (inside a loop or a condition: not known here)
            seen.add(name)
            continue
        value = filter_chain(match.group("value"),
                             lambda term: values.get(term) if term in values else lookup(term))
        if name in seen or value is None:
            values.pop(name, None)
        else:
            values[name] = value
        seen.add(name)
    return values


def assigned_names(text: str) -> set[str]:
    """The names the `{% assign %}` tags of `text` set."""
    return {m.group("name") for m in ASSIGN.finditer(text)}

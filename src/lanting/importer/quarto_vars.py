"""Quarto's `{{< var x.y >}}` and `{{< meta x.y >}}` shortcodes filled in: `var` from the
project's `_variables.yml`, `meta` from the document's metadata (its front matter over
the `_metadata.yml` files and `_quarto.yml`). A course site names itself through them
(`title: "{{< var course.short >}} - Syllabus"`): Lanting has neither file, so the import
writes the values in, as Quarto showed them."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.text import load_mapping

_FILLED = re.compile(r"\{\{<\s*(var|meta)\s+([\w.-]+)\s*>\}\}")
_INLINE_CODE = re.compile(r"`(?:r|\{\w+\})[ \t]")


def project_variables(source: Path) -> dict[str, Any]:
    """The project's `_variables.yml` (or `.yaml`), {} when it has none."""
    for name in ("_variables.yml", "_variables.yaml"):
        if (source / name).is_file():
            data, _error = load_mapping("yaml", read_text(source / name))
            return data
    return {}


def lookup(data: Mapping[str, Any], dotted: str) -> str | None:
    """The text at `course.short` in `data`: a string, number or date; None when there is
    none (or it is a list or mapping, which Quarto showed as no text either)."""
    value: Any = data
    for key in dotted.split("."):
        if not isinstance(value, Mapping) or key not in value:
            return None
        value = value[key]
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None or isinstance(value, (list, dict)):
        return None
    # (inline code, `` `r read_csv(…)` ``: Quarto ran it, the import cannot)
    return None if _INLINE_CODE.search(str(value)) else str(value)


def value_of(name: str, key: str, variables: Mapping[str, Any],
             meta: Mapping[str, Any]) -> str | None:
    """The value a `var` or `meta` shortcode shows."""
    return lookup(variables if name == "var" else meta, key)


def fill(text: str, variables: Mapping[str, Any], meta: Mapping[str, Any],
         counted: Callable[[], None]) -> str:
    """`text` (a front-matter title) with its `var` and `meta` shortcodes filled in where
    their values are known; `counted` is told of each."""

    def one(match: re.Match[str]) -> str:
        found = value_of(match.group(1), match.group(2), variables, meta)
        if found is None:
            return match.group()
        counted()
        return found

    return _FILLED.sub(one, text) if "{{<" in text else text

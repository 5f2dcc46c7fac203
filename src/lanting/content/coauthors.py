"""Stage 3 — `content/coauthors.yml`: links from co-authors' names to their pages.

The shape is al-folio's `_data/coauthors.yml`, so the file can be copied as it is: each
key is a family name in lower case without accents, each item the first names it goes
with and a URL:

    "vaswani":
      - firstname: ["Ashish", "A."]
        url: https://example.org/ashish
    "王小红":
      - url: https://example.org/wang

A Chinese name is its own key (no `firstname` needed). Mistakes are errors at their line.
"""

from __future__ import annotations

import unicodedata
from dataclasses import replace
from typing import Any

from lanting.errors import LantingError
from lanting.markdown.urls import URL_HINT, unsafe_url_reason
from lanting.model.academic import Bibliography
from lanting.model.cite import Author
from lanting.model.content import Source
from lanting.model.problem import Problem

Coauthors = dict[str, tuple[tuple[frozenset[str], str], ...]]
"""Normalised family name -> ((first names, URL), …)."""


def name_key(text: str) -> str:
    """`Müller` -> `muller`: al-folio's keys are lower case without accents."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).strip().lower()


def _line(node: Any, index: Any, default: int) -> int:
    try:
        return int(node.lc.key(index)[0]) + 1 if isinstance(index, str) \
            else int(node.lc.item(index)[0]) + 1
    except (AttributeError, KeyError, IndexError, TypeError):
        return default


def parse_coauthors(source: Source | None) -> Coauthors:
    """The links of `coauthors.yml` (empty without one); every problem is reported at
    its line before failing."""
    if source is None or source.text is None:
        return {}
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

    try:
        data = YAML(typ="rt").load(source.text)
    except YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        raise LantingError.at(f"coauthors.yml: {getattr(error, 'problem', error)}",
                              source.path, mark.line + 1 if mark else None) from None
    if data is None:
        return {}
    hint = 'write `"family name": [{firstname: ["First"], url: https://…}]`'
    if not isinstance(data, dict):
        raise LantingError.at("coauthors.yml: expected a mapping of family names",
                              source.path, 1, hint=hint)
    problems: list[Problem] = []
    found: dict[str, list[tuple[frozenset[str], str]]] = {}
    for family, people in data.items():
        line = _line(data, family, 1)
        if not isinstance(people, list):
            people = [people]
        for i, person in enumerate(people):
            at = _line(people, i, line) if hasattr(people, "lc") else line
            url = str(person.get("url", "")).strip() if isinstance(person, dict) else ""
            if not url:
                problems.append(Problem(f"coauthors.yml: `{family}` needs a `url`",
                                        source.path, at, hint=hint))
                continue
            reason = unsafe_url_reason(url)
            if reason is not None:
                problems.append(Problem(f"coauthors.yml: `{family}`: {reason}", source.path,
                                        at, hint=URL_HINT))
                continue
            first = person.get("firstname", [])
            names = [first] if isinstance(first, str) else list(first or [])
            found.setdefault(name_key(str(family)), []).append(
                (frozenset(str(n).strip() for n in names), url))
    if problems:
        raise LantingError(problems)
    return {k: tuple(v) for k, v in found.items()}


def _link(author: Author, coauthors: Coauthors) -> Author:
    for key in (name_key(author.last), name_key(author.name)):
        for first_names, url in coauthors.get(key, ()):
            if not first_names or author.first in first_names:
                return replace(author, url=url)
    return author


def with_coauthor_links(bibliography: Bibliography, coauthors: Coauthors) -> Bibliography:
    """The publications with each co-author found in `coauthors` linked."""
    if not coauthors:
        return bibliography
    return replace(bibliography, publications=tuple(
        replace(pub, authors=tuple(_link(a, coauthors) for a in pub.authors))
        for pub in bibliography.publications))

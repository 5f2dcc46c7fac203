"""al-folio's repositories page: the theme drew a card for each GitHub user and
repository of `_data/repositories.yml` (stats fetched from GitHub as the site was
built). Lanting draws no cards; the page becomes lists of links to them, which is what a
reader followed the cards for. The theme's example list (torvalds, alshedivat/al-folio
…), never edited, is left out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.text import load_mapping

EXAMPLE_REPOS = frozenset({"alshedivat/al-folio", "twbs/bootstrap", "jekyll/jekyll"})
"""Repositories of al-folio's example `repositories.yml`."""


def _names(value: Any) -> list[str]:
    return [str(v).strip() for v in value if str(v).strip()] if isinstance(value, list) \
        else []


def repositories_body(source: Path) -> tuple[str, str]:
    """(the page's new text, "") or ("", why it is left out)."""
    path = source / "_data" / "repositories.yml"
    data, error = load_mapping("yaml", read_text(path)) if path.is_file() else ({}, None)
    users, repos = _names(data.get("github_users")), _names(data.get("github_repos"))
    if error or not (users or repos):
        return "", "_data/repositories.yml lists no GitHub users or repositories"
    if EXAMPLE_REPOS <= set(repos):
        return "", "its _data/repositories.yml is the theme's example, never edited"
    parts = []
    if users:
        parts.append("## GitHub users\n\n" + "\n".join(
            f"- [{u}](https://github.com/{u})" for u in users))
    if repos:
        parts.append("## GitHub repositories\n\n" + "\n".join(
            f"- [{r}](https://github.com/{r})" for r in repos))
    return "\n\n".join(parts) + "\n", ""

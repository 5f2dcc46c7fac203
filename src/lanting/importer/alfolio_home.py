"""What al-folio's home page and publication list showed, as Lanting settings.

The about page's switches (`selected_papers`, `news` or newer `announcements.enabled`,
`latest_posts.enabled`; older al-folio keeps `latest_posts` in `_config.yml`) and
jekyll-scholar's settings (`scholar.last_name` / `first_name`, the names set in bold, and
`max_author_limit`). Without them the new home page shows what the old one hid — often the
theme's example news and posts, which the owner turned off rather than deleted — and the
owner's name is not set in bold when their profile name is spelt another way."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lanting.importer.bibtex import BibEntry
from lanting.importer.common import bool_of

SELECTED_ON_HOME = 5
"""Lanting's default `[publications] selected_on_home`; al-folio showed every selected paper."""


def _switch(value: Any) -> bool | None:
    """An on/off setting: True, False, or None when not set (a table's `enabled` counts)."""
    if isinstance(value, dict):
        value = value.get("enabled")
    return None if value is None or value == "" else bool_of(value)


def shows_news(about: dict[str, Any], config: dict[str, Any]) -> bool:
    """Whether the old home page listed `_news/`: about.md's `news` (v0.10: and
    `_config.yml`'s `announcements.enabled`) or, newer, its `announcements.enabled`."""
    for key in ("announcements", "news"):
        if _switch(about.get(key)) is False:
            return False
    return _switch(config.get("announcements")) is not False


def recent_posts(about: dict[str, Any], config: dict[str, Any]) -> int | None:
    """How many posts the old home page listed: 0 when `latest_posts` was off, its `limit`
    when set, None when the theme's default (or `latest_posts` is not there at all)."""
    latest = about.get("latest_posts", config.get("latest_posts"))
    if _switch(latest) is False:
        return 0
    limit = latest.get("limit") if isinstance(latest, dict) else None
    return limit if isinstance(limit, int) and not isinstance(limit, bool) and limit >= 0 \
        else None


def owner_spellings(config: dict[str, Any]) -> list[str]:
    """Each `first last` of jekyll-scholar's `first_name` × `last_name` lists: the
    spellings al-folio's layout set in bold (`Boqi Chen`, `B. Chen`)."""
    scholar = config.get("scholar")
    if not isinstance(scholar, dict):
        return []

    def names(key: str) -> list[str]:
        value = scholar.get(key)
        values = value if isinstance(value, list) else [value]
        return [" ".join(str(v).split()) for v in values if v is not None and str(v).strip()]

    if names("last_name") == ["Einstein"]:
        return []  # (the theme's example, never edited: the site's papers have no Einstein)
    return [f"{first} {last}" for last in names("last_name") for first in names("first_name")]


def publication_settings(about: dict[str, Any], config: dict[str, Any],
                         entries: list[BibEntry], profile_name: str,
                         marked: Sequence[str] = ()) -> dict[str, Any]:
    """The `[publications]` settings that make the list and the home page's selection
    show what al-folio's did; `marked`: the names academicpages' citations set in bold."""
    settings: dict[str, Any] = {}
    spellings = [n for n in dict.fromkeys([*owner_spellings(config), *marked])
                 if n != profile_name]
    if spellings:
        settings["highlight_names"] = spellings
    limit = config.get("max_author_limit")
    if isinstance(limit, int) and not isinstance(limit, bool) and limit > 0:
        settings["max_authors"] = limit
    if "selected_papers" in about and not bool_of(about["selected_papers"]):
        settings["selected_on_home"] = 0
    else:
        selected = sum(bool_of(e.value("selected")) for e in entries)
        if selected > SELECTED_ON_HOME:
            settings["selected_on_home"] = selected
    return settings


THEME_KEYS = frozenset({"layout", "title", "permalink", "subtitle", "profile", "news",
                        "announcements", "latest_posts", "selected_papers", "social",
                        "description", "nav", "nav_order", "redirect_from"})
"""The about page's keys al-folio's own layout reads (or Lanting reads elsewhere)."""


def layout_sections(source: Path, about: dict[str, Any]) -> tuple[str, list[str]]:
    """The lists a site's own about layout showed from keys of its own (`awards:` with
    `enabled` and `items`, looped over under an `<h2>Awards</h2>`), as Markdown sections
    for the end of the home page's text; and the keys it read that are no such list (to
    report). Without this they were dropped without a word."""
    name = str(about.get("layout") or "")
    layout = next((p for p in (source / "_layouts" / f"{name}.liquid",
                               source / "_layouts" / f"{name}.html") if p.is_file()), None)
    if not name or layout is None:
        return "", []
    text = layout.read_text(encoding="utf-8", errors="replace")
    sections: list[str] = []
    left: list[str] = []
    for key, value in about.items():
        if key in THEME_KEYS or not re.search(rf"\bpage\.{re.escape(key)}\b", text):
            continue
        if _switch(value) is False:
            continue  # (`enabled: false`: the layout showed nothing)
        items = value.get("items") if isinstance(value, dict) else value
        if not isinstance(items, list) or not all(
                isinstance(i, str | int | float) and not isinstance(i, bool) for i in items):
            left.append(key)
            continue
        found = re.search(rf"\{{%-?\s*if\s+page\.{re.escape(key)}\b.*?%\}}\s*<h\d[^>]*>(.*?)"
                          r"</h\d>", text, re.DOTALL)
        heading = " ".join(re.sub(r"<[^>]+>|\{[{%].*?[%}]\}", " ", found.group(1)).split()) \
            if found else ""
        heading = heading or key.replace("_", " ").capitalize()
        sections.append(f"## {heading}\n\n" + "\n".join(f"- {item}" for item in items))
    return "\n\n".join(sections), left

"""Themes' pages of links → Lanting Markdown: Stack's `links:` in a page's front matter
and FixIt's friends of `data/friends.yml`, which the themes drew and the page's text
does not hold (the page was left out, or kept without them)."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.text import load_mapping


def link_list(data: dict[str, Any]) -> str:
    """Stack's page of links (`links: [{title, description, website, image}]` in its front
    matter, the theme drawing them): a list of links, each with its description (the
    page was left out, or kept without them)."""
    given = data.get("links")
    lines = []
    for link in given if isinstance(given, list) else []:
        if isinstance(link, dict) and link.get("website"):
            title = str(link.get("title") or link["website"]).replace("]", "\\]")
            about = " ".join(str(link.get("description") or "").split())
            lines.append(f"- [{title}]({link['website']})" + (f" — {about}" if about else ""))
    return "\n".join(lines)


def friend_list(data: Path) -> str:
    """FixIt's page of friends (`type: friends`), drawn from `data/friends.yml`
    (`nickname`, `url`, `avatar`, `description`): a list of links (the page kept only
    its own text)."""
    for name in ("friends.yml", "friends.yaml", "friends.toml", "friends.json"):
        file = data / name
        if file.is_file():
            fmt = {"yml": "yaml", "yaml": "yaml"}.get(file.suffix[1:], file.suffix[1:])
            text = read_text(file)
            wrapped = {"yaml": "friends:\n" + textwrap.indent(text, "  "),
                       "json": '{"friends": ' + text + "}"}.get(fmt, text)
            loaded, _error = load_mapping(fmt, wrapped)  # (a list: under a key of its own)
            friends = loaded.get("friends")
            return link_list({"links": [
                {"title": f.get("nickname") or f.get("name"), "website": f.get("url"),
                 "description": f.get("description")}
                for f in friends if isinstance(f, dict)]}) if isinstance(friends, list) else ""
    return ""

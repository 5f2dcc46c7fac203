"""al-folio's `layout: profiles` page (`_pages/profiles.md`, a lab's /people/): its
front matter's `profiles:`, each a person drawn beside their text, as Lanting's
people. A profile's `image` is a file of `assets/img/`, its `more_info` HTML lines
(a role, an address, an email link) and its `content` a file beside the page whose
text is shown (else the page's own text). The theme's example (`about_einstein.md`,
no `name`) is left out."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.text import split_front_matter

EXAMPLE_CONTENT = "about_einstein.md"
"""The text file of al-folio's example profiles."""

_LINK = re.compile(r"<a\b[^>]*\bhref\s*=\s*[\"']([^\"']+)[\"'][^>]*>(.*?)</a>",
                   re.IGNORECASE | re.DOTALL)


@dataclass(frozen=True, slots=True)
class Profile:
    """One person of the page, as Lanting's front matter and text."""

    front: dict[str, Any]
    """`title`, `summary`, `links`, `weight`."""
    image: Path | None
    """The portrait, a file of the site (checked)."""
    missing_image: str | None
    """The `image` the page named that the site does not hold."""
    text: str
    """The Markdown shown beside the portrait."""
    text_path: Path
    """The file that text is in (its links are read from there)."""
    first: int
    """The line of that file the text starts at."""


def _text(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def more_info(value: Any) -> tuple[list[str], list[dict[str, str]]]:
    """The lines of a `more_info` (its paragraphs, as text) and its links: an email
    address as "Email", another by its text. A line that is only a link is a link."""
    text = str(value or "")
    links = [{"name": "Email" if url.lower().startswith("mailto:") else _text(shown) or url,
              "url": url.strip()} for url, shown in _LINK.findall(text)]
    lines: list[str] = []
    for line in re.split(r"</p\s*>|<br\s*/?>|\n", text, flags=re.IGNORECASE):
        inner = re.sub(r"^\s*<p\b[^>]*>", "", line, flags=re.IGNORECASE).strip()
        if _text(inner) and not _LINK.fullmatch(inner):
            lines.append(_text(inner))
    return lines, links


def profiles(source: Path, page: Path, data: dict[str, Any], body: str,
             body_first: int) -> tuple[list[Profile], list[str]]:
    """The people of the page (those with a `name`) and notes on the profiles left out
    (the theme's example; one without a name)."""
    found: list[Profile] = []
    notes: list[str] = []
    listed = data.get("profiles")
    for number, entry in enumerate(listed if isinstance(listed, list) else [], 1):
        if not isinstance(entry, dict):
            continue
        content = str(entry.get("content") or "").strip()
        name = " ".join(str(entry.get("name") or "").split())
        if not name:
            notes.append(f"profile {number}" + (" (the theme's example)"
                                                 if content == EXAMPLE_CONTENT else "")
                         + " has no `name`: left out")
            continue
        text, text_path, first = body, page, body_first
        if content and (page.parent / content).is_file():
            text_path = page.parent / content
            _fmt, _head, text, first = split_front_matter(read_text(text_path))
        lines, links = more_info(entry.get("more_info"))
        front: dict[str, Any] = {"title": name}
        if lines:
            front["summary"] = " · ".join(lines)
        if links:
            front["links"] = links
        front["weight"] = number
        image = str(entry.get("image") or "").strip()
        local = source / "assets" / "img" / image if image else None
        ok = local is not None and local.is_file()
        found.append(Profile(front, local if ok else None, image if image and not ok
                             else None, text.strip() + "\n" if text.strip() else "",
                             text_path, first))
    return found, notes

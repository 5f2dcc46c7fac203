"""Links a page's raw HTML showed as an icon only: `<a href="…" class="fa fa-home"></a>`,
`<a href="…"><i class="fab fa-github"></i></a>` (Font Awesome; academicons' `ai
ai-google-scholar`). The old site loaded the icon font; Lanting loads none, so the link
had no text and could not be seen or clicked. It is given the icon's name (`Website`,
`GitHub`, `Google Scholar`), the icon's element kept."""

from __future__ import annotations

import re

_ICON_LINK = re.compile(
    r"<a\b(?P<attrs>[^>]*\bhref\s*=[^>]*)>(?P<inner>\s*(?:<(?P<tag>i|span)\b"
    r"(?P<inner_attrs>[^>]*)>\s*</(?P=tag)>)?\s*)</a>", re.IGNORECASE)
_CLASS = re.compile(r"""\bclass\s*=\s*["']([^"']*)["']""", re.IGNORECASE)
_ICON = re.compile(r"(?<![\w-])(?:fa|ai)-([a-z0-9-]+)")
_MODIFIERS = re.compile(r"^(?:\d?x|xs|sm|lg|xl|\dx|fw|solid|regular|brands|light|thin|"
                        r"duotone|sharp|inverse|spin|pulse|border|pull-\w+|stack.*|rotate.*|"
                        r"flip.*)$")
"""Font Awesome's classes of size and style, which name no icon."""
NAMES = {"home": "Website", "house": "Website", "globe": "Website", "link": "Website",
         "external-link": "Website", "external-link-alt": "Website",
         "graduation-cap": "Google Scholar", "google-scholar": "Google Scholar",
         "google-scholar-square": "Google Scholar", "linkedin": "LinkedIn",
         "linkedin-in": "LinkedIn", "github": "GitHub", "gitlab": "GitLab",
         "twitter": "Twitter", "x-twitter": "X", "envelope": "Email", "at": "Email",
         "orcid": "ORCID", "researchgate": "ResearchGate", "file-pdf": "PDF",
         "youtube": "YouTube", "semantic-scholar": "Semantic Scholar", "dblp": "DBLP",
         "bluesky": "Bluesky", "mastodon": "Mastodon", "cv": "CV"}
"""An icon → the link's text (else the icon's name in words, `book` → `Book`)."""


def icon_name(classes: str) -> str | None:
    """The words naming the first icon among `classes`, or None."""
    for found in _ICON.finditer(classes.lower()):
        icon = found.group(1)
        if not _MODIFIERS.match(icon):
            return NAMES.get(icon, icon.replace("-", " ").capitalize())
    return None


def icon_links(text: str) -> tuple[str, int]:
    """`text` with each icon-only link given the icon's name as its text, and how many."""
    count = 0

    def named(match: re.Match[str]) -> str:
        nonlocal count
        classes = " ".join(found.group(1) for part in ("attrs", "inner_attrs")
                           for found in _CLASS.finditer(match.group(part) or ""))
        name = icon_name(classes)
        if name is None:
            return match.group(0)
        count += 1
        inner = match.group("inner").strip()
        return f"<a{match.group('attrs')}>{inner + ' ' if inner else ''}{name}</a>"

    return _ICON_LINK.sub(named, text), count

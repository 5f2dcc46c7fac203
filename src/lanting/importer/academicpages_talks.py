"""academicpages' `_talks/*.md` → Lanting's talks: the front matter a talk keeps, the
links its page gets, and the slides of a reveal.js deck written in Markdown. Read by
`academicpages_collections`."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer.academicpages import Publications
from lanting.importer.academicpages_citations import plain

TALK_KEYS = frozenset({"title", "collection", "type", "permalink", "venue", "date",
                       "location", "slidesurl", "link", "talkurl", "talk_url", "venueurl",
                       "excerpt", "layout", "videourl", "video", "description"})
"""Talk front-matter keys the import reads (`layout` is the theme's)."""


def talk_front(pubs: Publications, path: Path, data: dict[str, Any], head: str
               ) -> tuple[dict[str, Any], list[str]]:
    """A talk's front matter (`excerpt`, else al-folio's `description`, → `summary`;
    `venue` → `event`, `type` a tag, a PDF `slidesurl` →
    `slides_pdf`) and the lines of links the body gets (a talk page, slides on the web)."""
    front: dict[str, Any] = {"title": plain(str(data.get("title") or path.stem))}
    summary = plain(str(data.get("excerpt") or data.get("description") or ""))
    if summary:
        front["summary"] = summary
    kind = plain(str(data.get("type") or ""))
    if kind:
        front["tags"] = [kind]
    for key, name in (("venue", "event"), ("location", "location")):
        value = plain(str(data.get(key) or ""))
        if value:
            front[name] = value
    lines = []
    for key, label in (("slidesurl", "Slides"), ("link", "Slides"), ("talkurl", "Talk page"),
                       ("talk_url", "Talk page"), ("venueurl", "Event page")):
        url = pubs.link(data.get(key))
        if url and label == "Slides" and url.lower().endswith(".pdf") \
                and "slides_pdf" not in front:
            front["slides_pdf"] = url
        elif url:
            lines.append(f"[{label}]({url})")
    video = pubs.link(data.get("videourl") or data.get("video"))
    if video:
        front["video"] = video
    return front, lines


_REVEAL = re.compile(r"<section\b[^>]*\bdata-markdown\b[^>]*>\s*<textarea\b[^>]*>(.*?)"
                     r"</textarea>\s*</section>", re.DOTALL)


def reveal_markdown(body: str) -> str | None:
    """The slides of a reveal.js deck written in Markdown (`<section data-markdown>
    <textarea data-template>`, academicpages' `layout: slide`): already Lanting's
    syntax (`---` between slides, `Note:` before the notes). None for any other body."""
    decks = _REVEAL.findall(body)
    if not decks:
        return None
    slides = []
    for deck in decks:
        lines = deck.strip("\n").split("\n")
        indent = min((len(x) - len(x.lstrip()) for x in lines if x.strip()), default=0)
        slides.append("\n".join(x[indent:] for x in lines).strip())
    return "\n\n---\n\n".join(slides) + "\n"

"""Hugo Blox's slide decks (`content/slides/<deck>/index.md`, `type: slides`: reveal.js
slides in Markdown, separated by `---`) → Lanting talks, whose slides are separated the
same way. The deck's shortcodes are in `hugoblox.py` (`fragment`: its text;
`speaker_note`: the slide's notes; `slide`: its look, dropped)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer.common import bool_of, first_date, mtime, read_text
from lanting.importer.hugo_front import DATES
from lanting.importer.hugoblox_events import HugoBloxEvents
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.site import slug_of
from lanting.importer.text import key_line, names

SLIDES = ("slides",)
DECK_KEYS = frozenset({"title", "date", "summary", "tags", "draft", "slides", "type",
                       "publishDate", "publishdate", "lastmod"})
"""The keys of a deck's front matter that the talk is made from (`slides:`, its reveal.js
theme and branding, has no Lanting form and needs none)."""


def example_deck(data: dict[str, Any], body: str) -> bool:
    """Whether a deck is the starter's example as it came (“Slides”, “An introduction to
    using Wowchemy's Slides feature”, its slides showing how to write slides), which
    forks keep and never edit: it was a talk of theirs on the new site."""
    summary = str(data.get("summary") or "")
    return summary.startswith("An introduction to using") and "Slides feature" in summary \
        and "# Create slides in Markdown with" in body


class HugoBloxSlides(HugoBloxEvents):
    """The reader of Hugo Blox's slide decks."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.claimed: dict[Path, Item] = {}
        """Decks that events name (`slides: example`) -> the event's talk."""
        self.deck_parts: list[tuple[Item, Path, str]] = []
        """(talk, deck file, its slides): appended to the talk's text once converted."""
        self.example_decks: set[Path] = set()
        """The starter's example decks, left out (`example_deck`)."""

    def site_root(self) -> Path:
        """The default language's content folder (`content/`, or `content/en/` when each
        language has its own `contentDir`): its authors, home and landing page."""
        return self.languages[0].content

    def read_special(self, path: Path, bundle: Path | None, section: str,
                     data: dict[str, Any], head: str, body: str) -> bool:
        if section in SLIDES or str(data.get("type") or "").lower() == "slides":
            self.read_deck(path, bundle, section, data, head, body)
            return True
        return super().read_special(path, bundle, section, data, head, body)

    def talk_deck(self, path: Path, data: dict[str, Any], head: str, item: Item) -> bool:
        """An event's deck (`slides: example`) is its talk's slides, after the event's
        own slide (`read_deck` leaves the deck out)."""
        name = str(data.get("slides") or "").strip()
        deck = self.root_of(path) / "slides" / name / "index.md"
        if not name or "/" in name or not deck.is_file():
            if name:
                self.report.warn(path, key_line(head, "slides"), f"`slides: {name}` left "
                                 f"out: no deck `content/slides/{name}/` (the button led "
                                 "nowhere)")
            return False
        self.claimed[deck] = item
        return True

    def read_deck(self, path: Path, bundle: Path | None, section: str, data: dict[str, Any],
                  head: str, body: str) -> None:
        stem = bundle.name if bundle is not None else path.stem
        date = first_date(data, head, DATES, self.tz)
        old = self.fill(self.permalink_of(section or "slides"), [section], data,
                        date or mtime(path, self.tz), stem)
        talk = self.claimed.get(path)
        if talk is not None:  # (its old URL answers with the talk)
            self.deck_parts.append((talk, path, body))
            talk.old_urls.append(old)
            talk.deck_urls |= {old}  # (it showed the slides, the event's URL its page)
            self.table.add(old, talk)
            self.report.convert("decks as the slides of their event's talk")
            return
        if example_deck(data, body):
            self.example_decks.add(path)
            self.report.note(path, None, "left out: the theme's example deck (“"
                             f"{data.get('title') or stem}”, how to write slides), never "
                             "edited")
            return
        if date is None:
            date = mtime(path, self.tz)
            self.report.warn(path, None, "a deck without a date: the file's modification "
                             "time is the talk's date")
        front: dict[str, Any] = {"title": str(data.get("title") or stem), "date": date}
        if isinstance(data.get("summary"), str) and data["summary"].strip():
            front["summary"] = B.plain_inline(data["summary"])
        if names(data.get("tags")):
            front["tags"] = names(data.get("tags"))
        draft = bool_of(data.get("draft"))
        if draft:
            front["draft"] = True
        self.left_out(path, data, DECK_KEYS)
        item = self.site.add(Item("talk", slug_of(stem), path, front, draft=draft))
        self.report.counts["talks"] += 1
        self.report.convert("slide decks as talks")
        item.old_urls = [old]
        item.deck_urls = frozenset(item.old_urls)
        for url in item.old_urls:
            self.table.add(url, item)
        self.remember(item, path, bundle, body)

    def finish_decks(self) -> None:
        """The decks of events after their talks' first slide, each converted as a text
        of its own file (its lines in the report, its images from its folder)."""
        for talk, path, body in self.deck_parts:
            ctx = Context(self.report, path, read_text(path))
            slides = self.convert(body, talk, ctx, path.parent)
            talk.body = talk.body.rstrip("\n") + "\n\n---\n\n" + slides.lstrip("\n")

    def link_project_decks(self) -> None:
        """A project's deck (`slides: example`) became a talk (its own, or its event's):
        the project's `talk`, whose page the project's lists; a deck the site lacks
        is a warning (its button led nowhere)."""
        for project, name, path, line in self.project_decks:
            deck = self.root_of(path) / "slides" / name / "index.md"
            talk = self.claimed.get(deck) or next(
                (i for i in self.site.items if i.kind == "talk" and i.source == deck), None)
            if deck in self.example_decks:
                self.report.note(path, line, f"`slides: {name}` left out: the theme's "
                                 "example deck, left out")
                continue
            if talk is None or (talk.draft and not project.draft):
                self.report.warn(path, line, f"`slides: {name}` left out: no "
                                 f"{'published ' if talk else ''}deck "
                                 f"`content/slides/{name}/` (the button led nowhere)")
                continue
            project.front["talk"] = f"talks/{talk.name or talk.slug}.md"
            self.report.convert("project decks as the project's talk")

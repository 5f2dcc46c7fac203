"""Hugo Blox's events (`content/event/`, `content/events/`, older `talk/`) → Lanting talks:
the event's text is the talk's first slide, its buttons its video, PDF slides and links,
the deck its `slides:` names the slides after it (`hugoblox_slides.py`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer.common import bool_of, date_of, first_date
from lanting.importer.hugo_front import DATES
from lanting.importer.hugoblox_links import BUTTONS, PageLink, markdown_links
from lanting.importer.hugoblox_pages import TALKS
from lanting.importer.hugoblox_publications import HugoBloxPublications
from lanting.importer.item import Item
from lanting.importer.site import slug_of
from lanting.importer.text import key_line, names

TALK_KEYS = frozenset({"title", "date", "summary", "abstract", "tags", "event", "location",
                       "event_url", "links", "date_end", "slides", "draft", "all_day",
                       "time_start", "time_end",
                       "publishDate", "publishdate", *(k for k, _ in BUTTONS)})
"""The keys of an event's front matter that the new talk is made from."""


def theme_example(data: dict[str, Any], body: str) -> bool:
    """Whether an event is the starter's example as it came (`Example Event` at the
    `Wowchemy Conference`, in 2030, its abstract Lorem ipsum), which labs keep: it was a
    talk of theirs on the new site."""
    text = str(data.get("abstract") or "") + body
    return str(data.get("title") or "").strip() in ("Example Event", "Example Talk") \
        and text.lstrip().startswith("Lorem ipsum")


class HugoBloxEvents(HugoBloxPublications):
    """The reader of Hugo Blox's events."""

    def read_special(self, path: Path, bundle: Path | None, section: str,
                     data: dict[str, Any], head: str, body: str) -> bool:
        if section in TALKS:
            self.read_talk(path, bundle, section, data, head, body)
            return True
        return super().read_special(path, bundle, section, data, head, body)

    def read_talk(self, path: Path, bundle: Path | None, section: str, data: dict[str, Any],
                  head: str, body: str) -> None:
        """An event as a talk, dated as Academic's lists dated it: `time_start` (the
        event's day; its `date` was when the page was published), else its date."""
        if theme_example(data, body):
            self.report.note(path, None, "left out: the theme's example event (“Example "
                             "Event”, its abstract “Lorem ipsum…”), never edited")
            return
        stem = bundle.name if bundle is not None else path.stem
        published = first_date(data, head, DATES, self.tz)
        date = first_date(data, head, ("time_start",), self.tz) or published
        if date is None:
            self.report.warn(path, None, "a talk without a date: left out")
            return
        front: dict[str, Any] = {"title": str(data.get("title") or stem), "date": date}
        end = date_of(data, head, "date_end", self.tz) or date_of(data, head, "time_end",
                                                                  self.tz)
        if end is not None and end.moment.date() > date.moment.date():
            front["end_date"] = end  # (a workshop of several days; an end time is none)
        elif end is None and str(data.get("date_end") or "").strip():
            self.report.warn(path, key_line(head, "date_end"), "`date_end` left out: not "
                             "a date")
        summary = data.get("summary") or data.get("abstract")
        if isinstance(summary, str) and summary.strip():
            front["summary"] = B.plain_inline(summary)
        front["tags"] = names(data.get("tags"))
        for key in ("event", "location"):
            if data.get(key):
                front[key] = str(data[key])
        if not body.strip():
            body = f"## {front['title']}\n"
        body = body.rstrip("\n") + "\n" + self.talk_text(path, bundle, data, head, front)
        self.left_out(path, data, TALK_KEYS)
        draft = bool_of(data.get("draft"))
        if draft:
            front["draft"] = True
        language = self.language_of(path)
        item = self.site.add(Item("talk", slug_of(stem), path, front, draft=draft,
                                  lang=self.suffix(language)))
        self.report.counts["talks"] += 1
        pattern = self.permalink_of(section)
        item.old_urls = [self.in_folder(self.fill(pattern, [section], data,
                                                  published or date, stem),
                                        language, data)]
        for url in item.old_urls:
            self.table.add(url, item)
        if not self.talk_deck(path, data, head, item):  # (nothing lost: a notice, as
            # for academicpages' and al-folio's talks without slides)
            self.report.note(path, None, "the event had no slides: its text is the talk's "
                             "one slide (add slides after the front matter, separated by "
                             "`---`)")
        self.remember(item, path, bundle, body)
        self.pair(item, "talks", data, path, bundle)

    def talk_deck(self, path: Path, data: dict[str, Any], head: str, item: Item) -> bool:
        """Whether the event's `slides:` deck becomes the talk's slides (`hugoblox_slides`)."""
        return False

    def talk_text(self, path: Path, bundle: Path | None, data: dict[str, Any], head: str,
                  front: dict[str, Any]) -> str:
        """Set the talk's `video` and `slides_pdf` from the event's buttons; the text
        the old event page showed besides (its `abstract`, when `summary` was the
        summary; its event link and the other buttons), to end the talk's slide."""
        text = ""
        abstract = data.get("abstract")
        if isinstance(abstract, str) and abstract.strip() and data.get("summary"):
            text += f"\n{abstract.strip()}\n"
            self.report.convert("event abstracts in the talk's text")
        buttons = self.links_of(data, bundle, path, head)
        if str(data.get("event_url") or "").strip():
            buttons.insert(0, PageLink("event_url", str(data.get("event") or "Event"),
                                       str(data["event_url"]).strip()))
        links = []
        for link in self.resolved_links(buttons, bundle, "talks", path, head):
            url = link.url
            if link.key == "url_video" and "video" not in front:
                front["video"] = url
            elif link.key == "url_slides" and url.lower().endswith(".pdf") \
                    and "slides_pdf" not in front:
                front["slides_pdf"] = url
            else:
                links.append(PageLink(link.key, link.name, url))
        if links:
            text += "\n" + markdown_links(links) + "\n"
            self.report.convert("event links in the talk's text", len(links))
        return text

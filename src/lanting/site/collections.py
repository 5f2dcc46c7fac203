"""The simple collections of the site model: courses taught (`content/teaching/`, newest
first) and the group's people (`content/people/`, grouped by `role`). Each entry also has
a page of its own; the lists are `/teaching/` and `/people/`."""

from __future__ import annotations

from collections import defaultdict

from lanting.model.content import Document, Kind
from lanting.model.pages import Page
from lanting.model.site import Entry, Group, Site
from lanting.site.assemble import unique_slugs


def _entry(page: Page, doc: Document) -> Entry:
    meta = doc.meta
    return Entry(page, meta.role or "", meta.term or "", meta.links)


def _stamp(page: Page) -> float:
    return page.date.timestamp() if page.date else 0.0


def build_teaching(site: Site, documents: dict[str, Document]) -> tuple[Entry, ...]:
    courses = [p for p in site.pages if p.kind is Kind.TEACHING]
    courses.sort(key=lambda p: (documents[p.rel].meta.weight, -_stamp(p), p.title, p.rel))
    return tuple(_entry(p, documents[p.rel]) for p in courses)


def build_people(site: Site, documents: dict[str, Document]) -> tuple[Group, ...]:
    """Groups in the order of their first member (by weight, then name); a person
    without a `role` is in a group without a name."""
    people = [p for p in site.pages if p.kind is Kind.PERSON]
    people.sort(key=lambda p: (documents[p.rel].meta.weight, p.title, p.rel))
    grouped: dict[str, list[Entry]] = defaultdict(list)
    for page in people:
        entry = _entry(page, documents[page.rel])
        grouped[entry.role].append(entry)
    slugs = unique_slugs([name or "people" for name in grouped])
    return tuple(Group(name, slugs[name or "people"], tuple(entries))
                 for name, entries in grouped.items())  # insertion order: first member's

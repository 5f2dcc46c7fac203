"""A Hugo Blox research group's people: its authors (`content/authors/<user>/_index.md`)
with `user_groups` (`Principal Investigators`, `Grad Students`, `Alumni`), which the
site's `people` blocks (`block: people`, `content: {title, user_groups}`; Hugo Blox's
`team-showcase` the same way) showed, group by group. Lanting has them as
`content/people/`, listed at /people/: `role` the heading of the block that showed their
group (its `title` when it shows that group alone, else the group's name), `summary`
their role and organisation, `cover` the author's `avatar.*`, `links` the `social` links
to web pages and mail, the text their `bio` and page. Only authors of the groups the
blocks show are people (the theme's example user, in a group of its own, is not); a site
without such blocks has none (the starter gives a homepage's one author `user_groups`
too, which no page showed)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.text import load_mapping, names, split_front_matter

_ICONS = {"github": "GitHub", "google-scholar": "Google Scholar", "linkedin": "LinkedIn",
          "twitter": "Twitter", "x-twitter": "X", "orcid": "ORCID",
          "researchgate": "ResearchGate", "envelope": "Email", "globe": "Website",
          "link": "Website", "house": "Website", "home": "Website"}
"""A `social` link's icon → the link's name on the person's page."""
PEOPLE_BLOCKS = frozenset({"people", "team-showcase"})
"""The blocks showing the authors of `user_groups`: Wowchemy's `people`, Hugo Blox's
`team-showcase` (each group under its name when it shows several)."""


@dataclass(frozen=True, slots=True)
class Person:
    """One author who is a member of the group."""

    user: str
    front: dict[str, Any]
    """`title`, `role`, `summary`, `links`, `weight` (no `cover`: the avatar's file is
    `avatar`)."""
    text: str
    avatar: Path | None
    path: Path


def group_headings(content: Path) -> dict[str, str]:
    """Each group the `people` blocks of the site's landing pages show → the heading it
    is shown under, in the blocks' order (a dict keeps it). Academic's and Wowchemy's
    widgets are blocks too: a file of its own, `widget: people` (`home/people.md`, or
    `people/people.md` of a `widget_page`), which only `sections:` were read for, so a
    lab of that age had no people."""
    headings: dict[str, str] = {}
    for path in sorted(content.rglob("*.md")):
        fmt, head, _body, _first = split_front_matter(read_text(path))
        data = load_mapping(fmt or "yaml", head)[0] if fmt else {}
        sections = data.get("sections") if path.name.endswith("index.md") else None
        blocks = sections if isinstance(sections, list) else [data]
        for block in blocks:
            if not isinstance(block, dict) or block.get("block", block.get("widget")) \
                    not in PEOPLE_BLOCKS or not isinstance(block.get("content"), dict):
                continue
            groups = [str(g).strip() for g in block["content"].get("user_groups") or []
                      if str(g).strip()]
            title = str(block["content"].get("title") or block.get("title") or "").strip()
            for group in groups:
                headings.setdefault(group, title if title and len(groups) == 1 else group)
    return headings


def people(authors: list[tuple[str, dict[str, Any], str, Path]],
           headings: dict[str, str]) -> list[Person]:
    """The authors who are the group's people, in the order of their groups' blocks,
    then of their folders."""
    order = list(headings)
    found = []
    for user, data, body, path in authors:
        groups = [str(g).strip() for g in data.get("user_groups") or [] if str(g).strip()]
        shown = [g for g in groups if g in headings]
        name = data.get("title") or data.get("name")
        if not shown or not isinstance(name, str) or not name.strip():
            continue
        rank = order.index(shown[0]) if shown[0] in order else len(order)
        found.append((rank, Person(user, _front(data, headings.get(shown[0], shown[0]), name),
                                   _text(data, body), _avatar(path), path)))
    found.sort(key=lambda pair: pair[0])  # (stable: folders in name order within a group)
    for weight, (_rank, person) in enumerate(found, 1):
        person.front["weight"] = weight
    return [person for _rank, person in found]


def _front(data: dict[str, Any], group: str, name: str) -> dict[str, Any]:
    front: dict[str, Any] = {"title": " ".join(name.split()), "role": group}
    organizations = data.get("organizations") or data.get("affiliations") or []
    organization = organizations[0].get("name") if isinstance(organizations, list) \
        and organizations and isinstance(organizations[0], dict) else None
    lines = [" ".join(str(v).split()) for v in (data.get("role"), organization) if v]
    interests = names(data.get("interests"))
    if lines or interests:
        front["summary"] = " · ".join([*lines, *([", ".join(interests)] if interests else [])])
    links = []
    for entry in data.get("social") or data.get("profiles") or []:
        url = str(entry.get("link") or entry.get("url") or "") if isinstance(entry, dict) \
            else ""
        icon = str(entry.get("icon") or "").rsplit("/", 1)[-1] if url else ""
        if url.startswith("//"):
            url = "https:" + url
        if url.startswith(("http://", "https://", "mailto:")):
            links.append({"name": _ICONS.get(icon, icon.replace("-", " ").title() or "Link"),
                          "url": url})
    if links:
        front["links"] = links
    return front


def _text(data: dict[str, Any], body: str) -> str:
    bio = data.get("bio")
    parts = [bio.strip() if isinstance(bio, str) else "", body.strip()]
    return "\n\n".join(p for p in parts if p)


def _avatar(path: Path) -> Path | None:
    return next(iter(sorted(path.parent.glob("avatar.*"))), None) \
        if path.name == "_index.md" else None

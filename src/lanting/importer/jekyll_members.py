"""A lab site's people kept as a Jekyll collection: a lab-website template's
`_members/` (`name`, `image`, `role: phd`, `links: {github: …}`, the text a bio), an
al-folio lab's `_people/` (`category: Graduate`, `current: false` for alumni), each
document a person. Lanting has them as `content/people/`, listed at /people/; each keeps
its old URL (when the collection was published) and its text. The pages that listed them
(`{% include list.html data="members" … %}`, `{% for p in site.people %}`) are left out,
their URLs led to /people/."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath
from typing import Any

from lanting.importer.collections import old_url
from lanting.importer.common import LinkTable, read_text, walk
from lanting.importer.item import Item
from lanting.importer.jekyll_people import PHOTO_FOLDER, is_person, person_front
from lanting.importer.jekyll_urls import old_path
from lanting.importer.listings import Redirects
from lanting.importer.report import Report
from lanting.importer.site import NewSite, slug_of
from lanting.importer.text import load_mapping, split_front_matter

_MARKDOWN = (".md", ".markdown")
_NOT_TEXT = re.compile(r"\{%.*?%\}|\{\{.*?\}\}|<!--.*?-->|<[^>]*>|[#*\s|-]", re.DOTALL)
"""What is not a page's own text: Liquid, HTML markup, Markdown's marks."""
_HEADINGS = re.compile(r"^[ \t]*(?:#{1,6}[ \t].*|\{:[^}\n]*\}[ \t]*)$", re.MULTILINE)
"""A page's headings and kramdown's attribute lines (`{:.center}`)."""
_GROUP_KEYS = ("category", "group", "role", "type")
"""The front matter naming a member's group (`role: phd`, `category: Graduate`)."""
_LEADS = frozenset({"director", "pi", "principal-investigator", "principal investigator",
                    "professor", "faculty", "lead", "leader", "head"})
"""Groups the old pages showed first, above the others (`filter="role == 'pi'"`)."""
_PAST = frozenset({"alum", "alums", "alumni", "alumnus", "alumna", "former", "past"})
"""Groups (`role: alum`) and collections (`_alumni/`) of those who left the lab."""
_PEOPLE_FOLDERS = frozenset({"team", "people", "members", "group", "lab", "alumni"})
"""Collections of people by their name, whose documents may name the person by `title`
(an al-folio lab's `_team/`, each page titled with the member's name)."""
_LINK_URLS = {
    "home-page": "{}", "homepage": "{}", "website": "{}", "url": "{}",
    "orcid": "https://orcid.org/{}", "github": "https://github.com/{}",
    "google-scholar": "https://scholar.google.com/citations?user={}",
    "twitter": "https://twitter.com/{}", "linkedin": "https://www.linkedin.com/in/{}",
}
_LINK_NAMES = {"home-page": "Website", "homepage": "Website", "website": "Website",
               "url": "Website", "orcid": "ORCID", "github": "GitHub",
               "google-scholar": "Google Scholar", "twitter": "Twitter",
               "linkedin": "LinkedIn"}


@dataclass(frozen=True, slots=True)
class Member:
    """One document of a people collection."""

    path: Path
    folder: Path
    data: dict[str, Any]
    body: str
    first: int
    group: str
    """The heading of their group on /people/ (`Principal Investigator`, `Alumni`)."""
    twins: tuple[Member, ...] = ()
    """The same person's documents in the other collections (just-the-class' `_staffers/`
    beside `_staffersnobio/`), merged into this one: one person, one page."""


def _documents(folder: Path) -> list[tuple[Path, dict[str, Any], str, int]]:
    found = []
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).parts
        if path.suffix.lower() in _MARKDOWN and path.is_file() \
                and not any(p[:1] in (".", "_", "#", "~") for p in rel):
            fmt, head, body, first = split_front_matter(read_text(path))
            data = load_mapping(fmt, head)[0] if fmt else {}
            if fmt and folder.name.strip("_").lower() in _PEOPLE_FOLDERS \
                    and not data.get("name") and isinstance(data.get("title"), str):
                # (`_team/x.md`, `title: Bo Li`: the name, not a role line under it)
                data = {**{k: v for k, v in data.items() if k != "title"},
                        "name": data["title"]}
                if isinstance(data.get("excerpt"), str) and not data.get("position"):
                    # (academicpages' archive showed the excerpt under the name: the
                    # role line, `excerpt: "Postdoctoral fellow"`)
                    data["position"] = data["excerpt"]
            if fmt:
                found.append((path, data, body, first))
    return found


def people_collections(source: Path, config: dict[str, Any]) -> list[str]:
    """The folders (`_members`) of the collections `_config.yml` names whose documents
    are people (a `name`, with a photo, role or links), at least half of them."""
    named = config.get("collections")
    names = list(named) if isinstance(named, dict | list) else []
    found = []
    for name in names:
        folder = source / f"_{name}"
        if not isinstance(name, str) or not folder.is_dir():
            continue
        documents = _documents(folder)
        people = [d for _p, d, _b, _f in documents if is_person(d, _GROUP_KEYS + ("links",))]
        if people and len(people) * 2 >= len(documents):
            found.append(folder.name)
    return found


def group_name(source: Path, value: str) -> str:
    """A group key as the old pages showed it: its `description` in `_data/types.yaml`
    (`phd` → "PhD Student"), or its `text` in an older template's `_data/roles.yaml`,
    else the key made words (`postdoc` → "Postdoc")."""
    shown = _described(source, value)
    if shown:
        return shown
    words = " ".join(value.replace("-", " ").replace("_", " ").split())
    return words[:1].upper() + words[1:]


def _described(source: Path, value: str) -> str | None:
    """The name `_data/types.yaml` (or `roles.yaml`) gives a role key, if any."""
    for name in ("types.yaml", "types.yml", "roles.yaml", "roles.yml"):
        types = source / "_data" / name
        if types.is_file():
            entry = load_mapping("yaml", read_text(types))[0].get(value)
            shown = entry.get("description", entry.get("text")) \
                if isinstance(entry, dict) else None
            if isinstance(shown, str) and shown.strip():
                return " ".join(shown.split())
    return None


def group_key(source: Path, data: dict[str, Any]) -> str:
    """The key of a member's group: their `role` when the site's types name it (the lab
    template's `role: phd` beside `group: active`, a section of the team page, or
    `group: alum`), else the first of `category`, `group`, `role`, `type`."""
    role = data.get("role")
    if isinstance(role, str) and role.strip() and _described(source, role.strip()):
        return role.strip()
    return next((str(data[k]).strip() for k in _GROUP_KEYS
                 if isinstance(data.get(k), str) and data[k].strip()), "")


def members(source: Path, folders: list[str]) -> list[Member]:
    """The people of those collections, leads first, alumni (`current: false`,
    `alumni: true`) last, the others by their groups' first appearance, then by file."""
    found = []
    for name in folders:
        for path, data, body, first in _documents(source / name):
            if not is_person(data, _GROUP_KEYS + ("links",)):
                continue
            key = group_key(source, data)
            past = data.get("current") is False or data.get("alumni") is True \
                or data.get("alum") is True or name.strip("_").lower() in _PAST \
                or any(str(data.get(k, "")).strip().lower() in _PAST for k in _GROUP_KEYS)
            # (`role: alum`, `group: alum`; a collection of its own, `_alumni/`)
            group = "Alumni" if past else group_name(source, key) if key else "Members"
            found.append(Member(path, source / name, data, body, first, group))
    found = _merge_twins(found)
    order = list(dict.fromkeys(m.group for m in found))

    def rank(member: Member) -> tuple[int, int, float]:
        lead = member.group.lower() in _LEADS or any(
            str(member.data.get(k, "")).strip().lower() in _LEADS for k in _GROUP_KEYS)
        place = member.data.get("order")  # (the page's `sort: 'order'`, academicpages')
        return (2 if member.group == "Alumni" else 0 if lead else 1, order.index(member.group),
                place if isinstance(place, int | float) and not isinstance(place, bool)
                else float("inf"))

    return sorted(found, key=rank)  # (stable: files in name order within a group)


def _merge_twins(found: list[Member]) -> list[Member]:
    """One member a person, though two collections hold them (a course site's staff
    with and without bios, the same `name` in each): the first read keeps its place and
    group, the others' front matter fills what it lacks, and a bio wins over none."""
    kept: dict[str, Member] = {}
    merged: list[Member] = []
    for member in found:
        key = " ".join(str(member.data["name"]).split()).casefold()
        first = kept.get(key)
        if first is None or first.folder == member.folder:
            # (two files of one collection with one name: two people, as on the old site)
            kept.setdefault(key, member)
            merged.append(member)
            continue
        text = first if first.body.strip() or not member.body.strip() else member
        data = {**member.data, **first.data} if text is first \
            else {**first.data, **member.data}
        joined = replace(text, data=data, group=first.group,
                         twins=(*first.twins, first if text is member else member))
        kept[key] = joined
        merged[merged.index(first)] = joined
    return merged


def links_of(data: dict[str, Any]) -> list[dict[str, str]]:
    """A member's web pages: a `links:` mapping (`github: handle`, `orcid: 0000-…`,
    `home-page: https://…`, `email: …`), and `email`/`contact` an address."""
    links = []
    given = data.get("links")
    for key, value in (given.items() if isinstance(given, dict) else ()):
        value = str(value).strip() if isinstance(value, str | int) else ""
        if not value:
            continue
        if key == "email" or (re.fullmatch(r"[^@\s]+@[^@\s]+", value)):
            links.append({"name": "Email", "url": "mailto:" + value.removeprefix("mailto:")})
        elif re.match(r"https?://", value):
            links.append({"name": _LINK_NAMES.get(key, key.replace("-", " ").title()),
                          "url": value})
        elif key in _LINK_URLS:
            links.append({"name": _LINK_NAMES[key], "url": _LINK_URLS[key].format(value)})
    for key in ("email", "contact"):
        value = data.get(key)
        if isinstance(value, str) and re.fullmatch(r"\s*[^@\s<>]+@[^@\s<>]+\s*", value):
            links.append({"name": "Email", "url": "mailto:" + value.strip()})
    return list({link["url"]: link for link in links}.values())


def member_front(member: Member, weight: int) -> tuple[dict[str, Any], str | None]:
    """The person's front matter (`person_front`'s, the group key not repeated in the
    summary, `links` read as `links_of`) and the photo to find."""
    shown = {k: v for k, v in member.data.items() if k not in _GROUP_KEYS}
    front, photo = person_front(shown, member.group, weight)
    told = member.data.get("description")  # (the lab template's line under the portrait)
    key = group_key(member.folder.parent, member.data)
    if not (isinstance(told, str) and told.strip()) and member.group == "Alumni" \
            and key and key.lower() not in _PAST:  # (what they were here: `role: phd`)
        told = group_name(member.folder.parent, key)
    told = " ".join(re.sub(r"<[^>]*>", " ", told).split()) if isinstance(told, str) else ""
    if told:  # (`description: <br>`, a blank line under the portrait: none)
        front["summary"] = " · ".join([told, *filter(None, [front.get("summary")])])
    links = [*links_of(member.data), *front.get("links", [])]
    if links:
        front["links"] = list({link["url"]: link for link in links}.values())
    return front, photo


def spellings(data: dict[str, Any]) -> list[str]:
    """The other spellings of a member's name papers use (the lab template's `aliases:
    [J. Smith, J Smith]`, which its member page searched the papers for); not the old
    URLs another theme's `aliases` are."""
    given = data.get("aliases")
    names = given if isinstance(given, list) else [given]
    return [" ".join(n.split()) for n in names if isinstance(n, str) and n.strip()
            and "/" not in n and not re.search(r"\.html?\s*$", n)]


def photo_folders(source: Path) -> list[str]:
    """The folders pages, layouts and includes put before a member's photo file name
    (`/assets/img/people/{{ person.image }}`), and the site's root."""
    folders = [""]
    for path in walk(source):
        if path.suffix.lower() in (".md", ".html", ".liquid"):
            folders += [f.strip("/") for f in PHOTO_FOLDER.findall(read_text(path))]
    return list(dict.fromkeys(folders))


def photo_elsewhere(source: Path, member: Path, photo: str,
                    by_name: dict[str, list[Path]]) -> Path | None:
    """A member's photo no folder of the templates holds: written from the member's file
    (`photo: ../assets/staff/avi.jpg` in `_staffers/`), or the one file of the site of its
    name (just-the-class puts `defaults:`' `subpath: /assets/images/` before it)."""
    beside = Path(os.path.normpath(member.parent / photo))
    if beside.is_file() and beside.is_relative_to(source):
        return beside
    named = by_name.get(PurePosixPath(photo).name, [])
    return named[0] if len(named) == 1 else None


def lists_people(body: str, collections: list[str]) -> bool:
    """A page showing those collections: a Liquid loop or filter over `site.people`, or
    a lab template's `{% include list.html data="members" %}`."""
    names = "|".join(re.escape(c.removeprefix("_")) for c in collections)
    return bool(names) and bool(re.search(
        rf"\bsite\.(?:{names})\b|\{{%-?\s*include\s+[\w./-]+[^%]*\bdata\s*=\s*[\"'](?:{names})"
        r"[\"']", body))


def member_url(config: dict[str, Any], member: Member, baseurl: str) -> str | None:
    """Where Jekyll published the document (its collection's `output: true`), else None."""
    named = config.get("collections")
    own = named.get(member.folder.name[1:]) if isinstance(named, dict) else None
    if not (isinstance(own, dict) and own.get("output") is True):
        return None
    return old_url(config, member.folder, member.path, member.data, baseurl)


class JekyllMembers:
    """The people-collection side of the Jekyll importers."""

    source: Path
    config: dict[str, Any]
    report: Report
    site: NewSite
    table: LinkTable
    baseurl: str
    left_out: dict[str, str]
    posts: list[tuple[Item, str, int, Path]]
    people_folders: list[str]
    member_names: list[str]

    def read_members(self) -> None:
        """Each member a `person` item, its text converted with the posts'."""
        self.people_folders = people_collections(self.source, self.config)
        found = members(self.source, self.people_folders)
        folders = photo_folders(self.source) if found else []
        by_name: dict[str, list[Path]] = {}
        for path in walk(self.source) if found else []:
            by_name.setdefault(path.name, []).append(path)
        for weight, member in enumerate(found, 1):
            front, photo = member_front(member, weight)
            local = next((self.source / f / photo.lstrip("/") for f in folders if photo
                          and (self.source / f / photo.lstrip("/")).is_file()), None)
            if local is None and photo and not photo.startswith(("http://", "https://")):
                local = photo_elsewhere(self.source, member.path, photo, by_name)
            if local is not None:
                front["cover"] = self.site.image(
                    local, "/" + local.relative_to(self.source).as_posix())
            elif photo and photo.startswith(("http://", "https://")):
                front["cover"] = photo
            elif photo:
                self.report.warn(member.path, None, f"photo `{photo}` of {front['title']} "
                                 "not found: left out")
            item = self.site.add(Item("person", slug_of(front["title"]), member.path, front))
            self.member_names += dict.fromkeys([front["title"], *spellings(member.data)])
            urls = [member_url(self.config, m, self.baseurl) for m in (member, *member.twins)]
            item.old_urls = list(dict.fromkeys(u for u in urls if u)) or item.old_urls
            for url in item.old_urls:
                self.table.add(url, item)
            self.posts.append((item, member.body, member.first, member.path))
        for name in self.people_folders:
            count = sum(m.folder.name == name for m in found)
            self.report.counts["people"] += count
            self.report.convert(f"people of a collection (`{name}/` → content/people/)",
                                count)
        twins = sum(len(m.twins) for m in found)
        if twins:
            self.report.convert("a person in two people collections: one page", twins)

    def members_page(self, path: Path, body: str, permalink: str, url: str) -> bool:
        """A page listing the people collections with little text of its own: left out
        (Lanting lists them at /people/), its old URL `url` led there. (One with text of
        its own besides its headings, a lab's page of everything, stays a page; but not
        at /people/, Lanting's: left out, with a warning.)"""
        old = "/" + (permalink or url).strip("/")
        # (its headings and kramdown's `{:.center}` name the groups Lanting shows itself)
        text = len(_NOT_TEXT.sub("", _HEADINGS.sub("", body)))
        at_people = re.sub(r"/index\.html?$", "", old) == "/people"
        if not lists_people(body, self.people_folders) or text >= 80 and not at_people:
            return False
        self.left_out[old_path(old)] = "/people/"
        if not at_people:
            redirects = Redirects(self.site, self.report, self.report.rel(path))
            redirects.add(self.baseurl + old, "/people/")
            redirects.finish("people page")
        listed = "left out: it listed the people of " + ", ".join(
            f"`{n}/`" for n in self.people_folders) + ", which are content/people/, " \
            "listed at /people/"
        if text >= 80:  # (at Lanting's own /people/: the page cannot keep its URL)
            self.report.warn(path, None, listed + "; the page's own text is not kept (put "
                             "it in a page at another URL)")
        else:
            self.report.note(path, None, listed)
        return True

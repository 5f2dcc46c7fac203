"""A lab site's people kept as data: a page (`group.md`, `team.md`) whose Liquid loops
over `_data/` (`{% for m in site.data.people.students %}`, `{% for m in
site.data.team_members %}`; or one person, `{% assign pi = site.data.people.pi %}`;
a group `| where: "title", "phd"` chose) drew each member from a `name`, a photo, a
role line and a web page. Lanting has those people as `content/people/` and lists them
at /people/; the group a member is in is the heading the old page showed above the loop
(`## Alumni`), else the data's key (`students` → "Students")."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.item import Item
from lanting.importer.report import Report
from lanting.importer.site import NewSite, slug_of
from lanting.importer.text import load_list, load_mapping

_DATA_TAG = re.compile(
    r"\{%-?\s*(?:for\s+\w+\s+in|assign\s+\w+\s*=)\s*site\.data\.([\w.]+)[^%]*?-?%\}")
_WHERE = re.compile(r"""\|\s*where:\s*["'](\w+)["']\s*,\s*["']([^"']*)["']""")
"""A filter of the data's list, `site.data.people | where: "title", "pi"`: the page
showed the members of that group only (all of them were in each group)."""
_PAST_WORD = re.compile(r"\b(?:alumni|alums?|alumn[ai]|former|past)\b", re.IGNORECASE)
"""A section or data file (`site.data.alumni`) of those who left the lab."""
_HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t#]*$|<h[1-6]\b[^>]*>(.*?)</h[1-6]>",
                      re.MULTILINE | re.IGNORECASE | re.DOTALL)
_PHOTO = ("photo", "image", "avatar", "img", "picture", "pic", "portrait")
_ROLE = ("role", "title", "position", "info", "degree", "status")
_PAST = ("years", "years_worked", "year", "graduated", "graduation", "now",
         "current_position", "next_position", "placement")
"""An alumnus's years with the lab and where they went (`now: Engineer at …`), shown
in their summary after the role line."""
_LINKS = (("website", "Website"), ("homepage", "Website"), ("url", "Website"),
          ("webpage", "Website"), ("github", "GitHub"), ("scholar", "Google Scholar"),
          ("linkedin", "LinkedIn"), ("twitter", "Twitter"))


@dataclass(frozen=True, slots=True)
class Group:
    """The members one loop (or `assign`) of a page showed."""

    name: str
    data: str
    """The data it read, as the page named it (`people.students`)."""
    members: tuple[dict[str, Any], ...]


def _lookup(source: Path, path: str) -> Any:
    """The value of `site.data.<path>`: the file `_data/<first part>.yml` (or `.yaml`,
    `.json`), then its keys."""
    first, *keys = path.split(".")
    for ext in (".yml", ".yaml", ".json"):
        file = source / "_data" / f"{first}{ext}"
        if file.is_file():
            text = read_text(file)
            value: Any = load_mapping("json" if ext == ".json" else "yaml", text)[0] \
                or load_list(text)
            break
    else:
        return None
    for key in keys:
        value = value.get(key) if isinstance(value, dict) else None
    return value


def is_person(entry: Any, more: tuple[str, ...] = ()) -> bool:
    """A `name` with a photo or a role line (or one of the keys `more`)."""
    return isinstance(entry, dict) and isinstance(entry.get("name"), str) \
        and entry["name"].strip() != "" and any(entry.get(k)
                                                for k in (*_PHOTO, *_ROLE, *more))


def data_people(source: Path, body: str) -> list[Group]:
    """The groups of people a page's loops and assigns over `_data/` showed, in the
    page's order; [] when it showed none (a loop over papers, news or posts)."""
    groups: list[Group] = []
    for found in _DATA_TAG.finditer(body):
        value = _lookup(source, found.group(1))
        for key, wanted in _WHERE.findall(found.group()):
            value = [v for v in value if isinstance(v, dict) and str(v.get(key)) == wanted] \
                if isinstance(value, list) else value
        members = [value] if is_person(value) else (
            [v for v in value if is_person(v)] if isinstance(value, list) else [])
        if not members or (isinstance(value, list) and len(members) < len(value) / 2):
            continue
        assigned = re.match(r"\{%-?\s*assign\s+(\w+)", found.group())
        if assigned and isinstance(value, list) and not _shown(body, assigned.group(1)):
            continue  # (a list of the people kept for their theses, say: no portraits)
        headings = [h.group(1) or re.sub(r"<[^>]+>", "", h.group(2))
                    for h in _HEADING.finditer(body, 0, found.start())]
        # (a heading inside the HTML after an `assign`: the one it introduced)
        after = _HEADING.search(body, found.end())
        nearby = after.group(1) or re.sub(r"<[^>]+>", "", after.group(2)) \
            if after and not isinstance(value, list) \
            and not _DATA_TAG.search(body, found.end(), after.start()) else None
        name = " ".join((nearby or (headings[-1] if headings else "")).split()) \
            or found.group(1).rsplit(".", 1)[-1].replace("_", " ").capitalize()
        if _PAST_WORD.search(found.group(1).replace("_", " ")) \
                or _under_past_heading(body, found.start()):
            name = "Alumni"  # (`site.data.alumni`; `<h3>PhD Students</h3>` under Alumni)
        groups.append(Group(name, found.group(1), tuple(members)))
    return groups


def _shown(body: str, name: str) -> bool:
    """Whether the list of people a page assigned to `name` is shown as people: a loop
    over it, or over a list made of it (`| concat:`, `| where:`, `| sort:`), printing a
    member's photo or role line, or an include given it. A loop printing each one's
    `thesis_title` only (a research page's list of its PhD theses) is none."""
    names = {name}
    for found in re.finditer(r"\{%-?\s*assign\s+(\w+)\s*=\s*(\w+)", body):
        if found.group(2) in names:
            names.add(found.group(1))
    given = "|".join(sorted(names))
    if re.search(r"\{%-?\s*include\b[^%]*=\s*[\"']?(?:" + given + r")\b", body):
        return True
    keys = "|".join((*_PHOTO, *_ROLE))
    return any(re.search(r"\b" + found.group(1) + r"\.(?:" + keys + r")\b",
                         _loop_body(body, found.end()))
               for found in re.finditer(r"\{%-?\s*for\s+(\w+)\s+in\s+(?:" + given + r")\b",
                                        body))


def _loop_body(body: str, start: int) -> str:
    """The text of a `{% for %}` loop whose tag ends at `start`, to its `{% endfor %}`
    (the loops inside it included)."""
    depth = 1
    for found in re.finditer(r"\{%-?\s*(for|endfor)\b", body[start:]):
        depth += 1 if found.group(1) == "for" else -1
        if depth == 0:
            return body[start:start + found.start()]
    return body[start:]


def _under_past_heading(body: str, end: int) -> bool:
    """Whether the headings above `end` put it in a section of those who left: an
    `<h2>Alumni</h2>` over the `<h3>PhD Students</h3>` nearest to it."""
    open_: list[tuple[int, str]] = []  # (the headings enclosing, by level)
    for found in _HEADING.finditer(body, 0, end):
        level = len(found.group().lstrip()) - len(found.group().lstrip().lstrip("#")) \
            if found.group(1) else int(found.group()[2])
        while open_ and open_[-1][0] >= level:
            open_.pop()
        open_.append((level, found.group(1) or found.group(2)))
    return any(_PAST_WORD.search(re.sub(r"<[^>]+>", "", text)) for _l, text in open_[:-1])


def person_name(value: Any) -> str:
    """A member's name as words: a name in two scripts broken over two lines
    (`Wei Zhang<br/>张伟`, for the portrait's caption) is one line, its tags gone."""
    return " ".join(html.unescape(re.sub(r"<[^>]*>", " ", str(value))).split())


def person_front(member: dict[str, Any], group: str, weight: int) -> tuple[
        dict[str, Any], str | None]:
    """A member's front matter (`title`, `role` the group, `summary` the role line and
    interests, `links`, `weight` their place on the old page), and the photo to find."""
    front: dict[str, Any] = {"title": person_name(member["name"]), "role": group}
    lines = [" ".join(str(member[k]).split()) for k in (*_ROLE, "affiliation", *_PAST)
             if isinstance(member.get(k), str | int) and str(member[k]).strip()]
    interests = member.get("interests")
    if isinstance(interests, list) and interests:
        lines.append(", ".join(str(i) for i in interests))
    elif isinstance(interests, str) and interests.strip():  # (a line: `Robot learning`)
        lines.append(" ".join(interests.split()))
    if lines:
        front["summary"] = " · ".join(lines)
    links = [{"name": name, "url": str(member[key]).strip()} for key, name in _LINKS
             if isinstance(member.get(key), str)
             and re.match(r"https?://", str(member[key]).strip())]
    if isinstance(member.get("email"), str) and "@" in member["email"]:
        links.append({"name": "Email", "url": "mailto:" + member["email"].strip()})
    if links:
        front["links"] = list({link["url"]: link for link in links}.values())
    front["weight"] = weight
    photo = next((str(member[k]).strip() for k in _PHOTO if isinstance(member.get(k), str)
                  and member[k].strip()), None)
    return front, photo


PHOTO_FOLDER = re.compile(
    r"([\w./-]*/)\{\{-?\s*\w+\.(?:" + "|".join(_PHOTO) + r")\s*-?\}\}")
"""`src="{{ site.baseurl }}/images/teampic/{{ member.photo }}"`: the folder a page put
before a member's photo file name."""
_PHOTO_PREPEND = re.compile(
    r"\{\{-?\s*\w+\.(?:" + "|".join(_PHOTO) + r")\s*\|\s*prepend:\s*(['\"])([\w./-]*)\1")
"""`src="{{ person.image | prepend: '/assets/img/' | prepend: site.baseurl }}"`: the
folder put before the photo by a filter."""
_PHOTO_ENDING = re.compile(
    r"\{\{-?\s*[\w.]+\.(?:" + "|".join(_PHOTO) + r")\s*-?\}\}(\.(?:jpe?g|png|webp|gif))\b",
    re.IGNORECASE)
"""`{{ include.picture }}.jpg`: the file ending the page (or its include) put after a
member's photo, named without it (`picture: kagan`)."""
_NOT_TEXT = re.compile(r"\{%.*?%\}|\{\{.*?\}\}|<!--.*?-->|<[^>]*>|[#*\s|-]", re.DOTALL)


def _includes(source: Path, text: str, depth: int = 2) -> list[Path]:
    """The site's include files a page names (`{% include people.html people=x %}`), and
    those they name in turn: where a group page's portraits are drawn."""
    found = [source / "_includes" / name for name in dict.fromkeys(
        re.findall(r"\{%-?\s*include\s+([\w./-]+)", text))
        if (source / "_includes" / name).is_file()]
    return found + [deeper for f in found if depth > 1
                    for deeper in _includes(source, read_text(f), depth - 1)]


def add_people(site: NewSite, report: Report, source: Path, path: Path, body: str
               ) -> tuple[int, int]:
    """The people of a page of `data_people` as `person` items of `site`: (how many,
    how much text the page had besides its people's markup, which is not kept)."""
    shown = [body, *(read_text(f) for f in _includes(source, body))]
    folders = [""] + [f.strip("/") for text in shown for f in PHOTO_FOLDER.findall(text)] \
        + [f.strip("/") for text in shown for _q, f in _PHOTO_PREPEND.findall(text)]
    endings = [""] + [e for text in shown for e in _PHOTO_ENDING.findall(text)]
    count = 0
    for group in data_people(source, body):
        for member in group.members:
            count += 1
            front, photo = person_front(member, group.name, count)
            local = next((source / folder / (photo.lstrip("/") + end) for folder in folders
                          for end in endings if photo
                          and (source / folder / (photo.lstrip("/") + end)).is_file()), None)
            if local is not None:
                front["cover"] = site.image(local, "/" + local.relative_to(source).as_posix())
            elif photo and not photo.startswith(("http://", "https://")):
                report.warn(path, None, f"photo `{photo}` of {front['title']} not found: "
                            "left out")
            elif photo:
                front["cover"] = photo
            text = next((str(member[k]) for k in ("bio", "blurb", "description", "about")
                         if isinstance(member.get(k), str) and member[k].strip()), "")
            site.add(Item("person", slug_of(front["title"]), path, front, body=text.strip()))
    kept = body
    for group in data_people(source, body):
        for member in group.members:  # (the page's own text: not its members' words)
            for value in member.values():
                if isinstance(value, str) and value.strip():
                    kept = kept.replace(value, "")
    return count, len(_NOT_TEXT.sub("", kept))

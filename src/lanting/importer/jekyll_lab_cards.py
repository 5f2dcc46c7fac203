"""The lab-website template's includes that draw items: `card.html` (a picture, a
linked title, a subtitle, a description), `portrait.html` (a member's photo, name and
role, found by `lookup="<file name>"` among the people collections, or written out:
`name=`, `description=`), `citation.html` (a paper of `_data/citations.yaml` found by
`lookup=` its id or words of its title, or written out: `title=`, `authors=`,
`publisher=`, `date=`, `link=`) and `list.html` of a data file's items (`data="projects"
component="card"`), filtered as the template did: `filter=` a Ruby expression
(`group == 'featured'`, `!group`), or an older template's `filters="group: featured"`
(a regular expression per key; none, the key unset). Lanting has no cards: each is an
item of a list, its title linking where the card led, what the card said after it
(as `hugo_cards.py` makes Hugo's); its picture is left to the page it links to."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer.common import read_text
from lanting.importer.jekyll_members import group_name
from lanting.importer.jekyll_people import person_name
from lanting.importer.jekyll_reads import markdown_files
from lanting.importer.liquid import Context
from lanting.importer.site import slug_of
from lanting.importer.text import load_list, load_mapping, split_front_matter

_COMPARE = re.compile(r"""(!?)\s*(\w+)(?:\s*(==|!=)\s*(?:'([^']*)'|"([^"]*)"))?""")
"""One term of the template's `filter`: `key`, `!key`, `key == 'v'`, `key != "v"`."""


def data_items(source: Path, name: str) -> list[dict[str, Any]] | None:
    """The items of `_data/<name>.yaml` (or `.yml`), None when there is no such list."""
    for ext in (".yaml", ".yml"):
        path = source / "_data" / f"{name}{ext}"
        if path.is_file():
            found = load_list(read_text(path))
            return [i for i in found if isinstance(i, dict)]
    return None


_EXCERPT = re.compile(r"<!--\s*excerpt start\s*-->(.*?)<!--\s*excerpt end\s*-->", re.S)
"""The template's marks around a document's excerpt, which its `*-excerpt` components show."""


def collection_items(source: Path, name: str) -> list[dict[str, Any]] | None:
    """The documents of the collection `_<name>/` (the template's `list.html` falls back
    from `site.data[name]` to `site[name]`: its resources, its posts) as items: their
    front matter, linked by their files (which the import leads to their new pages),
    described by their `description` or the excerpt between the template's marks. None
    when there is no such collection."""
    folder = source / f"_{name}"
    if not folder.is_dir():
        return None
    items = []
    for path in markdown_files(folder, "**/*"):
        fmt, head, body, _ = split_front_matter(read_text(path))
        data = load_mapping(fmt, head)[0] if fmt else {}
        if data.get("published") is False:
            continue
        excerpt = _EXCERPT.search(body)
        items.append({**data, "link": "/" + path.relative_to(source).as_posix(),
                      "description": data.get("description")
                      or (excerpt.group(1).strip() if excerpt else "")})
    return items


def kept(item: dict[str, Any], named: dict[str, str]) -> bool | None:
    """Whether the include's filter keeps `item`; None when it is written in a way not
    read here (the template evaluated any Ruby)."""
    if named.get("filter", "").strip():
        terms = re.split(r"\s*(?:&&|\band\b)\s*", named["filter"].strip())
        results = [_term(item, t) for t in terms]
        return None if None in results else all(results)
    for part in filter(str.strip, named.get("filters", "").split(",")):
        key, _, pattern = (s.strip() for s in part.partition(":"))
        if not pattern:  # (`group: `: the items with no group)
            if item.get(key) is not None:
                return False
            continue
        try:
            if not re.search(pattern, "" if item.get(key) is None else str(item[key])):
                return False
        except re.error:
            return None
    return True


def _term(item: dict[str, Any], term: str) -> bool | None:
    found = _COMPARE.fullmatch(term)
    if found is None:
        return None
    negated, key, operator, one, other = found.groups()
    if operator is None:
        return not item.get(key) if negated else bool(item.get(key))
    if negated:
        return None
    same = str(item.get(key) or "") == (one if one is not None else other)
    return same if operator == "==" else not same


def _line(text: str) -> str:
    return " ".join(str(text).split())


def _link(value: Any) -> str:
    """A card's link: a page of the site (`research`) from the root."""
    link = _line(value or "")
    return link if not link or re.match(r"[a-z][\w+.-]*:|/|#", link) else "/" + link


def card(fields: dict[str, Any]) -> str:
    """A card's item: its linked title, then its subtitle and description."""
    title, link = _line(fields.get("title") or ""), _link(fields.get("link"))
    repo = _line(fields.get("repo") or "")
    note = ": ".join(_line(fields[k]) for k in ("subtitle", "description")
                     if fields.get(k) and _line(fields[k]))
    if re.fullmatch(r"[\w.-]+/[\w.-]+", repo):
        note += (" · " if note else "") + f"[GitHub](https://github.com/{repo})"
    head = f"[{title or link}]({link})" if link else f"**{title}**" if title else ""
    return "- " + " — ".join(p for p in (head, note) if p) if head or note else ""


def feature(fields: dict[str, str], text: str) -> str:
    """The template's `feature.html`, a picture beside a title and the text captured for
    it: the picture (linked to the feature's `link`), the title in bold, the text."""
    title, link = _line(fields.get("title") or ""), _link(fields.get("link"))
    image = _line(fields.get("image") or "")
    src = image if re.match(r"[a-z][\w+.-]*:|/", image) else "/" + image
    picture = f"![{title}]({src})" if image else ""
    head = (f"**[{title}]({link})**" if link else f"**{title}**") if title else ""
    return "\n\n".join(p for p in (f"[{picture}]({link})" if picture and link else picture,
                                     head, text.strip()) if p)


def portrait(source: Path, fields: dict[str, Any]) -> str:
    """A member's item: the name linking to their page, then the portrait's line (the
    member's `description`, else their role's name)."""
    lookup = _line(fields.get("lookup") or "")
    member = _member(source, lookup) if lookup else fields
    if member is None or not member.get("name"):
        return ""
    name = person_name(member["name"])
    role = _line(member["role"]) if isinstance(member.get("role"), str) else ""
    line = _line(member.get("description") or "") or (group_name(source, role) if role else "")
    head = f"[{name}](/people/{slug_of(name)}/)" if lookup else f"**{name}**"
    return f"- {head}" + (f" — {line}" if line else "")


def _member(source: Path, slug: str) -> dict[str, Any] | None:
    """The front matter of the people document `_<collection>/<slug>.md`."""
    for path in sorted(source.glob(f"_*/{slug}.md")):
        fmt, head, _body, _first = split_front_matter(read_text(path))
        data = load_mapping(fmt, head)[0] if fmt else {}
        if data.get("name"):
            return data
    return None


def citation(source: Path, fields: dict[str, Any], rich: bool) -> str:
    """A paper's item: its linked title, its authors, where and when it appeared (and
    its description, the `rich` style's)."""
    lookup = _line(fields.get("lookup") or "")
    paper = next((c for c in data_items(source, "citations") or [] if lookup and (
        c.get("id") == lookup or lookup in str(c.get("title") or ""))), None) \
        if lookup else fields
    if paper is None or not paper.get("title"):
        return ""
    listed = paper.get("authors")
    authors = ", ".join(map(_line, listed)) if isinstance(listed, list) \
        else _line(listed or "")
    when = paper.get("date")
    try:
        shown = date.fromisoformat(str(when)[:10]).strftime("%d %b %Y") if when else ""
    except ValueError:
        shown = _line(when or "")
    where = " · ".join(p for p in (_line(paper.get("publisher") or ""), shown) if p)
    title, link = _line(paper["title"]), _link(paper.get("link"))
    text = f"- [{title}]({link})" if link else f"- **{title}**"
    text += "".join(f"  \n  {p}" for p in (authors, f"*{where}*" if where else "") if p)
    told = _line(paper.get("description") or "") if rich else ""
    return text + (f"\n\n  {told}" if told else "")


def is_card(source: Path, name: str) -> bool:
    """Whether the site's include `name` is a card of its own making (`card-horizontal.html`,
    a picture beside the text): named so, it shows the `title` a card is given."""
    path = source / "_includes" / name
    return name.startswith("card") and name != "card.html" and path.is_file() \
        and re.search(r"\binclude\.title\b", read_text(path)) is not None


def item_include(source: Path, name: str, named: dict[str, str], ctx: Context,
                 written: str) -> str | None:
    """One of the includes above, as Markdown (`written` left in a comment, with the
    reason, when its `lookup` finds nothing); None for another, or a filter not read
    here."""
    if name in ("card.html", "portrait.html", "citation.html") or is_card(source, name):
        one = card(named) if name not in ("portrait.html", "citation.html") \
            else portrait(source, named) \
            if name == "portrait.html" else citation(source, named, named.get("style") == "rich")
        lookup = named.get("lookup", "").strip()
        if not one and lookup and name != "card.html":
            # (Liquid's `contains` is exact, as this is: the old card was empty too)
            return ctx.leave(written, f"`{lookup}` is no " + (
                "people collection's file name" if name == "portrait.html" else
                "paper of _data/citations.yaml by its id or words of its title")
                + ": the old site's card showed nothing either")
        if not one:
            return None
        ctx.convert("the lab template's cards, portraits and citations as list items")
        return B.block(one)
    items = data_items(source, named.get("data", "")) if name == "list.html" else None
    documents = collection_items(source, named.get("data", "")) \
        if name == "list.html" and items is None else None
    component = named.get("component", "") + ".html"
    draw = {"card.html": card, "citation.html": lambda d: citation(source, d, False),
            "portrait.html": lambda d: portrait(source, d)}.get(
        component, card if is_card(source, component) or documents else None)
    items = items if items is not None else documents  # (any component: a linked title)
    if items is None or draw is None:
        return None
    chosen = [i for i in items if kept(i, named)]
    if any(kept(i, named) is None for i in items):
        return None
    ctx.convert("the lab template's lists of data as lists")
    return B.block("\n".join(filter(None, map(draw, chosen))))

"""The pages a Hexo theme draws from a file of `source/_data/` (a page's `type:` picks
the layout), written out as Markdown: Butterfly's links (`link.yml`), AnZhiYu's gear
(`equipment`, from `equipment.yml`), short posts (`essay`, from `essay.yml`) and albums
(`album` and each album's `album_detail` page, from `album.yml`), Butterfly's short
posts (`shuoshuo`, from `shuoshuo.yml`) and matery's friends (`friends`, from
`friends.json`).

Such a page's own file holds front matter alone, so it was left out as "a page Lanting
makes itself" — which Lanting does not, and the page's text was gone with a notice. A
page of a kind the import cannot write (AnZhiYu's music player, its `about` drawn from
`about.yml`) is left out with a warning saying what is lost.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lanting.importer.hexo_themes import friend_links
from lanting.importer.text import load_list

LANTING_PAGES = ("tags", "categories", "archives")
"""Page types whose lists Lanting makes itself."""

_ABOUT = {"music": "the theme's music player (its playlist loaded from a music "
                   "service by Meting); Lanting has no player: a link to the playlist "
                   "keeps it",
          "movies": "the theme's list of films, loaded from a web service",
          "about": "the theme's about page, drawn from `_data/about.yml`, which the "
                   "import does not read: write its text in the page",
          "fcircle": "the theme's feed of friends' posts, loaded by a web service",
          "room": "the theme's animated scene, which has no text"}


@dataclass(frozen=True, slots=True)
class ThemePage:
    body: str | None
    """The page's Markdown, None when it is left out."""
    why: str = ""
    """Why it is left out."""
    lost: bool = False
    """Whether its content is lost (a warning), not made by Lanting (a notice)."""


def theme_page(kind: str, body: str, data: Path, url: str) -> ThemePage:
    """The page of type `kind` whose own text is `body`, with what the theme drew from
    `data` (the site's `_data/` folder); `url`: its old URL (an album's page)."""
    drawn = _drawn(kind, data, url)
    if drawn:
        return ThemePage("\n\n".join(t for t in (body.strip(), drawn) if t))
    if kind in LANTING_PAGES:
        return ThemePage(None, f"left out: a page Lanting makes itself (type `{kind}`)")
    if body.strip():
        return ThemePage(body)
    if kind in _ABOUT:
        return ThemePage(None, f"left out: {_ABOUT[kind]} (type `{kind}`)", lost=True)
    if kind and any((data / f"{kind}{ext}").is_file() for ext in (".yml", ".yaml", ".json")):
        return ThemePage(None, f"left out: the theme's layout `{kind}` drew the page from "
                         f"`_data/{kind}`, which the import does not read", lost=True)
    # (a type of no data file, `“tags”` in curly quotes: the theme drew an empty page)
    return ThemePage(None, "left out: it has no text of its own"
                     + (f" (type `{kind}`)" if kind else ""))


def _drawn(kind: str, data: Path, url: str) -> str:
    name = {"link": "link", "equipment": "equipment", "essay": "essay", "album": "album",
            "album_detail": "album", "shuoshuo": "shuoshuo", "friends": "friends"}.get(kind)
    # (matery keeps its friends in `friends.json`)
    file = next((data / f"{name}{ext}" for ext in (".yml", ".json")
                 if (data / f"{name}{ext}").is_file()), None) if name else None
    if file is None:
        return ""
    text = file.read_text(encoding="utf-8")
    if kind == "link":
        return friend_links(text)
    if kind == "friends":
        return "\n".join(_friend(f) for f in load_list(text)
                         if isinstance(f, dict) and f.get("url"))
    groups = [g for g in load_list(text) if isinstance(g, dict)]
    if kind == "equipment":
        return "\n\n".join(_equipment(g) for g in groups)
    if kind == "essay":
        return "\n\n".join(_essays(g) for g in groups)
    if kind == "shuoshuo":  # (Butterfly's, newest first as its page sorted them)
        return "\n\n".join(_entry(e) for e in sorted(
            groups, key=lambda e: [int(n) for n in re.findall(r"\d+", str(e.get("date")))],
            reverse=True))
    if kind == "album":
        return "\n\n".join(_album_card(g, data.parent) for g in groups)
    return "\n\n".join(_album(g) for g in groups
                       if str(g.get("path_name") or "").strip("/") == url.strip("/"))


def _friend(friend: dict[str, Any]) -> str:
    """One of matery's friends (`name`, `url`, `introduction`; its `avatar` and the
    button's word, `title`, only dress the card): a link with its description."""
    name = _text(friend.get("name")) or _text(friend["url"])
    about = _text(friend.get("introduction"))
    return f"- [{name.replace(']', chr(92) + ']')}]({_text(friend['url'])})" \
        + (f" — {about}" if about else "")


def _text(value: Any) -> str:
    if isinstance(value, dt.datetime):
        return value.strftime("%Y-%m-%d %H:%M")
    return " ".join(str(value).split()) if value not in (None, "") else ""


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value] if value else []


def _equipment(group: dict[str, Any]) -> str:
    """AnZhiYu's `equipment.yml`: a group's header, then each kind of gear a heading
    over its items (name, linked; specification; description; picture)."""
    parts = [p for p in (_text(group.get("description")), _text(group.get("tip"))) if p]
    for kind in _list(group.get("good_things")):
        if not isinstance(kind, dict):
            continue
        parts += [f"## {_text(kind.get('title'))}"] if kind.get("title") else []
        parts += [_text(kind["description"])] if kind.get("description") else []
        rows = []
        for item in _list(kind.get("equipment_list")):
            if not isinstance(item, dict) or not item.get("name"):
                continue
            name = _text(item["name"]).replace("]", "\\]")
            head = f"[{name}]({item['link']})" if item.get("link") else name
            said = "：".join(p for p in (_text(item.get("specification")),
                                        _text(item.get("description"))) if p)
            row = f"- **{head}**" + (f" {said}" if said else "")
            if item.get("image"):
                row += f"\n\n  ![{name}]({item['image']})"
            rows.append(row)
        parts += ["\n".join(rows)] if rows else []
    return "\n\n".join(parts)


def _entry(entry: dict[str, Any]) -> str:
    """One short post or photo of AnZhiYu's essays and albums: its date, text, pictures,
    videos and link, where and from whom."""
    said = [p for p in (_text(entry.get("content")),) if p]
    said += [f"[链接]({entry['link']})"] if entry.get("link") else []
    said += [f"[视频]({v})" for v in _list(entry.get("video"))]
    said += [f"#{_text(t)}" for t in _list(entry.get("tags"))]
    place = " · ".join(p for p in (_text(entry.get("address")), _text(entry.get("from")))
                       if p)
    date = _text(entry.get("date"))
    row = "- " + (f"**{date}** " if date else "") + " ".join(said)
    row += f"（{place}）" if place else ""
    return row.rstrip() + "".join(f"\n\n  ![]({image})" for image in _list(entry.get("image")))


def _essays(group: dict[str, Any]) -> str:
    """AnZhiYu's `essay.yml`: the first `limit` short posts, as the page showed them."""
    limit = group.get("limit")
    entries = [e for e in _list(group.get("essay_list")) if isinstance(e, dict)]
    shown = entries[:limit] if isinstance(limit, int) and limit > 0 else entries
    lead = [p for p in (_text(group.get("subTitle")), _text(group.get("tips"))) if p]
    return "\n\n".join([*lead, *(_entry(e) for e in shown)])


def _album_card(album: dict[str, Any], source: Path) -> str:
    """An album on AnZhiYu's page of albums: its name leading to its page (when
    `source` has one there), its cover."""
    name = _text(album.get("class_name")).replace("]", "\\]")
    path = _text(album.get("path_name"))
    page = source / path.strip("/")
    shown = path.strip("/") and ((page / "index.md").is_file()
                                 or page.with_suffix(".md").is_file())
    parts = [f"## [{name}]({path})" if shown else f"## {name}"]
    parts += [_text(album["description"])] if album.get("description") else []
    parts += [f"![{name}]({album['cover']})"] if album.get("cover") else []
    return "\n\n".join(parts)


def _album(album: dict[str, Any]) -> str:
    """An album's own page (`album_detail` at its `path_name`): its photos."""
    lead = [_text(album["description"])] if album.get("description") else []
    rows = [_entry(e) for e in _list(album.get("album_list")) if isinstance(e, dict)]
    return "\n\n".join([*lead, *rows])

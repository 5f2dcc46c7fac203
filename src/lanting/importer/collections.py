"""Jekyll collections of academic themes → Lanting's: al-folio's `_projects/` and
academicpages' `_portfolio/` as projects, academicpages' `_teaching/` as courses. A
collection Lanting has no place for is named in the report, never left out silently.

Each document keeps its old URL: its `permalink`, else the collection's pattern in
`_config.yml` (al-folio: `/projects/:path/`), else Jekyll's default
`/:collection/:path:output_ext`."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer.common import summary_of

KINDS = {"_projects": "project", "_portfolio": "project", "_teaching": "teaching",
         "_teachings": "teaching"}
"""Collection folder -> the kind of item its documents become."""

NOT_COLLECTIONS = frozenset({"_includes", "_layouts", "_sass", "_site", "_data", "_plugins",
                             "_bibliography", "_scripts", "_config", "_i18n"})
"""Folders of a Jekyll site that hold no documents of their own."""

DEFAULT_PERMALINK = "/:collection/:path:output_ext"


def old_url(config: dict[str, Any], folder: Path, path: Path, data: dict[str, Any],
            baseurl: str) -> str:
    """The URL a collection's document had on the old site."""
    name = folder.name.removeprefix("_")
    given = data.get("permalink")
    if not isinstance(given, str) or not given.strip():
        settings = config.get("collections")
        own = settings.get(name) if isinstance(settings, dict) else None
        given = str((own.get("permalink") if isinstance(own, dict) else None)
                    or DEFAULT_PERMALINK)
    rel = path.relative_to(folder).with_suffix("").as_posix()
    url = (given.replace(":collection", name).replace(":path", rel)
           .replace(":name", path.stem).replace(":title", path.stem)
           .replace(":output_ext", ".html"))
    return baseurl + "/" + url.lstrip("/")


def _plain(html: str) -> str:
    """A front-matter value that holds HTML (`excerpt: "…<br/><img …>"`) as text."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def project_front(data: dict[str, Any], title: str) -> tuple[dict[str, Any], str | None]:
    """A project's front matter from al-folio's (`description`, `img`, `importance`,
    `category`, `github`, `redirect`) or academicpages' (`excerpt`); and the old cover
    image to look up, if any."""
    front: dict[str, Any] = {"title": title}
    summary = summary_of(data, "description") or _plain(str(data.get("excerpt") or "")) \
        or None
    if summary:
        front["summary"] = summary
    if isinstance(data.get("importance"), int):
        front["weight"] = data["importance"]
    category = data.get("category")
    if isinstance(category, str) and category.strip():
        front["tags"] = [category.strip()]
    links = [{"name": name, "url": str(data[key])} for key, name in
             (("github", "GitHub"), ("redirect", "Website")) if isinstance(data.get(key), str)
             and str(data[key]).startswith(("http://", "https://"))]
    if links:
        front["links"] = links
    image = data.get("img")
    return front, image if isinstance(image, str) and image.strip() else None


def course_front(data: dict[str, Any], title: str) -> dict[str, Any]:
    """A course's front matter from academicpages' (`type`, `venue`, `location`) or
    al-folio's `_teachings/` (`term` or `semester` and `year`, `description`)."""
    front: dict[str, Any] = {"title": title}
    if isinstance(data.get("type"), str) and data["type"].strip():
        front["role"] = data["type"].strip()
    term = " ".join(str(data[k]).strip() for k in ("term", "semester", "year")
                    if data.get(k) not in (None, ""))
    if term:
        front["term"] = term
    if str(data.get("layout")) == "course" and data.get("description"):
        front["summary"] = " ".join(str(data["description"]).split())
        return front
    where = ", ".join(str(data[k]).strip() for k in ("venue", "location")
                      if isinstance(data.get(k), str) and data[k].strip())
    if where:
        front["summary"] = where
    return front


def _cell(value: Any) -> str:
    return " ".join(str(value).split()).replace("|", "\\|") if value is not None else ""


def course_body(data: dict[str, Any]) -> str:
    """What al-folio's course layout showed around the page's text: the instructor, room
    and time, and the `schedule` (week, date, topic, its description and materials) as a
    table."""
    lines = [f"**{label}:** {_cell(data[key])}  " for key, label in (
        ("instructor", "Instructor"), ("location", "Location"), ("time", "Time"))
        if data.get(key)]
    text = "\n".join(lines).rstrip() + "\n" if lines else ""
    schedule = [w for w in data.get("schedule") or [] if isinstance(w, dict)]
    if schedule:
        rows = ["| Week | Date | Topic | Materials |", "| --- | --- | --- | --- |"]
        for week in schedule:
            topic = _cell(week.get("topic"))
            if week.get("description"):
                topic += f"<br>{_cell(week['description'])}"
            materials = ", ".join(f"[{_cell(m.get('name') or 'Link')}]({m['url']})"
                                  for m in week.get("materials") or []
                                  if isinstance(m, dict) and m.get("url"))
            rows.append(f"| {_cell(week.get('week'))} | {_cell(week.get('date'))} | "
                        f"{topic} | {materials} |")
        text += ("\n" if text else "") + "## Schedule\n\n" + "\n".join(rows) + "\n"
    return text


def unknown_collections(source: Path, config: dict[str, Any], known: set[str]
                        ) -> list[tuple[str, int]]:
    """Collection folders the importer does not read, with how many documents each has:
    the collections `_config.yml` names, and any `_x/` folder of Markdown files."""
    named = {f"_{n}" for n in (config.get("collections") or {})} \
        if isinstance(config.get("collections"), (dict, list)) else set()
    found = []
    for folder in sorted(p for p in source.iterdir() if p.is_dir()):
        if not folder.name.startswith("_") or folder.name in known | NOT_COLLECTIONS:
            continue
        documents = [p for p in folder.rglob("*") if p.suffix.lower() in (".md", ".markdown",
                                                                            ".html")]
        if documents and (folder.name in named or any(
                p.suffix.lower() != ".html" for p in documents)):
            found.append((folder.name, len(documents)))
    return found

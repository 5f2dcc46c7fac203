"""Where Astro, Next.js and Gatsby published a collection's entry: Astro's id of it (its
path, each part slugified, or its `slug:`), the route's URL of that id (AstroPaper's
folders first, contentlayer's path as written, Gatsby's `createFilePath` and
`frontmatter.path`), AstroWind's `permalink` pattern.
"""

from __future__ import annotations

import datetime as dt
import posixpath
import re
from typing import Any

from lanting.importer.astro_settings import Collection
from lanting.importer.text import parse_when
from lanting.markdown.anchors import github_slug


def entry_id(rel: str, slug: str | None) -> str:
    """Astro's id of a collection's entry: the `slug:` of its front matter, else its
    path without the suffix, each part github-slugged, `/index` dropped."""
    if slug:
        return slug.strip("/")
    parts = [github_slug(p) if p else p for p in re.sub(r"\.\w+$", "", rel).split("/")]
    return re.sub(r"(?:^|/)index$", "", "/".join(parts))


def old_path(collection: Collection, rel: str, slug: str | None,
             data: dict[str, Any] | None = None) -> str | None:
    """Where the route published the entry (`/posts/guide/`), None when no route did."""
    if collection.route is None:
        return None
    if collection.permalink:
        return permalink(collection.permalink, entry_id(rel, slug), data or {})
    if collection.ids == "path":  # (contentlayer: the path as written, `nested-route/x`)
        tail = slug.strip("/") if slug else re.sub(r"\.\w+$", "", rel)
    elif collection.ids == "gatsby":  # (Gatsby's `createFilePath`: as written, no `index`)
        tail = re.sub(r"(?:^|/)index$", "", re.sub(r"\.\w+$", "", rel))
    elif collection.ids.startswith("front:"):  # (Gatsby's `frontmatter.path`, `.slug`)
        if not slug:
            return None
        tail = slug.strip("/")
    elif collection.ids == "folders":  # (AstroPaper: folders, then the id's last part)
        folders = [github_slug(p) for p in rel.split("/")[:-1] if not p.startswith("_")]
        tail = "/".join([*folders, entry_id(rel, slug).rsplit("/", 1)[-1]])
    else:
        tail = entry_id(rel, slug)
    return posixpath.join(collection.route or "/", tail).rstrip("/") + "/"


def permalink(pattern: str, slug: str, data: dict[str, Any]) -> str | None:
    """AstroWind's URL of a post: its pattern's `%slug%`, `%year%`, `%month%`, `%day%`,
    `%category%` filled in (empty parts dropped); None without the date it needs."""
    date = next((data[k] for k in ("publishDate", "pubDate", "date") if k in data), None)
    if isinstance(date, str):
        date = parse_when(date, date, dt.UTC)
        date = date.moment if date is not None else None
    if not isinstance(date, dt.date) and re.search(r"%(?:year|month|day)%", pattern):
        return None
    values = {"slug": slug, "id": slug, "category": github_slug(str(data.get("category")))
              if data.get("category") else ""}
    if isinstance(date, dt.date):
        values |= {"year": f"{date.year:04d}", "month": f"{date.month:02d}",
                   "day": f"{date.day:02d}"}
    path = re.sub(r"%(\w+)%", lambda m: values.get(m.group(1), ""), pattern)
    return "/" + "/".join(p for p in path.split("/") if p) + "/"

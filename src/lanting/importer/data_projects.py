"""A JavaScript-built homepage's projects kept as data: a JSON or YAML list
(`src/data/projects.json` that a Gatsby or Astro component maps into cards, Eleventy's
`_data/projects.yaml`), each with a `title` and a `description` (`desc`, `summary`) or
a link. Each becomes a project of `content/projects/`, a card on Lanting's /projects/,
in the list's order:

- `description` (`desc`, `summary`) its summary, which its card and page show;
- `image` (`cover`, `thumbnail`; a path from the data file's folder, the project's
  root or its `public/`/`static/` folder, or an address) its cover;
- `url`/`link`/`href`, `github`/`code`/`repo`, `demo`, `paper`/`pdf`, `slides`,
  `video` its links; `tags` (a list) its tags;
- any other key is left out, named in a notice. A list whose items are not projects is
  not read.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from lanting.importer.data_papers import data_file, data_list
from lanting.importer.item import Item
from lanting.importer.report import Report
from lanting.importer.site import NewSite, slug_of
from lanting.importer.text import names

NAMES = ("projects", "project")
_TEXTS = ("description", "desc", "summary")
_COVERS = ("image", "cover", "thumbnail", "img")
_LINKS = {"url": "Website", "link": "Website", "href": "Website", "website": "Website",
          "github": "Code", "code": "Code", "repo": "Code", "demo": "Demo",
          "paper": "Paper", "pdf": "Paper", "slides": "Slides", "video": "Video"}
_READ = frozenset({"title", "name", "tags", "id", "type", *_TEXTS, *_COVERS, *_LINKS})


def projects_file(folders: Iterable[Path]) -> Path | None:
    """The first `projects.json` (`.yaml`, `.yml`) of the folders."""
    return data_file(folders, NAMES)


def import_projects(site: NewSite, report: Report, folders: Iterable[Path],
                    root: Path) -> str:
    """The first data file of projects in `folders` as projects of the new site (`root`:
    the old project's folder, where a cover's path may start); its name ("" when none
    was read)."""
    path = projects_file(folders)
    if path is None:
        return ""
    items = data_list(path, NAMES)
    if not items or not all(isinstance(p, dict) and _title(p) and (
            any(isinstance(p.get(k), str) and p[k].strip() for k in (*_TEXTS, *_LINKS)))
            for p in items):
        return ""
    dropped: set[str] = set()
    for weight, project in enumerate(items, 1):
        title = _title(project)
        text = next((" ".join(str(project[k]).split()) for k in _TEXTS
                     if isinstance(project.get(k), str) and project[k].strip()), "")
        front: dict[str, Any] = {"title": title, "weight": weight}
        if text:
            front["summary"] = text
        cover = next((str(project[k]).strip() for k in _COVERS
                      if isinstance(project.get(k), str) and project[k].strip()), "")
        if cover.startswith(("http://", "https://")):
            front["cover"] = cover
        elif cover:
            file = next((f for f in (path.parent / cover, root / cover.lstrip("/"),
                                     root / "public" / cover.lstrip("/"),
                                     root / "static" / cover.lstrip("/")) if f.is_file()),
                        None)
            if file is not None:
                front["cover"] = site.image(file, None)
            else:
                report.warn(path, None, f"`{title}`: image `{cover}` not found: left out")
        links = [{"name": name, "url": str(project[key]).strip()}
                 for key, name in _LINKS.items()
                 if isinstance(project.get(key), str) and project[key].strip()]
        if links:
            front["links"] = links
        if names(project.get("tags")):
            front["tags"] = names(project.get("tags"))
        dropped.update(k for k in project if k not in _READ)
        site.add(Item("project", slug_of(title) or f"project-{weight}", path, front))
    report.counts["projects"] += len(items)
    report.convert(f"projects of {path.name} (content/projects/)", len(items))
    if dropped:
        report.note(path, None, "keys Lanting has no place for, left out: "
                    + ", ".join(f"`{k}`" for k in sorted(dropped)))
    return report.rel(path)


def _title(project: dict[str, Any]) -> str:
    value = project.get("title") or project.get("name")
    return " ".join(value.split()) if isinstance(value, str) else ""

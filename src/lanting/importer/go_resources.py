"""A page's resources as a site's own shortcode reads them (`.Page.Resources.GetMatch
(.Get "src")`, then the image's `.RelPermalink`), for the templates `go_templates.py`
runs: the files of the page's bundle, each named by its path in the bundle."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lanting.importer.common import is_image, read_text
from lanting.importer.go_functions import Unsupported, text_of

_CONTENT = (".md", ".markdown", ".html", ".htm", ".org", ".adoc", ".rst", ".ipynb")
"""Files of a bundle that are pages of their own, not resources."""


@dataclass(frozen=True, slots=True)
class Resource:
    """One file of a page's bundle."""

    name: str
    """Its path in the bundle (`img/chart.png`): Hugo's `.Name`, and the `.RelPermalink`
    written here, which the import leads to the file's new place."""
    path: Path


def page_resources(page: Path | None) -> tuple[Resource, ...]:
    """The resources of the page in file `page`: a leaf bundle's (`index.md`) files under
    its folder, a branch bundle's (`_index.md`) those beside it; a page of its own has
    none, as in Hugo."""
    if page is None or page.stem.split(".")[0] not in ("index", "_index"):
        return ()
    folder = page.parent
    files = folder.rglob("*") if page.stem.startswith("index") else folder.glob("*")
    return tuple(Resource(f.relative_to(folder).as_posix(), f) for f in sorted(files)
                 if f.is_file() and f.suffix.lower() not in _CONTENT
                 and not f.name.startswith("."))


def _glob(pattern: str) -> re.Pattern[str]:
    """Hugo's glob (case ignored): `*` within a folder, `**` across folders, `?` one
    character."""
    out = ""
    for part in re.split(r"(\*\*|\*|\?)", pattern.lower()):
        out += {"**": ".*", "*": "[^/]*", "?": "[^/]"}.get(part, re.escape(part))
    return re.compile(out + r"\Z")


def resources_method(resources: tuple[Resource, ...], method: str, args: list[Any]) -> Any:
    """`.Page.Resources.GetMatch "*.png"` (the first match, else nil), `.Get "a.png"` (by
    its name), `.Match` (every match) and `.ByType "image"`."""
    if len(args) != 1:
        raise Unsupported(f"`.Page.Resources.{method}` without one argument")
    wanted = text_of(args[0])
    if method == "Get":
        return next((r for r in resources if r.name.lower() == wanted.lower()), None)
    if method == "ByType":
        return [r for r in resources if _type(r) == wanted]
    if method in ("GetMatch", "Match"):
        pattern = _glob(wanted.lstrip("/"))
        found = [r for r in resources if pattern.match(r.name.lower())]
        return found if method == "Match" else next(iter(found), None)
    raise Unsupported(f"`.Page.Resources.{method}`")


def _type(resource: Resource) -> str:
    return "image" if is_image(resource.path) else "text" if resource.path.suffix.lower() in (
        ".txt", ".csv", ".json", ".yaml", ".yml", ".toml", ".py", ".c", ".cpp") else "application"


_SAME = frozenset({"Resize", "Fit", "Fill", "Crop", "Process", "Filter"})
"""Image processing: the picture itself (Lanting makes the sizes it serves)."""


def resource_field(resource: Resource, name: str, args: list[Any]) -> Any:
    """`.RelPermalink`, `.Permalink`, `.Name`, `.Title`, `.ResourceType`, `.Content` of
    one resource; `.Resize "600x"` and the other processings are the file itself."""
    if name in _SAME:
        return resource
    if args:
        raise Unsupported(f"arguments to `.{name}` of a resource")
    if name in ("RelPermalink", "Permalink", "Name", "Title"):
        return resource.name
    if name == "ResourceType":
        return _type(resource)
    if name == "Content" and _type(resource) == "text":
        return read_text(resource.path)
    raise Unsupported(f"`.{name}` of a resource")

"""Where a Jupyter Book's pages go: each document's slug (its file's name, its folder's
before it when taken), and the old URLs Jupyter Book or mystmd published it at; and its
`_static/` files, at their paths."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lanting.importer.common import FILE_SUFFIXES, walk
from lanting.importer.item import Item
from lanting.importer.jupyterbook_settings import _mapping
from lanting.importer.jupyterbook_toc import Toc, mystmd_slug
from lanting.importer.report import Report
from lanting.importer.site import NewSite, slug_of

_GENERATED = frozenset({"blog", "tags", "categories", "archive", "search", "posts",
                        "publications", "talks", "projects", "teaching", "people", "cv",
                        "series"})
"""Pages Lanting makes itself: an imported page of that name would take its URL."""


class JupyterBookUrls:
    """The URL side of the Jupyter Book importer."""

    book: Path
    report: Report
    config: dict[str, Any]
    config_name: str
    toc: Toc
    by_source: dict[Path, Item]
    taken: set[str]
    site: NewSite

    def slug_for(self, path: Path) -> str:
        """The file's name (`index`: its folder's); one taken gets its folder's before,
        and so does one whose new URL is the old URL of a folder's index at the book's
        top (`epb/about.md` is `epb-about` where `about/index.md` was
        `/about/index.html`)."""
        rel = path.relative_to(self.book)
        stem = path.stem
        folder = rel.parent.name
        name = folder if stem.lower() in ("index", "readme") and folder else stem
        # (mystmd's own URL name where it has one: the page keeps its URL)
        # (`1.overview` is `1-overview`: Lanting's slugs drop dots)
        slug = (mystmd_slug(name) if self.config_name == "myst.yml" else "") or \
            slug_of(name.replace(".", "-"))
        top = len(rel.parts) == 1 or (len(rel.parts) == 2 and name == folder)
        if folder and ((slug in self.taken) or (not top and self._top_name(name))):
            slug = slug_of(f"{folder}-{name}".replace(".", "-"))
        if slug in _GENERATED:
            self.report.warn(path, None, f"a page named `{slug}` would take Lanting's own "
                             f"/{slug}/: it is /{slug}-page/")
            slug = f"{slug}-page"
        self.taken.add(slug)
        return slug

    def _top_name(self, name: str) -> bool:
        """Whether a folder at the book's top has an `index` document, whose old URL,
        `/name/index.html`, is the new `/name/` (`name.md`'s `/name.html` is not)."""
        return self.config_name == "_config.yml" and any(
            (self.book / name / f"index{s}").is_file()
            for s in (".md", ".ipynb", ".rst", ".myst"))

    def old_urls(self, path: Path) -> list[str]:
        rel = path.relative_to(self.book)
        if self.config_name == "_config.yml":
            return ["/" + rel.with_suffix(".html").as_posix()]
        if self.toc.root is not None and path == self.toc.root:
            return []
        slug = mystmd_slug(path.stem)
        # (mystmd numbers a name taken by an earlier page of the toc: `summary-1`)
        seen = sum(1 for p in self.by_source if p != path.resolve()
                   and mystmd_slug(p.stem) == slug)
        slug = f"{slug}-{seen}" if seen else slug
        options = _mapping(_mapping(self.config.get("site")).get("options"))
        folders = "".join(mystmd_slug(p) + "/" for p in rel.parent.parts) \
            if options.get("folders") else ""
        return [f"/{folders}{slug}/"]

    def copy_static(self) -> None:
        """`_static/`'s images and documents, at their paths (pages may name them);
        its styles and scripts were the theme's."""
        folder = self.book / "_static"
        if not folder.is_dir():
            return
        left: list[str] = []
        for path in walk(folder):
            rel = path.relative_to(self.book).as_posix()
            if path.suffix.lower() in FILE_SUFFIXES:
                self.site.static.setdefault(rel, path)
            else:
                left.append(rel)
        if left:
            self.report.note(folder, None, f"{len(left)} file(s) of the theme's (styles, "
                             "scripts) left out: " + ", ".join(f"`{r}`" for r in left[:5])
                             + (" …" if len(left) > 5 else ""))

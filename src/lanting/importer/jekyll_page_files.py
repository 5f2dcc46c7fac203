"""Which files of a Jekyll site are its pages: those outside folders named `_x` and
`exclude:`, Chirpy's `_tabs/`, the `_x` folders `include:` names, the undated documents of
its published collections and the READMEs jekyll-readme-index published; and (on a site
without `_posts/`) which of them, dated, are its posts. A part of `jekyll_pages.JekyllPages`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text, walk
from lanting.importer.jekyll_github_pages import readme_indexes
from lanting.importer.jekyll_outputs import Published
from lanting.importer.jekyll_reads import MARKDOWN, excluded, jekyll_files, markdown_files
from lanting.importer.text import load_mapping, split_front_matter

HOMES = ("index.md", "index.markdown", "index.html")  # (the home's text; HTML a group's)


class JekyllPageFiles:
    """The files side of the Jekyll importers' pages."""

    source: Path
    root: Path
    config: dict[str, Any]
    html_page: Callable[[Path], bool]
    published: Callable[[Path], bool]
    collection_docs: dict[Path, Published]

    DATED_PAGES_ARE_POSTS = True
    """A site without `_posts/` whose pages carry dates (`notes/LLM/kv-cache.md` with
    `date:`, listed by the theme's own Liquid loop) keeps its posts in them: they are
    imported as posts. (Not al-folio's: its dated pages are a homepage's.)"""

    def dated_pages(self) -> list[Path]:
        found = []
        for path in self.page_files():
            fmt, head, body, _first = split_front_matter(read_text(path))
            data = load_mapping(fmt, head)[0] if fmt else {}
            if data.get("date") and body.strip() and not data.get("permalink") == "/" \
                    and path.relative_to(self.source).as_posix() not in HOMES:
                found.append(path)
        return found

    def page_files(self) -> list[Path]:
        tabs = self.source / "_tabs"  # Chirpy's pages of the side bar (about, archives, …)
        included = [p for folder in self.included_folders()
                    for p in jekyll_files(self.source / folder, "**/*")
                    if p.suffix.lower() in MARKDOWN or self.html_page(p)]
        return [p for p in walk(self.source)
                if not any(part.startswith("_") for part in p.relative_to(self.source).parts)
                and not excluded(p.relative_to(self.source).as_posix(), self.config)
                and (p.suffix.lower() in MARKDOWN or self.html_page(p))
                and p.name.lower() not in ("readme.md", "license.md", "changelog.md")] + (
            markdown_files(tabs)) + included + [p for p, d in self.collection_docs.items()
                                               if not d.dated] + list(readme_indexes(
                                                   self.root, self.source, self.config,
                                                   self.published))

    def included_folders(self) -> list[str]:
        """Folders named `_x` that `_config.yml`'s `include:` has Jekyll read as pages
        (minimal-mistakes keeps its pages in `_pages/`)."""
        names = self.config.get("include")
        return [name.strip("/") for name in names if isinstance(name, str)
                and name.startswith("_") and "/" not in name.strip("/")
                and (self.source / name.strip("/")).is_dir()
                and name.strip("/") not in ("_posts", "_drafts", "_tabs")] \
            if isinstance(names, list) else []

"""Which files of a Quarto project are its documents (`quarto.Quarto`): those Quarto
rendered (not `_`-prefixed, not in its engines' folders or a render output, matched by
`project: render:` or a book's chapters), read with their front matter, and the
defaults each folder's `_metadata.yml` gives them.
"""

from __future__ import annotations

from fnmatch import fnmatch
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text, walk
from lanting.importer.quarto_front import front_first, yaml_front_matter
from lanting.importer.quarto_links import DOCUMENTS, ENGINE_DIRS
from lanting.importer.quarto_notebook import cell_text, markdown_cells, notebook_post
from lanting.importer.quarto_settings import book_files, output_folder
from lanting.importer.render_output import in_render_output
from lanting.importer.report import Report
from lanting.importer.text import load_mapping


class QuartoSources:
    """The sources side of the Quarto importer."""

    source: Path
    report: Report
    config: dict[str, Any]
    notebooks: dict[Path, dict[str, Any]]
    """Each notebook without its front-matter cell."""

    def output_dir(self) -> str:
        return output_folder(self.config)

    def rendered(self, rel: str) -> bool:
        """Whether Quarto rendered the file: not `_`-prefixed, not a README, not in a
        folder its engines keep (`ENGINE_DIRS`), not in the folder of a document's render
        output (`x_files/` beside `x.qmd`), and matched
        by `project: render:` when the project lists what to render (a book's, its
        chapters)."""
        parts = rel.split("/")
        if any(p.startswith(("_", ".")) for p in parts) or parts[0] == self.output_dir() \
                or not ENGINE_DIRS.isdisjoint(parts[:-1]):
            return False
        if parts[-1].lower() in ("readme.md", "readme.qmd", "license.md", "404.qmd",
                                 "404.md") and len(parts) == 1:
            return False
        if in_render_output(self.source, rel):
            return False
        project = self.config.get("project")
        render = project.get("render") if isinstance(project, dict) else None
        render = render if isinstance(render, list) and render else book_files(self.config)
        if not render:
            return True
        keep = any(_matches(rel, str(p)) for p in render if not str(p).startswith("!"))
        drop = any(_matches(rel, str(p)[1:]) for p in render if str(p).startswith("!"))
        return keep and not drop

    def read_sources(self) -> list[tuple[Path, dict[str, Any], str, str]]:
        found: list[tuple[Path, dict[str, Any], str, str]] = []
        for path in walk(self.source):
            rel = path.relative_to(self.source).as_posix()
            if path.suffix.lower() not in DOCUMENTS or not self.rendered(rel):
                continue
            if path.suffix == ".ipynb":
                # (its front matter may make it a listing page: `notes/index.ipynb`)
                read = notebook_post(self.report, path)
                if read is not None:
                    data, head, self.notebooks[path] = read
                    text = "\n\n".join(cell_text(c) for c in markdown_cells(read[2]))
                    found.append((path, data, head, text))
                continue
            fmt, head, body, _first = yaml_front_matter(front_first(read_text(path)))
            data, error = load_mapping(fmt or "yaml", head)
            if error:
                self.report.warn(path, 2, f"front matter not read ({error})")
            found.append((path, data, head, body))
        return found

    def defaults(self, path: Path) -> dict[str, Any]:
        """The `_metadata.yml` of each folder from the root down to the document's."""
        merged: dict[str, Any] = {}
        folder = path.parent
        chain = [folder, *folder.parents]
        for parent in reversed(chain):
            if not parent.resolve().is_relative_to(self.source.resolve()):
                continue
            for name in ("_metadata.yml", "_metadata.yaml"):
                if (parent / name).is_file():
                    data, _error = load_mapping("yaml", read_text(parent / name))
                    merged.update(data)
        return merged


def _matches(rel: str, pattern: str) -> bool:
    """Whether `project: render:`'s glob names the file: a folder's (`legacy/`, with its
    slash) names all it holds, at any depth, as in a `.gitignore`: a course's `!legacy/`
    kept nothing out (`fnmatch` read it as a file's name), and its old notes were pages."""
    pattern = pattern.lstrip("/")
    if pattern.endswith("/"):
        return fnmatch(rel, pattern + "*") or fnmatch(rel, "*/" + pattern + "*")
    return fnmatch(rel, pattern)

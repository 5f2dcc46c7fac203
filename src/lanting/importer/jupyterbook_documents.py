"""Reading one document of a Jupyter Book (or a Sphinx project) into a page: a
reStructuredText file through docutils, a notebook with its saved outputs, a MyST
Markdown file with its front matter; the page's title, label, chapter number and old
URLs, and the front matter Lanting has no place for."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.item import Item
from lanting.importer.jupyterbook_refs import title_label
from lanting.importer.jupyterbook_settings import JupyterBookSettings, _mapping
from lanting.importer.jupyterbook_titles import first_heading, notebook_title
from lanting.importer.jupyterbook_toc import Toc
from lanting.importer.jupyterbook_urls import JupyterBookUrls
from lanting.importer.quarto_notebook import cell_text, markdown_cells, notebook_post
from lanting.importer.report import Report
from lanting.importer.rst_markdown import read_rst
from lanting.importer.site import NOTEBOOK, NewSite
from lanting.importer.site_language import guess_language
from lanting.importer.text import key_line, load_mapping, split_front_matter

NOTEBOOK_KEYS = frozenset({"jupytext", "kernelspec", "file_format", "mystnb", "execution",
                           "kernel_info", "language_info"})
"""Front matter that tells Jupyter how to run a MyST notebook: Lanting runs none."""
READ_KEYS = frozenset({"title", "description", "substitutions", "orphan", "label"})
_SPACED_DIRECTIVE = re.compile(r"^([ \t]*(?:`{3,}|:{3,}))[ \t]+(?=\{[\w:-]+\})", re.MULTILINE)
"""A directive's fence with spaces before its name, ```` ``` {figure} ````."""


class JupyterBookDocuments(JupyterBookSettings, JupyterBookUrls):
    """The documents side of the Jupyter Book importer."""

    source: Path
    report: Report
    site: NewSite
    toc: Toc
    rst_substitutions: dict[str, str]
    chapter_numbers: dict[Path, str]
    by_source: dict[Path, Item]
    texts: list[str]
    documents: list[tuple[Item, str, Path, dict[str, str]]]
    executed: str
    notebook_keys: list[str]
    title_labels: dict[int, str]

    def read_document(self, path: Path, in_toc: bool) -> None:
        root = self.toc.root is not None and path == self.toc.root
        own: dict[str, str] = {}
        if path.suffix.lower() == ".rst":
            # (Sphinx read it with docutils: its tree written as MyST Markdown)
            notebook, head, data = None, "", dict[str, Any]()
            # (its labels, "Parameters" or 参数, in its own language when the book names
            # none: the site's is guessed once every page is read)
            source = read_text(path)
            document = read_rst(source, path, self.source, sphinx=True,
                                lang=self.declared_language() or guess_language([source]),
                                substitutions=self.rst_substitutions)
            for line, message in document.problems:
                self.report.warn(path, line, message)
            for line, message in document.notices:
                self.report.note(path, line, message)
            title, text = document.title or None, document.body
            label = document.title_labels[0] if document.title_labels else None
            if document.meta.get("description"):  # (`.. meta::`: the page's summary)
                data["description"] = document.meta["description"]
            self.texts.append(text)
            self.report.convert("reStructuredText pages as Markdown")
        elif path.suffix.lower() == ".ipynb":
            found = notebook_post(self.report, path)
            if found is None:
                return
            data, head, notebook = found
            for cell in markdown_cells(notebook):
                cell["source"] = _SPACED_DIRECTIVE.sub(r"\1", cell_text(cell))
            label = title_label("\n".join(cell_text(c) for c in markdown_cells(notebook)))
            title = notebook_title(notebook)
            text = NOTEBOOK
            self.texts += [cell_text(c) for c in markdown_cells(notebook)]
            self.unexecuted(path, notebook)
        else:
            notebook = None
            fmt, head, text, _first = split_front_matter(read_text(path))
            # (```` ``` {figure} x ````: a directive to MyST, its info string trimmed)
            text = _SPACED_DIRECTIVE.sub(r"\1", text)
            data, error = load_mapping(fmt or "yaml", head)
            if error:
                self.report.warn(path, 2, f"front matter not read ({error})")
            title = None
            label = title_label(text)
            heading = first_heading(text)
            if heading is not None:
                title, text = heading
            self.texts.append(text)
            cells = text.count("{code-cell}")
            if cells and self.executed not in ("off", "False", "false"):
                self.report.warn(path, None, f"{cells} `{{code-cell}}` cell(s) Jupyter Book "
                                 "ran: Lanting shows their code, not their output (paste "
                                 "the output after each, or save the notebook as .ipynb)")
        if label is None and isinstance(data.get("label"), str) and data["label"].strip():
            # (mystmd's label of the page, `label: chap:intro`: `[](#chap:intro)` and
            # `{ref}` from any page name the page, as `(chap:intro)=` over its title does)
            label = data["label"].strip()
        own = {str(k): str(v) for k, v in _mapping(data.get("substitutions")).items()}
        title = str(data.get("title") or title or path.stem.replace("_", " ")).strip()
        front: dict[str, Any] = {"title": title}
        if path.resolve() in self.chapter_numbers:  # (its title and sections numbered)
            front["chapter"] = self.chapter_numbers[path.resolve()]
        if isinstance(data.get("description"), str) and data["description"].strip():
            front["summary"] = " ".join(data["description"].split())
        self.front_left_out(path, data, head)
        kind = "home" if root and notebook is None else "page"
        item = self.site.add(Item(kind, self.slug_for(path) if kind == "page" else "index",
                                  path, front))
        item.notebook = notebook
        self.by_source[path.resolve()] = item
        self.report.counts["pages"] += 1
        # (`basics/index.html` is the new `/basics/` of `basics/index.md`)
        item.old_urls = [u for u in self.old_urls(path)
                         if u != self.site.new_url(item) + "index.html"]
        if label is not None:
            self.title_labels[item.number] = label
        if not in_toc:
            item.front["unlisted"] = True
        self.documents.append((item, text, path, own))

    def unexecuted(self, path: Path, notebook: dict[str, Any]) -> None:
        code = [c for c in notebook.get("cells", []) if isinstance(c, dict)
                and c.get("cell_type") == "code" and cell_text(c).strip()]
        if code and not any(c.get("outputs") for c in code) and self.executed not in (
                "off", "False", "false"):
            self.report.warn(path, None, f"no saved outputs, and Jupyter Book ran it "
                             f"(`execute_notebooks: {self.executed}`): its {len(code)} code "
                             "cell(s) show without output (run it and save it, then import "
                             "again)")

    def front_left_out(self, path: Path, data: dict[str, Any], head: str) -> None:
        self.notebook_keys += [k for k in data if k in NOTEBOOK_KEYS]
        others = [k for k in data if k not in NOTEBOOK_KEYS | READ_KEYS]
        if others:
            self.report.note(path, key_line(head, others[0]), "front matter Lanting has no "
                             "place for, left out: " + ", ".join(f"`{k}`" for k in others))

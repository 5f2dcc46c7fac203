"""Jupyter notebooks kept beside the notes of a vault (`notebook/CH06.ipynb` next to a
chapter's notes): Quartz served them as files to download; Lanting shows a notebook, so
each is a notebook page too (`content/pages/<name>.ipynb`), titled by its first
`# heading`, listed on its folder's page, and the file stays at its old URL. Links to it
(`[代码](../notebook/CH06.ipynb)`) lead to the page."""

from __future__ import annotations

import datetime as dt
import posixpath
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.importer.common import mtime
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.mkdocs_bodies import first_heading
from lanting.importer.notebook_slides import is_slideshow, slideshow_cells
from lanting.importer.notes_decks import path_date
from lanting.importer.quarto_notebook import cell_text, markdown_cells, notebook_post
from lanting.importer.quarto_notebook_deck import notebook_markdown
from lanting.importer.quartz_settings import slug
from lanting.importer.report import Report
from lanting.importer.site import NOTEBOOK, NewSite, slug_of


class QuartzNotebooks:
    """The notebook side of the Quartz importer."""

    content: Path
    report: Report
    site: NewSite
    by_slug: dict[str, Item]
    documents: list[tuple[Item, str, Path]]
    texts: list[str]

    page_name: Callable[[Path, str, str], str]
    """The importer's (names that clash get their folder's)."""
    unique_name: Callable[[Path, str, str], str]
    tz: dt.tzinfo

    def read_notebook(self, path: Path) -> None:
        found = notebook_post(self.report, path)
        if found is None:
            return
        rel = path.relative_to(self.content).as_posix()
        notebook = found[2]
        if is_slideshow(notebook):  # (a lecture's deck made with RISE or nbconvert)
            self.read_slideshow(path, rel, notebook)
            return
        title = path.stem
        texts = [c for c in markdown_cells(notebook) if cell_text(c).strip()]
        heading = first_heading(cell_text(texts[0])) if texts else None
        if heading is not None:  # (Lanting shows the title above the text: not twice)
            title, texts[0]["source"] = heading
        name = self.page_name(path, rel, posixpath.dirname(rel))
        item = self.site.add(Item("page", slug_of(name), path, {"title": title}))
        item.notebook = notebook
        item.body = NOTEBOOK
        self.by_slug[slug(rel)] = item  # (a link to the file finds its page)
        self.report.counts["pages"] += 1
        self.report.convert("notebooks beside the notes as notebook pages (the file kept)")
        self.texts += [cell_text(c) for c in markdown_cells(notebook)]
        self.documents.append((item, NOTEBOOK, path))

    def read_slideshow(self, path: Path, rel: str, notebook: dict[str, Any]) -> None:
        """A notebook made into slides: a talk of its cells, dated by its name, else by
        its file's time with a warning (a talk needs a date)."""
        texts = [c for c in markdown_cells(notebook) if cell_text(c).strip()]
        heading = first_heading(cell_text(texts[0])) if texts else None
        when = path_date(path)
        if when is None:
            self.report.warn(path, None, "a talk needs a date, and the deck gives none: "
                             "the file's time is used")
            when = mtime(path, self.tz)
        name = self.unique_name(path, rel, posixpath.dirname(rel))
        item = self.site.add(Item("talk", slug_of(name), path, {
            "title": heading[0] if heading else path.stem, "date": when}))
        self.by_slug[slug(rel)] = item
        self.report.counts["talks"] += 1
        self.report.convert("notebooks made into slides (RISE, nbconvert) as talks")
        body = notebook_markdown(slideshow_cells(notebook), self.site,
                                 self.site.new_url(item).strip("/"))
        self.texts.append(body)
        self.documents.append((item, body, path))

    def convert_cells(self, item: Item, ctx: Context, path: Path) -> None:
        """Each Markdown cell of a notebook page converted as a note's text is."""
        for cell in markdown_cells(item.notebook or {}):
            cell["source"] = self.convert(cell_text(cell), item, ctx, path)

    convert: Callable[[str, Item, Context, Path], str]
    """QuartzBodies'."""

"""The Org side of the notes import: an org-roam folder's `.org` notes read as notes,
converted to Markdown with Pandoc (`markups.py`, as a Hugo site's Org pages are: its
`#+title:` the title, `#+filetags: :a:b:` the tags, a `*` heading a section), and their
links leading where org-roam led them: `[[id:<uuid>][text]]` to the note, or the
heading, whose `:PROPERTIES:` drawer gives that `:ID:`, `[[file:x.org][text]]` to the
note of that file. Without Pandoc (or one Pandoc cannot read), an `.org` file is
copied as it is, with a warning saying why."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from lanting.importer import markups
from lanting.importer.bibtex import dump
from lanting.importer.body_fragments import heading_fragment
from lanting.importer.body_links import UNLINK
from lanting.importer.common import read_text
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.markups import NEEDS_PANDOC, as_markdown
from lanting.importer.notes_cite import cite_from, library, own_papers
from lanting.importer.quartz import Quartz
from lanting.importer.quartz_settings import slug

_DRAWER = re.compile(r"^[ \t]*:PROPERTIES:[ \t]*\n(.*?)^[ \t]*:END:[ \t]*$",
                     re.MULTILINE | re.DOTALL | re.IGNORECASE)
_ID = re.compile(r"^[ \t]*:ID:[ \t]+(\S+)[ \t]*$", re.MULTILINE | re.IGNORECASE)
_HEADLINE = re.compile(r"^\*+[ \t]+(?:(?:TODO|DONE)[ \t]+)?(?:\[#[A-Z]\][ \t]+)?"
                       r"(.*?)(?:[ \t]+:[\w@#%:]+:)?[ \t]*$", re.MULTILINE)
_TITLE = re.compile(r"^[ \t]*#\+title:[ \t]*(.*?)[ \t]*$", re.MULTILINE | re.IGNORECASE)
_ROAM_KEY_LINE = re.compile(r"^roam_key: .*\n", re.MULTILINE)
"""The front matter line of org-roam v1's `#+roam_key:`, as `markups` writes it."""
_OWN_REF = re.compile(r"^[ \t]*(?::ROAM_REFS:|#\+roam_key:).*$", re.MULTILINE | re.IGNORECASE)
_BARE_ID_LINK = re.compile(r"\[id:([^\]\s]+)\]\(id:\1\)")
"""`[[id:<uuid>]]` without a description, as Pandoc writes it: the id as its text."""


@dataclass(frozen=True, slots=True)
class OrgNode:
    """What an org-roam `:ID:` names: a file, or a heading of it."""

    path: Path
    heading: str
    """The heading's text; empty for the file's own drawer (the note)."""
    title: str
    """What a link without a description shows: the heading's text, else the title."""


def org_nodes(paths: list[Path]) -> dict[str, OrgNode]:
    """The `:ID:` of each property drawer of the `.org` files, by id: a drawer above the
    first heading names the file, one under a heading that heading (org-roam's nodes)."""
    nodes: dict[str, OrgNode] = {}
    for path in paths:
        text = read_text(path)
        found = _TITLE.search(text)
        title = found.group(1) if found else path.stem
        for drawer in _DRAWER.finditer(text):
            node = _ID.search(drawer.group(1))
            if node is None:
                continue
            above = list(_HEADLINE.finditer(text, 0, drawer.start()))
            heading = above[-1].group(1).strip() if above else ""
            nodes.setdefault(node.group(1), OrgNode(path, heading, heading or title))
    return nodes


class OrgNotes(Quartz):
    """The Org side of the notes import (a base of `Notes`, before Quartz's reading)."""

    def org_init(self) -> None:
        self.org_pandoc = markups.pandoc_path() is not None
        self.org_texts: dict[Path, str | None] = {}
        """Each `.org` file read: its Markdown, or None (not converted)."""
        self.org_ids = org_nodes(sorted(p for p in self.content.rglob("*.org")
                                        if p.is_file())) if self.org_pandoc else {}
        self.org_library = library(self.content)
        """The entries of the folder's `.bib` files, by key, which notes cite (Org
        notes, and Markdown ones outside a Logseq graph: `Notes.convert`)."""
        self.org_cited: set[str] = set()
        self.org_papers: dict[Path, list[str]] = {}
        """The keys of the papers each reading note is about, listed under its text."""

    def is_note(self, path: Path) -> bool:
        """Also an `.org` file Pandoc reads (without Pandoc, or one it cannot read, it is
        copied as it is, with a warning)."""
        if path.suffix.lower() != ".org":
            return super().is_note(path)
        return self.org_markdown(path) is not None

    def org_markdown(self, path: Path) -> str | None:
        """The Org note as Markdown (None: not converted, which a warning says, once);
        a link to an id without a description shows the title of what it names, as
        Org's export does; Pandoc's warnings are reported at their lines."""
        if path in self.org_texts:
            return self.org_texts[path]
        self.org_texts[path] = None
        if not self.org_pandoc:
            self.report.warn(path, None, f"an Org note, copied as it is: it {NEEDS_PANDOC}")
            return None
        try:
            converted = as_markdown(path, read_text(path), roam=True)
        except OSError as error:
            self.report.warn(path, None, f"an Org note, copied as it is: {error}")
            return None
        self.report.convert("org-roam's Org notes read with Pandoc")
        for line, message in converted.warnings:
            self.report.warn(path, line, f"Pandoc: {message}")
        text = _BARE_ID_LINK.sub(lambda m: f"[{self._shown(m.group(1))}](id:{m.group(1)})",
                                 converted.text)
        original = read_text(path)
        head, fence, body = text.partition("\n---\n")  # (a title's `@` is no citation)

        # (a key cited again: at its next place; the note's own paper, `:ROAM_REFS:`
        # over the text, is no citation of the text)
        seen: dict[str, int] = {k: m.end() for m in _OWN_REF.finditer(original)
                                for k in own_papers(m.group())}

        def unknown(key: str) -> None:
            at = original.find(key, seen.get(key, -1) + 1)
            at = original.find(key) if at < 0 else at
            seen[key] = at
            self.report.warn(path, original.count("\n", 0, at) + 1 if at >= 0 else None,
                             f"a citation of `{key}`, a key no `.bib` file of the notes "
                             "has: shown as text (add its entry to one, then import again)")

        text = head + fence + cite_from(body, self.org_library, self.org_cited, unknown)
        papers = own_papers(original)
        for key in (k for k in papers if k not in self.org_library):
            at = original.find(key)
            self.report.warn(path, original.count("\n", 0, at) + 1, f"the paper the note "
                             f"is about, `{key}`, is in no `.bib` file of the notes: not "
                             "listed under it (add its entry to one, then import again)")
        papers = [k for k in papers if k in self.org_library]
        if papers:  # (its `roam_key` is read: no front matter left out)
            self.org_cited.update(papers)
            self.report.convert("org-roam's reading notes' papers (`roam_key`, `ROAM_REFS`) "
                                "listed under them")
            text = _ROAM_KEY_LINE.sub("", text, count=1)
            self.org_papers[path] = papers
        self.org_texts[path] = text
        return text

    def note_text(self, path: Path) -> str:
        if path.suffix.lower() != ".org":
            return super().note_text(path)
        return self.org_markdown(path) or ""

    def convert(self, text: str, item: Item, ctx: Context, path: Path) -> str:
        """Also a reading note's papers listed under its text (`{{< nocite >}}`, which
        the conversion, reading no shortcode of the notes, must not see)."""
        done = super().convert(text, item, ctx, path)
        papers = self.org_papers.get(path)
        return done.rstrip("\n") + f"\n\n{{{{< nocite {' '.join(papers)} >}}}}\n" \
            if papers else done

    def write_config(self) -> None:
        """Also the folder's `.bib` entries as `content/references.bib`, when notes cite."""
        if self.org_cited:
            self.report.convert("keys of the notes' `.bib` files cited (Org's citations, "
                                "Pandoc's `[@key]`)", len(self.org_cited))
            self.site.extra["content/references.bib"] = dump(list(self.org_library.values()))
        super().write_config()

    def report_text(self, path: Path) -> str:
        """An Org note's own text: the report names its lines, not its Markdown's."""
        if path.suffix.lower() != ".org":
            return super().report_text(path)
        return read_text(path)

    def _shown(self, node_id: str) -> str:
        node = self.org_ids.get(node_id)
        return node.title.replace("[", "\\[").replace("]", "\\]") if node else "id:" + node_id

    def rel(self, path: Path) -> str:
        """An Org note's path as a Markdown note's (`x.org` → `x.md`): its slug, its
        folder's page, its place."""
        rel = super().rel(path)
        if path.suffix.lower() == ".org" and self.org_texts.get(path) is not None:
            return rel[: -len(".org")] + ".md"  # (once read: a file left out keeps `.org`)
        return rel

    def find(self, target: str, path: Path) -> Item | Path | None:
        """Also `x.org` (`[[file:x.org]]`): the note read from it."""
        if target.strip().lower().endswith(".org") and self.org_pandoc:
            found = super().find(target.strip()[: -len(".org")] + ".md", path)
            if isinstance(found, Item) and found.source is not None \
                    and found.source.suffix.lower() == ".org":
                return found
        return super().find(target, path)

    def url(self, url: str, image: bool, path: Path, ctx: Context) -> str | None:
        """Also `id:<uuid>`: the note whose drawer gives that id, or its heading."""
        if not url.startswith("id:") or image:
            return super().url(url, image, path, ctx)
        node = self.org_ids.get(url[len("id:"):])
        if node is None:
            ctx.warn(url, f"a link to `{url}`, an id no note's `:PROPERTIES:` drawer "
                     "gives (a note deleted since, or outside the folder): its text kept")
            return UNLINK
        item = self.by_slug.get(slug(self.rel(node.path)))
        if item is None:
            ctx.warn(url, f"a link to `{url}` (`{node.path.name}`), a note not imported "
                     f"({self.skipped.get(slug(self.rel(node.path)), 'left out')}): its "
                     "text kept")
            return UNLINK
        ctx.convert("org-roam's `id:` links to notes")
        link = self.site.link(item)
        if node.heading:  # (Pandoc gives the heading its `:ID:` as its id)
            fragment = heading_fragment(url[len("id:"):], node.path) \
                or heading_fragment(node.heading, node.path)
            link += "#" + fragment if fragment else ""
        return link

"""A plain folder of Markdown notes → Lanting: an Obsidian vault (`.obsidian/`), a Logseq
graph (`logseq/config.edn`: what differs is `logseq.py`'s), a Typora folder (`x.assets/`
beside each note), or a repository of course notes with a `README.md` in each chapter's
folder, kept with no generator at all.

Such a folder is what Quartz publishes from `content/`, so the Quartz reader does the
work (notes, folders, `[[links]]`, embeds, callouts, notebooks); this one says where the
notes are (the folder itself), reads the vault's own settings instead of
`quartz.config.ts`, and follows how these folders were read, not how a garden was
published:
- a folder's `README.md` (when it has no `index.md`) is its page, as GitHub showed it,
  the top one the home page;
- a note without a `title` is titled by a `# heading` on its first line (Typora's and
  GitHub's title), else by its file's name (Obsidian's);
- a line end is a line break in an Obsidian vault unless `strictLineBreaks` is on
  (`.obsidian/app.json`), as Obsidian shows notes; elsewhere, as Markdown reads it;
- the vault's templates folder (`.obsidian/templates.json`, Templater's) is left out:
  its notes are forms to fill in (`{{title}}`, `<% tp.date.now() %>`);
- no old URLs: nothing was published.
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from lanting.content.pandoc_title import split_title_block
from lanting.importer.beamer_tex import is_beamer, own_class
from lanting.importer.body_math import unescape_marked_math, written_escaped
from lanting.importer.canvas import CanvasNotes
from lanting.importer.common import (
    BARE_SITE,
    REPOSITORY_FILES,
    Options,
    read_text,
    walk,
)
from lanting.importer.deck_packages import marp_decks, slidev_decks, slidev_parts
from lanting.importer.dendron import dendron_links, note_paths, read_workspace
from lanting.importer.dendron import front_of as dendron_front
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.logseq import (
    front_of,
    journal_day,
    nothing_written,
    page_title,
    read_graph,
)
from lanting.importer.mkdocs_bodies import first_heading
from lanting.importer.mkdocs_strong import lenient_strong
from lanting.importer.notes_cite import markdown_citations
from lanting.importer.notes_decks import (
    KNITTED,
    deck_tools,
    knitr_parts,
    knitted_deck,
    pandoc_decks,
    reveal_copies,
)
from lanting.importer.notes_logseq import LogseqNotes
from lanting.importer.notes_org import OrgNotes
from lanting.importer.notes_talks import NoteDecks
from lanting.importer.notes_vault import read_vault
from lanting.importer.quartz import Quartz
from lanting.importer.quartz_settings import has_extension
from lanting.importer.render_output import in_render_output
from lanting.importer.report import Report
from lanting.importer.reveal_html import html_decks, page_decks
from lanting.importer.shelf import Shelf, protect_code
from lanting.importer.typora import TYPORA_KEYS, root_url
from lanting.importer.vault_plugins import DATAVIEW, admonitions, had, vault_plugins
from lanting.importer.zettlr import ZettlrNotes

_TOC_BLOCK = re.compile(r"^[ \t]*(`{3,}|~{3,})[ \t]*toc[ \t]*\n(?:.*\n)*?[ \t]*\1[ \t]*(?:\n|$)",
                        re.MULTILINE)
_H1 = re.compile(r"^#[ \t]+\S", re.MULTILINE)
_DENDRON_FILES = frozenset({"dendron.yml", "dendron.code-workspace", "package.json",
                            "package-lock.json"})


def has_notes(source: Path) -> bool:
    """Whether `source` is an Obsidian vault or holds Markdown or Org files (or decks:
    Go's `present`, R Markdown's, Quarto's, beamer's in LaTeX) at all."""
    return (source / ".obsidian").is_dir() or any(
        p.suffix.lower() in (".md", ".org", ".slide", ".rpres") or p.suffix.lower() in KNITTED
        and knitted_deck(read_text(p)) or p.suffix.lower() == ".tex"
        and is_beamer(read_text(p), partial(own_class, p)) for p in walk(source))


class Notes(NoteDecks, OrgNotes, ZettlrNotes, CanvasNotes, LogseqNotes):
    kind = "notes"
    placed_keys = Quartz.placed_keys | TYPORA_KEYS
    keeps_old_urls = False
    notes_folder = "the folder of notes"
    unwritten_shown = "Obsidian showed it greyed, a note to create"
    dataview_shown = ""
    shown_by = "Obsidian"
    ignored_why = ("left out: it is in the vault's templates folder (forms to fill in) "
                   "or in `private/`; move it out to import it")
    unpublished_why = "its front matter says so"
    drawn_by = "Obsidian and Typora"
    breaks_why = "as Obsidian shows them: `strictLineBreaks` is off"

    def __init__(self, source: Path, report: Report, options: Options) -> None:
        super().__init__(source, report, options)
        self.content = source
        self.graph = read_graph(source)
        self.dendron = read_workspace(source)
        if self.dendron is not None and (source / self.dendron.vault).is_dir():
            self.content = source / self.dendron.vault
        self.dendron_paths = note_paths(
            [p.stem for p in sorted(self.content.glob("*.md"))]) if self.dendron else {}
        """A Dendron vault's notes' paths in its hierarchy (`dendron.py`), by name."""
        self.nav_orders: dict[Path, float] = {}
        """A Dendron note's `nav_order`: its place among its siblings."""
        self.config = read_vault(source, self.graph,
                                 self.content if self.dendron is not None else None)
        self.vault = (source / ".obsidian").is_dir()
        self.plugins = vault_plugins(source)
        self.dataview_fields = None if self.graph is not None else \
            self.vault and had(self.plugins, DATAVIEW)
        self.gitbook = (source / "book.json").is_file()
        """A GitBook book: its Markdown read by kramed (marked 0.3), as Hexo's was."""
        self.typora_roots: dict[Path, str | None] = {}
        self.deck_pages = html_decks(source)
        self.page_parts = {part: files[0] for files in page_decks(source).values()
                           for part in files[1:] if part not in self.deck_pages}
        """The Markdown files an HTML page shows after its first, which its talk holds
        (`reveal_html`)."""
        self.composed: dict[Path, str] = {}
        self.slides_pages: dict[Path, bool] = {}
        self.decks: dict[Path, int | None] = dict.fromkeys(self.deck_pages)
        self.decks |= pandoc_decks(source)
        """The notes a Makefile or script makes slides of with Pandoc, or an HTML page
        shows as slides (remark's `sourceUrl`, reveal.js's `data-markdown`): talks."""
        self.own_decks = slidev_decks(source)
        self.deck_parts = slidev_parts(self.own_decks) | knitr_parts(source)
        """The files Slidev decks include (`src:`), and xaringan decks with knitr's
        child cells: in their talks' folders."""
        self.marp = marp_decks(source)
        """Decks Marp CLI is set to make, `marp: true` or not."""
        self.reveal_copies = reveal_copies(source)
        self.deck_tools = deck_tools(source)
        """The files that built the decks (a Makefile, a `package.json`): not published."""
        self.present_texts: dict[Path, str] = {}
        self.bib_files: set[Path] = set()
        self.landslide_sources: set[Path] | None = None
        self.knitted: dict[Path, str] = {}
        self.deck_names: Counter[str] | None = None
        self.told_copies: set[Path] = set()
        """Decks whose front matter their tool reads, as the talk does (Slidev's, and
        Marp's, `marp: true`, found as they are read): kept as written."""
        self.logseq_init()
        self.org_init()
        self.zettlr_init()

    def left_out(self, path: Path) -> bool:
        """Also the repository's own files at the top (`LICENSE.md`, `AGENTS.md`), the
        Markdown of a copy of reveal.js beside a deck, Logseq's own folder (its `bak/`
        copies of every page), unreported, as `.obsidian/` is, and Dendron's own files
        and Markdown outside its vault's top."""
        if self.graph is not None:
            rel = path.relative_to(self.content).as_posix()
            if rel.startswith("logseq/"):
                return True
            if any(rel.startswith(h + "/") for h in self.graph.hidden):
                if path.suffix.lower() == ".md":
                    self.report.note(path, None, "hidden in Logseq (`:hidden` in "
                                     "logseq/config.edn): left out")
                return True
        if self.dendron is not None and path.parent in (self.source, self.content) and (
                path.name.endswith(".schema.yml") or path.name in _DENDRON_FILES):
            return True  # (Dendron's own: its settings and its notes' schemas)
        if self.dendron_paths and path.suffix == ".md" and path.parent != self.content:
            self.report.note(path, None, "in a folder of the Dendron vault, where Dendron "
                             "reads no notes (`assets/`): left out")
            return True
        copy = next((c for c in self.reveal_copies if path.is_relative_to(c)), None)
        # (but a deck a page loads, not reveal.js's own example, an older one's in its
        # Markdown plugin's folder: a course's decks may live in its copy of reveal.js)
        if copy is not None and path.suffix.lower() == ".md" and (
                path.resolve() not in self.decks or any(
                    path.is_relative_to(copy / d) for d in ("examples", "test", "plugin"))):
            if copy not in self.told_copies:
                self.told_copies.add(copy)
                self.report.note(copy, None, "a copy of reveal.js: its Markdown files "
                                 "(its README, tests, examples) are no notes: left out")
            return True
        if path.resolve() in self.deck_parts:  # (its deck's bundle holds it)
            return True
        if path.resolve() in self.page_parts:  # (its deck's talk holds its slides)
            self.report.note(path, None, "a part of the deck `" + self.rel(
                self.page_parts[path.resolve()]) + "`, whose talk holds its slides")
            return True
        if path.suffix.lower() in (".md", ".markdown") and in_render_output(
                self.content, path.relative_to(self.content).as_posix()):
            return True  # (a deck's `talk_files/libs/`: reveal.js's plugins' READMEs)
        if path.resolve() in self.deck_tools:
            made = "showed" if path.suffix.lower() in (".html", ".htm") else "built"
            self.report.note(path, None, f"it {made} the slides, which are talks now: not "
                             "copied to static/")
            return True
        if path.parent == self.content and path.name.lower() in REPOSITORY_FILES:
            self.report.note(path, None, "the repository's own file (a licence, or "
                             "instructions for AI coding assistants), not a note: left out")
            return True
        return super().left_out(path)

    def readme(self, path: Path) -> bool:
        """A folder's `README.md` (an org-roam folder's `README.org`, read as a note), its
        page when it has no `index.md` (as GitHub shows a folder), unless a build file
        makes slides of it (a talk)."""
        name = path.name.lower()
        return (name == "readme.md" or name == "readme.org" and self.is_note(path)) \
            and not any((path.parent / index).is_file()
                        for index in ("index.md", "_index.md", "index.org")) \
            and path.resolve() not in self.decks

    def rel(self, path: Path) -> str:
        if self.dendron_paths and path.parent == self.content and path.suffix == ".md":
            return self.dendron_paths.get(path.stem.casefold(), path.name)
        rel = super().rel(path)
        return rel.rpartition("/")[0] + "/index.md" if self.readme(path) and "/" in rel \
            else "index.md" if self.readme(path) else rel

    def is_index(self, path: Path) -> bool:
        if self.dendron_paths and path.parent == self.content:
            return self.rel(path).endswith("index.md")
        return super().is_index(path) or self.readme(path)

    def note_name(self, path: Path) -> str:
        """A Dendron note's name is its name's last part (`cosets` of `groups.cosets`)."""
        if self.dendron_paths and path.parent == self.content:
            return path.stem.rsplit(".", 1)[-1]
        return super().note_name(path)

    def implied(self, path: Path, rel: str, data: dict[str, Any],
                body: str) -> dict[str, Any] | None:
        """In a Logseq graph, its page properties and a journal's day (`logseq.py`); an
        empty journal is no note."""
        if self.dendron is not None:
            order = data.get("nav_order")
            if isinstance(order, int | float) and not isinstance(order, bool):
                self.nav_orders[path] = float(order)
            return dendron_front(data)
        if self.graph is None:
            return super().implied(path, rel, data, body)
        if journal_day(rel, self.graph) is not None and nothing_written(body):
            self.report.note(path, None, "an empty journal (Logseq makes one each day): "
                             "left out")
            return None
        return front_of(rel, body, data, self.graph)

    def untitled(self, path: Path, folder_note: bool, body: str) -> str:
        """A deck's `% Title` line, as Pandoc titled it; outside a vault, the `# heading`
        on the first line when it is the note's only one (a title; of several, the first
        is a section: `# 大样本与小样本` over `# 残差`, which links name); in a vault,
        the file's name, as Obsidian shows it."""
        if self.graph is not None:
            return page_title(path.stem)
        if self.dendron_paths:
            return self.note_name(path)
        block = split_title_block(body)[0] if self.is_deck(path) else None
        if block is not None and block.title:
            return block.title
        heading = first_heading(body)
        if heading and not self.vault and len(_H1.findall(protect_code(body, Shelf()))) == 1:
            return heading[0]
        return super().untitled(path, folder_note, body)

    def escapes_parentheses(self, path: Path) -> bool:
        # (Logseq reads `\(x\)` as a formula; in Pandoc's Markdown of an Org note it is one)
        return self.graph is None and path.suffix.lower() != ".org"

    def convert(self, text: str, item: Item, ctx: Context, path: Path) -> str:
        # (the Automatic Table of Contents plugin's block, which Obsidian showed as the
        # note's contents: the theme shows them; it was an empty code block)
        text, count = _TOC_BLOCK.subn("", text)
        ctx.convert("```toc blocks left out (the theme shows the table of contents)", count)
        if self.dendron_paths:
            text, count = dendron_links(text, lambda name: name.removesuffix(".md")
                                        .casefold() in self.dendron_paths)
            ctx.convert("Dendron's `[[shown|note]]` links", count)
        if self.graph is not None:
            text = self.logseq_text(text, path, ctx)
        text = self.plugin_blocks(text, ctx)
        if self.org_library and self.graph is None and path.suffix.lower() == ".md":
            text = markdown_citations(text, self.org_library, self.org_cited, ctx)
        if self.gitbook:  # (`**Th1: **定理`: bold to kramed, two stars to CommonMark)
            shelf = Shelf()
            text = shelf.restore(lenient_strong(protect_code(text, shelf), ctx, "kramed"))
        if not self.vault and self.graph is None and written_escaped(text):
            shelf = Shelf()
            text, count = unescape_marked_math(protect_code(text, shelf), "{}")
            text = shelf.restore(text)
            ctx.convert("Markdown escapes undone in math (formulas written for a Markdown "
                        "that read them first: `\\\\{`, `\\\\\\\\`)", count)
        if item.kind == "talk":
            text = self.knitr_images(text, path, ctx)
        if item.kind == "talk":  # (its `% Title` lines are the talk's, not `\%` text)
            block, rest = split_title_block(text)
            if block is not None:
                lines, kept = text.split("\n"), rest.split("\n")
                end = max(i for i, line in enumerate(lines) if line != kept[i]) + 1
                return "\n".join(lines[:end]).strip("\n") + "\n\n" + super().convert(
                    "\n".join(kept[end:]), item, ctx, path)
        return super().convert(text, item, ctx, path)

    def plugin_blocks(self, text: str, ctx: Context) -> str:
        # (the Admonition plugin's ```ad-note: else a code block of an unknown language)
        return text if self.graph is not None else admonitions(text, self.plugins, ctx)

    def find(self, target: str, path: Path) -> Item | Path | None:
        """Also a link to a folder's `README.md` (`../CH07/README.md`, `[[CH07/README]]`):
        the folder's page, which the README is; in a Logseq graph, a page by its title."""
        dendron = self.dendron_paths.get(target.strip().removesuffix(".md").casefold())
        if dendron is not None:  # (`[[groups.lagrange]]`: its place in the hierarchy)
            return super().find("/" + dendron.removesuffix(".md").removesuffix("/index")
                                .removesuffix("index"), path)
        if self.graph is not None and not has_extension(target.strip()):
            titled = self.logseq_page(target.strip())
            if titled is not None:
                return titled
        folder, _slash, name = target.strip().rpartition("/")
        if name.lower() in ("readme.md", "readme", "readme.org"):  # (`[[优化/README]]` too)
            page = super().find(folder + "/" if folder else ".", path)
            if page is not None:
                return page
        return super().find(target, path)

    def url(self, url: str, image: bool, path: Path, ctx: Context) -> str | None:
        """Also `/pic/a.png` in a note whose `typora-root-url` (`./`, `../assets`) says
        where Typora read paths from `/`, and a site named without `https://`."""
        if not image and BARE_SITE.match(url) and not (path.parent / url).exists():
            # (`[文档](docs.python.org)`: a path beside the note that led nowhere)
            ctx.note(url, f"`{url}`, a site named without `https://`: the link leads "
                     f"to https://{url} (in the notes it led nowhere)")
            return "https://" + url
        public = path.parent / "public"  # (Slidev serves its `public/` at the root)
        if path.resolve() in self.own_decks and url.startswith("/") \
                and not url.startswith("//") and public.is_dir():
            name, hash_mark, fragment = url.partition("#")
            if (public / unquote(name).lstrip("/")).is_file():
                url = posixpath.relpath(public.relative_to(self.content).as_posix() + name,
                                        posixpath.dirname(self.rel(path)) or ".")
                return super().url(url + hash_mark + fragment, image, path, ctx)
        root = self.typora_root(path)
        if root is not None and url.startswith("/") and not url.startswith("//"):
            folder = posixpath.dirname(path.relative_to(self.content).as_posix())
            name, hash_mark, fragment = url.partition("#")
            target = posixpath.normpath(posixpath.join(folder, root, name.lstrip("/")))
            if not target.startswith("..") and \
                    self.find("/" + unquote(target), path) is not None:
                return super().url("/" + target + hash_mark + fragment, image, path, ctx)
        return super().url(url, image, path, ctx)

    def typora_root(self, path: Path) -> str | None:
        """The note's `typora-root-url`, a folder from the note's (None: none)."""
        if path not in self.typora_roots:
            self.typora_roots[path] = root_url(path)
        return self.typora_roots[path]

    def listed(self, folders: list[Item], notes: list[Item]) -> list[Item]:
        """In a Dendron vault, a note's children in their `nav_order`, then by title,
        notes and folders alike, as Dendron's tree listed them."""
        if self.dendron is None:
            return super().listed(folders, notes)
        return sorted(folders + notes, key=lambda i: (
            self.nav_orders.get(i.source, float("inf")) if i.source else float("inf"),
            i.title.casefold()))

    def bracketed_tags(self) -> bool:
        return self.graph is not None

    def unwritten(self, written: str, name: str, ctx: Context) -> None:
        if self.graph is None:
            super().unwritten(written, name, ctx)
        else:  # (told once for the graph: `told_placeholders`)
            self.placeholder(name)

    def write_config(self) -> None:
        self.told_placeholders()
        super().write_config()

    def folder_pages(self) -> dict[int, str]:
        appended = super().folder_pages()
        self.logseq_folders()
        return appended

    def tag_redirects(self) -> None:
        """None: the notes had no tag pages to redirect."""

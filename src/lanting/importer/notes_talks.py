"""The decks of a folder of notes as talks (`importer.notes`): which notes are decks,
the front matter a talk needs (its date, its title slide's header, its slide level),
and a Slidev deck's parts and `public/` files, which go with its talk. (How a deck
Pandoc or knitr made reads is `notes_pandoc`'s.)"""

from __future__ import annotations

import datetime as dt
import posixpath
from collections import Counter
from collections.abc import Callable
from dataclasses import fields
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from lanting.content.deckset import deckset_title, footer_date, is_deckset, title_slide_date
from lanting.content.frontmatter import RawFrontMatter
from lanting.content.marp import is_marp_key
from lanting.content.revealmd import KEYS as REVEAL_MD_KEYS
from lanting.content.revealmd import is_reveal_md
from lanting.importer.beamer_tex import is_beamer, own_class
from lanting.importer.common import mtime, read_text, walk
from lanting.importer.deck_packages import (
    MARP_HEAD,
    deck_files,
    public_paths,
    slidev_images,
    slidev_title,
)
from lanting.importer.gitpitch import is_gitpitch
from lanting.importer.go_present import is_present
from lanting.importer.item import Item
from lanting.importer.jupytext_md import jupytext_notebook
from lanting.importer.liquid import Context
from lanting.importer.mkdocs_strong import lenient_strong
from lanting.importer.notebook_slides import is_slideshow
from lanting.importer.notes_decks import (
    DATE_KEYS,
    HEADER_KEYS,
    KNITTED,
    child_capitals,
    deck_date,
    ioslides_subtitles,
    is_ioslides,
    knitted_deck,
    path_date,
    slidev_theme_alone,
)
from lanting.importer.notes_formats import DeckFormats
from lanting.importer.notes_pandoc import tex_title
from lanting.importer.quartz_settings import slug
from lanting.importer.report import Report
from lanting.importer.reveal_html import page_slides, page_title, section_slides, shown_file
from lanting.importer.revealmd_decks import is_reveal_md_head, page_separators, reveal_md_cuts
from lanting.importer.rpres import is_rpres
from lanting.importer.shelf import Shelf, protect_code
from lanting.importer.sub_sup import FORMULA
from lanting.importer.text import When, key_line, split_front_matter

_LANTING_KEYS = frozenset(f.name for f in fields(RawFrontMatter))
_RENDERED = (".Rmd", ".rmd", ".qmd", ".md", ".Rpres")
"""The suffixes of a deck whose render is a page of its name (`lecture.html`)."""
class NoteDecks(DeckFormats):
    """The deck side of the notes importer (its `Notes`, which sets these)."""

    report: Report
    tz: dt.tzinfo
    marp: set[Path]
    decks: dict[Path, int | None]
    deck_pages: dict[Path, Path]
    """The decks an HTML page shows, each with its page (`html_decks`)."""
    own_decks: set[Path]
    deck_parts: dict[Path, Path]
    page_parts: dict[Path, Path]
    composed: dict[Path, str]
    """The text of each deck an HTML page shows with more than its file ("" for one
    that is its file alone)."""
    by_slug: dict[str, Item]
    documents: list[tuple[Item, str, Path]]
    present_texts: dict[Path, str]
    """Go `present` decks' texts as talks' Markdown (`note_text`)."""
    knitted: dict[Path, str]
    """What each R Markdown or Quarto file is made into (`knitted_deck`)."""
    deck_names: Counter[str] | None
    """How many decks have each name (`unique_name`), counted when first asked."""

    def kept_build_folders(self) -> list[Path]:
        """A Slidev deck's `public/` at the repository's top, whose files it shows at
        `/` (a `public/` there is otherwise a build's output, skipped)."""
        public = self.content / "public"
        if public.is_dir() and any(d.parent == self.content.resolve() for d in self.own_decks):
            return walk(public)
        return []

    def is_note(self, path: Path) -> bool:
        """Also a deck written for Go's `present` (`talk.slide`), and an R Markdown or
        Quarto deck lying in the folder (`slides.Rmd` for xaringan, `talk.qmd` of
        `format: revealjs`), which no project renders: a talk."""
        suffix = path.suffix.lower()
        if suffix == ".rpres":  # (its knitted `.md` beside it, if there is one, is the deck)
            return not path.with_suffix(".md").is_file()
        if suffix in KNITTED:
            if path not in self.knitted:
                self.knitted[path] = knitted_deck(read_text(path))
                if self.knitted[path] == "xaringan":  # (its header the talk's, as written)
                    self.own_decks.add(path.resolve())
            return bool(self.knitted[path])
        if suffix == ".tex":  # (a beamer deck written in LaTeX: a talk)
            return is_beamer(read_text(path), partial(own_class, path))
        if self.is_slides_page(path):  # (a reveal.js page holding its slides: a talk)
            return True
        return super().is_note(path) or suffix == ".slide" and is_present(read_text(path))

    def left_out(self, path: Path) -> bool:
        """Also the page a deck was rendered to (`lecture.html` beside `lecture.Rmd`,
        xaringan's, Quarto's, Pandoc's), which its talk replaces: copied to `static/`,
        it was the old deck published beside the new one (an `index.html`, the site's
        home page's URL: a build error). Links to it lead to the talk."""
        if path.suffix.lower() in (".html", ".htm") and self.rendered(path) is not None:
            self.report.note(path, None, "the render of a deck, which is a talk now: not "
                             "copied to static/ (links to it lead to the talk)")
            return True
        return super().left_out(path)

    def rendered(self, page: Path) -> Path | None:
        """The deck beside `page` that it is the render of (its name with a deck's
        suffix), if that deck is a talk."""
        return next((deck for suffix in _RENDERED if (deck := page.with_suffix(suffix))
                     .is_file() and self.is_note(deck) and self.is_deck(deck)), None)

    def find(self, target: str, path: Path) -> Item | Path | None:
        """Also a link to a deck's rendered page (`[slides](lecture.html)`): its talk."""
        name = unquote(target.strip().partition("#")[0].partition("?")[0])
        if name.lower().endswith((".html", ".htm")) and "://" not in name:
            deck = self.rendered(path.parent / name.removeprefix("./"))
            talk = self.by_slug.get(slug(self.rel(deck))) if deck is not None else None
            if talk is not None:
                return talk
        return super().find(target, path)

    def unique_name(self, path: Path, rel: str, folder: str) -> str:
        """A deck's name needs telling apart from other decks' only: a talk's URL is
        under /talks/, where a folder's README page (`pragmatic/README.md` beside
        `pragmatic/pragmatic.slide`, as repositories of talks keep them) is not."""
        if not self.is_deck(path):
            return super().unique_name(path, rel, folder)
        if self.deck_names is None:
            self.deck_names = Counter(self.note_name(p).casefold() for p in walk(self.content)
                                      if self.is_note(p) and self.is_deck(p))
        name = self.note_name(path)
        return name if self.deck_names[name.casefold()] <= 1 \
            else super().unique_name(path, rel, folder)

    def is_deck(self, path: Path) -> bool:
        if path.suffix.lower() in (".slide", ".tex", *KNITTED) or is_rpres(path) \
                or is_gitpitch(path.name) or self.is_slides_page(path):
            return True
        if path.resolve() in self.marp:
            self.own_decks.add(path.resolve())
        if path.resolve() in self.decks or path.resolve() in self.own_decks:
            return True
        head = split_front_matter(read_text(path))[1]
        if MARP_HEAD.search(head) or is_reveal_md_head(head) or self.is_deckset(path) \
                or self.is_landslide(path):  # (its header reveal-md's, its lines Deckset's
            # or Landslide's)
            self.own_decks.add(path.resolve())
            return True
        return False

    def is_deckset(self, path: Path) -> bool:
        """Whether the note is a Deckset deck (`theme: Next, 1` over its slides)."""
        return is_deckset(split_front_matter(read_text(path))[2])

    def front(self, data: dict[str, Any], head: str, path: Path, kind: str,
              title: str) -> dict[str, Any]:
        """A deck's too, with the date a talk needs: its own (a `% Date` line's too),
        else its file's time, with a warning; its header's `author`, `subtitle` and
        `institute` (its title slide's), and its build file's `--slide-level` (else its
        header's `slide-level`)."""
        if kind != "talk":
            return super().front(data, head, path, kind, title)
        if not data.get("title") and (page := self.deck_pages.get(path.resolve())):
            title = page_title(read_text(page)) or title  # (a reveal.js deck has none)
        if path.resolve() in self.own_decks:  # (all of it the talk's: Marp's, Slidev's)
            front = {"title": title, **{k: v for k, v in data.items()
                                        if k not in DATE_KEYS + ("title",)}}
            if path.resolve() in self.marp:  # (what the talk reads Marp's comments by)
                front["marp"] = True
            if front.get("marp") is True:
                front = self.tool_front(front, head, path, "Marp", is_marp_key)
            elif is_reveal_md(front):
                front = self.tool_front(front, head, path, "reveal-md",
                                        REVEAL_MD_KEYS.__contains__)
            elif self.is_deckset(path):  # (its title its first heading, as fitted)
                body = split_front_matter(read_text(path))[2]
                if not data.get("title") and (first := deckset_title(body)):
                    front["title"] = first
            elif path not in self.knitted and not is_reveal_md(data):  # (Slidev's)
                body = split_front_matter(read_text(path))[2]
                if not data.get("title") and (first := slidev_title(body)):
                    front["title"] = first
                if slidev_theme_alone(front, body):
                    self.report.note(path, key_line(head, "theme"), "Slidev's `theme` "
                                     "alone, which Marp has too: left out (Lanting's deck "
                                     "has a look of its own)")
                    del front["theme"]
            self.deck_date(front, data, head, path)
            return front
        if "\\" in title and self.made_by_pandoc(path):
            title = tex_title(title)
        front = super().front({k: v for k, v in data.items() if k not in DATE_KEYS
                               + HEADER_KEYS + ("slide-level",)}, head, path, kind, title)
        front |= {k: data[k] for k in HEADER_KEYS if data.get(k) not in (None, "", [])}
        level = self.decks.get(path.resolve())
        written = data.get("slide-level")  # (Quarto's key, which a Pandoc deck borrowed)
        if level is None and isinstance(written, int) and 0 < written < 7:
            level = written
        if level is not None:
            front["slide_level"] = level
        self.deck_date(front, data, head, path)
        return front

    def tool_front(self, front: dict[str, Any], head: str, path: Path, tool: str,
                   reads: Callable[[str], bool]) -> dict[str, Any]:
        """A Marp or reveal-md deck's front matter as its `tool` reads it (`reads`: its
        own keys) and the keys Lanting knows; any other key, which the tool passes over
        (a VS Code setting written there, `markdown.marp.enableHtml`; a command line's
        option, `highlight-theme`), is left out with a notice (the build refuses a key
        it does not know)."""
        unread = [k for k in front if k not in _LANTING_KEYS and not reads(k)]
        if unread:
            self.report.note(path, min(key_line(head, k) or 2 for k in unread),
                             f"front matter neither {tool} nor Lanting reads, left out: "
                             + ", ".join(f"`{k}`" for k in unread))
        return {k: v for k, v in front.items() if k not in unread}

    def read_note(self, path: Path) -> None:
        """A Slidev deck's parts, too, go with it: into its talk's folder; its root
        paths of files in its `public/` lead to them (`background: /cover.jpg` too). A
        RISE deck kept as Jupytext's Markdown is a notebook deck, a talk."""
        notebook = jupytext_notebook(read_text(path)) if "jupytext" in read_text(path) \
            else None
        if notebook is not None and is_slideshow(notebook):
            self.report.convert("RISE decks kept as Jupytext's Markdown read as notebooks")
            self.read_slideshow(path, self.rel(path), notebook)
            return
        super().read_note(path)
        self.header_includes(path)
        item = self.by_slug.get(slug(self.rel(path)))
        if item is None or item.kind != "talk" or path.resolve() not in self.own_decks:
            return
        public = "/" + posixpath.join(posixpath.dirname(self.rel(path)), "public")
        item.texts.update(deck_files(path.resolve(), self.deck_parts, public))
        item.front = {k: public_paths(v, path.parent / "public", public)
                      if isinstance(v, str) else v for k, v in item.front.items()}
        if self.documents and self.documents[-1][0] is item:
            body = public_paths(self.documents[-1][1], path.parent / "public", public)
            self.documents[-1] = (item, body, path)

    def note_name(self, path: Path) -> str:
        """A deck an HTML page shows from several files is named as the page is (its
        folder's, for an `index.html`), not by its first file (`slide1.md`)."""
        page = self.deck_pages.get(path.resolve())
        if page is not None and path.resolve() in self.page_parts.values():
            return page.parent.name if page.stem.lower() == "index" else page.stem
        return super().note_name(path)

    def note_text(self, path: Path) -> str:
        """A deck an HTML page shows with more than its one file, a title slide written
        in HTML or the other files of its sections, as all its slides in the page's
        order (`reveal_html`)."""
        page = self.deck_pages.get(path.resolve())
        if page is None:
            return super().note_text(path)
        if path.resolve() not in self.composed:
            def read(name: str) -> str | None:
                file = shown_file(page, name, self.source)
                return read_text(file) if file is not None else None

            deck = section_slides(page_slides(read_text(page)), read)
            composed = deck is not None and deck.sections > 1
            self.composed[path.resolve()] = deck.text if deck and composed else ""
            if deck and composed:
                self.report.convert("the sections of a reveal.js page, its Markdown files' "
                                    "and its own, as one talk", deck.sections)
                self.report.convert("the separators of a reveal.js section as Lanting's "
                                    "lines", deck.cuts)
                for name in deck.missing:
                    self.report.warn(page, None, f"`{name}`, which a section of the deck "
                                     "shows, is not there: its slide is left out")
        return self.composed[path.resolve()] or super().note_text(path)

    def convert(self, text: str, item: Item, ctx: Context, path: Path) -> str:
        """A deck made with Pandoc or knitr read as they read it (`pandoc_text`); an
        ioslides deck's `## Title | Subtitle` headings too, once converted (the report's
        lines are the file's)."""
        if item.kind == "talk":
            text = self.pandoc_text(text, path, ctx)
            text, count = child_capitals(text, path.parent)
            ctx.convert("knitr's child documents named in other capitals than their "
                        "files'", count)
            if self.read_by_marked(path):  # (remark's Markdown: marked 0.3's bold)
                shelf = Shelf()
                text = FORMULA.sub(lambda m: shelf.put(m.group(), "M"),
                                   protect_code(text, shelf))
                text = shelf.restore(lenient_strong(text, ctx, "remark's marked"))
            if is_reveal_md(item.front):  # (its own separators, as reveal.js cut it)
                item.front, text, count = reveal_md_cuts(item.front, text)
                ctx.convert("reveal-md's own separators as Lanting's lines", count)
            elif (page := self.deck_pages.get(path.resolve())) is not None \
                    and not self.composed.get(path.resolve()):  # (its sections' own, read)
                own = page_separators(read_text(page), path.name)
                text, count = reveal_md_cuts(own, text)[1:] if own else (text, 0)
                ctx.convert("the separators of reveal.js's `data-markdown` page as "
                            "Lanting's lines", count)
        body = super().convert(text, item, ctx, path)
        if item.kind == "talk" and path.resolve() in self.own_decks:
            self.convert_parts(item, path)
            if item.front.get("marp") is not True and path not in self.knitted \
                    and not is_reveal_md(item.front) and not self.is_deckset(path):
                item.front, body, count = slidev_images(  # (a Slidev deck's settings)
                    item.front, body, lambda url: self.url(url, True, path, ctx))
                ctx.convert("a Slidev slide's relative `background` and `image`", count)
        if item.kind != "talk" or path.suffix.lower() not in KNITTED \
                or not is_ioslides(read_text(path)):
            return body
        body, count = ioslides_subtitles(body)
        ctx.convert("ioslides' `## Title | Subtitle` headings (the subtitle under the "
                    "title)", count)
        return body

    def convert_parts(self, item: Item, deck: Path) -> None:
        """The parts of a deck in its talk's folder (a Slidev deck's `src:` files, a
        xaringan deck's knitr children) converted as the deck is: their images and
        links lead where the deck's do (a child's `img/fig.png` was missing)."""
        for part, owner in sorted(self.deck_parts.items()):
            name = part.relative_to(deck.parent.resolve()).as_posix()
            if owner == deck.resolve() and name in item.texts:
                item.texts[name] = self.convert(item.texts[name], item, Context(
                    self.report, part, read_text(part)), part).rstrip("\n") + "\n"

    def deck_date(self, front: dict[str, Any], data: dict[str, Any], head: str,
                  path: Path) -> None:
        """The date a talk needs: the deck's own (a `% Date` line's too), else its file's
        time, with a warning."""
        when, written = deck_date(data, split_front_matter(self.note_text(path))[2], self.tz)
        when = when or path_date(path)  # (`20260327-ai-agents/slides.md`)
        line = key_line(head, "date")
        if when is None and self.is_deckset(path):
            when, line = self.deckset_date(path)
        if when is None:
            self.report.warn(path, line, (
                f"date `{written}` not read" if written else "a talk needs a date, and the "
                "deck gives none") + ": the file's time is used, which a new clone "
                "changes; add `date: YYYY-MM-DD` to the talk's front matter")
            when = mtime(path, self.tz)
        front["date"] = when

    def deckset_date(self, path: Path) -> tuple[When | None, int | None]:
        """A Deckset deck's date (Deckset has none): the day its `footer:` names whole
        (`footer: Some Conf / 26-MAR-2015`), else the one its title slide shows (`###
        14 March 2019`); else None, with the line of the first slide (file lines)."""
        _, _, body, first = split_front_matter(read_text(path))
        if (day := footer_date(body)) is not None:
            return When(day, True), None
        day, line = title_slide_date(body)
        return (When(day, True) if day is not None else None), first + line - 1

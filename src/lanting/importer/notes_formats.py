"""The decks of a folder of notes written for other tools, read into a
talk's Markdown (`notes_talks`, whose `NoteDecks` builds on this): Go's `present`
(`go_present`), RStudio's R Presentations (`rpres`), beamer in LaTeX (`beamer_tex`, its
`.bib` into `content/references.bib`), GitPitch's `PITCHME.md` (`gitpitch`) and
Landslide's Markdown (`landslide`)."""

from __future__ import annotations

import datetime as dt
import posixpath
from pathlib import Path

from lanting.importer.beamer_cites import REFERENCES, merged
from lanting.importer.beamer_tex import read_beamer
from lanting.importer.common import read_text, walk
from lanting.importer.deck_packages import public_paths
from lanting.importer.gitpitch import gitpitch_markdown, is_gitpitch
from lanting.importer.go_present import read_present
from lanting.importer.landslide import CONFIG, config_sources, is_landslide, landslide_markdown
from lanting.importer.notes_pandoc import PandocDecks, header_first
from lanting.importer.report import Report
from lanting.importer.reveal_html import is_slides_page, page_deck
from lanting.importer.rpres import is_rpres, read_rpres
from lanting.importer.serialize import dump_front_matter
from lanting.importer.tex_index import generated_index


class DeckFormats(PandocDecks):
    """Reads the decks of other formats (the notes importer's `Notes` sets these)."""

    report: Report
    decks: dict[Path, int | None]
    present_texts: dict[Path, str]
    """Decks' texts as talks' Markdown (`note_text`)."""
    bib_files: set[Path]
    """The `.bib` files of beamer decks read into `content/references.bib`."""
    landslide_sources: set[Path] | None
    """The decks Landslide's `.cfg` files name (`is_landslide`), read when first asked."""
    reveal_copies: set[Path]
    files: dict[str, Path]
    slides_pages: dict[Path, bool]
    """Whether each HTML page asked about is a reveal.js deck (`is_slides_page`)."""

    def own_shortcodes(self, path: Path) -> bool:
        return path.suffix.lower() == ".tex"  # (a beamer deck's, written by `beamer_tex`)

    def beamer_bibliography(self, file: Path) -> None:
        """A beamer deck's `.bib` into `content/references.bib` (`merged`)."""
        if file.resolve() not in self.bib_files:
            self.bib_files.add(file.resolve())
            self.site.extra[REFERENCES] = merged(self.site.extra.get(REFERENCES), file)
            self.report.convert("beamer decks' bibliographies (content/references.bib)")

    def is_slides_page(self, path: Path) -> bool:
        """Whether `path` is a reveal.js page holding its slides, not one of a copy of
        reveal.js (its demo), a talk (`reveal_html`)."""
        if path.suffix.lower() not in (".html", ".htm") \
                or any(path.is_relative_to(c) for c in self.reveal_copies):
            return False
        if path not in self.slides_pages:
            self.slides_pages[path] = is_slides_page(read_text(path))
        return self.slides_pages[path]

    def served_paths(self, page: Path, text: str) -> str:
        """A slides page's root paths (`/map.png`) of files in the `public/` folder of
        its project (the folder above it with a `package.json`), which Vite served at
        the root, made their new URLs (`deck_packages.public_paths`)."""
        for folder in page.parents:
            if (folder / "package.json").is_file() and (folder / "public").is_dir():
                return public_paths(text, folder / "public", "/" + self.rel(folder / "public"))
            if folder == self.content or not folder.is_relative_to(self.content):
                break
        return text

    def note_text(self, path: Path) -> str:
        if self.is_slides_page(path):
            if path not in self.present_texts:
                page = page_deck(read_text(path))
                self.present_texts[path] = self.served_paths(path, page.text if page else "")
                self.report.convert("reveal.js pages holding their slides as talks")
                self.report.convert("the separators of a reveal.js section as Lanting's "
                                    "lines", page.cuts if page else 0)
            return self.present_texts[path]
        """A `present` deck's, and an R Presentation's, as a talk's Markdown, what did
        not convert reported once."""
        if is_rpres(path):
            if path not in self.present_texts:
                rpres = read_rpres(read_text(path))
                for what in rpres.converted:
                    self.report.convert(what)
                self.present_texts[path] = dump_front_matter(rpres.front) + "\n" + rpres.body
            return self.present_texts[path]
        if path.suffix.lower() == ".tex":
            if path not in self.present_texts:
                beamer = read_beamer(read_text(path), lambda name: self.tex_file(path, name),
                                     lambda name: (path.parent / name).is_file())
                for what in beamer.converted:
                    self.report.convert(what)
                for name in beamer.bibliographies:
                    self.beamer_bibliography(path.parent / name)
                if beamer.missing:
                    self.report.warn(path, None, f"`{', '.join(beamer.missing)}`, which the "
                                     "deck cites from, is not there: its citations are "
                                     "shown as written")
                if beamer.drawings:
                    self.report.warn(path, None, f"{beamer.drawings} TikZ pictures, which "
                                     "Lanting cannot draw: kept in a comment; export each "
                                     "as an image and show it with `\\includegraphics`")
                self.present_texts[path] = dump_front_matter(beamer.front) + "\n" + beamer.body
            return self.present_texts[path]
        if is_gitpitch(path.name):
            return self.gitpitch_text(path)
        if path.suffix.lower() in (".md", ".markdown") and self.is_landslide(path):
            if path not in self.present_texts:
                landslide = landslide_markdown(super().note_text(path))
                for what in landslide.converted:
                    self.report.convert(what)
                self.present_texts[path] = landslide.body
            return self.present_texts[path]
        if path.suffix.lower() != ".slide":
            text = super().note_text(path)
            # (a Pandoc deck's licence comment over its header, which Pandoc read)
            return header_first(text) if text.startswith("<!--") \
                and path.resolve() in self.decks else text
        if path not in self.present_texts:
            deck = read_present(read_text(path), lambda name: read_text(
                path.parent / name) if (path.parent / name).is_file() else None)
            for line, message in deck.warnings:
                self.report.warn(path, line, message)
            for what in deck.converted:
                self.report.convert(what)
            # (a talk's `summary` is what the notes' front matter calls `description`)
            front = {"description" if k == "summary" else k:
                     v.isoformat() if isinstance(v, dt.date) else v
                     for k, v in deck.front.items()}
            self.present_texts[path] = dump_front_matter(front) + "\n" + deck.body
        return self.present_texts[path]

    def gitpitch_text(self, path: Path) -> str:
        """A GitPitch deck as a talk's Markdown (`gitpitch`), the files it names read
        from its folder or one above it (GitPitch's paths are from the repository's
        root)."""
        if path not in self.present_texts:
            deck = gitpitch_markdown(read_text(path), lambda name: self.tex_file(
                path, name.lstrip("/")), lambda name: self.from_root(path, name))
            for what in deck.converted:
                self.report.convert(what)
            for line, message in deck.warnings:
                self.report.warn(path, line, message)
            title = deck.title or (path.parent.name if path.parent != self.content else
                                   self.content.name)
            self.present_texts[path] = dump_front_matter({"title": title}) + "\n" + deck.body
        return self.present_texts[path]

    def is_landslide(self, path: Path) -> bool:
        """Whether a Markdown note is a Landslide deck: by its own macros, or named by a
        `.cfg` of `[landslide]` in its folder."""
        if self.landslide_sources is None:
            self.landslide_sources = {
                (cfg.parent / name).resolve() for cfg in walk(self.content)
                if cfg.suffix == ".cfg" and CONFIG.search(text := read_text(cfg))
                for name in config_sources(text)}
        return path.resolve() in self.landslide_sources or is_landslide(read_text(path))

    def note_name(self, path: Path) -> str:
        """A GitPitch deck's is its folder's (`slides/intro/PITCHME.md`: `intro`), as
        GitPitch named it in its address."""
        return path.parent.name if is_gitpitch(path.name) else super().note_name(path)

    def from_root(self, deck: Path, name: str) -> str:
        """The path `name` a deck gives from the repository's root (GitPitch's), as a
        path from the deck's folder: where it is beside the deck or in a folder above
        it; else as written."""
        name = name.lstrip("/")
        for folder in (deck.parent, *deck.parent.parents):
            if (folder / name).is_file():
                return posixpath.relpath((folder / name).as_posix(), deck.parent.as_posix())
            if folder == self.content:
                break
        return name

    def read_by_deck(self, part: Path) -> None:
        """A file a LaTeX deck reads (`\\input`, a package of its own) out of
        `static/`: its text is the talk's (published, it was the LaTeX source at the
        site's root)."""
        keys = [k for k, file in self.site.static.items() if file.resolve() == part]
        for key in keys:
            del self.site.static[key]
            self.report.convert("files a LaTeX deck reads (`\\input`) not copied to "
                                "static/: their text is the talk's")
        for key in [k for k, file in self.files.items() if file.resolve() == part]:
            del self.files[key]

    def tex_file(self, deck: Path, name: str) -> str | None:
        """The text of the file a LaTeX deck's `\\input{name}` names: beside it, or (as
        LaTeX finds it, from the folder its build ran in) in a folder above it; else the
        one its build file writes before running LaTeX (`generated_index`)."""
        for folder in (deck.parent, *deck.parent.parents):
            if (folder / name).is_file():
                self.read_by_deck((folder / name).resolve())
                return read_text(folder / name)
            if folder == self.content:
                break
        made = generated_index(deck.parent, name)
        if made is not None:
            self.report.convert("the `\\input` files a deck's build lists (`frames.tex`, "
                                "made by its Makefile) read from the files it lists")
        return made


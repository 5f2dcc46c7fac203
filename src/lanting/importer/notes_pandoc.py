"""How a deck Pandoc or knitr made, lying in a folder of notes, reads (`notes_talks`):
as Pandoc reads it (its macros, its bold, a line `Note:` as text, the R Markdown
Cookbook's columns), its images named without their extension as LaTeX's graphicx finds
them, knitr's `include_graphics` images, a Pandoc deck's title with its raw TeX as text;
and a deck remark.js read (xaringan's) with marked 0.3's bold. Split from
`notes_talks`, which finds the decks and writes their front matter."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

from lanting.content.bibtex_latex import latex_decoder
from lanting.importer.common import read_text
from lanting.importer.include_code import include_code
from lanting.importer.liquid import Context
from lanting.importer.mkdocs_strong import lenient_strong
from lanting.importer.note_macros import NOTE_LISTS, note_lists, note_macros
from lanting.importer.quarto_math import bare_macros, header_macros
from lanting.importer.quartz import Quartz
from lanting.importer.quartz_settings import has_extension
from lanting.importer.rmd_columns import cookbook_columns
from lanting.importer.shelf import Shelf, protect_code
from lanting.importer.sub_sup import FORMULA
from lanting.importer.text import load_mapping, split_front_matter

_GRAPHICS_EXTENSIONS = (".png", ".jpg", ".jpeg", ".PNG", ".JPG", ".JPEG")
"""What LaTeX's graphicx tries after a name without its extension that a browser shows
(`.pdf` and `.eps` it tries too, which no `<img>` shows)."""
_NOTES_LINE = re.compile(r"^([ \t]*)(notes?)(:)", re.IGNORECASE | re.MULTILINE)
"""A line Lanting's talk reads as the start of speaker notes, which is text to Pandoc."""
_GRAPHICS = re.compile(r"""((?:knitr::)?include_graphics\(\s*(?:path\s*=\s*)?["'])"""
                       r"""([^"'\n]+)(["'])""")


_BREAK = re.compile(r"\\newline(?![A-Za-z])|\\\\(?:\[[^\]\n]*\])?")
_LOGO = re.compile(r"\\(La)?TeX(?![A-Za-z])(?:\{\})?")


def tex_title(title: str) -> str:
    """A Pandoc deck's title with its raw TeX as text (`Write in Word, \\newline
    \\textbf{Save}`: "Write in Word, Save"), formulas kept: beamer typeset it, an HTML
    format left the TeX out, and neither showed it as written."""
    text = _LOGO.sub(r"\1TeX", _BREAK.sub(" ", title))
    try:
        text, unknown = latex_decoder().decode(text)
    except ValueError:
        return title
    for name in unknown:  # (a command the decoder lacks, `\\alert{x}`: its text)
        text = re.sub(rf"\\{re.escape(name)}(?![A-Za-z])\s*", "", text)
    return " ".join(text.split())

_COMMENTED_HEADER = re.compile(
    r"\A((?:[ \t]*<!--.*?-->[ \t]*\n(?:[ \t]*\n)*)+)(---[ \t]*\n(?![ \t]*\n).*?\n"
    r"(?:---|\.\.\.)[ \t]*\n)", re.DOTALL)


def header_first(text: str) -> str:
    """A Pandoc deck whose YAML header comes after an HTML comment (the licence lines
    REUSE asks for, `<!-- SPDX-License-Identifier: CC-BY-4.0 -->`) with the header
    first, where the talk reads it, and the comment after it (its lines, and those of
    the text after both, keep their numbers): Pandoc reads a header anywhere, and the
    deck's title, author and date were a slide of YAML."""
    found = _COMMENTED_HEADER.match(text)
    if found is None:
        return text
    data, error = load_mapping("yaml", found.group(2).split("\n", 1)[1].rsplit("\n", 2)[0])
    if error or not isinstance(data, dict) or not data:
        return text
    return found.group(2) + found.group(1) + text[found.end():]


class PandocDecks(Quartz):
    """The decks Pandoc and knitr made, as they read them (the notes importer's
    `NoteDecks`, which sets these)."""

    decks: dict[Path, int | None]
    deck_pages: dict[Path, Path]
    knitted: dict[Path, str]

    def pandoc_text(self, text: str, path: Path, ctx: Context) -> str:
        """A Pandoc deck (an R Markdown or Quarto one, or one its build file makes) as
        Pandoc reads it: the lines defining macros (`\\DeclareMathOperator{\\E}{…}`) the
        formulas' (`quarto_math.bare_macros`), its bold (`**Note: **`, which CommonMark
        leaves as stars), a line
        `Note: …` as text (Pandoc's notes are a `::: notes` div; Lanting's talk reads the
        line as the start of notes), and the R Markdown Cookbook's columns as Lanting's
        (`rmd_columns`). Code and formulas are put aside first. (A deck an HTML page
        shows is reveal.js's or remark's Markdown, a xaringan deck remark's: not Pandoc's.)"""
        if not self.made_by_pandoc(path):
            return text
        text = self.included_code(text, path, ctx)
        shelf = Shelf()
        text = FORMULA.sub(lambda m: shelf.put(m.group(), "M"), protect_code(text, shelf))
        text = bare_macros(text, ctx)  # (Pandoc's `latex_macros`: for every formula)
        text = lenient_strong(text, ctx, "Pandoc")
        text, count = _NOTES_LINE.subn(r"\1\2\\\3", text)
        ctx.convert("lines `Note: …` as text (Pandoc's notes are a `::: notes` div)", count)
        text, count = cookbook_columns(text)
        ctx.convert("the R Markdown Cookbook's columns (`.cols`, `.col`) as Lanting's", count)
        if "\\" in text and (names := self.note_macros(path)):
            text, count = note_lists(text, names)
            ctx.convert(NOTE_LISTS, count)
        return shelf.restore(text)

    def around(self, path: Path) -> list[Path]:
        """The folders a deck's build may have run in: its own, and those above it up to
        the imported folder's."""
        folders = [path.parent, *path.parent.parents]
        root = self.source.resolve()
        return [f for f in folders if f.resolve() == root or root in f.resolve().parents]

    def included_code(self, text: str, path: Path, ctx: Context) -> str:
        """The deck's pandoc-include-code fences holding their code (`include_code`),
        their paths from the folder the build ran in (the deck's, or one above it)."""
        if "include=" not in text:
            return text

        def read(name: str) -> str | None:
            return next((read_text(f / name) for f in self.around(path)
                         if (f / name).is_file()), None)

        included = include_code(text, read)
        ctx.convert("code pandoc-include-code included (`include=`, `snippet=`)",
                    included.count)
        for line, what in included.missing:
            ctx.warn(line, f"pandoc-include-code's {what} is not there: the code block "
                     "stays empty; copy the code into it")
        return included.text

    def note_macros(self, path: Path) -> list[str]:
        """The commands a deck's own TeX (a `.tex` or `.sty` file its build puts in the
        preamble, `-H src/customizations.tex`, beside it or above it) defines as beamer's
        notes of a list (`\\newcommand{\\notelist}[1]{\\note{\\begin{itemize}#1…}}`):
        a slide's `\\notelist{\\item …}` is its speaker notes, as `\\note[itemize]`."""
        names: list[str] = []
        for folder in self.around(path):
            for file in sorted([*folder.glob("*.tex"), *folder.glob("*.sty")]):
                names += note_macros(read_text(file))
        return sorted(set(names))

    def header_includes(self, path: Path) -> None:
        """The note just read (`path`) with the macros its front matter's
        `header-includes` defines (`- \\newcommand\\sem[1]{…}`, which only Pandoc reads:
        a paper's or a beamer deck's preamble) ahead of its text, as a `$$` block of
        their definitions, for its formulas (`\\sem{x}` failed the build)."""
        text = self.note_text(path)
        if "header-includes" not in text or not self.documents \
                or self.documents[-1][2] != path:
            return
        data = load_mapping("yaml", split_front_matter(text)[1])[0]
        item, body, _path = self.documents[-1]
        macros = header_macros([(data, path.parent)], body)
        if macros:
            self.report.convert("the macros of a Pandoc note's `header-includes`")
            self.documents[-1] = (item, macros + body, path)

    def read_by_marked(self, path: Path) -> bool:
        """Whether remark.js read the deck, with its marked 0.3, whose `**` closes after
        a space too (`**Vector data **`): a xaringan deck, or one a page shows with
        `remark.create`."""
        page = self.deck_pages.get(path.resolve())
        return self.knitted.get(path) == "xaringan" or page is not None \
            and "remark.create" in read_text(page)

    def made_by_pandoc(self, path: Path) -> bool:
        """Whether Pandoc made the deck: an R Markdown or Quarto one, or one a build file
        makes (not one an HTML page shows, reveal.js's or remark's Markdown)."""
        if path in self.knitted:
            return self.knitted[path] == "pandoc"
        return path.resolve() in self.decks and path.resolve() not in self.deck_pages

    def url(self, url: str, image: bool, path: Path, ctx: Context) -> str | None:
        """Also an image of a Pandoc deck named without its extension (`images/chart`),
        which LaTeX's graphicx finds (`chart.png`) in a beamer deck's PDF: the file of
        that name with an image's extension."""
        name, hash_mark, rest = url.partition("#")
        if image and not has_extension(name) and "://" not in name \
                and self.made_by_pandoc(path) and not (path.parent / unquote(name)).exists():
            found = next((name + ext for ext in _GRAPHICS_EXTENSIONS
                          if (path.parent / unquote(name + ext)).is_file()), None)
            if found is not None:
                ctx.convert("images named without their extension, as LaTeX's graphicx "
                            "finds them")
                url = found + hash_mark + rest
        return super().url(url, image, path, ctx)

    def knitr_images(self, text: str, path: Path, ctx: Context) -> str:
        """An R Markdown deck's `knitr::include_graphics("images/fig 2.png")` (which the
        talk shows as the image) with its image's new path: in a code cell, the
        Markdown images' step passes it by."""
        def image(match: re.Match[str]) -> str:
            new = self.url(match.group(2), True, path, ctx)
            return match.group() if new is None else match.group(1) + new + match.group(3)

        return _GRAPHICS.sub(image, text) if "include_graphics" in text else text

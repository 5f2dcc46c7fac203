"""beamer decks written in LaTeX (`talk.tex`, `\\documentclass{beamer}`) read as a talk's
Markdown.

A lecture's or a talk's deck is often a LaTeX file of its own: a preamble (the class,
packages, `\\title{…}`, `\\author{…}`, `\\date{…}`) and, between `\\begin{document}` and
`\\end{document}`, its frames. Lanting's talks read beamer's frames, lists, columns,
blocks, figures and notes as Markdown already (`site.beamer_latex`, `site.beamer_notes`:
what a deck made with `pandoc -t beamer` holds as raw LaTeX), so the deck's body is kept
as written, frame for frame. What only a LaTeX file holds is made the talk's here: the
preamble's title, subtitle, authors, institute and date its header (its title slide); a
frame showing only `\\titlepage` or `\\maketitle` left out (the header makes that slide,
its notes the title slide's); the files `\\input{…}` names, inlined; `\\section{…}` lines,
which make no frame, left out; comments left out; `\\[ … \\]` and the `equation` and `align`
environments `$$` formulas; `verbatim`, `lstlisting` and `minted` code fenced code. What
is not read (a deck's own macros) stays, and the build warns of it at its line.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lanting.importer.beamer_cites import beamer_citations
from lanting.importer.beamer_code import code_blocks, listed_files
from lanting.importer.beamer_frames import labels, short_frames, table_of_contents
from lanting.importer.beamer_text_macros import text_macros, write_out
from lanting.importer.body_unconverted import unconverted
from lanting.importer.common import read_text
from lanting.importer.note_macros import NOTE_LISTS, note_lists, note_macros
from lanting.importer.quarto_math import tex_definitions
from lanting.importer.shelf import Shelf, protect_code

_CLASS = re.compile(r"^[ \t]*\\documentclass[ \t]*(?:\[[^\]]*\])?[ \t]*\{beamer\}", re.MULTILINE)
_OWN_CLASS = re.compile(r"^[ \t]*\\documentclass[ \t]*(?:\[[^\]]*\])?[ \t]*\{([\w-]+)\}",
                        re.MULTILINE)
_LOADS_BEAMER = re.compile(r"^[ \t]*\\LoadClass(?:WithOptions)?[ \t]*(?:\[[^\]]*\])?[ \t]*"
                           r"\{beamer\}", re.MULTILINE)
_DOCUMENT = re.compile(r"^[ \t]*\\begin\{document\}[ \t]*$(.*?)^[ \t]*\\end\{document\}",
                       re.MULTILINE | re.DOTALL)
_COMMENT = re.compile(r"(?<!\\)%.*$")
_INPUT = re.compile(r"^[ \t]*\\(?:input|include)\{([^{}\n]+)\}[ \t]*$", re.MULTILINE)
_PACKAGE = re.compile(r"^[ \t]*\\usepackage(?:\[[^\]\n]*\])?\{([^{}\n]+)\}[ \t]*$",
                      re.MULTILINE)
_SPLIT = re.compile(r"(?<=\S)[ \t]*(\\(?:item\b|frametitle\b|(?:begin|end)\{(?:itemize|enumerate|"
                    r"description|columns|column|block|alertblock|exampleblock)\}))")
"""A list's, a title's or a block's command after other text on its line (`\\begin{itemize}
\\item A \\end{itemize}`, `\\begin{frame} \\frametitle{…}`), which the talk reads on a
line of its own (in a formula or code none of them stands)."""
_BRACED_ITEM = re.compile(r"^([ \t]*\\item(?:<[^>\n]*>)?(?:\[[^\]\n]*\])?)[ \t]*\{([^{}\n]*"
                          r"(?:\{[^{}\n]*(?:\{[^{}\n]*\}[^{}\n]*)*\}[^{}\n]*)*)\}[ \t]*$",
                          re.MULTILINE)
"""`\\item{text}`, its text in braces: the text."""
_OPEN_TITLE = re.compile(r"^[ \t]*\\(?:frametitle|begin\{frame\}|caption|item|includegraphics|"
                         r"text(?:bf|it|tt|sc)|emph|alert|href)(?![A-Za-z])")
_BARE_GRAPHIC = re.compile(r"\\includegraphics(?:\[[^\]\n]*\])?[ \t]*$")
"""`\\includegraphics[scale=0.2]` at a line's end, its path on the next line."""
_FORMULA = re.compile(r"\$\$.*?\$\$|(?<!\\)\$[^$]+?(?<!\\)\$", re.DOTALL)
_ELLIPSIS = re.compile(r"\\(?:ldots|dots|textellipsis)(?![A-Za-z])(?:\{\}|\\ )?")
"""LaTeX's ellipsis in the text (`\\ldots{}`), which the talk showed as TeX: `…`."""
_SECTION = re.compile(r"^[ \t]*\\(?:sub)*section\*?(?:\[[^\]\n]*\])?\{[^\n]*\}[ \t]*$")
_TITLE_FRAME = re.compile(r"^[ \t]*\\begin\{frame\}(?:<[^>\n]*>)?(?:\[[^\]\n]*\])?[ \t]*\n"
                          r"((?:(?![ \t]*\\end\{frame\}).*\n)*?)"
                          r"^[ \t]*\\end\{frame\}[ \t]*$", re.MULTILINE)
_ONE_LINE_TITLE = re.compile(r"^[ \t]*\\frame(?:\[[^\]\n]*\])?\{[ \t]*\\(?:titlepage|maketitle)"
                             r"[ \t]*\}[ \t]*$", re.MULTILINE)
_DISPLAY = re.compile(r"\\\[(.*?)\\\]", re.DOTALL)
_EQUATION = re.compile(r"^([ \t]*)(\\begin\{(equation|align|gather|multline)\*?\}.*?"
                       r"\\end\{\3\*?\})", re.MULTILINE | re.DOTALL)
_LINES_FORMULA = re.compile(r"^([ \t]*)\$[ \t]*\n((?:(?![ \t]*\$)[^$\n]*\n)+?)[ \t]*\$(?!\$)"
                            r"[ \t]*(.*)$", re.MULTILINE)
"""A formula of `$` over lines, its `$` alone on its first line (`$` then
`\\begin{pmatrix}` …, its closing `$` opening the last): inline math to LaTeX, a
paragraph of text to Markdown, which reads no `$` followed by a line break."""
_SPACER = re.compile(r"[ \t]*(?:\\\\[ \t]*)?~[ \t]*\\\\[ \t]*$|[ \t]*\\\\[ \t]*~[ \t]*$",
                     re.MULTILINE)
"""`\\\\~\\\\` (or `~\\\\`) ending a line: LaTeX's empty line, spacing, left out."""
_BREAK = re.compile(r"(?<=\S)[ \t]*\\\\[ \t]*$", re.MULTILINE)
"""`\\\\` ending a line of text (not a table's row): a line break, Markdown's `\\`."""
_ALONE = re.compile(r"^[ \t]*\\(?:maketitle|titlepage)[ \t]*$")
_COLUMN = re.compile(r"^[ \t]*\\column(?:\[[^\]\n]*\])?\{([^{}\n]*(?:\{[^{}\n]*\})?[^{}\n]*)\}"
                     r"[ \t]*(.*)$")
_DRAWING = re.compile(r"^[ \t]*\\begin\{(tikzpicture|pgfpicture|circuitikz|forest)\}.*?"
                      r"\\end\{\1\}[ \t]*$", re.MULTILINE | re.DOTALL)
"""Drawings Lanting cannot draw (TikZ's): kept in a comment."""
_GRAPHIC = re.compile(r"(\\includegraphics(?:<[^>\n]*>)?(?:\[[^\]\n]*\])?)\{([^{}\n]+)\}")
_GRAPHICS_EXTENSIONS = (".pdf", ".png", ".jpg", ".jpeg", ".svg", ".gif")
_MATH_SAFE = re.compile(r"\\(?:ding|includegraphics|usebackgroundtemplate|begin\{frame|"
                        r"textcolor\{[^}]*\}\{\\textsc|tikz|node|draw)\b")
"""What a definition holding cannot be a formula's macro (a picture, a frame)."""
_HEADER = ("title", "subtitle", "author", "institute", "date")
"""The preamble's fields the talk's header keeps (its title slide)."""
_TEXT_COMMANDS = re.compile(r"\\(?:textbf|textit|emph|textsc|textrm|textsf|normalfont|mbox|"
                            r"text|underline)\{([^{}]*)\}")
_SWITCHES = re.compile(r"\\(?:tt|bf|it|rm|sf|sc|tiny|scriptsize|footnotesize|small|"
                       r"normalsize|large|Large|LARGE|huge|Huge|centering)\b[ \t]*")
_DROPPED = re.compile(r"\\(?:color|vspace\*?|hspace\*?|includegraphics(?:\[[^\]]*\])?|"
                      r"inst|thanks|footnote)\{[^{}]*\}|\\(?:today|newline)\b")


@dataclass(slots=True)
class BeamerDeck:
    front: dict[str, Any] = field(default_factory=dict)
    body: str = ""
    converted: list[str] = field(default_factory=list)
    drawings: int = 0
    """TikZ pictures kept in a comment (a warning)."""
    bibliographies: list[str] = field(default_factory=list)
    """The `.bib` files its citations cite from (`beamer_cites`), from its folder."""
    missing: list[str] = field(default_factory=list)
    """Those it names that are not there."""


def is_beamer(text: str, cls: Callable[[str], str | None] = lambda _name: None) -> bool:
    """Whether `text` is a beamer deck written in LaTeX: its class beamer, or one of
    its own built on it (a university's template, `\\documentclass{jdbeamer169}`, whose
    `jdbeamer169.cls` beside it, `cls(name)`, has `\\LoadClass{beamer}`), its document
    there."""
    head = text.split("\\begin{document}", 1)[0]
    if _DOCUMENT.search(text) is None:
        return False
    if _CLASS.search(head) is not None:
        return True
    own = _OWN_CLASS.search(head)
    found = cls(own.group(1)) if own else None
    return found is not None and _LOADS_BEAMER.search(found) is not None


def own_class(deck: Path, name: str) -> str | None:
    """The text of the class `name` a deck's folder holds (`name.cls`), or None."""
    file = deck.parent / f"{name}.cls"
    return read_text(file) if file.is_file() else None


def read_beamer(text: str, read: Callable[[str], str | None],
                exists: Callable[[str], bool] = lambda _name: False) -> BeamerDeck:
    """The beamer deck `text` as a talk's front matter and Markdown (see the module's
    docstring); `read(name)` gives the text of a file `\\input{name}` names, or None;
    `exists(path)` whether the deck's folder holds a file (its images)."""
    deck = BeamerDeck()
    text = _inputs(text, read, deck)
    preamble, _, rest = text.partition("\\begin{document}")
    deck.body = _body(text, rest, read, deck)
    deck.body = _graphics_paths(_uncommented(preamble), deck.body, exists, deck)
    shelf = Shelf()  # (a `\cite` in code is the code's)
    cited = beamer_citations(_uncommented(text), protect_code(deck.body, shelf), exists)
    deck.body = shelf.restore(cited.body)
    deck.bibliographies, deck.missing = cited.files, cited.missing
    deck.converted += cited.converted
    if names := note_macros(_uncommented(preamble)):  # (before the formulas' macros)
        deck.body, count = note_lists(deck.body, names)
        deck.converted += [NOTE_LISTS] * count
    if layout := text_macros(tex_definitions(_uncommented(preamble))):
        deck.body, count = write_out(deck.body, layout)
        deck.converted += ["the deck's own commands of text layout (`\\singletitle{…}`) "
                           "written out"] * count
    macros = preamble_macros(_uncommented(preamble), deck.body, deck)
    # (in the first frame: before it, the block made a slide of the title frame's notes)
    first = re.search(r"^[ \t]*\\begin\{frame\}.*\n", deck.body, re.MULTILINE)
    at = first.end() if first else 0
    deck.body = deck.body[:at] + macros + deck.body[at:]
    for key in _HEADER:
        value = _plain(_argument(_uncommented(preamble), key))
        if value:
            deck.front[key] = value.replace(" \\and ", ", ").replace("\\and", ",")
    if deck.front:
        deck.front["slide-level"] = 2
    deck.converted.append("beamer decks written in LaTeX as talks")
    return deck


def _body(text: str, rest: str, read: Callable[[str], str | None], deck: BeamerDeck) -> str:
    """The document's frames as the talk's Markdown reads them (the module's docstring)."""
    found = _DOCUMENT.search(text)
    body = found.group(1) if found else rest
    shelf = Shelf()  # (a `%` or `\[` in code is the code's)
    body = protect_code(code_blocks(listed_files(body, read, deck.converted),
                                    deck.converted), shelf)
    body = "\n".join(_uncommented_line(line) for line in body.split("\n"))
    body = _ONE_LINE_TITLE.sub("", body)
    body, count = short_frames(body)
    deck.converted += ["beamer's short frames, `\\frame{…}`"] * count
    body = _TITLE_FRAME.sub(lambda m: m.group(1).replace("\\titlepage", "").replace(
        "\\maketitle", "") if re.search(r"\\(?:titlepage|maketitle)\b", m.group(1))
        else m.group(), body)
    body = _SPLIT.sub(lambda m: "\n" + m.group(1), body)  # (a line of each command)
    body = _BRACED_ITEM.sub(r"\1 \2", body)
    lines, count = table_of_contents(_joined_titles(body.split("\n")))
    deck.converted += ["beamer's `\\tableofcontents` as the list of its sections"] * count
    lines, count = labels(lines)
    deck.converted += ["beamer's `\\label` lines, which show nothing, left out"] * count
    kept = [line for line in lines if not _SECTION.match(line)]
    if len(kept) < len(lines):
        deck.converted.append("beamer's `\\section` lines, which make no frame, left out")
    kept = _column_commands([line for line in kept if not _ALONE.match(line)], deck)
    body = _DISPLAY.sub(lambda m: f"$${m.group(1)}$$", "\n".join(kept))
    body = _EQUATION.sub(lambda m: f"{m.group(1)}$$\n{m.group(2)}\n$$", body)
    body, count = _LINES_FORMULA.subn(  # (at no indent: indented, a block was code)
        lambda m: f"$$\n{m.group(2)}$$" + (f"\n{m.group(3)}" if m.group(3) else ""), body)
    deck.converted += ["formulas of `$` over lines as `$$` blocks"] * count
    body = re.sub(r"^[ \t]+$", "", body, flags=re.MULTILINE)
    body = _DRAWING.sub(lambda m: _drawing(m, deck), body)
    body = _outside_math(body, lambda text: _ELLIPSIS.sub("…", text))
    formulas = Shelf()  # (a formula's `\\` is its row's end; after one, a line break)
    body = formulas.restore(_line_ends(_FORMULA.sub(lambda m: formulas.put(m.group(), "M"),
                                                    body)), "M")
    return shelf.restore(re.sub(r"\n{3,}", "\n\n", body).strip("\n")) + "\n"


def _outside_math(body: str, change: Callable[[str], str]) -> str:
    """`body` with `change` applied to its text outside `$…$` and `$$…$$` formulas."""
    parts = _FORMULA.split(body)
    kept = _FORMULA.findall(body)
    return "".join(change(p) + (kept[i] if i < len(kept) else "") for i, p in enumerate(parts))


def _line_ends(text: str) -> str:
    """`text` without LaTeX's spacers at its lines' ends, its line breaks Markdown's
    (a table's rows keep theirs)."""
    lines = _SPACER.sub("", text).split("\n")
    last = [i + 1 == len(lines) or not lines[i + 1].strip() for i in range(len(lines))]
    return "\n".join(line if "&" in line else _BREAK.sub("" if end else "\\\\", line)
                      for line, end in zip(lines, last, strict=True))  # (a break ending
    # a paragraph: none; Markdown would show its `\`)


def _drawing(match: re.Match[str], deck: BeamerDeck) -> str:
    deck.drawings += 1
    return unconverted(match.group().strip())


def preamble_macros(preamble: str, body: str, deck: BeamerDeck) -> str:
    """A `$$` block of the preamble's macro definitions the body uses (`\\newcommand
    {\\ADA}{…}`, `\\DeclareMathOperator`), which LaTeX applied to every formula
    (without them each `$\\ADA$` failed the build); or ""."""
    used = [definition for name, definition in tex_definitions(preamble).items()
            if re.search(rf"\\{name}(?![A-Za-z])", body)
            and _MATH_SAFE.search(definition) is None
            # (one using its own name, `\\renewcommand{\\vec}[1]{\\vec{\\mathbf{#1}}}`,
            # which LaTeX's kept the old meaning of, expands for ever)
            and not re.search(rf"\\{name}(?![A-Za-z])", definition.split("}", 1)[1])]
    if used:
        deck.converted.append("the macros of a beamer deck's preamble its formulas use")
    return "$$\n" + "\n".join(used) + "\n$$\n\n" if used else ""


def _graphics_paths(preamble: str, body: str, exists: Callable[[str], bool],
                    deck: BeamerDeck) -> str:
    """`\\includegraphics{name}` naming the image where graphicx found it: in a folder
    of the preamble's `\\graphicspath{{figures/}}` (else beside the deck), its extension
    added when the name has none (`{img/plot}` for `img/plot.png`)."""
    found = re.search(r"\\graphicspath\s*\{((?:\s*\{[^{}]*\})+)\s*\}", preamble)
    folders = ["", *(re.findall(r"\{([^{}]*)\}", found.group(1)) if found else [])]

    def located(match: re.Match[str]) -> str:
        name = match.group(2).strip()
        if "://" in name or exists(name):
            return match.group()
        for folder in folders:
            path = posixpath.normpath(posixpath.join(folder.strip(), name))
            for candidate in (path, *(path + ext for ext in _GRAPHICS_EXTENSIONS)):
                if exists(candidate):
                    deck.converted.append("images named as graphicx finds them")
                    return f"{match.group(1)}{{{candidate}}}"
        return match.group()
    return _GRAPHIC.sub(located, body)


def _joined_titles(lines: list[str]) -> list[str]:
    """A `\\frametitle{…}` (or a frame's `{title}`, a caption, an item, an image's
    path, a text command's argument) going on over lines, on one line: the talk reads
    each on its line."""
    out: list[str] = []
    joined = 0  # (a title's lines joined: a few at most, should its braces never close)
    for line in lines:
        if out and _OPEN_TITLE.match(out[-1]) and joined < 4 and (
                _depth(out[-1]) > 0 or _BARE_GRAPHIC.search(out[-1])):
            bare = _BARE_GRAPHIC.search(out[-1]) is not None  # (its `{path}` right after)
            out[-1] = out[-1].rstrip() + ("" if bare else " ") + line.strip()
            joined += 1
        else:
            out.append(line)
            joined = 0
    return out


def _depth(text: str) -> int:
    stripped = re.sub(r"\\.", "", text)
    return stripped.count("{") - stripped.count("}")


def _column_commands(lines: list[str], deck: BeamerDeck) -> list[str]:
    """A `columns` environment's `\\column{0.5\\textwidth}` lines (beamer's short form,
    each column running to the next) as `column` environments, which the talk reads."""
    out: list[str] = []
    opened = False  # (a column of the short form open)
    for line in lines:
        found = _COLUMN.match(line)
        if found is not None:
            out += ["\\end{column}"] * opened + [f"\\begin{{column}}{{{found.group(1)}}}"]
            out += [found.group(2)] if found.group(2).strip() else []
            opened = True
            deck.converted.append("beamer's `\\column{…}` commands as columns")
            continue
        if opened and re.match(r"^[ \t]*\\end\{columns\}", line):
            out.append("\\end{column}")
            opened = False
        out.append(line)
    return out


def _inputs(text: str, read: Callable[[str], str | None], deck: BeamerDeck,
            depth: int = 0) -> str:
    """`text` with each `\\input{name}` line the file's text (its own inputs too), as
    LaTeX reads it; a file not found stays the line."""
    def inline(match: re.Match[str]) -> str:
        name = match.group(1).strip()
        found = read(name) if name.endswith(".tex") else read(name + ".tex") or read(name)
        if found is None or depth > 8:
            return match.group()
        deck.converted.append("beamer's `\\input` files inlined")
        return _inputs(found, read, deck, depth + 1).rstrip("\n")

    def package(match: re.Match[str]) -> str:
        """A package of the deck's own (`\\usepackage{./local/math-commands}`): its
        definitions, for the formulas."""
        texts = [read(name.strip() + ".sty") for name in match.group(1).split(",")]
        found = [t for t in texts if t is not None]
        if not found or depth > 8:
            return match.group()
        deck.converted.append("the deck's own packages' macros")
        return "\n".join(_inputs(t, read, deck, depth + 1).rstrip("\n") for t in found)
    return _PACKAGE.sub(package, _INPUT.sub(inline, text))


def _uncommented(text: str) -> str:
    return "\n".join(_uncommented_line(line) for line in text.split("\n"))


def _uncommented_line(line: str) -> str:
    """The line without its LaTeX comment (a line only a comment: empty)."""
    if "%" not in line:
        return line
    kept = _COMMENT.sub("", line)
    return kept.rstrip() if kept.strip() else ""


def _argument(text: str, command: str) -> str:
    """The first argument of the preamble's `\\command[…]{…}`, its braces balanced."""
    found = re.search(rf"\\{command}[ \t]*(?:\[[^\]]*\])?[ \t]*\{{", text)
    if found is None:
        return ""
    depth, at = 1, found.end()
    while at < len(text) and depth:
        depth += {"{": 1, "}": -1}.get(text[at], 0) if text[at - 1] != "\\" else 0
        at += 1
    return text[found.end():at - 1] if depth == 0 else ""


def _plain(value: str) -> str:
    """A header field's LaTeX as its text: line breaks spaces, looks and images out."""
    value = _DROPPED.sub("", value)
    while (changed := _TEXT_COMMANDS.sub(r"\1", value)) != value:
        value = changed
    value = re.sub(r"\\href\{[^{}]*\}\{([^{}]*)\}", r"\1", value)
    value = _SWITCHES.sub("", value).replace("\\\\", " ").replace("~", " ")
    value = re.sub(r"\\([&%$#_])", r"\1", value).replace("{", "").replace("}", "")
    return " ".join(value.split())

"""knitr's child documents in a talk written for xaringan: a cell
```` ```{r child='part2.Rmd'} ```` is the text of that file, where it stands.

A lecture kept in parts opens with a short deck whose slides are such cells, one a part
(`---` between them): knitr writes each part's Markdown in its place before remark cuts
the deck into slides. Shown as code, the cells left the parts out: a course's deck was
its plan and six slides of `child=` lines. A slide that is only such cells is the
slides of those files, read as the talk is (their lines and images from their own file,
their own children too); a file that is not there is an error at the cell's line, and
a cell among other text a warning. Inline R code, `` `r fa("book")` ``, which knitr
filled in, shows as code: a warning says so, once a file; inside a formula of a deck
Pandoc cut, `$N = `r 4^20`$`, it is the formula's `\\texttt{r 4^20}` (its backticks and
letters were TeX's italic unknowns, in silence), with a warning too.

A cell knitr showed nothing of (`include=FALSE`, a `{css, echo=FALSE}` deck's styles)
is left out; so is one whose code it did not show (`echo=FALSE`, or every cell after a
setup cell's `knitr::opts_chunk$set(echo = FALSE)`, unless it says `echo=TRUE`): its
output, a plot or a table, is knitr's to make, and a lecture whose setup hid the code
showed it on every slide. A warning says so, once a file; but a cell that only calls
`knitr::include_graphics("img/fig.png")` is that image, which is what knitr showed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from lanting.markdown.fence_info import FENCE_LINE, parse_fence_info
from lanting.model.problem import Problem
from lanting.site.remark import continuation_lines
from lanting.site.slide_code import outside_code
from lanting.site.talk_slides import SlideSource, split_slides

_CHILD = re.compile(r"""^\{r\b[^}]*?\bchild\s*=\s*(?:c\(\s*)?(["'])([^"']+)\1""")
_CELL = re.compile(r"""^[ \t]{0,3}(?:`{3,}|~{3,})[ \t]*\{r\b[^}\n]*\bchild\s*=""",
                   re.MULTILINE)
_INLINE_R = re.compile(r"(?<!`)`r[ \t]+[^`\n]+`(?!`)")
"""knitr's inline R code, `` `r fa("book")` ``, which knitr replaced by its value."""
_DEPTH = 8
"""Children of children read; deeper is a loop (a part naming itself)."""

_ECHO = re.compile(r"(?:^|[\s,{])echo\s*=\s*(FALSE|F|TRUE|T)\b")
"""A cell's own `echo=FALSE` (or `TRUE`) in its header."""
_SET_ECHO = re.compile(r"opts_chunk\$set\((?:[^()]|\([^()]*\))*?\becho\s*=\s*(FALSE|F|TRUE|T)\b")
"""`knitr::opts_chunk$set(echo = FALSE, …)` in a cell: the default of the cells after it."""

_GRAPHICS = re.compile(r"""(?:knitr::)?include_graphics\(\s*(?:path\s*=\s*)?(["'])"""
                       r"""([^"'\n]+)\1\s*(?:,[^()]*)?\)\s*;?""")
"""A cell's one call, `knitr::include_graphics("img/fig.png")`: its output is the image."""
_OUT_SIZE = re.compile(r"""\bout\.(width|height)\s*=\s*["']([\d.]+(?:%|px)?)["']""")

Read = Callable[[str, Path], tuple[str, Path] | None]
"""The file a path names, from the file it is written in: its text and path, or None."""


@dataclass(frozen=True, slots=True)
class KnitrCells:
    text: str
    """The text with the lines of the cells knitr showed no code of left blank (its
    number of lines kept: a slide's properties after such a cell open the slide)."""
    unechoed: tuple[int, ...]
    """The lines (from 0) of those cells that showed an output (`echo=FALSE`)."""
    echo: bool
    """Whether cells show their code after the text (`opts_chunk$set(echo = …)`)."""
    coded: tuple[tuple[int, str], ...] = ()
    """The lines (from 0) of the cells that showed an image whose path is R code,
    `knitr::include_graphics(fig_path)`, each with its call."""


def knitr_cells(body: str, echo: bool = True) -> KnitrCells:
    """`body` without knitr's cells that showed no code, `echo` the cells' default."""
    lines = body.split("\n")
    fence, hiding = "", False
    code: list[str] = []
    unechoed: list[int] = []
    coded: list[tuple[int, str]] = []
    info = ""
    for i, line in enumerate(lines):
        opened = FENCE_LINE.match(line)
        if fence:
            if opened and opened.group(1)[0] == fence[0] and line.strip() == opened.group(1):
                fence = ""
                if (chosen := _SET_ECHO.search("\n".join(code))) is not None:
                    echo = chosen.group(1).startswith("T")
                if unechoed and unechoed[-1] == i - len(code) - 1 \
                        and (image := _image(code, info)) is not None:
                    lines[unechoed.pop()] = image  # (its output is that image)
                elif unechoed and unechoed[-1] == i - len(code) - 1 \
                        and (call := _coded_image(code)):
                    coded.append((unechoed.pop(), call))
            else:
                code.append(line)
        elif opened:
            fence, code = opened.group(1), []
            info = line.strip()[len(fence):]
            cell = parse_fence_info(info)
            own = _ECHO.search(info) if cell.executable else None
            # (a child cell shows its document, whatever `echo` says of code)
            shown = own.group(1).startswith("T") if own is not None else echo \
                or _CHILD.match(info.strip()) is not None
            hiding = cell.hidden or cell.executable and not shown
            if hiding and not cell.hidden:
                unechoed.append(i)
        if hiding:
            lines[i] = ""
            hiding = bool(fence)
    return KnitrCells("\n".join(lines), tuple(unechoed), echo, tuple(coded))


def _image(code: list[str], info: str) -> str | None:
    """The image a cell's `code` shows when it only calls `knitr::include_graphics` on
    one file (a deck's way to size and centre a figure), as Markdown; else None."""
    lines = [x.strip() for x in code if x.strip() and not x.strip().startswith("#")]
    found = _GRAPHICS.fullmatch(lines[0]) if len(lines) == 1 else None
    if found is None:
        return None
    sizes = " ".join(f'{key}="{value}"' for key, value in _OUT_SIZE.findall(info))
    return f"![](<{found.group(2)}>)" + (f"{{{sizes}}}" if sizes else "")


_CALL = re.compile(r"(?:knitr::)?include_graphics\(.*\)\s*;?", re.DOTALL)


def _coded_image(code: list[str]) -> str:
    """A cell's one call of `knitr::include_graphics` on a path made by R code
    (`fig_path`, `file.path("img", "a.png")`), or ""."""
    lines = [x.strip() for x in code if x.strip() and not x.strip().startswith("#")]
    return lines[0] if len(lines) == 1 and _CALL.fullmatch(lines[0]) else ""


def unechoed_warning(cells: KnitrCells, path: Path, first_line: int) -> list[Problem]:
    """A warning at the first cell of `cells` (read from file line `first_line` of
    `path`) left out for showing only its output; and one at each cell showing an image
    whose path is R code."""
    problems = [Problem(
        f"knitr's `{call}` names its image with R code, which Lanting does not run: left "
        "out", path, first_line + at, severity="warning", hint="write the image's path "
        "instead: `![](img/fig.png)`, or `knitr::include_graphics(\"img/fig.png\")`")
        for at, call in cells.coded]
    return [Problem(
        "knitr's cell with `echo=FALSE` showed only its output (a plot, a table), which "
        "Lanting cannot make: left out (this file's first)", path,
        first_line + cells.unechoed[0], severity="warning",
        hint="save the output as an image beside the talk and show it (`![](plot.png)`), "
             "or write `echo=TRUE` in the cell to show its code")] + problems \
        if cells.unechoed else problems


_CODED_ADDRESS = re.compile(r"!\[([^\]\n]*)\]\(\s*<?[^()\n`]*`r[ \t][^`\n]*`[^()\n]*\)")
"""A Markdown image whose address holds knitr's inline R code, `![](`r img_dir`/a.png)`."""


def coded_addresses(text: str, path: Path, first_line: int,
                    problems: list[Problem]) -> str:
    """`text` (from file line `first_line` of `path`) with each image whose address is
    R code (outside code) left out, its alt text kept, with a warning at its line: knitr
    filled the address in; shown, it was the image's Markdown around the code."""
    def change(chunk: str, at: int) -> str:
        def one(match: re.Match[str]) -> str:
            problems.append(Problem(
                "this image's address is knitr's inline R code, which Lanting does not "
                "run: left out", path, at + chunk.count("\n", 0, match.start()),
                severity="warning", hint="write the image's path instead: "
                "`![](img/fig.png)`"))
            return match.group(1)
        return _CODED_ADDRESS.sub(one, chunk)

    return outside_code(text, first_line, change) if "`r" in text else text


def knitted_body(body: str, path: Path, first_line: int) -> tuple[str, list[Problem]]:
    """A deck's body as knitr left it, for a deck Pandoc cut (R Markdown's ioslides,
    slidy, beamer): its cells that showed nothing or only their output left out, with
    the warning that says so. Shown as code, a lecture's setup cell (`include=FALSE`)
    was a slide of its own, empty, and every cell after `opts_chunk$set(echo = FALSE)`
    showed the code its slides never did."""
    cells = knitr_cells(body)
    found: list[int] = []

    def formulas(chunk: str, at: int) -> str:
        def formula(match: re.Match[str]) -> str:
            if "`r" not in match.group():
                return match.group()
            if not found:
                found.append(at + chunk.count("\n", 0, match.start()))
            return _INLINE_R.sub(lambda m: _typewriter(m.group()[1:-1]), match.group())
        return _FORMULA.sub(formula, chunk)

    problems = unechoed_warning(cells, path, first_line)
    text = coded_addresses(cells.text, path, first_line, problems)
    text = outside_code(text, first_line, formulas) if "`r" in text else text
    if found:
        problems.append(Problem(
            "knitr's inline R code in a formula (`` `r …` ``) is not run: it shows as its "
            "code (this file's first)", path, found[0], severity="warning",
            hint="write its value instead (the number knitr printed)"))
    return text, problems


_FORMULA = re.compile(r"\$\$.+?\$\$|(?<![\\$])\$[^$\n]+?\$", re.DOTALL)
_TEXT_ESCAPES = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "&": r"\&", "#": r"\#",
                 "^": r"\textasciicircum{}", "_": r"\_", "%": r"\%", "~": r"\textasciitilde{}"}


def _typewriter(code: str) -> str:
    """knitr's inline R code as TeX showing it in a formula: `\\texttt{r round(p, 2)}`
    (it was an unknown letter after another, `‘r signif(…)‘`, in italics)."""
    return r"\texttt{" + "".join(_TEXT_ESCAPES.get(c, c) for c in code) + "}"


def child_slides(sources: list[SlideSource], path: Path, read: Read,
                 problems: list[Problem], depth: int = 0,
                 echo: bool = True) -> list[SlideSource]:
    """`sources` (slides of the file `path`) with each slide made only of child cells
    replaced by the slides of the files they name (their cells showing code as `echo`
    says, knitr's setting where the parent's text stops)."""
    slides: list[SlideSource] = []
    for source in sources:
        children = _children(source.text)
        if not children or depth >= _DEPTH or source.notes.strip():
            slides.append(source)
            if (among := _CELL.search(source.text)) is not None:
                problems.append(Problem(
                    "knitr's child document in a slide with other text is not read (its "
                    "cell shows as code)", source.path or path,
                    source.line + source.text.count("\n", 0, among.start()),
                    severity="warning", hint="put the cell on a slide of its own, between "
                    "lines `---`"))
            continue
        for offset, name in children:
            found = read(name, source.path or path)
            if found is None:
                problems.append(Problem(
                    f"knitr's child document `{name}` is not there", source.path or path,
                    source.line + offset, hint="put the file beside the talk (a bundle: "
                    "talks/<slug>/index.md), as knitr read it from the deck's folder; its "
                    "name's case counts"))
                continue
            text, file = found
            cells = knitr_cells(text, echo)
            problems.extend(unechoed_warning(cells, file, 1))
            text = coded_addresses(cells.text, file, 1, problems)
            parts = split_slides(continuation_lines(text), 1)
            slides += child_slides([_from(s, file) for s in parts], file, read, problems,
                                   depth + 1, cells.echo)
    return slides


_NAMED = re.compile(r"""^[ \t]{0,3}(?:`{3,}|~{3,})[ \t]*(\{r\b[^}\n]*\})""", re.MULTILINE)


def child_names(text: str) -> list[str]:
    """The files the child cells of `text` name (```` ```{r child='part.Rmd'} ````),
    wherever they stand, in their order."""
    return [found.group(2) for cell in _NAMED.finditer(text)
            if (found := _CHILD.match(cell.group(1))) is not None]


def _children(text: str) -> list[tuple[int, str]]:
    """The files named by the child cells `text` is made of, each with its line in
    `text`; [] when it holds anything else."""
    lines = text.split("\n")
    found: list[tuple[int, str]] = []
    fence = ""
    for i, line in enumerate(lines):
        opened = FENCE_LINE.match(line)
        if fence:
            if opened and line.strip() == opened.group(1) and opened.group(1)[0] == fence[0]:
                fence = ""
            elif line.strip():
                return []  # (a cell with code, not only a child)
        elif opened and (child := _CHILD.match(opened.group(2).strip())):
            fence = opened.group(1)
            found.append((i, child.group(2)))
        elif line.strip():
            return []
    return [] if fence else found


def _from(source: SlideSource, file: Path) -> SlideSource:
    return SlideSource(source.text, source.line, source.notes, source.notes_line,
                       source.vertical, source.path or file)


def inline_code_warnings(sources: list[SlideSource], path: Path) -> list[Problem]:
    """A warning at the first of knitr's inline R expressions (`` `r fa("book")` ``)
    outside code of each file the slides are from (`path`, the talk's, or a child's):
    Lanting runs no R, so each shows as code where the deck showed its value (an icon,
    a number)."""
    problems: list[Problem] = []
    warned: set[Path] = set()
    for source in sources:
        where = source.path or path
        if where in warned:
            continue
        found: list[int] = []

        def look(chunk: str, at: int, found: list[int] = found) -> str:
            if not found and (match := _INLINE_R.search(chunk)) is not None:
                found.append(at + chunk.count("\n", 0, match.start()))
            return chunk

        outside_code(source.text, source.line, look)
        if found:
            warned.add(where)
            problems.append(Problem(
                "knitr's inline R code (`` `r …` ``) is not run: it shows as code (this "
                "file's first)", where, found[0], severity="warning",
                hint="write its value instead (a number, an image of the icon)"))
    return problems

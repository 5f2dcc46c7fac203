"""A Quarto document's cell outputs from the page Quarto published, when it has no
freeze.

A project renders its cells at each `quarto render` and keeps their results only in a
freeze (`execute: freeze`); many books and sites keep none but commit the rendered site
(`output-dir: docs`, for GitHub Pages). Their outputs (printed values, figures, tables)
are then only in that page, each cell's in one `<div class="cell">`, in the order of the
cells Quarto did not leave out (`include: false`). So each cell of the source is kept
and the outputs of its page's cell written after it, as a freeze's Markdown has them:
printed output a plain fence, a figure an image (with the cell's label and caption), a
table its HTML. When the cells do not pair (another number of them, or a shown cell's
code not the page's: the page is older than the source) nothing is paired: a wrong
output under a cell is worse than none.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path

from lanting.importer.common import read_text
from lanting.importer.distill_chunks import as_markdown, div_contents
from lanting.importer.quarto_cells import fenced_cells, header_options, made_label

_CELL_OPEN = re.compile(r"^(`{3,})[ \t]*(\{[A-Za-z]\w*(?:[ \t,][^}\n]*)?\})[ \t]*$")
"""A cell's opening fence, ```` ```{r} ````, ```` ```{python} ````, at a line's start."""
_DRAWN = re.compile(r"\{(?:mermaid|dot|ojs)\b")
"""Cells whose source Lanting shows as Quarto did (a diagram drawn; Observable's code)."""
_CELL = re.compile(r"""<div\s+class=["']cell(?:\s[^"']*)?["'][^>]*>""")
_CODE = re.compile(r"<div class=\"sourceCode(?: cell-code)?\"[^>]*>\s*<pre\b.*?</pre>\s*</div>",
                   re.DOTALL)
"""A cell's echoed code (the source's is kept: its fence's options are read there);
`cell-code` missing when its functions link to their help (`code-link`, downlit)."""
_PIECE = re.compile(_CODE.pattern + r"|<pre\b.*?</pre>|<img\s[^>]*>|<table\b.*?</table>",
                    re.DOTALL)
"""A cell's parts, in order: its code (knitr cuts it where output comes between),
printed output, a figure's image, a table."""
_SRC = re.compile(r"""\ssrc=["']([^"']+)["']""")
_TAG = re.compile(r"<[^>]+>")
_OPTION = re.compile(r"^\s*(?:#|%%|//)\|\s*([\w-]+):\s*(.*?)\s*$", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class Published:
    """The document's text with its cells' outputs, or why it has none."""

    text: str
    paired: int
    """How many cells were paired with their outputs (0 when none could be)."""
    widgets: int
    """Outputs that needed the page's scripts (an htmlwidget, a plotly figure): left out."""


def page_cells(page: str) -> list[str]:
    """The inside of each `<div class="cell">` of the page, in order (its own divs
    counted, so an output's `</div>` does not end it)."""
    return div_contents(page, _CELL)


def _words(fragment: str) -> str:
    return " ".join(html.unescape(_TAG.sub("", fragment)).split())


def outputs(cell: str, info: str, code: str) -> tuple[list[tuple[bool, str]], bool]:
    """One published cell's parts in order, each (whether it is code, its text): code
    as the page shows it, an output as Markdown (the cell's own label and caption on its
    one figure); and whether it had an output needing the page's scripts, left out."""
    options = {**header_options(info), **dict(_OPTION.findall(code))}
    made = made_label(info, options)
    images = len(re.findall(r"<img\s", cell))
    parts: list[tuple[bool, str]] = []
    for piece in _PIECE.finditer(cell):
        text = piece.group()
        if text.startswith("<div"):
            parts.append((True, html.unescape(_TAG.sub("", text)).strip("\n")))
        elif text.startswith("<img"):
            src = _SRC.search(text)
            if src is None or src.group(1).startswith("data:"):
                continue
            caption = re.search(r"<figcaption\b[^>]*>(.*?)</figcaption>",
                                cell[piece.end():], re.DOTALL)
            words = _words(caption.group(1)) if caption else ""
            # (Quarto's number before the caption: Lanting numbers the figure itself)
            words = re.sub(r"^(?:Figure|Fig\.|图)\s*[\d.]+\s*[:：.]\s*", "", words)
            label = ""
            if made is not None and made[0].startswith("fig-") and images == 1:
                label, words = f"{{#{made[0]}}}", made[2] or words
            words = re.sub(r"([\[\]])", r"\\\1", words)
            parts.append((False, f"![{words}]({html.unescape(src.group(1))}){label}"))
        elif text.startswith("<table"):
            parts.append((False, re.sub(r"\n[ \t]*(?=\n)", "", text)))
        else:
            parts.append((False, as_markdown(text)))
    if made is not None and not any(f"{{#{made[0]}}}" in text for _c, text in parts):
        # (a table: Pandoc's caption of the label; a figure the page drew with its
        # scripts: a div of the label; each an anchor `@tbl-x` links to, as Quarto's was)
        words = made[2] or made[1]
        div = (False, f": {words} {{#{made[0]}}}" if made[0].startswith("tbl-")
               else f"::: {{#{made[0]}}}\n{words}\n:::")
        first = next((n for n, (_c, text) in enumerate(parts) if text.startswith("<table")),
                     len(parts))
        parts.insert(first, div)  # (above its table, where Quarto put the caption)
    return [p for p in parts if p[1].strip()], "<script" in cell


def _bare(code: str) -> str:
    """Code without its `#|` options and white space, to compare the page's with."""
    return "".join("".join(line for line in code.split("\n")
                           if not _OPTION.match(line)).split())


def published(body: str, page: str) -> Published:
    """`body` (the document's source) with each cell followed by its outputs in `page`,
    the page Quarto published; cells left out (`include: false`) have none there. A
    cell the page shows cut into pieces, output between, is those pieces."""
    lines = body.split("\n")
    cells: list[tuple[int, int, str, str]] = []  # (opening, closing, header, code)
    for i, end, opened in fenced_cells(lines, _CELL_OPEN):
        code = "\n".join(lines[i + 1:end])
        options = {**header_options(opened.group(2)), **dict(_OPTION.findall(code))}
        if options.get("include") != "false":
            cells.append((i, end, opened.group(2), code))
    found = page_cells(page)
    if not cells or len(cells) != len(found):
        return Published(body, 0, 0)
    made = [outputs(cell, info, code) for (_i, _e, info, code), cell in zip(cells, found,
                                                                             strict=True)]
    for (_i, _e, _info, code), (parts, _w) in zip(cells, made, strict=True):
        shown = [text for is_code, text in parts if is_code]
        if shown and "".join("".join(shown).split()) != _bare(code):
            return Published(body, 0, 0)
    for (start, end, info, _code), (parts, _w) in reversed(list(zip(cells, made,
                                                                     strict=True))):
        if _DRAWN.match(info):
            continue  # (the page's drawing of it: Lanting draws the diagram's source)
        if sum(is_code for is_code, _t in parts) <= 1:
            if outs := [text for is_code, text in parts if not is_code]:
                lines.insert(end + 1, "\n" + "\n\n".join(outs) + "\n")
            continue
        lang = re.match(r"\{([A-Za-z]\w*)", info).group(1)  # type: ignore[union-attr]
        fence = "````" if any("```" in text for _c, text in parts) else "```"
        lines[start:end + 1] = ["\n\n".join(
            f"{fence}{{.{lang} .cell-code}}\n{text}\n{fence}" if is_code else text
            for is_code, text in parts)]
    return Published("\n".join(lines), len(cells), sum(w for _p, w in made))


def published_page(source: Path, output_dir: str, path: Path) -> tuple[Path, Path] | None:
    """The page Quarto published for the document `path` into the project's output folder
    (`docs/ch1.html`), and the folder its figures are in (`docs/ch1_files/`)."""
    page = source / output_dir / path.relative_to(source).with_suffix(".html")
    return (page, page.parent / f"{page.stem}_files") if page.is_file() else None


_DATE_META = re.compile(r"""<meta\s+name=["']dcterms\.date["']\s+content=["']([^"']+)["']""")


def published_date(source: Path, output_dir: str, path: Path) -> str | None:
    """The date the page Quarto published for `path` shows (its `dcterms.date`): the
    day it was rendered, for a document dated `today` or `last-modified`."""
    found = published_page(source, output_dir, path)
    match = _DATE_META.search(read_text(found[0])) if found else None
    return match.group(1) if match else None

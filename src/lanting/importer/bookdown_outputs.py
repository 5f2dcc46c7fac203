"""A bookdown chapter's chunk outputs from the book bookdown rendered (`output_dir`).

bookdown keeps no freeze: its outputs (printed values, figures) are only in the pages it
wrote, one a chapter (`docs/<chapter-id>.html`), with no div around each chunk's as
distill and Quarto write. So they are paired by what names them: a figure by its file,
which knitr names after its chunk's label (`notes_files/figure-html/residuals-1.png`),
shown or not (`echo=FALSE`); printed output by the echoed code it follows on the page,
compared with the chunk's. A chunk whose code the page does not show as written gets
no printed output: a wrong output under a chunk is worse than none.
"""

from __future__ import annotations

import html
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path

from lanting.importer.bookdown_figures import KeptFigures
from lanting.importer.quarto_cells import fenced_cells, header_options, made_label

_CELL_OPEN = re.compile(r"^(`{3,})[ \t]*\{([A-Za-z]\w*)([ \t,](?:[^}\n\"']|\"[^\"\n]*\""
                        r"|'[^'\n]*')*)?\}[ \t]*$")
"""A chunk's header; a quoted option holds braces (`fig.cap="$\\bar{y}$"`)."""
_OPTION = re.compile(r"^\s*#\|\s*([\w.-]+):\s*(.*?)\s*$", re.MULTILINE)
_FIGURE = re.compile(r"""<img\s[^>]*?src=["']((?:[^"'/]*/)*?([^"'/]+_files)/(figure-[\w-]+)/"""
                     r"""([^"'/]+?)-(\d+)\.(?:png|jpe?g|svg|gif|pdf))["']""")
"""A figure knitr drew: `<book>_files/figure-html/<chunk label>-<n>.png`."""
_ANCHORED = re.compile(r"""<span\s[^>]*?id=["']fig:([^"']+)["'][^>]*>\s*</span>\s*"""
                       r"""(?:<p>\s*)?<img\s[^>]*?src=["']([^"']+)["']""")
"""A figure after bookdown's anchor of its chunk's label, `<span id="fig:x">`: one
`knitr::include_graphics("images/x.svg")` showed too, which knitr did not name."""
_PIECE = re.compile(r"(<div class=\"sourceCode\"[^>]*>\s*)?<pre\b([^>]*)>(.*?)</pre>"
                    r"(?(1)\s*</div>)", re.DOTALL)
"""Echoed code (`sourceCode`, in its div on newer Pandoc) or printed output."""
_TAG = re.compile(r"<[^>]+>")
_CAPTION = re.compile(r"<p class=\"caption\">.*?</p>", re.DOTALL)
"""A figure's caption, between a chunk's code and its printed output: no text of the page."""


@dataclass(frozen=True, slots=True)
class BookOutputs:
    """The chapter's text with its chunks' outputs, how many chunks got some, and the
    folder of its figures (knitr's `<book>_files/`)."""

    text: str
    paired: int
    figures: Path | None
    unmatched: int = 0
    """Shown chunks whose code the page does not show as written (it is older)."""
    missing: int = 0
    """Chunks captioned as figures whose figure neither the page nor the repository has."""


def chapter_page(folder: Path, label: str | None, path: Path, index: bool) -> Path | None:
    """The page bookdown wrote for a chapter into `folder`: `index.html` for the first,
    else named by its id (`least-squares.html`, `split_by: chapter`; numbered with
    `chapter+number`), else by its file (`split_by: rmd`)."""
    names = ["index.html"] if index else []
    if label:
        names += [f"{label}.html", *sorted(p.name for p in folder.glob(f"[0-9]*-{label}.html"))]
    names.append(f"{path.stem}.html")
    return next((folder / n for n in names if (folder / n).is_file()), None)


def _bare(text: str) -> str:
    return "".join("".join(line for line in text.split("\n")
                           if not _OPTION.match(line)).split())


def book_outputs(body: str, page: str, page_dir: Path, path: Path,
                 kept: KeptFigures | None = None) -> BookOutputs:
    """`body` (of the chapter at `path`) with each chunk followed by its outputs in
    `page` (in `page_dir`; "" when there is none): its figures (knitr's named as a
    freeze's are; those `kept` in the repository when the page's are not there), and
    the printed output after its code."""
    figures: dict[str, list[tuple[int, str]]] = {}
    folder: Path | None = None
    for found in _FIGURE.finditer(page):
        src, _files, kind, name, number = found.groups()
        folder = folder or page_dir / html.unescape(src).rsplit(f"/{kind}/", 1)[0]
        figures.setdefault(name, []).append(
            (int(number), f"{path.stem}_files/{kind}/{html.unescape(name)}-{number}"
                          + Path(src).suffix))
    if kept is not None and kept.folder is not None and (
            folder is None or not any(folder.glob("figure-*/*"))):
        # (the page's figures not committed, or no page: knitr's own copies of them)
        folder = kept.folder
        figures = {**figures, **kept.figures}
    for found in _ANCHORED.finditer(page):
        name, src = html.unescape(found.group(1)), html.unescape(found.group(2))
        if name not in figures and not re.match(r"[a-zA-Z][\w+.-]*:|/", src):
            # (a file of the book: beside the chapter, or copied into the output folder)
            figures[name] = [(1, src if (path.parent / src).is_file() else posixpath.relpath(
                (page_dir / src).as_posix(), path.parent.as_posix()))]
    pieces = [(m.start(), m.end(), "sourceCode" in m.group(2),
               html.unescape(_TAG.sub("", m.group(3)))) for m in _PIECE.finditer(page)]
    lines = body.split("\n")
    inserts: list[tuple[int, str]] = []
    unmatched = missing = 0
    at = 0  # (the page's pieces are read once, in order)
    for i, end, opened in fenced_cells(lines, _CELL_OPEN):
        code = "\n".join(lines[i + 1:end])
        info = opened.group(3) or ""
        header = "{" + opened.group(2) + info + "}"
        options = {**header_options(header), **dict(_OPTION.findall(code))}
        first = re.match(r"[ \t,]*([\w.-]+)\s*(?:,|$)", info)
        label = (options.get("label") or (first.group(1) if first else "")).strip("\"'")
        made: list[str] = []
        if page and options.get("echo") != "false" and options.get("include") != "false":
            printed, after = _printed(pieces, at, _bare(code), page)
            unmatched += after is None and bool(_bare(code))
            made, at = printed, after or at
        names = [label, label.removeprefix("fig-")] if label else []
        drawn = next((figures[n] for n in names if n in figures), [])
        captioned = made_label(header, options)
        if captioned and captioned[0].startswith("fig-") and len(drawn) == 1:
            # (the chunk's label and caption on its one figure, as a freeze's has them)
            words = re.sub(r"([\[\]])", r"\\\1", captioned[2])
            made.append(f"![{words}]({drawn[0][1]}){{#{captioned[0]}}}")
        elif captioned and captioned[0].startswith("fig-") and drawn:
            # (several figures under one caption: one figure, as Quarto shows a cell's)
            images = "\n\n".join(f"![]({src})" for _n, src in sorted(drawn))
            made.append(f"::: {{#{captioned[0]}}}\n{images}\n\n{captioned[2]}\n:::")
        elif captioned and captioned[0].startswith("fig-") and captioned[2] and not drawn \
                and options.get("include") != "false":
            # (its figure not on the page: its caption, numbered, which `@fig-x` names)
            made.append(f"::: {{#{captioned[0]}}}\n{captioned[2]}\n:::")
            missing += 1
        else:
            made += [f"![]({src})" for _n, src in sorted(drawn)]
        if made:
            inserts.append((end + 1, "\n" + "\n\n".join(made) + "\n"))
    for line, text in reversed(inserts):
        lines.insert(line, text)
    return BookOutputs("\n".join(lines), len(inserts), folder, unmatched, missing)


def _printed(pieces: list[tuple[int, int, bool, str]], at: int, code: str,
             page: str) -> tuple[list[str], int | None]:
    """The printed outputs after the chunk's code `code` on the page, from the piece
    `at` on (knitr cuts the code where output comes between), and the piece to go on
    from; None when the page shows no such code."""
    start = next((n for n in range(at, len(pieces)) if pieces[n][2]
                  and (bare := "".join(_collapsed(pieces[n][3], code)[0].split()))
                  and code.startswith(bare)), None)
    if start is None or not code:
        return [], None
    shown, out, n = "", [], start
    while n < len(pieces):
        _s, _e, is_code, text = pieces[n]
        if n > start and _TAG.sub("", _CAPTION.sub("", page[pieces[n - 1][1]:
                                                             pieces[n][0]])).strip():
            break  # (text between: the chunk ended)
        printed = text
        if is_code:
            kept, printed = _collapsed(text, code[len(shown):])
            if not code.startswith(shown + "".join(kept.split())) or shown == code:
                break
            shown += "".join(kept.split())
        if printed.strip():
            fence = "````" if "```" in printed else "```"
            out.append(f"{fence}\n{printed.strip(chr(10))}\n{fence}")
        n += 1
    return (out, n) if shown == code else ([], None)


_COMMENTED = re.compile(r"^[ \t]*(?:#>|##)(?:[ \t]|$)")
"""A line of output knitr wrote into the code's block (`collapse = TRUE`: `#> [1] 5`)."""


def _collapsed(text: str, code: str) -> tuple[str, str]:
    """A block of the page as (its code, the output knitr collapsed into it): the
    lines that read as output (`#> [1] 5`) and are not in `code` (the chunk's code,
    white space out) its output."""
    if code.startswith("".join(text.split())):
        return text, ""
    kept: list[str] = []
    printed: list[str] = []
    for line in text.split("\n"):
        (printed if _COMMENTED.match(line) and "".join(line.split()) not in code
         else kept).append(line)
    return "\n".join(kept), "\n".join(printed)

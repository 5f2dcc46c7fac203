"""knitr's figures of a bookdown chapter kept in the repository beside its rendered
book: bookdown moves what knitr drew for each chapter into `_bookdown_files/<chapter>_files/`
(`_main_files/` or `<book_filename>_files/` for a book knitted as one document), and
copies it into `output_dir`. A book committed without its rendered pages, or with pages
whose figures it left out, still has them there. knitr names each after its chunk's
label (`figure-html/residuals-1.png`), so they pair with the chunks without the page.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

_FILE = re.compile(r"(.+)-(\d+)\.(?:png|jpe?g|svg|gif|pdf)", re.IGNORECASE)
"""A figure knitr drew: `<chunk label>-<n>.png`."""


@dataclass(frozen=True, slots=True)
class KeptFigures:
    """The figures of a chapter's chunks by label, each `(n, path)` with its path as
    the chapter names it (`<chapter>_files/figure-html/x-1.png`), and the folder that
    stands for `<chapter>_files/`."""

    figures: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    folder: Path | None = None


def figure_folders(source: Path, output_dir: str, stem: str, book: str) -> list[Path]:
    """Where knitr's figures of the chapter `stem` may be, in the order looked at: the
    rendered book's copy, bookdown's `_bookdown_files/`, knitr's own beside the chapter
    (each for the chapter alone, `new_session: true`, or the book knitted whole)."""
    names = [f"{stem}_files", *(f"{b}_files" for b in dict.fromkeys((book, "_main")))]
    return [base / name for base in (source / output_dir, source / "_bookdown_files", source)
            for name in names]


def kept_figures(folders: Sequence[Path], stem: str) -> KeptFigures:
    """The figures of the first of `folders` that holds any (`figure-html/`; a label
    it lacks from another format's `figure-*/`)."""
    for folder in folders:
        figures: dict[str, list[tuple[int, str]]] = {}
        kinds = sorted(folder.glob("figure-*"), key=lambda k: (k.name != "figure-html", k.name))
        for kind in kinds if folder.is_dir() else []:
            drawn: dict[str, list[tuple[int, str]]] = {}
            for file in sorted(kind.iterdir()) if kind.is_dir() else []:
                found = _FILE.fullmatch(file.name)
                if found and file.is_file():
                    drawn.setdefault(found.group(1), []).append(
                        (int(found.group(2)), f"{stem}_files/{kind.name}/{file.name}"))
            for label, files in drawn.items():
                figures.setdefault(label, files)
        if figures:
            return KeptFigures(figures, folder)
    return KeptFigures()

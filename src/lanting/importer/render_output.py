"""Whether a file lies in the render output a document left beside it.

Quarto (and R Markdown) render a document `talk.qmd` that is in no project to
`talk.html`, its support files in `talk_files/` beside it: `talk_files/libs/` holds
reveal.js, its plugins and their READMEs, and `talk_files/figure-html/` the plots. A
repository of decks often commits these; read as documents, each plugin's README was a
page of the site (the same README of every deck, with a warning that its name was
taken).
"""

from __future__ import annotations

from pathlib import Path

_RENDERED = (".qmd", ".rmd", ".Rmd", ".ipynb", ".html")
"""The documents (or their page) whose `<name>_files/` folder is their render's."""


def in_render_output(root: Path, rel: str) -> bool:
    """Whether the file `rel` (under `root`) is inside the `<name>_files/` folder of a
    document `<name>.qmd` (`.Rmd`, `.ipynb`) or page `<name>.html` beside that folder."""
    parts = rel.split("/")
    return any(part.endswith("_files") and any(
        root.joinpath(*parts[:i], part.removesuffix("_files") + suffix).is_file()
        for suffix in _RENDERED) for i, part in enumerate(parts[:-1]))

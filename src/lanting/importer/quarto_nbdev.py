"""nbdev's notebooks in a Quarto project (`nbs/`, with `nbdev.yml`): nbdev processed each
before Quarto rendered it. Its front matter was the first Markdown cell (`# Title`, `>
description`, `- key: value`, as fastpages wrote it), its page `<module>.html` after the
cell `#| default_exp module`; its directives, `#| export`, `#| hide` (no `key: value`,
which Quarto's YAML refused), hid cells: `hide`, `exporti` and `default_exp` ones left
out, as nbdev's docs left them; an `export` cell's code is shown (nbdev showed the
signature and docstring of what it defines, `show_doc`, which needs the code run).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer.jekyll_fastpages import front_cell

_DIRECTIVE = re.compile(r"^[ \t]*#\|[ \t]*([A-Za-z_][\w-]*)(?![\w-]*[ \t]*:)(?:[ \t]+(.*?))?"
                        r"[ \t]*$")
"""`#| export`, `#| default_exp gem`: an nbdev directive (a word, no `key: value`)."""
_DEFAULT_EXP = re.compile(r"^[ \t]*#\|[ \t]*default_exp[ \t]+([\w.]+)", re.MULTILINE)
HIDDEN = frozenset({"hide", "exporti", "default_exp"})
"""Directives whose cells nbdev's docs left out."""
SHOWN_EXPORTS = frozenset({"export", "exports"})
"""Directives of cells nbdev documented by `show_doc` (shown here as their code)."""


def is_nbdev(path: Path) -> bool:
    """Whether the notebook at `path` is an nbdev project's: `nbdev.yml` beside it or
    above (its Quarto folder, `nbs/`), or nbdev's `settings.ini` (a Jupyter Book's or a
    Quarto blog's notebook keeps its `# Title` cell: that heading's id is linked to)."""
    for folder in list(path.parents)[:4]:
        if (folder / "nbdev.yml").is_file() or (folder / "settings.ini").is_file() and \
                "nbdev" in (folder / "settings.ini").read_text(encoding="utf-8",
                                                               errors="replace"):
            return True
    return False


def nbdev_front(cells: list[Any]) -> tuple[dict[str, Any], str, list[Any]]:
    """(front matter, its YAML text, the other cells) of a notebook with no `---` front
    matter: nbdev's first-cell title block, and `output-file` from `#| default_exp`."""
    data, head, rest = front_cell(cells)
    for cell in cells:
        source = cell.get("source", "") if isinstance(cell, dict) else ""
        found = _DEFAULT_EXP.search("".join(source) if isinstance(source, list) else source)
        if found and isinstance(cell, dict) and cell.get("cell_type") == "code":
            data = {**data, "output-file": found.group(1) + ".html"}
            break
    return data, head, rest if data.get("title") else cells


def directives(lines: list[str]) -> tuple[set[str], list[str]]:
    """(nbdev's directives among a cell's `#|` lines, the other `#|` lines)."""
    found: set[str] = set()
    kept = []
    for line in lines:
        directive = _DIRECTIVE.match(line)
        if directive:
            found.add(directive.group(1).lower())
        else:
            kept.append(line)
    return found, kept

"""`{{< embed analysis.qmd#fig-x >}}` (a manuscript's figures, made by its notebooks in
`.qmd`): Quarto rendered the document and took the cell labelled so. Lanting runs no
code, so the cell is taken from the document's freeze (`_freeze/…/html.json`): its div,
`::: {#fig-x .cell}` (or the cell whose output image carries `{#fig-x}`), its code left
out unless `echo=true`, its images written to `static/` at the page's URL. What is left
is the freeze's Markdown, which `quarto_bodies` converts as it converts the page's own.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.importer.quarto_div_syntax import Div, classes, identifier, parse
from lanting.importer.quarto_links import freeze_figure
from lanting.importer.site import NewSite

_CODE = re.compile(r"^([ \t]*)(`{3,}|~{3,})[ \t]*\{[^}\n]*\.cell-code[^}\n]*\}[ \t]*\n.*?^\1\2"
                   r"[ \t]*$\n?", re.MULTILINE | re.DOTALL)
"""A cell's echoed code in a freeze (```` ```{.python .cell-code} ````)."""
_IMAGE_URL = re.compile(r"(!\[[^\]\n]*\]\()([^)\s]+)")


def frozen_cell(file: Path, label: str, source: Path, site: NewSite, folder: str,
                echo: bool, freeze: Callable[[Path, Path], tuple[dict[str, Any] | None,
                                                                Path]]) -> str | None:
    """The Markdown of the cell of `file`'s freeze labelled `label`, its images files of
    the site under `folder`; None when the freeze or the cell is missing."""
    result, frozen = freeze(source, file)
    markdown = result.get("markdown") if result is not None else None
    if not isinstance(markdown, str):
        return None
    cell = _find(parse(markdown), label)
    if cell is None:
        return None
    text = _written(cell)
    if not echo:
        text = _CODE.sub("", text)

    def moved(match: re.Match[str]) -> str:
        found = freeze_figure(frozen, file, match.group(2))
        if found is None or not found.is_file():
            return match.group()
        name = re.sub(r"[^\w.-]", "-", found.name)
        site.extra[f"static/{folder}/{name}"] = found.read_bytes()
        return match.group(1) + f"/{folder}/{name}"

    return _IMAGE_URL.sub(moved, text)


def _find(nodes: list[str | Div], label: str) -> Div | None:
    """The div labelled `label`, else the cell holding an output labelled so (knitr's
    freeze labels the image, `{#fig-x}`, in a bare `::: {.cell}`)."""
    return _labelled(nodes, label) or _holding(nodes, label)


def _labelled(nodes: list[str | Div], label: str) -> Div | None:
    for node in nodes:
        if isinstance(node, Div):
            if identifier(node.attributes) == label:
                return node
            if (inner := _labelled(node.children, label)) is not None:
                return inner
    return None


def _holding(nodes: list[str | Div], label: str) -> Div | None:
    for node in nodes:
        if not isinstance(node, Div) or not re.search(
                rf"\{{#{re.escape(label)}[\s}}]", _written(node)):
            continue
        if "cell" in classes(node.attributes):
            return node
        return _holding(node.children, label) or node
    return None


def _written(div: Div) -> str:
    """The div as the freeze wrote it."""
    fence = re.match(r"\s*(:{3,})", div.opening)
    inner = "\n".join(c if isinstance(c, str) else _written(c) for c in div.children)
    return f"{div.opening}\n{inner}\n{fence.group(1) if fence else ':::'}"

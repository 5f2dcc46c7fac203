"""Quarto's `{{< embed nb.ipynb#fig-x >}}`: the outputs of one cell of a notebook, found
by its label (`#| label: fig-x`), a tag or its id, shown in another document where the
shortcode stands, as Quarto showed them. A labelled figure is a numbered figure
(`![caption](…){#fig-x}`, which `@fig-x` refers to), its image a file of the site at the
page's URL (`static/<URL>/fig-x.png`); printed text a plain block, HTML (a data frame's
table) as it is, Markdown as text; `echo=true` shows the cell's code before them. Lanting
runs no code: the outputs are the ones stored in the notebook.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.liquid import Context
from lanting.importer.quarto_embed_cells import frozen_cell
from lanting.importer.quarto_notebook_deck import notebook_language, output_markdown
from lanting.importer.site import NewSite
from lanting.importer.text import load_mapping

_EMBED = re.compile(r"\{\{<\s*embed\s+([^\s>#]+)(?:#([\w:.-]+))?([^>]*?)\s*>\}\}")
_OPTION = re.compile(r"^[ \t]*#\|[ \t]?(.*)$")
_ECHO = re.compile(r"(?:^|\s)echo\s*=\s*[\"']?true\b", re.IGNORECASE)


Freeze = Callable[[Path, Path], tuple[dict[str, Any] | None, Path]]
"""`freeze_of`: a document's freeze (its `result`) and the freeze's folder."""


def embeds(text: str, path: Path, source: Path, site: NewSite, folder: str, ctx: Context,
           put: Callable[[str, str], str], freeze: Freeze) -> str:
    """`text` with each `{{< embed >}}` of a notebook's cell replaced by its outputs;
    `folder`: the page's URL, where images go; `put` sets aside what the import must
    not rewrite (an image's new URL, an output's HTML). A `.qmd`'s cell is found in its
    freeze (`embed_cells`)."""
    if "embed" not in text:
        return text

    def one(match: re.Match[str]) -> str:
        name, label, rest = match.group(1).strip("\"'"), match.group(2), match.group(3)
        file = source / name.lstrip("/") if name.startswith("/") else path.parent / name
        if file.suffix == ".qmd" and label and file.is_file():
            frozen = frozen_cell(file, label, source, site, folder,
                                 bool(_ECHO.search(rest)), freeze)
            if frozen is None:
                return ctx.leave(match.group(), f"no cell of `{name}`'s freeze is labelled "
                                 f"`{label}` (Lanting runs no code)")
            ctx.convert("embedded cells of executed documents (`{{< embed x.qmd#x >}}`)")
            return "\n\n" + frozen + "\n\n"
        if file.suffix != ".ipynb" or not label or not file.is_file():
            why = "the notebook it names is missing" if file.suffix in (".ipynb", ".qmd") \
                and label else "only a notebook's labelled cell (`nb.ipynb#fig-x`) is " \
                "embedded"
            return ctx.leave(match.group(), why)
        try:
            notebook = json.loads(read_text(file))
        except ValueError:
            return ctx.leave(match.group(), "the file it names is no notebook")
        found = _cell(notebook, label)
        if found is None:
            return ctx.leave(match.group(), f"no cell of `{name}` is labelled `{label}`")
        cell, options = found
        ctx.convert("embedded notebook cells (`{{< embed nb.ipynb#x >}}`) as their outputs")
        return "\n\n" + _shown(notebook, cell, options, label, bool(_ECHO.search(rest)),
                               site, folder, put) + "\n\n"

    return _EMBED.sub(one, text)


def _cell(notebook: Any, label: str) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """The code cell Quarto's embed names `label` (its `#| label:`, a tag of its metadata,
    or its id), with its `#|` options."""
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    for cell in cells if isinstance(cells, list) else []:
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        options = cell_options(cell)
        meta = cell.get("metadata") if isinstance(cell.get("metadata"), dict) else {}
        tags = meta.get("tags") if isinstance(meta, dict) else None
        if str(options.get("label") or "") == label or cell.get("id") == label or (
                isinstance(tags, list) and label in tags):
            return cell, options
    return None


def cell_source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def cell_options(cell: dict[str, Any]) -> dict[str, Any]:
    """A code cell's `#|` options, the lines that open it."""
    lines = []
    for line in cell_source(cell).split("\n"):
        found = _OPTION.match(line)
        if not found:
            break
        lines.append(found.group(1))
    options, _error = load_mapping("yaml", "\n".join(lines)) if lines else ({}, None)
    return options


def _shown(notebook: dict[str, Any], cell: dict[str, Any], options: dict[str, Any],
           label: str, echo: bool, site: NewSite, folder: str,
           put: Callable[[str, str], str]) -> str:
    parts: list[str] = []
    if echo:
        code = "\n".join(line for line in cell_source(cell).split("\n")
                         if not _OPTION.match(line)).strip("\n")
        parts.append(f"```{notebook_language(notebook)}\n{code}\n```" if code else "")
    outputs = cell.get("outputs")
    outputs = outputs if isinstance(outputs, list) else []
    caption = " ".join(str(options.get("fig-cap") or "").split())
    images = [o for o in outputs if _image(o)]
    for at, output in enumerate(outputs, start=1):
        name = label if len(outputs) == 1 else f"{label}-{at}"
        html = _html(output)
        if html:  # (a data frame's table: as Quarto showed it, not its plain text)
            parts.append(put(html, "R"))
            continue
        shown = output_markdown(output, site, folder, name)
        if shown.startswith("![]("):
            if label.startswith("fig-") and len(images) == 1:
                # (the label's figure, numbered, which `@fig-x` refers to)
                alt = re.sub(r"\$([^$]*)\$", r"\1", caption).replace("]", "\\]")
                title = f' "{caption.replace(chr(34), chr(0x201d))}"' if caption else ""
                shown = f"![{alt}]({shown[4:-1]}{title}){{#{label}}}"
            shown = put(shown, "R")
        parts.append(shown)
    caption = " ".join(str(options.get("tbl-cap") or "").split())
    if label.startswith("tbl-"):  # (an anchor `@tbl-x` links to, as for a table's caption)
        parts.append(f": {caption or 'Table'} {{#{label}}}")
    return "\n\n".join(p for p in parts if p.strip())


def _image(output: Any) -> bool:
    data = output.get("data") if isinstance(output, dict) else None
    return isinstance(data, dict) and any(m.startswith("image/") for m in data)


def _html(output: Any) -> str:
    data = output.get("data") if isinstance(output, dict) else None
    if not isinstance(data, dict) or "text/html" not in data or _image(output):
        return ""
    value = data["text/html"]
    html = "".join(value) if isinstance(value, list) else str(value)
    # (a blank line would end the HTML block in Markdown, the rest read as text)
    return "\n".join(line for line in html.split("\n") if line.strip())

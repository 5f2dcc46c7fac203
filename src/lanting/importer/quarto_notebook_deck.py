"""A Quarto presentation written as a notebook (an `.ipynb` whose `format` is `revealjs`):
its cells as the Markdown of a talk, which `quarto_slides.deck` then cuts into slides as
it cuts a `.qmd` deck.

A talk is one Markdown file, not a notebook, so each cell becomes what Quarto showed of
it: a Markdown cell its text; a code cell its code as a fenced block (in the kernel's
language) followed by its stored outputs — printed text as a plain block, an image as an
image file of the site (`static/<talk's URL>/cell-3.png`, the talk's folder of files),
Markdown or LaTeX as text, anything else as its plain-text form. An error's traceback
is left out, as `error: false` would. Lanting runs no code: outputs are the stored ones.
"""

from __future__ import annotations

import base64
import binascii
import re
from typing import Any

from lanting.importer.site import NewSite

_IMAGES = {"image/png": "png", "image/jpeg": "jpg", "image/gif": "gif",
           "image/svg+xml": "svg", "image/webp": "webp"}
_ESCAPES = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
"""Terminal colours in printed text (a progress bar's, a warning's)."""


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value or "")


def notebook_markdown(notebook: dict[str, Any], site: NewSite, folder: str) -> str:
    """The notebook's cells as Markdown; image outputs and attachments are written to
    `static/<folder>/` (`folder`: the talk's URL, `talks/<slug>`)."""
    language = notebook_language(notebook)
    parts: list[str] = []
    for number, cell in enumerate(notebook.get("cells", []), start=1):
        if not isinstance(cell, dict):
            continue
        source = _text(cell.get("source")).strip("\n")
        if cell.get("cell_type") == "markdown":
            parts.append(_attachments(source, cell, site, folder, number))
        elif cell.get("cell_type") == "raw":
            parts.append(source)
        elif cell.get("cell_type") == "code":
            if source.strip():
                parts.append(f"```{language}\n{source}\n```")
            outputs = cell.get("outputs")
            for at, output in enumerate(outputs if isinstance(outputs, list) else []):
                shown = output_markdown(output, site, folder, f"cell-{number}-{at + 1}")
                if shown:
                    parts.append(shown)
    if parts:
        site.report.convert("notebook decks' cells as a talk's Markdown")
    return "\n\n".join(p for p in parts if p.strip()) + "\n"


def notebook_language(notebook: dict[str, Any]) -> str:
    """The language of the notebook's kernel (`python` when it names none)."""
    meta = _mapping(notebook.get("metadata"))
    return str(_mapping(meta.get("kernelspec")).get("language")
               or _mapping(meta.get("language_info")).get("name") or "python")


def _mapping(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def output_markdown(output: Any, site: NewSite, folder: str, name: str) -> str:
    """A code cell's stored output as Markdown (an image written to `static/<folder>/`
    as `name`); an error's traceback is nothing."""
    if not isinstance(output, dict):
        return ""
    if output.get("output_type") == "stream":
        return _block(_text(output.get("text")))
    data = output.get("data")
    if not isinstance(data, dict):
        return ""  # (an error's traceback)
    for mime, suffix in _IMAGES.items():
        if mime in data:
            file = _write(site, folder, f"{name}.{suffix}", mime, _text(data[mime]))
            if file:
                return f"![]({file})"
    for mime in ("text/markdown", "text/latex"):
        if mime in data:
            return _text(data[mime]).strip("\n")
    return _block(_text(data.get("text/plain")))


def _block(text: str) -> str:
    text = _ESCAPES.sub("", text).strip("\n")
    if not text.strip():
        return ""
    ticks = "`" * max([3, *(len(m) + 1 for m in re.findall(r"`{3,}", text))])
    return f"{ticks}text\n{text}\n{ticks}"


def _attachments(text: str, cell: dict[str, Any], site: NewSite, folder: str,
                 number: int) -> str:
    """A Markdown cell's `attachment:x.png` images as files of the site."""
    attachments = cell.get("attachments")
    if not isinstance(attachments, dict) or "attachment:" not in text:
        return text

    def one(match: re.Match[str]) -> str:
        found = attachments.get(match.group(1))
        mime = next((m for m in _IMAGES if isinstance(found, dict) and m in found), None)
        file = _write(site, folder, f"cell-{number}-{match.group(1)}", mime,
                      _text(found[mime])) if mime and isinstance(found, dict) else None
        return file or match.group()

    return re.sub(r"attachment:([^\s)\"']+)", one, text)


def _write(site: NewSite, folder: str, name: str, mime: str | None, data: str) -> str | None:
    """The site path of the output `data` (base64, or SVG's text) written as `name`."""
    name = re.sub(r"[^\w.-]", "-", name)
    if mime == "image/svg+xml":
        content: bytes = data.encode("utf-8")
    else:
        try:
            content = base64.b64decode(data, validate=False)
        except (binascii.Error, ValueError):
            return None
    site.extra[f"static/{folder}/{name}"] = content
    return f"/{folder}/{name}"

"""Jupyter notebooks as posts: `content/posts/<slug>.ipynb` becomes Markdown for the
normal pipeline. Notebooks are never executed; their stored outputs are shown.

Front matter comes from the first cell when it is a raw or Markdown cell holding a
`---` block, else from the notebook metadata's `lanting` table. Markdown cells pass
through, code cells become fenced code, outputs become output blocks, image files
(PNG, JPEG, SVG) and HTML (tables from pandas, say).
"""

from __future__ import annotations

import base64
import json
import re
from dataclasses import dataclass
from typing import Any

from lanting.model.content import Attachment

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_IMAGE_TYPES = {"image/png": "png", "image/jpeg": "jpg", "image/svg+xml": "svg"}


@dataclass(frozen=True, slots=True)
class ConvertedNotebook:
    front_matter: str
    """YAML front matter text ("" when the notebook has none)."""
    body: str
    attachments: tuple[Attachment, ...]


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value or "")


def _fence(text: str, info: str) -> str:
    longest = max((len(m) for m in re.findall(r"`{3,}", text)), default=2)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{info}\n{text.rstrip()}\n{fence}\n"


def _output_markdown(output: Any, name: str, folder: str, files: list[Attachment],
                     raw_html: bool) -> str:
    kind = output.get("output_type")
    if kind == "stream":
        return _fence(_ANSI.sub("", _text(output.get("text"))), "output")
    if kind == "error":
        trace = "\n".join(_ANSI.sub("", line) for line in output.get("traceback", []))
        return _fence(trace or f"{output.get('ename')}: {output.get('evalue')}", "output error")
    data = output.get("data", {})
    for mime, suffix in _IMAGE_TYPES.items():
        if mime in data:
            content = _text(data[mime])
            blob = content.encode() if suffix == "svg" else base64.b64decode(content)
            file_name = f"{name}.{suffix}"
            files.append(Attachment(f"{folder}/{file_name}", blob))
            return f"![output]({folder.rsplit('/', 1)[-1]}/{file_name})\n"
    if raw_html and "text/html" in data:
        html = _text(data["text/html"]).strip()
        return f'<div class="nb-output nb-html">\n\n{html}\n\n</div>\n'
    if "text/markdown" in data:
        return _text(data["text/markdown"]) + "\n"
    if "text/plain" in data:
        return _fence(_ANSI.sub("", _text(data["text/plain"])), "output")
    return ""


def convert_notebook(text: str, rel: str, raw_html: bool = True) -> ConvertedNotebook:
    """Markdown for the notebook at content path `rel`; raises ValueError if unreadable."""
    import nbformat  # imported here: sites without notebooks do not pay for it

    try:
        notebook = nbformat.reads(text, as_version=4)  # type: ignore[no-untyped-call]
    except (json.JSONDecodeError, nbformat.reader.NotJSONError, KeyError, TypeError) as error:
        raise ValueError(f"not a readable Jupyter notebook: {error}") from None
    cells = list(notebook.cells)
    front_matter = ""
    if cells and cells[0].cell_type in ("raw", "markdown"):
        source = _text(cells[0].source).strip()
        match = re.match(r"^---\n(.*?)\n---\s*$", source, re.DOTALL)
        if match:
            front_matter = match.group(1)
            cells = cells[1:]
    if not front_matter and isinstance(notebook.metadata.get("lanting"), dict):
        front_matter = json.dumps(dict(notebook.metadata["lanting"]), ensure_ascii=False)
    language = (notebook.metadata.get("kernelspec", {}).get("language")
                or notebook.metadata.get("language_info", {}).get("name") or "python")
    folder = rel + ".files"
    files: list[Attachment] = []
    parts: list[str] = []
    for number, cell in enumerate(cells, start=1):
        source = _text(cell.source)
        if cell.cell_type == "markdown":
            parts.append(source.strip() + "\n")
        elif cell.cell_type == "code" and source.strip():
            parts.append(_fence(source, language))
            for index, output in enumerate(cell.get("outputs", []), start=1):
                parts.append(_output_markdown(output, f"out-{number}-{index}", folder, files,
                                              raw_html))
    return ConvertedNotebook(front_matter, "\n".join(p for p in parts if p), tuple(files))

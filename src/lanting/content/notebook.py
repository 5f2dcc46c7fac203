"""Jupyter notebooks as posts and pages: `content/posts/<slug>.ipynb` (or
`content/pages/<slug>.ipynb`) becomes Markdown for the normal pipeline. Notebooks are
never executed; their stored outputs are shown.

Front matter comes from the first cell when it is a raw or Markdown cell holding a
`---` block, else from the notebook metadata's `lanting` table. Markdown cells pass
through, their attachments (`![x](attachment:x.png)`) becoming files beside the page;
code cells become fenced code, outputs become output blocks, image files (PNG, JPEG,
GIF, WebP; SVG made inert by `content.svg`) and HTML (tables from pandas, say) — raw
only when the site allows raw HTML (`[markdown] raw_html`), else shown as text.

Notebooks are nbformat 4 JSON read directly (older formats are converted by nbformat
first, with its warnings and log kept off the terminal: `notebook_reader.py`, which
also knows the line of each cell in the file). A file that is JSON but not a
notebook, or a cell or output of an unexpected shape, is an error naming the file, the
line of the cell in the file and the cell's number; a cell or output of an unknown type
is left out with a warning.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import json
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import unquote

from lanting.content.cell_options import CellOptions, read_cell_options
from lanting.content.notebook_reader import (
    NOT_A_NOTEBOOK,
    NotebookReader,
    clean_text,
    describe,
)
from lanting.content.svg import safe_svg
from lanting.model.content import Attachment, NotebookPart
from lanting.model.problem import Problem

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_IMAGE_TYPES = {"image/png": "png", "image/jpeg": "jpg", "image/gif": "gif",
                "image/webp": "webp", "image/svg+xml": "svg"}
_FRONT_MATTER = re.compile(r"^---\n(.*?)\n---\s*$", re.DOTALL)
_ATTACHMENT = re.compile(r"(?<=\]\()attachment:([^\s()<>]+)|(?<=\]\(<)attachment:([^<>\n]+)"
                         r"|(?<=\]:)(\s*<?)attachment:([^\s<>]+)")
"""`![x](attachment:a.png)`, `![x](<attachment:a b.png>)`, `[ref]: attachment:a.png`."""
_HTML_ATTACHMENT = re.compile(r"""(?:src|href)\s*=\s*["']?attachment:([^\s"'<>]+)""",
                              re.IGNORECASE)
_LANGUAGE = re.compile(r"[^\w+#.\-]")


@dataclass(frozen=True, slots=True)
class ConvertedNotebook:
    front_matter: str
    """YAML front matter text ("" when the notebook has none)."""
    body: str
    attachments: tuple[Attachment, ...]
    warnings: tuple[Problem, ...] = ()
    """Cells and outputs left out, attachments that could not be shown."""
    parts: tuple[NotebookPart, ...] = ()
    """Where each piece of `body` comes from, in order."""


CELL_MAGICS = {"bash": "bash", "sh": "bash", "html": "html", "javascript": "javascript",
               "js": "javascript", "latex": "latex", "markdown": "markdown", "perl": "perl",
               "ruby": "ruby", "sql": "sql", "svg": "xml"}
"""IPython's cell magics whose body is in another language (`%%bash`), by that language.
`%%script zsh` and `%%writefile train.py` name theirs; any other magic (`%%time`,
`%%capture`) runs the kernel's own language."""
_SCRIPTS = {"bash": "bash", "sh": "bash", "zsh": "bash", "python": "python",
            "python3": "python", "perl": "perl", "ruby": "ruby", "node": "javascript"}
_SUFFIXES = {".py": "python", ".sh": "bash", ".yaml": "yaml", ".yml": "yaml",
             ".json": "json", ".toml": "toml", ".cfg": "ini", ".ini": "ini", ".md": "markdown",
             ".c": "c", ".h": "c", ".cpp": "cpp", ".cu": "cuda", ".js": "javascript"}
_CELL_MAGIC = re.compile(r"%%(\w+)[ \t]*(\S*)")


def cell_language(source: str, kernel: str) -> str:
    """The language of a code cell's text: its cell magic's, else the kernel's."""
    stripped = source.lstrip()
    magic = _CELL_MAGIC.match(stripped) if stripped.startswith("%%") else None
    if magic is None:
        return kernel
    name, argument = magic.groups()
    if name == "script":
        return _SCRIPTS.get(argument, "text")
    if name in ("writefile", "file"):
        return _SUFFIXES.get(PurePosixPath(argument).suffix.lower(), "text")
    return CELL_MAGICS.get(name, kernel)


_PRE = re.compile(r"(<pre\b.*?</pre\s*>)", re.IGNORECASE | re.DOTALL)
_BLANK_LINES = re.compile(r"\n[ \t]*(?=\n)")


def _one_block(html: str) -> str:
    """An HTML output as one raw block: a blank line would end it, and what follows (a
    chart's `<script>` with a `$` in it) would be read as Markdown, a formula of 440,000
    characters. Blank lines are dropped, except in `<pre>`, where each keeps its place
    as a line holding a zero-width space."""
    parts = _PRE.split(html)
    return "".join(_BLANK_LINES.sub("\n\u200b", part) if i % 2 else _BLANK_LINES.sub("", part)
                   for i, part in enumerate(parts))


def _fence(text: str, info: str) -> str:
    longest = max((len(m) for m in re.findall(r"`{3,}", text)), default=2)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{info}\n{text.rstrip()}\n{fence}\n"


def _code(options: CellOptions, language: str) -> str:
    """A code cell's code block, titled by its `filename`, in a fold (`::: details`) if
    its `code-fold` asks for one."""
    title = options.title.replace('"', "'")
    block = _fence(options.code, f'{language} title="{title}"' if title else language)
    if not options.fold:
        return block
    opened = " {open}" if options.fold == "open" else ""
    return f"::: details {options.fold_title}{opened}\n{block}:::\n"




MAX_FRONT_MATTER_DEPTH = 20
"""Levels of lists and objects `metadata.lanting` may nest (it becomes YAML front matter,
whose reader recurses)."""


def _depth(value: Any) -> int:
    """How deep lists and objects nest in `value` (without recursion)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, level)
            stack.extend((x, level + 1) for x in (item.values() if isinstance(item, dict)
                                                  else item))
    return deepest


class _Converter(NotebookReader):
    def __init__(self, path: Path | None, rel: str, raw_html: bool) -> None:
        super().__init__(path)
        self.folder = rel + ".files"
        self.link_folder = self.folder.rsplit("/", 1)[-1]
        self.raw_html = raw_html
        self.files: list[Attachment] = []

    # --- the notebook ---------------------------------------------------------------

    def language(self, metadata: dict[str, Any]) -> str:
        line = self.key_line("metadata")
        found: list[str] = []
        # (the language the kernel reported, as nbconvert and MyST-NB highlight it, over
        # the kernel's own name for it: SageMath's kernel says `sagemath`, its code Python)
        for key, name, example in (
                ("language_info", "name", '{"name": "python"}'),
                ("kernelspec", "language",
                 '{"name": "python3", "display_name": "Python 3", "language": "python"}')):
            table = metadata.get(key)
            if table is None:
                continue
            if not isinstance(table, dict):
                self.fail(f"`metadata.{key}` must be an object such as {example}, not "
                          f"{describe(table)}", line,
                          hint=f"correct `{key}` or delete it; code is then shown as Python")
            value = table.get(name)
            if value is not None and not isinstance(value, str):
                self.fail(f"`metadata.{key}.{name}` must be a language name such as "
                          f"`python`, not {describe(value)}", line,
                          hint=f"correct `{key}` or delete it; code is then shown as Python")
            if value:
                found.append(_LANGUAGE.sub("", value.split()[0] if value.split() else "")[:40])
        return next((x for x in found if x), "python")

    def convert(self, data: dict[str, Any]) -> ConvertedNotebook:
        metadata = data.get("metadata", {})
        if not isinstance(metadata, dict):
            self.fail(f"`metadata` must be a JSON object, not {describe(metadata)}",
                      self.key_line("metadata"))
        own = metadata.get("lanting")
        if own is not None and not isinstance(own, dict):
            self.fail(f"`metadata.lanting` must be an object of front-matter keys, not "
                      f"{describe(own)}", self.key_line("metadata"),
                      hint='write it like {"title": "…", "date": "2026-01-02"}')
        if own and _depth(own) > MAX_FRONT_MATTER_DEPTH:
            self.fail(f"`metadata.lanting` nests more than {MAX_FRONT_MATTER_DEPTH} levels deep",
                      self.key_line("metadata"), hint="front matter needs a few levels at most")
        language = self.language(metadata)
        cells = data.get("cells")
        if cells is None:
            self.fail("not a Jupyter notebook: a JSON object without `cells`",
                      hint=NOT_A_NOTEBOOK)
        if not isinstance(cells, list):
            self.fail(f"`cells` must be a list of cells, not {describe(cells)}",
                      self.key_line("cells"))
        front_matter = ""
        parts: list[tuple[str, NotebookPart]] = []  # (Markdown, where; its line is set below)
        number = 0  # numbers the output files: cells after the front matter
        for index, cell in enumerate(cells):
            where, line = f"cell {index + 1}", self.cell_line(index)
            if not isinstance(cell, dict):
                self.fail(f"{where} is {describe(cell)}, not a cell object", line)
            kind = cell.get("cell_type")
            source = self.text(cell.get("source", ""), where, "source", line)
            if index == 0 and kind in ("raw", "markdown"):
                match = _FRONT_MATTER.match(source.strip())
                if match:
                    front_matter = match.group(1)
                    continue
            number += 1
            if kind == "markdown":
                skipped = len(source) - len(source.lstrip())  # markdown() strips the source
                parts.append((self.markdown(cell, source, where, number, line),
                              NotebookPart(0, where, line, source.count("\n", 0, skipped) + 1)))
            elif kind == "code" and (source.strip() or cell.get("outputs")):
                # (a cell whose code was cleared shows its outputs, as Jupyter does: how
                # Quarto's `echo: false` cells arrive from `lanting import`)
                options = read_cell_options(source)
                if not options.include:
                    continue
                if options.code.strip() and options.show_code:
                    parts.append((_code(options, cell_language(options.code, language)),
                                  NotebookPart(0, where, line)))
                outputs = cell.get("outputs", [])
                if not isinstance(outputs, list):
                    self.fail(f"{where}: `outputs` must be a list, not {describe(outputs)}", line)
                for count, output in enumerate(outputs if options.show_output else [],
                                               start=1):
                    about = f"{where}, output {count}"
                    parts.append((self.output(output, about, f"out-{number}-{count}", line),
                                  NotebookPart(0, about, line)))
            elif kind not in ("code", "raw"):
                shown = f"`{kind}`" if isinstance(kind, str) else describe(kind)
                self.warn(f"{where} has the unknown type {shown} and is left out", line,
                          hint="a cell is `markdown`, `code` or `raw`")
        if not front_matter and own:
            front_matter = json.dumps(own, ensure_ascii=False)
        kept = [(text, part) for text, part in parts if text]
        placed: list[NotebookPart] = []
        body_line = 1
        for text, part in kept:
            placed.append(dataclasses.replace(part, body_line=body_line))
            body_line += text.count("\n") + 1  # the parts are joined by newlines
        return ConvertedNotebook(clean_text(front_matter), "\n".join(text for text, _ in kept),
                                 tuple(self.files), tuple(self.warnings), tuple(placed))

    # --- cells and outputs ----------------------------------------------------------

    def image(self, value: Any, mime: str, where: str, line: int) -> bytes | None:
        content = self.text(value, where, mime, line)
        if mime == "image/svg+xml":
            try:
                return safe_svg(content)
            except ValueError as reason:
                self.warn(f"{where}: the SVG image cannot be read ({reason}) and is left out",
                          line)
                return None
        try:
            return base64.b64decode("".join(content.split()), validate=True)
        except (binascii.Error, ValueError) as error:
            self.fail(f"{where}: `{mime}` is not valid base64 ({error})", line)

    def markdown(self, cell: dict[str, Any], source: str, where: str, number: int,
                 line: int) -> str:
        bundles = cell.get("attachments", {})
        bundles = {} if bundles is None else bundles
        if not isinstance(bundles, dict):
            self.fail(f"{where}: `attachments` must be an object of named images, not "
                      f"{describe(bundles)}", line)
        targets: dict[str, str] = {}
        for count, (name, bundle) in enumerate(bundles.items(), start=1):
            about = f"{where}, attachment `{name}`"
            if not isinstance(bundle, dict):
                self.fail(f"{about} must be an object of MIME types, not {describe(bundle)}",
                          line)
            mime = next((m for m in _IMAGE_TYPES if m in bundle), None)
            if mime is None:
                self.warn(f"{about} is no image Lanting can show ({', '.join(_IMAGE_TYPES)})",
                          line)
                continue
            data = self.image(bundle[mime], mime, about, line)
            if data is not None:
                file_name = f"att-{number}-{count}.{_IMAGE_TYPES[mime]}"
                self.files.append(Attachment(f"{self.folder}/{file_name}", data))
                targets[name] = f"{self.link_folder}/{file_name}"

        def target(name: str, at: int) -> str | None:
            found = targets.get(name) or targets.get(unquote(name))
            if found is None and name not in bundles and unquote(name) not in bundles:
                self.warn(f"{where}, line {source.count(chr(10), 0, at) + 1}: "
                          f"`attachment:{name}` names no attachment of this cell; the image "
                          "is missing from the page", line,
                          hint="paste the image into this cell again in Jupyter, or put "
                               "the file beside the notebook and link it by name")
            return found

        def link(match: re.Match[str]) -> str:
            space, name = match.group(3) or "", next(g for g in (
                match.group(1), match.group(2), match.group(4)) if g is not None)
            found = target(name, match.start())
            return match.group(0) if found is None else f"{space}{found}"

        for match in _HTML_ATTACHMENT.finditer(source):
            self.warn(f"{where}, line {source.count(chr(10), 0, match.start()) + 1}: "
                      f"`attachment:{match.group(1)}` in HTML cannot be shown", line,
                      hint=f"write the image in Markdown: ![…](attachment:{match.group(1)})")
        return _ATTACHMENT.sub(link, source).strip() + "\n"

    def output(self, output: Any, where: str, name: str, line: int) -> str:
        if not isinstance(output, dict):
            self.fail(f"{where} is {describe(output)}, not an output object", line)
        kind = output.get("output_type")
        if kind == "stream":
            text = self.text(output.get("text", ""), where, "text", line)
            return _fence(_ANSI.sub("", text), "output")
        if kind == "error":
            trace = output.get("traceback", [])
            if not isinstance(trace, list) or not all(isinstance(x, str) for x in trace):
                self.fail(f"{where}: `traceback` must be a list of lines, not "
                          f"{describe(trace, lines=True)}",
                          line)
            error = ": ".join(self.text(output.get(key, ""), where, key, line)
                              for key in ("ename", "evalue"))
            text = "\n".join(_ANSI.sub("", clean_text(x)) for x in trace)
            return _fence(text or error, "output error")
        if kind in ("display_data", "execute_result", "update_display_data"):
            return self.data(output.get("data", {}), where, name, line)
        shown = f"`{kind}`" if isinstance(kind, str) else describe(kind)
        self.warn(f"{where} has the unknown type {shown} and is left out", line,
                  hint="an output is `stream`, `error`, `display_data` or `execute_result`")
        return ""

    def data(self, data: Any, where: str, name: str, line: int) -> str:
        if not isinstance(data, dict):
            self.fail(f"{where}: `data` must be an object of MIME types, not {describe(data)}",
                      line)
        for mime, suffix in _IMAGE_TYPES.items():
            if mime in data:
                blob = self.image(data[mime], mime, where, line)
                if blob is not None:
                    file_name = f"{name}.{suffix}"
                    self.files.append(Attachment(f"{self.folder}/{file_name}", blob))
                    return f"![output]({self.link_folder}/{file_name})\n"
        if self.raw_html and "text/html" in data:
            html = _one_block(self.text(data["text/html"], where, "text/html", line).strip())
            return f'<div class="nb-output nb-html">\n{html}\n</div>\n'
        if "text/markdown" in data:
            return self.text(data["text/markdown"], where, "text/markdown", line) + "\n"
        if "text/plain" in data:
            text = self.text(data["text/plain"], where, "text/plain", line)
            return _fence(_ANSI.sub("", text), "output")
        if "text/html" in data:  # raw HTML is off: shown as the text it is
            return _fence(self.text(data["text/html"], where, "text/html", line), "output")
        return ""


def convert_notebook(text: str, rel: str, path: Path | None = None,
                     raw_html: bool = True) -> ConvertedNotebook:
    """Markdown for the notebook at content path `rel` (file `path`, for messages); raises
    LantingError, located in `path`, for anything that is not a readable notebook.
    `raw_html`: whether HTML outputs may go into the page as HTML."""
    converter = _Converter(path, rel, raw_html)
    return converter.convert(converter.load(text))

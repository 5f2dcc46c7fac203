"""Jupyter notebooks as posts: `content/posts/<slug>.ipynb` becomes Markdown for the
normal pipeline. Notebooks are never executed; their stored outputs are shown.

Front matter comes from the first cell when it is a raw or Markdown cell holding a
`---` block, else from the notebook metadata's `lanting` table. Markdown cells pass
through, their attachments (`![x](attachment:x.png)`) becoming files beside the page;
code cells become fenced code, outputs become output blocks, image files (PNG, JPEG,
GIF, WebP; SVG made inert by `content.svg`) and HTML (tables from pandas, say) — raw
only when the site allows raw HTML (`[markdown] raw_html`), else shown as text.

Notebooks are nbformat 4 JSON read directly (older formats are converted by nbformat
first, with its warnings and log kept off the terminal). A file that is JSON but not a
notebook, or a cell or output of an unexpected shape, is an error naming the file, the
line of the cell in the file and the cell's number; a cell or output of an unknown type
is left out with a warning.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import json
import logging
import re
import warnings
from bisect import bisect_right
from dataclasses import dataclass
from json.decoder import scanstring  # type: ignore[attr-defined]
from pathlib import Path, PurePosixPath
from typing import Any, NoReturn
from urllib.parse import unquote

from lanting.content.svg import safe_svg
from lanting.errors import LantingError
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
_WS = re.compile(r"[ \t\n\r]*")
_LANGUAGE = re.compile(r"[^\w+#.\-]")
_CONVERSION = re.compile(r"^Notebook could not be converted from version \d+ to version \d+ "
                         r"because ")

HINT = "open and save it again in Jupyter"
NOT_A_NOTEBOOK = ("a notebook is a JSON object with `cells`, `metadata` and `nbformat`; "
                  "open and save it again in Jupyter")


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


def _clean(text: str) -> str:
    """JSON's `"\\ud800"` escapes give lone surrogates, which no page can hold."""
    if not any("\ud800" <= c <= "\udfff" for c in text):
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def _shown(value: Any, lines: bool = False) -> str:
    """What a JSON value is, for messages; `lines`: say what in a list is not text."""
    if isinstance(value, list):
        odd = next((x for x in value if not isinstance(x, str)), None)
        if lines and odd is not None and not isinstance(odd, list | dict):
            return f"a list holding {_shown(odd)}"
        return "a list"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, str):
        return "text"
    if value is None or isinstance(value, bool):
        return f"`{json.dumps(value)}`"
    return f"the number `{str(value)[:20]}`"


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


def _layout(text: str) -> tuple[dict[str, int], list[int]]:
    """Line of each top-level key and of each cell in a notebook's JSON text (which
    `json.loads` has accepted). Best effort: what cannot be found is left out."""
    newlines = [m.start() for m in re.finditer("\n", text)]

    def line(index: int) -> int:
        return bisect_right(newlines, index - 1) + 1

    def skip(index: int) -> int:
        match = _WS.match(text, index)
        return match.end() if match else index

    keys: dict[str, int] = {}
    cells: list[int] = []
    decoder = json.JSONDecoder()
    try:
        i = skip(0)
        if text[i] != "{":
            return keys, cells
        i = skip(i + 1)
        while text[i] == '"':
            key_line = line(i)
            key, i = scanstring(text, i + 1)
            keys.setdefault(key, key_line)
            i = skip(skip(i) + 1)  # past the colon
            if key == "cells" and text[i] == "[":
                cells = []
                i = skip(i + 1)
                while text[i] != "]":
                    cells.append(line(i))
                    _, i = decoder.raw_decode(text, i)
                    i = skip(i)
                    if text[i] == ",":
                        i = skip(i + 1)
                i += 1
            else:
                _, i = decoder.raw_decode(text, i)
            i = skip(i)
            if text[i] == ",":
                i = skip(i + 1)
    except (ValueError, IndexError, RecursionError):
        pass
    return keys, cells


class _Converter:
    def __init__(self, path: Path | None, rel: str, raw_html: bool) -> None:
        self.path = path
        self.folder = rel + ".files"
        self.link_folder = self.folder.rsplit("/", 1)[-1]
        self.raw_html = raw_html
        self.files: list[Attachment] = []
        self.warnings: list[Problem] = []
        self.key_lines: dict[str, int] = {}
        self.cell_lines: list[int] = []

    # --- messages -------------------------------------------------------------------

    def fail(self, message: str, line: int | None = 1, hint: str | None = HINT,
             column: int | None = None) -> NoReturn:
        raise LantingError(Problem(message, self.path, line or 1, column, hint))

    def warn(self, message: str, line: int, hint: str | None = None) -> None:
        self.warnings.append(Problem(message, self.path, line, hint=hint, severity="warning"))

    def key_line(self, key: str) -> int:
        return self.key_lines.get(key, 1)

    def cell_line(self, index: int) -> int:
        if index < len(self.cell_lines):
            return self.cell_lines[index]
        return self.key_line("cells")

    def text(self, value: Any, where: str, name: str, line: int) -> str:
        """A multiline string of the notebook: text or a list of lines."""
        if isinstance(value, str):
            return _clean(value)
        if isinstance(value, list) and all(isinstance(x, str) for x in value):
            return _clean("".join(value))
        self.fail(f"{where}: `{name}` must be text or a list of lines, not "
                  f"{_shown(value, lines=True)}",
                  line)

    # --- the notebook ---------------------------------------------------------------

    def load(self, text: str) -> dict[str, Any]:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            self.fail(f"not a readable Jupyter notebook: invalid JSON: {error.msg}",
                      error.lineno, column=error.colno,
                      hint="a notebook is JSON; open and save it again in Jupyter")
        except RecursionError:
            self.fail("not a readable Jupyter notebook: its JSON nests too deep")
        except ValueError as error:  # a number of more than 4300 digits, say
            self.fail(f"not a readable Jupyter notebook: {error}")
        if not isinstance(data, dict):
            self.fail(f"not a Jupyter notebook: the file holds {_shown(data)}, not a "
                      "notebook object", hint=NOT_A_NOTEBOOK)
        self.key_lines, self.cell_lines = _layout(text)
        version = data.get("nbformat")
        if version is None:
            what = "`cells` or `nbformat`" if "cells" not in data else "`nbformat`"
            self.fail(f"not a Jupyter notebook: a JSON object without {what}",
                      hint=NOT_A_NOTEBOOK)
        if not isinstance(version, int) or isinstance(version, bool):
            self.fail(f"`nbformat` must be a version number such as 4, not {_shown(version)}",
                      self.key_line("nbformat"))
        if version == 3 and not isinstance(data.get("worksheets"), list):
            self.fail("not a Jupyter notebook: an nbformat 3 notebook without a list of "
                      "`worksheets`", self.key_line("nbformat"), hint=NOT_A_NOTEBOOK)
        if version in (1, 2, 3):
            return self.upgrade(data, version)
        if version != 4:
            self.fail(f"nbformat {version} is not supported: Lanting reads nbformat 4 (and "
                      "converts 1 to 3)", self.key_line("nbformat"),
                      hint="save it with Jupyter, which writes nbformat 4")
        return data

    def upgrade(self, data: dict[str, Any], version: int) -> dict[str, Any]:
        """An nbformat 1–3 notebook converted by nbformat, which warns (missing cell ids)
        and logs (schema errors) on the terminal: both are kept quiet, the converted
        notebook is checked like any other."""
        import nbformat  # imported here: sites without old notebooks do not pay for it

        log = logging.getLogger("traitlets")  # nbformat's logger outside an application
        level = log.level
        log.setLevel(logging.CRITICAL + 1)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                upgraded = nbformat.convert(nbformat.from_dict(data), 4)  # type: ignore[no-untyped-call]
        except Exception as error:  # nbformat fails in many ways on odd input
            reason = (f"it has no `{error.args[0]}`" if isinstance(error, KeyError)
                      else _CONVERSION.sub("", str(error))[:200])
            self.fail(f"an nbformat {version} notebook that could not be converted to "
                      f"nbformat 4: {reason}",
                      hint="open it in Jupyter and save it, which writes nbformat 4")
        finally:
            log.setLevel(level)
        self.cell_lines = []  # the cells moved: only their numbers are known
        if not isinstance(upgraded, dict):
            self.fail(f"an nbformat {version} notebook that could not be converted to "
                      "nbformat 4", hint="open it in Jupyter and save it")
        return upgraded

    def language(self, metadata: dict[str, Any]) -> str:
        line = self.key_line("metadata")
        found: list[str] = []
        for key, name, example in (
                ("kernelspec", "language",
                 '{"name": "python3", "display_name": "Python 3", "language": "python"}'),
                ("language_info", "name", '{"name": "python"}')):
            table = metadata.get(key)
            if table is None:
                continue
            if not isinstance(table, dict):
                self.fail(f"`metadata.{key}` must be an object such as {example}, not "
                          f"{_shown(table)}", line,
                          hint=f"correct `{key}` or delete it; code is then shown as Python")
            value = table.get(name)
            if value is not None and not isinstance(value, str):
                self.fail(f"`metadata.{key}.{name}` must be a language name such as "
                          f"`python`, not {_shown(value)}", line,
                          hint=f"correct `{key}` or delete it; code is then shown as Python")
            if value:
                found.append(_LANGUAGE.sub("", value.split()[0] if value.split() else "")[:40])
        return next((x for x in found if x), "python")

    def convert(self, data: dict[str, Any]) -> ConvertedNotebook:
        metadata = data.get("metadata", {})
        if not isinstance(metadata, dict):
            self.fail(f"`metadata` must be a JSON object, not {_shown(metadata)}",
                      self.key_line("metadata"))
        own = metadata.get("lanting")
        if own is not None and not isinstance(own, dict):
            self.fail(f"`metadata.lanting` must be an object of front-matter keys, not "
                      f"{_shown(own)}", self.key_line("metadata"),
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
            self.fail(f"`cells` must be a list of cells, not {_shown(cells)}",
                      self.key_line("cells"))
        front_matter = ""
        parts: list[tuple[str, NotebookPart]] = []  # (Markdown, where; its line is set below)
        number = 0  # numbers the output files: cells after the front matter
        for index, cell in enumerate(cells):
            where, line = f"cell {index + 1}", self.cell_line(index)
            if not isinstance(cell, dict):
                self.fail(f"{where} is {_shown(cell)}, not a cell object", line)
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
            elif kind == "code" and source.strip():
                parts.append((_fence(source, cell_language(source, language)),
                              NotebookPart(0, where, line)))
                outputs = cell.get("outputs", [])
                if not isinstance(outputs, list):
                    self.fail(f"{where}: `outputs` must be a list, not {_shown(outputs)}", line)
                for count, output in enumerate(outputs, start=1):
                    about = f"{where}, output {count}"
                    parts.append((self.output(output, about, f"out-{number}-{count}", line),
                                  NotebookPart(0, about, line)))
            elif kind not in ("code", "raw"):
                shown = f"`{kind}`" if isinstance(kind, str) else _shown(kind)
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
        return ConvertedNotebook(_clean(front_matter), "\n".join(text for text, _ in kept),
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
                      f"{_shown(bundles)}", line)
        targets: dict[str, str] = {}
        for count, (name, bundle) in enumerate(bundles.items(), start=1):
            about = f"{where}, attachment `{name}`"
            if not isinstance(bundle, dict):
                self.fail(f"{about} must be an object of MIME types, not {_shown(bundle)}",
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
            self.fail(f"{where} is {_shown(output)}, not an output object", line)
        kind = output.get("output_type")
        if kind == "stream":
            text = self.text(output.get("text", ""), where, "text", line)
            return _fence(_ANSI.sub("", text), "output")
        if kind == "error":
            trace = output.get("traceback", [])
            if not isinstance(trace, list) or not all(isinstance(x, str) for x in trace):
                self.fail(f"{where}: `traceback` must be a list of lines, not "
                          f"{_shown(trace, lines=True)}",
                          line)
            error = ": ".join(self.text(output.get(key, ""), where, key, line)
                              for key in ("ename", "evalue"))
            text = "\n".join(_ANSI.sub("", _clean(x)) for x in trace)
            return _fence(text or error, "output error")
        if kind in ("display_data", "execute_result", "update_display_data"):
            return self.data(output.get("data", {}), where, name, line)
        shown = f"`{kind}`" if isinstance(kind, str) else _shown(kind)
        self.warn(f"{where} has the unknown type {shown} and is left out", line,
                  hint="an output is `stream`, `error`, `display_data` or `execute_result`")
        return ""

    def data(self, data: Any, where: str, name: str, line: int) -> str:
        if not isinstance(data, dict):
            self.fail(f"{where}: `data` must be an object of MIME types, not {_shown(data)}",
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

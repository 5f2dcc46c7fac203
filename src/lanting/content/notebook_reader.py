"""A notebook file read and checked: its JSON (nbformat 1–3 converted by nbformat, with
its warnings and log kept off the terminal), the line of each top-level key and each
cell in the file, and the messages that locate a problem there (`NotebookReader`).
What the cells become is `notebook.py`'s.
"""

from __future__ import annotations

import json
import logging
import re
import warnings
from bisect import bisect_right
from json.decoder import scanstring  # type: ignore[attr-defined]
from pathlib import Path
from typing import Any, NoReturn

from lanting.errors import LantingError
from lanting.model.problem import Problem

_WS = re.compile(r"[ \t\n\r]*")
_CONVERSION = re.compile(r"^Notebook could not be converted from version \d+ to version \d+ "
                         r"because ")

HINT = "open and save it again in Jupyter"
NOT_A_NOTEBOOK = ("a notebook is a JSON object with `cells`, `metadata` and `nbformat`; "
                  "open and save it again in Jupyter")


def clean_text(text: str) -> str:
    """JSON's `"\\ud800"` escapes give lone surrogates, which no page can hold."""
    if not any("\ud800" <= c <= "\udfff" for c in text):
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def describe(value: Any, lines: bool = False) -> str:
    """What a JSON value is, for messages; `lines`: say what in a list is not text."""
    if isinstance(value, list):
        odd = next((x for x in value if not isinstance(x, str)), None)
        if lines and odd is not None and not isinstance(odd, list | dict):
            return f"a list holding {describe(odd)}"
        return "a list"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, str):
        return "text"
    if value is None or isinstance(value, bool):
        return f"`{json.dumps(value)}`"
    return f"the number `{str(value)[:20]}`"


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


class NotebookReader:
    """A notebook's JSON, with the lines of its keys and cells for the messages."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
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
            return clean_text(value)
        if isinstance(value, list) and all(isinstance(x, str) for x in value):
            return clean_text("".join(value))
        self.fail(f"{where}: `{name}` must be text or a list of lines, not "
                  f"{describe(value, lines=True)}",
                  line)

    # --- the file -------------------------------------------------------------------

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
            self.fail(f"not a Jupyter notebook: the file holds {describe(data)}, not a "
                      "notebook object", hint=NOT_A_NOTEBOOK)
        self.key_lines, self.cell_lines = _layout(text)
        version = data.get("nbformat")
        if version is None:
            what = "`cells` or `nbformat`" if "cells" not in data else "`nbformat`"
            self.fail(f"not a Jupyter notebook: a JSON object without {what}",
                      hint=NOT_A_NOTEBOOK)
        if not isinstance(version, int) or isinstance(version, bool):
            self.fail(f"`nbformat` must be a version number such as 4, not {describe(version)}",
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
                # (read as nbformat reads its version, which joins the lists of lines
                # Jupyter wrote each source and output as: `from_dict` alone failed on them)
                old = nbformat.versions[version].to_notebook_json(data)
                upgraded = nbformat.convert(old, 4)  # type: ignore[no-untyped-call]
        except Exception as error:  # nbformat fails in many ways on odd input
            # (a key missing: a KeyError, or nbformat's nodes' AttributeError naming it)
            missing = error.args[0] if isinstance(error, KeyError) else str(error) \
                if isinstance(error, AttributeError) and re.fullmatch(r"\w+", str(error)) \
                else None
            reason = (f"it has no `{missing}`" if missing
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

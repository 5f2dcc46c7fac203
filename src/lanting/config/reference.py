"""The configuration reference (`docs/content/pages/configuration.md`, a page of the
documentation site), generated from the schema so it cannot drift.

The schema is `model/config.py` (its academic tables in `model/config_academic.py`):
each dataclass is a table of `lanting.toml`, each field a key with its type and default,
and the string literal under a field (an attribute docstring, read from the module's
syntax tree) is its description. A name of a tuple constant of those modules in a
description (`COMMENT_PROVIDERS`) is replaced by its values.
`tests/test_config_reference.py` fails when a key has no description or the page differs
from `python -m lanting.config.reference`.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import re
import sys
import types
import typing
from dataclasses import dataclass
from typing import Any, Union

from lanting.model import config as schema
from lanting.model import config_academic as academic_schema
from lanting.model.config import Config
from lanting.model.url import Url

DOC = "docs/content/pages/configuration.md"
"""Where the reference lives in Lanting's repository."""


@dataclass(frozen=True, slots=True)
class Key:
    """One key of `lanting.toml`."""

    name: str
    type: str
    default: str
    description: str


@dataclass(frozen=True, slots=True)
class Table:
    """One table of `lanting.toml` (`[markdown]`, `[[menu]]`, …) and its keys."""

    header: str
    """As written in the file: `[blog]`, `[[menu]]`, `[publications.venues.NAME]`; "" for
    the top level."""
    description: str
    keys: tuple[Key, ...]


def _body(cls: type) -> list[ast.stmt]:
    tree = ast.parse(inspect.getsource(cls))
    node = tree.body[0]
    assert isinstance(node, ast.ClassDef)
    return node.body


def class_doc(cls: type) -> str:
    """The class's own docstring (not the signature `dataclass` makes up without one)."""
    node = _body(cls)[0]
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(
            node.value.value, str):
        return inspect.cleandoc(node.value.value)
    return ""


def field_docs(cls: type) -> dict[str, str]:
    """Field name → the string literal written under it in the class body."""
    body = _body(cls)
    docs: dict[str, str] = {}
    for node, after in zip(body, body[1:], strict=False):
        if (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
                and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)):
            docs[node.target.id] = inspect.cleandoc(after.value.value)
    return docs


def _constants(text: str) -> str:
    """`one of COMMENT_PROVIDERS` → ``one of `giscus`, `waline`, …``."""
    def values(match: re.Match[str]) -> str:
        value = getattr(schema, match.group(), getattr(academic_schema, match.group(), None))
        if isinstance(value, tuple) and all(isinstance(v, str) for v in value):
            return ", ".join(f"`{v}`" for v in value)
        return match.group()

    return re.sub(r"\b[A-Z][A-Z_]{2,}\b", values, text)


def _one_line(text: str) -> str:
    return " ".join(_constants(text).split()).replace("|", "\\|")


def _table_of(tp: Any) -> type | None:
    """The dataclass a key's value is made of (a table, list of tables or map of tables)."""
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        found = [_table_of(a) for a in typing.get_args(tp) if a is not type(None)]
        return next((f for f in found if f is not None), None)
    if origin is tuple:
        return _table_of(typing.get_args(tp)[0])
    if origin is dict:
        return _table_of(typing.get_args(tp)[1])
    return tp if isinstance(tp, type) and dataclasses.is_dataclass(tp) else None


def type_name(tp: Any, plural: bool = False) -> str:
    """How a key's type reads in the reference: `string`, `list of integers`, …"""
    names = {str: "string", int: "integer", bool: "boolean", float: "number", Url: "URL",
             Any: "value"}
    if tp in names:
        name = names[tp]
        return name + "s" if plural else name
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        return " or ".join(type_name(a, plural) for a in typing.get_args(tp)
                           if a is not type(None))
    if origin is tuple:
        item = typing.get_args(tp)[0]
        return ("lists of " if plural else "list of ") + type_name(item, plural=True)
    if origin is dict:
        item = typing.get_args(tp)[1]
        return ("tables of " if plural else "table of ") + type_name(item, plural=True)
    if dataclasses.is_dataclass(tp):
        return "tables" if plural else "table"
    return str(tp)


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '""' if value == "" else f'"{value}"'
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{}"
    return str(value)


def default_of(field: dataclasses.Field[Any], tp: Any) -> str:
    if field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
        return "required"
    if field.default is None:
        return "unset"
    if field.default is not dataclasses.MISSING:
        return f"`{_toml(field.default)}`"
    made = field.default_factory()  # type: ignore[operator]
    if dataclasses.is_dataclass(made):
        return "see below"
    return f"`{_toml(made)}`"


def _header(tp: Any, prefix: str, name: str) -> str:
    origin = typing.get_origin(tp)
    if origin is tuple:
        return f"[[{prefix}{name}]]"
    if origin is dict or (origin in (Union, types.UnionType) and any(
            typing.get_origin(a) is dict for a in typing.get_args(tp))):
        return f"[{prefix}{name}.NAME]"
    return f"[{prefix}{name}]"


def tables() -> list[Table]:
    """Every table of `lanting.toml`, top level first, in the order of the schema; a table
    made of a class already shown (`[[languages.NAME.menu]]`) points to it instead."""
    found: list[Table] = []
    shown: dict[type, str] = {}

    def visit(cls: type, header: str) -> None:
        shown[cls] = header
        hints = typing.get_type_hints(cls)
        docs = field_docs(cls)
        keys: list[Key] = []
        below: list[tuple[type, str]] = []
        for field in dataclasses.fields(cls):
            tp = hints[field.name]
            description = docs.get(field.name, "")
            table = _table_of(tp)
            if table is not None:
                prefix = header.strip("[]") + "." if header else ""
                sub = _header(tp, prefix, field.name)
                if table in shown:
                    see = f"The keys of `{shown[table]}`."
                else:
                    see = f"See `{sub}`."
                    below.append((table, sub))
                description = f"{description} {see}".strip()
            keys.append(Key(field.name, type_name(tp), default_of(field, tp),
                            _one_line(description)))
        found.append(Table(header, _one_line(class_doc(cls)), tuple(keys)))
        for table, name in below:
            visit(table, name)

    visit(Config, "")
    return found


def reference() -> str:
    """The Markdown of the configuration reference."""
    lines = [
        "---",
        "title: Configuration reference",
        "---",
        "",
        f"<!-- Generated by `python -m lanting.config.reference > {DOC}` from the schema "
        "(src/lanting/model/config.py, config_academic.py); tests/test_config_reference.py "
        "fails when it is out of date. -->",
        "",
        "Every key of `lanting.toml`, table by table, with its type, its default and what it "
        "does. Every key is checked when the file is read: an unknown key is an error with "
        "a \"did you mean\" hint, and every problem is listed as `lanting.toml:LINE: …` "
        "before the build stops. `NAME` in a header stands for a name you choose "
        "(`[languages.en]`, `[publications.venues.ICML]`). A `[[table]]` may be repeated: "
        "each is one item of the list.",
        "",
    ]
    for table in tables():
        title = "Top level" if not table.header else f"`{table.header}`"
        lines += [f"## {title}", ""]
        if table.description:
            lines += [table.description, ""]
        lines += ["| key | type | default | description |", "| --- | --- | --- | --- |"]
        lines += [f"| `{k.name}` | {k.type} | {k.default} | {k.description} |"
                  for k in table.keys]
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.stdout.write(reference())

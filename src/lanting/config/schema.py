"""Turn plain mappings (from TOML or YAML) into frozen dataclasses, collecting every problem.

A dataclass field's annotation is its schema: `str`, `int`, `bool`, `float`,
`tuple[X, ...]`, `dict[str, X]`, `X | None`, or another dataclass. Unknown keys are
problems with a "did you mean" hint. Every problem carries the key path so the caller
can turn it into a file:line.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import re
import types
import typing
from dataclasses import dataclass
from typing import Any, TypeVar, Union

from lanting.errors import did_you_mean
from lanting.markdown.urls import URL_HINT, unsafe_url_reason
from lanting.model.url import Url

T = TypeVar("T")

CONTROL_CHARACTERS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
"""C0 controls (but tab and line ends) and DEL: pasted from a terminal or written as
escapes, invisible, and forbidden in the feeds' XML."""


@dataclass(frozen=True, slots=True)
class SchemaProblem:
    path: tuple[str, ...]
    message: str
    hint: str | None = None


_TYPE_NAMES = {str: "a string", int: "an integer", bool: "true or false", float: "a number"}


def _describe(tp: Any) -> str:
    if tp in _TYPE_NAMES:
        return _TYPE_NAMES[tp]
    origin = typing.get_origin(tp)
    if origin is tuple:
        return "a list"
    if origin is dict or dataclasses.is_dataclass(tp):
        return "a table"
    return getattr(tp, "__name__", str(tp))


def _type_name_of(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, dt.date):
        return "a date"
    return type(value).__name__


def convert(
    tp: Any, value: Any, path: tuple[str, ...], problems: list[SchemaProblem]
) -> Any:
    """Convert `value` to type `tp`; on failure, record a problem and return None."""
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if value is None:
            return None
        if len(args) == 1:
            return convert(args[0], value, path, problems)
        shaped: list[SchemaProblem] | None = None
        for arg in args:
            scratch: list[SchemaProblem] = []
            result = convert(arg, value, path, scratch)
            if not scratch:
                return result
            if shaped is None and all(len(p.path) > len(path) for p in scratch):
                shaped = scratch  # the value has this type's shape: report what is inside
        if shaped is not None:
            problems.extend(shaped)
            return None
        problems.append(
            SchemaProblem(path, f"expected {' or '.join(_describe(a) for a in args)}, "
                          f"got {_type_name_of(value)}")
        )
        return None
    if dataclasses.is_dataclass(tp):
        if not isinstance(value, dict):
            problems.append(SchemaProblem(path, f"expected a table, got {_type_name_of(value)}"))
            return None
        return build(typing.cast(type, tp), value, path, problems)
    if origin is tuple:
        (item_type, _ellipsis) = typing.get_args(tp)
        if isinstance(value, str) and item_type is str:
            value = [value]
        if not isinstance(value, list | tuple):
            problems.append(SchemaProblem(path, f"expected a list, got {_type_name_of(value)}"))
            return ()
        items = (convert(item_type, item, (*path, str(i)), problems)
                 for i, item in enumerate(value))
        # An item that failed is reported; leaving it out lets validation go on.
        return tuple(item for item in items if item is not None)
    if origin is dict:
        (_key_type, item_type) = typing.get_args(tp)
        if not isinstance(value, dict):
            problems.append(SchemaProblem(path, f"expected a table, got {_type_name_of(value)}"))
            return {}
        table = {}
        for k, v in value.items():
            before = len(problems)
            item = convert(item_type, v, (*path, str(k)), problems)
            if len(problems) == before:  # a failed item is reported and left out, as in lists
                table[str(k)] = item
        return table
    if tp is Any:
        return value
    if tp is Url:
        if not isinstance(value, str):
            problems.append(SchemaProblem(path, f"expected a URL, got {_type_name_of(value)}"))
            return None
        reason = unsafe_url_reason(value)
        if reason is not None:
            problems.append(SchemaProblem(path, reason, URL_HINT))
            return None
        return value
    if tp is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if tp is int and isinstance(value, bool):
        problems.append(SchemaProblem(path, "expected an integer, got a boolean"))
        return None
    if tp is str and isinstance(value, str) and CONTROL_CHARACTERS.search(value):
        found = CONTROL_CHARACTERS.search(value)
        assert found is not None
        problems.append(SchemaProblem(path, f"control character U+{ord(found.group()):04X} "
                                      "in the value", "remove it: it is invisible, and no "
                                      "page may show it"))
        return None
    if isinstance(tp, type) and isinstance(value, tp):
        return value
    problems.append(
        SchemaProblem(path, f"expected {_describe(tp)}, got {_type_name_of(value)}")
    )
    return None


@functools.cache
def _schema(cls: type) -> tuple[dict[str, Any], dict[str, dataclasses.Field[Any]]]:
    # Resolving string annotations compiles code: do it once per class, not per file.
    hints = typing.get_type_hints(cls)
    return hints, {f.name: f for f in dataclasses.fields(cls) if f.init}


def build(
    cls: type[T], data: dict[str, Any], path: tuple[str, ...], problems: list[SchemaProblem]
) -> T:
    """Build dataclass `cls` from `data`; unknown keys and bad values become problems."""
    hints, fields = _schema(typing.cast(Any, cls))  # a class is hashable; mypy cannot tell
    kwargs: dict[str, Any] = {}
    for key, value in data.items():
        name = str(key)
        if name not in fields:
            problems.append(
                SchemaProblem((*path, name), f"unknown key `{name}`", did_you_mean(name, fields))
            )
            continue
        converted = convert(hints[name], value, (*path, name), problems)
        if converted is not None:
            kwargs[name] = converted
    for name, field in fields.items():
        missing = (field.default is dataclasses.MISSING
                   and field.default_factory is dataclasses.MISSING)
        if missing and name not in kwargs:
            if name in data:  # present but invalid: already reported
                return typing.cast(T, None)
            problems.append(SchemaProblem((*path, name), f"missing required key `{name}`"))
            return typing.cast(T, None)
    return cls(**kwargs)

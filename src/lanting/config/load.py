"""Stage 1 — read `lanting.toml` into one typed, validated tree.

Every problem in the file is collected and reported as `lanting.toml:LINE` before the
build stops: the types by `schema.py`, the values by `validate.py`.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import tomllib
import typing
from dataclasses import replace
from pathlib import Path
from typing import Any

from lanting.config.locate import line_of, nesting_line, toml_key_lines
from lanting.config.schema import SchemaProblem, build
from lanting.config.validate import validate_config
from lanting.errors import LantingError
from lanting.model.config import Config
from lanting.model.problem import Problem

CONFIG_NAME = "lanting.toml"


def _tables(cls: type, prefix: str = "") -> dict[str, list[str]]:
    """Each key name of the configuration -> the tables it belongs to (`""`: the top)."""
    homes: dict[str, list[str]] = {}
    for name, hint in typing.get_type_hints(cls).items():
        homes.setdefault(name, []).append(prefix)
        inner = [t for t in (hint, *typing.get_args(hint)) if dataclasses.is_dataclass(t)]
        for table in inner[:1]:
            for key, places in _tables(typing.cast(type, table),
                                       f"{prefix}.{name}" if prefix else name).items():
                homes.setdefault(key, []).extend(places)
    return homes


@functools.cache
def _key_homes() -> dict[str, list[str]]:
    return _tables(Config)


def _placed_elsewhere(problem: SchemaProblem) -> SchemaProblem:
    """An unknown key that is a key of another table (`math_macros` after `[[links]]`: TOML
    puts every key after a table's header into that table) says where it belongs."""
    name = problem.path[-1] if problem.path else ""
    if problem.hint or not problem.message.startswith("unknown key"):
        return problem
    if name == "children" and "children" in problem.path[:-1]:
        # (`[[menu.children.children]]`, a site's menu of two levels, as Hugo's allows)
        return replace(problem, hint="a drop-down has one level: move these entries up, "
                       "into the drop-down's `[[menu.children]]` or a `[[menu]]` of their own")
    here = ".".join(p for p in problem.path[:-1] if not p.isdigit())
    homes = [h for h in _key_homes().get(name, []) if h != here]
    if not homes:
        return problem
    where = f"under `[{homes[0]}]`" if homes[0] else "at the top, before the first `[table]`"
    return replace(problem, hint=f"`{name}` belongs {where}: a key written after a "
                                 "`[table]` header belongs to that table")


def load_config(site: Path, overrides: dict[str, Any] | None = None,
                defaults: dict[str, Any] | None = None) -> Config:
    """Read and validate `SITE/lanting.toml`; raise LantingError listing every problem.
    `overrides` replace keys of the file (`--base-url`); `defaults` fill in top-level
    keys it leaves out (`--default-base-url`, which the generated workflow passes)."""
    path = site / CONFIG_NAME
    if not path.is_file():
        raise LantingError.at(
            f"no {CONFIG_NAME} in {site}", path,
            hint="run `lanting new DIR` to start a site, or pass the site folder",
        )
    text = path.read_text(encoding="utf-8", errors="replace")
    try:
        data = tomllib.loads(text.removeprefix("\ufeff"))
    except RecursionError:
        raise LantingError.at(f"{CONFIG_NAME} nests too deeply", path,
                              nesting_line(text.removeprefix("\ufeff"), 64) or 1,
                              hint="tables and lists a few levels deep, not thousands") from None
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"\(at line (\d+), column (\d+)\)", str(error))
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(error))
        line, column = (int(match.group(1)), int(match.group(2))) if match else (None, None)
        if not match and "(at end of document)" in message:
            line = max(1, len(text.splitlines()))  # the last line
            message = message.replace(" (at end of document)", "")
        raise LantingError.at(f"invalid TOML: {message}", path, line, column) from None
    problems: list[SchemaProblem] = []
    data = {**(defaults or {}), **data}
    config = build(Config, data, (), problems)
    if config is not None:
        if overrides:
            config = replace(config, **overrides)
        reported = {p.path for p in problems}  # (a value read wrong is said once)
        problems += [p for p in validate_config(config, site) if p.path not in reported]
    if problems or config is None:
        problems = [_placed_elsewhere(p) for p in problems]
        lines = toml_key_lines(text)
        raise LantingError(
            [
                Problem(f"{'.'.join(p.path)}: {p.message}", path, line_of(lines, p.path),
                        hint=p.hint)
                for p in problems
            ]
        )
    return config

"""docs/content/pages/configuration.md is generated from the config schema
(`lanting.config.reference`): it is up to date, and every key of `lanting.toml` has a
type, a default and a description written in the schema."""

from __future__ import annotations

import dataclasses
import re
import typing
from pathlib import Path

from lanting.config.reference import DOC, reference, tables
from lanting.model.config import Config

PAGE = Path(__file__).resolve().parents[1] / DOC


def test_the_reference_in_docs_is_up_to_date() -> None:
    assert PAGE.read_text(encoding="utf-8") == reference(), (
        f"{DOC} is out of date: run `PYTHONPATH=src python -m lanting.config.reference > "
        f"{DOC}`")


def test_every_key_is_described() -> None:
    undescribed = [f"{t.header or 'top level'} {k.name}" for t in tables() for k in t.keys
                   if not k.description]
    assert undescribed == [], "describe these keys in src/lanting/model/config.py"
    assert all(t.description for t in tables() if t.header), "a table without a docstring"


def test_every_field_of_the_schema_is_listed() -> None:
    listed = {t.header: [k.name for k in t.keys] for t in tables()}
    assert listed[""] == [f.name for f in dataclasses.fields(Config)]
    hints = typing.get_type_hints(Config)
    for field in dataclasses.fields(Config):
        if dataclasses.is_dataclass(hints[field.name]):
            nested = typing.get_type_hints(hints[field.name])
            assert listed[f"[{field.name}]"] == list(nested), field.name
    assert listed["[[menu]]"] == ["name", "url", "children"]
    assert listed["[[menu.children]]"] == ["name", "url"]
    assert "[publications.venues.NAME]" in listed and "[languages.NAME]" in listed


def test_types_and_defaults_come_from_the_schema() -> None:
    text = reference()
    rows = {m.group(1): m.group(2, 3) for m in re.finditer(
        r"^\| `(\w+)` \| ([^|]+) \| ([^|]+) \|", text.split("## `[markdown]`")[1], re.M)}
    assert rows["toc_levels"] == ("list of integers", "`[2, 3]`")
    assert rows["raw_html"] == ("boolean", "`true`")
    assert rows["mermaid"] == ("URL", '`""`')
    top = {t.header: t for t in tables()}[""]
    title = next(k for k in top.keys if k.name == "title")
    assert title.default == "required"
    comments = next(k for k in top.keys if k.name == "comments")
    assert comments.default == "unset"


def test_constant_names_become_their_values() -> None:
    comments = {t.header: t for t in tables()}["[comments]"]
    provider = next(k for k in comments.keys if k.name == "provider")
    assert "`giscus`, `waline`, `twikoo`, `artalk`" in provider.description
    assert "COMMENT_PROVIDERS" not in reference()

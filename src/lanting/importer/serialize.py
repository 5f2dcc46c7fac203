"""Lanting's front matter (YAML) and `lanting.toml` (TOML), written out as a person would
write them: plain strings unquoted where YAML reads them back as the same text, long
text as literal blocks, dates as dates, the config's sections with their comments."""

from __future__ import annotations

import functools
import json
import re
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from lanting.importer.text import When

_PLAIN = re.compile(r"^[\w\u4e00-\u9fff\u3400-\u4dbf\ue000-\uf8ff][\w\u4e00-\u9fff\u3400-\u4dbf"
                    r"\ue000-\uf8ff .,()/+\-·，。（）、《》\u00b7]*\Z")
_NOT_PLAIN = re.compile(r"^(true|false|yes|no|on|off|null|~|[-+]?[\d.]+(e[-+]?\d+)?|"
                        r"\d{4}-\d\d-\d\d.*)\Z", re.IGNORECASE)


def yaml_scalar(value: Any, flow: bool = False) -> str:
    """`value` as YAML; `flow`: as an item of `[a, b]`, where a comma ends the item."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, When):
        return value.text()
    if value is None:
        return "null"
    text = str(value)
    if _PLAIN.match(text) and not _NOT_PLAIN.match(text) and not text.endswith(" ") \
            and ": " not in text and " #" not in text and not (flow and "," in text) \
            and _reads_as_text(text):
        return text
    return _NOT_YAML_PRINTABLE.sub(lambda m: f"\\u{ord(m.group()):04x}",
                                   json.dumps(text, ensure_ascii=False))


@functools.lru_cache(maxsize=4096)
def _reads_as_text(text: str) -> bool:
    """Whether YAML reads `text`, written plain, back as that text: ruamel's resolver
    takes `0-`, `1_000` and `0o7` for integers, which no pattern here foresaw."""
    try:
        return bool(YAML(typ="safe", pure=True).load(f"x: {text}") == {"x": text})
    except YAMLError:
        return False


_NOT_YAML_PRINTABLE = re.compile("[\x7f-\x9f\u2028\u2029\ufffe\uffff]")
"""Characters YAML refuses in a document or reads as line breaks (`\\x85`, `\\u2028`),
which a quoted string must escape (JSON escapes the other control characters)."""


def _yaml_value(value: Any, indent: str) -> str:
    """` value` after `key:`, or a block on the following lines."""
    if isinstance(value, dict):
        if not value:
            return " {}"
        return "\n" + "\n".join(f"{indent}  {_key(k)}:{_yaml_value(v, indent + '  ')}"
                                for k, v in value.items())
    if isinstance(value, list | tuple):
        if not value:
            return " []"
        if all(not isinstance(v, dict | list | tuple) for v in value) \
                and sum(len(yaml_scalar(v, flow=True)) for v in value) < 60:
            return " [" + ", ".join(yaml_scalar(v, flow=True) for v in value) + "]"
        lines = []
        for item in value:
            if isinstance(item, dict):
                first = True
                for k, v in item.items():
                    lead = f"{indent}  - " if first else f"{indent}    "
                    lines.append(f"{lead}{_key(k)}:{_yaml_value(v, indent + '    ')}")
                    first = False
            else:
                lines.append(f"{indent}  -{_yaml_value(item, indent + '  ')}")
        return "\n" + "\n".join(lines)
    if isinstance(value, str) and _literal_block_keeps(value):
        body = "\n".join(f"{indent}  {line}" if line else "" for line in value.split("\n"))
        return " |-\n" + body
    return " " + yaml_scalar(value)


def _literal_block_keeps(text: str) -> bool:
    """Whether a literal block (`|-`) gives `text` back as it is: lines, the first not
    starting with a space, none ending with one, no tab or control character, no line
    break at either end (else the text is written quoted, escapes and all)."""
    return ("\n" in text and not text[0].isspace() and not text[-1].isspace()
            and not _NOT_YAML_PRINTABLE.search(text) and not _CONTROL.search(text)
            and all(line == line.rstrip() for line in text.split("\n")))


_CONTROL = re.compile("[\x00-\x09\x0b-\x1f]")


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z_][\w-]*", key) else json.dumps(key, ensure_ascii=False)


def dump_front_matter(front: dict[str, Any]) -> str:
    """`---` … `---`, keys in the order given, empty values left out."""
    lines = ["---"]
    for key, value in front.items():
        if value is None or value == [] or value == {} or value == "":
            continue
        lines.append(f"{_key(key)}:{_yaml_value(value, '')}")
    lines.append("---")
    return "\n".join(lines) + "\n"


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, list | tuple):
        if any(isinstance(v, dict) for v in value):
            return "[\n" + "".join(f"  {_toml_value(v)},\n" for v in value) + "]"
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_toml_key(k)} = {_toml_value(v)}"
                                for k, v in value.items()) + " }"
    return json.dumps(str(value), ensure_ascii=False)


def _toml_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key, ensure_ascii=False)


def dump_toml(config: dict[str, Any], comments: dict[str, str] | None = None) -> str:
    """`lanting.toml`: top-level values, then tables, then arrays of tables (`[[menu]]`);
    `comments` puts a `# …` line above a key or table."""
    comments = comments or {}
    out: list[str] = []

    def comment(key: str) -> None:
        if key in comments:
            out.extend(f"# {line}" for line in comments[key].split("\n"))

    for key, value in config.items():
        if not isinstance(value, dict) and not _array_of_tables(value):
            comment(key)
            out.append(f"{_toml_key(key)} = {_toml_value(value)}")
    for key, value in config.items():
        if _array_of_tables(value):
            for item in value:
                out.append("")
                comment(key)
                out.append(f"[[{_toml_key(key)}]]")
                out += [f"{_toml_key(k)} = {_toml_value(v)}" for k, v in item.items()
                        if not _array_of_tables(v)]
                for sub_key, sub in item.items():  # (`[[menu.children]]`: under this one)
                    for sub_item in sub if _array_of_tables(sub) else ():
                        out.append(f"[[{_toml_key(key)}.{_toml_key(sub_key)}]]")
                        out += [f"{_toml_key(k)} = {_toml_value(v)}"
                                for k, v in sub_item.items()]
    for key, value in config.items():
        if isinstance(value, dict) and value:
            out.append("")
            comment(key)
            out.append(f"[{_toml_key(key)}]")
            out += [f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items()]
    return "\n".join(out).lstrip("\n") + "\n"


def _array_of_tables(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)

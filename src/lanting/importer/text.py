"""Front matter as other generators write it, read leniently; Lanting's front matter
and `lanting.toml`, written out; dates in every shape they come in."""

from __future__ import annotations

import datetime as dt
import functools
import json
import re
import tomllib
import zoneinfo
from collections.abc import Iterable
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.constructor import SafeConstructor
from ruamel.yaml.error import YAMLError
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode


def split_front_matter(text: str) -> tuple[str, str, str, int]:
    """(format, front matter, body, first line of the body); format is `yaml`, `toml`,
    `json` or "" (no front matter). A fence may end in spaces (`---  `, as an editor
    adding two to every line leaves it), as Hugo and Jekyll read it. Every byte-order mark
    before it is skipped, as Hugo skips them: a post saved through two tools that each
    added one starts with two, and its front matter was read as text."""
    text = text.lstrip("\ufeff").replace("\r\n", "\n")
    for fence, fmt in (("---", "yaml"), ("+++", "toml")):
        if text.startswith(fence) and text.split("\n", 1)[0].rstrip(" \t") == fence:
            lines = text.split("\n")
            for i in range(1, len(lines)):
                if lines[i].rstrip() == fence:
                    return fmt, "\n".join(lines[1:i]), "\n".join(lines[i + 1:]), i + 2
    if text.startswith("{"):
        depth = 0
        for i, char in enumerate(text):
            depth += {"{": 1, "}": -1}.get(char, 0)
            if depth == 0:
                return "json", text[: i + 1], text[i + 1:].lstrip("\n"), \
                    text[: i + 1].count("\n") + 2
    return "", "", text, 1


class _LenientConstructor(SafeConstructor):
    """Safe YAML that reads a tag it does not know (js-yaml's `!!js/regexp` in a Hexo
    `_config.yml`, a plugin's `!custom`) as the plain value under it: one such value
    made the whole file unreadable; and a mapping used as a key (a scaffold's
    `typora-copy-images-to: {{ title }}` left in a post) as js-yaml reads it, the string
    `[object Object]`, where ruamel refused the whole front matter ("found unhashable
    key")."""

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        if isinstance(node, MappingNode):
            node.value = [(ScalarNode("tag:yaml.org,2002:str", "[object Object]",
                                      key.start_mark, key.end_mark)
                           if isinstance(key, MappingNode) else key, value)
                          for key, value in node.value]
        return super().construct_mapping(node, deep=deep)

    def construct_yaml_float(self, node: Any) -> Any:
        """A float that does not convert (`include_characters: ._`, which the float
        pattern matches though no number is there): the text as written, not the whole
        file lost."""
        try:
            return super().construct_yaml_float(node)
        except ValueError:
            return self.construct_scalar(node)


_LenientConstructor.add_constructor("tag:yaml.org,2002:float",
                                    _LenientConstructor.construct_yaml_float)


def _plain(constructor: SafeConstructor, node: Node) -> Any:
    if isinstance(node, MappingNode):
        return constructor.construct_mapping(node, deep=True)
    if isinstance(node, SequenceNode):
        return constructor.construct_sequence(node, deep=True)
    return constructor.construct_scalar(node)


_LenientConstructor.add_constructor(None, _plain)


def _yaml() -> YAML:
    yaml = YAML(typ="safe", pure=True)
    yaml.Constructor = _LenientConstructor
    yaml.allow_duplicate_keys = True  # other generators let the last one win
    return yaml


_YAML = _yaml()


def _first_document(text: str) -> Any:
    """The first YAML document of `text`, as Go's YAML readers (Hugo's) take it: a config
    file wrapped in `---` lines, the last one opening an empty second document, was read
    whole by Hugo and refused by ruamel ("expected a single document")."""
    for document in _YAML.load_all(text):
        return document
    return None


_TAB_AFTER_KEY = re.compile(r"^([ \t]*(?:- )?[^\s#:'\"\[{][^:\n]*:) *\t[ \t]*", re.MULTILINE)
"""`layout:<tab>post`: a tab between a key and its value, which js-yaml (Hexo's) and
Go's readers take as the space YAML allows there, and ruamel refuses ("while scanning
for the next token"), as it refuses a tab ending a line (`- SQL<tab>`)."""
_TAB_AT_END = re.compile(r"[ \t]*\t[ \t]*$", re.MULTILINE)
_TAB_BEFORE_COLON = re.compile(r"^([ \t]*(?:- )?[^\s#:'\"\[{][^:\n\t]*?) *\t[ \t]*:(?=[ \t]|$)",
                               re.MULTILINE)
"""`code<tab><tab> : x` (an academicpages `_config.yml`): tabs between a key and its
colon, which Jekyll's reader (libyaml) skips as it skips spaces there; ruamel refused
the whole file, and the site lost its title and owner."""


def load_mapping(fmt: str, text: str) -> tuple[dict[str, Any], str | None]:
    """The front matter (or a config file) as a mapping, and what was wrong with it."""
    try:
        if fmt == "toml":
            data: Any = tomllib.loads(text)
        elif fmt == "json":
            data = json.loads(text)
        else:
            data = _first_document(text) if text.strip() else {}
    except YAMLError as error:
        spaced = _TAB_AT_END.sub("", _TAB_AFTER_KEY.sub(r"\1 ", _TAB_BEFORE_COLON.sub(
            r"\1 :", text)))
        if spaced == text:
            return {}, str(error).split("\n")[0]
        return load_mapping(fmt, spaced)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError, ValueError) as error:
        return {}, str(error).split("\n")[0]
    if data is None:
        return {}, None
    if not isinstance(data, dict):
        return {}, "not a mapping of keys to values"
    return {str(k): v for k, v in data.items()}, None


def load_list(text: str) -> list[Any]:
    """A data file that is a YAML list (a lab site's `_data/publications.yml`), or []
    when it is not one or cannot be read."""
    try:
        data = _first_document(text) if text.strip() else None
    except YAMLError:
        return []
    return data if isinstance(data, list) else []


def raw_value(head: str, key: str) -> str | None:
    """A top-level scalar as written (YAML or TOML), quotes removed: dates keep their
    offset spelling (`+0800`) this way."""
    match = re.search(rf"^{re.escape(key)}\s*[:=]\s*(.*?)\s*(?:#.*)?$", head, re.MULTILINE)
    if not match:
        return None
    value = match.group(1).strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        value = value[1:-1]
    return value or None


def key_line(head: str, key: str, first: int = 2) -> int | None:
    """The file line of a top-level key of a front matter starting on line `first`."""
    for number, line in enumerate(head.split("\n"), start=first):
        if re.match(rf"^{re.escape(key)}\s*[:=]", line):
            return number
    return None


# --- dates ------------------------------------------------------------------------------


_SLASHED = re.compile(r"^(\d{4})/(\d{1,2})/(\d{1,2})(?=$|[T ])")
"""`2024/01/05 10:00:00`: Hexo read dates with JavaScript's `new Date`, which takes
slashes (Jekyll's Ruby `Time.parse` too)."""
_DATE = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")
_DATETIME = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})[T ](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?"
                       r"(?:\.\d+)?\s*(Z|[+-]\d{2}:?\d{2}|[+-]\d{2})?$")
"""A date and time; its minute and second may be of one digit (`11:54:5`, typed by
hand), as JavaScript's `new Date` (Hexo) and Ruby's `Time.parse` (Jekyll) read them."""


def zone(name: str | None) -> dt.tzinfo:
    if not name:
        return dt.UTC
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return dt.UTC


class When:
    """A date or a moment as a post had it: written back in Lanting's form with the
    offset it was written with (or the source's time zone, for a moment without one)."""

    def __init__(self, moment: dt.datetime, day_only: bool, utc_z: bool = False) -> None:
        self.moment = moment
        self.day_only = day_only
        self.utc_z = utc_z

    def text(self) -> str:
        if self.day_only:
            return self.moment.date().isoformat()
        text = self.moment.isoformat()
        if self.utc_z and text.endswith("+00:00"):
            text = text[:-6] + "Z"
        return text

    def in_zone(self, tz: dt.tzinfo) -> dt.datetime:
        """The moment on the clock of `tz` (dates of old URLs are in the site's zone)."""
        return self.moment if self.day_only else self.moment.astimezone(tz)

    def __lt__(self, other: When) -> bool:
        return self.moment < other.moment


def parse_when(value: Any, raw: str | None, tz: dt.tzinfo) -> When | None:
    """`2023-09-12 21:05:00 +0800`, `2024-02-10 21:30:00+0800`, `2024/01/05 10:00`, a
    YAML or TOML datetime, a date; None if it is none of these."""
    if isinstance(raw, str):
        found = _from_text(raw, tz)
        if found is not None:
            return found
    if isinstance(value, dt.datetime):
        moment = value if value.tzinfo else value.replace(tzinfo=tz)
        return When(moment, False)
    if isinstance(value, dt.date):
        return When(dt.datetime(value.year, value.month, value.day, tzinfo=tz), True)
    if isinstance(value, str):
        return _from_text(value, tz)
    return None


def _from_text(text: str, tz: dt.tzinfo) -> When | None:
    text = _SLASHED.sub(r"\1-\2-\3", text.strip())
    match = _DATE.match(text)
    try:
        if match:
            year, month, day = map(int, match.groups())
            return When(dt.datetime(year, month, day, tzinfo=tz), True)
        match = _DATETIME.match(text)
        if not match:
            return None
        year, month, day, hour, minute = map(int, match.groups()[:5])
        second = int(match.group(6) or 0)
        offset = match.group(7)
        if offset is None:
            zone_: dt.tzinfo = tz
        elif offset == "Z":
            zone_ = dt.UTC
        else:
            digits = offset[1:].replace(":", "").ljust(4, "0")
            delta = dt.timedelta(hours=int(digits[:2]), minutes=int(digits[2:]))
            zone_ = dt.timezone(-delta if offset[0] == "-" else delta)
        moment = dt.datetime(year, month, day, hour, minute, second, tzinfo=zone_)
        if offset is None and isinstance(tz, zoneinfo.ZoneInfo):
            moment = moment.astimezone(dt.timezone(moment.utcoffset() or dt.timedelta()))
        return When(moment, False, offset == "Z")
    except ValueError:
        return None


# --- lists --------------------------------------------------------------------------------


_ESCAPED_LIST = re.compile(r"\\\[(.*?)\\?\]")


def names(value: Any, split_spaces: bool = False) -> list[str]:
    """Tags or categories in any shape: a list, one name, or (Jekyll) names separated by
    spaces."""
    if value is None or value == "":
        return []
    if isinstance(value, str):
        escaped = _ESCAPED_LIST.fullmatch(value.strip())
        if escaped:  # `tags: \[C, C++, 编译器]`: a list an editor's escape made a string
            return [n.strip() for n in escaped.group(1).split(",") if n.strip()]
        return value.split() if split_spaces else [value.strip()]
    if isinstance(value, list | tuple):
        found: list[str] = []
        for item in value:
            found += names(item)
        return [n for n in found if n]
    return [str(value)]


def unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(i for i in items if i))


# --- writing -----------------------------------------------------------------------------


_PLAIN = re.compile(r"^[\w\u4e00-\u9fff\u3400-\u4dbf\ue000-\uf8ff][\w\u4e00-\u9fff\u3400-\u4dbf"
                    r"\ue000-\uf8ff .,()/+\-·，。（）、《》\u00b7]*\Z")
_NOT_PLAIN = re.compile(r"^(true|false|yes|no|on|off|null|~|[-+]?[\d.]+(e[-+]?\d+)?|"
                        r"\d{4}-\d\d-\d\d.*)\Z", re.IGNORECASE)
DATE_KEYS = ("date", "updated")


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
                out += [f"{_toml_key(k)} = {_toml_value(v)}" for k, v in item.items()]
    for key, value in config.items():
        if isinstance(value, dict) and value:
            out.append("")
            comment(key)
            out.append(f"[{_toml_key(key)}]")
            out += [f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items()]
    return "\n".join(out).lstrip("\n") + "\n"


def _array_of_tables(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)

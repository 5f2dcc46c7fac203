"""Front matter as other generators write it, read leniently, and dates in every shape
they come in. (Lanting's front matter and `lanting.toml` are written in `serialize`.)"""

from __future__ import annotations

import datetime as dt
import json
import re
import tomllib
import warnings
import zoneinfo
from collections.abc import Iterable
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.constructor import SafeConstructor
from ruamel.yaml.error import ReusedAnchorWarning, YAMLError
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode


def split_front_matter(text: str) -> tuple[str, str, str, int]:
    """(format, front matter, body, first line of the body); format is `yaml`, `toml`,
    `json` or "" (no front matter). A fence may end in spaces (`---  `, as an editor
    adding two to every line leaves it), as Hugo and Jekyll read it; YAML's may end with
    `...` (YAML's end of a document, Pandoc's other closing fence, which a talk's header
    used: its whole front matter was the first slide's text). Every byte-order mark
    before it is skipped, as Hugo skips them: a post saved through two tools that each
    added one starts with two, and its front matter was read as text."""
    text = text.lstrip("\ufeff").replace("\r\n", "\n")
    for fence, fmt in (("---", "yaml"), ("+++", "toml")):
        if text.startswith(fence) and text.split("\n", 1)[0].rstrip(" \t") == fence:
            lines = text.split("\n")
            for i in range(1, len(lines)):
                if lines[i].rstrip() == fence or fmt == "yaml" and lines[i].rstrip() == "...":
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

    def construct_yaml_timestamp(self, node: Any, values: Any = None) -> Any:
        """A date past its month's end (`2018-02-31 23:50:48`, or a typo in a post's own
        key, `update: 2022-10-95`): the text as written, which `parse_when` rolls over
        as js-yaml (Hexo) and Ruby (Jekyll) did; ruamel's ValueError lost the whole front
        matter, and the post its title and tags."""
        try:
            return super().construct_yaml_timestamp(node, values)
        except ValueError:
            return self.construct_scalar(node)


    def construct_yaml_str(self, node: Any) -> Any:
        """A double-quoted string whose formulas' commands YAML read as escapes
        (`"Proof of $\\ell^1$"`: `\\e` is ESC, `\\theta` a tab and `heta`, `\\beta`,
        `\\frac`, `\\nabla`, `\\vec`, `\\rho`, `\\alpha` a control character too):
        the command as written, inside `$…$`. Jekyll's and Hexo's readers read the
        escapes too, and the old page showed `ll¹` or `heta`; the build refused the
        control character."""
        value = super().construct_yaml_str(node)
        if getattr(node, "style", None) == '"' and "$" in value:
            return _FORMULA_IN_VALUE.sub(
                lambda m: _ESCAPED_COMMAND.sub(lambda c: _ESCAPES[c.group(1)] + c.group(2),
                                               m.group()), value)
        return value


_ESCAPES = {"\x07": "\\a", "\x08": "\\b", "\t": "\\t", "\n": "\\n", "\x0b": "\\v",
            "\x0c": "\\f", "\r": "\\r", "\x1b": "\\e"}
"""YAML's escapes of a double-quoted string that start a TeX command's name."""
_ESCAPED_COMMAND = re.compile(r"([\x07\x08\t\n\x0b\x0c\r\x1b])([A-Za-z])")
_FORMULA_IN_VALUE = re.compile(r"\$[^$]+\$")


_LenientConstructor.add_constructor("tag:yaml.org,2002:str",
                                    _LenientConstructor.construct_yaml_str)
_LenientConstructor.add_constructor("tag:yaml.org,2002:float",
                                    _LenientConstructor.construct_yaml_float)
_LenientConstructor.add_constructor("tag:yaml.org,2002:timestamp",
                                    _LenientConstructor.construct_yaml_timestamp)


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
    with warnings.catch_warnings():
        # TeXt's `_data/navigation.yml` and `locale.yml` define `&EN` again in each
        # entry, which YAML allows (an alias names the latest) and Jekyll's reader
        # takes: ruamel's warning about it was printed in the middle of the report.
        warnings.simplefilter("ignore", ReusedAnchorWarning)
        for document in _YAML.load_all(text):
            return document
    return None


_TAB_AFTER_KEY = re.compile(r"^([ \t]*(?:- )?[^\s#:'\"\[{][^:\n]*:) *\t[ \t]*", re.MULTILINE)
"""`layout:<tab>post`: a tab between a key and its value, which js-yaml (Hexo's) and
Go's readers take as the space YAML allows there, and ruamel refuses ("while scanning
for the next token"), as it refuses a tab ending a line (`- SQL<tab>`)."""
_TAB_AT_END = re.compile(r"[ \t]*\t[ \t]*$", re.MULTILINE)
_TAB_BEFORE_COMMENT = re.compile(r"(?<=\S)[ \t]*\t[ \t]*(?=#)")
"""`actionLink: /guide/<tab># a note`: a tab before a line's comment, which js-yaml
(VuePress's, Hexo's) takes as the space before `#`, and ruamel refuses."""
_TAB_AFTER_DASH = re.compile(r"^([ \t]*-)\t[ \t]*(?=\S)", re.MULTILINE)
"""`-<tab>python`, a list entry after a tab (a Hexo post's categories): js-yaml takes
the tab as the space after `-`; ruamel refused the whole front matter."""
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
            r"\1 :", _TAB_AFTER_DASH.sub(r"\1 ", _TAB_BEFORE_COMMENT.sub(" ", text)))))
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


_SLASHED = re.compile(r"^(\d{4})(/|--)(\d{1,2})\2(\d{1,2})(?=$|[T ])")
"""`2024/01/05 10:00:00`: Hexo read dates with JavaScript's `new Date`, which takes
slashes (Jekyll's Ruby `Time.parse` too); `2021--08--14`, as a Foam template wrote
every note's date (`${CURRENT_YEAR}--${CURRENT_MONTH}--${CURRENT_DATE}`)."""
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
    text = _SLASHED.sub(r"\1-\3-\4", text.strip())
    match = _DATE.match(text)
    try:
        if match:
            year, month, day = map(int, match.groups())
            return When(dt.datetime.combine(_day(year, month, day), dt.time(), tz), True)
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
        moment = dt.datetime.combine(_day(year, month, day),
                                     dt.time(hour, minute, second), zone_)
        if offset is None and isinstance(tz, zoneinfo.ZoneInfo):
            moment = moment.astimezone(dt.timezone(moment.utcoffset() or dt.timedelta()))
        return When(moment, False, offset == "Z")
    except ValueError:
        return None


def named_month_date(text: str, tz: dt.tzinfo) -> When | None:
    """A day written with its month's name, `March 1, 2024`, `Nov 12, 2021`, `Jan 18
    2023`, `Sept 24 2025`, `1 March 2024` (Quarto's date parsing and JavaScript's
    `new Date` take them, and Ruby's `Time.parse`, so Jekyll); None for other text."""
    text = re.sub(r"\bSept\b", "Sep", " ".join(text.split()))
    for pattern in ("%B %d, %Y", "%b %d, %Y", "%d %B %Y", "%d %b %Y", "%B %d %Y",
                    "%b %d %Y"):
        try:
            moment = dt.datetime.strptime(text, pattern).replace(tzinfo=tz)
        except ValueError:
            continue
        return When(moment, True)
    return None


def _day(year: int, month: int, day: int) -> dt.date:
    """The day, one past its month's end (`02-31`) rolled into the next month as
    JavaScript's `Date.UTC` (Hexo's js-yaml) and Ruby's `Time.utc` (Jekyll) roll it:
    the old site dated the post there, and its URL has that day."""
    if 1 <= month <= 12 and 29 <= day <= 31:
        return dt.date(year, month, 1) + dt.timedelta(days=day - 1)
    return dt.date(year, month, day)


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

"""Front matter as written: the fences (`---` YAML, `+++` TOML) split from the body, the
text read into plain data with the file line of each key, and dates as front matter
writes them (`parse_date`). What the keys may hold is checked in `frontmatter.py`.

YAML is read with YAML 1.2 semantics (`no` stays a string), duplicate keys rejected and
aliases refused; TOML with `tomllib`. Every error names the line inside the Markdown file.
"""

from __future__ import annotations

import datetime as dt
import re
import tomllib
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.events import AliasEvent

from lanting.config.locate import nesting_line, toml_key_lines
from lanting.errors import LantingError
from lanting.model.content import Source


def _yaml() -> YAML:
    # The safe loader with ruamel's C parser: YAML 1.2, duplicate keys rejected, three
    # faster than the round-trip loader. Key lines come from `_top_level_lines`.
    yaml = YAML(typ="safe", pure=False)
    yaml.allow_duplicate_keys = False
    return yaml


_TOP_LEVEL_KEY = re.compile(r"""^(?:"([^"]+)"|'([^']+)'|([^\s#"'][^:#]*?))\s*:(?:\s|$)""")


_LIST_ITEM = re.compile(r"^\s+-(\s|$)")


def _top_level_lines(text: str) -> dict[str, int]:
    """File line of each top-level key of a YAML front matter (which starts on line 2),
    and of the items of block lists as `key.N` (e.g. `news.0`, for later messages)."""
    lines: dict[str, int] = {}
    key, items = "", 0
    for number, line in enumerate(text.split("\n"), start=2):
        match = _TOP_LEVEL_KEY.match(line)
        if match:
            key, items = next(g for g in match.groups() if g is not None).strip(), 0
            lines.setdefault(key, number)
        elif key and _LIST_ITEM.match(line):
            lines.setdefault(f"{key}.{items}", number)
            items += 1
    return lines


_YAML = _yaml()


def split_front_matter(text: str) -> tuple[str | None, str | None, str, int]:
    """(format, front matter text, body, body's first line). format is 'yaml', 'toml' or None.
    YAML's may end with `...` (YAML's end of a document), as Pandoc reads a header."""
    for fence, fmt in (("---", "yaml"), ("+++", "toml")):
        if text.startswith(fence) and text[3:4] in ("\n", ""):
            lines = text.split("\n")
            for i in range(1, len(lines)):
                if lines[i].rstrip() == fence or fmt == "yaml" and lines[i].rstrip() == "...":
                    return fmt, "\n".join(lines[1:i]), "\n".join(lines[i + 1 :]), i + 2
            return fmt, None, "", 1
    return None, "", text, 1


MAX_FRONT_MATTER = 256 * 1024
"""Characters a front matter may have: it is a page's metadata, and bounding it bounds
the work any one file can cause before its Markdown is read."""


def _refuse_aliases(source: Source, text: str) -> None:
    """YAML aliases (`*name` repeating an `&name` anchor) can expand exponentially: nine
    nested levels of a 479-byte front matter take gigabytes. Front matter never needs
    them. (Without an `&` there is no anchor, so the common case reads nothing twice.)"""
    if "&" not in text or "*" not in text:
        return
    try:
        for event in _YAML.parse(text):
            if isinstance(event, AliasEvent):
                raise LantingError.at("YAML aliases (`*name`) are not allowed in front matter",
                                      source.path, event.start_mark.line + 2,
                                      hint="write the value out where it is used")
    except YAMLError:
        return  # `load` reports it, with its line


MAX_NESTING = 64
"""Flow brackets (`[[[…`) a front matter may nest: far more than any page's metadata, and
far fewer than the tens of thousands that crash the YAML reader's C code outright."""


def _refuse_deep_nesting(source: Source, text: str) -> None:
    if text.count("[") + text.count("{") <= MAX_NESTING:
        return
    line = nesting_line(text, MAX_NESTING)  # quotes ignored: deeper than real, never less
    if line is not None:
        raise LantingError.at("front matter nests too deeply", source.path, line + 1,
                              hint=f"lists and tables at most {MAX_NESTING} deep")


def parse_yaml(source: Source, text: str) -> tuple[dict[str, Any], dict[str, int]]:
    if len(text) > MAX_FRONT_MATTER:
        raise LantingError.at(
            f"front matter is {len(text):,} characters long (limit {MAX_FRONT_MATTER:,})",
            source.path, 2, hint="is the closing `---` missing? keep long text in the body")
    _refuse_aliases(source, text)
    _refuse_deep_nesting(source, text)
    try:
        data = _YAML.load(text) if text.strip() else {}
    except MarkedYAMLError as error:
        message = " ".join(str(m) for m in (error.context, error.problem) if m)
        # "while parsing a flow sequence … did not find ']'": the unclosed bracket is
        # where the construct began; for a duplicate key, the second occurrence.
        marks = (error.problem_mark, error.context_mark)
        if "duplicate" not in message:
            marks = marks[::-1]
        mark = marks[0] or marks[1]
        line = mark.line + 2 if mark is not None else 2
        hint = "check the indentation and quote values containing `:`"
        if "duplicate key" in message or "found duplicate" in message:
            message = re.sub(r"\s+", " ", message)
            hint = "a key may appear only once; remove or rename one of them"
        raise LantingError.at(f"invalid YAML front matter: {message}", source.path, line,
                              hint=hint) from None
    except YAMLError as error:
        raise LantingError.at(f"invalid YAML front matter: {error}", source.path, 2) from None
    except ValueError as error:  # ruamel builds dates eagerly: `date: 2026-13-45`
        raise _bad_yaml_value(source, text, error) from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise LantingError.at("front matter must be a mapping of `key: value` lines",
                              source.path, 2)
    return _plain(data), _top_level_lines(text)


def _bad_yaml_value(source: Source, text: str, error: ValueError) -> LantingError:
    """Locate the scalar ruamel could not build (it says only "month must be in 1..12")."""
    try:
        root = _YAML.compose(text)
    except YAMLError:
        root = None
    for key, node in getattr(root, "value", None) or []:
        if not str(getattr(node, "tag", "")).endswith("timestamp"):
            continue
        try:
            parse_date(str(node.value))
        except ValueError as reason:
            return LantingError.at(f"{key.value}: {reason}", source.path,
                                   node.start_mark.line + 2,
                                   hint="write dates as YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS+08:00")
    return LantingError.at(f"invalid YAML front matter: {error}", source.path, 2)


def _scalar_values(text: str) -> str:
    """YAML's `"\\ud83d\\ude00"` escapes give surrogates, which no file can hold: pairs
    become their character, a lone one U+FFFD (else writing the page would fail)."""
    if not any("\ud800" <= c <= "\udfff" for c in text):
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def _plain(value: Any) -> Any:
    """ruamel's round-trip containers to plain dicts, lists and scalars."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, str):
        return _scalar_values(str(value))
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, dt.datetime):
        return dt.datetime(value.year, value.month, value.day, value.hour, value.minute,
                           value.second, value.microsecond, value.tzinfo)
    return value


def parse_toml(source: Source, text: str) -> tuple[dict[str, Any], dict[str, int]]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"\(at line (\d+), column (\d+)\)", str(error))
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(error))
        line = int(match.group(1)) + 1 if match else 2
        if not match and "(at end of document)" in str(error):
            line = len(text.split("\n")) + 1  # the last line of the front matter
            message = message.replace(" (at end of document)", "")
        raise LantingError.at(f"invalid TOML front matter: {message}", source.path, line
                              ) from None
    key_lines = toml_key_lines(text)
    lines = {k[0]: v + 1 for k, v in key_lines.items() if len(k) == 1}
    lines.update({f"{k[0]}.{k[1]}": v + 1 for k, v in key_lines.items()
                  if len(k) == 2 and k[1].isdigit()})
    return data, lines


_LOOSE_DATE = re.compile(r"(\d{4})[/-](\d{1,2})[/-](\d{1,2})(?:T(\d{1,2}:\d{2}(?::\d{2})?))?")
"""A date with slashes or one-digit month and day, year first (never ambiguous)."""


_MONTHS = {name: n for n, names in enumerate(
    ("jan january", "feb february", "mar march", "apr april", "may", "jun june",
     "jul july", "aug august", "sep sept september", "oct october", "nov november",
     "dec december"), 1) for name in names.split()}
_NAMED_MONTH = re.compile(r"(?:(?P<m1>[A-Za-z]+)\.?\s+(?P<d1>\d{1,2})(?:st|nd|rd|th)?,?\s+"
                          r"|(?P<d2>\d{1,2})(?:st|nd|rd|th)?\s+(?P<m2>[A-Za-z]+)\.?,?\s+)"
                          r"(?P<year>\d{4})")
"""`June 12, 2017`, `Jun 12 2017`, `12 June 2017` (a Pandoc deck's `date:`, a `%` line)."""
_CHINESE_DATE = re.compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]")


def _named_date(text: str) -> dt.datetime | None:
    """A date written with its month's name, or in Chinese (`2017年6月12日`), if it is one."""
    if chinese := _CHINESE_DATE.fullmatch(text):
        year, month, day = (int(g) for g in chinese.groups())
    elif named := _NAMED_MONTH.fullmatch(text):
        month_name = (named.group("m1") or named.group("m2")).lower()
        if month_name not in _MONTHS:
            return None
        year, month = int(named.group("year")), _MONTHS[month_name]
        day = int(named.group("d1") or named.group("d2"))
    else:
        return None
    try:
        return dt.datetime(year, month, day, tzinfo=dt.UTC)
    except ValueError as error:
        raise ValueError(f"`{text}` is not a date: {error}") from None


def parse_date(value: Any) -> dt.datetime:
    """A date or datetime from YAML/TOML or a string; raises ValueError."""
    if isinstance(value, dt.datetime):
        return value if value.tzinfo else value.replace(tzinfo=dt.UTC)
    if isinstance(value, dt.date):
        return dt.datetime(value.year, value.month, value.day, tzinfo=dt.UTC)
    if isinstance(value, str):
        if (named := _named_date(value.strip())) is not None:
            return named
        text = value.strip().replace(" ", "T", 1)
        if loose := _LOOSE_DATE.fullmatch(text):  # `2023/7/5 9:30`: Hexo's, MyST's
            year, month, day, time = loose.groups()
            text = f"{year}-{int(month):02d}-{int(day):02d}"
            if time:
                hour, _, rest = time.partition(":")
                text += f"T{int(hour):02d}:{rest}"
        try:
            if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
                return parse_date(dt.date.fromisoformat(text))
            if re.fullmatch(r"\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})?", text):
                return parse_date(dt.datetime.fromisoformat(text))
        except ValueError as error:  # "month must be in 1..12" alone names no value
            raise ValueError(f"`{value}` is not a date: {error}") from None
    raise ValueError(f"`{value}` is not a date")

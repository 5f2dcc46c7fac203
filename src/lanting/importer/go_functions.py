"""Hugo's template functions (`markdownify`, `default`, `printf`, `eq`, …) and the values
they pass, for the shortcode templates `go_templates.py` runs."""

from __future__ import annotations

import html
import posixpath
import re
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.shelf import fence


class Unsupported(Exception):
    """A construct of the template this reading does not run (its text names it)."""


class Markdown(str):
    """Text the template rendered as Markdown (`.Inner | markdownify`): written back as
    Markdown, for Lanting to render."""


class Html(str):
    """Text the template marked as safe HTML (`safeHTML`): written as it is."""


def truth(value: Any) -> bool:
    return value is not None and value is not False and value != "" and value != 0 \
        and value != [] and value != {}


def text_of(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def markdownify(*args: Any) -> Markdown:
    return Markdown(text_of(args[-1]) if args else "")


def _default(fallback: Any, value: Any = None) -> Any:
    return value if truth(value) else fallback


def _printf(form: Any, *args: Any) -> str:
    values = iter(args)

    def one(match: re.Match[str]) -> str:
        verb = match.group(1)
        if verb == "%":
            return "%"
        value = next(values, None)
        if verb == "d":
            return str(int(value)) if value is not None else ""
        if verb == "q":
            return '"' + text_of(value) + '"'
        return text_of(value)

    return re.sub(r"%([%sdvq])", one, str(form))


def _escape(value: Any) -> str:
    return html.escape(text_of(value))


def _unsafe(value: Any) -> Html:
    return Html(text_of(value))


def _equal(first: Any, *others: Any) -> bool:
    return any(first == other for other in others)


def _and(*args: Any) -> Any:
    for value in args:
        if not truth(value):
            return value
    return args[-1] if args else None


def _or(*args: Any) -> Any:
    for value in args:
        if truth(value):
            return value
    return args[-1] if args else None


def _in(collection: Any, value: Any) -> bool:
    if isinstance(collection, (list, tuple, dict)):
        return value in collection
    return text_of(value) in text_of(collection)


def _index(collection: Any, *keys: Any) -> Any:
    for key in keys:
        if isinstance(collection, dict):
            collection = collection.get(key)
        elif isinstance(collection, (list, tuple)) and isinstance(key, int):
            collection = collection[key] if 0 <= key < len(collection) else None
        else:
            raise Unsupported("`index` of a value")
    return collection


def _substr(value: Any, start: int, length: int | None = None) -> str:
    """Hugo's `substr`: runes from `start` (from the end when negative), `length` of
    them (all the rest without one; a negative one leaves that many off the end)."""
    text = text_of(value)
    begin = max(len(text) + start, 0) if start < 0 else start
    if length is None:
        return text[begin:]
    return text[begin:len(text) + length] if length < 0 else text[begin:begin + length]


def _highlight(code: Any, lang: Any = "", options: Any = "") -> Markdown:
    """Hugo's `highlight`: the code as a fenced block of its language, for Lanting's
    highlighter (the options, Chroma's, are not read)."""
    return Markdown("\n\n" + fence(text_of(lang), text_of(code)) + "\n\n")


def _path_dir(value: Any) -> str:
    return posixpath.dirname(text_of(value).rstrip("/") or "/") or "."


def read_file(root: Path | None, args: list[Any], content: Path | None = None) -> str:
    """Hugo's `readFile`: the text of a file of the site, its path from the site's folder
    (`content/posts/x/demo.py`), else from its content folder (`posts/x/demo.py`, a
    path made of `.Page.File.Dir`); empty when there is none, as Hugo's is. A path
    leading out of the site is not read."""
    if root is None or len(args) != 1:
        raise Unsupported("`readFile`")
    for folder in (root, content) if content is not None else (root,):
        file = (folder / text_of(args[0]).lstrip("/")).resolve()
        if not file.is_relative_to(root.resolve()):
            raise Unsupported(f"`readFile` of `{text_of(args[0])}`, outside the site")
        if file.is_file():
            return read_text(file)
    return ""


def _go_pattern(pattern: Any) -> re.Pattern[str]:
    """A Go regular expression (RE2) as Python's: `\\Q…\\E` quotes its text."""
    text = re.sub(r"\\Q(.*?)(?:\\E|$)", lambda m: re.escape(m.group(1)), text_of(pattern),
                  flags=re.DOTALL)
    try:
        return re.compile(text)
    except re.error as error:
        raise Unsupported(f"the regular expression `{text_of(pattern)}` ({error})") from None


def _replace_re(pattern: Any, replacement: Any, value: Any, limit: int = -1) -> str:
    """Hugo's `replaceRE`: Go's `$1` and `${1}` are the groups."""
    template = re.sub(r"\$\{?(\w+)\}?", r"\\g<\1>", text_of(replacement).replace("\\", "\\\\"))
    return _go_pattern(pattern).sub(template, text_of(value), count=max(limit, 0))


def _find_re(pattern: Any, value: Any, limit: int = -1) -> list[str]:
    found = [m.group() for m in _go_pattern(pattern).finditer(text_of(value))]
    return found if limit < 0 else found[:limit]


def _find_re_submatch(pattern: Any, value: Any, limit: int = -1) -> list[list[str]]:
    found = [[m.group(), *(g or "" for g in m.groups())]
             for m in _go_pattern(pattern).finditer(text_of(value))]
    return found if limit < 0 else found[:limit]


def scratch_method(method: str, scratch: dict[str, Any], args: list[Any]) -> Any:
    """`.Page.Scratch.Get`, `Set`, `Add` and `SetInMap` on the page's scratch."""
    if method == "Get" and len(args) == 1:
        return scratch.get(str(args[0]))
    if method == "Set" and len(args) == 2:
        scratch[str(args[0])] = args[1]
        return ""
    if method == "Add" and len(args) == 2:
        key, value = str(args[0]), args[1]
        old = scratch.get(key)
        scratch[key] = value if old is None else old + value
        return ""
    if method == "SetInMap" and len(args) == 3:
        scratch.setdefault(str(args[0]), {})[str(args[1])] = args[2]
        return ""
    raise Unsupported(f"`.Page.Scratch.{method}`")


FUNCTIONS: dict[str, Any] = {
    "markdownify": markdownify, "safeHTML": _unsafe, "safeHTMLAttr": _unsafe,
    "safeURL": _unsafe, "safeCSS": _unsafe, "htmlEscape": _escape,
    "htmlUnescape": lambda v: html.unescape(text_of(v)),
    "plainify": lambda v: re.sub(r"<[^>]*>", "", text_of(v)),
    "default": _default, "lower": lambda v: text_of(v).lower(),
    "upper": lambda v: text_of(v).upper(), "title": lambda v: text_of(v).title(),
    "chomp": lambda v: text_of(v).rstrip("\r\n"), "trim": lambda v, c: text_of(v).strip(c),
    "string": text_of, "int": lambda v: int(v or 0),
    "print": lambda *a: "".join(map(text_of, a)),
    "printf": _printf, "eq": _equal, "ne": lambda a, b: a != b, "not": lambda v: not truth(v),
    "and": _and, "or": _or, "cond": lambda c, a, b: a if truth(c) else b,
    "lt": lambda a, b: a < b, "le": lambda a, b: a <= b, "gt": lambda a, b: a > b,
    "ge": lambda a, b: a >= b, "len": lambda v: len(v or ""), "in": _in, "index": _index,
    "slice": lambda *a: list(a), "add": lambda a, b: a + b, "sub": lambda a, b: a - b,
    "relURL": lambda v: text_of(v), "absURL": lambda v: text_of(v),
    "urlize": lambda v: re.sub(r"\s+", "-", text_of(v).strip().lower()),
    "split": lambda v, sep: text_of(v).split(text_of(sep)), "substr": _substr,
    "countrunes": lambda v: len(re.sub(r"\s", "", text_of(v))),
    "strings.Repeat": lambda n, v: text_of(v) * int(n), "path.Dir": _path_dir,
    "strings.HasPrefix": lambda v, p: text_of(v).startswith(text_of(p)),
    "strings.HasSuffix": lambda v, p: text_of(v).endswith(text_of(p)),
    "strings.TrimPrefix": lambda p, v: text_of(v).removeprefix(text_of(p)),
    "strings.TrimSuffix": lambda p, v: text_of(v).removesuffix(text_of(p)),
    "strings.Contains": lambda v, p: text_of(p) in text_of(v),
    "strings.TrimSpace": lambda v: text_of(v).strip(), "highlight": _highlight,
    "path.Join": lambda *a: posixpath.normpath("/".join(text_of(p) for p in a if p))
    if any(a) else "", "path.Base": lambda v: posixpath.basename(text_of(v).rstrip("/")),
    "path.Ext": lambda v: posixpath.splitext(text_of(v))[1], "replaceRE": _replace_re,
    "findRE": _find_re, "findRESubmatch": _find_re_submatch,
    "hugo.IsServer": lambda: False, "hugo.IsDevelopment": lambda: False,
    "hugo.IsProduction": lambda: True, "hugo.Environment": lambda: "production",
}
"""Hugo's functions run here (`relURL` and `absURL` leave a path as it is: the import
leads it to its new place afterwards; `hugo.IsServer` and the others answer as for the
published site, built by `hugo`, not served by `hugo server`)."""

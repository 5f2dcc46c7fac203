"""Literals of a JavaScript or TypeScript configuration, read without running it: its
strings, comments, the bracket depth at each character, an object's own keys, a key's
literal value (a string without `${}`, `true`, `false`) and the literal entries of an
array of objects. Shared by the VitePress/VuePress and Docusaurus importers."""

from __future__ import annotations

import re

JS_STRING = re.compile(r"""'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\$]|\\.|\$(?!\{))*`""")
_KEY = re.compile(r"""(?:^|[{,\s])(?:(\w+)|'([^'\n]+)'|"([^"\n]+)")\s*:""")


def strip_comments(code: str) -> str:
    """`// …` and `/* … */` removed, but not inside strings (`'https://x'` keeps its
    `//`); line ends kept."""
    return _COMMENT.sub(lambda m: m.group(1) or "", code)


_COMMENT = re.compile(r"""('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`)"""
                      r"|//[^\n]*|/\*.*?\*/", re.DOTALL)


class Depths(list[int]):
    """The bracket depth (`{`, `[`, `(`) at each character of a config, and which
    characters are in a string (`strings[i]`: a key-like `计算:` there is no key)."""

    strings: bytearray


def depths_of(code: str) -> Depths:
    depths = Depths([0] * (len(code) + 1))
    depths.strings = bytearray(len(code) + 1)
    depth, i = 0, 0
    while i < len(code):
        found = JS_STRING.match(code, i)
        if found:
            for j in range(i, found.end()):
                depths[j] = depth
                depths.strings[j] = 1
            i = found.end()
            continue
        if code[i] in "{[(":
            depth += 1
        elif code[i] in "}])":
            depth -= 1
        depths[i] = depth
        i += 1
    return depths


def keys_at(code: str, depths: Depths, start: int,
             level: int) -> list[tuple[str, int]]:
    """(key, where its value starts) of the object opening at `start`, its own keys only."""
    end = start + 1
    while end < len(code) and depths[end] >= level:
        end += 1
    keys: list[tuple[str, int]] = []
    for match in _KEY.finditer(code, start, end):
        # (a quoted key is itself a string: its colon says where it is)
        name_at = match.start(1) if match.group(1) else match.end() - 1
        if depths[name_at] != level or depths.strings[name_at]:
            continue
        keys.append((match.group(1) or match.group(2) or match.group(3), match.end()))
    return keys


def literal_value(code: str, at: int) -> str | bool | None:
    """The literal at `at` (a string without `${}`, `true`, `false`); None if code."""
    text = code[at:].lstrip()
    found = JS_STRING.match(text)
    if found and re.match(r"\s*[,}\n]", text[found.end():]):
        return unquote_js(found.group())
    boolean = re.match(r"(true|false)\s*[,}\n]", text)
    if boolean:
        return boolean.group(1) == "true"
    return None


def unquote_js(literal: str) -> str:
    body = literal[1:-1]
    return re.sub(r"\\(.)", r"\1", body)


def literal_entries(code: str, depths: Depths, at: int, first: str,
             second: str) -> list[tuple[str, str]]:
    """(`first`, `second`) of each literal object of the array at `at`."""
    bracket = code.find("[", at)
    if bracket < 0 or code[at:bracket].strip():
        return []
    level = depths[bracket]
    end = bracket + 1
    while end < len(code) and depths[end] >= level:
        end += 1
    entries: list[tuple[str, str]] = []
    for i in range(bracket + 1, end):
        if code[i] == "{" and depths[i] == level + 1:
            values = {key: literal_value(code, where)
                      for key, where in keys_at(code, depths, i, depths[i])}
            a, b = values.get(first), values.get(second)
            if isinstance(a, str) and isinstance(b, str):
                entries.append((a, b))
            elif isinstance(a, str) and ("items" in values or "children" in values):
                entries.append((a, ""))  # (a drop-down: named, not followed)
    return entries

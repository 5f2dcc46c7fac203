"""Literals of a JavaScript or TypeScript configuration, read without running it: its
strings, comments, the bracket depth at each character, an object's own keys, a key's
literal value (a string without `${}`, `true`, `false`) and the literal entries of an
array of objects. Shared by the VitePress/VuePress and Docusaurus importers."""

from __future__ import annotations

import re
from pathlib import Path

JS_STRING = re.compile(r"""'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\$]|\\.|\$(?!\{))*`""")
_KEY = re.compile(r"""(?:^|[{,\s])(?:(\w+)|'([^'\n]+)'|"([^"\n]+)")\s*:""")


def strip_comments(code: str) -> str:
    """`// …` and `/* … */` removed, but not inside strings (`'https://x'` keeps its
    `//`), template literals or regular expressions (`/https?:\\/\\//`); line ends
    kept."""
    kinds = _kinds(code)
    return "".join(char for char, kind in zip(code, kinds, strict=True)
                   if kind != _COMMENT or char == "\n")


_LOCAL_IMPORT = re.compile(r"""(?:(?:import|export)\s+[^'"]*?from\s+|require\(\s*)"""
                           r"""['"](\.{1,2}/[^'"]+)['"]""")


def local_modules(code: str, folder: Path) -> list[Path]:
    """The files `code` (a config in `folder`, comments stripped) imports by a relative
    path — `import theme from "./theme.js"`, `import presets from "./config/presets"`
    — or re-exports (`export * from "./en.js"`, a hope navbar folder's `index.ts`), each
    found as TypeScript finds it (`.ts` for `.js`, a folder's `index`), once."""
    found: list[Path] = []
    for rel in _LOCAL_IMPORT.findall(code):
        base = folder / rel
        stem = base.with_suffix("") if base.suffix in (".js", ".mjs", ".ts", ".mts") else base
        candidates = [stem.with_suffix(s) for s in (".ts", ".mts", ".js", ".mjs")] + [
            stem / f"index{s}" for s in (".ts", ".js")]
        file = next((c for c in candidates if c.is_file()), None)
        if file is not None and file not in found:
            found.append(file)
    return found


class Depths(list[int]):
    """The bracket depth (`{`, `[`, `(`) at each character of a config, and which
    characters are in a string (`strings[i]`: a key-like `计算:` there is no key)."""

    strings: bytearray


def depths_of(code: str) -> Depths:
    depths = Depths([0] * (len(code) + 1))
    kinds = _kinds(code)
    depths.strings = bytearray(len(code) + 1)
    depth = 0
    for i, char in enumerate(code):
        if kinds[i] != _CODE:
            depths.strings[i] = 1
        elif char in "{[(":
            depth += 1
        elif char in "}])":
            depth -= 1
        depths[i] = depth
    return depths


_CODE, _STRING, _COMMENT = 0, 1, 2
_SPECIAL = re.compile(r"""[`'"/{}]""")
_REGEX_AFTER = frozenset("(,=:[!&|?{};+-*%<>~^")
_REGEX_AFTER_WORDS = re.compile(r"(?:^|[^\w$])(?:return|typeof|case|do|else|in|of|new|"
                                r"delete|void|throw|yield|await)\s*$")


def _kinds(code: str) -> bytearray:
    """What each character of `code` is: code, a string's (a quoted string, a template
    literal's text, a regular expression) or a comment's. A template literal's `${…}`
    is code again, nested templates in it too (`` `a ${xs.map((x) => `"${x}"`)}` ``),
    and a `/` where an expression starts (`split(/['"]/)`) opens a regular expression:
    read as code, their quotes and braces would unbalance the rest of the file."""
    kinds = bytearray(len(code))
    opened: list[int] = []  # (the brace depth inside each open `${`)
    braces, i = 0, 0
    while (found := _SPECIAL.search(code, i)) is not None:
        i, char = found.start(), found.group()
        if char == "}" and opened and braces == opened[-1]:
            opened.pop()
            braces -= 1
            char = "}`"  # (the template's text goes on after its `${…}`)
        if char in ("`", "}`"):
            i, substitution = _template_text(code, i, kinds, char == "`")
            if substitution:
                braces += 1
                opened.append(braces)
        elif char in "{}":
            braces += 1 if char == "{" else -1
            i += 1
        elif char in "'\"":
            end = _quoted_end(code, i)
            kinds[i:end] = _marks(_STRING, end - i)
            i = end
        else:
            i = _slash(code, i, kinds)
    return kinds


def _marks(kind: int, count: int) -> bytes:
    return bytes([kind]) * count


def _template_text(code: str, i: int, kinds: bytearray, opening: bool) -> tuple[int, bool]:
    """Mark a template literal's text from `i` (its opening backtick, or a `${…}`'s `}`)
    up to its closing backtick or its next `${`; where to go on from (after the `${`:
    code), and whether a `${` opened."""
    if not opening:
        i += 1  # (the `}` is code: it closes the `${`)
    j = i + 1 if opening else i
    while j < len(code):
        if code[j] == "\\":
            j += 2
        elif code[j] == "`":
            kinds[i:j + 1] = _marks(_STRING, j + 1 - i)
            return j + 1, False
        elif code.startswith("${", j):
            kinds[i:j + 1] = _marks(_STRING, j + 1 - i)
            return j + 2, True
        else:
            j += 1
    kinds[i:] = _marks(_STRING, len(code) - i)
    return len(code), False


def _quoted_end(code: str, i: int) -> int:
    """The end of the quoted string at `i`; `i + 1` if it does not close on its line
    (then the quote is read as code, as before)."""
    found = JS_STRING.match(code, i)
    return found.end() if found else i + 1


def _slash(code: str, i: int, kinds: bytearray) -> int:
    """A comment, a regular expression or a division at the `/` at `i`."""
    if code.startswith("//", i):
        end = code.find("\n", i)
        end = len(code) if end < 0 else end
    elif code.startswith("/*", i):
        end = code.find("*/", i + 2)
        end = len(code) if end < 0 else end + 2
    else:
        end = _regex_end(code, i)
        kinds[i:end] = _marks(_STRING, end - i)
        return max(end, i + 1)
    kinds[i:end] = _marks(_COMMENT, end - i)
    return end


def _regex_end(code: str, i: int) -> int:
    """The end of the regular expression at `i` (flags included), or `i` when the `/`
    is a division: after a value (`a / b`, `(x) / 2`) and unclosed on its line."""
    before = code[max(0, i - 20):i].rstrip()
    if before and before[-1] not in _REGEX_AFTER and not _REGEX_AFTER_WORDS.search(before):
        return i
    j, in_class = i + 1, False
    while j < len(code) and code[j] != "\n":
        if code[j] == "\\":
            j += 2
            continue
        if code[j] == "[":
            in_class = True
        elif code[j] == "]":
            in_class = False
        elif code[j] == "/" and not in_class:
            j += 1
            while j < len(code) and (code[j].isalnum() or code[j] == "_"):
                j += 1
            return j
        j += 1
    return i


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


_BY_MODE = re.compile(r"""\(?\s*process\.env\.NODE_ENV\s*([!=])==?\s*(['"])production\2\s*"""
                      r"""\)?\s*\?\s*""")
"""`process.env.NODE_ENV === 'production' ? A : B`: a value the build's mode chose."""


def literal_value(code: str, at: int) -> str | bool | None:
    """The literal at `at` (a string without `${}`, `true`, `false`); None if code. Of
    two the build's mode chose between (`NODE_ENV === 'production' ? '/notes/' : '/'`),
    the one the published site was built with, production's."""
    text = code[at:].lstrip()
    mode = _BY_MODE.match(text)
    if mode:
        first = JS_STRING.match(text, mode.end())
        other = re.compile(r"\s*:\s*").match(text, first.end()) if first else None
        second = JS_STRING.match(text, other.end()) if other else None
        if first and second and re.match(r"\s*[,}\n]", text[second.end():]):
            return unquote_js((first if mode.group(1) == "=" else second).group())
    found = JS_STRING.match(text)
    # (or the array's end: `children: ["/a.md", "/b.md"]`)
    if found and re.match(r"\s*[,}\]\n]", text[found.end():]):
        return unquote_js(found.group())
    boolean = re.match(r"(true|false)\s*[,}\n]", text)
    if boolean:
        return boolean.group(1) == "true"
    return None


def unquote_js(literal: str) -> str:
    body = literal[1:-1]
    return re.sub(r"\\(.)", r"\1", body)


def literal_entries(code: str, depths: Depths, at: int, first: str,
                    second: str, paths: bool = False,
                    children: dict[int, list[tuple[str, str]]] | None = None,
                    prefix: str = "", inside: bool = False) -> list[tuple[str, str]]:
    """(`first`, `second`) of each literal object of the array at `at`; with `paths`, a
    string alone is ("", it) too (hope's navbar entry `"/guide/"`, shown by the title of
    the page there). A drop-down (`items` or `children`, no `second`) is (`first`, ""):
    with `children`, the entries of its list go there, by its index, a group's among
    them in its place (VitePress's `{ text: '模型', items: [...] }` inside a drop-down,
    shown under its title: a menu has one level). A relative link is from the `prefix`
    its drop-downs give (hope's `prefix: "/posts/"` over `link: "js/1"`)."""
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
            where_of = dict(keys_at(code, depths, i, depths[i]))
            values = {key: literal_value(code, where) for key, where in where_of.items()}
            a, b = values.get(first), values.get(second)
            own = values.get("prefix")
            under = _joined(prefix, own) if isinstance(own, str) else prefix
            if isinstance(a, str) and isinstance(b, str):
                entries.append((a, _joined(prefix, b)))
            elif "items" in values or "children" in values:
                listed = where_of.get("items", where_of.get("children", 0))
                if inside:  # (a group of a drop-down, titled or not: its entries)
                    entries += literal_entries(code, depths, listed, first, second, paths,
                                               prefix=under, inside=True)
                elif isinstance(a, str) and children is not None:
                    children[len(entries)] = literal_entries(
                        code, depths, listed, first, second, paths, prefix=under, inside=True)
                    entries.append((a, ""))  # (a drop-down)
                elif isinstance(a, str):
                    entries.append((a, ""))
        elif paths and code[i] in "'\"" and depths[i] == level and not depths.strings[i - 1] \
                and re.match(r"[\s,\[]*$", code[bracket:i].rsplit(",", 1)[-1]):
            value = literal_value(code, i)
            if isinstance(value, str):
                entries.append(("", _joined(prefix, value)))
    return entries


def _joined(prefix: str, link: str) -> str:
    """`link` from `prefix` (hope's navbar), unless it is a path from the root or a URL."""
    if not prefix or link.startswith("/") or re.match(r"[a-z][\w+.-]*:", link):
        return link
    return prefix.rstrip("/") + "/" + link


QUOTED = r"""(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)")"""
"""A quoted JavaScript string: its text in group 1 (single quotes) or 2 (double)."""


def key_string(text: str, key: str) -> tuple[str | None, bool]:
    """(the string a `key:` holds, whether the key is there at all)."""
    found = re.search(rf"(?<![\w.$]){key}\s*:\s*", text)
    if not found:
        return None, False
    value = re.match(QUOTED + r"\s*(?:[,}\n]|$)", text[found.end():])
    # (or a template without `${}`, as Gatsby's starters write every string)
    template = None if value else re.match(r"`((?:[^`$\\]|\\.)*)`\s*(?:[,}\n]|$)",
                                           text[found.end():])
    if template:
        raw = template.group(1)
    elif not value:
        return None, True
    else:
        raw = value.group(1) if value.group(1) is not None else value.group(2) or ""
    # (JavaScript's escapes: `'luoyjx\'s notes'` is luoyjx's notes)
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)),
                  raw), True


def key_object(text: str, key: str) -> str | None:
    """The text of the object a `key: {…}` holds (braces balanced), else None."""
    found = re.search(rf"(?<![\w.$]){key}\s*:\s*\{{", text)
    if not found:
        return None
    depth, start = 0, found.end() - 1
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return text[start + 1:i]
    return None


_ARRAY_CONST = re.compile(r"\bconst\s+([A-Za-z_$][\w$]*)\s*(?::[^=\n]+)?=\s*"
                          r"(?:[\w.$]+\s*\(\s*)*\[")
_ARRAY_DEFAULT = re.compile(r"\bexport\s+default\s+(?:[\w.$]+\s*\(\s*)*\[")
_DEFAULT_IMPORT = re.compile(r"""\bimport\s+([A-Za-z_$][\w$]*)\s+from\s+['"](\.{1,2}/[^'"]+)['"]""")


def _array_text(code: str, bracket: int) -> str:
    """The array opening at `bracket`, as written (to its closing `]`)."""
    depths = depths_of(code)
    end = bracket + 1
    while end < len(code) and depths[end] >= depths[bracket]:
        end += 1
    return code[bracket:end + 1]


def named_arrays(codes: dict[Path, str]) -> dict[str, str]:
    """The arrays the files (`codes`, comments stripped) give a name, as written: `const
    zhNavbar = navbar([…])` under its name, and a file's `export default navbar([…])`
    under the name another file imports it by (`import navbar from "./navbar.js"`), so
    that a setting written `navbar: zhNavbar`, or `navbar` alone, finds its entries."""
    found: dict[str, str] = {}
    for code in codes.values():
        for match in _ARRAY_CONST.finditer(code):
            found.setdefault(match.group(1), _array_text(code, match.end() - 1))
    for path, code in codes.items():
        for match in _DEFAULT_IMPORT.finditer(code):
            module = next(iter(local_modules(match.group(), path.parent)), None)
            default = _ARRAY_DEFAULT.search(codes.get(module, "")) if module else None
            if module is not None and default is not None:
                found.setdefault(match.group(1), _array_text(codes[module], default.end() - 1))
    return found

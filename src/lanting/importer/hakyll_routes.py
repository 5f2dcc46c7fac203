"""Hakyll's `customRoute`, read as text: the function of a file's path it is given, as
sites write it for "clean" URLs (`takeDirectory p </> takeBaseName p </> "index.html"`,
`(</> "index") . dropExtension . toFilePath`), evaluated on each file's path — a small
part of Haskell: `System.FilePath`'s functions, string literals, `</>`, `++`, `<.>`,
`.`, `$`, sections, `drop n`/`take n`, and `where`/`let` names bound to the path.
Anything else is code this reader does not run: the route stays unknown (a warning)."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from typing import TypeAlias

Value: TypeAlias = "str | Callable[[Value], Value]"
"""What an expression is: a path, or a function of one."""

_TOKEN = re.compile(r'\s*(?:(?P<string>"(?:\\.|[^"\\])*")|(?P<op></>|<\.>|\+\+|[.$])'
                    r"|(?P<name>(?:[A-Z][\w']*\.)*[A-Za-z_][\w']*)|(?P<paren>[()])"
                    r"|(?P<number>\d+))")
_BINARY = {"$": (0, "right"), "++": (5, "right"), "</>": (5, "right"), "<.>": (7, "right"),
           ".": (9, "right")}
"""Haskell's fixities of the operators read: (precedence, associativity)."""


def haskell_string(literal: str) -> str:
    """A Haskell string literal's text (`"\\\\.markdown$"` → `\\.markdown$`)."""
    return re.sub(r"\\(.)", r"\1", literal)


def _split_extension(path: str) -> tuple[str, str]:
    folder, name = posixpath.split(path)
    stem, dot, extension = name.rpartition(".")
    if not dot or not stem:
        return path, ""
    return posixpath.join(folder, stem) if folder else stem, "." + extension


def _drop_extensions(path: str) -> str:
    """System.FilePath's `dropExtensions`: every extension of the name (`a/b.tar.gz` →
    `a/b`), as a site's own route, `customRoute $ FilePath.dropExtensions . toFilePath`,
    drops them for its URLs without `.html`."""
    while (dropped := _split_extension(path)[0]) != path:
        path = dropped
    return path


def _take_directory(path: str) -> str:
    folder = posixpath.dirname(path.rstrip("/")) if "/" in path.rstrip("/") else "."
    return folder or "/"


def _join(left: str, right: str) -> str:
    return right if right.startswith("/") else f"{left.rstrip('/')}/{right}" if left else right


_FUNCTIONS: dict[str, Callable[[str], str]] = {
    "takeDirectory": _take_directory,
    "takeBaseName": lambda p: _split_extension(posixpath.basename(p))[0],
    "takeFileName": posixpath.basename,
    "dropExtension": lambda p: _split_extension(p)[0], "dropExtensions": _drop_extensions,
    "takeExtension": lambda p: _split_extension(p)[1],
    "dropFileName": lambda p: p[:len(p) - len(posixpath.basename(p))],
    "toFilePath": lambda p: p, "id": lambda p: p,
}


class _Unknown(Exception):
    """Code this reader does not run."""


def _tokens(text: str) -> list[tuple[str, str]]:
    out, at = [], 0
    text = text.strip()
    while at < len(text):
        found = _TOKEN.match(text, at)
        if found is None or found.end() == at:
            raise _Unknown(text[at:at + 20])
        kind = found.lastgroup or ""
        out.append((kind, found.group(kind)))
        at = found.end()
    return out


class _Parser:
    """A Pratt parser of the expression, evaluated as it is read: a string or a function
    of one string."""

    def __init__(self, text: str, names: dict[str, Value]) -> None:
        self.tokens, self.at, self.names = _tokens(text), 0, names

    def peek(self) -> tuple[str, str] | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self) -> tuple[str, str]:
        token = self.peek()
        if token is None:
            raise _Unknown("end")
        self.at += 1
        return token

    def expression(self, floor: int = 0) -> Value:
        left = self.application()
        while (token := self.peek()) is not None and token[0] == "op" \
                and _BINARY[token[1]][0] >= floor \
                and self.tokens[self.at + 1:self.at + 2] != [("paren", ")")]:
            self.take()
            right = self.expression(_BINARY[token[1]][0])  # (every one is infixr)
            left = _apply_operator(token[1], left, right)
        return left

    def application(self) -> Value:
        head = self.atom()
        while (token := self.peek()) is not None and token[0] in ("string", "name") \
                or token == ("paren", "("):
            head = _call(head, self.atom())
        return head

    def atom(self) -> Value:
        kind, text = self.take()
        if kind == "string":
            return haskell_string(text[1:-1])
        if kind == "name":
            if text in self.names:
                return self.names[text]
            if text in ("drop", "take") and (count := self.peek()) and count[0] == "number":
                self.take()  # (`drop 6 . toFilePath`: a path without its first 6 letters)
                n = int(count[1])
                return _lifted(lambda p: p[n:]) if text == "drop" else _lifted(lambda p: p[:n])
            function = _FUNCTIONS.get(text.rsplit(".", 1)[-1])
            if function is None:
                raise _Unknown(text)
            return _lifted(function)
        if text != "(":
            raise _Unknown(text)
        token = self.peek()
        if token is not None and token[0] == "op" and token[1] not in (".", "$"):
            self.take()  # a right section, `(</> "index")`
            operand = self.expression()
            self.close()
            return _section(token[1], None, operand)
        inner = self.expression()
        token = self.peek()
        if token is not None and token[0] == "op":
            self.take()  # a left section, `("posts/" ++)`
            self.close()
            return _section(token[1], inner, None)
        self.close()
        return inner

    def close(self) -> None:
        if self.take() != ("paren", ")"):
            raise _Unknown("(")


def _lifted(function: Callable[[str], str]) -> Value:
    def applied(value: Value) -> Value:
        return function(_text(value))
    return applied


def _section(op: str, left: Value | None, right: Value | None) -> Value:
    """`(</> "index")` (`left` None) or `("posts/" ++)` (`right` None)."""
    def applied(value: Value) -> Value:
        return _apply_operator(op, value if left is None else left,
                               value if right is None else right)
    return applied


def _composed(outer: Value, inner: Value) -> Value:
    def applied(value: Value) -> Value:
        return _call(outer, _call(inner, value))
    return applied


def _text(value: Value) -> str:
    if not isinstance(value, str):
        raise _Unknown("a function where a path was wanted")
    return value


def _call(function: Value, argument: Value) -> Value:
    if isinstance(function, str):
        raise _Unknown(f"{function!r} applied")
    return function(argument)


def _apply_operator(op: str, left: Value, right: Value) -> Value:
    if op == "$":
        return _call(left, right)
    if op == ".":
        return _composed(left, right)
    a, b = _text(left), _text(right)
    if op == "++":
        return a + b
    if op == "</>":
        return _join(a, b)
    return f"{a}.{b.lstrip('.')}" if b else a


def custom_route(text: str, code: str) -> str | None:
    """The function a `customRoute` in `text` (a route's expression, or the binding it
    names) is given, as the body of a function of `PATH` (to keep in a Rule), or None
    when it is not one this reader follows."""
    found = re.search(r"\bcustomRoute\b\s*\$?\s*", text)
    if found is None:
        return None
    rest = text[found.end():]
    if "$" in found.group():  # (`customRoute $ f . g`: the rest of the line)
        rest = "(" + re.split(r"`|\n", rest, maxsplit=1)[0] + ")"
    named = re.match(r"([a-z_][\w']*)\b", rest)
    if named is None:
        bracketed = _argument_text(rest)
        return None if bracketed is None else f"({bracketed}) PATH"
    name = named.group(1)
    where = text + "\n" + code
    definition = re.search(rf"^([ \t]*)(?:(?:where|let)[ \t]+)?{re.escape(name)}[ \t]+"
                           rf"([a-z_][\w']*)[ \t]*=(.*(?:\n(?:\1[ \t]+.*|[ \t]*))*)",
                           where, re.MULTILINE)
    if definition is None:
        return f"{name} PATH"
    parameter, body = definition.group(2), definition.group(3)
    local = ""
    if (where_at := re.search(r"\bwhere\b", body)) is not None:
        body, local = body[:where_at.start()], body[where_at.end():]
    lets = re.match(r"\s*let\b(.*?)\bin\b(.*)", body, re.DOTALL)
    if lets:
        local, body = lets.group(1) + "\n" + local, lets.group(2)
    names = {parameter: "PATH"}
    for binding in re.finditer(r"([a-z_][\w']*)\s*=\s*([^\n]+)", local):
        names[binding.group(1)] = f"({binding.group(2).strip()})"
    for _ in range(3):
        body = re.sub(r"\b[a-z_][\w']*\b",
                      lambda m: names.get(m.group(), m.group()), body)
    return " ".join(body.split())


def _argument_text(text: str) -> str | None:
    """The bracketed expression at the start of `text`, without its brackets."""
    if not text.startswith("("):
        return None
    depth = 0
    for i, char in enumerate(text):
        depth += 1 if char == "(" else -1 if char == ")" else 0
        if depth == 0:
            return text[1:i]
    return None


def apply_custom_route(body: str, path: str) -> str | None:
    """Where `body` (what `custom_route` read) sends the file at `path`, or None when
    its code is not one this reader runs."""
    try:
        parser = _Parser(body, {"PATH": path})
        out = parser.expression()
    except (_Unknown, RecursionError):
        return None
    if parser.peek() is not None:
        return None  # (more than one expression: not read whole)
    if not isinstance(out, str):
        return None
    return posixpath.normpath(out).lstrip("/")


_ROUTE_STEP = re.compile(
    r'setExtension\s*"((?:\\.|[^"\\])*)"|(idRoute)|constRoute\s*"((?:\\.|[^"\\])*)"'
    r'|gsubRoute\s*"((?:\\.|[^"\\])*)"\s*\(?\s*(?:const|\\\s*_\s*->)\s*"((?:\\.|[^"\\])*)"\s*\)?'
    r'|gsubRoute\s*"((?:\\.|[^"\\])*)"\s*\(\s*replaceAll\s*"((?:\\.|[^"\\])*)"\s*'
    r'(?:\$\s*const|\(\s*const)\s*"((?:\\.|[^"\\])*)"\s*\)?\s*\)'
    r"|(gsubRoute|customRoute|metadataRoute|matchRoute|\w*[Rr]oute\b)")
"""A route's steps: `setExtension`, `idRoute`, `constRoute`, `gsubRoute` with a constant
replacement or one replacing within the match (`replaceAll "-" $ const "/"`, a date's
dashes made folders), or another route (group 9)."""


def route_steps(expression: str, custom: str | None = None) -> tuple[tuple[str, ...], ...]:
    """The steps of a route's expression; `custom`, the function its `customRoute` was
    given when `hakyll_routes` could read it."""
    steps: list[tuple[str, ...]] = []
    for m in _ROUTE_STEP.finditer(expression):
        if m.group(9) == "customRoute" and custom is not None:
            # (the first one's function is `custom`; a second, composed after it, is not)
            steps.append(("custom", custom) if not any(s[0] == "custom" for s in steps)
                         else ("unknown", "customRoute"))
            continue
        if m.group(1) is not None:
            steps.append(("ext", haskell_string(m.group(1))))
        elif m.group(2):
            steps.append(("id",))
        elif m.group(3) is not None:
            steps.append(("const", haskell_string(m.group(3))))
        elif m.group(4) is not None:
            steps.append(("gsub", haskell_string(m.group(4)), haskell_string(m.group(5))))
        elif m.group(6) is not None:
            steps.append(("gsub_within", *(haskell_string(m.group(i)) for i in (6, 7, 8))))
        elif m.group(9) in ("composeRoutes", "route") or custom is not None \
                and m.group(9) not in ("gsubRoute", "metadataRoute", "matchRoute"):
            continue  # (a name inside the `customRoute`'s function: read with it)
        else:
            steps.append(("unknown", m.group(9)))
    return tuple(steps) or (("unknown", expression.strip()[:60]),)


def gsub_within(path: str, pattern: str, find: str, replacement: str) -> str:
    """`gsubRoute pattern (replaceAll find (const replacement))`: in each match of
    `pattern`, every match of `find` replaced (`2016-10-31-` → `2016/10/31/`)."""
    def within(match: re.Match[str]) -> str:
        return re.sub(find, replacement.replace("\\", "\\\\"), match.group())
    return re.sub(pattern, within, path)


def route_custom(route: str, bindings: dict[str, str], code: str) -> str | None:
    """The function of a `customRoute` in `route` (or in the route it names)."""
    for _ in range(3):
        if re.search(r"\bcustomRoute\b", route):
            break
        if route.strip() in bindings:  # (`route cleanRoute`: its definition, `where` too)
            route = bindings[route.strip()]
            continue
        route = re.sub(r"(?<![\w'.\"])[a-z_][\w']*(?![\w'\"])", lambda m: f"({bindings[m.group()]})"
                       if m.group() in bindings else m.group(), route)
    return custom_route(route, code)

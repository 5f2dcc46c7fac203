"""Go's templates parsed: a template's text into nodes (text, printed pipelines,
variables set, `if`/`with`/`range` with their bodies), the part `go_templates.py` runs.
What it cannot read (a `define`, a `<script>`, an unclosed `if`) raises `Unsupported`
naming it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from lanting.importer.go_functions import Unsupported

_ACTION = re.compile(r"\{\{(-?)(.*?)(-?)\}\}", re.DOTALL)
_TOKEN = re.compile(r'\s*("(?:[^"\\]|\\.)*"|`[^`]*`|:=|\(|\)|\||=|[^\s()|"`]+)')
_HTML_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)


@dataclass(frozen=True, slots=True)
class Node:
    kind: str
    """`text`, `out` (a pipeline printed), `set` (a variable), `if`, `with`, `range`,
    `break`, `continue`."""
    text: str = ""
    """The text, or the variable's name (a range's: its one or two, by a comma)."""
    pipe: tuple[Any, ...] = ()
    body: tuple[Node, ...] = ()
    orelse: tuple[Node, ...] = ()
    declare: bool = False


def parse(template: str) -> tuple[Node, ...]:
    """The template's nodes; `Unsupported` for what is not read (a `range`, a script:
    a shortcode's script works with its theme's)."""
    template = _HTML_COMMENT.sub("", template)
    if re.search(r"<script\b", template, re.IGNORECASE):
        raise Unsupported("a `<script>`")
    pieces: list[tuple[str, str]] = []
    at = 0
    for match in _ACTION.finditer(template):
        text = template[at:match.start()]
        if match.group(1):
            text = text.rstrip()
        if pieces and pieces[-1][0] == "trim":
            text = text.lstrip()
            pieces.pop()
        pieces.append(("text", text))
        body = match.group(2).strip()
        if not body.startswith("/*"):
            pieces.append(("action", body))
        if match.group(3):
            pieces.append(("trim", ""))
        at = match.end()
    tail = template[at:]
    if pieces and pieces[-1][0] == "trim":
        pieces.pop()
        tail = tail.lstrip()
    pieces.append(("text", tail))
    nodes, _at, end = _block(pieces, 0)
    if end is not None:
        raise Unsupported(f"`{{{{ {end} }}}}` without its opening")
    return tuple(nodes)


def _block(pieces: list[tuple[str, str]], at: int) -> tuple[list[Node], int, str | None]:
    """Nodes from `at` up to an `end` or `else` (returned, with where it stops)."""
    nodes: list[Node] = []
    while at < len(pieces):
        kind, body = pieces[at]
        at += 1
        if kind == "text":
            if body:
                nodes.append(Node("text", body))
            continue
        word = body.split(None, 1)[0] if body else ""
        if word in ("end", "else"):
            return nodes, at, body
        if word in ("if", "with", "range"):
            node, at = _conditional(word, body[len(word):], pieces, at)
            nodes.append(node)
        elif word in ("break", "continue") and body == word:
            nodes.append(Node(word))
        elif word in ("define", "template", "block", "break", "continue", "try", "return"):
            raise Unsupported(f"`{word}`")
        else:
            match = re.match(r"(\$\w*)\s*(:?=)(?!=)\s*(.*)", body, re.DOTALL)
            if match:
                nodes.append(Node("set", match.group(1), _pipeline(match.group(3)),
                                  declare=match.group(2) == ":="))
            else:
                nodes.append(Node("out", pipe=_pipeline(body)))
    return nodes, at, None


def _conditional(word: str, test: str, pieces: list[tuple[str, str]],
                 at: int) -> tuple[Node, int]:
    names = ""
    if word == "range":
        # (`range $i, $part := $parts`: the loop's variables, declared for its body)
        declared = re.match(r"\s*(\$\w+)\s*(?:,\s*(\$\w+)\s*)?:=(.*)", test, re.DOTALL)
        if declared:
            names = ",".join(n for n in declared.group(1, 2) if n)
            test = declared.group(3)
    body, at, end = _block(pieces, at)
    orelse: list[Node] = []
    if end is not None and end.startswith("else"):
        rest = end[4:].strip()
        if rest.startswith(("if ", "with ")):  # `else if …`: the rest of the chain
            inner_word = rest.split(None, 1)[0]
            node, at = _conditional(inner_word, rest[len(inner_word):], pieces, at)
            return Node(word, names, _pipeline(test), tuple(body), (node,)), at
        orelse, at, end = _block(pieces, at)
    if end is None or not end.startswith("end"):
        raise Unsupported(f"`{word}` without its `end`")
    return Node(word, names, _pipeline(test), tuple(body), tuple(orelse)), at


def _pipeline(text: str) -> tuple[Any, ...]:
    """`a b | c (d e)` → ((a, b), (c, (d, e))): commands of terms, a term a word or a
    parenthesised pipeline."""
    tokens = [t for t in _TOKEN.findall(text) if t.strip()]
    pipe, at = _commands(tokens, 0)
    if at != len(tokens):
        raise Unsupported(f"`{text.strip()}`")
    return pipe


def _commands(tokens: list[str], at: int) -> tuple[tuple[Any, ...], int]:
    commands: list[tuple[Any, ...]] = []
    command: list[Any] = []
    while at < len(tokens) and tokens[at] != ")":
        token = tokens[at]
        at += 1
        if token == "|":
            commands.append(tuple(command))
            command = []
        elif token == "(":
            inner, at = _commands(tokens, at)
            if at >= len(tokens):
                raise Unsupported("a `(` without its `)`")
            at += 1
            command.append(("pipe", inner))
        else:
            command.append(token)
    if not command:
        raise Unsupported("an empty command")
    commands.append(tuple(command))
    return tuple(commands), at

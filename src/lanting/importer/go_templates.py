"""A small part of Go's templates, enough to run the shortcodes sites write for
themselves (`layouts/shortcodes/anchor.html`: `<a id="{{ .Get 0 }}"></a>`; a theorem
box: `<div class="theorem">{{ .Inner | markdownify }}</div>`; a numbered label counted
in `.Page.Scratch`).

What is read: text, `{{/* comments */}}`, the `{{-` and `-}}` trims, `if`/`else if`/
`else`/`with`/`end`, `range` over a list, a map or a number (with `else`, `break` and
`continue`), variables (`$x := …`, `$x = …`), pipelines with `|` and parentheses, the
shortcode's `.Get`, `.Inner`, `.InnerDeindent`, `.IsNamedParams`, `.Params`, `.Name`,
`.Ordinal`, `.Page.Scratch` (`Get`, `Set`, `Add`, `SetInMap`), `.Page.RenderString`
(its text's own shortcodes run by `Call.render`),
the page's `.Page.Params`, `.Title`, `.Permalink`, `.File` and `.Resources`
(`go_resources.py`), and the functions of `go_functions.py`. Anything else — a
partial, the site's parameters — raises `Unsupported` naming it: such a template is not
run, and its shortcode is left as it was (the importer says so). HTML comments are
dropped from the template's text, as Go's `html/template` drops them. The templates are
parsed in `go_parse.py`; this module runs them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lanting.importer.go_functions import (
    FUNCTIONS,
    Html,
    Markdown,
    Unsupported,
    markdownify,
    read_file,
    scratch_method,
    text_of,
    truth,
)
from lanting.importer.go_parse import Node
from lanting.importer.go_resources import (
    Resource,
    page_resources,
    resource_field,
    resources_method,
)


@dataclass(slots=True)
class Call:
    """One use of a shortcode: what its template reads."""

    name: str
    words: list[str]
    named: dict[str, str]
    inner: str | None
    ordinal: int = 0
    scratch: dict[str, Any] = field(default_factory=dict)
    """The page's `.Page.Scratch`, shared by the uses of one page, in order."""
    page: dict[str, Any] = field(default_factory=dict)
    """The page's `.Page.Params` (its front matter, keys in lower case, as Hugo's);
    `.Page.Title` and `.Page.Permalink` are its `title` and its old URL, `url`."""
    file: dict[str, str] = field(default_factory=dict)
    """The page's `.Page.File` (`BaseFileName`, `Dir`, …: a site's `img solve png` names
    the image `/post_img/{{ .Page.File.BaseFileName }}/solve.png`)."""
    root: Path | None = None
    """The site's folder: `readFile` reads a path from there, as Hugo did."""
    source: Path | None = None
    """The page's file, whose bundle holds its `.Page.Resources`."""
    render: Callable[[str], str] | None = None
    """Runs the shortcodes of a text `.Page.RenderString` renders, as Hugo did (a
    chapter's Markdown including its sections); None: such a text is not run."""


# --- running -----------------------------------------------------------------------------


def run(nodes: tuple[Node, ...], call: Call) -> list[str]:
    """The pieces the template writes for `call`: `Markdown`, `Html` or text (to be
    escaped, as `html/template` escaped it)."""
    out: list[str] = []
    _run(nodes, call, call, {"$": call}, out)
    return out


def _run(nodes: tuple[Node, ...], call: Call, dot: Any, variables: dict[str, Any],
         out: list[str]) -> None:
    for node in nodes:
        if node.kind == "text":
            out.append(Html(node.text))
        elif node.kind == "out":
            value = _pipe(node.pipe, call, dot, variables)
            if value is not None and value != "":
                out.append(value if isinstance(value, str) else text_of(value))
        elif node.kind == "set":
            if not node.declare and node.text not in variables:
                raise Unsupported(f"`{node.text}` set before it is declared")
            variables[node.text] = _pipe(node.pipe, call, dot, variables)
        elif node.kind in ("break", "continue"):
            raise _Loop(node.kind)
        elif node.kind == "range":
            _range(node, call, dot, variables, out)
        else:
            value = _pipe(node.pipe, call, dot, variables)
            # (one scope for all: `$x = …` in a branch sets the `$x` outside, as in Go)
            if truth(value):
                _run(node.body, call, value if node.kind == "with" else dot, variables, out)
            else:
                _run(node.orelse, call, dot, variables, out)


class _Loop(Exception):
    """A `break` or `continue` (its text), leaving the range's body."""


def _range(node: Node, call: Call, dot: Any, variables: dict[str, Any],
           out: list[str]) -> None:
    """A `range`: its body once for each element (`.` the element, its variables the
    index or key and the element), its `else` when there is none; a map's keys in
    order, as Go sorts them."""
    value = _pipe(node.pipe, call, dot, variables)
    if isinstance(value, dict):
        pairs: list[tuple[Any, Any]] = sorted(value.items(), key=lambda kv: str(kv[0]))
    elif isinstance(value, (list, tuple)):
        pairs = list(enumerate(value))
    elif isinstance(value, int) and not isinstance(value, bool):
        pairs = [(i, i) for i in range(value)]  # (`range 3`: 0, 1, 2)
    elif value is None:
        pairs = []
    else:
        raise Unsupported("`range` over a value")
    if not pairs:
        _run(node.orelse, call, dot, variables, out)
    names = node.text.split(",") if node.text else []
    for key, element in pairs:
        if len(names) == 2:
            variables[names[0]], variables[names[1]] = key, element
        elif names:
            variables[names[0]] = element
        try:
            _run(node.body, call, element, variables, out)
        except _Loop as loop:
            if str(loop) == "break":
                break


def _pipe(pipe: tuple[Any, ...], call: Call, dot: Any, variables: dict[str, Any]) -> Any:
    value: Any = _NOTHING
    for command in pipe:
        value = _command(command, call, dot, variables, value)
    return value


_NOTHING = object()
"""No value piped in (the first command of a pipeline)."""


def _command(command: tuple[Any, ...], call: Call, dot: Any, variables: dict[str, Any],
             piped: Any) -> Any:
    head, *rest = command
    args = [_term(t, call, dot, variables) for t in rest]
    if piped is not _NOTHING:
        args.append(piped)
    if isinstance(head, tuple):
        if args:
            raise Unsupported("arguments after a parenthesised pipeline")
        return _pipe(head[1], call, dot, variables)
    if head.startswith("."):
        return _field(head, call, dot, args)
    if head.startswith("$"):
        return _variable(head, call, variables, args)
    if head in ("readFile", "os.ReadFile"):
        return read_file(call.root, args, _content_folder(call))
    if head in FUNCTIONS:
        return FUNCTIONS[head](*args)
    if not args:
        return _term(head, call, dot, variables)
    raise Unsupported(f"`{head}`")


def _content_folder(call: Call) -> Path | None:
    """The site's content folder: the page's file less its `.Page.File.Path`."""
    rel = call.file.get("Path")
    if call.source is None or not rel:
        return None
    return call.source.parents[len(Path(rel).parts) - 1]


def _term(token: Any, call: Call, dot: Any, variables: dict[str, Any]) -> Any:
    if isinstance(token, tuple):
        return _pipe(token[1], call, dot, variables)
    if token.startswith('"'):
        return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)),
                      token[1:-1])
    if token.startswith("`"):
        return token[1:-1]
    if re.fullmatch(r"-?\d+", token):
        return int(token)
    if token in ("true", "false"):
        return token == "true"
    if token == "nil":
        return None
    if token.startswith("$"):
        return _variable(token, call, variables, [])
    if token.startswith("."):
        return _field(token, call, dot, [])
    if token in FUNCTIONS:
        return FUNCTIONS[token]()
    raise Unsupported(f"`{token}`")


def _variable(token: str, call: Call, variables: dict[str, Any], args: list[Any]) -> Any:
    """`$x`, `$.Get "k"` (`$` is the shortcode, whatever `.` is in a `with`)."""
    name, _, fields = token.partition(".")
    if name not in variables:
        raise Unsupported(f"`{name}`")
    if fields:
        return _field("." + fields, call, variables[name], args)
    if args:
        raise Unsupported(f"arguments to `{token}`")
    return variables[name]


def _field(chain: str, call: Call, dot: Any, args: list[Any]) -> Any:
    """`.Get 0`, `.Inner`, `.Page.Scratch.Add "n" 1` … on the shortcode; `.` itself."""
    if chain == ".":
        if args:
            raise Unsupported("arguments to `.`")
        return dot
    if isinstance(dot, Resource):
        return resource_field(dot, chain[1:], args)
    if not isinstance(dot, Call):
        raise Unsupported(f"`{chain}` of a value")
    name = chain[1:]
    if name.startswith("Page.Resources."):
        return resources_method(page_resources(dot.source),
                                name.removeprefix("Page.Resources."), args)
    if name == "Get":
        if len(args) != 1:
            raise Unsupported("`.Get` without one argument")
        key = args[0]
        if isinstance(key, int):
            return dot.words[key] if 0 <= key < len(dot.words) else None
        return dot.named.get(str(key))
    if args and not name.startswith("Page."):
        raise Unsupported(f"arguments to `{chain}`")
    if name in ("Inner", "InnerDeindent"):
        return Markdown(dot.inner or "")
    if name == "IsNamedParams":
        return bool(dot.named)
    if name == "Params":
        return dict(dot.named) if dot.named else list(dot.words)
    if name == "Name":
        return dot.name
    if name == "Ordinal":
        return dot.ordinal
    if name == "Page.RenderString":
        text = text_of(args[-1]) if args else ""
        if re.search(r"\{\{[<%]", text):
            if dot.render is None:
                raise Unsupported("shortcodes in the text `.Page.RenderString` renders")
            args = [*args[:-1], dot.render(text)]
        return markdownify(*args)
    if name.startswith("Page.Scratch."):
        return scratch_method(name.removeprefix("Page.Scratch."), dot.scratch, args)
    if name.startswith("Page.Params.") and not args:
        return dot.page.get(name.removeprefix("Page.Params.").lower())
    if name.removeprefix("Page.File.") in dot.file and not args:
        return dot.file[name.removeprefix("Page.File.")]
    page = {"Page.Params": dot.page, "Page.Title": dot.page.get("title"),
            "Page.Permalink": dot.page.get("url"), "Page.RelPermalink": dot.page.get("url")}
    if name in page and not args:
        return page[name]
    raise Unsupported(f"`{chain}`")

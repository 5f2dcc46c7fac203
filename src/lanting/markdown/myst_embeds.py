"""MyST directives that bring in something from elsewhere, read onto Lanting's shortcodes:
`{literalinclude} ../src/train.py` (`:lines:`, `:language:`, `:emphasize-lines:`,
`:linenos:`, `:caption:`) is `{{< code file="…" >}}`, the file read (and recorded as a
dependency) from the site folder, its path taken from the page's folder as Sphinx takes
it (`/x.py`: from `content/`); `{youtube} ID` is `{{< video youtube="ID" >}}`.
"""

from __future__ import annotations

import posixpath
import shlex

from markdown_it.rules_block import StateBlock

from lanting.markdown.myst_directives import Directive, Handler, warn

UNREAD_INCLUDE_OPTIONS = ("start-after", "end-before", "start-at", "end-at", "pyobject",
                          "diff", "dedent", "prepend", "append")


def _shortcode(state: StateBlock, d: Directive, name: str, args: dict[str, str]) -> None:
    token = state.push("shortcode_block", "", 0)
    token.info, token.map = name, [d.start, d.end + 1]
    token.content = " ".join(f"{key}={shlex.quote(value)}" for key, value in args.items())


def _literalinclude(state: StateBlock, d: Directive) -> None:
    ctx = state.env.get("lanting")
    path = d.argument.strip()
    if not path:
        warn(state, d.start, "`{literalinclude}` needs the file's path",
             "write ```{literalinclude} ../src/train.py")
        return
    here = posixpath.dirname(ctx.rel) if ctx is not None else ""
    name = posixpath.normpath(posixpath.join("content", path.lstrip("/") if path.startswith(
        "/") else posixpath.join(here, path)))
    args = {"file": name, "linenos": "true" if "linenos" in d.options else "false"}
    for option, key in (("lines", "lines"), ("language", "lang"),
                        ("emphasize-lines", "hl_lines"), ("caption", "title")):
        if d.options.get(option):
            args[key] = d.options[option]
    unread = [f":{o}:" for o in UNREAD_INCLUDE_OPTIONS if o in d.options]
    if unread:
        warn(state, d.start, f"`{{literalinclude}}` options {', '.join(unread)} are not "
             "read: the whole file (or its `:lines:`) is shown",
             "choose the part with `:lines: 10-30`")
    _shortcode(state, d, "code", args)


def _youtube(state: StateBlock, d: Directive) -> None:
    _shortcode(state, d, "video", {"youtube": d.argument.strip()})


HANDLERS: dict[str, Handler] = {"literalinclude": _literalinclude, "youtube": _youtube}

"""Plugin: shortcodes, `{{< name key="value" … >}}`, one Python handler per name.

A shortcode alone on its line is a block; inside a paragraph it is inline. Handlers
return HTML and report problems through the render environment.

Built in: `{{< code file="snippets/dp.py" lines="10-30" lang="python" title="…" >}}`
includes (part of) a file of the site, confined to the site folder.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Sequence
from pathlib import PurePosixPath
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.rules_block import StateBlock
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token

from lanting.markdown.code import render_code_block
from lanting.markdown.fence_info import FenceInfo, parse_line_ranges
from lanting.model.problem import Problem

Handler = Callable[[dict[str, str], dict[str, Any], int], str]
"""handler(arguments, render env, source line) -> HTML"""

_SHORTCODE = re.compile(r"\{\{<\s*([A-Za-z][\w-]*)\s*(.*?)\s*>\}\}")
BLOCKS = frozenset({"code", "video", "references"})
"""Shortcodes whose HTML is a block: alone on a line, one ends the paragraph above it (a
`<div>` inside a `<p>` breaks the page), as a fence does."""
HANDLERS: dict[str, Handler] = {}


def shortcode(name: str) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        HANDLERS[name] = handler
        return handler

    return register


def report(env: dict[str, Any], line: int, message: str, hint: str | None = None,
           severity: str = "error") -> None:
    ctx = env.get("lanting")
    env.setdefault("problems", []).append(
        Problem(message, ctx.path if ctx else None, line, hint=hint, severity=severity))


def parse_arguments(text: str) -> dict[str, str]:
    """`file="a b.py" lines=3-9 hichunk2026` -> {"file": "a b.py", "lines": "3-9", "0": …}."""
    try:
        words = shlex.split(text)
    except ValueError:
        words = text.split()
    args: dict[str, str] = {}
    for i, word in enumerate(words):
        key, eq, value = word.partition("=")
        args[key if eq else str(i)] = value if eq else word
    return args


def _call(name: str, raw: str, env: dict[str, Any], line: int) -> str:
    handler = HANDLERS.get(name)
    if handler is None:
        report(env, line, f"unknown shortcode `{name}`",
               f"known shortcodes: {', '.join(sorted(HANDLERS))}")
        return escapeHtml(f"{{{{< {name} {raw} >}}}}")
    return handler(parse_arguments(raw), env, line)


def _line_of(env: dict[str, Any], token: Token) -> int:
    ctx = env.get("lanting")
    return (ctx.body_line if ctx else 1) + (token.map[0] if token.map else 0)


def _block_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    begin = state.bMarks[start] + state.tShift[start]
    text = state.src[begin : state.eMarks[start]].strip()
    match = _SHORTCODE.fullmatch(text)
    if not match or state.sCount[start] - state.blkIndent >= 4:
        return False
    if silent:  # asked whether it ends a paragraph: only a block's shortcode does
        return match.group(1) in BLOCKS
    token = state.push("shortcode_block", "", 0)
    token.info, token.content, token.map = match.group(1), match.group(2), [start, start + 1]
    state.line = start + 1
    return True


def _inline_rule(state: StateInline, silent: bool) -> bool:
    if not state.src.startswith("{{<", state.pos):
        return False
    match = _SHORTCODE.match(state.src, state.pos)
    if not match:
        return False
    if not silent:
        token = state.push("shortcode_inline", "", 0)
        token.info, token.content = match.group(1), match.group(2)
    state.pos = match.end()
    return True


def _render(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    token = tokens[idx]
    return _call(token.info, token.content, env, _line_of(env, token))


def shortcodes_plugin(md: MarkdownIt) -> None:
    md.block.ruler.before("paragraph", "shortcode_block", _block_rule,
                          {"alt": ["paragraph", "reference", "blockquote", "list"]})
    md.inline.ruler.before("link", "shortcode_inline", _inline_rule)
    md.add_render_rule("shortcode_block", _render)
    md.add_render_rule("shortcode_inline", _render)


_EXTENSIONS = {".py": "python", ".sh": "bash", ".yaml": "yaml", ".yml": "yaml", ".toml": "toml",
               ".js": "javascript", ".ts": "typescript", ".cpp": "cpp", ".cu": "cuda",
               ".c": "c", ".h": "c", ".rs": "rust", ".go": "go", ".json": "json"}


@shortcode("code")
def include_code(args: dict[str, str], env: dict[str, Any], line: int) -> str:
    ctx = env.get("lanting")
    name = args.get("file", "")
    if not name or ctx is None:
        report(env, line, "`code` shortcode needs file=\"path\"",
               'write {{< code file="snippets/x.py" >}}')
        return ""
    found = ctx.read_file(name)
    env.setdefault("deps", []).append(("file", name, found[1] if found else ""))
    if found is None:
        report(env, line, f"cannot include `{name}`: no such file inside the site folder",
               "paths are relative to the site folder and cannot leave it")
        return ""
    # (the newline that ends a file's last line starts no line after it)
    lines = found[0].removesuffix("\n").split("\n")
    if "lines" in args:
        wanted = sorted(parse_line_ranges(args["lines"].replace(",", " ")))
        if not wanted or wanted[0] < 1:  # `lines="0-3"` gave an empty block
            report(env, line, f"`lines={args['lines']}` is not a range of lines",
                   'lines are numbered from 1: write lines="1-3"')
            return ""
        if wanted[-1] > len(lines):
            report(env, line, f"`lines={args['lines']}` is outside `{name}` "
                   f"({len(lines)} lines)")
            return ""
        lines = lines[wanted[0] - 1 : wanted[-1]]
        start = wanted[0]
    else:
        start = 1
    lang = args.get("lang") or _EXTENSIONS.get(PurePosixPath(name).suffix, "text")
    info = FenceInfo(lang=lang, highlight=parse_line_ranges(args.get("hl_lines", "")),
                     line_numbers=args.get("linenos", "true").lower() == "true", start=start,
                     title=args.get("title", name))
    return render_code_block("\n".join(lines), info, env, line)

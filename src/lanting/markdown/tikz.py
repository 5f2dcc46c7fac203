"""Plugin: TikZ pictures, which no formula renderer draws (TikZJax ran TeX in the
reader's browser; MathJax and KaTeX refuse `tikzpicture`), shown as their code, with
the warning of `code.DIAGRAMS` (one a page) saying to make an image of them. Taken
as a ```` ```tikz ```` fence: a display formula or a paragraph that is a
`\\begin{tikzpicture}` (or starts with `\\usetikzlibrary`, `\\tikzset`), and each
`<script type="text/tikz">` of an HTML block (TikZJax on a web page: al-folio's
`tikzjax: true` posts, a Jekyll or Hugo site's own).
"""

from __future__ import annotations

import re
import textwrap
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from lanting.markdown.code import render_code_block
from lanting.markdown.fence_info import FenceInfo

_PICTURE = re.compile(r"\\(?:begin\{tikzpicture\}|usetikzlibrary\{|tikzset\{)")
"""What a TikZ picture starts with (after blank space)."""
_WHOLE = re.compile(r"\s*\\begin\{tikzpicture\}.*\\end\{tikzpicture\}\s*", re.DOTALL)
_SCRIPT = re.compile(r"<script\b[^>]*\btype\s*=\s*[\"']?text/tikz[\"']?[^>]*>(.*?)</script\s*>",
                     re.DOTALL | re.IGNORECASE)


def _fence(content: str, like: Token) -> Token:
    """A ```` ```tikz ```` fence of `content`, where `like` was."""
    return Token("fence", "code", 0, content=content.strip("\n") + "\n", info="tikz",
                 markup="```", map=like.map, block=True, level=like.level)


def _tikz_pictures(state: StateCore) -> None:
    if "tikz" not in state.src:
        return  # (no picture: nearly every page passes here)
    tokens, out = state.tokens, []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.type == "math_block" and _PICTURE.match(token.content.lstrip()):
            out.append(_fence(token.content, token))
        elif token.type == "paragraph_open" and i + 2 < len(tokens) \
                and _WHOLE.fullmatch(tokens[i + 1].content):
            out.append(_fence(tokens[i + 1].content, tokens[i + 1]))
            i += 3
            continue
        else:
            if token.type == "html_block" and "text/tikz" in token.content:
                token.content = _scripts_as_code(token, state)
            out.append(token)
        i += 1
    state.tokens = out


def _scripts_as_code(token: Token, state: StateCore) -> str:
    """The HTML block with each `<script type="text/tikz">` as a code block of its TeX."""
    ctx = state.env.get("lanting")
    first = (ctx.body_line if ctx else 1) + (token.map[0] if token.map else 0)

    def code(match: re.Match[str]) -> str:
        line = first + token.content.count("\n", 0, match.start())
        tex = textwrap.dedent(match.group(1)).strip("\n")
        env: dict[str, Any] = state.env  # type: ignore[assignment]  # (markdown-it's)
        return render_code_block(tex, FenceInfo(lang="tikz"), env, line).rstrip("\n")

    return _SCRIPT.sub(code, token.content)


def tikz_plugin(md: MarkdownIt) -> None:
    md.core.ruler.after("block", "tikz_pictures", _tikz_pictures)

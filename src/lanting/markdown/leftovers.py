"""Plugin: warn about another generator's template syntax left in what a page shows.

Liquid (`{{ site.baseurl }}`, `{% post_url x %}`), Hugo shortcodes (`{{< figure >}}`,
`{{% callout %}}`) and kramdown attribute lists (`{: .note}`) do nothing in Lanting: a
post moved by hand would show them as text. Each is a warning at its line. Code spans,
code blocks and math are left alone (there such text is what the writer means), and so
are HTML comments, `<pre>`, `<code>`, `<script>` and `<style>` in raw HTML.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from lanting.model.problem import Problem

TEMPLATE_SYNTAX = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{:[^{}\n]*\}")
"""Liquid output and tags, Hugo shortcodes (`{{< >}}`, `{{% %}}`), kramdown `{: …}`."""
_HIDDEN_HTML = re.compile(r"<!--.*?-->|<(pre|code|script|style)\b.*?</\1\s*>",
                          re.DOTALL | re.IGNORECASE)
HINT = ("Lanting runs no Liquid, Hugo shortcodes or kramdown attributes, so this is shown "
        "as written: remove it, or write it in `code` to show it")


def _found(text: str) -> Iterator[tuple[int, str]]:
    """(line offset, syntax) of each piece of template syntax in `text`."""
    for match in TEMPLATE_SYNTAX.finditer(text):
        yield text.count("\n", 0, match.start()), match.group()


def _in_inline(token: Token) -> Iterator[tuple[int, str]]:
    line = 0
    for child in token.children or []:
        if child.type in ("softbreak", "hardbreak"):
            line += 1
        elif child.type == "text":
            for offset, found in _found(child.content):
                yield line + offset, found
        elif child.type == "html_inline":
            for _offset, found in _found(_HIDDEN_HTML.sub("", child.content)):
                yield line, found


def _leftovers(state: StateCore) -> None:
    env: Any = state.env
    ctx = env.get("lanting")
    if ctx is None or not ("{" in state.src and TEMPLATE_SYNTAX.search(state.src)):
        return
    seen: set[int] = set()
    for token in state.tokens:
        if token.map is None:
            continue
        if token.type == "inline":
            found = list(_in_inline(token))
        elif token.type == "html_block":
            content = _HIDDEN_HTML.sub(lambda m: "\n" * m.group().count("\n"), token.content)
            found = list(_found(content))
        else:
            continue
        for offset, syntax in found:
            line = ctx.body_line + token.map[0] + offset
            if line in seen:
                continue
            seen.add(line)
            shown = syntax if len(syntax) <= 60 else syntax[:57] + "…"
            env.setdefault("problems", []).append(Problem(
                f"template syntax left in the page: `{shown}`", ctx.path, line, hint=HINT,
                severity="warning"))


def leftovers_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("lanting_leftovers", _leftovers)

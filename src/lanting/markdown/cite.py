"""Plugin: citations of the site's own publications.

`{{< cite hichunk2026 >}}` (several keys allowed) or Pandoc's `[@hichunk2026]` /
`[@a; @b]` render a short author-year reference linking to the publication. The keys
cited are recorded in order, so the page can end with a reference list. An unknown key
is an error with its line; `[@…]` is only read as a citation when the site has a
bibliography, so `[@someone]` in a site without one stays text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token

from lanting.errors import did_you_mean
from lanting.markdown.shortcodes import report, shortcode

_KEY = r"[\w][\w:.\-/]*"
_PANDOC = re.compile(rf"\[@({_KEY}(?:\s*;\s*@{_KEY})*)\](?![(\[:])")


def _line(env: dict[str, Any], token: Token | None) -> int:
    ctx = env.get("lanting")
    return (ctx.body_line if ctx else 1) + (token.map[0] if token and token.map else 0)


def render_citation(keys: list[str], env: dict[str, Any], line: int) -> str:
    """`[Lin et al., 2026; …]` with a link per key; unknown keys are reported."""
    ctx = env.get("lanting")
    targets: dict[str, tuple[str, str]] = ctx.bibliography if ctx else {}
    cited: list[str] = env.setdefault("citations", [])
    parts = []
    for key in keys:
        if key not in targets:
            hint = did_you_mean(key, targets) or (
                "add the entry to content/publications.bib" if targets
                else "this site has no content/publications.bib")
            report(env, line, f"unknown citation key `{key}`", hint)
            parts.append(f'<span class="cite-missing">{escapeHtml(key)}</span>')
            continue
        label, url = targets[key]
        if key not in cited:
            cited.append(key)
        parts.append(f'<a href="{escapeHtml(url)}" data-cite="{escapeHtml(key)}">'
                     f"{escapeHtml(label)}</a>")
    return f'<span class="cite">[{"; ".join(parts)}]</span>'


@shortcode("cite")
def cite_shortcode(args: dict[str, str], env: dict[str, Any], line: int) -> str:
    keys = [v for k, v in sorted(args.items()) if k.isdigit()]
    keys = [k for value in keys for k in re.split(r"[,;\s]+", value) if k]
    if not keys:
        report(env, line, "`cite` needs a key", "write {{< cite hichunk2026 >}}")
        return ""
    return render_citation(keys, env, line)


def _pandoc_rule(state: StateInline, silent: bool) -> bool:
    if not state.src.startswith("[@", state.pos):
        return False
    ctx = state.env.get("lanting")
    if ctx is None or not ctx.bibliography:
        return False
    match = _PANDOC.match(state.src, state.pos)
    if not match:
        return False
    if not silent:
        token = state.push("citation", "", 0)
        token.meta["keys"] = [k.strip().lstrip("@") for k in match.group(1).split(";")]
    state.pos = match.end()
    return True


def _render(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    token = tokens[idx]
    return render_citation(token.meta["keys"], env, _line(env, token))


def cite_plugin(md: MarkdownIt) -> None:
    md.inline.ruler.before("link", "citation", _pandoc_rule)
    md.add_render_rule("citation", _render)

"""Plugin: a fenced div no other block of Lanting reads — Pandoc's and Quarto's
`::: {.columns}` … `:::` or `::: {#id .warning}`, a bare `::: name` — is a `<div>` with
that id and those classes around its content, as Pandoc makes it. Its `:::` lines were
printed as text around the content without a word.

Quarto's columns, `:::: {.columns}` with `::: {.column width="40%"}` inside, are laid
out side by side (one under the other on a phone). Any other div is a warning too:
Lanting's theme styles no other class (a callout is
`::: note`, tabs `::: tabs`, a folded block `::: details`, a grid of images
`::: gallery`), so the reader sees the content as plain paragraphs unless the site's own
CSS gives the class a look. Registered after every other `:::` block, so it only takes
what they leave. (MyST's `:::{name}` is a directive, not a div: not taken here.)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, cast

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from lanting.markdown.containers import fenced_container_plugin
from lanting.markdown.figure_divs import figure_label
from lanting.markdown.shortcodes import report

BRACED = r"""(?:[^{}"']|"[^"]*"|'[^']*')*"""
"""What attributes in braces hold: anything but a brace, save inside quotes (the R
Markdown Cookbook's `data-latex="{0.48\textwidth}"`, a LaTeX argument in a value)."""
_PARAMS = re.compile(r"[ \t]*(?:\{[ \t]*([.#]" + BRACED + r"|[A-Za-z][\w-]*[ \t]*="
                     + BRACED + r")\}|([A-Za-z][\w-]*))[ \t]*:*[ \t]*")
"""`{.a #b key=v}`, `{style="…"}` (Pandoc's attributes, a class, an id or a `key=value`
first: a deck's `::: {style="font-size: 80%"}` was shown as text) or one word; Pandoc
allows colons after them (`::: warning :::`)."""
_QUOTED = re.compile(r""""[^"]*"|'[^']*'""")
"""A quoted value, whose `#f00` or `.8em` is no id or class."""
_STYLE = re.compile(r"""\bstyle\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_ID = re.compile(r"#([^\s#.{}]+)")
_CLASS = re.compile(r"(?:^|\s)\.([^\s#.{}]+)")
_WIDTH = re.compile(r"""\bwidth\s*=\s*["']?(\d+(?:\.\d+)?%)""")
STYLED = frozenset({"columns", "column", "pull-left", "pull-right", "left-column",
                    "right-column", "center", "centered"})
"""Classes the theme lays out (style.css; in a talk's slides, slides.css: remark's and
xaringan's halves and columns, the `.pull-left[` blocks `site.remark` reads; `center`,
`centered`, which decks of every kind centre their text and figures with: remark's
`.center[`, Pandoc's and Quarto's `::: {.center}`, ioslides' `{.centered}`)."""
QUARTO_CELLS = frozenset({"cell", "cell-output", "cell-output-stdout", "cell-output-stderr",
                          "cell-output-display", "cell-code"})
"""The divs a Quarto-rendered `.md` wraps each code cell and its output in: they need no
look of their own (the code and output inside have theirs), so they are no warning."""
HINT = ("Lanting's blocks are `::: note` (a callout), `::: tabs`, `::: details` and "
        "`::: gallery`; or give the class a look in your own stylesheet (`[theme] custom_css`)")


def _validate(params: str, markup: str) -> bool:
    return _PARAMS.fullmatch(params) is not None


def _id_and_classes(params: str) -> tuple[str, list[str]]:
    match = _PARAMS.fullmatch(params)
    if match is None:
        return "", []
    if match.group(2):
        return "", [match.group(2)]
    attributes = _QUOTED.sub('""', match.group(1))
    ident = _ID.search(attributes)
    return (ident.group(1) if ident else ""), _CLASS.findall(attributes)


def _render(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    token = tokens[idx]
    if token.nesting == -1:
        return "</div>\n"
    ident, classes = _id_and_classes(token.info)
    attributes = f' id="{escapeHtml(ident)}"' if ident else ""
    if classes:
        attributes += f' class="{escapeHtml(" ".join(classes))}"'
    styles = [f"flex-basis:{width.group(1)}"] if "column" in classes and (
        width := _WIDTH.search(token.info)) else []
    if own := _style(token.info):  # (Pandoc's `style`, as Pandoc writes it)
        styles.append(own)
    if styles:
        attributes += f' style="{escapeHtml(";".join(styles))}"'
    return f"<div{attributes}>\n"


def _style(params: str) -> str:
    match = _STYLE.search(params) if _PARAMS.fullmatch(params) else None
    return (match.group(1) if match.group(1) is not None else match.group(2)).strip() \
        if match else ""


def _report(state: StateCore) -> None:
    """A warning for each plain block written alike, at its first line, saying how many
    more the page has: a lecture deck's own layout class (`::: {.col-6}`) gave one per
    use, 92 for one series, which buried every other warning."""
    ctx = state.env.get("lanting")
    plain: dict[str, list[int]] = {}
    for token in state.tokens:
        # (a figure div, `::: {#fig-x}`, is a numbered figure: `figure_divs`)
        # (nor one with a look of its own, `style="…"`)
        if token.type == "container_div_open" and not figure_label(token.info) and not (
                set(_id_and_classes(token.info)[1]) & (STYLED | QUARTO_CELLS)) \
                and not _style(token.info):
            line = (ctx.body_line if ctx else 1) + (token.map[0] if token.map else 0)
            plain.setdefault(f"{token.markup} {token.info.strip()}", []).append(line)
    for written, lines in plain.items():
        more = f" (nor for the {len(lines) - 1} more like it on this page, from line " \
            f"{lines[1]})" if len(lines) > 1 else ""
        report(cast(dict[str, Any], state.env), lines[0],
               f"`{written}` is a plain block: Lanting's theme has no style for it{more}",
               HINT, severity="warning")


def _is_column(token: Token) -> bool:
    return token.type == "container_div_open" and "column" in _id_and_classes(token.info)[1]


def _wrap_columns(state: StateCore) -> None:
    """Columns written side by side without the `:::: {.columns}` around them (a
    lecture deck's `::: {.column width="50%"}` twice): a row of them, as their author
    meant (they were one under the other, each as wide as the page)."""
    if not any(t.type == "container_div_open" for t in state.tokens):
        return  # (most texts have no div: no pass of the run finder over each token)
    tokens, out = state.tokens, []
    open_divs: list[bool] = []  # (whether each div open is a row)
    i = 0
    while i < len(tokens):
        token = tokens[i]
        ends = [] if any(open_divs) else _column_run(tokens, i)
        if len(ends) > 1:
            opening = Token("container_div_open", "div", 1)
            opening.info, opening.markup, opening.block = "{.columns}", ":::", True
            opening.level, opening.map = token.level, token.map
            closing = Token("container_div_close", "div", -1)
            closing.markup, closing.block, closing.level = ":::", True, token.level
            out.extend([opening, *tokens[i:ends[-1] + 1], closing])
            i = ends[-1] + 1
            continue
        if token.type == "container_div_open":
            open_divs.append("columns" in _id_and_classes(token.info)[1])
        elif token.type == "container_div_close" and open_divs:
            open_divs.pop()
        out.append(token)
        i += 1
    state.tokens = out


def _column_run(tokens: list[Token], i: int) -> list[int]:
    """The indices of the closings of the column divs following each other from `i`."""
    ends: list[int] = []
    while i < len(tokens) and _is_column(tokens[i]):
        level = tokens[i].level
        i = next((n for n in range(i + 1, len(tokens)) if tokens[n].level == level
                  and tokens[n].type == "container_div_close"), len(tokens))
        if i == len(tokens):
            break
        ends.append(i)
        i += 1
    return ends


def divs_plugin(md: MarkdownIt) -> None:
    """(Use after every other `:::` plugin: the block rules are tried in order.)"""
    fenced_container_plugin(md, "div", validate=_validate, render=_render)
    md.core.ruler.after("block", "fenced_divs", _report)
    md.core.ruler.after("fenced_divs", "div_columns", _wrap_columns)

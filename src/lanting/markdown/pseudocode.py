"""Plugin: algorithms written in LaTeX's pseudocode, as pseudocode.js draws them in Hexo,
Jekyll and Quarto sites (quarto-pseudocode) and as papers write them.

```
\\begin{algorithm}
\\caption{Quicksort}
\\begin{algorithmic}[1]
\\PROCEDURE{Quicksort}{$A, p, r$}
  \\IF{$p < r$}
    \\STATE $q = $ \\CALL{Partition}{$A, p, r$}
  \\ENDIF
\\ENDPROCEDURE
\\end{algorithmic}
\\end{algorithm}
```

Written bare, from a line starting `\\begin{algorithm}` (or `\\begin{algorithmic}`) to
its `\\end`, or in a fence of language `pseudocode`, `pseudo` or `algorithm`, or as a
display formula (Sphinx's `.. math:: :nowrap:`, drawn by imgmath's LaTeX). Both
spellings of the commands are read: algorithmic's (`\\STATE`, `\\IF`, `\\ENDIF`) and
algpseudocode's (`\\State`, `\\If`, `\\EndIf`, `\\Procedure`, `\\Require`). Each line's
text is Markdown's inline text, so `$…$` is a formula; the block is a figure numbered
"Algorithm N" (算法 N) in the page, its lines indented by the blocks they are in and
numbered when `algorithmic` has `[1]`. A command it does not know is a warning at its
line, shown as its name. An algorithm written with algorithm2e (`\\KwIn`, `\\eIf{c}{…}{…}`,
statements ended by `\\;`) is read by `pseudocode_algo2e`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.rules_block import StateBlock
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token

from lanting.markdown.shortcodes import report

if TYPE_CHECKING:
    from lanting.markdown.pseudocode_parse import Algorithm

_OPENING = re.compile(r"[ \t]*\\begin\{(algorithm|algorithmic)\}")
FENCE_LANGUAGES = ("pseudocode", "pseudo", "algorithm")
_TITLES = {"zh": "算法", "en": "Algorithm"}
_OPTION = re.compile(r"[ \t]*#\|[ \t]*([\w-]+)[ \t]*:[ \t]*(.*?)[ \t]*$")
"""quarto-pseudocode's `#| label: alg-quicksort` lines at the top of its fence."""
_ALGREF = re.compile(r"@(alg[:-][\w\-.:]*\w)")
"""Quarto's `@alg-quicksort` (pandoc-crossref's `@alg:x`)."""


def _tokens(algorithm: Algorithm, level: int, block_map: list[int]) -> list[Token]:
    """The tokens that show `algorithm`: its lines' text as inline tokens (formulas in
    them are parsed with the rest of the page's inline text)."""
    def inline(content: str, where: list[int]) -> Token:
        return Token("inline", "", 0, content=content, map=where, level=level + 2,
                     children=[])

    opening = Token("algorithm_open", "figure", 1, block=True, map=block_map, level=level)
    opening.meta = {"label": algorithm.label, "numbered": algorithm.numbered}
    made = [opening, Token("algorithm_caption_open", "figcaption", 1, block=True),
            inline(algorithm.caption, block_map),
            Token("algorithm_caption_close", "figcaption", -1, block=True)]
    for line in algorithm.lines:
        where = [line.source_line, line.source_line + 1]
        item = Token("algorithm_line_open", "li", 1, block=True, map=where)
        item.meta = {"depth": line.depth, "words": line.words, "numbered": line.numbered}
        made += [item, inline(line.text, where)]
        if line.comment:
            mark = Token("algorithm_comment_open", "span", 1)
            mark.meta = {"mark": algorithm.comment_mark}
            made += [mark,
                     inline(line.comment, where),
                     Token("algorithm_comment_close", "span", -1)]
        closing = Token("algorithm_line_close", "li", -1, block=True)
        closing.meta = {"after": line.after}
        made.append(closing)
    made.append(Token("algorithm_close", "figure", -1, block=True, level=level))
    return made


def _algorithm_block(state: StateBlock, start_line: int, end_line: int,
                     silent: bool) -> bool:
    begin = state.bMarks[start_line] + state.tShift[start_line]
    if not state.src.startswith("\\begin{algorithm", begin):
        return False  # (tried at every block's first line: the cheap test first)
    match = _OPENING.match(state.src, begin, state.eMarks[start_line])
    if match is None or state.sCount[start_line] - state.blkIndent >= 4:
        return False
    closing = f"\\end{{{match.group(1)}}}"
    last = start_line
    while last < end_line:
        text = state.src[state.bMarks[last] + state.tShift[last]:state.eMarks[last]]
        if closing in text:
            break
        last += 1
    if last >= end_line:
        return False  # (never closed: the leftover check names it)
    if silent:
        return True
    source = "\n".join(state.src[state.bMarks[n] + state.tShift[n]:state.eMarks[n]]
                       for n in range(start_line, last + 1))
    _push(state.env, state.tokens, source, start_line, state.level, [start_line, last + 1])
    state.line = last + 1
    return True


_DISPLAY_IN_LINE = re.compile(r"\\begin\{(align|gather|equation|multline)\*?\}(.*?)"
                              r"\\end\{\1\*?\}", re.DOTALL)
"""A display written in an algorithm's line (`\\STATE Compute` then `\\begin{align*}`
… `\\end{align*}`), as LaTeX sets it under the statement."""
_ROWS = {"align": "aligned", "gather": "gathered"}


def _display_formula(match: re.Match[str]) -> str:
    """The display as a formula of the line's text (`$\\displaystyle …$`, rows in
    `aligned`), its line ends kept so that later lines keep their numbers."""
    rows = _ROWS.get(match.group(1))
    body = f"\\begin{{{rows}}}{match.group(2)}\\end{{{rows}}}" if rows else match.group(2)
    return "$\\displaystyle " + body.strip() + "$"


def _push(env: Any, tokens: list[Token], source: str, first: int, level: int,
          block_map: list[int], options: dict[str, str] | None = None) -> None:
    """The tokens of the algorithm in `source`; `options`, quarto-pseudocode's: `label`,
    `html-line-number` (number the lines), `html-no-end` (no `end if` lines),
    `html-comment-delimiter`."""
    ctx = env.get("lanting")
    source = _DISPLAY_IN_LINE.sub(_display_formula, source)
    # The readers are imported by the first algorithm: most sites have none, and every
    # build and worker would pay for their grammars on start-up.
    from lanting.markdown.pseudocode_algo2e import is_algorithm2e, parse_algorithm2e
    from lanting.markdown.pseudocode_parse import parse_algorithm

    read = parse_algorithm2e if is_algorithm2e(source) else parse_algorithm
    algorithm, unknown = read(source, first)
    given = options or {}
    if given.get("label"):
        algorithm = replace(algorithm, label=given["label"])
    if given.get("html-line-number", "").lower() == "true":
        algorithm = replace(algorithm, numbered=True)
    if given.get("html-no-end", "").lower() == "true":
        algorithm = replace(algorithm, lines=tuple(
            line for line in algorithm.lines if not line.words.startswith("end ")))
    if given.get("html-comment-delimiter"):
        algorithm = replace(algorithm, comment_mark=given["html-comment-delimiter"])
    for line, name in unknown:
        report(env, (ctx.body_line if ctx else 1) + line,
               f"`{name}` in an algorithm: Lanting does not know this command; shown as "
               "written", "Lanting reads algorithmic's and algpseudocode's commands "
               "(`\\State`, `\\If`, `\\For`, `\\While`, `\\Procedure`, `\\Require`, …) "
               "and algorithm2e's (`\\KwIn`, `\\eIf`, `\\ForEach`, `\\SetKwFunction`, …)",
               severity="warning")
    tokens.extend(_tokens(algorithm, level, block_map))


def _algorithm_fences(state: StateCore) -> None:
    """A fence of language `pseudocode` (quarto-pseudocode, hexo-filter-pseudocode) holds
    an algorithm. Then the page's algorithms are numbered, and their labels recorded for
    `\\ref{alg:x}` (`math_page` resolves references)."""
    if "\\begin{algorithm" not in state.src:
        return  # (no algorithm, bare or fenced: every other page passes here)
    out: list[Token] = []
    for token in state.tokens:
        if token.type == "fence" and token.info.strip().lower() in FENCE_LANGUAGES \
                and "\\begin{algorithm" in token.content:
            first = (token.map[0] + 1) if token.map else 0
            options: dict[str, str] = {}
            for line in token.content.split("\n"):
                if (option := _OPTION.match(line)) is None:
                    break
                options[option.group(1)] = option.group(2).strip("\"'")
            _push(state.env, out, token.content, first, token.level,
                  token.map or [first, first + 1], options)
        elif token.type == "math_block" and _OPENING.match(token.content.lstrip()):
            # (a display of an algorithm: Sphinx's `.. math:: :nowrap:`, which imgmath
            # drew by running LaTeX; MathJax and KaTeX draw none, math-core failed it)
            first = int(token.meta.get("line", token.map[0] if token.map else 0))
            _push(state.env, out, token.content, first, token.level,
                  token.map or [first, first + 1])
        else:
            out.append(token)
    state.tokens = out
    labels: dict[str, str] = {}
    for number, token in enumerate((t for t in out if t.type == "algorithm_open"), 1):
        token.meta["number"] = number
        if token.meta.get("label"):
            labels.setdefault(str(token.meta["label"]), str(number))
    if labels:
        state.env["algorithm_labels"] = labels


def _algref_rule(state: StateInline, silent: bool) -> bool:
    """`@alg-quicksort`: a reference to the page's algorithm of that label."""
    if state.src[state.pos] != "@" or (state.pos > 0 and (
            state.src[state.pos - 1].isalnum() or state.src[state.pos - 1] == ".")):
        return False  # (an e-mail address)
    match = _ALGREF.match(state.src, state.pos)
    if match is None:
        return False
    if not silent:
        token = state.push("algref", "a", 0)
        token.info = match.group(1)
        token.meta = {"pos": state.pos}
        state.env["has_algref"] = True
    state.pos = match.end()
    return True


def _number_algrefs(state: StateCore) -> None:
    """Each `@alg-x` reads "Algorithm N" (the summary too); one naming no algorithm of
    the page is an error at its line."""
    if not state.env.get("has_algref"):
        return
    labels: dict[str, str] = state.env.get("algorithm_labels", {})
    ctx = state.env.get("lanting")
    for block in state.tokens:
        for child in block.children or [] if block.type == "inline" else []:
            if child.type != "algref":
                continue
            if child.info in labels:
                child.content = f"{_TITLES[_lang(state.env)]} {labels[child.info]}"
                continue
            line = (ctx.body_line if ctx else 1) + (block.map[0] if block.map else 0) \
                + block.content.count("\n", 0, int(child.meta.get("pos", 0)))
            report(cast(dict[str, Any], state.env), line,
                   f"`@{child.info}` refers to no algorithm on this page",
                   "label an algorithm with `#| label: " + child.info + "` in its "
                   "`pseudocode` fence, or `\\label{" + child.info + "}` in it")


def _render_algref(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                   env: Any) -> str:
    token = tokens[idx]
    if not token.content:  # (reported)
        return escapeHtml("@" + token.info)
    return f'<a class="algref" href="#{escapeHtml(token.info)}">{escapeHtml(token.content)}</a>'


def _lang(env: Any) -> str:
    ctx = env.get("lanting")
    return "zh" if ctx is None or ctx.lang.lower().startswith("zh") else "en"


def _render_open(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                 env: Any) -> str:
    token = tokens[idx]
    label = str(token.meta.get("label") or "")
    ident = f' id="{escapeHtml(label)}"' if label else ""
    numbered = " numbered" if token.meta.get("numbered") else ""
    return f'<figure class="algorithm{numbered}"{ident}>\n'


def _render_caption_open(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                         env: Any) -> str:
    number = next((t.meta.get("number", 1) for t in reversed(tokens[:idx])
                   if t.type == "algorithm_open"), 1)
    return f"<figcaption><strong>{_TITLES[_lang(env)]} {number}</strong> "


def _render_caption_close(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                          env: Any) -> str:
    return '</figcaption>\n<ol class="algorithm-lines">\n'


def _render_line_open(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                      env: Any) -> str:
    meta = tokens[idx].meta
    plain = "" if meta.get("numbered") else ' class="unnumbered"'
    words = str(meta.get("words") or "")
    text = tokens[idx + 1].content if idx + 1 < len(tokens) else ""
    space = " " if text else ""
    return (f'<li{plain} style="--depth:{int(meta.get("depth", 0))}">'
            + (f'<strong class="alg-kw">{escapeHtml(words)}</strong>{space}' if words else ""))


def _render_line_close(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                       env: Any) -> str:
    after = str(tokens[idx].meta.get("after") or "")
    return (f' <strong class="alg-kw">{escapeHtml(after)}</strong>' if after else "") \
        + "</li>\n"


def _render_comment_open(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                         env: Any) -> str:
    return f' <span class="alg-comment">{escapeHtml(str(tokens[idx].meta["mark"]))} '


def _render_comment_close(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                          env: Any) -> str:
    return "</span>"


def _render_close(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                  env: Any) -> str:
    return "</ol>\n</figure>\n"


def pseudocode_plugin(md: MarkdownIt) -> None:
    md.block.ruler.before("paragraph", "algorithm", _algorithm_block,
                          {"alt": ["paragraph", "blockquote", "list"]})
    md.core.ruler.after("block", "algorithm_fences", _algorithm_fences)
    md.add_render_rule("algorithm_open", _render_open)
    md.add_render_rule("algorithm_caption_open", _render_caption_open)
    md.add_render_rule("algorithm_caption_close", _render_caption_close)
    md.add_render_rule("algorithm_line_open", _render_line_open)
    md.add_render_rule("algorithm_line_close", _render_line_close)
    md.add_render_rule("algorithm_comment_open", _render_comment_open)
    md.add_render_rule("algorithm_comment_close", _render_comment_close)
    md.add_render_rule("algorithm_close", _render_close)
    md.inline.ruler.push("algref", _algref_rule)
    md.core.ruler.after("inline", "number_algrefs", _number_algrefs)
    md.add_render_rule("algref", _render_algref)

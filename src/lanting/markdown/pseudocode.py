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
its `\\end`, or in a fence of language `pseudocode`, `pseudo` or `algorithm`. Both
spellings of the commands are read: algorithmic's (`\\STATE`, `\\IF`, `\\ENDIF`) and
algpseudocode's (`\\State`, `\\If`, `\\EndIf`, `\\Procedure`, `\\Require`). Each line's
text is Markdown's inline text, so `$…$` is a formula; the block is a figure numbered
"Algorithm N" (算法 N) in the page, its lines indented by the blocks they are in and
numbered when `algorithmic` has `[1]`. A command it does not know is a warning at its
line, shown as its name.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.rules_block import StateBlock
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from lanting.markdown.shortcodes import report

_OPENING = re.compile(r"[ \t]*\\begin\{(algorithm|algorithmic)\}")
FENCE_LANGUAGES = ("pseudocode", "pseudo", "algorithm")


@dataclass(frozen=True, slots=True)
class _Command:
    """How a command shows: its words before the argument, after it, and what it does to
    the depth of the lines after it (`opens`), and to its own line (`closes`)."""

    before: str
    after: str = ""
    opens: bool = False
    closes: bool = False
    arguments: int = 1


_COMMANDS: dict[str, _Command] = {
    "state": _Command("", arguments=0), "statex": _Command("", arguments=0),
    "require": _Command("Require:", arguments=0), "ensure": _Command("Ensure:", arguments=0),
    "input": _Command("Input:", arguments=0), "output": _Command("Output:", arguments=0),
    "if": _Command("if", "then", opens=True),
    "elsif": _Command("else if", "then", opens=True, closes=True),
    "elseif": _Command("else if", "then", opens=True, closes=True),
    "else": _Command("else", opens=True, closes=True, arguments=0),
    "endif": _Command("end if", closes=True, arguments=0),
    "for": _Command("for", "do", opens=True),
    "forall": _Command("for all", "do", opens=True),
    "endfor": _Command("end for", closes=True, arguments=0),
    "while": _Command("while", "do", opens=True),
    "endwhile": _Command("end while", closes=True, arguments=0),
    "repeat": _Command("repeat", opens=True, arguments=0),
    "until": _Command("until", closes=True),
    "loop": _Command("loop", opens=True, arguments=0),
    "endloop": _Command("end loop", closes=True, arguments=0),
    "procedure": _Command("procedure", opens=True, arguments=2),
    "endprocedure": _Command("end procedure", closes=True, arguments=0),
    "function": _Command("function", opens=True, arguments=2),
    "endfunction": _Command("end function", closes=True, arguments=0),
    "return": _Command("return", arguments=0), "print": _Command("print", arguments=0),
}
_WORDS = {"true": "true", "false": "false", "and": "and", "or": "or", "not": "not",
          "to": "to", "downto": "downto", "break": "break", "continue": "continue"}
"""Keywords inside a line's text (`\\TRUE`, `\\AND`)."""
_TITLES = {"zh": "算法", "en": "Algorithm"}
_COMMAND = re.compile(r"\\([A-Za-z]+)\*?")
_LINE_START = re.compile(r"\\(?:STATEx?|State[x]?|REQUIRE|Require|ENSURE|Ensure|INPUT|Input|"
                         r"OUTPUT|Output|IF|If|ELSIF|ElsIf|ELSE|Else|ENDIF|EndIf|FOR|For|"
                         r"FORALL|ForAll|ENDFOR|EndFor|WHILE|While|ENDWHILE|EndWhile|REPEAT|"
                         r"Repeat|UNTIL|Until|LOOP|Loop|ENDLOOP|EndLoop|PROCEDURE|Procedure|"
                         r"ENDPROCEDURE|EndProcedure|FUNCTION|Function|ENDFUNCTION|"
                         r"EndFunction|RETURN|Return|PRINT|Print)(?![A-Za-z])")
"""Where a new line of the algorithm starts (several may share a line of the source)."""


@dataclass(frozen=True, slots=True)
class _Line:
    depth: int
    words: str
    """The keyword(s) before the text (`for`, `Require:`), or ""."""
    text: str
    """Markdown inline text."""
    after: str
    comment: str
    numbered: bool
    source_line: int


@dataclass(frozen=True, slots=True)
class Algorithm:
    caption: str
    label: str
    numbered: bool
    lines: tuple[_Line, ...]


def _group(text: str, start: int) -> tuple[str, int] | None:
    """The `{…}` group at `start` (after spaces), and where it ends."""
    pos = start
    while pos < len(text) and text[pos] in " \t\n":
        pos += 1
    if pos >= len(text) or text[pos] != "{":
        return None
    depth = 0
    for end in range(pos, len(text)):
        if text[end] == "{" and (end == 0 or text[end - 1] != "\\"):
            depth += 1
        elif text[end] == "}" and text[end - 1] != "\\":
            depth -= 1
            if depth == 0:
                return text[pos + 1:end], end + 1
    return None


def _name(text: str) -> str:
    """A procedure's name, in small capitals as algorithmic sets it (a bracketed span)."""
    return f"[{text.strip().replace('[', '').replace(']', '')}]{{.smallcaps}}"


def _inline(text: str) -> str:
    """A line's TeX text as Markdown inline text: formulas stay, `\\textbf{x}` is bold,
    `\\CALL{f}{x}` is `f(x)`, keywords are bold."""
    out: list[str] = []
    pos = 0
    while pos < len(text):
        if text[pos] == "$":
            end = text.find("$", pos + 1)
            end = len(text) - 1 if end < 0 else end
            out.append(text[pos:end + 1])
            pos = end + 1
            continue
        match = _COMMAND.match(text, pos)
        if match is None:
            out.append(text[pos])
            pos += 1
            continue
        name, pos = match.group(1).lower(), match.end()
        if name in ("call", "textsc"):
            first = _group(text, pos)
            if first is None:
                out.append(match.group())
                continue
            pos = first[1]
            second = _group(text, pos) if name == "call" else None
            if second is not None:
                pos = second[1]
            out.append(_name(first[0])
                       + (f"({_inline(second[0])})" if second is not None else ""))
        elif name in ("textbf", "textit", "emph", "texttt", "text"):
            group = _group(text, pos)
            if group is None:
                out.append(match.group())
                continue
            pos = group[1]
            mark = {"textbf": "**", "textit": "*", "emph": "*"}.get(name, "")
            inner = f"`{group[0]}`" if name == "texttt" else _inline(group[0])
            out.append(f"{mark}{inner}{mark}")
        elif name in _WORDS:
            out.append(f"**{_WORDS[name]}**")
        else:
            out.append(match.group())
    return "".join(out).strip()


def parse_algorithm(source: str, first_line: int) -> tuple[Algorithm, list[tuple[int, str]]]:
    """The algorithm written in `source` (from `\\begin{algorithm}` to its end), and the
    commands it did not know with their lines."""
    caption_at = source.find("\\caption")
    caption = _group(source, caption_at + len("\\caption")) if caption_at >= 0 else None
    label_match = re.search(r"\\label\{([^{}]*)\}", source)
    body_match = re.search(r"\\begin\{algorithmic\}(?:\[(\d+)\])?(.*?)(?:\\end\{algorithmic\}|$)",
                           source, re.S)
    numbered = bool(body_match and body_match.group(1) and int(body_match.group(1)) > 0)
    body = body_match.group(2) if body_match else ""
    offset = source.count("\n", 0, body_match.start(2)) if body_match else 0
    starts = [m.start() for m in _LINE_START.finditer(body)]
    lines: list[_Line] = []
    unknown: list[tuple[int, str]] = []
    depth = 0
    for n, start in enumerate(starts):
        chunk = body[start:starts[n + 1] if n + 1 < len(starts) else len(body)]
        line = first_line + offset + body.count("\n", 0, start)
        match = _COMMAND.match(chunk)
        assert match is not None  # (each start is a command)
        name = match.group(1).lower()
        command = _COMMANDS[name]
        rest, pos = chunk, match.end()
        arguments: list[str] = []
        for _ in range(command.arguments):
            group = _group(rest, pos)
            if group is None:
                break
            arguments.append(group[0])
            pos = group[1]
        rest = rest[pos:]
        comment = ""
        if (at := re.search(r"\\(?:COMMENT|Comment)\b", rest)) is not None:
            group = _group(rest, at.end())
            if group is not None:
                comment = _inline(group[0])
                rest = rest[:at.start()] + rest[group[1]:]
        for other in _COMMAND.finditer(re.sub(r"\$[^$]*\$", "", rest)):
            if other.group(1).lower() not in (*_WORDS, "call", "textsc", "textbf", "textit",
                                              "emph", "texttt", "text", "label"):
                unknown.append((line, other.group()))
        if command.closes:
            depth = max(0, depth - 1)
        if name in ("procedure", "function") and arguments:
            text = (_name(arguments[0])
                    + f"({_inline(arguments[1]) if len(arguments) > 1 else ''})")
        else:
            text = " ".join(t for t in (*(_inline(a) for a in arguments), _inline(rest)) if t)
        lines.append(_Line(depth, command.before, text, command.after, comment,
                           name != "statex", line))
        if command.opens:
            depth += 1
    return Algorithm(_inline(caption[0]) if caption else "",
                     label_match.group(1) if label_match else "", numbered,
                     tuple(lines)), unknown


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
            made += [Token("algorithm_comment_open", "span", 1),
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


def _push(env: Any, tokens: list[Token], source: str, first: int, level: int,
          block_map: list[int]) -> None:
    ctx = env.get("lanting")
    algorithm, unknown = parse_algorithm(source, first)
    for line, name in unknown:
        report(env, (ctx.body_line if ctx else 1) + line,
               f"`{name}` in an algorithm: Lanting does not know this command; shown as "
               "written", "Lanting reads algorithmic's and algpseudocode's commands "
               "(`\\State`, `\\If`, `\\For`, `\\While`, `\\Procedure`, `\\Require`, …)",
               severity="warning")
    tokens.extend(_tokens(algorithm, level, block_map))


def _algorithm_fences(state: StateCore) -> None:
    """A fence of language `pseudocode` (quarto-pseudocode, hexo-filter-pseudocode) holds
    an algorithm. Then the page's algorithms are numbered, and their labels recorded for
    `\\ref{alg:x}` (`math_page` resolves references)."""
    out: list[Token] = []
    for token in state.tokens:
        if token.type == "fence" and token.info.strip().lower() in FENCE_LANGUAGES \
                and "\\begin{algorithm" in token.content:
            first = (token.map[0] + 1) if token.map else 0
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
    return '<span class="alg-comment">▷ '


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

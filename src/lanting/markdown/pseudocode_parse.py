"""Reading an algorithm written in LaTeX's pseudocode (`pseudocode.py` draws it): its
caption and label, and its lines, each with the depth of the blocks it is in, its
keywords and its text as Markdown's inline text. Both spellings of the commands:
algorithmic's (`\\STATE`, `\\IF`, `\\ENDIF`) and algpseudocode's (`\\State`, `\\If`,
`\\EndIf`, `\\Procedure`, `\\Require`)."""

from __future__ import annotations

import re
from dataclasses import dataclass


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
_COMMAND = re.compile(r"\\([A-Za-z]+)\*?")
_LINE_START = re.compile(r"\\(?:STATEx?|State[x]?|REQUIRE|Require|ENSURE|Ensure|INPUT|Input|"
                         r"OUTPUT|Output|IF|If|ELSIF|ElsIf|ELSE|Else|ENDIF|EndIf|FOR|For|"
                         r"FORALL|ForAll|ENDFOR|EndFor|WHILE|While|ENDWHILE|EndWhile|REPEAT|"
                         r"Repeat|UNTIL|Until|LOOP|Loop|ENDLOOP|EndLoop|PROCEDURE|Procedure|"
                         r"ENDPROCEDURE|EndProcedure|FUNCTION|Function|ENDFUNCTION|"
                         r"EndFunction|RETURN|Return|PRINT|Print)(?![A-Za-z])")
"""Where a new line of the algorithm starts (several may share a line of the source)."""


@dataclass(frozen=True, slots=True)
class AlgorithmLine:
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
    lines: tuple[AlgorithmLine, ...]
    comment_mark: str = "▷"


def tex_group(text: str, start: int) -> tuple[str, int] | None:
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


def inline_text(text: str) -> str:
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
            first = tex_group(text, pos)
            if first is None:
                out.append(match.group())
                continue
            pos = first[1]
            second = tex_group(text, pos) if name == "call" else None
            if second is not None:
                pos = second[1]
            out.append(_name(first[0])
                       + (f"({inline_text(second[0])})" if second is not None else ""))
        elif name in ("textbf", "textit", "emph", "texttt", "text"):
            group = tex_group(text, pos)
            if group is None:
                out.append(match.group())
                continue
            pos = group[1]
            mark = {"textbf": "**", "textit": "*", "emph": "*"}.get(name, "")
            inner = f"`{group[0]}`" if name == "texttt" else inline_text(group[0])
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
    caption = tex_group(source, caption_at + len("\\caption")) if caption_at >= 0 else None
    label_match = re.search(r"\\label\{([^{}]*)\}", source)
    body_match = re.search(r"\\begin\{algorithmic\}(?:\[(\d+)\])?(.*?)(?:\\end\{algorithmic\}|$)",
                           source, re.S)
    numbered = bool(body_match and body_match.group(1) and int(body_match.group(1)) > 0)
    body = body_match.group(2) if body_match else ""
    offset = source.count("\n", 0, body_match.start(2)) if body_match else 0
    starts = [m.start() for m in _LINE_START.finditer(body)]
    lines: list[AlgorithmLine] = []
    unknown: list[tuple[int, str]] = []
    depth = 0
    for n, start in enumerate(starts):
        chunk = body[start:starts[n + 1] if n + 1 < len(starts) else len(body)]
        line = first_line + offset + body.count("\n", 0, start)
        match = _COMMAND.match(chunk)
        assert match is not None  # (each start is a command)
        name = match.group(1).lower()
        if name == "state" and not chunk[match.end():].strip() and n + 1 < len(starts):
            continue  # (`\\State \\Return x`: one line, the return's)
        command = _COMMANDS[name]
        rest, pos = chunk, match.end()
        arguments: list[str] = []
        for _ in range(command.arguments):
            group = tex_group(rest, pos)
            if group is None:
                break
            arguments.append(group[0])
            pos = group[1]
        rest = rest[pos:]
        comment = ""
        if (at := re.search(r"\\(?:COMMENT|Comment)\b", rest)) is not None:
            group = tex_group(rest, at.end())
            if group is not None:
                comment = inline_text(group[0])
                rest = rest[:at.start()] + rest[group[1]:]
        for other in _COMMAND.finditer(re.sub(r"\$[^$]*\$", "", rest)):
            if other.group(1).lower() not in (*_WORDS, "call", "textsc", "textbf", "textit",
                                              "emph", "texttt", "text", "label"):
                unknown.append((line, other.group()))
        if command.closes:
            depth = max(0, depth - 1)
        if name in ("procedure", "function") and arguments:
            text = (_name(arguments[0])
                    + f"({inline_text(arguments[1]) if len(arguments) > 1 else ''})")
        else:
            text = " ".join(t for t in (*(inline_text(a) for a in arguments),
                                        inline_text(rest)) if t)
        lines.append(AlgorithmLine(depth, command.before, text, command.after, comment,
                           name != "statex", line))
        if command.opens:
            depth += 1
    return Algorithm(inline_text(caption[0]) if caption else "",
                     label_match.group(1) if label_match else "", numbered,
                     tuple(lines)), unknown

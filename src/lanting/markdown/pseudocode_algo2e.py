"""Reading an algorithm written with algorithm2e, LaTeX's other pseudocode package:
statements ended by `\\;`, blocks as braced arguments (`\\While{c}{…}`, `\\eIf{c}{…}{…}`,
`\\ForEach`, `\\Repeat`), `\\KwIn{…}` and `\\KwOut{…}` heads, `\\tcp{…}` comments and
the keywords, functions, programs and blocks a `\\SetKw…` names. The same `Algorithm` as
`pseudocode_parse` reads for algorithmic, for `pseudocode.py` to draw. Before, such a
block showed its caption over no lines, its text lost without a word."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from lanting.markdown.pseudocode_parse import Algorithm, AlgorithmLine, inline_text, tex_group

_MARKERS = re.compile(r"\\(?:;|KwIn|KwOut|KwData|KwResult|eIf|uIf|lIf|ForEach|SetAlgoLined|"
                      r"SetKw[A-Za-z]*|DontPrintSemicolon|tcp|tcc)(?![A-Za-z])")


def is_algorithm2e(source: str) -> bool:
    """Whether the algorithm `source` is written for algorithm2e (no `algorithmic`
    inside, and a statement's `\\;` or one of its own commands)."""
    return "\\begin{algorithmic}" not in source and _MARKERS.search(source) is not None


_SETUP = {"SetAlgoLined": 0, "DontPrintSemicolon": 0, "PrintSemicolon": 0,
          "LinesNumbered": 0, "LinesNotNumbered": 0, "LinesNumberedHidden": 0,
          "SetAlgoNoLine": 0, "SetAlgoVlined": 0, "SetAlgoNoEnd": 0, "SetAlgoShortEnd": 0,
          "SetAlgoLongEnd": 0, "BlankLine": 0, "nl": 0, "Indp": 0, "Indm": 0,
          "AlgoDontDisplayBlockMarkers": 0, "AlgoDisplayBlockMarkers": 0, "ResetInOut": 1,
          "SetArgSty": 1, "SetCommentSty": 1, "SetFuncSty": 1, "SetKwSty": 1,
          "SetDataSty": 1, "SetProcNameSty": 1, "SetProcArgSty": 1, "SetFuncArgSty": 1,
          "IncMargin": 1, "DecMargin": 1, "RestyleAlgo": 1, "SetAlCapFnt": 1,
          "SetAlTitleFnt": 1, "SetAlCapNameFnt": 1, "SetAlgoCaptionSeparator": 1,
          "SetAlgoSkip": 1, "vspace": 1, "caption": 1, "label": 1, "lnl": 1,
          "SetAlgoRefName": 1, "SetInd": 2, "SetKwComment": 3, "SetNlSty": 3,
          "SetAlgorithmName": 3}
"""Commands that set how the algorithm looks (or its caption and label, read apart),
with their number of arguments: no line of their own."""
_HEADS = {"KwIn": "Input", "KwOut": "Output", "KwData": "Data", "KwResult": "Result"}
_LOOPS = {"For": "for", "ForEach": "foreach", "ForAll": "forall", "While": "while"}
_WORDS = {"KwTo": "to", "KwDownTo": "downto", "KwTrue": "true", "KwFalse": "false",
          "KwAnd": "and", "KwOr": "or", "KwNot": "not", "KwEach": "each"}


@dataclass(frozen=True, slots=True)
class _Block:
    """A block command a `\\SetKwFor`, `\\SetKwIF`, `\\SetKwBlock`, `\\SetKwRepeat` or
    `\\SetKwSwitch` defines (a post's own loop, or its keywords in its own language)."""
    words: str
    after: str = ""
    """The words after its condition (`do`, `then`)."""
    ending: str = "end"
    condition: bool = True
    otherwise: str = ""
    """An if's `else`, for its `\\eIf` form."""
    until: bool = False
    """A repeat: its one argument is the condition after its body."""


_BLOCK_ARGS = {"SetKwFor": 4, "SetKwIF": 8, "SetKwBlock": 3, "SetKwRepeat": 3,
               "SetKwSwitch": 8}


def _blocks(name: str, args: list[str]) -> dict[str, _Block]:
    """The block commands `\\<name>{…}` defines, by name (algorithm2e's argument order)."""
    a = [arg.strip() for arg in args]
    key = [arg.lstrip("\\") for arg in a]
    if name == "SetKwFor":
        return {key[0]: _Block(a[1], a[2], a[3])}
    if name == "SetKwBlock":
        return {key[0]: _Block(a[1], "", a[2], condition=False)}
    if name == "SetKwRepeat":
        return {key[0]: _Block(a[1], "", a[2], until=True)}
    if name == "SetKwIF":
        return {key[0]: _Block(a[3], a[4], a[7], otherwise=a[6]),
                key[1]: _Block(a[5], a[4], a[7]), key[2]: _Block(a[6], "", a[7], False)}
    return {key[0]: _Block(a[3], a[4], a[7]), key[1]: _Block(a[5], "", a[7]),
            key[2]: _Block(a[6], "", a[7], False)}


_NAME = re.compile(r"\\([A-Za-z]+)(\*)?")
_OPTION = re.compile(r"\s*\[[^\]\n]*\]")
_COMMENT = re.compile(r"(?<!\\)%[^\n]*")
_INLINE_KNOWN = {"call", "textsc", "textbf", "textit", "emph", "texttt", "text", "true",
                 "false", "and", "or", "not", "to", "downto", "break", "continue"}


@dataclass
class _Reader:
    source: str
    first_line: int
    ends: bool
    lines: list[AlgorithmLine] = field(default_factory=list)
    unknown: list[tuple[int, str]] = field(default_factory=list)
    heads: dict[str, str] = field(default_factory=dict)
    keywords: dict[str, str] = field(default_factory=dict)
    functions: dict[str, str] = field(default_factory=dict)
    programs: dict[str, tuple[str, str, str]] = field(default_factory=dict)
    blocks: dict[str, _Block] = field(default_factory=dict)
    numbered: bool = False

    def line_of(self, at: int) -> int:
        return self.first_line + self.source.count("\n", 0, at)

    def add(self, depth: int, words: str, text: str, at: int, after: str = "",
            comment: str = "", numbered: bool = True) -> None:
        self.lines.append(AlgorithmLine(depth, words, text, after, comment, numbered,
                                        self.line_of(at)))

    def end(self, depth: int, at: int, words: str = "end") -> None:
        if self.ends and words:
            self.add(depth, words, "", at, numbered=False)

    def text(self, raw: str, at: int) -> str:
        """A statement's or condition's TeX as Markdown inline text: the keywords and
        functions the algorithm names written out, its formulas kept."""
        out, pos = [], 0
        for m in _NAME.finditer(raw):
            if _in_math(raw, m.start()):
                continue
            name = m.group(1)
            shown: str | None = None
            end = m.end()
            if name in self.functions or name in ("KwRet", "Return"):
                group = tex_group(raw, end)
                arg = self.text(group[0], at) if group else ""
                end = group[1] if group else end
                shown = (f"**return** {arg}" if name in ("KwRet", "Return")
                         else f"[{self.functions[name]}]{{.smallcaps}}({arg})")
            elif name in self.keywords or name in _WORDS:
                shown = f"**{self.keywords.get(name) or _WORDS[name]}**"
            elif name.lower() not in _INLINE_KNOWN:
                self.unknown.append((self.line_of(at), m.group()))
            if shown is not None:
                out += [raw[pos:m.start()], shown]
                pos = end
        return inline_text("".join(out) + raw[pos:])

    def block(self, start: int, stop: int, depth: int) -> None:
        """The lines of the source from `start` to `stop`, at `depth`."""
        s, pos = self.source, start
        pending: list[str] = []
        pending_at = start

        def flush(comment: str = "") -> None:
            raw = "".join(pending).strip()
            if raw or comment:
                self.add(depth, "", self.text(raw, pending_at), pending_at, comment=comment)
            pending.clear()

        while pos < stop:
            if s[pos] == "$":
                close = s.find("$", pos + 1 + (s[pos + 1:pos + 2] == "$"))
                close = stop - 1 if close < 0 or close >= stop else close
                close += s[close + 1:close + 2] == "$"
                pending_at = pos if not "".join(pending).strip() else pending_at
                pending.append(s[pos:close + 1])
                pos = close + 1
                continue
            if s.startswith("\\;", pos):
                flush()
                pos += 2
                continue
            m = _NAME.match(s, pos)
            if m is None:
                if not "".join(pending).strip() and not s[pos].isspace():
                    pending_at = pos
                pending.append(" " if s[pos] == "\n" else s[pos])
                pos += 1
                continue
            handled = self.command(m, stop, depth, pending, flush)
            if handled is None:
                if not "".join(pending).strip():
                    pending_at = pos
                pending.append(m.group())
                pos = m.end()
            else:
                pos = handled
        flush()

    def command(self, m: re.Match[str], stop: int, depth: int, pending: list[str],
                flush: Callable[..., None]) -> int | None:
        """Read the command `m` if it makes lines or sets the algorithm up; returns where
        it ends (None: it is part of the statement's text)."""
        s, name, at = self.source, m.group(1), m.start()
        pos = m.end()
        if (option := _OPTION.match(s, pos)) is not None and name in (*_SETUP, "tcp", "tcc"):
            pos = option.end()
        groups = _Groups(s, pos, stop)
        if name in _SETUP:
            return groups.skip(_SETUP[name])
        if name in ("SetKwInOut", "SetKwInput", "SetKwData", "SetKw", "SetKwFunction"):
            key, shown = groups.take(), groups.take()
            target = {"SetKwInOut": self.heads, "SetKwInput": self.heads,
                      "SetKwFunction": self.functions}.get(name, self.keywords)
            target[key.strip().lstrip("\\")] = shown
            return groups.pos
        if name == "SetKwProg":
            key, before, after, ending = (groups.take() for _ in range(4))
            self.programs[key.strip().lstrip("\\")] = (before, after, ending)
            return groups.pos
        if name in _BLOCK_ARGS:
            self.blocks.update(_blocks(name, [groups.take() for _ in range(_BLOCK_ARGS[name])]))
            return groups.pos
        heads = {**_HEADS, **self.heads}
        if name in heads:
            flush()
            self.add(depth, f"{heads[name]}:", self.text(groups.take(), at), at)
            return groups.pos
        if name in ("tcp", "tcc"):
            comment = inline_text(groups.take())
            if "".join(pending).strip():
                flush(comment)
            else:
                self.add(depth, "", "", at, comment=comment)
            return groups.pos
        return self.structure(name, at, groups, depth, flush)

    def structure(self, name: str, at: int, groups: _Groups, depth: int,
                  flush: Callable[..., None]) -> int | None:
        """A block command: its head line, its body's lines one deeper, its end."""
        plain = name[1:] if name[:1] in "ule" and name[1:2].isupper() else name
        kind = name[0] if plain != name else ""
        if name in self.blocks or plain in self.blocks:
            flush()
            return self.user_block(*((self.blocks[name], "") if name in self.blocks
                                     else (self.blocks[plain], kind)), at, groups, depth)
        if plain in ("If", "ElseIf", "Else", "Case", "Other") or plain in _LOOPS \
                or plain in ("Repeat", "Switch", "Begin") or name in self.programs:
            flush()
        else:
            return None
        if name in self.programs:
            before, after, ending = self.programs[name]
            self.add(depth, before, self.text(groups.take(), at), at, after)
            groups.body(self, depth + 1)
            self.end(depth, groups.pos, ending)
            return groups.pos
        if plain == "Repeat":
            until = self.text(groups.take(), at)
            self.add(depth, "repeat", "", at)
            groups.body(self, depth + 1)
            self.add(depth, "until", until, groups.pos)
            return groups.pos
        words = {"If": "if", "ElseIf": "else if", "Else": "else", "Switch": "switch",
                 "Case": "case", "Other": "otherwise", "Begin": "begin", **_LOOPS}[plain]
        after = {"If": "then", "ElseIf": "then", "Switch": "do"}.get(plain, "")
        after = "do" if plain in _LOOPS else after
        condition = "" if plain in ("Else", "Other", "Begin") else self.text(groups.take(), at)
        if kind == "l":  # (`\lIf{c}{x\;}`: one line)
            body = self.text(re.sub(r"\\;\s*$", "", groups.take().strip()), at)
            self.add(depth, words, " ".join(t for t in (condition, after and f"**{after}**",
                                                         body) if t), at)
            return groups.pos
        self.add(depth, words, condition, at, after)
        groups.body(self, depth + 1)
        if kind == "e":
            self.add(depth, "else", "", groups.pos)
            groups.body(self, depth + 1)
        if kind not in ("u",):
            self.end(depth, groups.pos)
        return groups.pos


    def user_block(self, block: _Block, kind: str, at: int, groups: _Groups,
                   depth: int) -> int:
        """A block command the algorithm defined, in its `u` (no end), `l` (one line) or
        `e` (with an else) form, as algorithm2e draws its own `\\For` or `\\If`."""
        if block.until:
            until = self.text(groups.take(), at)
            self.add(depth, block.words, "", at)
            groups.body(self, depth + 1)
            self.add(depth, block.ending, until, groups.pos)
            return groups.pos
        condition = self.text(groups.take(), at) if block.condition else ""
        if kind == "l":
            body = self.text(re.sub(r"\\;\s*$", "", groups.take().strip()), at)
            after = block.after and f"**{block.after}**"
            self.add(depth, block.words, " ".join(t for t in (condition, after, body) if t), at)
            return groups.pos
        self.add(depth, block.words, condition, at, block.after)
        groups.body(self, depth + 1)
        if kind == "e":
            self.add(depth, block.otherwise or "else", "", groups.pos)
            groups.body(self, depth + 1)
        if kind != "u":
            self.end(depth, groups.pos, block.ending)
        return groups.pos


class _Groups:
    """The braced arguments after a command, read in turn."""

    def __init__(self, source: str, pos: int, stop: int) -> None:
        self.source, self.pos, self.stop = source, pos, stop

    def take(self) -> str:
        found = tex_group(self.source, self.pos)
        if found is None or found[1] > self.stop:
            return ""
        self.pos = found[1]
        return found[0]

    def skip(self, count: int) -> int:
        for _ in range(count):
            self.take()
        return self.pos

    def body(self, reader: _Reader, depth: int) -> None:
        found = tex_group(self.source, self.pos)
        if found is None or found[1] > self.stop:
            return
        start = found[1] - 1 - len(found[0])
        self.pos = found[1]
        reader.block(start, found[1] - 1, depth)


def _in_math(text: str, at: int) -> bool:
    return text.count("$", 0, at) % 2 == 1


def parse_algorithm2e(source: str, first_line: int
                      ) -> tuple[Algorithm, list[tuple[int, str]]]:
    """The algorithm2e algorithm written in `source` (from `\\begin{algorithm}` to its
    end), and the commands it did not know with their lines."""
    text = _COMMENT.sub(lambda m: " " * len(m.group()), source)
    opening = re.match(r"\s*\\begin\{algorithm\*?\}(?:\[[^\]\n]*\])?", text)
    closing = text.rfind("\\end{algorithm")
    reader = _Reader(text, first_line, ends=re.search(
        r"\\SetAlgo(?:NoEnd|Vlined)|\\SetAlgoNoLine", text) is None)
    reader.numbered = "\\LinesNumbered" in text
    reader.block(opening.end() if opening else 0, closing if closing >= 0 else len(text), 0)
    caption = re.search(r"\\caption\*?\s*(?=\{)", text)
    group = tex_group(text, caption.end()) if caption else None
    label = re.search(r"\\label\{([^{}]*)\}", text)
    return Algorithm(inline_text(group[0]) if group else "", label.group(1) if label else "",
                     reader.numbered, tuple(reader.lines)), reader.unknown

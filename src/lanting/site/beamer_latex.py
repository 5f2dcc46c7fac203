"""beamer's LaTeX in a deck written for Pandoc (`site.talks`), as Markdown.

A deck made with `pandoc -t beamer` may hold raw LaTeX, which Pandoc hands to beamer as
it is: a frame of its own (`\\begin{frame}{Title}`, `\\frametitle{…}`), a list
(`\\begin{itemize}`, `\\item …`), columns (`\\begin{columns}`, `\\begin{column}{0.5
\\textwidth}`), a centred figure (`\\begin{center}`, `\\includegraphics[width=…]{x.png}`,
`\\caption{…}`), a block (`\\begin{block}{Title}`), spacing and type sizes
(`\\vspace{1em}`, `\\small`), and in the text `\\alert{…}`, `\\textbf{…}`, `\\emph{…}`,
`\\href{url}{text}`, the logos `\\LaTeX` and `\\TeX`. Read as Markdown, that was TeX
shown on the slide. Here these become the Markdown they meant: a frame's title a slide's
heading, at the deck's slide level (an untitled frame's heading empty), a list a list,
columns Pandoc's column divs, an image an image, `\\alert{x}` strong text, a logo its
name. Each line gives one line, so that messages keep pointing into the talk file; code,
formulas and a line `%` outside an environment (text to Markdown) stay as written. What
is not read here stays too: the build warns of TeX left in the page, at its line.
"""

from __future__ import annotations

import re

from lanting.markdown.fence_info import FENCE_LINE

_SIGNS = re.compile(r"\\(?:begin\{(?:frame|itemize|enumerate|description|columns|column|"
                    r"center|figure|block|alertblock|exampleblock|flushleft|flushright|minipage)\}"
                    r"|(?:frametitle|alert|includegraphics|textbf|emph|textit|texttt|href|url"
                    r"|item|vspace|center|centering|tiny|scriptsize|footnotesize|small|large"
                    r"|Large|LARGE|huge|Huge|LaTeX|TeX)\b)")
_OPTIONS = r"(?:<[^>\n]*>)?(?:\[[^\]\n]*\])?"
_ARG = r"\{((?:[^{}\n]|\{[^{}\n]*\})*)\}"
_BEGIN = re.compile(rf"^\\begin\{{(\w+)\}}{_OPTIONS}(?:\{{([^{{}}\n]*)\}}|{_ARG})?(.*)$")
_END = re.compile(r"^\\end\{(\w+)\}[ \t]*$")
_ITEM = re.compile(rf"^\\item{_OPTIONS}[ \t]*(.*)$")
_TITLE = re.compile(rf"^\\frametitle{_OPTIONS}{_ARG}[ \t]*$")
_ALONE = re.compile(r"^\\(?:vspace\*?\{[^}\n]*\}|hspace\*?\{[^}\n]*\}|vfill|hfill|"
                    r"(?:small|med|big)skip|newpage|clearpage|centering|center|tightlist|"
                    r"tiny|scriptsize|footnotesize|small|normalsize|large|Large|LARGE|huge|"
                    r"Huge|titlepage|maketitle|framesubtitle\{[^}\n]*\})[ \t]*$")
_LEADING = re.compile(r"^[ \t]*(?:\\(?:center|centering|hfill|small|footnotesize|scriptsize|tiny|"
                      r"large|Large|LARGE|huge|Huge)\b[ \t]*)+(?=\S)")
"""Commands opening a line of text (`\\centering \\huge Statement`): the text stays."""
_UNWRAPPED = frozenset({"center", "figure", "flushleft", "flushright", "frame"})
_BLOCKS = frozenset({"block", "alertblock", "exampleblock"})
_LISTS = {"itemize": "- ", "enumerate": "1. ", "description": "- "}
_INLINE = (
    (re.compile(rf"\\includegraphics{_OPTIONS}\{{([^{{}}\n]+)\}}"), r"![](\1)"),
    (re.compile(r"\\href\{([^{}\n]+)\}\{([^{}\n]*)\}"), r"[\2](\1)"),
    (re.compile(r"\\url\{([^{}\n]+)\}"), r"<\1>"),
    (re.compile(rf"\\(?:alert|textbf){_OPTIONS}\{{([^{{}}\n]+)\}}"), r"**\1**"),
    (re.compile(r"\\(?:emph|textit)\{([^{}\n]+)\}"), r"*\1*"),
    (re.compile(r"\\caption\{([^{}\n]*)\}"), r"\1"),
    # (the logos, `\LaTeX\ (1985)`: a control space or `{}` after one keeps the space)
    (re.compile(r"\\LaTeXe(?![A-Za-z])(?:\{\})?"), "LaTeX2ε"),
    (re.compile(r"\\(La)?TeX(?![A-Za-z])(?:\{\}|\\(?= ))?"), r"\1TeX"),
)
_MATH = re.compile(r"\$\$.*?\$\$|(?<!\\)\$[^$\n]+?(?<!\\)\$|`[^`\n]*`")
_WIDTH = re.compile(r"^(0?\.\d+|1(?:\.0*)?)\s*\\(?:text|line|column|paper)width$")


def has_beamer(body: str) -> bool:
    """Whether the body may hold beamer's LaTeX (a cheap test before reading it)."""
    return "\\" in body and _SIGNS.search(body) is not None


def beamer_markdown(body: str, level: int = 2) -> str:
    """The body with beamer's LaTeX read as Markdown, line for line; a frame's title a
    heading of `level`, the deck's slide level (an untitled frame's an empty one)."""
    out: list[str] = []
    envs: list[str] = []  # (the environments open, innermost last)
    fence = ""
    display = False
    lines = body.split("\n")
    for i, line in enumerate(lines):
        code = FENCE_LINE.match(line)
        if fence or code:
            if fence and code and code.group(1)[0] == fence[0] and len(code.group(1)) >= \
                    len(fence) and not code.group(2).strip():
                fence = ""
            elif not fence and code:
                fence = code.group(1)
            out.append(line)
            continue
        if display or line.strip().startswith("$$"):
            display = display != (line.count("$$") % 2 == 1)
            out.append(line)
            continue
        following = next((n.strip() for n in lines[i + 1:] if n.strip()), "")
        out.append(_line(line, envs, "#" * level, _TITLE.match(following) is not None))
    return "\n".join(out)


_COMMAND_LINE = re.compile(r"^[ \t]*\\([A-Za-z]+)")
_READ_LATER = frozenset({"note", "pause", "begin", "end", "newcommand", "renewcommand",
                         "def", "DeclareMathOperator", "let"})
"""Commands read elsewhere: beamer's notes and pauses (`site.reveal`), environments (the
build's warning names them), macros (the talk's formulas use them)."""


def unread_commands(markdown: str) -> list[tuple[int, str]]:
    """The lines (from 0) of `beamer_markdown`'s result that still open with a LaTeX
    command (`\\fullslideimage{x.jpg}`, a deck's own macro), with its name: shown as
    written, which a warning at its line says."""
    found: list[tuple[int, str]] = []
    fence = ""
    display = False
    math = 0
    for i, line in enumerate(markdown.split("\n")):
        code = FENCE_LINE.match(line)
        if fence or code:
            fence = "" if fence and code and code.group(1)[0] == fence[0] \
                and not code.group(2).strip() else fence or (code.group(1) if code else "")
            continue
        if display or line.strip().startswith("$$"):
            display = display != (line.count("$$") % 2 == 1)
            continue
        # (inside an environment left as written, `\begin{aligned}`, or `\[ … \]`:
        # a formula's lines, which the math reads)
        opened = re.findall(r"\\begin\{([\w*]+)\}", line) + (["["] if "\\[" in line else [])
        closed = re.findall(r"\\end\{([\w*]+)\}", line) + (["["] if "\\]" in line else [])
        command = _COMMAND_LINE.match(line)
        if command is not None and command.group(1) not in _READ_LATER and not math \
                and not opened:
            found.append((i, command.group(1)))
        math = max(0, math + len(opened) - len(closed))
    return found


def _line(line: str, envs: list[str], heading: str, titled: bool) -> str:
    """One line as Markdown (`heading`: the hashes of a frame's title; `titled`: a
    `\\frametitle` line follows, which is the frame's heading)."""
    text = line.strip()
    if envs and text.startswith("%"):
        return ""  # (a LaTeX comment, inside an environment)
    begin = _BEGIN.match(text)
    if begin is not None and begin.group(1) in (*_UNWRAPPED, *_BLOCKS, *_LISTS,
                                                "columns", "column", "minipage"):
        name, title, argument, rest = begin.groups()
        envs.append(name)
        title = title or argument
        if name == "frame":  # (its title a slide's heading, or its `\frametitle`'s)
            return f"{heading} {_inline(title)}" if title else "" if titled else heading
        if name in _BLOCKS:
            return f"**{_inline(title)}**" if title else ""
        if name == "columns":
            return ":::: {.columns}"
        if name in ("column", "minipage"):  # (minipages side by side: columns)
            width = _WIDTH.match((title or "").strip())
            return f'::: {{.column width="{round(float(width.group(1)) * 100)}%"}}' \
                if width else "::: {.column}"
        return _inline(rest.strip())
    end = _END.match(text)
    if end is not None and envs and end.group(1) == envs[-1]:
        envs.pop()
        return {"column": ":::", "minipage": ":::", "columns": "::::"}.get(end.group(1), "")
    if (title_line := _TITLE.match(text)) is not None:
        return f"{heading} {_inline(title_line.group(1))}"
    if _ALONE.match(text):
        return ""
    lists = [e for e in envs if e in _LISTS]
    if lists and (item := _ITEM.match(text)) is not None:
        indent = "".join(" " * len(_LISTS[e]) for e in lists[:-1])
        return indent + _LISTS[lists[-1]] + _inline(item.group(1))
    if lists:  # (an item's text going on: under it)
        return "".join(" " * len(_LISTS[e]) for e in lists) + _inline(text) if text else ""
    # (inside an environment, its indent is LaTeX's layout, no Markdown code block)
    kept = text if envs else line
    rest = _LEADING.sub("", kept)
    if rest != kept and re.match(r"[-*+>#]|\d+[.)]", rest):
        rest = "\\" + rest  # (`\hfill - A. Author`: text, no list item)
    return _inline(rest)


def _inline(text: str) -> str:
    """beamer's text commands as Markdown, outside formulas and code spans."""
    if "\\" not in text:
        return text
    parts = _MATH.split(text)
    kept = _MATH.findall(text)
    codes: list[str] = []  # (`\texttt{…}`'s code, kept from the commands around it)

    def code(match: re.Match[str]) -> str:
        codes.append(_code_span(match.group(1)))
        return f"\ue010{len(codes) - 1}\ue011"

    for n, part in enumerate(parts):
        changed = True
        while changed and "\\" in part:  # (inner commands first: `\caption{\href{…}{…}}`)
            part, count = _TEXTTT.subn(code, part)
            changed = count > 0
            for pattern, markdown in _INLINE:
                part, count = pattern.subn(markdown, part)
                changed = changed or count > 0
        parts[n] = re.sub("\ue010(\\d+)\ue011", lambda m: codes[int(m.group(1))], part)
    return "".join(p + (kept[i] if i < len(kept) else "") for i, p in enumerate(parts))


_TEXTTT = re.compile(r"\\texttt\{((?:[^{}\n\\]|\\.|\\[A-Za-z]+|\{[^{}\n]*\})*)\}")
"""`\\texttt{…}`: its text may hold escaped braces and a group (`\\texttt{\\textbackslash
cite\\{key\\}}`, `\\texttt{f\\_x{}}`)."""
_TEXT_ESCAPES = re.compile(r"\\(textbackslash|textasciitilde|textasciicircum|textunderscore|"
                           r"ldots|dots)(?![A-Za-z])(?:\{\}| *)|\\([{}_#%&$~^])(?:\{\})?")
_ESCAPED = {"textbackslash": "\\", "textasciitilde": "~", "textasciicircum": "^",
            "textunderscore": "_", "ldots": "…", "dots": "…"}


def _code_span(tex: str) -> str:
    """The text of `\\texttt{tex}` as a code span: LaTeX's escapes of its characters
    undone (`\\{`, `\\_`, `\\textbackslash`), the braces of a group left out."""
    text = _TEXT_ESCAPES.sub(lambda m: _ESCAPED[m.group(1)] if m.group(1) else m.group(2), tex)
    text = re.sub(r"(?<!\\)\{\}", "", text)
    fence = "``" if "`" in text else "`"
    padded = f" {text} " if fence == "``" or text.startswith(" ") else text
    return f"{fence}{padded}{fence}"

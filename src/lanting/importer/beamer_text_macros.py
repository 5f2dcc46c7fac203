"""A beamer deck's own commands of text layout, written out (`beamer_tex`).

A speaker's template defines commands that set a slide's one statement, centred and
large, `\\newcommand{\\singletitle}[1]{\\begin{center}\\vfill\\fontsize{20pt}{20pt}
\\textbf{#1}\\vfill\\end{center}}`, and its slides say `\\singletitle{Section One}`.
The talk reads beamer's environments and text commands, not the deck's own: each use
was TeX on the slide, with a warning. A command of one argument whose definition holds
only what the talk reads (`center`, `\\textbf`, `\\emph`, `\\alert`, …, or another such
command) and layout it leaves out (`\\vfill`, `\\fontsize`, sizes, spacing) is written
out where it is used, the layout left out, so the slide reads as its definition
meant. Other commands stay, and the build warns of them.
"""

from __future__ import annotations

import re

_DEFINITION = re.compile(r"\\(?:re)?newcommand\*?\s*\{?\\([A-Za-z]+)\}?\s*\[1\]\s*\{(.*)\}\s*$",
                         re.DOTALL)
_LAYOUT = re.compile(r"\\fontsize\{[^{}]*\}\{[^{}]*\}|\\(?:vspace|hspace)\*?\{[^{}]*\}"
                     r"|\\(?:vfill|hfill|vfil|selectfont|par|noindent|centering|tiny|"
                     r"scriptsize|footnotesize|small|normalsize|large|Large|LARGE|huge|"
                     r"Huge|bfseries|itshape)(?![A-Za-z])")
_READ = frozenset({"begin", "end", "textbf", "textit", "emph", "texttt", "alert",
                   "underline", "textsc"})
_ENVIRONMENTS = frozenset({"center", "flushleft", "flushright"})


def text_macros(definitions: dict[str, str]) -> dict[str, str]:
    """Of the preamble's definitions (`quarto_math.tex_definitions`), the commands of
    one argument it can write out (see the module), each as its text with `#1`."""
    found: dict[str, str] = {}
    for name, definition in definitions.items():
        parsed = _DEFINITION.match(definition)
        if parsed is None or parsed.group(1) != name:
            continue
        body = _LAYOUT.sub("", parsed.group(2))
        commands = set(re.findall(r"\\([A-Za-z]+)", body))
        environments = set(re.findall(r"\\(?:begin|end)\{(\w+)\}", body))
        if body.count("#1") == 1 and environments <= _ENVIRONMENTS and commands and \
                commands <= _READ | set(definitions) - {name} and "$" not in body:
            found[name] = "\n".join(line.strip() for line in body.split("\n")
                                    if line.strip())
    # (one built on a command that is not written out stays too)
    while bad := {n for n, b in found.items()
                  if set(re.findall(r"\\([A-Za-z]+)", b)) - _READ - set(found)}:
        found = {n: b for n, b in found.items() if n not in bad}
    return found


def write_out(body: str, macros: dict[str, str]) -> tuple[str, int]:
    """`body` with each use of `macros` at a line's start, `\\singletitle{Text}` (its
    argument over lines too), written out, on lines of its own; how many."""
    count = 0
    pattern = re.compile(rf"^([ \t]*)\\({'|'.join(map(re.escape, macros))})[ \t]*\{{",
                         re.MULTILINE)
    for _ in range(4):  # (a command built on another: `\singlesubheading` on `\singletext`)
        out, start = [], 0
        for match in pattern.finditer(body):
            if match.start() < start:
                continue
            end = _closing(body, match.end())
            if end is None:
                continue
            argument = " ".join(body[match.end():end].split())
            text = macros[match.group(2)].replace("#1", argument)
            indent = match.group(1)
            out += [body[start:match.start()],
                    "\n".join(indent + line for line in text.split("\n"))]
            start = end + 1
            count += 1
        if not out:
            break
        body = "".join(out) + body[start:]
    return body, count


def _closing(text: str, at: int) -> int | None:
    depth = 1
    for i in range(at, len(text)):
        if text[i] == "{" and text[i - 1] != "\\":
            depth += 1
        elif text[i] == "}" and text[i - 1] != "\\":
            depth -= 1
            if depth == 0:
                return i
    return None

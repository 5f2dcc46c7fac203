"""MyST's `{literalinclude}` of a book's file, written out as the code block Sphinx and
mystmd showed: the file's lines (`:start-after:`, `:start-at:`, `:end-before:`,
`:end-at:`, then `:lines:`, as Sphinx's reader applies them), its `:language:` (else
its suffix's), `:lineno-match:` the first line's number. Lanting's own
`{literalinclude}` reads a file of the new site by its path, which the book's
(`../../myst.yml`, the book's settings) no longer was, and it reads no `:start-at:`."""

from __future__ import annotations

import re
from pathlib import Path

from lanting.importer.common import read_text
from lanting.importer.liquid import Context

_INCLUDE = re.compile(r"^([ \t]*)(`{3,}|:{3,})\{literalinclude\}[ \t]+(\S+)[^\n]*\n(.*?)"
                      r"^\1\2[ \t]*$", re.MULTILINE | re.DOTALL)
_OPTION = re.compile(r"^[ \t]*:([\w-]+):[ \t]*(.*?)[ \t]*$", re.MULTILINE)
_KEPT = ("caption", "name", "label", "emphasize-lines", "linenos")
"""Options the code block keeps (`:label:` is mystmd's `:name:`)."""
_LANGUAGES = {"yml": "yaml", "py": "python", "txt": "text", "sh": "bash", "md": "markdown",
              "js": "javascript", "ts": "typescript", "rs": "rust", "jl": "julia"}


def included_code(text: str, path: Path, book: Path, ctx: Context) -> str:
    """`text` with each `{literalinclude}` of a file of the book (named from the page's
    folder, or `/x` from the book's) as a `{code-block}` of the lines it showed; one
    naming no such file is left for the build to report."""
    def one(match: re.Match[str]) -> str:
        indent, fence, target, body = match.groups()
        file = book / target.lstrip("/") if target.startswith("/") else path.parent / target
        if not file.is_file() or not file.resolve().is_relative_to(book.resolve()):
            return match.group()
        options = dict(_OPTION.findall(body))
        first, lines = _chosen(read_text(file).split("\n"), options)
        language = options.get("language") or _LANGUAGES.get(
            file.suffix.lstrip(".").lower(), file.suffix.lstrip(".").lower())
        kept = [f":{'name' if k == 'label' else k}: {v}".rstrip()
                for k, v in options.items() if k in _KEPT]
        if "lineno-match" in options:
            kept.append(f":lineno-start: {first}")
        ctx.convert("`{literalinclude}` of the book's files, as code blocks")
        code = "\n".join(lines).strip("\n")
        long = "`" * max(3, len(fence) if fence[0] == "`" else 3,
                         *(len(run) + 1 for run in re.findall(r"`{3,}", code)))
        return "\n".join([f"{indent}{long}{{code-block}} {language}".rstrip(),
                          *(indent + k for k in kept), "", code, f"{indent}{long}"])

    return _INCLUDE.sub(one, text) if "{literalinclude}" in text else text


def _chosen(lines: list[str], options: dict[str, str]) -> tuple[int, list[str]]:
    """The lines the options pick, and the number of the first in the file."""
    start, end = 0, len(lines)
    for key, after in (("start-after", 1), ("start-at", 0)):
        if options.get(key):
            start = next((i + after for i, line in enumerate(lines)
                          if options[key] in line), start)
    for key, past in (("end-before", 0), ("end-at", 1)):
        if options.get(key):
            end = next((i + past for i, line in enumerate(lines) if i >= start
                        and options[key] in line), end)
    picked = list(enumerate(lines[start:end], start + 1))
    if options.get("lines"):
        wanted: set[int] = set()
        for part in options["lines"].split(","):
            low, dash, high = part.strip().partition("-")
            if low.isdigit() or (dash and high.isdigit()):
                wanted |= set(range(int(low or 1), (int(high) if high else len(picked)
                                                    if dash else int(low)) + 1))
        picked = [pair for n, pair in enumerate(picked, 1) if n in wanted]
    return (picked[0][0] if picked else start + 1), [line for _n, line in picked]

"""pandoc-include-code's fences in a deck Pandoc made (`notes_pandoc`).

A talk's code often lives in a project beside the slides, where it is compiled and
tested; the deck names it, and the filter `pandoc-include-code` (`--filter
pandoc-include-code` in the build file) fills an empty fence with the file's text:

    ```{.haskell include=src/listings/Checkout.hs snippet=states dedent=2}
    ```

`snippet=NAME` takes the lines between the file's lines `start snippet NAME` and `end
snippet NAME` (inside any comment), `startLine=` and `endLine=` a range (from 1, the
last included), `dedent=N` takes up to N spaces off each line. Read as Markdown, such a
fence was an empty code block on the slide. Here it holds the code, fenced in the
language of its first class; a file or snippet not found leaves the fence as written,
with a warning.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

_FENCE = re.compile(r"^([ \t]*)(`{3,}|~{3,})[ \t]*\{([^{}\n]*\binclude=[^{}\n]*)\}[ \t]*\n"
                    r"(.*?)^\1\2[ \t]*$", re.MULTILINE | re.DOTALL)
_ATTRIBUTE = re.compile(r"""([A-Za-z][\w-]*)=("[^"]*"|'[^']*'|\S+)""")
_CLASS = re.compile(r"(?:^|\s)\.([\w+#-]+)")


@dataclass
class Included:
    """`include_code`'s result: the text, how many fences it filled, and the fences it
    could not (their first line, what was not found)."""

    text: str
    count: int = 0
    missing: list[tuple[str, str]] = field(default_factory=list)


def include_code(text: str, read: Callable[[str], str | None]) -> Included:
    """`text` with each pandoc-include-code fence holding its code (`read`: a file's
    text by the path the fence names, or None)."""
    result = Included(text)

    def fill(match: re.Match[str]) -> str:
        indent, marks, attrs, written = match.groups()
        values = {k: v.strip("\"'") for k, v in _ATTRIBUTE.findall(attrs)}
        name = values["include"]
        whole = read(name)
        code = None if whole is None else _part(whole, values)
        if code is None:
            what = f"`{name}`" if whole is None else \
                f"snippet `{values.get('snippet')}` of `{name}`"
            result.missing.append((match.group().split("\n", 1)[0].strip(), what))
            return match.group()
        result.count += 1
        language = found.group(1) if (found := _CLASS.search(attrs)) else ""
        body = "".join(f"{indent}{line}\n" if line else "\n" for line in code)
        return f"{indent}{marks}{language}\n{body}{written if written.strip() else ''}" \
               f"{indent}{marks}"

    result.text = _FENCE.sub(fill, text)
    return result


def _part(text: str, values: dict[str, str]) -> list[str] | None:
    """The lines of `text` the fence's attributes choose, dedented; None for a snippet
    the file does not mark."""
    lines = text.rstrip("\n").split("\n")
    snippet = values.get("snippet")
    if snippet:
        starts = [i for i, line in enumerate(lines)
                  if re.search(rf"\bstart snippet {re.escape(snippet)}\s*(?:\W*)$", line)]
        if not starts:
            return None
        ends = [i for i, line in enumerate(lines) if i > starts[0]
                and re.search(rf"\bend snippet {re.escape(snippet)}\s*(?:\W*)$", line)]
        lines = lines[starts[0] + 1:ends[0] if ends else len(lines)]
    start, end = values.get("startLine", ""), values.get("endLine", "")
    if start.isdigit() or end.isdigit():
        lines = lines[int(start) - 1 if start.isdigit() else 0:
                      int(end) if end.isdigit() else len(lines)]
    dedent = int(values["dedent"]) if values.get("dedent", "").isdigit() else 0
    return [re.sub(rf"^ {{0,{dedent}}}", "", line) for line in lines] if dedent else lines

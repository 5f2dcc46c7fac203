"""A notebook code cell's options, written as comment lines at its top: Quarto's
(`#| echo: false`, `#| output: false`, `#| include: false`, `#| code-fold: true`,
`#| filename: train.py`) and nbdev's (`#| hide`, `#| hide_input`, `#| export`). Quarto
and nbdev read them and leave them out of the page; a notebook post showed them as
code, and did not do what they said."""

from __future__ import annotations

import re
from dataclasses import dataclass

_OPTION = re.compile(r"[ \t]*(?:#|//|--)\|[ \t]*([\w-]+)[ \t]*(?::[ \t]*(.*?))?[ \t]*")
"""`#| key: value` (`//|` and `--|` in languages whose comments start so), or nbdev's
`#| hide` with no value."""


@dataclass(frozen=True, slots=True)
class CellOptions:
    code: str
    """The cell's code without its option lines."""
    include: bool = True
    """`include: false`, nbdev's `hide`: neither code nor outputs shown."""
    show_code: bool = True
    """`echo: false`, nbdev's `hide_input`: the outputs alone."""
    show_output: bool = True
    """`output: false`, nbdev's `hide_output`: the code alone."""
    fold: str = ""
    """`code-fold: true` → "closed", `code-fold: show` → "open": the code in a fold."""
    fold_title: str = "Code"
    """`code-summary`: the fold's title (Quarto's default, "Code")."""
    title: str = ""
    """`filename`: the code block's title."""


def _false(value: str | None) -> bool:
    return value is not None and value.strip().lower() in ("false", "no", "0")


def read_cell_options(source: str) -> CellOptions:
    """The options at the top of a code cell's `source`, and its code without them."""
    lines = source.split("\n")
    options: dict[str, str | None] = {}
    taken = 0
    for line in lines:
        match = _OPTION.fullmatch(line)
        if match is None:
            break
        options[match.group(1).lower().replace("_", "-")] = (
            match.group(2).strip().strip("\"'") if match.group(2) is not None else None)
        taken += 1
    if not options:
        return CellOptions(source)
    fold = (options.get("code-fold") or "").lower()
    return CellOptions(
        "\n".join(lines[taken:]),
        include=not (_false(options.get("include")) or "hide" in options),
        show_code=not (_false(options.get("echo")) or "hide-input" in options),
        show_output=not (_false(options.get("output")) or "hide-output" in options),
        fold="open" if fold == "show" else "closed" if fold == "true" else "",
        fold_title=options.get("code-summary") or "Code",
        title=options.get("filename") or "",
    )

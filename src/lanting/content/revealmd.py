"""reveal-md's front matter: how a talk is known to be written for it, and what Lanting
does with each of its settings.

reveal-md (and Visual Studio Code's vscode-reveal, which reads the same header) makes a
reveal.js deck of one Markdown file; its front matter sets the deck's look (`theme`,
`highlightTheme`, `revealOptions: {transition: …}`), its own files (`css`, `scripts`)
and the lines that cut it (`separator`, `verticalSeparator`, `notesSeparator`, regular
expressions). A talk is read as such a deck when its front matter has a setting only
reveal-md has (`revealOptions`, `highlightTheme` or a separator); then the look is
accepted and ignored (Lanting's deck has a look of its own), a separator that cuts where
Lanting does (`---`, `--` or `----`, `Note:`) too; another separator, a stylesheet or a
script is a warning at its line, saying what Lanting does instead.
"""

from __future__ import annotations

import re
from typing import Any

from lanting.model.content import Kind, Source
from lanting.model.problem import Problem

SIGNS = frozenset({"revealOptions", "highlightTheme", "separator", "verticalSeparator",
                   "notesSeparator"})
"""Settings only reveal-md's header has (`theme` and `transition` are Marp's too)."""

IGNORED = frozenset({"theme", "highlightTheme", "revealOptions", "transition"})
"""Settings of the look, which Lanting's deck sets itself (the site's theme and code
colours; no transitions)."""

_CUTS = {
    "separator": (("\n---\n",), "slides are cut at lines `---`"),
    "verticalSeparator": (("\n--\n", "\n----\n"), "vertical slides are cut at lines "
                                                  "`--` or `----` between blank lines"),
    "notesSeparator": (("\nNote:\n", "\nNotes:\n"), "notes start at a line `Note:` "
                                                     "(or `Notes:`, `???`)"),
}
"""Each separator, the lines it must cut as Lanting does (one is enough), and what
Lanting does."""

_NOT_SHOWN = {
    "css": "the deck's stylesheet is not applied: Lanting's deck has the site's look "
           "(a stylesheet of your own goes in `[theme] custom_css` of lanting.toml)",
    "scripts": "the deck's scripts are not run: Lanting's deck has its own",
    "preprocessor": "a preprocessor changed the Markdown before reveal-md read it: "
                    "Lanting reads the file as it is",
}


KEYS = SIGNS | IGNORED | frozenset(_NOT_SHOWN)
"""The settings of reveal-md's header that Lanting knows (accepts, ignores or warns of)."""


def is_reveal_md(data: dict[str, Any]) -> bool:
    """Whether front matter `data` is reveal-md's header."""
    return any(key in SIGNS for key in data)


def split_reveal_md_keys(source: Source, data: dict[str, Any], lines: dict[str, int],
                         ) -> tuple[dict[str, Any], list[Problem]]:
    """The front matter without reveal-md's settings, and warnings for those whose
    effect a reader would miss; `data` as it is when `source` is no reveal-md deck."""
    if source.kind is not Kind.TALK or not is_reveal_md(data):
        return data, []
    kept: dict[str, Any] = {}
    warnings: list[Problem] = []
    for key, value in data.items():
        if key in _NOT_SHOWN:
            warnings.append(Problem(f"reveal-md's `{key}` is not applied", source.path,
                                    lines.get(key, 1), hint=_NOT_SHOWN[key],
                                    severity="warning"))
        elif key in _CUTS:
            what = _CUTS[key][1]
            if not cuts_as_lanting(key, value):
                warnings.append(Problem(
                    f"reveal-md's `{key}: {value}` is not Lanting's", source.path,
                    lines.get(key, 1), severity="warning",
                    hint=f"in a Lanting talk {what}: write the deck so"))
        elif key not in IGNORED:
            kept[key] = value
    return kept, warnings


def cuts_as_lanting(key: str, pattern: Any) -> bool:
    """Whether the separator `key` (`separator`, `verticalSeparator`, `notesSeparator`)
    set to `pattern` cuts where Lanting does."""
    return key in _CUTS and any(_cuts(pattern, sample) for sample in _CUTS[key][0])


def _cuts(pattern: Any, sample: str) -> bool:
    """Whether the separator `pattern` (a regular expression, as reveal-md reads it)
    cuts `sample` where Lanting does (`\\n`, as YAML keeps it unquoted, is a newline
    in a regular expression too)."""
    if not isinstance(pattern, str):
        return False
    try:
        found = re.search(pattern, sample, re.MULTILINE | re.IGNORECASE)
    except re.error:
        return False
    return found is not None and found.group().strip() == sample.strip()

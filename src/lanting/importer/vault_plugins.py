"""What two Obsidian plugins common in vaults of paper notes write, read as the vault
showed it:
- Dataview's inline fields, `Authors:: Vaswani, Shazeer` on a line of its own (in a
  list item or a quote too), `[rating:: 4]` and `(venue:: NeurIPS)` in a sentence, which
  literature-note templates and web clippers write. Lanting's Markdown reads a
  `key:: value` line as a Logseq property and leaves it out: the authors, year and
  status of a paper were lost without a word. With Dataview they are what its reading
  view showed, `**Authors**: …` (a `(key:: value)` its value alone); without it, as
  written (Obsidian showed the text);
- the Admonition plugin's fences, ```` ```ad-note ```` with `title:` and `collapse:`
  lines, shown as admonitions (`importer/mkdocs_admonitions.py`); without the plugin,
  code blocks, as Obsidian showed them.

A vault whose `.obsidian/community-plugins.json` is not in the repository (most keep
`.obsidian/` out of git) is taken to have had the plugins whose syntax its notes use."""

from __future__ import annotations

import json
import re
from pathlib import Path

from lanting.importer.common import read_text
from lanting.importer.liquid import Context
from lanting.importer.mkdocs_admonitions import admonition_fences

DATAVIEW = "dataview"
ADMONITION = "obsidian-admonition"

_KEY = r"[^\W\d_](?:[\w \-/]{0,38}?[\w\-/])?"
"""A field's name as Dataview reads it: a letter, then words, spaces, `-` and `/`, the
`::` right after it (`(xs :: [Int])`, a type in prose about Haskell, is no field)."""
_LINE = re.compile(r"^((?:[ \t]*>)*[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?)"
                   rf"(\*\*)?({_KEY})(?(2)\*\*)::[ \t]+(\S[^\n]*)$", re.MULTILINE)
"""`Key:: value` alone on its line (after a list's or a quote's marks)."""
_BRACKETED = re.compile(rf"\[({_KEY})::[ \t]*([^\[\]\n]*?)[ \t]*\](?![(\[])")
_PARENTHESIZED = re.compile(rf"(?<!\])\(({_KEY})::[ \t]*([^()\n]*?)[ \t]*\)")


def vault_plugins(source: Path) -> frozenset[str] | None:
    """The ids of the community plugins the vault had on (None: no list in the
    repository)."""
    listed = source / ".obsidian" / "community-plugins.json"
    if not listed.is_file():
        return None
    try:
        plugins = json.loads(read_text(listed))
    except json.JSONDecodeError:
        return None
    return frozenset(str(p) for p in plugins) if isinstance(plugins, list) else None


def had(plugins: frozenset[str] | None, plugin: str) -> bool:
    return plugins is None or plugin in plugins


def admonitions(text: str, plugins: frozenset[str] | None, ctx: Context) -> str:
    """`text` with the Admonition plugin's fences as admonitions, when the vault had it."""
    return admonition_fences(text, ctx) if had(plugins, ADMONITION) else text


def inline_fields(text: str, dataview: bool, ctx: Context) -> str:
    """`text` (its code behind markers) with Dataview's inline fields as Dataview showed
    them (`dataview`), else escaped, shown as written (`Key\\:: value`)."""
    if "::" not in text:
        return text
    if not dataview:
        text, count = _LINE.subn(lambda m: f"{m.group(1)}{m.group(2) or ''}{m.group(3)}"
                                 f"{m.group(2) or ''}\\:: {m.group(4)}", text)
        ctx.convert("`key:: value` lines kept as written (Lanting's Markdown leaves a "
                    "Logseq property out)", count)
        return text
    text, lines = _LINE.subn(lambda m: f"{m.group(1)}**{m.group(3).strip()}**: {m.group(4)}",
                             text)
    text, bracketed = _BRACKETED.subn(lambda m: f"**{m.group(1).strip()}**: {m.group(2)}",
                                      text)
    text, parenthesized = _PARENTHESIZED.subn(lambda m: m.group(2), text)
    ctx.convert("Dataview's inline fields (`Authors:: …`, `[rating:: 4]`) as Dataview "
                "showed them", lines + bracketed + parenthesized)
    return text

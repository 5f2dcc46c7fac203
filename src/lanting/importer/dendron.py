"""A Dendron workspace (`dendron.yml`): what the notes import reads otherwise than in an
Obsidian vault.

- The notes are the Markdown files of the workspace's vault (`workspace.vaults`'
  `fsPath`; a self-contained vault's `notes/`), kept flat, their hierarchy in their
  names: `groups.lagrange.cosets.md` is `cosets` under `groups.lagrange` under
  `groups`, as Dendron's tree and published site showed them. (Markdown in the vault's
  folders, `assets/`, is no note.) The import reads each name as a path
  (`groups/lagrange/cosets`), so a note with children is its folder's page, listing
  them, and a level no note was written for (Dendron's stub) a folder page of its own;
  `root.md` is the home page.
- `[[shown|groups.lagrange]]` puts the text shown first (Obsidian's puts it last), and
  names a note by its whole dotted name.
- A note reference `![[note#heading,1:#*]]` (from a heading to the next) embeds that
  section, as `![[note#heading]]` does.
- The front matter Dendron writes on every note — `id`, `created` and `updated` (times
  in milliseconds) — is its bookkeeping, not a post's date; `desc` is the description;
  `nav_order` orders a note among its siblings on its parent's page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.text import load_mapping


@dataclass(frozen=True, slots=True)
class DendronWorkspace:
    vault: str
    """The vault's folder, from the workspace's root (`.`: the root itself)."""


def read_workspace(source: Path) -> DendronWorkspace | None:
    """The workspace's vault (the first of `workspace.vaults`), or None when `source` is
    no Dendron workspace."""
    config = source / "dendron.yml"
    if not config.is_file():
        return None
    data, _error = load_mapping("yaml", read_text(config))
    workspace = data.get("workspace") if isinstance(data, dict) else None
    vaults = workspace.get("vaults") if isinstance(workspace, dict) else None
    first = vaults[0] if isinstance(vaults, list) and vaults else None
    folder = str(first.get("fsPath") or ".") if isinstance(first, dict) else "."
    folder = folder.strip("/") or "."
    # (a self-contained vault keeps its notes in its `notes/`, its settings beside them)
    if isinstance(first, dict) and first.get("selfContained") and \
            (source / folder / "notes").is_dir():
        folder = f"{folder}/notes"
    return DendronWorkspace(vault=folder)


def note_paths(stems: list[str]) -> dict[str, str]:
    """Each note's path as its place in the hierarchy (`a.b.c` → `a/b/c.md`; one with
    children `a/b/index.md`; `root` → `index.md`), by its name in lower case."""
    lowered = {s.casefold() for s in stems}
    parents = {".".join(s.split(".")[:i]) for s in lowered
               for i in range(1, s.count(".") + 1)}
    paths: dict[str, str] = {}
    for stem in stems:
        key = stem.casefold()
        if key == "root":
            paths[key] = "index.md"
            continue
        parts = stem.split(".")
        paths[key] = "/".join(parts) + ("/index.md" if key in parents else ".md")
    return paths


_LABEL_FIRST = re.compile(r"(?<!!)\[\[([^\[\]|\n]+)\|([^\[\]|#\n]+)(#[^\[\]|\n]*)?\]\]")


def dendron_links(text: str, is_note: Any) -> tuple[str, int]:
    """`[[shown|a.b#h]]` as `[[a.b#h|shown]]`, when `a.b` names a note and `shown` does
    not (a link written Obsidian's way stays). (`![[a.b#h,1:#*]]`, a range, is the
    vault's reader's: `quartz_bodies.py`.)"""
    def swap(match: re.Match[str]) -> str:
        shown, target, heading = match.group(1), match.group(2), match.group(3) or ""
        if not is_note(target.strip()) or is_note(shown.split("#")[0].strip()):
            return match.group()
        return f"[[{target}{heading}|{shown}]]"

    return _LABEL_FIRST.subn(swap, text)


_BOOKKEEPING = ("id", "created", "updated", "nav_order")


def front_of(data: dict[str, Any]) -> dict[str, Any]:
    """The note's front matter without Dendron's bookkeeping; `desc` its description."""
    data = {k: v for k, v in data.items() if k not in _BOOKKEEPING}
    desc = data.pop("desc", None)
    if desc and not data.get("description"):
        data["description"] = desc
    return data

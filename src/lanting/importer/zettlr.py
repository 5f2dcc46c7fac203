"""A Zettlr workspace (or another zettelkasten named by time stamps) read as its app read
it: `[[20210328181358]]`, a link by a note's ID, leads to the note whose file name holds
that ID (`20210328181358 Automating git.md`) or whose front matter says `id:
20210328181358` (Zettlr's default ID is 14 digits; Obsidian's unique-note command
writes 12), and, where Zettlr kept the folder (its `.ztr-directory` files), a note's
`keywords`, which Zettlr lists as its tags, are tags. Such a link was kept as written:
a name without a letter reads as prose (`[[1, 2]]`), not as a note's."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text, walk
from lanting.importer.item import Item
from lanting.importer.quartz import Quartz
from lanting.importer.text import load_mapping, split_front_matter

_ID = re.compile(r"(?<!\d)\d{12,14}(?!\d)")


def note_ids(notes: list[Path], root: Path) -> dict[str, str]:
    """Each ID one note alone has, in its front matter's `id` or its file's name, to
    that note's path from `root` without `.md` (an ID of several notes leads nowhere,
    as in Zettlr)."""
    found: dict[str, set[str]] = {}
    for path in notes:
        head = split_front_matter(read_text(path))[1]
        given = str(load_mapping("yaml", head)[0].get("id") or "") if head else ""
        rel = "/" + path.relative_to(root).with_suffix("").as_posix()
        for key in {*(_ID.findall(path.stem)), *([given] if _ID.fullmatch(given) else [])}:
            found.setdefault(key, set()).add(rel)
    return {key: next(iter(rels)) for key, rels in found.items() if len(rels) == 1}


class ZettlrNotes(Quartz):
    """The zettelkasten side of the notes import."""

    def zettlr_init(self) -> None:
        self.zettlr = any(p.name == ".ztr-directory" for p in self.source.rglob(
            ".ztr-directory"))
        """Whether Zettlr kept the folder: its `keywords` are tags."""
        self.zettel_ids = note_ids([p for p in walk(self.content) if p.suffix == ".md"],
                                   self.content)

    def named(self, name: str, path: Path) -> bool:
        return name.strip() in self.zettel_ids or super().named(name, path)

    def find(self, target: str, path: Path) -> Item | Path | None:
        """Also a note by its ID, when no note or file is named so."""
        found = super().find(target, path)
        zettel = self.zettel_ids.get(target.strip())
        if found is None and zettel is not None:
            return super().find(zettel, path)
        return found

    def implied(self, path: Path, rel: str, data: dict[str, Any],
                body: str) -> dict[str, Any] | None:
        """In Zettlr's folder, `keywords` are tags and `id` is read (links name it)."""
        if not self.zettlr or not any(k in data for k in ("keywords", "id")):
            return super().implied(path, rel, data, body)
        data = dict(data)
        keywords = data.pop("keywords", None)
        if str(data.get("id") or "") in self.zettel_ids:
            data.pop("id")
        if keywords:
            tags = data.get("tags") or []
            data["tags"] = [*(tags if isinstance(tags, list) else [tags]),
                            *(keywords if isinstance(keywords, list) else [keywords])]
        return super().implied(path, rel, data, body)

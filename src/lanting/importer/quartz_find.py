"""How the Quartz importer (and so the notes import) finds the note or file a link
names, as Quartz's `transformLink` and Obsidian's shortest paths found it, and says why
a link leads nowhere."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from lanting.importer.item import Item
from lanting.importer.quartz_settings import has_extension, slug


class QuartzFinder:
    """The finding side of the Quartz importer."""

    content: Path
    by_slug: dict[str, Item]
    files: dict[str, Path]
    skipped: dict[str, str]
    notes_folder = "`content/`"
    """Where the notes are, as messages name it."""

    @property
    def not_written(self) -> str:
        """Why a link to a note no one wrote leads nowhere."""
        return f"no note or file of that name in {self.notes_folder}"

    def find(self, target: str, path: Path) -> Item | Path | None:
        """The note or file a link names, as Quartz's `transformLink` found it: a path
        from the note's folder or from `content/` (or from the vault's root above it),
        else the one slug that ends with it (`[[attention]]` → `ML/attention`); in any
        case, as Obsidian names are."""
        target = target.strip()
        # (the note's folder as Quartz slugs it, as the keys are: `ML 笔记/` is `ML-笔记/`,
        # `RNN&LSTM/` `RNN-and-LSTM/`; else `x.assets/fig.png` beside a note in such a
        # folder was looked for in no folder that is)
        here = posixpath.dirname(slug(path.relative_to(self.content).as_posix()))
        if target.endswith("/") or target in (".", ".."):  # (a folder: its page)
            for base in ("/" + here, "/"):
                folder = posixpath.normpath(posixpath.join(base, target)).strip("/")
                page = self.by_slug.get(slug(folder + "/index.md").lstrip("/"))
                if page is not None:
                    return page
            return None
        target = target.removeprefix("./")
        if not target:
            return None
        wanted = slug(target if has_extension(target) else target + ".md")
        candidates = [posixpath.normpath(posixpath.join(here, wanted)), wanted.lstrip("/")]
        # (a vault opened at the repository's root writes `content/Attachments/fig.png`:
        # Obsidian showed it; Quartz, which reads from `content/`, lost it)
        if wanted.lstrip("/").startswith("content/"):
            candidates.append(wanted.lstrip("/").removeprefix("content/"))
        for key in candidates:
            for fold in (False, True):
                found = self._exact(key, fold)
                if found is not None:
                    return found
        if not wanted.startswith("/"):
            for fold in (False, True):
                ends = [k for k in (*self.by_slug, *self.files)
                        if _ends(k, wanted.removesuffix(".md"), fold)
                        or (k.endswith("/index") and _ends(
                            k.removesuffix("/index"), wanted.removesuffix(".md"), fold))]
                chosen = _shortest(ends, here)
                if chosen is not None:
                    return self.by_slug.get(chosen) or self.files.get(chosen)
                if ends:
                    return None
        return None

    def named(self, name: str, path: Path) -> bool:
        """Whether `name`, which reads as prose (`[[a, b]]`), names a note or file."""
        return re.search(r"[^\W\d_]", name) is not None and \
            self.find(name, path) is not None

    def _exact(self, key: str, fold: bool) -> Item | Path | None:
        for table in (self.by_slug, self.files):
            for candidate in (key, key + "/index"):
                for k, value in table.items():
                    if _same(k, candidate, fold):
                        return value
        return None

    def missing(self, target: str, path: Path) -> str:
        """Why a link leads nowhere: the note was skipped, several notes have its name,
        or none (`not_written`)."""
        wanted = slug(target.strip() if has_extension(target) else target.strip() + ".md")
        for key, why in self.skipped.items():
            if key.casefold() == wanted.casefold() or \
                    key.casefold().endswith("/" + wanted.casefold()):
                return f"its note is not published ({why})"
        if not wanted.startswith("/") and sum(_ends(k, wanted, True)
                                              for k in (*self.by_slug, *self.files)) > 1:
            return "several notes have that name, none beside this note and none " \
                "nearer the vault's root: write its folder, `[[folder/name]]`"
        return self.not_written


def _same(a: str, b: str, fold: bool) -> bool:
    return a.casefold() == b.casefold() if fold else a == b


def _ends(key: str, wanted: str, fold: bool) -> bool:
    """Whether `key` is `wanted` or ends with it after a `/` (`[[sub/Attention]]` names
    `ML/sub/Attention`, as Obsidian's path links do)."""
    key = key.removesuffix(".md")
    return _same(key, wanted, fold) or _same(key[-len(wanted) - 1:], "/" + wanted, fold)


def _shortest(keys: list[str], here: str) -> str | None:
    """The one of several notes of a name that Obsidian's link leads to: the one in the
    linking note's folder, else the one of fewest folders ("shortest path when
    possible", which writes the bare name only of the note it finds so); None when two
    are as short, which Obsidian would not have written a bare name for."""
    if len(keys) <= 1:
        return keys[0] if keys else None
    beside = [k for k in keys if posixpath.dirname(k.removesuffix("/index")) == here]
    if len(beside) == 1:
        return beside[0]
    depth = {k: k.removesuffix("/index").count("/") for k in keys}
    least = min(depth.values())
    fewest = [k for k in keys if depth[k] == least]
    return fewest[0] if len(fewest) == 1 else None

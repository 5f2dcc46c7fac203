"""The bibliographies of a Quarto project written for Lanting: the `.bib` files (and CSL
JSON or YAML) a document's `bibliography:` names, as the post's own `.bib` or the shared
`content/references.bib`; `nocite:` as `{{< nocite >}}`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.importer.bibtex import BibEntry, parse
from lanting.importer.common import read_text
from lanting.importer.csl_json import csl_entries, csl_yaml_entries
from lanting.importer.item import Item
from lanting.importer.report import Report
from lanting.importer.text import key_line, names


class QuartoBibliography:
    """The bibliography side of the Quarto importer's settings."""

    source: Path
    report: Report
    config: dict[str, Any]
    references: list[BibEntry]
    bib_read: set[Path]

    def bibliography(self, data: dict[str, Any], head: str, path: Path,
                     front: dict[str, Any], bundled: bool) -> None:
        """A `.bib` beside a post: the post's own (`bibliography:` kept, the file in its
        bundle); one elsewhere (`../../references.bib`, the project's), or beside a page
        (`code/index.qmd`'s `code.bib`: a page has no bundle, and the file was dropped,
        failing the build): its entries in `content/references.bib`, which every page
        cites from."""
        own: dict[str, Path] = {}
        read: list[Path] = []  # (the BibTeX files, whose keys `nocite: @*` names)
        for name in bibliographies(data) or bibliographies(self.config):
            # (a path in a folder's `_metadata.yml` is from that folder, as Quarto reads
            # it: `posts/_metadata.yml`'s `references.bib` is `posts/references.bib`)
            folders = [path.parent, *path.parent.parents]
            up = folders[:folders.index(self.source) + 1] if self.source in folders \
                else [path.parent]
            file = next((f / name for f in up if (f / name).is_file()), path.parent / name)
            if not file.is_file():
                file = self.source / name.lstrip("/")
            if not file.is_file():
                file = in_project(self.source, name) or file
            if not file.is_file():
                self.report.warn(path, key_line(head, "bibliography"),
                                 f"bibliography `{name}` not found: its citations fail")
                continue
            if file.suffix.lower() in (".json", ".yaml", ".yml"):
                # (CSL-JSON, as Zotero exports it, or CSL YAML, which Pandoc reads as well
                # as BibTeX: its citations failed the build)
                self.shared(file)
                continue
            if file.suffix.lower() != ".bib":
                self.report.warn(path, key_line(head, "bibliography"), f"bibliography "
                                 f"`{name}` is not BibTeX nor CSL (JSON, YAML): its "
                                 "citations fail")
                continue
            read.append(file)
            if bundled and file.parent.resolve() == path.parent.resolve() \
                    and path.stem == "index" and path.parent.resolve() != self.source.resolve():
                own[file.name] = file
            else:
                self.shared(file)
        if own:
            front["bibliography"] = list(own) if len(own) > 1 else next(iter(own))
            front["_files"] = own
        cited = nocited(data.get("nocite"), read)
        if cited:  # (written into the text as `{{< nocite >}}`: `quarto_bodies`)
            front["_nocite"] = cited
        if data.get("csl"):
            self.report.note(path, key_line(head, "csl"), "`csl` left out: Lanting's "
                             "citation styles are set by `[citations] style`")

    def shared(self, file: Path) -> None:
        # (one file named from two places, `../../refs.bib` and the project's `refs.bib`,
        # is read once: each entry was "in an earlier .bib too")
        if file.resolve() in self.bib_read:
            return
        self.bib_read.add(file.resolve())
        keys = {e.key for e in self.references}
        suffix = file.suffix.lower()
        found = csl_entries(read_text(file)) if suffix == ".json" else csl_yaml_entries(
            read_text(file)) if suffix in (".yaml", ".yml") else parse(read_text(file))[0]
        if suffix != ".bib":
            self.report.convert("CSL bibliographies (JSON, YAML) as BibTeX", len(found))
        for entry in found:
            if entry.key in keys:
                self.report.warn(file, entry.line, f"`{entry.key}` is in an earlier .bib "
                                 "too: the first is kept")
                continue
            keys.add(entry.key)
            if not entry.value("title").strip():
                # (a reference manager's export keeps a bare link so; Pandoc cited it by
                # its URL, Lanting's build failed on the file)
                shown = entry.value("url") or entry.value("howpublished") or entry.key
                entry.set("title", re.sub(r"([_%&#$])", r"\\\1", shown))
                self.report.warn(file, entry.line, f"`{entry.key}` has no title: its "
                                 f"{'URL' if entry.value('url') else 'key'} is the title")
            self.references.append(entry)


def in_project(source: Path, name: str) -> Path | None:
    """The project's file an absolute path of the author's machine names
    (`/Users/ann/Documents/blog/refs.bib`, `C:\\Users\\…`, `~/…`: Quarto found it there,
    in the project, when it rendered): the longest tail of it that is a file of the
    project, or None."""
    if not re.match(r"^(?:/|~|[A-Za-z]:[\\/])", name):
        return None
    parts = [p for p in re.split(r"[\\/]+", name) if p not in ("", "~", ".", "..")]
    for start in range(1, len(parts)):
        if (found := source.joinpath(*parts[start:])).is_file():
            return found
    return None


def bibliographies(data: dict[str, Any]) -> list[str]:
    """The `.bib` files a document's metadata names: `bibliography` (a file, a list, or
    multibib's mapping of lists, `{main: a.bib, software: b.bib}`) and the older
    multiple-bibliographies filter's `bibliography_main: a.bib` keys."""
    value = data.get("bibliography")
    found = [n for v in value.values() for n in names(v)] if isinstance(value, dict) \
        else names(value)
    for key in sorted(k for k in data if str(k).startswith("bibliography_")):
        found += names(data[key])
    return list(dict.fromkeys(found))


def nocited(value: Any, files: list[Path]) -> list[str]:
    """The keys Pandoc's `nocite` lists (`@a, @b`), `@*` every entry of the document's
    BibTeX files (a publications page of `nocite: @*` over `{#refs}`: all the papers)."""
    keys = re.findall(r"@([\w:.#$%&+?<>~/*-]+)", " ".join(names(value)) if isinstance(
        value, list) else str(value or ""))
    if "*" not in keys:
        return list(dict.fromkeys(keys))
    every = [e.key for f in files if f.suffix.lower() == ".bib"
             for e in parse(read_text(f))[0]]
    return list(dict.fromkeys([k for k in keys if k != "*"] + every))


def nocite_text(item: Item, convert: Callable[[str], None]) -> str:
    """`{{< nocite … >}}` of the keys of a document's `nocite:` (`_nocite`, taken out
    of its front matter), to start its converted text; "" for none."""
    keys = item.front.pop("_nocite", None)
    if not keys:
        return ""
    convert("`nocite:` as {{< nocite >}}")
    return "{{< nocite " + " ".join(keys) + " >}}\n\n"

"""Entries to cite in unit tests: a .bib text read as `references.bib` is."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from lanting.content.references import read_references
from lanting.model.cite import Reference
from lanting.model.content import Kind, Source


def references(bib: str, link: dict[str, str] | None = None) -> dict[str, Reference]:
    """The entries of `bib`, by key (`link`: key -> where a title leads, as for the
    owner's papers)."""
    from dataclasses import replace

    source = Source(Path("/site/content/references.bib"), PurePosixPath("references.bib"),
                    Kind.BIBLIOGRAPHY, bib)
    found = {r.key: r for r in read_references(source, "references.bib").references}
    return {k: replace(r, link=(link or {}).get(k, r.link)) for k, r in found.items()}

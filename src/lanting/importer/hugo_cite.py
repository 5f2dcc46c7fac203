"""hugo-cite's shortcodes: `{{< cite "key1;key2" >}}` (an author-year citation of the
page's bibliography, a page locator as its second argument) and
`{{< bibliography cited >}}` (the list of the works cited). Lanting cites with
`[@key1; @key2]` from a post's own `.bib` (`bibliography:`) and lists them with
`{{< references >}}`. hugo-cite reads CSL-JSON (`bib.json`, or the page's `bibFile`);
the BibTeX file kept beside it (`bib.bib`, which it was exported from) is the post's
bibliography, else the CSL-JSON made BibTeX (`csl_json.py`)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer.bibtex import dump
from lanting.importer.common import read_text
from lanting.importer.csl_json import csl_entries
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.markups import page_text
from lanting.importer.text import load_mapping, split_front_matter


def bib_file(folder: Path) -> Path | None:
    """The BibTeX file of a page's bundle: `bib.bib` beside hugo-cite's default
    `bib.json`, else the bundle's only `.bib`."""
    named = folder / "bib.bib"
    if named.is_file():
        return named
    found = sorted(folder.glob("*.bib"))
    return found[0] if len(found) == 1 else None


_CITED = re.compile(r"""\{\{[<%]\s*cite\s+(?:key=)?["']?-?([^"'\s>]+)""")
"""The keys a page's hugo-cite shortcodes name (`cite "a;b" 42`, `cite key="a"`)."""


def csl_file(path: Path, folder: Path, root: Path) -> Path | None:
    """hugo-cite's CSL-JSON for the page `path`: its `bibFile` (a path from the site's
    root, `bib/bib.json`), else a `*bib*.json` of its bundle, as hugo-cite looks."""
    fmt, head, _body, _first = split_front_matter(page_text(path))
    data, _error = load_mapping(fmt or "yaml", head)
    named = str(next((v for k, v in data.items() if k.lower() == "bibfile"), "") or "")
    if named and (root / named.lstrip("/")).is_file():
        return root / named.lstrip("/")
    # (a page's resources: a leaf bundle's files, which a single-file page has none of)
    found = sorted(folder.glob("*bib*.json")) if path.stem == "index" else []
    return found[0] if found else None


def cite_handlers(item: Item, ctx: Context, folder: Path, root: Path) -> dict[str, Any]:
    """`cite` and `bibliography` for `item`, whose folder is `folder` (`root`: the
    site's): the post's bibliography is the BibTeX beside it, else its CSL-JSON made
    BibTeX (`bib.bib` written beside the new post). With neither (or on a page, which
    has no folder of its own) both stay in comments, with a warning."""

    def converted() -> bool:
        csl = csl_file(ctx.path, folder, root) if item.kind == "post" else None
        # (the works the page cites: a site's one bibliography serves every post)
        keys = {k.strip() for m in _CITED.finditer(ctx.original)
                for k in m.group(1).split(";")}
        entries = csl_entries(read_text(csl), keys) if csl is not None else []
        if not entries:
            return False
        if "bib.bib" not in item.texts:
            item.texts["bib.bib"] = dump(entries)
            item.front["bibliography"] = "bib.bib"
            ctx.convert("hugo-cite CSL-JSON bibliographies as BibTeX")
        return True

    def bibliography_of(written: str) -> str | None:
        file = bib_file(folder) if item.kind == "post" else None
        if file is None and converted():
            return None
        if file is None:
            return ctx.leave(written, "hugo-cite's CSL-JSON bibliography has no BibTeX "
                             "file beside it (Lanting reads .bib: export `bib.bib` "
                             "into the post's folder)")
        if item.front.get("bibliography") != file.name:
            item.front["bibliography"] = file.name
            item.files[file.name] = file
        return None

    def cite(args: str, written: str) -> str:
        words, named = B.arguments(args)
        first = named.get("key") or (words[0] if words else "")
        pages = (named.get("pages") or (words[1] if len(words) > 1 else "")).strip()
        # (`cite "-a"` or `suppressAuthor`: the year alone, Pandoc's `[-@a]`)
        year_only = "-" if first.startswith("-") or "suppressAuthor" in named else ""
        keys = [k.strip().lstrip("-") for k in first.split(";") if k.strip().lstrip("-")]
        if not keys:
            return ctx.leave(written, "a citation with no key")
        left = bibliography_of(written)
        if left is not None:
            return left
        ctx.convert("hugo-cite citations as [@key]")
        locator = f", {'pp' if '-' in pages else 'p'}. {pages}" if pages else ""
        return "[" + "; ".join(f"{year_only}@{key}" for key in keys) + locator + "]"

    def bibliography(args: str, written: str) -> str:
        left = bibliography_of(written)
        if left is not None:
            return left
        if "cited" not in B.arguments(args)[0]:
            ctx.warn(written, "hugo-cite listed every work of the bibliography: Lanting's "
                     "`{{< references >}}` lists the works the page cites")
        ctx.convert("hugo-cite bibliographies as {{< references >}}")
        return B.block("{{< references >}}")

    return {"cite": cite, "bibliography": bibliography}

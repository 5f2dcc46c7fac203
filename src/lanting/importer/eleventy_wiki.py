"""`[[Note|Shown]]` links an Eleventy site read itself (Obsidian's Digital Garden
template, whose `link` filter found the note of that name among its notes): each leads
to the page that note became, whose file is named after its permalink, not its note."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path

from lanting.importer.body_wiki_links import plain_wiki_links
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.report import Report
from lanting.markdown.anchors import HEADING_ID_STYLES
from lanting.model.names import slugify


def note_links(text: str, by_source: dict[Path, Item], link: Callable[[Item], str],
               heading_ids: str, ctx: Context, unpublished: Counter[str]) -> str:
    """`text` with its wiki links leading to the pages of the notes they name (by file
    name, in any case, as Obsidian finds them). One naming no note of the site (a note
    the garden did not publish: it showed the text, a dead link to its 404 page) is its
    text, with a notice, and counted in `unpublished` (`tell_unpublished`)."""
    by_name: dict[str, list[Item]] = {}
    for path, item in by_source.items():
        if path.suffix.lower() == ".md":
            by_name.setdefault(path.stem.casefold(), []).append(item)
    slug = HEADING_ID_STYLES.get(heading_ids, slugify)

    def link_to(name: str, heading: str, shown: str | None) -> str | None:
        found = by_name.get(name.strip().removesuffix(".md").casefold(), [])
        text = (shown or name).strip()
        if not found:
            unpublished[name.strip()] += 1
            ctx.note(f"[[{name}", f"`[[{name.strip()}]]`: a note the old site did not "
                     "publish (it showed the text, a dead link): its text kept")
            return text
        if len(found) > 1:
            return None
        fragment = "#" + slug(heading[1:].strip()) if heading.strip("# ") else ""
        return f"[{text}]({link(found[0])}{fragment})"

    return plain_wiki_links(text, ctx, link_to)


def tell_unpublished(unpublished: Counter[str], report: Report, config: Path) -> None:
    """One warning for the site's links to notes it did not publish, most linked first."""
    if unpublished:
        names = ", ".join(f"`{n}`" for n, _ in unpublished.most_common(5))
        report.warn(config, None, f"{unpublished.total()} wiki link(s) to "
                    f"{len(unpublished)} note(s) the old site did not publish ({names}…): "
                    "their text kept without the link, as the old pages showed it; "
                    "publish those notes to link them")

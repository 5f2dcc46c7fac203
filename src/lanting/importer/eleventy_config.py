"""The new site's settings from an Eleventy site's (for `eleventy.py`): `lanting.toml`
from its metadata, heading ids and navigation, and markdown-it-biblatex's bibliography
as `content/references.bib`."""

from __future__ import annotations

from lanting.importer.bibtex import dump, parse
from lanting.importer.common import read_text
from lanting.importer.eleventy_settings import EleventySettings
from lanting.importer.item import Item
from lanting.importer.menus import finish_menu
from lanting.importer.report import Report
from lanting.importer.site import NewSite
from lanting.importer.site_language import guess_language, language_tag


def bibliography(site: NewSite, settings: EleventySettings, report: Report) -> None:
    """markdown-it-biblatex's `.bib` (`bibPath`) as `content/references.bib`, which
    Lanting's `[@key]` citations (written the same) cite from."""
    bib = settings.bibliography
    if bib is None:
        return
    if not bib.is_file():
        report.warn(settings.file, None, f"bibliography `{bib.name}` not "
                         "found: its citations fail")
        return
    entries = parse(read_text(bib))[0]
    if entries:
        site.extra["content/references.bib"] = dump(entries)
        report.convert("bibliographies (content/references.bib)")

def write_config(site: NewSite, settings: EleventySettings, report: Report, folder: str,
                 texts: list[str], menu: list[tuple[int, str, Item]]) -> None:
    """`lanting.toml` from the site's metadata (`_data/metadata.*`): title, author,
    language, base URL, description, the heading ids of its markdown-it-anchor, the
    menu of `eleventyNavigation`."""
    config, meta = site.config, settings.metadata
    config["title"] = str(meta.get("title") or "").strip() or folder
    author = meta.get("author")
    name = author.get("name") if isinstance(author, dict) else author
    name = name or meta.get("authorName")
    if isinstance(name, str) and name.strip():
        config["author"] = name.strip()
    language = language_tag(str(meta.get("language") or meta.get("lang") or
                                meta.get("locale") or ""), "")
    config["language"] = language or guess_language(texts)
    url = meta.get("url") or meta.get("baseUrl") or meta.get("siteUrl")
    if isinstance(url, str) and url.startswith("http"):
        config["base_url"] = url.rstrip("/") + "/"
    description = meta.get("description") or meta.get("subtitle")
    if isinstance(description, str) and description.strip():
        config["description"] = " ".join(description.split())
    if isinstance(author, dict) and isinstance(author.get("email"), str):
        config.setdefault("links", []).append(
            {"name": "Email", "url": "mailto:" + author["email"]})
    if settings.heading_ids:
        config.setdefault("markdown", {})["heading_ids"] = settings.heading_ids
        site.config_comments["markdown"] = (
            "heading ids as the old site's markdown-it-anchor made them: its #links "
            "keep working")
    elif settings.heading_note:
        report.warn(settings.file, None, settings.heading_note)
    entries = [{"name": name_, "url": site.new_url(item)}
               for _order, name_, item in sorted(menu, key=lambda m: m[0])
               if item.kind != "home"]
    finish_menu(site, entries, settings.file)

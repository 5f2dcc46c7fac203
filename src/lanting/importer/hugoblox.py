"""Hugo Blox (Wowchemy, "Academic") → Lanting: everything Hugo has, plus the author profile
and a group's people (`hugoblox_profile.py`), the theme's own sections (projects in
`hugoblox_pages.py`, publications in `hugoblox_publications.py`, events in
`hugoblox_events.py`), the blocks of its one-page home and the links to them
(`hugoblox_landing.py`), and its shortcodes (`hugoblox_bodies.py`)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from lanting.importer.alfolio_home import SELECTED_ON_HOME
from lanting.importer.bibtex import dump
from lanting.importer.common import bool_of, read_text
from lanting.importer.hexo_settings import MERMAID
from lanting.importer.hugo_front import hugo_keys
from lanting.importer.hugo_settings import HugoLanguage
from lanting.importer.hugoblox_home import featured_count, is_widget, widget_branch
from lanting.importer.hugoblox_pages import AUTHORS, PROJECTS, PUBLICATIONS, TALKS
from lanting.importer.hugoblox_profile import HugoBloxAuthors
from lanting.importer.hugoblox_slides import SLIDES
from lanting.importer.liquid import Context
from lanting.importer.menus import finish_menu, menu_names
from lanting.importer.other_case import url_in_other_case
from lanting.importer.text import key_line, load_mapping, split_front_matter

NOT_BLOGS = frozenset({"courses", "course", "docs", "slides"})
"""Sections of the theme that are no blog however many pages they hold: its courses and
documents (`type: docs`, undated pages) and its slide decks."""
CMS_TYPES = ("wowchemycms", "netlifycms")
"""Page types that make the old site's content manager (Netlify CMS), not a page."""


class HugoBlox(HugoBloxAuthors):
    kind = "hugo-blox"

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.read_blocks()
        self.read_authors()

    def special_sections(self) -> tuple[str, ...]:
        return PUBLICATIONS + TALKS + AUTHORS + PROJECTS + SLIDES

    def main_section(self, files: list[tuple[Path, Path | None]]) -> str:
        """The theme's blog (`blog/`, `post/`) unless `mainSections` says otherwise: a
        course of many undated pages (`courses/`, the theme's documents) is no blog."""
        found = super().main_section(files)
        if self.config.get("mainsections") or self.params.get("mainsections"):
            return found
        others = [s for s in self.sections if s not in NOT_BLOGS]
        return next((s for s in ("blog", "post", "posts") if s in self.sections),
                    found if found not in NOT_BLOGS or not others
                    else max(sorted(others), key=lambda s: self.sections[s]))

    def url(self, url: str, image: bool, ctx: Context, folder: Path) -> str | None:
        found = None if image else self.author_url(url, ctx) or self.publication_url(url)
        return found if found is not None else super().url(url, image, ctx, folder)

    def publication_url(self, url: str) -> str | None:
        """A link to a publication's old page (`/publication/2024/x/`) leads to its
        entry's page; in other capitals (`/publication/2024/X/`) too, where Hugo
        lowercased the URL and the writer's link kept the folder's capitals."""
        path, mark, fragment = url.partition("#")
        path = unquote(path).rstrip("/")
        key = self.citations.get(path) or (url_in_other_case(self.citations, path)
                                           if self.lower and path else None)
        return f"/publications/{key}/{mark}{fragment}" if key else None

    def finish_more(self) -> None:
        self.home_blocks()
        self.finish_decks()
        self.link_project_decks()
        if self.entries:
            self.site.extra["content/publications.bib"] = dump(self.entries)
        for item, _text, _path, _folder in self.items:
            if item.kind == "talk":
                # (a citation of one of the publications; `[@handle](https://x.com/…)`
                # is a link)
                papers = [key for key in re.findall(r"\[@([^\]\s;]+)\](?!\()", item.body)
                          if key in self.keys]
                if papers:
                    item.front["paper"] = papers[0]
        if self.profile:
            self.site.config["profile"] = self.profile

    def read_branches(self, files: list[tuple[Path, Path | None]]) -> None:
        """(Hugo Blox's `_index.md` files are its landing page's blocks, the authors and
        the lists of its sections: read as such, `read_authors`, `finish_more`.) The
        text above the blog's list is the blog page's, as on any Hugo site; the text
        above a list of the theme's (`publication/_index.md`: "also on Google Scholar")
        has no place on Lanting's: a warning. (Both were left out without a word.)"""
        for language in self.languages:
            for path in sorted(language.content.glob("*/**/_index.md")):
                if widget_branch(path.parent) and path.parent.name != "home" \
                        and not self.ignored(path):  # (`read_special` reads its widgets)
                    self.lang_of[path] = language
                    self.read(path, path.parent)
            for name in dict.fromkeys((self.main, *PUBLICATIONS, *TALKS, *PROJECTS)):
                path = language.content / name / "_index.md"
                if not path.is_file() or self.ignored(path):
                    continue
                fmt, head, body, first = split_front_matter(read_text(path))
                data = hugo_keys(load_mapping(fmt or "yaml", head)[0])
                if data.get("type") == "landing" or "sections" in data:
                    continue  # (a landing page of blocks: `read_blocks`)
                self.lang_of[path] = language
                if name == self.main:
                    self.blog_text(path, data, body, f"/{name}/")
                elif body.strip():
                    line = first + body[:len(body) - len(body.lstrip())].count("\n")
                    self.report.warn(path, line, f"the text of the list page of `{name}/` "
                                     "is not imported: Lanting's lists show no text")
            self.section_texts(language, files)

    def section_texts(self, language: HugoLanguage, files: list[tuple[Path, Path | None]]
                      ) -> None:
        """The text of another section's `_index.md` (`research/_index.md`, a page of
        its own text; `join/_index.md` above its pages) as a page at its URL, as on any
        Hugo site, when no list of Lanting's is there: no page under it, or only pages."""
        for path in sorted(language.content.glob("*/_index.md")):
            folder = path.parent
            if folder.name in (self.main, *self.special_sections(), "home") \
                    or folder.name in self.taxonomy_sections() or self.ignored(path) \
                    or widget_branch(folder):
                continue
            fmt, head, body, _first = split_front_matter(read_text(path))
            data = hugo_keys(load_mapping(fmt or "yaml", head)[0])
            if not body.strip() or data.get("type") == "landing" or "sections" in data:
                continue
            if any(p.is_relative_to(folder) for p, _b in files) and not self.pages_only(folder):
                self.report.warn(path, None, f"the text of the list page of `{folder.name}/` "
                                 "is not imported: Lanting's lists show no text")
                continue
            self.lang_of[path] = language
            self.section_page(path, data, head, body, folder)

    def content_files(self) -> list[tuple[Path, Path | None]]:
        """Publications first: posts citing them need their keys. The CMS's page and the
        widgets of the old home (`read_blocks`; a bundle's too, `home/gallery/index.md`)
        are left out before the sections are counted (they are no posts)."""
        homes = {lang.content / "home" for lang in self.languages}
        files = [f for f in super().content_files() if not self.is_cms_page(f[0])
                 and not ((f[0].parent in homes or f[0].name == "index.md"
                           and f[0].parent.parent in homes
                           or widget_branch(f[0].parent)) and is_widget(f[0]))]
        first = {s: 0 for s in PUBLICATIONS}
        return sorted(files, key=lambda f: (first.get(self.section_of(f[0]), 1), str(f[0])))

    def is_cms_page(self, path: Path) -> bool:
        """Whether `path` is the page that generates Wowchemy's Netlify CMS (`type:
        wowchemycms`, `content/admin/index.md` of the academic starters): noted and left
        out, as Lanting has no CMS."""
        text = read_text(path)
        if "cms" not in text:
            return False
        fmt, head, _body, _first = split_front_matter(text)
        data, _error = load_mapping(fmt or "yaml", head)
        kind = str(data.get("type") or "").lower()
        if kind not in CMS_TYPES:
            return False
        self.report.note(path, key_line(head, "type"), f"left out: the page of Wowchemy's "
                         f"content manager (`type: {kind}`); Lanting has none")
        return True

    def menu(self) -> None:
        super().menu()
        menu = self.site.config.get("menu")
        if not menu:
            finish_menu(self.site, [{"name": menu_names(self.language)["blog"],
                                     "url": "/blog/"}], "config/_default/menus.yaml",
                        has_publications=bool(self.entries))

    def write_config(self) -> None:
        super().write_config()
        config = self.site.config
        seo = self.params.get("seo") or {}
        if isinstance(seo, dict) and seo.get("description") and "description" not in config:
            config["description"] = str(seo["description"])
        highlight = []
        if self.profile.get("name_en"):
            first_last = self.profile["name_en"].split()
            if len(first_last) == 2:
                highlight = [f"{first_last[1]}, {first_last[0]}",
                             f"{first_last[0][0]}. {first_last[1]}"]
        # (the names the owner wrote in bold in publications' author lists)
        highlight += sorted(n for n in self.owner_names
                            if n not in (self.profile.get("name"), *highlight))
        if highlight:
            config.setdefault("publications", {})["highlight_names"] = highlight
        if self.diagrams and "mermaid" not in config["markdown"]:
            config["markdown"]["mermaid"] = MERMAID
            self.site.config_comments["markdown"] += ("; Mermaid diagrams drawn, as the site "
                                                      "chose (`diagram = true`)")
        # (the old home's list of featured papers, `count: 12`: as many on the new one)
        count = featured_count(self.blocks)
        featured = sum(bool_of(e.value("selected")) for e in self.entries)
        shown = min(count or featured, featured) if count is not None else None
        if shown and shown != SELECTED_ON_HOME:
            config.setdefault("publications", {})["selected_on_home"] = shown

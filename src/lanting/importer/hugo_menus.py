"""A Hugo site's menus → `[[menu]]`: the site's `main` menu (its config, `menus.toml`, a
language's own) and the pages' `menu: main` entries, by weight; an entry under a
`parent` in that one's drop-down; each URL where the new site answers it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lanting.importer.common import LinkTable
from lanting.importer.hugo_children import chapters
from lanting.importer.hugo_settings import DOCS_THEMES, HugoLanguage, config_file, theme_names
from lanting.importer.listings import Redirects
from lanting.importer.menus import finish_menu, menu_entries, menu_names
from lanting.importer.report import Report
from lanting.importer.site import NewSite, slug_of


def relative_menu_url(url: str) -> str:
    """`./projects/` → `projects/`: a menu URL relative to the current folder, which
    Hugo's `relURL` (and the themes' menus, through it) joined to the site's root."""
    while url.startswith("./"):
        url = url[2:]
    return url


def menu_file(source: Path) -> str:
    """The file the site's menu is read from, for the report."""
    folder = source / "config" / "_default"
    for path in sorted(folder.glob("menu*.*")) if folder.is_dir() else []:
        if path.stem.lower() in ("menus", "menu"):
            return f"config/_default/{path.name}"
    return config_file(source)


class HugoMenus:
    """The menu side of the Hugo importers."""

    source: Path
    report: Report
    site: NewSite
    config: dict[str, Any]
    language: str
    languages: list[HugoLanguage]
    sections: dict[str, int]
    main: str
    page_menus: list[dict[str, Any]]
    table: LinkTable
    redirects: Redirects

    def menu_url(self, url: str) -> str:
        """A menu URL of the old site, as the new site answers it (`./projects/`, which
        Hugo's `relURL` made `/projects/`, as written from the root)."""
        url = relative_menu_url(url)
        path = url if url.startswith(("http", "#")) else "/" + url.strip("/") + "/"
        if path == "//":  # `url = "/"`: the home page
            return "/"
        page = self.table.find(path) if path.startswith("/") else None
        if page is not None:  # (Stack's `/page/links/` is `/links/` now; a section's text
            return self.site.new_url(page)  # made a page, a site of documents' `/docs/`)
        if path in self.redirects.found:  # (a page left for Lanting's: `/pubs/`, the papers)
            return self.redirects.found[path]
        section = path.strip("/")
        if section == self.main:
            return "/blog/"
        if section in self.sections:
            return f"/categories/{slug_of(section)}/"
        if section in ("archives", "archive", "posts"):
            return "/archive/" if section.startswith("archive") else "/blog/"
        return path

    def menu(self) -> None:
        default = self.languages[0]
        given = self.config.get("menu") or self.config.get("menus") \
            or self.language_menu(default)
        main = given.get("main") if isinstance(given, dict) else None
        # (the pages' own entries, `menu: main` in their front matter, by weight with them)
        entries = self.menu_of({"main": [*(main if isinstance(main, list) else []),
                                         *self.page_menus]}, "")
        if not entries and DOCS_THEMES.intersection(theme_names(self.config)):
            # (a learn theme's sidebar: its chapters; the theme has no blog)
            entries = [{"name": name, "url": self.site.new_url(item)}
                       for name, item in chapters(default.content, self.site.items)]
        if not entries:
            entries = [{"name": menu_names(self.language)["blog"], "url": "/blog/"}]
        has = {"has_publications": bool(self.site.extra.get("content/publications.bib")),
               "has_talks": any(i.kind == "talk" for i in self.site.items)}
        finish_menu(self.site, entries, menu_file(self.source), **has)
        tables = self.site.config.get("languages")
        for language in self.languages[1:] if isinstance(tables, dict) else ():
            own = self.menu_of(self.language_menu(language), language.folder)
            kept = menu_entries(self.site, own, menu_file(self.source), **has)
            table = tables.get(language.code) if isinstance(tables, dict) else None
            if kept and isinstance(table, dict):  # its URLs stay in the language's folder
                table["menu"] = kept

    def language_menu(self, language: HugoLanguage) -> Any:
        """A language's menus: `menus.en.toml`, or `[languages.en.menu]`."""
        menus_of = self.config.get("menus_of")
        given = menus_of.get(language.key) if isinstance(menus_of, dict) else None
        return given or language.settings.get("menu") or language.settings.get("menus") or {}

    def menu_of(self, menus: Any, folder: str) -> list[dict[str, Any]]:
        """The main menu's entries by weight; one under a `parent` (its `identifier`, else
        its name) an entry of that one's drop-down (one level: a deeper one goes in its
        top entry's list); an entry under no entry of the menu is left out, as Hugo
        showed it nowhere."""
        main = menus.get("main") if isinstance(menus, dict) else None
        entries: list[dict[str, Any]] = []
        by_key: dict[str, dict[str, Any]] = {}
        children: list[tuple[str, dict[str, Any]]] = []
        for entry in sorted((e for e in main or [] if isinstance(e, dict)),
                            key=lambda e: int(e.get("weight") or 0)):
            url = str(entry.get("url") or entry.get("pageref") or "")
            if folder and url.startswith(folder + "/"):
                url = url.removeprefix(folder)
            name = str(entry.get("name") or url)
            made: dict[str, Any] = {"name": name, **({"url": self.menu_url(url)} if url
                                                       else {})}
            by_key.setdefault(str(entry.get("identifier") or name), made)
            parent = str(entry.get("parent") or "")
            if parent:
                children.append((parent, made))
            else:
                entries.append(made)
        under: dict[int, list[dict[str, Any]]] = {}
        for parent, made in children:
            if by_key.get(parent) is not None and by_key[parent] is not made:
                under.setdefault(id(by_key[parent]), []).append(made)

        def below(entry: dict[str, Any], seen: set[int]) -> list[dict[str, Any]]:
            """The entries under `entry`, each followed by its own (one list: Lanting's
            drop-down has one level)."""
            found = []
            for child in under.get(id(entry), []):
                if id(child) not in seen:  # (entries each other's parents: once)
                    seen.add(id(child))
                    found += [child, *below(child, seen)]
            return found

        for entry in entries:
            if listed := below(entry, {id(entry)}):
                entry["children"] = listed
        return entries

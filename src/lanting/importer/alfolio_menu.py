"""The menu of an al-folio or academicpages site for Lanting: the pages of `_pages/`
with `nav: true`, in their `nav_order`, or academicpages' `main` of
`_data/navigation.yml`, each entry leading where its page is now. A part of
`alfolio.AlFolio`."""

from __future__ import annotations

from typing import Any

from lanting.importer.common import bool_of, read_text
from lanting.importer.jekyll_menu import JekyllMenu
from lanting.importer.jekyll_reads import markdown_files
from lanting.importer.menus import finish_menu, menu_names
from lanting.importer.text import load_mapping, split_front_matter


class AlFolioMenu(JekyllMenu):
    """The menu side of the al-folio importer."""

    publications: int

    def menu(self) -> None:
        labels = menu_names(self.language)
        menu = []
        for path in markdown_files(self.source / "_pages"):
            fmt, head, _body, _first = split_front_matter(read_text(path))
            data, _error = load_mapping(fmt or "yaml", head)
            if not bool_of(data.get("nav")):
                continue
            url = "/" + str(data.get("permalink") or path.stem).strip("/") + "/"
            url = "/" if url == "//" else url  # (`permalink: /`, the home page)
            key = url.strip("/")
            menu.append((int(data.get("nav_order") or 99),
                         {"name": labels.get(key, str(data.get("title") or key)), "url": url}))
        entries = [entry for _order, entry in sorted(menu, key=lambda m: m[0])]
        where = "_pages"
        if not entries and self.navigation():  # academicpages: the menu is a data file
            entries, where = self.navigation(), "_data/navigation.yml"
        elif not any(e.get("url") == "/blog/" for e in entries):
            entries.insert(0, {"name": labels["blog"], "url": "/blog/"})
        finish_menu(self.site, entries, where, has_publications=self.publications > 0,
                    has_talks=any(i.kind == "talk" for i in self.site.items))

    def navigation(self) -> list[dict[str, Any]]:
        """academicpages' menu, `main` of `_data/navigation.yml`, its URLs the new site's
        (`/year-archive/` is the archive, `/portfolio/` the projects)."""
        path = self.source / "_data" / "navigation.yml"
        data, _error = load_mapping("yaml", read_text(path)) if path.is_file() else ({}, None)
        main = data.get("main")
        if not isinstance(main, list):  # (So Simple's list of its own, on `_pages/`)
            return self.data_navigation()
        moved = {"/year-archive/": "/archive/", "/portfolio/": "/projects/"}
        entries = []
        for link in main if isinstance(main, list) else []:
            if not isinstance(link, dict) or not link.get("url"):
                continue
            url = str(link["url"]).strip()
            if not url.startswith(("http://", "https://")):
                # (AcadHomepage's `/#about-me`: a heading of the home page, whose id
                # took no slash after it)
                url, hash_mark, fragment = url.partition("#")
                url = "/" + url.removeprefix(self.baseurl).strip("/") + "/"
                url = ("/" if url == "//" else moved.get(url, url)) + hash_mark + fragment
            entries.append({"name": str(link.get("title") or url), "url": url})
        return entries

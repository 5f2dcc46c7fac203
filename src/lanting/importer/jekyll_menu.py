"""The menu of a Jekyll site for Lanting: Beautiful Jekyll's `navbar-links`, So Simple's,
minimal-mistakes' and TeXt's `_data/navigation.yml`, else the pages of `header_pages`
(minima's), each entry leading where its page is now. A part of `jekyll.Jekyll`."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.jekyll_urls import old_path
from lanting.importer.menus import finish_menu, menu_names
from lanting.importer.site import NewSite
from lanting.importer.text import load_list, load_mapping


class JekyllMenu:
    """The menu side of the Jekyll importers."""

    source: Path
    config: dict[str, Any]
    config_name: str
    site: NewSite
    baseurl: str
    language: str
    left_out: dict[str, str]
    archive_tag: Callable[[str], str | None]

    def menu(self) -> None:
        labels = menu_names(self.language)
        navbar = self.config.get("navbar-links")
        if isinstance(navbar, dict) and navbar:  # (Beautiful Jekyll's menu)
            finish_menu(self.site, self.navbar_menu(navbar), self.config_name)
            return
        navigation = self.data_navigation()
        if navigation:  # (So Simple's and minimal-mistakes' `_data/navigation.yml`)
            finish_menu(self.site, navigation, "_data/navigation.yml")
            return
        menu = [{"name": labels["blog"], "url": "/blog/"}]
        pages = [i for i in self.site.items if i.kind == "page"]
        wanted = [str(p) for p in self.config.get("header_pages") or []]
        for page in pages:
            rel = page.source.relative_to(self.source).as_posix() if page.source else ""
            if not wanted or rel in wanted:
                menu.append({"name": page.title, "url": f"/{page.slug}/"})
        finish_menu(self.site, menu, self.config_name)

    def navbar_menu(self, navbar: dict[str, Any]) -> list[dict[str, Any]]:
        """Beautiful Jekyll's `navbar-links` (`Blog: "blog"`, `About Me: "aboutme"`, an
        address; a list under a name is a drop-down): the entries, in their order, each
        leading where its page is now."""
        menu: list[dict[str, Any]] = []
        for name, target in navbar.items():
            if isinstance(target, str) and target.strip():
                menu.append({"name": str(name), "url": self.navbar_url(target.strip())})
            elif isinstance(target, list):
                children = [{"name": str(k), "url": self.navbar_url(str(v).strip())}
                            for child in target if isinstance(child, dict)
                            for k, v in child.items() if str(v or "").strip()]
                if children:
                    menu.append({"name": str(name), "children": children})
        return menu

    def data_navigation(self) -> list[dict[str, Any]]:
        """The menu of `_data/navigation.yml`: a list of `title` and `url` (So Simple),
        or minimal-mistakes' under `main:`; entries in order, each where its page is
        now; one with `children:` (of `title` and `url`) a drop-down."""
        path = self.source / "_data" / "navigation.yml"
        text = read_text(path) if path.is_file() else ""
        mapping = load_mapping("yaml", text)[0] if text else {}
        data = mapping.get("main") or mapping.get("header") or []  # (TeXt's: `header:`)
        entries = data if isinstance(data, list) and data else load_list(text)
        menu: list[dict[str, Any]] = []
        for entry in entries:
            title = self.entry_title(entry) if isinstance(entry, dict) else ""
            if not title:
                continue
            made: dict[str, Any] = {"name": title}
            if isinstance(entry.get("url"), str) and entry["url"].strip():
                made["url"] = self.navbar_url(entry["url"].strip())
            children = entry.get("children")
            made["children"] = [
                {"name": " ".join(str(c["title"]).split()),
                 "url": self.navbar_url(c["url"].strip())}
                for c in children if isinstance(c, dict) and c.get("title")
                and isinstance(c.get("url"), str) and c["url"].strip()
            ] if isinstance(children, list) else []
            if not made["children"]:
                del made["children"]
            if made.get("url") or made.get("children"):
                menu.append(made)
        return menu

    def entry_title(self, entry: dict[str, Any]) -> str:
        """An entry's name: its `title`, or TeXt's `titles:`, one a language (`en`,
        `zh-Hans`, `zh-CN`), in the site's language (else its family's, else English)."""
        title = entry.get("title") or entry.get("titles")
        if isinstance(title, dict):
            names = {str(k).lower(): v for k, v in title.items() if v}
            lang = self.language.lower()
            title = names.get(lang) or names.get(lang.split("-")[0]) or next(
                (v for k, v in names.items() if k.split("-")[0] == lang.split("-")[0]),
                None) or names.get("en") or next(iter(names.values()), "")
        return " ".join(str(title or "").split())

    def navbar_url(self, target: str) -> str:
        """Where a `navbar-links` entry leads now: an address as it is; a path of the
        old site (`aboutme`, read from the root) to its page's new URL, or to the list
        that replaced a list page (`blog`)."""
        if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//|^#", target):
            return target
        if (tag := self.archive_tag(target)) is not None:  # (TeXt's `/archive.html?tag=x`)
            return tag
        wanted = old_path(self.baseurl + "/" + target.lstrip("/"))
        for item in self.site.items:
            if not item.draft and any(old_path(u) == wanted for u in item.old_urls):
                return self.site.new_url(item)
        left = self.left_out.get(old_path("/" + target.lstrip("/")))
        return left or ("/blog/" if wanted.rstrip("/").endswith("/blog") else wanted)


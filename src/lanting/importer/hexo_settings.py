"""The settings of a Hexo site written for Lanting: `lanting.toml` (title, author,
language, links, permalinks) from `_config.yml` and the theme's, the menu (Butterfly's
submenus flattened), the static files of `source/`, and redirects from the old tag,
category and archive pages."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

from lanting.importer.common import (
    FILE_SUFFIXES,
    GENERATED,
    bool_of,
    walk,
)
from lanting.importer.hexo_math import setup_folders
from lanting.importer.item import Item
from lanting.importer.jekyll_math_macros import (
    converting_macros,
    mathjax_macros,
    mathjax_value_macros,
)
from lanting.importer.listings import (
    Redirects,
    archive_url,
    listed_posts,
    term_urls,
)
from lanting.importer.mathjax_numbers import numbering_setting
from lanting.importer.menus import finish_menu, menu_names
from lanting.importer.report import Report
from lanting.importer.site import NewSite
from lanting.importer.text import When
from lanting.model.names import hexo_slugize

MERMAID = "https://cdn.jsdelivr.net/npm/mermaid@11/dist/mermaid.esm.min.mjs"
"""The Mermaid module a site whose theme drew diagrams gets (NexT and Butterfly loaded
Mermaid from jsDelivr too)."""


class HexoSettings:
    """The settings side of the Hexo importer."""

    source: Path
    files: Path
    root: str
    heading_ids: str
    """`[markdown] heading_ids` of the new site: the old renderer's."""
    asks_mermaid: bool
    report: Report
    site: NewSite
    config: dict[str, Any]
    theme: dict[str, Any]
    language: str
    tz: dt.tzinfo
    category_map: dict[Any, Any]
    listings: Redirects
    """The old listing pages' redirects (filled in before the bodies are converted)."""
    terms: list[tuple[Item, list[list[str]], list[str]]]
    skip_render: Callable[[], list[str]]

    def copy_static(self) -> None:
        for path in walk(self.files) if self.files.is_dir() else []:
            rel = path.relative_to(self.files)
            if any(p.startswith("_") for p in rel.parts):
                continue
            if rel.as_posix() in GENERATED:  # (two sources of one URL fail a build)
                self.report.note(path, None, f"left out: Lanting makes its own {rel}")
                continue
            if path.suffix.lower() in FILE_SUFFIXES or any(
                    fnmatch(rel.as_posix(), p) for p in self.skip_render()):
                self.site.static[rel.as_posix()] = path
                self.report.counts["static files"] += 1

    def write_config(self) -> None:
        config = self.site.config
        author = str(self.config.get("author") or "")
        config["title"] = str(self.config.get("title") or author or "My site")
        if author:
            config["author"] = author
        config["language"] = self.language
        url = str(self.config.get("url") or "").rstrip("/")
        if url.startswith("http") and not url.endswith(self.root.rstrip("/")):
            url += self.root.rstrip("/")  # (Hexo's `url` should hold the `root`)
        if url.startswith("http"):
            config["base_url"] = url + "/"
        description = self.config.get("description")
        if isinstance(description, str) and description.strip():
            config["description"] = " ".join(description.split())
        links = []
        email = ""
        social = self.theme.get("social")
        for icon, value in (social.items() if isinstance(social, dict) else []):
            parts = [p.strip().strip("'\"") for p in str(value).split("||")]
            if parts[0].startswith("mailto:"):
                email = parts[0].removeprefix("mailto:")
            elif parts[0].startswith("http"):
                name = parts[1] if len(parts) > 1 else str(icon).split("fa-")[-1]
                links.append({"name": name.replace("Github", "GitHub"), "url": parts[0]})
        if links:
            config["links"] = links
        avatar = self.theme.get("avatar")
        photo = avatar.get("img") if isinstance(avatar, dict) else None
        profile: dict[str, Any] = {}
        if isinstance(photo, str) and (photo.startswith("http")
                                       or (self.files / photo.lstrip("/")).is_file()):
            profile["photo"] = photo
        if email:
            profile["email"] = email
        if profile:
            config["profile"] = {"name": author, **profile} if author else profile
        self.menu()
        config["markdown"] = {"heading_ids": self.heading_ids}
        self.site.config_comments["markdown"] = (
            "heading ids as the old renderer made them: #links to the old posts keep working")
        # (the math plugin's macros in `_config.yml`, else those of a MathJax or KaTeX
        # setup in the theme's layout or scripts, or the site's own injected one)
        theme = "themes/" + str(self.config.get("theme") or "-")
        setups = setup_folders(self.config)
        found, where = plugin_math_macros(self.config), "_config.yml"
        if not found:
            found, where = mathjax_macros(self.source, setups), f"{theme}/"
        macros = converting_macros(found, self.report, where)
        if macros:
            config["markdown"]["math_macros"] = macros
        self.site.config_comments["markdown"] += numbering_setting(
            self.source, setups, config["markdown"], self.report)
        if self.report.converted["mermaid diagrams"] and self.mermaid_on():
            config["markdown"]["mermaid"] = MERMAID
            self.site.config_comments["markdown"] += (
                "; Mermaid diagrams drawn as the old theme drew them (its script from a CDN)")

    def mermaid_on(self) -> bool:
        """Whether the theme drew Mermaid diagrams (NexT's and Butterfly's
        `mermaid: {enable: true}`, Fluid's under `post:`; or, as Stellar and Fluid do, on
        a page whose front matter asks, `mermaid: true`); else they showed as code."""
        if self.asks_mermaid:
            return True
        post = self.theme.get("post")
        mermaid = self.theme.get("mermaid") or (post.get("mermaid")
                                                if isinstance(post, dict) else None)
        return isinstance(mermaid, dict) and bool_of(mermaid.get("enable", False))

    def listing_redirects(self) -> None:
        """Hexo's tag, category and archive pages (`tag_dir`, `category_dir`,
        `archive_dir`; a nested category has a page at each level) → `[redirects]`."""
        redirects = self.listings
        listed = {id(i) for i in listed_posts(self.site)}
        terms = [t for t in self.terms if id(t[0]) in listed]
        case = int(self.config.get("filename_case") or 0)
        tag_map = self.config.get("tag_map")
        tag_names = tag_map if isinstance(tag_map, dict) else {}

        def slug(name: str, mapping: dict[Any, Any]) -> str:
            # (Hexo slugizes the mapped name too: `机器学习: Machine Learning` is at
            # `Machine-Learning/`)
            return hexo_slugize(str(mapping.get(name) or name), case)

        folders = {key: str(self.config.get(f"{key}_dir") or default).strip("/")
                   for key, default in (("tag", "tags"), ("category", "categories"),
                                        ("archive", "archives"))}
        tag_urls = term_urls(listed_posts(self.site), "tags")
        category_urls = term_urls(listed_posts(self.site), "categories")
        for _item, trees, post_tags in terms:
            for tag in post_tags:
                redirects.add(f"/{folders['tag']}/{slug(tag, tag_names)}/",
                              tag_urls.get(tag.casefold(), "/tags/"))
            for tree in trees:
                for depth in range(1, len(tree) + 1):
                    path = "/".join(slug(c, self.category_map) for c in tree[:depth])
                    redirects.add(f"/{folders['category']}/{path}/",
                                  category_urls.get(tree[depth - 1].casefold(),
                                                    "/categories/"))
        for key, new in (("tag", "/tags/"), ("category", "/categories/"),
                         ("archive", "/archive/")):
            redirects.add(f"/{folders[key]}/", new)
        self.archive_redirects(redirects, folders["archive"], [t[0] for t in terms])
        redirects.finish("tag, category and archive pages")

    def archive_redirects(self, redirects: Redirects, folder: str, posts: list[Item]) -> None:
        """`archives/2023/` and `archives/2023/09/` (hexo-generator-archive's `yearly`
        and `monthly`, on by default; `daily` off) → the archive at the post's year."""
        options = self.config.get("archive_generator")
        options = options if isinstance(options, dict) else {}
        levels = [level for level, on in (("yearly", True), ("monthly", True),
                                          ("daily", False))
                  if bool_of(options.get(level, on))]
        for post in posts:
            date = post.front.get("date")
            if not isinstance(date, When):
                continue
            moment, parts = date.in_zone(self.tz), []
            for level, value in (("yearly", f"{moment.year:04d}"),
                                 ("monthly", f"{moment.month:02d}"),
                                 ("daily", f"{moment.day:02d}")):
                parts.append(value)
                if level in levels:
                    redirects.add(f"/{folder}/{'/'.join(parts)}/", archive_url(date))

    def menu(self) -> None:
        """The theme's `menu` (`Name: /url/ || icon`); a Butterfly submenu (`Name || icon:
        {…}`) is a drop-down of its entries."""
        labels = menu_names(self.language)
        menu = self.theme.get("menu")
        entries: list[dict[str, Any]] = []
        for name, value in list(menu.items()) if isinstance(menu, dict) else []:
            if isinstance(value, dict):  # a Butterfly submenu: `Name || icon: {…}`
                children = [c for c in map(_menu_entry, value.items()) if c is not None]
                if children:
                    entries.append({"name": str(name).split("||")[0].strip(),
                                    "children": children})
                continue
            if (entry := _menu_entry((name, value))) is not None:
                entries.append(entry)
        if not any(e.get("url") == "/blog/" or any(c["url"] == "/blog/" for c in
                                                   e.get("children", [])) for e in entries):
            entries.insert(0, {"name": labels["blog"], "url": "/blog/"})
        finish_menu(self.site, entries, f"_config.{self.config.get('theme') or 'yml'}.yml")


def _menu_entry(item: tuple[Any, Any]) -> dict[str, str] | None:
    """`Name: /url/ || icon` as an entry (the home page's `/` is none: the title leads
    there), Hexo's `/archives/` as Lanting's archive."""
    name, value = item
    url = str(value).split("||")[0].strip()
    if url in ("/", "") or isinstance(value, dict):
        return None
    url = {"/archives/": "/archive/", "/archives": "/archive/"}.get(url, url)
    return {"name": str(name).split("||")[0].strip(), "url": url}


def plugin_math_macros(config: dict[str, Any]) -> dict[str, str]:
    """The macros of the site's math plugin in `_config.yml`: hexo-filter-mathjax's
    (`mathjax: {extension_options: {macros: …}}`, MathJax's TeX options), hexo-math's
    (`math: {katex: {options: {macros: …}}}`, `math: {mathjax: {options: {tex: {macros:
    …}}}}`, and its version 3's MathJax 2 setup, `math: {mathjax: {config: {TeX:
    {Macros: …}}}}`), hexo-katex's (`katex: {macros: …}`) and those of a KaTeX plugin of
    hexo-renderer-markdown-it (`markdown:
    {plugins: [{name: …, options: {macros: …}}]}`; `markdown_it_plus:` too): each a
    string or a list `[body, count]`, or `[body, count, default]` with an optional first
    argument. (Without them every formula using one failed the build.)"""
    found: dict[str, str] = {}
    for path in (("mathjax", "extension_options", "macros"), ("katex", "macros"),
                 ("math", "katex", "options", "macros"),
                 ("math", "mathjax", "options", "tex", "macros"),
                 ("math", "mathjax", "config", "TeX", "Macros")):
        found.update(mathjax_value_macros(_at(config, path)))
    for key in ("markdown", "markdown_it_plus"):
        plugins = _at(config, (key, "plugins"))
        for plugin in plugins if isinstance(plugins, list) else []:
            if isinstance(plugin, dict) and isinstance(plugin.get("plugin"), dict):
                plugin = plugin["plugin"]  # (markdown_it_plus: `- plugin: {name: …}`)
            found.update(mathjax_value_macros(_at(plugin, ("options", "macros"))))
    return found


def _at(value: Any, path: tuple[str, ...]) -> Any:
    """The value at `path` in nested mappings, or None."""
    for key in path:
        value = value.get(key) if isinstance(value, dict) else None
    return value

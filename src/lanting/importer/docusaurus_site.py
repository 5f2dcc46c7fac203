"""`lanting.toml` of an imported Docusaurus site: what its settings said (`title`,
`tagline`, `url` + `baseUrl`, `i18n`), the navbar as the menu, the languages of its
translations, and its blog's tag and archive pages kept answering (`[redirects]`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.importer.common import LinkTable
from lanting.importer.docusaurus_settings import DocusaurusConfig, kebab
from lanting.importer.listings import Redirects, listed_posts, term_urls
from lanting.importer.menus import finish_menu
from lanting.importer.mkdocs_settings import MERMAID
from lanting.importer.report import Report
from lanting.importer.site import NewSite
from lanting.importer.site_language import guess_language, language_tag


def lanting_language(locale: str) -> str:
    """Docusaurus's locale as Lanting's language: `zh-Hans` → `zh-CN`, `zh-Hant` →
    `zh-TW`, `en` → `en`."""
    special = {"zh-hans": "zh-CN", "zh-hant": "zh-TW", "zh": "zh-CN"}
    return special.get(locale.lower(), language_tag(locale, locale))


class DocusaurusSite:
    """The settings side of the Docusaurus importer."""

    source: Path
    report: Report
    site: NewSite
    config: DocusaurusConfig
    table: LinkTable
    texts: list[str]
    locales: set[str]
    tag_paths: dict[str, str]
    site_author: Callable[[], str]
    """(`DocusaurusFront.site_author`, which comes first in the importer's bases.)"""

    def write_config(self) -> None:
        config, read = self.site.config, self.config
        where = read.file or "docusaurus.config.js"
        config["title"] = read.title or "My site"
        author = self.site_author()
        if author:
            config["author"] = author
        if read.default_locale:
            config["language"] = lanting_language(read.default_locale)
        else:
            config["language"] = guess_language(self.texts)
            self.report.note(where, None, f"no `i18n.defaultLocale`: the pages read as "
                             f"`{config['language']}`, so the new site is in it")
        if self.locales:
            config["languages"] = [config["language"], *sorted(
                lanting_language(locale) for locale in self.locales)]
            self.site.config_comments["languages"] = (
                "the old site's locales: each other one under its own folder, as before")
        if read.url.startswith("http"):
            config["base_url"] = read.url.rstrip("/") + "/" + read.base_url.strip("/") + \
                ("/" if read.base_url.strip("/") else "")
        if read.tagline.strip():
            config["description"] = " ".join(read.tagline.split())
        # (Docusaurus made heading ids with github-slugger: `#kl_penalty` links keep working)
        config["markdown"] = {"heading_ids": "github"}
        if read.mermaid:
            config["markdown"]["mermaid"] = MERMAID
            self.site.config_comments["markdown"] = (
                "Mermaid diagrams drawn as the old site drew them (its script from a CDN)")
            self.report.convert("mermaid diagrams (theme-mermaid)")
        self.menu(where)
        self.listing_redirects(where)

    def menu(self, where: str) -> None:
        """The navbar's links: the blog → `/blog/`, a doc or page → its new URL, a link to
        another site as it is; a drop-down → one of its links so made; a docs sidebar has
        no Lanting form (a notice)."""
        entries: list[dict[str, Any]] = []
        for entry in self.config.navbar:
            if entry.get("type") == "dropdown":
                children = [c for c in (self.navbar_entry(e, where)
                                        for e in entry["children"]) if c is not None]
                own = self.navbar_entry(entry, where) if entry.get("url") else None
                if children:
                    entries.append({"name": entry["name"], **({"url": own["url"]} if own
                                                              else {}),
                                    "children": children})
                elif own is not None:
                    entries.append(own)
            elif (made := self.navbar_entry(entry, where)) is not None:
                entries.append(made)
        finish_menu(self.site, entries, where)

    def navbar_entry(self, entry: dict[str, Any], where: str) -> dict[str, str] | None:
        """One navbar link as an entry of the menu."""
        zh = str(self.site.config.get("language", "")).startswith("zh")
        blog = "/" + self.config.blog.route
        url = str(entry["url"])
        if not url:
            self.report.note(where, None, f"navbar item `{entry['name']}` (a "
                             f"`{entry.get('type')}`) left out: Lanting has no docs sidebar")
            return None
        if url.startswith(("http://", "https://")):
            return {"name": entry["name"], "url": url}
        path = "/" + url.strip("/")
        if path.rstrip("/") == blog.rstrip("/") and self.config.blog.enabled:
            return {"name": entry["name"] or ("博客" if zh else "Blog"), "url": "/blog/"}
        if path in ("/tags", f"{blog.rstrip('/')}/tags"):
            return {"name": entry["name"], "url": "/tags/"}
        if path in ("/archive", f"{blog.rstrip('/')}/archive"):
            return {"name": entry["name"], "url": "/archive/"}
        item = self.table.find(path)
        if item is not None and item.kind != "home":
            return {"name": entry["name"], "url": self.site.new_url(item)}
        return {"name": entry["name"], "url": url}  # (finish_menu notes it when nothing is there)

    def listing_redirects(self, where: str) -> None:
        """The blog's tag pages (`/blog/tags/ppo`, or the `permalink` of `tags.yml`), its
        tag index and archive → Lanting's tag pages, `/tags/` and `/archive/`."""
        if not self.config.blog.enabled:
            return
        prefix = "/" + self.config.blog.route if self.config.blog.route else ""
        redirects = Redirects(self.site, self.report, where)
        posts = listed_posts(self.site)
        if not posts:
            return
        tags = term_urls(posts, "tags")
        for post in posts:
            for label in post.front.get("tags", []):
                permalink = self.tag_paths.get(label) or kebab(label)
                if permalink.strip("/"):
                    redirects.add(f"{prefix}/tags/{permalink.strip('/')}/",
                                  tags.get(label.casefold(), "/tags/"))
        redirects.add(f"{prefix}/tags/", "/tags/")
        redirects.add(f"{prefix}/archive/", "/archive/")
        redirects.finish("tag and archive pages")
